"""Solver speed: deals 0-999 solved exactly under Easy, Classic and nothing-on-a-King.

Run: ``python bench/solver.py [--deals A-B] [--rules easy,classic,nok] [--verdict-only]``.
Prints, per rule set, the share of deals decided, the share winnable (with the figure from the
literature), the time per deal (median, 95th percentile, worst), the states explored and the
peak memory. It is not a timed test. One process, one core.

A deal is "solved" when the solver has said winnable (with a winning line) or unwinnable (with
its best result, proven, unless ``--verdict-only``). Times are processor time of this process
(``time.process_time``): on a busy shared machine wall-clock figures would mostly measure the
other programs.

Targets on the project's 2-core machine: 100 % decided, median <= 20 ms, worst <= 1 s,
peak memory <= 300 MB.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from golf import engine
from golf.rules import CLASSIC, EASY, Rules
from golf.solver import solve

RULE_SETS = {
    "easy": ("Easy", EASY, 93),
    "classic": ("Classic", CLASSIC, 45),
    "nok": (
        "nothing on a King, draw any time",
        Rules(king_ace=False, queen_on_king=False, draw_any_time=True),
        26,
    ),
}


def deal_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bench(name: str, rules: Rules, literature: int, deals: range, best: bool) -> None:
    times: list[float] = []
    states: list[int] = []
    decided = won = 0
    slowest = (0.0, -1)
    for number in deals:
        position = engine.deal(number, rules)
        start = time.process_time()
        result = solve(position, rules, best=best)
        elapsed = (time.process_time() - start) * 1000
        times.append(elapsed)
        states.append(result.states)
        decided += result.winnable is not None and (result.exact or not best)
        won += result.winnable is True
        slowest = max(slowest, (elapsed, number))
    n = len(times)
    times.sort()
    print(f"{name}: {n} deals {deals.start}-{deals.stop - 1}")
    print(
        f"  decided {100 * decided / n:.1f} %, winnable {100 * won / n:.1f} % "
        f"(literature: about {literature} %)"
    )
    print(
        f"  per deal: median {statistics.median(times):.1f} ms, "
        f"p95 {times[min(n - 1, int(0.95 * n))]:.1f} ms, max {times[-1]:.1f} ms "
        f"(deal {slowest[1]}); total {sum(times) / 1000:.1f} s"
    )
    print(
        f"  states: median {statistics.median(states):.0f}, max {max(states)}; "
        f"peak memory so far {peak_mb():.0f} MB"
    )
    sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=deal_range, default=range(1000), metavar="A-B")
    parser.add_argument("--rules", default="easy,classic,nok", help="comma list: easy,classic,nok")
    parser.add_argument(
        "--verdict-only", action="store_true", help="skip the best result of lost deals"
    )
    args = parser.parse_args()
    for key in args.rules.split(","):
        name, rules, literature = RULE_SETS[key.strip()]
        bench(name, rules, literature, args.deals, best=not args.verdict_only)


if __name__ == "__main__":
    main()
