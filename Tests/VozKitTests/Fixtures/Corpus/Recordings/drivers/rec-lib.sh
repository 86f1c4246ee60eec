# Helpers to record a program with asciinema 2.4 inside a detached tmux pane, typing as a person would.
# Usage: source rec-lib.sh; start NAME 'COMMAND' [COLSxROWS]; k KEY...; t 'text'; finish [SECONDS]
R=${R:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
DEMO=${DEMO:-/tmp/demo}
start() {
  local name=$1 cmd=$2 size=${3:-80x24}
  NAME=$name
  tmux kill-session -t rec 2>/dev/null
  local envs=SHELL,TERM nc=(); [ -n "${NO_COLOR:-}" ] && envs=SHELL,TERM,NO_COLOR && nc=(-e "NO_COLOR=$NO_COLOR")
  tmux -f "$R/drivers/tmux.conf" new-session -d -s rec -x "${size%x*}" -y "${size#*x}" -e "RECCMD=$cmd" -e "RECOUT=$R/$name.cast" -e "ENVS=$envs" "${nc[@]}" \
    -e 'PS1=$ ' -c "$DEMO" \
    'asciinema rec --stdin --overwrite -q -e $ENVS -c "$RECCMD" "$RECOUT"'
  sleep "${START_WAIT:-1.5}"
}
# k: send named keys (tmux key names), one input event each, with a pause after each
k() { for key in "$@"; do tmux send-keys -t rec "$key"; sleep "${KEY_WAIT:-0.6}"; done; }
# t: type text one character at a time, like a person
t() { local s=$1 i; for ((i = 0; i < ${#s}; i++)); do tmux send-keys -t rec -l -- "${s:i:1}"; sleep 0.12; done; sleep 0.3; }
finish() {
  local limit=${1:-20} i
  for ((i = 0; i < limit * 5; i++)); do tmux has-session -t rec 2>/dev/null || break; sleep 0.2; done
  tmux kill-session -t rec 2>/dev/null
  echo "$NAME: $(wc -c < "$R/$NAME.cast") bytes, $(grep -c '"i"' "$R/$NAME.cast") input events"
}
