#!/usr/bin/env bash
# Installs Golf's desktop entry and icons for the current user on Linux (freedesktop.org menus:
# GNOME, KDE, Xfce, ...), from a checkout or the unpacked source distribution.
#
#   scripts/install_desktop.sh [PROGRAM]
#
# PROGRAM is what the menu entry runs: by default `golf` (pip or pipx put it on PATH); give the
# full path of the built program (e.g. ~/games/golf/golf) for the standalone folder. Files go to
# $XDG_DATA_HOME (default ~/.local/share): applications/golf.desktop and
# icons/hicolor/NxN/apps/golf-solitaire.png. `scripts/install_desktop.sh --remove` takes them away.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
SIZES="16 32 48 64 128 256"

if [[ "${1:-}" == "--remove" ]]; then
    rm -f "$DATA/applications/golf.desktop"
    for size in $SIZES; do rm -f "$DATA/icons/hicolor/${size}x${size}/apps/golf-solitaire.png"; done
    echo "removed Golf's desktop entry and icons from $DATA"
    exit 0
fi

PROGRAM=${1:-golf}
if [[ "$PROGRAM" == */* ]]; then
    PROGRAM=$(cd "$(dirname "$PROGRAM")" && pwd)/$(basename "$PROGRAM")
    [[ -x "$PROGRAM" ]] || { echo "no program at $PROGRAM" >&2; exit 2; }
elif ! command -v "$PROGRAM" >/dev/null; then
    echo "note: $PROGRAM is not on PATH yet; the menu entry will run it once it is" >&2
fi
case "$PROGRAM" in *[[:space:]\"\'\\\`\$]*)
    echo "the program's path must not hold spaces or quotes: $PROGRAM" >&2; exit 2 ;;
esac

mkdir -p "$DATA/applications"
sed "s|^Exec=.*|Exec=$PROGRAM|" "$ROOT/packaging/golf.desktop" > "$DATA/applications/golf.desktop"
for size in $SIZES; do
    install -D -m 644 "$ROOT/assets/icon/golf-$size.png" \
        "$DATA/icons/hicolor/${size}x${size}/apps/golf-solitaire.png"
done
# No cache is rebuilt: menus watch these folders, and a user's icon cache would go stale.
echo "installed $DATA/applications/golf.desktop (runs $PROGRAM) and its icons"
