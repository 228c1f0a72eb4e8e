"""``bench/kill_journal.py`` judges a journal after a kill: its checks catch a game counted twice,
a game lost and a game in progress short of its last action (they can fail), and a short run of
real kills passes."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

from golf.journal.journal import Ending, Journal

_BENCH = Path(__file__).resolve().parents[2] / "bench" / "kill_journal.py"
_spec = importlib.util.spec_from_file_location("kill_journal", _BENCH)
assert _spec is not None and _spec.loader is not None
kill_journal = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(kill_journal)


def _ending() -> Ending:
    return Ending("blocked", "2026-01-01T10:05", ("draw",), (1.0,), 1.0, 1, score=10, cards_left=3)


def test_a_game_counted_twice_is_caught(tmp_path: Path) -> None:
    journal = Journal(tmp_path, own=False)
    for _ in range(2):  # planted: the same game (code and start) finished twice
        journal.finish(journal.begin("solitaire", "GO1-C-AAAAAAC", "classic", "T1"), _ending())
    problems, lost, twice = kill_journal.judge(tmp_path, ["up"], fresh_import=False)
    assert twice == 1 and lost == 0 and problems


def test_a_game_said_counted_but_missing_is_lost(tmp_path: Path) -> None:
    journal = Journal(tmp_path, own=False)
    gid = journal.begin("solitaire", "GO1-C-AAAAAAC", "classic", "T1")
    journal.act(gid, 0, "draw", 1.0, 1.0, 0.0)
    problems, lost, twice = kill_journal.judge(
        tmp_path, ["up", f"act {gid} 1", f"counted {gid}"], fresh_import=False
    )
    assert lost == 1 and twice == 0 and problems


def test_a_game_in_progress_short_of_its_last_action_fails(tmp_path: Path) -> None:
    journal = Journal(tmp_path, own=False)
    gid = journal.begin("solitaire", "GO1-C-AAAAAAC", "classic", "T1")
    journal.act(gid, 0, "draw", 1.0, 1.0, 0.0)
    problems, _, _ = kill_journal.judge(tmp_path, ["up", f"act {gid} 3"], fresh_import=False)
    assert problems == [f"game {gid}: 1 actions kept, 3 written"]
    assert kill_journal.judge(tmp_path, ["up", f"act {gid} 1"], fresh_import=False)[0] == []


def test_real_kills_lose_nothing_and_count_nothing_twice() -> None:
    ran = subprocess.run(
        [sys.executable, str(_BENCH), "--trials", "6", "--seed", "3"],
        capture_output=True,
        text=True,
        timeout=170,
        check=False,
    )
    assert ran.returncode == 0, ran.stdout[-2000:]
    assert "     6         0           0              0" in ran.stdout
