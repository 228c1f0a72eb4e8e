"""The ``arena`` subcommand: scripted players over many deals, their faults, the example players.

These run the arena with ``--in-process`` (the fast layer starts no process); the player in a
process of its own, as the arena runs it by default, is tested in ``test_arena_process.py``."""

from __future__ import annotations

import json
import signal
from pathlib import Path
from typing import Any

import pytest

from golf.replay_files import verify_file
from golf.solitaire import engine, replay
from golf.solitaire.arena import PlayerView
from golf.solitaire.rules import EASY, STRICT
from golfcli import commands as cli
from golfcli.arena import Guard

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = Path(__file__).resolve().parent / "arena_players.py"
EXAMPLES = ROOT / "docs" / "examples"


def player(name: str) -> str:
    return f"{PLAYERS}:{name}"


def arena(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(["arena", *argv, "--in-process"])
    out, err = capsys.readouterr()
    return status, out, err


def arena_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    status, out, _ = arena(capsys, *argv, "--json")
    return status, json.loads(out)


def test_the_table_shows_the_player_beside_the_hint_player(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = arena(
        capsys, "--player", player("first"), "--deals", "0-1", "--rules", "strict"
    )
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "rules: Strict (traditional); deals 0-1 (2); at most 1000 ms a move"
    assert lines[1].startswith(f"  {player('first')}: won ")
    assert lines[2].startswith("  built-in hint player: won ")
    assert "95 %:" in lines[1] and "mean score" in lines[1] and "faults: 0" in lines[1]
    assert "Wilson" in lines[3]
    assert err == "deals played: 2/2\n"  # not a terminal: no bar, one line at the end


def test_the_text_is_french_with_lang_fr(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = arena(
        capsys, "--player", player("first"), "--deals", "0-1", "--no-hint", "--lang", "fr"
    )
    assert status == 0
    assert out.startswith("règles : Facile ; donnes 0-1 (2) ; au plus 1000 ms par coup\n")
    assert "victoires 0 sur 2" in out or "victoires 1 sur 2" in out or "victoires 2 sur 2" in out
    assert "score moyen" in out


def test_json_has_the_figures_of_both_players(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = arena_json(
        capsys, "--player", player("first"), "--deals", "3-4", "--rules", "strict"
    )
    assert status == 0
    assert set(data) == {
        "rules",
        "first_deal",
        "last_deal",
        "secret_seed",
        "move_ms",
        "player",
        "hint",
        "faults",
        "recorded",
    }
    mine = data["player"]
    assert mine["games"] == 2 and mine["faults"] == 0
    assert mine["win_low"] <= mine["win_rate"] <= mine["win_high"]
    assert data["hint"]["name"] == "built-in hint player" and data["hint"]["games"] == 2
    # the player's games are the engine's own with the first legal action
    moves = []
    for number in (3, 4):
        position = engine.deal(number, STRICT)
        count = 0
        while legal := engine.legal_actions(position, STRICT):
            position = engine.apply(position, legal[0], STRICT)
            count += 1
        moves.append(count)
    assert mine["mean_moves"] == sum(moves) / 2


def test_a_player_that_raises_is_reported_and_the_run_goes_on(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = arena(capsys, "--player", player("raises"), "--deals", "0-2", "--no-hint")
    assert status == 1
    assert "fault: deal 0 (GO1-E-AAAAAAA), move 3: the player raised ValueError: no idea" in out
    assert "fault: deal 2 (GO1-E-AAAAAAC), move 3" in out
    assert "won 0 of 3" in out and "faults: 3" in out


def test_an_illegal_answer_is_reported_with_the_deal_and_the_move(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, data = arena_json(capsys, "--player", player("illegal"), "--deals", "5-6", "--no-hint")
    assert status == 1
    assert data["faults"] == [
        {"deal": 5, "code": "GO1-E-AAAAAAF", "move": 2, "kind": "illegal", "detail": "'jump'"},
        {"deal": 6, "code": "GO1-E-AAAAAAG", "move": 2, "kind": "illegal", "detail": "'jump'"},
    ]


def test_a_player_past_the_time_limit_is_stopped_and_reported(
    capsys: pytest.CaptureFixture[str],
) -> None:
    wastes = [engine.deal(n, EASY).waste[-1] for n in range(6)]
    red = [n for n, card in enumerate(wastes) if 13 <= card < 39]
    assert red and len(red) < 6  # some deals the player sleeps on, some not
    status, data = arena_json(
        capsys, "--player", player("slow"), "--deals", "0-5", "--no-hint", "--move-ms", "50"
    )
    assert status == 1
    assert [(f["deal"], f["move"], f["kind"]) for f in data["faults"]] == [
        (n, 1, "slow") for n in red
    ]
    assert all(int(f["detail"]) >= 50 for f in data["faults"])
    assert data["player"]["games"] == 6


def test_a_player_that_looks_for_the_stock_finds_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, data = arena_json(capsys, "--player", player("peeker"), "--deals", "0-3", "--no-hint")
    assert status == 0, data["faults"]
    assert data["faults"] == []


def test_the_view_holds_no_stock_and_cannot_be_changed() -> None:
    position = engine.deal(0, EASY)
    view = PlayerView.of(position, engine.legal_actions(position, EASY), EASY, 0)
    assert set(view._fields) == {
        "columns",
        "waste",
        "stock_count",
        "legal",
        "rules",
        "moves",
        "table",
    }
    assert not hasattr(view, "__dict__")
    assert view.stock_count == len(position.stock)
    assert sorted(view.unseen()) == sorted(position.stock)  # worked out from what is seen
    with pytest.raises(AttributeError):
        view.waste = ()  # type: ignore[misc]
    assert "stock_count=16" in repr(view)


def test_lost_games_are_recorded_as_replays_that_verify(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "losses"
    status, data = arena_json(
        capsys,
        "--player",
        player("raises"),
        "--deals",
        "0-1",
        "--no-hint",
        "--record-losses",
        str(out),
    )
    assert status == 1
    files = sorted(out.glob("*.yaml"))
    assert [f.name for f in files] == ["GO1-E-AAAAAAA.yaml", "GO1-E-AAAAAAB.yaml"]
    assert data["recorded"] == [str(f) for f in files]
    for path in files:
        assert verify_file(path) == []
        loaded = replay.load(path)
        assert len(loaded.actions) == 2 and loaded.result is not None
        assert loaded.title is not None and "move 3" in loaded.title


def test_a_player_that_cannot_be_loaded_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for spec, said in (
        ("no_such_module_for_golf:choose", "cannot load no_such_module_for_golf"),
        (f"{tmp_path}/missing.py:choose", "is not a file"),
        (player("NOT_CALLABLE"), "has no function NOT_CALLABLE"),
    ):
        status, out, err = arena(capsys, "--player", spec)
        assert status == 2 and out == ""
        assert said in err and err.count("\n") == 1


def test_the_guard_gives_back_the_timer_it_found() -> None:
    before = signal.getsignal(signal.SIGALRM)
    remaining = signal.getitimer(signal.ITIMER_REAL)[0]
    with Guard(lambda view: None, 100) as guard:
        assert guard.alarm
    assert signal.getsignal(signal.SIGALRM) == before
    if remaining:  # a test run's timeout goes on
        assert 0 < signal.getitimer(signal.ITIMER_REAL)[0] <= remaining


@pytest.mark.parametrize("name", ["greedy", "long_runs"])
def test_the_example_players_play_without_a_fault(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    spec = f"{EXAMPLES / (name + '.py')}:choose"
    status, data = arena_json(capsys, "--player", spec, "--deals", "0-19", "--no-hint")
    assert status == 0
    assert data["faults"] == []
    assert data["player"]["games"] == 20 and data["player"]["wins"] >= 1


@pytest.mark.processes
def test_the_figures_do_not_depend_on_the_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--player", player("raises"), "--deals", "0-5", "--rules", "classic"]
    one = arena_json(capsys, *argv, "--jobs", "1")
    two = arena_json(capsys, *argv, "--jobs", "2")
    assert one == two


def test_secret_deals_come_from_a_seed_printed_after_the_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from golf.core.deal import MAX_DEAL
    from golfcli.arena import secret_deals

    drawn = secret_deals(7, 50)
    assert drawn == secret_deals(7, 50) and drawn != secret_deals(8, 50)
    assert len(set(drawn)) == 50 and all(0 <= n < MAX_DEAL for n in drawn)
    assert max(drawn) > 26**6  # from all the deal numbers, not a published range
    argv = ("--player", player("raises"), "--secret-deals", "3", "--no-hint")
    status, first = arena_json(capsys, *argv)
    seed = first["secret_seed"]
    assert status == 1 and isinstance(seed, int) and first["first_deal"] is None
    assert [f["deal"] for f in first["faults"]] == secret_deals(seed, 3)
    _, again = arena_json(capsys, *argv, "--secret-seed", str(seed))
    assert again == first
    status, out, _ = arena(capsys, *argv, "--secret-seed", "5", "--lang", "fr")
    assert out.startswith(
        "règles : Facile ; 3 donnes secrètes tirées au hasard (graine 5 : --secret-seed 5 les "
        "rejoue) ; au plus 1000 ms par coup\n"
    )


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("--secret-deals", "3", "--deals", "0-4"), "--deals and --secret-deals: one or the other"),
        (("--secret-seed", "3"), "--secret-seed goes with --secret-deals"),
    ],
)
def test_secret_deals_take_no_range_and_a_seed_needs_them(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], said: str
) -> None:
    status, out, err = arena(capsys, "--player", player("first"), *argv)
    assert status == 2 and out == "" and said in err


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_where_a_player_cannot_have_its_own_process_the_arena_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    from golfcli import arena as arena_module

    monkeypatch.setattr(arena_module, "SEPARATE", False)  # as on Windows
    status = cli.main(
        ["arena", "--player", player("first"), "--deals", "0-1", "--no-hint", "--lang", lang]
    )  # no --in-process: the arena would start a process, which this layer refuses
    _, err = capsys.readouterr()
    assert status == 0
    said = "as with --in-process" if lang == "en" else "comme avec --in-process"
    assert said in err.splitlines()[0]
