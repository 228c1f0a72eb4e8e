"""Replay files: writing, reading back, playing back and verifying (SPEC §5)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golf.core.cards import parse_card
from golf.core.deal import MAX_DEAL
from golf.solitaire import engine
from golf.solitaire.codes import format_code
from golf.solitaire.describe import describe
from golf.solitaire.engine import Action, Position
from golf.solitaire.replay import (
    Checkpoint,
    Replay,
    Result,
    dump,
    frames,
    load,
    loads,
    play,
    save,
    verify,
)
from golf.solitaire.rules import CLASSIC, EASY, Rules
from golf.solitaire.session import Game
from tests.engine.test_engine_properties import rules_strategy
from tests.seeds_example import COLUMNS, STOCK, WASTE

ALL_ACTIONS = [Action.draw(), Action.undo(), Action.redo()] + [Action.play(c) for c in range(1, 8)]


def played(code: str, actions: list[Action]) -> Game:
    game = Game.from_code(code)
    for action in actions:
        game.apply(action)
    return game


def first_legal_until_over(game: Game, limit: int = 200) -> Game:
    while not game.over and limit:
        game.apply(game.legal_actions()[0])
        limit -= 1
    return game


# --- writing and reading --------------------------------------------------------------------------


def test_from_game_keeps_code_rules_actions_and_result() -> None:
    game = played("GO1-C-ABCDEFG", [Action.draw(), Action.draw(), Action.undo(), Action.draw()])
    replay = Replay.from_game(game, [1.0, 0.5, 0.25, 2.0], title="t")
    assert replay.code == "GO1-C-ABCDEFG"
    assert replay.layout is None
    assert replay.rules == CLASSIC
    assert replay.actions == tuple(game.log)
    assert replay.result == Result(
        game.status, game.score, game.moves, game.position.removed, len(game.position.stock)
    )


def test_from_game_without_a_code_keeps_the_layout() -> None:
    start = engine.deal(12345, EASY)
    game = Game(start, EASY)
    game.apply(Action.draw())
    replay = Replay.from_game(game)
    assert replay.code is None
    assert replay.layout == start
    assert loads(dump(replay)) == replay


def test_from_game_rounds_times_to_the_millisecond() -> None:
    game = played("GO1-E-AAAAAAB", [Action.draw()])
    assert Replay.from_game(game, [1.23456]).times == (1.235,)


def test_from_game_needs_one_time_per_action() -> None:
    game = played("GO1-E-AAAAAAB", [Action.draw()])
    with pytest.raises(ValueError, match="1 actions"):
        Replay.from_game(game, [1.0, 2.0])


def test_a_replay_has_a_code_or_a_layout_not_both() -> None:
    with pytest.raises(ValueError, match="either a code or a layout"):
        Replay(rules=EASY, actions=())
    with pytest.raises(ValueError, match="either a code or a layout"):
        Replay(rules=EASY, actions=(), code="GO1-E-AAAAAAA", layout=engine.deal(0, EASY))


def test_dump_is_compact() -> None:
    game = played("GO1-E-AAAAAAB", [Action.draw(), Action.draw(), Action.draw()])
    replay = Replay.from_game(game, [None, 1.5, 2.0])
    text = dump(replay)
    assert "actions:\n- draw\n- {do: draw, t: 1.5}\n- {do: draw, t: 2}\n" in text
    assert text.startswith("format: 1\ncode: GO1-E-AAAAAAB\nrules:\n  king_ace: true\n")
    assert "result:\n  outcome: playing\n" in text


def test_dump_writes_layout_columns_as_flow_lists() -> None:
    start = engine.deal(0, EASY)
    text = dump(Replay(rules=EASY, actions=(), layout=start))
    assert "  - [8♠, 10♣, Q♠, 6♣, Q♥]\n" in text  # SPEC §1's vector, column 1
    assert "  waste: [9♦]\n" in text
    assert "  stock: [3♣, " in text


def test_dump_keeps_long_position_texts_on_one_line() -> None:
    start = engine.deal(0, EASY)
    text_en = describe(start, "en")
    replay = Replay(
        rules=EASY,
        actions=(),
        layout=start,
        checkpoints=(Checkpoint(after=0, position_en=text_en, position_fr=describe(start, "fr")),),
    )
    text = dump(replay)
    assert any(text_en in line for line in text.splitlines())
    assert loads(text) == replay


def test_save_then_load(tmp_path: Path) -> None:
    game = first_legal_until_over(Game.from_code("GO1-E-QWERTYU"))
    replay = Replay.from_game(game, title="Réussite ♠", recorded="2026-11-30T10:15:00")
    path = tmp_path / "game.yaml"
    save(replay, path)
    assert load(path) == replay
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]
    assert path.read_text(encoding="utf-8").count("Réussite ♠") == 1


def test_save_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.yaml"
    first = Replay.from_game(played("GO1-E-AAAAAAB", [Action.draw()]))
    save(first, path)
    before = path.read_bytes()

    def crash(fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", crash)
    second = Replay.from_game(played("GO1-E-AAAAAAB", [Action.draw(), Action.draw()]))
    with pytest.raises(OSError, match="disk full"):
        save(second, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]


# --- playback and verify --------------------------------------------------------------------------


def test_play_gives_every_position_and_the_final_game() -> None:
    actions = [Action.draw(), Action.play(1), Action.play(2), Action.undo(), Action.draw()]
    game = Game.from_code("GO1-E-AAAAAAB")
    seen = [game.position]
    refused = {}
    for i, action in enumerate(actions, start=1):
        r = game.apply(action)
        if r is not None:
            refused[i] = r.reason
        seen.append(game.position)
    replay = Replay(
        rules=EASY,
        code="GO1-E-AAAAAAB",
        actions=tuple(actions),
        result=Result.of_game(game),
    )
    playback = play(replay)
    assert list(playback.positions) == seen
    assert {i: r.reason for i, r in playback.refusals.items()} == refused
    assert playback.game.position == game.position
    assert playback.game.moves == game.moves


def test_frames_carry_the_times() -> None:
    game = played("GO1-E-AAAAAAB", [Action.draw(), Action.draw()])
    replay = Replay.from_game(game, [0.5, 2.0])
    got = [(f.index, f.action, f.t, f.moves) for f in frames(replay)]
    assert got == [(1, Action.draw(), 0.5, 1), (2, Action.draw(), 2.0, 2)]


def test_verify_names_the_first_result_difference() -> None:
    game = played("GO1-E-AAAAAAB", [Action.draw(), Action.draw()])
    good = Replay.from_game(game)
    assert verify(good) == []
    assert good.result is not None
    bad = Replay(
        rules=good.rules,
        code=good.code,
        actions=good.actions,
        result=Result(good.result.outcome, good.result.score, 3, good.result.removed, 99),
    )
    assert verify(bad) == [
        "at the end (after action 2): moves 2, expected 3",
        "at the end (after action 2): stock 14, expected 99",
    ]


def seeds_layout(rules: Rules = EASY) -> Position:
    return engine.layout(
        [[parse_card(t) for t in col.split()] for col in COLUMNS],
        [parse_card(WASTE)],
        [parse_card(t) for t in STOCK.split()],
        rules,
    )


def script(actions: str, *checkpoints: Checkpoint, rules: Rules = EASY) -> Replay:
    return Replay(
        rules=rules,
        layout=seeds_layout(rules),
        actions=tuple(Action.parse(a) for a in actions.split(",") if a.strip()),
        checkpoints=checkpoints,
    )


def test_checkpoint_difference_names_the_action() -> None:
    replay = script("draw, play 5, play 2", Checkpoint(after=3, score=30, moves=3))
    assert verify(replay) == ["after action 3: score 20, expected 30"]


def test_checkpoint_at_the_start() -> None:
    replay = script("draw", Checkpoint(after=0, stock=15))
    assert verify(replay) == ["at the start: stock 16, expected 15"]


def test_position_text_difference_points_at_the_character() -> None:
    start = seeds_layout()
    wrong = describe(start, "en").replace("waste: ace of clubs", "waste: ace of spades")
    problems = verify(script("", Checkpoint(after=0, position_en=wrong)))
    assert len(problems) == 1
    assert problems[0].startswith("at the start: position_en differs at character 32: got ")
    assert "'...'" not in problems[0] and "ace of clubs" in problems[0]


def test_an_unexpected_refusal_ends_the_playback() -> None:
    replay = script("play 1, draw", Checkpoint(after=2, score=99))
    assert verify(replay) == ["action 1 (play 1) refused: Must be one rank higher or lower"]


@pytest.mark.parametrize(
    "text", ["Must be one rank higher or lower", "Doit être d'un rang supérieur ou inférieur"]
)
def test_an_expected_refusal_in_either_language(text: str) -> None:
    replay = script(
        "play 1, draw", Checkpoint(after=1, refusal=text, moves=0), Checkpoint(after=2, moves=1)
    )
    assert verify(replay) == []


def test_a_refusal_with_another_reason_is_reported() -> None:
    replay = script("play 1 row 4", Checkpoint(after=1, refusal="Must be one rank higher or lower"))
    assert verify(replay) == [
        "action 1 (play 1 row 4) refused: This card is blocked, "
        "expected refusal: Must be one rank higher or lower"
    ]


def test_an_accepted_action_that_should_be_refused() -> None:
    replay = script("draw", Checkpoint(after=1, refusal="This card is blocked"))
    assert verify(replay) == [
        "action 1 (draw) was accepted, expected refusal: This card is blocked"
    ]


def test_a_refused_action_changes_nothing() -> None:
    playback = play(script("play 1, play 1 row 2, draw"))
    assert playback.positions[0] == playback.positions[1] == playback.positions[2]
    assert playback.game.moves == 1
    assert sorted(playback.refusals) == [1, 2]


# --- properties -----------------------------------------------------------------------------------

times_strategy = st.one_of(st.none(), st.floats(0, 86_400, allow_nan=False, allow_infinity=False))


@st.composite
def recorded_games(draw: st.DrawFn) -> tuple[Game, list[Position], Replay]:
    """A game of random moves (legal, refused and undos), its positions, and its replay."""
    rules = draw(rules_strategy)
    number = draw(st.integers(0, MAX_DEAL - 1))
    coded = draw(st.booleans())
    game = Game.new(number, rules) if coded else Game(engine.deal(number, rules), rules)
    positions = [game.position]
    for action in draw(st.lists(st.sampled_from(ALL_ACTIONS), max_size=80)):
        if game.apply(action) is None:
            positions.append(game.position)
    times = draw(st.lists(times_strategy, min_size=len(game.log), max_size=len(game.log)))
    title = draw(st.none() | st.text(max_size=40).filter(str.isprintable))
    replay = Replay.from_game(game, times, title=title, recorded="2026-11-30T10:15:00+01:00")
    return game, positions, replay


@settings(max_examples=40)
@given(recorded_games())
def test_saving_then_loading_gives_the_same_replay(
    case: tuple[Game, list[Position], Replay],
) -> None:
    _, _, replay = case
    assert loads(dump(replay)) == replay


@settings(max_examples=40)
@given(recorded_games())
def test_a_loaded_replay_reproduces_the_game(case: tuple[Game, list[Position], Replay]) -> None:
    game, positions, replay = case
    playback = play(loads(dump(replay)))
    assert list(playback.positions) == positions
    assert playback.refusals == {}
    assert playback.game.position == game.position
    assert (playback.game.moves, playback.game.score) == (game.moves, game.score)
    assert verify(replay) == []


@settings(max_examples=30)
@given(recorded_games(), st.lists(st.sampled_from(ALL_ACTIONS), max_size=30))
def test_playing_back_twice_gives_the_same_result(
    case: tuple[Game, list[Position], Replay], more: list[Action]
) -> None:
    _, _, recorded = case
    # Add actions that may be refused: playback must still be the same every time.
    replay = Replay(
        rules=recorded.rules,
        code=recorded.code,
        layout=recorded.layout,
        actions=(*recorded.actions, *more),
    )
    first, second = play(replay), play(replay)
    assert first.positions == second.positions
    assert first.refusals.keys() == second.refusals.keys()
    assert verify(replay) == verify(replay)


def test_the_code_written_is_the_code_of_the_rules() -> None:
    rules = EASY.with_(jokers=2, empty_waste=True)
    game = Game.new(77, rules)
    replay = loads(dump(Replay.from_game(game)))
    assert replay.code == format_code(77, rules)
    assert replay.rules == rules
