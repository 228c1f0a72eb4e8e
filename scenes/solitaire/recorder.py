"""The solitaire's recorder (``scenes.core.recorder``): its replay, and the names a player gives.

The replay is saved (SPEC §5, ``golf.solitaire.replay``) in the user's replays folder when the
game ends and again when it is left (new game, menu, quit), always to the same file, atomically.
``play CODE --record FILE`` also writes the first game to FILE.

Saved names are the date and time the game started and its code:
``2026-11-30T10-15-00_GO1-E-AAAAAAA.yaml``. Names the player gives ("Save replay as…") are
checked by :func:`check_name`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from golf.core.fileio import name_fits
from golf.core.folders import replays_dir
from golf.solitaire.replay import Replay, save
from golf.solitaire.session import Game
from scenes.core.recorder import SUFFIX
from scenes.core.recorder import Recorder as TableRecorder

__all__ = [
    "MAX_NAME",
    "NameProblem",
    "Recorder",
    "check_name",
    "default_replays_dir",
    "suggested_name",
]

MAX_NAME = 60
# Windows refuses these as file names, with any extension.
_RESERVED = frozenset(
    ["CON", "PRN", "AUX", "NUL"]
    + [f"COM{i}" for i in range(1, 10)]
    + [f"LPT{i}" for i in range(1, 10)]
)
FORBIDDEN = '<>:"/\\|?*'  # not allowed in file names on Windows (and / anywhere)


def default_replays_dir() -> Path:
    """``replays`` in the user's data folder (not created here)."""
    return replays_dir()


class NameProblem(ValueError):
    """A name the player typed that cannot be a replay file; ``key`` is its catalogue text."""

    def __init__(self, key: str, name: str) -> None:
        super().__init__(f"{key}: {name!r}")
        self.key = key
        self.name = name


def check_name(text: str) -> str:
    """The file name (with ``.yaml``) for a name the player typed; raises :class:`NameProblem`.

    Any printable characters but ``< > : " / \\ | ? *``; at most ``MAX_NAME`` characters (and
    what the file system takes in bytes, so fewer of the characters UTF-8 writes long); not
    empty, no leading dot, no trailing dot, and none of the names Windows reserves (``CON``,
    ``NUL``, ``COM1``, …). A trailing ``.yaml`` typed by the player is accepted.
    """
    name = unicodedata.normalize("NFC", text.strip())
    if name.lower().endswith(SUFFIX):
        name = name[: -len(SUFFIX)].rstrip()
    if not name:
        raise NameProblem("save.name_empty", text)
    if len(name) > MAX_NAME or not name_fits(name + SUFFIX):  # characters, and bytes
        raise NameProblem("save.name_long", text)
    allowed = name.isprintable() and not any(ch in FORBIDDEN for ch in name)
    if not allowed or name.startswith(".") or name.endswith("."):
        raise NameProblem("save.name_bad", text)
    if name.split(".")[0].upper().strip() in _RESERVED:
        raise NameProblem("save.name_bad", text)
    return name + SUFFIX


def suggested_name(game: Game, texts: Callable[[str], str]) -> str:
    """A name to start from in "Save replay as…": the code and how the game went, in the
    player's language ("GO1-E-AAAAAAA won 350", "GO1-E-AAAAAAA gagnée 350")."""
    code = game.code or "golf"
    return f"{code} {texts(f'replays.outcome.{game.status}').lower()} {game.score}"


class Recorder(TableRecorder):
    """Times the actions of one solitaire game and writes its replay.

    ``folder`` is the replays folder (None: the game is not saved there); ``extra`` is a file
    the replay is also written to (``play --record``). ``now`` gives the start date (injectable
    for tests).
    """

    def __init__(
        self,
        game: Game,
        folder: Path | None,
        extra: Path | None = None,
        now: Callable[[], datetime] = datetime.now,
    ) -> None:
        self.game = game
        super().__init__(folder, extra=extra, now=now)

    def count(self) -> int:
        return len(self.game.log)

    def code(self) -> str:
        return self.game.code or "layout"

    def replay(self) -> Replay:
        """The game so far as a replay (with the times of its actions)."""
        self.note()
        return Replay.from_game(self.game, self.times[: len(self.game.log)], recorded=self.started)

    def write(self, path: Path) -> None:
        save(self.replay(), path)

    def save_as(self, name: str) -> Path:
        """Write the replay under a name the player chose, in the replays folder.

        Raises :class:`NameProblem` for a bad name or one already taken, ``OSError`` if the
        file cannot be written.
        """
        filename = check_name(name)
        folder = self.folder or default_replays_dir()
        target = folder / filename
        if target.exists():
            raise NameProblem("save.exists", filename[: -len(SUFFIX)])
        folder.mkdir(parents=True, exist_ok=True)
        save(replace(self.replay(), title=filename[: -len(SUFFIX)]), target)
        return target
