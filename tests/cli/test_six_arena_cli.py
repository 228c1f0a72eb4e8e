"""``six-card arena``: scripted seats and computers, the seats turned each game, faults.

These run the arena with ``--in-process`` (the fast layer starts no process); the players in
processes of their own, as the arena runs them by default: ``test_arena_process.py``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from golf.sixcard.arena import seat_of
from golfcli import commands as cli

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = Path(__file__).resolve().parent / "arena_players.py"


def player(name: str) -> str:
    return f"{PLAYERS}:{name}"


def six_arena(
    capsys: pytest.CaptureFixture[str], *argv: str
) -> tuple[int, dict[str, Any] | None, str, str]:
    status = cli.main(["six-card", "arena", *argv, "--in-process"])
    out, err = capsys.readouterr()
    data = json.loads(out) if "--json" in argv and status in (0, 1) else None
    return status, data, out, err


def test_the_seats_turn_by_one_each_game() -> None:
    assert [seat_of(0, game, 3) for game in range(4)] == [0, 1, 2, 0]
    assert sorted(seat_of(e, 5, 4) for e in range(4)) == [0, 1, 2, 3]


def test_each_entrant_has_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, out, _ = six_arena(
        capsys, "--players", f"{player('six_first')},easy", "--deals", "0-1", "--holes", "9"
    )
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("2 players, deals 0-1 (2), the seats turned by one each game")
    assert lines[1].startswith(f"  1. {player('six_first')}: mean total ")
    assert lines[2].startswith("  2. easy: mean total ") and "of 2 (" in lines[2]


def test_a_fault_names_the_seat_and_the_game_goes_on(capsys: pytest.CaptureFixture[str]) -> None:
    status, data, _, _ = six_arena(
        capsys, "--players", f"{player('six_raises')},easy,easy", "--deals", "0-2", "--json"
    )
    assert status == 1 and data is not None
    assert [(f["deal"], f["seat"], f["kind"]) for f in data["faults"]] == [
        (0, 1, "raised"),
        (1, 2, "raised"),
        (2, 3, "raised"),
    ]  # entrant 1 sits at seat 1, then 2, then 3
    assert all(1 <= f["move"] <= 6 for f in data["faults"])  # in the opening: 2 flips a seat
    assert data["faults"][1]["detail"] == "ValueError: seat 2"
    assert [e["games"] for e in data["entrants"]] == [3, 3, 3]
    assert data["entrants"][0]["faults"] == 3


def test_an_illegal_answer_is_a_fault(capsys: pytest.CaptureFixture[str]) -> None:
    status, data, _, _ = six_arena(
        capsys, "--players", f"easy,{player('six_illegal')}", "--deals", "4-4", "--json"
    )
    assert status == 1 and data is not None
    assert [(f["kind"], f["detail"], f["player"]) for f in data["faults"]] == [
        ("illegal", "'jump'", player("six_illegal"))
    ]


def test_the_example_player_plays_without_a_fault(capsys: pytest.CaptureFixture[str]) -> None:
    spec = f"{ROOT / 'docs' / 'examples' / 'six_card_low.py'}:choose"
    status, data, _, _ = six_arena(
        capsys, "--players", f"{spec},easy", "--deals", "0-3", "--holes", "9", "--json"
    )
    assert status == 0 and data is not None
    assert data["faults"] == [] and data["entrants"][0]["games"] == 4


@pytest.mark.parametrize(
    "players", ["easy", "easy,ｈａｒｄ", "easy,mod", ",".join(["easy"] * 8), "easy,:fn"]
)
def test_a_bad_list_of_players_is_bad_input(
    capsys: pytest.CaptureFixture[str], players: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        six_arena(capsys, "--players", players)
    out, err = capsys.readouterr()
    assert stopped.value.code == 2 and out == "" and err.count("\n") == 1


@pytest.mark.processes
def test_the_figures_do_not_depend_on_the_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--players", f"{player('six_first')},hard,easy", "--deals", "0-5", "--json"]
    assert six_arena(capsys, *argv, "--jobs", "1")[1] == six_arena(capsys, *argv, "--jobs", "2")[1]


def test_the_games_a_scripted_entrant_lost_are_written_as_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from golf.replay_files import check, read_replay

    out = tmp_path / "losses"
    status, data, _, _ = six_arena(
        capsys,
        "--players",
        f"{player('six_first')},hard",
        "--deals",
        "0-3",
        "--record-losses",
        str(out),
        "--json",
    )
    assert status == 0 and data is not None
    mine = data["entrants"][0]
    written = sorted(out.glob("*.yaml"))
    # every game the scripted entrant did not win outright, no other (a shared win is a win)
    assert len(written) == mine["games"] - round(mine["wins"] + 0.49)
    for path in written:
        replay = read_replay(path)
        assert check(replay).true, path  # the file is true: its actions give its result
        assert player("six_first")[-39:] in path.read_text(encoding="utf-8")
