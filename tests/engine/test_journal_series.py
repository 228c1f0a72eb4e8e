"""One rule set's games over time (``golf.journal.series``): the scores in order, the win rates
over the last 10 and 100 games, the histogram of the scores — read from the same games the
statistics count, for solitaire and for six-card, from indexes only."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from golf.journal.figures import statistics
from golf.journal.journal import Ending, Journal, Outcome
from golf.journal.series import (
    MAX_BINS,
    Bin,
    Series,
    WinRate,
    histogram,
    series,
    six_card_rule_sets,
)
from golf.solitaire.codes import format_code
from golf.solitaire.stats import rules_from_key

NOW = "2026-04-01T10:00:00"


@pytest.fixture
def journal() -> Iterator[Journal]:
    j = Journal(None)
    yield j
    j.close()


def solitaire(journal: Journal, key: str, outcome: Outcome, score: int) -> int:
    """A solitaire game of ``key`` begun and finished."""
    gid = journal.begin("solitaire", format_code(7, rules_from_key(key)), key, NOW)
    left = 0 if outcome == "won" else 5
    ending = Ending(outcome, NOW, (), (), 60.0, 30, score, left, 0, 0)
    assert journal.finish(gid, ending)
    return gid


def six_card(
    journal: Journal,
    kinds: list[str],
    totals: list[int],
    winners: list[int],
    *,
    outcome: Outcome = "finished",
    rules: str = "standard",
    in_setup: bool = True,
) -> int:
    """A six-card game of ``len(kinds)`` seats finished with these totals, as the table keeps it:
    the score is the first person's total; who sat where in the setup (or, as the window's
    tests write it, in the result)."""
    people = [seat for seat, kind in enumerate(kinds) if kind == "human"]
    setup: dict[str, Any] = {"kinds": kinds, "speed": "normal"} if in_setup else {}
    gid = journal.begin("six-card", "GO6-2-AAAAAAB", rules, NOW, setup=setup)
    result = {"totals": totals, "winners": winners, "seats": kinds, "speed": "normal"}
    ending = Ending(
        outcome,
        NOW,
        (),
        (),
        60.0,
        40,
        score=totals[people[0]] if people else None,
        result=result,
    )
    assert journal.finish(gid, ending)
    return gid


def test_no_game_is_an_empty_series(journal: Journal) -> None:
    found = series(journal.db, "solitaire", "easy")
    assert (found.played, found.wins, found.scores, found.bins) == (0, 0, (), ())
    assert found.rate(10).percent is None and found.rate(10).of == 0
    assert found.best is None and found.average is None


def test_the_scores_come_in_the_order_played_with_who_won(journal: Journal) -> None:
    played: list[tuple[Outcome, int]] = [("won", 350), ("blocked", 120), ("abandoned", 40)]
    for outcome, score in played:
        solitaire(journal, "easy", outcome, score)
    solitaire(journal, "classic", "won", 350)  # another rule set: not in Easy's series
    found = series(journal.db, "solitaire", "easy")
    assert found.scores == (350, 120, 40)
    assert found.won == (True, False, False)
    assert (found.best, found.worst, found.played, found.wins) == (350, 40, 3, 1)
    assert not found.lower_better


def test_the_series_counts_the_games_the_statistics_count(journal: Journal) -> None:
    rng = random.Random(3)
    for _ in range(40):
        outcome: Outcome = rng.choice(("won", "blocked", "abandoned"))
        solitaire(journal, "classic", outcome, rng.randrange(0, 36) * 10)
    journal.reset("classic", NOW)  # the figures start again: so does the series
    for _ in range(25):
        outcome = rng.choice(("won", "blocked", "abandoned"))
        solitaire(journal, "classic", outcome, rng.randrange(0, 36) * 10)
    figures = statistics(journal.db).get("classic")
    found = series(journal.db, "solitaire", "classic")
    assert (found.played, found.wins) == (figures.played, figures.won) == (25, figures.won)
    assert found.scores[-len(figures.recent) :] == tuple(g.score for g in figures.recent)
    journal.reset(None, NOW)  # everything
    assert series(journal.db, "solitaire", "classic").played == 0


def _naive_rate(won: list[bool], window: int, index: int) -> tuple[int, int]:
    last = won[max(0, index + 1 - window) : index + 1]
    return sum(last), len(last)


@given(st.lists(st.booleans(), min_size=1, max_size=260))
def test_the_win_rates_are_over_the_last_10_and_100_games_after_each(won: list[bool]) -> None:
    journal = Journal(None)
    try:
        for w in won:
            solitaire(journal, "easy", "won" if w else "blocked", 350 if w else 100)
        found = series(journal.db, "solitaire", "easy")
    finally:
        journal.close()
    for window in (10, 100):
        for index in range(len(won)):
            rate = found.rate(window, index)
            assert (rate.won, rate.of) == _naive_rate(won, window, index)
            assert rate.full == (index + 1 >= window)
            assert found.percent(window, index) == pytest.approx(100 * rate.won / rate.of)
    assert found.rate(10) == found.rate(10, len(won) - 1)


def test_with_fewer_games_than_the_window_the_rate_says_of_how_many(journal: Journal) -> None:
    for outcome in ("won", "blocked", "won", "won", "blocked", "blocked", "abandoned"):
        solitaire(journal, "easy", outcome, 100)
    found = series(journal.db, "solitaire", "easy")
    rate = found.rate(10)
    assert (rate.won, rate.of, rate.full) == (3, 7, False)
    assert rate.percent == pytest.approx(300 / 7)
    hundred = found.rate(100)
    assert (hundred.window, hundred.of, hundred.full) == (100, 7, False)


def test_strokes_count_lowest_best_and_a_clear_dips_below_zero(journal: Journal) -> None:
    for outcome, strokes in (("won", -3), ("blocked", 12), ("blocked", 4)):
        solitaire(journal, "strict", outcome, strokes)  # type: ignore[arg-type]
    found = series(journal.db, "solitaire", "strict")
    assert found.lower_better and found.best == -3 and found.worst == 12
    assert found.bins[0].low <= -3 and found.bins[-1].high >= 12


# --- the histogram ---------------------------------------------------------------------------


def test_points_by_tens_get_bins_of_twenty_from_zero() -> None:
    scores = [s * 10 for s in range(36)]  # 0 to 350, every possible score once
    bins = histogram(scores)
    assert bins[0] == Bin(0, 19, 2)
    assert bins[-1] == Bin(340, 359, 2)
    assert len(bins) == 18 and {b.count for b in bins} == {2}  # no comb of empty bins


def test_strokes_one_apart_get_narrow_bins_with_zero_an_edge() -> None:
    bins = histogram([-4, -1, 0, 3, 7, 12, 30])
    width = bins[0].high - bins[0].low + 1
    assert width == 2  # 1 would take 35 bins
    assert any(b.low == 0 for b in bins)
    assert bins[0].low == -4 and bins[-1].high == 31
    assert sum(b.count for b in bins) == 7


def test_one_score_is_one_bin_and_none_is_none() -> None:
    assert histogram([120, 120, 120]) == (Bin(120, 120, 3),)
    assert histogram([]) == ()


@given(st.lists(st.integers(-100, 1000), min_size=1, max_size=200))
def test_the_bins_cover_every_score_once_in_few_round_bins(scores: list[int]) -> None:
    bins = histogram(scores)
    assert 1 <= len(bins) <= MAX_BINS
    width = bins[0].high - bins[0].low + 1
    assert all(b.high - b.low + 1 == width and b.low % width == 0 for b in bins)
    assert all(a.high + 1 == b.low for a, b in pairwise(bins))
    assert sum(b.count for b in bins) == len(scores)
    for b in bins:
        assert b.count == sum(1 for s in scores if b.low <= s <= b.high)
    step = 0
    for s in scores:
        step = math.gcd(step, s - min(scores))
    assert width % (step or 1) == 0  # whole steps of the scores: no bin empty for want of one


# --- six-card --------------------------------------------------------------------------------


def test_six_card_is_the_persons_totals_and_their_wins(journal: Journal) -> None:
    six_card(journal, ["human", "easy"], [20, 31], [0])
    six_card(journal, ["hard", "human", "easy"], [15, 40, 50], [0])  # the person at seat 2
    six_card(journal, ["medium", "human"], [33, 12], [1], in_setup=False)  # seats in the result
    six_card(journal, ["human", "easy"], [18, 18], [0, 1])  # a shared win
    six_card(journal, ["human", "easy"], [50, 9], [], outcome="abandoned")  # left: no end
    six_card(journal, ["easy", "hard"], [14, 30], [0])  # computers only: no person's total
    six_card(journal, ["human", "easy"], [25, 30], [0], rules="V9K")  # other rules
    found = series(journal.db, "six-card", "standard")
    assert found.scores == (20, 40, 12, 18)
    assert found.won == (True, False, True, True)
    assert found.lower_better and found.best == 12
    assert six_card_rule_sets(journal.db) == ["V9K", "standard"]
    assert series(journal.db, "six-card", "V9K").scores == (25,)


def test_a_six_card_result_that_cannot_be_read_is_a_game_not_won(journal: Journal) -> None:
    gid = six_card(journal, ["human", "easy"], [20, 31], [0])
    journal.db.write(("UPDATE games SET result = 'not json' WHERE id = ?", (gid,)))
    found = series(journal.db, "six-card", "standard")
    assert found.scores == (20,) and found.won == (False,)


# --- read from indexes -----------------------------------------------------------------------


def _plans(journal: Journal, reads: Callable[[], object]) -> list[list[str]]:
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
    return [
        [row[3] for row in journal.db.connection.execute("EXPLAIN QUERY PLAN " + sql, parameters)]
        for sql, parameters in queries
    ]


def test_the_series_never_reads_the_whole_games_table(journal: Journal) -> None:
    """Solitaire reads one range of ``games_figures`` (its rule set's counted games, in order),
    as the statistics do; six-card the finished games of ``games_status`` only."""
    solitaire(journal, "easy", "won", 350)
    six_card(journal, ["human", "easy"], [20, 31], [0])
    plans = _plans(journal, lambda: series(journal.db, "solitaire", "easy"))
    steps = [step for plan in plans for step in plan if "g " in f"{step} " or "games" in step]
    assert steps and all("INDEX games_figures (rules=? AND id>?)" in s for s in steps), plans
    plans = _plans(
        journal,
        lambda: (series(journal.db, "six-card", "standard"), six_card_rule_sets(journal.db)),
    )
    steps = [step for plan in plans for step in plan if "games" in step or "g " in f"{step} "]
    assert steps and all("USING INDEX games_status (status=?" in s for s in steps), plans


def test_a_series_of_games_given_works_out_its_rates_and_bins() -> None:
    found = Series.of("six-card", "standard", True, (30, 12, 25), (False, True, False))
    assert found.rate(10) == WinRate(10, 1, 3) and found.best == 12
    assert sum(b.count for b in found.bins) == 3
    with pytest.raises(ValueError, match="2 results for 3 scores"):
        Series.of("six-card", "standard", True, (30, 12, 25), (False, True))
