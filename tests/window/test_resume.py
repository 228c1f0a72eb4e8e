"""Continue after a quit, a crash or kill -9: the game in progress in the journal of play
(golf.journal, scenes.solitaire.kept)."""

from __future__ import annotations

import importlib.util
import json
import logging
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from golf.journal.database import FILE_NAME
from golf.journal.journal import Journal
from golf.solitaire.engine import Action
from golf.solitaire.rules import CLASSIC
from golf.solitaire.session import Game
from golf.solitaire.stats import rules_key
from scenes.solitaire import kept
from scenes.solitaire.game import GameScene
from scenes.title import TitleScene
from tests.ui_driver import WIN_CODE, WIN_LINE, Driver, make_driver

_BENCH = Path(__file__).resolve().parents[2] / "bench" / "kill_resume.py"
_spec = importlib.util.spec_from_file_location("kill_resume", _BENCH)
assert _spec is not None and _spec.loader is not None
kill_resume = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("kill_resume", kill_resume)
_spec.loader.exec_module(kill_resume)

KEYS = {"d": (pygame.K_SPACE, " "), "u": (pygame.K_u, "u")}


def press(driver: Driver, token: str) -> None:
    key, text = KEYS.get(token, (getattr(pygame, f"K_{token}", 0), token))
    driver.key(key, text=text)
    driver.frames(5)


def start(tmp_path: Path, line: str, code: str = WIN_CODE) -> Driver:
    driver = make_driver(tmp_path / "data", tmp_path / "config")
    driver.app.replays_dir = tmp_path / "replays"
    driver.app.flow.start_game(Game.from_code(code))
    driver.frames(3)
    for token in line.split():
        press(driver, token)
    return driver


def relaunch(tmp_path: Path) -> Driver:
    driver = make_driver(tmp_path / "data", tmp_path / "config")
    driver.app.replays_dir = tmp_path / "replays"
    return driver


def in_progress(tmp_path: Path) -> list[tuple[str, tuple[str, ...]]]:
    """The games the journal on disk keeps in progress: code and actions (read by a copy that
    owns nothing)."""
    journal = Journal(tmp_path / "data", own=False)
    try:
        rows = journal.db.read("SELECT id, code FROM games WHERE status = 'playing' ORDER BY id")
        return [
            (
                str(code),
                tuple(
                    str(a)
                    for (a,) in journal.db.read(
                        "SELECT action FROM steps WHERE game_id = ? ORDER BY seq", (gid,)
                    )
                ),
            )
            for gid, code in rows
        ]
    finally:
        journal.close()


def leave_in_journal(tmp_path: Path, code: str, actions: list[str]) -> None:
    """A solitaire game left in play with ``actions`` (as a crash leaves it)."""
    journal = Journal(tmp_path / "data")
    try:
        game = Game.from_code(code)
        gid = journal.begin("solitaire", code, rules_key(game.rules), "2026-11-30T10:00:00")
        for seq, action in enumerate(actions):
            journal.act(gid, seq, action, 0.1, 9.0, 1_000.0 + seq)
        journal.clocks(gid, 9.0, 0.0, {})
    finally:
        journal.close()


def undo_all(game: Game) -> list[object]:
    """Every position the undo history leads back through."""
    seen = []
    while game.can_undo:
        game.apply(Action.undo())
        seen.append(game.position)
    return seen


def test_continue_after_a_crash_restores_the_exact_game(tmp_path: Path) -> None:
    before = start(tmp_path, "d d 1 d u 2 d u u 3")
    table = before.table
    table.elapsed += 42.5  # the clock has run a while
    press(before, "d")
    game = table.game
    assert len(game.log) >= 9 and Action.undo() in game.log and game.undo_depth > 0
    expected = (game.code, list(game.log), game.position, game.moves, game.undo_depth)
    times = list(table.recorder.times) if table.recorder else []
    elapsed = table.elapsed
    # no leave_games, no quit: the process is gone
    after = relaunch(tmp_path)
    title = after.top
    assert isinstance(title, TitleScene) and title.saved is not None
    assert title.menu.buttons[0].key == "title.continue"
    after.key(pygame.K_RETURN, text="\r")
    after.frames(2)
    restored = after.table
    got = restored.game
    assert (got.code, list(got.log), got.position, got.moves, got.undo_depth) == expected
    assert restored.recorder is not None  # times kept to the millisecond, as in replays
    assert restored.recorder.times == pytest.approx(times, abs=1e-3)
    assert restored.elapsed == pytest.approx(elapsed, abs=0.2)
    assert undo_all(got) == undo_all(game)  # the same undo history, position by position


def test_the_continued_game_keeps_its_replay_file(tmp_path: Path) -> None:
    before = start(tmp_path, "d 1 d")
    path = before.table.recorder.path if before.table.recorder else None
    assert path is not None
    after = relaunch(tmp_path)
    after.key(pygame.K_RETURN, text="\r")
    after.frames(2)
    assert after.table.recorder is not None and after.table.recorder.path == path


def test_quitting_keeps_the_game_and_does_not_count_it(tmp_path: Path) -> None:
    before = start(tmp_path, "d d 1")
    before.app.flow.leave_games(quitting=True)  # what scenes.app.run does as the window closes
    assert dict(before.app.records.stats.rule_sets) == {}  # not counted as abandoned
    after = relaunch(tmp_path)
    assert isinstance(after.top, TitleScene) and after.top.saved is not None
    assert list(after.top.saved.actions) == list(before.table.game.log)


def test_back_to_the_title_keeps_the_game_for_continue(tmp_path: Path) -> None:
    before = start(tmp_path, "d d 1 d u 2")
    table = before.table
    game = table.game
    expected = (game.code, list(game.log), game.position, game.moves, game.undo_depth)
    before.key(pygame.K_ESCAPE)  # the pause menu; its last button: back to the title
    before.frames(2)
    menu = before.top
    assert menu is not None and menu.menu.buttons[-1].key == "over.title"  # type: ignore[attr-defined]
    before.click(menu.menu.buttons[-1].rect.center)  # type: ignore[attr-defined]
    before.frames(20)
    title = before.top
    assert isinstance(title, TitleScene) and title.menu.buttons[0].key == "title.continue"
    assert any(t.text == before.app.texts("title.game_kept") for t in title.toasts)
    assert dict(before.app.records.stats.rule_sets) == {}  # not counted as abandoned
    before.key(pygame.K_RETURN, text="\r")
    before.frames(3)
    got = before.table.game
    assert before.table is not table
    assert (got.code, list(got.log), got.position, got.moves, got.undo_depth) == expected


def test_a_new_game_replaces_the_kept_game(tmp_path: Path) -> None:
    before = start(tmp_path, "d 1")
    log = [str(a) for a in before.table.game.log]
    assert in_progress(tmp_path) == [(WIN_CODE, tuple(log))]
    before.app.flow.start_game(Game.new(5, CLASSIC))
    before.frames(3)
    assert in_progress(tmp_path) == []  # the new game has no action yet
    (row,) = before.app.records.journal.history()  # the one left, counted once: abandoned
    assert (row.code, row.outcome, row.moves) == (WIN_CODE, "abandoned", len(log))
    after = relaunch(tmp_path)
    assert isinstance(after.top, TitleScene) and after.top.saved is None
    assert after.top.menu.buttons[0].key != "title.continue"


def test_leaving_with_nothing_in_play_warns_of_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        driver = relaunch(tmp_path)
        assert kept.pending(driver.app) is None  # a new folder: nothing to continue
        driver.app.flow.leave_games(quitting=True)  # the window closes on the title
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not driver.app.records.take_notices()
    assert in_progress(tmp_path) == []


def test_a_won_game_is_not_offered(tmp_path: Path) -> None:
    before = start(tmp_path, " ".join(WIN_LINE))
    assert before.table.game.status == "won"
    assert in_progress(tmp_path) == []  # counted as it ended
    (row,) = before.app.records.journal.history()
    assert (row.code, row.outcome) == (WIN_CODE, "won")
    assert relaunch(tmp_path).top.saved is None  # type: ignore[union-attr]


def test_a_corrupt_journal_is_kept_aside_and_the_game_starts(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / FILE_NAME).write_text('{"version": 1, "code": "GO1-E-AAAAAAA", "act')
    after = relaunch(tmp_path)
    title = after.top
    assert isinstance(title, TitleScene) and title.saved is None
    assert (data / f"{FILE_NAME}.corrupt-1").read_text().startswith('{"version": 1')
    assert any("journal of play" in t.text and "corrupt-1" in t.text for t in title.toasts)
    after.frames(3)
    # the new journal keeps the next game for Continue
    after.app.flow.start_game(Game.from_code(WIN_CODE))
    after.frames(3)
    press(after, "d")
    after.app.flow.leave_games(quitting=True)
    again = relaunch(tmp_path).top
    assert isinstance(again, TitleScene) and again.saved is not None


def test_a_kept_game_whose_actions_do_not_replay_is_not_offered(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # one undo more than there are moves: the rules refuse the third action
    refused = Game.from_code(WIN_CODE)
    assert refused.apply(Action.play(2)) is None and refused.apply(Action.undo()) is None
    assert refused.apply(Action.undo()) is not None
    leave_in_journal(tmp_path, WIN_CODE, ["play 2", "undo", "undo"])
    with caplog.at_level(logging.WARNING):
        after = relaunch(tmp_path)
    title = after.top
    assert isinstance(title, TitleScene) and title.saved is None  # never a different game
    assert title.menu.buttons[0].key != "title.continue"
    assert any("no longer replays" in r.getMessage() for r in caplog.records)


def test_a_game_with_undos_comes_back_from_the_journal(tmp_path: Path) -> None:
    game = Game.new(123, CLASSIC)
    for action in ["draw", "play 3", "undo", "draw", "undo", "undo", "draw"]:
        game.apply(Action.parse(action))
    assert game.code is not None
    leave_in_journal(tmp_path, game.code, [str(a) for a in game.log])
    after = relaunch(tmp_path)
    back = kept.pending(after.app)
    assert back is not None and back.code == game.code
    assert back.times == pytest.approx([0.1] * len(game.log)) and back.elapsed == 9.0
    rebuilt = back.game()
    assert rebuilt.position == game.position and rebuilt.undo_depth == game.undo_depth
    assert rebuilt.moves == game.moves and rebuilt.log == game.log


def test_round_holes_and_watched_replays_are_not_autosaved(tmp_path: Path) -> None:
    driver = make_driver(tmp_path / "data", tmp_path / "config")
    scene = GameScene(driver.app, Game.from_code(WIN_CODE), record=False)
    driver.app.scenes.reset(scene, fade=False)
    driver.frames(2)
    scene.act(Action.draw())
    driver.frames(2)
    assert scene.game.log == [Action.draw()]
    driver.app.flow.leave_games(quitting=True)
    assert in_progress(tmp_path) == []
    assert driver.app.records.journal.history() == []


def test_sigkill_relaunches_restore_the_game(tmp_path: Path) -> None:
    """The short version of ``bench/kill_resume.py``: three SIGKILLs of the real program
    (``main.py play --autoplay``), each relaunch restoring the saved game exactly."""
    failures = kill_resume.run(trials=3, seed=11, low=0.3, high=1.2, folder=tmp_path)
    assert failures == 0


def _autoplay(folder: Path, seed: int, frames: int) -> list[tuple[str, object]]:
    argv, env = kill_resume.command(folder, seed)
    done = subprocess.run(
        [*argv, "--frames", str(frames)], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    lines = [line.split(" ", 2) for line in done.stdout.splitlines()]
    assert all(word == "autoplay" for word, *_ in lines), done.stdout[:500]
    return [(kind, json.loads(body)) for _, kind, body in lines]


def test_autoplay_plays_the_real_program_and_continue_restores_its_game(tmp_path: Path) -> None:
    """``play --autoplay SEED``: Enter on the title, random table keys, a state per change;
    closing keeps the game in play, and the next run's Enter is Continue, restoring it."""
    lines = _autoplay(tmp_path, 5, 150)
    assert lines[0] == ("restored", None)  # a new folder: nothing to continue, Play Easy
    states = [body for kind, body in lines[1:]]
    assert all(kind == "state" for kind, _ in lines[1:]) and len(states) > 5
    for state in states:  # each printed state is the game its code and log make
        assert isinstance(state, dict)
        game = Game.from_code(state["code"])
        for action in state["actions"]:
            assert game.apply(Action.parse(action)) is None
        assert repr(game.position) == state["position"] and game.moves == state["moves"]
    last = states[-1]
    assert isinstance(last, dict)
    saved = kill_resume.saved_state(tmp_path)  # the window closed: the game in play is kept
    assert last["status"] == "playing" and last["actions"], last  # 150 frames: still in play
    assert saved is not None and kill_resume._same(saved, last)
    again = _autoplay(tmp_path, 6, 20)
    restored = again[0][1]
    assert again[0][0] == "restored" and isinstance(restored, dict)
    assert kill_resume._same(restored, last)  # Continue: the same game, undo history too


class FailingWrites:
    """A connection to the journal's file on which every write fails, as on a full disk."""

    def __init__(self, real: sqlite3.Connection) -> None:
        self.real = real

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql.startswith("BEGIN"):
            raise sqlite3.OperationalError("database or disk is full")
        return self.real.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


def test_a_journal_that_cannot_be_written_is_told_once(tmp_path: Path) -> None:
    driver = start(tmp_path, "d")
    db = driver.app.records.journal.db
    assert not db.in_memory
    db.connection = FailingWrites(db.connection)  # type: ignore[assignment]
    for token in ["d", "d"]:
        press(driver, token)
    assert len(driver.table.game.log) == 3  # the game plays on, in memory
    assert driver.app.records.journal.in_memory
    assert [a for _, a in in_progress(tmp_path)] == [("draw",)]  # the file as it was
    # told at once, over the table (not kept for the next title screen), and once only
    told = [t.text for t in driver.loop.told if "could not be saved" in t.text]
    assert len(told) == 1 and FILE_NAME in told[0] and "disk is full" in told[0], told
    assert not driver.app.records.notices
