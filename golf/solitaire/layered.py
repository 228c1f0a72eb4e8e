"""The layered search: every state a deal can reach, held as sets of bits, card drawn by card drawn.

For rules that let the player draw at any time. It decides a position exactly, gives its best
result, and a line to either, in a time that hardly depends on how hard the deal is (the
depth-first search of :mod:`golf.solitaire.solver` is quick on easy deals but can take seconds to prove a
hard one lost).

How it works:

* A position is how many cards have been played from each column, ``r[c]``. A set of positions
  is six Python ints used as bit sets, one per value of the last column's ``r`` (the piece):
  bit ``sum(r[c] * 6**c for c < 6)`` of piece ``r[6]`` stands for the position. Playing the
  top card of column ``c < 6`` is a shift left by ``6**c`` within each piece; playing from the
  last column moves a piece to the next. The positions where a column's top card is some given
  card are fixed masks. One operation on an int works on every position of a piece at once (a
  microsecond or so for all 46,656 of them), and the pieces a set does not reach cost nothing.
* A chain state is a position reached by playing from a column (the waste top is then the card
  just played, which the position and the column name). ``unseen[c]`` holds the complement of
  every chain state met that ended with a play from column ``c``.
* Layer ``s`` starts with ``s`` cards drawn: every position reached so far (drawing is allowed
  at any time, so whatever was reached with fewer cards drawn is there too), with the drawn card
  on the waste. Then plays follow plays until no new chain state appears. A position already
  started in an earlier layer with a card of the same class (cards that take the same cards)
  needs no new start: everything it leads to is known.
* The sweeps over the target columns go forward and backward in turn, each using what the
  columns before it found in the same sweep: most chains need few sweeps. Chain states whose
  waste card takes no top card are recorded (they are positions reached) but not followed.
* The columns are searched from the easiest to play to the hardest, so that the last column
  (whose digit picks the piece) keeps its cards longest and sets stay in few pieces.
* The win is the position with every card played; the best result of a lost deal is the
  position reached with the most cards played. A line to a position is read back from the sets
  each layer added.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from golf.core.cards import DECK_SIZE
from golf.core.deal import COLUMNS, ROWS

RADIX: Final = ROWS + 1
INNER: Final = COLUMNS - 1
"""The columns inside a piece; the last column's digit picks the piece."""
LAST: Final = COLUMNS - 1
STRIDE: Final[tuple[int, ...]] = tuple(RADIX**c for c in range(INNER))
UNIVERSE: Final[int] = RADIX**INNER
_EVERY: Final = (1 << UNIVERSE) - 1
PIECES: Final = range(RADIX)
WILD: Final = 13
"""The class of jokers and of the empty waste: they take, and go on, anything."""

Set = list[int]
"""A set of positions: one int per piece."""
_NONE: Final[Set] = [0] * RADIX
"""The empty set, shared (never changed)."""
_Plan = list[tuple[int, list[tuple[int, bool, list[int], list[int]]]]]
"""A sweep's plan: per target column, its sources (column, from both sets, masks, pieces)."""


@cache
def keep_freed_memory() -> None:
    """Make the C allocator keep freed memory for reuse (once per process).

    The search makes and drops thousands of 35 KB integers. With glibc's default settings the
    free space at the top of the heap goes back to the system as soon as it passes 128 KB and
    is asked for again at once: a page fault every 4 KB, a fifth of the search's time. glibc
    raises that threshold to twice the size of the largest block it freed with ``munmap``, so
    one 16 MB block, made and freed, is enough. Elsewhere it costs one allocation.
    """
    block = bytearray(16 << 20)
    del block


def _repeat(pattern: int, period: int, times: int) -> int:
    """``pattern`` (``period`` bits) repeated ``times`` times, by doubling."""
    result = shift = 0
    block, length = pattern, period
    while times:
        if times & 1:
            result |= block << shift
            shift += length
        times >>= 1
        if times:
            block |= block << length
            length *= 2
    return result


Masks = tuple[tuple[int, ...], ...]
"""Per inner column, per count of cards played from it: the positions of a piece."""


@cache
def _digit_masks() -> Masks:
    """``masks[c][v]`` (c < LAST): the positions of a piece with ``v`` cards played from c."""
    out = []
    for c in range(INNER):
        block = (1 << STRIDE[c]) - 1
        period = STRIDE[c] * RADIX
        out.append(
            tuple(
                _repeat(block << (v * STRIDE[c]), period, RADIX ** (INNER - 1 - c))
                for v in range(RADIX)
            )
        )
    return tuple(out)


@cache
def _level_masks() -> tuple[int, ...]:
    """``levels[n]``: the positions of a piece with ``n`` cards played in its columns."""
    levels = [1]  # no column: the empty product
    for c in range(INNER):
        size = STRIDE[c]
        grown = [0] * (len(levels) + ROWS)
        for v in range(RADIX):
            for n, mask in enumerate(levels):
                if mask:
                    grown[n + v] |= mask << (v * size)
        levels = grown
    return tuple(levels)


def card_class(card: int) -> int:
    """Cards of the same rank take and go on the same cards: the class is the rank (0..12)."""
    return WILD if card >= DECK_SIZE else card % 13


@dataclass(frozen=True)
class Outcome:
    """What the layered search found: a win (``left`` 0) or the fewest cards left, a line of
    the solver's path format (see :data:`golf.solitaire.solver.Path`) that reaches it, and the states met."""

    winnable: bool
    left: int
    path: list[int]
    states: int


class Layered:
    """The layered search from one position: columns (top card last), stock (next card first),
    waste top (None: empty) and ``follows`` (:attr:`golf.solitaire.rules.Rules.follows`)."""

    def __init__(
        self,
        columns: Sequence[Sequence[int]],
        stock: Sequence[int],
        top: int | None,
        follows: Sequence[frozenset[int]],
    ) -> None:
        keep_freed_memory()
        masks = _digit_masks()
        rep = [*range(13), DECK_SIZE]  # a card of each class
        # takes[k]: the classes that may be played on a card of class k.
        self.takes = [[j for j in range(14) if rep[j] in follows[rep[k]]] for k in range(14)]
        self.stock = tuple(stock)
        self.top_class = WILD if top is None else card_class(top)
        # Column c of the search is column order[c] of the position: the hardest to play last.
        self.order = self._order(columns)
        columns = [columns[i] for i in self.order]
        self.lengths = [len(col) for col in columns]
        # klass[c][r]: the class of the card of column c that is on top once r are played.
        self.klass = [
            [card_class(col[len(col) - 1 - r]) for r in range(len(col))] for col in columns
        ]
        # The win: every card played, the last column's in the piece number, the others' in
        # the bit.
        self.win_piece = self.lengths[LAST]
        self.win = sum(n * STRIDE[c] for c, n in enumerate(self.lengths[:INNER]))
        self.playable = self._playable(masks)
        self.sources = self._sources(masks, self._waste_takes(masks))
        self.plans = (self._plan(True), self._plan(False))
        # live[c]: the chain states ending in column c whose waste card takes some top card.
        self.live: list[Set] = [[0] * RADIX for _ in range(COLUMNS)]
        for found in self.sources:
            for c, per in found:
                live = self.live[c]
                for p in PIECES:
                    live[p] |= per[p]

    def _playable(self, masks: Masks) -> list[dict[int, list[int]]]:
        """playable[c][k][p]: positions of piece p whose column c has a top card that may go
        on class k."""
        takes, klass, last_len = self.takes, self.klass, self.lengths[LAST]
        playable: list[dict[int, list[int]]] = []
        for c in range(INNER):
            row: dict[int, list[int]] = {}
            for w in range(14):
                m = 0
                for r, k in enumerate(klass[c]):
                    if k in takes[w]:
                        m |= masks[c][r]
                if m:
                    row[w] = [m] * RADIX
            playable.append(row)
        row = {}
        for w in range(14):
            ps = [_EVERY if p < last_len and klass[LAST][p] in takes[w] else 0 for p in PIECES]
            if any(ps):
                row[w] = ps
        playable.append(row)
        return playable

    def _waste_takes(self, masks: Masks) -> list[dict[int, int]]:
        """waste_takes[c][k]: inner positions whose column c (< LAST) has a waste card (the
        last played) that takes class k."""
        takes, klass = self.takes, self.klass
        waste_takes: list[dict[int, int]] = []
        for c in range(INNER):
            row2: dict[int, int] = {}
            for k in range(14):
                m = 0
                for r in range(1, self.lengths[c] + 1):
                    if k in takes[klass[c][r - 1]]:
                        m |= masks[c][r]
                if m:
                    row2[k] = m
            waste_takes.append(row2)
        return waste_takes

    def _sources(
        self, masks: Masks, waste_takes: list[dict[int, int]]
    ) -> list[list[tuple[int, list[int]]]]:
        """sources[t]: (c, masks per piece) for the chain states ending in column c whose waste
        card takes the top card of column t."""
        takes, klass, last_len = self.takes, self.klass, self.lengths[LAST]
        sources: list[list[tuple[int, list[int]]]] = []
        for t in range(COLUMNS):
            found = []
            for c in range(COLUMNS):
                per: list[int]
                if c < INNER and t < INNER:
                    mask = 0
                    if c == t:
                        for r in range(1, self.lengths[c]):
                            if klass[c][r] in takes[klass[c][r - 1]]:
                                mask |= masks[c][r]
                    else:
                        for r in range(1, self.lengths[c] + 1):
                            under = self.playable[t].get(klass[c][r - 1])
                            if under:
                                mask |= masks[c][r] & under[0]
                    per = [mask] * RADIX
                elif c == LAST and t < INNER:
                    per = [0] * RADIX
                    for p in range(1, last_len + 1):
                        under = self.playable[t].get(klass[LAST][p - 1])
                        if under:
                            per[p] = under[0]
                elif c < INNER and t == LAST:
                    per = [0] * RADIX
                    for p in range(last_len):
                        per[p] = waste_takes[c].get(klass[LAST][p], 0)
                else:  # down the last column
                    per = [0] * RADIX
                    for p in range(1, last_len):
                        if klass[LAST][p] in takes[klass[LAST][p - 1]]:
                            per[p] = _EVERY
                if any(per):
                    found.append((c, per))
            sources.append(found)
        return sources

    def _plan(self, forward: bool) -> _Plan:
        """One sweep's plan: per target column, its sources, each with the set to take (the
        last sweep's states, or this sweep's too) and the pieces its masks reach."""
        # Sweeps go over the targets forward, then backward, and so on: a state added for column c in a
        # forward sweep goes on at once to the columns after c, and to the columns up to c in
        # the next (backward) sweep; the other way round in a backward sweep. The first sweep
        # of a layer is a forward one that also plays the drawn card's followers, each at its
        # column's step.
        out: _Plan = []
        for t in range(COLUMNS) if forward else range(COLUMNS - 1, -1, -1):
            chosen = []
            for c, per in self.sources[t]:
                pieces = [p for p in PIECES if per[p]]
                if c != t and (c < t) == forward:
                    chosen.append((c, True, per, pieces))
                elif c == t:
                    chosen.append((c, False, per, pieces))
            out.append((t, chosen))
        return out

    def _order(self, columns: Sequence[Sequence[int]]) -> list[int]:
        """The columns from the easiest to play to the hardest.

        The last column's digit picks the piece: the longer it keeps its cards, the fewer
        pieces a set reaches (a few percent of the time on Classic deals). A card is hard to
        play when few cards (in the stock and the tableau) take it; the top ones count most.
        """
        count = [0] * 14
        for card in (*self.stock, *(card for col in columns for card in col)):
            count[card_class(card)] += 1
        takers = [sum(count[w] for w in range(14) if k in self.takes[w]) for k in range(14)]

        def hardness(i: int) -> float:
            col = columns[i]
            return sum(
                1 / (1 + takers[card_class(card)]) / (1 + depth)
                for depth, card in enumerate(reversed(col))
            )

        return sorted(range(COLUMNS), key=hardness)

    def run(self) -> Outcome:
        """Search every layer (until a win), then read a line back (columns as given)."""
        outcome = self._run()
        order = self.order
        path = [order[step] if step >= 0 else step for step in outcome.path]
        return Outcome(outcome.winnable, outcome.left, path, outcome.states)

    def _run(self) -> Outcome:
        """Search every layer (until a win), then read a line back."""
        if not self.win and not self.win_piece:
            return Outcome(True, 0, [], 1)
        unseen: list[Set] = [[_EVERY] * RADIX for _ in range(COLUMNS)]
        started: list[Set] = [[0] * RADIX for _ in range(14)]
        reach: Set = [1, 0, 0, 0, 0, 0]
        self.reach_after: list[Set] = []
        # The unseen sets before each layer and after the last: a layer added what was unseen
        # before it and seen after (see _added, when a line is read back).
        self.unseen_at: list[list[Set]] = [[u[:] for u in unseen]]
        ns = len(self.stock)
        for s in range(ns + 1):
            k0 = self.top_class if s == 0 else card_class(self.stock[s - 1])
            found = self._layer(reach, k0, started[k0], unseen)
            self.unseen_at.append([u[:] for u in unseen])
            reach = []
            for p in PIECES:
                every = _EVERY
                for u in unseen:
                    every &= u[p]
                reach.append(_EVERY ^ every)
            reach[0] |= 1
            self.reach_after.append(reach)
            if found:
                index = (self.win_piece, self.win)
                return Outcome(
                    True, 0, self._line_to_chain(index, found - 1, s), self._count(unseen)
                )
        # Lost: the reached position with the most cards played (the level masks count the
        # cards of a piece's six columns; the piece number counts the last column's).
        levels = _level_masks()
        best_n, best_index = -1, (0, 0)
        for p in PIECES:
            r = reach[p]
            if r:
                n = max(n for n, mask in enumerate(levels) if r & mask)
                if n + p > best_n:
                    y = r & levels[n]
                    best_n, best_index = n + p, (p, (y & -y).bit_length() - 1)
        total = sum(self.lengths)
        return Outcome(
            False,
            total - best_n,
            self._line_to_position(best_index, ns, pad=False),
            self._count(unseen),
        )

    def _layer(self, reach: Set, k0: int, done: Set, unseen: list[Set]) -> int:
        """Start the layer's new positions (not in ``done``, the positions started with class
        ``k0`` before) with a card of class ``k0`` and follow every chain.

        Returns 0, or 1 + the column of the play that won.
        """
        fresh = self._fresh(reach, done)
        if fresh is None:
            return 0
        old: list[Set] = [_NONE] * COLUMNS
        plans = self.plans
        plan = plans[0]
        start: Set | None = fresh  # the first sweep also plays the drawn card's followers
        while True:
            won, new = self._sweep(plan, old, start, k0, unseen)
            if won or new is None:
                return won
            old = new
            start = None
            plan = plans[1] if plan is plans[0] else plans[0]

    @staticmethod
    def _fresh(reach: Set, done: Set) -> Set | None:
        """The positions of ``reach`` not in ``done`` (added to it), or None when there are
        none: a layer starts only those."""
        fresh = [0] * RADIX
        anything = False
        for p in PIECES:
            r = reach[p]
            if r:
                d = done[p]
                f = (r | d) ^ d
                if f:
                    fresh[p] = f
                    done[p] = d | f
                    anything = True
        return fresh if anything else None

    def _sweep(
        self, plan: _Plan, old: list[Set], start: Set | None, k0: int, unseen: list[Set]
    ) -> tuple[int, list[Set] | None]:
        """One sweep over the target columns in ``plan``'s order: every play from the chain
        states the last sweep added (``old``; in the first sweep, from the layer's ``start``
        positions with a card of class ``k0`` drawn too) and from those this sweep has added
        to the columns before. The new chain states leave ``unseen``.

        Returns (1 + the column of the play that won, None) at the win, else (0, the chain
        states added to follow, per column), or (0, None) when nothing was new."""
        win, win_piece = self.win, self.win_piece
        live = self.live
        playable = self.playable
        new: list[Set] = [_NONE] * COLUMNS
        both = old[:]  # old | new, per column, once its step is done
        added = False
        for t, plan_sources in plan:
            z = [0] * RADIX
            nz = False
            if start is not None:
                under = playable[t].get(k0)
                if under:
                    for p in PIECES:
                        f = start[p]
                        if f:
                            y = f & under[p]
                            if y:
                                z[p] = y
                                nz = True
            for c, from_both, per, pieces in plan_sources:
                fs = both[c] if from_both else old[c]
                if fs is _NONE:
                    continue
                for p in pieces:
                    fp = fs[p]
                    if fp:
                        y = fp & per[p]
                        if y:
                            zp = z[p]
                            z[p] = zp | y if zp else y
                            nz = True
            if not nz:
                continue
            un = unseen[t]
            lv = live[t]
            nt = [0] * RADIX
            got = False
            # A play from column t < LAST shifts within the piece; one from the last column
            # moves to the next piece (z has nothing in the last piece then).
            step, up = (STRIDE[t], 0) if t < LAST else (0, 1)
            for p in PIECES:
                zp = z[p]
                if zp:
                    q = p + up
                    x = (zp << step) & un[q]
                    if x:
                        un[q] ^= x
                        if q == win_piece and x >> win & 1:
                            return t + 1, None
                        added = True
                        # A chain state whose waste card takes no top card is a position
                        # reached, nothing more: it need not be followed.
                        x &= lv[q]
                        if x:
                            nt[q] = x
                            got = True
            if got:
                new[t] = nt
                o = old[t]
                both[t] = nt if o is _NONE else [o[p] | nt[p] for p in PIECES]
        return 0, new if added else None

    def _count(self, unseen: list[Set]) -> int:
        return 1 + sum((_EVERY ^ u[p]).bit_count() for u in unseen for p in PIECES)

    # Reading a line back -------------------------------------------------------------------

    def _added(self, s: int, c: int, index: tuple[int, int]) -> bool:
        """Whether layer ``s`` added the chain state ``index`` ending in column ``c``: it was
        unseen before the layer and seen after."""
        p, i = index
        return bool(self.unseen_at[s][c][p] >> i & 1) and not self.unseen_at[s + 1][c][p] >> i & 1

    def _digit(self, index: tuple[int, int], c: int) -> int:
        p, i = index
        if c == LAST:
            return p
        digit: int = i // STRIDE[c] % RADIX
        return digit

    @staticmethod
    def _has(sets: Set, index: tuple[int, int]) -> bool:
        p, i = index
        return bool(sets[p] >> i & 1)

    @staticmethod
    def _minus(index: tuple[int, int], c: int) -> tuple[int, int]:
        p, i = index
        if c == LAST:
            return p - 1, i
        return p, i - STRIDE[c]

    def _line_to_position(self, index: tuple[int, int], s: int, *, pad: bool = True) -> list[int]:
        """A line reaching position ``index`` (piece, bit) with at most ``s`` cards drawn
        (exactly ``s`` when ``pad``)."""
        if index == (0, 0):
            return [-s] if s and pad else []
        first = next(t for t in range(s + 1) if self._has(self.reach_after[t], index))
        col = next(c for c in range(COLUMNS) if self._added(first, c, index))
        line = self._line_to_chain(index, col, first)
        if pad and s > first:
            line.append(first - s)
        return line

    def _line_to_chain(self, index: tuple[int, int], col: int, s: int) -> list[int]:
        """A line to the chain state ``index`` (last play from ``col``) of layer ``s``."""
        plays: list[int] = []
        while True:
            plays.append(col)
            before = self._minus(index, col)
            r = self._digit(before, col)
            card = self.klass[col][r]
            starter = self.top_class if s == 0 else card_class(self.stock[s - 1])
            started = self.reach_after[s - 1] if s else [1, 0, 0, 0, 0, 0]
            if card in self.takes[starter] and self._has(started, before):
                line = self._line_to_position(before, s)
                line.extend(reversed(plays))
                return line
            for c in range(COLUMNS):
                rc = self._digit(before, c)
                if rc and card in self.takes[self.klass[c][rc - 1]] and self._added(s, c, before):
                    index, col = before, c
                    break
            else:  # pragma: no cover - every state in the sets came from one of these
                raise AssertionError("a state of the layered search has no predecessor")
