"""How fast the analysis of a lost game answers, as the window runs it.

Run: ``python bench/analysis.py [--games N] [--deals FROM] [--rules classic,easy,nok,strict]
[--budget S] [--quick]`` (``--quick``: 8 games, for CI). It builds ``--games`` lost games
(at least 200 by default): real deals, from deal ``--deals`` on, each rule set in turn, played
by the quick policy that never sees the stock (:class:`golf.solitaire.blind.BlindPlayer`) until
blocked; a deal it wins is passed over. Each game is then analysed as the game-over screen's
Analysis button does: :class:`scenes.solitaire.analysis_run.AnalysisRun` (the same questions,
in the same solver processes, started with spawn, within the same time), looked at once a
frame (1/60 s of the wall clock, as the window's loop). The solver processes are started
before the first game, as the title starts them.

Printed: the games; how many were answered within the budget (every row has its answer: the
solver's verdict, and where a winnable deal was lost, the chance of a player who cannot see the
stock just before and after the losing move, exact or estimated with its range); the time to
the answer (median, 95th percentile, worst); how many said "so far" (the screen's words: past
the budget without the whole answer, or answered with part of it cut short: the verdict
unfinished, a chance with no order tried); and the chances found exact, estimated or not at
all, with the time to the answer of those games alone (they use the time; the others, a deal
never winnable or a game still winnable, answer in a few hundredths of a second). Wall-clock
figures: the machine's load average is printed with them. Not a timed test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from golf.solitaire.blind import BlindPlayer, blind
from golf.solitaire.rules import CLASSIC, EASY, STRICT, Rules
from golf.solitaire.session import Game
from scenes.solitaire import solver_worker
from scenes.solitaire.analysis_run import ANSWER_SECONDS, AnalysisRun

RULE_SETS = {
    "classic": CLASSIC,
    "easy": EASY,
    "nok": Rules(king_ace=False, queen_on_king=False),
    "strict": STRICT,
}
FRAME = 1 / 60
PATIENCE = 30.0
"""Seconds a game's analysis is waited for at most (then counted as not answered)."""


@dataclass(frozen=True)
class Measured:
    rules: str
    deal: int
    moves: int
    answered: float | None  # seconds to the whole answer (None: not within PATIENCE)
    so_far: bool
    chances: tuple[str, ...]  # "exact", "estimate" or "none" for each chance shown


def lost_games(count: int, first: int, rules: list[str]) -> list[tuple[str, int, Game]]:
    """``count`` games the quick policy lost, deal by deal from ``first``, the rule sets in turn."""
    games: list[tuple[str, int, Game]] = []
    number = first
    while len(games) < count:
        for name in rules:
            game = Game.new(number, RULE_SETS[name])
            while game.status == "playing":
                seen = blind(game.position)
                action = BlindPlayer(seen, game.rules).action(seen)
                assert action is not None  # a game in play has a legal action
                game.apply(action)
            if game.status == "blocked":
                games.append((name, number, game))
                if len(games) == count:
                    break
        number += 1
    return games


def measure(name: str, number: int, game: Game, budget: float) -> Measured:
    """One game's analysis, stepped once a frame of the wall clock until it has answered."""
    began = last = time.perf_counter()
    run = AnalysisRun(game, budget)
    late_shown = False
    while not run.answered and last - began < PATIENCE:
        time.sleep(FRAME)
        now = time.perf_counter()
        run.update(now - last)
        last = now
        late_shown = late_shown or run.late
    answered = run.answered_at if run.answered else None
    if not run.answered:
        run.stop()
    chances: list[str] = []
    if run.answered and run.needs_blind:
        blind_found = run.blind
        for figure in (
            (None, None) if blind_found is None else (blind_found.before, blind_found.after)
        ):
            chances.append("none" if figure is None else "exact" if figure.exact else "estimate")
    so_far = late_shown or run.cut_short  # as the screen says it
    return Measured(name, number, len(game.log), answered, so_far, tuple(chances))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(rows: list[Measured], budget: float) -> None:
    times = [r.answered for r in rows if r.answered is not None]
    within = sum(1 for t in times if t <= budget)
    print(f"games: {len(rows)} lost games ({', '.join(sorted({r.rules for r in rows}))})")
    print(f"answered within {budget:g} s: {within} ({100 * within / len(rows):.1f} %)")
    if times:
        print(
            f"time to the answer: p50 {statistics.median(times):.2f} s, "
            f"p95 {percentile(times, 0.95):.2f} s, max {max(times):.2f} s"
            + (
                f" ({len(rows) - len(times)} not answered within {PATIENCE:g} s)"
                if len(times) < len(rows)
                else ""
            )
        )
    so_far = sum(r.so_far for r in rows)
    print(f'said "so far": {so_far} ({100 * so_far / len(rows):.1f} %)')
    chances = [c for r in rows for c in r.chances]
    asked = [r.answered for r in rows if r.chances and r.answered is not None]
    line = (
        f"chances around the losing move ({len(asked)} games, 2 each): "
        f"{chances.count('exact')} exact, {chances.count('estimate')} estimated with their "
        f"range, {chances.count('none')} not found"
    )
    if asked:  # the games that use the time: a winnable deal lost
        line += (
            f"; their time to the answer p50 {statistics.median(asked):.2f} s, "
            f"p95 {percentile(asked, 0.95):.2f} s, max {max(asked):.2f} s"
        )
    print(line)
    print("load average: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="lost games (default 200)")
    parser.add_argument("--deals", type=int, default=0, help="the first deal (default 0)")
    parser.add_argument("--rules", default="classic,easy,nok,strict")
    parser.add_argument("--budget", type=float, default=ANSWER_SECONDS)
    parser.add_argument("--verbose", action="store_true", help="one line per game")
    parser.add_argument("--quick", action="store_true", help="8 games (for CI)")
    args = parser.parse_args()
    count = 8 if args.quick else args.games
    names = args.rules.split(",")
    games = lost_games(count, args.deals, names)
    solver_worker.warm_up()  # as the title does: the processes are up before a game ends
    solver_worker.submit(time.sleep, 0).result(timeout=60)
    rows: list[Measured] = []
    try:
        for name, number, game in games:
            row = measure(name, number, game, args.budget)
            rows.append(row)
            if args.verbose:
                print(row, flush=True)
    finally:
        solver_worker.stop()
    report(rows, args.budget)


if __name__ == "__main__":
    main()
