"""The hint within a time budget: which action to suggest, and what it knows of the win chance.

A hint is a series of looks at one position. :func:`timed_hint` is one look: the exact search
of :mod:`golf.solitaire.chance` (best play for a player who cannot see the stock) first, when
the stock is short enough; when it finishes in time, the chance is exact. Otherwise (the first
look) the policy of :mod:`golf.solitaire.blind`, improved by play-outs of its best few places
to stop, picks the move, and the rest of the time adds sampled stock orders to the position's
evidence (:class:`golf.solitaire.hint_figure.Tally`), from which the estimate and its range
are worked out. The window keeps what each look found by position
(:class:`golf.solitaire.hint_figure.HintMemo`) and asks for further looks while the suggestion
shows (:func:`another_look`), each going on from the evidence and the exact search of the ones
before, until the chance is exact or :data:`LOOKS_SECONDS` have been spent on the position.
:func:`hint_said` says which text shows.

The time comes from the ``clock`` the caller passes in (the engine reads no clock of its own);
the sampled orders and the play-outs' generator are seeded with what the player sees of the
position (:func:`golf.solitaire.hint_figure.seed_of`), never with the real stock order, the
game's code or its move number.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from golf.solitaire import engine
from golf.solitaire.blind import BlindPlayer, blind
from golf.solitaire.chance import ChanceBudgetExceeded, ChanceSearch
from golf.solitaire.engine import Action, Position
from golf.solitaire.hint_figure import (
    SAMPLE_STATES,
    Figure,
    Known,
    Tally,
    extend,
    figure_key,
    figure_of,
    seed_of,
)
from golf.solitaire.rules import Rules

__all__ = [
    "EXACT_AGAIN_STOCK",
    "EXACT_SHARE",
    "EXACT_STOCK",
    "HINT_SECONDS",
    "KEEP_STATES",
    "LOOKS_SECONDS",
    "LOOK_SECONDS",
    "ROLLOUT_SHARE",
    "SAMPLE_STATES",
    "HintSaid",
    "TimedHint",
    "another_look",
    "exact_hint",
    "hint_said",
    "search_for",
    "timed_hint",
]

HINT_SECONDS: Final = 1.0
"""The first look's time budget (the suggestion shows within about a second)."""
LOOK_SECONDS: Final = 1.0
"""Each further look's."""
LOOKS_SECONDS: Final = 10.0
"""The looks at one position stop once this many seconds have been spent on it (the first
included): past that the range hardly narrows, and the hint's process is left idle."""
EXACT_STOCK: Final = 12
"""The first look tries the exact search when the stock holds at most this many cards (it
usually finishes within the second up to 8 or so, often up to 10)."""
EXACT_AGAIN_STOCK: Final = 10
"""The further looks try it with at most this many: each goes on from the states of the looks
before (asked cold at 10 cards, 97 of 100 positions measured finished within 9 s,
``docs/chance.md``)."""
EXACT_SHARE: Final = 0.7
"""The share of a look the exact search may take; the sampling gets the rest if it fails."""
ROLLOUT_SHARE: Final = 0.85
"""The first look's move (:meth:`BlindPlayer.rollout_action`) is found by this share of the
time (it usually takes a few hundredths of a second); the sampling gets the rest."""
KEEP_STATES: Final = 200_000
"""A search kept from hint to hint holds at most this many draw states (about 80 MB with its
other memos, :func:`search_for`)."""


@dataclass(frozen=True)
class TimedHint:
    """One look's answer: the action it suggests (None: a further look, which looks for none
    unless the exact search finishes), the evidence with its orders added, and the exact chance
    of a player who cannot see the stock when the search found it (``exact_chance``)."""

    action: Action | None
    tally: Tally
    exact_chance: float | None = None

    @property
    def exact(self) -> bool:
        return self.exact_chance is not None

    @property
    def figure(self) -> Figure | None:
        """The figure this look alone gives (None: no order played out yet)."""
        if self.exact_chance is not None:
            return Figure.exactly(self.exact_chance)
        return figure_of(self.tally)


def timed_hint(
    position: Position,
    rules: Rules,
    seconds: float,
    clock: Callable[[], float],
    tally: Tally | None = None,
    *,
    move: bool = True,
    exact_stock: int = EXACT_STOCK,
    sample_states: int = SAMPLE_STATES,
    search: ChanceSearch | None = None,
) -> TimedHint | None:
    """One look at ``position`` within ``seconds`` of ``clock``.

    None when no action is legal. The stock's order is never read: the position is looked at
    with its stock sorted. ``tally``: the evidence of the looks before (a first look starts
    one); ``move``: whether to find the move (the first look); ``search``, the exact search of
    earlier hints in the same game (:func:`search_for`), goes on from the work they did.
    """
    position = blind(position)
    if not engine.legal_actions(position, rules):
        return None
    if tally is None:
        tally = Tally.of(position)
    start = clock()
    if len(position.stock) <= exact_stock and seconds > 0:
        exact = _exact(position, rules, search, clock, start + EXACT_SHARE * seconds)
        if exact is not None:
            return TimedHint(exact.action, tally, exact.exact_chance)
    player = BlindPlayer(position, rules)
    action = None
    if move:
        rng = random.Random(seed_of(figure_key(position, rules)) + ":move")
        action = player.rollout_action(
            position, rng, clock=clock, deadline=start + ROLLOUT_SHARE * seconds
        )
        assert action is not None  # a legal action exists
    tally = extend(
        tally,
        position,
        rules,
        clock=clock,
        deadline=start + seconds,
        player=player,
        states=sample_states,
    )
    return TimedHint(action, tally)


def another_look(known: Known, position: Position) -> bool:
    """Whether a further look at ``position`` may still say more than ``known``: the chance is
    not exact, less than :data:`LOOKS_SECONDS` went into it, and either the evidence grows or
    the exact search may yet finish."""
    if known.figure is not None and known.figure.exact:
        return False
    if known.looked >= LOOKS_SECONDS - 1e-9:
        return False
    return not known.tally.full or len(position.stock) <= EXACT_AGAIN_STOCK


def exact_hint(
    position: Position,
    rules: Rules,
    seconds: float,
    clock: Callable[[], float],
    search: ChanceSearch | None = None,
) -> TimedHint | None:
    """The exact search alone within ``seconds`` of ``clock``: its answer, or None when it did
    not finish (or no action is legal); with the same ``search`` it goes on from the states of
    the looks before."""
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
    return TimedHint(answer.action, Tally(), answer.value)


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


@dataclass(frozen=True)
class HintSaid:
    """How a hint shows: the action lit (None: no move at all), the message's text key and its
    fields. It stays until the player acts (an action, an undo, a new game)."""

    action: Action | None
    message: str
    fields: dict[str, int]


def hint_said(known: Known | None, looking: bool) -> HintSaid:
    """How to show what is ``known`` of a position (None: no legal move); ``looking``: a
    further look is under way, and the text says so."""
    if known is None:
        return HintSaid(None, "hint.none", {})
    figure = known.figure
    if figure is None:
        return HintSaid(known.action, "hint.refining" if looking else "hint.unsure", {})
    if figure.exact:
        return HintSaid(known.action, "hint.exact", figure.fields())
    message = "hint.estimate_refining" if looking else "hint.estimate"
    return HintSaid(known.action, message, figure.fields())
