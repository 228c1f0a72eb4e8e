"""bench/arena.py --quick: the engine's rate, the arena's with its player process and in one
process, over the same games, and the ratio to the target."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_quick_run_prints_both_rates_and_their_ratio() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "arena.py"), "--quick"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    lines = done.stdout.splitlines()
    assert lines[0].startswith("deals 0-499, Easy, first legal action")
    assert "actions/s" in lines[1] and "of the engine" in lines[1]
    assert lines[2].startswith("engine's own loop") and lines[2].split()[-3:-1] == ["100.0", "%"]
    assert lines[3].startswith("golf arena (player process)")
    assert lines[4].startswith("golf arena --in-process")
    assert lines[5].startswith("golf arena with its player process: ")
    assert "% of the engine's actions per second" in lines[5]
    assert lines[6].startswith("a run of one deal: ") and "not of each action" in lines[6]
    assert float(lines[6].split(": ")[1].split()[0]) > 0
    assert lines[7].startswith("processor seconds: engine ") and "an estimate" in lines[7]
    assert done.stderr == ""
