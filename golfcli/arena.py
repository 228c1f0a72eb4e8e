"""The ``arena`` subcommand: a scripted player over many deals, beside the built-in hint player.

``arena --player MODULE:FUNCTION --deals 0-999`` plays the function on every deal (a module on
the path, or a file: ``docs/examples/greedy.py:choose``) and the built-in hint player
(:class:`golf.solitaire.arena.HintPlayer`) on the same deals, and prints for each the win rate
with its 95 % Wilson interval, the mean score and the mean moves with their 95 % normal
intervals, and every fault: a player that raised, took longer than ``--move-ms``, answered an
illegal action, or whose process ended or hung, with the deal and the move (that game ends
there, lost; the run goes on). A progress bar shows on a terminal, ``--record-losses DIR``
writes the player's lost games as replay files, ``--json`` prints one object. Exit status 0,
or 1 when the player faulted.

The player runs in a process of its own that never receives the deal
(``golfcli/arena_process.py``); this module is the referee (:func:`referee`): it keeps the
deals, plays ``--batch`` games at once and asks the player's process about those waiting on a
move in one message. ``--jobs N``: N spawned referees, each with its own player process.
``--in-process``: the player loaded and called here, under :class:`Guard`'s time limit (a
trusted player). ``--secret-deals N``: deals drawn at random from every deal number.
``docs/scripting.md`` is the player's guide.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import multiprocessing
import secrets
import sys
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from golf.core.deal import MAX_DEAL
from golf.core.messages import one_line
from golf.core.translations import LANGUAGES, decimal, grouped, text
from golf.solitaire import engine, replay
from golf.solitaire.arena import (
    DealGame,
    Figures,
    HintPlayer,
    Played,
    figures,
    play_deal,
    shown_answer,
)
from golf.solitaire.codes import format_code
from golf.solitaire.rules import EASY, Rules
from golf.solitaire.session import Game
from golf.solitaire.stats import rules_key
from golfcli.arena_process import (
    OVER,
    SEPARATE,
    TOKENS,
    Broken,
    Guard,
    Player,
    PlayerProcess,
    load_player,
    untraceable,
)
from golfcli.options import (
    EXIT_FAILED,
    EXIT_OK,
    MAX_JOBS,
    UsageError,
    add_rule_options,
    quoted,
    rules_from_args,
    whole,
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

BATCH: Final = 256
"""The games one player process is asked about at once by default (``--batch``): a message
between processes costs far more than an action of the engine."""
FAULT_LINE_KINDS: Final = ("raised", "slow", "illegal")
"""The faults a player process may say its player made (``died`` and ``hung`` are the
referee's own findings)."""

__all__ = ["Guard", "Player", "load_player", "separate"]  # six-card's arena takes them from here


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


def add_run_options(parser: argparse.ArgumentParser, max_deals: int, lang: str) -> None:
    """``--deals``, ``--jobs`` and ``--move-ms``: what both games' arenas ask alike, their help
    in ``lang``."""

    def say(key: str, **fields: object) -> str:
        return text(lang, f"cli.help.arena.{key}", **fields)

    parser.add_argument(
        "--deals",
        type=_deal_range,
        default=range(0, 100),
        metavar="A-B",
        help=say("deals", most=grouped(max_deals, lang)),
    )
    parser.add_argument(
        "--jobs", type=within(1, MAX_JOBS), default=1, metavar="N", help=say("jobs")
    )
    parser.add_argument(
        "--move-ms",
        type=within(1, 600_000),
        default=DEFAULT_MOVE_MS,
        metavar="MS",
        help=say("move_ms", ms=DEFAULT_MOVE_MS),
    )
    parser.add_argument("--in-process", action="store_true", help=say("in_process"))


def register(subparsers: argparse._SubParsersAction[Any], lang: str) -> None:
    """Add ``arena``, its help in ``lang``."""

    def say(key: str, **fields: object) -> str:
        return text(lang, f"cli.help.arena{key}", **fields)

    parser = subparsers.add_parser("arena", help=say(""), description=say(".description"))
    parser.add_argument(
        "--player",
        type=_player_spec,
        required=True,
        metavar="MODULE:FUNCTION",
        help=say(".player"),
    )
    add_run_options(parser, MAX_DEALS, lang)
    parser.set_defaults(deals=None)  # --deals 0-99 unless --secret-deals
    parser.add_argument(
        "--secret-deals", type=within(1, MAX_DEALS), metavar="N", help=say(".secret_deals")
    )
    parser.add_argument("--secret-seed", type=whole, metavar="S", help=say(".secret_seed"))
    parser.add_argument(
        "--batch",
        type=within(1, 1024),
        default=BATCH,
        metavar="N",
        help=say(".batch", batch=BATCH),
    )
    parser.add_argument("--record-losses", type=folder, metavar="DIR", help=say(".record_losses"))
    parser.add_argument("--no-hint", action="store_true", help=say(".no_hint"))
    parser.add_argument("--json", action="store_true", help=text(lang, "cli.help.solve.json"))
    parser.add_argument("--lang", choices=LANGUAGES, default=lang, help=text(lang, "cli.help.lang"))
    add_rule_options(parser, lang)
    parser.set_defaults(run=run_arena)


# --- playing the deals -------------------------------------------------------------------------


@dataclass(frozen=True)
class DealResult:
    """One deal: the scripted player's game, and the hint player's (None when left out)."""

    number: int
    player: Played
    hint: Played | None


def separate(in_process: bool, lang: str) -> bool:
    """Whether the players run in processes of their own: unless ``--in-process`` was asked,
    or the system cannot (:data:`SEPARATE`: then a note on stderr says so)."""
    if in_process:
        return False
    if not SEPARATE:
        print(text(lang, "cli.arena.one_process"), file=sys.stderr)
        return False
    return True


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


def _in_process(
    spec: str, numbers: Sequence[int], rules: Rules, limit_ms: int, hint: bool, jobs: int
) -> Iterator[DealResult]:
    """``--in-process``: the player loaded and called in the arena's own processes."""
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


def referee(
    spec: str, numbers: Sequence[int], rules: Rules, *, limit_ms: int, hint: bool, batch: int
) -> Iterator[DealResult]:
    """Every deal's result, in deal order, the player in a process of its own
    (:class:`PlayerProcess`) that is asked about ``batch`` games at once: two groups of
    games, one played on here while the player answers the other."""
    player = PlayerProcess(spec, limit_ms, "solitaire", rules)
    with untraceable():
        player.launch()  # the first games are dealt while the process starts
        try:
            run = _Run(numbers, rules, batch, hint)
            player.loaded()  # a player that cannot be loaded stops the run before any result
            yield from _referee(player, run)
        finally:
            player.close()


Asked = tuple[list[DealGame], list[tuple[Any, ...]]]
"""A message to the player's process: its games and their views as sent."""


class _Run:
    """The referee's books: the run's deals, the game at each table, the results waiting for
    their turn in the run, and the messages sent and to send."""

    def __init__(self, numbers: Iterable[int], rules: Rules, batch: int, hint: bool) -> None:
        self.deals = iter(enumerate(numbers))
        self.rules, self.hint = rules, hint
        self.place = [0] * batch  # the place in the run of each table's game
        self.done: dict[int, Played] = {}  # results waiting for their turn in the run
        self.shown = 0
        self.asked: deque[Asked] = deque()  # sent, not answered yet, oldest first
        self.to_send: deque[Asked] = deque()
        half = max(1, batch // 2)
        for tables in (range(0, half), range(half, batch)):  # two groups: one played on here
            games = [g for g in map(self.fresh, tables) if g is not None]  # while the other
            if games:  # is asked
                self.to_send.append((games, [game.wire() for game in games]))

    def fresh(self, table: int) -> DealGame | None:
        """The next deal of the run, at ``table``."""
        for at, number in self.deals:
            game = DealGame(number, self.rules, table)
            if game.legal:
                self.place[table] = at
                return game
            self.done[at] = game.played()
        return None

    def finish(self, game: DealGame) -> DealGame | None:
        """``game`` is over: its result, and the next deal at its table."""
        self.done[self.place[game.table]] = game.played()
        return self.fresh(game.table)

    def broke(self, broken: Broken) -> None:
        """The process broke on a view: that game ends in the fault; every other game of the
        messages not answered is asked again, of a new process."""
        groups = [*self.asked, *self.to_send]  # every view again whole: the new process
        self.asked.clear()  # knows none
        self.to_send.clear()
        if broken.request < len(groups) and broken.index < len(groups[broken.request][0]):
            groups[broken.request][0][broken.index].fail(broken.kind, broken.detail)
        for games, _ in groups:
            again = [g for g in (g if g.legal else self.finish(g) for g in games) if g is not None]
            if again:
                self.to_send.append((again, [game.wire() for game in again]))

    def results(self) -> Iterator[DealResult]:
        """The results that are next in the run's order, the hint player's beside them."""
        done, rules = self.done, self.rules
        while self.shown in done:
            played = done.pop(self.shown)
            theirs = play_deal(played.number, rules, HintPlayer()) if self.hint else None
            yield DealResult(played.number, played, theirs)
            self.shown += 1


def _referee(player: PlayerProcess, run: _Run) -> Iterator[DealResult]:
    rules = run.rules
    asked, to_send, finish = run.asked, run.to_send, run.finish
    tokens, apply, legal_actions = TOKENS, engine.apply, engine.legal_actions
    draw = tokens["draw"]
    while to_send or asked:
        while to_send:
            message = to_send.popleft()
            asked.append(message)
            try:
                player.send(message[1])
            except Broken as broken:
                run.broke(broken)
        yield from run.results()
        if not asked:
            continue
        try:
            lines = player.receive()
        except Broken as broken:
            run.broke(broken)
            continue
        games = asked.popleft()[0]
        going: list[DealGame] = []
        wires: list[tuple[Any, ...]] = []
        for game, line in zip(games, lines, strict=True):
            action = tokens.get(line)
            if action is not None:
                try:  # the engine refuses any action the rules do not allow
                    position = apply(game.position, action, rules)
                except engine.Refused:
                    game.fail("illegal", shown_answer(line))
                else:
                    game.position = position
                    game.actions.append(action)
                    going.append(game)
                    # what changed: the play it answered was taken, or the card its draw
                    # turned up (golfcli.arena_process.Tables)
                    wires.append((game.table, position[1][-1]) if action is draw else (game.table,))
                    continue
            elif line == OVER:  # the process saw no legal action: so it is, or it lied
                game.legal = legal_actions(game.position, rules)
                if game.legal:
                    game.fail("illegal", shown_answer(line))
            elif line[:1] == "!" and (fault := line[1:].partition(" "))[0] in FAULT_LINE_KINDS:
                game.fail(fault[0], fault[2])
            else:  # the process answers legal actions by their tokens: anything else is not
                game.fail("illegal", shown_answer(line))
            following = finish(game)
            if following is not None:
                going.append(following)
                wires.append(following.wire())
        if going:
            to_send.append((going, wires))
    yield from run.results()


def _referee_job(task: tuple[str, Sequence[int], Rules, int, bool, int]) -> list[DealResult]:
    spec, numbers, rules, limit_ms, hint, batch = task
    return list(referee(spec, numbers, rules, limit_ms=limit_ms, hint=hint, batch=batch))


def play_deals(
    spec: str,
    numbers: Sequence[int],
    rules: Rules,
    *,
    limit_ms: int,
    hint: bool,
    jobs: int,
    in_process: bool = False,
    batch: int = BATCH,
) -> Iterator[DealResult]:
    """Every deal's result, in deal order. The player runs in a process of its own
    (:func:`referee`); with ``jobs`` over 1, each of ``jobs`` spawned processes is a referee
    with its own player process, for a share of the deals at a time. ``in_process``: the
    player is loaded and called here (and in each job), as a trusted player."""
    if in_process:
        yield from _in_process(spec, numbers, rules, limit_ms, hint, jobs)
        return
    if jobs <= 1:
        yield from referee(spec, numbers, rules, limit_ms=limit_ms, hint=hint, batch=batch)
        return
    # each job's share of the deals in pieces: eight a job with the hint player (which takes
    # most of the time: the progress moves on), else two (each piece starts a player process)
    share = -(-len(numbers) // ((8 if hint else 2) * jobs))
    size = max(1, min(share, batch) if hint else share)
    tasks = [
        (spec, numbers[i : i + size], rules, limit_ms, hint, batch)
        for i in range(0, len(numbers), size)
    ]
    # spawn, never fork; a job's workers are not daemons, so each may start its player
    # process; the pool ends with the block, on every path, the jobs not begun cancelled
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"))
    try:
        with untraceable():  # this process holds the deal numbers (a secret seed's too)
            for results in pool.map(_referee_job, tasks):
                yield from results
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


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


def secret_deals(seed: int, count: int) -> list[int]:
    """``count`` deal numbers drawn from all of them by ``seed``: each its own hash of the seed
    and its place (BLAKE2b), so neither the seed nor another deal follows from some of them (a
    replay written during the run names its deal)."""
    out = []
    for i in range(count):
        digest = hashlib.blake2b(f"golf arena {seed} {i}".encode(), digest_size=8).digest()
        out.append(int.from_bytes(digest, "big") % MAX_DEAL)
    return out


def _deal_numbers(args: argparse.Namespace) -> tuple[Sequence[int], int | None]:
    """The deals of the run, and the secret seed they were drawn from (None: named deals)."""
    lang = args.lang
    seed: int | None = None
    numbers: Sequence[int]
    if args.secret_deals is not None:
        if args.deals is not None:
            raise UsageError(text(lang, "cli.arena.deals_or_secret"))
        seed = secrets.randbits(64) if args.secret_seed is None else args.secret_seed
        numbers = secret_deals(seed, args.secret_deals)
    elif args.secret_seed is not None:
        raise UsageError(text(lang, "cli.arena.seed_needs_secret"))
    else:
        numbers = args.deals if args.deals is not None else range(0, 100)
    if len(numbers) > MAX_DEALS:
        raise UsageError(
            text(
                lang,
                "cli.arena.too_many_deals",
                count=grouped(len(numbers), lang),
                most=grouped(MAX_DEALS, lang),
            )
        )
    return numbers, seed


def _json_report(
    args: argparse.Namespace,
    rules: Rules,
    numbers: Sequence[int],
    seed: int | None,
    figures_of: tuple[Figures, Figures | None],
    faulted: Sequence[Played],
    recorded: Sequence[str],
) -> str:
    ours, theirs = figures_of
    hint_name = text(args.lang, "cli.arena.hint_name")
    report = {
        "rules": rules.to_dict(),
        "first_deal": numbers[0] if seed is None else None,
        "last_deal": numbers[-1] if seed is None else None,
        "secret_seed": seed,
        "move_ms": args.move_ms,
        "player": _figures_data(args.player, ours),
        "hint": _figures_data(hint_name, theirs) if theirs is not None else None,
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
        "recorded": list(recorded),
    }
    return json.dumps(report)


def run_arena(args: argparse.Namespace) -> int:
    rules = rules_from_args(args, EASY)
    numbers, seed = _deal_numbers(args)
    lang, spec, limit_ms, hint = args.lang, args.player, args.move_ms, not args.no_hint
    out: Path | None = args.record_losses
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise UsageError(os_error_text(e, out)) from None
    progress = Progress(sys.stderr, text(lang, "cli.arena.progress"), lang)
    mine: list[Played] = []
    theirs: list[Played] = []
    faulted: list[Played] = []
    recorded: list[str] = []
    results = play_deals(
        spec,
        numbers,
        rules,
        limit_ms=limit_ms,
        hint=hint,
        jobs=min(args.jobs, len(numbers)),
        in_process=not separate(args.in_process, lang),
        batch=args.batch,
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
        both = (ours, figures(theirs) if hint else None)
        print(_json_report(args, rules, numbers, seed, both, faulted, recorded))
        return EXIT_FAILED if faulted else EXIT_OK
    print(
        text(
            lang,
            "cli.arena.header" if seed is None else "cli.arena.header_secret",
            rules=rule_set_name(rules_key(rules), lang),
            first=numbers[0],
            last=numbers[-1],
            count=len(numbers),
            limit=limit_ms,
            seed=seed,
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
