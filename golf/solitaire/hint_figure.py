"""The hint's win chance as the table shows it: one figure for a position, exact or an estimate
with its range, that only ever narrows as the search goes on, and the same every time the
position is asked about.

* **The figure** (:class:`Figure`): the exact chance of a best player who cannot see the stock
  when :mod:`golf.solitaire.chance` found it, else an estimate and its range. The estimate is
  what the quick policy of :class:`golf.solitaire.blind.BlindPlayer` (a real player: it never
  sees the order) wins over sampled stock orders; the range runs from the low end of that
  rate's 95 % interval (a best player wins at least as often) to the high end of the interval
  of what a player who *knew* the order could win (no real player wins more). With at most
  :data:`~golf.solitaire.blind.ENUMERATE_ORDERS` distinct rank orders every one is tried, and
  both ends are exact bounds.
* **The evidence** (:class:`Tally`): how many orders each player was tried on and won. Order
  ``i`` of a position is drawn from a generator seeded with what the player sees and ``i``
  alone (:func:`order_at`), so the tally after ``n`` orders is the same whoever works it out,
  in whatever slices of time: a recomputation agrees, and a later look goes on from it.
* **Only narrowing, at fixed steps** (:data:`CHECKPOINTS`): the figure changes only when the
  tally reaches one of a few sizes, and each new range is intersected with the one shown
  before (:func:`narrowed`). The figure is thus a function of the position and of how far the
  tally has got, whatever the slices of time it was worked out in, and every position ends at
  the same figure once its tally is :attr:`~Tally.full` (:data:`FINAL_JUDGED`). An exact
  figure, once found, replaces the estimate for good.
* **The key** (:func:`figure_key`): the rules, the columns, the waste's top card and the
  stock's cards *sorted* -- all of it what the player sees (the stock's cards are those seen
  nowhere else). Never the stock's order, the game's code or its deal number: two positions
  that look the same get the same figure, so the figure cannot tell one from the other.
  :class:`HintMemo` keeps the figures by that key.
"""

from __future__ import annotations

import math
import random
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from golf.core.arena import wilson
from golf.solitaire import engine
from golf.solitaire.blind import ENUMERATE_ORDERS, BlindPlayer, rank_orders
from golf.solitaire.chance import orders_of
from golf.solitaire.engine import Action, Position
from golf.solitaire.rules import Rules
from golf.solitaire.solver import BudgetExceeded, DealSolver

__all__ = [
    "CHECKPOINTS",
    "FINAL_JUDGED",
    "MEMO_SIZE",
    "PLAYED_PER_JUDGED",
    "SAMPLE_STATES",
    "Figure",
    "FigureKey",
    "HintMemo",
    "Known",
    "Tally",
    "estimate_of",
    "extend",
    "figure_key",
    "figure_of",
    "narrowed",
    "order_at",
    "seed_of",
]

SAMPLE_STATES: Final = 10_000
"""The clairvoyant solver's state budget for one order; an order it cannot decide within it
counts as won (the high end stays a bound)."""
PLAYED_PER_JUDGED: Final = 4
"""Orders the quick policy plays out for each order the clairvoyant solver judges (a play-out
costs a few milliseconds, a judgement a few hundredths of a second)."""
FINAL_JUDGED: Final = 200
"""The tally stops growing at this many judged orders (and four times as many played out):
the figure is then final, the same on every machine (a few seconds' work)."""
CHECKPOINTS: Final = frozenset({2, 4, 8, 16, 32, 64, 128, FINAL_JUDGED})
"""The judged orders at which the figure is worked out again (and narrowed)."""
MEMO_SIZE: Final = 4_096
"""Positions whose figure :class:`HintMemo` keeps (the least recently asked go first)."""

FigureKey = tuple[Rules, tuple[tuple[int, ...], ...], int | None, tuple[int, ...]]


def figure_key(position: Position, rules: Rules) -> FigureKey:
    """What the figure of ``position`` depends on, and all of it seen by the player: the rules,
    the columns, the waste's top card and the stock's cards sorted (never their order)."""
    return (
        rules,
        tuple(tuple(column) for column in position.columns),
        position.waste_top,
        tuple(sorted(position.stock)),
    )


def seed_of(key: FigureKey) -> str:
    """The seed of the sampled orders of a position: its key as text (``random.Random``
    hashes a text seed the same way in every process and on every machine)."""
    rules, columns, top, stock = key
    return f"hint:{rules!r}:{columns}:{top}:{stock}"


def order_at(
    position: Position, seed: str, index: int, every: list[tuple[int, ...]] | None
) -> tuple[int, ...]:
    """Stock order ``index`` of a position: the ``index``-th of ``every`` distinct rank order
    when they are all tried, else a shuffle of the stock's sorted cards by a generator seeded
    with ``seed`` and ``index`` alone (the real order is never read)."""
    if every is not None:
        return every[index]
    cards = sorted(position.stock)
    random.Random(f"{seed}:{index}").shuffle(cards)
    return tuple(cards)


@dataclass(frozen=True)
class Tally:
    """The sampled evidence about a position: ``played`` orders the quick policy played out
    (``played_won`` won), ``judged`` orders a player who knew them was judged on (``judged_won``
    won, or undecided within :data:`SAMPLE_STATES`). ``orders``: the number of distinct rank
    orders when every one of them is tried in turn (0: they are sampled). ``shown``: the figure
    as of the last checkpoint reached (:data:`CHECKPOINTS`; None before the first)."""

    played: int = 0
    played_won: int = 0
    judged: int = 0
    judged_won: int = 0
    orders: int = 0
    shown: Figure | None = None

    @staticmethod
    def of(position: Position) -> Tally:
        """An empty tally for ``position`` (every order tried when they are few enough)."""
        count = orders_of(position.stock)
        return Tally(orders=count if count <= ENUMERATE_ORDERS else 0)

    @property
    def complete(self) -> bool:
        """Whether every distinct rank order has been tried by both players."""
        return self.orders > 0 and self.played >= self.orders and self.judged >= self.orders

    @property
    def full(self) -> bool:
        """Whether the tally grows no more (complete, or at :data:`FINAL_JUDGED`)."""
        return self.complete or self.judged >= FINAL_JUDGED


def extend(
    tally: Tally,
    position: Position,
    rules: Rules,
    *,
    clock: Callable[[], float],
    deadline: float,
    player: BlindPlayer | None = None,
    states: int = SAMPLE_STATES,
) -> Tally:
    """``tally`` with more orders tried, until ``clock()`` passes ``deadline`` or it is
    :attr:`~Tally.full`.

    The work goes in whole units (:data:`PLAYED_PER_JUDGED` play-outs and one judgement), the
    clock read before each: the tally is always one a recomputation reaches too, and so is its
    figure (worked out at the checkpoints it passes). ``position`` must be seen as the player
    sees it (its stock sorted); ``player`` may be one already made for it.
    """
    seed = seed_of(figure_key(position, rules))
    every = rank_orders(position) if tally.orders else None
    most = tally.orders or math.inf
    if player is None:
        player = BlindPlayer(position, rules)
    played, played_won, judged, judged_won = (
        tally.played,
        tally.played_won,
        tally.judged,
        tally.judged_won,
    )
    shown = tally.shown
    while judged < FINAL_JUDGED and (played < most or judged < most):
        if clock() > deadline:
            break
        for _ in range(PLAYED_PER_JUDGED):
            if played >= most:
                break
            played_won += player.wins_from(position, order_at(position, seed, played, every))
            played += 1
        if judged < most:
            order = order_at(position, seed, judged, every)
            judged_won += _clairvoyant_wins(
                Position(position.columns, position.waste, order), rules, states
            )
            judged += 1
        now = Tally(played, played_won, judged, judged_won, tally.orders)
        if now.complete:
            # Every order tried: both ends are exact bounds, and what was shown before gives
            # way to them where it does not meet them.
            counted = estimate_of(now)
            assert counted is not None  # every order was played out
            shown = narrowed(shown, counted) if _meets(shown, counted) else counted
            break
        if judged in CHECKPOINTS:
            shown = narrowed(shown, estimate_of(now))
    return Tally(played, played_won, judged, judged_won, tally.orders, shown)


def _clairvoyant_wins(sample: Position, rules: Rules, states: int) -> bool:
    """Whether a player who knew the order could win ``sample``; True when the solver cannot
    decide within ``states`` (the high end of the range stays a bound)."""
    if engine.is_won(sample):
        return True
    try:
        return DealSolver(sample, rules).winning_line(max_states=states) is not None
    except BudgetExceeded:
        return True


@dataclass(frozen=True)
class Figure:
    """The win chance as it is shown: ``value`` exact (``exact``; then ``low`` and ``high`` are
    it too), or an estimate between ``low`` and ``high``."""

    value: float
    low: float
    high: float
    exact: bool = False

    @staticmethod
    def exactly(value: float) -> Figure:
        return Figure(value, value, value, exact=True)

    def fields(self) -> dict[str, int]:
        """The whole percents the texts show: ``percent`` (rounded), and for an estimate
        ``low`` rounded down and ``high`` rounded up (the range is never shown narrower than
        it is, and the estimate always lies within it)."""
        percent = round(self.value * 100)
        if self.exact:
            return {"percent": percent}
        low, high = math.floor(self.low * 100 + 1e-9), math.ceil(self.high * 100 - 1e-9)
        return {"percent": min(max(percent, low), high), "low": low, "high": high}


def figure_of(tally: Tally) -> Figure | None:
    """The estimate a tally shows: its figure as of the last checkpoint it reached (None
    before the first)."""
    return tally.shown


def _meets(shown: Figure | None, other: Figure) -> bool:
    return shown is None or (shown.low <= other.high and other.low <= shown.high)


def estimate_of(tally: Tally) -> Figure | None:
    """The estimate a tally's counts give on their own (None before any order is played)."""
    if not tally.played:
        return None
    rate = tally.played_won / tally.played
    every = tally.orders > 0
    low = (
        rate
        if every and tally.played >= tally.orders
        else wilson(tally.played_won, tally.played)[0]
    )
    if not tally.judged:
        high = 1.0
    elif every and tally.judged >= tally.orders:
        high = tally.judged_won / tally.judged
    else:
        high = wilson(tally.judged_won, tally.judged)[1]
    high = max(high, low)
    return Figure(min(max(rate, low), high), low, high)


def narrowed(previous: Figure | None, new: Figure | None) -> Figure | None:
    """The figure to show once ``new`` is worked out for a position that showed ``previous``.

    An exact figure stays (and replaces an estimate); otherwise the new range is intersected
    with the previous one, so it never widens and never moves outside it, and the estimate is
    kept within it. A new range that misses the previous one altogether (95 % intervals may)
    leaves the previous figure as it was.
    """
    if new is None or (previous is not None and previous.exact):
        return previous
    if previous is None or new.exact:
        return new
    low, high = max(previous.low, new.low), min(previous.high, new.high)
    if low > high:
        return previous
    return Figure(min(max(new.value, low), high), low, high)


@dataclass(frozen=True)
class Known:
    """What the hint knows of a position: the action it suggests, the figure shown (None: no
    order judged yet), the evidence, and the seconds of search spent on it so far."""

    action: Action
    figure: Figure | None
    tally: Tally
    looked: float = 0.0


class HintMemo:
    """The figures the hint has shown, by position (:func:`figure_key`), so that the same
    position always shows the same figure -- or a narrower one, once the search went on.

    Kept by the window's process for as long as it runs; the least recently asked positions
    are forgotten past ``size``.
    """

    def __init__(self, size: int = MEMO_SIZE) -> None:
        self.size = size
        self._known: OrderedDict[FigureKey, Known] = OrderedDict()

    def __len__(self) -> int:
        return len(self._known)

    def get(self, key: FigureKey) -> Known | None:
        known = self._known.get(key)
        if known is not None:
            self._known.move_to_end(key)
        return known

    def take(
        self,
        key: FigureKey,
        action: Action | None,
        tally: Tally,
        seconds: float,
        exact: float | None = None,
    ) -> Known | None:
        """Take in a look's answer about the position of ``key``: its action (None: it looked
        for none), the tally it reached, the seconds it had, and the exact chance if it found
        it; what is known now (None when nothing is: no action, before or now)."""
        old = self._known.get(key)
        figure = Figure.exactly(exact) if exact is not None else figure_of(tally)
        if old is None:
            if action is None:
                return None
            known = Known(action, figure, tally, seconds)
        else:
            # The action shown stays, unless the exact search found the best one.
            chosen = action if exact is not None and action is not None else old.action
            more = tally.played + tally.judged >= old.tally.played + old.tally.judged
            known = replace(
                old,
                action=chosen,
                figure=narrowed(old.figure, figure),
                tally=tally if more else old.tally,
                looked=old.looked + seconds,
            )
        self._known[key] = known
        self._known.move_to_end(key)
        while len(self._known) > self.size:
            self._known.popitem(last=False)
        return known

    def clear(self) -> None:
        self._known.clear()
