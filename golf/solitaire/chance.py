"""The true chance: best play for a player who cannot see the stock, and its exact win chance.

The clairvoyant solver (:mod:`golf.solitaire.solver`) answers for a player who knows the stock's
order. A real player sees the tableau, the waste and which cards are still in the stock, never
their order: each draw is a uniformly random card among those still unseen. This module finds
that player's best play by an expected-value search (expectimax): at a play the player takes the
best option, at a draw the value is the average over the cards that may come.

The reductions that make it fast:

* **Suits never matter**, only ranks (jokers are one more class, wild). A state is the seven
  column heights, the rank class of the waste top and the multiset of ranks left in the stock,
  packed into ints. After a draw the old top is buried, so a **draw node** depends on the
  heights and the stock's multiset only, and the search keeps draw nodes alone: between two
  draws, the heights where a run of plays may stop are worked out once per heights and top
  class (whatever the stock) and the best of them taken.
* **Classes that no longer differ are one.** A stock card only matters as a top: through the
  tableau cards that may go on it. Ranks that take the same classes among the cards left are
  counted together; fewer states and fewer branches. A rank that takes none of them (no
  neighbour left) is **dead**: drawing it only turns up the next card, so its cards are left
  out of the state, and each order of the others stands for as many orders of all.
* **Exact integers, no fractions.** Inside the search the stock's cards are told apart: of the
  ``n!`` orders of ``n`` cards, a draw state wins the sum over the cards of what drawing each
  wins (out of ``(n-1)!``), a play the best of its options. Rank orders are these counted
  ``c_1! c_2! ...`` times each, so the answer is ``wins / orders`` over the distinct rank
  orders again (:attr:`Chance.fraction`).
* **Memoised**: every draw state is worked out once (a dictionary keyed by the packed int), and
  a :class:`ChanceSearch` keeps them between questions about one game, so the next move's
  question is usually answered at once.
* **Lost positions** are known without a search. The winnable sets
  (:class:`golf.solitaire.draws_needed.Winnable`): for each multiset of the stock's cards, the
  heights from which some order of them clears the tableau, worked out for every heights at
  once; a draw state out of them wins no order, and one in them wins some. They tell every lost
  state of a small enough stock (as many multisets as their memory holds); the search carries
  its stock as its place in them, so a run's stop out of them is passed over with one look,
  and so is a card after which no order wins. For larger stocks: too few draws (were every
  draw a card of any class the stock holds, in any number, clearing the tableau still takes
  some fewest number of draws, each starting a run of plays; a stock with fewer cards loses);
  dead cards (a tableau card that no card could ever go onto can never be played); too few
  supports (every card played lands on a distinct card of a rank it follows, a matching by
  rank).
* **Cut at certainty and bounds**: the runs' stops needing the fewest draws come first; once one
  wins every order the others are not looked at, and once the best is known the others only
  need to be proven no better (at a draw, as soon as the cards not yet looked at could not lift
  the total past it).

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
from golf.solitaire.draws_needed import FAR, WINNABLE_MEMORY, DrawsNeeded, Winnable
from golf.solitaire.engine import Action, Position
from golf.solitaire.rules import Rules
from golf.solitaire.session import kept_moves
from golf.solitaire.solver import _rank_graph, advance_reach, rank_matching

WILD: Final = 13
"""The class of jokers and of the empty waste: they take, and go on, anything."""
CLASSES: Final = 14
_STEP: Final = tuple(1 << (3 * i) for i in range(COLUMNS))
_H_BITS: Final = 3 * COLUMNS
_H_MASK: Final = (1 << _H_BITS) - 1
_CODE_BITS: Final = 5
_CODE_MASK: Final = (1 << _CODE_BITS) - 1
_SHIFTS_13: Final = tuple(_CODE_BITS * r for r in range(13))
_CLOCK_EVERY: Final = 4096
"""Steps of other work (runs, bounds) between two looks at the clock, when the caller gives
one..."""
_LOOK_EVERY: Final = 256
"""... and states: on a crowded tableau a state may take a millisecond."""


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
        self.fact = tuple(math.factorial(k) for k in range(DECK_SIZE + 3))
        self.draws: dict[int, int] = {}
        """Draw states (heights, grouped stock) -> labelled orders won (-1 - a bound)."""
        self.closures: dict[int, Closure] = {}
        """(Heights, top class) -> where runs of plays may stop (none: the tableau is cleared)."""
        self.interned: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.links: dict[tuple[int, int], Link] = {}
        """(Grouping, grouping) (as the interned tuples' ids) -> :meth:`link_of`."""
        self.stop_info: dict[int, _StopInfo] = {}
        """Heights -> :meth:`stop_info_of`."""
        self.frees: dict[int, Free] = {}
        """Heights -> the free cards: (heights once played, class) for each non-empty column."""
        self.lefts: dict[int, int] = {}
        self.groups: dict[int, tuple[int, ...]] = {}
        """Heights -> the class that stands for each class in the stock (:meth:`groups_of`)."""
        self.by_tableau: dict[int, tuple[int, ...]] = {}
        """The same by the classes left on the tableau (a bit mask)."""
        self.below = tuple(
            tuple(sum({1 << k for k in col[1 : x + 1]}) for x in range(8)) for col in self.cls_at
        )
        """For each column and height, the classes of its cards at or under it (a bit mask)."""
        self.ticks = 0
        """Work done besides the states (runs and bounds), for the looks at the clock."""
        self.next_tick = _CLOCK_EVERY
        self.reached: dict[int, tuple[int, list[int]]] = {}
        """(Heights, classes that may reach the waste) -> the cards that might be played."""
        self.presents: dict[int, int] = {}
        """Internal stock codes -> the classes they hold."""
        graph = _rank_graph(rules)
        self.graph = None if graph.general or rules.jokers else graph
        self.states = 0
        self.limit = sys.maxsize
        self.clock: Callable[[], float] | None = None
        self.deadline = 0.0
        self.next_look = _LOOK_EVERY
        self.need_classes = -1
        """The classes the stock may give, for the bound on the draws needed: its table, and
        what was worked out from it (the next four), are for these classes only."""
        self.table: DrawsNeeded | None = None
        self.index_at: tuple[tuple[int, ...], ...] = ()
        """For each column and height, its part of a heights' place in the table."""
        self.need: dict[int, int] = {}
        """Heights -> the fewest draws needed (:meth:`need_of`)..."""
        self.run: dict[int, int] = {}
        """... and (heights, top class) -> the same with the player to move (:meth:`run_need`)."""
        self.closures_same: dict[int, Closure] = {}
        self.win: Winnable | None = None
        self.win_code = 0
        self.multisets: dict[tuple[int, int], int] = {}
        self.members: dict[int, tuple[_Units, ...]] = {}
        """Grouping (its id) -> for each class, the winnable sets' classes it stands for."""
        self.onto: dict[int, tuple[tuple[int, int], ...]] = {}
        """(Heights, top class) -> :meth:`onto_of`."""
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
        code, n, orders = _internal_code(stock), len(stock), orders_of(stock)
        # Each rank order stands for this many orders of the (labelled) cards.
        same = self.fact[n] // orders
        present = _present_internal(code)
        if h and self.dead(h, present | 1 << top_class(position)):
            # A card no card could ever go onto: every action loses, and the bound on the
            # draws needed (which may take a while on a crowded tableau) is not needed.
            return Chance(actions[0], 0, orders, tuple((a, 0) for a in actions), 0)
        self.draws_may_give(present)
        start = self.states
        self.limit = sys.maxsize if max_states is None else self.states + max_states
        self.clock, self.deadline = clock, deadline
        self._bound_draws(h, n)
        self._bound_wins(h, code, n)
        live, m = self.grouped(h, code, n)
        ms = self.multiset_of(h, live) if self.win is not None else 0
        self.next_look = min(self.states + _LOOK_EVERY, self.limit + 1)
        counts: list[tuple[Action, int | None]] = []
        best_won = -1
        for action in actions:
            # Past the best so far an action only needs a bound, unless every value is asked.
            alpha = -1 if every else best_won * same
            if action.kind == engine.DRAW:
                won = self.draw_labelled(h, code, n, alpha, ms)
            else:
                i = action.column - 1
                k = self.cls_at[i][(h >> (3 * i)) & 7]
                h2 = h - _STEP[i]
                stops = self.closures.get(h2 << 4 | k) or self._closure(h2, k)
                live, m = self.grouped(h2, code, n)
                scale = self.fact[n] // self.fact[m]
                # The multiset without the cards dead once the card is played.
                after = self.multiset_of(h2, live) if self.win is not None else 0
                won = self._play(stops, live, m, alpha // scale, after) * scale
            counts.append((action, won // same if won > alpha else None))
            best_won = max(best_won, won // same)
        best = next(j for j, (_, won) in enumerate(counts) if won == best_won)
        return Chance(counts[best][0], best_won, orders, tuple(counts), self.states - start)

    @property
    def held(self) -> int:
        """The draw states held (worked out, or bounded) from all the questions so far."""
        return len(self.draws)

    def release(self) -> None:
        """Let the memory of a search no longer asked go now. Its two halves refer to each
        other (:meth:`_searches`), so what they hold would otherwise wait for one of the
        garbage collector's full rounds."""
        for memo in (
            self.draws,
            self.closures,
            self.closures_same,
            self.reached,
            self.frees,
            self.stop_info,
            self.onto,
            self.run,
            self.need,
        ):
            memo.clear()
        if self.win is not None:
            self.win.release()

    def forget_out_of_reach(self, position: Position) -> None:
        """Forget the draw states a game at ``position`` can no longer reach (a column taller
        than there, or more cards in the stock), and the other memos of those heights.

        The stock only shrinks and the columns only get shorter, so those states will never be
        asked again; the rest stay, and the next questions go on from them.
        """
        top = self.heights_of(position)
        tops = tuple(enumerate((top >> (3 * i)) & 7 for i in range(COLUMNS)))
        n = len(position.stock)
        draws = self.draws
        # The heights and the stocks that stay, each looked at once (set lookups, no calls, in
        # the passes over the memos).
        low = {
            h
            for h in {k & _H_MASK for k in draws} | set(self.frees)
            if all((h >> (3 * i)) & 7 <= x for i, x in tops)
        }
        short = {c for c in {k >> _H_BITS for k in draws} if _present_count(c) <= n}
        self.draws = {
            k: v for k, v in draws.items() if k & _H_MASK in low and k >> _H_BITS in short
        }
        self.reached = {k: v for k, v in self.reached.items() if k & _H_MASK in low}
        self.frees = {h: v for h, v in self.frees.items() if h in low}
        self.lefts = {h: v for h, v in self.lefts.items() if h in low}
        self.groups = {h: v for h, v in self.groups.items() if h in low}
        self.need = {h: v for h, v in self.need.items() if h in low}
        self.run = {k: v for k, v in self.run.items() if k >> 4 in low}
        self.onto = {k: v for k, v in self.onto.items() if k >> 4 in low}
        self.stop_info = {h: v for h, v in self.stop_info.items() if h in low}
        self.closures = {k: v for k, v in self.closures.items() if k >> 4 in low}
        self.closures_same = {k: v for k, v in self.closures_same.items() if k >> COLUMNS in low}
        self._play, self._draw = self._searches()  # the closures hold the old dictionaries

    def draws_may_give(self, classes: int) -> None:
        """Bound the draws needed (:meth:`need_of`) with cards of ``classes`` (a bit mask): the
        classes of the stock at the question, which hold those of any stock after it."""
        if classes != self.need_classes:
            self.need_classes = classes
            self.table = None
            self._forget_needs()

    def _forget_needs(self) -> None:
        """Drop what was worked out from the bound on the draws needed (new dictionaries: the
        search's closures hold the old ones)."""
        self.need, self.run, self.closures, self.closures_same = {}, {}, {}, {}
        self.onto, self.stop_info = {}, {}
        self._play, self._draw = self._searches()

    def _bound_draws(self, h: int, n: int) -> None:
        """Make the bound on the draws needed ready for a question at heights ``h`` with ``n``
        stock cards: for every heights below ``h``, up to ``n`` draws."""
        top = [(h >> (3 * i)) & 7 for i in range(COLUMNS)]
        table = self.table
        if table is None or any(x > y for x, y in zip(top, table.top, strict=True)):
            goes_on, classes = self.goes_on, self.need_classes
            table = self.table = DrawsNeeded(
                top,
                self.cls_at,
                self.takes,
                tuple(bool(goes_on[k] & classes) for k in range(CLASSES)),
                self.draw_any,
                self._table_look,
            )
            self.index_at = tuple(tuple(x * s for x in range(8)) for s in table.stride)
            self._forget_needs()
        elif not table.done and table.levels() <= n:
            self._forget_needs()  # the counts past the old levels were only "more than them"
        table.reach(n)

    def _bound_wins(self, h: int, code: int, n: int) -> None:
        """Make the winnable sets ready for a question at heights ``h`` with the internal stock
        ``code`` (``n`` cards): over the bound's table, for the multisets of that stock."""
        win = self.win
        if win is not None and win.lattice is self.table and _within(code, self.win_code):
            return
        if win is not None:
            win.release()
        grouped, _ = self.grouped(h, code, n)
        classes = [k for k in range(CLASSES) if (grouped >> (_CODE_BITS * k)) & _CODE_MASK]
        caps = [(grouped >> (_CODE_BITS * k)) & _CODE_MASK for k in classes]
        assert self.table is not None
        self.win = Winnable(
            self.table, self.cls_at, self.takes, classes, caps, memory=WINNABLE_MEMORY
        )
        self.win_code = code
        self.multisets, self.members, self.links = {}, {}, {}
        # The closures name the classes of the winnable sets that turn dead at each stop.
        self.closures, self.closures_same = {}, {}
        self._play, self._draw = self._searches()

    def onto_of(self, h: int, t: int) -> tuple[tuple[int, int], ...]:
        """The columns whose free card at heights ``h`` may go on a top of class ``t``, each
        with its stride in the bound's table."""
        table = self.table
        assert table is not None
        mask = self.takes[t]
        got = tuple(
            (i, stride)
            for i, stride in enumerate(table.stride)
            if (h >> (3 * i)) & 7 and (mask >> self.cls_at[i][(h >> (3 * i)) & 7]) & 1
        )
        self.onto[h << 4 | t] = got
        return got

    def members_of(self, groups: tuple[int, ...]) -> tuple[_Units, ...]:
        """For each class of the grouping ``groups``, the winnable sets' classes it stands for
        (-1, the last, those dead there): each as its unit in the sets' index and its most
        plus one."""
        win = self.win
        assert win is not None
        got = tuple(
            tuple(
                (unit, cap + 1)
                for r, cap, unit in zip(win.classes, win.caps, win.radix, strict=True)
                if groups[r] == t
            )
            for t in (*range(CLASSES), -1)
        )
        self.members[id(groups)] = got
        return got

    def multiset_of(self, h: int, code: int) -> int:
        """The winnable sets' index of the internal stock ``code`` grouped at heights ``h``."""
        groups = self.groups[h]
        key = (id(groups), code)
        got = self.multisets.get(key)
        if got is None:
            win = self.win
            assert win is not None
            left = [(code >> (_CODE_BITS * g)) & _CODE_MASK for g in range(CLASSES)]
            got = 0
            for r, cap, unit in zip(win.classes, win.caps, win.radix, strict=True):
                g = groups[r]
                if g >= 0 and left[g]:
                    take = min(cap, left[g])
                    left[g] -= take
                    got += take * unit
            self.multisets[key] = got
        return got

    def _table_look(self) -> None:
        """Between two rounds of the bound on the draws needed: a look at the clock."""
        if self.clock is not None and self.clock() > self.deadline:
            raise ChanceBudgetExceeded

    def index_of(self, h: int) -> int:
        """The heights ``h``'s place in the bound's table."""
        at = self.index_at
        return (
            at[0][h & 7]
            + at[1][(h >> 3) & 7]
            + at[2][(h >> 6) & 7]
            + at[3][(h >> 9) & 7]
            + at[4][(h >> 12) & 7]
            + at[5][(h >> 15) & 7]
            + at[6][(h >> 18) & 7]
        )

    def need_of(self, h: int) -> int:
        """The fewest draws that may clear the tableau from heights ``h``, were each draw a
        card of any class the stock may give (:meth:`draws_may_give`), in any number.

        Each draw starts a run of plays: a relaxation of the game that sees neither the order
        nor the count of the cards to come. A draw state whose stock has fewer cards than this
        is lost. Drawing twice without a play in between is never needed. Worked out for every
        heights at once (:class:`golf.solitaire.draws_needed.DrawsNeeded`) up to the question's
        stock: past it, the count is only known to be more.
        """
        if not h:
            return 0
        got = self.table.need(self.index_of(h))  # type: ignore[union-attr]
        self.need[h] = got
        return got

    def run_need(self, h: int, t: int) -> int:
        """:meth:`need_of` with a top of class ``t`` and the player to move."""
        if not h:
            return 0
        table = self.table
        assert table is not None
        index = self.index_of(h)
        onto = self.onto.get(h << 4 | t)
        if onto is None:
            onto = self.onto_of(h, t)
        got = FAR
        for i, stride in onto:
            v = table.after(i, index - stride)
            if v < got:
                got = v
        if got and (self.draw_any or not onto):
            known = self.need.get(h)
            drawn = self.need_of(h) if known is None else known
            if drawn < got:
                got = drawn
        self.run[h << 4 | t] = got
        return got

    def tick(self, work: int = 1) -> None:
        """Count work besides the states; look at the clock now and then."""
        self.ticks += work
        if self.ticks >= self.next_tick:
            self.next_tick = self.ticks + _CLOCK_EVERY
            if self.clock is not None and self.clock() > self.deadline:
                raise ChanceBudgetExceeded

    def draw_labelled(self, h: int, code: int, n: int, alpha: int, multiset: int) -> int:
        """Labelled orders (out of ``n!``) won by drawing now from heights ``h`` with the
        internal stock ``code`` (``multiset`` in the winnable sets); exact above ``alpha``, else
        an upper bound."""
        code, m = self.grouped(h, code, n)
        scale = self.fact[n] // self.fact[m]
        alpha //= scale
        index = self.index_of(h)
        win = self.win
        if win is not None and m <= win.most and not win.holds(multiset, index):
            return 0
        key = h | code << _H_BITS
        won = self.draws.get(key)
        if won is not None and (won >= 0 or -won - 1 <= alpha):
            return (won if won >= 0 else -won - 1) * scale
        return self._draw(h, code, key, m, alpha, multiset, index) * scale

    # --- the search ----------------------------------------------------------------------------

    def _look(self) -> None:
        if self.states > self.limit:
            raise ChanceBudgetExceeded
        self.next_look = min(self.states + _LOOK_EVERY, self.limit + 1)
        if self.clock is not None and self.clock() > self.deadline:
            raise ChanceBudgetExceeded

    def free_cards(self, h: int) -> Free:
        """The free cards at heights ``h``: (heights once played, class) for each column."""
        got = self.frees.get(h)
        if got is None:
            got = tuple(
                (h - _STEP[i], self.cls_at[i][(h >> (3 * i)) & 7])
                for i in range(COLUMNS)
                if (h >> (3 * i)) & 7
            )
            self.frees[h] = got
        return got

    def groups_of(self, h: int) -> tuple[int, ...]:
        """For each class, the class that stands for it in the stock at heights ``h``.

        A stock card only matters as a waste top: through the tableau cards that may go on it.
        Two classes that take the same classes among the cards left on the tableau are one:
        drawing either leads to the same states, so their cards are counted together under the
        smallest of them. A class that takes none of them (a rank with no neighbour left there)
        is -1, no class: drawing such a card only turns up the next one, so the cards of the
        stock that count are the others, all orders of which are equally likely whatever the
        dead cards between them (:meth:`grouped` leaves the dead cards out).
        """
        got = self.groups.get(h)
        if got is None:
            below = self.below
            tableau = (
                below[0][h & 7]
                | below[1][(h >> 3) & 7]
                | below[2][(h >> 6) & 7]
                | below[3][(h >> 9) & 7]
                | below[4][(h >> 12) & 7]
                | below[5][(h >> 15) & 7]
                | below[6][(h >> 18) & 7]
            )
            got = self.by_tableau.get(tableau)
            if got is None:
                first: dict[int, int] = {}
                got = tuple(
                    first.setdefault(self.takes[k] & tableau, k) if self.takes[k] & tableau else -1
                    for k in range(CLASSES)
                )
                got = self.by_tableau[tableau] = self.interned.setdefault(got, got)
            self.groups[h] = got  # equal groupings are one object
        return got

    def grouped(self, h: int, code: int, n: int) -> tuple[int, int]:
        """An internal stock code of ``n`` cards with the classes grouped as at heights ``h``
        and the dead cards left out, and the cards it still holds."""
        for k, into in enumerate(self.groups_of(h)):
            if into != k:
                x = (code >> (_CODE_BITS * k)) & _CODE_MASK
                code -= x << (_CODE_BITS * k)
                if into < 0:
                    n -= x
                else:
                    code += x << (_CODE_BITS * into)
        return code, n

    def _closure(self, h: int, t: int) -> Closure:
        """Where runs of plays from heights ``h`` with a top of class ``t`` may stop to draw,
        each with the fewest draws it needs (:meth:`need_of`, the fewest first) and the moves
        that regroup the stock from ``h``'s grouping to its own; none when a run clears the
        tableau."""
        frees, free_cards, takes, draw_any = self.frees, self.free_cards, self.takes, self.draw_any
        # Tops that allow the same plays have the same stops: keyed by the columns that play.
        mask = takes[t]
        same = h
        for i in range(COLUMNS):
            x = (h >> (3 * i)) & 7
            same <<= 1
            if x and (mask >> self.cls_at[i][x]) & 1:
                same |= 1
        got = self.closures_same.get(same)
        if got is not None:
            self.closures[h << 4 | t] = got
            return got
        self.tick()
        seen: set[int] = set()
        stops: list[int] = []
        stack = [(h, t)]
        while stack:
            hh, tt = stack.pop()
            key = hh << 4 | tt
            if key in seen:
                continue
            seen.add(key)
            if not hh:
                self.closures[h << 4 | t] = self.closures_same[same] = ()
                return ()
            mask = takes[tt]
            plays = False
            for move in frees.get(hh) or free_cards(hh):
                if (mask >> move[1]) & 1:
                    stack.append(move)
                    plays = True
            if draw_any or not plays:
                stops.append(hh)
        self.tick(len(seen))  # a run's stops on a crowded tableau may be many
        groups = self.groups.get(h) or self.groups_of(h)
        info_get, info_of, links, link_of = (
            self.stop_info.get,
            self.stop_info_of,
            self.links,
            self.link_of,
        )
        out = []
        for hh in set(stops):
            need, left, index, into = info_get(hh) or info_of(hh)
            if into is groups:
                link = _SAME
            else:
                pair = (id(groups), id(into))  # groupings are interned, kept alive
                link = links.get(pair) or link_of(groups, into, pair)
            out.append((need, left, hh, index, link))
        # The stops needing the fewest draws first: the best is often found at once, and then
        # the others only need a bound; those needing more draws than are left end the list.
        out.sort()
        got = tuple((hh, k, link[0], link[1], i, link[2]) for k, _, hh, i, link in out)
        self.closures[h << 4 | t] = self.closures_same[same] = got
        return got

    def stop_info_of(self, h: int) -> _StopInfo:
        """A run's stop at heights ``h``: the draws it needs, the cards left, its place in the
        bound's table, its grouping."""
        k = self.need.get(h)
        got = (
            self.need_of(h) if k is None else k,
            self.left_of(h),
            self.index_of(h),
            self.groups.get(h) or self.groups_of(h),
        )
        self.stop_info[h] = got
        return got

    def link_of(
        self, groups: tuple[int, ...], into: tuple[int, ...], pair: tuple[int, int]
    ) -> Link:
        """From the grouping ``groups`` to ``into`` (a run's stop): the moves of the stock
        code's counts (shifts: from, to), the classes left out (dead there), and the winnable
        sets' classes dead there and not before."""
        moved = [k for k in range(CLASSES) if groups[k] == k and into[k] != k]
        drops = tuple(_CODE_BITS * k for k in moved if into[k] < 0)
        dead: _Units = ()
        if drops and self.win is not None:
            before = (self.members.get(id(groups)) or self.members_of(groups))[-1]
            now = (self.members.get(id(into)) or self.members_of(into))[-1]
            dead = tuple(u for u in now if u not in before)
        got = self.links[pair] = (
            tuple((_CODE_BITS * k, _CODE_BITS * into[k]) for k in moved if into[k] >= 0),
            drops,
            dead,
        )
        return got

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
        key = h | avail << _H_BITS
        got = self.reached.get(key)
        if got is None:
            self.tick()
            got = self._reach(h, avail)
            self.reached[key] = got
        return got

    def left_of(self, h: int) -> int:
        """The cards on the tableau at heights ``h``."""
        got = self.lefts.get(h)
        if got is None:
            got = sum((h >> (3 * i)) & 7 for i in range(COLUMNS))
            self.lefts[h] = got
        return got

    def _reach(self, h: int, avail: int) -> tuple[int, list[int]]:
        """The cards reached from ``avail`` (how many, and how many of each class)."""
        counts = [0] * (CLASSES + 1)
        points = [(h >> (3 * i)) & 7 for i in range(COLUMNS)]
        advance_reach(points, avail, counts, self.goes_on, self.cls_at)
        return counts.pop(), counts

    @staticmethod
    def present_of(code: int) -> int:
        """The classes a stock code (:func:`stock_code`) holds, as a bit mask."""
        return _present(code)

    def short_of_supports(self, h: int, code: int, left: int) -> bool:
        """Whether, at a draw, the tableau cards outnumber the supports they could be played on.

        ``code`` is a :func:`stock_code`. Each card removed lands on a distinct card (a stock
        card or a tableau card played before it) of a rank it follows: the cards removable are
        at most a maximum matching by rank (:func:`golf.solitaire.solver` explains the walk
        along the rank graph's paths and cycles).
        """
        if self.graph is None:
            return False
        _, counts = self.reach(h, _present(code))
        caps = [counts[r] + ((code >> (3 * r)) & 7) for r in range(13)]
        caps.extend(counts[:13])
        return rank_matching(caps, self.graph) < left

    def _lost_test(self) -> Callable[[int, int], bool]:
        """``lost(h, code)``: whether the dead-card or the matching test proves the draw state
        of heights ``h`` and internal stock ``code`` lost (a closure, as :meth:`_searches`):
        for the stocks larger than the winnable sets hold (:class:`golf.solitaire.draws_needed
        .Winnable`), which tell every lost state."""
        presents, reached, reach, lefts, left_of = (
            self.presents,
            self.reached,
            self.reach,
            self.lefts,
            self.left_of,
        )
        graph = self.graph

        def lost(h: int, code: int) -> bool:
            present = presents.get(code)
            if present is None:
                present = presents[code] = _present_internal(code)
            got = reached.get(h | present << _H_BITS)
            if got is None:
                got = reach(h, present)
            left = lefts.get(h)
            if left is None:
                left = left_of(h)
            if got[0] < left:
                return True
            if graph is None:
                return False
            counts = got[1]
            caps = [
                a + ((code >> s) & _CODE_MASK) for a, s in zip(counts, _SHIFTS_13, strict=False)
            ]
            caps += counts[:13]
            return rank_matching(caps, graph) < left

        return lost

    def _worth_test(self) -> Callable[[int, int, int, int, int], tuple[list[_Kid], int]]:
        """``worth(h, code, n, multiset, index)``: the cards worth drawing at a draw state
        (``n`` cards; ``multiset`` and ``index`` its stock and heights in the winnable sets),
        those after which a run may stop with few enough draws needed, or clear the tableau,
        and some order of the stock left wins; and how many they are (a closure, as
        :meth:`_searches`)."""
        run, run_need = self.run, self.run_need
        win = self.win
        most = -1 if win is None else win.most
        found = {} if win is None else win.found
        sets_of = _no_sets if win is None else win.sets_of
        groups, members_get, members_of, onto_get, onto_of = (
            self.groups,
            self.members.get,
            self.members_of,
            self.onto.get,
            self.onto_of,
        )

        def worth(h: int, code: int, n: int, multiset: int, index: int) -> tuple[list[_Kid], int]:
            kids: list[_Kid] = []
            count = 0
            hk = h << 4
            c, shift, t = code, 0, 0
            if most >= 0:
                grouping = groups[h]
                members = members_get(id(grouping)) or members_of(grouping)
            while c:
                k = c & _CODE_MASK
                if k:
                    near = run.get(hk | t)
                    if near is None:
                        near = run_need(h, t)
                    after = multiset
                    if most >= 0:
                        # The stock once a card of the class is drawn: one of the classes it
                        # stands for, any that the stock holds (they differ in nothing here).
                        for unit, size in members[t]:
                            if (multiset // unit) % size:
                                after = multiset - unit
                                break
                    if near < n <= most + 1:
                        # A card after which no order of the stock left wins is not worth
                        # drawing: the player to move on it, or drawing again.
                        sets = found.get(after) or sets_of(after)
                        if not (sets[0][index >> 3] >> (index & 7)) & 1:
                            onto = onto_get(hk | t)
                            if onto is None:
                                onto = onto_of(h, t)
                            for i, stride in onto:
                                at = index - stride
                                if (sets[i + 1][at >> 3] >> (at & 7)) & 1:
                                    break
                            else:
                                near = n
                    if near < n:
                        # The cards that leave the most draws needed first: when the state is
                        # worth less than what the caller has, their losses bring the bound
                        # under it soonest. (``near`` is the fewest its runs' stops need; 0
                        # when a run clears the tableau, a sure win, looked at last.)
                        kids.append((-near if near else 1, t, k, code - (1 << shift), after))
                        count += k
                c >>= _CODE_BITS
                shift += _CODE_BITS
                t += 1
            return kids, count

        return worth

    def _searches(self) -> tuple[_Play, _Draw]:
        """The two halves of the search as closures (local names are the quickest to reach).
        ``draw(h, code, key, n, alpha, multiset, index)``: the orders won by drawing now from
        heights ``h`` with the internal stock ``code`` (``n`` cards, grouped for ``h``; ``key``
        its draw state; ``multiset`` and ``index`` the stock and the heights in the winnable
        sets), out of ``n!`` labelled orders; ``play(stops, code, n, alpha, multiset)``: the
        same with the player to move, runs of plays able to stop at ``stops``
        (:meth:`_closure`). Above ``alpha`` a result is exact; at or below it, an upper bound.
        A draw state out of the winnable sets is never looked at: it wins nothing.
        """
        play, bind = self._play_step()
        draw = self._draw_step(play)
        bind(draw)
        return play, draw

    def _play_step(self) -> tuple[_Play, Callable[[_Draw], None]]:
        """``play`` of :meth:`_searches`, and how to give it ``draw`` (made after it)."""
        draws, fact = self.draws, self.fact
        win = self.win
        most = -1 if win is None else win.most
        found = {} if win is None else win.found
        sets_of = _no_sets if win is None else win.sets_of
        draw: _Draw = _no_draw

        def play(stops: Closure, code: int, n: int, alpha: int, multiset: int) -> int:
            if not stops:
                return fact[n]
            best = -1
            full = fact[n]
            winnable = (found.get(multiset) or sets_of(multiset))[0] if n <= most else None
            for h2, k, plan, drops, index, dead in stops:
                if k > n:
                    break  # this stop and the next need more draws than there are cards
                if winnable is not None and not (winnable[index >> 3] >> (index & 7)) & 1:
                    continue  # no order of the stock wins from there
                c2 = code
                for src, dst in plan:
                    x = (c2 >> src) & 31
                    if x:
                        c2 += (x << dst) - (x << src)
                if drops:
                    m = n
                    for src in drops:
                        x = (c2 >> src) & 31
                        if x:
                            c2 -= x << src
                            m -= x
                    if m < n:
                        # Dead cards left out: m cards count, each of their m! orders stands
                        # for n! / m! of the n cards'.
                        if k > m:
                            continue
                        live = multiset
                        for unit, size in dead:
                            live -= ((live // unit) % size) * unit
                        if winnable is None and m <= most:
                            sets = found.get(live) or sets_of(live)
                            if not (sets[0][index >> 3] >> (index & 7)) & 1:
                                continue
                        scale = fact[n] // fact[m]
                        bar = (alpha if alpha > best else best) // scale
                        key = h2 | c2 << _H_BITS
                        won = draws.get(key)
                        if won is None or (won < 0 and -won - 1 > bar):
                            won = draw(h2, c2, key, m, bar, live, index)
                        elif won < 0:
                            won = -won - 1
                        won *= scale
                        if won > best:
                            best = won
                            if best == full:
                                break
                        continue
                key = h2 | c2 << _H_BITS
                won = draws.get(key)
                if won is None or (won < 0 and -won - 1 > (alpha if alpha > best else best)):
                    won = draw(h2, c2, key, n, alpha if alpha > best else best, multiset, index)
                elif won < 0:
                    won = -won - 1
                if won > best:
                    best = won
                    if best == full:
                        break
            return best if best > 0 else 0

        def bind(made: _Draw) -> None:
            nonlocal draw
            draw = made

        return play, bind

    def _draw_step(self, play: _Play) -> _Draw:
        """``draw`` of :meth:`_searches`, over ``play``."""
        draws, fact, look, need, need_of = (
            self.draws,
            self.fact,
            self._look,
            self.need,
            self.need_of,
        )
        lost, worth = self._lost_test(), self._worth_test()
        closures, closure = self.closures, self._closure
        most = -1 if self.win is None else self.win.most

        def draw(h: int, code: int, key: int, n: int, alpha: int, multiset: int, index: int) -> int:
            self.states += 1
            if self.states >= self.next_look:
                look()
            k = need.get(h)
            if k is None:
                k = need_of(h)
            # Within the winnable sets the caller looked already.
            if k > n or (n > most and lost(h, code)):
                draws[key] = 0  # lost, whatever alpha is
                return 0
            kids, count = worth(h, code, n, multiset, index)
            m = n - 1
            unit = fact[m]
            # Star1: the cards still to come can add at most their orders; once what is won
            # plus that cannot pass alpha, the rest is a bound.
            rest = unit * count
            if not rest:
                draws[key] = 0  # lost, whatever alpha is
                return 0
            if rest <= alpha:
                draws[key] = -rest - 1
                return rest
            kids.sort()
            total = 0
            hk = h << 4
            for _, t, k, child, after in kids:
                # The runs' stops worked out only for the cards looked at.
                stops = closures.get(hk | t)
                if stops is None:
                    stops = closure(h, t)
                rest -= k * unit
                total += k * play(stops, child, m, (alpha - total - rest) // k, after)
                if total + rest <= alpha:
                    # Only a bound: the cards not looked at might win all they may.
                    total += rest
                    draws[key] = -total - 1
                    return total
            # Every card was looked at, each child exactly (a bound below its alpha stops the
            # loop above): the total is exact, whatever alpha was.
            draws[key] = total
            return total

        return draw


_Play = Callable[["Closure", int, int, int, int], int]
_Draw = Callable[[int, int, int, int, int, int, int], int]
Free = tuple[tuple[int, int], ...]
_Units = tuple[tuple[int, int], ...]
"""Classes of the winnable sets: each its unit in the sets' index and its most plus one."""
Link = tuple[tuple[tuple[int, int], ...], tuple[int, ...], _Units]
"""From one grouping to another: the moves of a stock code's counts (shifts: from, to), the
classes left out (shifts), the winnable sets' classes dead there and not before."""
_SAME: Final[Link] = ((), (), ())
_StopInfo = tuple[int, int, int, tuple[int, ...]]
"""A run's stop: the draws it needs, the cards left, its place in the bound's table, its
grouping."""
_Kid = tuple[int, int, int, int, int]
"""A card worth drawing: its order, class, count, the stock once drawn, and the stock once
drawn in the winnable sets."""
Closure = tuple[tuple[int, int, tuple[tuple[int, int], ...], tuple[int, ...], int, _Units], ...]
"""The runs' stops: heights, draws needed, the moves regrouping the stock and the classes left
out (dead there), the heights' place in the bound's table, the winnable sets' classes dead
there."""


def _internal_code(stock: list[int]) -> int:
    """The search's stock code: 5 bits a class, room for the classes it groups together."""
    code = 0
    for c in stock:
        code += 1 << (_CODE_BITS * card_class(c))
    return code


def _present_internal(code: int) -> int:
    """The classes an internal stock code holds, as a bit mask."""
    out = 0
    r = 0
    while code:
        if code & _CODE_MASK:
            out |= 1 << r
        code >>= _CODE_BITS
        r += 1
    return out


def _no_draw(h: int, code: int, key: int, n: int, alpha: int, multiset: int, index: int) -> int:
    """Before :meth:`ChanceSearch._play_step` is given its ``draw``: never called."""
    raise AssertionError


def _no_sets(multiset: int) -> tuple[bytes, ...]:
    """No winnable sets: never asked (no stock is that small)."""
    raise AssertionError


def _within(code: int, other: int) -> bool:
    """Whether every class of the internal stock ``code`` counts at most as many cards as in
    ``other``."""
    while code:
        if code & _CODE_MASK > other & _CODE_MASK:
            return False
        code >>= _CODE_BITS
        other >>= _CODE_BITS
    return True


def _present_count(code: int) -> int:
    """The cards an internal stock code counts."""
    out = 0
    while code:
        out += code & _CODE_MASK
        code >>= _CODE_BITS
    return out


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
    search = ChanceSearch(position, rules)
    try:
        return search.chance(position, max_states=max_states)
    finally:
        search.release()


def chances_around(
    start: Position,
    rules: Rules,
    actions: Sequence[Action],
    index: int,
    *,
    max_states: int | None = None,
    clock: Callable[[], float] | None = None,
    deadline: float = 0.0,
) -> tuple[Fraction, Fraction] | None:
    """The exact win chance of a best player who cannot see the stock just before the action
    ``actions[index]`` of a game's log (undos and redos included, as a game logs them) and just
    after it (a redo: the move it took again).

    None when the search passes ``max_states`` or ``clock()`` passes ``deadline`` (as in
    :meth:`ChanceSearch.chance`), when the log does not reach ``index``, or when that action is
    an undo (no move).
    """
    moves = kept_moves(actions[: index + 1])
    if index >= len(actions) or not moves or moves[-1][0] != index:
        return None  # not a move: an undo
    before = start
    for _made_by, move in moves[:-1]:
        before = engine.apply(before, move, rules)
    after = engine.apply(before, moves[-1][1], rules)  # a redo's move: the one it took again
    search = ChanceSearch(before, rules)
    values = []
    try:
        for position in (before, after):
            seen = Position(position.columns, position.waste, tuple(sorted(position.stock)))
            try:
                answer = search.chance(seen, max_states=max_states, clock=clock, deadline=deadline)
            except ChanceBudgetExceeded:
                return None
            if answer is None:
                values.append(Fraction(1 if engine.is_won(position) else 0))
            else:
                values.append(answer.fraction)
    finally:
        search.release()
    return values[0], values[1]
