"""The ``six-card`` subcommands, through an argparse parser of our own (as golfcli.commands wires them)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from golf.sixcard.codes import parse_code
from golf.sixcard.replay import load, verify
from golfcli.sixcard import register


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="main.py")
    register(parser.add_subparsers(dest="command"), "en")
    args = parser.parse_args(["six-card", *argv])
    status: int = args.run(args)
    return status


def test_simulate_prints_each_seat_mean_and_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("simulate", "--players", "3", "--ai", "hard,medium,easy", "--rounds", "6") == 0
    out = capsys.readouterr().out
    rows = re.findall(r"^\s+(\d)\s+(\w+)\s+(-?\d+\.\d)\s+(\d+\.\d\d)\s+(\d+\.\d)%$", out, re.M)
    assert [(seat, level) for seat, level, *_ in rows] == [
        ("1", "hard"),
        ("2", "medium"),
        ("3", "easy"),
    ]
    assert "3 players, 9 holes, VC, 6 games, seed 0" in out  # a new game: the seed's cut
    assert "mean total by level: hard" in out


@pytest.mark.processes
def test_simulate_gives_the_same_figures_however_the_work_is_split(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = (
        "simulate",
        "--players",
        "3",
        "--ai",
        "medium,easy,easy",
        "--rounds",
        "4",
        "--grid",
        "4",
    )
    run(*argv, "--jobs", "1")
    one = capsys.readouterr().out
    run(*argv, "--jobs", "2")
    two = capsys.readouterr().out
    assert one == two and "V4" in one


def test_simulate_refuses_a_wrong_number_of_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("simulate", "--players", "3", "--ai", "hard,easy", "--rounds", "1") == 2
    assert "2 levels for 3 players" in capsys.readouterr().err


def test_an_unknown_level_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        run("simulate", "--ai", "hard,genius")
    assert info.value.code == 2
    assert "'genius' is not a level" in capsys.readouterr().err


def test_record_writes_a_replay_that_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.yaml"
    assert run("record", str(path), "--code", "G6-2-AAAAAAB-VK", "--ai", "hard,easy") == 0
    assert capsys.readouterr().out.startswith("G6-2-AAAAAAB-VK: ")
    replay = load(path)
    assert replay.code == "G6-2-AAAAAAB-VK" and replay.seats == ("hard", "easy")
    assert verify(replay) == []
    assert run("verify", str(tmp_path)) == 0
    assert capsys.readouterr().out.startswith("ok   ")


def test_verify_fails_on_a_changed_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.yaml"
    run("record", str(path), "--players", "2", "--ai", "easy")
    text = path.read_text(encoding="utf-8")
    totals = re.search(r"totals: \[(-?\d+), ", text)
    assert totals is not None
    path.write_text(text.replace(totals.group(0), f"totals: [{int(totals.group(1)) + 1}, "))
    capsys.readouterr()
    assert run("verify", str(path)) == 1
    assert "FAIL" in capsys.readouterr().out


def test_verify_names_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("format: 1\n", encoding="utf-8")
    assert run("verify", str(path)) == 2
    assert "bad.yaml: line 1: missing key 'game'" in capsys.readouterr().err


def test_new_code_carries_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("new-code", "--players", "5", "--seed", "3", "--grid", "9", "--knock", "on") == 0
    code = parse_code(capsys.readouterr().out.strip())
    assert code.players == 5 and code.rules.grid == 9 and code.rules.knock
