"""Computer opponents of six-card Golf: three levels that decide from a :class:`SeatView` only.

Every opponent has its own ``random.Random(seed)`` and a single method, :meth:`Opponent.decide`,
from a seat's view to an action. The view holds only what that seat may know (see
``golf.sixcard.view``), so hidden cards and the stock's order never reach a decision.

- **easy** plays on face values alone: it never thinks of columns that cancel, takes the discard
  only when it is small, and puts a card where the largest value it can see lies.
- **medium** reckons the expected points of its grid (unknown cards at the average of a full
  deck), so it builds and keeps cancelling columns; it takes the discard when that gains enough.
- **hard** counts cards (the unseen cards' distribution, from everything visible), weighs the
  discard against the expected best use of a stock card, and manages the end of a hole: it ends
  a hole only when it pays, and knocks only from a clear lead.

``docs/six-card-golf.md`` gives their measured strength (``six-card simulate``).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Final, Protocol

from golf.sixcard.actions import (
    KNOCK_ACTION,
    TAKE_DISCARD_ACTION,
    TAKE_STOCK_ACTION,
    Action,
    discard_flip,
    flip,
    replace,
)
from golf.sixcard.rules import KNOCK_PENALTY, RANK, RANKS, SixRules
from golf.sixcard.view import SeatView

LEVELS: Final = ("easy", "medium", "hard")
UNKNOWN: Final = -1


class Opponent(Protocol):
    """A computer player: one decision per call, for the seat of the view."""

    level: str

    def decide(self, view: SeatView) -> Action: ...


# --- reckoning -----------------------------------------------------------------------------------


class Dist:
    """The chances of each rank for a card not seen (``p[r]``) and the mean value."""

    __slots__ = ("mean", "p", "values")

    def __init__(self, counts: Sequence[int], rules: SixRules) -> None:
        total = sum(counts) or 1
        self.values = rules.rank_values
        self.p = tuple(n / total for n in counts)
        self.mean = sum(p * v for p, v in zip(self.p, self.values, strict=True))


@functools.cache
def _deck_counts(rules: SixRules, players: int) -> tuple[int, ...]:
    counts = [0] * RANKS
    for c in rules.deck(players):
        counts[RANK[c]] += 1
    return tuple(counts)


def deck_counts(rules: SixRules, players: int) -> list[int]:
    """How many cards of each rank are in play."""
    return list(_deck_counts(rules, players))


@functools.cache
def prior(rules: SixRules, players: int) -> Dist:
    """The distribution of a full deck (no card counted)."""
    return Dist(deck_counts(rules, players), rules)


def unseen(view: SeatView) -> Dist:
    """The distribution of the cards this seat has not seen: the cards in play less every
    card it can see (grids, discard, a public card in hand)."""
    counts = deck_counts(view.rules, view.players)
    seen: list[int] = [c for grid in view.grids for c in grid if c is not None]
    seen.extend(view.discard)
    if view.drawn is not None:
        seen.append(view.drawn)
    for c in seen:
        counts[RANK[c]] -= 1
    return Dist([max(0, n) for n in counts], view.rules)


def known_ranks(grid: Sequence[int | None]) -> list[int]:
    return [UNKNOWN if c is None else RANK[c] for c in grid]


_MIXED: Final = -2
"""In a line's reckoning: the other cards are of different ranks, so the line cannot cancel."""


class Reckoner:
    """Expected points of a grid whose unknown cards follow ``dist``, and of one change to it.

    A slot's value counts, less, for each line, the chance that the whole line is of one rank
    times what that line would otherwise score — with the pair reading (``rules.pairs``), the
    chance that another card of the line is of its rank times its value (exact for known cards;
    lines that overlap, with row cancellation, are reckoned apart).
    """

    def __init__(self, ranks: Sequence[int], dist: Dist, rules: SixRules) -> None:
        self.rules = rules
        self.dist = dist
        self.ranks = list(ranks)
        self._pair_terms: dict[tuple[int, ...], float] = {}  # the pair reading's, by line
        values = dist.values
        self.base = [values[r] if r >= 0 else dist.mean for r in ranks]
        lines = rules.lines
        self.terms = [self._term([self.ranks[s] for s in line]) for line in lines]
        self.total = sum(self.base) + sum(self.terms)
        # For each slot and each of its lines: what the line's other cards are (one known
        # rank, no known card, or mixed ranks) and how many of them are unknown.
        self.slot_lines: list[list[tuple[int, int, int, int]]] = [[] for _ in ranks]
        for i, line in enumerate(lines):
            line_ranks = [self.ranks[s] for s in line]
            for j, s in enumerate(line):
                kind = UNKNOWN
                unknown = 0
                for k, r in enumerate(line_ranks):
                    if k == j:
                        continue
                    if r == UNKNOWN:
                        unknown += 1
                    elif kind == UNKNOWN:
                        kind = r
                    elif kind != r:
                        kind = _MIXED
                self.slot_lines[s].append((i, kind, unknown, len(line)))

    def _term(self, line: Sequence[int]) -> float:
        if self.rules.pairs:
            return self._pair_term(line)
        values = self.dist.values
        p = self.dist.p
        rules = self.rules
        n = len(line)
        first = UNKNOWN
        unknown = 0
        for r in line:
            if r == UNKNOWN:
                unknown += 1
            elif first == UNKNOWN:
                first = r
            elif r != first:
                return 0.0
        if first == UNKNOWN:
            return -sum(
                p[r] ** n * n * values[r] for r in range(RANKS) if p[r] and rules.cancels(r)
            )
        if not rules.cancels(first):
            return 0.0
        chance = p[first] ** unknown if unknown else 1.0
        return -chance * n * values[first]

    def _pair_term(self, line: Sequence[int]) -> float:
        """The pair reading (``rules.pairs``): each card of the line scores 0 when another card
        of the line is of its rank; the unknown cards are reckoned independent."""
        key = tuple(line)
        known = self._pair_terms.get(key)
        if known is not None:
            return known
        values, p, cancelling = self.dist.values, self.dist.p, self.rules.cancelling
        term = 0.0
        for j, r in enumerate(line):
            others = [o for k, o in enumerate(line) if k != j]
            unknown = others.count(UNKNOWN)
            for rank_, chance in ((r, 1.0),) if r != UNKNOWN else enumerate(p):
                if not chance or not cancelling[rank_]:
                    continue
                matched = 1.0 if rank_ in others else 1.0 - (1.0 - p[rank_]) ** unknown
                term -= chance * matched * values[rank_]
        self._pair_terms[key] = term
        return term

    def with_slot(self, slot: int, rank_: int) -> float:
        """Expected points if ``slot`` held a known card of ``rank_``."""
        value = self.dist.values[rank_]
        total = self.total - self.base[slot] + value
        if self.rules.pairs:
            for i, line in enumerate(self.rules.lines):
                if slot in line:
                    ranks = [rank_ if s == slot else self.ranks[s] for s in line]
                    total += self._pair_term(ranks) - self.terms[i]
            return total
        cancels = self.rules.cancelling[rank_]
        p = self.dist.p[rank_]
        for i, kind, unknown, n in self.slot_lines[slot]:
            if cancels and kind in (rank_, UNKNOWN):
                total -= (p**unknown if unknown else 1.0) * n * value
            total -= self.terms[i]
        return total


def _pick(rng: random.Random, options: Sequence[tuple[float, Action]]) -> Action:
    """The lowest-scored option; ties (within a hair) broken by the seat's own generator."""
    best = min(v for v, _ in options)
    return rng.choice([a for v, a in options if v <= best + 1e-9])


def _opening(view: SeatView, rng: random.Random, spread: bool) -> Action:
    """Turn up (or peek at) a card; ``spread`` prefers a column with nothing known yet."""
    rules = view.rules
    known = view.up[view.seat] | view.peeked
    free = [s for s in range(rules.grid) if not known >> s & 1]
    if spread:
        known_cols = {s % rules.columns for s in range(rules.grid) if known >> s & 1}
        fresh = [s for s in free if s % rules.columns not in known_cols]
        free = fresh or free
    return flip(*rules.place(rng.choice(free)))


def _place(rules: SixRules, slot: int, kind: Callable[[int, int], Action]) -> Action:
    return kind(*rules.place(slot))


# --- easy ----------------------------------------------------------------------------------------


class Easy:
    """Face values only: no columns, no counting, a few careless turns."""

    level = "easy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: SeatView) -> Action:
        rng = self.rng
        rules = view.rules
        if view.phase == "opening":
            return _opening(view, rng, spread=False)
        values = rules.card_values
        grid = view.grid
        down = view.face_down_slots(view.seat)
        if view.drawn is None:
            top = view.discard_top
            if top is not None and values[top] <= 3 and rng.random() > 0.1:
                return TAKE_DISCARD_ACTION
            return TAKE_STOCK_ACTION
        v = values[view.drawn]
        up = [(values[c], s) for s, c in enumerate(grid) if c is not None and s not in down]
        worst, at = max(up) if up else (-99, -1)
        if v < worst - 1:
            return _place(rules, at, replace)
        if down and (v <= 5 or view.drawn_from == "discard"):
            return _place(rules, rng.choice(down), replace)
        if down:
            return _place(rules, rng.choice(down), discard_flip)
        return _place(rules, at, replace)


# --- medium --------------------------------------------------------------------------------------


class Medium:
    """Expected points with cancelling columns, unknown cards at a full deck's average."""

    level = "medium"
    threshold = 1.5

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: SeatView) -> Action:
        rng = self.rng
        rules = view.rules
        if view.phase == "opening":
            return _opening(view, rng, spread=True)
        dist = prior(rules, view.players)
        reck = Reckoner(known_ranks(view.grid), dist, rules)
        if view.drawn is None:
            top = view.discard_top
            if rules.knock and view.finisher is None and reck.total <= 3:
                return KNOCK_ACTION
            if top is not None:
                best = min(reck.with_slot(s, RANK[top]) for s in range(rules.grid))
                if reck.total - best >= self.threshold:
                    return TAKE_DISCARD_ACTION
            return TAKE_STOCK_ACTION
        r = RANK[view.drawn]
        options = [(reck.with_slot(s, r), _place(rules, s, replace)) for s in range(rules.grid)]
        if view.drawn_from == "stock":
            options.extend(
                (reck.total, _place(rules, s, discard_flip))
                for s in view.face_down_slots(view.seat)
            )
        return _pick(rng, options)


# --- hard ----------------------------------------------------------------------------------------


class Hard:
    """Card counting, a look ahead at the stock, and care over the end of a hole."""

    level = "hard"
    flip_bonus = 2.5
    """What turning up a card not yet seen is worth while the hole is far from its end:
    a card seen early can still be replaced or matched (measured: 2 to 3 is best)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: SeatView) -> Action:
        rng = self.rng
        rules = view.rules
        if view.phase == "opening":
            return _opening(view, rng, spread=True)
        dist = unseen(view)
        reck = Reckoner(known_ranks(view.grid), dist, rules)
        plan = _Plan(self, view, reck, dist)
        if view.drawn is None:
            if self._knocks(view, reck, dist):
                return KNOCK_ACTION
            top = view.discard_top
            if top is None:
                return TAKE_STOCK_ACTION
            from_discard = min(v for v, _, _ in plan.options(RANK[top], False))
            from_stock = sum(
                p * min(v for v, _, _ in plan.options(r, True)) for r, p in enumerate(dist.p) if p
            )
            return TAKE_DISCARD_ACTION if from_discard <= from_stock else TAKE_STOCK_ACTION
        options = plan.options(RANK[view.drawn], view.drawn_from == "stock")
        best = min(v for v, _, _ in options)
        _, slot, kind = rng.choice([o for o in options if o[0] <= best + 1e-9])
        return _place(rules, slot, replace if kind == "replace" else discard_flip)

    def future(self, view: SeatView, dist: Dist) -> float:
        """What more turns are still worth: the expected gain of a stock card on the largest
        known card, for about as many turns as the closest opponent needs to finish."""
        values = dist.values
        known = [values[RANK[c]] for c in view.grid if c is not None]
        worst = max(known) if known else dist.mean
        gain = sum(p * max(0.0, worst - v) for p, v in zip(dist.p, values, strict=True))
        return gain * min(2.0, 0.5 * _closest(view))

    def opponents(self, view: SeatView, dist: Dist) -> list[float]:
        """Each opponent's expected points, a little better for the turns they still have."""
        return [
            Reckoner(known_ranks(view.grids[s]), dist, view.rules).total - 2.0
            for s in view.seats
            if s != view.seat
        ]

    def _knocks(self, view: SeatView, reck: Reckoner, dist: Dist) -> bool:
        if not view.rules.knock or view.finisher is not None:
            return False
        best = min(self.opponents(view, dist), default=99.0)
        return reck.total <= 2 and reck.total < best - 5


def _closest(view: SeatView) -> int:
    """The fewest face-down cards an opponent has (how near the hole is to its end)."""
    others = [len(view.face_down_slots(s)) for s in view.seats if s != view.seat]
    return min(others) if others else view.rules.grid


class _Plan:
    """The hard player's reckoning for one decision: every use of a card, with the points it
    is expected to leave, adjusted for the end of the hole."""

    def __init__(self, player: Hard, view: SeatView, reck: Reckoner, dist: Dist) -> None:
        self.player = player
        self.view = view
        self.reck = reck
        self.dist = dist
        rules = view.rules
        self.up = view.up[view.seat]
        self.full = (1 << rules.grid) - 1
        self.down = [s for s in range(rules.grid) if not self.up >> s & 1]
        # Only while nobody has ended the hole do its end and the turns to come matter.
        self.open = view.finisher is None
        self.future = player.future(view, dist) if self.open else 0.0
        self.bonus = player.flip_bonus if self.open and _closest(view) > 1 else 0.0
        self._best_other: float | None = None

    def _ending_cost(self, mine: float) -> float:
        """In the knock variant, the penalty if an opponent may come out lower."""
        if not self.view.rules.knock:
            return 0.0
        if self._best_other is None:
            self._best_other = min(self.player.opponents(self.view, self.dist), default=mine + 99.0)
        best = self._best_other
        if mine < best - 3:
            return 0.0
        return KNOCK_PENALTY * (0.5 if mine < best else 1.0)

    def options(self, r: int, may_discard: bool) -> list[tuple[float, int, str]]:
        """(expected points, slot, ``replace`` or ``discard flip``) for a card of rank ``r``."""
        reck = self.reck
        up, full = self.up, self.full
        out: list[tuple[float, int, str]] = []
        for s in range(len(reck.ranks)):
            value = reck.with_slot(s, r)
            if self.open and (up | 1 << s) == full:
                value += self._ending_cost(value)
            else:
                value -= self.future
            out.append((value, s, "replace"))
        if may_discard:
            peeked = self.view.peeked
            for s in self.down:
                value = reck.total
                if self.open and (up | 1 << s) == full:
                    value += self._ending_cost(value)
                else:
                    value -= self.future
                    if not peeked >> s & 1:
                        value -= self.bonus
                out.append((value, s, "discard flip"))
        return out


_CLASSES: Final[dict[str, Callable[[int], Opponent]]] = {
    "easy": Easy,
    "medium": Medium,
    "hard": Hard,
}


def make_opponent(level: str, seed: int) -> Opponent:
    """A computer player of ``level`` (easy, medium or hard) with its own generator."""
    try:
        return _CLASSES[level](seed)
    except KeyError:
        raise ValueError(f"{level!r} is not a level (expected {', '.join(LEVELS)})") from None
