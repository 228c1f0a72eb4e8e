"""The ``solve`` and ``survey`` subcommands: the exact solver from the command line.

:func:`register` adds them to a command line's subparsers; each parser sets ``run``
(``args -> exit status``), as ``golfcli.commands`` expects of its command modules.

``solve CODE`` prints the verdict, the winning line (or the line to the best result), the
states explored and the seconds; ``--json`` prints one object with the keys ``code``,
``rules``, ``winnable``, ``solution`` (action tokens), ``best_removed``, ``states`` and
``seconds``. ``survey --deals 0-999`` solves many deals on every core (``--jobs``) with a
progress bar on stderr (on a terminal only; redirected, one final line ``deals solved: N/N``),
and prints the win rate and the time per deal.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import re
import statistics
import sys
import time
from array import array
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Final

from golf.core.deal import MAX_DEAL, TABLEAU_SIZE
from golf.core.translations import LANGUAGES, decimal, grouped, text
from golf.solitaire import engine
from golf.solitaire.codes import format_code, variant_part
from golf.solitaire.rules import EASY, Rules
from golf.solitaire.solver import Solution, solve
from golfcli.language import say as said
from golfcli.language import spoken
from golfcli.options import (
    EXIT_FAILED,
    EXIT_OK,
    MAX_JOBS,
    add_rule_options,
    code_and_rules,
    positive,
    quoted,
    rules_from_args,
    within,
)
from golfcli.output import Progress

MAX_SURVEY: Final = 1_000_000
"""The most deals one ``survey`` solves: its figures are kept in memory until the end."""
SECONDS_PER_DEAL: Final = 0.013
"""A rough figure of the processor time to solve one deal (the mean over Easy deals 0-99,
``survey --deals 0-99 --jobs 1``: 1.3 s), for the estimate in the message of a range too big."""
_RANGE: Final = re.compile(r"([0-9]{1,20})(?:-([0-9]{1,20}))?")

EXIT_UNDECIDED: Final = EXIT_FAILED
"""``solve``: the state budget ran out before a verdict."""


def register(subparsers: argparse._SubParsersAction[Any], lang: str) -> None:
    """Add ``solve`` and ``survey``, their help in ``lang``."""

    def say(key: str, **fields: object) -> str:
        return text(lang, f"cli.help.{key}", **fields)

    parser = subparsers.add_parser("solve", help=say("solve"), description=say("solve.description"))
    parser.add_argument("code", metavar="CODE", help=say("describe.code"))
    parser.add_argument("--json", action="store_true", help=say("solve.json"))
    parser.add_argument("--max-states", type=positive, metavar="N", help=say("solve.max_states"))
    parser.add_argument("--lang", choices=LANGUAGES, default=lang, help=text(lang, "cli.help.lang"))
    add_rule_options(parser, lang)
    parser.set_defaults(run=run_solve)

    parser = subparsers.add_parser(
        "survey", help=say("survey"), description=say("survey.description")
    )
    parser.add_argument(
        "--deals",
        type=_deal_range,
        default=range(0, 100),
        metavar="A-B",
        help=say("survey.deals", most=grouped(MAX_SURVEY, lang)),
    )
    parser.add_argument(
        "--jobs",
        type=within(1, MAX_JOBS),
        default=min(os.cpu_count() or 1, MAX_JOBS),
        metavar="N",
        help=say("survey.jobs"),
    )
    parser.add_argument("--verdict-only", action="store_true", help=say("survey.verdict_only"))
    parser.add_argument("--max-states", type=positive, metavar="N", help=say("survey.max_states"))
    parser.add_argument("--json", action="store_true", help=say("survey.json"))
    parser.add_argument("--lang", choices=LANGUAGES, default=lang, help=text(lang, "cli.help.lang"))
    add_rule_options(parser, lang)
    parser.set_defaults(run=run_survey)


def _deal_range(text: str) -> range:
    """``0-999`` (both ends included) or a single deal number; at most :data:`MAX_SURVEY`
    deals. Its refusals are in the run's language (an option's type is given the text alone)."""
    match = _RANGE.fullmatch(text.strip(" \t"))
    if match is None:
        raise argparse.ArgumentTypeError(said("cli.survey.not_range", value=quoted(text)))
    a = int(match[1])
    b = int(match[2]) if match[2] is not None else a
    if not 0 <= a <= b < MAX_DEAL:
        raise argparse.ArgumentTypeError(
            said("cli.survey.out_of_range", value=quoted(text), last=MAX_DEAL - 1)
        )
    if b - a + 1 > MAX_SURVEY:
        lang = spoken()
        raise argparse.ArgumentTypeError(
            said(
                "cli.survey.too_many",
                value=quoted(text),
                deals=grouped(b - a + 1, lang),
                most=grouped(MAX_SURVEY, lang),
                ms=f"{SECONDS_PER_DEAL * 1000:.0f}",
                duration=_duration(MAX_SURVEY * SECONDS_PER_DEAL, lang),
            )
        )
    return range(a, b + 1)


def _duration(seconds: float, lang: str = "en") -> str:
    """A rough duration in ``lang``: ``3 hours``, ``2 days``."""
    hours = seconds / 3600
    if hours < 48:
        return text(lang, "cli.duration.hours", count=round(hours))
    return text(lang, "cli.duration.days", count=round(hours / 24))


# --- solve ---------------------------------------------------------------------------------------


def run_solve(args: argparse.Namespace) -> int:
    number, rules = code_and_rules(args.code, args)
    result = solve(engine.deal(number, rules), rules, max_states=args.max_states)
    tokens = [str(action) for action in result.line]
    if args.json:
        print(
            json.dumps(
                {
                    "code": format_code(number, rules),
                    "rules": rules.to_dict(),
                    "winnable": result.winnable,
                    "solution": tokens,
                    "best_removed": result.best_removed,
                    "states": result.states,
                    "seconds": round(result.seconds, 6),
                }
            )
        )
    else:
        _print_solved(format_code(number, rules), result, tokens, args.lang)
    return EXIT_OK if result.winnable is not None else EXIT_UNDECIDED


def _print_solved(code: str, result: Solution, tokens: list[str], lang: str) -> None:
    """The verdict, the line and the cost of a search, in ``lang``."""
    line = ", ".join(tokens)
    print(code)
    if result.winnable:
        print(text(lang, "cli.solve.winnable", count=len(tokens), line=line))
    else:
        verdict = "cli.solve.not_winnable" if result.winnable is False else "cli.solve.undecided"
        left = TABLEAU_SIZE - result.best_removed
        best = text(
            lang,
            "cli.solve.best",
            verdict=text(lang, verdict),
            removed=text(lang, "cli.solve.removed", count=result.best_removed),
            left=text(lang, "cli.solve.left", count=left),
        )
        if not result.exact:
            best += " " + text(lang, "cli.solve.unproven")
        print(best)
        print(text(lang, "cli.solve.line", count=len(tokens), line=line or "-"))
    seconds = decimal(f"{result.seconds:.3f}", lang)
    print(text(lang, "cli.solve.cost", states=result.states, seconds=seconds))


# --- survey --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DealResult:
    number: int
    winnable: bool | None
    best_removed: int
    exact: bool
    states: int
    cpu_seconds: float


def solve_deal(job: tuple[int, Rules, bool, int | None]) -> DealResult:
    """Solve one deal; the time is this process's processor time (fair on a busy machine)."""
    number, rules, best, max_states = job
    start = time.process_time()
    result = solve(engine.deal(number, rules), rules, best=best, max_states=max_states)
    return DealResult(
        number,
        result.winnable,
        result.best_removed,
        result.exact,
        result.states,
        time.process_time() - start,
    )


def survey(
    numbers: range, rules: Rules, *, jobs: int, best: bool, max_states: int | None
) -> Iterator[DealResult]:
    """Solve the deals on ``jobs`` processes; results come in deal order. The tasks are made
    as the workers take them, never all at once."""
    tasks = ((n, rules, best, max_states) for n in numbers)
    if jobs == 1:
        yield from map(solve_deal, tasks)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(solve_deal, tasks, chunksize=1)


def summary(results: Iterable[DealResult]) -> dict[str, Any]:
    """Decided and win rates, and the processor time per deal (milliseconds). The results
    are read as they come; only each deal's time is kept (8 bytes), for the median."""
    times = array("d")
    decided = won = states = lost = lost_removed = 0
    for r in results:
        times.append(r.cpu_seconds * 1000)
        decided += r.winnable is not None
        won += r.winnable is True
        states += r.states
        if r.winnable is False:
            lost += 1
            lost_removed += r.best_removed
    n = len(times)
    ordered = sorted(times)
    return {
        "deals": n,
        "decided_percent": 100 * decided / n if n else 0.0,
        "win_percent": 100 * won / n if n else 0.0,
        "median_ms": statistics.median(ordered) if n else 0.0,
        "p95_ms": ordered[min(n - 1, int(0.95 * n))] if n else 0.0,
        "max_ms": ordered[-1] if n else 0.0,
        "mean_states": states / n if n else 0.0,
        "best_removed_lost_mean": lost_removed / lost if lost else None,
    }


def _shown(results: Iterator[DealResult], progress: Progress, total: int) -> Iterator[DealResult]:
    """The results, the progress bar moved at each."""
    for done, result in enumerate(results, start=1):
        progress.show(done, total)
        yield result


def run_survey(args: argparse.Namespace) -> int:
    rules = rules_from_args(args, EASY)
    numbers: range = args.deals
    results = survey(
        numbers,
        rules,
        jobs=min(args.jobs, len(numbers)),
        best=not args.verdict_only,
        max_states=args.max_states,
    )
    lang: str = args.lang
    progress = Progress(sys.stderr, text(lang, "cli.survey.progress"), lang)
    report = summary(_shown(results, progress, len(numbers)))
    report["rules"] = rules.to_dict()
    report["first_deal"] = numbers.start
    report["last_deal"] = numbers.stop - 1
    if args.json:
        print(json.dumps(report))
        return EXIT_OK

    def num(value: float, digits: int = 1) -> str:
        return decimal(f"{value:.{digits}f}", lang)

    name = rules.preset_name() or text(lang, "cli.survey.variant", code=variant_part(rules))
    print(text(lang, "cli.survey.header", first=numbers.start, last=numbers.stop - 1, rules=name))
    decided, winnable = num(report["decided_percent"]), num(report["win_percent"])
    print(text(lang, "cli.survey.rates", decided=decided, winnable=winnable))
    print(
        text(
            lang,
            "cli.survey.times",
            median=num(report["median_ms"]),
            p95=num(report["p95_ms"]),
            max=num(report["max_ms"]),
            states=num(report["mean_states"], 0),
        )
    )
    return EXIT_OK
