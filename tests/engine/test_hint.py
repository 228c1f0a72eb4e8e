"""Hints that never peek: blind to the stock's order, repeatable, legal, budgeted."""

from __future__ import annotations

import random

import pytest

from golf.core.cards import parse_card
from golf.solitaire import engine
from golf.solitaire.engine import Action, Position
from golf.solitaire.hint import Hint, hint, unseen_orders
from golf.solitaire.rules import CLASSIC, EASY, STRICT, Rules
from golf.solitaire.solver import solve


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def later(number: int, rules: Rules, moves: int, seed: int = 1) -> Position:
    rng = random.Random(seed)
    pos = engine.deal(number, rules)
    for _ in range(moves):
        legal = engine.legal_actions(pos, rules)
        if not legal:
            break
        pos = engine.apply(pos, rng.choice(legal), rules)
    return pos


def with_stock(position: Position, order: tuple[int, ...]) -> Position:
    return Position(position.columns, position.waste, order)


@pytest.mark.parametrize(("number", "rules", "moves"), [(3, EASY, 12), (8, CLASSIC, 15)])
def test_the_hint_does_not_depend_on_the_stock_order(number: int, rules: Rules, moves: int) -> None:
    position = later(number, rules, moves)
    shuffled = list(position.stock)
    random.Random(99).shuffle(shuffled)
    other = with_stock(position, tuple(reversed(position.stock)))
    third = with_stock(position, tuple(shuffled))
    assert other.stock != position.stock
    first = hint(position, rules, random.Random(5), samples=6, max_states=30_000)
    assert first is not None
    assert hint(other, rules, random.Random(5), samples=6, max_states=30_000) == first
    assert hint(third, rules, random.Random(5), samples=6, max_states=30_000) == first


def test_the_sampled_orders_are_blind_to_the_real_order() -> None:
    position = later(4, EASY, 10)
    reordered = with_stock(position, tuple(sorted(position.stock, reverse=True)))
    a = unseen_orders(position, random.Random(3), 5)
    assert a == unseen_orders(reordered, random.Random(3), 5)
    assert all(sorted(order) == sorted(position.stock) for order in a)
    assert len(set(a)) > 1


def test_the_hint_is_repeatable_and_legal() -> None:
    position = later(6, CLASSIC, 10)
    a = hint(position, CLASSIC, random.Random(1), samples=5, max_states=30_000)
    b = hint(position, CLASSIC, random.Random(1), samples=5, max_states=30_000)
    assert a is not None and a == b
    legal = engine.legal_actions(position, CLASSIC)
    assert a.action in legal
    assert [action for action, _ in a.chances] == legal
    assert all(0.0 <= chance <= 1.0 for _, chance in a.chances)
    assert a.win_chance == max(chance for _, chance in a.chances)
    assert 0 < a.samples <= 5


def test_the_hint_picks_a_move_that_keeps_the_win() -> None:
    # No stock: every sample is the real game. Playing the 6 first leaves the 4 stranded;
    # the 4 first lets the 5 and then the 6 follow.
    position = Position((cards("6♣"), cards("5♦ 4♠"), (), (), (), (), ()), cards("5♥"), ())
    result = hint(position, CLASSIC, random.Random(0), samples=3)
    assert result is not None
    assert result.action == Action.play(2)
    assert result.win_chance == 1.0
    chances = dict(result.chances)
    assert chances[Action.play(1)] == 0.0
    assert solve(engine.apply(position, result.action, CLASSIC), CLASSIC).winnable is True


def test_the_draw_can_be_the_hint() -> None:
    # Nothing follows the King under strict rules: the only move is the draw. If the 3 comes
    # first, the 4 must go on it and the 2 then waits for the Ace; if the Ace comes first, the
    # 4 goes on the 3 after it and the 2 is stranded. So the chance is the share of sampled
    # orders that start with the 3.
    position = Position((cards("2♣ 4♥"), (), (), (), (), (), ()), cards("K♥"), cards("3♠ A♦"))
    result = hint(position, STRICT, random.Random(0), samples=8)
    assert result is not None
    assert result.action == Action.draw()
    orders = unseen_orders(position, random.Random(0), 8)
    assert result.samples == 8
    assert result.win_chance == sum(order[0] == parse_card("3♠") for order in orders) / 8


def test_no_hint_once_the_game_is_over() -> None:
    blocked = Position((cards("K♣"), (), (), (), (), (), ()), cards("5♥"), ())
    assert hint(blocked, EASY, random.Random(0)) is None


def test_a_tiny_budget_still_gives_a_legal_move() -> None:
    position = engine.deal(5, CLASSIC)
    result = hint(position, CLASSIC, random.Random(2), samples=10, max_states=10)
    assert isinstance(result, Hint)
    assert result.action in engine.legal_actions(position, CLASSIC)
    assert result.samples == 0 and result.win_chance == 0.0


def test_the_timed_hint_reads_only_the_clock_it_is_given() -> None:
    from golf.solitaire.timed_hint import timed_hint

    position = engine.deal(7, CLASSIC)
    ticks = iter(range(100))
    answer = timed_hint(position, CLASSIC, 0.0, lambda: float(next(ticks)))
    assert answer is not None and answer.figure is None  # no time: a first play, unjudged
    assert answer.action in engine.legal_actions(position, CLASSIC)


def test_how_a_hint_shows_what_is_known_and_whether_more_is_coming() -> None:
    from golf.solitaire.hint_figure import Figure, Known, Tally
    from golf.solitaire.timed_hint import hint_said

    play = Action.play(3)
    none = hint_said(None, looking=False)
    assert none.action is None and none.message == "hint.none"
    exact = hint_said(Known(play, Figure.exactly(0.456), Tally()), looking=False)
    assert exact.action == play
    assert exact.message == "hint.exact" and exact.fields == {"percent": 46}
    # an estimate shows with its range, rounded outwards, and says whether it still narrows
    figure = Figure(0.2, 0.123, 0.456)
    fields = {"percent": 20, "low": 12, "high": 46}
    looking = hint_said(Known(play, figure, Tally()), looking=True)
    assert looking.message == "hint.estimate_refining" and looking.fields == fields
    done = hint_said(Known(play, figure, Tally()), looking=False)
    assert done.message == "hint.estimate" and done.fields == fields
    # no order judged yet: the move alone
    unsure = hint_said(Known(play, None, Tally()), looking=True)
    assert unsure.message == "hint.refining" and unsure.action == play
    assert hint_said(Known(play, None, Tally()), looking=False).message == "hint.unsure"


def test_further_looks_stop_when_exact_or_when_their_time_is_spent() -> None:
    from golf.solitaire.hint_figure import Figure, Known, Tally
    from golf.solitaire.timed_hint import LOOKS_SECONDS, another_look

    long_stock = engine.deal(7, CLASSIC)  # 16 cards
    play = Action.play(1)
    estimate = Figure(0.2, 0.1, 0.4)
    assert another_look(Known(play, estimate, Tally(), looked=1.0), long_stock)
    assert not another_look(Known(play, estimate, Tally(), looked=LOOKS_SECONDS), long_stock)
    assert not another_look(Known(play, Figure.exactly(0.3), Tally(), looked=1.0), long_stock)
    # every order tried by both players: only the exact search could say more, on a short stock
    short = later_position_with_stock(5)
    complete = Tally(played=10, played_won=2, judged=10, judged_won=5, orders=10)
    assert complete.complete
    assert another_look(Known(play, estimate, complete, looked=1.0), short)
    assert not another_look(Known(play, estimate, complete, looked=1.0), long_stock)


def later_position_with_stock(cards_left: int) -> Position:
    """Deal 3 played along the solver's line until ``cards_left`` stock cards are left."""
    position = engine.deal(3, CLASSIC)
    for action in solve(position, CLASSIC).line:
        if len(position.stock) <= cards_left:
            break
        position = engine.apply(position, action, CLASSIC)
    return position


@pytest.mark.slow
def test_the_exact_search_that_ran_out_finishes_in_a_further_look() -> None:
    from golf.solitaire.chance import ChanceSearch
    from golf.solitaire.timed_hint import EXACT_AGAIN_STOCK, exact_hint, timed_hint
    from tests.engine.test_chance import later_position

    position = later_position(6, CLASSIC, EXACT_AGAIN_STOCK)  # 3,044 draw states
    search = ChanceSearch(position, CLASSIC)

    def clock() -> float:  # the search's own work as the time: 1,000 states a second
        return search.states / 1000

    first = timed_hint(position, CLASSIC, 1.0, clock, search=search)
    assert first is not None and not first.exact and first.action is not None
    assert search.held > 0  # the states worked out in the first look are kept
    before = search.states
    again = exact_hint(position, CLASSIC, 1e9, clock, search=search)
    fresh_search = ChanceSearch(position, CLASSIC)
    fresh = fresh_search.chance(position)
    assert fresh is not None and again is not None and again.exact
    assert (again.action, again.exact_chance) == (fresh.action, fresh.value)
    assert search.states - before < fresh_search.states  # it went on from them
    # Not finished within its own time: no answer (the window keeps showing the estimate).
    search = ChanceSearch(position, CLASSIC)
    assert exact_hint(position, CLASSIC, 0.5, clock, search=search) is None
