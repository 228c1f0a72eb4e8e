"""Crash reports: an unexpected exception becomes a file a player can attach to a bug report.

:func:`guard` runs the command line (``golfcli.main.start``): an exception that nothing handled
writes a report (:func:`write_report`) to the log folder (``golfcli.logs.log_folder``) and prints
one line naming it, with exit status :data:`EXIT_CRASH`. The window catches its own (its frame
loop shows the "Something went wrong" screen, ``scenes.crash``) and calls :func:`write_report`
through the options :func:`window_hooks` gives it.

A report holds the version, the platform, the command, the traceback and the last actions of
each game the autosave holds (the autosave is written after every action and the crash path
never removes it, so Continue on the title brings the game back).

The test hook ``$GOLF_CRASH_TEST`` (read only here) raises on purpose: ``command`` before the
command runs, ``window`` in the window's frame loop (at frame :data:`CRASH_TEST_FRAME`).
"""

from __future__ import annotations

import datetime
import json
import logging
import os
import sys
import tempfile
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

from golf.core.folders import data_dir
from golfcli.logs import log_folder, platform_line, version

__all__ = [
    "CRASH_TEST_ENV",
    "CRASH_TEST_FRAME",
    "EXIT_CRASH",
    "CrashTest",
    "guard",
    "report_text",
    "window_hooks",
    "window_report",
    "write_report",
]

EXIT_CRASH: Final = 70  # EX_SOFTWARE of sysexits.h: an internal fault, not bad input
CRASH_TEST_ENV: Final = "GOLF_CRASH_TEST"
CRASH_TEST_FRAME: Final = 90  # late enough for autoplay to have played a few actions
AUTOSAVES: Final = ("autosave.json", "six-card-autosave.json")
LAST_ACTIONS: Final = 30

if TYPE_CHECKING:
    from scenes.crash import CrashHooks

log = logging.getLogger(__name__)


class CrashTest(RuntimeError):
    """The deliberate fault of ``$GOLF_CRASH_TEST`` (tests of the crash path)."""


def _last_actions(folder: Path) -> list[str]:
    """The code and last actions of each autosaved game in ``folder`` (lines of the report)."""
    lines: list[str] = []
    for name in AUTOSAVES:
        path = folder / name
        try:
            body = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            continue
        except (OSError, ValueError) as error:
            lines.append(f"{name}: unreadable ({error})")
            continue
        if not isinstance(body, dict):
            lines.append(f"{name}: not a document")
            continue
        actions = body.get("actions")
        actions = actions if isinstance(actions, list) else []
        tail = [str(a) for a in actions[-LAST_ACTIONS:]]
        lines.append(
            f"{name}: {body.get('code', '?')}, {len(actions)} actions, the last "
            f"{len(tail)}: {' '.join(tail) or '-'}"
        )
    return lines or ["(no game in play)"]


def report_text(error: BaseException, where: str, argv: Sequence[str]) -> str:
    """What a crash report says."""
    stamp = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    trace = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    parts = [
        "Golf crash report",
        f"version: {version()}",
        f"date: {stamp}",
        f"platform: {platform_line()}",
        f"where: {where}",
        f"command: {' '.join(argv) or 'play'}",
        "",
        "last actions of the game in play:",
        *(f"  {line}" for line in _last_actions(data_dir())),
        "",
        trace.rstrip(),
        "",
    ]
    return "\n".join(parts)


def write_report(
    error: BaseException, where: str = "window", argv: Sequence[str] | None = None
) -> Path:
    """Write the report of ``error`` and return its path: the log folder, or the temporary
    folder when that cannot be written (a report is never lost to a second fault)."""
    text = report_text(error, where, sys.argv[1:] if argv is None else argv)
    name = "crash-" + datetime.datetime.now().strftime("%Y%m%d-%H%M%S") + f"-{os.getpid()}.txt"
    for folder in (log_folder(), Path(tempfile.gettempdir())):
        path = folder / name
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", errors="backslashreplace")
        except OSError:
            continue
        return path
    # nowhere to write: the report goes to stderr whole
    print(text, file=sys.stderr)
    return Path(tempfile.gettempdir()) / name


def window_report(error: BaseException) -> Path:
    """The window's crash report: written, and said in the log and on stderr (one line)."""
    path = write_report(error, "window")
    log.error(
        "golf: unexpected error in the window (%s); crash report: %s", type(error).__name__, path
    )
    return path


def guard(main: Callable[[], int]) -> int:
    """Run ``main``; an unexpected exception: a report, one line on stderr, :data:`EXIT_CRASH`."""
    try:
        if os.environ.get(CRASH_TEST_ENV) == "command":
            raise CrashTest(f"{CRASH_TEST_ENV}=command: a deliberate fault")
        return main()
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as error:
        path = write_report(error, "command line")
        line = f"golf: unexpected error ({type(error).__name__}); crash report: {path}"
        log.info("%s", line)  # the log file only (INFO): stderr gets the one line below
        # the one line must reach even a terminal that cannot print the path's letters
        encoding = getattr(sys.stderr, "encoding", None) or "ascii"
        print(line.encode(encoding, "backslashreplace").decode(encoding), file=sys.stderr)
        return EXIT_CRASH


def window_hooks() -> CrashHooks:
    """The window's crash path (``scenes.app.WindowOptions.crash``): the report writer, the exit
    status and the test hook's frame. Called only when a window opens (it loads pygame)."""
    from scenes.crash import CrashHooks

    crash_at = CRASH_TEST_FRAME if os.environ.get(CRASH_TEST_ENV) == "window" else None
    return CrashHooks(report=window_report, status=EXIT_CRASH, crash_at=crash_at)
