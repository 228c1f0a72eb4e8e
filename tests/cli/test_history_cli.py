"""The ``history`` command: the finished games of the player's journal, newest first, and any
of them written again as a replay file that ``verify`` passes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from golf.core import folders
from golf.journal.journal import Ending, Journal
from golf.replay_files import check, read_replay
from golf.sixcard import replay as six_replay
from golf.sixcard.replay import SixReplay
from golf.solitaire import replay as solitaire_replay
from golf.solitaire.replay import Replay
from golfcli import commands as cli

ROOT = Path(__file__).resolve().parents[2]
SOLITAIRE = ROOT / "replays" / "easy-win-with-undos.yaml"
BLOCKED = ROOT / "replays" / "classic-blocked.yaml"
SIX_CARD = ROOT / "replays" / "six-card-two-computers.yaml"


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(folders.DATA_DIR_ENV, str(folder))
    return folder


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        status = cli.main(argv)
    except SystemExit as done:  # argparse's usage errors
        status = done.code if isinstance(done.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def _times(replay: Replay | SixReplay) -> tuple[float, ...]:
    return tuple(0.0 if t is None else t for t in replay.times)


def finish_solitaire(
    journal: Journal, path: Path, ended: str, rules: str = "easy", daily: str | None = None
) -> int:
    """A solitaire game from a sample replay, played and finished in the journal."""
    replay = solitaire_replay.load(path)
    assert replay.code is not None and replay.result is not None
    gid = journal.begin("solitaire", replay.code, rules, "2026-12-01T10:00:00", daily=daily)
    actions = tuple(str(a) for a in replay.actions)
    for seq, (action, pause) in enumerate(zip(actions, _times(replay), strict=True)):
        journal.act(gid, seq, action, pause, 0.0, 0.0)
    result = replay.result
    journal.finish(
        gid,
        Ending(
            outcome="won" if result.outcome == "won" else "blocked",
            ended=ended,
            actions=actions,
            times=_times(replay),
            seconds=sum(_times(replay)),
            moves=result.moves,
            score=result.score,
            cards_left=0,
            stock_left=result.stock,
            undos=0,
        ),
    )
    return gid


def finish_six_card(journal: Journal, ended: str) -> int:
    replay = six_replay.load(SIX_CARD)
    gid = journal.begin(
        "six-card",
        replay.code,
        "standard",
        "2026-12-02T09:30:00",
        setup={"kinds": ["human", "hard"], "speed": "fast"},
    )
    actions = tuple(str(a) for a in replay.actions)
    journal.finish(
        gid,
        Ending(
            outcome="finished",
            ended=ended,
            actions=actions,
            times=(1.25,) * len(actions),
            seconds=1.25 * len(actions),
            moves=len(actions),
            score=replay.result.totals[0],
            result={
                "totals": list(replay.result.totals),
                "winners": list(replay.result.winners),
                "seats": ["human", "hard"],
            },
        ),
    )
    return gid


@pytest.fixture
def journal(data_dir: Path) -> dict[str, int]:
    """A journal with a blocked solitaire, a won solitaire, a six-card game, a daily deal and a
    game still in play, in that order."""
    j = Journal(data_dir)
    try:
        ids = {
            "blocked": finish_solitaire(j, BLOCKED, "2026-12-01T10:05:00", rules="classic"),
            "won": finish_solitaire(j, SOLITAIRE, "2026-12-01T11:00:00"),
            "six": finish_six_card(j, "2026-12-02T10:00:00"),
            "daily": finish_solitaire(j, SOLITAIRE, "2026-12-03T08:00:00", daily="2026-12-03"),
        }
        ids["playing"] = j.begin("solitaire", "GO1-E-AAAAAAA", "easy", "2026-12-04T08:00:00")
        j.act(ids["playing"], 0, "draw", 1.0, 1.0, 1.0)
    finally:
        j.close()
    return ids


def test_an_empty_journal_says_so_in_one_line_and_creates_nothing(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["history"], capsys) == (0, "No game is finished yet.\n", "")
    assert run(["history", "--lang", "fr"], capsys)[1] == "Aucune partie n'est encore terminée.\n"
    status, out, _ = run(["history", "--json"], capsys)
    assert (status, json.loads(out)) == (0, {"games": []})
    assert not data_dir.exists()


def test_the_list_is_newest_first_with_every_field(
    journal: dict[str, int], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["history", "--json"], capsys)
    assert (status, err) == (0, "")
    games = json.loads(out)["games"]
    order = ["daily", "six", "won", "blocked"]
    assert [g["id"] for g in games] == [journal[name] for name in order]
    daily, six, won, blocked = games
    won_replay = solitaire_replay.load(SOLITAIRE)
    assert won == {
        "id": journal["won"],
        "game": "solitaire",
        "code": won_replay.code,
        "rules": "easy",
        "result": "won",
        "score": 350,
        "scoring": "points",
        "moves": won_replay.result.moves if won_replay.result else None,
        "seconds": pytest.approx(sum(_times(won_replay)), abs=0.01),
        "ended": "2026-12-01T11:00:00",
        "daily": None,
        "round": None,
        "hole": None,
        "placing": None,
    }
    assert (blocked["result"], blocked["rules"]) == ("blocked", "classic")
    assert daily["daily"] == "2026-12-03"
    assert six["game"] == "six-card" and six["code"] == "G6-2-AAAABVM"
    assert (six["rules"], six["result"], six["scoring"]) == ("standard", "finished", "points")
    assert six["seconds"] == pytest.approx(1.25 * six["moves"])
    winners = six_replay.load(SIX_CARD).result.winners
    assert six["placing"] == ("won" if winners == (0,) else "tied" if 0 in winners else "lost")


def test_the_table_starts_each_line_with_the_game_s_number(
    journal: dict[str, int], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(["history"], capsys)
    assert status == 0
    header, *lines = out.splitlines()
    assert header.split() == [
        "N", "game", "code", "rules", "result", "score", "moves", "time", "when"
    ]  # fmt: skip
    numbers = [int(line.split()[0]) for line in lines]
    assert numbers == [journal[n] for n in ("daily", "six", "won", "blocked")]
    assert "six-card" in lines[1] and "Standard" in lines[1] and "2026-12-02 10:00" in lines[1]
    assert lines[1].split()[4] in ("won", "tied", "lost")  # how the person did, not "finished"
    assert "daily deal of 2026-12-03" in lines[0]
    assert "Classic" in lines[3] and "blocked" in lines[3]
    widths = {len(line.split("  daily")[0]) for line in lines[1:]}
    assert len(widths) == 1  # the columns line up
    status, out, _ = run(["history", "--lang", "fr"], capsys)
    assert out.splitlines()[0].split()[:3] == ["N", "jeu", "code"]
    assert "six cartes" in out and "gagnée" in out and "donne du jour du 2026-12-03" in out


def test_a_round_s_holes_show_their_strokes(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    j = Journal(data_dir)
    rid = j.begin_round(2232, "strict", 9, "2026-12-01T10:00:00")
    gid = j.begin(
        "solitaire", "GO1-C-AAAAAAB-VS", "strict", "2026-12-01T10:00:00", round_id=rid, hole=1
    )
    ending = Ending("blocked", "2026-12-01T10:10:00", ("draw",), (2.0,), 2.0, 1, score=7)
    assert j.finish_hole(gid, ending, rid, None)
    j.close()
    status, out, _ = run(["history"], capsys)
    assert status == 0
    assert "7 strokes" in out and "round 1, hole 1" in out
    assert json.loads(run(["history", "--json"], capsys)[1])["games"][0]["scoring"] == "strokes"
    assert "7 coups" in run(["history", "--lang", "fr"], capsys)[1]


def test_a_solitaire_game_is_written_as_the_recorder_writes_it(
    journal: dict[str, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "won.yaml"
    status, out, err = run(["history", "--replay", str(journal["won"]), str(target)], capsys)
    assert (status, err) == (0, "")
    assert out == f"game {journal['won']} written to {target}\n"
    written = read_replay(target)
    assert isinstance(written, Replay)
    assert check(written).true
    source = solitaire_replay.load(SOLITAIRE)
    assert written.code == source.code and written.actions == source.actions
    assert written.times == source.times  # the pause before each action, to the millisecond
    assert written.result == source.result
    assert written.recorded == "2026-12-01T10:00:00" and written.title is None
    assert run(["verify", str(target)], capsys)[0] == 0


def test_a_six_card_game_is_written_with_its_seats(
    journal: dict[str, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "six.yaml"
    status, _, err = run(["history", "--replay", str(journal["six"]), str(target)], capsys)
    assert (status, err) == (0, "")
    written = read_replay(target)
    assert isinstance(written, SixReplay)
    assert check(written).true
    source = six_replay.load(SIX_CARD)
    assert written.code == source.code and written.actions == source.actions
    assert written.result == source.result
    assert written.seats == ("You", "Player 2 (hard)")
    assert set(written.times) == {1.25}
    assert written.recorded == "2026-12-02T09:30:00"
    assert run(["verify", str(target)], capsys)[0] == 0
    status, out, _ = run(
        ["history", "--replay", str(journal["six"]), str(target), "--json"], capsys
    )
    assert json.loads(out) == {"id": journal["six"], "game": "six-card", "file": str(target)}


@pytest.mark.parametrize("which", ["nothing", "playing"])
def test_an_unknown_game_is_one_line_and_status_2(
    journal: dict[str, int], tmp_path: Path, capsys: pytest.CaptureFixture[str], which: str
) -> None:
    number = journal["playing"] if which == "playing" else 99
    target = tmp_path / "x.yaml"
    status, out, err = run(["history", "--replay", str(number), str(target)], capsys)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and f"no finished game {number}" in err
    assert not target.exists()


@pytest.mark.parametrize(
    "argv",
    [["history", "--replay", "1"], ["history", "out.yaml"], ["history", "--replay", "0", "x.yaml"]],
)
def test_replay_and_file_go_together(
    data_dir: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(argv, capsys)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1


def test_a_game_whose_actions_cannot_be_read_fails_in_one_line(
    journal: dict[str, int], data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    j = Journal(data_dir)
    j.db.write(("UPDATE games SET actions = ? WHERE id = ?", (b"not zlib", journal["won"])))
    j.db.write(
        (
            "UPDATE games SET code = 'GO1-E-AAAAAAA' WHERE id = ?",  # its actions: another deal
            (journal["blocked"],),
        )
    )
    j.close()
    for name in ("won", "blocked"):
        target = tmp_path / f"{name}.yaml"
        status, out, err = run(["history", "--replay", str(journal[name]), str(target)], capsys)
        assert (status, out) == (1, "")
        assert err.startswith(f"history: game {journal[name]} cannot be written as a replay: ")
        assert err.count("\n") == 1
        assert not target.exists()


def test_a_corrupt_journal_is_told_and_kept_aside(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data_dir.mkdir()
    (data_dir / "journal.sqlite3").write_bytes(b"not a database at all")
    status, out, err = run(["history"], capsys)
    assert status == 1
    assert out == "No game is finished yet.\n"
    assert err.count("\n") == 1 and "journal.sqlite3.corrupt-1" in err
    assert (data_dir / "journal.sqlite3.corrupt-1").read_bytes() == b"not a database at all"


def test_a_hole_the_window_recorded_shows_its_strokes_not_its_points(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the window writes a hole's game as any game (its points under Easy) with the cards left
    # on the tableau and in the stock: the strokes are read from those (SPEC §3)
    j = Journal(data_dir)
    rid = j.begin_round(2232, "easy", 9, "2026-12-01T10:00:00")
    for hole, (left, stock, points) in enumerate(((4, 6, 310), (0, 3, 350)), start=1):
        gid = j.begin(
            "solitaire", "GO1-E-AAAAAAB", "easy", "2026-12-01T10:00:00", round_id=rid, hole=hole
        )
        ending = Ending(
            "blocked" if left else "won",
            f"2026-12-01T10:1{hole}:00",
            ("draw",),
            (2.0,),
            2.0,
            1,
            score=points,
            cards_left=left,
            stock_left=stock,
        )
        assert j.finish_hole(gid, ending, rid, None)
    j.close()
    games = json.loads(run(["history", "--json"], capsys)[1])["games"]
    assert [(g["score"], g["scoring"]) for g in games] == [(-3, "strokes"), (4, "strokes")]
    out = run(["history"], capsys)[1]
    assert "-3 strokes" in out and "4 strokes" in out and "310" not in out
