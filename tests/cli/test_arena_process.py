"""The arena with each scripted player in a process of its own (the default): what the
player's process holds, its faults (raised, slow, illegal, died, hung), and the same figures
as the player called in the arena's own process (``--in-process``) on the same deals."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from golf.solitaire.rules import EASY
from golfcli import commands as cli
from golfcli.arena import DealResult, play_deals

pytestmark = pytest.mark.processes

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = Path(__file__).resolve().parent / "arena_players.py"
EXAMPLES = ROOT / "docs" / "examples"


def player(name: str) -> str:
    return f"{PLAYERS}:{name}"


def arena_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    status = cli.main(["arena", *argv, "--json"])
    out, _ = capsys.readouterr()
    return status, json.loads(out)


def games(name: str, numbers: range, **options: Any) -> list[DealResult]:
    options.setdefault("limit_ms", 1000)
    return list(play_deals(player(name), numbers, EASY, hint=False, jobs=1, **options))


def test_a_hostile_player_finds_no_stock_in_its_process(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("--deals", "0-3", "--no-hint")
    # called in the arena's process it finds the stock's order (gc and the stack)...
    status, there = arena_json(capsys, "--player", player("snoop"), *argv, "--in-process")
    assert status == 1 and there["faults"]
    assert all("found" in f["detail"] for f in there["faults"])
    # ...in its own process, nothing: it plays as the honest player does
    status, alone = arena_json(capsys, "--player", player("snoop"), *argv)
    assert status == 0 and alone["faults"] == []
    _, honest = arena_json(capsys, "--player", player("first"), *argv, "--in-process")
    for data in (alone, honest):
        data["player"].pop("name")
    assert alone["player"] == honest["player"]


@pytest.mark.parametrize(
    ("name", "detail"),
    [("killed", "signal SIGKILL"), ("exits", "exit status 3"), ("crashes", "signal SIGSEGV")],
)
def test_a_player_process_that_dies_is_reported_and_the_run_completes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str, detail: str
) -> None:
    monkeypatch.setenv("GOLF_TEST_ONCE", str(tmp_path / "once"))
    numbers = range(0, 12)
    played = games(name, numbers, batch=4)
    honest = games("first", numbers, in_process=True)
    assert [r.number for r in played] == list(numbers)
    faulted = [r.player for r in played if r.player.fault is not None]
    assert len(faulted) == 1
    fault = faulted[0].fault
    assert fault is not None and (fault.kind, fault.detail, fault.move) == ("died", detail, 4)
    # every other game, asked again of the new process where needed, is the honest one
    for mine, theirs in zip(played, honest, strict=True):
        if mine.player.fault is None:
            assert mine.player == theirs.player


def test_a_player_process_that_hangs_is_stopped_and_the_run_goes_on(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("GOLF_TEST_ONCE", str(tmp_path / "once"))
    start = time.monotonic()
    played = games("hangs", range(0, 6), limit_ms=200)
    assert time.monotonic() - start < 30
    faults = [r.player.fault for r in played if r.player.fault is not None]
    assert len(faults) == 1 and faults[0].kind == "hung" and faults[0].move == 4
    assert int(faults[0].detail) >= 1400  # twice the limit and a second
    assert len(played) == 6


@pytest.mark.parametrize("name", ["raises", "illegal", "slow"])
def test_the_faults_are_those_of_the_player_in_one_process(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    limit = "50" if name == "slow" else "1000"  # a fast move is never near the limit
    argv = ("--player", player(name), "--deals", "0-5", "--no-hint", "--move-ms", limit)
    _, alone = arena_json(capsys, *argv)
    _, there = arena_json(capsys, *argv, "--in-process")
    assert alone["faults"]

    def kinds(data: dict[str, Any]) -> list[tuple[int, int, str]]:
        return [(f["deal"], f["move"], f["kind"]) for f in data["faults"]]

    assert kinds(alone) == kinds(there)
    if name != "slow":  # a slow move's detail is its time
        assert alone == there


@pytest.mark.parametrize(
    ("name", "extra"),
    [("greedy", ()), ("long_runs", ("--batch", "1")), ("greedy", ("--jobs", "2"))],
)
def test_the_example_players_figures_equal_the_in_process_figures(
    capsys: pytest.CaptureFixture[str], name: str, extra: tuple[str, ...]
) -> None:
    argv = ("--player", f"{EXAMPLES / (name + '.py')}:choose", "--deals", "0-79", "--no-hint")
    status, alone = arena_json(capsys, *argv, *extra)
    _, there = arena_json(capsys, *argv, "--in-process")
    assert status == 0 and alone["player"]["wins"] >= 1
    assert alone == there


def test_the_hint_player_is_the_same_beside_a_player_process(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("--player", f"{EXAMPLES / 'greedy.py'}:choose", "--deals", "0-1")
    assert arena_json(capsys, *argv) == arena_json(capsys, *argv, "--in-process")


def test_what_a_player_prints_stays_out_of_the_output(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = arena_json(capsys, "--player", player("noisy"), "--deals", "0-1", "--no-hint")
    assert status == 0 and data["player"]["games"] == 2


def test_a_player_its_process_cannot_load_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for spec, said in (
        ("no_such_module_for_golf:choose", "cannot load no_such_module_for_golf"),
        (f"{tmp_path}/missing.py:choose", "is not a file"),
        (player("NOT_CALLABLE"), "has no function NOT_CALLABLE"),
    ):
        status = cli.main(["arena", "--player", spec, "--no-hint"])
        out, err = capsys.readouterr()
        assert status == 2 and out == ""
        assert said in err and err.count("\n") == 1


def six_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    cli.main(["six-card", "arena", *argv, "--json"])
    out, _ = capsys.readouterr()
    data: dict[str, Any] = json.loads(out)
    return data


@pytest.mark.parametrize("extra", [(), ("--jobs", "2")])
def test_six_card_seats_in_their_processes_give_the_in_process_figures(
    capsys: pytest.CaptureFixture[str], extra: tuple[str, ...]
) -> None:
    low = f"{EXAMPLES / 'six_card_low.py'}:choose"
    argv = ("--players", f"{low},hard,easy,{player('six_first')}", "--deals", "0-7")
    alone = six_json(capsys, *argv, *extra)
    assert alone == six_json(capsys, *argv, "--in-process")
    assert alone["faults"] == []


def test_a_six_card_seat_whose_process_dies_is_reported_and_the_game_goes_on(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("GOLF_TEST_ONCE", str(tmp_path / "once"))
    argv = ("--players", f"{player('six_killed')},easy,easy", "--deals", "0-2")
    data = six_json(capsys, *argv)
    assert [(f["deal"], f["seat"], f["kind"], f["detail"]) for f in data["faults"]] == [
        (0, 1, "died", "signal SIGKILL")
    ]
    assert all(row["games"] == 3 for row in data["entrants"])


def test_a_long_message_of_slow_moves_is_not_taken_for_a_hang(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 512 games a message: 6 s of 12 ms moves, past the 3 s a process may stay on one view
    # with a 1 s limit, and a second message larger than a pipe's buffer waiting
    argv = ("--deals", "0-1023", "--no-hint", "--move-ms", "1000", "--batch", "1024")
    status, data = arena_json(capsys, "--player", player("sleepy"), *argv)
    assert status == 0 and data["faults"] == [], data["faults"]
    assert data["player"]["games"] == 1024


def test_a_hanging_player_that_moves_its_counter_is_stopped_all_the_same(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("GOLF_TEST_ONCE", str(tmp_path / "once"))
    start = time.monotonic()
    played = games("forger", range(0, 4), limit_ms=200, batch=4)
    assert time.monotonic() - start < 30
    faults = [r.player.fault for r in played if r.player.fault is not None]
    assert len(faults) == 1 and faults[0].kind == "hung"
    assert len(played) == 4
