import VozAudit
import VozTerminal

/// What the recording rules look for in screen text: words, selection pointers, decorative glyphs, the wording
/// of errors, instructions and secrets (English and Spanish).
package enum ScreenText {
    /// A hash of the text with ASCII letters lowercased and digits replaced by `#`, so "51% 3/10" and "52% 4/10"
    /// count as one shape; computed on the bytes, cheap enough for every frame of an hour-long recording.
    static func shapeKey(_ text: String) -> Int {
        var hasher = Hasher()
        var text = text
        // The same bytes as one combine each, handed over 64 at a time, read from the string's own buffer and
        // mapped eight at a time: every frame of a bar is hashed by three rules.
        text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { chunk in
                guard let source = bytes.baseAddress, let target = chunk.baseAddress else { return }
                let raw = UnsafeMutableRawPointer(target)
                var count = 0
                var index = 0
                while index < bytes.count {
                    if index + 8 <= bytes.count {
                        let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
                        raw.storeBytes(of: shapeBytes(word), toByteOffset: count, as: UInt64.self)
                        count += 8
                        index += 8
                    } else {
                        target[count] = shapeByte(bytes[index])
                        count += 1
                        index += 1
                    }
                    if count == 64 {
                        hasher.combine(bytes: UnsafeRawBufferPointer(chunk))
                        count = 0
                    }
                }
                hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: chunk[..<count])))
            }
        }
        return hasher.finalize()
    }

    /// A byte as a shape has it: a digit is `#`, an ASCII capital its small letter, anything else itself.
    static func shapeByte(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "0") < 10 ? UInt8(ascii: "#") : byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    /// `shapeByte` of eight bytes at once. For a byte below 0x80, `(byte | 0x80) - n` keeps its top bit exactly
    /// when byte ≥ n, and never borrows from the byte beside it; bytes from 0x80 up are left as they are.
    static func shapeBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        func atLeast(_ value: UInt64) -> UInt64 { ((word | high) &- ones &* value) & high }
        let ascii = ~word & high
        let digits = atLeast(0x30) & ~atLeast(0x3A) & ascii
        let capitals = atLeast(0x41) & ~atLeast(0x5B) & ascii
        // Each flagged byte's top bit spread over the byte: 0x80 → 0xFF.
        let digitBytes = (digits >> 7) &* 0xFF
        return ((word | capitals >> 2) & ~digitBytes) | (digitBytes & (ones &* 0x23))
    }

    /// Whether a rewrite puts a different message in the row rather than updating it: the new text has words
    /// and shares none with the old ("⠋ Working" replaced by "Done, 3 files." is a new line said in place).
    package static func isNewMessage(old: String, new: String) -> Bool {
        // An hour of progress frames is ASCII and drawing glyphs: words found on the bytes, and a frame with no
        // word of letters (most of them) settled without building one. Other text takes the Unicode path.
        if let newWords = asciiWords(new, lettersOnly: true) {
            guard !newWords.isEmpty else { return false }
            let oldWords = asciiWords(old, lettersOnly: false) ?? words(old).filter { $0.count >= 2 }.map(String.init)
            return Set(newWords).isDisjoint(with: oldWords)
        }
        let newWords = Set(words(new).filter { $0.count >= 2 && $0.allSatisfy(\.isLetter) })
        guard !newWords.isEmpty else { return false }
        return newWords.isDisjoint(with: words(old).filter { $0.count >= 2 })
    }

    /// The lowercase words of two characters or more that `words` finds, only of letters when `lettersOnly`; nil
    /// unless every scalar is ASCII or a drawing glyph (box drawing, blocks, geometric shapes, Braille), each a
    /// character of its own that is neither a letter nor a number, so bytes split as characters would.
    static func asciiWords(_ text: String, lettersOnly: Bool) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            var found: [String] = []
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                // A word: a run of ASCII letters and digits, read in one tight loop.
                if byte &- UInt8(ascii: "0") < 10 || (byte | 0x20) &- UInt8(ascii: "a") < 26 {
                    let start = index
                    var hasDigit = false
                    while index < bytes.count {
                        let next = bytes[index]
                        if next &- UInt8(ascii: "0") < 10 {
                            hasDigit = true
                        } else if (next | 0x20) &- UInt8(ascii: "a") >= 26 {
                            break
                        }
                        index += 1
                    }
                    if index - start >= 2, !(lettersOnly && hasDigit) {
                        found.append(String(decoding: bytes[start..<index].lazy.map(Self.lowercased), as: UTF8.self))
                    }
                } else if byte < 0x80 {
                    index += 1
                } else if let length = ScreenRow.drawingGlyphLength(bytes, at: index) {
                    index += length
                } else {
                    return nil
                }
            }
            return found
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// Whether the text has a word of two letters or more.
    static func hasWords(_ text: String) -> Bool {
        var text = text
        // ASCII and drawing glyphs on the bytes (a long recording's rows mostly are: a bar's blocks, a box's lines);
        // Character's properties only past them. A drawing glyph is a Character of its own, and no letter.
        let found: Bool? = text.withUTF8 { bytes in
            var run = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    let lower = byte | 0x20
                    run = lower >= 0x61 && lower <= 0x7A ? run + 1 : 0
                    if run >= 2 { return true }
                    index += 1
                } else if let length = ScreenRow.drawingGlyphLength(bytes, at: index) {
                    run = 0
                    index += length
                } else {
                    return nil
                }
            }
            return false
        }
        return found ?? hasWordsInCharacters(text)
    }

    /// Two letters in a row by `Character`'s properties: the whole of `hasWords` before its ASCII path.
    static func hasWordsInCharacters(_ text: String) -> Bool {
        var run = 0
        for character in text {
            run = character.isLetter ? run + 1 : 0
            if run >= 2 { return true }
        }
        return false
    }

    /// The lowercase words of `text`.
    static func words(_ text: String) -> [Substring] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }
    }

    /// Whether `text` has any of `phrases` (lowercase; single words must match whole words).
    static func mentions(_ text: String, _ phrases: [String]) -> Bool {
        // A replay can make a hundred thousand rows of bar or box glyphs: they hold no phrase, and are not searched.
        guard text.unicodeScalars.contains(where: \.properties.isAlphabetic) else { return false }
        let lower = text.lowercased()
        let wordSet = Set(words(lower))
        return phrases.contains { phrase in
            phrase.contains(" ") || !phrase.allSatisfy(\.isLetter)
                ? lower.contains(phrase) : wordSet.contains(Substring(phrase))
        }
    }

    /// Whether a prompt is a shell's command prompt (`$`, `bash-5.2#`, `ana@host:~/src$`, `%`): the shell the
    /// user started, which asks for a command in the form every user of it knows, and asks again after each one.
    static func isShellPrompt(_ prompt: String) -> Bool {
        let trimmed = prompt.trimmingBlanks
        // An interpreter's own prompts (Python's `>>>` and its `...` for a line that goes on), known as a shell's.
        if trimmed == ">>>" || trimmed == "..." { return true }
        guard let last = trimmed.last, "$#%".contains(last) else { return false }
        // One token, no sentence: "Price in $" or "Enter #" is a question that ends in a sign.
        return !trimmed.dropLast().contains(" ") && trimmed.count <= 64
    }

    /// A row's words as a finding quotes them: without a box's borders and lines (a dialog's `│ │ a Apple │ │`),
    /// blanks folded, at most `limit` characters.
    static func quoted(_ text: String, limit: Int = 40) -> String {
        let words = String(text.map { isDrawing($0) ? " " : $0 }).split(separator: " ").joined(separator: " ")
        return String(words.prefix(limit))
    }

    // MARK: - Selections

    /// Characters programs put before the selected item of a menu.
    static let pointers: Set<Character> = ["❯", ">", "»", "→", "➜", "▸", "▶", "►", "‣", "➤", "•"]
    /// What may stand before the one selected row of a list: a pointer, or an asterisk (pick, curses menus), which
    /// marks a selection only when no other row starts with one.
    static let selectionMarks = pointers.union(["*"])

    /// The row of a menu's selected item: the only row highlighted by reverse video or background, else the only
    /// row starting with a pointer; nil when the screen shows no single selection.
    static func selectedRow(_ screen: [ScreenRow]) -> Int? {
        let reversed = screen.indices.filter { index in
            screen[index].styled.contains { $0.style.reverse && hasWords($0.text) }
        }
        if reversed.count == 1 { return reversed[0] }
        // A full-screen program paints its own background: the selection is the one row whose words stand on a
        // background no other row uses.
        var rowsByBackground: [Int32: Set<Int>] = [:]
        for index in screen.indices {
            for run in screen[index].styled where run.style.background >= 0 && hasWords(run.text) {
                rowsByBackground[run.style.background, default: []].insert(index)
            }
        }
        let unique = rowsByBackground.values.filter { $0.count == 1 }.compactMap(\.first)
        let colouredRows = Set(rowsByBackground.values.flatMap { $0 })
        if unique.count == 1, colouredRows.count > 1 { return unique[0] }
        let highlighted = screen.indices.filter { screen[$0].hasHighlight && hasWords(screen[$0].text) }
        if highlighted.count == 1 { return highlighted[0] }
        // A prompt answered line by line (Python's `>>> `, a bare `> `) leaves each answer after its marks: marks
        // that start more than one row are a prompt's, not the one pointer of a menu.
        func marks(_ index: Int) -> Substring { screen[index].trimmed.prefix(while: selectionMarks.contains) }
        let marked = screen.indices.filter { !marks($0).isEmpty }
        let pointed = marked.filter { hasWords(screen[$0].text) }
        guard pointed.count == 1, marked.filter({ marks($0) == marks(pointed[0]) }).count == 1 else { return nil }
        return pointed[0]
    }

    /// Whether a row shows its state in text: a pointer, a checkbox, a radio mark or a word.
    static func hasTextualState(_ text: String) -> Bool {
        let trimmed = text.trimmingBlanks
        if let first = trimmed.first, pointers.contains(first) || "*+✓✔◉●◆■".contains(first) { return true }
        return mentions(
            trimmed, ["[x]", "[*]", "(*)", "(x)", "<*>", "selected", "current", "default", "seleccionad", "actual"])
    }

    /// Whether options on screen are numbered ("1) Red", "2. Green"; whiptail's tags "1 Wired", "2 Wireless" inside
    /// its box), so a choice can be typed.
    static func hasNumberedOptions(_ screen: [ScreenRow]) -> Bool {
        var marked = 0
        var tags: Set<Character> = []
        for row in screen {
            let trimmed = Array(row.trimmed.drop { pointers.contains($0) || $0 == " " || isDrawing($0) })
            guard trimmed.count >= 3, trimmed[0].isNumber else { continue }
            if ").:]".contains(trimmed[1]) {
                marked += 1
            } else if trimmed[1] == " ", trimmed[2].isLetter {
                // A bare number before a word is a tag only when other rows carry other numbers.
                tags.insert(trimmed[0])
            }
        }
        return marked >= 2 || tags.count >= 2
    }

    // MARK: - Glyphs

    /// Box drawing, block elements and Braille patterns: drawn, not read.
    package static func isDrawing(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return isDrawing(scalar: scalar.value)
    }

    /// `isDrawing` of a character whose first scalar is `scalar`.
    static func isDrawing(scalar: UInt32) -> Bool {
        (0x2500...0x259F).contains(scalar) || (0x2800...0x28FF).contains(scalar) || (0x2E3A...0x2E3B).contains(scalar)
    }

    /// The longest run in `text` of drawing glyphs (any mix) or of one repeated ASCII punctuation mark.
    static func longestDecorativeRun(_ text: String) -> (glyphs: String, length: Int, ascii: Bool) {
        var best = ("", 0, false)
        var run: [Character] = []
        var asciiMark: Character?
        func close() {
            if run.count > best.1 { best = (String(run), run.count, asciiMark != nil) }
            run.removeAll()
            asciiMark = nil
        }
        for character in text {
            if isDrawing(character) {
                if asciiMark != nil { close() }
                run.append(character)
            } else if "-=*_#~+.|".contains(character) {
                if asciiMark != character { close() }
                asciiMark = character
                run.append(character)
            } else {
                close()
            }
        }
        close()
        return best
    }

    // MARK: - Wording

    static let errorWords = [
        "error", "invalid", "not valid", "wrong", "incorrect", "not allowed", "is required", "please enter",
        "please answer", "try again", "no es válid", "inválid", "es obligatori", "vuelve a",
    ]

    static let suggestionWords = [
        "must", "should", "use", "enter", "expected", "between", "e.g.", "example", "try", "at least", "at most",
        "only", "format", "like", "such as", "choose", "type", "answer", "yes or no", "y/n", "y or n", "debe",
        "usa", "escribe", "ejemplo", "entre", "al menos", "solo", "formato", "elige", "responde",
        // Naming the kind of value expected ("not a valid integer") says what to type instead.
        "integer", "number", "digits", "date", "email", "one of", "número", "cifras", "fecha", "correo",
    ]

    static let instructionWords = [
        "arrow", "arrows", "↑", "↓", "up", "down", "space", "enter", "return", "tab", "key", "keys", "press",
        "ctrl", "<", "flecha", "flechas", "espacio", "intro", "tecla", "teclas", "pulsa",
    ]

    /// Whether the screen lists keys with what they do in the control-key notation editors use (nano's "^G Help
    /// ^X Exit", "M-U Undo"): two such entries say which keys to use as plainly as words do.
    /// `text.contains(needle)`, on the bytes when both are ASCII, where a byte search finds what Foundation's
    /// does: Foundation's search costs thousands of instructions a call, and the rules ask it of every row a
    /// replay changed or every screen an input saw.
    static func contains(_ text: String, _ needle: String) -> Bool {
        guard text.utf8.allSatisfy({ $0 < 0x80 }), needle.utf8.allSatisfy({ $0 < 0x80 }) else {
            // `^`, `-` and the space are in no character's canonical decomposition: a text without the byte
            // holds no match, whatever else it holds (a progress bar's blocks).
            if let mark = needle.utf8.first(where: { $0 == 0x5E || $0 == 0x2D || $0 == 0x20 }),
                !text.utf8.contains(mark)
            {
                return false
            }
            return text.contains(needle)
        }
        let bytes = Array(needle.utf8)
        guard let first = bytes.first else { return text.contains(needle) }
        var text = text
        return text.withUTF8 { whole in
            guard whole.count >= bytes.count else { return false }
            for start in 0...(whole.count - bytes.count) where whole[start] == first {
                if bytes.indices.allSatisfy({ whole[start + $0] == bytes[$0] }) { return true }
            }
            return false
        }
    }

    static func hasKeyLegend(_ screen: [ScreenRow]) -> Bool {
        var entries = 0
        for row in screen {
            let tokens = row.text.split(separator: " ")
            for (token, next) in zip(tokens, tokens.dropFirst()) {
                let key = Array(token)
                let isControl = key.count == 2 && key[0] == "^" && (key[1].isUppercase || "[]\\_@?".contains(key[1]))
                let isMeta = key.count == 3 && key[0] == "M" && key[1] == "-"
                if (isControl || isMeta || isNamedKey(token)), next.first?.isLetter == true { entries += 1 }
                if entries >= 2 { return true }
            }
        }
        return false
    }

    /// Keys a legend names in words, then a colon: "Enter:", "Ctrl-D:", "Esc:", "F1:", "Alt+X:".
    static let legendKeys: Set<String> = [
        "enter", "return", "esc", "escape", "tab", "space", "backspace", "del", "delete", "up", "down", "left",
        "right", "pgup", "pgdn", "home", "end", "insert", "ins",
    ]

    static func isNamedKey(_ token: Substring) -> Bool {
        guard token.count > 1, token.last == ":" else { return false }
        let name = token.dropLast().lowercased()
        if legendKeys.contains(name) { return true }
        if name.first == "f", let number = Int(name.dropFirst()), (1...24).contains(number) { return true }
        let modifiers = ["ctrl-", "ctrl+", "alt-", "alt+", "shift-", "shift+", "c-", "m-"]
        for modifier in modifiers where name.hasPrefix(modifier) {
            let rest = name.dropFirst(modifier.count)
            return rest.count == 1 || legendKeys.contains(String(rest)) || rest.first == "f"
        }
        return false
    }

    static let secretWords = [
        "password", "passphrase", "pass phrase", "passwd", "secret", "token", "pin", "contraseña", "clave",
        "secreto", "api key",
    ]

    static let timeoutWords = [
        "timed out", "timeout", "time out", "time is up", "too slow", "no input", "tiempo agotado", "se agotó",
        "sin respuesta",
    ]
}
