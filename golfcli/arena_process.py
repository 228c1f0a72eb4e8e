"""A scripted player in a process of its own: loading it, its time limit, and the referee's
side of the exchange (``docs/scripting.md``, "What the player cannot see").

The arena (``golfcli/arena.py``, ``golfcli/sixcard.py``) keeps the deals; the player's code
runs in a **player process** started with spawn, which never receives a deal, a deal number or
code, or any object of the arena's games: it is given the player's name (``module:function``),
the time limit and solitaire's rules, and then only what the player sees, many games in one
message (solitaire's views as :class:`Tables` reads them: numbers and tuples; six-card's
``SixPlayerView``), and it answers one line for each: the action's token (``play 3``) or a
fault (``!raised ...``). The referee reads that answer as text only (never ``pickle``: what
comes back cannot run code in the arena's process) and applies it through the engine, which
refuses any action the rules do not allow.

The player process times each move with :class:`Guard` (an alarm interrupts a move past the
limit). The referee watches the process too: a counter in shared memory says which view it is
answering, so a process that ends (``os._exit``, a crash, a kill) or stops answering (a move
the alarm cannot interrupt) is stopped, the view it was answering is that player's fault
(``died`` or ``hung``), and a new process is started for what is left; the other views of the
message are asked again.

The built-in hint player stays in the arena's process: it is the game's own code and reads
only its view.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import marshal
import math
import multiprocessing
import os
import pickle
import select
import signal
import struct
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from types import FrameType, ModuleType, TracebackType
from typing import TYPE_CHECKING, Any, Final

from golf.core.arena import MAX_DETAIL, PlayerFault, shown
from golf.core.cards import DECK_SIZE, JOKERS
from golf.core.messages import one_line
from golf.solitaire import arena as solitaire_arena
from golf.solitaire import engine
from golf.solitaire.engine import Action, Position
from golf.solitaire.rules import Rules
from golfcli.options import UsageError

if TYPE_CHECKING:  # a six-card player's process imports it when it answers
    from golf.sixcard import arena as six_arena

Player = Callable[[Any], object]
"""A scripted player: a view in (solitaire's ``PlayerView``, six-card's ``SixPlayerView``), an
action out."""

GAMES: Final = ("solitaire", "six-card")
SEPARATE: Final = sys.platform != "win32"
"""Whether a player can run in a process of its own here: the referee reads and writes the
process's pipes as POSIX file descriptors (``select`` on pipes), which Windows does not have;
there the arena calls the player in its own process, and says so."""
LOAD_SECONDS: Final = 60.0
"""How long a player process may take to start and load the player."""
HANG_GRACE: Final = 1.0
"""A player process that has not moved on from a view for twice the time limit and this many
seconds more is stopped (its own alarm stops a slow move within 1.25 limits)."""
WATCH_TICK: Final = 0.05
"""How often the referee looks at a process that has not answered yet, in seconds."""
MAX_LINE: Final = MAX_DETAIL + 40
"""The longest answer line read back (a token, or a fault's kind and detail)."""
_HEADER: Final = struct.Struct("!I")

ACTIONS: Final = (Action.draw(), *(Action.play(column) for column in range(1, 8)))
TOKENS: Final = {str(action): action for action in ACTIONS}
"""A legal action by its token, as the player process answers it."""
_TOKEN_OF: Final[dict[Any, str]] = {action: token for token, action in TOKENS.items()}
OVER: Final = "!over"
"""What the player process answers for a solitaire view without a legal action (the game is
over: the arena works that out itself only then, and checks it)."""
_STOCKS: Final = tuple((0,) * n for n in range(DECK_SIZE + len(JOKERS) + 1))
"""Stand-ins for a stock of each size: zeros, never cards."""


class Tables:
    """The player process's side of solitaire's views: what each table shows, kept from one
    message to the next, so that the arena sends a game's whole view once and then only what
    changed (its numbers and tuples only, ``marshal``):

    - ``(columns, waste, stock count, moves, table)``: a table's whole view (a new game, or
      any game again after the process was started anew);
    - ``(table,)``: the play this process answered for that table was taken;
    - ``(table, card)``: its draw was taken, and turned up ``card``.

    Each view is made with the run's rules, its legal actions worked out by the engine's one
    move generator from what the view shows (which reads only whether the stock is empty: a
    stock of zeros stands in)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.shown: dict[int, tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int, int]] = {}
        self.answered: dict[int, str] = {}

    def views(self, body: bytes) -> list[solitaire_arena.PlayerView]:
        view, position, new = solitaire_arena.PlayerView, Position, tuple.__new__
        legal_actions, stocks, rules = engine.legal_actions, _STOCKS, self.rules
        shown, answered = self.shown, self.answered
        out = []
        for item in marshal.loads(body):
            if len(item) == 5:
                columns, waste, count, moves, table = item
            else:
                table = item[0]
                columns, waste, count, moves = shown[table]
                if len(item) == 1:  # its play: the free card of that column onto the waste
                    i = TOKENS[answered[table]].column - 1
                    column = columns[i]
                    columns = (*columns[:i], column[:-1], *columns[i + 1 :])
                    waste = (*waste, column[-1])
                else:
                    waste = (*waste, item[1])
                    count -= 1
                moves += 1
            shown[table] = (columns, waste, count, moves)
            legal = tuple(legal_actions(new(position, (columns, waste, stocks[count])), rules))
            # tuple.__new__: the same named tuple, made without a Python-level call
            out.append(new(view, (columns, waste, count, legal, rules, moves, table)))
        return out

    def remember(self, views: Sequence[Any], lines: Sequence[str]) -> None:
        """What was answered for each table (the token the next ``(table,)`` refers to)."""
        answered = self.answered
        for view, line in zip(views, lines, strict=True):
            answered[view.table] = line


# --- the player and its time limit -------------------------------------------------------------


def load_player(spec: str) -> Player:
    """The function ``spec`` names; a module or file that cannot be loaded, or a name that is
    not a function of it, is a :class:`UsageError`."""
    where, _, name = spec.rpartition(":")
    try:
        module = _module(where)
    except UsageError:
        raise
    except (Exception, SystemExit) as e:
        raise UsageError(f"--player {spec}: cannot load {where} ({error_text(e)})") from None
    player = getattr(module, name, None)
    if not callable(player):
        raise UsageError(f"--player {spec}: {where} has no function {name}")
    return player  # type: ignore[no-any-return]


def _module(where: str) -> ModuleType:
    if where.endswith(".py") or "/" in where or "\\" in where:
        path = Path(where)
        if not path.is_file():
            raise UsageError(f"--player: {where} is not a file")
        name = "golf_arena_player_" + "".join(c if c.isalnum() else "_" for c in path.stem)
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise UsageError(f"--player: {where} is not a Python file")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    if "" not in sys.path and str(Path.cwd()) not in sys.path:
        sys.path.insert(0, str(Path.cwd()))  # a module of the current folder, as python -m finds
    return importlib.import_module(where)


def error_text(e: BaseException) -> str:
    """An exception in one line: its type and its message, cut at 120 characters."""
    said = one_line(str(e))
    said = said if len(said) <= 120 else said[:117] + "..."
    return f"{type(e).__name__}: {said}" if said else type(e).__name__


class _TooSlow(BaseException):
    """Raised into a player's move by the timer (a BaseException: ``except Exception`` in the
    player does not swallow it)."""


TICK_SHARE: Final = 0.25
"""The timer ticks every quarter of the limit (a move is stopped within 1.25 limits)..."""
MIN_TICK: Final = 0.01
"""...but at most every 10 ms."""


class Guard:
    """A player called under its time limit; every failure becomes a :class:`PlayerFault`.

    Used as a context manager: on entering, where the system has ``setitimer`` and this is the
    main thread, it starts a timer that ticks every quarter of the limit for as long as the
    guard is in use (no system call for each move: a move costs two reads of the clock); a tick
    that finds a move running past the limit raises into it. On leaving it stops the timer and
    sets again the one it found (a test run's timeout).
    """

    def __init__(
        self, player: Player | None, limit_ms: int, clock: Callable[[], float] = time.perf_counter
    ) -> None:
        self.player = player
        self.limit = limit_ms / 1000
        self.clock = clock
        self.alarm = False
        self.started = 0.0
        self.moving = False
        self._before: tuple[Any, tuple[float, float], float] | None = None

    def __enter__(self) -> Guard:
        if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
            handler = signal.getsignal(signal.SIGALRM)
            timer = signal.setitimer(signal.ITIMER_REAL, 0)
            self._before = (handler, timer, self.clock())
            signal.signal(signal.SIGALRM, self._tick)
            tick = max(MIN_TICK, TICK_SHARE * self.limit)
            signal.setitimer(signal.ITIMER_REAL, tick, tick)
            self.alarm = True
        return self

    def __exit__(
        self, kind: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._before is None:
            return
        handler, (delay, interval), since = self._before
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, handler)
        if delay > 0:
            left = max(delay - (self.clock() - since), 0.001)
            signal.setitimer(signal.ITIMER_REAL, left, interval)
        self._before = None
        self.alarm = False

    def _tick(self, signum: int, frame: FrameType | None) -> None:
        if self.moving and self.clock() - self.started > self.limit:
            raise _TooSlow

    def __call__(self, view: Any) -> object:
        assert self.player is not None, "a guard of several players is used through call()"
        return self.call(self.player, view)

    def call(self, player: Callable[[Any], object], view: object) -> object:
        """``player(view)`` under the limit (the guard may serve several players, one at a
        time: the seats of a six-card game)."""
        try:
            return self._move(player, view)
        except _TooSlow:  # a tick in the moment the move ended: it was too slow all the same
            self.moving = False
            raise PlayerFault("slow", f"{1000 * (self.clock() - self.started):.0f}") from None

    def _move(self, player: Callable[[Any], object], view: object) -> object:
        clock = self.clock
        self.started = start = clock()
        self.moving = True
        try:
            answer = player(view)
            self.moving = False
        except _TooSlow:
            self.moving = False
            raise PlayerFault("slow", f"{1000 * (clock() - start):.0f}") from None
        except (Exception, SystemExit) as e:
            self.moving = False
            raise PlayerFault("raised", error_text(e)) from None
        took = clock() - start
        if took > self.limit:
            raise PlayerFault("slow", f"{1000 * took:.0f}")
        return answer


# --- the player process ------------------------------------------------------------------------


def _write_all(fd: int, data: bytes) -> None:
    """Write ``data`` to a blocking ``fd`` (the player process's answers)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _read_exact(fd: int, n: int) -> bytes | None:
    """``n`` bytes from a blocking ``fd``, or None at its end."""
    parts = []
    while n:
        part = os.read(fd, min(n, 1 << 20))
        if not part:
            return None
        parts.append(part)
        n -= len(part)
    return b"".join(parts)


def answer_line(answer: object, view: Any, game: str) -> str:
    """What the player process sends back for ``answer``: the token of the legal action it
    names, or ``!illegal`` and what it was (as the arena in one process reports it)."""
    offered: Any
    for offered in view.legal:  # the usual answer: one of the view's own actions
        if offered is answer:
            return (_TOKEN_OF.get(offered) if game == "solitaire" else None) or str(offered)
    if game == "solitaire":
        action: object = solitaire_arena.action_of(answer, view.legal)
        wrong = solitaire_arena.shown_answer
    else:
        from golf.sixcard.arena import action_of

        action = action_of(answer, view.legal)
        wrong = shown
    if action is None:
        return "!illegal " + _clean(wrong(answer))
    return str(action)


def _clean(detail: str) -> str:
    text = "".join(c if c.isprintable() else " " for c in detail)
    return text if len(text) <= MAX_DETAIL else text[: MAX_DETAIL - 3] + "..."


def serve(
    requests: Connection,
    answers: Connection,
    progress: Any,
    spec: str,
    limit_ms: int,
    game: str,
    rules: Rules | None,
) -> None:
    """The player process: load the player, then answer each message of views until the
    arena closes its end. ``progress`` (shared memory) counts the views begun; ``rules`` are
    solitaire's, sent once (a six-card view holds its own)."""
    sys.argv = sys.argv[:1]  # the arena's command line is not the player's
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the arena's: it ends this process
    with contextlib.suppress(OSError):
        os.dup2(2, 1)  # what the player prints goes to stderr, never into the arena's output
    sys.stdout = sys.stderr
    rfd, wfd = requests.fileno(), answers.fileno()
    try:
        player = load_player(spec)
    except UsageError as e:
        _write_frame(wfd, ("!" + _clean(str(e))).encode())
        return
    _write_frame(wfd, b"ok")
    tables = Tables(rules) if rules is not None else None
    with Guard(player, limit_ms) as guard:
        while True:
            header = _read_exact(rfd, _HEADER.size)
            if header is None:
                return
            body = _read_exact(rfd, _HEADER.unpack(header)[0])
            if body is None:
                return
            # from the arena: trusted
            if tables is None:
                lines = answer_views(pickle.loads(body), player, guard, progress, game)
            else:
                views = tables.views(body)
                lines = answer_views(views, player, guard, progress, game)
                tables.remember(views, lines)
            _write_frame(wfd, "\n".join(lines).encode("utf-8", "replace"))


def answer_views(
    views: Sequence[Any], player: Player, guard: Guard, progress: Any, game: str
) -> list[str]:
    """The player's answers to one message, a line each (what :meth:`Guard.call` does for each
    move, written out here: this is the player process's whole work on a move)."""
    out = []
    clock, limit, counted = guard.clock, guard.limit, progress.value
    token_of = _TOKEN_OF if game == "solitaire" else {}
    for view in views:
        counted += 1
        progress.value = counted
        if not view.legal:
            out.append(OVER)
            continue
        try:
            try:
                guard.started = start = clock()
                guard.moving = True
                answer = player(view)
                guard.moving = False
            except _TooSlow:
                guard.moving = False
                raise PlayerFault("slow", f"{1000 * (clock() - start):.0f}") from None
            except (Exception, SystemExit) as e:
                guard.moving = False
                raise PlayerFault("raised", error_text(e)) from None
            took = clock() - start
            if took > limit:
                raise PlayerFault("slow", f"{1000 * took:.0f}")
        except _TooSlow:  # a tick in the moment the move ended: too slow all the same
            guard.moving = False
            out.append(f"!slow {1000 * (clock() - guard.started):.0f}")
        except PlayerFault as fault:
            out.append(f"!{fault.kind} {_clean(fault.detail)}")
        else:
            for offered in view.legal:  # the usual answer: one of the view's own actions
                if offered is answer:
                    out.append(token_of.get(offered) or str(offered))
                    break
            else:
                out.append(answer_line(answer, view, game))
    return out


def _write_frame(fd: int, body: bytes) -> None:
    _write_all(fd, _HEADER.pack(len(body)) + body)


# --- the referee's side ------------------------------------------------------------------------


class Broken(Exception):
    """The player process ended or stopped answering: the view it was on (``request``: 0 is
    the oldest message not answered yet, ``index`` in it) is its fault, of ``kind`` ``died``
    or ``hung``; every other view of those messages is to be asked again."""

    def __init__(self, request: int, index: int, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.request = request
        self.index = index
        self.kind = kind
        self.detail = detail


def _ended(code: int | None) -> str:
    if code is None:
        return "no exit status"
    if code < 0:
        try:
            return f"signal {signal.Signals(-code).name}"
        except ValueError:
            return f"signal {-code}"
    return f"exit status {code}"


class PlayerProcess:
    """The referee's handle on one player's process: :meth:`send` a message of views,
    :meth:`receive` the answers of the oldest message not answered yet (several may be on their
    way: the arena plays one group of games while the player answers the other).
    The process is started by :meth:`start` and again after it broke; :meth:`close` ends it."""

    def __init__(self, spec: str, limit_ms: int, game: str, rules: Rules | None = None) -> None:
        assert game in GAMES and (rules is None) == (game != "solitaire")
        self.rules = rules
        self.spec = spec
        self.limit_ms = limit_ms
        self.game = game
        self.hang_after = 2 * limit_ms / 1000 + HANG_GRACE
        self.process: BaseProcess | None = None
        self.requests: Connection | None = None
        self.answers: Connection | None = None
        self.progress: Any = None
        self.sent = 0
        self.pending: deque[tuple[int, int]] = deque()
        self.buffer = bytearray()
        self.hung = 0.0
        self.starts = 0  # processes started (a new one after each broke)

    @property
    def running(self) -> bool:
        return self.process is not None

    def start(self) -> None:
        """Start the process and wait until it has loaded the player; a player that cannot be
        loaded is a :class:`UsageError`."""
        self.launch()
        self.loaded()

    def launch(self) -> None:
        """Start the process, not waiting for it: the caller may work meanwhile, then calls
        :meth:`loaded`."""
        self.close()
        ctx = multiprocessing.get_context("spawn")  # never fork: the child gets nothing of ours
        their_requests, requests = ctx.Pipe(duplex=False)
        answers, their_answers = ctx.Pipe(duplex=False)
        self.progress = ctx.RawValue("q", 0)
        process = ctx.Process(
            target=serve,
            args=(
                their_requests,
                their_answers,
                self.progress,
                self.spec,
                self.limit_ms,
                self.game,
                self.rules,
            ),
            name="golf arena player",
        )
        with _main_module_hidden():
            process.start()
        their_requests.close()
        their_answers.close()
        os.set_blocking(requests.fileno(), False)
        self.process, self.requests, self.answers = process, requests, answers
        self.sent = 0
        self.pending.clear()
        self.buffer.clear()
        self.starts += 1

    def loaded(self) -> None:
        """Wait until the process started by :meth:`launch` has loaded the player; a player
        that cannot be loaded is a :class:`UsageError`."""
        first = self._frame(time.monotonic() + LOAD_SECONDS, 256 + 4 * MAX_DETAIL)
        if first == b"ok":
            return
        self.close()
        if first is None:
            raise UsageError(
                f"--player {self.spec}: its process did not start within {LOAD_SECONDS:.0f} s or ended"
            )
        said = first.decode("utf-8", "replace")[1:]
        raise UsageError(_clean(said) or f"--player {self.spec}: cannot be loaded")

    def close(self) -> None:
        """End the process (it ends by itself once its messages stop; else it is killed)."""
        process, self.process = self.process, None
        for conn in (self.requests, self.answers):
            if conn is not None:
                conn.close()
        self.requests = self.answers = None
        self.pending.clear()
        if process is None:
            return
        process.join(0.5)
        if process.exitcode is None:
            process.kill()
            process.join(5)
        with contextlib.suppress(ValueError):
            process.close()

    def send(self, views: Sequence[object]) -> None:
        """Send one message of ``views`` (the process is started first if it is not running):
        solitaire's as :func:`solitaire_wire` makes them, six-card's ``SixPlayerView``."""
        if self.process is None:
            self.start()
        assert self.requests is not None
        if self.rules is None:
            body = pickle.dumps(list(views), protocol=pickle.HIGHEST_PROTOCOL)
        else:
            body = marshal.dumps(list(views))
        self.pending.append((self.sent, len(views)))
        self.sent += len(views)
        self._write(_HEADER.pack(len(body)) + body)

    def _write(self, data: bytes) -> None:
        """Write a message, watched as :meth:`_frame` watches an answer: while the pipe is full
        (the process is busy with the messages before), its answers are read meanwhile (so
        neither side waits on the other) and it must move on from view to view."""
        assert self.requests is not None and self.answers is not None
        wfd, rfd = self.requests.fileno(), self.answers.fileno()
        view = memoryview(data)
        try:
            n = os.write(wfd, view)  # the usual case: the pipe takes it all at once
        except BlockingIOError:
            n = 0
        except BrokenPipeError:  # the process has ended
            raise self._gone() from None
        view = view[n:]
        progress = self.progress
        last = progress.value
        since = started = time.monotonic()
        bound = self._bound(sum(count for _, count in self.pending))
        self.hung = 0.0
        while view:
            readable, writable, _ = select.select([rfd], [wfd], [], WATCH_TICK)
            if readable:
                part = os.read(rfd, 1 << 20)
                if not part:
                    raise self._gone()
                self.buffer += part
            if writable:
                try:
                    view = view[os.write(wfd, view) :]
                except BlockingIOError:
                    pass
                except BrokenPipeError:
                    raise self._gone() from None
                continue
            now = time.monotonic()
            if progress.value != last:
                last, since = progress.value, now
            if now - since > self.hang_after or now > bound:
                self.hung = now - (since if now - since > self.hang_after else started)
                raise self._gone()

    def receive(self) -> list[str]:
        """The answer lines of the oldest message sent (one a view: a token, or ``!kind
        detail``); :class:`Broken` when the process ended or hung on the way."""
        assert self.pending and self.answers is not None
        _, count = self.pending[0]
        body = self._frame(None, count * (MAX_LINE + 1) + 64, self._bound(count))
        if body is None:
            raise self._gone()
        lines = body.decode("utf-8", "replace").split("\n")
        if len(lines) != count or max(map(len, lines)) > MAX_LINE:
            raise self._broken("died", "its answer could not be read")
        self.pending.popleft()
        return lines

    def _bound(self, views: int) -> float:
        """When ``views`` moves are over at the latest, each stopped by the process's own alarm
        within 1.25 limits (and then the usual grace): a process whose counter keeps moving
        (a thread of the player's could move it) is still stopped past that."""
        return time.monotonic() + views * (1.25 * self.limit_ms / 1000 + 0.05) + self.hang_after

    def _frame(self, deadline: float | None, limit: int, bound: float = math.inf) -> bytes | None:
        """One message from the process, watched: None when it ended, or hung (then
        ``self.hung`` says for how long: on one view past ``hang_after``, or the message past
        ``bound``), or sent more than ``limit`` bytes."""
        assert self.answers is not None and self.process is not None
        fd = self.answers.fileno()
        buffer = self.buffer  # what was read past the last message: the start of the next
        progress = self.progress
        last = progress.value
        since = started = time.monotonic()
        self.hung = 0.0
        while True:
            if len(buffer) >= _HEADER.size:
                size = _HEADER.unpack_from(buffer)[0]
                if size > limit:
                    return None
                end = _HEADER.size + size
                if len(buffer) >= end:
                    body = bytes(buffer[_HEADER.size : end])
                    del buffer[:end]
                    return body
            ready = select.select([fd], [], [], WATCH_TICK)[0]
            if ready:
                part = os.read(fd, 1 << 20)
                if not part:
                    return None
                buffer += part
                continue
            now = time.monotonic()
            seen = progress.value
            if seen != last:
                last, since = seen, now
            if deadline is not None:
                if now > deadline:
                    return None
            elif now - since > self.hang_after or now > bound:
                self.hung = now - (since if now - since > self.hang_after else started)
                return None

    def _gone(self) -> Broken:
        if self.hung:
            return self._broken("hung", f"{1000 * self.hung:.0f}")
        process = self.process
        code = None
        if process is not None:
            process.join(1.0)
            code = process.exitcode
        if code is None:
            return self._broken("died", "its answer could not be read")
        return self._broken("died", _ended(code))

    def _broken(self, kind: str, detail: str) -> Broken:
        """Which view the process was on; the process is stopped."""
        begun = self.progress.value if self.progress is not None else 0
        request, index = 0, 0
        for r, (base, count) in enumerate(self.pending):
            if base < begun <= base + count:
                request, index = r, begun - base - 1
        self.close()
        return Broken(request, index, kind, detail)


@contextlib.contextmanager
def _main_module_hidden() -> Iterator[None]:
    """While a player's process is started: spawn has a new process import the starting
    program's main module first (``main.py``, the ``golf`` script: the whole command line, a
    third of a second), for functions defined there; the player's process runs a function of
    this module and needs none of it, so the main module is not named meanwhile."""
    main = sys.modules.get("__main__")
    if main is None or getattr(sys, "frozen", False):  # a built program starts its own way
        yield
        return
    saved: dict[str, Any] = {
        k: main.__dict__[k] for k in ("__file__", "__spec__") if k in main.__dict__
    }
    main.__dict__.pop("__file__", None)
    main.__dict__["__spec__"] = None
    try:
        yield
    finally:
        main.__dict__.pop("__spec__", None)
        main.__dict__.update(saved)


_PR_GET_DUMPABLE: Final = 3
_PR_SET_DUMPABLE: Final = 4


@contextlib.contextmanager
def untraceable() -> Iterator[bool]:
    """While the arena holds deals and players run: on Linux the arena's process is made not
    "dumpable" (``prctl``), so that a process of the same user (a player's) cannot read its
    memory through ``/proc/PID/mem`` or trace it, even where Yama does not forbid it; what it
    was is set back after. Yields whether that was done (not on other systems, nor when the
    C library cannot be reached)."""
    prctl = None
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            prctl = ctypes.CDLL(None, use_errno=True).prctl
    before = prctl(_PR_GET_DUMPABLE, 0, 0, 0, 0) if prctl is not None else -1
    if prctl is None or before < 0 or prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0) != 0:
        yield False
        return
    try:
        yield True
    finally:
        prctl(_PR_SET_DUMPABLE, before, 0, 0, 0)


# --- six-card: a scripted seat ------------------------------------------------------------------


class SeatProcess:
    """A six-card entrant's player in its own process, called as a seat: one view a message;
    a fault (its own, or its process's) is raised as a :class:`PlayerFault`."""

    def __init__(self, spec: str, limit_ms: int) -> None:
        self.player = PlayerProcess(spec, limit_ms, "six-card")

    def __call__(self, turn: six_arena.SixPlayerView) -> object:
        player = self.player
        try:
            player.send([turn])
            (line,) = player.receive()
        except Broken as broken:
            raise PlayerFault(broken.kind, broken.detail) from None
        if line.startswith("!"):
            kind, _, detail = line[1:].partition(" ")
            if kind in ("raised", "slow", "illegal"):
                raise PlayerFault(kind, detail)
        return line  # a token, checked by the game against the legal actions as any answer
