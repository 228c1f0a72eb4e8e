#!/usr/bin/env bash
# The built program used as a player uses it, in real windows under Xvfb (scripts/exe_smoke.sh
# runs it on its copy of the folder or of the one file).
#
#   scripts/exe_walk.sh PROGRAM [PYTHON] [SHOTS]
#
# One copy of PROGRAM visits every entry of the title: a solitaire game (a card drawn), six-card
# Golf against the computers (the opening cards turned up), the replays (one watched), the
# statistics, the options, How to play (a step on), each time back to the title; then Network:
# it hosts a room on this machine; a second copy, with folders of its own, joins it on loopback
# (127.0.0.1) with the code read off the host's screen; the guest gets ready, the host starts,
# one turn is played (the opening cards, then a card from the stock swapped in), both leave the
# table and quit from the title. Input is the real thing (xdotool: keys, typing, clicks on the
# buttons where their labels are); each screen is waited for until its texts show
# (scripts/screen_text.py reads them off screenshots with the game's own type and the English
# catalogue), within a time limit.
#
# Fails on a screen that does not come, a copy that stops early or exits with an error, a
# traceback in a copy's output or log, or a crash report. Screenshots of every step go to SHOTS
# (kept), else to a temporary folder. Needs xvfb-run, xdotool and ImageMagick's import (Debian:
# xvfb, xdotool, imagemagick) and PYTHON (default .venv/bin/python, with pygame) to read the
# screen; without them it says "skip" and exits 77.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PROGRAM=${1:?usage: exe_walk.sh PROGRAM [PYTHON] [SHOTS]}
PYTHON=${2:-$ROOT/.venv/bin/python}
SHOTS=${3:-}
SKIP=77
[[ -x "$PROGRAM" ]] || { echo "FAIL walk: no program at $PROGRAM" >&2; exit 1; }
PROGRAM="$(cd "$(dirname "$PROGRAM")" && pwd)/$(basename "$PROGRAM")"

if [[ -z "${GOLF_WALK_INSIDE:-}" ]]; then
    missing=()
    for tool in xvfb-run Xvfb xdotool import; do
        command -v "$tool" >/dev/null || missing+=("$tool")
    done
    if ((${#missing[@]})); then
        echo "skip the walk through the program's screens: no ${missing[*]}" \
            "(Debian: xvfb, xdotool, imagemagick)"
        exit "$SKIP"
    fi
    if ! [[ -x "$PYTHON" ]] \
        || ! PYGAME_HIDE_SUPPORT_PROMPT=1 "$PYTHON" -c "import pygame" 2>/dev/null; then
        echo "skip the walk through the program's screens: no Python with pygame at $PYTHON" \
            "to read the screen"
        exit "$SKIP"
    fi
    # Two windows of 1280x720 side by side: the host on the left, the guest on the right.
    GOLF_WALK_INSIDE=1 exec xvfb-run -a -s "-screen 0 2560x720x24 -nolisten tcp" "$0" "$@"
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/golf-exe-walk.XXXXXX")
[[ -n "$SHOTS" ]] || SHOTS="$WORK/shots"
mkdir -p "$SHOTS"
find "$SHOTS" -maxdepth 1 -name '*.png' -delete  # a run's screenshots, not an earlier run's
SHOTS=$(cd "$SHOTS" && pwd)
export SDL_VIDEODRIVER=x11 SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
unset PYTHONPATH PYTHONHOME
declare -A PID=() WID=()
STEP=0
LAST_SHOT=""
ANSWER=""
SHOWN=""
BEGAN=$SECONDS

# The screen reader, started once: it answers one line per question (scripts/screen_text.py).
coproc READER { exec "$PYTHON" "$ROOT/scripts/screen_text.py" serve 2>"$WORK/reader.err"; }

cleanup() {
    local who
    for who in "${!PID[@]}"; do
        if [[ -n "${PID[$who]}" ]] && kill -0 "${PID[$who]}" 2>/dev/null; then
            kill "${PID[$who]}" 2>/dev/null || true
        fi
    done
    for who in "${!PID[@]}"; do
        [[ -z "${PID[$who]}" ]] || wait "${PID[$who]}" 2>/dev/null || true
    done
    [[ -z "${READER_PID:-}" ]] || kill "$READER_PID" 2>/dev/null || true
    # the game's solver processes may still be writing their last lines a moment longer
    rm -rf "$WORK" 2>/dev/null || { sleep 1; rm -rf "$WORK"; } || true
}
trap cleanup EXIT

say() { echo "walk $(printf '%3d' $((SECONDS - BEGAN))) s  $*"; }

fail() {
    echo "FAIL walk: $*" >&2
    [[ -n "$LAST_SHOT" ]] && echo "     last screenshot: $LAST_SHOT" >&2
    local who
    for who in "${!PID[@]}"; do
        if [[ -e "$WORK/look-$who.bmp" ]]; then  # what the window showed last
            ask keep "$WORK/look-$who.bmp" "$SHOTS/last-$who.png" \
                && echo "     the $who's window last: $SHOTS/last-$who.png" >&2
        fi
        echo "---- the $who's output:" >&2
        tail -n 30 "$WORK/$who/out.log" >&2 || true
        echo "---- the $who's log:" >&2
        find "$WORK/$who" -name golf.log -exec tail -n 15 {} \; >&2 || true
    done
    exit 1
}

# ask COMMAND SHOT [TEXT...]: the screen reader's answer in ANSWER; status 0 when it found it.
ask() {
    local IFS=$'\t'
    printf '%s\n' "$*" >&"${READER[1]}"
    IFS= read -r -t 60 ANSWER <&"${READER[0]}" || {
        echo "FAIL walk: the screen reader did not answer: $(cat "$WORK/reader.err")" >&2
        exit 1
    }
    [[ $ANSWER == ok* ]]
}

# look WHO: a screenshot of the window now ($WORK/look-WHO.bmp: quick to write and to read).
look() { import -window "${WID[$1]}" "bmp:$WORK/look-$1.bmp"; }

# keep WHO NAME: the last look kept as the step's screenshot, SHOTS/NN-WHO-NAME.png.
keep() {
    STEP=$((STEP + 1))
    LAST_SHOT="$SHOTS/$(printf %02d "$STEP")-$1-$2.png"
    ask keep "$WORK/look-$1.bmp" "$LAST_SHOT" || fail "cannot keep a screenshot: $ANSWER"
}

shot() { look "$1" && keep "$1" "$2"; }  # shot WHO NAME: a screenshot of the window, kept

# A copy of the program with its own user folders (XDG_*) and temporary folder, in a window of
# its own class; its window moved to x.
start_copy() {
    local who=$1 x=$2 home="$WORK/$1"
    mkdir -p "$home/tmp"
    (
        export SDL_VIDEO_X11_WMCLASS="golfwalk-$who" TMPDIR="$home/tmp"
        export XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data"
        export XDG_STATE_HOME="$home/state" XDG_CACHE_HOME="$home/cache"
        cd "$home"
        exec "$PROGRAM" play --lang en
    ) >"$home/out.log" 2>&1 &
    PID[$who]=$!
    WID[$who]=$(timeout 30 xdotool search --sync --class "golfwalk-$who" | head -1) || true
    [[ -n "${WID[$who]}" ]] || fail "the $who's window did not open within 30 s"
    xdotool windowmove --sync "${WID[$who]}" "$x" 0
    # the pointer rests outside both windows until a click
    xdotool mousemove 1280 719
}

# The copies are still running, wrote no traceback and no crash report.
healthy() {
    local who reports
    for who in "${!PID[@]}"; do
        if [[ -n "${PID[$who]}" ]] && ! kill -0 "${PID[$who]}" 2>/dev/null; then
            fail "the $who's program stopped"
        fi
        if grep -rq --include=out.log --include='golf.log*' Traceback "$WORK/$who"; then
            fail "a traceback in the $who's output or log:"$'\n'"$(grep -rh --include=out.log \
                --include='golf.log*' -A8 Traceback "$WORK/$who" | head -40)"
        fi
        reports=$(find "$WORK/$who" -name 'crash-*.txt' | head -3)
        [[ -z "$reports" ]] \
            || fail "a crash report from the $who:"$'\n'"$(xargs head -n 40 <<<"$reports")"
    done
}

# see WHO NAME SECONDS TEXT...: wait until every TEXT shows on the window (a catalogue key, or
# =words); that screenshot is kept as the step's.
see() {
    local who=$1 name=$2 within=$3
    shift 3
    local until=$((SECONDS + within))
    while :; do
        healthy
        look "$who"
        if ask shows "$WORK/look-$who.bmp" "$@"; then
            keep "$who" "$name"
            say "$who: $name"
            return 0
        fi
        if ((SECONDS >= until)); then
            local why=$ANSWER
            keep "$who" "$name-NOT-SEEN"
            fail "$who: $name did not show within $within s (${why#no })"
        fi
        sleep 0.2
    done
}

# press WHO NAME TEXT: click the button (or field) whose label TEXT shows on the window.
press() {
    local who=$1 name=$2 text=$3 x y
    look "$who"
    ask where "$WORK/look-$who.bmp" "$text" \
        || fail "$who: nothing to click for $name (${ANSWER#no })"
    read -r _ x y <<<"$ANSWER"
    xdotool mousemove --window "${WID[$who]}" "$x" "$y" click 1
    sleep 0.2
    xdotool mousemove 1280 719
}

keys() {  # keys WHO KEY...: the keys, one after another
    local who=$1 key
    shift
    for key in "$@"; do
        xdotool key --window "${WID[$who]}" "$key"
        sleep 0.15
    done
}

typed() { xdotool type --window "${WID[$1]}" --delay 40 "$2"; }

# which_shows WHO TEXT...: SHOWN is the first TEXT on the window now, or "" when none is.
which_shows() {
    local who=$1
    shift
    look "$who"
    SHOWN=""
    if ask which "$WORK/look-$who.bmp" "$@"; then
        SHOWN=${ANSWER#ok }
    fi
}

to_title() { see "$1" "$2" 20 title.replays title.options title.stats; }

# ------------------------------------------------------------------ the title's entries (host)
start_copy host 0
to_title host title

# a solitaire game: Play Easy, a card drawn from the stock (16 left, then 15), back to the title
press host solitaire title.play_easy
see host solitaire 20 game.stock game.waste "=16 left"
keys host space
see host solitaire-drew 20 "=15 left"
keys host Escape
see host solitaire-paused 20 pause.title over.title
press host solitaire-left over.title
see host title-game-kept 20 title.continue title.replays

# six-card Golf against the computers: the person's two opening cards turned up
press host six-card title.six_card
see host six-card-setup 20 six.setup.title six.setup.start six.setup.network
press host six-card-deal six.setup.start
see host six-card-table 30 six.prompt.opening2
keys host 1
see host six-card-one-up 20 six.prompt.opening1
keys host 2
until=$((SECONDS + 20))
while which_shows host six.prompt.opening1 && [[ -n $SHOWN ]]; do
    ((SECONDS < until)) || fail "host: the second opening card was not taken"
    sleep 0.3
done
shot host six-card-opening-done
keys host Escape
see host six-card-paused 20 pause.title over.title
press host six-card-left over.title
to_title host title

# the replays: the first in the list watched, back to the list, back to the title
press host replays title.replays
see host replays 20 replays.title
keys host Return
see host replay-watched 20 watch.badge
keys host Escape
see host replays-again 20 replays.title
keys host Escape
to_title host title

# the statistics, the options, How to play (one step on)
press host statistics title.stats
see host statistics 20 stats.title
keys host Escape
to_title host title
press host options title.options
see host options 20 options.title
keys host Escape
to_title host title
press host how-to-play title.how_to_play
see host how-to-play 20 tutorial.next tutorial.rules "=Step 1 of"
keys host Return
see host how-to-play-step-2 20 "=Step 2 of"
keys host Escape
to_title host title

# ------------------------------------------------------------------ Network: host a room
press host six-card-again title.six_card
see host six-card-setup-again 20 six.setup.title six.setup.network
press host network six.setup.network
see host lobby 20 net.lobby.title net.lobby.host
press host room-form net.lobby.host
see host room-form 20 net.room.title net.room.create
press host room-created net.room.create
until=$((SECONDS + 20))
while :; do
    healthy
    look host
    ask room "$WORK/look-host.bmp" && break
    if ((SECONDS >= until)); then
        keep host hosting-NOT-SEEN
        fail "host: no room code read within 20 s"
    fi
    sleep 0.3
done
read -r _ ADDRESS CODE <<<"$ANSWER"
keep host hosting
PORT=${ADDRESS##*:}
say "host: hosting on $ADDRESS, room code $CODE"

# ------------------------------------------------------------------ a second copy joins it
start_copy guest 1280
to_title guest title
press guest six-card title.six_card
see guest six-card-setup 20 six.setup.network
press guest network six.setup.network
see guest lobby 20 net.lobby.title net.lobby.join
keys guest Up  # to the name
keys guest BackSpace BackSpace BackSpace BackSpace BackSpace BackSpace BackSpace BackSpace
typed guest Guest
keys guest Down  # to the host and code
typed guest "127.0.0.1:$PORT $CODE"
shot guest typed
keys guest Return
see guest joined 20 net.lobby.waiting_host \
    "net.lobby.room_on{address=127.0.0.1:$PORT,code=$CODE}"
press guest ready net.lobby.ready
see host guest-ready 20 "=2. Guest — ready"
press host start net.lobby.start
see host table 20 "net.lobby.code{code=$CODE}"
see guest table 20 "net.lobby.code{code=$CODE}"

# ------------------------------------------------------------------ one turn, at whichever copy
# The opening cards (two each, the seats in turn), then the first person to move takes the
# stock's card and swaps it for the third card of the grid. Computers sit at the open seats.
until=$((SECONDS + 120))
PLAYED=""
while [[ -z "$PLAYED" ]]; do
    ((SECONDS < until)) || fail "no turn was played within 120 s"
    healthy
    for who in host guest; do
        which_shows "$who" six.prompt.opening2 six.prompt.opening1 six.prompt.take \
            six.prompt.place_stock
        case $SHOWN in
            six.prompt.opening2) keys "$who" 1; say "$who: turns up a first card" ;;
            six.prompt.opening1) keys "$who" 2; say "$who: turns up a second card" ;;
            six.prompt.take)
                shot "$who" turn
                keys "$who" space
                say "$who: takes the stock's card"
                ;;
            six.prompt.place_stock)
                shot "$who" drawn
                keys "$who" 3
                say "$who: swaps it for the third card"
                PLAYED=$who
                break
                ;;
        esac
    done
    sleep 0.4
done
# the server took the turn: the table moves on (the swap prompt goes)
until=$((SECONDS + 20))
while which_shows "$PLAYED" six.prompt.place_stock && [[ -n $SHOWN ]]; do
    ((SECONDS < until)) || fail "$PLAYED: the turn was not taken"
    sleep 0.3
done
shot "$PLAYED" turn-played
for who in host guest; do [[ $who == "$PLAYED" ]] || shot "$who" turn-seen; done

# ------------------------------------------------------------------ both leave, both quit
for who in guest host; do
    keys "$who" Escape
    see "$who" table-menu 20 net.table.leave_game
    press "$who" leave net.table.leave_game
    to_title "$who" title-after-network
done
for who in guest host; do
    press "$who" quit title.quit
done
for who in guest host; do
    until=$((SECONDS + 20))
    while kill -0 "${PID[$who]}" 2>/dev/null; do
        ((SECONDS < until)) || fail "the $who's program did not close within 20 s of Quit"
        sleep 0.2
    done
    status=0
    wait "${PID[$who]}" || status=$?
    ((status == 0)) || fail "the $who's program exited with status $status"
    PID[$who]=""
done
healthy
# a one-file program unpacks into the temporary folder, and removes that copy when it closes
for who in guest host; do
    left=$(find "$WORK/$who/tmp" -mindepth 1 -maxdepth 1 -name '_MEI*' | head -3)
    [[ -z "$left" ]] || fail "the $who's program left its unpacked files behind: $left"
done
say "both copies quit; screenshots in $SHOTS"
echo "the walk passed ($((SECONDS - BEGAN)) s)"
