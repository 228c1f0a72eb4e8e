"""The exact solver: lines the engine accepts, verdicts checked by a plain exhaustive search,
bounds that never cut a real line, budgets, random winnable deals and the game analysis."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golf.core.cards import parse_card
from golf.core.deal import MAX_DEAL, TABLEAU_SIZE
from golf.solitaire import engine
from golf.solitaire.engine import Action, Position
from golf.solitaire.rules import CLASSIC, EASY, STRICT, Rules
from golf.solitaire.session import Game
from golf.solitaire.solver import DealSolver, analyse, solve, winnable_deal

NOTHING_ON_A_KING = Rules(king_ace=False, queen_on_king=False, draw_any_time=True)

rules_strategy = st.builds(
    Rules,
    king_ace=st.booleans(),
    queen_on_king=st.booleans(),
    draw_any_time=st.booleans(),
    jokers=st.sampled_from([0, 0, 1, 2]),
    empty_waste=st.booleans(),
)


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def naive_best(position: Position, rules: Rules) -> int:
    """The most tableau cards removed over every reachable position: plain exhaustive search
    with the engine's own moves, no pruning, no cleverness. Two positions with the same
    columns, stock and waste top have the same future (the engine reads no other waste card),
    so each is searched once: with the whole waste in the key, the positions a short stock and
    a few columns reach grew with every order of reaching them (one random example ran for
    minutes)."""
    best = position.removed
    seen: set[tuple[object, ...]] = set()
    stack = [position]
    while stack:
        p = stack.pop()
        key = (p.columns, p.waste_top, p.stock)
        if key in seen:
            continue
        seen.add(key)
        best = max(best, p.removed)
        for action in engine.legal_actions(p, rules):
            stack.append(engine.apply(p, action, rules))
    return best


def replay(position: Position, rules: Rules, line: tuple[Action, ...]) -> Game:
    """Play ``line`` through the session, asserting that every action is accepted."""
    game = Game(position, rules)
    for i, action in enumerate(line):
        refused = game.apply(action)
        assert refused is None, f"action {i + 1} ({action}) refused: {refused.text()}"
    return game


def small_cases(rules: st.SearchStrategy[Rules]) -> Callable[[Callable[..., None]], Any]:
    """Hypothesis cases of a small position (see :func:`small_position`): a deal number,
    rules drawn from ``rules``, the columns' heights and the stock's length."""
    return given(
        st.integers(0, MAX_DEAL - 1),
        rules,
        st.lists(st.integers(0, 3), min_size=7, max_size=7),
        st.integers(0, 7),
    )


def played_forward(number: int, rules: Rules, moves: int, seed: int) -> Position:
    """Deal ``number`` after ``moves`` random legal actions."""
    rng = random.Random(seed)
    pos = engine.deal(number, rules)
    for _ in range(moves):
        legal = engine.legal_actions(pos, rules)
        if not legal:
            break
        pos = engine.apply(pos, rng.choice(legal), rules)
    return pos


def small_position(number: int, rules: Rules, heights: list[int], stock: int) -> Position:
    """A real deal made small: each column cut to its first cards, a short stock."""
    pos = engine.deal(number, rules)
    columns = tuple(col[:h] for col, h in zip(pos.columns, heights, strict=True))
    return Position(columns, pos.waste, pos.stock[:stock])


# --- lines the engine accepts ----------------------------------------------------------------------


@settings(max_examples=25)
@given(
    st.integers(0, MAX_DEAL - 1),
    rules_strategy,
    st.integers(0, 30),
    st.integers(0, 1000),
)
def test_every_solver_line_replays_through_the_engine(
    number: int, rules: Rules, moves: int, seed: int
) -> None:
    position = played_forward(number, rules, moves, seed)
    result = solve(position, rules, max_states=20_000)
    game = replay(position, rules, result.line)
    assert game.position.removed == result.best_removed
    if result.winnable:
        assert game.status == "won"
        assert result.exact and result.best_removed == TABLEAU_SIZE
    elif result.winnable is False:
        assert result.best_removed < TABLEAU_SIZE
        if result.exact:
            # The best line ends where nothing more can be removed.
            assert not any(engine.legal_actions(game.position, rules)) or (
                engine.status(game.position, rules) == "playing"
            )


@pytest.mark.parametrize(
    ("number", "rules"),
    [(1, EASY), (2, EASY), (0, CLASSIC), (2, CLASSIC), (3, NOTHING_ON_A_KING), (6, STRICT)],
)
def test_winning_lines_of_whole_deals_win(number: int, rules: Rules) -> None:
    position = engine.deal(number, rules)
    result = solve(position, rules, best=False, max_states=200_000)
    assert result.winnable is not None
    if result.winnable:
        assert replay(position, rules, result.line).status == "won"


# --- verdicts checked by a plain exhaustive search -----------------------------------------------


@settings(max_examples=60)
@small_cases(rules_strategy)
def test_verdict_and_best_result_match_a_plain_search(
    number: int, rules: Rules, heights: list[int], stock: int
) -> None:
    position = small_position(number, rules, heights, stock)
    truth = naive_best(position, rules)
    result = solve(position, rules)
    assert result.exact
    assert result.winnable == (truth == TABLEAU_SIZE)
    assert result.best_removed == truth
    assert replay(position, rules, result.line).position.removed == truth


@settings(max_examples=60)
@small_cases(rules_strategy)
def test_the_bounds_never_cut_a_real_line(
    number: int, rules: Rules, heights: list[int], stock: int
) -> None:
    position = small_position(number, rules, heights, stock)
    deal = DealSolver(position, rules)
    state = deal.state_of(position)
    assert deal.bound(*state) >= naive_best(position, rules) - position.removed


@settings(max_examples=40)
@given(st.integers(0, MAX_DEAL - 1), rules_strategy, st.integers(0, 40), st.integers(0, 1000))
def test_reachable_cards_are_the_plain_fixpoint(
    number: int, rules: Rules, moves: int, seed: int
) -> None:
    # The cards that might ever be played, found card by card with the rules' own follows:
    # a column's top card goes once it may follow the top, a stock card or a card gone before.
    position = played_forward(number, rules, moves, seed)
    deal = DealSolver(engine.deal(number, rules), rules)
    heights, s, top = deal.state_of(position)
    tops = {top, *position.stock}
    columns = [list(col) for col in position.columns]
    gone: list[int] = []
    changed = True
    while changed:
        changed = False
        for col in columns:
            while col and any(col[-1] in rules.follows[t] for t in tops):
                gone.append(col.pop())
                tops.add(gone[-1])
                changed = True
    counts = deal.reachable(heights, s, top)
    assert counts[14] == len(gone)
    assert counts[:14] == [sum(deal.rank_index[c] == k for c in gone) for k in range(14)]


@pytest.mark.parametrize("rules", [CLASSIC, NOTHING_ON_A_KING, STRICT])
@pytest.mark.slow
def test_unwinnable_positions_of_real_deals_are_confirmed(rules: Rules) -> None:
    # Deals played forward until few cards are left, where the plain search is quick.
    checked = 0
    for number in range(40):
        position = small_position(number, rules, [2, 1, 2, 1, 2, 1, 2], 6)
        truth = naive_best(position, rules)
        if truth == TABLEAU_SIZE:
            continue
        result = solve(position, rules)
        assert result.winnable is False
        assert result.best_removed == truth
        checked += 1
    assert checked >= 5


def test_nothing_goes_on_a_king_when_the_rules_say_so() -> None:
    # Column 1 holds a lone Queen under a King: the King cannot go on the five.
    position = Position((cards("Q♣ K♦"), (), (), (), (), (), ()), cards("5♥"), ())
    result = solve(position, NOTHING_ON_A_KING)
    assert result.winnable is False
    assert result.best_removed == TABLEAU_SIZE - 2
    # With a Queen to come, the King goes on it, and then nothing can follow the King.
    position = Position((cards("Q♣ K♦"), (), (), (), (), (), ()), cards("5♥"), cards("Q♥"))
    result = solve(position, NOTHING_ON_A_KING)
    assert result.winnable is False and result.best_removed == TABLEAU_SIZE - 1
    assert result.line == (Action.draw(), Action.play(1))
    # With a Queen on a King allowed, both go.
    result = solve(position, CLASSIC)
    assert result.winnable is True
    assert result.line == (Action.draw(), Action.play(1), Action.play(1))


def test_a_joker_on_the_waste_takes_any_card() -> None:
    rules = Rules(jokers=1, king_ace=False)
    position = Position((cards("7♣"), cards("2♦"), (), (), (), (), ()), cards("JK"), ())
    result = solve(position, rules)
    assert result.winnable is False and result.best_removed == TABLEAU_SIZE - 1
    position = Position((cards("7♣"), cards("8♦"), (), (), (), (), ()), cards("JK"), ())
    assert solve(position, rules).winnable is True


def test_empty_waste_takes_any_first_card() -> None:
    rules = Rules(empty_waste=True)
    position = Position((cards("9♠"), cards("10♦"), (), (), (), (), ()), (), ())
    result = solve(position, rules)
    assert result.winnable is True
    assert replay(position, rules, result.line).status == "won"


def test_strict_rules_draw_only_when_stuck() -> None:
    # Drawing the Queen first wins; when a draw is allowed only if stuck, the 3 must go on the
    # 2 at once, and then the King, the 4 and the second 2 no longer link up.
    position = Position(
        (cards("4♦ K♠"), cards("3♣"), (), (), (), (), ()), cards("2♠"), cards("Q♦ 2♦")
    )
    anytime = solve(position, EASY)
    assert anytime.winnable is True
    assert anytime.line[0] == Action.draw()
    stuck = solve(position, EASY.with_(draw_any_time=False))
    assert stuck.winnable is False
    assert stuck.line == (Action.play(2), Action.draw(), Action.play(1))
    assert stuck.best_removed == TABLEAU_SIZE - 1


def test_a_won_or_blocked_position_needs_no_line() -> None:
    won = Position(((),) * 7, cards("5♥"), cards("6♥"))
    result = solve(won, EASY)
    assert result.winnable is True and result.line == ()
    assert result.best_removed == TABLEAU_SIZE
    blocked = Position((cards("K♣"), (), (), (), (), (), ()), cards("5♥"), ())
    result = solve(blocked, EASY)
    assert result.winnable is False and result.line == ()
    assert result.best_removed == TABLEAU_SIZE - 1


# --- what the solver reports ---------------------------------------------------------------------


def test_solving_is_deterministic_and_reports_its_work() -> None:
    position = engine.deal(5, CLASSIC)
    first = solve(position, CLASSIC)
    second = solve(position, CLASSIC)
    assert first.states == second.states > 0
    assert first.line == second.line
    assert first.winnable == second.winnable and first.best_removed == second.best_removed
    assert first.seconds >= 0


def test_the_clock_only_measures() -> None:
    ticks = iter([10.0, 12.5])
    result = solve(engine.deal(1, EASY), EASY, clock=lambda: next(ticks))
    assert result.seconds == 2.5
    assert result.winnable is True


def test_a_state_budget_leaves_the_verdict_open() -> None:
    position = engine.deal(5, CLASSIC)
    result = solve(position, CLASSIC, max_states=50)
    assert result.winnable is None and not result.exact and not result.decided
    assert result.states <= 51
    # The best line found so far is still a legal line.
    assert replay(position, CLASSIC, result.line).position.removed == result.best_removed


def test_deal_solver_refuses_positions_of_another_deal() -> None:
    deal = DealSolver(engine.deal(1, EASY), EASY)
    with pytest.raises(ValueError, match="not a later position"):
        deal.state_of(engine.deal(2, EASY))


def test_deal_solver_answers_later_positions_of_its_deal() -> None:
    position = engine.deal(1, EASY)
    deal = DealSolver(position, EASY)
    line = deal.winning_line()
    assert line is not None
    later = engine.apply(position, Action.draw(), EASY)
    assert (deal.winning_line(later) is not None) == (solve(later, EASY).winnable is True)


def test_a_reused_deal_solver_agrees_with_fresh_ones_along_a_game() -> None:
    # Deal GO1-E-AAAAAAA played draws first: once a win had been found, the state it ended in
    # must not be remembered as lost, or a later question about the same deal goes wrong.
    start = engine.deal(0, EASY)
    positions = [start]
    for _ in range(6):
        positions.append(engine.apply(positions[-1], Action.draw(), EASY))
    deal = DealSolver(start, EASY)
    for position in positions:
        fresh = solve(position, EASY, best=False).winnable
        assert (deal.winning_line(position) is not None) == fresh


@settings(max_examples=15)
@given(st.integers(0, MAX_DEAL - 1), rules_strategy, st.integers(0, 1000))
@pytest.mark.slow
def test_reused_verdicts_match_fresh_verdicts(number: int, rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    position = played_forward(number, rules, 8, seed)
    positions = [position]
    for _ in range(10):
        legal = engine.legal_actions(positions[-1], rules)
        if not legal:
            break
        positions.append(engine.apply(positions[-1], rng.choice(legal), rules))
    deal = DealSolver(position, rules)
    for later in rng.sample(positions, len(positions)):
        fresh = solve(later, rules, best=False, max_states=30_000).winnable
        if fresh is None:
            continue
        assert (deal.winning_line(later, max_states=60_000) is not None) == fresh


# --- winnable deals ------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [EASY, CLASSIC, NOTHING_ON_A_KING])
def test_winnable_deal_is_proven_winnable_and_repeatable(rules: Rules) -> None:
    number = winnable_deal(rules, random.Random(11))
    assert number == winnable_deal(rules, random.Random(11))
    result = solve(engine.deal(number, rules), rules, best=False)
    assert result.winnable is True
    assert replay(engine.deal(number, rules), rules, result.line).status == "won"


# --- analysis of a played game -------------------------------------------------------------------


def test_analysis_finds_the_move_that_lost_the_game() -> None:
    number = winnable_deal(CLASSIC, random.Random(4))
    start = engine.deal(number, CLASSIC)
    winning = solve(start, CLASSIC, best=False).line
    # Follow the winning line for a while, try a draw and take it back, then draw to the end.
    actions = [*winning[:6], Action.draw(), Action.undo()]
    pos = start
    for action in winning[:6]:
        pos = engine.apply(pos, action, CLASSIC)
    while pos.stock:
        actions.append(Action.draw())
        pos = engine.apply(pos, Action.draw(), CLASSIC)
    result = analyse(start, CLASSIC, actions)
    assert result.complete
    assert result.winnable is True and result.best_removed == TABLEAU_SIZE
    assert result.lost_after is not None and result.undo_steps is not None
    assert actions[result.lost_after] == Action.draw()
    assert result.lost_after >= 8  # the draw that was taken back did not count
    # Before that move the game could still be won; after it, not.
    game = Game(start, CLASSIC)
    for action in actions[: result.lost_after]:
        assert game.apply(action) is None
    assert solve(game.position, CLASSIC, best=False).winnable is True
    game.apply(actions[result.lost_after])
    assert solve(game.position, CLASSIC, best=False).winnable is False
    # And that many undos from the end bring the last winnable position back.
    final = Game(start, CLASSIC)
    for action in actions:
        final.apply(action)
    for _ in range(result.undo_steps):
        final.apply(Action.undo())
    assert solve(final.position, CLASSIC, best=False).winnable is True


def test_analysis_stopped_says_between_which_moves_the_game_was_lost() -> None:
    number = winnable_deal(CLASSIC, random.Random(4))
    start = engine.deal(number, CLASSIC)
    pos, actions = start, list(solve(start, CLASSIC, best=False).line[:6])
    for action in actions:
        pos = engine.apply(pos, action, CLASSIC)
    while pos.stock:
        actions.append(Action.draw())
        pos = engine.apply(pos, Action.draw(), CLASSIC)
    whole = analyse(start, CLASSIC, actions)
    assert whole.complete and whole.lost_after is not None and whole.lost_between is None
    assert whole.states > 0
    reports: list[tuple[int, int]] = []
    asked = 0

    def stop() -> bool:  # two questions after the deal's, then no more
        nonlocal asked
        asked += 1
        return asked > 2

    cut = analyse(start, CLASSIC, actions, stop=stop, report=lambda *r: reports.append(r))
    assert not cut.complete and cut.winnable is True and cut.lost_after is None
    assert cut.lost_between is not None
    good, bad = cut.lost_between
    assert good < whole.lost_after <= bad  # the losing move lies between them
    # told the phase and the positions searched after each question, never fewer
    assert [phase for phase, _ in reports] == [0, 1, 1]
    assert [count for _, count in reports] == sorted(count for _, count in reports)
    # stopped before the first question after the deal's: nothing known of where
    early = analyse(start, CLASSIC, actions, stop=lambda: True)
    assert early.winnable is True and not early.complete and early.lost_between is None


def test_analysis_of_a_game_still_winnable_names_no_move() -> None:
    start = engine.deal(1, EASY)
    line = solve(start, EASY).line
    result = analyse(start, EASY, list(line[:5]))
    assert result.winnable is True
    assert result.lost_after is None and result.undo_steps is None
    won = analyse(start, EASY, list(line))
    assert won.lost_after is None


def test_analysis_of_an_unwinnable_deal_gives_its_best_result() -> None:
    start = engine.deal(1, CLASSIC)
    result = analyse(start, CLASSIC, [Action.draw()])
    assert result.winnable is False
    assert result.best_removed == solve(start, CLASSIC).best_removed
    assert result.lost_after is None


def test_analysis_refuses_an_illegal_action() -> None:
    with pytest.raises(ValueError, match="refused"):
        analyse(engine.deal(1, STRICT), STRICT, [Action.play(1), Action.play(1), Action.draw()])
