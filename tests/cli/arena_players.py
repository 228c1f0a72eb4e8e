"""Players for the tests of ``golf arena`` (``tests/cli/test_arena_cli.py``), loaded from this
file as the command line loads any player: ``tests/cli/arena_players.py:NAME``."""

from __future__ import annotations

import ctypes
import gc
import os
import signal
import sys
import time
from pathlib import Path
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


def _stock_orders(view: PlayerView) -> list[str]:
    """Where anything that could be the stock's order is, reached from the interpreter: every
    object the garbage collector tracks and every frame of the stack with its locals. An order
    is a sequence of the cards the view does not show, not sorted (``view.unseen()`` is)."""
    unseen = view.unseen()
    wanted, size = set(unseen), len(unseen)

    def is_order(value: object) -> bool:
        return (
            isinstance(value, (tuple, list))
            and len(value) == size
            and size > 1
            and all(type(x) is int for x in value)
            and set(value) == wanted
            and list(value) != sorted(value)
        )

    found = []
    for obj in gc.get_objects():
        if is_order(obj):
            found.append("gc")
        elif type(obj).__name__ in ("Position", "DealGame", "State"):
            found.append(type(obj).__name__)
    frame = sys._getframe()
    while frame is not None:
        for value in list(frame.f_locals.values()):
            if is_order(value) or type(value).__name__ in ("Position", "DealGame"):
                found.append(f"frame {frame.f_code.co_name}")
        frame = frame.f_back
    return found


def snoop(view: PlayerView) -> object:
    """A hostile player: on its first and sixth move of a game it walks ``gc.get_objects()``
    and the stack (``sys._getframe``) for the stock's order; it answers what it found (an
    illegal answer) if anything, else the first legal action."""
    if view.moves in (0, 5):
        found = _stock_orders(view)
        if found:
            return "found " + ", ".join(sorted(set(found)))
    return view.legal[0]


def _once(what: str) -> bool:
    """True the first time in a run (the test names a marker file in GOLF_TEST_ONCE)."""
    marker = Path(os.environ["GOLF_TEST_ONCE"])
    if marker.exists():
        return False
    marker.write_text(what)
    return True


def killed(view: PlayerView) -> Action:
    """Killed (SIGKILL) on its fourth move, once in the run."""
    if view.moves == 3 and _once("killed"):
        os.kill(os.getpid(), signal.SIGKILL)
    return view.legal[0]


def exits(view: PlayerView) -> Action:
    """Ends its process with os._exit(3) on its fourth move, once in the run."""
    if view.moves == 3 and _once("exits"):
        os._exit(3)
    return view.legal[0]


def crashes(view: PlayerView) -> Action:
    """Crashes its process (reads address 0: SIGSEGV) on its fourth move, once in the run."""
    if view.moves == 3 and _once("crashes"):
        ctypes.string_at(0)
    return view.legal[0]


def hangs(view: PlayerView) -> Action:
    """Blocks the alarm and sleeps on its fourth move, once in the run: a move no timer of
    its own process can stop."""
    if view.moves == 3 and _once("hangs"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
        time.sleep(60)
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


def noisy(view: PlayerView) -> Action:
    """Prints on every move (what a player prints never reaches the arena's output)."""
    print("thinking about", view.legal)
    return view.legal[0]


def six_killed(turn: Any) -> object:
    """Killed (SIGKILL) on its first move, once in the run."""
    if _once("six_killed"):
        os.kill(os.getpid(), signal.SIGKILL)
    return turn.legal[0]


def sleepy(view: PlayerView) -> Action:
    """Takes 12 ms over the first move of each game, well within the limit it is given."""
    if view.moves == 0:
        time.sleep(0.012)
    return view.legal[0]


def forger(view: PlayerView) -> Action:
    """Hangs on its fourth move, once in the run, while a thread of its own keeps moving the
    counter its process shows the arena (found on the stack, in the process's own frame)."""
    if view.moves == 3 and _once("forger"):
        frame = sys._getframe()
        while frame is not None and "progress" not in frame.f_locals:
            frame = frame.f_back
        assert frame is not None
        counter = frame.f_locals["progress"]

        def move_on() -> None:
            while True:
                counter.value += 1
                time.sleep(0.01)

        import threading

        # the alarm blocked first, so that the thread (which inherits the mask) cannot take it
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
        threading.Thread(target=move_on, daemon=True).start()
        time.sleep(60)
    return view.legal[0]
