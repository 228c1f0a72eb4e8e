"""Bad replay files: each is refused with one clear message that names the file, the place and
what was expected, in bounded time."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import yaml

from golf.solitaire import replay as replay_mod
from golf.solitaire.engine import Action
from golf.solitaire.replay import MAX_ACTIONS, ReplayError, load, loads, verify
from golf.solitaire.session import Game
from tests import seeds_example as seeds

RULES_EASY = """\
rules:
  king_ace: true
  queen_on_king: true
  draw: any
  jokers: 0
  empty_waste: false
  scoring: points
"""

RESULT_START = """\
result:
  outcome: playing
  score: 0
  moves: 0
  removed: 0
  stock: 16
"""


def doc(*, head: str = "format: 1\ncode: GO1-E-AAAAAAB\n", rules: str = RULES_EASY,
        actions: str = "actions: []\n", tail: str = RESULT_START) -> str:  # fmt: skip
    return head + rules + actions + tail


def error_of(text: str, name: str = "bad.yaml") -> ReplayError:
    with pytest.raises(ReplayError) as info:
        loads(text, name)
    return info.value


def test_the_reference_document_is_valid() -> None:
    replay = loads(doc(), "good.yaml")
    assert replay.code == "GO1-E-AAAAAAB"
    assert verify(replay) == []


def test_malformed_yaml_names_the_line() -> None:
    err = error_of(doc(actions="actions: [draw, play 1\n"))
    assert str(err).startswith("bad.yaml: line ")
    assert "not valid YAML" in str(err)
    assert err.line is not None


def test_unknown_top_level_key() -> None:
    err = error_of(doc(tail=RESULT_START + "colour: red\n"))
    assert "unknown key 'colour'" in str(err)
    assert "expected format, code, rules" in str(err)
    assert err.line == 17


def test_unknown_rule_key_names_the_place() -> None:
    err = error_of(doc(rules=RULES_EASY.replace("king_ace:", "kings_ace:")))
    assert str(err).startswith("bad.yaml: rules (line 4): unknown key 'kings_ace'")


def test_missing_rule_key() -> None:
    err = error_of(doc(rules=RULES_EASY.replace("  draw: any\n", "")))
    assert "rules" in str(err) and "missing key 'draw'" in str(err)


def test_duplicate_key_is_refused() -> None:
    err = error_of(doc(head="format: 1\ncode: GO1-E-AAAAAAB\ncode: GO1-E-AAAAAAC\n"))
    assert "code (line 3): this key appears twice" in str(err)


@pytest.mark.parametrize(
    ("text", "place", "expected"),
    [
        (doc(head='format: "1"\ncode: GO1-E-AAAAAAB\n'), "format", "expected a whole number"),
        (doc(head="format: true\ncode: GO1-E-AAAAAAB\n"), "format", "expected a whole number"),
        (doc(head="format: 2\ncode: GO1-E-AAAAAAB\n"), "format", "expected 1"),
        (
            doc(rules=RULES_EASY.replace("king_ace: true", "king_ace: 1")),
            "rules.king_ace",
            "expected true or false",
        ),
        (
            doc(rules=RULES_EASY.replace("jokers: 0", "jokers: 1.5")),
            "rules.jokers",
            "expected a whole number from 0 to 2",
        ),
        (doc(rules=RULES_EASY.replace("jokers: 0", "jokers: 3")), "rules.jokers", "out of range"),
        (
            doc(rules=RULES_EASY.replace("draw: any", "draw: sometimes")),
            "rules.draw",
            "expected any or stuck",
        ),
        (doc(actions="actions: draw\n"), "actions", "expected a list of actions"),
        (doc(actions="actions:\n  - [draw]\n"), "actions[0]", "is not an action"),
        (
            doc(tail=RESULT_START.replace("score: 0", "score: lots")),
            "result.score",
            "expected a whole number",
        ),
        (
            doc(tail=RESULT_START.replace("outcome: playing", "outcome: lost")),
            "result.outcome",
            "expected won or blocked or playing",
        ),
        ("- format: 1\n", "", "expected a replay"),
    ],
)
def test_wrong_types_are_named(text: str, place: str, expected: str) -> None:
    err = error_of(text)
    assert err.path == place
    assert expected in err.what


def test_yaml_no_as_a_code_is_explained() -> None:
    err = error_of(doc(head="format: 1\ncode: no\n"))
    assert err.path == "code"
    assert "YAML reads no as false" in err.what
    assert "quotes" in err.what


def test_yaml_sexagesimal_time_is_explained() -> None:
    err = error_of(doc(actions="actions:\n  - {do: draw, t: 1:30}\n"))
    assert err.path == "actions[0].t"
    assert "1:30" in err.what and "90" in err.what


def test_yaml_octal_number_is_explained() -> None:
    err = error_of(doc(tail=RESULT_START.replace("stock: 16", "stock: 010")))
    assert err.path == "result.stock"
    assert "010" in err.what and "8" in err.what


def test_yaml_on_as_a_key_is_explained() -> None:
    err = error_of(doc(tail=RESULT_START + "on: 1\n"))
    assert "YAML reads on as true" in err.what


def test_unquoted_date_time_is_explained() -> None:
    err = error_of(doc(tail=RESULT_START + "recorded: 2026-11-30 10:00:00\n"))
    assert err.path == "recorded"
    assert "put it in quotes" in err.what


def test_python_tags_are_refused() -> None:
    err = error_of(doc(tail=RESULT_START + "title: !!python/object/apply:os.getcwd []\n"))
    assert "YAML tag" in err.what and "not allowed" in err.what


def test_alias_bomb_is_refused_quickly() -> None:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        refs = ",".join([f"*a{i - 1}"] * 9)
        lines.append(f"a{i}: &a{i} [{refs}]")
    bomb = doc(tail=RESULT_START + "\n".join(lines) + "\n")
    start = time.perf_counter()
    err = error_of(bomb)
    assert time.perf_counter() - start < 1.0
    assert "aliases" in err.what
    assert err.line == 18  # the first alias


def test_a_single_alias_is_refused() -> None:
    err = error_of(doc(head="format: &f 1\ncode: GO1-E-AAAAAAB\n", tail=RESULT_START + "x: *f\n"))
    assert "aliases" in err.what


def test_a_50_mb_file_is_refused_before_parsing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as f:
        f.write(doc().encode())
        f.write(b"# " + b"x" * (50 * 1024 * 1024) + b"\n")

    def no_parsing(*args: object, **kwargs: object) -> None:
        raise AssertionError("the file was parsed")

    monkeypatch.setattr(yaml, "compose", no_parsing)
    monkeypatch.setattr(yaml, "parse", no_parsing)
    start = time.perf_counter()
    with pytest.raises(ReplayError) as info:
        load(big)
    assert time.perf_counter() - start < 0.5
    assert str(info.value).startswith(f"{big}: the file is ")
    assert "more than 1,000,000" in str(info.value)


def test_too_many_actions() -> None:
    many = "actions:\n" + "  - draw\n" * (MAX_ACTIONS + 1)
    err = error_of(doc(actions=many))
    assert err.path == "actions"
    assert "more than 10,000" in err.what


def test_unknown_action_names_the_place() -> None:
    text = doc(actions="actions:\n  - draw\n  - play 5\n  - play 2\n  - jump 2\n")
    err = error_of(text)
    assert str(err).startswith(
        "bad.yaml: actions[3] (line 14): 'jump 2' is not an action (expected draw, undo, redo, play N"
    )


@pytest.mark.parametrize("token", ["play 8", "play 0", "play", "play 1 row 6", "drawx"])
def test_out_of_range_actions(token: str) -> None:
    err = error_of(doc(actions=f"actions: [{token}]\n"))
    assert err.path == "actions[0]"
    assert "is not an action" in err.what


def test_action_mapping_needs_do() -> None:
    err = error_of(doc(actions="actions:\n  - {t: 1.5}\n"))
    assert err.path == "actions[0]" and "missing key 'do'" in err.what


@pytest.mark.parametrize("t", ["-1", ".inf", ".nan", "1e9", "soon"])
def test_bad_times(t: str) -> None:
    err = error_of(doc(actions=f"actions:\n  - {{do: draw, t: {t}}}\n"))
    assert err.path == "actions[0].t"


def test_wrong_code() -> None:
    err = error_of(doc(head="format: 1\ncode: GO1-X-ABC\n"))
    assert err.path == "code"
    assert "is not a game code" in err.what and "GO1-E-AAAAAAA" in err.what


def test_code_and_rules_must_agree() -> None:
    err = error_of(doc(head="format: 1\ncode: GO1-C-AAAAAAB\n"))
    assert err.path == "rules"
    assert "king_ace is true but the code means false" in err.what


def test_neither_code_nor_layout() -> None:
    err = error_of(doc(head="format: 1\n"))
    assert "either code or layout" in err.what


def test_result_is_required_with_a_code() -> None:
    err = error_of(doc(tail=""))
    assert err.path == "result" and "missing" in err.what


LAYOUT = seeds.LAYOUT_YAML


def script(layout: str = LAYOUT, checkpoints: str = "", actions: str = "actions: []\n") -> str:
    return "format: 1\n" + RULES_EASY + layout + actions + checkpoints


def test_layout_script_is_valid() -> None:
    assert verify(loads(script())) == []


def test_layout_bad_card() -> None:
    err = error_of(script(LAYOUT.replace("6♥]", "11♥]")))
    assert err.path == "layout.columns[0][4]"
    assert "'11♥' is not a card" in err.what


def test_layout_duplicate_card() -> None:
    err = error_of(script(LAYOUT.replace("5♥]", "5♣]")))
    assert err.path == "layout" and "5♣ appears twice" in err.what


def test_layout_short_column() -> None:
    err = error_of(script(LAYOUT.replace("[3♠, 7♠, 3♥, 9♠, 5♣]", "[3♠, 7♠, 3♥, 9♠]")))
    assert err.path == "layout.columns[6]" and "expected 5" in err.what


def test_checkpoint_past_the_last_action() -> None:
    err = error_of(script(checkpoints="checkpoints:\n  - {after: 3, score: 0}\n"))
    assert err.path == "checkpoints[0].after" and "out of range" in err.what


def test_checkpoints_in_order() -> None:
    text = script(
        actions="actions: [draw, draw]\n",
        checkpoints="checkpoints:\n  - {after: 2, score: 0}\n  - {after: 1, score: 0}\n",
    )
    err = error_of(text)
    assert err.path == "checkpoints[1].after"


def test_checkpoint_with_nothing_to_check() -> None:
    err = error_of(script(checkpoints="checkpoints:\n  - {after: 0}\n"))
    assert "nothing to check" in err.what


def test_unknown_refusal_text() -> None:
    text = script(
        actions="actions: [play 1]\n", checkpoints="checkpoints:\n  - {after: 1, refusal: Nope}\n"
    )
    err = error_of(text)
    assert err.path == "checkpoints[0].refusal"
    assert "not a message the game gives" in err.what


def test_title_with_control_characters() -> None:
    err = error_of(script(checkpoints='title: "a\\x85b"\n'))
    assert err.path == "title" and "control characters" in err.what


def test_empty_file() -> None:
    assert "empty" in error_of("").what


def test_two_documents() -> None:
    assert "not valid YAML" in error_of(doc() + "---\n" + doc()).what


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes(doc().replace("format: 1", "format: 1\ntitle: r\xe9ussite").encode("latin-1"))
    with pytest.raises(ReplayError, match="not UTF-8"):
        load(path)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ReplayError, match="cannot be read"):
        load(tmp_path / "nothing.yaml")


def _finished_game() -> Game:
    game = Game.from_code("GO1-E-AAAAAAB")
    while not game.over:  # the first legal move each time, until won or blocked
        game.apply(game.legal_actions()[0])
    return game


def test_actions_after_the_game_ended_are_refused() -> None:
    game = _finished_game()
    recorded = replay_mod.Replay.from_game(game)
    n = len(recorded.actions)
    extra = replay_mod.Replay(
        rules=recorded.rules,
        code=recorded.code,
        actions=(*recorded.actions, Action.draw()),
        result=recorded.result,
    )
    reason = "The game is already won" if game.status == "won" else "No more moves possible"
    assert verify(loads(replay_mod.dump(extra))) == [f"action {n + 1} (draw) refused: {reason}"]


def test_undo_after_the_game_ended_is_allowed() -> None:
    game = _finished_game()
    ended = game.status
    assert game.apply(Action.undo()) is None
    replay = loads(replay_mod.dump(replay_mod.Replay.from_game(game)))
    assert replay.actions[-1] == Action.undo()
    assert replay.result is not None and replay.result.outcome != ended
    assert verify(replay) == []
