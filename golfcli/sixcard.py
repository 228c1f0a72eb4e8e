"""The ``six-card`` subcommands: simulate (AI strength), record, verify, new-code, arena
(scripted seats against the computers, ``docs/scripting.md``).

``golfcli.commands`` (or any argparse program) calls :func:`register` with its subparsers; each
subcommand sets ``run`` (``args -> exit status``) as its default. Exit status: 0 all is well,
1 a replay failed, 2 bad input (one line on stderr).
"""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Final

from golf.core.arena import PlayerFault, mean_interval, wilson
from golf.core.deal import MAX_DEAL
from golf.core.translations import LANGUAGES, decimal, grouped, text
from golf.sixcard.ai import LEVELS, make_opponent
from golf.sixcard.arena import Seat, SixGame, seat_of
from golf.sixcard.arena import play_game as play_six_game
from golf.sixcard.codes import SixCodeError, format_code, parse_code
from golf.sixcard.game import new_game
from golf.sixcard.replay import SixReplay, save
from golf.sixcard.rules import MAX_PLAYERS, MIN_PLAYERS, SWITCHES, SixRules, new_rules
from golf.sixcard.simulate import play_game, survey
from golfcli.arena import (
    MAX_TITLE,
    SHOWN_FAULTS,
    Guard,
    Player,
    _player_spec,
    add_run_options,
    load_player,
    separate,
)
from golfcli.arena_process import SeatProcess, untraceable
from golfcli.language import say
from golfcli.options import (
    EXIT_BAD_INPUT,
    EXIT_FAILED,
    EXIT_OK,
    MAX_JOBS,
    ascii_whole,
    on_off,
    option_values,
    quoted,
    whole,
    within,
)
from golfcli.output import Progress, error_line, one_line
from golfcli.paths import folder, os_error_text, output_file, shown
from golfcli.verify import add_verify_options
from golfcli.verify import run_verify as verify_replays

# The option types' refusals are in the run's language (``golfcli.language.say``): argparse
# hands a type the text alone.


def _players(text: str) -> int:
    n = ascii_whole(text)
    if n is None or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            say("cli.six.players_range", value=quoted(text), low=MIN_PLAYERS, high=MAX_PLAYERS)
        )
    return n


def _levels(text: str) -> list[str]:
    levels = [t.strip().lower() for t in text.split(",") if t.strip()]
    for level in levels:
        if level not in LEVELS:
            raise argparse.ArgumentTypeError(
                say("cli.six.not_level", value=quoted(level), levels=", ".join(LEVELS))
            )
    if not levels:
        raise argparse.ArgumentTypeError(say("cli.six.no_level"))
    return levels


MAX_ARENA_DEALS: Final = 100_000
"""The most deals one ``six-card arena`` plays."""
MAX_ROUNDS: Final = 1_000_000
"""The most games one ``simulate`` plays (about an hour on one process)."""

RULE_FIELDS: Final = ("grid", "holes", *SWITCHES, "ties")
"""The six-card rule switches, by their attribute on the parsed arguments."""


def add_rule_options(parser: argparse.ArgumentParser, lang: str) -> None:
    """One option per switch of the six-card rules (the defaults are a new game's,
    ``golf.sixcard.rules.new_rules``: the standard game with the seed's cut and column pair),
    their help in ``lang``."""
    g = parser.add_argument_group(text(lang, "cli.help.six.group.rules"))
    g.add_argument("--grid", type=whole, choices=(2, 4, 6, 9), help=text(lang, "cli.help.six.grid"))
    g.add_argument("--holes", type=whole, choices=(9, 18), help=text(lang, "cli.help.six.holes"))
    g.add_argument("--peek", type=on_off, metavar="on|off", help=text(lang, "cli.help.six.peek"))
    g.add_argument("--knock", type=on_off, metavar="on|off", help=text(lang, "cli.help.six.knock"))
    g.add_argument(
        "--jokers", type=on_off, metavar="on|off", help=text(lang, "cli.help.six.jokers")
    )
    g.add_argument(
        "--jokers-cancel",
        type=on_off,
        metavar="on|off",
        help=text(lang, "cli.help.six.jokers_cancel"),
    )
    g.add_argument(
        "--double-deck", type=on_off, metavar="on|off", help=text(lang, "cli.help.six.double_deck")
    )
    g.add_argument(
        "--twos-negative",
        type=on_off,
        metavar="on|off",
        help=text(lang, "cli.help.six.twos_negative"),
    )
    g.add_argument(
        "--row-cancel", type=on_off, metavar="on|off", help=text(lang, "cli.help.six.row_cancel")
    )
    g.add_argument(
        "--pairs",
        type=on_off,
        metavar="on|off",
        help=text(lang, "cli.help.six.pairs"),
    )
    g.add_argument(
        "--cut",
        type=on_off,
        metavar="on|off",
        help=text(lang, "cli.help.six.cut"),
    )
    g.add_argument("--ties", choices=("playoff", "shared"), help=text(lang, "cli.help.six.ties"))


def rules_from_args(args: argparse.Namespace, base: SixRules | None = None) -> SixRules:
    """The rules the options ask for: ``base`` with each switch given, else a new game's rules
    (``new_rules``: the seed's cut and column pair unless an option turns them off)."""
    changes = option_values(args, RULE_FIELDS)
    if base is None:
        return new_rules(**changes)
    return base.with_(**changes) if changes else base


def _players_refused(rules: SixRules, players: int, lang: str = "en") -> str | None:
    """The refusal of a new game of ``players`` under ``rules`` (the seed's range of the grid,
    ``SixRules.seats_new``), or None when it seats them."""
    return None if rules.seats_new(players) else rules.players_refused(players, lang)


def _bad(message: str, lang: str = "en") -> int:
    """A refusal on stderr, one line in ``lang``; the usage error's status."""
    print(
        text(lang, "cli.error.line", prog="six-card", message=error_line(message)), file=sys.stderr
    )
    return EXIT_BAD_INPUT


def _levels_of(args: argparse.Namespace, players: int) -> list[str] | None:
    """The computers' levels, one a seat (one level given: every seat's), or None when the
    number given is neither one nor ``players``."""
    levels: list[str] = args.ai
    if len(levels) == 1:
        levels = levels * players
    return levels if len(levels) == players else None


def _levels_refused(args: argparse.Namespace, players: int) -> int:
    return _bad(
        text(args.lang, "cli.six.levels_for_players", levels=len(args.ai), players=players),
        args.lang,
    )


# --- simulate ------------------------------------------------------------------------------------


def run_simulate(args: argparse.Namespace) -> int:
    players: int = args.players
    lang: str = args.lang
    levels = _levels_of(args, players)
    if levels is None:
        return _levels_refused(args, players)
    rules = rules_from_args(args)
    if refused := _players_refused(rules, players, lang):
        return _bad(refused, lang)
    start = time.perf_counter()
    rows = survey(levels, rules, args.rounds, seed=args.seed, jobs=args.jobs)
    elapsed = time.perf_counter() - start
    code = format_code(0, players, rules)
    variant = (
        code.split("-", 3)[3] if code.count("-") == 3 else text(lang, "cli.six.simulate.standard")
    )
    print(
        text(
            lang,
            "cli.six.simulate.header",
            players=players,
            holes=rules.holes,
            rules=variant,
            games=text(lang, "cli.six.simulate.games", count=args.rounds),
            seed=args.seed,
        )
    )

    def num(value: float, digits: int = 1) -> str:
        return decimal(f"{value:.{digits}f}", lang)

    # the columns: each as wide as the English one's figures, or as its name in ``lang``
    names = [text(lang, f"cli.six.simulate.column.{c}") for c in _COLUMNS]
    widths = [max(width, len(name)) for width, name in zip(_WIDTHS, names, strict=True)]
    heads = [
        name.rjust(w) if c != "ai" else name.ljust(w)
        for c, name, w in zip(_COLUMNS, names, widths, strict=True)
    ]
    print("  ".join(heads))
    for row in rows:
        cells = (
            str(row.seat + 1).rjust(widths[0]),
            row.level.ljust(widths[1]),
            num(row.mean).rjust(widths[2]),
            num(row.std_error, 2).rjust(widths[3]),
            text(lang, "cli.six.simulate.rate", rate=num(100 * row.wins).rjust(widths[4])),
        )
        print("  ".join(cells))
    by_level: dict[str, list[float]] = {}
    for row in rows:
        by_level.setdefault(row.level, []).append(row.mean)
    if len(by_level) > 1:
        means = text(lang, "cli.six.simulate.separator").join(
            f"{level} {num(sum(v) / len(v))}" for level, v in by_level.items()
        )
        print(text(lang, "cli.six.simulate.by_level", means=means, holes=rules.holes))
    print(f"({num(elapsed)} s)", file=sys.stderr)
    return EXIT_OK


_COLUMNS: Final = ("seat", "ai", "mean", "error", "wins")
"""The columns of ``simulate``'s table, by the end of their key (``cli.six.simulate.column.``)."""
_WIDTHS: Final = (4, 6, 10, 9, 5)
"""The least width of each column (a win rate's ``%`` follows its column)."""


def _add_simulate(p: argparse.ArgumentParser, lang: str) -> None:
    p.add_argument("--players", type=_players, default=4, help=text(lang, "cli.help.six.players"))
    p.add_argument(
        "--ai",
        type=_levels,
        default=["hard", "easy", "easy", "easy"],
        metavar="LEVELS",
        help=text(lang, "cli.help.six.ai"),
    )
    p.add_argument(
        "--rounds",
        type=within(1, MAX_ROUNDS),
        default=100,
        help=text(lang, "cli.help.six.simulate.rounds", most=grouped(MAX_ROUNDS, lang)),
    )
    p.add_argument("--seed", type=whole, default=0, help=text(lang, "cli.help.six.simulate.seed"))
    p.add_argument(
        "--jobs", type=within(1, MAX_JOBS), default=1, help=text(lang, "cli.help.six.jobs")
    )
    p.add_argument("--lang", choices=LANGUAGES, default=lang, help=text(lang, "cli.help.lang"))
    add_rule_options(p, lang)
    p.set_defaults(run=run_simulate)


# --- record --------------------------------------------------------------------------------------


def run_record(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    lang: str = args.lang
    if args.code:
        try:
            code = parse_code(args.code)
        except SixCodeError as e:
            return _bad(e.text(lang), lang)
        number, players, rules = code.number, code.players, code.rules  # read as written
    else:
        players = args.players
        rules = rules_from_args(args)
        number = rng.randrange(MAX_DEAL)
        if refused := _players_refused(rules, players, lang):
            return _bad(refused, lang)
    levels = _levels_of(args, players)
    if levels is None:
        return _levels_refused(args, players)
    opponents = [make_opponent(level, rng.randrange(2**63)) for level in levels]
    start = new_game(number, players, rules)
    _final, log = play_game(start, opponents)
    replay = SixReplay.record(start, log, seats=levels)
    try:
        save(replay, args.out)
    except OSError as e:
        reason = e.strerror or e
        return _bad(text(lang, "cli.path.cannot_write", name=shown(args.out), reason=reason), lang)
    print(
        text(
            lang,
            "cli.six.record.done",
            code=start.code,
            actions=text(lang, "cli.six.record.actions", count=len(log)),
            totals=", ".join(f"{t}" for t in replay.result.totals),
            seats=", ".join(str(s + 1) for s in replay.result.winners),
            count=len(replay.result.winners),
        )
    )
    return EXIT_OK


def _add_record(p: argparse.ArgumentParser, lang: str) -> None:
    p.add_argument("out", metavar="FILE", type=output_file, help=text(lang, "cli.help.six.out"))
    p.add_argument("--code", help=text(lang, "cli.help.six.code"))
    p.add_argument("--players", type=_players, default=4, help=text(lang, "cli.help.six.players"))
    p.add_argument(
        "--ai",
        type=_levels,
        default=["hard"],
        metavar="LEVELS",
        help=text(lang, "cli.help.six.record.ai"),
    )
    p.add_argument("--seed", type=whole, default=0, help=text(lang, "cli.help.six.record.seed"))
    p.add_argument("--lang", choices=LANGUAGES, default=lang, help=text(lang, "cli.help.lang"))
    add_rule_options(p, lang)
    p.set_defaults(run=run_record)


# --- verify --------------------------------------------------------------------------------------


def run_verify(args: argparse.Namespace) -> int:
    """The main ``verify`` command, every file read as a six-card replay."""
    return verify_replays(args, six_card=True)


def _add_verify(p: argparse.ArgumentParser, lang: str) -> None:
    add_verify_options(p, lang, text(lang, "cli.help.six.verify.paths"))
    p.set_defaults(run=run_verify)


# --- new-code ------------------------------------------------------------------------------------


def run_new_code(args: argparse.Namespace) -> int:
    rules, players = rules_from_args(args), args.players
    if refused := _players_refused(rules, players, args.lang):  # older codes may name others
        return _bad(refused, args.lang)
    rng = random.Random(args.seed)
    print(format_code(rng.randrange(MAX_DEAL), players, rules))
    return EXIT_OK


def _add_new_code(p: argparse.ArgumentParser, lang: str) -> None:
    p.add_argument("--players", type=_players, default=4, help=text(lang, "cli.help.six.players"))
    p.add_argument("--seed", type=whole, help=text(lang, "cli.help.six.new_code.seed"))
    p.add_argument("--lang", choices=LANGUAGES, default=lang, help=text(lang, "cli.help.lang"))
    add_rule_options(p, lang)
    p.set_defaults(run=run_new_code)


# --- arena --------------------------------------------------------------------------------------


def _entrants(text_: str) -> list[str]:
    """``mod:fn,hard,easy,easy``: per entrant a computer's level or a scripted player."""
    names = [t.strip() for t in text_.split(",")]
    out = []
    for name in names:
        if name.lower() in LEVELS:
            out.append(name.lower())
        else:
            try:
                out.append(_player_spec(name))
            except argparse.ArgumentTypeError:
                raise argparse.ArgumentTypeError(
                    say("cli.six.not_entrant", value=quoted(name), levels=", ".join(LEVELS))
                ) from None
    if not MIN_PLAYERS <= len(out) <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            say("cli.six.entrants", value=quoted(text_), low=MIN_PLAYERS, high=MAX_PLAYERS)
        )
    return out


def _six_fault(error: BaseException) -> tuple[str, str] | None:
    return (error.kind, error.detail) if isinstance(error, PlayerFault) else None


def _six_game(
    guard: Guard,
    loaded: dict[str, Player],
    entrants: Sequence[str],
    number: int,
    index: int,
    rules: SixRules,
) -> SixGame:
    """Game ``index`` of the run: entrant ``e`` sits at seat ``seat_of(e, index, players)``."""
    players = len(entrants)
    seats: list[Seat | str] = [""] * players
    for e, name in enumerate(entrants):
        seats[seat_of(e, index, players)] = (
            name if name in LEVELS else functools.partial(guard.call, loaded[name])
        )
    return play_six_game(number, rules, seats, _six_fault)


@functools.cache
def _six_guard(limit_ms: int) -> Guard:
    return Guard(None, limit_ms).__enter__()


@functools.cache
def _six_player(spec: str) -> Player:
    return load_player(spec)


def _six_worker(task: tuple[tuple[str, ...], int, int, int, SixRules]) -> SixGame:
    entrants, limit_ms, number, index, rules = task
    loaded = {name: _six_player(name) for name in entrants if name not in LEVELS}
    return _six_game(_six_guard(limit_ms), loaded, entrants, number, index, rules)


def six_arena_games(
    entrants: Sequence[str],
    numbers: range,
    rules: SixRules,
    *,
    limit_ms: int,
    jobs: int,
    in_process: bool = False,
) -> Iterator[SixGame]:
    """Every game, in deal order; on ``jobs`` spawned processes when more than one. Each
    scripted entrant plays in a process of its own, shown only its seat's views
    (``golfcli/arena_process.py``); ``in_process``: the players are called here instead."""
    if in_process:
        yield from _six_in_process(entrants, numbers, rules, limit_ms, jobs)
        return
    if jobs <= 1:
        yield from _six_separated(tuple(entrants), numbers, 0, rules, limit_ms)
        return
    size = max(4, -(-len(numbers) // (4 * jobs)))
    tasks = [
        (tuple(entrants), numbers[i : i + size], i, rules, limit_ms)
        for i in range(0, len(numbers), size)
    ]
    # spawn, never fork; a job's workers are not daemons, so each may start its players'
    # processes; the pool ends with the block, on every path, the jobs not begun cancelled
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"))
    try:
        for games in pool.map(_six_job, tasks):
            yield from games
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _six_separated(
    entrants: tuple[str, ...], numbers: range, first: int, rules: SixRules, limit_ms: int
) -> Iterator[SixGame]:
    """The games of ``numbers`` (game ``first`` of the run the first), each scripted entrant
    in its own :class:`SeatProcess` for all of them."""
    players = len(entrants)
    processes: dict[int, SeatProcess] = {}
    with untraceable():
        try:
            for e, name in enumerate(entrants):
                if name not in LEVELS:
                    processes[e] = SeatProcess(name, limit_ms)
                    processes[e].player.start()  # one that cannot be loaded stops the run
            for index, number in enumerate(numbers, start=first):
                seats: list[Seat | str] = [""] * players
                for e, name in enumerate(entrants):
                    seats[seat_of(e, index, players)] = processes.get(e) or name
                yield play_six_game(number, rules, seats, _six_fault)
        finally:
            for process in processes.values():
                process.player.close()


def _six_job(task: tuple[tuple[str, ...], range, int, SixRules, int]) -> list[SixGame]:
    entrants, numbers, first, rules, limit_ms = task
    return list(_six_separated(entrants, numbers, first, rules, limit_ms))


def _six_in_process(
    entrants: Sequence[str], numbers: range, rules: SixRules, limit_ms: int, jobs: int
) -> Iterator[SixGame]:
    """``--in-process``: the players loaded and called in the arena's own processes."""
    loaded = {name: load_player(name) for name in entrants if name not in LEVELS}
    if jobs <= 1:
        with Guard(None, limit_ms) as guard:
            for index, number in enumerate(numbers):
                yield _six_game(guard, loaded, entrants, number, index, rules)
        return
    tasks = ((tuple(entrants), limit_ms, n, i, rules) for i, n in enumerate(numbers))
    # spawn, never fork; the pool ends with the block, on every path
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(_six_worker, tasks, chunksize=4)


def run_arena(args: argparse.Namespace) -> int:
    entrants: list[str] = args.players
    players, lang, limit_ms = len(entrants), args.lang, args.move_ms
    rules = rules_from_args(args)
    if refused := _players_refused(rules, players, lang):
        return _bad(refused, lang)
    numbers: range = args.deals
    if len(numbers) > MAX_ARENA_DEALS:
        return _bad(
            text(
                lang,
                "cli.arena.too_many_deals",
                count=grouped(len(numbers), lang),
                most=grouped(MAX_ARENA_DEALS, lang),
            ),
            lang,
        )
    games = six_arena_games(
        entrants,
        numbers,
        rules,
        limit_ms=limit_ms,
        jobs=min(args.jobs, len(numbers)),
        in_process=not separate(args.in_process, lang),
    )
    out: Path | None = args.record_losses
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            return _bad(os_error_text(e, out), lang)

    def record(index: int, game: SixGame) -> None:
        if out is not None:
            _record_loss(out, entrants, index, game, rules, lang)

    rows, faults = _arena_tally(entrants, games, rules, len(numbers), lang, record)
    if args.json:
        print(
            json.dumps(
                {
                    "rules": rules.to_dict(),
                    "players": players,
                    "first_deal": numbers.start,
                    "last_deal": numbers.stop - 1,
                    "move_ms": limit_ms,
                    "entrants": rows,
                    "faults": faults,
                }
            )
        )
        return EXIT_FAILED if faults else EXIT_OK

    _print_arena(rows, faults, numbers, players, limit_ms, lang)
    return EXIT_FAILED if faults else EXIT_OK


def _record_loss(
    out: Path, entrants: Sequence[str], index: int, game: SixGame, rules: SixRules, lang: str
) -> Path | None:
    """Write the replay of a game a scripted entrant (not a computer level) did not win; its
    path (None: every scripted entrant won, or none plays)."""
    players = len(entrants)
    losers = [
        name
        for e, name in enumerate(entrants)
        if name not in LEVELS and seat_of(e, index, players) not in game.winners
    ]
    if not losers:
        return None
    seats = [""] * players
    for e, name in enumerate(entrants):
        # a replay's seat name is at most 40 characters: a long path keeps its end (the function)
        seats[seat_of(e, index, players)] = name if len(name) <= 40 else "…" + name[-39:]
    start = new_game(game.number, players, rules)
    title = one_line(text(lang, "cli.arena.loss_title", player=", ".join(losers)))[:MAX_TITLE]
    replay = SixReplay.record(start, game.actions, seats=seats, title=title)
    path = out / f"{format_code(game.number, players, rules)}.yaml"
    save(replay, path)
    return path


def _arena_tally(
    entrants: list[str],
    games: Iterable[SixGame],
    rules: SixRules,
    count: int,
    lang: str,
    each: Callable[[int, SixGame], None] = lambda index, game: None,
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Each entrant's figures (its seat turned by one each game) and every fault, as the
    games come (``each`` is told of every game), with the progress shown."""
    players = len(entrants)
    totals_of: list[list[float]] = [[] for _ in entrants]
    wins_of = [0.0] * players
    faults: list[dict[str, Any]] = []
    progress = Progress(sys.stderr, text(lang, "cli.arena.progress"), lang)
    for index, game in enumerate(games):
        each(index, game)
        for e in range(players):
            seat = seat_of(e, index, players)
            totals_of[e].append(game.totals[seat])
            if seat in game.winners:
                wins_of[e] += 1 / len(game.winners)
        for fault in game.faults:
            e = next(e for e in range(players) if seat_of(e, index, players) == fault.seat)
            code = format_code(game.number, players, rules)
            faults.append(
                {
                    "deal": game.number,
                    "code": code,
                    "move": fault.move,
                    "seat": fault.seat + 1,
                    "player": entrants[e],
                    "kind": fault.kind,
                    "detail": fault.detail,
                }
            )
        progress.show(index + 1, count)
    rows: list[dict[str, Any]] = []
    for e, name in enumerate(entrants):
        mean, half = mean_interval(totals_of[e])
        n = len(totals_of[e])
        low, high = wilson(wins_of[e], n)  # a shared win counts as a part
        rows.append(
            {
                "place": e + 1,
                "name": name,
                "games": n,
                "mean_total": mean,
                "total_half_width": half,
                "wins": wins_of[e],
                "win_rate": wins_of[e] / n if n else 0.0,
                "win_low": low,
                "win_high": high,
                "faults": sum(1 for f in faults if f["player"] == name),
            }
        )
    return rows, faults


def _print_arena(
    rows: list[dict[str, Any]],
    faults: list[dict[str, Any]],
    numbers: range,
    players: int,
    limit_ms: int,
    lang: str,
) -> None:
    """The table of the entrants and the first faults, in the language asked."""

    def num(value: float) -> str:
        return decimal(f"{value:.1f}", lang)

    print(
        text(
            lang,
            "cli.six_arena.header",
            players=players,
            first=numbers.start,
            last=numbers.stop - 1,
            count=len(numbers),
            limit=limit_ms,
        )
    )
    for row in rows:
        print(
            "  "
            + text(
                lang,
                "cli.six_arena.row",
                place=row["place"],
                name=row["name"],
                total=num(row["mean_total"]),
                half=num(row["total_half_width"]),
                wins=num(row["wins"]),
                games=row["games"],
                rate=num(100 * row["win_rate"]),
                low=num(100 * row["win_low"]),
                high=num(100 * row["win_high"]),
                faults=row["faults"],
            )
        )
    print(text(lang, "cli.six_arena.note"))
    for f in faults[:SHOWN_FAULTS]:
        what = text(lang, f"cli.arena.fault.{f['kind']}", detail=f["detail"], limit=limit_ms)
        print(
            text(
                lang,
                "cli.six_arena.fault",
                deal=f["deal"],
                code=f["code"],
                move=f["move"],
                seat=f["seat"],
                name=f["player"],
                what=what,
            )
        )
    if len(faults) > SHOWN_FAULTS:
        print(text(lang, "cli.arena.more_faults", count=len(faults) - SHOWN_FAULTS))


def _add_arena(p: argparse.ArgumentParser, lang: str) -> None:
    p.add_argument(
        "--players",
        type=_entrants,
        required=True,
        metavar="LIST",
        help=text(lang, "cli.help.six.arena.players"),
    )
    add_run_options(p, MAX_ARENA_DEALS, lang)
    p.add_argument(
        "--record-losses",
        type=folder,
        metavar="DIR",
        help=text(lang, "cli.help.six.record_losses"),
    )
    p.add_argument("--json", action="store_true", help=text(lang, "cli.help.solve.json"))
    p.add_argument("--lang", choices=LANGUAGES, default=lang, help=text(lang, "cli.help.lang"))
    add_rule_options(p, lang)
    p.set_defaults(run=run_arena)


def register(subparsers: Any, lang: str) -> None:
    """Add ``six-card`` and its subcommands to an argparse ``add_subparsers()`` object, their
    help in ``lang``."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "six-card",
        help=text(lang, "cli.help.six-card"),
        description=text(lang, "cli.help.six-card.description"),
    )
    sub = parser.add_subparsers(dest="six_card_command", metavar="COMMAND", required=True)
    _add_simulate(
        sub.add_parser(
            "simulate",
            help=text(lang, "cli.help.six.simulate"),
            description=text(lang, "cli.help.six.simulate.description"),
        ),
        lang,
    )
    _add_record(sub.add_parser("record", help=text(lang, "cli.help.six.record")), lang)
    _add_verify(sub.add_parser("verify", help=text(lang, "cli.help.six.verify")), lang)
    _add_new_code(sub.add_parser("new-code", help=text(lang, "cli.help.six.new-code")), lang)
    _add_arena(
        sub.add_parser(
            "arena",
            help=text(lang, "cli.help.six.arena"),
            description=text(lang, "cli.help.six.arena.description"),
        ),
        lang,
    )
