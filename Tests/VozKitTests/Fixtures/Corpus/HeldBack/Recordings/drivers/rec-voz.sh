#!/bin/bash
# Records the held-back corpus's `voz record` recordings. Usage: bash drivers/rec-voz.sh NAME...
# Needs drivers/make-demo.sh run first (/tmp/demo) and voz at $VOZ (default /opt/voz-trial/bin/voz).
set -u
R=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd); K=$R/drivers/keys; VOZ=${VOZ:-/opt/voz-trial/bin/voz}
vr() { local name=$1 keys=$2; shift 2; (cd "${DEMO:-/tmp/demo}" && TERM=${TERM_REC:-xterm-256color} "$VOZ" record -o "$R/$name.cast" --keys "$K/$keys" "$@"); echo "$name: exit $?, $(wc -c < "$R/$name.cast") bytes"; }
python-repl() { vr voz-python-repl python-repl.keys -- python3 -q; }
python-repl-loop-v3() { vr voz-python-repl-loop-v3 python-repl-loop.keys --format v3 -- python3 -q; }
sqlite3-column() { vr voz-sqlite3-column sqlite3-column.keys -- sqlite3 shop.db; }
units-convert() { vr voz-units-convert units.keys -- units; }
perl-debugger-v3() { vr voz-perl-debugger-v3 perl-debugger.keys --format v3 -- perl -de0; }
dash-errors-linux() { TERM_REC=linux vr voz-dash-errors-linux dash-errors.keys -- env PS1='$ ' dash -i; }
fdisk-image-es() { cp /tmp/demo/disk.img /tmp/demo/disco.img; LANG=es_ES.UTF-8 LC_ALL=es_ES.UTF-8 vr voz-fdisk-image-es fdisk-image.keys -- fdisk disco.img; }
unzip-overwrite() { vr voz-unzip-overwrite unzip-overwrite.keys -- unzip notes.zip; }
openssl-password() { rm -f /tmp/demo/notes.enc; vr voz-openssl-password openssl-password.keys -- openssl enc -aes-256-cbc -pbkdf2 -in notes.txt -out notes.enc; }
zip-encrypt-v3() { rm -f /tmp/demo/secret.zip; vr voz-zip-encrypt-v3 zip-encrypt.keys --format v3 -- zip -e secret.zip notes.txt; }
ssh-keygen-wide() { rm -f /tmp/demo/demo_key /tmp/demo/demo_key.pub; vr voz-ssh-keygen-wide ssh-keygen.keys --size 132x43 -- ssh-keygen -t ed25519 -C demo@example.invalid -f demo_key; }
node-ask-quantity-v3() { vr voz-node-ask-quantity-v3 node-ask-quantity.keys --format v3 -- node ask_quantity.js; }
node-spinner() { vr voz-node-spinner nothing.keys -- node node_spinner.js; }
gdb-interactive-v3() { (cd /tmp/demo/project && gcc -g -o crash crash.c); DEMO=/tmp/demo/project vr voz-gdb-interactive-v3 gdb-interactive.keys --format v3 -- gdb -q ./crash; }
ed-append-write() { cp /tmp/demo/notes.txt /tmp/demo/list.txt; vr voz-ed-append-write ed-append-write.keys -- ed -p : list.txt; }
adduser-narrow() { deluser --remove-home anademo >/dev/null 2>&1; vr voz-adduser-narrow adduser.keys --size 60x20 -- adduser anademo; deluser --remove-home anademo >/dev/null 2>&1; }
sh-login-echoed() { vr voz-sh-login-echoed sh-login.keys -- dash login.sh; }
node-token-echoed-v3() { vr voz-node-token-echoed-v3 node-token.keys --format v3 -- node ask_token.js; }
dc-no-prompt() { vr voz-dc-no-prompt dc.keys -- dc; }
for n in "$@"; do "$n"; done
