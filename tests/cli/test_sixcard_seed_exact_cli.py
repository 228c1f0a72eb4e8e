"""The six-card commands follow the seed exactly (issue 36, item 8): each grid's players ("De 2 à
6 joueurs pour le Golf à 6 cartes", 4 cards "De 3 à 7 joueurs", 9 cards "pour 3 à 6 joueurs")
refused in one line by every command that starts a game; the cut for the first dealer ("le
premier donneur est désigné par une coupe (la carte la plus basse donne)") and the glossary's
column pair in every game they start, carried by its code."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from golf.sixcard.codes import parse_code
from golf.sixcard.game import cut_cards, lowest_cut
from golf.sixcard.replay import load, verify
from golf.sixcard.rules import new_rules
from golfcli.sixcard import register


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="main.py")
    register(parser.add_subparsers(dest="command"), "en")
    args = parser.parse_args(["six-card", *argv])
    status: int = args.run(args)
    return status


REFUSED = [
    ("9", "2", "a 9-card game is for 3 to 6 players, not 2"),
    ("4", "2", "a 4-card game is for 3 to 7 players, not 2"),
    ("6", "7", "a 6-card game is for 2 to 6 players, not 7"),
    ("9", "7", "a 9-card game is for 3 to 6 players, not 7"),
]


@pytest.mark.parametrize(("grid", "players", "words"), REFUSED)
def test_every_command_that_starts_a_game_refuses_a_count_its_grid_does_not_seat(
    grid: str, players: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    n = int(players)
    entrants = ",".join(["easy"] * n)
    commands = [
        ("simulate", "--players", players, "--ai", "easy", "--rounds", "1"),
        ("record", str(tmp_path / "g.yaml"), "--players", players, "--ai", "easy"),
        ("new-code", "--players", players),
        ("arena", "--players", entrants, "--deals", "0-0"),
    ]
    for argv in commands:
        assert run(*argv, "--grid", grid) == 2, argv
        out, err = capsys.readouterr()
        assert out == "" and err == f"six-card: {words}\n", argv
    assert not (tmp_path / "g.yaml").exists()


def test_the_arena_says_the_refusal_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("arena", "--players", "easy,easy", "--deals", "0-0", "--grid", "9", "--lang", "fr")
    err = capsys.readouterr().err
    assert err == "six-card : une partie à 9 cartes se joue de 3 à 6 joueurs, pas 2\n"


def test_a_recorded_game_is_dealt_after_the_cut_and_its_code_carries_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.yaml"
    assert run("record", str(path), "--players", "3", "--ai", "easy", "--seed", "4") == 0
    capsys.readouterr()
    replay = load(path)
    code = parse_code(replay.code)
    assert replay.code.endswith("-VC") and code.rules == new_rules()
    start = replay.start()
    assert start.cut == cut_cards(code.number, 3)
    assert start.dealer == lowest_cut(start.cut)
    assert verify(replay) == []


def test_a_nine_card_game_of_the_command_line_reads_the_glossarys_pair(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run("new-code", "--players", "3", "--grid", "9", "--seed", "1") == 0
    code = parse_code(capsys.readouterr().out.strip())
    assert str(code).endswith("-V9MC") and code.rules.pairs and code.rules.cut


def test_the_older_rules_stay_switches(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("new-code", "--players", "3", "--grid", "9", "--seed", "1")
    assert run(*argv, "--pairs", "off", "--cut", "off") == 0
    code = parse_code(capsys.readouterr().out.strip())
    assert str(code).endswith("-V9") and not code.rules.pairs and not code.rules.cut


def test_an_older_two_player_code_is_still_recorded_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "old.yaml"
    assert run("record", str(path), "--code", "G6-2-AAAAAAB-V9", "--ai", "easy") == 0
    capsys.readouterr()
    replay = load(path)
    assert replay.code == "G6-2-AAAAAAB-V9" and verify(replay) == []
