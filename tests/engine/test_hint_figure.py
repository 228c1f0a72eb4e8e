"""The hint's figure: one per position, the same whoever works it out, a range that only narrows,
kept by what the player sees and never by what is hidden."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from golf.solitaire import engine
from golf.solitaire.blind import blind
from golf.solitaire.engine import Action, Position
from golf.solitaire.hint_figure import (
    CHECKPOINTS,
    FINAL_JUDGED,
    PLAYED_PER_JUDGED,
    Figure,
    HintMemo,
    Tally,
    estimate_of,
    extend,
    figure_key,
    figure_of,
    narrowed,
    order_at,
    seed_of,
)
from golf.solitaire.rules import CLASSIC, EASY
from tests.engine.test_chance import later_position, reorderings


def units(count: int) -> tuple[Callable[[], float], float]:
    """A clock read once per unit of work, and the deadline that lets ``count`` units run."""
    reads = iter(range(10**6))
    return (lambda: float(next(reads))), count - 0.5


def test_the_key_is_what_the_player_sees_never_the_stock_order() -> None:
    position = engine.deal(5, CLASSIC)
    key = figure_key(position, CLASSIC)
    for other in reorderings(position):
        assert figure_key(other, CLASSIC) == key
    # the waste under its top card changes nothing the chance depends on
    buried = Position(position.columns, (*position.waste[:-1], 0, position.waste[-1]), ())
    again = Position(position.columns, position.waste, ())
    assert figure_key(buried, CLASSIC) == figure_key(again, CLASSIC)
    # the rules, the columns, the top card and the stock's cards do
    assert figure_key(position, EASY) != key
    after = engine.apply(position, Action.draw(), CLASSIC)
    assert figure_key(after, CLASSIC) != key
    assert figure_key(blind(position), CLASSIC) == key
    assert "GO1" not in seed_of(key)  # no code, no deal number: only what is on the table


def test_the_sampled_orders_depend_on_the_seen_position_and_their_index_alone() -> None:
    position = blind(engine.deal(5, CLASSIC))
    seed = seed_of(figure_key(position, CLASSIC))
    first = [order_at(position, seed, i, None) for i in range(5)]
    assert len(set(first)) == 5
    assert all(sorted(order) == sorted(position.stock) for order in first)
    assert [order_at(position, seed, i, None) for i in (3, 1)] == [first[3], first[1]]


def test_the_same_position_gives_the_same_tally_in_one_go_or_in_slices() -> None:
    position = blind(later_position(5, CLASSIC, 14))
    clock, deadline = units(6)
    whole = extend(Tally.of(position), position, CLASSIC, clock=clock, deadline=deadline)
    assert whole.judged == 6 and whole.played == 6 * PLAYED_PER_JUDGED
    tally = Tally.of(position)
    for _ in range(3):
        clock, deadline = units(2)
        tally = extend(tally, position, CLASSIC, clock=clock, deadline=deadline)
    assert tally == whole
    assert figure_of(tally) == figure_of(whole)
    # the stock's real order changes nothing
    for seen in reorderings(position):
        clock, deadline = units(6)
        assert extend(Tally.of(seen), blind(seen), CLASSIC, clock=clock, deadline=deadline) == whole


def test_the_figure_changes_only_at_the_checkpoints_and_only_narrows() -> None:
    position = blind(later_position(5, CLASSIC, 14))
    tally = Tally.of(position)
    figures: list[Figure | None] = []
    for _ in range(20):
        clock, deadline = units(1)
        tally = extend(tally, position, CLASSIC, clock=clock, deadline=deadline)
        figures.append(figure_of(tally))
    assert figures[0] is None  # one order judged: before the first checkpoint
    for judged, (before, now) in enumerate(itertools.pairwise(figures), start=2):
        if judged not in CHECKPOINTS:
            assert now == before
        else:
            assert now is not None
            if before is not None:
                assert before.low <= now.low <= now.value <= now.high <= before.high
    # past the last checkpoint the tally is full: its figure is final
    clock, deadline = units(10**6)
    final = extend(tally, position, CLASSIC, clock=clock, deadline=deadline)
    assert final.full and final.judged == FINAL_JUDGED
    assert extend(final, position, CLASSIC, clock=clock, deadline=deadline + 10**6) == final


def test_a_few_orders_are_all_tried_and_the_bounds_are_exact() -> None:
    position = blind(later_position(3, CLASSIC, 4))
    tally = Tally.of(position)
    assert 0 < tally.orders <= 120
    clock, deadline = units(10**5)
    done = extend(tally, position, CLASSIC, clock=clock, deadline=deadline)
    assert done.complete and done.played == done.judged == tally.orders
    figure, exact = figure_of(done), estimate_of(done)
    assert figure is not None and exact is not None and not figure.exact
    assert exact.low == exact.value == done.played_won / done.orders
    assert exact.high == done.judged_won / done.orders
    # what shows lies within those exact bounds
    assert exact.low <= figure.low <= figure.value <= figure.high <= exact.high


def test_no_estimate_before_an_order_is_played_and_an_estimate_lies_in_its_range() -> None:
    assert estimate_of(Tally()) is None and figure_of(Tally()) is None
    figure = estimate_of(Tally(played=40, played_won=12, judged=10, judged_won=9))
    assert figure is not None and not figure.exact
    assert figure.low < figure.value == 0.3 < figure.high
    # no order judged: a player who knew them might win them all
    alone = estimate_of(Tally(played=40, played_won=12))
    assert alone is not None and alone.high == 1.0


def test_the_range_is_rounded_outwards_and_holds_the_estimate() -> None:
    assert Figure(0.2, 0.123, 0.456).fields() == {"percent": 20, "low": 12, "high": 46}
    assert Figure(0.5, 0.5, 0.5).fields() == {"percent": 50, "low": 50, "high": 50}
    assert Figure.exactly(0.456).fields() == {"percent": 46}
    # a value that rounds past its range's rounded end is shown at that end
    assert Figure(0.124, 0.121, 0.124).fields() == {"percent": 12, "low": 12, "high": 13}


bounds = st.tuples(
    st.floats(0, 1, allow_nan=False), st.floats(0, 1, allow_nan=False), st.floats(0, 1)
).map(lambda t: tuple(sorted(t)))


@given(st.lists(bounds, min_size=1, max_size=12))
def test_a_sequence_of_ranges_only_narrows(ranges: list[tuple[float, float, float]]) -> None:
    shown: Figure | None = None
    for low, value, high in ranges:
        now = narrowed(shown, Figure(value, low, high))
        assert now is not None
        assert now.low <= now.value <= now.high
        if shown is not None:
            assert shown.low <= now.low and now.high <= shown.high
            old, new = shown.fields(), now.fields()
            assert old["low"] <= new["low"] and new["high"] <= old["high"]
        shown = now


def test_an_exact_figure_replaces_the_estimate_and_stays() -> None:
    estimate = Figure(0.3, 0.2, 0.6)
    exact = narrowed(estimate, Figure.exactly(0.41))
    assert exact == Figure.exactly(0.41)
    assert narrowed(exact, Figure(0.3, 0.25, 0.5)) == exact
    assert narrowed(exact, None) == exact
    # a range that misses the one shown altogether leaves it as it was
    assert narrowed(estimate, Figure(0.8, 0.7, 0.9)) == estimate


def shown(tally: Tally) -> Tally:
    """``tally`` with the figure its counts give on their own, as at a checkpoint."""
    return replace(tally, shown=estimate_of(tally))


def test_the_memo_shows_the_same_figure_for_the_same_position() -> None:
    memo = HintMemo()
    position = engine.deal(5, CLASSIC)
    key = figure_key(position, CLASSIC)
    first = memo.take(key, Action.play(2), shown(Tally(40, 12, 10, 9)), 1.0)
    assert first is not None and memo.get(key) == first
    for seen in reorderings(position):
        assert memo.get(figure_key(seen, CLASSIC)) == first
    # a later look narrows it, keeps the action it showed, and counts the time
    later = memo.take(key, None, shown(Tally(200, 60, 50, 40)), 1.0)
    assert later is not None and later.action == Action.play(2) and later.looked == 2.0
    assert first.figure is not None and later.figure is not None
    assert first.figure.low <= later.figure.low and later.figure.high <= first.figure.high
    # the exact search's best action and chance replace them
    exact = memo.take(key, Action.draw(), later.tally, 1.0, exact=0.35)
    assert exact is not None and exact.action == Action.draw()
    assert exact.figure == Figure.exactly(0.35)
    # a further look at a position forgotten meanwhile brings nothing to show
    assert memo.take(figure_key(engine.deal(6, CLASSIC), CLASSIC), None, Tally(), 1.0) is None


def test_the_memo_forgets_the_positions_least_recently_asked() -> None:
    memo = HintMemo(size=2)
    keys = [figure_key(engine.deal(n, CLASSIC), CLASSIC) for n in range(3)]
    memo.take(keys[0], Action.draw(), Tally(), 1.0)
    memo.take(keys[1], Action.draw(), Tally(), 1.0)
    assert memo.get(keys[0]) is not None  # asked again: now the most recent
    memo.take(keys[2], Action.draw(), Tally(), 1.0)
    assert len(memo) == 2 and memo.get(keys[1]) is None and memo.get(keys[0]) is not None
