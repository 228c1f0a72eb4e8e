"""The ``stats`` subcommand, registered on a parser of the test's own: the figures read from the
player's journal, version 0.1.0's files imported into it once."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from golf.core import folders
from golf.journal.journal import Ending, Journal
from golf.solitaire.stats import STATS_DOCUMENT, GameResult, Stats, record_game, record_round
from golfcli import commands as cli
from golfcli import stats as stats_cli

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py")
    subparsers = parser.add_subparsers(dest="command")
    stats_cli.register(subparsers, "en")
    args = parser.parse_args(argv)
    status: int = args.run(args)
    return status


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(folders.DATA_DIR_ENV, str(folder))
    return folder


def _saved_stats(folder: Path) -> Stats:
    stats = Stats()
    for result in (
        GameResult("won", 350, 0, date="2026-11-30", daily=True),
        GameResult("blocked", 150, 10, undos=1, date="2026-12-01", daily=True),
        GameResult("won", 350, 0, undos=2),
    ):
        stats = record_game(stats, "classic", result)
    stats = record_game(stats, "strict", GameResult("won", -3, 0, stock_left=3))
    stats = record_round(stats, "strict", 51)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / STATS_DOCUMENT.name).write_text(
        STATS_DOCUMENT.to_text(stats), encoding="utf-8"
    )  # 0.1.0's file
    return stats


def test_json_output_has_every_figure(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _saved_stats(data_dir)
    assert run(["stats", "--json", "--today", "2026-12-01"]) == 0
    out = json.loads(capsys.readouterr().out)
    classic = out["rule_sets"]["classic"]
    assert classic["played"] == 3
    assert classic["won"] == 2
    assert classic["win_rate"] == pytest.approx(66.7)
    assert classic["best_score"] == 350
    assert classic["average_score"] == pytest.approx(283.33)
    assert classic["average_cards_left"] == pytest.approx(3.33)
    assert (classic["current_streak"], classic["longest_streak"]) == (1, 1)
    assert classic["perfect_games"] == 1
    assert [g["outcome"] for g in classic["recent"]] == ["won", "blocked", "won"]
    assert classic["daily_done"] == ["2026-11-30", "2026-12-01"]
    strict = out["rule_sets"]["strict"]
    assert (strict["rounds_played"], strict["best_round_9"], strict["best_round_18"]) == (
        1,
        51,
        None,
    )
    assert strict["best_score"] == -3
    assert out["daily"] == {
        "days_done": 2,
        "longest_streak": 2,
        "today": "2026-12-01",
        "current_streak": 2,
        "done_today": {"E": False, "C": True},
    }


def test_text_output_in_english_and_french(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _saved_stats(data_dir)
    assert run(["stats"]) == 0
    text = capsys.readouterr().out
    assert "Classic\n  played 3, won 2 (66.7 %), perfect 1" in text
    assert "Strict (traditional)" in text
    assert "best round of 9 holes 51" in text
    assert "Daily deals: 2 days done, longest streak 2" in text
    assert run(["stats", "--lang", "fr", "--today", "2026-12-03"]) == 0
    text = capsys.readouterr().out
    assert "Classique\n  parties 3, gagnées 2 (66,7 %), parfaites 1" in text
    assert "Donnes du jour : 2 jours joués, plus longue série 2, série en cours 0" in text


def test_no_games_yet(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["stats"]) == 0
    out = capsys.readouterr().out
    assert "No games played yet." in out
    assert "Daily deals: 0 days done, longest streak 0" in out
    assert not data_dir.exists()


def test_a_corrupt_file_is_reported_and_left_in_place(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data_dir.mkdir()
    broken = '{"version": 2, "rule_sets": '
    (data_dir / "stats.json").write_text(broken, encoding="utf-8")
    assert run(["stats", "--json"]) == 1
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1
    assert "stats.json" in captured.err
    assert "left as it is" in captured.err
    assert json.loads(captured.out)["rule_sets"] == {}
    assert (data_dir / "stats.json").read_text(encoding="utf-8") == broken
    assert "journal.sqlite3" in {p.name for p in data_dir.iterdir()}


def test_the_figures_of_version_0_1_0_s_folder_are_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "data"
    shutil.copytree(FIXTURES / "data-0.1.0", folder)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    monkeypatch.setenv(folders.DATA_DIR_ENV, str(folder))
    printed = json.loads((FIXTURES / "data-0.1.0.stats.json").read_text(encoding="utf-8"))
    for _ in range(2):  # imported into the journal, then read from it alone
        assert cli.main(["stats", "--json"]) == 0
        out, err = capsys.readouterr()
        assert err == ""
        assert json.loads(out) == printed
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.name in before} == before
    assert (folder / "journal.sqlite3").is_file()


def test_the_figures_are_read_from_the_journal_s_games(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = Journal(data_dir)
    won = Ending("won", "2026-12-01T10:05:00", ("draw",), (1.0,), 1.0, 1, score=350, cards_left=0)
    for ending in (won, replace(won, outcome="blocked", score=120, cards_left=9)):
        gid = journal.begin("solitaire", "GO1-C-AAAAAAB", "classic", "2026-12-01T10:00:00")
        assert journal.finish(gid, replace(ending, stock_left=0, undos=0))
    journal.close()
    assert run(["stats", "--json"]) == 0
    classic = json.loads(capsys.readouterr().out)["rule_sets"]["classic"]
    assert (classic["played"], classic["won"], classic["best_score"]) == (2, 1, 350)
    assert classic["average_cards_left"] == pytest.approx(4.5)
    assert [g["outcome"] for g in classic["recent"]] == ["won", "blocked"]


def test_a_bad_date_is_a_usage_error(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        run(["stats", "--today", "yesterday"])
    assert caught.value.code == 2
    assert "not a date YYYY-MM-DD" in capsys.readouterr().err


@pytest.mark.skipif(sys.platform != "linux", reason="XDG folders are the Linux convention")
def test_the_data_folder_is_the_user_data_folder_unless_overridden(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(folders.DATA_DIR_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert folders.data_dir() == tmp_path / "xdg" / "golf-solitaire"
    monkeypatch.setenv(folders.DATA_DIR_ENV, str(tmp_path / "elsewhere"))
    assert folders.data_dir() == tmp_path / "elsewhere"


def test_one_daily_deal_is_counted_in_the_singular(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stats = record_game(Stats(), "easy", GameResult("won", 350, 0, date="2026-12-01", daily=True))
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / STATS_DOCUMENT.name).write_text(
        STATS_DOCUMENT.to_text(stats), encoding="utf-8"
    )  # 0.1.0's file
    assert run(["stats", "--today", "2026-12-01"]) == 0
    assert "Daily deals: 1 day done, longest streak 1, current streak 1" in capsys.readouterr().out
    assert run(["stats", "--lang", "fr"]) == 0
    assert "Donnes du jour : 1 jour joué, plus longue série 1" in capsys.readouterr().out
