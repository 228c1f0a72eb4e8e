"""The differences of a replay in parts (``golf.core.record.Difference``): where each is, what
differs and both values whole, the text being the line ``verify`` prints (pytest's plugin shows
them: ``tests/plugin/``)."""

from __future__ import annotations

from pathlib import Path

from golf.core.record import Difference
from golf.replay_files import check
from golf.sixcard import replay as six_replay
from golf.solitaire import replay as solitaire_replay
from golf.solitaire.describe import describe

SAMPLES = Path(__file__).resolve().parents[2] / "replays"


def solitaire(name: str, old: str, new: str) -> solitaire_replay.Replay:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    return solitaire_replay.loads(text.replace(old, new), name)


def test_a_checkpoint_difference_holds_both_boards_whole() -> None:
    old = "position_en: 'Stock: 15 cards; waste: 8 of clubs."
    replay = solitaire("seeds-draw-and-play.yaml", old, old.replace("15 cards", "14 cards"))
    found, _played = solitaire_replay.differences(replay)
    (d,) = found
    board = describe(solitaire_replay.play(replay).positions[7], "en")
    assert (d.kind, d.where, d.after, d.action, d.what) == (
        "checkpoint",
        "after action 7",
        7,
        "play 2",
        "position_en",
    )
    assert d.got == board and d.expected == board.replace("15 cards", "14 cards")
    assert str(d) == d.text == solitaire_replay.verify(replay)[0]
    assert d.text.startswith("after action 7: position_en differs at character 9: ")


def test_a_refused_action_is_a_difference_of_its_action() -> None:
    replay = solitaire("easy-win.yaml", "- {do: play 6, t: 0.7}", "- {do: play 7, t: 0.7}")
    verdict = check(replay)
    assert verdict.differences == (
        Difference(
            "action",
            "action 4 (play 7)",
            4,
            "play 7",
            "refusal",
            "Must be one rank higher or lower",
            "accepted",
            "action 4 (play 7) refused: Must be one rank higher or lower",
        ),
    )
    assert verdict.problems == ("action 4 (play 7) refused: Must be one rank higher or lower",)


def test_the_result_differences_name_the_end_and_the_last_action() -> None:
    replay = solitaire("easy-win.yaml", "  score: 350\n", "  score: 340\n")
    (d,) = check(replay).differences
    n = len(replay.actions)
    assert (d.kind, d.after, d.action, d.what, d.got, d.expected) == (
        "result",
        n,
        str(replay.actions[-1]),
        "score",
        "350",
        "340",
    )
    assert d.text == f"at the end (after action {n}): score 350, expected 340"


def test_a_six_card_result_difference() -> None:
    text = (SAMPLES / "six-card-two-computers.yaml").read_text(encoding="utf-8")
    replay = six_replay.loads(text.replace("totals: [70, 79]", "totals: [70, 80]"), "six.yaml")
    found, _played = six_replay.differences(replay)
    (d,) = found
    assert (d.kind, d.what, d.got, d.expected) == ("result", "totals", "[70, 79]", "[70, 80]")
    assert d.text == "totals [70, 79], expected [70, 80]" == six_replay.verify(replay)[0]
    assert d.after == len(replay.actions)


# --- the same differences in each language -----------------------------------------------------


def test_a_difference_says_itself_in_french_and_its_english_is_its_text() -> None:
    replay = solitaire("easy-win.yaml", "- {do: play 6, t: 0.7}", "- {do: play 7, t: 0.7}")
    (d,) = check(replay).differences
    assert d.said("en") == d.text
    assert d.said("fr") == "coup 4 (play 7) refusé : Doit être d'un rang supérieur ou inférieur"


def test_a_result_and_a_checkpoint_difference_in_french() -> None:
    replay = solitaire("easy-win.yaml", "  score: 350\n", "  score: 340\n")
    (d,) = check(replay).differences
    n = len(replay.actions)
    assert (d.said("en"), d.said("fr")) == (
        d.text,
        f"à la fin (après le coup {n}) : score 350, attendu 340",
    )
    old = "position_en: 'Stock: 15 cards; waste: 8 of clubs."
    replay = solitaire("seeds-draw-and-play.yaml", old, old.replace("15 cards", "14 cards"))
    (d,) = check(replay).differences
    assert d.said("en") == d.text
    assert d.said("fr").startswith("après le coup 7 : position_en diffère au caractère 9 : obtenu ")


def test_every_kind_of_six_card_difference_says_itself_in_both_languages() -> None:
    text = (SAMPLES / "six-card-two-computers.yaml").read_text(encoding="utf-8")
    changes = {
        "totals: [70, 79]": ("totals: [70, 80]", "totals [70, 79], attendu [70, 80]"),
        "winners: [0]": ("winners: [1]", "winners [0], attendu [1] (places comptées depuis 0)"),
        "  - [2, 0]\n": ("  - [2, 1]\n", "trou 1, place 2 : 0 points, attendu 1"),
    }
    for old, (new, french) in changes.items():
        assert text.count(old) == 1, old
        replay = six_replay.loads(text.replace(old, new), "six.yaml")
        found, _played = six_replay.differences(replay)
        assert [d.said("en") for d in found] == [d.text for d in found]
        assert found[0].said("fr") == french
