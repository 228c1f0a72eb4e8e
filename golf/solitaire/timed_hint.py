"""The hint within a time budget: which action to suggest, with what win chance, and how the
table should say it.

:func:`timed_hint` first asks the exact search of :mod:`golf.solitaire.chance` (best play for a
player who cannot see the stock) when the stock is short enough; when it finishes in time, the
chance shown is exact. Otherwise the policy of :mod:`golf.solitaire.blind`, improved by play-outs
of its best few places to stop over sampled stock orders, picks the move, and the chance is shown as a range: at least what that policy wins over sampled stock
orders, at most what a player who *knew* the order could win (never that clairvoyant figure on
its own, which no real player reaches). The time comes from the ``clock`` the caller passes in
(the engine reads no clock of its own); the sampled orders come from a generator seeded with the
game's code and move number (:func:`hint_seed`), never from the real stock order.
:func:`hint_said` decides how an answer is shown: how long the suggestion stays lit and which
message goes with it, and whether a second, longer look follows: a wider one when no order could
be judged (:data:`REFINE_SECONDS`), or the exact search going on (:func:`exact_hint`) when it ran
out of the second on a short stock (:data:`EXACT_AGAIN_STOCK`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from golf.solitaire import engine, hint
from golf.solitaire.blind import BlindPlayer, blind, chance_range
from golf.solitaire.chance import ChanceBudgetExceeded, ChanceSearch
from golf.solitaire.engine import Action, Position
from golf.solitaire.rules import Rules
from golf.solitaire.session import Game

__all__ = [
    "EXACT",
    "EXACT_AGAIN_SECONDS",
    "EXACT_AGAIN_STOCK",
    "EXACT_SHARE",
    "EXACT_STOCK",
    "HINT_SECONDS",
    "HINT_SHOW",
    "KEEP_STATES",
    "REFINE_SECONDS",
    "REFINE_STATES",
    "ROLLOUTS",
    "ROLLOUT_SHARE",
    "SAMPLE_STATES",
    "WIDER",
    "HintSaid",
    "TimedHint",
    "exact_hint",
    "hint_said",
    "hint_seed",
    "search_for",
    "timed_hint",
]

HINT_SECONDS: Final = 1.0
"""The hint's time budget (the answer shows within about a second)."""
EXACT_STOCK: Final = 12
"""The exact search is tried when the stock holds at most this many cards (it usually finishes
within the second up to 8 or so, often up to 10)."""
EXACT_SHARE: Final = 0.7
"""The share of the time the exact search may take; the range gets the rest if it fails."""
ROLLOUT_SHARE: Final = 0.85
"""The move's play-outs (:meth:`BlindPlayer.rollout_action`) end by this share of the time
(they usually take a few hundredths of a second); the range gets the rest."""
SAMPLE_STATES: Final = 10_000
"""The state budget of the clairvoyant solver for one sampled stock order."""
EXACT_AGAIN_STOCK: Final = 10
"""When the exact search runs out of the second with at most this many stock cards, the range
shows and a second look gives the search :data:`EXACT_AGAIN_SECONDS` more (it goes on from the
states of the first): asked cold at 10 cards, 97 of 100 positions measured finish within the
two looks (``docs/chance.md``)."""
EXACT_AGAIN_SECONDS: Final = 8.0
"""The exact search's second look."""
REFINE_SECONDS: Final = 4.0
"""When no order could be judged within the second, a second look this long follows."""
REFINE_STATES: Final = 60_000
"""The state budget of one order in that second look."""
ROLLOUTS: Final = 400
"""At most this many sampled orders are played out by the policy for the range's low end."""
KEEP_STATES: Final = 200_000
"""A search kept from hint to hint holds at most this many draw states (about 80 MB with its
other memos, :func:`search_for`)."""
HINT_SHOW: Final = 3.0
"""Seconds the suggested card stays highlighted."""


@dataclass(frozen=True)
class TimedHint:
    """What the hint button shows: the action and the win chance of a player who cannot see
    the stock, exact (``exact``: ``win_chance``) or between ``low`` and ``high``.

    ``win_chance`` is then the policy's measured rate, ``samples`` the stock orders the
    clairvoyant bound was judged over (0: none in time, the range is not known) and
    ``rollouts`` the orders the policy played out. ``finish_later``: the exact search ran out
    of time on a stock short enough (:data:`EXACT_AGAIN_STOCK`) for a longer look to finish it.
    """

    action: Action
    win_chance: float
    samples: int
    exact: bool = False
    low: float = 0.0
    high: float = 1.0
    rollouts: int = 0
    finish_later: bool = False


def timed_hint(
    position: Position,
    rules: Rules,
    rng: random.Random,
    seconds: float,
    clock: Callable[[], float],
    max_samples: int = hint.DEFAULT_SAMPLES,
    sample_states: int = SAMPLE_STATES,
    rollouts: int = ROLLOUTS,
    search: ChanceSearch | None = None,
) -> TimedHint | None:
    """The best action as far as the player can know within ``seconds`` of ``clock``.

    None when no action is legal. The stock's order is never read: the position is looked at
    with its stock sorted. ``search``, the exact search of earlier hints in the same game
    (:func:`search_for`), goes on from the work they did.
    """
    position = blind(position)
    if not engine.legal_actions(position, rules):
        return None
    start = clock()
    finish_later = False
    if len(position.stock) <= EXACT_STOCK and seconds > 0:
        exact = _exact(position, rules, search, clock, start + EXACT_SHARE * seconds)
        if exact is not None:
            return exact
        finish_later = len(position.stock) <= EXACT_AGAIN_STOCK
    action = BlindPlayer(position, rules).rollout_action(
        position, rng, clock=clock, deadline=start + ROLLOUT_SHARE * seconds
    )
    assert action is not None  # a legal action exists
    left = max(0.0, start + seconds - clock())
    bounds = chance_range(
        position,
        rules,
        rng,
        rollouts=rollouts,
        samples=max_samples,
        clock=clock,
        seconds=left,
        max_states=sample_states,
    )
    return TimedHint(
        action,
        bounds.policy.rate,
        bounds.clairvoyant.tried,
        low=bounds.low,
        high=bounds.high,
        rollouts=bounds.policy.tried,
        finish_later=finish_later,
    )


def exact_hint(
    position: Position,
    rules: Rules,
    seconds: float,
    clock: Callable[[], float],
    search: ChanceSearch | None = None,
) -> TimedHint | None:
    """The exact search alone within ``seconds`` of ``clock``: its answer, or None when it did
    not finish (or no action is legal). The second look after a hint whose search ran out of
    time (``finish_later``); with the same ``search`` it goes on from the first look's states."""
    return _exact(blind(position), rules, search, clock, clock() + seconds)


def _exact(
    position: Position,
    rules: Rules,
    search: ChanceSearch | None,
    clock: Callable[[], float],
    deadline: float,
) -> TimedHint | None:
    """The exact search's answer by ``deadline``, or None (out of time, or no legal action)."""
    try:
        answer = search_for(position, rules, search).chance(
            position, clock=clock, deadline=deadline
        )
    except ChanceBudgetExceeded:
        return None
    if answer is None:
        return None
    value = answer.value
    return TimedHint(answer.action, value, 0, exact=True, low=value, high=value)


def search_for(position: Position, rules: Rules, kept: ChanceSearch | None) -> ChanceSearch:
    """``kept`` when ``position`` is a position of its game under the same rules (it goes on
    from the states it has worked out), else a new search from ``position``.

    Past :data:`KEEP_STATES` draw states held, ``kept`` first forgets those the game can no
    longer reach (:meth:`ChanceSearch.forget_out_of_reach`); it is let go only if it still
    holds more. Letting it all go would lose the work of the last hints just as the stock gets
    short enough for the exact answer. A search let go is released at once
    (:meth:`ChanceSearch.release`): it holds nothing after (asked again, it starts afresh).
    """
    if kept is not None and kept.rules == rules:
        try:
            kept.heights_of(position)
        except ValueError:
            pass  # another game, or a position before the one the search began at (an undo)
        else:
            if kept.held > KEEP_STATES:
                kept.forget_out_of_reach(position)
            if kept.held <= KEEP_STATES:
                return kept
    if kept is not None:
        kept.release()  # let go: its memory now, not at the garbage collector's next round
    return ChanceSearch(position, rules)


def hint_seed(game: Game) -> str:
    """The sampling seed of a hint: the game and its move number, never the stock's order."""
    return f"{game.code or 'layout'}:{len(game.log)}"


@dataclass(frozen=True)
class HintSaid:
    """How an answer shows: the action lit (None: no move at all), for how many seconds, the
    message's text key and its fields, and which second, longer look should follow: none
    (``""``), :data:`WIDER` (the range judged over more time and bigger orders) or
    :data:`EXACT` (:func:`exact_hint`)."""

    action: Action | None
    seconds: float
    message: str
    fields: dict[str, int]
    look_again: str


WIDER: Final = "wider"
EXACT: Final = "exact"


def hint_said(answer: TimedHint | None, refining: bool) -> HintSaid:
    """How to show ``answer`` (``refining``: it is the second look's, or the first look's
    shown again when the second did not finish)."""
    if answer is None:
        return HintSaid(None, 0.0, "hint.none", {}, "")
    if answer.exact:
        fields = {"percent": round(answer.win_chance * 100)}
        return HintSaid(answer.action, HINT_SHOW, "hint.exact", fields, "")
    unsure = answer.samples == 0
    if unsure:
        seconds = HINT_SHOW + REFINE_SECONDS
        if refining:
            return HintSaid(answer.action, seconds, "hint.unsure", {}, "")
        return HintSaid(answer.action, seconds, "hint.refining", {}, WIDER)
    # The range is rounded outwards: the low end down, the high end up.
    fields = {"low": math.floor(answer.low * 100), "high": math.ceil(answer.high * 100)}
    if answer.finish_later and not refining:
        seconds = HINT_SHOW + EXACT_AGAIN_SECONDS
        return HintSaid(answer.action, seconds, "hint.range_refining", fields, EXACT)
    return HintSaid(answer.action, HINT_SHOW, "hint.range", fields, "")
