"""Invariants of the engine over random deals and random legal and illegal action sequences."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from golf.core.deal import MAX_DEAL
from golf.solitaire import engine
from golf.solitaire.engine import Action
from golf.solitaire.rules import Rules
from golf.solitaire.session import Game

rules_strategy = st.builds(
    Rules,
    king_ace=st.booleans(),
    queen_on_king=st.booleans(),
    draw_any_time=st.booleans(),
    jokers=st.integers(0, 2),
    empty_waste=st.booleans(),
    scoring=st.sampled_from(["points", "strokes"]),
)
any_action = st.one_of(
    st.just(Action.draw()),
    st.just(Action.undo()),
    st.just(Action.redo()),
    st.builds(Action.play, st.integers(1, 7), st.integers(0, 5)),
)
deal_numbers = st.integers(0, MAX_DEAL - 1)


def expected_points(pos: engine.Position, blocked: bool) -> int:
    return max(0, 10 * (35 - pos.left) - (10 * pos.left if blocked else 0))


@given(deal_numbers, rules_strategy, st.lists(any_action, max_size=120))
def test_invariants_hold_after_every_action(
    number: int, rules: Rules, actions: list[Action]
) -> None:
    game = Game.new(number, rules)
    deck = sorted(game.position.cards())
    assert deck == list(range(52 + rules.jokers))
    earlier = [game.position]
    undone: list[engine.Position] = []
    moves = 0
    for action in actions:
        before = game.position
        refusal = game.apply(action)
        assert game.moves >= moves
        moves = game.moves
        if refusal is not None:
            assert game.position == before
            continue
        if action.kind == "undo":
            undone.append(earlier.pop())
            assert game.position == earlier[-1]
        elif action.kind == "redo":
            earlier.append(undone.pop())
            assert game.position == earlier[-1]
        else:
            earlier.append(game.position)
            undone.clear()
        assert sorted(game.position.cards()) == deck
        blocked = game.status == "blocked"
        if rules.scoring == "points":
            assert game.score == expected_points(game.position, blocked)
        elif game.status == "won":
            assert game.score == -len(game.position.stock)
        else:
            assert game.score == game.position.left


@given(deal_numbers, rules_strategy, st.data())
def test_legal_actions_are_exactly_the_accepted_ones(
    number: int, rules: Rules, data: st.DataObject
) -> None:
    game = Game.new(number, rules)
    for _ in range(60):
        legal = set(game.legal_actions())
        for column in range(1, 8):
            play = Action.play(column)
            assert (game.refusal(play) is None) == (play in legal)
        assert (game.refusal(Action.draw()) is None) == (Action.draw() in legal)
        assert (not legal) == game.over
        if not legal:
            break
        game.apply(data.draw(st.sampled_from(sorted(legal))))


@given(rules_strategy)
def test_can_play_relation_is_symmetric_for_plain_ranks(rules: Rules) -> None:
    # One rank up or down is symmetric, except what the King rules make one-sided.
    for c in range(52):
        for w in range(52):
            if 13 not in (c % 13 + 1, w % 13 + 1):
                assert rules.may_play(c, w) == rules.may_play(w, c)
