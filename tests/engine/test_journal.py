"""The journal of play (``golf.journal``): what it counts, what it keeps, what it imports from
version 0.1.0, and what it does with a database file that cannot be used.

The figures are checked against the pure functions they replace: folding
``golf.solitaire.stats.record_game`` and ``record_round`` over the same games must give the very
statistics the journal reads from its finished games. Files are real (``tmp_path``); no process.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golf.journal.database import FILE_NAME, open_database
from golf.journal.figures import high_scores, statistics
from golf.journal.journal import (
    Ending,
    Journal,
    Outcome,
    pack_actions,
    placing,
    unpack_actions,
)
from golf.journal.legacy import IMPORTED, LEGACY_FILES, open_journal
from golf.journal.schema import missing
from golf.solitaire.codes import format_code
from golf.solitaire.highscores import TABLE_SIZE, Entry
from golf.solitaire.stats import (
    RECENT_GAMES,
    GameResult,
    RuleStats,
    Stats,
    daily_dates,
    record_game,
    record_round,
    reset,
    rules_from_key,
)
from golf.solitaire.stats import (
    Outcome as SolitaireOutcome,
)

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
LEGACY = FIXTURES / "data-0.1.0"
NOW = "2026-04-01T10:00:00"


@pytest.fixture
def journal() -> Iterator[Journal]:
    j = Journal(None)
    yield j
    j.close()


def ending(
    outcome: Outcome = "blocked",
    *,
    score: int = 100,
    left: int = 5,
    undos: int = 0,
    moves: int = 30,
    seconds: float = 60.0,
    ended: str = "2026-03-01T10:00:00",
    actions: tuple[str, ...] = (),
    times: tuple[float, ...] = (),
) -> Ending:
    return Ending(
        outcome,
        ended,
        actions,
        times,
        seconds,
        moves,
        score=score,
        cards_left=left,
        stock_left=0,
        undos=undos,
    )


# --- the statistics are the fold of record_game / record_round over the finished games ---------


@dataclass(frozen=True)
class Played:
    """Games of one rule set, one after the other, all alike."""

    key: str
    outcome: SolitaireOutcome
    score: int
    left: int
    undos: int
    day: str | None
    times: int


@dataclass(frozen=True)
class RoundPlayed:
    key: str
    holes: int
    results: tuple[tuple[SolitaireOutcome, int, int], ...]
    total: int


@dataclass(frozen=True)
class Reset:
    key: str | None


KEYS = ("easy", "classic", "strict")  # strict counts strokes: its best score is the lowest
DAYS = ("2026-02-28", "2026-03-01", "2026-03-02", "2026-03-03")


@st.composite
def results(draw: st.DrawFn) -> tuple[SolitaireOutcome, int, int]:
    outcome: SolitaireOutcome = draw(st.sampled_from(("won", "blocked", "abandoned")))
    left = 0 if outcome == "won" else draw(st.integers(0, 35))
    return outcome, draw(st.integers(-100, 1000)), left


@st.composite
def games(draw: st.DrawFn) -> Played:
    outcome, score, left = draw(results())
    return Played(
        draw(st.sampled_from(KEYS)),
        outcome,
        score,
        left,
        draw(st.sampled_from((0, 0, 1, 3))),
        draw(st.none() | st.sampled_from(DAYS)),
        draw(st.integers(1, 8)),
    )


rounds = st.builds(
    RoundPlayed,
    st.sampled_from(KEYS),
    st.sampled_from((9, 18)),
    st.lists(results(), min_size=1, max_size=3).map(tuple),
    st.integers(-40, 200),
)
resets = st.builds(Reset, st.none() | st.sampled_from(KEYS))
events = st.lists(
    st.one_of(games(), games(), games(), rounds, resets),
    max_size=12,
)


def play_into(journal: Journal, played: list[Played | RoundPlayed | Reset]) -> Stats:
    """Play ``played`` into ``journal``; the statistics 0.1.0's pure functions give for them."""
    model = Stats()
    for number, event in enumerate(played, start=1):
        when = f"2026-03-01T10:{number % 60:02d}:00"
        if isinstance(event, Reset):
            journal.reset(event.key, when)
            model = reset(model, event.key)
        elif isinstance(event, Played):
            code = format_code(number, rules_from_key(event.key))
            for _ in range(event.times):
                gid = journal.begin("solitaire", code, event.key, when, daily=event.day)
                journal.act(gid, 0, "draw", 1.0, 1.0, 1.0)
                e = ending(event.outcome, score=event.score, left=event.left, undos=event.undos)
                assert journal.finish(gid, e)
                result = GameResult(
                    event.outcome,
                    event.score,
                    event.left,
                    undos=event.undos,
                    date=event.day,
                    daily=event.day is not None,
                )
                model = record_game(model, event.key, result)
        else:
            rid = journal.begin_round(number, event.key, event.holes, when)
            code = format_code(number, rules_from_key(event.key))
            for hole, (outcome, score, left) in enumerate(event.results, start=1):
                gid = journal.begin("solitaire", code, event.key, when, round_id=rid, hole=hole)
                last = hole == len(event.results)
                e = ending(outcome, score=score, left=left)
                assert journal.finish_hole(gid, e, rid, event.total if last else None)
                model = record_game(model, event.key, GameResult(outcome, score, left))
            model = record_round(model, event.key, event.total, event.holes)
    return model


@settings(max_examples=30)
@given(events)
def test_the_statistics_are_the_fold_of_record_game_over_the_finished_games(
    played: list[Played | RoundPlayed | Reset],
) -> None:
    journal = Journal(None)
    try:
        model = play_into(journal, played)
        assert statistics(journal.db) == model
    finally:
        journal.close()


def test_the_fold_holds_over_long_runs_streaks_and_the_recent_games(journal: Journal) -> None:
    """More than :data:`RECENT_GAMES` games, streaks longer than one, a reset in the middle."""
    played: list[Played | RoundPlayed | Reset] = [
        Played("easy", "won", 350, 0, 0, None, 7),
        Played("easy", "blocked", 200, 6, 0, "2026-03-01", 1),
        Played("easy", "won", 350, 0, 2, None, 12),
        Played("classic", "abandoned", 40, 20, 0, None, 3),
        Played("easy", "abandoned", 10, 30, 0, "2026-03-02", 2),
        Played("easy", "won", 340, 0, 0, "2026-03-02", 4),
        RoundPlayed("strict", 9, (("blocked", 5, 5), ("won", -3, 0)), 2),
        Reset("classic"),
        Played("strict", "blocked", 7, 7, 0, None, 40),
        Played("strict", "won", -2, 0, 0, None, 15),
        Played("classic", "won", 350, 0, 0, None, 2),
    ]
    model = play_into(journal, played)
    stats = statistics(journal.db)
    assert stats == model
    easy, strict = stats.get("easy"), stats.get("strict")
    assert (easy.played, easy.current_streak, easy.longest_streak) == (26, 4, 12)
    assert easy.daily_done == ("2026-03-01", "2026-03-02")
    assert len(strict.recent) == RECENT_GAMES and strict.best_score == -3
    assert (strict.rounds_played, strict.best_rounds) == (1, {9: 2})
    assert stats.get("classic") == RuleStats(
        played=2,
        won=2,
        score_total=700,
        best_score=350,
        current_streak=2,
        longest_streak=2,
        perfect=2,
        recent=model.get("classic").recent,
    )


# --- a game is counted once; a hole and its round's total together -------------------------------


def test_finishing_a_game_twice_counts_it_once(journal: Journal) -> None:
    gid = journal.begin("solitaire", "GO1-E-AAAAAAB", "easy", NOW)
    journal.act(gid, 0, "draw", 1.0, 1.0, 1.0)
    assert journal.finish(gid, ending("won", score=350, left=0))
    assert not journal.finish(gid, ending("won", score=350, left=0))
    assert not journal.finish(gid, ending("blocked", score=10, left=20))
    assert journal.finished_count() == 1
    stats = statistics(journal.db).get("easy")
    assert (stats.played, stats.won, stats.score_total) == (1, 1, 350)
    assert journal.kept() == []


def test_a_hole_and_its_round_total_are_written_in_one_transaction(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    try:
        rid = journal.begin_round(7, "strict", 9, NOW)
        first = journal.begin("solitaire", "GO1-C-AAAAAAB-VS", "strict", NOW, round_id=rid, hole=1)
        journal.act(first, 0, "draw", 1.0, 1.0, 1.0)
        assert journal.finish_hole(first, ending(score=4, left=4), rid, 4)
        # both are there: the hole counted, the round ended with its total
        assert journal.db.read("SELECT status FROM games WHERE id = ?", (first,)) == [("blocked",)]
        assert journal.db.read("SELECT ended, total FROM rounds WHERE id = ?", (rid,)) == [
            ("2026-03-01T10:00:00", 4)
        ]
        stats = statistics(journal.db).get("strict")
        assert (stats.played, stats.rounds_played, stats.best_rounds) == (1, 1, {9: 4})
        assert not journal.finish_hole(first, ending(score=4, left=4), rid, 4)
        assert statistics(journal.db).get("strict").rounds_played == 1

        # the round's part refused: the hole is not counted either (still in play, its actions kept)
        rid = journal.begin_round(8, "strict", 9, NOW)
        second = journal.begin("solitaire", "GO1-C-AAAAAAC-VS", "strict", NOW, round_id=rid, hole=1)
        journal.act(second, 0, "draw", 1.0, 1.0, 1.0)
        journal.db.connection.execute(
            "CREATE TEMP TRIGGER refuse BEFORE UPDATE OF total ON rounds"
            " BEGIN SELECT RAISE(ABORT, 'refused'); END"
        )
        with pytest.raises(sqlite3.IntegrityError):
            journal.finish_hole(second, ending(score=3, left=3), rid, 3)
        assert journal.db.read("SELECT status FROM games WHERE id = ?", (second,)) == [("playing",)]
        assert [k.actions for k in journal.kept() if k.id == second] == [("draw",)]
        assert journal.db.read("SELECT total FROM rounds WHERE id = ?", (rid,)) == [(None,)]
        assert statistics(journal.db).get("strict").played == 1
        assert not journal.in_memory
    finally:
        journal.close()


# --- high scores -----------------------------------------------------------------------------------


def _signed(
    journal: Journal, key: str, number: int, score: int, moves: int, seconds: float, who: str
) -> int:
    gid = journal.begin("solitaire", format_code(number, rules_from_key(key)), key, NOW)
    e = ending("blocked", score=score, moves=moves, seconds=seconds, ended=f"2026-03-{number:02d}")
    assert journal.finish(gid, e)
    journal.sign(gid, who)
    return gid


def test_high_score_ties_are_broken_by_fewer_moves_then_less_time(journal: Journal) -> None:
    _signed(journal, "easy", 1, 300, 40, 100.0, "AAA")
    _signed(journal, "easy", 2, 300, 30, 120.0, "BBB")
    _signed(journal, "easy", 3, 300, 30, 90.0, "CCC")
    _signed(journal, "easy", 4, 300, 30, 90.0, "DDD")  # a tie in everything: the earlier first
    _signed(journal, "easy", 5, 310, 60, 500.0, "EEE")
    unsigned = journal.begin("solitaire", format_code(6, rules_from_key("easy")), "easy", NOW)
    journal.finish(unsigned, ending(score=400))
    table = high_scores(journal.db).tables["easy"]
    assert [e.initials for e in table] == ["EEE", "CCC", "DDD", "BBB", "AAA"]
    assert table[1] == Entry("CCC", 300, "2026-03-03", "GO1-E-AAAAAAD", 30, 90.0)


def test_a_table_keeps_the_ten_best_and_strokes_count_lowest_first(journal: Journal) -> None:
    for n in range(1, 13):
        _signed(journal, "easy", n, 10 * n, 30, 60.0, "PTS")
        _signed(journal, "strict", n, n - 3, 30, 60.0, "STK")
    scores = high_scores(journal.db)
    easy, strict = scores.tables["easy"], scores.tables["strict"]
    assert len(easy) == len(strict) == TABLE_SIZE == 10
    assert [e.score for e in easy] == [120, 110, 100, 90, 80, 70, 60, 50, 40, 30]
    assert [e.score for e in strict] == [-2, -1, 0, 1, 2, 3, 4, 5, 6, 7]


# --- version 0.1.0's folder --------------------------------------------------------------------------


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _report(s: RuleStats) -> dict[str, Any]:
    """A rule set's figures as 0.1.0's ``golf stats --json`` printed them."""
    return {
        "played": s.played,
        "won": s.won,
        "win_rate": None if s.win_rate is None else round(s.win_rate, 1),
        "best_score": s.best_score,
        "average_score": None if s.average_score is None else round(s.average_score, 2),
        "average_cards_left": None if s.average_left is None else round(s.average_left, 2),
        "current_streak": s.current_streak,
        "longest_streak": s.longest_streak,
        "perfect_games": s.perfect,
        "rounds_played": s.rounds_played,
        "best_round_9": s.best_round(9),
        "best_round_18": s.best_round(18),
        "recent": [{"score": g.score, "outcome": g.outcome, "left": g.left} for g in s.recent],
        "daily_done": list(s.daily_done),
    }


@pytest.fixture
def legacy(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(LEGACY, folder)
    return folder


def test_the_0_1_0_statistics_are_imported_as_that_version_printed_them(legacy: Path) -> None:
    printed = json.loads((FIXTURES / "data-0.1.0.stats.json").read_text(encoding="utf-8"))
    journal = open_journal(legacy, NOW)
    try:
        assert journal.take_notices() == []
        stats = statistics(journal.db)
        assert {k: _report(s) for k, s in stats.rule_sets.items()} == printed["rule_sets"]
        assert len(daily_dates(stats)) == printed["daily"]["days_done"] == 0
    finally:
        journal.close()


def test_the_0_1_0_high_scores_are_imported_as_their_file_held_them(legacy: Path) -> None:
    held = json.loads((legacy / "highscores.json").read_text(encoding="utf-8"))["tables"]
    journal = open_journal(legacy, NOW)
    try:
        tables = high_scores(journal.db).tables
        assert {
            key: [
                {"initials": e.initials, "score": e.score, "date": e.date, "code": e.code}
                for e in entries
            ]
            for key, entries in tables.items()
        } == held
        assert all(e.moves is None and e.seconds is None for t in tables.values() for e in t)
    finally:
        journal.close()


def test_the_0_1_0_round_and_games_in_progress_are_kept(legacy: Path) -> None:
    saved = json.loads((legacy / "round.json").read_text(encoding="utf-8"))["round"]
    journal = open_journal(legacy, NOW)
    try:
        rnd = journal.kept_round()
        assert rnd is not None
        assert (rnd.seed, rnd.rules, rnd.holes) == (12345, "classic", 9)
        assert rnd.played == tuple((h["code"], tuple(h["actions"])) for h in saved["played"])
        assert len(rnd.played) == 3
        # the round's holes were counted by 0.1.0's statistics: not a second time
        assert statistics(journal.db).get("classic").played == 8

        kept = {(k.game, k.round_id is not None): k for k in journal.kept()}
        assert len(kept) == 3 == len(journal.kept())
        hole = kept["solitaire", True]
        assert (hole.round_id, hole.hole, hole.code) == (rnd.id, 4, "GO1-C-VNYEEMC")
        assert hole.actions == ("draw",) == tuple(saved["current"]["actions"])

        solitaire = kept["solitaire", False]
        assert journal.kept("solitaire") == [solitaire, hole]
        assert (solitaire.code, solitaire.rules, solitaire.started) == (
            "GO1-C-AAAAAAB",
            "classic",
            "2026-03-10T10:00:00",
        )
        assert solitaire.actions == ("draw", "draw", "draw")
        assert solitaire.times == (1.5, 2.0, 0.5)
        assert (solitaire.elapsed, solitaire.since) == (12.5, 3.0)

        six = kept["six-card", False]
        assert journal.kept("six-card") == [six]
        assert (six.code, six.started) == ("G6-2-AAAAADV", "2026-03-11T09:00:00")
        assert six.actions == ("flip 1 1", "flip 1 2", "flip 1 1", "flip 1 2", "take stock")
        assert six.times == (1.0,) * 5
        assert six.setup == {"kinds": ["human", "easy"], "speed": "fast"}
        assert (six.elapsed, six.since) == (0.0, 2.0)
    finally:
        journal.close()


def test_the_0_1_0_folder_is_imported_once_and_its_files_are_untouched(legacy: Path) -> None:
    before = _files(legacy)
    assert set(before) == set(LEGACY_FILES)
    first = open_journal(legacy, NOW)
    counts = [
        first.db.read(f"SELECT COUNT(*) FROM {table}")[0][0]
        for table in ("games", "rounds", "imported_stats", "imported_scores", "steps")
    ]
    first.close()
    again = open_journal(legacy, "2026-04-02T10:00:00")
    try:
        assert again.fact(IMPORTED) == NOW
        assert [
            again.db.read(f"SELECT COUNT(*) FROM {table}")[0][0]
            for table in ("games", "rounds", "imported_stats", "imported_scores", "steps")
        ] == counts
        assert len(again.kept()) == 3 and statistics(again.db).get("classic").played == 8
    finally:
        again.close()
    after = _files(legacy)
    assert {name: after[name] for name in before} == before
    assert set(after) - set(before) <= {
        FILE_NAME,
        f"{FILE_NAME}-wal",
        f"{FILE_NAME}-shm",
        "journal.owner",
    }


# --- a database file that cannot be used -------------------------------------------------------------


def _one_game(folder: Path) -> None:
    journal = Journal(folder, own=False)
    gid = journal.begin("solitaire", "GO1-E-AAAAAAB", "easy", NOW)
    assert journal.finish(gid, ending("won", score=350, left=0))
    assert not journal.in_memory
    journal.close()


def _plays_on(journal: Journal) -> None:
    """A game can still be played and counted, whatever became of the file."""
    gid = journal.begin("solitaire", "GO1-C-AAAAAAC", "classic", NOW)
    journal.act(gid, 0, "draw", 1.0, 1.0, 1.0)
    assert journal.finish(gid, ending(score=120, left=8))
    assert statistics(journal.db).get("classic").played == 1


@pytest.mark.parametrize("head", [b"", b"SQLite format 3\x00"], ids=["random", "sqlite-header"])
def test_a_file_that_is_not_a_database_is_kept_aside_and_a_new_journal_starts(
    tmp_path: Path, head: bytes
) -> None:
    junk = head + os.urandom(4096)
    (tmp_path / FILE_NAME).write_bytes(junk)
    journal = Journal(tmp_path, own=False)
    try:
        notices = journal.take_notices()
        assert [(n.kind, n.file, n.kept_as) for n in notices] == [
            ("corrupt", FILE_NAME, f"{FILE_NAME}.corrupt-1")
        ]
        assert notices[0].text("en")
        assert (tmp_path / f"{FILE_NAME}.corrupt-1").read_bytes() == junk
        assert not journal.in_memory and journal.finished_count() == 0
        _plays_on(journal)
    finally:
        journal.close()
    assert sqlite3.connect(tmp_path / FILE_NAME).execute("PRAGMA user_version").fetchone()[0] >= 1
    again = Journal(tmp_path, own=False)
    assert again.take_notices() == [] and again.finished_count() == 1
    again.close()


@pytest.mark.timeout(10)
@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_folder_or_a_fifo_in_its_place_leaves_play_in_memory(tmp_path: Path, kind: str) -> None:
    path = tmp_path / FILE_NAME
    if kind == "folder":
        path.mkdir()
    else:
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(path)
    journal = Journal(tmp_path, own=False)
    try:
        notices = journal.take_notices()
        assert [(n.kind, n.file) for n in notices] == [("unreadable", FILE_NAME)]
        assert journal.in_memory
        _plays_on(journal)
    finally:
        journal.close()
    assert path.is_dir() if kind == "folder" else path.is_fifo()
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE_NAME]


def test_a_read_only_file_is_read_into_memory_and_left_as_it_is(tmp_path: Path) -> None:
    _one_game(tmp_path)
    path = tmp_path / FILE_NAME
    path.chmod(0o444)
    try:
        if os.access(path, os.W_OK):
            pytest.skip("this user may write a read-only file (root)")
        before = path.read_bytes()
        journal = Journal(tmp_path, own=False)
        try:
            assert [n.kind for n in journal.take_notices()] == ["unwritable"]
            assert journal.in_memory
            assert journal.finished_count() == 1
            assert statistics(journal.db).get("easy").won == 1
            _plays_on(journal)
        finally:
            journal.close()
        assert path.read_bytes() == before
    finally:
        path.chmod(0o644)


def test_a_file_it_may_not_write_is_read_into_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same, for a user the mode bits do not stop (root): the file said not writable."""
    _one_game(tmp_path)
    path = tmp_path / FILE_NAME
    before = path.read_bytes()
    real = os.access
    monkeypatch.setattr(
        "golf.journal.database.os.access",
        lambda p, mode: False if mode == os.W_OK and Path(p) == path else real(p, mode),
    )
    journal = Journal(tmp_path, own=False)
    try:
        assert [n.kind for n in journal.take_notices()] == ["unwritable"]
        assert journal.in_memory and journal.finished_count() == 1
        _plays_on(journal)
    finally:
        journal.close()
    assert path.read_bytes() == before


def test_a_newer_schema_is_left_as_it_is(tmp_path: Path) -> None:
    _one_game(tmp_path)
    path = tmp_path / FILE_NAME
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA user_version = 99")
    connection.close()
    before = path.read_bytes()
    journal = Journal(tmp_path, own=False)
    try:
        notices = journal.take_notices()
        assert [(n.kind, n.moved) for n in notices] == [("future", False)]
        assert notices[0].text("en")
        assert journal.in_memory and journal.finished_count() == 1
        _plays_on(journal)
    finally:
        journal.close()
    assert path.read_bytes() == before
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 99
    assert not (tmp_path / f"{FILE_NAME}.corrupt-1").exists()


@pytest.mark.parametrize("how", ["dropped", "made otherwise", "table dropped", "read-only"])
def test_a_journal_missing_an_index_or_a_table_gets_them_back_at_open(
    tmp_path: Path, how: str
) -> None:
    """A journal from a development build or edited by hand: the queries name their indexes
    (INDEXED BY) and fail without them, so opening makes what the schema lacks again: in the file
    when it can be written, in the memory copy when not. The games stay."""
    _one_game(tmp_path)
    path = tmp_path / FILE_NAME
    connection = sqlite3.connect(path)
    connection.execute("DROP INDEX games_figures")
    if how == "made otherwise":
        connection.execute("CREATE INDEX games_figures ON games(rules)")
    if how == "table dropped":
        connection.execute("DROP TABLE resets")
    connection.commit()
    connection.close()
    if how == "read-only":
        path.chmod(0o444)
    try:
        journal = Journal(tmp_path, own=False)
        try:
            notices = [n.kind for n in journal.take_notices()]
            assert journal.in_memory == (how == "read-only" and bool(notices))
            if not journal.in_memory:
                assert notices == []
            assert missing(journal.db.connection) == []
            assert statistics(journal.db).get("easy").won == 1
            assert high_scores(journal.db) is not None
            _plays_on(journal)
        finally:
            journal.close()
    finally:
        path.chmod(0o644)
    if how != "read-only":
        assert missing(sqlite3.connect(path)) == []


@pytest.mark.parametrize(
    ("status", "result", "expected"),
    [
        ("finished", {"seats": ["human", "hard"], "winners": [0]}, "won"),
        ("finished", {"seats": ["easy", "human", "hard"], "winners": [1, 2]}, "tied"),
        ("finished", {"seats": ["hard", "human"], "winners": [0]}, "lost"),
        ("finished", {"seats": ["human", "human"], "winners": [1]}, "lost"),  # the first person
        ("finished", {"seats": ["hard", "easy"], "winners": [0]}, None),  # no person at the table
        ("abandoned", {"seats": ["human", "hard"], "winners": []}, None),  # left before the end
        ("finished", {"totals": [3, 9], "winners": [0]}, None),  # seats not kept
        ("won", None, None),  # solitaire
    ],
)
def test_a_six_card_game_s_placing_is_how_the_person_ended(
    status: str, result: dict[str, Any] | None, expected: str | None
) -> None:
    assert placing(status, result) == expected


def test_the_history_tells_how_a_six_card_game_ended(journal: Journal) -> None:
    gid = journal.begin("six-card", "G6-2-AAAABVM", "standard", NOW)
    e = Ending(
        "finished",
        NOW,
        (),
        (),
        1.0,
        0,
        score=3,
        result={"seats": ["human", "hard"], "winners": [1]},
    )
    assert journal.finish(gid, e)
    (row,) = journal.history()
    assert (row.outcome, row.placing) == ("finished", "lost")
    game = journal.finished(gid)
    assert game is not None and game.placing == "lost" and game.result is not None


def test_an_in_memory_database_is_used_without_a_folder() -> None:
    database = open_database(None)
    assert database.in_memory and database.notices == []
    database.close()


# --- the packed actions ----------------------------------------------------------------------------


@given(
    st.lists(
        st.tuples(
            st.text(max_size=12),
            st.integers(0, 10**7).map(lambda ms: ms / 1000),
        ),
        max_size=80,
    )
)
def test_packed_actions_read_back_as_they_were(pairs: list[tuple[str, float]]) -> None:
    actions = tuple(a for a, _ in pairs)
    times = tuple(t for _, t in pairs)
    assert unpack_actions(pack_actions(actions, times)) == (actions, times)


def test_nothing_packed_is_no_action() -> None:
    assert unpack_actions(None) == unpack_actions(b"") == ((), ())


def _packed(body: object) -> bytes:
    return zlib.compress(json.dumps(body).encode("utf-8"))


GARBAGE = {
    "not zlib": b"not zlib at all",
    "random bytes": random.Random(1).randbytes(64),
    "not utf-8": zlib.compress(b"\xff\xfe not utf-8"),
    "not json": zlib.compress(b"{not json"),
    "nested too deep": zlib.compress(b"[" * 5000),
    "cut short": pack_actions(["draw", "play 3"], [1.0, 2.0])[:12],
    "a list": _packed(["draw"]),
    "no times": _packed({"a": ["draw"]}),
    "fewer times": _packed({"a": ["draw", "draw"], "t": [1000]}),
    "an action not text": _packed({"a": [1], "t": [1000]}),
    "a time below 0": _packed({"a": ["draw"], "t": [-1]}),
    "a time not whole": _packed({"a": ["draw"], "t": [1.5]}),
    "a time true": _packed({"a": ["draw"], "t": [True]}),
    "actions a text": _packed({"a": "draw", "t": [1000]}),
}


@pytest.mark.parametrize("blob", GARBAGE.values(), ids=GARBAGE.keys())
def test_garbage_blobs_raise_value_error(blob: bytes) -> None:
    with pytest.raises(ValueError, match="actions cannot be read"):
        unpack_actions(blob)


def test_a_blob_is_not_inflated_beyond_16_mb() -> None:
    """Good actions after 17 MB of blanks: a bomb of 78 KB, refused rather than inflated."""
    body = b" " * (17 * 1024 * 1024) + json.dumps({"a": ["draw"], "t": [1000]}).encode()
    with pytest.raises(ValueError, match="actions cannot be read"):
        unpack_actions(zlib.compress(body, 1))


# --- the reads use their indexes ---------------------------------------------------------------------


def _plans(journal: Journal, reads: Callable[[], object]) -> list[tuple[str, list[str]]]:
    """Each query ``reads`` makes of ``journal`` and SQLite's plan for it."""
    queries: list[tuple[str, tuple[object, ...]]] = []
    read = journal.db.read

    def recording(sql: str, parameters: tuple[object, ...] = ()) -> list[Any]:
        queries.append((sql, parameters))
        return read(sql, parameters)

    journal.db.read = recording  # type: ignore[method-assign]
    try:
        reads()
    finally:
        journal.db.read = read  # type: ignore[method-assign]
    connection = journal.db.connection
    return [
        (sql, [row[3] for row in connection.execute("EXPLAIN QUERY PLAN " + sql, parameters)])
        for sql, parameters in queries
    ]


def test_the_figures_history_and_rounds_never_read_the_whole_games_table(journal: Journal) -> None:
    """What the player opens — statistics, high scores, the history and its count, the games
    and the round in progress — is read from indexes: a plan that reads the table of games
    (every game's packed actions: 45 MB for 100,000 games) fails here, not only in
    bench/journal.py."""
    play_into(journal, [Played("easy", "won", 350, 0, 0, "2026-03-01", 3), Reset("classic")])
    _signed(journal, "easy", 9, 300, 30, 60.0, "ABC")
    rid = journal.begin_round(1, "strict", 9, NOW)
    journal.begin("solitaire", "GO1-C-AAAAAAB-VS", "strict", NOW, round_id=rid, hole=1)

    figures = _plans(journal, lambda: (statistics(journal.db), high_scores(journal.db)))
    on_games = [
        (sql, step)
        for sql, plan in figures
        for step in plan
        if " g " in f"{step} " or "games" in step
    ]
    assert len(on_games) >= 6
    for sql, step in on_games:  # only the indexes that hold what the figures read
        assert any(index in step for index in ("games_figures", "games_daily", "games_initials")), (
            sql,
            step,
        )

    def others() -> None:
        journal.history(limit=50)
        journal.finished_count()
        journal.kept()
        assert journal.kept_round() is not None

    for sql, plan in _plans(journal, others):
        if "ORDER BY id DESC LIMIT" in sql:  # the history's page: the newest rows, then it stops
            assert "USE TEMP B-TREE FOR ORDER BY" not in plan, (sql, plan)
            continue
        assert not [step for step in plan if step in ("SCAN g", "SCAN games")], (sql, plan)
