"""The solver off the UI thread: hints, the winnable indicator and winnable-only deals.

Every question to the solver (``golf.solitaire.solver``, ``golf.solitaire.chance``) runs in a
solver process (or a daemon thread) and hands back a :class:`concurrent.futures.Future`; the scenes look at it once a frame and never wait, so
the table keeps animating and taking input. Each answer carries the key of the position it was
asked for (the game's log length and position); an answer for a position the game has left is
dropped. Tests wait for an answer deterministically with ``job.future.result()``.

The hint is bounded by time, not by the solver's state count: :func:`timed_hint` (the first
look) and :func:`later_look` run :func:`golf.solitaire.timed_hint.timed_hint` on the wall clock
(the engine reads none of its own): the exact chance of a player who cannot see the stock when
it is found in time, else more sampled evidence for the estimate.
:func:`golf.solitaire.timed_hint.hint_said` decides how it shows.

A question may report how far it has got (:func:`submit_reporting`): the analysis of a game
shows its progress from it while it waits.
"""

from __future__ import annotations

import atexit
import itertools
import logging
import multiprocessing
import multiprocessing.pool
import random
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

from golf.solitaire import engine
from golf.solitaire.chance import ChanceSearch, chances_around
from golf.solitaire.codes import format_code
from golf.solitaire.engine import Action, Position
from golf.solitaire.hint_figure import SAMPLE_STATES, Tally
from golf.solitaire.postmortem import Around, around_move
from golf.solitaire.replay import Replay
from golf.solitaire.rules import Rules
from golf.solitaire.session import Game
from golf.solitaire.solver import (
    Analysis,
    BudgetExceeded,
    DealSolver,
    analyse,
    solve,
    winnable_deal,
)
from golf.solitaire.timed_hint import (
    EXACT_AGAIN_STOCK,
    EXACT_STOCK,
    HINT_SECONDS,
    LOOK_SECONDS,
    TimedHint,
    search_for,
)
from golf.solitaire.timed_hint import timed_hint as judged_hint

__all__ = [
    "BLIND_STATES",
    "HINT_SECONDS",
    "PROVEN",
    "Job",
    "TimedHint",
    "background",
    "blind_chances",
    "chances_within",
    "find_winnable_deal",
    "later_look",
    "still_winnable",
    "submit_reporting",
    "submit_stoppable",
    "timed_hint",
]

log = logging.getLogger(__name__)

T = TypeVar("T")

INDICATOR_STATES: Final = 150_000
"""The winnable indicator gives up ("can't tell") past this many states."""
DEAL_STATES: Final = 20_000
"""A deal the solver cannot prove winnable within this many states is skipped."""

ANALYSIS_STATES: Final = 400_000
"""The analysis gives up on a question ("not found in time") past this many solver states."""
BLIND_STATES: Final = 400_000
"""The analysis's exact chance for a player who cannot see the stock gives up past this many
states (a few seconds at most)."""
WORKERS: Final = 2
"""Solver processes: a stale question may still be running while the next one starts."""
HINT_WORKERS: Final = 1
"""The hint's own process, besides: every hint of a game is asked to the same process, whose
kept search (:data:`KEPT`) goes on from the states the earlier hints worked out. In a pool of
two the questions take turns, so every other hint started from a search that had missed the
last one."""
USE_PROCESSES = True
"""Solve in worker processes (the window's frames never wait for the interpreter); False: in
threads of this process (tests that replace a solver function use it)."""

PROVEN: set[str] = set()
"""Codes of the deals dealt as winnable-only (the solver proved them winnable)."""


CALL_OFF_SLOTS: Final = 64
"""Questions called off are written here, each at its ticket modulo this many slots (a later
one may take an earlier one's slot: that one then merely runs to its own budget)."""

_called_off: Any = [0] * CALL_OFF_SLOTS
"""The tickets of the questions called off: shared with the solver processes once they run
(given to each as it starts), a list of this process when the questions run on threads."""
_progress: Any = [0] * (3 * CALL_OFF_SLOTS)
"""How far the questions that report have got: a ticket, a phase and a count at each ticket's
slot; shared as :data:`_called_off` is."""
_tickets = itertools.count(1)

_pool: multiprocessing.pool.Pool | None = None
_hint_pool: multiprocessing.pool.Pool | None = None
_pool_failed = False
_pool_lock = threading.Lock()
"""Held while the processes start or stop: the title starts them on a thread of its own."""


def _the_pool(hints: bool = False) -> multiprocessing.pool.Pool | None:
    """The solver processes, started on first use (None if they cannot be started); with
    ``hints``, the hint's own process (:data:`HINT_WORKERS`)."""
    global _pool, _hint_pool, _pool_failed
    if _pool is None and not _pool_failed and USE_PROCESSES:
        with _pool_lock:
            if _pool is None and not _pool_failed:
                # Registered before the processes start: a program that exits while the title's
                # thread is starting them waits for the start (the lock), then ends them; a
                # process left half-started reads a closed pipe and prints EOFError.
                atexit.register(stop)
                try:
                    # spawn: a fresh interpreter, never a copy of the window's process and its
                    # threads
                    context = multiprocessing.get_context("spawn")
                    called_off = _shared_slots(context, CALL_OFF_SLOTS)
                    progress = _shared_slots(context, 3 * CALL_OFF_SLOTS)
                    shared = (called_off, progress)
                    _pool = context.Pool(WORKERS, initializer=_worker_start, initargs=shared)
                    _hint_pool = context.Pool(
                        HINT_WORKERS, initializer=_worker_start, initargs=shared
                    )
                    _worker_start(called_off, progress)
                except (OSError, ValueError, RuntimeError) as error:
                    log.warning("no solver processes (%s): solving on threads", error)
                    _pool_failed = True
                    for pool in (_pool, _hint_pool):
                        if pool is not None:
                            pool.terminate()
                    _pool = _hint_pool = None
    if not USE_PROCESSES:
        return None
    return _hint_pool if hints else _pool


def _shared_slots(context: Any, size: int) -> Any:
    """Memory shared with the solver processes for the questions called off (or their
    progress); None where the system has none to give (questions are then never called off,
    only run to their budget, and their progress is not seen)."""
    try:
        return context.RawArray("q", size)
    except OSError as error:
        log.warning("no memory shared with the solver processes (%s)", error)
        return None


def _worker_start(called_off: Any, progress: Any = None) -> None:
    """In each solver process as it starts (and in the window's): where the window writes the
    questions called off, and where the questions write how far they have got."""
    global _called_off, _progress
    if called_off is not None:
        _called_off = called_off
    if progress is not None:
        _progress = progress


def stop() -> None:
    """End the solver processes (at exit: whatever they were working on is of no use now)."""
    global _pool, _hint_pool, _pool_failed
    with _pool_lock:
        pools = (_pool, _hint_pool)
        _pool = _hint_pool = None
        _pool_failed = True  # stopped: none starts after this (a thread may still ask)
    for pool in pools:
        if pool is not None:
            pool.terminate()
            pool.join()


def restart() -> None:
    """End the solver processes and whatever they are working on (questions nobody waits for
    any more); the next question starts new ones."""
    global _pool_failed
    stop()
    with _pool_lock:
        _pool_failed = False


def warm_up() -> None:
    """Start the solver processes now, so that the first hint does not wait for them."""
    _the_pool()


def submit(work: Callable[..., T], *args: Any, hints: bool = False) -> Future[T]:
    """Run ``work(*args)`` in a solver process (a thread if there are none); its future result.

    ``work`` and its arguments must be picklable: a function of a module, plain values. With
    ``hints`` it runs in the hint's own process (:data:`HINT_WORKERS`).
    """
    pool = _the_pool(hints)
    if pool is None:
        return background(lambda: work(*args))
    future: Future[T] = Future()
    future.set_running_or_notify_cancel()

    def failed(error: BaseException) -> None:
        log.error("solver job failed: %r", error)
        future.set_exception(error)

    try:
        pool.apply_async(work, args, callback=future.set_result, error_callback=failed)
    except ValueError as error:  # the pool was closed
        log.warning("solver processes gone (%s): solving on a thread", error)
        return background(lambda: work(*args))
    return future


def submit_stoppable(
    work: Callable[..., T], *args: Any, hints: bool = False
) -> tuple[Future[T], Callable[[], None]]:
    """:func:`submit` a question that may be called off: ``work(*args, stopped=...)`` is given a
    function telling whether it has been, and should then end soon. Returns the future result
    and the function that calls the question off (a window that no longer wants the answer
    frees the solver process for the next question instead of waiting for it)."""
    ticket = next(_tickets)
    future = submit(_stoppable_call, ticket, work, *args, hints=hints)
    return future, lambda: _call_off(ticket)


def _stoppable_call(ticket: int, work: Callable[..., T], *args: Any) -> T:
    return work(*args, stopped=lambda: _called_off[ticket % CALL_OFF_SLOTS] == ticket)


def _call_off(ticket: int) -> None:
    _called_off[ticket % CALL_OFF_SLOTS] = ticket


def submit_reporting(
    work: Callable[..., T], *args: Any
) -> tuple[Future[T], Callable[[], None], Callable[[], tuple[int, int] | None]]:
    """:func:`submit_stoppable` a question that also reports how far it has got: ``work`` is
    given ``report(phase, count)`` besides ``stopped``. Returns the future result, the function
    that calls it off, and one that reads its last report (None before the first)."""
    ticket = next(_tickets)
    future = submit(_reporting_call, ticket, work, *args)

    def progress() -> tuple[int, int] | None:
        at = 3 * (ticket % CALL_OFF_SLOTS)
        if _progress[at] != ticket:
            return None
        return int(_progress[at + 1]), int(_progress[at + 2])

    return future, lambda: _call_off(ticket), progress


def _reporting_call(ticket: int, work: Callable[..., T], *args: Any) -> T:
    at = 3 * (ticket % CALL_OFF_SLOTS)

    def report(phase: int, count: int) -> None:
        # The count and the phase first, the ticket that makes them this question's last.
        _progress[at + 1], _progress[at + 2] = phase, count
        _progress[at] = ticket

    return work(
        *args,
        stopped=lambda: _called_off[ticket % CALL_OFF_SLOTS] == ticket,
        report=report,
    )


CALLED_OFF_LATE: Final = 1e9
"""Seconds a called-off question's clock jumps ahead at each read (:func:`clock_or_called_off`)."""


def clock_or_called_off(
    clock: Callable[[], float], stopped: Callable[[], bool]
) -> Callable[[], float]:
    """``clock`` until the question is called off; from then on each read jumps further ahead,
    so that every deadline, even one set after the call-off from a read of this clock, is past
    at the next read (the searches then give up at their next look at it)."""
    jumps = itertools.count(1)

    def read() -> float:
        if stopped():
            return clock() + CALLED_OFF_LATE * next(jumps)
        return clock()

    return read


def stopped_clock(stopped: Callable[[], bool]) -> Callable[[], float]:
    """A clock for the searches' deadline of 0.5 (:data:`CALLED_OFF_DEADLINE`) when only the
    call-off bounds them: it reads 0 until the question is called off, then past the deadline
    (:func:`clock_or_called_off` of a clock that stands still)."""
    return clock_or_called_off(lambda: 0.0, stopped)


CALLED_OFF_DEADLINE: Final = 0.5


def background(work: Callable[[], T]) -> Future[T]:
    """Run ``work`` on a daemon thread (it never holds up quitting); its future result."""
    future: Future[T] = Future()

    def run() -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(work())
        except BaseException as error:  # handed to whoever reads the result
            log.exception("solver job failed")
            future.set_exception(error)

    threading.Thread(target=run, name="solver", daemon=True).start()
    return future


@dataclass
class Job(Generic[T]):
    """A question under way, with the key of the position it is about."""

    key: object
    future: Future[T]
    call_off: Callable[[], None] = lambda: None
    """Calls the question off (:func:`submit_stoppable`); nothing for one that cannot be."""

    def done(self) -> bool:
        return self.future.done()


class KeptSearch:
    """The exact search of the game the last hint was about, kept by this solver process so
    that the next hint of the game goes on from the states it worked out (the window's hint
    asked at every move plays as ``bench/policy.py``'s ``new`` player measures it).

    One question uses it at a time (in threads, a second one at once starts afresh); past
    :data:`golf.solitaire.timed_hint.KEEP_STATES` it is let go, so a long game's memory stays
    bounded.
    """

    def __init__(self) -> None:
        self.search: ChanceSearch | None = None
        self.lock = threading.Lock()

    def hint(self, position: Position, rules: Rules, ask: Callable[[ChanceSearch | None], T]) -> T:
        if not self.lock.acquire(blocking=False):
            return ask(None)
        try:
            search = search_for(position, rules, self.search)
            self.search = search
            return ask(search)
        finally:
            self.lock.release()


KEPT = KeptSearch()


def timed_hint(
    position: Position,
    rules: Rules,
    tally: Tally | None = None,
    *,
    move: bool = True,
    seconds: float = HINT_SECONDS,
    clock: Callable[[], float] = time.perf_counter,
    exact_stock: int = EXACT_STOCK,
    sample_states: int = SAMPLE_STATES,
    stopped: Callable[[], bool] = lambda: False,
) -> TimedHint | None:
    """One look (:func:`golf.solitaire.timed_hint.timed_hint`) within ``seconds`` of ``clock``
    (the wall clock unless a test gives one), going on from this process's :data:`KEPT`
    search and from ``tally``; it ends at once (with the quick policy's move) when
    ``stopped()`` (called off: :func:`submit_stoppable`). The first look of a hint."""
    return KEPT.hint(
        position,
        rules,
        lambda search: judged_hint(
            position,
            rules,
            seconds,
            clock_or_called_off(clock, stopped),
            tally,
            move=move,
            exact_stock=exact_stock,
            sample_states=sample_states,
            search=search,
        ),
    )


def later_look(
    position: Position,
    rules: Rules,
    tally: Tally,
    stopped: Callable[[], bool] = lambda: False,
) -> TimedHint | None:
    """A further look at a position whose hint shows (:data:`LOOK_SECONDS`): the exact
    search going on with at most ``EXACT_AGAIN_STOCK`` stock cards, else more sampled orders
    added to ``tally``; no move looked for."""
    return timed_hint(
        position,
        rules,
        tally,
        move=False,
        seconds=LOOK_SECONDS,
        exact_stock=EXACT_AGAIN_STOCK,
        stopped=stopped,
    )


def still_winnable(position: Position, rules: Rules) -> bool | None:
    """Whether ``position`` can still be won with the stock's order known (None: can't tell)."""
    if engine.is_won(position):
        return True
    try:
        return DealSolver(position, rules).winning_line(max_states=INDICATOR_STATES) is not None
    except BudgetExceeded:
        return None


def winnable_number(rules: Rules, rng: random.Random) -> int:
    """A random deal number the solver proves winnable under ``rules``."""
    return winnable_deal(rules, rng, max_states=DEAL_STATES)


def proven_game(number: int, rules: Rules) -> Game:
    """The game of a deal proven winnable, remembered as such (for its label)."""
    game = Game.new(number, rules)
    if game.code is not None:
        PROVEN.add(game.code)
    return game


def find_winnable_deal(rules: Rules, rng: random.Random) -> Game:
    """A random deal the solver proves winnable under ``rules``, remembered as such."""
    return proven_game(winnable_number(rules, rng), rules)


def demo_replay(rules: Rules, rng: random.Random, title: str) -> Replay:
    """A random deal the solver proves winnable under ``rules``, with its winning line."""
    number = winnable_deal(rules, rng, max_states=DEAL_STATES)
    solution = solve(engine.deal(number, rules), rules, best=False)
    if solution.winnable is not True:  # cannot happen: the deal was just proven winnable
        raise RuntimeError(f"deal {number} lost its winning line")
    return Replay(rules=rules, actions=solution.line, code=format_code(number, rules), title=title)


def blind_chances(
    start: Position,
    rules: Rules,
    actions: Sequence[Action],
    index: int,
    stopped: Callable[[], bool] = lambda: False,
) -> tuple[float, float] | None:
    """The exact win chance of a player who cannot see the stock before and after the move
    ``actions[index]`` (:func:`golf.solitaire.chance.chances_around`, within
    ``BLIND_STATES``); None when the search is too long or ``stopped()`` (the question was
    called off: :func:`submit_stoppable`)."""
    got = chances_around(
        start,
        rules,
        actions,
        index,
        max_states=BLIND_STATES,
        clock=stopped_clock(stopped),
        deadline=CALLED_OFF_DEADLINE,
    )
    return None if got is None else (float(got[0]), float(got[1]))


def analyse_game(
    start: Position,
    rules: Rules,
    actions: Sequence[Action],
    seconds: float | None = None,
    stopped: Callable[[], bool] = lambda: False,
    report: Callable[[int, int], None] | None = None,
) -> Analysis:
    """:func:`golf.solitaire.solver.analyse` of a game, within ``ANALYSIS_STATES`` per question
    and, given ``seconds``, no new question past them on the wall clock (what is known then is
    the answer); ``stopped()`` ends it as early (:func:`submit_reporting`)."""
    deadline = None if seconds is None else time.perf_counter() + seconds

    def stop() -> bool:
        return stopped() or (deadline is not None and time.perf_counter() > deadline)

    return analyse(start, rules, actions, max_states=ANALYSIS_STATES, stop=stop, report=report)


def chances_within(
    start: Position,
    rules: Rules,
    actions: Sequence[Action],
    index: int,
    seconds: float,
    stopped: Callable[[], bool] = lambda: False,
    report: Callable[[int, int], None] | None = None,
) -> Around | None:
    """What a player who cannot see the stock could win just before the move ``actions[index]``
    and just after it, within ``seconds`` of the wall clock: exact where the search finishes,
    else estimated (:func:`golf.solitaire.postmortem.around_move`); ``stopped()`` ends it
    early (:func:`submit_reporting`)."""
    clock = clock_or_called_off(time.perf_counter, stopped)
    deadline = clock() + seconds
    return around_move(start, rules, actions, index, clock=clock, deadline=deadline, report=report)
