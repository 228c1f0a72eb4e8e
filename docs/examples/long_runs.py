"""A Golf solitaire player for ``golf arena`` that prefers long runs.

Before each play it looks at the run of plays it could make from there with the cards it sees
(the free cards and the waste, each card uncovered in turn), and plays the first card of the
longest run; it draws only when nothing plays. It never sees the stock: only the view.
Run it with::

    golf arena --player docs/examples/long_runs.py:choose --deals 0-999 --rules easy
"""

from __future__ import annotations

from golf.solitaire.arena import PlayerView
from golf.solitaire.engine import Action
from golf.solitaire.rules import Rules

LIMIT = 2000
"""Positions looked at a move, at most (a wide-open tableau has many runs)."""


def _longest(
    columns: list[tuple[int, ...]], top: int | None, rules: Rules, budget: list[int]
) -> int:
    """The most cards one run of plays removes from here."""
    best = 0
    for i, col in enumerate(columns):
        if col and rules.may_play(col[-1], top) and budget[0] > 0:
            budget[0] -= 1
            card = col[-1]
            columns[i] = col[:-1]
            best = max(best, 1 + _longest(columns, card, rules, budget))
            columns[i] = col
    return best


def choose(view: PlayerView) -> Action:
    plays = [a for a in view.legal if a.kind == "play"]
    if not plays:
        return view.legal[0]
    columns = list(view.columns)
    budget = [LIMIT]

    def run_after(action: Action) -> tuple[int, int]:
        i = action.column - 1
        col = columns[i]
        columns[i] = col[:-1]
        length = _longest(columns, col[-1], view.rules, budget)
        columns[i] = col
        return length, len(col)  # ties: the taller column

    return max(plays, key=run_after)
