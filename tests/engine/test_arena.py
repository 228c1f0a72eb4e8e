"""golf.solitaire.arena: the answers a player may give, the loop, the figures."""

from __future__ import annotations

import pytest

from golf.solitaire import engine
from golf.solitaire.arena import (
    HintPlayer,
    PlayerFault,
    PlayerView,
    action_of,
    figures,
    mean_interval,
    play_deal,
)
from golf.solitaire.engine import Action
from golf.solitaire.rules import EASY, STRICT

LEGAL = [Action.play(2), Action.play(5), Action.draw()]


class Liar(Action):
    """An action that says it equals every other."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = Action.__hash__


def test_an_answer_is_a_legal_action_or_its_token() -> None:
    assert action_of(Action.play(5), LEGAL) is LEGAL[1]
    assert action_of(" Play 2 ", LEGAL) is LEGAL[0]
    assert action_of("draw", LEGAL) is LEGAL[2]
    for wrong in ("play 3", "jump", Action.play(3), ("play", 2, 0), 2, None, "x" * 100):
        assert action_of(wrong, LEGAL) is None
    assert action_of(Liar("play", 3, 0), LEGAL) is None  # a subclass is not read


def test_a_fault_ends_the_game_lost_at_its_move() -> None:
    def player(view: PlayerView) -> object:
        if view.moves == 4:
            raise PlayerFault("slow", "1200")
        return view.legal[0]

    played = play_deal(7, EASY, player)
    assert played.fault is not None and (played.fault.move, played.fault.kind) == (5, "slow")
    assert not played.won and played.moves == 4 and len(played.actions) == 4
    left = 35 - played.removed
    assert played.score == max(0, 10 * played.removed - 10 * left)  # as if blocked there


def test_the_loop_plays_the_engines_game() -> None:
    played = play_deal(3, STRICT, lambda view: view.legal[0])
    position = engine.deal(3, STRICT)
    for action in played.actions:
        position = engine.apply(position, action, STRICT)
    assert engine.status(position, STRICT) != "playing"
    assert played.score == engine.score(position, STRICT) and played.fault is None


def test_the_hint_player_plays_the_same_game_on_the_same_deal() -> None:
    one, two = play_deal(2, STRICT, HintPlayer()), play_deal(2, STRICT, HintPlayer())
    assert one == two and one.fault is None


def test_the_figures_give_wilson_and_normal_intervals() -> None:
    assert mean_interval([]) == (0.0, 0.0)
    assert mean_interval([5.0]) == (5.0, 0.0)
    mean, half = mean_interval([0.0, 10.0])
    assert mean == 5.0 and half == pytest.approx(1.96 * 5.0)
    f = figures([play_deal(n, STRICT, lambda view: view.legal[0]) for n in range(4)])
    assert f.games == 4 and 0.0 <= f.low <= f.rate <= f.high <= 1.0
