"""The program's log file: a rotating ``golf.log`` in the player's log folder.

:func:`start` (called once by ``golfcli.main.start``) sends every ``logging`` record of INFO and
above to the file, and warnings on to stderr as before (the bare message, as Python's last-resort
handler printed them). The first lines of each run say the version, the platform and the command.
A folder that cannot be opened never stops the game: the log stays on stderr and says so once.

Where the file goes: ``$GOLF_LOG_DIR`` when set; else ``logs`` in ``$GOLF_DATA_DIR`` when that
moves the player's data (tests keep everything in one folder); else the platform's log folder
(``golf.core.folders.logs_dir``).
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import platform
import sys
from pathlib import Path
from typing import Final

from golf.core.folders import DATA_DIR_ENV, logs_dir
from golfcli.paths import os_error_text
from golfcli.version import version

__all__ = [
    "LOG_DIR_ENV",
    "LOG_FILE",
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


def _file_handler(folder: Path) -> logging.Handler | None:
    """The rotating file handler, or None (told once on stderr) when the folder cannot be used."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            folder / LOG_FILE,
            maxBytes=MAX_BYTES,
            backupCount=BACKUPS,
            encoding="utf-8",
            # a name given on the command line may hold bytes that are not text (kept by
            # Python as lone surrogates): written escaped, never a "Logging error" traceback
            errors="backslashreplace",
        )
    except OSError as error:
        said = os_error_text(error, folder / LOG_FILE)
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
