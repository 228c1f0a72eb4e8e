"""Statistics: pure updates, streaks, perfect games, rounds, daily dates, and 0.1.0's file."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golf.core.store import MAX_BYTES
from golf.journal.figures import statistics
from golf.journal.legacy import open_journal
from golf.solitaire.codes import format_code, variant_part
from golf.solitaire.engine import Action
from golf.solitaire.rules import CLASSIC, EASY, PRESETS, STRICT, Rules
from golf.solitaire.session import Game
from golf.solitaire.stats import (
    MAX_COUNT,
    MAX_DAILY_DATES,
    RECENT_GAMES,
    STATS_DOCUMENT,
    GameResult,
    RecentGame,
    RuleStats,
    Stats,
    daily_dates,
    lower_is_better,
    record_game,
    record_round,
    reset,
    rules_from_key,
    rules_key,
    running_win_rate,
)


def won(score: int = 350, undos: int = 0, stock_left: int = 0) -> GameResult:
    return GameResult("won", score, 0, stock_left=stock_left, undos=undos)


def blocked(score: int = 100, left: int = 10) -> GameResult:
    return GameResult("blocked", score, left)


def greedy(game: Game) -> Game:
    while not game.over:
        assert game.apply(game.legal_actions()[0]) is None
    return game


def all_rule_sets() -> list[Rules]:
    out = []
    for king_ace, queen, draw, jokers, empty, strokes in itertools.product(
        (True, False), (True, False), (True, False), (0, 1, 2), (True, False), (True, False)
    ):
        out.append(Rules(king_ace, queen, draw, jokers, empty, "strokes" if strokes else "points"))
    return out


# --- rule set keys -------------------------------------------------------------------------------


def test_presets_are_keyed_by_name_and_variants_by_their_code_part() -> None:
    assert rules_key(EASY) == "easy"
    assert rules_key(CLASSIC) == "classic"
    assert rules_key(STRICT) == "strict"
    assert rules_key(CLASSIC.with_(jokers=1)) == "VQAJ"
    assert rules_key(EASY.with_(scoring="strokes")) == "VKQAS"


def test_every_rule_set_key_reads_back_as_its_rules() -> None:
    keys = set()
    for rules in all_rule_sets():
        key = rules_key(rules)
        assert rules_from_key(key) == rules
        keys.add(key)
    assert len(keys) == len(all_rule_sets())


@pytest.mark.parametrize("key", ["", "EASY", "hard", "VX", "VQK", "VKQAJJJ", "GO1-C", "vqa"])
def test_a_key_that_names_no_rule_set_is_refused(key: str) -> None:
    with pytest.raises(ValueError, match="not a rule set"):
        rules_from_key(key)


def test_strokes_rule_sets_count_the_lowest_score_as_best() -> None:
    assert lower_is_better("strict")
    assert lower_is_better(variant_part(EASY.with_(scoring="strokes")))
    assert not lower_is_better("classic")


# --- recording games ------------------------------------------------------------------------------


def test_record_game_returns_new_statistics_and_changes_nothing() -> None:
    before = record_game(Stats(), "classic", won())
    after = record_game(before, "classic", blocked())
    assert before.get("classic").played == 1
    assert after.get("classic").played == 2
    assert Stats().rule_sets == {}


def test_points_figures_played_won_rate_best_average_and_cards_left() -> None:
    stats = Stats()
    for result in (won(350), blocked(120, 12), blocked(0, 30), won(350)):
        stats = record_game(stats, "classic", result)
    c = stats.get("classic")
    assert (c.played, c.won) == (4, 2)
    assert c.win_rate == pytest.approx(50.0)
    assert c.best_score == 350
    assert c.average_score == pytest.approx((350 + 120 + 0 + 350) / 4)
    assert c.average_left == pytest.approx((0 + 12 + 30 + 0) / 4)


def test_strokes_best_score_is_the_lowest() -> None:
    stats = Stats()
    for result in (blocked(7, 7), won(-3, stock_left=3), blocked(2, 2)):
        stats = record_game(stats, "strict", result)
    assert stats.get("strict").best_score == -3
    assert stats.get("strict").average_score == pytest.approx(2.0)


def test_no_figures_before_the_first_game() -> None:
    s = Stats().get("easy")
    assert s.played == 0
    assert s.win_rate is None
    assert s.average_score is None
    assert s.average_left is None
    assert s.best_score is None


def test_a_win_extends_the_streak_and_anything_else_ends_it() -> None:
    stats = Stats()
    currents, longests = [], []
    for result in (
        won(),
        won(),
        blocked(),
        won(),
        GameResult("abandoned", 40, 31),
        won(),
        won(),
        won(),
    ):
        stats = record_game(stats, "easy", result)
        currents.append(stats.get("easy").current_streak)
        longests.append(stats.get("easy").longest_streak)
    assert currents == [1, 2, 0, 1, 0, 1, 2, 3]
    assert longests == [1, 2, 2, 2, 2, 2, 2, 3]


def test_each_rule_set_keeps_its_own_streak() -> None:
    stats = record_game(Stats(), "easy", won())
    stats = record_game(stats, "classic", blocked())
    stats = record_game(stats, "easy", won())
    assert stats.get("easy").current_streak == 2
    assert stats.get("classic").current_streak == 0
    assert stats.rule_set_keys() == ["easy", "classic"]


def test_a_perfect_game_is_a_win_without_undo() -> None:
    stats = Stats()
    for result in (won(undos=0), won(undos=1), blocked()):
        stats = record_game(stats, "easy", result)
    assert stats.get("easy").perfect == 1


def test_the_result_of_a_real_game_counts_its_undos() -> None:
    game = Game.new(918, STRICT)
    game.apply(game.legal_actions()[0])
    assert game.apply(Action.undo()) is None
    greedy(game)
    result = GameResult.of_game(game, date="2026-12-01")
    assert result.outcome == "won"
    assert result.undos == 1
    assert not result.perfect
    assert result.score == -len(game.position.stock)
    assert result.stock_left == len(game.position.stock)
    assert result.code == format_code(918, STRICT)
    clean = GameResult.of_game(greedy(Game.new(918, STRICT)))
    assert clean.perfect
    assert clean.moves == result.moves - 1


def test_a_game_still_in_play_counts_as_abandoned() -> None:
    game = Game.new(5, CLASSIC)
    game.apply(game.legal_actions()[0])
    result = GameResult.of_game(game)
    assert result.outcome == "abandoned"
    assert result.left == game.position.left
    stats = record_game(Stats(), "classic", result)
    assert stats.get("classic").played == 1
    assert stats.get("classic").won == 0


def test_the_last_fifty_games_are_kept_in_order() -> None:
    stats = Stats()
    for i in range(RECENT_GAMES + 7):
        stats = record_game(stats, "classic", blocked(10 * (i % 30), 5))
    recent = stats.get("classic").recent
    assert len(recent) == RECENT_GAMES
    assert [g.score for g in recent] == [10 * (i % 30) for i in range(7, RECENT_GAMES + 7)]


def test_running_win_rate_follows_the_games() -> None:
    games = [RecentGame(350, "won", 0), RecentGame(0, "blocked", 20), RecentGame(350, "won", 0)]
    assert running_win_rate(games) == pytest.approx([100.0, 50.0, 200 / 3])


@pytest.mark.parametrize(
    ("result", "message"),
    [
        (lambda: GameResult("won", 350, 3), "no card"),
        (lambda: GameResult("lost", 0, 3), "outcome"),  # type: ignore[arg-type]
        (lambda: GameResult("blocked", 10, 36), "out of range"),
        (lambda: GameResult("blocked", 10, 5, daily=True), "needs its date"),
        (lambda: GameResult("blocked", 10, 5, date="2026-13-01"), "month"),
    ],
)
def test_an_impossible_result_is_refused(result: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        result()  # type: ignore[operator]


# --- daily deals and rounds ------------------------------------------------------------------------


def test_a_finished_daily_deal_marks_its_date_once() -> None:
    stats = Stats()
    for result in (
        GameResult("blocked", 100, 10, date="2026-12-02", daily=True),
        GameResult("won", 350, 0, date="2026-12-01", daily=True),
        GameResult("won", 350, 0, date="2026-12-02", daily=True),
        GameResult("abandoned", 50, 30, date="2026-12-03", daily=True),
        GameResult("won", 350, 0, date="2026-12-04"),
    ):
        stats = record_game(stats, "easy", result)
    assert stats.get("easy").daily_done == ("2026-12-01", "2026-12-02")
    stats = record_game(stats, "classic", GameResult("won", 350, 0, date="2026-12-05", daily=True))
    assert daily_dates(stats) == {date(2026, 12, 1), date(2026, 12, 2), date(2026, 12, 5)}
    assert daily_dates(stats, ["classic"]) == {date(2026, 12, 5)}


def test_the_best_round_is_the_lowest_total_for_its_number_of_holes() -> None:
    stats = record_round(Stats(), "strict", 51)
    stats = record_round(stats, "strict", 44)
    stats = record_round(stats, "strict", 60)
    stats = record_round(stats, "strict", 95, holes=18)
    s = stats.get("strict")
    assert s.rounds_played == 4
    assert s.best_round(9) == 44
    assert s.best_round(18) == 95
    with pytest.raises(ValueError, match="9 or 18"):
        record_round(stats, "strict", 40, holes=10)


def test_reset_forgets_one_rule_set_or_all() -> None:
    stats = record_game(record_game(Stats(), "easy", won()), "classic", won())
    assert reset(stats, "easy").rule_set_keys() == ["classic"]
    assert reset(stats).rule_set_keys() == []


# --- 0.1.0's file, imported into the journal -------------------------------------------------------


def _imported(folder: Path) -> tuple[Stats, list[str]]:
    """The statistics once ``folder``'s 0.1.0 files are imported into its journal, and the
    details of what it told."""
    journal = open_journal(folder, "2026-12-06T10:00:00")
    try:
        return statistics(journal.db), [n.detail for n in journal.take_notices()]
    finally:
        journal.close()


def test_statistics_of_0_1_0_survive_the_import(tmp_path: Path) -> None:
    stats = Stats()
    stats = record_game(stats, "easy", GameResult("won", 350, 0, date="2026-12-01", daily=True))
    stats = record_game(stats, "VQAJ", blocked(40, 20))
    stats = record_round(stats, "strict", 51)
    (tmp_path / "stats.json").write_text(STATS_DOCUMENT.to_text(stats), encoding="utf-8")
    imported, told = _imported(tmp_path)
    assert told == []
    assert imported == stats
    assert imported.get("strict").best_round() == 51
    assert _imported(tmp_path) == (stats, [])  # imported once: not added a second time


def test_inconsistent_figures_in_the_file_are_refused(tmp_path: Path) -> None:
    stats = record_game(Stats(), "easy", won())
    body = json.loads(STATS_DOCUMENT.to_text(stats))
    body["rule_sets"]["easy"]["won"] = 5
    (tmp_path / "stats.json").write_text(json.dumps(body), encoding="utf-8")
    imported, (detail,) = _imported(tmp_path)
    assert imported == Stats()
    assert "more games won than played" in detail


def test_an_unknown_rule_set_in_the_file_is_refused() -> None:
    body = json.loads(STATS_DOCUMENT.to_text(record_game(Stats(), "easy", won())))
    body["rule_sets"]["hard"] = body["rule_sets"].pop("easy")
    with pytest.raises(ValueError, match="not a rule set"):
        STATS_DOCUMENT.from_data(body)


_results = st.builds(
    lambda outcome, score, left, undos, day, daily: GameResult(
        outcome,
        score,
        0 if outcome == "won" else left,
        undos=undos,
        date=day.isoformat() if daily else None,
        daily=daily,
    ),
    st.sampled_from(["won", "blocked", "abandoned"]),
    st.integers(-16, 350),
    st.integers(0, 35),
    st.integers(0, 3),
    st.dates(date(2025, 1, 1), date(2027, 12, 31)),
    st.booleans(),
)


@settings(max_examples=40)
@given(st.lists(st.tuples(st.sampled_from([*PRESETS, "VQAJ"]), _results), max_size=80))
def test_any_history_keeps_consistent_figures_and_survives_the_file(
    history: list[tuple[str, GameResult]],
) -> None:
    stats = Stats()
    for key, result in history:
        stats = record_game(stats, key, result)
    for key in stats.rule_set_keys():
        s = stats.get(key)
        mine = [r for k, r in history if k == key]
        assert s.played == len(mine)
        assert s.won == sum(r.won for r in mine)
        assert s.perfect == sum(r.perfect for r in mine)
        assert s.current_streak <= s.longest_streak <= s.won
        pick = min if lower_is_better(key) else max
        assert s.best_score == pick(r.score for r in mine)
    value, version = STATS_DOCUMENT.from_data(json.loads(STATS_DOCUMENT.to_text(stats)))
    assert version == 2
    assert value == stats


def test_the_largest_history_0_1_0_kept_is_imported_whole(tmp_path: Path) -> None:
    full = RuleStats(
        played=MAX_COUNT,
        won=MAX_COUNT // 2,
        score_total=-MAX_COUNT * 16,
        best_score=-16,
        left_total=MAX_COUNT * 35,
        current_streak=MAX_COUNT // 4,
        longest_streak=MAX_COUNT // 2,
        perfect=MAX_COUNT // 2,
        rounds_played=MAX_COUNT,
        best_rounds={9: -100, 18: -200},
        recent=(RecentGame(-16, "abandoned", 35),) * RECENT_GAMES,
    )
    first = date(2000, 1, 1)
    days = tuple((first + timedelta(days=i)).isoformat() for i in range(MAX_DAILY_DATES))
    sets = {rules_key(r): full for r in all_rule_sets()}
    sets["easy"] = replace(full, daily_done=days)
    sets["classic"] = replace(full, daily_done=days)
    stats = Stats(sets)
    text = STATS_DOCUMENT.to_text(stats)
    assert len(text.encode("utf-8")) < MAX_BYTES // 2  # far from what the import reads
    (tmp_path / "stats.json").write_text(text, encoding="utf-8")
    assert _imported(tmp_path) == (stats, [])
