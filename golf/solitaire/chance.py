"""The true chance: best play for a player who cannot see the stock, and its exact win chance.

The clairvoyant solver (:mod:`golf.solitaire.solver`) answers for a player who knows the stock's
order. A real player sees the tableau, the waste and which cards are still in the stock, never
their order: each draw is a uniformly random card among those still unseen. This module finds
that player's best play by an expected-value search (expectimax): at a play the player takes the
best option, at a draw the value is the average over the cards that may come.

The reductions that make it fast:

* **Suits never matter**, only ranks (jokers are one more class, wild). A state is the seven
  column heights, the rank class of the waste top and the multiset of ranks left in the stock:
  three small ints packed into one. After a draw the old top is buried, so a **draw node**
  depends on the heights and the stock's multiset only.
* **Exact integers, no fractions.** Every order of the stock's ranks is equally likely, so the
  win chance of a state whose stock has ``M`` distinct rank orders is ``wins / M`` for a whole
  number ``wins`` (the orders a best player wins). At a draw, ``wins`` is the sum of the
  children's ``wins`` (drawing rank ``r`` leaves ``M * c_r / n`` orders); at a play, the
  maximum. :attr:`Chance.fraction` is the exact value.
* **Memoised**: every state is worked out once (a dictionary keyed by the packed int), and a
  :class:`ChanceSearch` keeps them between questions about one game, so the next move's
  question is usually answered at once.
* **Dead positions**: a tableau card that no card could ever go onto (no card of a neighbouring
  rank in the stock, on the waste, in another column or below it in its own) can never be
  played; such a state is worth 0 without a search.
* **Cut at certainty**: once a move is found that wins every order, the other moves are not
  looked at.

Every rule set and variant is covered: drawing at any time or only when stuck (strict), the
King-Ace link, Queen on King, jokers, the empty waste. The stock's order is never read: the
search starts from the sorted ranks of its cards.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from golf.core.cards import DECK_SIZE, rank
from golf.core.deal import COLUMNS
from golf.solitaire import engine
from golf.solitaire.engine import Action, Position
from golf.solitaire.rules import Rules
from golf.solitaire.solver import _path_matching, _rank_graph, _RankGraph

WILD: Final = 13
"""The class of jokers and of the empty waste: they take, and go on, anything."""
CLASSES: Final = 14
_STEP: Final = tuple(1 << (3 * i) for i in range(COLUMNS))
_STOCK_SHIFT: Final = 3 * COLUMNS
_CLOCK_EVERY: Final = 4096
"""States between two looks at the clock, when the caller gives one."""


class ChanceBudgetExceeded(Exception):
    """The search reached its state budget (or its deadline) before the exact answer."""


def card_class(card: int) -> int:
    """Rank class 0..12 (ace..king) of a card, 13 for a joker."""
    return rank(card) - 1 if card < DECK_SIZE else WILD


def top_class(position: Position) -> int:
    """The class of the waste's top card (13, wild, for an empty waste)."""
    top = position.waste_top
    return WILD if top is None else card_class(top)


def stock_code(stock: tuple[int, ...] | list[int]) -> int:
    """The multiset of the stock's ranks as one int (3 bits a class): its order is lost here."""
    code = 0
    for c in stock:
        code += 1 << (3 * card_class(c))
    return code


def orders_of(stock: tuple[int, ...] | list[int]) -> int:
    """How many distinct rank orders the stock's cards have (a multinomial coefficient)."""
    counts = [0] * CLASSES
    for c in stock:
        counts[card_class(c)] += 1
    out = math.factorial(len(stock))
    for k in counts:
        out //= math.factorial(k)
    return out


def class_masks(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``takes[t]``: the classes that may go on a top of class ``t`` (bit masks);
    ``goes_on[k]``: the classes a card of class ``k`` may go on."""
    rep = [*range(13), DECK_SIZE]  # a card of each class: A..K of clubs, a joker
    follows = rules.follows
    takes = tuple(
        sum(1 << k for k in range(CLASSES) if rep[k] in follows[rep[t]]) for t in range(CLASSES)
    )
    goes_on = tuple(
        sum(1 << t for t in range(CLASSES) if (takes[t] >> k) & 1) for k in range(CLASSES)
    )
    return takes, goes_on


@dataclass(frozen=True)
class Chance:
    """The exact answer for a position: the best action and how many stock orders it wins.

    ``orders`` is the number of distinct rank orders of the stock (all equally likely), ``wins``
    how many of them a best player who cannot see the stock wins; ``chances`` gives the same
    count for every legal action (in the engine's order), or None for an action only proven
    no better than the best (the first of the best is the one suggested). ``states`` counts the states the
    search worked out for this question.
    """

    action: Action
    wins: int
    orders: int
    chances: tuple[tuple[Action, int | None], ...]
    states: int

    @property
    def fraction(self) -> Fraction:
        """The exact win chance."""
        return Fraction(self.wins, self.orders)

    @property
    def value(self) -> float:
        return self.wins / self.orders


class ChanceSearch:
    """The expected-value search over one game's positions (one deal, one rule set).

    Later questions must be about positions of the same game: columns that are beginnings of
    the first position's columns. The states worked out are kept between questions.
    """

    def __init__(self, position: Position, rules: Rules) -> None:
        self.rules = rules
        self.cols: tuple[tuple[int, ...], ...] = tuple(tuple(c) for c in position.columns)
        # cls_at[i][x]: the class of the free card of column i when it is x cards high.
        self.cls_at = tuple((-1, *(card_class(c) for c in col)) for col in self.cols)
        self.takes, self.goes_on = class_masks(rules)
        self.draw_any = rules.draw_any_time
        self.values: dict[int, int] = {}
        """Play states (heights, stock, the columns that may play) -> orders won."""
        self.draws: dict[int, int] = {}
        """Draw states (heights, stock) -> orders won."""
        self.reached: dict[int, tuple[int, list[int]]] = {}
        """(Heights, classes that may reach the waste) -> the cards that might be played."""
        self.short: dict[int, bool] = {}
        """Draw states -> whether the matching bound proves them lost."""
        graph = _rank_graph(rules)
        self.graph = None if graph.general or rules.jokers else graph
        self.states = 0
        self.limit = sys.maxsize
        self.clock: Callable[[], float] | None = None
        self.deadline = 0.0
        self.next_look = _CLOCK_EVERY
        self._play, self._draw = self._searches()

    # --- what the rest of the game asks ---------------------------------------------------------

    def heights_of(self, position: Position) -> int:
        """The packed heights of a position of this game; ValueError if it is not one."""
        h = 0
        for i, (col, first) in enumerate(zip(position.columns, self.cols, strict=True)):
            if tuple(col) != first[: len(col)]:
                raise ValueError("the position is not one of this game")
            h |= len(col) << (3 * i)
        return h

    def chance(
        self,
        position: Position,
        *,
        max_states: int | None = None,
        clock: Callable[[], float] | None = None,
        deadline: float = 0.0,
        every: bool = False,
    ) -> Chance | None:
        """The best action at ``position`` and the orders each legal action wins.

        None when no action is legal. Raises :class:`ChanceBudgetExceeded` past ``max_states``
        new states, or once ``clock()`` passes ``deadline`` (when a clock is given); the states
        worked out so far are kept, so asking again goes on from there. With ``every``, each
        legal action's count is exact; otherwise only the best action's (the others are None
        when they were only proven no better).
        """
        actions = engine.legal_actions(position, self.rules)
        if not actions:
            return None
        h = self.heights_of(position)
        stock = sorted(position.stock)  # the order is never read
        code, n, orders = stock_code(stock), len(stock), orders_of(stock)
        start = self.states
        self.limit = sys.maxsize if max_states is None else self.states + max_states
        self.clock, self.deadline = clock, deadline
        self.next_look = min(self.states + _CLOCK_EVERY, self.limit + 1)
        left = self.left_of(h)
        present = _present(code)
        counts: list[tuple[Action, int | None]] = []
        best_won = -1
        for action in actions:
            # Past the best so far an action only needs a bound, unless every value is asked.
            alpha = -1 if every else best_won
            if action.kind == engine.DRAW:
                won = self._draw(h, code, present, n, orders, left, alpha)
            else:
                i = action.column - 1
                k = self.cls_at[i][(h >> (3 * i)) & 7]
                won = (
                    orders
                    if left == 1
                    else self._play(h - _STEP[i], k, code, present, n, orders, left - 1, alpha)
                )
            counts.append((action, won if won > alpha else None))
            best_won = max(best_won, won)
        best = next(j for j, (_, won) in enumerate(counts) if won == best_won)
        return Chance(counts[best][0], best_won, orders, tuple(counts), self.states - start)

    # --- the search ----------------------------------------------------------------------------

    def _count(self) -> None:
        self.states += 1
        if self.states >= self.next_look:
            if self.states > self.limit:
                raise ChanceBudgetExceeded
            self.next_look = min(self.states + _CLOCK_EVERY, self.limit + 1)
            if self.clock is not None and self.clock() > self.deadline:
                raise ChanceBudgetExceeded

    def dead(self, h: int, avail: int) -> bool:
        """Whether some tableau card can never be played from heights ``h`` when the classes
        ``avail`` (the stock's, and the top's at a play) may still reach the waste.

        A card can only be played once every card below it is gone, onto a class that can reach
        the waste: one of ``avail``, or a card that can itself be played. Repeating that until
        nothing changes leaves the cards that might ever be played; if any card is left over,
        the game cannot be won.
        """
        return self.reach(h, avail)[0] < self.left_of(h)

    def reach(self, h: int, avail: int) -> tuple[int, list[int]]:
        """:meth:`_reach`, remembered."""
        key = h | avail << _STOCK_SHIFT
        got = self.reached.get(key)
        if got is None:
            got = self._reach(h, avail)
            self.reached[key] = got
        return got

    def left_of(self, h: int) -> int:
        """The cards on the tableau at heights ``h``."""
        return sum((h >> (3 * i)) & 7 for i in range(COLUMNS))

    def _reach(self, h: int, avail: int) -> tuple[int, list[int]]:
        """The cards reached from ``avail`` (how many, and how many of each class)."""
        points = [(h >> (3 * i)) & 7 for i in range(COLUMNS)]
        counts = [0] * CLASSES
        goes_on, cls_at = self.goes_on, self.cls_at
        reached = 0
        before = -1
        while avail != before:
            before = avail
            for i in range(COLUMNS):
                p = points[i]
                if p:
                    col = cls_at[i]
                    k = col[p]
                    if goes_on[k] & avail:
                        start = p
                        while True:
                            avail |= 1 << k
                            counts[k] += 1
                            p -= 1
                            if not p:
                                break
                            k = col[p]
                            if not goes_on[k] & avail:
                                break
                        points[i] = p
                        reached += start - p
        return reached, counts

    @staticmethod
    def present_of(code: int) -> int:
        """The classes a stock code holds, as a bit mask."""
        return _present(code)

    def short_of_supports(self, h: int, code: int, left: int) -> bool:
        """Whether, at a draw, the tableau cards outnumber the supports they could be played on.

        Each card removed lands on a distinct card (a stock card or a tableau card played before
        it) of a rank it follows: the cards removable are at most a maximum matching by rank
        (:func:`golf.solitaire.solver` explains the walk along the rank graph's paths and cycles).
        """
        if self.graph is None:
            return False
        key = h | code << _STOCK_SHIFT
        short = self.short.get(key)
        if short is None:
            _, counts = self.reach(h, _present(code))
            caps = [counts[r] + ((code >> (3 * r)) & 7) for r in range(13)]
            caps.extend(counts[:13])
            short = _matching(caps, self.graph) < left
            self.short[key] = short
        return short

    def play_value(self, h: int, t: int, code: int, n: int, orders: int) -> int:
        """Orders won from heights ``h``, top class ``t``, stock ``code`` (``n`` cards, ``orders``
        rank orders), with the player to move."""
        return self._play(h, t, code, _present(code), n, orders, self.left_of(h), -1)

    def draw_value(self, h: int, code: int, n: int, orders: int) -> int:
        """Orders won by drawing now from heights ``h`` with stock ``code``."""
        return self._draw(h, code, _present(code), n, orders, self.left_of(h), -1)

    def _searches(self) -> tuple[_Play, _Draw]:
        """The two halves of the search as closures (local names are the quickest to reach).

        ``play(h, t, code, present, n, orders, left)``: orders won with the player to move
        (``present``: the classes in the stock, ``left``: the cards on the tableau);
        ``draw(h, code, present, n, orders, left)``: orders won by drawing now.
        """
        values, draws = self.values, self.draws
        takes, cls_at, draw_any = self.takes, self.cls_at, self.draw_any
        count, dead, short_of_supports = self._count, self.dead, self.short_of_supports
        columns = tuple(zip(range(COLUMNS), _STEP, (3 * i for i in range(COLUMNS)), strict=True))

        def play(
            h: int, t: int, code: int, present: int, n: int, orders: int, left: int, alpha: int
        ) -> int:
            # The top only matters through the columns whose free card may go on it: states
            # with the same playable columns are one state, and with none, a draw is all.
            mask = takes[t]
            playable = 0
            for i, step, shift in columns:
                x = (h >> shift) & 7
                if x and (mask >> cls_at[i][x]) & 1:
                    playable |= step
            if not playable:
                return draw(h, code, present, n, orders, left, alpha) if n else 0
            key = ((h | code << _STOCK_SHIFT) << _STOCK_SHIFT) | playable
            won = values.get(key)
            if won is not None:
                if won >= 0:
                    return won
                if -won - 1 <= alpha:
                    return -won - 1
            count()
            best = -1
            for i, step, shift in columns:
                if playable & step:
                    if left == 1:
                        best = orders
                        break
                    k = cls_at[i][(h >> shift) & 7]
                    won = play(h - step, k, code, present, n, orders, left - 1, max(alpha, best))
                    if won > best:
                        best = won
                        if best == orders:
                            break
            if best < orders and n and draw_any:
                won = draw(h, code, present, n, orders, left, max(alpha, best))
                if won > best:
                    best = won
            if best < 0:
                best = 0
            # Above alpha the value is exact; at or below it, only an upper bound (kept as such).
            values[key] = best if best > alpha else -best - 1
            return best

        def draw(
            h: int, code: int, present: int, n: int, orders: int, left: int, alpha: int
        ) -> int:
            key = h | code << _STOCK_SHIFT
            won = draws.get(key)
            if won is not None:
                if won >= 0:
                    return won
                if -won - 1 <= alpha:
                    return -won - 1
            count()
            total = 0
            if not dead(h, present) and not short_of_supports(h, code, left):
                # Star1: the cards still to come can add at most their orders; once what is won
                # plus that cannot pass alpha, the rest is a bound, not a value.
                rest = orders
                for r in range(CLASSES):
                    c = (code >> (3 * r)) & 7
                    if c:
                        part = orders * c // n
                        rest -= part
                        total += play(
                            h,
                            r,
                            code - (1 << (3 * r)),
                            present if c > 1 else present & ~(1 << r),
                            n - 1,
                            part,
                            left,
                            alpha - total - rest,
                        )
                        if total + rest <= alpha:
                            total += rest
                            break
            draws[key] = total if total > alpha else -total - 1
            return total

        return play, draw


_Play = Callable[[int, int, int, int, int, int, int, int], int]
_Draw = Callable[[int, int, int, int, int, int, int], int]


def _matching(caps: list[int], graph: _RankGraph) -> int:
    """The maximum matching of supports and cards by rank (``caps``: 13 supplies, 13 demands)."""
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


def _present(code: int) -> int:
    """The classes a stock code holds, as a bit mask."""
    out = 0
    r = 0
    while code:
        if code & 7:
            out |= 1 << r
        code >>= 3
        r += 1
    return out


def exact_chance(
    position: Position, rules: Rules, *, max_states: int | None = None
) -> Chance | None:
    """:meth:`ChanceSearch.chance` of a position on its own (None when no action is legal)."""
    return ChanceSearch(position, rules).chance(position, max_states=max_states)


def chances_around(
    start: Position,
    rules: Rules,
    actions: Sequence[Action],
    index: int,
    *,
    max_states: int | None = None,
) -> tuple[Fraction, Fraction] | None:
    """The exact win chance of a best player who cannot see the stock just before the action
    ``actions[index]`` of a game's log (undos included, as a game logs them) and just after it.

    None when the search passes ``max_states`` (or the log does not reach ``index``).
    """
    positions = [start]
    for action in actions[:index]:
        if action.kind == engine.UNDO:
            if len(positions) > 1:
                positions.pop()
            continue
        positions.append(engine.apply(positions[-1], action, rules))
    if index >= len(actions) or actions[index].kind == engine.UNDO:
        return None
    before = positions[-1]
    after = engine.apply(before, actions[index], rules)
    search = ChanceSearch(before, rules)
    values = []
    for position in (before, after):
        seen = Position(position.columns, position.waste, tuple(sorted(position.stock)))
        try:
            answer = search.chance(seen, max_states=max_states)
        except ChanceBudgetExceeded:
            return None
        if answer is None:
            values.append(Fraction(1 if engine.is_won(position) else 0))
        else:
            values.append(answer.fraction)
    return values[0], values[1]
