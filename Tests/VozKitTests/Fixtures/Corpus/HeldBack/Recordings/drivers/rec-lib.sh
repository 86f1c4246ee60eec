# Helpers to record a program with asciinema 2.4 inside a detached tmux pane, typing as a person would.
# Adapted from the first corpus's drivers/rec-lib.sh: own tmux server (-L heldback), optional locale and TERM.
# Usage: source rec-lib.sh; start NAME 'COMMAND' [COLSxROWS]; k KEY...; t 'text'; finish [SECONDS]
# Environment: ASCIINEMA (path to asciinema 2.4), REC_LANG (a locale for LANG/LC_ALL), TMUX_CONF (tmux.conf or
# tmux-linux.conf for TERM=linux), NO_COLOR (passed to the program and captured in the header).
R=${R:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
DEMO=${DEMO:-/tmp/demo}
ASCIINEMA=${ASCIINEMA:-/tmp/ac24/bin/asciinema}
tm() { command tmux -L heldback "$@"; }
start() {
  local name=$1 cmd=$2 size=${3:-80x24}
  NAME=$name
  tm kill-session -t rec 2>/dev/null
  local envs=SHELL,TERM extra=()
  [ -n "${NO_COLOR:-}" ] && envs=$envs,NO_COLOR && extra+=(-e "NO_COLOR=$NO_COLOR")
  [ -n "${REC_LANG:-}" ] && envs=$envs,LANG && extra+=(-e "LANG=$REC_LANG" -e "LC_ALL=$REC_LANG")
  tm -f "$R/drivers/${TMUX_CONF:-tmux.conf}" new-session -d -s rec -x "${size%x*}" -y "${size#*x}" \
    -e "RECCMD=$cmd" -e "RECOUT=$R/$name.cast" -e "ENVS=$envs" -e "AC=$ASCIINEMA" "${extra[@]}" \
    -e 'PS1=$ ' -c "$DEMO" \
    '$AC rec --stdin --overwrite -q -e $ENVS -c "$RECCMD" "$RECOUT"'
  sleep "${START_WAIT:-1.5}"
}
# k: send named keys (tmux key names), one input event each, with a pause after each
k() { for key in "$@"; do tm send-keys -t rec "$key"; sleep "${KEY_WAIT:-0.6}"; done; }
# t: type text one character at a time, like a person
t() { local s=$1 i; for ((i = 0; i < ${#s}; i++)); do local c="${s:i:1}"; [ "$c" = ";" ] && c="\;"; tm send-keys -t rec -l -- "$c"; sleep 0.12; done; sleep 0.3; }
finish() {
  local limit=${1:-20} i
  for ((i = 0; i < limit * 5; i++)); do tm has-session -t rec 2>/dev/null || break; sleep 0.2; done
  tm kill-session -t rec 2>/dev/null
  echo "$NAME: $(wc -c < "$R/$NAME.cast") bytes, $(grep -c '"i"' "$R/$NAME.cast") input events"
}
