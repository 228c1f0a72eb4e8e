"""High-score tables: initials, qualifying, ties (broken by fewer moves, then less time),
strokes, and 0.1.0's file imported into the journal."""

from __future__ import annotations

import json
import random
from datetime import date
from pathlib import Path

import pytest

from golf.journal.figures import high_scores, score_lines
from golf.journal.journal import Ending, Journal
from golf.journal.legacy import open_journal
from golf.solitaire.codes import format_code
from golf.solitaire.highscores import (
    HIGHSCORES_DOCUMENT,
    INITIALS_ALPHABET,
    TABLE_SIZE,
    Entry,
    HighScores,
    InitialsError,
    Table,
    add_score,
    cycle_initial,
    insert,
    qualifies,
    validate_initials,
)
from golf.solitaire.rules import CLASSIC, STRICT
from golf.solitaire.stats import lower_is_better

DAY = "2026-12-01"


def entry(initials: str, score: int, number: int = 1) -> Entry:
    return Entry(initials, score, DAY, format_code(number, CLASSIC))


def full_table(scores: list[int], lower: bool = False) -> Table:
    return Table(tuple(entry(f"P{i:02d}", s, i) for i, s in enumerate(scores)), lower)


# --- initials ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"), [("ABC", "ABC"), ("abc", "ABC"), ("A 1", "A 1"), ("  Z", "  Z")]
)
def test_initials_are_three_letters_digits_or_spaces(text: str, expected: str) -> None:
    assert validate_initials(text) == expected


@pytest.mark.parametrize(
    ("text", "reason", "french"),
    [
        ("AB", "length", "trois caractères"),
        ("ABCD", "length", "trois caractères"),
        ("", "length", "trois caractères"),
        ("AB!", "character", "lettres A–Z"),
        ("ÉLO", "character", "lettres A–Z"),
        ("A\tB", "character", "lettres A–Z"),
        ("AſB", "character", "lettres A–Z"),  # upper() would read it as ASB
        ("ıAB", "character", "lettres A–Z"),  # dotless i, raised to I
        ("   ", "blank", "espaces"),
    ],
)
def test_bad_initials_are_refused_with_a_reason_in_both_languages(
    text: str, reason: str, french: str
) -> None:
    with pytest.raises(InitialsError) as caught:
        validate_initials(text)
    assert caught.value.reason == reason
    assert french in caught.value.text("fr")
    assert caught.value.text("en") != caught.value.text("fr")


def test_the_initials_wheel_wraps_around() -> None:
    assert cycle_initial("A", 1) == "B"
    assert cycle_initial("A", -1) == " "
    assert cycle_initial(" ", 1) == "A"
    assert cycle_initial("Z", 1) == "0"
    seen = {cycle_initial("A", k) for k in range(len(INITIALS_ALPHABET))}
    assert seen == set(INITIALS_ALPHABET)


def test_an_entry_refuses_bad_initials_dates_and_codes() -> None:
    with pytest.raises(InitialsError):
        Entry("A!", 10, DAY, "GO1-C-AAAAAAB")
    with pytest.raises(ValueError, match="date"):
        Entry("ABC", 10, "2026-12-1", "GO1-C-AAAAAAB")
    with pytest.raises(ValueError, match="game code"):
        Entry("ABC", 10, DAY, "GO2-C-AAAAAAB")
    with pytest.raises(ValueError, match="as the game writes"):
        Entry("ABC", 10, DAY, "go1-c-aaaaaab")


def test_make_normalises_what_the_player_typed() -> None:
    e = Entry.make("ab ", 120, date(2026, 12, 1), " go1-c-aaaaaab-vs ")
    assert e == Entry("AB ", 120, DAY, "GO1-C-AAAAAAB-VS")


# --- qualifying and ties -------------------------------------------------------------------------


def test_any_score_qualifies_while_the_table_has_room() -> None:
    assert qualifies(Table(), 0)
    assert qualifies(full_table([350] * (TABLE_SIZE - 1)), 0)


def test_a_full_table_takes_only_a_better_score_than_its_last() -> None:
    table = full_table([350, 300, 250, 200, 150, 120, 100, 80, 60, 40])
    assert qualifies(table, 41)
    assert not qualifies(table, 40)  # a tie with the tenth: the earlier stays ahead
    assert not qualifies(table, 10)


def test_a_new_score_goes_below_every_equal_one() -> None:
    table = full_table([350, 200, 200, 100])
    new, rank = insert(table, entry("NEW", 200))
    assert rank == 4
    assert [e.initials for e in new.entries] == ["P00", "P01", "P02", "NEW", "P03"]


def test_a_better_score_pushes_the_last_entry_out() -> None:
    table = full_table([350, 300, 250, 200, 150, 120, 100, 80, 60, 40])
    new, rank = insert(table, entry("TOP", 351))
    assert rank == 1
    assert len(new.entries) == TABLE_SIZE
    assert new.entries[0].initials == "TOP"
    assert [e.score for e in new.entries][-1] == 60


def test_a_score_that_does_not_qualify_changes_nothing() -> None:
    table = full_table([350] * TABLE_SIZE)
    new, rank = insert(table, entry("LOW", 350))
    assert rank is None
    assert new == table


def test_strokes_tables_put_the_lowest_first() -> None:
    scores = HighScores()
    ranks = []
    for initials, strokes in (("AAA", 7), ("BBB", -3), ("CCC", 7), ("DDD", 0)):
        scores, rank = add_score(
            scores, "strict", Entry(initials, strokes, DAY, format_code(1, STRICT))
        )
        ranks.append(rank)
    assert ranks == [1, 1, 3, 2]
    table = scores.table("strict")
    assert table.lower_is_better
    assert [(e.initials, e.score) for e in table.entries] == [
        ("BBB", -3),
        ("DDD", 0),
        ("AAA", 7),
        ("CCC", 7),
    ]
    assert not qualifies(Table(table.entries + table.entries + table.entries[:2], True), 7)


def timed(initials: str, score: int, moves: int | None, seconds: float | None, n: int) -> Entry:
    return Entry(initials, score, DAY, format_code(n, CLASSIC), moves, seconds)


def test_a_tie_in_score_goes_to_fewer_moves_then_less_time() -> None:
    table = Table((timed("BBB", 300, 30, 120.0, 2), timed("AAA", 300, 40, 100.0, 1)))
    assert table.rank_for(301, 99, 999.0) == 1  # a better score first, whatever it took
    assert table.rank_for(300, 30, 90.0) == 1  # the same moves in less time
    assert table.rank_for(300, 30, 120.0) == 2  # a tie in everything: the earlier stays ahead
    assert table.rank_for(300, 35, 1.0) == 2  # fewer moves than AAA, more than BBB
    assert table.rank_for(300, 41, 1.0) == 3
    assert table.rank_for(299, 1, 1.0) == 3


def test_an_unknown_figure_counts_as_the_most() -> None:
    """An entry of version 0.1.0 has neither moves nor time: a tie with it goes ahead of it
    when its figures are known, after it when they are not."""
    old = Table((timed("OLD", 300, None, None, 1),))
    assert old.rank_for(300, 500, 5000.0) == 1
    assert old.rank_for(300) == 2
    assert Table((timed("NEW", 300, 30, None, 1),)).rank_for(300, 30, 10.0) == 1


def test_a_full_table_takes_a_tie_with_its_last_only_in_fewer_moves_or_less_time() -> None:
    table = Table(tuple(timed(f"P{i:02d}", 300, 30, 60.0, i) for i in range(TABLE_SIZE)))
    assert not qualifies(table, 300, 30, 60.0)
    assert not qualifies(table, 300, 31, 1.0)
    assert qualifies(table, 300, 30, 59.5)
    assert qualifies(table, 300, 29, 1000.0)
    strokes = Table(tuple(timed(f"S{i:02d}", 5, 30, 60.0, i) for i in range(TABLE_SIZE)), True)
    assert not qualifies(strokes, 6, 1, 1.0) and qualifies(strokes, 5, 29, 60.0)
    assert strokes.rank_for(4, 99, 99.0) == 1


@pytest.mark.parametrize("key", ["classic", "strict"])
def test_the_place_offered_is_the_place_the_signed_game_takes(key: str) -> None:
    """What the game-over screen offers (``rank_for`` on the table as the journal reads it) is
    where the game is once signed: the journal orders its table by the same rule."""
    rng = random.Random(key)
    journal = Journal(None)
    rules = STRICT if key == "strict" else CLASSIC
    try:
        for n in range(1, 41):
            score = rng.randint(-3, 8) if lower_is_better(key) else rng.choice([50, 100, 150])
            moves, seconds = rng.randint(20, 24), rng.choice([30.0, 45.5, 60.0])
            table = high_scores(journal.db).table(key)
            place = table.rank_for(score, moves, seconds)
            gid = journal.begin("solitaire", format_code(n, rules), key, "2026-12-01T10:00:00")
            ending = Ending("won", "2026-12-01T10:05:00", (), (), seconds, moves, score=score)
            assert journal.finish(gid, ending)
            journal.sign(gid, "ABC")
            lines = score_lines(journal.db)[key]
            found = [i for i, line in enumerate(lines, 1) if line.game_id == gid]
            assert found == ([] if place is None else [place]), (n, score, moves, seconds)
        assert len(lines) == TABLE_SIZE
    finally:
        journal.close()


def test_each_rule_set_has_its_own_table() -> None:
    scores, _ = add_score(HighScores(), "easy", entry("EAS", 300))
    scores, _ = add_score(scores, "classic", entry("CLA", 200))
    assert [e.initials for e in scores.table("easy").entries] == ["EAS"]
    assert [e.initials for e in scores.table("classic").entries] == ["CLA"]
    assert scores.table("strict").entries == ()
    assert scores.keys() == ["easy", "classic"]


# --- the file ------------------------------------------------------------------------------------


def _imported(folder: Path) -> tuple[HighScores, list[str]]:
    """The tables once ``folder``'s 0.1.0 files are imported, and the texts of what it told."""
    journal = open_journal(folder, "2026-12-06T10:00:00")
    try:
        return high_scores(journal.db), [n.text("en") for n in journal.take_notices()]
    finally:
        journal.close()


def test_high_scores_of_0_1_0_survive_the_import(tmp_path: Path) -> None:
    scores = HighScores()
    for i, s in enumerate([120, 350, 200, 350, 90]):
        scores, _ = add_score(scores, "classic", entry(f"P{i}A", s, i))
    scores, _ = add_score(scores, "strict", Entry("GOL", -2, DAY, format_code(3, STRICT)))
    (tmp_path / "highscores.json").write_text(HIGHSCORES_DOCUMENT.to_text(scores))
    imported, told = _imported(tmp_path)
    assert told == []
    assert imported == scores
    assert [e.initials for e in imported.table("classic").entries] == [
        "P1A",
        "P3A",
        "P2A",
        "P0A",
        "P4A",
    ]
    assert _imported(tmp_path) == (scores, [])  # imported once: not a second copy


def _saved(tmp_path: Path, tables: dict[str, list[dict[str, object]]]) -> Path:
    path = tmp_path / "highscores.json"
    path.write_text(json.dumps({"version": 1, "tables": tables}), encoding="utf-8")
    return path


def _row(initials: str, score: object) -> dict[str, object]:
    return {"initials": initials, "score": score, "date": DAY, "code": "GO1-C-AAAAAAB"}


@pytest.mark.parametrize(
    "tables",
    [
        {"classic": [_row("AAA", 100), _row("BBB", 200)]},  # out of order
        {"strict": [_row("AAA", 5), _row("BBB", 2)]},  # strokes out of order
        {"classic": [_row("A!A", 100)]},
        {"classic": [_row("abc", 100)]},
        {"classic": [_row("AAA", "100")]},
        {"classic": [_row("AAA", 100)] * 11},
        {"nonsense": [_row("AAA", 100)]},
    ],
)
def test_a_bad_high_score_file_is_not_imported_and_is_told(
    tmp_path: Path, tables: dict[str, list[dict[str, object]]]
) -> None:
    path = _saved(tmp_path, tables)
    content = path.read_bytes()
    journal = open_journal(tmp_path, "2026-12-06T10:00:00")
    try:
        (notice,) = journal.take_notices()
        assert high_scores(journal.db) == HighScores()
    finally:
        journal.close()
    assert notice.kind == "corrupt" and notice.file == "highscores.json"
    assert path.read_bytes() == content and not (tmp_path / "highscores.json.corrupt-1").exists()
    assert "high-score" in notice.text("en")
    assert "meilleurs scores" in notice.text("fr")
