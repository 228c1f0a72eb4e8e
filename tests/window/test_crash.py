"""The log file and the crash reports (golfcli.logs, golfcli.crash, scenes.crash), with real
processes: ``main.py`` under the dummy video driver, the test hook ``$GOLF_CRASH_TEST`` raising
on purpose in the window's frame loop or before a command."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from golfcli.crash import CRASH_TEST_FRAME, EXIT_CRASH
from golfcli.logs import LOG_FILE, version
from scenes.core.i18n import Texts
from scenes.core.look import PALETTE, SCREEN_SIZE, Look
from scenes.crash import PANEL, draw_crash, path_lines

ROOT = Path(__file__).resolve().parents[2]
CODE = "GO1-E-AAAAAAB"


def environment(folder: Path, **extra: str) -> dict[str, str]:
    """The program's files all in ``folder``: data (with the logs), replays, settings."""
    env = {k: v for k, v in os.environ.items() if k not in ("GOLF_CRASH_TEST", "GOLF_LOG_DIR")}
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        GOLF_DATA_DIR=str(folder / "data"),
        XDG_DATA_HOME=str(folder / "share"),
        XDG_CONFIG_HOME=str(folder / "xdg-config"),
        XDG_STATE_HOME=str(folder / "state"),
    )
    env.update(extra)
    return env


def program(folder: Path, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        env=environment(folder, **extra),
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )


def panel_margin() -> tuple[int, int]:
    """A point inside the crash screen's panel, left of its text."""
    panel = PANEL.copy()
    panel.center = (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] // 2)
    return panel.left + 24, panel.centery


def reports(folder: Path) -> list[Path]:
    return sorted((folder / "data" / "logs").glob("crash-*.txt"))


def test_every_run_logs_its_version_and_platform(tmp_path: Path) -> None:
    done = program(tmp_path, "describe", CODE)
    assert done.returncode == 0, done.stderr
    log = (tmp_path / "data" / "logs" / LOG_FILE).read_text(encoding="utf-8")
    assert f"golf {version()} starts: describe {CODE}" in log
    assert "platform: " in log and "Python " in log
    assert reports(tmp_path) == []


def test_the_log_folder_can_be_named(tmp_path: Path) -> None:
    done = program(tmp_path, "describe", CODE, GOLF_LOG_DIR=str(tmp_path / "elsewhere"))
    assert done.returncode == 0, done.stderr
    assert "starts: describe" in (tmp_path / "elsewhere" / LOG_FILE).read_text(encoding="utf-8")


def test_a_log_folder_that_cannot_be_opened_never_stops_the_program(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    done = program(tmp_path, "describe", CODE, GOLF_LOG_DIR=str(blocked / "logs"))
    assert done.returncode == 0
    assert CODE in done.stdout  # the command did its work
    told = [line for line in done.stderr.splitlines() if "no log file" in line]
    assert len(told) == 1, done.stderr  # said once


def test_a_command_that_crashes_prints_one_line_naming_its_report(tmp_path: Path) -> None:
    done = program(tmp_path, "describe", CODE, GOLF_CRASH_TEST="command")
    assert done.returncode == EXIT_CRASH != 0
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    (report,) = reports(tmp_path)
    assert lines[0].startswith("golf: unexpected error (CrashTest); crash report: ")
    assert lines[0].endswith(str(report))
    text = report.read_text(encoding="utf-8")
    assert f"version: {version()}" in text and "platform: " in text
    assert "Traceback (most recent call last)" in text and "CrashTest" in text
    assert f"command: describe {CODE}" in text
    log = (tmp_path / "data" / "logs" / LOG_FILE).read_text(encoding="utf-8")
    assert str(report) in log


def test_a_crash_in_the_window_shows_its_screen_writes_a_report_and_keeps_the_game(
    tmp_path: Path,
) -> None:
    shot = tmp_path / "crash.png"
    done = program(
        tmp_path,
        "play",
        "--config-dir",
        str(tmp_path / "config"),
        "--autoplay",
        "5",
        "--frames",
        "400",
        "--screenshot",
        str(shot),
        GOLF_CRASH_TEST="window",
    )
    assert done.returncode == EXIT_CRASH != 0, done.stderr
    (report,) = reports(tmp_path)
    assert str(report) in done.stderr
    text = report.read_text(encoding="utf-8")
    assert "where: window" in text and "Traceback (most recent call last)" in text
    assert f"a deliberate fault at frame {CRASH_TEST_FRAME}" in text
    assert "pygame-ce" in text  # the platform line names the window's library
    log = (tmp_path / "data" / "logs" / LOG_FILE).read_text(encoding="utf-8")
    assert "window settings: language " in log and str(report) in log
    # the game in play: autoplay printed its last state before the crash; the journal holds
    # exactly that game in progress, and the report names its last actions
    states = [
        json.loads(line.split(" ", 2)[2])
        for line in done.stdout.splitlines()
        if line.startswith("autoplay state ")
    ]
    assert states and states[-1]["actions"], done.stdout[-500:]
    last = states[-1]
    with contextlib.closing(sqlite3.connect(tmp_path / "data" / "journal.sqlite3")) as db:
        ((gid, code),) = db.execute("SELECT id, code FROM games WHERE status = 'playing'")
        actions = [a for (a,) in db.execute("SELECT action FROM steps WHERE game_id = ?", (gid,))]
    assert code == last["code"] and actions == last["actions"]
    assert f"solitaire game {gid}: {last['code']}, {len(last['actions'])} actions" in text
    assert ", ".join(last["actions"][-5:]) in text
    # the crash screen was on the window when it closed (its screenshot), not the table
    picture = pygame.image.load(str(shot))
    assert picture.get_size() == SCREEN_SIZE
    assert picture.get_at(panel_margin())[:3] == PALETTE.panel


def test_the_continued_game_after_a_crash_is_the_one_in_play(tmp_path: Path) -> None:
    """Continue after the crash screen: the game the journal kept restores the game."""
    first = program(
        tmp_path,
        "play",
        "--config-dir",
        str(tmp_path / "config"),
        "--autoplay",
        "5",
        "--frames",
        "200",
        GOLF_CRASH_TEST="window",
    )
    assert first.returncode == EXIT_CRASH
    states = [
        json.loads(line.split(" ", 2)[2])
        for line in first.stdout.splitlines()
        if line.startswith("autoplay state ")
    ]
    again = program(
        tmp_path,
        "play",
        "--config-dir",
        str(tmp_path / "config"),
        "--autoplay",
        "6",
        "--frames",
        "10",
    )
    assert again.returncode == 0, again.stderr
    kind, body = again.stdout.splitlines()[0].split(" ", 2)[1:]
    restored = json.loads(body)
    assert kind == "restored" and restored["actions"] == states[-1]["actions"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_crash_screen_speaks_the_players_language(lang: str) -> None:
    pygame.init()
    look, texts = Look(lang), Texts(lang)
    surface = pygame.Surface(SCREEN_SIZE)
    draw_crash(surface, look, texts, Path("/somewhere/logs/crash-1.txt"))
    assert texts("crash.title") != Texts("fr" if lang == "en" else "en")("crash.title")
    assert surface.get_at(panel_margin())[:3] == PALETTE.panel


def test_a_long_report_path_is_cut_into_lines_that_keep_every_character() -> None:
    pygame.init()
    look = Look("en")
    path = "/home/" + "a-very-long-folder-name/" * 8 + "crash-20261201-220936-10282.txt"
    lines = path_lines(look, path, 900)
    assert len(lines) > 1 and "".join(lines) == path
    assert all(line.endswith("/") for line in lines[:-1])  # cut between folders
    width = max(look.type.font(10, "mono").size(line)[0] * 2 for line in lines)
    assert width <= 900


def test_a_journal_that_cannot_be_opened_is_in_the_log_file(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "journal.sqlite3").mkdir()  # nothing replaces a directory
    done = program(
        tmp_path,
        "play",
        "--config-dir",
        str(tmp_path / "config"),
        "--autoplay",
        "5",
        "--frames",
        "60",
    )
    assert done.returncode == 0, done.stderr
    log = (tmp_path / "data" / "logs" / LOG_FILE).read_text(encoding="utf-8")
    assert "WARNING golf.journal.database: cannot open the journal " in log
    assert "journal.sqlite3" in log and (tmp_path / "data" / "journal.sqlite3").is_dir()
