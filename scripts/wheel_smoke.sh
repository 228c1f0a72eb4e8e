#!/usr/bin/env bash
# The package as a user installs it: build the wheel, install it in a fresh virtual environment
# outside the checkout, and run the installed `golf` command there (no checkout on the path).
#
#   scripts/wheel_smoke.sh [PYTHON]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PYTHON=${1:-$ROOT/.venv/bin/python}
PYTHON=$(cd "$(dirname "$PYTHON")" && pwd)/$(basename "$PYTHON")  # it is used from other folders
WORK=$(mktemp -d "${TMPDIR:-/tmp}/golf-wheel-smoke.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

"$PYTHON" -m pip wheel --quiet --no-deps -w "$WORK/wheel" "$ROOT"
"$PYTHON" -m venv "$WORK/venv"
"$WORK/venv/bin/python" -m pip install --quiet "$WORK"/wheel/*.whl
cd "$WORK"  # nothing of the checkout is importable from here
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
export GOLF_DATA_DIR="$WORK/data" XDG_CONFIG_HOME="$WORK/config"
GOLF="$WORK/venv/bin/golf"

echo "ok   $("$GOLF" --version)"
"$GOLF" describe GO1-E-AAAAAAB > "$WORK/describe.txt"
grep -q "^Stock: 16 cards; waste: king of spades" "$WORK/describe.txt" || {
    echo "FAIL describe GO1-E-AAAAAAB"; cat "$WORK/describe.txt"; exit 1; }
echo "ok   describe GO1-E-AAAAAAB"
SAMPLES=$("$WORK/venv/bin/python" -c "import importlib.resources as r; print(r.files('golf_samples'))")
[[ "$SAMPLES" == "$WORK/venv/"* ]] || { echo "FAIL the samples are not the installed ones: $SAMPLES"; exit 1; }
"$GOLF" verify "$SAMPLES" > "$WORK/verify.txt"
echo "ok   verify: $(grep -c '^ok' "$WORK/verify.txt") packaged samples"
"$GOLF" watch --headless "$SAMPLES" > "$WORK/watch.txt" 2>/dev/null
echo "ok   watch --headless: $(grep -c '^ok' "$WORK/watch.txt") packaged samples"
"$GOLF" play --frames 30 --screenshot "$WORK/shot.png" 2>/dev/null
[[ -s "$WORK/shot.png" ]] || { echo "FAIL the window from the installed package"; exit 1; }
echo "ok   the window ran 30 frames from the installed package (fonts found)"
echo "the installed package passed its smoke test"
