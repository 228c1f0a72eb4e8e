"""Six-card replay files: written, read back, played back the same, verified; bad files named."""

from __future__ import annotations

from pathlib import Path

import pytest

from golf.sixcard.actions import Action
from golf.sixcard.ai import make_opponent
from golf.sixcard.game import State, new_game
from golf.sixcard.replay import (
    MAX_BYTES,
    Result,
    SixReplay,
    dump,
    frames,
    load,
    loads,
    play,
    save,
    verify,
)
from golf.sixcard.rules import STANDARD, SixRules
from golf.sixcard.simulate import play_game
from golf.solitaire.replay import ReplayError


def recorded_game(rules: SixRules = STANDARD, players: int = 3) -> tuple[State, SixReplay]:
    start = new_game(4321, players, rules)
    opponents = [make_opponent(level, k) for k, level in enumerate(["hard", "medium", "easy"])]
    final, log = play_game(start, opponents[:players])
    return final, SixReplay.record(start, log, seats=["You", "Ann", "Bob"][:players])


@pytest.fixture(scope="module")
def game() -> tuple[State, SixReplay]:
    return recorded_game()


def test_a_recorded_game_verifies_and_plays_back_to_the_same_end(
    game: tuple[State, SixReplay],
) -> None:
    final, replay = game
    assert verify(replay) == []
    assert play(replay)[-1] == final
    assert replay.result == Result.of_state(final)
    assert replay.result.outcome == "over" and replay.result.winners


def test_playback_is_deterministic(game: tuple[State, SixReplay]) -> None:
    _, replay = game
    assert play(replay) == play(replay)
    states = [f.state for f in frames(replay)]
    assert states == play(replay)[1:]


def test_the_file_round_trips(game: tuple[State, SixReplay], tmp_path: Path) -> None:
    _, replay = game
    path = tmp_path / "game.yaml"
    save(replay, path)
    back = load(path)
    assert back == replay
    assert dump(back) == path.read_text(encoding="utf-8")
    text = path.read_text(encoding="utf-8")
    assert text.startswith("format: 1\ngame: six-card\ncode: G6-3-")
    assert "- take stock\n" in text and "seats: [You, Ann, Bob]" in text


def test_times_and_labels_are_kept() -> None:
    start = new_game(1, 2)
    actions = [Action.parse(t) for t in ("flip 1 1", "flip 2 2", "flip 1 3")]
    replay = SixReplay.record(
        start, actions, times=[0.5, None, 1.25], title="Opening", recorded="2026-11-30T10:15:00"
    )
    back = loads(dump(replay))
    assert back.times == (0.5, None, 1.25)
    assert back.title == "Opening" and back.recorded == "2026-11-30T10:15:00"
    assert back.result.outcome == "playing" and back.result.winners == ()
    assert verify(back) == []


def test_every_variant_records_and_verifies() -> None:
    for rules in (
        SixRules(grid=4, peek=True),
        SixRules(grid=9, knock=True, row_cancel=True),
        SixRules(jokers=False, twos_negative=True, ties="shared"),
    ):
        _, replay = recorded_game(rules, players=2)
        back = loads(dump(replay))
        assert back.rules == rules
        assert verify(back) == []


def test_verify_names_the_first_difference(game: tuple[State, SixReplay]) -> None:
    _, replay = game
    holes = list(replay.result.holes)
    holes[2] = (holes[2][0] + 1, *holes[2][1:])  # type: ignore[operator]
    wrong = SixReplay(
        code=replay.code,
        actions=replay.actions,
        result=Result("over", tuple(holes), replay.result.totals, replay.result.winners),
    )
    problems = verify(wrong)
    assert problems[0].startswith("hole 3, seat 1: ")


def test_verify_reports_a_refused_action() -> None:
    actions = tuple(Action.parse(t) for t in ("flip 1 1", "flip 1 1"))
    replay = SixReplay("G6-2-AAAAAAB", actions, Result("playing", (), (0, 0), ()))
    assert verify(replay) == ["action 2 (flip 1 1) refused: This card is already face up"]


def test_verify_reports_a_cut_short_game(game: tuple[State, SixReplay]) -> None:
    _, replay = game
    short = SixReplay(replay.code, replay.actions[:-30], replay.result)
    assert verify(short)[0] == "outcome playing, expected over"


# --- bad files -------------------------------------------------------------------------------

GOOD = """\
format: 1
game: six-card
code: G6-2-AAAAAAB
players: 2
rules: {grid: 6, peek: false, knock: false, jokers: true, jokers_cancel: true,
  double_deck: false, twos_negative: false, row_cancel: false, holes: 9, ties: playoff}
actions:
- flip 1 1
- {do: flip 1 2, t: 0.5}
result: {outcome: playing, holes: [], totals: [0, 0], winners: []}
"""


def test_the_sample_text_reads() -> None:
    replay = loads(GOOD, "good.yaml")
    assert replay.code == "G6-2-AAAAAAB" and replay.times == (None, 0.5)
    assert verify(replay) == []


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ("flip 1 2, t: 0.5", "flip 9 2, t: 0.5"),
            "actions[1].do (line 9): 'flip 9 2' is not an action",
        ),
        (("- flip 1 1", "- 12"), "actions[0] (line 8): '12' is not an action"),
        (
            ("players: 2", "players: 3"),
            "players (line 4): 3 players but the code G6-2-AAAAAAB means 2",
        ),
        (("knock: false", "knock: true"), "rules (line 3): the rules do not match the code"),
        (("peek: false", "peek: maybe"), "rules.peek (line 5): expected true or false"),
        (("holes: 9", "holes: 10"), "rules.holes (line 6): 10 is not allowed (expected 9 or 18)"),
        (("game: six-card", "game: solitaire"), "game (line 2): 'solitaire' is not allowed"),
        (("format: 1", "format: 2"), "format (line 1): format 2 is not one this game reads"),
        (("totals: [0, 0]", "totals: [0]"), "result.totals (line 10): 1 totals for 2 players"),
        (("winners: []", "winners: [0]"), "a game still playing has no winner yet"),
        (("players: 2\n", "players: 2\ncolour: red\n"), "unknown key 'colour'"),
        (
            ("code: G6-2-AAAAAAB", "code: G6-9-AAAAAAB"),
            "code (line 3): 'G6-9-AAAAAAB' is not a six-card Golf code",
        ),
    ],
)
def test_bad_files_are_refused_naming_the_place(change: tuple[str, str], message: str) -> None:
    old, new = change
    assert old in GOOD
    with pytest.raises(ReplayError) as info:
        loads(GOOD.replace(old, new, 1), "bad.yaml")
    assert str(info.value).startswith("bad.yaml: ")
    assert message in str(info.value)


def test_aliases_are_refused() -> None:
    text = GOOD.replace("- flip 1 1", "- &a flip 1 1\n- *a")
    with pytest.raises(ReplayError, match="aliases"):
        loads(text, "alias.yaml")


def test_a_file_too_large_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text(GOOD + "#" * MAX_BYTES, encoding="utf-8")
    with pytest.raises(ReplayError, match="more than 1,000,000"):
        load(path)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ReplayError, match=r"nothing\.yaml: cannot be read"):
        load(tmp_path / "nothing.yaml")
