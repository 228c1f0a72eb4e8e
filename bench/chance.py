"""How often the exact chance (a player who cannot see the stock) is found within the hint's time.

Run: ``python bench/chance.py [--deals A-B] [--rules classic] [--draws 4,6,8,12] [--seconds 1.0]
[--kept] [--quick]`` (``--quick``: deals 0-4, 0.2 s a position, for CI). For each deal, the
position along the exact solver's line just after the given number of draws is asked to
:class:`golf.solitaire.chance.ChanceSearch` with a budget of ``--seconds`` of processor time
(``time.process_time``: on a busy shared machine wall-clock figures would mostly measure the
other programs). Printed per number of draws: the positions, the cards left in the stock, the
share answered exactly within the budget, the seconds (median, 95th percentile, worst) and
states (median, worst) of those answered, and the mean exact chance; then the share of every
position with at most 10 (and 8) stock cards answered within the budget. It is not a timed test.

Each position gets a search of its own by default: the hardest case, a player asking for the
first hint of the game there. With ``--kept`` the deal is played along the same line by a
player who asks for a hint at every move once the stock holds at most
:data:`golf.solitaire.timed_hint.EXACT_STOCK` cards, and each question goes on from the states
of the ones before, as the window's solver process keeps its search
(:func:`golf.solitaire.timed_hint.search_for`); each question has ``--seconds`` (the window
gives the exact search 0.7 s of its 1 s). The positions after each number of draws are the
same as without it; the last lines then count every question asked.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from golf.solitaire import engine
from golf.solitaire.chance import ChanceBudgetExceeded, ChanceSearch
from golf.solitaire.engine import Position
from golf.solitaire.rules import CLASSIC, EASY, STRICT, Rules
from golf.solitaire.solver import solve
from golf.solitaire.timed_hint import EXACT_STOCK, search_for

RULE_SETS = {
    "classic": CLASSIC,
    "easy": EASY,
    "nok": Rules(king_ace=False, queen_on_king=False),
    "strict": STRICT,
}


@dataclass(frozen=True)
class Point:
    deal: int
    draws: int
    stock: int
    exact: bool
    seconds: float
    states: int
    value: float


def along_the_line(number: int, rules: Rules, draws: list[int]) -> dict[int, Position]:
    """The positions along the solver's line just after each number of ``draws`` it reaches."""
    position = engine.deal(number, rules)
    out: dict[int, Position] = {}
    done = 0
    for action in solve(position, rules).line:
        position = engine.apply(position, action, rules)
        if action.kind == engine.DRAW:
            done += 1
            if done in draws and engine.legal_actions(position, rules):
                out[done] = position
    return out


def measure(
    number: int,
    draws: int,
    position: Position,
    rules: Rules,
    seconds: float,
    search: ChanceSearch | None = None,
) -> Point:
    """Ask ``position`` to ``search`` (a new one when None) within ``seconds``."""
    if search is None:
        search = ChanceSearch(position, rules)
    before = search.states
    start = time.process_time()
    try:
        answer = search.chance(position, clock=time.process_time, deadline=start + seconds)
    except ChanceBudgetExceeded:
        answer = None
    spent = time.process_time() - start
    value = answer.value if answer is not None else -1.0
    return Point(
        number, draws, len(position.stock), answer is not None, spent, search.states - before, value
    )


def measure_kept(
    number: int, rules: Rules, draws: list[int], seconds: float
) -> tuple[list[Point], list[Point]]:
    """Every question of a player who asks for a hint at each move along the solver's line once
    the stock holds at most :data:`EXACT_STOCK` cards, one search kept as the window keeps it:
    those just after each number of ``draws`` (the positions :func:`along_the_line` gives) and
    all of them."""
    position = engine.deal(number, rules)
    search: ChanceSearch | None = None
    line_points: list[Point] = []
    every: list[Point] = []
    done = 0
    after_draw = False
    for action in solve(position, rules).line:
        if len(position.stock) <= EXACT_STOCK and engine.legal_actions(position, rules):
            search = search_for(position, rules, search)
            point = measure(number, done, position, rules, seconds, search)
            every.append(point)
            if after_draw and done in draws:
                line_points.append(point)
        position = engine.apply(position, action, rules)
        after_draw = action.kind == engine.DRAW
        if after_draw:
            done += 1
    return line_points, every


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f} %" if whole else "-"


def report(points: list[Point], draws: list[int], every: list[Point] | None = None) -> None:
    """The table's lines; the shares of the last lines count ``every`` question when given."""
    for k in draws:
        rows = [p for p in points if p.draws == k]
        if not rows:
            continue
        done = [p for p in rows if p.exact]
        times = sorted(p.seconds for p in done)
        line = (
            f"after {k:2d} draws: {len(rows):3d} positions, stock {min(p.stock for p in rows)}-"
            f"{max(p.stock for p in rows)}; exact within budget {pct(len(done), len(rows))}"
        )
        if done:
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            line += (
                f"; seconds median {statistics.median(times):.3f}, 95th {p95:.3f}, "
                f"worst {times[-1]:.3f}; states median "
                f"{statistics.median(p.states for p in done):,.0f}, worst "
                f"{max(p.states for p in done):,}; mean exact chance "
                f"{100 * statistics.mean(p.value for p in done):.1f} %"
            )
        print(line, flush=True)
    for most in (10, 8):
        small = [p for p in points if p.stock <= most]
        answered = sum(p.exact for p in small)
        print(
            f"positions with <= {most} stock cards answered exactly: {answered}/{len(small)} "
            f"({pct(answered, len(small))})"
        )
    if every is None:
        return
    for most in (10, 8):
        small = [p for p in every if p.stock <= most]
        answered = sum(p.exact for p in small)
        late: dict[int, list[int]] = {}
        for p in small:
            if not p.exact:
                late.setdefault(p.deal, []).append(p.stock)
        print(
            f"every question with <= {most} stock cards answered exactly: {answered}/{len(small)} "
            f"({pct(answered, len(small))}); not (deal: stock cards at each): "
            + ("; ".join(f"{d}: {' '.join(map(str, at))}" for d, at in late.items()) or "none")
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", default="0-99", help="A-B (default 0-99)")
    parser.add_argument("--rules", default="classic", choices=sorted(RULE_SETS))
    parser.add_argument("--draws", default="4,6,8,12")
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--verbose", action="store_true", help="one line per position")
    parser.add_argument(
        "--kept", action="store_true", help="a hint asked at every move, one search kept"
    )
    parser.add_argument("--quick", action="store_true", help="deals 0-4, 0.2 s each (for CI)")
    args = parser.parse_args()
    if args.quick:  # the quick sizes, unless given
        parser.set_defaults(deals="0-4", seconds=0.2)
        args = parser.parse_args()
    a, b = (int(x) for x in args.deals.split("-"))
    draws = [int(x) for x in args.draws.split(",")]
    rules = RULE_SETS[args.rules]
    print(
        f"deals {a}-{b}, {args.rules}, budget {args.seconds} s of processor time a position "
        "(CPU time of this process, time.process_time: the machine may be shared and loaded)",
        flush=True,
    )
    points: list[Point] = []
    every: list[Point] | None = [] if args.kept else None
    for number in range(a, b + 1):
        if every is not None:
            at_draws, asked = measure_kept(number, rules, draws, args.seconds)
            every.extend(asked)
        else:
            at_draws = [
                measure(number, k, position, rules, args.seconds)
                for k, position in along_the_line(number, rules, draws).items()
            ]
        points.extend(at_draws)
        if args.verbose:
            for point in at_draws:
                print(point, flush=True)
    report(points, draws, every)


if __name__ == "__main__":
    main()
