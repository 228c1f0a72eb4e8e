"""``every_seat_fields``: every seat's view made at once is each seat's own view, and what the
seats see alike is one object (what the network server encodes once)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from golf.sixcard.actions import NEXT_HOLE_ACTION
from golf.sixcard.ai import make_opponent
from golf.sixcard.game import Match, State, new_game
from golf.sixcard.rules import STANDARD, SixRules
from golf.sixcard.view import every_seat_fields, seat_fields, seat_view

RULES = (
    STANDARD,
    SixRules(peek=True, cut=True, pairs=True),
    SixRules(grid=9, knock=True),
    SixRules(grid=4, peek=True),
    SixRules(grid=2),
)


def states(rules: SixRules, players: int, deal: int) -> Iterator[State]:
    """Every state of a game of easy computers."""
    match = Match(new_game(deal, players, rules))
    bots = [make_opponent("easy", s) for s in range(players)]
    while True:
        state = match.state
        yield state
        if state.over:
            return
        mover = state.to_move
        action = NEXT_HOLE_ACTION if mover is None else bots[mover].decide(seat_view(state, mover))
        assert match.apply(action) is None


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"grid{r.grid}-peek{r.peek}")
@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_seat_is_given_its_own_view_and_nothing_more(rules: SixRules, players: int) -> None:
    seen = 0
    for state in states(rules, players, 4000 + players):
        every = every_seat_fields(state)
        assert every == [seat_fields(state, s) for s in range(players)]
        seen += 1
    assert seen > 20


def test_what_the_seats_see_alike_is_one_object() -> None:
    shared_grids = 0
    for state in states(STANDARD, 4, 77):
        every = every_seat_fields(state)
        first, rest = every[0], every[1:]
        for name in ("discard", "scores", "seats", "phase", "to_move", "cut"):
            assert all(fields[name] is first[name] for fields in rest)
        if state.phase == "turn":
            # a grid as its face-up cards show it is the same object in every seat's view
            for g in range(4):
                assert len({id(fields["grids"][g]) for fields in every}) == 1
                shared_grids += 1
    assert shared_grids > 100


def test_during_the_opening_no_seat_sees_another_seats_choice() -> None:
    for state in states(SixRules(peek=True), 4, 12):
        if state.phase != "opening" or (not any(state.up) and not any(state.peeked)):
            continue
        for seat, fields in enumerate(every_seat_fields(state)):
            for other, grid in enumerate(fields["grids"]):
                if other != seat:
                    assert set(grid) == {None} and fields["up"][other] == 0
