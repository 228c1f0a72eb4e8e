"""The solver's screens: the game-over analysis and the title's attract mode.

Solver answers come from the solver processes; the tests join the job's future, then step frames.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from golf.solitaire import engine
from golf.solitaire.engine import Action
from golf.solitaire.replay import play
from golf.solitaire.session import Game
from golf.solitaire.solver import solve
from scenes.solitaire import solver_worker
from scenes.solitaire.analysis import AnalysisScene, kept_line
from scenes.solitaire.attract import ATTRACT_AFTER, AttractScene
from scenes.solitaire.dialogs import GameOverScene
from scenes.solitaire.game import GameScene
from scenes.solitaire.watch import WatchScene
from scenes.title import TitleScene
from tests.ui_driver import WIN_CODE, WIN_LINE, Driver, make_driver


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Driver]:
    yield make_driver(None, tmp_path)
    pygame.event.clear()
    # An analysis goes on working out the chance of a player who cannot see the stock after
    # its test has looked at what it needed: the next test's questions must not queue behind
    # that work in the solver processes (a later test waited half a minute for them).
    solver_worker.restart()


def _drawing_first(game: Game) -> None:
    """Play badly: draw whenever possible, play only when stuck, until the game is over."""
    while game.status == "playing":
        actions = game.legal_actions()
        draws = [a for a in actions if a.kind == engine.DRAW]
        game.apply(draws[0] if draws else actions[0])


def _analysis(
    ui: Driver, game: Game, *, wait: bool = True, budget: float | None = None
) -> AnalysisScene:
    """The game on the table, over; the game-over screen; its analysis button (or, with a
    ``budget`` of time, the analysis opened with it); with ``wait``, the solver's verdict."""

    ui.app.flow.start_game(game)
    ui.settle()
    table = ui.table
    ui.app.scenes.push(GameOverScene(ui.app, table))
    ui.frames(2)
    if not isinstance(ui.top, GameOverScene):  # a won game first asks for initials
        ui.key(pygame.K_ESCAPE)
        ui.frames(2)
    over = ui.top
    assert isinstance(over, GameOverScene)
    if budget is None:
        button = next(b for b in over.menu.buttons if b.key == "over.analysis")
        assert button.activate()
    else:
        ui.app.scenes.push(AnalysisScene(ui.app, table, budget=budget), fade=False)
    ui.frames(1)
    scene = ui.top
    assert isinstance(scene, AnalysisScene)
    if wait:
        scene.job.future.result(timeout=60)
        ui.frames(2)
        assert scene.result is not None
    return scene


def test_analysis_of_a_winnable_deal_played_badly(ui: Driver) -> None:
    game = Game.from_code(WIN_CODE)  # winnable: WIN_LINE clears it
    _drawing_first(game)
    assert game.status == "blocked"
    scene = _analysis(ui, game)
    result = scene.result
    assert result is not None
    assert result.winnable is True
    assert result.best_removed == 35
    assert result.lost_after is not None and result.undo_steps is not None
    rows = {label: value for label, value, _ in scene.rows()}
    assert rows["The deal"] == "Winnable"
    assert rows["Best possible"] == "35 of 35 cards"
    assert rows["Your game"].startswith("Lost by move ")
    # the move named is the one after which the solver finds no win, and before it one exists
    kept = kept_line(list(game.log))
    before, after = game.restart(), game.restart()
    for action in kept[: len(kept) - result.undo_steps]:
        before.apply(action)
    for action in kept[: len(kept) - result.undo_steps + 1]:
        after.apply(action)
    assert solve(before.position, before.rules, best=False).winnable is True
    assert solve(after.position, after.rules, best=False).winnable is False
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)  # renders with the verdict
    # and what a player who could not see the stock could win around that move
    assert rows["Not seeing the stock, before it"] == "Working it out…"
    assert rows["… and just after it"] == "Working it out…"
    assert scene.blind_job is not None
    blind = scene.blind_job.future.result(timeout=120)
    ui.frames(2)
    rows = {label: value for label, value, _ in scene.rows()}
    assert blind is not None
    for label, figure in (
        ("Not seeing the stock, before it", blind.before),
        ("… and just after it", blind.after),
    ):
        if figure is None:
            assert rows[label] == "Not found in time"
        elif figure.exact:
            assert rows[label] == f"{round(100 * figure.value)} % — exact"
        else:  # an estimate says so, with its range
            shown = figure.fields()
            assert rows[label] == (
                f"about {shown['percent']} % ({shown['low']}–{shown['high']} %) — estimate"
            )
    scene.draw(surface)


def test_closing_the_analysis_calls_off_its_chance_and_frees_the_solver(ui: Driver) -> None:
    # Lost early (drawing first): the chance before the losing move has a long stock. Given
    # half a minute, the question would take it all; closing the analysis calls it off: the
    # solver process is free for the next hint at once.
    game = Game.from_code(WIN_CODE)
    _drawing_first(game)
    scene = _analysis(ui, game, budget=30.0)
    job = scene.blind_job
    assert job is not None and not job.done()
    ui.key(pygame.K_ESCAPE)
    ui.frames(2)
    assert not isinstance(ui.top, AnalysisScene)
    began = time.monotonic()
    around = job.future.result(timeout=60)  # given up: nobody waits for it
    assert time.monotonic() - began < 2.0
    assert around is not None and not around.exact


def _progress_until_answered(ui: Driver, scene: AnalysisScene) -> list[str]:
    """Frames until the analysis has its answer (a minute at most); the progress shown in each."""
    shown: list[str] = []
    surface = pygame.Surface((1280, 720))
    deadline = time.monotonic() + 60
    while not scene.run.answered and time.monotonic() < deadline:
        ui.frames(1)
        scene.draw(surface)
        text = scene.progress_text()
        if text is not None and (not shown or shown[-1] != text):
            shown.append(text)
        time.sleep(0.02)
    assert scene.run.answered
    return shown


def test_the_analysis_shows_its_progress_and_answers_in_its_time(ui: Driver) -> None:
    game = Game.from_code(WIN_CODE)
    _drawing_first(game)
    scene = _analysis(ui, game, wait=False)
    shown = _progress_until_answered(ui, scene)
    # the question being worked out, and its count moving: positions, then stock orders
    assert shown, "no progress shown"
    counted = [t for t in shown if ": " in t and t.rsplit(": ", 1)[1][:1].isdigit()]
    assert len(counted) >= 2, shown
    assert any("positions searched" in t for t in shown) or any("orders" in t for t in shown)
    # answered: no progress, no "so far", and each chance exact or an estimate with its range
    assert scene.progress_text() is None and scene.so_far_text() is None
    rows = {label: value for label, value, _ in scene.rows()}
    for label in ("Not seeing the stock, before it", "… and just after it"):
        assert rows[label].endswith(("— exact", "— estimate")), rows


def test_past_its_time_the_analysis_says_what_it_knows_so_far(ui: Driver) -> None:
    game = Game.from_code(WIN_CODE)
    _drawing_first(game)
    scene = _analysis(ui, game, wait=False, budget=0.0)  # no time at all
    assert scene.run.late
    assert scene.so_far_text() == "Not finished within 0 s — what shows is what is known so far"
    if scene.result is None:  # nothing decided yet: it says so
        shown = [(label, value) for label, value, _ in scene.rows()]
        assert shown == [("The deal", "Not decided yet: still searching")]
    scene.job.future.result(timeout=60)
    ui.frames(2)
    # the verdict is in; the chance is still being worked out, its count shown
    rows = {label: value for label, value, _ in scene.rows()}
    assert rows["The deal"] == "Winnable"
    if scene.result is not None and not scene.result.complete:
        # its tenth of a second ran out while halving: between which moves, as far as it got
        assert rows["Your game"] == "Not found in time" or (
            rows["Your game"].endswith(" at the latest")
        ), rows
    elif not scene.run.answered:
        assert scene.so_far_text() is not None
        assert rows["Not seeing the stock, before it"] == "Working it out…"
        assert scene.progress_text() is not None
        surface = pygame.Surface((1280, 720))
        scene.draw(surface)
    _progress_until_answered(ui, scene)
    assert (scene.so_far_text() is None) == (not scene.run.cut_short)


def test_a_verdict_its_time_cut_short_says_between_which_moves_the_game_was_lost(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scenes.solitaire import analysis_run

    def two_questions(*args: object, **options: object) -> object:
        asked = iter(range(100))
        options["stopped"] = lambda: next(asked) >= 2  # the deal's question, then two more
        return solver_worker.analyse_game(*args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(solver_worker, "USE_PROCESSES", False)  # the stand-in runs here
    monkeypatch.setattr(analysis_run, "analyse_game", two_questions)
    game = Game.from_code(WIN_CODE)
    _drawing_first(game)
    scene = _analysis(ui, game)
    result = scene.result
    assert result is not None and not result.complete and result.lost_between is not None
    ui.frames(2)
    assert scene.run.answered and scene.run.cut_short
    rows = {label: value for label, value, _ in scene.rows()}
    good, bad = result.lost_between
    last = scene.lost_move(bad)[0]
    if good < 0:
        assert rows["Your game"] == f"Winnable at the start, lost by move {last} at the latest"
    else:
        first = scene.lost_move(good)[0]
        assert rows["Your game"] == (
            f"Still winnable after move {first}, lost by move {last} at the latest"
        )
    assert "Not seeing the stock, before it" not in rows  # the losing move is not known
    assert scene.so_far_text() == "Not finished within 2 s — what shows is what is known so far"
    assert scene.progress_text() is None
    scene.draw(pygame.Surface((1280, 720)))


def test_in_french_the_analysis_says_its_estimates_and_its_progress(tmp_path: Path) -> None:
    ui = make_driver(None, tmp_path, lang="fr")
    game = Game.from_code(WIN_CODE)
    _drawing_first(game)
    scene = _analysis(ui, game, wait=False, budget=0.0)
    assert scene.so_far_text() == "Pas fini en 0 s — ce qui s'affiche est ce qu'on sait déjà"
    _progress_until_answered(ui, scene)
    rows = {label: value for label, value, _ in scene.rows()}
    if scene.run.needs_blind:
        for label in ("Sans voir la pioche, avant ce coup", "… et juste après"):
            assert rows[label].endswith(("— exacte", "— estimation")) or (
                rows[label] == "Pas trouvé à temps"
            ), rows
    else:  # its tenth of a second ran out before the losing move was pinned down
        shown = rows["Votre partie"]
        assert "perdue au plus tard au coup " in shown or shown == "Pas trouvé à temps", rows
        assert scene.so_far_text() is not None


def test_a_question_called_off_gives_up_at_its_next_look() -> None:
    # On this process (no solver process): the search looks whether it was called off every
    # few hundred states, and gives up at the first look that says so.
    game = Game.from_code(WIN_CODE)
    _drawing_first(game)
    looks = 0

    def stopped() -> bool:
        nonlocal looks
        looks += 1
        return looks > 3

    got = solver_worker.blind_chances(game.start, game.rules, tuple(game.log), 0, stopped)
    assert got is None and looks == 4
    # not called off, a question with a short stock is answered
    late = len(game.log) - 1
    answer = solver_worker.blind_chances(game.start, game.rules, tuple(game.log), late)
    assert answer is not None and answer[1] == 0.0


def test_undo_to_the_last_winnable_position(ui: Driver) -> None:
    game = Game.from_code(WIN_CODE)
    _drawing_first(game)
    scene = _analysis(ui, game)
    assert scene.undo_button.enabled
    scene.undo_button.activate()
    ui.settle()
    table = ui.top
    assert isinstance(table, GameScene)
    assert table.game.status == "playing"
    assert solve(table.game.position, table.game.rules, best=False).winnable is True
    assert table.toasts[-1].text == "Still winnable from here (15 undone)"
    assert table.game.moves == 18  # undos, as the Undo button takes them: the count goes on


def test_watch_the_solvers_line(ui: Driver) -> None:
    game = Game.from_code(WIN_CODE)
    _drawing_first(game)
    scene = _analysis(ui, game)
    scene.watch_button.activate()
    ui.frames(3)
    watch = ui.top
    assert isinstance(watch, WatchScene)
    assert watch.game.position == game.start
    playback = play(watch.replay)
    assert playback.game.status == "won"
    watch.to_end()
    ui.settle()
    assert watch.game.status == "won"
    watch.back()
    ui.settle()
    assert isinstance(ui.top, AnalysisScene)


def test_analysis_of_a_won_game_in_french(tmp_path: Path) -> None:
    ui = make_driver(None, tmp_path, lang="fr")
    game = Game.from_code(WIN_CODE)
    for token in WIN_LINE:
        game.apply(Action.draw() if token == "d" else Action.play(int(token)))
    assert game.status == "won"
    scene = _analysis(ui, game)
    rows = {label: value for label, value, _ in scene.rows()}
    assert rows == {
        "La donne": "Gagnable",
        "Meilleur possible": "35 cartes sur 35",
        "Votre partie": "Vous l'avez gagnée",
    }
    assert not scene.undo_button.enabled


def _idle(ui: Driver, seconds: float, step: float = 0.5) -> None:
    for _ in range(round(seconds / step)):
        ui.loop.step([], step)


def test_attract_mode_starts_after_20_s_idle_and_stops_on_input(ui: Driver) -> None:
    ui.frames(2)
    title = ui.top
    assert isinstance(title, TitleScene)
    _idle(ui, ATTRACT_AFTER - 5)
    assert ui.top is title
    job = title.attract.job
    assert job is not None  # the demo's deal is being looked for
    replay = job.future.result(timeout=60)
    assert play(replay).game.status == "won"
    _idle(ui, 4)
    assert ui.top is title  # 19 s: not yet
    _idle(ui, 2)
    ui.settle()
    demo = ui.top
    assert isinstance(demo, AttractScene)
    assert demo.replay is replay
    _idle(ui, 3, step=1 / 30)
    assert demo.index > 0  # the line is being played through the game scene
    assert demo.game.moves == demo.index
    ui.key(pygame.K_a, text="a")
    ui.settle()
    assert ui.top is title


def test_input_on_the_title_puts_the_demo_off(ui: Driver) -> None:
    ui.frames(2)
    title = ui.top
    assert isinstance(title, TitleScene)
    _idle(ui, 15)
    ui.key(pygame.K_DOWN)
    _idle(ui, 15)
    assert ui.top is title
    job = title.attract.job
    assert job is not None
    job.future.result(timeout=60)
    _idle(ui, 6)
    ui.settle()
    assert isinstance(ui.top, AttractScene)


def test_the_demo_goes_back_to_the_title_once_won(ui: Driver) -> None:
    ui.frames(2)
    title = ui.top
    assert isinstance(title, TitleScene)
    _idle(ui, 12)
    assert title.attract.job is not None
    title.attract.job.future.result(timeout=60)
    _idle(ui, 9)
    ui.settle()
    demo = ui.top
    assert isinstance(demo, AttractScene)
    for _ in range(4000):
        ui.loop.step([], 1 / 20)
        if ui.top is title:
            break
    assert ui.top is title
    assert demo.game.status == "won"


def test_undo_beyond_the_undo_history_replays_the_deal(ui: Driver) -> None:
    game = Game.from_code(WIN_CODE)
    _drawing_first(game)
    scene = _analysis(ui, game)
    old_table = scene.table
    old_table.game._history.clear()  # as when that position is more than 100 actions back
    result = scene.result
    assert result is not None and result.undo_steps is not None
    scene.undo_button.activate()
    ui.settle()
    table = ui.top
    assert isinstance(table, GameScene) and table is not old_table
    kept = kept_line(list(game.log))[: len(kept_line(list(game.log))) - result.undo_steps]
    assert table.game.log == kept
    assert table.game.code == WIN_CODE
    assert solve(table.game.position, table.game.rules, best=False).winnable is True


def test_a_deal_found_after_leaving_the_search_does_not_overrule_the_move(ui: Driver) -> None:
    from golf.solitaire.rules import EASY
    from scenes.solitaire.finding import FindDealScene

    app = ui.app
    app.settings = app.settings.with_winnable(EASY, True)
    app.flow.new_game(EASY)
    ui.frames(1)
    search = app.scenes.top
    assert isinstance(search, FindDealScene)
    search.job.future.result(timeout=60)  # the deal is found ...
    app.flow.to_title()  # ... but the player has already asked for the title (a fade runs)
    for _ in range(60):
        ui.frames(1)
    assert isinstance(app.scenes.top, TitleScene)
    assert search.cancelled
