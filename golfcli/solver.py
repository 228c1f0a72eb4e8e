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
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

from golf.core.deal import MAX_DEAL, TABLEAU_SIZE
from golf.solitaire import engine
from golf.solitaire.codes import format_code, variant_part
from golf.solitaire.rules import EASY, Rules
from golf.solitaire.solver import solve
from golfcli.options import (
    EXIT_FAILED,
    EXIT_OK,
    add_rule_options,
    code_and_rules,
    positive,
    rules_from_args,
)
from golfcli.output import Progress

EXIT_UNDECIDED: Final = EXIT_FAILED
"""``solve``: the state budget ran out before a verdict."""


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``solve`` and ``survey``."""
    parser = subparsers.add_parser(
        "solve",
        help="solve a deal exactly (the stock's order known)",
        description="Decide whether a deal can be won, with the winning line or the best result.",
    )
    parser.add_argument("code", metavar="CODE", help="a game code such as GO1-E-AAAAAAB")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--max-states",
        type=positive,
        metavar="N",
        help="give up after N states (the verdict is then undecided, exit status 1)",
    )
    add_rule_options(parser)
    parser.set_defaults(run=run_solve)

    parser = subparsers.add_parser(
        "survey",
        help="solve many deals and report the win rate and the time per deal",
        description="Solve a range of deals on every core and report the win rate and timing.",
    )
    parser.add_argument(
        "--deals",
        type=_deal_range,
        default=range(0, 100),
        metavar="A-B",
        help="deal numbers, e.g. 0-999 (default 0-99)",
    )
    parser.add_argument(
        "--jobs",
        type=positive,
        default=os.cpu_count() or 1,
        metavar="N",
        help="worker processes (default: one per core)",
    )
    parser.add_argument(
        "--verdict-only",
        action="store_true",
        help="only decide winnable or not (skip the best result of lost deals)",
    )
    parser.add_argument(
        "--max-states", type=positive, metavar="N", help="give up on a deal after N states"
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    add_rule_options(parser)
    parser.set_defaults(run=run_survey)


def _deal_range(text: str) -> range:
    """``0-999`` (both ends included) or a single deal number."""
    first, sep, last = text.strip().partition("-")
    try:
        a = int(first)
        b = int(last) if sep else a
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a range of deal numbers such as 0-999"
        ) from None
    if not 0 <= a <= b < MAX_DEAL:
        raise argparse.ArgumentTypeError(
            f"{text!r}: deal numbers go from 0 to {MAX_DEAL - 1}, first one first"
        )
    return range(a, b + 1)


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
        out = sys.stdout
        out.write(f"{format_code(number, rules)}\n")
        if result.winnable:
            out.write(f"winnable in {len(tokens)} actions: {', '.join(tokens)}\n")
        else:
            verdict = "not winnable" if result.winnable is False else "undecided (state budget)"
            proven = "" if result.exact else " (best found, not proven)"
            left = TABLEAU_SIZE - result.best_removed
            out.write(
                f"{verdict}; best result: {result.best_removed} cards removed, {left} left"
                f"{proven}\n"
            )
            out.write(f"line ({len(tokens)} actions): {', '.join(tokens) or '-'}\n")
        out.write(f"states: {result.states}; seconds: {result.seconds:.3f}\n")
    return EXIT_OK if result.winnable is not None else EXIT_UNDECIDED


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
    """Solve the deals on ``jobs`` processes; results come in deal order."""
    tasks = [(n, rules, best, max_states) for n in numbers]
    if jobs == 1:
        yield from map(solve_deal, tasks)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(solve_deal, tasks, chunksize=1)


def summary(results: list[DealResult]) -> dict[str, Any]:
    """Decided and win rates, and the processor time per deal (milliseconds)."""
    n = len(results)
    times = sorted(r.cpu_seconds * 1000 for r in results)
    decided = sum(r.winnable is not None for r in results)
    won = sum(r.winnable is True for r in results)
    lost = [r for r in results if r.winnable is False]
    return {
        "deals": n,
        "decided_percent": 100 * decided / n if n else 0.0,
        "win_percent": 100 * won / n if n else 0.0,
        "median_ms": statistics.median(times) if times else 0.0,
        "p95_ms": times[min(n - 1, int(0.95 * n))] if times else 0.0,
        "max_ms": times[-1] if times else 0.0,
        "mean_states": statistics.fmean(r.states for r in results) if results else 0.0,
        "best_removed_lost_mean": statistics.fmean(r.best_removed for r in lost) if lost else None,
    }


def run_survey(args: argparse.Namespace) -> int:
    rules = rules_from_args(args, EASY)
    numbers: range = args.deals
    results: list[DealResult] = []
    progress = Progress(sys.stderr, "deals solved")
    for result in survey(
        numbers,
        rules,
        jobs=min(args.jobs, len(numbers)),
        best=not args.verdict_only,
        max_states=args.max_states,
    ):
        results.append(result)
        progress.show(len(results), len(numbers))
    report = summary(results)
    report["rules"] = rules.to_dict()
    report["first_deal"] = numbers.start
    report["last_deal"] = numbers.stop - 1
    if args.json:
        print(json.dumps(report))
        return EXIT_OK
    name = rules.preset_name() or f"variant {variant_part(rules)}"
    print(f"deals {numbers.start}-{numbers.stop - 1}, rules: {name}")
    print(f"decided {report['decided_percent']:.1f} %; winnable {report['win_percent']:.1f} %")
    print(
        f"processor time per deal: median {report['median_ms']:.1f} ms, "
        f"p95 {report['p95_ms']:.1f} ms, max {report['max_ms']:.1f} ms; "
        f"mean states {report['mean_states']:.0f}"
    )
    return EXIT_OK
