#!/usr/bin/env bash
# Smoke test of the built program (`make dist-check` runs it after `make dist`).
#
#   scripts/exe_smoke.sh [PROGRAM_FOLDER] [PYTHON]
#
# PROGRAM_FOLDER is the one-folder build (default dist/golf), or the folder of the one-file build
# (dist/onefile: the file golf and its licences/). It is copied to a temporary folder
# and run from there, with no screen (SDL dummy drivers) and the user folders (XDG_*) pointed at
# that temporary folder, so the test proves the program is self-contained: it needs neither the
# checkout nor the virtual environment. PYTHON (default .venv/bin/python) runs main.py from source
# for the outputs the two must share.
#
# Checks: --help; --version (the source's); the licence texts beside the program (the index names
# every bundled library, every text it names is there); the icon in the bundle; `verify
# replays/` run in the program's folder (the README's command; one-folder build); `describe` prints the board, the same text as from source; `verify replays/`
# passes; a wrong code exits 2 with one line; `watch FILE --headless` plays a replay (when the
# command line has `watch`); the window starts under the dummy video driver and draws frames;
# the program used as a player uses it, in real windows under Xvfb (scripts/exe_walk.sh: every
# entry of the title, then a network game hosted by one copy and joined by a second on loopback,
# one turn played, both leaving; its screenshots are kept in build/exe-walk/<folder name>/; it
# says "skip" where Xvfb, xdotool or ImageMagick is missing); no file is written inside the
# program folder. Exit status 0 when all pass.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SRC_FOLDER=${1:-$ROOT/dist/golf}
PYTHON=${2:-$ROOT/.venv/bin/python}
SRC_FOLDER=$(cd "$SRC_FOLDER" && pwd)
if [[ -e "$PYTHON" ]]; then  # absolute, without resolving the venv's symlink
    PYTHON="$(cd "$(dirname "$PYTHON")" && pwd)/$(basename "$PYTHON")"
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/golf-exe-smoke.XXXXXX")
WINDOW_PID=""
cleanup() {
    if [[ -n "$WINDOW_PID" ]] && kill -0 "$WINDOW_PID" 2>/dev/null; then
        kill "$WINDOW_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

cp -a "$SRC_FOLDER" "$WORK/golf"
EXE="$WORK/golf/golf"
[[ -x "$EXE" ]] || { echo "FAIL no program at $SRC_FOLDER/golf" >&2; exit 1; }
ONEFILE=0
[[ -d "$WORK/golf/_internal" ]] || ONEFILE=1

export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
export XDG_CONFIG_HOME="$WORK/home/config" XDG_DATA_HOME="$WORK/home/data"
export XDG_STATE_HOME="$WORK/home/state" XDG_CACHE_HOME="$WORK/home/cache"
unset PYTHONPATH PYTHONHOME
cd "$WORK"  # nothing of the checkout is reachable by a relative path

FAILED=0
pass() { echo "ok   $*"; }
fail() { echo "FAIL $*" >&2; FAILED=1; }
skip() { echo "skip $*"; }
folder_listing() { (cd "$WORK/golf" && find . -print | LC_ALL=C sort); }
BEFORE=$(folder_listing)

# --help: the same command line as main.py
if HELP=$("$EXE" --help 2>&1) && grep -q "verify" <<<"$HELP" && grep -q "describe" <<<"$HELP"; then
    pass "--help lists the commands"
else
    fail "--help: $HELP"
fi

# the network game's server is in the program (asyncio and websockets bundled)
if grep -q "serve" <<<"$HELP"; then
    if OUT=$("$EXE" serve --help 2>&1) && grep -q -- "--port" <<<"$OUT"; then
        pass "serve --help (the network server is bundled)"
    else
        fail "serve --help: $OUT"
    fi
fi

# --version: "golf X.Y.Z", the version pyproject.toml says (as main.py from source prints it)
VERSION=$("$EXE" --version 2>&1 || true)
if [[ -x "$PYTHON" ]]; then
    WANT=$(cd "$ROOT" && "$PYTHON" main.py --version 2>/dev/null || true)
else
    WANT="golf $(sed -n 's/^version = "\(.*\)"/\1/p' "$ROOT/pyproject.toml")"
fi
if [[ "$VERSION" =~ ^golf\ [0-9] && "$VERSION" == "$WANT" ]]; then
    pass "--version: $VERSION"
else
    fail "--version: '$VERSION', expected '$WANT'"
fi

# The licence texts beside the program: the main ones, every text the index names, and every
# shared library of the folder named in the index.
LIC="$WORK/golf/licences"
MISSING=()
for text in README.txt golf-solitaire/LICENSE golf-solitaire/LICENSE-DejaVu.txt Python/LICENSE.txt \
    pygame-ce/LGPL.txt PyYAML/LICENSE platformdirs/LICENSE libraries/sdl2.txt libraries/sdl2_ttf.txt \
    libraries/freetype.txt libraries/libyaml.txt; do
    [[ -s "$LIC/$text" ]] || MISSING+=("$text")
done
if [[ -s "$LIC/README.txt" ]]; then
    # the index: "what  text[, text]" lines after its header; a text ending in / is a folder
    while IFS= read -r text; do
        [[ -e "$LIC/$text" ]] || MISSING+=("$text (named in README.txt)")
    done < <(sed -n '/^What /,$p' "$LIC/README.txt" | tail -n +3 | sed -E 's/.*  +//' | tr ',' '\n' \
        | sed -E 's/^ +//' | grep -v '^-$' | sort -u)
    if ((! ONEFILE)); then
        while IFS= read -r lib; do
            grep -qF "$lib  " "$LIC/README.txt" || MISSING+=("a text for $lib")
        done < <(cd "$WORK/golf/_internal" && find . -name '*.so*' ! -name '*.cpython-*' -type f \
            | sed 's|^\./||' | LC_ALL=C sort)
    fi
fi
if ((${#MISSING[@]} == 0)); then
    pass "licence texts beside the program ($(find "$LIC" -type f | wc -l) files)"
else
    fail "licence texts missing: ${MISSING[*]}"
fi

# The icon, in the bundle (the window draws its own; golf.ico is the Windows program's)
ICONS=(golf-16.png golf-32.png golf-48.png golf-64.png golf-128.png golf-256.png golf.ico)
if ((ONEFILE)); then
    VIEWER="$(dirname "$PYTHON")/pyi-archive_viewer"
    if [[ -x "$VIEWER" ]]; then
        LISTING=$("$VIEWER" -l -b "$EXE" 2>/dev/null || true)
        if grep -q "assets/icon/golf.ico" <<<"$LISTING" && grep -q "assets/icon/golf-256.png" <<<"$LISTING"; then
            pass "the icon files are in the one file"
        else
            fail "no icon files in the one file's archive"
        fi
    else
        skip "the icon in the one file (no pyi-archive_viewer beside $PYTHON)"
    fi
else
    NO_ICON=()
    for icon in "${ICONS[@]}"; do
        [[ -s "$WORK/golf/_internal/assets/icon/$icon" ]] || NO_ICON+=("$icon")
    done
    ((${#NO_ICON[@]} == 0)) && pass "the icon files are in the bundle" \
        || fail "icon files missing from _internal/assets/icon: ${NO_ICON[*]}"
fi

# The sample replays beside the program: the README's `golf verify replays/`, run there
if ((! ONEFILE)); then
    SAMPLES=$(find "$ROOT/replays" -name '*.yaml' -type f | wc -l)
    if OUT=$(cd "$WORK/golf" && ./golf verify replays/ 2>&1) && [[ $(grep -c '^ok ' <<<"$OUT") == "$SAMPLES" ]]; then
        pass "golf verify replays/ in the program's folder ($SAMPLES samples)"
    else
        fail "golf verify replays/ in the program's folder:"$'\n'"$OUT"
    fi
fi

# describe: the board of deal 0, identical to the source's output
CODE=GO1-E-AAAAAAA
if OUT=$("$EXE" describe "$CODE" 2>"$WORK/err") && [[ ! -s "$WORK/err" ]] \
    && [[ $(head -1 <<<"$OUT") == "$CODE" ]] && grep -q "^Stock: 16 cards; waste: " <<<"$OUT" \
    && grep -q "column 7: " <<<"$OUT"; then
    pass "describe $CODE prints the board"
else
    fail "describe $CODE: $OUT $(cat "$WORK/err")"
fi
if [[ -x "$PYTHON" ]]; then
    for args in "describe $CODE" "describe GO1-C-AAAAAAB --lang fr --actions draw" \
        "new-code --seed 7 --rules strict" "six-card simulate --rounds 6 --jobs 2 --seed 3"; do
        # stdout only: stderr may carry timings. The words of $args are the arguments.
        # shellcheck disable=SC2086
        if BUILT=$("$EXE" $args 2>/dev/null) && SOURCE=$(cd "$ROOT" && "$PYTHON" main.py $args 2>/dev/null) \
            && [[ -n "$BUILT" && "$BUILT" == "$SOURCE" ]]; then
            pass "$args: same output as from source"
        else
            fail "$args: the built program and main.py differ, or one failed"
        fi
    done
else
    skip "comparison with the source (no $PYTHON)"
fi

# verify: every replay of the checkout passes through the built program
if OUT=$("$EXE" verify "$ROOT/replays/" 2>&1); then
    pass "verify replays/ ($(grep -c '^ok ' <<<"$OUT") files)"
else
    fail "verify replays/:"$'\n'"$OUT"
fi

# bad input: exit status 2, one line on stderr, no traceback
set +e
"$EXE" describe GO1-Q-NOTACODE >"$WORK/out" 2>"$WORK/err"
STATUS=$?
set -e
if [[ $STATUS == 2 && $(wc -l <"$WORK/err") == 1 ]] && ! grep -q Traceback "$WORK/err"; then
    pass "a wrong code exits 2 with one line"
else
    fail "a wrong code: status $STATUS, stderr: $(cat "$WORK/err")"
fi

# watch --headless: one replay played through the built program
FIRST_REPLAY=$(find "$ROOT/replays" -name '*.yaml' -type f | LC_ALL=C sort | head -1)
if grep -qE "^ +watch " <<<"$HELP"; then
    if OUT=$(timeout 60 "$EXE" watch "$FIRST_REPLAY" --headless 2>&1); then
        pass "watch $(basename "$FIRST_REPLAY") --headless"
    else
        fail "watch $(basename "$FIRST_REPLAY") --headless:"$'\n'"$OUT"
    fi
else
    skip "watch --headless (the command line has no watch command yet)"
fi

# the window, under the dummy video driver
PLAY_HELP=$("$EXE" play --help 2>&1 || true)
if grep -q -- "--frames" <<<"$PLAY_HELP"; then
    SHOT_ARGS=()
    if grep -q -- "--screenshot" <<<"$PLAY_HELP"; then
        SHOT_ARGS=(--screenshot "$WORK/title.png")
    fi
    if OUT=$(timeout 60 "$EXE" play --frames 30 "${SHOT_ARGS[@]}" 2>&1) && ! grep -q Traceback <<<"$OUT"; then
        pass "the window ran 30 frames and closed"
    else
        fail "the window (play --frames 30):"$'\n'"$OUT"
    fi
    if ((${#SHOT_ARGS[@]})); then
        # A drawn title, not a blank frame: the whole logical screen, in many colours.
        if [[ -x "$PYTHON" ]]; then
            SHOT_CHECK=$(PYGAME_HIDE_SUPPORT_PROMPT=1 "$PYTHON" -c '
import sys
sys.path.insert(0, sys.argv[2])
import pygame
from scenes.core.look import SCREEN_SIZE
img = pygame.image.load(sys.argv[1])
w, h = img.get_size()
colours = {tuple(img.get_at((x, y))) for x in range(0, w, 7) for y in range(0, h, 7)}
print(f"{w}x{h}, {len(colours)} colours")
sys.exit(0 if (w, h) == tuple(SCREEN_SIZE) and len(colours) >= 16 else 1)' "$WORK/title.png" "$ROOT" 2>&1) \
                && pass "the window saved its last frame: $SHOT_CHECK" \
                || fail "the saved frame: $SHOT_CHECK"
        elif [[ $(head -c 8 "$WORK/title.png" 2>/dev/null | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]]; then
            pass "the window saved a PNG of its last frame"
        else
            fail "no PNG from --screenshot"
        fi
    fi
else
    # No frame limit on the command line yet: the window must start and keep running.
    "$EXE" >"$WORK/window.log" 2>&1 &
    WINDOW_PID=$!
    sleep 4
    if kill -0 "$WINDOW_PID" 2>/dev/null && ! grep -q Traceback "$WORK/window.log"; then
        pass "the window started and was still running after 4 s (no --frames option yet)"
        kill "$WINDOW_PID"
        wait "$WINDOW_PID" 2>/dev/null || true
    else
        wait "$WINDOW_PID" 2>/dev/null || true
        fail "the window stopped early:"$'\n'"$(cat "$WORK/window.log")"
    fi
    WINDOW_PID=""
fi

# The program used as a player uses it: every entry of the title, a network game between two
# copies (each with user folders of its own, in a temporary folder), in real windows under Xvfb.
WALK_SHOTS="$ROOT/build/exe-walk/$(basename "$SRC_FOLDER")"
STATUS=0
timeout -k 10 480 "$ROOT/scripts/exe_walk.sh" "$EXE" "$PYTHON" "$WALK_SHOTS" || STATUS=$?
case $STATUS in
    0) pass "the walk through the title's entries and a network game (screenshots: $WALK_SHOTS)" ;;
    77) ;;  # it said why it was skipped
    124 | 137) fail "the walk did not end within 480 s (screenshots: $WALK_SHOTS)" ;;
    *) fail "the walk through the program's screens (status $STATUS; screenshots: $WALK_SHOTS)" ;;
esac

# user data never goes next to the executable
AFTER=$(folder_listing)
if [[ "$BEFORE" == "$AFTER" ]]; then
    pass "nothing was written inside the program folder"
else
    fail "files appeared inside the program folder:"$'\n'"$(diff <(echo "$BEFORE") <(echo "$AFTER") || true)"
fi

if ((FAILED)); then
    echo "the built program FAILED its smoke test" >&2
    exit 1
fi
echo "the built program passed its smoke test"
