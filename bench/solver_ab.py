"""Solver A/B: two versions of ``golf/`` timed on the same deals, interleaved, in one process.

Run: ``python bench/solver_ab.py [OTHER_ROOT] [--deals A-B] [--rules classic] [--best]
[--quick]``, where OTHER_ROOT is a folder holding another ``golf/`` package (for example the
last commit's: ``git archive HEAD golf | tar -x -C /tmp/base`` then ``python bench/solver_ab.py
/tmp/base``). Without it the checkout is timed against a second copy of itself: the two
figures then differ only by the machine's noise. ``--quick``: deals 0-9 (for CI).

Each deal is solved by one version, then by the other, so a busy machine slows both alike: on a
shared machine, figures from separate runs of ``bench/solver.py`` drift by more than most changes
gain. Prints, per version, the total processor time, the states explored, the time per state and
the median time per deal. Not a timed test.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def deal_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def load_golf(root: Path) -> tuple[ModuleType, ModuleType, ModuleType]:
    """The solitaire engine, solver and rules modules of the ``golf/`` package under ``root``."""
    for name in [m for m in sys.modules if m == "golf" or m.startswith("golf.")]:
        del sys.modules[name]
    sys.path.insert(0, str(root))
    try:
        modules = tuple(
            importlib.import_module(f"golf.solitaire.{m}") for m in ("engine", "solver", "rules")
        )
    finally:
        sys.path.pop(0)
    return modules  # type: ignore[return-value]


def rule_set(rules_module: ModuleType, key: str) -> object:
    if key == "nok":
        return rules_module.Rules(king_ace=False, queen_on_king=False, draw_any_time=True)
    return {"easy": rules_module.EASY, "classic": rules_module.CLASSIC}[key]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "other",
        type=Path,
        nargs="?",
        default=ROOT,
        help="a folder holding another golf/ package (default: this checkout again)",
    )
    parser.add_argument("--deals", type=deal_range, default=range(100), metavar="A-B")
    parser.add_argument("--rules", default="classic", choices=("easy", "classic", "nok"))
    parser.add_argument(
        "--best", action="store_true", help="also prove the best result of lost deals"
    )
    parser.add_argument("--quick", action="store_true", help="deals 0-9 (for CI)")
    args = parser.parse_args()
    if args.quick:  # the quick sizes, unless given
        parser.set_defaults(deals=range(10))
        args = parser.parse_args()
    if not (args.other / "golf" / "solitaire" / "solver.py").is_file():
        parser.error(f"{args.other}: no golf/ package there")
    other = str(args.other) + (" (again)" if args.other.resolve() == ROOT else "")
    versions = [(str(ROOT), load_golf(ROOT)), (other, load_golf(args.other))]
    times: list[list[float]] = [[] for _ in versions]
    states = [0] * len(versions)
    for number in args.deals:
        for k, (_, (engine, solver, rules_module)) in enumerate(versions):
            rules = rule_set(rules_module, args.rules)
            position = engine.deal(number, rules)
            start = time.process_time()
            deal = solver.DealSolver(position, rules)
            if deal.winning_line() is None and args.best:
                deal.best_line(at_least=1, known=deal.closest)
            times[k].append(time.process_time() - start)
            states[k] += deal.states
    for k, (name, _) in enumerate(versions):
        total = sum(times[k])
        print(
            f"{name}: total {total:.2f} s, states {states[k]}, "
            f"{total / max(1, states[k]) * 1e6:.2f} us per state, "
            f"median {statistics.median(times[k]) * 1000:.1f} ms per deal"
        )


if __name__ == "__main__":
    main()
