"""The ``arena`` subcommand: a scripted player over many deals, beside the built-in hint player.

``arena --player MODULE:FUNCTION --deals 0-999`` plays the function on every deal (a module on
the path, or a file: ``docs/examples/greedy.py:choose``) and the built-in hint player
(:class:`golf.solitaire.arena.HintPlayer`) on the same deals, and prints for each the win rate
with its 95 % Wilson interval, the mean score and the mean moves with their 95 % normal
intervals, and every fault: a player that raised, took longer than ``--move-ms`` or answered
an illegal action, with the deal and the move (that game ends there, lost; the run goes on).
``--jobs N`` plays on N processes (spawned; each loads the player itself), a progress bar
shows on a terminal, ``--record-losses DIR`` writes the player's lost games as replay files,
``--json`` prints one object. Exit status 0, or 1 when the player faulted.

The time limit is this module's, not the engine's (``golf/`` reads no clock): where the
system has ``setitimer`` (Linux, macOS; the player is called on the main thread) an alarm
interrupts a move that runs past the limit, and every move is also timed after it returns,
so a move stuck in code an alarm cannot interrupt is still reported (once it returns).
``docs/scripting.md`` is the player's guide.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import importlib.util
import json
import multiprocessing
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from types import FrameType, ModuleType, TracebackType
from typing import Any, Final

from golf.core.arena import PlayerFault
from golf.core.messages import one_line
from golf.core.translations import LANGUAGES, decimal, text
from golf.solitaire import replay
from golf.solitaire.arena import (
    Figures,
    HintPlayer,
    Played,
    PlayerView,
    figures,
    play_deal,
)
from golf.solitaire.codes import format_code
from golf.solitaire.rules import EASY, Rules
from golf.solitaire.session import Game
from golf.solitaire.stats import rules_key
from golfcli.options import (
    EXIT_FAILED,
    EXIT_OK,
    MAX_JOBS,
    UsageError,
    add_rule_options,
    quoted,
    rules_from_args,
    within,
)
from golfcli.output import Progress
from golfcli.paths import folder, os_error_text
from golfcli.solver import _deal_range
from golfcli.stats import rule_set_name

MAX_DEALS: Final = 100_000
"""The most deals one run plays (each game's figures are kept until the end)."""
DEFAULT_MOVE_MS: Final = 1000
SHOWN_FAULTS: Final = 20
"""Faults listed one by one; the others are counted."""
MAX_TITLE: Final = 200

Player = Callable[[Any], object]
"""A scripted player: a view in (solitaire's ``PlayerView``, six-card's ``SixPlayerView``), an
action out."""


def _player_spec(text_: str) -> str:
    """``module:function`` or ``file.py:function``, in printable ASCII."""
    t = text_.strip()
    module, _, name = t.rpartition(":")
    if (
        not module
        or not name.isidentifier()
        or not t.isascii()
        or not t.isprintable()
        or len(t) > 300
    ):
        raise argparse.ArgumentTypeError(
            f"{quoted(text_)} is not a player (expected module:function or file.py:function)"
        )
    return t


def add_run_options(parser: argparse.ArgumentParser, max_deals: int) -> None:
    """``--deals``, ``--jobs`` and ``--move-ms``: what both games' arenas ask alike."""
    parser.add_argument(
        "--deals",
        type=_deal_range,
        default=range(0, 100),
        metavar="A-B",
        help=f"deal numbers, e.g. 0-999 (default 0-99; at most {max_deals:,} deals)",
    )
    parser.add_argument(
        "--jobs", type=within(1, MAX_JOBS), default=1, metavar="N", help="processes (default 1)"
    )
    parser.add_argument(
        "--move-ms",
        type=within(1, 600_000),
        default=DEFAULT_MOVE_MS,
        metavar="MS",
        help=f"the time limit of one move, in milliseconds (default {DEFAULT_MOVE_MS})",
    )


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``arena``."""
    parser = subparsers.add_parser(
        "arena",
        help="play a Python function over many deals, beside the built-in hint player",
        description=(
            "Play a scripted player (a Python function given a view of the table without the "
            "stock's cards) over many deals, and the built-in hint player on the same deals: "
            "win rates with their 95 % intervals, mean scores and moves, faults."
        ),
    )
    parser.add_argument(
        "--player",
        type=_player_spec,
        required=True,
        metavar="MODULE:FUNCTION",
        help="the player: a function of a module on the path, or of a file (path/to/file.py:name)",
    )
    add_run_options(parser, MAX_DEALS)
    parser.add_argument(
        "--record-losses",
        type=folder,
        metavar="DIR",
        help="write the player's lost games to this folder as replay files",
    )
    parser.add_argument("--no-hint", action="store_true", help="leave the built-in hint player out")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the text")
    add_rule_options(parser)
    parser.set_defaults(run=run_arena)


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
        raise UsageError(f"--player {spec}: cannot load {where} ({_error(e)})") from None
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


def _error(e: BaseException) -> str:
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

    def __call__(self, view: PlayerView) -> object:
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
            raise PlayerFault("raised", _error(e)) from None
        took = clock() - start
        if took > self.limit:
            raise PlayerFault("slow", f"{1000 * took:.0f}")
        return answer


# --- playing the deals -------------------------------------------------------------------------


@dataclass(frozen=True)
class DealResult:
    """One deal: the scripted player's game, and the hint player's (None when left out)."""

    number: int
    player: Played
    hint: Played | None


def play_pair(guard: Guard, number: int, rules: Rules, hint: bool) -> DealResult:
    mine = play_deal(number, rules, guard)
    theirs = play_deal(number, rules, HintPlayer()) if hint else None
    return DealResult(number, mine, theirs)


@functools.cache
def _worker_guard(spec: str, limit_ms: int) -> Guard:
    """The player of this worker process, loaded once, its alarm installed for good."""
    return Guard(load_player(spec), limit_ms).__enter__()


def _worker(task: tuple[str, int, int, Rules, bool]) -> DealResult:
    spec, limit_ms, number, rules, hint = task
    return play_pair(_worker_guard(spec, limit_ms), number, rules, hint)


def play_deals(
    spec: str, numbers: range, rules: Rules, *, limit_ms: int, hint: bool, jobs: int
) -> Iterator[DealResult]:
    """Every deal's result, in deal order; on ``jobs`` spawned processes when more than one.
    The player is loaded here first, so a player that cannot be loaded stops the run at once."""
    player = load_player(spec)
    if jobs <= 1:
        with Guard(player, limit_ms) as guard:
            for number in numbers:
                yield play_pair(guard, number, rules, hint)
        return
    tasks = ((spec, limit_ms, n, rules, hint) for n in numbers)
    # spawn, never fork (a copy of a process with threads can deadlock); the pool ends with
    # the block, on every path
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(_worker, tasks, chunksize=4 if hint else 64)


# --- the report ------------------------------------------------------------------------------


def _figures_data(name: str, f: Figures) -> dict[str, Any]:
    return {
        "name": name,
        "games": f.games,
        "wins": f.wins,
        "win_rate": f.rate,
        "win_low": f.low,
        "win_high": f.high,
        "mean_score": f.score,
        "score_half_width": f.score_half,
        "mean_moves": f.moves,
        "moves_half_width": f.moves_half,
        "faults": f.faults,
    }


def _row(lang: str, name: str, f: Figures) -> str:
    def num(value: float, digits: int = 1) -> str:
        return decimal(f"{value:.{digits}f}", lang)

    return text(
        lang,
        "cli.arena.row",
        name=name,
        wins=f.wins,
        games=f.games,
        rate=num(100 * f.rate),
        low=num(100 * f.low),
        high=num(100 * f.high),
        score=num(f.score),
        score_half=num(f.score_half),
        moves=num(f.moves),
        moves_half=num(f.moves_half),
        faults=f.faults,
    )


def _fault_text(lang: str, played: Played, rules: Rules, limit_ms: int) -> str:
    fault = played.fault
    assert fault is not None
    what = text(lang, f"cli.arena.fault.{fault.kind}", detail=fault.detail, limit=limit_ms)
    code = format_code(played.number, rules)
    return text(lang, "cli.arena.fault", deal=played.number, code=code, move=fault.move, what=what)


def _record(out: Path, played: Played, rules: Rules, spec: str, lang: str, limit_ms: int) -> Path:
    """Write the replay of a lost game; its path."""
    code = format_code(played.number, rules)
    game = Game.new(played.number, rules)
    for action in played.actions:
        game.apply(action)
    title = text(lang, "cli.arena.loss_title", player=spec)
    if played.fault is not None:
        title += " - " + _fault_text(lang, played, rules, limit_ms)
    title = "".join(c for c in one_line(title) if c.isprintable())
    if len(title) > MAX_TITLE:
        title = title[: MAX_TITLE - 3] + "..."
    path = out / f"{code}.yaml"
    replay.save(replay.Replay.from_game(game, title=title), path)
    return path


def run_arena(args: argparse.Namespace) -> int:
    rules = rules_from_args(args, EASY)
    numbers: range = args.deals
    if len(numbers) > MAX_DEALS:
        raise UsageError(f"--deals: {len(numbers):,} deals, more than the {MAX_DEALS:,} of one run")
    lang, spec, limit_ms, hint = args.lang, args.player, args.move_ms, not args.no_hint
    out: Path | None = args.record_losses
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise UsageError(os_error_text(e, out)) from None
    progress = Progress(sys.stderr, text(lang, "cli.arena.progress"))
    mine: list[Played] = []
    theirs: list[Played] = []
    faulted: list[Played] = []
    recorded: list[str] = []
    results = play_deals(
        spec, numbers, rules, limit_ms=limit_ms, hint=hint, jobs=min(args.jobs, len(numbers))
    )
    for done, result in enumerate(results, start=1):
        played = result.player
        if not played.won and out is not None:
            recorded.append(str(_record(out, played, rules, spec, lang, limit_ms)))
        kept = replace(played, actions=())  # the moves are recorded already; figures need none
        mine.append(kept)
        if played.fault is not None:
            faulted.append(kept)
        if result.hint is not None:
            theirs.append(replace(result.hint, actions=()))
        progress.show(done, len(numbers))
    ours = figures(mine)
    hint_name = text(lang, "cli.arena.hint_name")
    if args.json:
        report = {
            "rules": rules.to_dict(),
            "first_deal": numbers.start,
            "last_deal": numbers.stop - 1,
            "move_ms": limit_ms,
            "player": _figures_data(spec, ours),
            "hint": _figures_data(hint_name, figures(theirs)) if hint else None,
            "faults": [
                {
                    "deal": p.number,
                    "code": format_code(p.number, rules),
                    "move": p.fault.move,
                    "kind": p.fault.kind,
                    "detail": p.fault.detail,
                }
                for p in faulted
                if p.fault is not None
            ],
            "recorded": recorded,
        }
        print(json.dumps(report))
        return EXIT_FAILED if faulted else EXIT_OK
    print(
        text(
            lang,
            "cli.arena.header",
            rules=rule_set_name(rules_key(rules), lang),
            first=numbers.start,
            last=numbers.stop - 1,
            count=len(numbers),
            limit=limit_ms,
        )
    )
    print("  " + _row(lang, spec, ours))
    if hint:
        print("  " + _row(lang, hint_name, figures(theirs)))
    print(text(lang, "cli.arena.note"))
    for played in faulted[:SHOWN_FAULTS]:
        print(_fault_text(lang, played, rules, limit_ms))
    if len(faulted) > SHOWN_FAULTS:
        print(text(lang, "cli.arena.more_faults", count=len(faulted) - SHOWN_FAULTS))
    if out is not None:
        print(text(lang, "cli.arena.recorded", count=len(recorded), folder=str(out)))
    return EXIT_FAILED if faulted else EXIT_OK
