"""The solver in the window: the hint, winnable-only deals and the winnable indicator.

Answers come from the solver processes; the tests wait for them by joining the job's future, then
run one frame so the scene takes the answer in. The hint's figures are kept by position for the
window's life (``scenes.solitaire.hints.MEMO``): each test starts with none.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from golf.solitaire.engine import Action, Position, apply, deal, legal_actions
from golf.solitaire.hint_figure import Figure, Tally
from golf.solitaire.rules import CLASSIC, EASY, STRICT, Rules
from golf.solitaire.session import Game
from golf.solitaire.solver import solve
from scenes.solitaire.finding import FindDealScene
from scenes.solitaire.game import GameScene
from scenes.solitaire.layout import STOCK_SLOT
from scenes.solitaire.newgame import NewGameScene
from scenes.solitaire.solver_worker import PROVEN, find_winnable_deal, timed_hint
from tests.ui_driver import Driver, make_driver


@pytest.fixture(autouse=True)
def no_figures_kept() -> Iterator[None]:
    from scenes.solitaire.hints import MEMO

    MEMO.clear()
    yield
    MEMO.clear()


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Driver]:
    yield make_driver(None, tmp_path)
    pygame.event.clear()


def _table(ui: Driver, game: Game) -> GameScene:
    ui.app.flow.start_game(game)
    ui.settle()
    assert isinstance(ui.top, GameScene)
    return ui.top


def _answer(table: GameScene) -> None:
    """Wait for the hint under way and let the scene show it."""
    job = table.solver.hint_job
    assert job is not None
    job.future.result(timeout=30)
    table.update(0.0)


def _one_move_left() -> Position:
    """6♦ over 5♥ in column 1, 9♠ in column 2, 7♣ on the waste, 10♥ and K♣ in the stock.

    Only playing the 6 first wins, whatever the stock's order: 6 and 5 go, and the 9 waits for
    the 10. Drawing first buries the 7 and loses.
    """
    from golf.core.cards import parse_card

    c = {t: parse_card(t) for t in ("5H", "6D", "9S", "7C", "TH", "KC")}
    columns = ((c["5H"], c["6D"]), (c["9S"],), (), (), (), (), ())
    return Position(columns, (c["7C"],), (c["TH"], c["KC"]))


def test_hint_highlights_the_suggested_card_with_its_chance(ui: Driver) -> None:
    position = _one_move_left()
    table = _table(ui, Game(position, CLASSIC))
    ui.key(pygame.K_h, text="h")
    # on an idle machine the exact answer for two stock cards can arrive within the key's own
    # frames; otherwise "Thinking…" shows until it does
    if table.solver.thinking:
        assert any(t.text == ui.app.texts("hint.thinking") for t in table.toasts)
        _answer(table)
    assert table.hint is not None and table.hint[0] == 0  # column 1: the 6♦ on the 7♣
    texts = [t.text for t in table.toasts]
    assert ui.app.texts("hint.thinking") not in texts
    # two cards in the stock: the exact search answers, for a player who cannot see them
    assert "Win chance 100 % — exact" in texts, texts


def test_hint_agrees_with_the_solver_on_a_sure_win(ui: Driver) -> None:
    # a deal proven winnable with the stock known: the hint's action keeps some win
    game = Game.new(0, EASY)
    answer = timed_hint(game.position, game.rules, seconds=5.0)
    assert answer is not None
    assert answer.action in game.legal_actions()
    figure = answer.figure
    assert figure is not None and 0.0 <= figure.low <= figure.value <= figure.high <= 1.0


def test_hint_points_at_the_stock_when_nothing_plays(ui: Driver) -> None:
    from golf.core.cards import parse_card

    c = [parse_card(t) for t in ("KS", "2D", "9C", "8H")]
    position = Position(((c[0],), (), (), (), (), (), ()), (c[1],), (c[2], c[3]))
    table = _table(ui, Game(position, CLASSIC))
    table.show_hint()
    _answer(table)
    assert table.hint is not None and table.hint[0] == STOCK_SLOT


def _wait_for_looks(table: GameScene) -> None:
    """Take in the hint's looks until no further one is asked."""
    while table.solver.hint_job is not None:
        _answer(table)


def test_a_first_look_that_judged_no_order_is_followed_by_more(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scenes.solitaire import solver_worker

    real = solver_worker.timed_hint
    asked: list[str] = []

    def first_too_open(
        position: Position, rules: Rules, tally: Tally | None = None, **options: object
    ) -> solver_worker.TimedHint | None:
        asked.append("first" if options.get("move", True) else "again")
        if len(asked) == 1:  # as when no stock order could be judged within the second
            return real(position, rules, seconds=0.0, exact_stock=0)
        return real(position, rules, tally, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(solver_worker, "USE_PROCESSES", False)  # the stand-in runs here
    monkeypatch.setattr(solver_worker, "timed_hint", first_too_open)
    table = _table(ui, Game(_one_move_left(), CLASSIC))
    table.show_hint()
    _answer(table)
    assert table.hint is not None and table.hint[0] == 0  # a play is suggested at once
    assert table.toasts[-1].text == "Try this… working out the chance"
    assert table.solver.thinking  # the next look, asked at once
    _wait_for_looks(table)
    assert asked[:2] == ["first", "again"]
    assert table.toasts[-1].text == "Win chance 100 % — exact"


def test_an_estimate_only_narrows_then_gives_way_to_the_exact_chance(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scenes.solitaire import solver_worker

    position = _one_move_left()
    answers = [
        # 12 of 40 orders won by the policy, 30 of 40 by a player who knew them: 18-86 %
        solver_worker.TimedHint(
            Action.play(1), Tally(40, 12, 40, 30, shown=Figure(0.3, 0.18, 0.86))
        ),
        # 60 of 200, 190 of 200: alone, 24-98 %; the high end stays where it was
        solver_worker.TimedHint(None, Tally(200, 60, 200, 190, shown=Figure(0.3, 0.24, 0.98))),
    ]

    def looks(
        position: Position, rules: Rules, tally: Tally | None = None, **options: object
    ) -> solver_worker.TimedHint | None:
        if answers:
            return answers.pop(0)
        return solver_worker.TimedHint(Action.play(1), Tally(), 1.0)

    monkeypatch.setattr(solver_worker, "USE_PROCESSES", False)  # the stand-ins run here
    monkeypatch.setattr(solver_worker, "timed_hint", looks)
    table = _table(ui, Game(position, CLASSIC))
    table.show_hint()
    _answer(table)
    assert table.hint is not None and table.hint[0] == 0
    first = table.toasts[-1].text
    assert first == "Win chance about 30 % (18–86 %) — estimate, narrowing…"
    _answer(table)
    assert table.toasts[-1].text == "Win chance about 30 % (24–86 %) — estimate, narrowing…"
    _answer(table)
    assert table.toasts[-1].text == "Win chance 100 % — exact"
    assert table.solver.hint_job is None  # exact: no further look


def test_the_bubble_stays_until_the_player_acts(ui: Driver) -> None:
    from golf.core.cards import parse_card

    table = _table(ui, Game(_one_move_left(), CLASSIC))
    table.show_hint()
    _wait_for_looks(table)
    bubble = table.solver.bubble
    assert bubble is not None and bubble.text == "Win chance 100 % — exact"
    ui.frames(60 * 30)  # half a minute: no timer takes it away
    assert table.toasts == [bubble] and table.hint is not None and table.hint[0] == 0
    # a refused card's message passes over it; the bubble comes back once it has gone
    ui.act(Action.play(2))  # the 9♠ does not follow the 7♣
    assert table.toasts and table.toasts[-1] is not bubble
    ui.frames(60 * 5)
    assert table.toasts == [bubble] and table.hint is not None
    assert table.game.position.waste[-1] == parse_card("7C")
    # the player acts: the bubble and the light go
    ui.act(Action.draw())
    assert bubble not in table.toasts and table.hint is None
    assert table.solver.bubble is None


def test_the_same_position_shows_the_same_figure(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scenes.solitaire import hints, solver_worker

    monkeypatch.setattr(hints, "another_look", lambda known, position: False)  # one look
    game = Game.new(7, CLASSIC)  # 16 stock cards: an estimate
    table = _table(ui, game)
    table.show_hint()
    _answer(table)
    first = table.toasts[-1].text
    assert first.startswith("Win chance about ") and first.endswith(") — estimate"), first
    asked = 0
    real = solver_worker.submit_stoppable

    def counted(*args: object, **options: bool) -> object:
        nonlocal asked
        asked += 1
        return real(*args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(hints, "submit_stoppable", counted)
    # away and back (a draw, an undo): the same figure at once, nothing asked again
    ui.act(Action.draw())
    assert first not in [t.text for t in table.toasts]
    ui.key(pygame.K_u, text="u")
    table.show_hint()
    assert table.toasts[-1].text == first and asked == 0
    # the same deal started again: the same position, the same figure
    table.restart()
    ui.settle()
    again = ui.table
    assert again is not table
    again.show_hint()
    assert again.toasts[-1].text == first and asked == 0


def test_a_stale_hint_is_dropped(ui: Driver) -> None:
    table = _table(ui, Game(_one_move_left(), CLASSIC))
    table.show_hint()
    job = table.solver.hint_job
    assert job is not None
    table.act(Action.draw())  # the position changes before the answer is taken in
    job.future.result(timeout=30)
    table.update(0.0)
    assert table.hint is None
    assert table.solver.hint_job is None
    assert ui.app.texts("hint.thinking") not in [t.text for t in table.toasts]


def test_the_hint_speaks_french(tmp_path: Path) -> None:
    ui = make_driver(None, tmp_path, lang="fr")
    table = _table(ui, Game(_one_move_left(), CLASSIC))
    table.show_hint()
    assert table.toasts[-1].text == "Je réfléchis…"
    _answer(table)
    assert any(t.text == "Chance de gagner 100 % — exacte" for t in table.toasts)


@pytest.mark.parametrize("rules", [EASY, STRICT], ids=["easy", "strict"])
def test_winnable_only_deals_are_winnable(rules: Rules) -> None:
    for seed in range(3):
        game = find_winnable_deal(rules, random.Random(seed))
        assert game.code in PROVEN
        verdict = solve(game.position, game.rules, best=False, max_states=2_000_000)
        assert verdict.winnable is True
        replayed = Game(game.position, game.rules)
        for action in verdict.line:
            assert replayed.apply(action) is None
        assert replayed.status == "won"


def test_winnable_only_option_in_the_new_game_window(ui: Driver) -> None:
    ui.app.flow.open_new_game()
    ui.frames(2)
    window = ui.top
    assert isinstance(window, NewGameScene)
    row = next(c for c in window.choices if c.key == "new.winnable")
    assert row.value is False
    row.step(1)
    chosen = window.rules
    assert ui.app.settings.winnable(chosen)
    # kept for these rules only: another rule set shows it off, the first one on again
    other = "easy" if chosen != EASY else "classic"
    window._preset(other)
    assert row.value is False and not ui.app.settings.winnable(window.rules)
    window._preset(chosen.preset_name() or "classic")
    assert row.value is True
    window.random_deal()
    ui.frames(2)
    finding = ui.top
    assert isinstance(finding, FindDealScene)
    finding.job.future.result(timeout=60)
    ui.settle()
    table = ui.top
    assert isinstance(table, GameScene)
    assert table.game.code in PROVEN
    assert solve(table.game.position, table.game.rules, best=False).winnable is True
    # the table says so, with the label
    assert table.game.code is not None


def test_winnable_indicator_off_by_default_then_on(ui: Driver) -> None:
    table = _table(ui, Game(_one_move_left(), CLASSIC))
    assert table.solver.indicator_text() is None
    ui.app.change_settings(ui.app.settings.with_(winnable_indicator=True), save=False)
    table.update(0.0)
    assert table.solver.indicator_text() == "Winnable? …"
    job = table.solver.indicator_job
    assert job is not None
    job.future.result(timeout=30)
    table.update(0.0)
    won = solve(table.game.position, table.game.rules, best=False).winnable
    assert table.solver.indicator_text() == ("Still winnable" if won else "No longer winnable")


def test_the_hint_stops_sampling_when_its_time_is_up() -> None:
    # a clock that moves a second each time it is read: the deadline passes before any order
    # is judged whatever the machine's speed (16 cards in the stock: no exact search)
    ticks = iter(range(1000))

    def clock() -> float:
        return float(next(ticks))

    position = Game.new(7, CLASSIC).position
    answer = timed_hint(position, CLASSIC, seconds=0.9, clock=clock)
    assert answer is not None and not answer.exact
    assert answer.tally.played == 0 and answer.tally.judged == 0 and answer.figure is None
    assert answer.action in Game(position, CLASSIC).legal_actions()
    # time that hardly moves: the units of work go on until it is up
    ticks = iter(range(10**9))

    def slow() -> float:
        return next(ticks) * 0.004

    unbounded = timed_hint(position, CLASSIC, seconds=0.3, clock=slow)
    assert unbounded is not None and unbounded.tally.judged > 0
    assert unbounded.tally.played == 4 * unbounded.tally.judged
    figure = unbounded.figure
    assert figure is not None and 0.0 <= figure.low <= figure.value <= figure.high <= 1.0


def test_the_windows_hint_keeps_its_search_between_hints_of_a_game() -> None:
    from scenes.solitaire.solver_worker import KEPT
    from tests.engine.test_chance import later_position

    position = later_position(3, CLASSIC, 8)
    ticks = iter(range(10**9))

    def clock() -> float:
        return next(ticks) * 1e-9  # time hardly moves: the search finishes

    first = timed_hint(position, CLASSIC, clock=clock)
    assert first is not None and first.exact and first.action is not None
    search = KEPT.search
    assert search is not None
    states = search.states
    after = apply(position, first.action, CLASSIC)
    if legal_actions(after, CLASSIC):
        second = timed_hint(after, CLASSIC, clock=clock)
        assert second is not None and second.exact
        assert KEPT.search is search and search.states >= states
    other = timed_hint(deal(4, CLASSIC), CLASSIC, seconds=0.0, clock=clock)  # at once
    assert other is not None and KEPT.search is not search
