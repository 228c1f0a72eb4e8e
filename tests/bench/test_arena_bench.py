"""bench/arena.py --quick: both rates over the same games, and their ratio."""

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
    assert lines[1].startswith("engine's own loop :") and lines[1].endswith("actions/s")
    assert lines[2].startswith("golf arena        :") and lines[2].endswith("actions/s")
    assert lines[3].startswith("ratio             :")
    assert done.stderr == ""
