"""What an outside attack on the data folder found, as classes (issue 18): a file the game could
not read is never written over; two copies of the game on one folder lose no game; a kill while
Undo is offered loses no game; a save that fails is told at once; start-up survives any file;
writes land where the file really is. The real-process cases are ``bench/attack.py``'s."""

from __future__ import annotations

import importlib.util
import os
import stat
import sys
import threading
from pathlib import Path

import pygame
import pytest

from golf.core.fileio import (
    NotRegularFileError,
    atomic_write_text,
    read_bounded,
)
from golf.journal.figures import statistics
from golf.journal.journal import Ending, Journal
from golf.journal.legacy import open_journal
from golf.solitaire.session import Game
from golf.solitaire.stats import (
    GameResult,
    Stats,
    record_game,
)
from scenes.core.settings import Settings, SettingsStore
from scenes.solitaire.dialogs import BlockedDialog, GameOverScene
from scenes.solitaire.recorder import NameProblem, check_name
from scenes.title import TitleScene
from tests.ui_driver import Driver, make_driver

_BENCH = Path(__file__).resolve().parents[2] / "bench" / "attack.py"
_spec = importlib.util.spec_from_file_location("attack", _BENCH)
assert _spec is not None and _spec.loader is not None
attack = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("attack", attack)
_spec.loader.exec_module(attack)

BLOCK_CODE = "GO1-C-AAAAAAC"


def _stats(games: int) -> Stats:
    stats = Stats()
    for n in range(games):
        stats = record_game(stats, "classic", GameResult("blocked", n, 3))
    return stats


def _played(stats: Stats) -> int:
    return sum(s.played for s in stats.rule_sets.values())


def _refuse_reading(monkeypatch: pytest.MonkeyPatch, target: Path) -> None:
    """``target`` cannot be opened for reading (as root, ``chmod 000`` would not stop it)."""
    real = os.open

    def refuse(path: object, flags: int, *args: int, **kwargs: object) -> int:
        if Path(str(path)) == target and not flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, flags, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refuse)


# --- a file that could not be read is never written over -----------------------------------------


def test_a_folder_in_place_of_the_journal_is_left_and_play_goes_on_in_memory(
    tmp_path: Path,
) -> None:
    (tmp_path / "journal.sqlite3").mkdir()
    journal = Journal(tmp_path)
    notices = journal.take_notices()
    assert journal.in_memory and [n.kind for n in notices] == ["unreadable"]
    assert "journal.sqlite3" in notices[0].text("en") and "journal.sqlite3" in notices[0].text("fr")
    gid = journal.begin("solitaire", BLOCK_CODE, "classic", "2026-01-01T10:00:00")
    journal.finish(gid, _ending())
    assert journal.finished_count() == 1  # counted, in memory
    assert (tmp_path / "journal.sqlite3").is_dir()  # never replaced


def test_two_journals_on_one_folder_keep_each_others_games(tmp_path: Path) -> None:
    # two connections in one process (two processes: attack.two_windows, below)
    first, second = Journal(tmp_path), Journal(tmp_path, own=False)
    for n in range(5):
        for journal in (first, second):
            gid = journal.begin("solitaire", BLOCK_CODE, "classic", f"2026-01-01T10:00:0{n}")
            journal.finish(gid, _ending())
    assert statistics(Journal(tmp_path, own=False).db).get("classic").played == 10


def _ending() -> Ending:
    return Ending(
        outcome="blocked",
        ended="2026-01-01T10:05:00",
        actions=("draw",),
        times=(1.0,),
        seconds=1.0,
        moves=1,
        score=10,
        cards_left=3,
        stock_left=0,
        undos=0,
    )


def test_two_real_windows_count_every_game_and_one_owns_the_folder(tmp_path: Path) -> None:
    result = attack.two_windows(tmp_path)
    assert result.ok and result.lost == 0, result


def test_a_real_window_and_the_stats_command_together_lose_no_game(tmp_path: Path) -> None:
    result = attack.window_and_command(tmp_path)
    assert result.ok and result.lost == 0, result


def test_a_second_copy_leaves_the_first_copys_game_in_progress_alone(tmp_path: Path) -> None:
    result = attack.owned_game(tmp_path)
    assert result.ok and result.lost == 0, result


# --- a kill while Undo is offered ----------------------------------------------------------------


def _blocked(tmp_path: Path) -> Driver:
    driver = make_driver(tmp_path / "data", tmp_path / "config")
    driver.app.replays_dir = tmp_path / "replays"
    driver.app.flow.start_game(Game.from_code(BLOCK_CODE))
    driver.frames(3)
    for _ in range(16):
        driver.key(pygame.K_SPACE, text=" ")
    driver.frames(5)
    assert isinstance(driver.top, BlockedDialog)
    return driver


@pytest.mark.window
def test_a_crash_with_the_blocked_dialog_up_continues_there_uncounted(tmp_path: Path) -> None:
    before = _blocked(tmp_path)
    log = list(before.table.game.log)
    # no leave_games, no quit: the process is gone
    after = make_driver(tmp_path / "data", tmp_path / "config")
    title = after.top
    assert isinstance(title, TitleScene) and title.saved is not None
    assert list(title.saved.actions) == log
    assert dict(after.app.records.stats.rule_sets) == {}  # not counted yet
    after.key(pygame.K_RETURN, text="\r")
    after.frames(5)
    assert isinstance(after.top, BlockedDialog)  # where it was: Undo is offered again
    after.key(pygame.K_u, text="u")
    after.frames(2)
    assert after.table.game.status == "playing" and len(after.table.game.log) == len(log) + 1


@pytest.mark.window
def test_the_result_seen_counts_the_blocked_game_once_and_forgets_it(tmp_path: Path) -> None:
    driver = _blocked(tmp_path)
    driver.key(pygame.K_ESCAPE)  # see the result
    driver.frames(3)
    assert isinstance(driver.top, GameOverScene)
    assert driver.app.records.stats.get("classic").played == 1
    assert driver.app.records.journal.kept() == []  # nothing left in progress
    driver.app.flow.to_title()
    driver.frames(3)
    assert driver.app.records.stats.get("classic").played == 1
    assert make_driver(tmp_path / "data", tmp_path / "config").top.saved is None  # type: ignore[union-attr]


def test_closing_the_window_on_the_blocked_dialog_keeps_the_game(tmp_path: Path) -> None:
    driver = _blocked(tmp_path)
    driver.app.flow.leave_games(quitting=True)
    assert dict(driver.app.records.stats.rule_sets) == {}
    assert make_driver(tmp_path / "data", tmp_path / "config").top.saved is not None  # type: ignore[union-attr]


@pytest.mark.parametrize("dialog", ["blocked", "pause", "celebration"])
def test_kill_9_where_undo_is_offered_loses_no_game(tmp_path: Path, dialog: str) -> None:
    result = attack.killed_in(dialog)(tmp_path)
    assert result.ok and result.lost == 0, result


# --- save failures are told at once --------------------------------------------------------------


def test_a_replay_that_cannot_be_saved_is_told_over_the_table(tmp_path: Path) -> None:
    driver = make_driver(tmp_path / "data", tmp_path / "config")
    (tmp_path / "replays").write_text("a file where the folder should be")
    driver.app.replays_dir = tmp_path / "replays"
    driver.app.flow.start_game(Game.from_code(BLOCK_CODE))
    driver.frames(3)
    driver.key(pygame.K_SPACE, text=" ")
    driver.app.flow.new_game()  # the game is left: its replay is written (or not)
    driver.frames(3)
    told = [t.text for t in driver.loop.told]
    assert any("replay" in t and "could not be saved" in t for t in told), told
    assert (tmp_path / "replays").read_text() == "a file where the folder should be"


def test_a_full_disk_is_told_and_the_old_files_stay(tmp_path: Path) -> None:
    result = attack.full_disk(tmp_path)
    assert result.ok and result.lost == 0, result


# --- start-up survives any file ------------------------------------------------------------------


def test_reading_a_fifo_returns_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "stats.json"
    os.mkfifo(fifo)
    done: list[BaseException] = []

    def read() -> None:
        try:
            read_bounded(fifo, 100)
        except BaseException as error:
            done.append(error)

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    thread.join(5)
    assert not thread.is_alive(), "reading a FIFO hangs"
    assert isinstance(done[0], NotRegularFileError)


def test_reading_is_bounded_and_takes_regular_files_only(tmp_path: Path) -> None:
    link = tmp_path / "zero"
    link.symlink_to("/dev/zero")
    with pytest.raises(NotRegularFileError):
        read_bounded(link, 100)
    with pytest.raises(NotRegularFileError):
        read_bounded(tmp_path, 100)
    big = tmp_path / "big"
    with big.open("wb") as f:
        f.truncate(50_000_000)
    assert len(read_bounded(big, 1000)) == 1001


@pytest.mark.parametrize("case", ["deep", "zero", "fifo", "deep_json"])
def test_the_settings_file_never_stops_the_start(tmp_path: Path, case: str) -> None:
    path = tmp_path / "settings.yaml"
    content = {
        "deep": "a: " + "[" * 1000 + "]" * 1000 + "\n",
        "deep_json": "[" * 100_000,
    }.get(case)
    if content is not None:
        path.write_text(content)
    elif case == "zero":
        path.symlink_to("/dev/zero")
    else:
        os.mkfifo(path)
    store = SettingsStore(tmp_path)
    settings, notice = store.load()
    assert settings.volume == Settings().volume and notice is not None
    if content is not None:  # kept aside byte for byte
        assert (tmp_path / "settings.yaml.corrupt-1").read_text() == content
    else:  # never written over: the options go beside it
        store.save(settings.with_(volume=20))
        assert path.is_symlink() or stat.S_ISFIFO(path.lstat().st_mode)
        assert SettingsStore(tmp_path).load()[0].volume == 20


def test_a_deep_json_file_of_0_1_0_is_told_and_left_as_it_is(tmp_path: Path) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    (tmp_path / "stats.json").write_text(deep)
    journal = open_journal(tmp_path, "2026-01-01T10:00:00")
    notices = journal.take_notices()
    assert [(n.kind, n.file) for n in notices] == [("corrupt", "stats.json")]
    assert (tmp_path / "stats.json").read_text() == deep  # the player's file, untouched


def test_a_start_up_case_fails_on_a_planted_loss(tmp_path: Path) -> None:
    """The start-up cases can fail: a game lost behind the program's back is caught."""

    def lose_a_game(path: Path) -> None:
        os.mkfifo(path)
        import sqlite3

        with sqlite3.connect(path.parent / "journal.sqlite3") as db:
            db.execute("DELETE FROM games WHERE id = 1")

    result = attack._starts(tmp_path, "planted", "stats.json", lose_a_game)
    assert not result.ok and result.lost == 1 and "games 29 of 30" in result.detail


def test_a_start_up_case_fails_when_the_player_is_not_told(tmp_path: Path) -> None:
    """The start-up cases can fail: a hostile file nobody mentions is caught."""
    result = attack._starts(tmp_path, "silent", "unknown.json", lambda path: path.write_text("x"))
    assert not result.ok and "not told" in result.detail


def test_the_real_program_starts_with_a_fifo_for_every_file(tmp_path: Path) -> None:
    for case in attack.startup_cases():
        if "fifo" in case.__name__ and "stats" in case.__name__:
            result = case(tmp_path)
            assert result.ok and result.lost == 0, result


# --- writes land where the file really is --------------------------------------------------------


def test_a_link_stays_a_link_and_its_file_is_written(tmp_path: Path) -> None:
    real = tmp_path / "elsewhere.json"
    real.write_text("old")
    link = tmp_path / "stats.json"
    link.symlink_to(real)
    atomic_write_text(link, "new")
    assert link.is_symlink() and real.read_text() == "new"


@pytest.mark.parametrize("kind", ["fifo", "directory", "device"])
def test_a_target_that_is_not_a_regular_file_is_refused(tmp_path: Path, kind: str) -> None:
    target = tmp_path / "stats.json"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "directory":
        target.mkdir()
    else:
        target.symlink_to("/dev/null")
    with pytest.raises(OSError):
        atomic_write_text(target, "x")
    assert stat.S_ISCHR(Path("/dev/null").stat().st_mode)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_name_too_long_in_bytes_is_refused_before_writing(tmp_path: Path) -> None:
    name = "\U0001f0a1" * 60  # 60 four-byte characters: within 60 characters, 240 bytes
    with pytest.raises(NameProblem) as problem:
        check_name(name)
    assert problem.value.key == "save.name_long"
    assert check_name("\U0001f0a1" * 55) == "\U0001f0a1" * 55 + ".yaml"  # 220 + 5 + 14 bytes
    with pytest.raises(OSError) as error:
        atomic_write_text(tmp_path / (name + ".yaml"), "x")
    assert "too long" in str(error.value)
    assert list(tmp_path.iterdir()) == []


def test_a_fifo_among_the_replays_is_an_error_not_a_hang(tmp_path: Path) -> None:
    from golf.core.yamlfile import ReplayError, read_text

    fifo = tmp_path / "game.yaml"
    os.mkfifo(fifo)
    done: list[BaseException] = []

    def read() -> None:
        try:
            read_text(fifo, 1000)
        except BaseException as error:
            done.append(error)

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    thread.join(5)
    assert not thread.is_alive(), "reading a FIFO replay hangs"
    assert isinstance(done[0], ReplayError) and "not a regular file" in str(done[0])
