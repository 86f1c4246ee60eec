#!/bin/sh
# Regenerates the framework-made descriptions of the corpus, exactly as each framework emits them.
# Why a venv: the versions in requirements.txt are the ones the committed descriptions came from.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
venv=${VENV:-/tmp/voz-corpus-venv}
[ -x "$venv/bin/python" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q -r "$here/requirements.txt"; }
py="$venv/bin/python"
cd "$here"
"$py" fastapi_clinic.py > ../fastapi-clinic.json
"$py" drf_bookshop.py > ../drf-bookshop.yaml
"$py" smorest_hotel.py > ../smorest-hotel.json
"$py" apiflask_newsletter.py > ../apiflask-newsletter.yaml
"$py" litestar_alquiler.py > ../litestar-alquiler.json
"$py" ninja_coworking.py > ../ninja-coworking.json
"$py" spectree_bibliothek.py > ../spectree-bibliothek.json
"$py" apispec_negozio.py > ../apispec-negozio.yaml
