"""Which copy of the game keeps the games in progress of a data folder.

The first copy to open the folder takes an advisory lock on ``journal.owner`` for as long as it
runs; the operating system lets go of it when the process ends, even after ``kill -9``. A
second copy on the same folder records every game it plays, but its games in progress are not
offered to Continue: they are the owner's to continue, and two copies never write one game.
The file holds the owner's process number, to tell the player. Where the system has no such
locks (Windows), every copy owns its folder.
"""

from __future__ import annotations

import contextlib
import logging
import os
import weakref
from pathlib import Path
from typing import IO, Final

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["OWNER_FILE", "Owner"]

OWNER_FILE: Final = "journal.owner"

log = logging.getLogger(__name__)


class Owner:
    """The lock of one data folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._handle: IO[str] | None = None

    def claim(self) -> int | None:
        """Own the folder; None when this copy owns it, else the owner's process number (0 when
        it cannot be read)."""
        if fcntl is None or self._handle is not None:
            return None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle = (self.folder / OWNER_FILE).open("a+", encoding="utf-8")
        except OSError as error:
            log.info("cannot own %s: %s", self.folder, error)
            return None
        try:
            # a POSIX record lock: per process (a copy that opens its folder twice still owns
            # it), gone with the process
            fcntl.lockf(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            pid = handle.read(32).strip()
            handle.close()
            log.warning("%s is owned by process %s", self.folder, pid or "?")
            return int(pid) if pid.isdigit() else 0
        with contextlib.suppress(OSError):
            handle.truncate(0)
            handle.write(str(os.getpid()))
            handle.flush()
        self._handle = handle
        weakref.finalize(self, handle.close)
        return None

    def release(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None
