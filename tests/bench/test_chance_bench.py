"""bench/chance.py: with ``--kept`` the positions after each number of draws are those asked
without it, and a search kept from move to move answers them as a search of their own does."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from golf.solitaire.rules import CLASSIC
from golf.solitaire.timed_hint import EXACT_STOCK

BENCH = Path(__file__).resolve().parents[2] / "bench" / "chance.py"
spec = importlib.util.spec_from_file_location("chance_bench", BENCH)
assert spec is not None and spec.loader is not None
chance_bench = importlib.util.module_from_spec(spec)
sys.modules["chance_bench"] = chance_bench  # its dataclass looks its module up
spec.loader.exec_module(chance_bench)


def test_kept_questions_are_the_line_positions_and_agree_with_fresh_ones() -> None:
    draws = [6, 8, 12]
    for number in (0, 1):
        at_draws, every = chance_bench.measure_kept(number, CLASSIC, draws, 2.0)
        fresh = [
            chance_bench.measure(number, k, position, CLASSIC, 2.0)
            for k, position in chance_bench.along_the_line(number, CLASSIC, draws).items()
        ]
        assert [(p.draws, p.stock) for p in at_draws] == [(p.draws, p.stock) for p in fresh]
        assert all(p in every for p in at_draws)
        assert every and all(p.stock <= EXACT_STOCK for p in every)
        # The questions go on along the line: the stock never grows.
        assert [p.stock for p in every] == sorted((p.stock for p in every), reverse=True)
        for kept, alone in zip(at_draws, fresh, strict=True):
            assert kept.exact and alone.exact
            assert kept.value == alone.value
        # A kept search answers later questions from the states it has: fewer new ones.
        assert sum(p.states for p in at_draws) <= sum(p.states for p in fresh)
