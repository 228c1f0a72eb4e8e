"""The ``solve`` and ``survey`` subcommands."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from golf.solitaire import engine
from golf.solitaire.engine import Action
from golf.solitaire.rules import CLASSIC, EASY
from golf.solitaire.session import Game
from golf.solitaire.solver import solve
from golfcli import commands as cli

ROOT = Path(__file__).resolve().parents[2]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = cli.main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_solve_json_has_exactly_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["solve", "GO1-E-AAAAAAB", "--json"], capsys)
    assert status == 0
    data = json.loads(out)
    assert set(data) == {
        "code",
        "rules",
        "winnable",
        "solution",
        "best_removed",
        "states",
        "seconds",
    }
    assert data["code"] == "GO1-E-AAAAAAB"
    assert data["rules"] == EASY.to_dict()
    assert data["winnable"] is True and data["best_removed"] == 35
    assert data["states"] > 0 and data["seconds"] >= 0
    game = Game.from_code("GO1-E-AAAAAAB")
    for token in data["solution"]:
        assert game.apply(Action.parse(token)) is None
    assert game.status == "won"


def test_solve_an_unwinnable_deal_gives_the_best_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["solve", "GO1-C-AAAAAAB", "--json"], capsys)
    assert status == 0
    data = json.loads(out)
    expected = solve(engine.deal(1, CLASSIC), CLASSIC)
    assert data["winnable"] is False
    assert data["best_removed"] == expected.best_removed
    game = Game.from_code("GO1-C-AAAAAAB")
    for token in data["solution"]:
        assert game.apply(Action.parse(token)) is None
    assert game.position.removed == data["best_removed"]


def test_solve_text_and_rule_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["solve", "GO1-E-AAAAAAB", "--rules", "strict"], capsys)
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "GO1-C-AAAAAAB-VS"
    assert lines[1].startswith(("winnable in", "not winnable; best result:"))
    assert lines[-1].startswith("states: ")


def test_solve_with_too_small_a_budget_is_undecided(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["solve", "GO1-C-AAAAAAF", "--max-states", "5"], capsys)
    assert status == 1
    assert "undecided" in out


def test_solve_refuses_a_bad_code(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["solve", "GO2-X"], capsys)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "expected GO1-E-AAAAAAA" in err


def test_survey_json_matches_solving_each_deal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["survey", "--deals", "0-3", "--jobs", "1", "--json"], capsys)
    assert status == 0
    data = json.loads(out)
    wins = sum(solve(engine.deal(n, EASY), EASY, best=False).winnable is True for n in range(4))
    assert data["deals"] == 4
    assert data["decided_percent"] == 100.0
    assert data["win_percent"] == 100 * wins / 4
    assert data["max_ms"] >= data["median_ms"] >= 0
    assert data["first_deal"] == 0 and data["last_deal"] == 3
    assert err.endswith("4/4\n")


def test_survey_refuses_a_bad_range(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["survey", "--deals", "9-2"])
    assert info.value.code == 2
    assert "--deals" in capsys.readouterr().err


@pytest.mark.processes
def test_survey_uses_several_processes() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "survey", "--deals", "0-3", "--jobs", "2"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "deals 0-3, rules: easy"
    assert "decided 100.0 %" in done.stdout
    assert "4/4" in done.stderr
