extension BashCompletion {
    // MARK: - Shell helpers

    /// The shell functions every generated script shares; the per-command tables call them. They use the
    /// caller's locals (`words`, `cur`, `value`, `lead`, `prefix`, `valued`) through bash's dynamic scope.
    static let helpers = #"""
        # Splits the line before the cursor on blanks only, so --speech=wav:out stays one word whatever
        # COMP_WORDBREAKS holds. Sets words (the finished words), cur (the word being typed) and prefix (the
        # part of cur bash will not replace, because bash itself split cur at = or :).
        _voz_split() {
            local line="${COMP_LINE:0:COMP_POINT}"
            read -r -a words <<< "$line"
            cur=""
            if [[ -n "$line" && "$line" != *[[:space:]] && ${#words[@]} -gt 0 ]]; then
                cur="${words[${#words[@]}-1]}"
                words=("${words[@]:0:${#words[@]}-1}")
            fi
            local typed="${COMP_WORDS[COMP_CWORD]}"
            prefix=""
            [[ "$cur" == *"$typed" ]] && prefix="${cur%"$typed"}"
            value="$cur"
            lead=""
            return 0
        }

        # The option whose value is being typed: --name=VALUE in this word, or --name VALUE after it.
        # Sets option, value (what is typed of the value) and lead (what comes before it in cur).
        _voz_option() {
            option=""
            if [[ "$cur" == --*=* ]]; then
                option="${cur%%=*}"
                value="${cur#*=}"
                lead="$option="
            elif (( ${#words[@]} > 2 )) && [[ "$valued" == *" ${words[${#words[@]}-1]} "* ]]; then
                option="${words[${#words[@]}-1]}"
            fi
        }

        # Adds one reply, as bash will insert it; a reply ending in = or : takes no space after it.
        _voz_add() {
            COMPREPLY+=("${1#"$prefix"}")
            [[ "$1" == *[=:] ]] && compopt -o nospace 2>/dev/null
            return 0
        }

        # Offers the words of $1 that start with what is typed. After a word ending in a colon (wav:), offers
        # the folders that may follow it.
        _voz_words() {
            local word folder
            for word in $1; do
                if [[ "$word" == *: && "$value" == "$word"* ]]; then
                    compopt -o nospace 2>/dev/null
                    while IFS= read -r folder; do
                        _voz_add "$lead$word$folder/"
                    done < <(compgen -d -- "${value#"$word"}")
                elif [[ "$word" == "$value"* ]]; then
                    _voz_add "$lead$word"
                fi
            done
        }

        # Offers folders, and files: all of them, or only those ending in .EXT for each EXT given.
        _voz_files() {
            local path pattern
            compopt -o filenames 2>/dev/null
            while IFS= read -r path; do _voz_add "$lead$path"; done < <(compgen -d -- "$value")
            if (( $# == 0 )); then
                while IFS= read -r path; do
                    [[ -d "$path" ]] || _voz_add "$lead$path"
                done < <(compgen -f -- "$value")
            fi
            for pattern in "$@"; do
                while IFS= read -r path; do
                    [[ -d "$path" ]] || _voz_add "$lead$path"
                done < <(compgen -f -X "!*.$pattern" -- "$value")
            done
        }

        # The positional arguments typed so far, skipping options and the values they take.
        _voz_positionals() {
            local i=2 word ended=""
            positionals=()
            while (( i < ${#words[@]} )); do
                word="${words[i]}"
                if [[ -z "$ended" && "$word" == "--" ]]; then
                    ended=1
                elif [[ -z "$ended" && "$word" == --* ]]; then
                    [[ "$word" != *=* && "$valued" == *" $word "* ]] && i=$((i + 1))
                else
                    positionals+=("$word")
                fi
                i=$((i + 1))
            done
        }

        # How many positionals come before the word being typed.
        _voz_positional_index() {
            local -a positionals
            _voz_positionals
            echo "${#positionals[@]}"
        }

        # Offers ID= for each field of the form on the line, as voz itself reads it; nothing once = is typed.
        _voz_fields() {
            [[ "$value" == *=* ]] && return 0
            local -a positionals
            _voz_positionals
            local form="${positionals[0]:-}" id
            [[ -n "$form" ]] || return 0
            form="${form/#\~/$HOME}"
            while IFS= read -r id; do
                [[ -n "$id" && "$id" == "$value"* ]] && _voz_add "$lead$id="
            done < <("${words[0]/#\~/$HOME}" --complete-fields "$form" 2>/dev/null)
        }

        """#.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}
