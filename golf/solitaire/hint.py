"""The sampling hint: the move that keeps a win in the most sampled stock orders.

Its "win chance" is the share of sampled orders in which a player who *knew* the order could
still win: an upper bound on any real player's chance, often far above it, so it is never shown
as a chance. The window's hint (:mod:`golf.solitaire.timed_hint`) uses the exact search of
:mod:`golf.solitaire.chance` and the bounds of :mod:`golf.solitaire.blind` instead; this one is
kept as a player to compare with (``bench/policy.py``).

The player sees the tableau and the waste and can work out which cards are still in the stock,
but not in which order. A hint tries each legal action against orders of those cards drawn
from a generator the caller passes in, asks the exact solver whether the game can still be won
after it, and suggests the action that keeps a win in the most orders ("win chance").

The stock's real order is never used: the unseen cards are sorted before they are shuffled, so
two positions that differ only in that order get the same hint from the same generator state.
The work is bounded by a number of solver states, never by the clock, so a hint is the same
every time for the same seed, sample count and budget.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from golf.solitaire import engine
from golf.solitaire.engine import Action, Position
from golf.solitaire.rules import Rules
from golf.solitaire.solver import BudgetExceeded, DealSolver

DEFAULT_SAMPLES: Final = 24
DEFAULT_MAX_STATES: Final = 60_000
"""About half a second of solving on a modest machine, for the first move of a deal."""


@dataclass(frozen=True)
class Hint:
    """The suggested action, its win chance, and the chance of every legal action.

    ``win_chance`` is the fraction of the sampled stock orders in which a win is still possible
    after the action; ``samples`` is how many orders were fully evaluated (the budget may stop
    the sampling early; with none evaluated every chance is 0 and the first legal action is
    suggested).
    """

    action: Action
    win_chance: float
    samples: int
    chances: tuple[tuple[Action, float], ...]


def unseen_orders(position: Position, rng: random.Random, count: int) -> list[tuple[int, ...]]:
    """``count`` orders of the stock's cards, drawn from ``rng``, blind to the real order."""
    cards = sorted(position.stock)
    out = []
    for _ in range(count):
        order = cards[:]
        rng.shuffle(order)
        out.append(tuple(order))
    return out


def hint(
    position: Position,
    rules: Rules,
    rng: random.Random,
    *,
    samples: int = DEFAULT_SAMPLES,
    max_states: int = DEFAULT_MAX_STATES,
) -> Hint | None:
    """The best action for ``position`` as far as the player can know, or None if none is legal."""
    actions = engine.legal_actions(position, rules)
    if not actions:
        return None
    wins = [0] * len(actions)
    evaluated = 0
    budget = max_states
    for order in unseen_orders(position, rng, samples):
        sample = Position(position.columns, position.waste, order)
        deal = DealSolver(sample, rules)
        try:
            result = _winning_actions(deal, sample, rules, actions, budget)
        except BudgetExceeded:
            break
        finally:
            budget -= deal.states
        for i, won in enumerate(result):
            wins[i] += won
        evaluated += 1
        if budget <= 0:
            break
    chances = tuple(
        (action, wins[i] / evaluated if evaluated else 0.0) for i, action in enumerate(actions)
    )
    best = max(range(len(actions)), key=lambda i: (wins[i], -i))
    return Hint(actions[best], chances[best][1], evaluated, chances)


def _winning_actions(
    deal: DealSolver,
    sample: Position,
    rules: Rules,
    actions: list[Action],
    budget: int,
) -> list[bool]:
    """Which of ``actions`` keep a win in ``sample``; raises BudgetExceeded past ``budget``."""
    line = deal.winning_line(max_states=budget, depth_first=True)
    if line is None:
        # Lost whatever is played; and the solver now knows the states it went through.
        return [False] * len(actions)
    first = line_first_action(line)
    out = []
    for action in actions:
        if action == first:
            out.append(True)
            continue
        after = engine.apply(sample, action, rules)
        if engine.is_won(after):
            out.append(True)
            continue
        after_line = deal.winning_line(after, max_states=budget - deal.states, depth_first=True)
        out.append(after_line is not None)
    return out


def line_first_action(line: list[int]) -> Action | None:
    """The first action of a solver path (None for an empty one)."""
    if not line:
        return None
    step = line[0]
    return Action.play(step + 1) if step >= 0 else Action.draw()
