"""High-score tables: initials, qualifying, ties, strokes, and the file."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from golf.core.store import Store
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


def test_each_rule_set_has_its_own_table() -> None:
    scores, _ = add_score(HighScores(), "easy", entry("EAS", 300))
    scores, _ = add_score(scores, "classic", entry("CLA", 200))
    assert [e.initials for e in scores.table("easy").entries] == ["EAS"]
    assert [e.initials for e in scores.table("classic").entries] == ["CLA"]
    assert scores.table("strict").entries == ()
    assert scores.keys() == ["easy", "classic"]


# --- the file ------------------------------------------------------------------------------------


def test_high_scores_survive_a_restart(tmp_path: Path) -> None:
    scores = HighScores()
    for i, s in enumerate([120, 350, 200, 350, 90]):
        scores, _ = add_score(scores, "classic", entry(f"P{i}A", s, i))
    scores, _ = add_score(scores, "strict", Entry("GOL", -2, DAY, format_code(3, STRICT)))
    Store(tmp_path).save(HIGHSCORES_DOCUMENT, scores)
    loaded = Store(tmp_path).load(HIGHSCORES_DOCUMENT)
    assert loaded.notice is None
    assert loaded.value == scores
    assert [e.initials for e in loaded.value.table("classic").entries] == [
        "P1A",
        "P3A",
        "P2A",
        "P0A",
        "P4A",
    ]


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
def test_a_bad_high_score_file_is_kept_aside(
    tmp_path: Path, tables: dict[str, list[dict[str, object]]]
) -> None:
    _saved(tmp_path, tables)
    loaded = Store(tmp_path).load(HIGHSCORES_DOCUMENT)
    assert loaded.value == HighScores()
    assert loaded.notice is not None
    assert loaded.notice.kind == "corrupt"
    assert (tmp_path / "highscores.json.corrupt-1").exists()
    assert "high-score" in loaded.notice.text("en")
    assert "meilleurs scores" in loaded.notice.text("fr")
