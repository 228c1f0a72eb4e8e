"""The layered search: every state a deal can reach, held as sets of bits, card drawn by card drawn.

For rules that let the player draw at any time. It decides a position exactly, gives its best
result, and a line to either, in a time that hardly depends on how hard the deal is (the
depth-first search of :mod:`golf.solver` is quick on easy deals but can take seconds to prove a
hard one lost).

How it works:

* A set of positions that share the stock's progress is one Python int used as a bit set: bit
  ``sum(r[c] * 6**c)`` stands for the position where ``r[c]`` cards have been played from
  column ``c``. Playing the top card of column ``c`` is a shift left by ``6**c``; the positions
  where that card is some given card are a fixed mask. One operation on an int works on every
  position of the set at once (a few microseconds for all 279,936 of them).
* A chain state is a position reached by playing from a column (the waste top is then the card
  just played, which the position and the column name). ``seen[c]`` holds every chain state
  met that ended with a play from column ``c`` (as its complement, ``unseen[c]``).
* Layer ``s`` starts with ``s`` cards drawn: every position reached so far (drawing is allowed
  at any time, so whatever was reached with fewer cards drawn is there too), with the drawn card
  on the waste. Then plays follow plays until no new chain state appears. A position already
  started in an earlier layer with a card of the same class (cards that take the same cards)
  needs no new start: everything it leads to is known.
* The sweeps over the target columns go forward and backward in turn, each using what the
  columns before it found in the same sweep: most chains need few sweeps. Chain states whose
  waste card takes no top card are recorded (they are positions reached) but not followed.
* The win is the position with every card played; the best result of a lost deal is the
  position reached with the most cards played. A line to a position is read back from the sets
  each layer added.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from golf.cards import DECK_SIZE
from golf.deal import COLUMNS, ROWS

RADIX: Final = ROWS + 1
STRIDE: Final[tuple[int, ...]] = tuple(RADIX**c for c in range(COLUMNS))
UNIVERSE: Final[int] = RADIX**COLUMNS
_EVERY: Final = (1 << UNIVERSE) - 1
WILD: Final = 13
"""The class of jokers and of the empty waste: they take, and go on, anything."""


@cache
def _digit_masks() -> tuple[tuple[int, ...], ...]:
    """``masks[c][v]``: the positions with ``v`` cards played from column ``c``."""
    out = []
    for c in range(COLUMNS):
        block = (1 << STRIDE[c]) - 1
        period = STRIDE[c] * RADIX
        out.append(
            tuple(
                _repeat(block << (v * STRIDE[c]), period, RADIX ** (COLUMNS - 1 - c))
                for v in range(RADIX)
            )
        )
    return tuple(out)


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


@cache
def _level_masks() -> tuple[int, ...]:
    """``levels[n]``: the positions with ``n`` cards played in all."""
    levels = [1]  # one column: the empty product
    for c in range(COLUMNS):
        size = STRIDE[c]
        grown = [0] * (len(levels) + ROWS)
        for v in range(RADIX):
            for n, mask in enumerate(levels):
                if mask:
                    grown[n + v] |= mask << (v * size)
        levels = grown
    return tuple(levels)


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


def card_class(card: int) -> int:
    """Cards of the same rank take and go on the same cards: the class is the rank (0..12)."""
    return WILD if card >= DECK_SIZE else card % 13


@dataclass(frozen=True)
class Outcome:
    """What the layered search found: a win (``left`` 0) or the fewest cards left, a line of
    the solver's path format (see :data:`golf.solver.Path`) that reaches it, and the states met."""

    winnable: bool
    left: int
    path: list[int]
    states: int


class Layered:
    """The layered search from one position: columns (top card last), stock (next card first),
    waste top (None: empty) and ``follows`` (:attr:`golf.rules.Rules.follows`)."""

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
        self.win = sum(n * STRIDE[c] for c, n in enumerate(self.lengths))
        # playable[c][k]: positions whose column c has a top card that may go on class k.
        self.playable: list[dict[int, int]] = []
        for c in range(COLUMNS):
            row: dict[int, int] = {}
            for r, k in enumerate(self.klass[c]):
                for w in range(14):
                    if k in self.takes[w]:
                        row[w] = row.get(w, 0) | masks[c][r]
            self.playable.append(row)
        # sources[c2]: (c, mask) for the chain states ending in column c whose waste card takes
        # the top card of column c2 (for c2 == c: the card right below the one played).
        self.sources: list[list[tuple[int, int]]] = []
        for c2 in range(COLUMNS):
            found = []
            for c in range(COLUMNS):
                mask = 0
                for r in range(1, self.lengths[c] + 1):
                    waste = self.klass[c][r - 1]
                    if c == c2:
                        if r < self.lengths[c] and self.klass[c][r] in self.takes[waste]:
                            mask |= masks[c][r]
                    else:
                        under = self.playable[c2].get(waste)
                        if under:
                            mask |= masks[c][r] & under
                if mask:
                    found.append((c, mask))
            self.sources.append(found)
        # live[c]: the chain states ending in column c whose waste card takes some top card.
        self.live = [0] * COLUMNS
        for found in self.sources:
            for c, mask in found:
                self.live[c] |= mask

    def _order(self, columns: Sequence[Sequence[int]]) -> list[int]:
        """The columns from the easiest to play to the hardest.

        A set's int is as long as the highest position in it, and the last column's digit is
        the highest: the longer it keeps its cards, the shorter the ints stay (a few percent
        of the time on Classic deals). A card is hard to play when few cards (in the stock
        and the tableau) take it; the top ones count most.
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
        if not self.win:  # no card left: won already
            return Outcome(True, 0, [], 1)
        unseen = [_EVERY] * COLUMNS
        started = [0] * 14  # positions started with a card of each class
        reach = 1  # every position reached so far: the start, nothing played
        self.reach_after: list[int] = []
        # The unseen sets before each layer and after the last: what a layer added is the
        # difference, worked out only when a line is read back.
        self.unseen_at: list[list[int]] = [unseen[:]]
        self.added_cache: dict[tuple[int, int], int] = {}
        win = self.win
        ns = len(self.stock)
        for s in range(ns + 1):
            k0 = self.top_class if s == 0 else card_class(self.stock[s - 1])
            found = self._layer(reach, k0, started, unseen)
            self.unseen_at.append(unseen[:])
            every = unseen[0]
            for u in unseen[1:]:
                every &= u
            reach = (_EVERY ^ every) | 1
            self.reach_after.append(reach)
            if found:
                return Outcome(True, 0, self._line_to_chain(win, found - 1, s), self._count(unseen))
        levels = _level_masks()
        played = max(n for n, mask in enumerate(levels) if reach & mask)
        best = reach & levels[played]
        index = (best & -best).bit_length() - 1
        total = sum(self.lengths)
        return Outcome(
            False, total - played, self._line_to_position(index, ns, pad=False), self._count(unseen)
        )

    def _layer(self, reach: int, k0: int, started: list[int], unseen: list[int]) -> int:
        """Start the layer's new positions with a card of class ``k0`` and follow every chain.

        Returns 0, or 1 + the column of the play that won.
        """
        done = started[k0]
        fresh = (reach | done) ^ done
        if not fresh:
            return 0
        started[k0] = done | fresh
        win = self.win
        sources = self.sources
        live = self.live
        # old[c]: the chain states ending in column c that the last sweep added (at first the
        # starts); they still have to be followed to some columns (see below).
        old = [0] * COLUMNS
        for c in range(COLUMNS):
            under = self.playable[c].get(k0)
            if under:
                x = fresh & under
                if x:
                    x = (x << STRIDE[c]) & unseen[c]
                    if x:
                        unseen[c] ^= x
                        if x >> win:
                            return c + 1
                        old[c] = x & live[c]
        if not any(old):
            return 0
        # Sweeps go over the target columns forward, then backward, and so on. A state added
        # for column c in a forward sweep goes on at once to the columns after c, and to the
        # columns up to c in the next (backward) sweep; the other way round in a backward sweep.
        # The starts go on to every column in the first sweep.
        first = True
        forward = True
        order_fwd = range(COLUMNS)
        order_bwd = range(COLUMNS - 1, -1, -1)
        while True:
            new = [0] * COLUMNS
            both = old[:]  # old | new, per column, once its step is done
            added = False
            for t in order_fwd if forward else order_bwd:
                z = 0
                for c, mask in sources[t]:
                    if c == t:
                        f = old[c]
                    elif (c < t) == forward:
                        f = both[c]
                    elif first:
                        f = old[c]
                    else:
                        continue
                    if f:
                        y = f & mask
                        if y:
                            z = z | y if z else y
                if z:
                    step = STRIDE[t]
                    x = (z << step) & unseen[t]
                    if x:
                        unseen[t] ^= x
                        if x >> win:
                            return t + 1
                        added = True
                        # Chain states whose waste card takes no top card are positions
                        # reached, nothing more: they need not be followed.
                        x &= live[t]
                        if x:
                            new[t] = x
                            o = old[t]
                            both[t] = o | x if o else x
            if not added:
                return 0
            old = new
            first = False
            forward = not forward

    def _count(self, unseen: list[int]) -> int:
        return 1 + sum((_EVERY ^ u).bit_count() for u in unseen)

    # Reading a line back -------------------------------------------------------------------------

    def _added(self, s: int, c: int) -> int:
        """The chain states ending in column ``c`` that layer ``s`` added."""
        key = (s, c)
        added = self.added_cache.get(key)
        if added is None:
            added = self.unseen_at[s][c] ^ self.unseen_at[s + 1][c]
            self.added_cache[key] = added
        return added

    def _digit(self, index: int, c: int) -> int:
        digit: int = index // STRIDE[c] % RADIX
        return digit

    def _line_to_position(self, index: int, s: int, *, pad: bool = True) -> list[int]:
        """A line reaching position ``index`` with at most ``s`` cards drawn (exactly ``s`` when
        ``pad``)."""
        if index == 0:
            return [-s] if s and pad else []
        first = next(t for t in range(s + 1) if self.reach_after[t] >> index & 1)
        col = next(c for c in range(COLUMNS) if self._added(first, c) >> index & 1)
        line = self._line_to_chain(index, col, first)
        if pad and s > first:
            line.append(first - s)
        return line

    def _line_to_chain(self, index: int, col: int, s: int) -> list[int]:
        """A line to the chain state ``index`` (last play from ``col``) of layer ``s``."""
        plays: list[int] = []
        while True:
            plays.append(col)
            before = index - STRIDE[col]
            r = self._digit(before, col)
            card = self.klass[col][r]
            starter = self.top_class if s == 0 else card_class(self.stock[s - 1])
            started = self.reach_after[s - 1] if s else 1
            if card in self.takes[starter] and started >> before & 1:
                line = self._line_to_position(before, s)
                line.extend(reversed(plays))
                return line
            for c in range(COLUMNS):
                rc = self._digit(before, c)
                if (
                    rc
                    and card in self.takes[self.klass[c][rc - 1]]
                    and self._added(s, c) >> before & 1
                ):
                    index, col = before, c
                    break
            else:  # pragma: no cover - every state in the sets came from one of these
                raise AssertionError("a state of the layered search has no predecessor")
