"""The hint within a time budget: which action to suggest, with what win chance, and how the
table should say it.

:func:`timed_hint` asks :func:`golf.solitaire.hint.hint` for one sampled stock order at a time
(each with a small state budget) until the time is up, and adds up the wins of each action over
the orders it could evaluate. The time comes from the ``clock`` the caller passes in (the engine
reads no clock of its own); the sampled orders come from a generator seeded with the game's code
and move number (:func:`hint_seed`), never from the real stock order. :func:`hint_said` decides
how an answer is shown: how long the suggestion stays lit and which message goes with it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from golf.solitaire import engine, hint
from golf.solitaire.engine import Action, Position
from golf.solitaire.rules import Rules
from golf.solitaire.session import Game

__all__ = [
    "HINT_SECONDS",
    "HINT_SHOW",
    "REFINE_SECONDS",
    "REFINE_STATES",
    "SAMPLE_STATES",
    "STATES_PER_SECOND",
    "HintSaid",
    "TimedHint",
    "hint_said",
    "hint_seed",
    "timed_hint",
]

HINT_SECONDS: Final = 0.8
"""The hint's time budget (the answer shows within a second)."""
SAMPLE_STATES: Final = 10_000
"""The state budget of one sampled stock order (about a third of a second at worst)."""
STATES_PER_SECOND: Final = 12_000
"""A cautious rate of the solver on a thread beside the window: an order is only started with
the states the time left allows at this rate, so the answer is not late by a whole order."""
REFINE_SECONDS: Final = 4.0
"""When no order could be judged within the second, a second look this long follows."""
REFINE_STATES: Final = 60_000
"""The state budget of one order in that second look."""
HINT_SHOW: Final = 3.0
"""Seconds the suggested card stays highlighted."""


@dataclass(frozen=True)
class TimedHint:
    """What the hint button shows: the action, its win chance, how many orders were judged."""

    action: Action
    win_chance: float
    samples: int


def timed_hint(
    position: Position,
    rules: Rules,
    rng: random.Random,
    seconds: float,
    clock: Callable[[], float],
    max_samples: int = hint.DEFAULT_SAMPLES,
    sample_states: int = SAMPLE_STATES,
) -> TimedHint | None:
    """The best action as far as the player can know, judged over as many orders as ``seconds``
    of ``clock`` allow.

    None when no action is legal. With no order judged in time (a wide-open position), the
    first legal action that plays a card is suggested, with a win chance of 0 and 0 samples.
    """
    actions = engine.legal_actions(position, rules)
    if not actions:
        return None
    wins = dict.fromkeys(actions, 0.0)
    judged = 0
    deadline = clock() + seconds
    for _ in range(max_samples):
        left = deadline - clock()
        if left <= 0:
            break
        budget = min(sample_states, max(500, int(left * STATES_PER_SECOND)))
        one = hint.hint(position, rules, rng, samples=1, max_states=budget)
        if one is None or one.samples == 0:
            continue
        judged += 1
        for action, chance in one.chances:
            wins[action] += chance
    if judged == 0:
        plays = [a for a in actions if a.kind == engine.PLAY]
        return TimedHint((plays or actions)[0], 0.0, 0)
    best = max(range(len(actions)), key=lambda i: (wins[actions[i]], -i))
    return TimedHint(actions[best], wins[actions[best]] / judged, judged)


def hint_seed(game: Game) -> str:
    """The sampling seed of a hint: the game and its move number, never the stock's order."""
    return f"{game.code or 'layout'}:{len(game.log)}"


@dataclass(frozen=True)
class HintSaid:
    """How an answer shows: the action lit (None: no move at all), for how many seconds, the
    message's text key and its fields, and whether a second, longer look should follow."""

    action: Action | None
    seconds: float
    message: str
    fields: dict[str, int]
    look_again: bool


def hint_said(answer: TimedHint | None, refining: bool) -> HintSaid:
    """How to show ``answer`` (``refining``: it is the second look's)."""
    if answer is None:
        return HintSaid(None, 0.0, "hint.none", {}, False)
    unsure = answer.samples == 0
    seconds = HINT_SHOW + (REFINE_SECONDS if unsure else 0.0)
    if unsure and refining:
        return HintSaid(answer.action, seconds, "hint.unsure", {}, False)
    if unsure:
        return HintSaid(answer.action, seconds, "hint.refining", {}, True)
    fields = {"percent": round(answer.win_chance * 100), "samples": answer.samples}
    return HintSaid(answer.action, seconds, "hint.chance", fields, False)
