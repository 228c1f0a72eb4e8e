"""The computer opponents: always legal, never informed by hidden cards, stronger by level."""

from __future__ import annotations

import dataclasses
import random

import pytest

from golf.core.cards import parse_card
from golf.sixcard.actions import Action
from golf.sixcard.ai import LEVELS, UNKNOWN, Hard, Reckoner, make_opponent, prior, unseen
from golf.sixcard.game import State, apply, legal_actions, new_game
from golf.sixcard.rules import RANK, STANDARD, SixRules, grid_score
from golf.sixcard.simulate import ai_step, play_game, survey
from golf.sixcard.view import seat_view

VARIANTS = (
    STANDARD,
    SixRules(grid=4),
    SixRules(grid=9),
    SixRules(peek=True),
    SixRules(knock=True),
    SixRules(jokers=False),
    SixRules(jokers_cancel=False, twos_negative=True),
    SixRules(row_cancel=True, double_deck=True),
    SixRules(grid=9, knock=True, peek=True, row_cancel=True),
)


@pytest.mark.slow
def test_every_action_of_every_level_is_legal_over_thousands_of_holes() -> None:
    rng = random.Random(5)
    holes = 0
    actions = 0
    game = 0
    while holes < 2000:
        rules = VARIANTS[game % len(VARIANTS)]
        players = 2 + game % 3
        levels = [LEVELS[(game + k) % 3] for k in range(players)]
        opponents = [make_opponent(level, rng.randrange(2**32)) for level in levels]
        state = new_game(rng.randrange(10**9), players, rules)
        game += 1
        while not state.over:
            action = ai_step(state, opponents)
            assert action in legal_actions(state), (state.code, str(action))
            state = apply(state, action)
            actions += 1
            if state.phase in ("hole_over", "game_over"):
                holes += 1
    assert actions > 50_000


def scramble(state: State, seat: int, rng: random.Random) -> State:
    """The same game except for what ``seat`` cannot see: the stock and the face-down cards it
    has not looked at are dealt again in another order, and the random stream changes."""
    places: list[tuple[int, int]] = []
    for s, grid in enumerate(state.grids):
        known = state.up[s] | (state.peeked[s] if s == seat else 0)
        places.extend((s, i) for i in range(len(grid)) if not known >> i & 1)
    hidden = [state.grids[s][i] for s, i in places] + list(state.stock)
    rng.shuffle(hidden)
    grids = [list(g) for g in state.grids]
    for (s, i), c in zip(places, hidden, strict=False):
        grids[s][i] = c
    return dataclasses.replace(
        state,
        grids=tuple(tuple(g) for g in grids),
        stock=tuple(hidden[len(places) :]),
        rng=rng.randrange(2**64),
    )


def decision_states(count: int) -> list[State]:
    """States where a computer must decide, from games of every variant."""
    rng = random.Random(11)
    out: list[State] = []
    game = 0
    while len(out) < count:
        rules = VARIANTS[game % len(VARIANTS)]
        players = 2 + game % 4
        opponents = [make_opponent(LEVELS[k % 3], k) for k in range(players)]
        state = new_game(rng.randrange(10**9), players, rules)
        game += 1
        while state.hole < 3 and not state.over:
            if state.to_move is not None and rng.random() < 0.2:
                out.append(state)
            state = apply(state, ai_step(state, opponents))
    return out[:count]


def test_hidden_cards_never_reach_a_decision() -> None:
    rng = random.Random(3)
    changed = 0
    for state in decision_states(400):
        seat = state.to_move
        assert seat is not None
        twin = scramble(state, seat, rng)
        changed += twin.grids != state.grids or twin.stock != state.stock
        assert seat_view(twin, seat) == seat_view(state, seat)
        for level in LEVELS:
            seed = rng.randrange(2**32)
            a = make_opponent(level, seed).decide(seat_view(state, seat))
            b = make_opponent(level, seed).decide(seat_view(twin, seat))
            assert a == b, (level, state.code, state.hole)
    assert changed > 350  # the twins really differ in their hidden cards


def shown_up(state: State, seat: int, other: int) -> int:
    """The face-up cards of ``other`` that ``seat`` may see: none of another seat's opening
    choices while the opening lasts (they are made "simultaneously")."""
    return state.up[other] if state.phase != "opening" or other == seat else 0


def test_a_view_shows_no_face_down_card_of_another_seat_nor_the_stock() -> None:
    for state in decision_states(100):
        for seat in range(state.players):
            view = seat_view(state, seat)
            for s, grid in enumerate(view.grids):
                known = shown_up(state, seat, s) | (state.peeked[s] if s == seat else 0)
                for i, c in enumerate(grid):
                    assert (c is not None) == bool(known >> i & 1)
            if state.drawn_from == "stock" and state.to_move != seat:
                assert view.drawn is None
            assert view.stock_count == len(state.stock)
            assert not hasattr(view, "stock") and not hasattr(view, "rng")


def test_the_reckoning_is_exact_for_a_grid_all_known() -> None:
    rules = STANDARD
    state = new_game(8, 2)
    for seat in range(2):
        ranks = [c % 54 % 13 + 1 if c % 54 < 52 else 0 for c in state.grids[seat]]
        reck = Reckoner(ranks, prior(rules, 2), rules)
        assert reck.total == pytest.approx(grid_score(state.grids[seat], rules))


def test_one_change_is_reckoned_as_the_whole_grid_would_be() -> None:
    rng = random.Random(2)
    for rules in VARIANTS:
        if rules.row_cancel:
            continue  # overlapping lines are reckoned apart on purpose
        dist = prior(rules, 4)
        for _ in range(200):
            ranks = [rng.choice([UNKNOWN, *range(14)]) for _ in range(rules.grid)]
            reck = Reckoner(ranks, dist, rules)
            slot, r = rng.randrange(rules.grid), rng.randrange(14)
            changed = [*ranks[:slot], r, *ranks[slot + 1 :]]
            assert reck.with_slot(slot, r) == pytest.approx(Reckoner(changed, dist, rules).total)


def test_card_counting_sees_exactly_the_cards_hidden_from_the_seat() -> None:
    for state in decision_states(60):
        seat = state.to_move
        assert seat is not None
        hidden = list(state.stock)
        for s, grid in enumerate(state.grids):
            known = shown_up(state, seat, s) | (state.peeked[s] if s == seat else 0)
            hidden.extend(c for i, c in enumerate(grid) if not known >> i & 1)
        dist = unseen(seat_view(state, seat))
        for r in range(14):
            share = sum(1 for c in hidden if RANK[c] == r) / len(hidden)
            assert dist.p[r] == pytest.approx(share)


def test_opponents_with_the_same_seed_play_the_same_game() -> None:
    def run(seed: int) -> list[str]:
        opponents = [make_opponent(level, seed + k) for k, level in enumerate(LEVELS)]
        _, log = play_game(new_game(2024, 3), opponents)
        return [str(a) for a in log]

    assert run(1) == run(1)
    assert run(1) != run(2)


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="expected easy, medium, hard"):
        make_opponent("expert", 1)


def test_hard_beats_medium_beats_easy() -> None:
    rows = survey(["hard", "medium", "easy"], STANDARD, rounds=30, seed=1)
    hard, medium, easy = (r.mean for r in rows)
    assert hard < medium < easy
    assert easy - hard > 20


def knock_table(opponent: str, shown: int) -> State:
    """Knock rules; seat 0 holds kings, five face up and the sixth looked at; seat 1 holds
    ``opponent`` (row by row), the slots of the mask ``shown`` face up."""
    rules = SixRules(knock=True, peek=True)
    base = new_game(31, 2, rules)
    kings = tuple(parse_card(t) for t in ["KS", "KH", "KD", "KC", "KS", "KH"])
    other = tuple(parse_card(t) for t in opponent.split())
    return dataclasses.replace(
        base,
        seats=(0, 1),
        grids=(kings, other),
        up=(0b011111, shown),
        peeked=(0b100000, 0),
        phase="turn",
        to_move=0,
    )


def test_hard_knocks_from_a_clear_lead_only() -> None:
    view = seat_view(knock_table("QS JS 9S 9H 8H 7H", 0b000011), 0)
    assert Hard(1).decide(view) == Action.parse("knock")
    view = seat_view(knock_table("KS KH JK JK2 AS 9H", 0b011111), 0)
    assert Hard(1).decide(view) != Action.parse("knock")
