"""What a player who could not see the stock could still win around the move that lost a game,
within a time: the analysis of a game once over asks it where the solver (which knows the stock)
says the game stopped being winnable.

Each of the two positions, just before that move and just after it, gets the exact chance of
a best player who cannot see the stock (:mod:`golf.solitaire.chance`) when the search finishes
within its share of the time, else the hint's estimate and its range over the orders the rest
of the time allowed (:mod:`golf.solitaire.hint_figure`: what the quick policy wins over sampled
stock orders, at most what a player who knew them could win), with the same seeds as the hint:
a recomputation that gets as far agrees. ``report`` is told how far it has got (:data:`SEARCHING`, :data:`SAMPLING`, and the
positions searched or the stock orders tried), so the window can show its progress.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from golf.solitaire import engine
from golf.solitaire.blind import BlindPlayer, blind
from golf.solitaire.chance import ChanceBudgetExceeded, ChanceSearch
from golf.solitaire.engine import Action, Position
from golf.solitaire.hint_figure import Figure, Tally, estimate_of, extend
from golf.solitaire.rules import Rules
from golf.solitaire.session import Game

__all__ = [
    "EXACT_SHARE",
    "SAMPLING",
    "SEARCHING",
    "SLICE",
    "Around",
    "around_move",
    "positions_around",
]

EXACT_SHARE: Final = 0.6
"""The share of the time the exact search may take; the estimates get the rest."""
SLICE: Final = 0.05
"""Seconds of sampling between two reports."""
SEARCHING: Final = 2
"""The phase of the exact search (the solver's questions about the deal are 0 and 1)."""
SAMPLING: Final = 3
"""The phase of the estimates."""

Report = Callable[[int, int], None]


@dataclass(frozen=True)
class Around:
    """The win chance of a player who cannot see the stock just before the move and just
    after it: each exact, estimated, or None (no stock order tried in time); ``positions`` the
    exact search's states, ``orders`` the stock orders the estimates tried."""

    before: Figure | None
    after: Figure | None
    positions: int
    orders: int

    @property
    def exact(self) -> bool:
        return all(f is not None and f.exact for f in (self.before, self.after))


def positions_around(
    start: Position, rules: Rules, actions: Sequence[Action], index: int
) -> tuple[Position, Position] | None:
    """The positions just before the action ``actions[index]`` of a game's log and just after
    it, the log played again as the game played it (undos included); None when the log does
    not reach ``index`` or that action is an undo (no move)."""
    if index >= len(actions) or actions[index].kind == engine.UNDO:
        return None
    game = Game(start, rules)
    for action in actions[:index]:
        game.apply(action)
    before = game.position
    if game.apply(actions[index]) is not None:
        return None
    return before, game.position


def around_move(
    start: Position,
    rules: Rules,
    actions: Sequence[Action],
    index: int,
    *,
    clock: Callable[[], float],
    deadline: float,
    report: Report | None = None,
) -> Around | None:
    """The chances around the move ``actions[index]``, by ``deadline`` on ``clock`` (None: not
    a move of the log)."""
    got = positions_around(start, rules, actions, index)
    if got is None:
        return None
    told: Report = report if report is not None else _silent
    seen = tuple(blind(p) for p in got)
    begin = clock()
    exact_by = begin + EXACT_SHARE * max(0.0, deadline - begin)
    figures: list[Figure | None] = [_settled(p, rules) for p in seen]
    search = ChanceSearch(seen[0], rules)

    def looking() -> float:
        told(SEARCHING, search.states)
        return clock()

    try:
        for i, position in enumerate(seen):
            if figures[i] is not None:
                continue
            try:
                answer = search.chance(position, clock=looking, deadline=exact_by)
            except ChanceBudgetExceeded:
                break
            if answer is not None:
                figures[i] = Figure.exactly(answer.value)
    finally:
        positions = search.states
        search.release()
    told(SEARCHING, positions)
    orders = 0
    open_ = [i for i, f in enumerate(figures) if f is None]
    for n, i in enumerate(open_):
        # Each estimate its share of what is left.
        now = clock()
        until = now + (deadline - now) / (len(open_) - n)
        tally, player = Tally.of(seen[i]), BlindPlayer(seen[i], rules)
        while not tally.full and clock() <= until:
            tally = extend(
                tally,
                seen[i],
                rules,
                clock=clock,
                deadline=min(until, clock() + SLICE),
                player=player,
            )
            told(SAMPLING, orders + tally.played)
        orders += tally.played
        figures[i] = estimate_of(tally)  # all the orders it had time for
    return Around(figures[0], figures[1], positions, orders)


def _settled(position: Position, rules: Rules) -> Figure | None:
    """The chance of a position with no move left: 1 when won, else 0; None while in play."""
    if engine.legal_actions(position, rules):
        return None
    return Figure.exactly(1.0 if engine.is_won(position) else 0.0)


def _silent(phase: int, count: int) -> None:
    """No one to tell."""
