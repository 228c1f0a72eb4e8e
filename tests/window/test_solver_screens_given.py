"""The solver's screens drawn from a given state (the screens' tour, ``bench/contrast.py``):
the analysis given its answer and the search for a winnable deal given its job ask no solver
process, show that answer at once and act on it as they act on the solver's."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path

import pygame
import pytest

from golf.solitaire.engine import Action
from golf.solitaire.hint_figure import Figure
from golf.solitaire.postmortem import Around
from golf.solitaire.rules import EASY
from golf.solitaire.session import Game
from scenes.solitaire import analysis_run, solver_worker
from scenes.solitaire.analysis import AnalysisScene
from scenes.solitaire.finding import FindDealScene
from scenes.solitaire.game import GameScene
from tests.ui_driver import WIN_CODE, WIN_LINE, Driver, make_driver


@pytest.fixture
def ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    def no_process(*_args: object, **_kw: object) -> object:
        raise AssertionError("a solver question was asked")

    monkeypatch.setattr(analysis_run, "submit_reporting", no_process)
    monkeypatch.setattr(solver_worker, "submit", no_process)
    yield make_driver(None, tmp_path)
    pygame.event.clear()


def _lost() -> Game:
    """The won deal's first three moves, then only draws: a winnable deal lost."""
    game = Game.from_code(WIN_CODE)
    for token in WIN_LINE[:3]:
        assert game.apply(Action.draw() if token == "d" else Action.play(int(token))) is None
    while game.apply(Action.draw()) is None:
        pass
    return game


def test_the_analysis_given_its_answer_shows_it_at_once_and_can_undo_there(ui: Driver) -> None:
    game = _lost()
    verdict = solver_worker.analyse_game(game.start, game.rules, tuple(game.log))
    assert verdict.winnable and verdict.lost_after is not None and verdict.undo_steps
    chances = Around(Figure(0.125, 0.07, 0.74, exact=False), Figure.exactly(0.25), 10, 3)
    table = GameScene(ui.app, game, deal_in=False, record=False)
    scene = AnalysisScene(ui.app, table, answer=(verdict, chances))
    assert scene.run.answered and not scene.run.late and scene.progress_text() is None
    values = [value for _label, value, _colour in scene.rows()]
    assert values[0] == ui.app.texts("analysis.winnable")
    assert values[3:] == [
        ui.app.texts("analysis.chance_estimate", **chances.before.fields()),  # type: ignore[union-attr]
        ui.app.texts("analysis.chance_exact", **chances.after.fields()),  # type: ignore[union-attr]
    ]
    assert scene.undo_button.enabled and scene.watch_button.enabled
    scene.update(1.0)  # nothing is awaited: the answer stays as given
    assert scene.result is verdict and scene.blind is chances
    moves = len(game.log)
    scene.undo_to_winnable()
    assert len(table.game.log) == moves + verdict.undo_steps  # the undos, logged as the game does


def test_the_search_given_its_job_starts_the_deal_it_found(ui: Driver) -> None:
    found: Future[int] = Future()
    finding = FindDealScene(ui.app, EASY, solver_worker.Job(EASY, found))
    ui.app.scenes.push(finding, fade=False)
    ui.frames(3)
    assert ui.top is finding  # still looking: the job has no answer
    found.set_result(1234)
    ui.frames(30)
    assert isinstance(ui.top, GameScene)
    assert ui.top.game.code == Game.new(1234, EASY).code
