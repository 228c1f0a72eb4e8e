"""Playing without seeing the stock, when the exact search of :mod:`golf.solitaire.chance` is
out of reach: a quick policy, and honest bounds on the win chance.

:class:`BlindPlayer` is the policy. From the waste top it follows every run of plays the
position allows (a draw can come after any of them when drawing is allowed at any time; under
the strict rules only once nothing plays). Each place a run could stop is scored: the cards it
has removed, plus the cards the longest run after the next draw removes, averaged over the
ranks still in the stock, less a little for tall columns; a place the exact search's bounds
prove lost scores lowest. It plays
towards the best place. It reads the stock's cards as a sorted multiset, never their order.

The hint's move (:meth:`BlindPlayer.rollout_action`) improves that policy by play-outs: its four
best-scored places to stop are each played out by the policy over the same sampled stock orders
(shuffles of the stock's cards from a generator the caller seeds, never the real order), and the
place that wins most is played towards (a rollout: up to the sampling's luck it never does worse
than the policy it plays out). On deals 10000-10399 it won more than the policy on every rule
set (Classic 46 against 33, Easy 173/132, nothing on a King 24/13, strict 26/12) for a few
hundredths of a second a move.

With ``lookahead``, the best-scored few places are looked at one draw further instead: each is
valued by the average, over the ranks still in the stock, of the best score the player could
then reach by playing on after that draw (an expectimax of depth one with the score above at its
leaves). Over deals 0-999 (``bench/policy.py``) it wins 3.8 +- 2.5 points more Easy deals than
the score alone, and within about a point of it on Classic (+1.0 +- 1.7), nothing on a King
(-0.4 +- 1.2) and strict (+0.4 +- 1.1). Looking two draws ahead (the best three places at each
level) did worse on deals 10000-10499 (Classic 35 wins against 49 at one draw), for ten times
the work. The quick score alone is kept for the play-outs, in the rollout and for the range's
low end.

The bounds of a win chance it cannot work out exactly (:func:`chance_range`):

* **below**: the share of sampled stock orders the quick policy wins when it plays them out
  (a real player who never sees the stock, so the best chance is at least its rate), with a
  95 % Wilson interval;
* **above**: the share of orders a player who *knew* the order could win (the clairvoyant
  solver), exact when the distinct rank orders are few enough to try them all, else sampled,
  with its interval. No real player does better.

The work is bounded by counts (rollouts, solver states) and by a ``clock`` the caller passes in;
the engine reads no clock of its own.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from golf.core.arena import wilson
from golf.core.deal import COLUMNS
from golf.solitaire import engine
from golf.solitaire.chance import (
    CLASSES,
    ChanceSearch,
    card_class,
    orders_of,
    stock_code,
    top_class,
)
from golf.solitaire.engine import Action, Position
from golf.solitaire.rules import Rules
from golf.solitaire.solver import BudgetExceeded, DealSolver

_STEP: Final = tuple(1 << (3 * i) for i in range(COLUMNS))
LOST_SCORE: Final = -1000.0
WEIGHTS: Final = (1.0, 0.3)
"""The weights of a stopping place's score: the cards the next run is expected to remove, and
the sum of the squared column heights (tall columns bury cards: measured over deals 0-699 of
Classic and 0-149 of Easy, a weight of 0.3 won about a fifth more deals than none)."""
CLOSURE_LIMIT: Final = 4000
"""Stopping places looked at per move (a wide-open position has more; the first are kept)."""
WIN_SCORE: Final = 1000.0
"""The score of a place where the tableau is clear."""
LOOKAHEAD: Final = 3
"""The best-scored stopping places the lookahead player looks at one draw further (looking at
all of them won no more over deals 10000-10499, for three times the work)."""
ROLLOUT_CANDIDATES: Final = 4
"""The best-scored stopping places the hint's player plays out (:meth:`BlindPlayer.rollout_action`)."""
ROLLOUT_ORDERS: Final = 16
"""The sampled stock orders each of them is played out over (the same orders for every place)."""
ENUMERATE_ORDERS: Final = 120
"""Up to this many distinct rank orders, the clairvoyant chance is worked out over all of them."""


def blind(position: Position) -> Position:
    """The position as the player sees it: the stock's cards sorted (their order unknown)."""
    return Position(position.columns, position.waste, tuple(sorted(position.stock)))


class BlindPlayer:
    """The quick non-peeking policy for one game (its memory is kept between moves)."""

    def __init__(
        self,
        position: Position,
        rules: Rules,
        weights: tuple[float, float] = WEIGHTS,
        lookahead: int = 0,
    ) -> None:
        self.rules = rules
        self.search = ChanceSearch(position, rules)
        self.weights = weights
        self.lookahead = lookahead
        """How many of the best-scored places are looked at one draw further (0: none)."""
        self.runs: dict[int, int] = {}
        """(heights, top class) -> the most cards one run of plays removes."""
        self.looked: dict[tuple[int, int], float] = {}
        """(heights, stock code) -> the value one draw further (:meth:`_look`)."""
        self.chosen: dict[tuple[int, int], int] = {}
        """(heights and top class, stock code) -> where the quick policy stops (:meth:`_choose`)."""

    def action(self, position: Position) -> Action | None:
        """The move this player makes (None when none is legal)."""
        settled, places = self._places(position)
        if places is None:
            return settled
        code, n, scored = places.code, len(places.stock), places.scored
        if self.lookahead and n:
            best: tuple[float, int] | None = None
            for score, _, end_h, first in scored[: self.lookahead]:
                value = score if score < LOST_SCORE / 2 else self._look(end_h, code, n)
                if best is None or value > best[0]:
                    best = (value, first)
            assert best is not None
            return _action_of(best[1])
        return _action_of(scored[0][3])

    def rollout_action(
        self,
        position: Position,
        rng: random.Random,
        *,
        candidates: int = ROLLOUT_CANDIDATES,
        orders: int = ROLLOUT_ORDERS,
        clock: Callable[[], float] | None = None,
        deadline: float = 0.0,
    ) -> Action | None:
        """The hint's move when the exact search is out of reach: the quick policy improved by
        play-outs (a rollout).

        The ``candidates`` best-scored places to stop are each played out by the quick policy
        over the same ``orders`` stock orders drawn from ``rng`` (the stock's cards shuffled,
        never their real order); the place that wins the most of them is played towards, ties
        going to the one whose play-outs cleared the most cards, then to the better score (the
        quick policy's own choice). Playing out a policy and keeping the better first step is
        the classic rollout improvement: up to the sampling's luck it never does worse than the
        policy itself. Past ``deadline`` on ``clock`` the quick policy's choice is played.
        """
        settled, places = self._places(position)
        if places is None:
            return settled
        stock, code, n, scored = places.stock, places.code, len(places.stock), places.scored
        alive = [s for s in scored[:candidates] if s[0] > LOST_SCORE / 2]
        if n == 0 or len(alive) < 2:
            return _action_of(scored[0][3])
        classes = [card_class(c) for c in stock]
        samples = []
        for _ in range(orders):
            rng.shuffle(classes)
            samples.append(tuple(classes))
        best: tuple[tuple[int, int, int], int] | None = None
        for i, (_, _, end_h, first) in enumerate(alive):
            wins = cleared = 0
            for order in samples:
                if clock is not None and clock() > deadline:
                    return _action_of(scored[0][3])
                won, gone = self._play_out(end_h, code, n, order)
                wins += won
                cleared += gone
            value = (wins, cleared, -i)
            if best is None or value > best[0]:
                best = (value, first)
        assert best is not None
        return _action_of(best[1])

    def wins_from(self, position: Position, order: Sequence[int]) -> bool:
        """Whether the quick policy wins from ``position`` when the stock's cards come in
        ``order`` (only their rank classes are read). It plays on heights
        and rank classes with its choices remembered, so a play-out costs a few milliseconds;
        at each draw it is shown the stock as a multiset, never the order."""
        h = self.search.heights_of(position)
        if not h:
            return True
        stock = sorted(position.stock)
        code, n = stock_code(stock), len(stock)
        first = self._choose(h, top_class(position), code, n)
        if first <= 0:
            return first == 0
        return bool(self._play_out(first, code, n, tuple(card_class(c) for c in order))[0])

    def _places(self, position: Position) -> tuple[Action | None, _Places | None]:
        """The places a run of plays from ``position`` may stop, scored, best first (among
        equals, the one found first); or, when there is nothing to choose, the action (None
        when no action is legal) and no places."""
        legal = engine.legal_actions(position, self.rules)
        if len(legal) <= 1:
            return (legal[0] if legal else None), None
        h = self.search.heights_of(position)
        stock = sorted(position.stock)
        code, n = stock_code(stock), len(stock)
        ends = self._stops(h, top_class(position), n > 0)
        if 0 in ends:
            return _action_of(ends[0]), None
        scored = sorted(
            (
                (self._score(end_h, code, n), -j, end_h, first)
                for j, (end_h, first) in enumerate(ends.items())
            ),
            reverse=True,
        )
        if not scored:
            return legal[0], None
        return None, _Places(stock, code, scored)

    def _play_out(self, h: int, code: int, n: int, order: tuple[int, ...]) -> tuple[int, int]:
        """Play the quick policy from a stop at heights ``h`` (the stock ``code`` of ``n`` cards
        about to be drawn in the classes ``order``): whether it wins, and the cards it clears."""
        left = self.search.left_of(h)
        for k in order:
            code -= 1 << (3 * k)
            n -= 1
            end_h = self._choose(h, k, code, n)
            if end_h == 0:
                return 1, left
            if end_h < 0:
                break
            h = end_h
        return 0, left - self.search.left_of(h)

    def _choose(self, h: int, t: int, code: int, n: int) -> int:
        """Where the quick policy stops from heights ``h`` with a top of class ``t`` and the
        stock ``code`` of ``n`` cards left: 0 when the tableau clears, -1 when the game is
        lost (no card left to draw, or every place proven lost)."""
        key = (h << 4 | t, code)
        got = self.chosen.get(key)
        if got is None:
            ends = self._stops(h, t, n > 0)
            if 0 in ends:
                got = 0
            elif n == 0 or not ends:
                got = -1
            else:
                best_score, got = LOST_SCORE, -1
                for end_h in ends:  # the first of the best, as the policy itself plays
                    score = self._score(end_h, code, n)
                    if got < 0 or score > best_score:
                        best_score, got = score, end_h
                if best_score < LOST_SCORE / 2:
                    got = -1
            self.chosen[key] = got
        return got

    def _stops(self, h: int, t: int, can_draw: bool) -> dict[int, int]:
        """The heights where a run of plays from (``h``, ``t``) may stop, each with the first
        move towards it (-1: draw now; i: play column i)."""
        search = self.search
        takes, cls_at = search.takes, search.cls_at
        draw_any = self.rules.draw_any_time
        ends: dict[int, int] = {}
        seen: set[int] = set()
        stack: list[tuple[int, int, int]] = [(h, t, -1)]
        while stack and len(seen) < CLOSURE_LIMIT:
            hh, tt, first = stack.pop()
            key = hh << 4 | tt
            if key in seen:
                continue
            seen.add(key)
            if hh == 0:
                return {0: first}
            mask = takes[tt]
            plays = False
            for i in range(COLUMNS):
                x = (hh >> (3 * i)) & 7
                if x and (mask >> cls_at[i][x]) & 1:
                    plays = True
                    stack.append((hh - _STEP[i], cls_at[i][x], i if first < 0 else first))
            # A stop is a draw (or the end of the game when the stock is empty).
            if (draw_any and can_draw) or not plays:
                ends.setdefault(hh, first)
        return ends

    def _score(self, h: int, code: int, n: int) -> float:
        """How good it is to stop playing at heights ``h`` (and draw, if cards are left)."""
        search = self.search
        left = search.left_of(h)
        removed = float(-left)
        if n == 0:
            return removed
        present = search.present_of(code)
        if search.dead(h, present) or search.short_of_supports(h, code, left):
            return LOST_SCORE + removed
        ahead = 0.0
        for r in range(CLASSES):
            c = (code >> (3 * r)) & 7
            if c:
                ahead += c * self._longest_run(h, r)
        tall = 0
        for i in range(COLUMNS):
            x = (h >> (3 * i)) & 7
            tall += x * x
        return removed + self.weights[0] * ahead / n - self.weights[1] * tall

    def _look(self, h: int, code: int, n: int) -> float:
        """The value of drawing at heights ``h``: the average, over the ranks of the stock
        ``code`` (``n`` cards), of the best score reachable by playing on after that draw."""
        key = (h, code)
        got = self.looked.get(key)
        if got is None:
            total = 0.0
            for r in range(CLASSES):
                c = (code >> (3 * r)) & 7
                if c:
                    after = code - (1 << (3 * r))
                    ends = self._stops(h, r, n > 1)
                    if 0 in ends:
                        total += c * WIN_SCORE
                    else:
                        total += c * max(
                            (self._score(e, after, n - 1) for e in ends), default=LOST_SCORE
                        )
            got = total / n
            self.looked[key] = got
        return got

    def _longest_run(self, h: int, t: int) -> int:
        key = h << 4 | t
        got = self.runs.get(key)
        if got is None:
            search = self.search
            mask = search.takes[t]
            got = 0
            for i in range(COLUMNS):
                x = (h >> (3 * i)) & 7
                if x:
                    k = search.cls_at[i][x]
                    if (mask >> k) & 1:
                        got = max(got, 1 + self._longest_run(h - _STEP[i], k))
            self.runs[key] = got
        return got


@dataclass(frozen=True)
class _Places:
    """Where a run of plays may stop (:meth:`BlindPlayer._places`): the stock's cards (sorted),
    its code, and the places as (score, -order found, heights, first move), best first."""

    stock: list[int]
    code: int
    scored: list[tuple[float, int, int, int]]


def _action_of(first: int) -> Action:
    return Action.draw() if first < 0 else Action.play(first + 1)


def play_out(player: Callable[[Position], Action | None], position: Position, rules: Rules) -> bool:
    """Play ``player`` from ``position`` to the end (the stock as it lies); whether it wins.

    The player is shown each position with its stock sorted, never the real order.
    """
    while True:
        if engine.is_won(position):
            return True
        action = player(blind(position))
        if action is None:
            return False
        position = engine.apply(position, action, rules)


@dataclass(frozen=True)
class Estimate:
    """A share measured over stock orders: ``wins`` of ``tried``, exact when every distinct
    rank order was tried, else with a 95 % interval."""

    wins: int
    tried: int
    exact: bool

    @property
    def rate(self) -> float:
        return self.wins / self.tried if self.tried else 0.0

    @property
    def low(self) -> float:
        return self.rate if self.exact else wilson(self.wins, self.tried)[0]

    @property
    def high(self) -> float:
        return self.rate if self.exact else wilson(self.wins, self.tried)[1]


@dataclass(frozen=True)
class ChanceRange:
    """The win chance of a best player who cannot see the stock lies between ``policy`` (what
    the quick policy wins) and ``clairvoyant`` (what a player who knew the order could win)."""

    policy: Estimate
    clairvoyant: Estimate

    @property
    def low(self) -> float:
        return self.policy.low

    @property
    def high(self) -> float:
        return max(self.clairvoyant.high, self.low)


def sampled_orders(position: Position, rng: random.Random, count: int) -> list[tuple[int, ...]]:
    """``count`` orders of the stock's cards from ``rng``, blind to the real order."""
    cards = sorted(position.stock)
    out = []
    for _ in range(count):
        order = cards[:]
        rng.shuffle(order)
        out.append(tuple(order))
    return out


def policy_rate(
    position: Position,
    rules: Rules,
    rng: random.Random,
    *,
    rollouts: int,
    clock: Callable[[], float] | None = None,
    deadline: float = 0.0,
) -> Estimate:
    """How often :class:`BlindPlayer` wins from ``position`` over sampled stock orders."""
    player = BlindPlayer(position, rules)
    wins = tried = 0
    for order in sampled_orders(position, rng, rollouts):
        if clock is not None and clock() > deadline:
            break
        sample = Position(position.columns, position.waste, order)
        wins += play_out(player.action, sample, rules)
        tried += 1
    return Estimate(wins, tried, exact=False)


def rank_orders(position: Position) -> list[tuple[int, ...]]:
    """One stock order per distinct order of the stock's ranks (suits do not matter)."""
    by_class: dict[int, list[int]] = {}
    for c in sorted(position.stock):
        by_class.setdefault(card_class(c), []).append(c)
    classes = [card_class(c) for c in sorted(position.stock)]
    out = []
    for ranks in sorted(set(itertools.permutations(classes))):
        taken = {k: iter(cards) for k, cards in by_class.items()}
        out.append(tuple(next(taken[k]) for k in ranks))
    return out


def clairvoyant_rate(
    position: Position,
    rules: Rules,
    rng: random.Random,
    *,
    samples: int,
    max_states: int = 20_000,
    clock: Callable[[], float] | None = None,
    deadline: float = 0.0,
    enumerate_up_to: int = ENUMERATE_ORDERS,
) -> Estimate:
    """How often a player who knew the stock's order could win from ``position``: over every
    distinct rank order when there are at most ``enumerate_up_to``, else over samples.

    An order the solver cannot decide within ``max_states`` is not counted (nor tried)."""
    every = orders_of(position.stock) <= enumerate_up_to
    orders = rank_orders(position) if every else sampled_orders(position, rng, samples)
    wins = tried = 0
    complete = True
    for order in orders:
        if clock is not None and clock() > deadline:
            complete = False
            break
        sample = Position(position.columns, position.waste, order)
        try:
            won = engine.is_won(sample) or (
                DealSolver(sample, rules).winning_line(max_states=max_states) is not None
            )
        except BudgetExceeded:
            complete = False
            continue
        wins += won
        tried += 1
    return Estimate(wins, tried, exact=every and complete)


def chance_range(
    position: Position,
    rules: Rules,
    rng: random.Random,
    *,
    rollouts: int = 200,
    samples: int = 24,
    max_states: int = 20_000,
    clock: Callable[[], float] | None = None,
    seconds: float = 0.0,
) -> ChanceRange:
    """Both bounds, each given half of ``seconds`` of ``clock`` when a clock is given."""
    half = seconds / 2
    start = clock() if clock is not None else 0.0
    policy = policy_rate(
        position, rules, rng, rollouts=rollouts, clock=clock, deadline=start + half
    )
    middle = clock() if clock is not None else 0.0
    clairvoyant = clairvoyant_rate(
        position,
        rules,
        rng,
        samples=samples,
        max_states=max_states,
        clock=clock,
        deadline=middle + half,
    )
    return ChanceRange(policy, clairvoyant)
