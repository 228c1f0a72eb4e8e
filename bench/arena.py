"""The arena's speed: ``golf arena`` with a player that returns its first legal action, beside
the engine's own loop playing the same games.

Run: ``python bench/arena.py [--deals A-B] [--rounds N] [--quick]``. Both sides play the same
deals (Easy) with the same choice, the first legal action, so they take the same actions:

* **engine**: ``engine.deal``, then ``legal_actions`` and ``apply`` until no action is left
  (the engine's own actions per second);
* **arena**: the ``arena`` command itself (``golfcli.commands.main``, its JSON output thrown
  away) with ``--player bench/arena.py:first --no-hint --jobs 1``: the player loaded from this
  file, a fresh view for each move, the per-move alarm and clock, the answer checked, the
  figures worked out.

Rates are per processor second of this process (``time.process_time``); each side runs
``--rounds`` times, alternately, and its best round counts. The target: the arena plays at
least 50 % of the engine's actions per second. ``--quick``: a few seconds, the same code paths
(for CI). It prints figures; it is not a timed test.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from golf.solitaire import engine
from golf.solitaire.arena import PlayerView
from golf.solitaire.engine import Action
from golf.solitaire.rules import EASY

TARGET = 0.5


def first(view: PlayerView) -> Action:
    """The arena's player: the first legal action."""
    return view.legal[0]


def engine_side(numbers: range) -> tuple[int, float]:
    """The engine's own loop over the deals: its actions and processor seconds."""
    rules = EASY
    actions = 0
    start = time.process_time()
    for number in numbers:
        position = engine.deal(number, rules)
        legal = engine.legal_actions(position, rules)
        while legal:
            position = engine.apply(position, legal[0], rules)
            actions += 1
            legal = engine.legal_actions(position, rules)
    return actions, time.process_time() - start


def arena_side(numbers: range) -> tuple[int, float]:
    """``golf arena`` over the deals: its actions (games x mean moves) and processor seconds."""
    from golfcli.commands import main

    argv = [
        "arena",
        "--player",
        f"{Path(__file__).resolve()}:first",
        "--deals",
        f"{numbers.start}-{numbers.stop - 1}",
        "--rules",
        "easy",
        "--no-hint",
        "--jobs",
        "1",
        "--json",
    ]
    out = io.StringIO()
    start = time.process_time()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(argv)
    seconds = time.process_time() - start
    if status != 0:
        raise SystemExit(f"arena ended with status {status}")
    player = json.loads(out.getvalue())["player"]
    return round(player["games"] * player["mean_moves"]), seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", default="0-4999", help="A-B (default 0-4999)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each side (default 3)")
    parser.add_argument("--quick", action="store_true", help="deals 0-499, two rounds (for CI)")
    args = parser.parse_args()
    if args.quick:
        args.deals, args.rounds = "0-499", 2
    a, b = (int(x) for x in args.deals.split("-"))
    numbers = range(a, b + 1)
    best_engine = best_arena = 0.0
    for _ in range(args.rounds):
        n, t = engine_side(numbers)
        best_engine = max(best_engine, n / t)
        m, u = arena_side(numbers)
        if m != n:
            raise SystemExit(f"the arena took {m} actions, the engine {n}: not the same games")
        best_arena = max(best_arena, m / u)
    ratio = best_arena / best_engine
    print(f"deals {a}-{b}, Easy, first legal action, best of {args.rounds} rounds; {n:,} actions")
    print(f"engine's own loop : {best_engine:12,.0f} actions/s")
    print(f"golf arena        : {best_arena:12,.0f} actions/s")
    verdict = "ok" if ratio >= TARGET else "BELOW the target"
    print(
        f"ratio             : {100 * ratio:11.1f} %  (target at least {100 * TARGET:.0f} %: {verdict})"
    )


if __name__ == "__main__":
    main()
