#!/bin/bash
# Records the held-back corpus's asciinema 2.4 recordings. Usage: bash drivers/rec-heldback.sh NAME...
# Needs: drivers/make-demo.sh run first (/tmp/demo), asciinema 2.4 at $ASCIINEMA, the Debian packages named in
# each recording's source file, a web server on 127.0.0.1:8765 serving /tmp/demo/site for wget and curl
# (python3 -m http.server 8765 --directory /tmp/demo/site), and a pip venv at /tmp/pipdemo.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/rec-lib.sh"
P=/tmp/demo/project

pip-download-progress() { start pip-download-progress '/tmp/pipdemo/bin/pip download --no-deps --no-cache-dir -d dl rich==13.7.1'; finish 40; }
pip-install-no-such-version() { start pip-install-no-such-version '/tmp/pipdemo/bin/pip install --no-cache-dir tqdm==0.0.99' 60x20; finish 40; }
aptitude-search() { REC_LANG=de_DE.UTF-8 start aptitude-search "aptitude search '?name(^zsh)'"; finish 20; }
most-pager() { start most-pager 'most long.txt'; sleep 1; k Space; k Space; sleep 0.5; k q; finish 5; }
more-pager-narrow() { start more-pager-narrow 'more long.txt' 60x20; sleep 1; k Space; k Enter; sleep 0.5; k q; finish 5; }
man-ls-wide() { start man-ls-wide 'man ls' 132x43; sleep 2; k Space; t '/sort'; k Enter; sleep 0.5; k q; finish 5; }
sqlite3-box-table() { start sqlite3-box-table 'sqlite3 shop.db'; sleep 1; t '.mode box'; k Enter; t 'select * from product;'; k Enter; t 'selec 1;'; k Enter; t '.quit'; k Enter; finish 5; }
lua-repl() { start lua-repl 'lua5.4'; sleep 1; t 'print(2 + 3)'; k Enter; t 'x = = 1'; k Enter; t 'os.exit()'; k Enter; finish 5; }
gdb-batch-crash() { DEMO=$P start gdb-batch-crash 'gcc -g -o crash crash.c && gdb -q -batch -ex run -ex bt ./crash' 132x43; finish 30; }
node-repl() { start node-repl 'node'; sleep 1.5; t '1 + 2'; k Enter; t 'total(3)'; k Enter; t '.exit'; k Enter; finish 5; }
zsh-commands() { start zsh-commands 'zsh -f'; sleep 1; t 'ls'; k Enter; t 'cat nothere.txt'; k Enter; t 'exit'; k Enter; finish 5; }
fish-shell() { start fish-shell 'fish -N'; sleep 2; t 'echo hello'; k Enter; t 'cat nothere.txt'; k Enter; t 'exit'; k Enter; finish 5; }
ranger-browse-wide() { DEMO=/tmp/demo/tree start ranger-browse-wide 'ranger' 132x43; sleep 7; k j; k j; k l; k h; k q; finish 5; }
nnn-browse() { DEMO=/tmp/demo/tree start nnn-browse 'nnn'; sleep 1.5; k j; k j; k Enter; k Left; k q; finish 5; }
pytest-failures-wide() { DEMO=$P start pytest-failures-wide '/usr/bin/python3 -m pytest -q test_shop.py' 132x43; finish 30; }
unittest-failures() { DEMO=$P start unittest-failures '/usr/bin/python3 -m unittest test_shop'; finish 20; }
shellcheck-warnings() { DEMO=$P start shellcheck-warnings 'shellcheck deploy.sh'; finish 20; }
flake8-narrow() { DEMO=$P start flake8-narrow 'flake8 bad_style.py' 60x20; finish 20; }
watch-date() { start watch-date 'watch -n 1 date'; sleep 7; k C-c; finish 5; }
ncdu-linux-console() { TMUX_CONF=tmux-linux.conf start ncdu-linux-console 'ncdu tree'; sleep 2; k j; k j; k Enter; k Left; k q; finish 5; }
tig-log-wide() { DEMO=/tmp/demo/repo start tig-log-wide 'tig' 132x43; sleep 2; k j; k Enter; sleep 1; k q; k q; finish 5; }
pv-progress() { start pv-progress 'pv -L 1m data/archive.bin > /dev/null'; finish 20; }
pv-numeric() { start pv-numeric 'pv -n -L 1m data/archive.bin > /dev/null'; finish 20; }
wget-progress-de() { REC_LANG=de_DE.UTF-8 start wget-progress-de 'wget --limit-rate=1m -O catalog.bin http://127.0.0.1:8765/catalog.bin'; finish 20; }
wget-dots() { start wget-dots 'wget --progress=dot --limit-rate=1m -O catalog2.bin http://127.0.0.1:8765/catalog.bin'; finish 20; }
curl-meter-narrow() { start curl-meter-narrow 'curl --limit-rate 1M -o catalog3.bin http://127.0.0.1:8765/catalog.bin' 60x20; finish 20; }
curl-bar() { start curl-bar 'curl -# --limit-rate 1M -o catalog4.bin http://127.0.0.1:8765/catalog.bin'; finish 20; }
make-gcc-errors() { DEMO=$P start make-gcc-errors 'make'; finish 20; }
gcc-errors-narrow-linux() { DEMO=$P TMUX_CONF=tmux-linux.conf start gcc-errors-narrow-linux 'gcc -c broken.c' 60x20; finish 20; }
rm-interactive-de() { cp /tmp/demo/notes.txt /tmp/demo/einkauf.txt; REC_LANG=de_DE.UTF-8 start rm-interactive-de 'bash --norc'; sleep 1; t 'rm -i einkauf.txt'; k Enter; t 'n'; k Enter; t 'rm fehlt.txt'; k Enter; t 'exit'; k Enter; finish 5; }
cp-interactive-es() { cp /tmp/demo/notes.txt /tmp/demo/copia.txt; REC_LANG=es_ES.UTF-8 start cp-interactive-es 'bash --norc'; sleep 1; t 'cp -i notes.txt copia.txt'; k Enter; t 's'; k Enter; t 'cp nada.txt otra.txt'; k Enter; t 'exit'; k Enter; finish 5; }
dd-status-es() { REC_LANG=es_ES.UTF-8 start dd-status-es 'dd if=/dev/urandom of=/dev/null bs=1M count=1500 status=progress'; finish 30; }
nvi-flash() { start nvi-flash 'nvi notes.txt'; sleep 1; k Escape; sleep 0.5; k Escape; sleep 0.5; t ':q'; k Enter; finish 5; }
cmatrix-linux-console() { TMUX_CONF=tmux-linux.conf start cmatrix-linux-console 'cmatrix -b -u 9'; sleep 6; k q; finish 5; }
figlet-banner() { start figlet-banner 'figlet Shop open'; finish 5; }
cowsay-message() { start cowsay-message '/usr/games/cowsay Backup finished.'; finish 5; }
cfdisk-image() { start cfdisk-image 'cfdisk disk.img'; sleep 1.5; k Down; k Enter; sleep 1; k q; finish 5; }
w3m-page() { start w3m-page 'w3m site/index.html'; sleep 1.5; k Tab; k Tab; sleep 0.5; k q; k y; finish 5; }
ncal-highlight-de() { REC_LANG=de_DE.UTF-8 start ncal-highlight-de 'ncal -b -3'; finish 5; }
vmstat-lines() { start vmstat-lines 'vmstat 1 5'; finish 10; }
pipx-install() { start pipx-install 'pipx install pycowsay'; finish 60; }
tzselect-wide() { start tzselect-wide 'tzselect' 132x43; sleep 1.5; t '8'; k Enter; sleep 1; t '44'; k Enter; sleep 1; t '1'; k Enter; sleep 1; t '1'; k Enter; finish 5; }
sl-train() { start sl-train '/usr/games/sl'; finish 20; }
free-repeat() { start free-repeat 'free -h -s 1 -c 4'; finish 10; }
ncurses-demo-menus() { start ncurses-demo-menus '/usr/libexec/ncurses-examples/demo_menus'; sleep 1.5; k Down; k Down; k Right; sleep 0.5; k Escape; k q; finish 5; }

pytest-with-no-color() { NO_COLOR=1 DEMO=$P start pytest-with-no-color '/usr/bin/python3 -m pytest -q test_shop.py' 132x43; finish 30; }
node-repl-with-no-color() { NO_COLOR=1 start node-repl-with-no-color 'node'; sleep 1.5; t '1 + 2'; k Enter; t '"milk".toUpperCase()'; k Enter; t '.exit'; k Enter; finish 5; }
shellcheck-with-no-color() { NO_COLOR=1 DEMO=$P start shellcheck-with-no-color 'shellcheck deploy.sh'; finish 20; }
gcc-with-no-color() { NO_COLOR=1 DEMO=$P start gcc-with-no-color 'gcc -c broken.c'; finish 20; }
fish-with-no-color() { NO_COLOR=1 start fish-with-no-color 'fish -N'; sleep 2; t 'ls -F'; k Enter; t 'exit'; k Enter; finish 5; }
locale-gen-done() { start locale-gen-done 'locale-gen'; finish 60; }
update-alternatives-numbered() { start update-alternatives-numbered 'update-alternatives --config editor' 132x43; sleep 1; t '7'; k Enter; sleep 1; k Enter; finish 5; }
zsh-read-timeout() { start zsh-read-timeout 'zsh -f'; sleep 1; t 'read -t 3 "ans?Proceed with the upgrade? [y/N] "; echo "answer: ${ans:-none}"'; k Enter; sleep 4.5; t 'exit'; k Enter; finish 5; }
sort-stdin-narrow() { start sort-stdin-narrow 'sort' 60x20; sleep 1; t 'pears'; k Enter; t 'apples'; k Enter; t 'milk'; k Enter; k C-d; finish 5; }
pv-size-short() { start pv-size-short 'pv -s 10m -L 1m data/archive.bin > /dev/null'; finish 20; }
nvi-ex-mode() { start nvi-ex-mode 'nvi -e notes.txt'; sleep 1; t '1,$p'; k Enter; t 'frob'; k Enter; t '$a'; k Enter; t 'eggs'; k Enter; t '.'; k Enter; t 'wq'; k Enter; finish 5; }
ncurses-test-sgr() { start ncurses-test-sgr '/usr/libexec/ncurses-examples/test_sgr'; sleep 3; k Enter; sleep 1; k q; finish 5; }
nvi-noflash-bell() { start nvi-noflash-bell "nvi -c 'set noflash' notes.txt"; sleep 1.5; k Escape; sleep 0.5; t ':q'; k Enter; finish 5; }
zsh-tmout-logout() { start zsh-tmout-logout 'zsh -f'; sleep 1; t 'TMOUT=3'; k Enter; sleep 5; finish 5; }
mandb-done() { start mandb-done 'mandb'; finish 90; }
for n in "$@"; do "$n"; done
