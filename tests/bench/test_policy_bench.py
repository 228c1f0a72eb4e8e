"""bench/policy.py: one line a game, the same results whatever ``--jobs``, a run that stops
half-way goes on where it stopped, and the table pairs the players on the deals both played."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench" / "policy.py"
PLAY = ["--deals", "3-4", "--rules", "strict,easy", "--players", "first,policy,new"]
QUICK = ["--exact-stock", "4", "--exact-states", "2000"]


def bench(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(BENCH), *args], capture_output=True, text=True, check=True
    )
    return done.stdout


def results(path: Path) -> list[tuple[str, str, int, bool]]:
    texts = path.read_text(encoding="utf-8").splitlines()
    lines = [json.loads(t) for t in texts if not t.endswith('"pla')]
    assert all(line["cpu"] >= 0 for line in lines)
    return sorted((x["rules"], x["player"], x["deal"], x["won"]) for x in lines)


def test_the_results_do_not_depend_on_the_jobs_and_a_run_resumes(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    bench("--out", str(one), *PLAY, *QUICK, "--jobs", "1")
    # A run cut short: its first deal only, and a half-written line at the end.
    bench("--out", str(two), *PLAY[:1], "3-3", *PLAY[2:], *QUICK, "--jobs", "2")
    with two.open("a", encoding="utf-8") as sink:
        sink.write('{"rules": "strict", "pla')
    said = bench("--out", str(two), *PLAY, *QUICK, "--jobs", "2")
    assert "6 games to play (6 already in" in said
    assert two.read_text(encoding="utf-8").count('"pla\n') == 1  # the half line stands alone
    assert results(one) == results(two)
    assert len(results(one)) == 2 * 2 * 3
    assert "0 games to play" in bench("--out", str(one), *PLAY, *QUICK)


def test_the_table_pairs_the_new_hint_with_each_player(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    bench("--out", str(out), *PLAY, *QUICK)
    table = bench("--table", str(out))
    assert "strict" in table and "Easy" in table
    assert "new - first:" in table and "new - policy:" in table
    assert "over 2 deals" in table
    assert "Classic" not in table  # no game of it was played
    kept = tmp_path / "kept.jsonl.gz"  # as the results kept in bench/results/
    kept.write_bytes(gzip.compress(out.read_bytes()))
    assert bench("--table", str(kept)) == table


def test_a_bad_player_is_refused_with_the_names_it_knows(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--out", str(tmp_path / "x"), "--players", "oracle"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert "unknown player 'oracle'" in done.stderr and "lookahead" in done.stderr
