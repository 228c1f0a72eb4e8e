#!/usr/bin/env bash
# The source distribution stands on its own: build it, unpack it elsewhere, install it (the
# locked versions, then the package itself, not editable) and run its own fast layer of tests
# (enough to prove it holds every file the tests need; `make test` ran every test once already)
# and check the sample replays.
#
#   scripts/sdist_smoke.sh [PYTHON]   (a Python with setuptools, as the project's .venv has)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PYTHON=${1:-$ROOT/.venv/bin/python}
PYTHON=$(cd "$(dirname "$PYTHON")" && pwd)/$(basename "$PYTHON")  # it is used from other folders
WORK=$(mktemp -d "${TMPDIR:-/tmp}/golf-sdist-smoke.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

cd "$ROOT"
ARCHIVE=$("$PYTHON" -c "from setuptools import build_meta; print(build_meta.build_sdist('$WORK'))" | tail -1)
tar xzf "$WORK/$ARCHIVE" -C "$WORK"
SRC="$WORK/${ARCHIVE%.tar.gz}"
cd "$SRC"
"$PYTHON" -m venv .venv
.venv/bin/python -m pip install --quiet --require-hashes -r requirements.lock
.venv/bin/python -m pip install --quiet --no-deps .
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
unset PYTHONDONTWRITEBYTECODE  # compiled once, not again in each test worker (Makefile)
.venv/bin/python -m pytest -q -p no:cacheprovider -n 2 --layer fast
.venv/bin/python main.py verify replays/ > "$WORK/verify.txt"
echo "ok   verify replays/ from the unpacked sdist: $(grep -c '^ok' "$WORK/verify.txt") files"
echo "the source distribution passed its own tests"
