"""Players for the tests of ``golf arena`` (``tests/cli/test_arena_cli.py``), loaded from this
file as the command line loads any player: ``tests/cli/arena_players.py:NAME``."""

from __future__ import annotations

import time
from typing import Any

from golf.solitaire.arena import PlayerView
from golf.solitaire.engine import Action


def first(view: PlayerView) -> Action:
    return view.legal[0]


def raises(view: PlayerView) -> Action:
    if view.moves == 2:
        raise ValueError("no idea")
    return view.legal[0]


def illegal(view: PlayerView) -> object:
    return "jump" if view.moves == 1 else view.legal[0]


def slow(view: PlayerView) -> Action:
    """Sleeps far past the limit on the first move of the deals whose waste starts with a red
    card, and swallows the first interruption."""
    if view.moves == 0 and view.waste and 13 <= view.waste[-1] < 39:
        try:
            time.sleep(30)
        except BaseException:  # a player that tries to carry on
            time.sleep(30)
    return view.legal[0]


def peeker(view: PlayerView) -> object:
    """Looks for the stock every way it can; answers something illegal if it finds anything."""
    for name in ("stock", "_stock", "position", "deck", "number", "code", "__dict__", "game"):
        if hasattr(view, name):
            return f"found {name}"
    try:
        view.stock_count = 99  # type: ignore[misc]
    except AttributeError:
        pass
    else:
        return "wrote"
    reachable = [getattr(view, name) for name in view._fields]
    ints = {x for value in reachable if isinstance(value, tuple) for x in value if type(x) is int}
    ints |= {c for col in view.columns for c in col}
    seen = {c for col in view.columns for c in col} | set(view.waste)
    if not ints <= seen | {0, 1, 2, 3, 4, 5, 6, 7} or len(seen) + view.stock_count != 52:
        return "found cards"
    return view.legal[0]


def not_a_function() -> None:
    pass


NOT_CALLABLE = 3


def six_first(turn: Any) -> object:
    return turn.legal[0]


def six_raises(turn: Any) -> object:
    raise ValueError(f"seat {turn.seat_view.seat + 1}")


def six_illegal(turn: Any) -> object:
    return "jump"
