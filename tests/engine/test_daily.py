"""The daily deal: one code per day and rule letter, pinned, and the daily streak."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from golf.solitaire import engine
from golf.solitaire.codes import parse_code
from golf.solitaire.daily import (
    daily_code,
    daily_game,
    daily_number,
    daily_rules_key,
    daily_seed,
    is_done,
    longest_streak,
    streak,
)
from golf.solitaire.rules import CLASSIC, EASY
from golf.solitaire.stats import GameResult, Stats, record_game

MASK = (1 << 64) - 1


def reference_daily_number(day: date, letter: str) -> int:
    """The documented formula, written out again: one SplitMix64 step, modulo 26**7."""
    state = (int(day.strftime("%Y%m%d")) * 256 + ord(letter) + 0x9E3779B97F4A7C15) & MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return (z ^ (z >> 31)) % 26**7


def test_the_daily_codes_of_the_first_of_december_2026_are_pinned() -> None:
    day = date(2026, 12, 1)
    assert daily_code(day, "E") == "GO1-E-BPATEMW"
    assert daily_code(day, "C") == "GO1-C-TJTXABM"


def test_the_daily_codes_of_new_year_2027_are_pinned() -> None:
    day = date(2027, 1, 1)
    assert daily_code(day, "E") == "GO1-E-UXCSOGR"
    assert daily_code(day, "C") == "GO1-C-PHJLNVA"


def test_the_seed_is_the_date_as_a_number_times_256_plus_the_letter() -> None:
    assert daily_seed(date(2026, 12, 1), "E") == 20261201 * 256 + 69
    assert daily_seed(date(2026, 12, 1), "c") == 20261201 * 256 + 67


def test_the_daily_number_follows_the_documented_formula_for_two_years() -> None:
    day = date(2026, 1, 1)
    numbers = set()
    while day < date(2028, 1, 1):
        for letter in ("E", "C"):
            n = daily_number(day, letter)
            assert n == reference_daily_number(day, letter)
            numbers.add(n)
        day += timedelta(days=1)
    assert len(numbers) == 2 * 730


def test_the_daily_code_carries_the_rules_of_its_letter() -> None:
    day = date(2026, 12, 1)
    assert parse_code(daily_code(day, "E")).rules == EASY
    assert parse_code(daily_code(day, "C")).rules == CLASSIC
    assert parse_code(daily_code(day, "C")).number == daily_number(day, "C")


def test_the_daily_game_deals_the_daily_code() -> None:
    day = date(2026, 12, 1)
    game = daily_game(day, "C")
    assert game.code == daily_code(day, "C")
    assert game.rules == CLASSIC
    assert game.position == engine.deal(daily_number(day, "C"), CLASSIC)


@pytest.mark.parametrize("letter", ["N", "S", "", "EC"])
def test_only_easy_and_classic_have_a_daily_deal(letter: str) -> None:
    with pytest.raises(ValueError, match="E \\(Easy\\) or C \\(Classic\\)"):
        daily_code(date(2026, 12, 1), letter)


def test_a_daily_is_done_once_finished_under_its_rules() -> None:
    day = date(2026, 12, 1)
    stats = record_game(
        Stats(), "classic", GameResult("blocked", 80, 20, date=day.isoformat(), daily=True)
    )
    assert daily_rules_key("C") == "classic"
    assert is_done(stats, day, "C")
    assert not is_done(stats, day, "E")
    assert not is_done(stats, day + timedelta(days=1), "C")


def _days(*texts: str) -> set[date]:
    return {date.fromisoformat(t) for t in texts}


def test_the_streak_counts_back_from_today() -> None:
    done = _days("2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01")
    assert streak(done, date(2026, 12, 1)) == 4


def test_the_streak_is_still_alive_before_today_is_done() -> None:
    done = _days("2026-11-29", "2026-11-30")
    assert streak(done, date(2026, 12, 1)) == 2


def test_a_missed_day_ends_the_streak() -> None:
    done = _days("2026-11-27", "2026-11-28", "2026-11-30")
    assert streak(done, date(2026, 12, 1)) == 1
    assert streak(done, date(2026, 12, 2)) == 0
    assert streak(set(), date(2026, 12, 1)) == 0


def test_the_streak_crosses_months_and_years() -> None:
    done = _days("2026-12-30", "2026-12-31", "2027-01-01")
    assert streak(done, date(2027, 1, 1)) == 3
    assert longest_streak(done | _days("2027-03-01")) == 3


def test_the_longest_streak_is_the_longest_run() -> None:
    done = _days("2026-11-01", "2026-11-02", "2026-11-05", "2026-11-06", "2026-11-07", "2026-11-09")
    assert longest_streak(done) == 3
    assert longest_streak(set()) == 0
