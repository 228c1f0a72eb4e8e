"""The client's mirror of a network game (``golfnet.mirror``): from a seat's views alone it keeps
a state the table draws, whose every card the seat may see is the real one, whose cards move as
the actions move them (a card keeps its number from one update to the next), and which is laid
again from the view when an update does not follow."""

from __future__ import annotations

import random

import pytest

from golf.sixcard.actions import NEXT_HOLE, Action
from golf.sixcard.ai import make_opponent
from golf.sixcard.game import State, apply, legal_actions, new_game
from golf.sixcard.rules import NEW_GAME, SixRules
from golf.sixcard.view import seat_view
from golfnet.mirror import STAND_IN, Mirror, told_action


def _game(rules: SixRules, players: int, seed: int) -> list[tuple[State, Action | None]]:
    """Every state of a whole game, each with the action that led to it."""
    rng = random.Random(seed)
    state = new_game(rng.randrange(26**7), players, rules)
    out: list[tuple[State, Action | None]] = [(state, None)]
    bots = [make_opponent("medium", rng.randrange(2**32)) for _ in range(players)]
    while state.phase != "game_over":
        if state.phase == "hole_over":
            action = legal_actions(state)[0]
        else:
            assert state.to_move is not None
            action = bots[state.to_move].decide(seat_view(state, state.to_move))
        state = apply(state, action)
        out.append((state, action))
    return out


def _told(action: Action | None, before: State, seat: int) -> Action | None:
    """The action as the server tells ``seat`` (another's opening choice without its place)."""
    if action is not None and before.phase == "opening" and before.to_move != seat:
        return told_action(action.kind)
    return action


@pytest.mark.parametrize(
    ("rules", "players", "seed"),
    [
        (NEW_GAME, 2, 1),
        (SixRules(peek=True), 3, 2),
        (SixRules(knock=True), 4, 3),
        (SixRules(grid=9, pairs=True), 2, 4),
    ],
)
def test_the_mirror_shows_each_view_and_follows_every_action(
    rules: SixRules, players: int, seed: int
) -> None:
    game = _game(rules, players, seed)
    for seat in range(players):
        mirror = Mirror()
        before = game[0][0]
        mirror_before = before
        for at, (state, action) in enumerate(game):
            view = seat_view(state, seat)
            followed = mirror.follow(view, at, _told(action, before, seat))
            again = seat_view(followed.state, seat)
            assert again == view  # the rules and the cut too: the view given back whole
            if at > 0:  # every update follows the one before: nothing is laid again
                assert followed.action is not None
            if action is not None and action.kind != NEXT_HOLE:
                prior = set(_cards(mirror_before))
                # a card keeps its number: only a card taken from the stock is new
                new = set(_cards(followed.state)) - prior - set(followed.renames.values())
                assert len(new) <= 1
            mirror_before = followed.state
            before = state


def _cards(state: State) -> list[int]:
    drawn = [state.drawn] if state.drawn is not None else []
    return [c for g in state.grids for c in g] + list(state.discard) + drawn


def test_a_card_not_seen_is_a_stand_in_and_is_renamed_where_it_lies_when_shown() -> None:
    game = _game(NEW_GAME, 2, 9)
    mirror = Mirror()
    for at, (state, action) in enumerate(game[:2]):
        mirror.follow(seat_view(state, 0), at, _told(action, game[max(0, at - 1)][0], 0))
    mine = mirror.state
    assert mine is not None
    hidden = [c for c in mine.grids[1] if c >= STAND_IN]
    assert len(hidden) == len(mine.grids[1])  # the other seat's grid: nothing seen yet
    hole_over = next(i for i, (s, _a) in enumerate(game) if s.phase in ("hole_over", "game_over"))
    for at in range(2, hole_over + 1):
        state, action = game[at]
        followed = mirror.follow(seat_view(state, 0), at, _told(action, game[at - 1][0], 0))
    assert followed.state.grids == state.grids  # the hole is over: every card shown
    assert all(c < STAND_IN for g in followed.state.grids for c in g)


def test_an_update_that_does_not_follow_lays_the_table_again_keeping_the_stand_ins() -> None:
    game = _game(NEW_GAME, 3, 5)
    mirror = Mirror()
    mirror.follow(seat_view(game[0][0], 1), 0, None)
    first = mirror.state
    assert first is not None
    at = 8  # the connection came back: updates 1 to 7 were never seen
    state = game[at][0]
    followed = mirror.follow(seat_view(state, 1), at, game[at][1])
    assert followed.action is None
    assert seat_view(followed.state, 1).grids == seat_view(state, 1).grids
    for seat, grid in enumerate(followed.state.grids):
        for slot, card in enumerate(grid):
            if card >= STAND_IN:  # still unseen: the same stand-in as before
                assert first.grids[seat][slot] == card


def test_told_action_reads_the_servers_tokens() -> None:
    assert told_action("flip") == Action("flip")
    assert told_action("replace 2 1") == Action("replace", 2, 1)
    assert told_action(None) is None
    assert told_action("nonsense") is None
