"""Every game is recorded as it is played: its actions, the pause before each, and where its
replay file goes — the recorder both tables use.

A :class:`Recorder` belongs to one table. The table's clock (``tick``, the window's ``dt``)
measures the time since the previous action; each action the game takes is given that time
(``note``, or ``heard`` as a listener of a ``golf.core.play.PlaySession``). The replay is written
(SPEC §5, ``golf.core.record``) to one file in the replays folder, atomically, chosen at the first
save and kept for the game's life (a continued game keeps it too); a game's own recorder says
what its replay is (``write``). The wall clock is read once, for the start date, through ``now``
(injectable for tests); ``golf/`` never reads it.

Saved names are the date and time the game started and its code:
``2026-11-30T10-15-00_GO1-E-AAAAAAA.yaml``.
"""

from __future__ import annotations

import logging
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from golf.core.play import Step
from golf.core.record import Recording
from golf.core.store import StoreNotice
from golf.core.yamlfile import MAX_TIME

__all__ = ["SUFFIX", "Recorder", "stamp"]

log = logging.getLogger(__name__)

SUFFIX = ".yaml"


def stamp(started: str) -> str:
    """The start date as it shows in a file name (``2026-11-30T10-15-00``)."""
    return re.sub(r"[^0-9A-Za-z_-]", "-", started)


REPLAY_LABEL = "store.label.replay"
"""The catalogue key naming a replay file in a notice ("The replay file (…) could not be
saved")."""


class Recorder(ABC):
    """Times the actions of one game and writes its replay.

    ``folder`` is where its replays go (None: not saved there); ``extra`` a file the replay is
    also written to (``play --record``); ``times`` the pauses before the actions already taken
    (a continued game); ``now`` gives the start date. A game's recorder sets what :meth:`count`
    reads before calling this.
    """

    def __init__(
        self,
        folder: Path | None,
        *,
        extra: Path | None = None,
        times: Sequence[float] = (),
        now: Callable[[], datetime] = datetime.now,
    ) -> None:
        self.folder = folder
        self.extra = extra
        self.started = now().isoformat(timespec="seconds")
        done = self.count()
        self.times: list[float] = [*times[:done], *[0.0] * (done - len(times))]
        self.since = 0.0  # seconds since the previous action (or the start)
        self.path: Path | None = None  # our file in the folder, chosen at the first save
        self._saved = -1  # how many actions the files on disk hold
        self.error: str | None = None  # the last write that failed
        self.extra_error: str | None = None
        """Why the last write of ``extra`` failed (None: it worked, or was not tried yet): the
        program then ends with a failure status (``scenes.app``)."""
        self._extra_saved = -1  # how many actions ``extra`` holds
        self.tell: Callable[[StoreNotice], None] | None = None
        """Tells the player a replay that could not be written (the table sets it)."""

    # what each game brings

    @abstractmethod
    def count(self) -> int:
        """How many actions the game has taken."""

    @abstractmethod
    def code(self) -> str:
        """How the game's file is named after its start date (its code)."""

    @abstractmethod
    def write(self, path: Path) -> None:
        """Write the game's replay to ``path`` (atomically); ``OSError`` when it cannot."""

    # the clock

    def tick(self, dt: float) -> None:
        """The table's clock advanced by ``dt`` seconds."""
        self.since += dt

    def note(self) -> None:
        """The game took an action: it took the time since the previous one."""
        while len(self.times) < self.count():
            # a window left open for days still makes a file the reader takes back
            self.times.append(min(self.since, MAX_TIME))
            self.since = 0.0

    def heard(self, step: Step[Any, Any, Any]) -> None:
        """A play session's listener: an action the game took is noted."""
        if step.applied:
            self.note()

    def carry_on(self, recording: Recording[Any]) -> None:
        """Go on with the recording of a continued game (its autosave): its start date, the
        pauses before its actions, its clock and its replay file."""
        self.started = recording.started or self.started
        self.times = list(recording.times)
        self.since = recording.since
        if recording.file is not None and self.folder is not None:
            self.path = self.folder / recording.file

    # the file

    def target(self) -> Path | None:
        """The game's file in the folder, chosen once (a name not taken yet)."""
        if self.folder is None:
            return None
        if self.path is None:
            base = f"{stamp(self.started)}_{self.code()}"
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
        ``extra`` is always written: the player asked for that file — and when ``extra`` cannot
        be written the replays folder keeps the game whatever its length, so nothing is lost.
        Write errors are logged, kept in ``error`` and told; they never stop the game.
        """
        count = self.count()
        if count == self._saved:
            return self.path
        self.note()
        self.error = None
        if self.extra is not None:
            self._write_extra(count)
        target = self.target() if count or self.extra_error else None
        written: Path | None = None
        if target is not None and self._write(target, folder=True) is None:
            written = target
        if self.error is None:
            self._saved = count
        return written

    def save_extra(self) -> None:
        """Write ``extra`` (``play --record``) as the game goes, after each action: a file
        that cannot be written is told while the game is played."""
        count = self.count()
        if self.extra is not None and count != self._extra_saved:
            self.note()
            self._write_extra(count)

    def _write_extra(self, count: int) -> None:
        assert self.extra is not None
        self.extra_error = self._write(self.extra, folder=False)
        if self.extra_error is None:
            self._extra_saved = count

    def _write(self, path: Path, folder: bool) -> str | None:
        """Write the replay to ``path`` (``folder``: creating the replays folder); None, or
        why it could not (the error kept in ``error`` and told)."""
        try:
            if folder:
                path.parent.mkdir(parents=True, exist_ok=True)
            self.write(path)
        except OSError as error:
            log.warning("cannot save the replay to %s: %s", path, error)
            self.error = str(error)
            detail = error.strerror or str(error)
            if self.tell is not None:
                self.tell(
                    StoreNotice(
                        "unwritable", str(path), REPLAY_LABEL, detail=detail, error_no=error.errno
                    )
                )
            return detail
        return None
