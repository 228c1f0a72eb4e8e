"""The exact solver: is a position winnable with the stock's order known, and what is the best
result when it is not. Also a random winnable deal, and the analysis of a played game.

It plays by the engine's own rules (``Rules.follows``) and returns lines of engine
:class:`~golf.solitaire.engine.Action` that :class:`~golf.solitaire.session.Game` accepts.

Two searches answer. When drawing is allowed at any time, the layered search of
:mod:`golf.solitaire.layered` decides a position, with its best result, in a time that hardly depends on
the deal (a depth-first go first takes the quick wins when the King-Ace link makes most deals
winnable). The depth-first search below answers under the strict rules, within small budgets,
and for the hints, which ask many questions about one deal and gain from the states it keeps.

How the depth-first search works (deterministic):

* A state is the seven column heights, the number of cards drawn and the waste top. The top
  only matters through the free cards that may go on it, so a state is one int: the heights in
  3 bits each, then those free cards as bits (and, under strict rules, the stock index).
* When drawing is allowed at any time, a state with fewer cards drawn is at least as good as the
  same heights and top with more cards drawn (it can draw up to the other). The table keeps,
  per heights and top, the fewest cards drawn seen so far and skips the others. Draws are
  followed as one chain per heights ("draw one, draw two, ...") that only stops at stock cards
  some free card can follow, once per set of free cards they take.
* Two upper bounds on the cards still removable prune the search. Reachability: a card can only
  be played once the cards below it are gone, onto a card whose class can still become the top
  (the top, a stock card to come, or a card that can itself be played); iterating that leaves the
  cards that might ever go, and the rest stay. Matching: every card removed is played on a
  distinct card (the top, a stock card, or a tableau card) of a rank it follows, so the count is
  at most a maximum matching, counted by rank; the rank graph of every rule set is a union of
  paths and cycles, where the matching is a greedy walk. Reachability is counted afresh at each
  draw (for a whole chain at once) and kept, less the cards played, along a run; the matching is
  updated move by move and recounted only when it might prune.
* Plays from the tallest columns come first, and among them those after which a free card can
  follow: wins are found sooner.
* :meth:`DealSolver.winning_line` searches for a win, pruning every state that cannot win; the
  states it proves lost are remembered, so later questions about the same deal (the hints, the
  analysis of a game) reuse them. The best result of an unwinnable position comes from a branch
  and bound search seeded with the best position the win search saw.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from golf.core.cards import DECK_SIZE, rank
from golf.core.deal import COLUMNS, MAX_DEAL, TABLEAU_SIZE
from golf.solitaire import engine
from golf.solitaire.engine import Action, Position
from golf.solitaire.layered import Layered, Outcome
from golf.solitaire.rules import Rules
from golf.solitaire.session import kept_moves

log = logging.getLogger(__name__)

EMPTY: Final = DECK_SIZE + 2
"""The index ``Rules.follows`` uses for an empty waste."""
WILD: Final = 13
"""The rank class of jokers and of the empty waste."""
_BIG: Final = 1 << 30
_STEP: Final = tuple(1 << (3 * i) for i in range(COLUMNS))
_CLASS_SHIFT: Final = 21
_STOCK_SHIFT: Final = 26
_RESTART_STATES: Final = 1000
QUICK_STATES: Final = (0, 1000)
"""The depth-first search's go at a position before the layered search takes over: without and
with the King-Ace link. With the link about 93 % of deals are won and the depth-first search
finds most of those wins within a thousand states, sooner than the layered search; without it
half of the deals or more are lost, and the few wins it finds at once are deals the layered
search decides quickly too, so it only costs time."""
LAYERED_MIN_STATES: Final = 10_000
"""The smallest budget that lets the layered search run (it costs about as much as 10,000
depth-first states on a hard deal, and never much more)."""

Path = list[int]
"""A line as the search keeps it: 0..6 plays that column, -k draws k cards."""


class BudgetExceeded(Exception):
    """The search reached its state budget before it could decide."""


class _Found(Exception):
    """Unwinds the search once the goal is reached."""


@dataclass(frozen=True)
class Solution:
    """What the solver found for a position.

    ``winnable`` is True (``line`` wins), False (proven: no line wins) or None (the state budget
    ran out first). ``line`` is a winning line, or else a line reaching ``best_removed``.
    ``best_removed`` counts the tableau cards removed in the whole deal (those the position had
    already removed included); it is proven the best when ``exact`` is True, else the best seen.
    """

    winnable: bool | None
    line: tuple[Action, ...]
    best_removed: int
    exact: bool
    states: int
    seconds: float

    @property
    def decided(self) -> bool:
        return self.winnable is not None


def line_actions(path: Iterable[int]) -> tuple[Action, ...]:
    """The engine actions of a search path."""
    out: list[Action] = []
    for step in path:
        if step >= 0:
            out.append(Action.play(step + 1))
        else:
            out.extend([Action.draw()] * -step)
    return tuple(out)


# --- the rank graph as paths and cycles ------------------------------------------------------------


@dataclass(frozen=True)
class _RankGraph:
    """The bipartite "support -> card" graph on ranks, split into paths and cycles.

    Node ``r`` (0..12) is "a support of rank r+1", node ``13 + r`` is "a card of rank r+1 to
    remove". Jokers and the empty waste are wild and counted apart.
    """

    paths: tuple[tuple[int, ...], ...]
    cycles: tuple[tuple[int, ...], ...]
    general: tuple[tuple[int, ...], ...]
    """Adjacency lists (support rank -> card ranks) when the graph is not paths and cycles."""


def _walk(adj: Sequence[Sequence[int]], start: int, seen: list[bool]) -> tuple[int, ...]:
    order = [start]
    seen[start] = True
    prev, cur = -1, start
    while True:
        nxt = [n for n in adj[cur] if n != prev and not seen[n]]
        if not nxt:
            return tuple(order)
        prev, cur = cur, nxt[0]
        seen[cur] = True
        order.append(cur)


def _rank_graph(rules: Rules) -> _RankGraph:
    follows = rules.follows
    adj: list[list[int]] = [[] for _ in range(26)]
    for w in range(13):
        for c in range(13):
            if c in follows[w]:  # the card of rank c+1 may go on a support of rank w+1
                adj[w].append(13 + c)
                adj[13 + c].append(w)
    if any(len(a) > 2 for a in adj):
        return _RankGraph((), (), tuple(tuple(n - 13 for n in adj[w]) for w in range(13)))
    seen = [False] * 26
    paths = [_walk(adj, n, seen) for n in range(26) if len(adj[n]) < 2 and not seen[n]]
    cycles = [_walk(adj, n, seen) for n in range(26) if not seen[n]]
    return _RankGraph(tuple(p for p in paths if len(p) > 1), tuple(cycles), ())


def _path_matching(caps: list[int], order: Sequence[int]) -> int:
    """Maximum matching along a path: each node takes what its left neighbour has left."""
    carry = 0
    total = 0
    for node in order:
        cap = caps[node]
        m = carry if carry < cap else cap
        total += m
        carry = cap - m
    return total


def rank_matching(caps: list[int], graph: _RankGraph) -> int:
    """The maximum matching of supports and cards by rank along the paths and cycles of the
    rank graph (``caps``: 13 supplies, then 13 demands; left as they were)."""
    total = 0
    for order in graph.paths:
        total += _path_matching(caps, order)
    for order in graph.cycles:
        a, b = order[0], order[-1]
        best = 0
        for x in range(min(caps[a], caps[b]) + 1):
            caps[a] -= x
            caps[b] -= x
            v = x + _path_matching(caps, order)
            caps[a] += x
            caps[b] += x
            if v > best:
                best = v
        total += best
    return total


def advance_reach(
    points: list[int],
    avail: int,
    counts: list[int],
    support: Sequence[int],
    cards: Sequence[Sequence[int]],
) -> int:
    """Reachability (see :meth:`DealSolver.reachable`) from ``points`` (the first card not yet
    reached in each column, counted from the top; moved on in place) with the classes
    ``avail``; returns the classes reached.

    ``support[k]``: the classes a card of class ``k`` may go on; ``cards[i][x]``: the class of
    the card ``x`` high in column ``i``. ``counts`` gets the classes of the cards reached, and
    at index 14 how many.
    """
    reached = 0
    before = -1
    # Until a pass over the columns adds no class: then every column was last looked at with
    # the final classes and stopped.
    while avail != before:
        before = avail
        for i in range(COLUMNS):
            p = points[i]
            if p:
                col = cards[i]
                k = col[p]
                if support[k] & avail:
                    start = p
                    while True:
                        avail |= 1 << k
                        counts[k] += 1
                        p -= 1
                        if not p:
                            break
                        k = col[p]
                        if not support[k] & avail:
                            break
                    points[i] = p
                    reached += start - p
    counts[14] += reached
    return avail


def _general_matching(supply: list[int], demand: list[int], adj: Sequence[Sequence[int]]) -> int:
    """Maximum b-matching by augmenting paths (for rank graphs that are not paths or cycles)."""
    flow = [[0] * 13 for _ in range(13)]
    sup = supply[:]
    dem = demand[:]
    total = 0
    while True:
        prev: dict[int, int] = {w: -1 for w in range(13) if sup[w] > 0}
        frontier = list(prev)
        end = -1
        while frontier and end < 0:
            nxt: list[int] = []
            for w in frontier:
                for c in adj[w]:
                    node = 13 + c
                    if node in prev:
                        continue
                    prev[node] = w
                    if dem[c] > 0:
                        end = node
                        break
                    for w2 in range(13):
                        if flow[w2][c] > 0 and w2 not in prev:
                            prev[w2] = node
                            nxt.append(w2)
                if end >= 0:
                    break
            frontier = nxt
        if end < 0:
            return total
        dem[end - 13] -= 1
        node = end
        while True:
            w = prev[node]
            flow[w][node - 13] += 1
            back = prev[w]
            if back < 0:
                sup[w] -= 1
                break
            flow[w][back - 13] -= 1
            node = back
        total += 1


# --- the search ----------------------------------------------------------------------------------


# A matching (see DealSolver.matching) is one flat list: its size, then the units on each edge
# (supports of class w taken by cards of class c), the unused supports and the unmatched cards.
_FLOW: Final = 1
_SPARE: Final = 1 + 14 * 14
_UNMATCHED: Final = _SPARE + 14
_MATCHING_SIZE: Final = _UNMATCHED + 14


def _take_support(
    m: list[int], w: int, takes: Sequence[Sequence[int]], taken_by: Sequence[Sequence[int]]
) -> None:
    """One support of class ``w`` is gone: use a spare one, or unmatch a card and rematch it."""
    if m[_SPARE + w]:
        m[_SPARE + w] -= 1
        return
    base = _FLOW + w * 14
    for c in takes[w]:
        if m[base + c]:
            m[base + c] -= 1
            for w2 in taken_by[c]:
                if m[_SPARE + w2]:
                    m[_SPARE + w2] -= 1
                    m[_FLOW + w2 * 14 + c] += 1
                    return
            m[_UNMATCHED + c] += 1
            m[0] -= 1
            return


def _take_card(
    m: list[int], c: int, takes: Sequence[Sequence[int]], taken_by: Sequence[Sequence[int]]
) -> None:
    """One card of class ``c`` is no longer to be removed: free its support for another card."""
    if m[_UNMATCHED + c]:
        m[_UNMATCHED + c] -= 1
        return
    for w in taken_by[c]:
        i = _FLOW + w * 14 + c
        if m[i]:
            m[i] -= 1
            m[0] -= 1
            for c2 in takes[w]:
                if m[_UNMATCHED + c2]:
                    m[_UNMATCHED + c2] -= 1
                    m[_FLOW + w * 14 + c2] += 1
                    m[0] += 1
                    return
            m[_SPARE + w] += 1
            return


class DealSolver:
    """Questions about one deal from one position on, with the stock's order known.

    Positions asked about later must come from the same deal after some moves: columns that
    are beginnings of the first position's columns and a stock that is the end of its stock.
    States proven lost are kept between questions.
    """

    def __init__(self, position: Position, rules: Rules) -> None:
        self.rules = rules
        self.cols: tuple[tuple[int, ...], ...] = tuple(tuple(c) for c in position.columns)
        self.stock: tuple[int, ...] = tuple(position.stock)
        self.start = position
        self.states = 0
        """States visited by every search so far."""
        follows = rules.follows
        self.follows = follows
        # Cards with the same follows set are the same top for the future: number the classes.
        classes: dict[frozenset[int], int] = {}
        self.cls = [classes.setdefault(follows[c], len(classes)) for c in range(len(follows))]

        # Rank class 0..12 of each card; 13 for the wild ones (jokers, the empty waste).
        self.rank_index = [rank(c) - 1 if c < DECK_SIZE else WILD for c in range(len(follows))]
        self.graph = _rank_graph(rules)
        # Rank classes joined in the matching: cards a support takes, supports a card takes.
        self.takes = [[c for c in range(13) if c in follows[w]] for w in range(13)]
        self.taken_by = [[w for w in range(13) if c in follows[w]] for c in range(13)]
        self.incremental = not self.graph.general and rules.jokers == 0
        ns = len(self.stock)
        suffix = [[0] * 14 for _ in range(ns + 1)]
        for s in range(ns - 1, -1, -1):
            suffix[s] = suffix[s + 1][:]
            suffix[s][self.rank_index[self.stock[s]]] += 1
        self.suffix = suffix
        # support[k]: the rank classes a card of class k may be played on (bit masks).
        rep = [*range(13), DECK_SIZE]
        self.support = [
            sum(1 << k for k in range(14) if rep[j] in follows[rep[k]]) for j in range(14)
        ]
        self.suffix_mask = [sum(1 << k for k in range(14) if row[k]) for row in suffix]
        # Tableau cards as bits (5 per column, from the top). follow_mask[c]: the tableau cards
        # that may go on card c; wanted[s]: on the stock card drawn s-th; wanted_after[s]: on
        # any stock card drawn after s.
        bit_of = {c: 1 << (5 * i + r) for i, col in enumerate(self.cols) for r, c in enumerate(col)}
        self.follow_mask = [sum(bit_of.get(c, 0) for c in f) for f in follows]
        self.wanted = [0] + [self.follow_mask[z] for z in self.stock]
        self.wanted_after = [0] * (ns + 1)
        for s in range(ns - 1, -1, -1):
            self.wanted_after[s] = self.wanted_after[s + 1] | self.wanted[s + 1]
        self.card_at = [(-1, *col) for col in self.cols]
        self.card_bit = [(0, *(bit_of[c] for c in col)) for col in self.cols]
        self.card_class = [(-1, *(self.rank_index[c] for c in col)) for col in self.cols]
        # slots[5 * i + h - 1]: the card at height h of column i as a free card, by the position
        # of its bit: (i, h, the card, the bit of the card below it or 0).
        self.slots: list[tuple[int, int, int, int]] = [(-1, 0, -1, 0)] * (5 * COLUMNS)
        for i, col in enumerate(self.cols):
            for r, c in enumerate(col):
                self.slots[5 * i + r] = (i, r + 1, c, bit_of[col[r - 1]] if r else 0)
        self.lost: dict[int, int] = {}
        """Win search: states proven lost, with the fewest cards drawn they were proven for."""
        self.lost_chains: dict[int, int] = {}
        self.closest: tuple[int, Path] = (sum(len(c) for c in self.cols), [])
        """The fewest cards left the last win search saw, and its line."""
        self.outcomes: dict[tuple[tuple[int, ...], int, int], Outcome] = {}
        """The layered searches done, by state."""

    # Positions as states ------------------------------------------------------------------------

    def state_of(self, position: Position) -> tuple[list[int], int, int]:
        """Heights, cards drawn and waste top of a later position of this deal."""
        heights = []
        for col, mine in zip(position.columns, self.cols, strict=True):
            if tuple(col) != mine[: len(col)]:
                raise ValueError("the position is not a later position of this deal")
            heights.append(len(col))
        s = len(self.stock) - len(position.stock)
        if s < 0 or tuple(position.stock) != self.stock[s:]:
            raise ValueError("the position is not a later position of this deal")
        top = position.waste[-1] if position.waste else EMPTY
        return heights, s, top

    # Bounds -------------------------------------------------------------------------------------

    def reachable(self, heights: list[int], s: int, top: int) -> list[int]:
        """The cards that might ever be played, counted by rank class (index 14: the total).

        A card can only be played once every card below it is gone, onto a card of a class that
        can become the waste top: the top now, a stock card to come, or a card that can itself be
        played. Repeating that until nothing changes leaves every card that might ever be played;
        the others (and everything above them) stay.
        """
        counts = [0] * 15
        avail = self.suffix_mask[s] | (1 << self.rank_index[top])
        advance_reach(heights[:], avail, counts, self.support, self.card_class)
        return counts

    def advance(self, points: list[int], avail: int, counts: list[int]) -> int:
        """Continue :meth:`reachable` from ``points`` (the first card not yet reached in each
        column, counted from the top) with the classes ``avail``; returns the classes reached.

        ``counts`` gets the classes of the cards reached (index 14: how many).
        """
        return advance_reach(points, avail, counts, self.support, self.card_class)

    def removable(self, s: int, top: int, counts: list[int]) -> int:
        """An upper bound on the cards still removable: the matching of the module docstring.

        ``counts`` holds, by rank class, the cards that might be removed (and so be supports).
        """
        suf = self.suffix[s]
        caps = [counts[r] + suf[r] for r in range(13)]
        wild = counts[WILD] + suf[WILD]
        t = self.rank_index[top]
        if t == WILD:
            wild += 1
        else:
            caps[t] += 1
        demand = counts[:13]
        caps.extend(demand)
        graph = self.graph
        total = rank_matching(caps, graph)
        if graph.general:
            total = _general_matching(caps[:13], demand, graph.general)
        need = sum(demand) + counts[WILD]
        total += wild + counts[WILD]
        return need if total > need else total

    def matching(self, s: int, top: int, counts: list[int]) -> list[int]:
        """:meth:`removable` as an explicit matching, for rule sets without wild cards.

        Returns its size, the units on each edge (``flow[w * 14 + c]``: supports of class ``w``
        used by cards of class ``c``), the unused supports and the unmatched cards by class. The
        search updates it move by move and recomputes it only when it might prune.
        """
        suf = self.suffix[s]
        caps = [counts[r] + suf[r] for r in range(13)]
        caps[self.rank_index[top]] += 1
        caps.extend(counts[:13])
        m = [0] * _MATCHING_SIZE
        left_over = caps[:]
        total = 0
        graph = self.graph
        for order in graph.cycles:
            a, b = order[0], order[-1]
            best, best_x = -1, 0
            for x in range(min(caps[a], caps[b]) + 1):
                caps[a] -= x
                caps[b] -= x
                v = x + _path_matching(caps, order)
                caps[a] += x
                caps[b] += x
                if v > best:
                    best, best_x = v, x
            if best_x:
                left_over[a] -= best_x
                left_over[b] -= best_x
                w, c = (a, b - 13) if a < 13 else (b, a - 13)
                m[_FLOW + w * 14 + c] += best_x
                total += best_x
        for order in (*graph.paths, *graph.cycles):
            prev = -1
            carry = 0
            for node in order:
                cap = left_over[node]
                units = carry if carry < cap else cap
                if units:
                    w, c = (prev, node - 13) if prev < 13 else (node, prev - 13)
                    m[_FLOW + w * 14 + c] += units
                    left_over[prev] -= units
                    left_over[node] -= units
                    total += units
                carry = cap - units
                prev = node
        m[0] = total
        m[_SPARE : _SPARE + 13] = left_over[:13]
        m[_UNMATCHED : _UNMATCHED + 13] = left_over[13:]
        return m

    def bound(self, heights: list[int], s: int, top: int) -> int:
        """An upper bound on the cards still removable from a state (both bounds)."""
        counts = self.reachable(heights, s, top)
        return min(counts[14], self.removable(s, top, counts))

    # Searches -----------------------------------------------------------------------------------

    def winning_line(
        self,
        position: Position | None = None,
        *,
        max_states: int | None = None,
        depth_first: bool = False,
    ) -> Path | None:
        """A winning line from ``position`` (default: the first one), or None if there is none.

        Raises :class:`BudgetExceeded` after ``max_states`` more states without a verdict.

        When drawing is allowed at any time and the budget is at least
        :data:`LAYERED_MIN_STATES` (or unlimited), a short depth-first search
        (:data:`QUICK_STATES`) takes the easy wins and the layered search
        (:mod:`golf.solitaire.layered`) decides the rest, in a time that hardly depends on the deal; it
        also knows the best result then (:meth:`best_line` reuses it). ``depth_first`` keeps to
        the depth-first search, whose proven-lost states serve later questions (the hints ask
        many about one deal).
        """
        if not self._layered_may_answer(max_states, depth_first):
            return self._depth_first_line(position, max_states)
        quick = QUICK_STATES[self.rules.king_ace]
        if quick:
            try:
                return self._depth_first_line(position, quick)
            except BudgetExceeded:
                pass
        outcome = self.layered(position)
        return outcome.path[:] if outcome.winnable else None

    def _layered_may_answer(self, max_states: int | None, depth_first: bool) -> bool:
        """Whether the layered search answers a question with this budget: drawing at any
        time, a budget of at least :data:`LAYERED_MIN_STATES` (or none), not ``depth_first``."""
        return (
            not depth_first
            and self.rules.draw_any_time
            and (max_states is None or max_states >= LAYERED_MIN_STATES)
        )

    def layered(self, position: Position | None = None) -> Outcome:
        """The layered search's verdict, best result and line from ``position`` (kept)."""
        heights, s, top = self.state_of(position if position is not None else self.start)
        key = (tuple(heights), s, top)
        outcome = self.outcomes.get(key)
        if outcome is None:
            columns = [col[:h] for col, h in zip(self.cols, heights, strict=True)]
            search = Layered(columns, self.stock[s:], None if top == EMPTY else top, self.follows)
            outcome = search.run()
            self.outcomes[key] = outcome
            self.states += outcome.states
        self.closest = (outcome.left, outcome.path[:])
        return outcome

    def _depth_first_line(self, position: Position | None, max_states: int | None) -> Path | None:
        """:meth:`winning_line` by the depth-first search alone.

        The search restarts now and then (after 1000 states, then twice as many each time) with
        the columns taken in another order when plays are otherwise equal: a bad early choice
        does not hold up a win for long, and as the states proven lost are kept, a restart
        costs little when there is no win.
        """
        state = self.state_of(position if position is not None else self.start)
        limit = self.states + (max_states if max_states is not None else _BIG)
        budget = _RESTART_STATES
        restart = 0
        best: tuple[int, Path] = (sum(state[0]), [])
        try:
            while True:
                heights, s, top = state
                step = min(budget, limit - self.states)
                search = _Search(self, heights[:], s, top, step, restart)
                try:
                    return search.run_win()
                except BudgetExceeded:
                    if self.states >= limit:
                        raise
                finally:
                    if search.best_left < best[0]:
                        best = (search.best_left, search.best_path)
                restart += 1
                budget *= 2
        finally:
            self.closest = best

    def best_line(
        self,
        position: Position | None = None,
        *,
        at_least: int = 0,
        known: tuple[int, Path] | None = None,
        max_states: int | None = None,
        depth_first: bool = False,
    ) -> tuple[int, Path]:
        """The fewest cards left that ``position`` can reach, with a line that leaves them.

        ``at_least`` is a known lower bound on the cards left (1 once a win is ruled out);
        ``known`` a number of cards left that a known line (from ``position``) reaches. Raises
        :class:`BudgetExceeded` after ``max_states`` more states, with the best line so far in
        :attr:`closest`. As in :meth:`winning_line`, the layered search answers when it may
        (its answer, once found, is kept), unless ``depth_first``.
        """
        heights, s, top = self.state_of(position if position is not None else self.start)
        known_outcome = not depth_first and (tuple(heights), s, top) in self.outcomes
        if known_outcome or self._layered_may_answer(max_states, depth_first):
            outcome = self.layered(position)
            return outcome.left, outcome.path[:]
        search = _Search(self, heights, s, top, max_states)
        if known is not None and known[0] < search.best_left:
            search.best_left, search.best_path = known[0], known[1][:]
        try:
            return search.run_best(at_least)
        finally:
            self.closest = (search.best_left, search.best_path)


class _Search:
    """One search from one state of a :class:`DealSolver`'s deal."""

    def __init__(
        self,
        deal: DealSolver,
        heights: list[int],
        s: int,
        top: int,
        max_states: int | None,
        restart: int = 0,
    ) -> None:
        self.deal = deal
        self.heights = heights
        self.s = s
        self.top = top
        self.max_states = deal.states + (max_states if max_states is not None else _BIG)
        self.best_left = sum(heights)
        self.best_path: Path = []
        # Which column goes first among equal plays: each restart takes another order.
        step = restart % 6 + 1
        self.tie = tuple((i * step + restart) % COLUMNS for i in range(COLUMNS))

    def run_win(self) -> Path | None:
        deal = self.deal
        if deal.rules.draw_any_time:
            found = self._any(0, improve=False, memo=deal.lost, chains=deal.lost_chains)
        else:
            found = self._stuck(0, improve=False, seen=deal.lost)
        return self.best_path if found else None

    def run_best(self, at_least: int) -> tuple[int, Path]:
        deal = self.deal
        if self.best_left > at_least:
            if deal.rules.draw_any_time:
                self._any(self.best_left - 1, improve=True, memo={}, chains={}, floor=at_least)
            else:
                self._stuck(self.best_left - 1, improve=True, seen={}, floor=at_least)
        return self.best_left, self.best_path

    # Drawing at any time -------------------------------------------------------------------------

    def _any(
        self,
        goal: int,
        *,
        improve: bool,
        memo: dict[int, int],
        chains: dict[int, int],
        floor: int = 0,
    ) -> bool:
        """Depth-first search for a state with at most ``goal`` cards left.

        With ``improve``, every better state found lowers the goal (branch and bound) until
        ``floor``; otherwise the first state at the goal stops it. Returns True when the goal (or
        the floor) was reached; the line is in ``best_path``.

        ``memo`` and ``chains`` may outlive the search only without ``improve``: then every state
        left in them has been proven unable to reach the goal.
        """
        deal = self.deal
        card_bit = deal.card_bit
        card_class = deal.card_class
        slots = deal.slots
        heights = self.heights
        stock = deal.stock
        ns = len(stock)
        wanted = deal.wanted
        wanted_after = deal.wanted_after
        follow_mask = deal.follow_mask
        rank_index = deal.rank_index
        suffix_mask = deal.suffix_mask
        takes = deal.takes
        taken_by = deal.taken_by
        take_card = _take_card
        take_support = _take_support
        incremental = deal.incremental
        reachable = deal.reachable
        support = deal.support
        removable = deal.removable
        matching = deal.matching
        tie = self.tie
        path: Path = []
        frames: list[tuple[int, int, int]] = []  # (memo key, chain key, chain's previous value)
        max_states = self.max_states
        count = deal.states
        best_left = self.best_left
        columns = range(COLUMNS)

        def reached(left: int) -> None:
            nonlocal best_left, goal
            if left < best_left:
                best_left = left
                self.best_left = left
                self.best_path = path[:]
            if left <= goal:
                if not improve or left <= floor:
                    raise _Found
                goal = left - 1

        def visit(
            hk: int,
            s: int,
            top: int,
            left: int,
            free: int,
            counts: list[int] | None,
            mt: list[int] | None,
        ) -> None:
            """Search from a state the caller has checked against the table and recorded.

            ``free`` has a bit for each free card. ``counts`` bounds the cards that might still
            be played, by class (see :meth:`DealSolver.reachable`), when the caller could derive
            it; ``mt`` is a matching for the state (see :meth:`DealSolver.matching`) or None.
            """
            nonlocal count
            count += 1
            if count > max_states:
                raise BudgetExceeded
            need = left - goal
            kt = rank_index[top]
            # The free cards that may go on the top: the plays.
            movable = free & follow_mask[top]
            if movable:
                if counts is None:
                    counts = reachable(heights, s, top)
                    mt = None
                if counts[14] < need:
                    return
                if mt is None or mt[0] < need:
                    # The size of a maximum matching, without building one, first: most
                    # recounts prune, and it is cheaper. (The matching built next has that size.)
                    if removable(s, top, counts) < need:
                        return
                    mt = matching(s, top, counts) if incremental and kt != WILD else None
                left1 = left - 1
                # Plays from the tallest columns first, those that leave a card to follow the
                # one played before those that end the run: it finds wins sooner.
                plays = []
                while movable:
                    b = movable & -movable  # the lowest bit left
                    movable ^= b
                    i, h, c, below = slots[b.bit_length() - 1]
                    free1 = free ^ b | below
                    playable = free1 & follow_mask[c]
                    order = (h * 2 + (playable > 0)) * 8 + tie[i]
                    plays.append((order, i, h, c, free1, playable))
                if len(plays) > 1:
                    plays.sort(reverse=True)
                for _, i, h, c, free1, playable in plays:
                    path.append(i)
                    if left1 < best_left or left1 <= goal:
                        # Reached, whatever the table says (a win must never be recorded as
                        # a lost state).
                        reached(left1)
                    if not playable and not free1 & wanted_after[s]:
                        # Nothing can ever be played again from there.
                        path.pop()
                        continue
                    hk1 = hk - _STEP[i]
                    # The top only matters through the free cards that may go on it.
                    key = hk1 | playable << _CLASS_SHIFT
                    if memo.get(key, _BIG) <= s:
                        path.pop()
                        continue
                    memo[key] = s
                    # Within a run the reachable cards stay those of the run's first state,
                    # less the cards played (a weaker bound, but one that needs no recount);
                    # the matching loses the card and its support.
                    kx = card_class[i][h]
                    heights[i] = h - 1
                    frames.append((key, -1, 0))
                    counts[kx] -= 1
                    counts[14] -= 1
                    mt1 = None
                    pair = 0
                    if mt is not None and kt != WILD:
                        pair = _FLOW + kt * 14 + kx
                        if mt[_UNMATCHED + kx] or not mt[pair]:
                            pair = 0
                            mt1 = mt[:]
                            take_card(mt1, kx, takes, taken_by)
                            take_support(mt1, kt, takes, taken_by)
                        else:
                            # The card leaves with the support it is matched to: change the
                            # matching in place (no copy) and put it back after the visit, as
                            # every visit does with the lists it is given.
                            mt1 = mt
                            mt[pair] -= 1
                            mt[0] -= 1
                    visit(hk1, s, c, left1, free1, counts, mt1)
                    if pair and mt is not None:
                        mt[pair] += 1
                        mt[0] += 1
                    counts[kx] += 1
                    counts[14] += 1
                    frames.pop()
                    heights[i] = h
                    path.pop()
            d = chains.get(hk, ns)
            if d <= s:
                return
            chains[hk] = s
            # The draws worth a visit: a free card can follow the card drawn, and no earlier
            # draw of this chain (or of an earlier search) let the same free cards go.
            targets: list[int] = []
            keys: list[int] = []
            for s2 in range(s + 1, d + 1):
                playable = free & wanted[s2]
                if playable:
                    key = hk | playable << _CLASS_SHIFT
                    if memo.get(key, _BIG) > s2 and key not in keys:
                        targets.append(s2)
                        keys.append(key)
            if not targets:
                return
            # Their reachability counts, from the last draw back: fewer stock cards to come
            # reach fewer cards, so each count continues the next one.
            chain_counts: list[list[int]] = []
            points = heights[:]
            run = [0] * 15
            reached_classes = 0
            for s2 in reversed(targets):
                reached_classes = advance_reach(
                    points,
                    reached_classes | suffix_mask[s2] | (1 << rank_index[stock[s2 - 1]]),
                    run,
                    support,
                    card_class,
                )
                chain_counts.append(run[:])
            chain_counts.reverse()
            path.append(0)
            for s2, counts1, key in zip(targets, chain_counts, keys, strict=True):
                z = stock[s2 - 1]
                memo[key] = s2
                if counts1[14] < left - goal:
                    count += 1
                    if count > max_states:
                        raise BudgetExceeded
                    continue
                path[-1] = s - s2
                frames.append((key, hk, d))
                mt1 = None
                if mt is not None and counts is not None and kt != WILD:
                    # Gone as supports: the old top, the cards drawn over, and the cards no
                    # longer reachable (which are no longer to be removed either).
                    mt1 = mt[:]
                    take_support(mt1, kt, takes, taken_by)
                    for j in range(s, s2 - 1):
                        take_support(mt1, rank_index[stock[j]], takes, taken_by)
                    if counts1[14] != counts[14]:
                        for k in range(13):
                            for _ in range(counts[k] - counts1[k]):
                                take_card(mt1, k, takes, taken_by)
                                take_support(mt1, k, takes, taken_by)
                visit(hk, s2, z, left, free, counts1, mt1)
                frames.pop()
            path.pop()

        hk0 = sum(h << (3 * i) for i, h in enumerate(heights))
        left0 = sum(heights)
        free0 = 0
        for i in columns:
            free0 |= card_bit[i][heights[i]]
        key0 = hk0 | (free0 & follow_mask[self.top]) << _CLASS_SHIFT
        try:
            if left0 <= goal:
                reached(left0)
            if memo.get(key0, _BIG) <= self.s:
                return False
            memo[key0] = self.s
            frames.append((key0, -1, 0))
            visit(hk0, self.s, self.top, left0, free0, None, None)
        except (_Found, BudgetExceeded) as stop:
            # The states still being searched are not proven lost: take them out.
            for key, chain_key, previous in frames:
                memo.pop(key, None)
                if chain_key >= 0:
                    if previous >= ns:
                        chains.pop(chain_key, None)
                    else:
                        chains[chain_key] = previous
            if isinstance(stop, BudgetExceeded):
                raise
            return True
        finally:
            self.deal.states = count
        return False

    # Drawing only when stuck ---------------------------------------------------------------------

    def _stuck(self, goal: int, *, improve: bool, seen: dict[int, int], floor: int = 0) -> bool:
        """:meth:`_any` when a draw is allowed only if no card can be played."""
        deal = self.deal
        card_at = deal.card_at
        heights = self.heights
        stock = deal.stock
        ns = len(stock)
        follows = deal.follows
        cls = deal.cls
        reachable = deal.reachable
        removable = deal.removable
        path: Path = []
        frames: list[int] = []
        max_states = self.max_states
        count = deal.states
        best_left = self.best_left
        columns = range(COLUMNS)

        def reached(left: int) -> None:
            nonlocal best_left, goal
            if left < best_left:
                best_left = left
                self.best_left = left
                self.best_path = path[:]
            if left <= goal:
                if not improve or left <= floor:
                    raise _Found
                goal = left - 1

        def visit(hk: int, s: int, top: int, left: int) -> None:
            nonlocal count
            key = hk | (s << _CLASS_SHIFT) | (cls[top] << _STOCK_SHIFT)
            if key in seen:
                return
            seen[key] = s
            frames.append(key)
            count += 1
            if count > max_states:
                raise BudgetExceeded
            need = left - goal
            counts = reachable(heights, s, top)
            if counts[14] >= need and removable(s, top, counts) >= need:
                f = follows[top]
                played = False
                left1 = left - 1
                for i in columns:
                    h = heights[i]
                    if h:
                        c = card_at[i][h]
                        if c in f:
                            played = True
                            path.append(i)
                            if left1 < best_left or left1 <= goal:
                                reached(left1)
                            heights[i] = h - 1
                            visit(hk - _STEP[i], s, c, left1)
                            heights[i] = h
                            path.pop()
                if not played and s < ns:
                    # Stuck: the draw is the only move.
                    path.append(-1)
                    visit(hk, s + 1, stock[s], left)
                    path.pop()
            frames.pop()

        hk0 = sum(h << (3 * i) for i, h in enumerate(heights))
        left0 = sum(heights)
        try:
            if left0 <= goal:
                reached(left0)
            visit(hk0, self.s, self.top, left0)
        except (_Found, BudgetExceeded) as stop:
            for key in frames:
                seen.pop(key, None)
            if isinstance(stop, BudgetExceeded):
                raise
            return True
        finally:
            self.deal.states = count
        return False


# --- what the rest of the game asks --------------------------------------------------------------


def solve(
    position: Position,
    rules: Rules,
    *,
    best: bool = True,
    max_states: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Solution:
    """Decide ``position`` exactly under ``rules`` (the stock's order is known).

    With ``best`` (the default), an unwinnable position also gets its best result, proven.
    ``max_states`` bounds the work: past it the answer is undecided (``winnable`` None) or, for
    the best result, not proven (``exact`` False). The answer never depends on the clock, which
    only measures ``seconds``.
    """
    start = clock()
    deal = DealSolver(position, rules)
    winnable, exact, best_left, path = _decide(deal, best, max_states)
    return Solution(
        winnable=winnable,
        line=line_actions(path),
        best_removed=TABLEAU_SIZE - best_left,
        exact=exact,
        states=deal.states,
        seconds=clock() - start,
    )


def _decide(
    deal: DealSolver, best: bool, max_states: int | None
) -> tuple[bool | None, bool, int, Path]:
    """Winnable, whether the best result is proven, the fewest cards left, and a line."""
    winnable: bool | None = None
    try:
        found = deal.winning_line(max_states=max_states)
        if found is not None:
            return True, True, 0, found
        winnable = False
        best_left, path = deal.closest
        if not best:
            # The layered search, when it decided, also proved the best result.
            return False, best_left <= 1 or bool(deal.outcomes), best_left, path
        budget = None if max_states is None else max(0, max_states - deal.states)
        best_left, path = deal.best_line(at_least=1, known=deal.closest, max_states=budget)
        return False, True, best_left, path
    except BudgetExceeded:
        log.debug("solver budget of %s states reached", max_states)
        best_left, path = deal.closest
        return winnable, False, best_left, path


def winnable_deal(
    rules: Rules, rng: random.Random, *, max_states: int = 20_000, attempts: int = 10_000
) -> int:
    """A random deal number that the solver proves winnable under ``rules``.

    Deals it cannot decide within ``max_states`` are skipped. Raises ``RuntimeError`` if none of
    ``attempts`` deals is proven winnable (which only a rule set almost never winnable does).
    """
    for _ in range(attempts):
        number = rng.randrange(MAX_DEAL)
        position = engine.deal(number, rules)
        try:
            if DealSolver(position, rules).winning_line(max_states=max_states) is not None:
                return number
        except BudgetExceeded:
            continue
    raise RuntimeError(f"no winnable deal found in {attempts} tries")


@dataclass(frozen=True)
class Analysis:
    """What the solver says about a game once it is over (or at any point).

    ``winnable``: could the deal be won from its first position. ``best_removed``: the most
    cards the deal allows to remove (35 for a winnable deal). ``line``: the solver's line from
    the first position (a win, or the best result). ``lost_after``: the index in the actions of
    the move after which the game stopped being winnable (None if it never was, or still is).
    ``undo_steps``: how many undos take the current position back to the last winnable one.
    ``complete`` is False when the state budget, or the caller's ``stop``, left some question
    undecided. ``lost_between``: while the losing move is not pinned down, the indices in the
    actions of the last move known to leave the game winnable (-1: none, the first position)
    and of the first known to have lost it. ``states``: the positions the solver searched.
    """

    winnable: bool | None
    best_removed: int
    line: tuple[Action, ...]
    lost_after: int | None
    undo_steps: int | None
    complete: bool
    lost_between: tuple[int, int] | None = None
    states: int = 0


def analyse(
    start: Position,
    rules: Rules,
    actions: Sequence[Action],
    *,
    max_states: int | None = 2_000_000,
    stop: Callable[[], bool] | None = None,
    report: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Analyse a game played from ``start`` with ``actions`` (undos and redos included, as a
    game logs them).

    ``stop`` is asked before each question after the first (whether the deal was winnable):
    once it says True, what is known so far is returned (``complete`` False, and
    ``lost_between`` where the halving had got). ``report`` is told the phase (0: whether the
    deal was winnable, 1: where the game was lost) and the positions searched so far, after
    each question. Raises ``ValueError`` if an action is not legal where it was played.
    """
    # The positions on the way from the start to where the game is, after the undos and redos.
    positions = [start]
    made_by: list[int] = [-1]
    for index, action in kept_moves(actions):
        try:
            positions.append(engine.apply(positions[-1], action, rules))
        except engine.Refused as refused:
            raise ValueError(f"action {index + 1} ({action}) is refused: {refused}") from None
        made_by.append(index)

    deal = DealSolver(start, rules)
    complete = True

    def winnable(position: Position) -> bool | None:
        nonlocal complete
        if stop is not None and stop():
            complete = False
            return None
        try:
            return deal.winning_line(position, max_states=max_states) is not None
        except BudgetExceeded:
            complete = False
            return None
        finally:
            if report is not None:
                report(1, deal.states)

    first_winnable, complete, best_left, path = _decide(deal, True, max_states)
    if report is not None:
        report(0, deal.states)
    lost_after: int | None = None
    undo_steps: int | None = None
    between: tuple[int, int] | None = None
    if first_winnable and engine.status(positions[-1], rules) != "won":
        last = len(positions) - 1
        if winnable(positions[last]) is False:
            # Winnable, then lost: along one line of play a lost position never wins again, so
            # the last winnable position is found by halving.
            lo, hi = 0, last  # positions[lo] winnable, positions[hi] lost
            while hi - lo > 1:
                mid = (lo + hi) // 2
                verdict = winnable(positions[mid])
                if verdict is None:
                    between = (made_by[lo], made_by[hi])
                    break
                if verdict:
                    lo = mid
                else:
                    hi = mid
            else:
                lost_after = made_by[hi]
                undo_steps = last - lo
    return Analysis(
        winnable=first_winnable,
        best_removed=TABLEAU_SIZE - best_left,
        line=line_actions(path),
        lost_after=lost_after,
        undo_steps=undo_steps,
        complete=complete,
        lost_between=between,
        states=deal.states,
    )
