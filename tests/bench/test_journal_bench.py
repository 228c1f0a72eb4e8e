"""bench/journal.py --quick: every figure of the journal's benchmark is printed with its target."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_quick_run_prints_every_figure_with_its_target() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "journal.py"), "--quick"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    lines = done.stdout.splitlines()
    assert lines[0].startswith("journal of play: ") and "finished games" in lines[0]
    assert lines[2].split() == ["figure", "measured", "target"]
    rows = {line.split("  ")[0]: line for line in lines[3:]}
    act = next(line for name, line in rows.items() if name.startswith("save one action (act)"))
    assert "p50 " in act and "p99 " in act and "max " in act and "p99 ≤ 2 ms" in act
    assert "bytes a game" in rows["file size"] and "≤ 50 MB at 100,000" in rows["file size"]
    for name in (
        "statistics",
        "high scores",
        "charts, Classic",
        "charts, six-card",
        "history, first 50",
        "count of games",
    ):
        assert "cold " in rows[name] and "warm " in rows[name] and "≤ 100 ms" in rows[name]
    for line in (act, rows["file size"], *(rows[n] for n in ("statistics", "high scores"))):
        assert line.endswith((" ok", " MISSED"))
    assert lines[-1] == "rerun: python bench/journal.py --quick"
    assert done.stderr == ""
