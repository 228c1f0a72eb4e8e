"""bench/analysis.py: it analyses games the policy lost, as the window does, and says how many
answered within the time, how fast, and how many said "so far"."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "analysis.py"
spec = importlib.util.spec_from_file_location("analysis_bench", BENCH)
assert spec is not None and spec.loader is not None
analysis_bench = importlib.util.module_from_spec(spec)
sys.modules["analysis_bench"] = analysis_bench  # its dataclass looks its module up
spec.loader.exec_module(analysis_bench)


def test_the_games_are_real_deals_the_policy_lost_each_rule_set_in_turn() -> None:
    games = analysis_bench.lost_games(6, 0, ["classic", "strict"])
    assert len(games) == 6
    assert all(game.status == "blocked" for _, _, game in games)
    assert {name for name, _, _ in games} == {"classic", "strict"}
    for name, _number, game in games:
        assert game.code is not None and game.rules == analysis_bench.RULE_SETS[name]
        assert game.log  # played from the deal as dealt


def test_the_quick_run_prints_its_figures() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--quick"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    lines = done.stdout.splitlines()
    assert lines[0].startswith("games: 8 lost games"), lines
    assert lines[1].startswith("answered within 2 s: ")
    assert lines[2].startswith("time to the answer: p50 ") and " p95 " in lines[2]
    assert lines[3].startswith('said "so far": ')
    assert lines[4].startswith("chances around the losing move (")
    assert lines[5].startswith("load average: ")
