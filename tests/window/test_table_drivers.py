"""One table, many drivers: every solitaire screen is the same table (play session, listeners,
view) with the driver its actions come from; none switches the table's input off by overriding."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from golf.core.play import Step
from golf.solitaire.engine import Action, Position
from golf.solitaire.replay import Replay
from golf.solitaire.session import Game, Refusal
from scenes.solitaire.attract import AttractScene, Demo
from scenes.solitaire.game import GameScene
from scenes.solitaire.player import Player
from scenes.solitaire.round import RoundGameScene
from scenes.solitaire.table import TableScene
from scenes.solitaire.tutorial import Script, TutorialScene, load_tutorial
from scenes.solitaire.view import TableView
from scenes.solitaire.watch import Replayer, WatchScene
from tests.ui_driver import WIN_CODE, WIN_LINE, Driver, make_driver

Heard = Step[Action, Position, Refusal]


class Ear:
    def __init__(self) -> None:
        self.steps: list[Heard] = []

    def heard(self, step: Heard) -> None:
        self.steps.append(step)


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Driver]:
    yield make_driver(None, tmp_path)
    pygame.event.clear()


def _replay() -> Replay:
    game = Game.from_code(WIN_CODE)
    for token in WIN_LINE[:6]:
        game.apply(Action.draw() if token == "d" else Action.play(int(token)))
    return Replay.from_game(game)


def _screens(ui: Driver) -> list[tuple[TableScene, type]]:
    app = ui.app
    rnd = app.records.new_round(11, Game.from_code(WIN_CODE).rules, 9)
    return [
        (GameScene(app, Game.from_code(WIN_CODE), record=False), Player),
        (WatchScene(app, _replay()), Replayer),
        (TutorialScene(app, load_tutorial()), Script),
        (RoundGameScene(app, rnd), Player),
        (AttractScene(app, _replay()), Demo),
    ]


def test_every_screen_of_the_table_is_the_table_with_its_driver(ui: Driver) -> None:
    for scene, driver in _screens(ui):
        assert isinstance(scene, TableScene)
        assert isinstance(scene.driver, driver)
        assert isinstance(scene.view, TableView)
        assert type(scene).act is TableScene.act  # no screen switches the table's actions off
        assert type(scene).handle is TableScene.handle  # the driver takes the input
        if type(scene) is not GameScene:  # composed with a driver, not the player's subclassed
            assert not isinstance(scene, GameScene)


def test_a_watched_replay_plays_through_the_tables_play_session(ui: Driver) -> None:
    replay = _replay()
    scene = WatchScene(ui.app, replay)
    ear = Ear()
    scene.session.listen(ear)
    scene.step_forward()
    scene.step_forward()
    assert [step.action for step in ear.steps] == list(replay.actions[:2])
    assert all(step.applied for step in ear.steps)
    assert ear.steps[-1].after == scene.game.position


def test_the_players_keys_reach_the_session_as_actions(ui: Driver) -> None:
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    table = ui.table
    ear = Ear()
    table.session.listen(ear)
    ui.key(pygame.K_SPACE, " ")
    assert [step.action for step in ear.steps] == [Action.draw()]


def test_a_watched_table_is_not_recorded_and_starts_no_solver_processes(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scenes.solitaire import hints

    started: list[bool] = []
    monkeypatch.setattr(hints, "warm_up", lambda: started.append(True))
    watch = WatchScene(ui.app, _replay())
    AttractScene(ui.app, _replay())
    assert watch.recorder is None and not started
    GameScene(ui.app, Game.from_code(WIN_CODE), record=False)
    assert started == [True]
