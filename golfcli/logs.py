"""The program's log file: a rotating ``golf.log`` in the player's log folder.

:func:`start` (called once by ``golfcli.main.start``) sends every ``logging`` record of INFO and
above to the file, and warnings on to stderr as before (the bare message, as Python's last-resort
handler printed them). The first lines of each run say the version, the platform and the command.
A folder that cannot be opened never stops the game: the log stays on stderr and says so once.
The file is opened only when it is a regular file, without ever blocking (a FIFO in its place is
refused, never waited on), and a write that fails (a full disk) says so once on stderr and drops
the file for the rest of the run: never Python's "--- Logging error ---" traceback per record.

Where the file goes: ``$GOLF_LOG_DIR`` when set; else ``logs`` in ``$GOLF_DATA_DIR`` when that
moves the player's data (tests keep everything in one folder); else the platform's log folder
(``golf.core.folders.logs_dir``).
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import os
import platform
import stat
import sys
from pathlib import Path
from typing import Any, Final

from golf.core.fileio import NotRegularFileError
from golf.core.folders import DATA_DIR_ENV, logs_dir
from golfcli.paths import os_error_text, shown
from golfcli.version import version

__all__ = [
    "LOG_DIR_ENV",
    "LOG_FILE",
    "LogFile",
    "folder_error_text",
    "log_folder",
    "platform_line",
    "start",
    "version",
]

LOG_DIR_ENV: Final = "GOLF_LOG_DIR"
"""Names another folder for the log file and the crash reports."""
LOG_FILE: Final = "golf.log"
MAX_BYTES: Final = 512 * 1024  # a few thousand runs' start lines; old ones rotate out
BACKUPS: Final = 3

log = logging.getLogger(__name__)


def folder_error_text(error: OSError, folder: Path) -> str:
    """Why ``folder`` cannot be made or written, on one line: ``mkdir`` says "File exists" of
    a file or a FIFO standing in its place, which is said as "not a folder"."""
    if isinstance(error, FileExistsError) and not folder.is_dir():
        return f"{shown(folder)}: not a folder"
    return os_error_text(error, folder)


def platform_line() -> str:
    """The system, Python and (when the window loaded it) pygame, on one line."""
    line = f"{platform.platform()}; Python {platform.python_version()}"
    pygame = sys.modules.get("pygame")
    pygame_version = getattr(getattr(pygame, "version", None), "ver", None)
    if pygame_version:
        line += f"; pygame-ce {pygame_version}"
    if getattr(sys, "frozen", False):
        line += "; built program"
    return line


def log_folder() -> Path:
    """Where the log file and the crash reports go (see the module's docstring)."""
    override = os.environ.get(LOG_DIR_ENV)
    if override:
        return Path(override)
    if os.environ.get(DATA_DIR_ENV):
        return Path(os.environ[DATA_DIR_ENV]) / "logs"
    return logs_dir()


class LogFile(logging.handlers.RotatingFileHandler):
    """The rotating ``golf.log`` of a run, safe against what may stand in its place.

    It opens only a regular file, and without blocking (``O_NONBLOCK``: a FIFO put there between
    the check and the open is refused by ``fstat``, never waited on). A record that cannot be
    written (a full disk, the file gone bad) is said once on stderr, and the file is dropped for
    the rest of the run: Python's handler prints a traceback for every record instead."""

    broken: bool = False
    """A write failed: nothing more goes to the file."""

    def _open(self) -> Any:
        path = self.baseFilename
        with contextlib.suppress(FileNotFoundError):
            mode = Path(path).stat().st_mode  # follows a link: what it names must be a file
            if not stat.S_ISREG(mode):
                raise NotRegularFileError(path, mode)
        nonblocking = getattr(os, "O_NONBLOCK", 0)
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | nonblocking | getattr(os, "O_BINARY", 0)
        fd = os.open(path, flags, 0o644)
        try:
            mode = os.fstat(fd).st_mode
            if not stat.S_ISREG(mode):
                raise NotRegularFileError(path, mode)
            if nonblocking:
                os.set_blocking(fd, True)  # a regular file after all: writes as usual
            return os.fdopen(fd, "a", encoding=self.encoding, errors=self.errors)
        except BaseException:
            os.close(fd)
            raise

    def emit(self, record: logging.LogRecord) -> None:
        if not self.broken:
            super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging's name)
        error = sys.exc_info()[1]
        if not isinstance(error, OSError):
            super().handleError(record)  # a fault of the program's own (a bad format): shown
            return
        self.broken = True
        stream, self.stream = self.stream, None
        if stream is not None:
            with contextlib.suppress(OSError, ValueError):
                stream.close()  # what is still buffered cannot be written either
        said = os_error_text(error, self.baseFilename)
        if sys.stderr is not None:
            print(
                f"golf: the log file cannot be written ({said}); messages go to stderr only",
                file=sys.stderr,
            )


def _file_handler(folder: Path) -> logging.Handler | None:
    """The rotating file handler, or None (told once on stderr) when the folder cannot be used."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = LogFile(
            folder / LOG_FILE,
            maxBytes=MAX_BYTES,
            backupCount=BACKUPS,
            encoding="utf-8",
            # a name given on the command line may hold bytes that are not text (kept by
            # Python as lone surrogates): written escaped, never a "Logging error" traceback
            errors="backslashreplace",
        )
    except OSError as error:
        if folder.is_dir():
            said = os_error_text(error, folder / LOG_FILE)
        else:
            said = folder_error_text(error, folder)
        if sys.stderr is not None:
            print(f"golf: no log file ({said}); messages go to stderr only", file=sys.stderr)
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.setLevel(logging.INFO)
    return handler


def start(argv: list[str] | None = None) -> Path | None:
    """Set up logging for this run; the log file's path, or None when there is none."""
    root = logging.getLogger()
    root.setLevel(logging.INFO)
    if sys.stderr is not None:  # None in the Windows build's windowed program: the file only
        stderr = logging.StreamHandler(sys.stderr)
        stderr.setLevel(logging.WARNING)  # what Python's last-resort handler showed
        stderr.setFormatter(logging.Formatter("%(message)s"))
        root.addHandler(stderr)
    logging.captureWarnings(True)  # Python's warnings (pygame's among them) reach the file too
    folder = log_folder()
    handler = _file_handler(folder)
    if handler is not None:
        root.addHandler(handler)
    args = sys.argv[1:] if argv is None else argv
    log.info("golf %s starts: %s", version(), " ".join(args) or "play")
    log.info("platform: %s", platform_line())
    return None if handler is None else folder / LOG_FILE
