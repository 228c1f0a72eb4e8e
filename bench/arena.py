"""The arena's speed: ``golf arena`` with a player that returns its first legal action, beside
the engine's own loop playing the same games.

Run: ``python bench/arena.py [--deals A-B] [--rounds N] [--quick]``. Both sides play the same
deals (Easy; 0-19999 unless told: 902,522 actions, a run of some seconds, in which the player
process's start is a small part, as in an arena run of thousands of deals) with the same choice,
the first legal action, so they take the same actions:

* **engine**: ``engine.deal``, then ``legal_actions`` and ``apply`` until no action is left
  (the engine's own actions per second);
* **arena**: the ``arena`` command itself (``golfcli.commands.main``, its JSON output thrown
  away) with ``--player bench/arena.py:first --no-hint --jobs 1``: the referee here, the player
  loaded from this file in a process of its own (started with spawn, its start counted), the
  views of 64 games (``--batch``) sent in one message and the answers read back as tokens, the
  per-move alarm and clock, each answer checked, the figures worked out;
* **in-process**: the same with ``--in-process`` (the player called in the arena's process:
  what a trusted player gets).

The rates are actions per second of the wall clock (``time.perf_counter``: the referee and
the player process work at once, one group of games each); the processor seconds of both
processes are printed beside them (``time.process_time`` here, ``RUSAGE_CHILDREN`` for the
player process, counted once it has ended). Each side runs ``--rounds`` times, in turn, and
its best round counts. The target: the arena plays at least 50 % of the engine's actions per
second. A run of one deal is timed too, and printed apart: the player process's start and end,
a cost of every run whatever its length. The two processes need a core each to work at once: where other work leaves them one
between them, the wall clock falls toward the sum of their processor seconds, so the last line
also says what the slower of the two would allow with a core each (an estimate, labelled as
one). ``--quick``: a few seconds, the same code paths (for CI). It prints figures; it is not a
timed test.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import resource
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


def engine_side(numbers: range) -> tuple[int, float, float]:
    """The engine's own loop over the deals: its actions, wall and processor seconds."""
    rules = EASY
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for number in numbers:
        position = engine.deal(number, rules)
        legal = engine.legal_actions(position, rules)
        while legal:
            position = engine.apply(position, legal[0], rules)
            actions += 1
            legal = engine.legal_actions(position, rules)
    return actions, time.perf_counter() - start, time.process_time() - cpu


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def arena_side(numbers: range, *extra: str) -> tuple[int, float, float, float]:
    """``golf arena`` over the deals: its actions (games x mean moves), wall seconds, and the
    processor seconds of this process (the referee) and of the player process (ended by then:
    its start counted)."""
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
        *extra,
    ]
    out = io.StringIO()
    start, cpu, children = time.perf_counter(), time.process_time(), _children_cpu()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(argv)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    children = _children_cpu() - children
    if status != 0:
        raise SystemExit(f"arena ended with status {status}")
    player = json.loads(out.getvalue())["player"]
    return round(player["games"] * player["mean_moves"]), seconds, cpu, children


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", default="0-19999", help="A-B (default 0-19999)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each side (default 3)")
    parser.add_argument("--quick", action="store_true", help="deals 0-499, two rounds (for CI)")
    args = parser.parse_args()
    if args.quick:
        args.deals, args.rounds = "0-499", 2
    a, b = (int(x) for x in args.deals.split("-"))
    numbers = range(a, b + 1)
    best = {"engine": (0.0, 0.0), "arena": (0.0, 0.0), "in-process": (0.0, 0.0)}
    least = [float("inf"), float("inf")]  # the referee's and the player process's seconds
    n = 0

    def keep(side: str, actions: int, wall: float, cpu: float, children: float = 0.0) -> None:
        if actions != n:
            raise SystemExit(f"{side} took {actions} actions, the engine {n}: not the same games")
        rate, per_cpu = best[side]
        best[side] = (max(rate, actions / wall), max(per_cpu, actions / (cpu + children)))
        if side == "arena":
            least[:] = [min(least[0], cpu), min(least[1], children)]

    engine_cpu = float("inf")
    fixed = float("inf")  # a run of one deal: the player process started and ended
    for _ in range(args.rounds):
        n, wall, cpu = engine_side(numbers)
        engine_cpu = min(engine_cpu, cpu)
        keep("engine", n, wall, cpu)
        keep("arena", *arena_side(numbers))
        keep("in-process", *arena_side(numbers, "--in-process"))
        fixed = min(fixed, arena_side(range(a, a + 1))[1])
    engine_rate = best["engine"][0]
    print(f"deals {a}-{b}, Easy, first legal action, best of {args.rounds} rounds; {n:,} actions")
    print("                                  actions/s   of the engine   actions per processor s")
    for side, name in (
        ("engine", "engine's own loop"),
        ("arena", "golf arena (player process)"),
        ("in-process", "golf arena --in-process"),
    ):
        rate, per_cpu = best[side]
        print(f"{name:<30}{rate:13,.0f}{100 * rate / engine_rate:13.1f} %{per_cpu:21,.0f}")
    ratio = best["arena"][0] / engine_rate
    verdict = "ok" if ratio >= TARGET else "BELOW the target"
    if args.quick:  # 500 deals: the player process's start is much of the run
        verdict += "; --quick is too short a run to judge it"
    print(
        f"golf arena with its player process: {100 * ratio:.1f} % of the engine's actions per "
        f"second (target at least {100 * TARGET:.0f} %: {verdict})"
    )
    print(
        f"a run of one deal: {fixed:.2f} s of the wall clock (the player process started, "
        "loaded and ended: a cost of each run, not of each action; the rates above include it)"
    )
    referee, player = least
    print(
        f"processor seconds: engine {engine_cpu:.2f}, referee {referee:.2f}, player process "
        f"{player:.2f} (its start included); with a free core each, the slower of the two "
        f"would bound the arena at about {100 * engine_cpu / max(referee, player):.0f} % of the "
        "engine (an estimate: the wall clock above is what was measured)"
    )


if __name__ == "__main__":
    main()
