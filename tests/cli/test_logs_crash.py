"""The log file and the crash reports when their folder is hostile (issue 33), in-process.

``golf.log`` as a FIFO is never opened (the open would wait for a reader), as a folder it is
refused, and a write that fails (a full disk) is said once on stderr and the file dropped:
Python's handler printed a "--- Logging error ---" traceback for every record. A crash report
is written whole or not at all, the folder keeps the last 20, and whatever the folder is the
crash path ends in one line and exit status 70. The same in real processes:
``bench/attack_cli.py``'s log and crash cases.
"""

from __future__ import annotations

import errno
import io
import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any, cast

import pytest

from golfcli import crash, logs
from golfcli.crash import EXIT_CRASH, KEEP_REPORTS, guard, prune_reports

# --- the log file --------------------------------------------------------------------------------


def _handler(folder: Path) -> logs.LogFile:
    handler = logs._file_handler(folder)
    assert isinstance(handler, logs.LogFile)
    return handler


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_log_file_that_is_not_a_file_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    target = tmp_path / logs.LOG_FILE
    if kind == "fifo":
        os.mkfifo(target)  # opened for writing without O_NONBLOCK, this would wait forever
    else:
        target.mkdir()
    started = time.monotonic()
    assert logs._file_handler(tmp_path) is None
    assert time.monotonic() - started < 5
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("golf: no log file (")
    assert ("a FIFO" if kind == "fifo" else "a directory") in err


@pytest.mark.parametrize("kind", ["fifo", "file"])
def test_a_log_folder_that_is_not_a_folder_is_said_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    folder = tmp_path / "logs"
    if kind == "fifo":
        os.mkfifo(folder)
    else:
        folder.write_text("mine")
    assert logs._file_handler(folder) is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "logs: not a folder" in err


class _FullDisk(io.StringIO):
    """A stream on a full disk: every write and flush fails as the system says it."""

    def write(self, text: str) -> int:
        raise OSError(errno.EFBIG, "File too large")

    def flush(self) -> None:
        raise OSError(errno.EFBIG, "File too large")


def test_a_full_disk_is_said_once_and_the_file_dropped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    handler = _handler(tmp_path)
    written = handler.setStream(cast(Any, _FullDisk()))
    assert written is not None
    written.close()
    logger = logging.Logger("full-disk-test")
    logger.addHandler(handler)
    for n in range(200):
        logger.warning("record %d", n)
    err = capsys.readouterr().err
    assert "Logging error" not in err and "Traceback" not in err
    assert err.count("\n") == 1
    assert err.startswith("golf: the log file cannot be written (") and "File too large" in err
    assert handler.broken and handler.stream is None
    logger.warning("one more")  # never opened again: nothing written, nothing said
    assert handler.stream is None and (tmp_path / logs.LOG_FILE).stat().st_size == 0
    assert capsys.readouterr().err == ""
    handler.close()


def test_a_fault_of_the_programs_own_keeps_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    handler = _handler(tmp_path)
    bad = logging.LogRecord("x", logging.INFO, __file__, 1, "%d", ("not a number",), None)
    handler.emit(bad)  # shown as Python shows it (a bug to fix), the file still written
    assert "Logging error" in capsys.readouterr().err
    handler.emit(logging.LogRecord("x", logging.INFO, __file__, 1, "after", None, None))
    handler.close()
    assert not handler.broken
    assert "after" in (tmp_path / logs.LOG_FILE).read_text(encoding="utf-8")


def test_the_log_rotates_into_regular_files(tmp_path: Path) -> None:
    handler = _handler(tmp_path)
    handler.maxBytes = 200
    for n in range(20):
        handler.emit(logging.LogRecord("x", logging.INFO, __file__, 1, f"line {n}", None, None))
    handler.close()
    assert not handler.broken
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [logs.LOG_FILE, *(f"{logs.LOG_FILE}.{n}" for n in (1, 2, 3))]


# --- crash reports -------------------------------------------------------------------------------


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """The log folder and the temporary folder of the crash path, both in ``tmp_path``."""
    log_dir, temp = tmp_path / "logs", tmp_path / "tmp"
    temp.mkdir()
    monkeypatch.setenv(logs.LOG_DIR_ENV, str(log_dir))
    monkeypatch.setenv("GOLF_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    # platform.platform() asks uname -p in a process: not in the fast layer
    monkeypatch.setattr(crash, "platform_line", lambda: "the platform")
    return log_dir, temp


def _fault() -> int:
    raise KeyError("the fault")


def _old_reports(folder: Path, count: int) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    names = [f"crash-2026010{1 + n // 10}-1200{n % 10:02d}-{100 + n}.txt" for n in range(count)]
    for name in names:
        (folder / name).write_text("an old report")
    return names


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err and "Logging error" not in err
    return err.strip()


def test_the_folder_keeps_the_last_twenty_reports(
    folders: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    log_dir, _ = folders
    old = _old_reports(log_dir, 30)
    (log_dir / "notes.txt").write_text("the player's")
    (log_dir / "crash-20250101-000000-1.txt").mkdir()  # not a report: left alone
    stale = log_dir / ".crash-20250101-000000-2.txt.abcdefgh.tmp"
    fresh = log_dir / ".crash-20250101-000000-3.txt.abcdefgh.tmp"  # another copy writing now
    stale.write_text("cut short")
    fresh.write_text("being written")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    assert guard(_fault) == EXIT_CRASH
    line = _one_line(capsys)
    written = Path(line.split("crash report: ")[1])
    reports = sorted(p.name for p in log_dir.glob("crash-*.txt") if p.is_file())
    assert len(reports) == KEEP_REPORTS
    assert written.name in reports and "KeyError" in written.read_text(encoding="utf-8")
    assert set(reports) - {written.name} == set(old[-(KEEP_REPORTS - 1) :])
    assert (log_dir / "notes.txt").read_text() == "the player's"
    assert (log_dir / "crash-20250101-000000-1.txt").is_dir()
    assert not stale.exists() and fresh.exists()


def test_the_report_just_written_is_kept_whatever_its_date(tmp_path: Path) -> None:
    _old_reports(tmp_path, 25)
    newest = tmp_path / "crash-19990101-000000-1.txt"  # a clock set back
    newest.write_text("new")
    prune_reports(tmp_path, written=newest)
    assert newest.exists() and len(list(tmp_path.glob("crash-*.txt"))) == KEEP_REPORTS


@pytest.mark.parametrize("kind", ["fifo", "file"])
def test_a_crash_folder_that_is_not_a_folder_still_ends_in_one_line(
    folders: tuple[Path, Path], capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    log_dir, temp = folders
    if kind == "fifo":
        os.mkfifo(log_dir)
    else:
        log_dir.write_text("mine")
    assert guard(_fault) == EXIT_CRASH
    line = _one_line(capsys)
    assert line.startswith("golf: unexpected error (KeyError); crash report: ")
    assert [p.name for p in temp.iterdir()] == [Path(line.split(": ")[-1]).name]
    assert log_dir.exists() and not log_dir.is_dir()


def test_a_full_disk_leaves_no_file_and_says_the_fault_in_one_line(
    folders: tuple[Path, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    log_dir, temp = folders

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    assert guard(_fault) == EXIT_CRASH
    line = _one_line(capsys)
    assert line.startswith("golf: unexpected error (KeyError: 'the fault' at ")
    assert "in _fault" in line and "no crash report could be written (" in line
    assert "No space left on device" in line
    assert list(log_dir.iterdir()) == [] and list(temp.iterdir()) == []  # no temporary file


def test_a_second_fault_while_reading_the_game_is_a_line_of_the_report(
    folders: tuple[Path, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def exhausted(folder: Path) -> list[str]:
        raise MemoryError

    monkeypatch.setattr(crash, "_last_actions", exhausted)
    assert guard(_fault) == EXIT_CRASH
    path = Path(_one_line(capsys).split("crash report: ")[1])
    text = path.read_text(encoding="utf-8")
    assert "(the game in play could not be read: MemoryError)" in text and "KeyError" in text


def test_a_second_fault_while_writing_still_ends_in_one_line(
    folders: tuple[Path, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("second fault")

    monkeypatch.setattr(crash, "prune_reports", broken)
    assert guard(_fault) == EXIT_CRASH
    line = _one_line(capsys)
    assert "no crash report could be written (RuntimeError while writing it)" in line
