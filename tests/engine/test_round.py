"""Rounds of 9 or 18 holes: strokes, labels, the scorecard, resuming, and 0.1.0's saved round."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from golf.core.store import FormatError
from golf.journal.figures import statistics
from golf.journal.journal import Journal
from golf.journal.legacy import open_journal
from golf.solitaire import engine
from golf.solitaire.codes import format_code
from golf.solitaire.engine import Action, Position
from golf.solitaire.round import (
    HOLE_LABELS,
    PAR_PER_HOLE,
    ROUND_DOCUMENT,
    Round,
    RoundError,
    hole_label,
    hole_strokes,
    round_numbers,
    to_par_text,
)
from golf.solitaire.rules import EASY, STRICT, Rules
from golf.solitaire.session import Game
from golf.solitaire.stats import (
    GameResult,
    Stats,
    record_game,
    record_round,
    rules_from_key,
)
from golf.solitaire.texts import Reason

MASK = (1 << 64) - 1

ROUND_SEED = 2232
"""Greedy play of this round under strict rules clears two holes, one with stock left."""
ROUND_STROKES = [4, 14, 6, -3, 0, 6, 5, 12, 7]


def reference_numbers(seed: int, holes: int) -> list[int]:
    """SplitMix64 outputs of the round seed modulo 26**7, skipping repeats (the docs' recipe)."""
    state = seed
    out: list[int] = []
    while len(out) < holes:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        n = (z ^ (z >> 31)) % 26**7
        if n not in out:
            out.append(n)
    return out


def greedy_action(position: Position, rules: Rules) -> Action:
    """The first legal action: plays by column, then the draw."""
    return engine.legal_actions(position, rules)[0]


def strokes_by_hand(number: int, rules: Rules) -> tuple[str, int]:
    """Play a deal greedily with the bare engine and count strokes as SPEC §3 says."""
    pos = engine.deal(number, rules)
    while engine.status(pos, rules) == "playing":
        pos = engine.apply(pos, greedy_action(pos, rules), rules)
    left = sum(len(c) for c in pos.columns)
    return engine.status(pos, rules), left if left else -len(pos.stock)


def play_hole_greedily(rnd: Round) -> None:
    while not rnd.hole_over:
        assert rnd.game is not None
        assert rnd.apply(greedy_action(rnd.game.position, rnd.rules)) is None


# --- deals and strokes ---------------------------------------------------------------------------


def test_the_deals_of_a_round_come_from_its_seed() -> None:
    for seed in (0, 1, ROUND_SEED, MASK):
        assert list(round_numbers(seed, 18)) == reference_numbers(seed, 18)
    assert round_numbers(ROUND_SEED, 18)[:9] == round_numbers(ROUND_SEED, 9)
    assert len(set(round_numbers(7, 18))) == 18
    assert round_numbers(1, 9) != round_numbers(2, 9)
    with pytest.raises(ValueError, match="round seed"):
        round_numbers(-1)


def test_a_clear_with_stock_left_scores_negative_strokes() -> None:
    game = Game.new(918, STRICT)
    while not game.over:
        game.apply(game.legal_actions()[0])
    assert game.status == "won"
    stock = len(game.position.stock)
    assert stock > 0
    assert hole_strokes(game.position) == -stock
    assert game.score == -stock


def test_a_blocked_hole_scores_the_cards_left_whatever_the_rules_scoring() -> None:
    game = Game.new(918, EASY)
    while not game.over:
        game.apply(game.legal_actions()[0])
    assert game.status == "blocked"
    assert hole_strokes(game.position) == game.position.left
    assert game.score != game.position.left  # Easy counts points; the hole counts strokes


def test_a_clear_with_an_empty_stock_scores_zero() -> None:
    pos = Position(((),) * 7, (1, 2), ())
    assert hole_strokes(pos) == 0


# --- labels --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("strokes", "english", "french"),
    [
        (-5, "Hole in one", "Trou en un"),
        (0, "Hole in one", "Trou en un"),
        (1, "Condor", "Condor"),
        (2, "Albatross", "Albatros"),
        (3, "Eagle", "Eagle"),
        (4, "Birdie", "Birdie"),
        (5, "Par", "Par"),
        (6, "Bogey", "Bogey"),
        (7, "Double bogey", "Double bogey"),
        (8, "Triple bogey", "Triple bogey"),
        (9, "+4", "+4"),
        (35, "+30", "+30"),
    ],
)
def test_each_hole_is_labelled_against_par_five(strokes: int, english: str, french: str) -> None:
    assert hole_label(strokes, "en") == english
    assert hole_label(strokes, "fr") == french


def test_the_label_table_rises_one_stroke_at_a_time_up_to_par_plus_three() -> None:
    assert list(HOLE_LABELS) == list(range(0, PAR_PER_HOLE + 4))
    assert hole_label(PAR_PER_HOLE, "en") == hole_label(PAR_PER_HOLE, "fr") == "Par"


@pytest.mark.parametrize(("diff", "en", "fr"), [(0, "E", "Par"), (3, "+3", "+3"), (-2, "-2", "-2")])
def test_totals_against_par_read_as_golfers_write_them(diff: int, en: str, fr: str) -> None:
    assert to_par_text(diff, "en") == en
    assert to_par_text(diff, "fr") == fr


# --- a whole round -------------------------------------------------------------------------------


def test_a_nine_hole_round_played_through_the_game_gives_the_right_scorecard() -> None:
    rnd = Round(ROUND_SEED)
    assert (rnd.rules, rnd.holes, rnd.par) == (STRICT, 9, 45)
    numbers = reference_numbers(ROUND_SEED, 9)
    expected = [strokes_by_hand(n, STRICT) for n in numbers]
    for hole in range(1, 10):
        assert rnd.hole == hole
        assert rnd.game is not None
        assert rnd.game.code == format_code(numbers[hole - 1], STRICT)
        play_hole_greedily(rnd)
        result = rnd.finish_hole()
        assert (result.outcome, result.strokes) == expected[hole - 1]
    assert rnd.over
    assert rnd.game is None
    assert [r.strokes for r in rnd.results] == ROUND_STROKES

    card = rnd.scorecard("en", best_round=44)
    totals = [sum(ROUND_STROKES[:i]) for i in range(1, 10)]
    assert [row.strokes for row in card.rows] == ROUND_STROKES
    assert [row.total for row in card.rows] == totals
    assert [row.to_par for row in card.rows] == [t - 5 * i for i, t in enumerate(totals, 1)]
    assert [row.code for row in card.rows] == [format_code(n, STRICT) for n in numbers]
    assert [row.label for row in card.rows] == [
        "Birdie",
        "+9",
        "Bogey",
        "Hole in one",
        "Hole in one",
        "Bogey",
        "Par",
        "+7",
        "Double bogey",
    ]
    assert (card.holes_played, card.total, card.par, card.to_par) == (9, 51, 45, 6)
    assert card.to_par_text == "+6"
    assert card.best_round == 44
    assert rnd.scorecard("fr").rows[3].label == "Trou en un"


def test_the_scorecard_of_a_round_in_play_shows_the_holes_to_come() -> None:
    rnd = Round(ROUND_SEED)
    play_hole_greedily(rnd)
    rnd.finish_hole()
    card = rnd.scorecard("fr")
    assert card.holes_played == 1
    assert (card.total, card.to_par, card.to_par_text) == (4, -1, "-1")
    assert card.rows[1].strokes is None
    assert card.rows[1].label is None
    assert card.rows[1].code == rnd.code(2)
    assert card.par == 45


def test_an_eighteen_hole_round_has_par_ninety() -> None:
    rnd = Round(ROUND_SEED, holes=18)
    assert rnd.par == 90
    assert len(rnd.scorecard().rows) == 18
    assert rnd.numbers[:9] == Round(ROUND_SEED).numbers
    with pytest.raises(ValueError, match="9 or 18"):
        Round(1, holes=12)


def test_a_hole_is_finished_only_when_its_game_is_over() -> None:
    rnd = Round(ROUND_SEED)
    with pytest.raises(RoundError, match="still being played"):
        rnd.finish_hole()


def test_once_a_hole_is_over_no_action_is_taken_not_even_undo() -> None:
    rnd = Round(ROUND_SEED)
    play_hole_greedily(rnd)
    assert rnd.game is not None
    moves = rnd.game.moves
    refused = rnd.apply(Action.undo())
    assert refused is not None
    assert refused.reason is Reason.BLOCKED_GAME
    assert rnd.game.moves == moves
    assert rnd.game.over


def test_a_round_that_is_over_takes_no_action() -> None:
    rnd = Round(ROUND_SEED)
    for _ in range(9):
        play_hole_greedily(rnd)
        rnd.finish_hole()
    with pytest.raises(RoundError, match="over"):
        rnd.apply(Action.draw())
    with pytest.raises(RoundError, match="over"):
        rnd.finish_hole()


def test_a_round_under_easy_rules_counts_strokes_too() -> None:
    rnd = Round(5, EASY)
    play_hole_greedily(rnd)
    assert rnd.game is not None
    expected = hole_strokes(rnd.game.position)
    assert rnd.finish_hole().strokes == expected
    assert rnd.rules_key == "easy"


def test_holes_and_round_feed_the_statistics() -> None:
    rnd = Round(ROUND_SEED)
    stats = Stats()
    while not rnd.over:
        play_hole_greedily(rnd)
        assert rnd.game is not None
        stats = record_game(stats, rnd.rules_key, GameResult.of_game(rnd.game))
        rnd.finish_hole()
    stats = record_round(stats, rnd.rules_key, rnd.total)
    s = stats.get("strict")
    assert (s.played, s.won, s.rounds_played) == (9, 2, 1)
    assert s.best_score == -3
    assert s.best_round() == 51
    assert s.perfect == 2


# --- leaving and resuming ------------------------------------------------------------------------


def _round_in_play() -> Round:
    """Three holes done, the fourth in play with a draw undone along the way."""
    rnd = Round(ROUND_SEED)
    for _ in range(3):
        play_hole_greedily(rnd)
        rnd.finish_hole()
    game = rnd.game
    assert game is not None
    for _ in range(6):
        assert rnd.apply(greedy_action(game.position, rnd.rules)) is None
    assert rnd.apply(Action.undo()) is None
    assert rnd.apply(greedy_action(game.position, rnd.rules)) is None
    return rnd


def test_a_round_resumes_where_it_was_left() -> None:
    rnd = _round_in_play()
    data = json.loads(json.dumps(rnd.to_dict()))
    back = Round.from_dict(data)
    assert back.hole == 4
    assert back.results == rnd.results
    assert back.game is not None
    assert rnd.game is not None
    assert back.game.position == rnd.game.position
    assert back.game.moves == rnd.game.moves
    assert back.game.log == rnd.game.log
    play_hole_greedily(back)
    play_hole_greedily(rnd)
    assert back.finish_hole() == rnd.finish_hole()


def test_a_hole_over_but_not_finished_resumes_over() -> None:
    rnd = Round(ROUND_SEED)
    play_hole_greedily(rnd)
    back = Round.from_dict(rnd.to_dict())
    assert back.hole_over
    assert back.finish_hole().strokes == ROUND_STROKES[0]


def _import(folder: Path, rnd: Round | None = None) -> Journal:
    """``folder``'s journal once its 0.1.0 files (with ``round.json`` for ``rnd``) are
    imported; the caller closes it."""
    if rnd is not None:
        (folder / "round.json").write_text(ROUND_DOCUMENT.to_text(rnd), encoding="utf-8")
    return open_journal(folder, "2026-12-06T10:00:00")


def _resumed(journal: Journal) -> Round | None:
    """The round the journal holds in progress, its holes played again from their actions
    (what Continue does with it)."""
    kept = journal.kept_round()
    if kept is None:
        return None
    rnd = Round(kept.seed, rules_from_key(kept.rules), kept.holes)
    for code, actions in kept.played:
        assert code == rnd.code(rnd.hole)
        for token in actions:
            assert rnd.apply(Action.parse(token)) is None
        rnd.finish_hole()
    (hole,) = [g for g in journal.kept("solitaire") if g.round_id == kept.id]
    assert hole.hole == rnd.hole and hole.code == rnd.code(rnd.hole)
    for token in hole.actions:
        assert rnd.apply(Action.parse(token)) is None
    return rnd


def test_the_saved_round_of_0_1_0_is_imported_as_the_round_in_progress(tmp_path: Path) -> None:
    rnd = _round_in_play()
    journal = _import(tmp_path, rnd)
    try:
        assert journal.take_notices() == []
        kept = journal.kept_round()
        assert kept is not None
        assert (kept.seed, kept.rules, kept.holes) == (rnd.seed, rnd.rules_key, rnd.holes)
        assert [code for code, _ in kept.played] == [h.code for h in rnd.results]
        back = _resumed(journal)
        assert back is not None and back.to_dict() == rnd.to_dict()
        assert back.game is not None and rnd.game is not None
        assert back.game.log == rnd.game.log and back.game.undo_depth == rnd.game.undo_depth
        # its finished holes are games of the history, not counted a second time (0.1.0's
        # statistics, imported with them, counted them already)
        history = journal.history()
        assert sorted(g.hole for g in history if g.round_id == kept.id) == [1, 2, 3]
        assert [g.score for g in reversed(history)] == [h.strokes for h in rnd.results]
        assert statistics(journal.db) == Stats()
    finally:
        journal.close()
    empty = _import(tmp_path / "empty")
    try:
        assert empty.kept_round() is None
    finally:
        empty.close()


def test_a_finished_round_is_not_kept(tmp_path: Path) -> None:
    rnd = Round(ROUND_SEED)
    while not rnd.over:
        play_hole_greedily(rnd)
        rnd.finish_hole()
    journal = _import(tmp_path, rnd)
    try:
        assert journal.take_notices() == []
        assert journal.kept_round() is None and journal.kept() == []
    finally:
        journal.close()


def _tampered(change: str) -> dict[str, object]:
    data = _round_in_play().to_dict()
    played = data["played"]
    current = data["current"]
    assert isinstance(played, list)
    assert isinstance(current, dict)
    if change == "strokes":
        played[1]["strokes"] -= 3
    elif change == "outcome":
        played[0]["outcome"] = "won"
    elif change == "code":
        played[2]["code"] = format_code(12345, STRICT)
    elif change == "refused action":
        current["actions"] = ["draw", "draw", *current["actions"]]
    elif change == "bad action":
        current["actions"] = ["jump"]
    elif change == "unfinished hole":
        played[2]["actions"] = played[2]["actions"][:3]
    elif change == "rules":
        data["rules"] = "hard"
    elif change == "holes":
        data["holes"] = 10
    elif change == "missing current":
        data["current"] = None
    elif change == "extra key":
        data["bonus"] = 1
    return data


@pytest.mark.parametrize(
    "change",
    [
        "strokes",
        "outcome",
        "code",
        "refused action",
        "bad action",
        "unfinished hole",
        "rules",
        "holes",
        "missing current",
        "extra key",
    ],
)
def test_a_tampered_round_is_refused(change: str) -> None:
    with pytest.raises(FormatError):
        Round.from_dict(_tampered(change))


def test_a_tampered_round_file_is_not_imported_and_is_told(tmp_path: Path) -> None:
    body = {"version": 1, "round": _tampered("strokes")}
    text = json.dumps(body)
    (tmp_path / "round.json").write_text(text, encoding="utf-8")
    journal = _import(tmp_path)
    try:
        (notice,) = journal.take_notices()  # the round's only: nothing else was refused
        assert journal.kept_round() is None and journal.kept() == []
    finally:
        journal.close()
    assert notice.file == "round.json" and notice.kind == "corrupt"
    assert (tmp_path / "round.json").read_text(encoding="utf-8") == text  # left as it is
    assert not (tmp_path / "round.json.corrupt-1").exists()
    assert "saved round" in notice.text("en")
    assert "parcours en cours" in notice.text("fr")
