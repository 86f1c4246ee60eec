#!/bin/bash
# Recordings where status-line-pinned, blink-or-flash, decorative-glyph-run and fullscreen-layout apply and pass.
# Usage: bash drivers/rec-pass.sh NAME...   (python3 with rich, tqdm, prompt_toolkit and asciinema 2.4 on PATH)
# Set REC_SOCKET to record on a tmux server of one's own (tmux -L), so no other tmux session named rec is touched.
set -u
if [ -n "${REC_SOCKET:-}" ]; then tmux() { command tmux -L "$REC_SOCKET" "$@"; }; fi
source "$(dirname "${BASH_SOURCE[0]}")/rec-lib.sh"
PASS_DEMO=${PASS_DEMO:-/tmp/demo-pass}
sleepers() { sleep 60 & P1=$!; sleep 60 & P2=$!; sleep 60 & P3=$!; }

ptk-toolbar-legend() {
  DEMO=$R start ptk-toolbar-legend 'python3 drivers/ptk_toolbar_legend.py'
  t 'milk'; k Enter; t 'bread'; k Enter; k Enter; t 'apples'; k Enter; k C-d; finish 10
}
vim-ex-mode() {
  printf 'milk\nbread\napples\n' > "$PASS_DEMO/project/notes.txt"
  DEMO=$PASS_DEMO/project start vim-ex-mode "vim -u NONE -N --cmd 'set t_ti= t_te=' -e notes.txt"
  t '%print'; k Enter; t '$append'; k Enter; t 'eggs'; k Enter; t '.'; k Enter; t 'write'; k Enter; t 'quit'; k Enter; finish 10
}
debconf-readline-tzdata() {
  DEMO=$PASS_DEMO start debconf-readline-tzdata 'env -u DEBIAN_FRONTEND dpkg-reconfigure --frontend=readline tzdata'
  sleep 1; t '12'; k Enter; sleep 1.5; t 'UTC'; k Enter; finish 20
}
top-batch() {
  sleepers
  DEMO=$PASS_DEMO start top-batch "top -b -d 2 -n 3 -p $P1,$P2,$P3"
  finish 15; kill $P1 $P2 $P3
}
htop-text-meters() {
  sleepers
  mkdir -p "$PASS_DEMO/htop-home/.config/htop"; cp "$R/drivers/htoprc-text-meters" "$PASS_DEMO/htop-home/.config/htop/htoprc"
  DEMO=$PASS_DEMO start htop-text-meters "env HOME=$PASS_DEMO/htop-home htop -p $P1,$P2,$P3"
  sleep 5; k q; finish 10; kill $P1 $P2 $P3
}
rsync-progress2() {
  rm -rf "$PASS_DEMO/backup"; mkdir -p "$PASS_DEMO/backup"
  DEMO=$PASS_DEMO start rsync-progress2 'rsync -a --info=progress2 --bwlimit=8000 photos/ backup/photos/'
  finish 20
}
tqdm-percent-only() {
  DEMO=$R start tqdm-percent-only 'python3 drivers/tqdm_percent.py'; finish 15
}
bash-audible-bell() {
  DEMO=$PASS_DEMO/project start bash-audible-bell 'env INPUTRC=/dev/null bash --norc -i'
  t 'cat zzz'; k Tab; sleep 0.3; k Tab; k C-u; t 'exit'; k Enter; finish 10
}
rich-blink-brief() {
  DEMO=$R start rich-blink-brief 'python3 drivers/rich_blink_brief.py'; finish 15
}
blink-until-key() {
  DEMO=$R start blink-until-key 'bash drivers/blink_until_key.sh'; sleep 7; k Space; finish 10
}
for name in "$@"; do "$name"; done
