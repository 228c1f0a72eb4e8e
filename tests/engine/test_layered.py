"""The layered search (golf/solitaire/layered.py): its position masks, its lines, and its agreement with
the depth-first search and with a plain exhaustive search."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golf.core.deal import MAX_DEAL, TABLEAU_SIZE
from golf.solitaire import engine, layered
from golf.solitaire.layered import INNER, RADIX, STRIDE, UNIVERSE, Layered
from golf.solitaire.rules import CLASSIC, EASY, Rules
from golf.solitaire.session import Game
from golf.solitaire.solver import BudgetExceeded, DealSolver, line_actions, solve
from tests.engine.test_solver import (
    NOTHING_ON_A_KING,
    naive_best,
    played_forward,
    rules_strategy,
    small_cases,
    small_position,
)

ANY_TIME_RULES = st.builds(
    Rules,
    king_ace=st.booleans(),
    queen_on_king=st.booleans(),
    draw_any_time=st.just(True),
    jokers=st.sampled_from([0, 0, 1, 2]),
    empty_waste=st.booleans(),
)


def index_of(digits: list[int]) -> int:
    return sum(d * STRIDE[c] for c, d in enumerate(digits))


def test_digit_masks_split_a_piece_by_each_column() -> None:
    masks = layered._digit_masks()
    every = (1 << UNIVERSE) - 1
    for c in range(INNER):
        union = 0
        for mask in masks[c]:
            assert union & mask == 0
            union |= mask
        assert union == every
    rng = random.Random(3)
    for _ in range(300):
        digits = [rng.randrange(RADIX) for _ in range(INNER)]
        index = index_of(digits)
        for c in range(INNER):
            for v in range(RADIX):
                assert (masks[c][v] >> index & 1) == (v == digits[c])


def test_level_masks_count_the_cards_played() -> None:
    levels = layered._level_masks()
    assert len(levels) == INNER * (RADIX - 1) + 1
    assert sum(mask.bit_count() for mask in levels) == UNIVERSE
    rng = random.Random(4)
    for _ in range(300):
        digits = [rng.randrange(RADIX) for _ in range(INNER)]
        index = index_of(digits)
        assert [n for n, mask in enumerate(levels) if mask >> index & 1] == [sum(digits)]


def replayed(start: engine.Position, rules: Rules, path: list[int]) -> Game:
    game = Game(start, rules)
    for action in line_actions(path):
        assert game.apply(action) is None
    return game


@pytest.mark.parametrize(
    ("number", "rules"),
    [
        (8, CLASSIC),
        (16, CLASSIC),
        (13, CLASSIC),
        (21, CLASSIC),
        (5, NOTHING_ON_A_KING),
        (17, NOTHING_ON_A_KING),
        (16, EASY),
        (1, EASY),
    ],
)
def test_whole_deals_agree_with_the_depth_first_search(number: int, rules: Rules) -> None:
    position = engine.deal(number, rules)
    outcome = DealSolver(position, rules).layered()
    game = replayed(position, rules, outcome.path)
    if outcome.winnable:
        assert game.status == "won" and outcome.left == 0
    else:
        assert game.position.left == outcome.left > 0
    deal = DealSolver(position, rules)
    line = deal.winning_line(depth_first=True)
    assert (line is not None) == outcome.winnable
    if line is None:
        best, _ = deal.best_line(at_least=1, known=deal.closest, depth_first=True)
        assert best == outcome.left
    assert outcome.states > 1


@settings(max_examples=40)
@small_cases(ANY_TIME_RULES)
def test_small_positions_match_a_plain_search(
    number: int, rules: Rules, heights: list[int], stock: int
) -> None:
    position = small_position(number, rules, heights, stock)
    truth = naive_best(position, rules)
    top = position.waste[-1] if position.waste else None
    outcome = Layered(position.columns, position.stock, top, rules.follows).run()
    assert outcome.winnable == (truth == TABLEAU_SIZE)
    assert TABLEAU_SIZE - outcome.left == truth
    assert replayed(position, rules, outcome.path).position.removed == truth


@settings(max_examples=40)
@small_cases(rules_strategy)
def test_the_depth_first_search_still_matches_a_plain_search(
    number: int, rules: Rules, heights: list[int], stock: int
) -> None:
    # The hints keep to the depth-first search: it stays exact on its own.
    position = small_position(number, rules, heights, stock)
    truth = naive_best(position, rules)
    deal = DealSolver(position, rules)
    line = deal.winning_line(depth_first=True)
    assert (line is not None) == (truth == TABLEAU_SIZE)
    if line is None:
        best, path = deal.best_line(at_least=1, known=deal.closest, depth_first=True)
        assert TABLEAU_SIZE - best == truth
        assert replayed(position, rules, path).position.removed == truth


@settings(max_examples=25)
@given(st.integers(0, MAX_DEAL - 1), ANY_TIME_RULES, st.integers(0, 40), st.integers(0, 1000))
def test_later_positions_of_a_deal_get_lines_from_where_they_are(
    number: int, rules: Rules, moves: int, seed: int
) -> None:
    start = engine.deal(number, rules)
    later = played_forward(number, rules, moves, seed)
    deal = DealSolver(start, rules)
    outcome = deal.layered(later)
    fresh = solve(later, rules)
    assert outcome.winnable == fresh.winnable
    assert TABLEAU_SIZE - outcome.left == fresh.best_removed
    game = replayed(later, rules, outcome.path)
    assert game.position.left == outcome.left
    # Asked again, the deal answers from what it kept.
    assert deal.layered(later) is outcome


def test_a_small_budget_keeps_to_the_depth_first_search() -> None:
    deal = DealSolver(engine.deal(5, CLASSIC), CLASSIC)
    with pytest.raises(BudgetExceeded):
        deal.winning_line(max_states=50)
    assert deal.outcomes == {}


def test_a_budget_the_layered_search_outgrows_still_gets_its_best_result() -> None:
    # The layered search counts more states than the budget; its best result still stands.
    result = solve(engine.deal(1, CLASSIC), CLASSIC, max_states=20_000)
    assert result.winnable is False and result.exact
    assert result.states > 20_000
    assert (
        result.best_removed
        == TABLEAU_SIZE - DealSolver(engine.deal(1, CLASSIC), CLASSIC).layered().left
    )
