"""The fewest draws that may clear the tableau, worked out for every heights at once.

The chance search (:mod:`golf.solitaire.chance`) proves a draw state lost when its stock has
fewer cards than the draws the tableau still needs, in a relaxation that sees neither the order
nor the count of the cards to come: each draw may be a card of any class the stock may give, in
any number, and starts a run of plays. Worked out height by height through dictionaries, that
bound cost a crowded tableau most of the search's second (deal 24 after 8 draws: 645,064 steps,
about 4 µs each, for 4,833 states), because it ends up visiting nearly every heights below the
question's.

Here it is worked out for the whole lattice of heights below the question's at once, as sets of
heights held in Python ints, one bit a heights (the heights ``h`` is bit
``sum(h[i] * stride[i])``): removing a card of column ``i`` is a shift by ``stride[i]``, and a
condition on the cards at the columns' tops is an ``&`` with a mask. For each number of draws
``d`` from 0 up:

* ``D[d]``: the heights from which the tableau may be cleared with at most ``d`` draws, the
  player to draw. The empty tableau; or a free card that may go on a class the stock may give,
  after which (the card on the waste) at most ``d - 1`` draws are needed: ``G[i][d - 1]``.
* ``G[j][d]``: the heights, with the top the card just taken from column ``j`` (the one at
  height ``h[j] + 1``), from which at most ``d`` draws are needed, the player to move. The empty
  tableau; a play onto that top of a free card of column ``i`` into ``G[i][d]``; or a draw, when
  the rules allow it there (any time, or with no play), into ``D[d]``. Runs of plays only lower
  the heights, so ``G[.][d]`` is reached by repeating the plays until nothing changes.

The sets grow with ``d``; the number of draws needed at a heights is the first ``d`` whose set
holds it. The work is some fifty operations on ints of one bit a heights (at most ``6 ** 7``
bits, 35 kB) per run length per number of draws, with no Python loop over the heights.

:class:`Winnable` does the same over the stock's real cards: for each multiset ``S`` of them,
the heights from which some order of ``S`` clears the tableau (each card drawn once). It is
exact where :class:`DrawsNeeded` is a relaxation, so the chance search proves every lost state
of a small stock with one look; it costs a set per multiset, about a millisecond each on a
crowded tableau, so only the multisets up to a size are held (:data:`WINNABLE_MEMORY`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

FAR: Final = 1 << 20
"""More draws than any stock holds: the tableau cannot be cleared, however many draws."""


class DrawsNeeded:
    """The fewest draws needed below (at or under, column by column) the heights ``top``.

    ``cls_at[i][x]`` is the class of column ``i``'s card at height ``x`` (1-based),
    ``takes[t]`` the classes (a bit mask) that may go on a top of class ``t``, ``drawable[k]``
    whether a card of class ``k`` may go on a class the stock may give, ``draw_any`` whether
    the player may draw with a play left (else only when stuck). ``look`` is called between
    two rounds of work (it may raise to stop: the numbers of draws worked out in full are kept,
    and :meth:`reach` goes on from them).
    """

    def __init__(
        self,
        top: Sequence[int],
        cls_at: Sequence[Sequence[int]],
        takes: Sequence[int],
        drawable: Sequence[bool],
        draw_any: bool,
        look: Callable[[], None] = lambda: None,
    ) -> None:
        self.top = tuple(top)
        self.look = look
        cols = len(self.top)
        self.cols = cols
        stride = []
        size = 1
        for x in self.top:
            stride.append(size)
            size *= x + 1
        self.stride = tuple(stride)
        self.size = size
        self.nbytes = (size + 7) // 8
        self._combs: dict[int, int] = {}
        # valid[j]: heights where column j has had a card taken (h[j] below its top).
        self.valid = [self._column(j, range(self.top[j])) for j in range(cols)]
        # plays[j][i]: heights where, the top being the card just taken from column j, column
        # i's free card may go on it.
        self.plays: list[list[tuple[int, int]]] = []
        any_play = [0] * cols
        for j in range(cols):
            row = []
            for i in range(cols):
                mask = 0
                by_values: dict[tuple[int, ...], list[int]] = {}
                for y in range(self.top[j]):
                    ok = takes[cls_at[j][y + 1]]
                    if i == j:
                        if y >= 1 and (ok >> cls_at[j][y]) & 1:
                            mask |= self._column(j, (y,))
                        continue
                    xs = tuple(x for x in range(1, self.top[i] + 1) if (ok >> cls_at[i][x]) & 1)
                    if xs:
                        by_values.setdefault(xs, []).append(y)
                for xs, ys in by_values.items():
                    mask |= self._column(j, ys) & self._column(i, xs)
                if mask:
                    row.append((i, mask))
                    any_play[j] |= mask
            self.plays.append(row)
        # draws[j]: where the player may draw, the top being the card just taken from j.
        self.draws = [
            self.valid[j] if draw_any else self.valid[j] & ~any_play[j] for j in range(cols)
        ]
        # starts: (i, the heights where column i's free card may go on a drawn card).
        self.starts: list[tuple[int, int]] = []
        for i in range(cols):
            mask = self._column(i, [x for x in range(1, self.top[i] + 1) if drawable[cls_at[i][x]]])
            if mask:
                self.starts.append((i, mask))
        self.last: tuple[int, list[int]] | None = None
        """The last number of draws' sets as ints (``D``, and ``G`` per column): the next
        number's start from them."""
        self.found: list[list[bytes]] = [[] for _ in range(cols + 1)]
        """For each set (``D``, then ``G`` per column), its bytes for each number of draws:
        what the questions look at."""
        self.done = False
        """Whether the sets stopped growing: a heights in none needs :data:`FAR` draws."""

    # --- the sets -------------------------------------------------------------------------------

    def _comb(self, span: int) -> int:
        """One bit every ``span`` bits across the lattice."""
        got = self._combs.get(span)
        if got is None:
            count = self.size // span
            got, width = 1, 1
            while width < count:
                step = min(width, count - width)
                got |= (got & ((1 << (step * span)) - 1)) << (width * span)
                width += step
            self._combs[span] = got
        return got

    def _column(self, i: int, values: Sequence[int]) -> int:
        """The heights whose column ``i`` is at one of ``values``."""
        s = self.stride[i]
        unit = (1 << s) - 1
        block = 0
        for x in values:
            block |= unit << (x * s)
        return block * self._comb(s * (self.top[i] + 1)) if block else 0

    def _grow(self) -> None:
        """Work out the sets for one more draw."""
        reach = 1  # the empty tableau (bit 0) needs no draw
        if self.last is None:
            g = [reach & v for v in self.valid]
        else:
            prev = self.last[1]
            for i, mask in self.starts:
                reach |= mask & (prev[i] << self.stride[i])
            g = list(prev)
        g = [g[j] | (self.draws[j] & reach) for j in range(self.cols)]
        shifted = [g[i] << self.stride[i] for i in range(self.cols)]
        changed = True
        while changed:
            self.look()
            changed = False
            for j in range(self.cols):
                new = g[j]
                for i, mask in self.plays[j]:
                    new |= mask & shifted[i]
                if new != g[j]:
                    g[j] = new
                    shifted[j] = new << self.stride[j]
                    changed = True
        if self.last == (reach, g):
            self.done = True
            return
        self.last = (reach, g)
        for found, got in zip(self.found, (reach, *g), strict=True):
            found.append(got.to_bytes(self.nbytes, "little"))

    def levels(self) -> int:
        """How many numbers of draws (from 0) the sets are worked out for."""
        return len(self.found[0])

    def reach(self, draws: int) -> None:
        """Work out the sets up to ``draws`` draws (or until they stop growing)."""
        while not self.done and self.levels() <= draws:
            self._grow()

    # --- the questions --------------------------------------------------------------------------

    def index(self, heights: Sequence[int]) -> int:
        return sum(x * s for x, s in zip(heights, self.stride, strict=True))

    def need(self, index: int) -> int:
        """The fewest draws from the heights at ``index``, the player to draw; when it is more
        than the sets worked out (:meth:`reach`) tell, their number."""
        return self._first(self.found[0], index)

    def after(self, column: int, index: int) -> int:
        """The same with the player to move, the top the card just taken from ``column``
        (the heights at ``index`` are those once it is taken)."""
        return self._first(self.found[column + 1], index)

    def _first(self, found: list[bytes], index: int) -> int:
        """The first number of draws whose set holds the heights at ``index``."""
        byte, bit = index >> 3, 1 << (index & 7)
        for d, got in enumerate(found):
            if got[byte] & bit:
                return d
        return FAR if self.done else len(found)


WINNABLE_MEMORY: Final = 48 << 20
"""The most bytes :class:`Winnable` holds its sets in (as bytes, and the last ones as ints)."""


class Winnable:
    """For multisets ``S`` of the stock's classes, the heights (below the lattice's top) from
    which some order of ``S``'s cards clears the tableau, the player to draw: a draw state out
    of them is lost whatever the order, and every draw state in them wins some order.

    Over the same lattice as :class:`DrawsNeeded` (``lattice``): where it lets each draw be a
    card of any class, here the draws are the cards of ``S``, each once. A multiset is given by
    its index in the mixed radix of ``caps`` (the most of each class the stock holds):
    ``sum(count[r] * radix[r])``. The sets are worked out when first asked, with those of the
    multisets under it.

    ``D[S]``: the empty tableau; or a card ``r`` of ``S`` drawn, on which a free card of some
    column ``i`` may go, after which ``G[i][S - r]`` (the card on the waste); or ``r`` drawn and
    nothing played (``D[S - r]``). ``G[j][S]``: the top the card just taken from column ``j``,
    the player to move: a play into ``G[i][S]``, or a draw into ``D[S]`` where the rules allow
    it. Under the strict rules a card drawn must be played on when it can be, so leaving it
    unplayed (``D[S - r]``) only adds heights there: the sets never miss a winnable state, and
    with drawing at any time they are exact.
    """

    def __init__(
        self,
        lattice: DrawsNeeded,
        cls_at: Sequence[Sequence[int]],
        takes: Sequence[int],
        classes: Sequence[int],
        caps: Sequence[int],
        memory: int = WINNABLE_MEMORY,
    ) -> None:
        self.lattice = lattice
        self.classes = tuple(classes)
        self.caps = tuple(caps)
        radix = []
        size = 1
        for c in caps:
            radix.append(size)
            size *= c + 1
        self.radix = tuple(radix)
        self.count = size
        # How many multisets there are of each size (the product of the polynomials
        # 1 + x + ... + x^cap): the sets are held for the sizes up to ``most`` only, as many
        # as four fifths of ``memory`` hold as bytes (each multiset's sets are ``cols + 1``
        # sets of the lattice), the last fifth for those kept as ints too.
        by_size = [1]
        for c in caps:
            by_size = [
                sum(by_size[k - j] for j in range(c + 1) if 0 <= k - j < len(by_size))
                for k in range(len(by_size) + c)
            ]
        each = (lattice.cols + 1) * lattice.nbytes
        held = 0
        self.most = -1
        """The largest multiset :meth:`holds` answers for."""
        for k, count in enumerate(by_size):
            held += count * each
            if held > memory * 4 // 5:
                break
            self.most = k
        top = lattice.top
        self.starts: list[list[tuple[int, int]]] = []
        for r in classes:
            row = []
            for i in range(lattice.cols):
                xs = [x for x in range(1, top[i] + 1) if (takes[r] >> cls_at[i][x]) & 1]
                if xs:
                    row.append((i, lattice._column(i, xs)))
            self.starts.append(row)
        self.sources: list[list[tuple[int, int]]] = [[] for _ in range(lattice.cols)]
        """For each column ``i``, the plays of its free card: (``j``, the heights where it may
        go on the card just taken from column ``j``)."""
        for j, row in enumerate(lattice.plays):
            for i, mask in row:
                self.sources[i].append((j, mask))
        self.ints: dict[int, tuple[int, ...]] = {}
        """The sets of the last multisets worked out or read, as ints (reading bytes back into
        an int costs as much as a dozen operations on it)..."""
        self.keep_ints = max(16, memory // 5 // each)
        """... as many as a fifth of ``memory`` holds (at least 16)."""
        self.found: dict[int, tuple[bytes, ...]] = {}
        """Multiset index -> ``D`` and the ``G`` per column, as bytes (ints again to work out
        the sets of the multisets over it)."""

    def release(self) -> None:
        """Let the sets go now: the search's closures that still hold them refer to each
        other, so they would otherwise wait for the garbage collector's rounds."""
        self.found.clear()
        self.ints.clear()

    def sets_of(self, multiset: int) -> tuple[bytes, ...]:
        """``D`` and the ``G`` per column of the multiset, as bytes (bit ``index`` of each
        heights' place in the lattice)."""
        return self.found.get(multiset) or self._sets(multiset)

    def holds(self, multiset: int, index: int) -> bool:
        """Whether the heights at ``index`` are in ``D`` of the multiset: the player to draw."""
        return bool(self.sets_of(multiset)[0][index >> 3] & (1 << (index & 7)))

    def after(self, multiset: int, column: int, index: int) -> bool:
        """Whether the heights at ``index`` are in ``G`` of the multiset and ``column``: the
        player to move, the top the card just taken from ``column``."""
        return bool(self.sets_of(multiset)[column + 1][index >> 3] & (1 << (index & 7)))

    def _sets(self, multiset: int) -> tuple[bytes, ...]:
        lat = self.lattice
        cols, stride, nbytes = lat.cols, lat.stride, lat.nbytes
        reach = 1
        g = [0] * cols
        for r, (c, unit) in enumerate(zip(self.caps, self.radix, strict=True)):
            if (multiset // unit) % (c + 1):
                below = self._ints(multiset - unit)
                reach |= below[0]
                g_below = below[1:]
                for i, mask in self.starts[r]:
                    reach |= mask & (g_below[i] << stride[i])
                for j in range(cols):
                    g[j] |= g_below[j]
        # The union of the sets under it is closed under the plays already (a play's set is a
        # union over the columns, so it maps a union of closed sets into it): only the heights
        # new here, from the draws, are followed through the plays.
        first = lat.valid if multiset == 0 else lat.draws
        pending = [first[j] & reach for j in range(cols)]
        for j in range(cols):
            g[j] |= pending[j]
        sources = self.sources
        while any(pending):
            lat.look()
            for i in range(cols):
                step = pending[i]
                if not step:
                    continue
                pending[i] = 0
                step <<= stride[i]
                for j, mask in sources[i]:
                    got_j = mask & step
                    if got_j:
                        merged = g[j] | got_j
                        if merged != g[j]:
                            g[j] = merged
                            pending[j] |= got_j
        got = self.found[multiset] = tuple(x.to_bytes(nbytes, "little") for x in (reach, *g))
        self._keep(multiset, (reach, *g))
        return got

    def _ints(self, multiset: int) -> tuple[int, ...]:
        """The sets of a multiset as ints: kept for the last few worked out, else read back."""
        got = self.ints.get(multiset)
        if got is None:
            held = self.found.get(multiset) or self._sets(multiset)
            got = self.ints.get(multiset)
            if got is None:
                got = tuple(int.from_bytes(b, "little") for b in held)
                self._keep(multiset, got)
        return got

    def _keep(self, multiset: int, sets: tuple[int, ...]) -> None:
        ints = self.ints
        if len(ints) >= self.keep_ints:
            del ints[next(iter(ints))]  # the oldest
        ints[multiset] = sets
