"""Every game is recorded as it is played: its actions, the pause before each, and the result.

A :class:`Recorder` belongs to one game scene. The scene's clock (``tick``) measures the time
since the previous action; each accepted action takes that time (``note``). The replay is saved
(SPEC §5, ``golf.solitaire.replay``) in the user's replays folder when the game ends and again when it is
left (new game, menu, quit), always to the same file, atomically. ``play CODE --record FILE``
also writes the first game to FILE.

Saved names are the date and time the game started and its code:
``2026-11-30T10-15-00_GO1-E-AAAAAAA.yaml``. Names the player gives ("Save replay as…") are
checked by :func:`check_name`.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from golf.core.folders import replays_dir
from golf.solitaire.replay import MAX_TIME, Replay, save
from golf.solitaire.session import Game

__all__ = [
    "MAX_NAME",
    "NameProblem",
    "Recorder",
    "check_name",
    "default_replays_dir",
    "suggested_name",
]

log = logging.getLogger(__name__)

SUFFIX = ".yaml"
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

    Any printable characters but ``< > : " / \\ | ? *``; at most ``MAX_NAME`` characters; not
    empty, no leading dot, no trailing dot, and none of the names Windows reserves (``CON``,
    ``NUL``, ``COM1``, …). A trailing ``.yaml`` typed by the player is accepted.
    """
    name = unicodedata.normalize("NFC", text.strip())
    if name.lower().endswith(SUFFIX):
        name = name[: -len(SUFFIX)].rstrip()
    if not name:
        raise NameProblem("save.name_empty", text)
    if len(name) > MAX_NAME:
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


def _stamp(started: str) -> str:
    return re.sub(r"[^0-9A-Za-z_-]", "-", started)


class Recorder:
    """Times the actions of one game and writes its replay.

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
        self.folder = folder
        self.extra = extra
        self.started = now().isoformat(timespec="seconds")
        self.times: list[float] = []
        self.since = 0.0  # seconds since the previous action (or the start)
        self.path: Path | None = None  # our file in the folder, chosen at the first save
        self._saved = -1  # how many actions the files on disk hold
        self.error: str | None = None  # the last write that failed

    def tick(self, dt: float) -> None:
        """The scene's clock advanced by ``dt`` seconds."""
        self.since += dt

    def note(self) -> None:
        """The game accepted an action: it took the time since the previous one."""
        while len(self.times) < len(self.game.log):
            # a window left open for days still makes a file the reader takes back
            self.times.append(min(self.since, MAX_TIME))
            self.since = 0.0

    def replay(self) -> Replay:
        """The game so far as a replay (with the times of its actions)."""
        self.note()
        return Replay.from_game(self.game, self.times[: len(self.game.log)], recorded=self.started)

    def _target(self) -> Path | None:
        if self.folder is None:
            return None
        if self.path is None:
            base = f"{_stamp(self.started)}_{self.game.code or 'layout'}"
            candidate = self.folder / (base + SUFFIX)
            n = 2
            while candidate.exists():
                candidate = self.folder / f"{base}-{n}{SUFFIX}"
                n += 1
            self.path = candidate
        return self.path

    def save(self) -> Path | None:
        """Write the replay (if anything changed); the file in the replays folder, if any.

        A game with no action is not put in the replays folder (it would only be noise), but
        ``extra`` is always written: the player asked for that file. Write errors are logged
        and kept in ``error``; they never stop the game.
        """
        count = len(self.game.log)
        if count == self._saved:
            return self.path
        replay = self.replay()
        self.error = None
        written: Path | None = None
        if count:
            target = self._target()
            if target is not None:
                try:
                    target.parent.mkdir(parents=True, exist_ok=True)
                    save(replay, target)
                    written = target
                except OSError as error:
                    log.warning("cannot save the replay to %s: %s", target, error)
                    self.error = str(error)
        if self.extra is not None:
            try:
                save(replay, self.extra)
            except OSError as error:
                log.warning("cannot save the replay to %s: %s", self.extra, error)
                self.error = str(error)
        if self.error is None:
            self._saved = count
        return written

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
