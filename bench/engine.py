"""Engine speed: actions applied per second over random playouts, replay files verified per second.

Run: ``python bench/engine.py [--seconds S] [--quick]``. Prints figures; it is not a timed test.
The sample replays of both games (``replays/``) are read and checked through
``golf.replay_files``, as ``golf verify`` does; a sample that is not true ends the run with
status 1. ``--quick``: a fraction of a second each (the same code, for CI).
Target on the project's 2-core machine: at least 200,000 actions per second.
Rates are per CPU second of this process (``time.process_time``): the benchmark is
single-threaded, and a busy shared machine would otherwise halve the wall-clock figures.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from golf.replay_files import verify_file
from golf.solitaire import engine
from golf.solitaire.rules import CLASSIC, EASY, STRICT
from golf.solitaire.session import Game


def playouts_engine(seconds: float, rng: random.Random) -> tuple[int, float]:
    """Random playouts with the pure functions: legal_actions, a random choice, apply."""
    rules_cycle = (EASY, CLASSIC, STRICT)
    # Deals are made before the clock starts: this measures the moves, not the shuffles.
    deals = [(r, engine.deal(rng.randrange(1_000_000), r)) for r in rules_cycle for _ in range(300)]
    actions = 0
    start = time.process_time()
    deadline = start + seconds
    n = 0
    while time.process_time() < deadline:
        rules, pos = deals[n % len(deals)]
        n += 1
        while True:
            legal = engine.legal_actions(pos, rules)
            if not legal:
                break
            pos = engine.apply(pos, rng.choice(legal), rules)
            actions += 1
    return actions, time.process_time() - start


def playouts_session(seconds: float, rng: random.Random) -> tuple[int, float]:
    """Random playouts through Game.apply (undo history, move counter, log), with undos."""
    actions = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        game = Game.new(rng.randrange(1_000_000), EASY)
        while not game.over:
            legal = game.legal_actions()
            action = engine.Action.undo() if rng.random() < 0.05 else rng.choice(legal)
            game.apply(action)
            actions += 1
    return actions, time.process_time() - start


def replays_verified(seconds: float) -> tuple[int, float] | None:
    """The sample replays of both games read and played back again and again (None: none)."""
    files = sorted((Path(__file__).resolve().parent.parent / "replays").glob("*.yaml"))
    if not files:
        return None
    count = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for path in files:
            problems = verify_file(path)  # solitaire or six-card: the file says which
            if problems:
                raise SystemExit(f"{path}: {problems[0]}")
            count += 1
    return count, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds a measure (3)")
    parser.add_argument("--quick", action="store_true", help="0.3 s a measure (for CI)")
    args = parser.parse_args()
    if args.quick:  # the quick sizes, unless given
        parser.set_defaults(seconds=0.3)
        args = parser.parse_args()
    rng = random.Random(1)
    n, t = playouts_engine(args.seconds, rng)
    print(f"engine.apply playouts : {n / t:12,.0f} actions/s ({n:,} actions in {t:.2f} s)")
    n, t = playouts_session(args.seconds, rng)
    print(f"Game.apply playouts   : {n / t:12,.0f} actions/s ({n:,} actions in {t:.2f} s)")
    result = replays_verified(args.seconds)
    if result is None:
        print("replay verification   : no replay files")
    else:
        n, t = result
        print(f"replays verified      : {n / t:12,.1f} files/s ({n:,} files in {t:.2f} s)")


if __name__ == "__main__":
    main()
