#!/usr/bin/env bash
# The package as a user installs it: build the wheel, install it in a fresh virtual environment
# outside the checkout, and run the installed `golf` command there (no checkout on the path); the
# recipe of docs/ci.md on replays/ (pytest's plugin, `golf verify --junit`); then `pipx install`
# of the wheel, and `golf` run from PATH.
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

# The recipe of docs/ci.md on the checkout's replays/, with only the wheel and pytest installed:
# pytest's plugin (one test a file) and its JUnit report read back; then `golf verify --junit`,
# where the command has that option.
"$WORK/venv/bin/python" -m pip install --quiet "pytest>=8,<10"
mkdir -p "$WORK/recipe/replays"
cp "$ROOT"/replays/*.yaml "$WORK/recipe/replays/"
FILES=$(ls "$WORK/recipe/replays" | wc -l)
junit_read_back() {  # REPORT [CLASSNAME]: one passing testcase a file of replays/, named by it
    "$WORK/venv/bin/python" - "$1" "$2" <<'PY'
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

report, classname = sys.argv[1], sys.argv[2]
cases = list(ET.parse(report).getroot().iter("testcase"))
files = sorted(p.name for p in Path("replays").iterdir())
names = sorted(Path(c.get("name", "")).name for c in cases)
failed = [c.get("name") for c in cases if c.find("failure") is not None or c.find("error") is not None]
wrong_class = {c.get("classname") for c in cases} - {classname} if classname else set()
if names != files or failed or wrong_class:
    sys.exit(f"{report}: testcases {names} for files {files}; failed {failed}; classnames {wrong_class}")
PY
}
cd "$WORK/recipe"
"$WORK/venv/bin/python" -m pytest --golf-replays replays/ --junitxml=reports/replays.xml \
    >"$WORK/recipe-pytest.txt" 2>&1 || {
    echo "FAIL pytest --golf-replays replays/"; cat "$WORK/recipe-pytest.txt"; exit 1; }
junit_read_back reports/replays.xml replays || { echo "FAIL the JUnit report of pytest"; exit 1; }
echo "ok   pytest --golf-replays replays/: $(grep -Eo "[0-9]+ passed" "$WORK/recipe-pytest.txt"); the JUnit report has a passing testcase for each of the $FILES files"
if "$GOLF" verify --help | grep -q -- "--junit"; then
    "$GOLF" verify --junit reports/verify.xml replays/ >"$WORK/recipe-verify.txt" 2>&1 || {
        echo "FAIL golf verify --junit"; cat "$WORK/recipe-verify.txt"; exit 1; }
    junit_read_back reports/verify.xml "" || { echo "FAIL the JUnit report of golf verify"; exit 1; }
    echo "ok   golf verify --junit: the JUnit report has a passing testcase for each of the $FILES files"
else
    echo "note golf verify has no --junit option here: that half of the recipe is skipped"
fi
# One action changed in a copy: the plugin fails that file, naming it, the action, and expected
# against actual.
sed -i 's/- {do: play 6, t: 0.7}/- {do: play 7, t: 0.7}/' replays/easy-win.yaml
if "$WORK/venv/bin/python" -m pytest --golf-replays replays/ >"$WORK/recipe-changed.txt" 2>&1; then
    echo "FAIL pytest --golf-replays passed a changed replay"; cat "$WORK/recipe-changed.txt"; exit 1
fi
for want in "FAILED replays::easy-win.yaml" "replays/easy-win.yaml: action 4 (play 7) refused: " \
    "    expected: accepted" "  the game before action 4: moves 3, score "; do
    grep -qF -- "$want" "$WORK/recipe-changed.txt" || {
        echo "FAIL the changed replay's report lacks '$want'"; cat "$WORK/recipe-changed.txt"; exit 1; }
done
echo "ok   pytest --golf-replays on a copy with one action changed: fails, naming the file, the action, expected and actual"
# A project that does not ask: its own test runs, nothing of the game is imported or collected.
mkdir -p "$WORK/other" && cd "$WORK/other"
printf '%s\n' "import sys" "" "def test_own():" \
    "    loaded = [m for m in sys.modules if m.split('.')[0] in ('golf', 'golfcli', 'scenes')]" \
    "    assert loaded == [], loaded" > test_own.py
"$WORK/venv/bin/python" -m pytest -v >"$WORK/other.txt" 2>&1 || {
    echo "FAIL another project's pytest run with the game installed"; cat "$WORK/other.txt"; exit 1; }
grep -q "test_own.py::test_own PASSED" "$WORK/other.txt" && grep -q "1 passed" "$WORK/other.txt" \
    && ! grep -q "replays::" "$WORK/other.txt" || {
    echo "FAIL the plugin acted in a run that did not ask"; cat "$WORK/other.txt"; exit 1; }
echo "ok   another project's pytest run: its own test alone, nothing of the game imported"

# Scripted players from a fresh folder, with only the wheel installed: the two example players
# of docs/examples/ copied there (as a user downloads them), each put against a few deals.
mkdir -p "$WORK/players" && cp "$ROOT"/docs/examples/greedy.py "$ROOT"/docs/examples/six_card_low.py "$WORK/players/"
cd "$WORK/players"
"$GOLF" arena --player greedy.py:choose --deals 0-19 --rules easy >"$WORK/arena.txt" 2>/dev/null || {
    echo "FAIL golf arena with greedy.py"; cat "$WORK/arena.txt"; exit 1; }
grep -q "greedy.py:choose" "$WORK/arena.txt" && grep -qi "hint" "$WORK/arena.txt" || {
    echo "FAIL the arena's table"; cat "$WORK/arena.txt"; exit 1; }
"$GOLF" six-card arena --players six_card_low.py:choose,hard,easy,easy --deals 0-7 \
    --record-losses losses >"$WORK/six-arena.txt" 2>/dev/null || {
    echo "FAIL golf six-card arena with six_card_low.py"; cat "$WORK/six-arena.txt"; exit 1; }
grep -q "six_card_low.py:choose: mean total" "$WORK/six-arena.txt" || {
    echo "FAIL the six-card arena's table"; cat "$WORK/six-arena.txt"; exit 1; }
"$GOLF" verify losses/ >/dev/null || { echo "FAIL the six-card arena's recorded losses"; exit 1; }
echo "ok   golf arena and golf six-card arena from a fresh folder: the tables of the two example players; $(ls losses | wc -l) recorded losses verify"
sed 's/^/     /' "$WORK/arena.txt" | head -4
cd "$WORK"

# pipx: the wheel as an application of its own, `golf` on PATH. pipx itself comes from the package
# index into a throwaway environment; where it cannot be had, the same check runs with the venv's
# bin folder on PATH (the README's fallback).
if "$PYTHON" -m venv "$WORK/pipx-tool" \
    && "$WORK/pipx-tool/bin/python" -m pip install --quiet pipx >"$WORK/pipx-tool.log" 2>&1; then
    export PIPX_HOME="$WORK/pipx/home" PIPX_BIN_DIR="$WORK/pipx/bin" PIPX_MAN_DIR="$WORK/pipx/man"
    "$WORK/pipx-tool/bin/pipx" install --python "$PYTHON" "$WORK"/wheel/*.whl >"$WORK/pipx.log" 2>&1 || {
        echo "FAIL pipx install of the wheel"; cat "$WORK/pipx.log"; exit 1; }
    BIN="$WORK/pipx/bin" HOW="pipx $("$WORK/pipx-tool/bin/pipx" --version) install"
else
    echo "note pipx could not be installed ($(tail -1 "$WORK/pipx-tool.log")): the venv's bin on PATH instead"
    BIN="$WORK/venv/bin" HOW="the venv's bin on PATH"
fi
FOUND=$(PATH="$BIN:$PATH" command -v golf || true)
[[ "$FOUND" == "$BIN/golf" ]] || { echo "FAIL golf on PATH is '$FOUND', not $BIN/golf"; exit 1; }
[[ "$(PATH="$BIN:$PATH" golf --version)" == "$("$GOLF" --version)" ]] || {
    echo "FAIL golf --version from PATH"; exit 1; }
PATH="$BIN:$PATH" golf describe GO1-E-AAAAAAB | grep -q "^Stock: 16 cards; waste: king of spades" || {
    echo "FAIL golf describe from PATH"; exit 1; }
echo "ok   $HOW: golf on PATH ($FOUND) prints its version and describes a deal"
echo "the installed package passed its smoke test"
