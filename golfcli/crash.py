"""Crash reports: an unexpected exception becomes a file a player can attach to a bug report.

:func:`guard` runs the command line (``golfcli.main.start``): an exception that nothing handled
writes a report (:func:`write_report`) to the log folder (``golfcli.logs.log_folder``) and prints
one line naming it, with exit status :data:`EXIT_CRASH`. The window catches its own (its frame
loop shows the "Something went wrong" screen, ``scenes.crash``) and calls :func:`write_report`
through the options :func:`window_hooks` gives it.





A report is written whole or not at all (a temporary file and one rename, the temporary file
removed when the write fails); the folder keeps the last :data:`KEEP_REPORTS` (older ones are
removed when a new one is written, with the temporary files a killed write left). Nothing on the
crash path may fault a second time: a folder that is a FIFO or a file, or a full disk, still
ends in one line on stderr and :data:`EXIT_CRASH` (the line says why no report was written
when none could be, and where the fault was raised).

The test hook ``$GOLF_CRASH_TEST`` (read only here) raises on purpose: ``command`` before the
command runs, ``window`` in the window's frame loop (at frame :data:`CRASH_TEST_FRAME`).
"""

from __future__ import annotations

import contextlib
import datetime
import logging
import os
import re
import sqlite3
import stat
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

from golf.core.fileio import atomic_write_text
from golf.core.folders import data_dir
from golf.core.messages import one_line
from golfcli.logs import folder_error_text, log_folder, platform_line, version
from golfcli.paths import os_error_text, shown

__all__ = [
    "CRASH_TEST_ENV",
    "CRASH_TEST_FRAME",
    "EXIT_CRASH",
    "KEEP_REPORTS",
    "CrashTest",
    "guard",
    "prune_reports",
    "report_text",
    "window_hooks",
    "window_report",
    "write_report",
]

EXIT_CRASH: Final = 70  # EX_SOFTWARE of sysexits.h: an internal fault, not bad input
CRASH_TEST_ENV: Final = "GOLF_CRASH_TEST"
CRASH_TEST_FRAME: Final = 90  # late enough for autoplay to have played a few actions
JOURNAL_FILE: Final = "journal.sqlite3"
LAST_ACTIONS: Final = 30
KEEP_REPORTS: Final = 20
"""Crash reports the log folder keeps: the newest, the one just written among them."""
STALE_SECONDS: Final = 60.0
"""A temporary file of a report older than this is the leftover of a killed write."""
REPORT_NAME: Final = re.compile(r"crash-[0-9]{8}-[0-9]{6}-[0-9]+\.txt")
TEMPORARY_NAME: Final = re.compile(r"\.crash-[0-9]{8}-[0-9]{6}-[0-9]+\.txt\..+\.tmp")

if TYPE_CHECKING:
    from scenes.crash import CrashHooks

log = logging.getLogger(__name__)


class CrashTest(RuntimeError):
    """The deliberate fault of ``$GOLF_CRASH_TEST`` (tests of the crash path)."""


def _last_actions(folder: Path) -> list[str]:
    """The code and last actions of each game in progress in ``folder``'s journal (lines of the
    report). Read with ``sqlite3`` alone, read-only: a journal that is not a regular file is not
    opened (a FIFO would hang the crash path), and a journal another copy holds is waited for
    one second at most."""
    path = folder / JOURNAL_FILE
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return [f"{JOURNAL_FILE}: not a regular file"]
    except FileNotFoundError:
        return ["(no game in play)"]
    except OSError as error:
        return [f"{JOURNAL_FILE}: unreadable ({error})"]
    lines: list[str] = []
    try:
        with contextlib.closing(
            sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=1.0)
        ) as db:
            games = db.execute(
                "SELECT id, game, code FROM games WHERE status = 'playing' ORDER BY id DESC LIMIT 5"
            ).fetchall()
            for gid, game, code in games:
                count = db.execute(
                    "SELECT COUNT(*) FROM steps WHERE game_id = ?", (gid,)
                ).fetchone()[0]
                tail = [
                    str(row[0])
                    for row in db.execute(
                        "SELECT action FROM steps WHERE game_id = ? ORDER BY seq DESC LIMIT ?",
                        (gid, LAST_ACTIONS),
                    )
                ][::-1]
                lines.append(
                    f"{game} game {gid}: {code}, {count} actions, the last "
                    f"{len(tail)}: {', '.join(tail) or '-'}"
                )
    except sqlite3.Error as error:
        return [f"{JOURNAL_FILE}: unreadable ({error})"]
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
        *(f"  {line}" for line in _game_lines()),
        "",
        trace.rstrip(),
        "",
    ]
    return "\n".join(parts)


def _game_lines() -> list[str]:
    """:func:`_last_actions` of the data folder, never a second fault: whatever its reading
    raises (a ``MemoryError`` or ``RecursionError`` on a hostile file) is one line of the
    report."""
    try:
        return _last_actions(data_dir())
    except Exception as error:
        return [f"(the game in play could not be read: {type(error).__name__})"]


def _raised_at(error: BaseException) -> str:
    """Where ``error`` was raised: the innermost frame, ``file:line in function``."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return "?"
    last = frames[-1]
    return f"{Path(last.filename).name}:{last.lineno} in {last.name}"


def _problem(error: BaseException) -> str:
    """The exception on one short line: its type, its message (cut), where it was raised."""
    said = shown(one_line(str(error)))
    said = said if len(said) <= 120 else said[:117] + "..."
    return f"{type(error).__name__}: {said} at {_raised_at(error)}"


def prune_reports(folder: Path, keep: int = KEEP_REPORTS, written: Path | None = None) -> None:
    """Remove all but the newest ``keep`` crash reports of ``folder`` (``written``, the one
    just written, is always kept, whatever its name says of its date), and the temporary files
    of reports whose write was killed. Only regular files named as the reports are: nothing
    else of the folder is touched."""
    reports: list[str] = []
    now = time.time()
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if not entry.is_file(follow_symlinks=False):
                    continue
                if TEMPORARY_NAME.fullmatch(entry.name):
                    with contextlib.suppress(OSError):
                        if now - entry.stat(follow_symlinks=False).st_mtime > STALE_SECONDS:
                            Path(entry.path).unlink()
                elif REPORT_NAME.fullmatch(entry.name) and (
                    written is None or entry.name != written.name
                ):
                    reports.append(entry.name)
    except OSError as error:
        log.info("crash reports in %s not pruned: %s", folder, os_error_text(error))
        return
    others = keep - (1 if written is not None else 0)
    reports.sort(key=_report_order)
    for name in reports[: max(0, len(reports) - others)]:
        with contextlib.suppress(OSError):
            (folder / name).unlink()


def _report_order(name: str) -> tuple[str, int]:
    """A report's place in time: its date and time, then its process id."""
    stem = name.removeprefix("crash-").removesuffix(".txt")
    stamp, _, pid = stem.rpartition("-")
    return stamp, int(pid)


def _save(text: str, name: str) -> tuple[Path | None, str]:
    """Write a report: to the log folder, else to the temporary folder. Its path (and the log
    folder pruned), or None and why it could be written nowhere."""
    body = text.encode("utf-8", "backslashreplace").decode("utf-8")
    reasons: list[str] = []
    logs = log_folder()
    for folder in (logs, Path(tempfile.gettempdir())):
        path = folder / name
        try:
            folder.mkdir(parents=True, exist_ok=True)
            atomic_write_text(path, body)  # whole or nothing; no temporary file left
        except OSError as error:
            reasons.append(folder_error_text(error, folder))
            continue
        if folder == logs:
            prune_reports(folder, written=path)
        return path, ""
    return None, reasons[0]


def _name() -> str:
    return "crash-" + datetime.datetime.now().strftime("%Y%m%d-%H%M%S") + f"-{os.getpid()}.txt"


def write_report(
    error: BaseException, where: str = "window", argv: Sequence[str] | None = None
) -> tuple[Path | None, str]:
    """Write the report of ``error``: its path (the log folder, or the temporary folder when
    that cannot be written), or None and why it could be written nowhere (a full disk)."""
    text = report_text(error, where, sys.argv[1:] if argv is None else argv)
    return _save(text, _name())


def _say(line: str) -> None:
    """One line on stderr, in letters any terminal can print."""
    if sys.stderr is None:
        return
    encoding = getattr(sys.stderr, "encoding", None) or "ascii"
    with contextlib.suppress(OSError, ValueError):
        print(line.encode(encoding, "backslashreplace").decode(encoding), file=sys.stderr)


def _crash_line(error: BaseException, where: str, path: Path | None, why: str) -> str:
    """The one line that says a crash: the report's path, or (none written) why not, with the
    fault and where it was raised, since no report keeps them."""
    if path is None:
        return (
            f"golf: unexpected error{where} ({_problem(error)}); no crash report could be "
            f"written ({why})"
        )
    return f"golf: unexpected error{where} ({type(error).__name__}); crash report: {path}"


def _report_safely(error: BaseException, where: str) -> tuple[Path | None, str]:
    """:func:`write_report`, never a second fault: one of its own is why there is no report."""
    try:
        return write_report(error, where)
    except Exception as second:
        return None, f"{type(second).__name__} while writing it"


def window_report(error: BaseException) -> Path:
    """The window's crash report: written, and said in the log and on stderr (one line). Its
    path (the one it would have had, when it could be written nowhere)."""
    path, why = _report_safely(error, "window")
    log.error("%s", _crash_line(error, " in the window", path, why))
    return Path(tempfile.gettempdir()) / _name() if path is None else path


def guard(main: Callable[[], int]) -> int:
    """Run ``main``; an unexpected exception: a report, one line on stderr, :data:`EXIT_CRASH`.
    A second fault while the report is written changes neither."""
    try:
        if os.environ.get(CRASH_TEST_ENV) == "command":
            raise CrashTest(f"{CRASH_TEST_ENV}=command: a deliberate fault")
        return main()
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as error:
        path, why = _report_safely(error, "command line")
        line = _crash_line(error, "", path, why)
        with contextlib.suppress(Exception):
            log.info("%s", line)  # the log file only (INFO): stderr gets the one line below
        _say(line)  # it must reach even a terminal that cannot print the path's letters
        return EXIT_CRASH


def window_hooks() -> CrashHooks:
    """The window's crash path (``scenes.app.WindowOptions.crash``): the report writer, the exit
    status and the test hook's frame. Called only when a window opens (it loads pygame)."""
    from scenes.crash import CrashHooks

    crash_at = CRASH_TEST_FRAME if os.environ.get(CRASH_TEST_ENV) == "window" else None
    return CrashHooks(report=window_report, status=EXIT_CRASH, crash_at=crash_at)
