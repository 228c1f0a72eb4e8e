"""ASCII only where codes and numbers are expected: both games' codes and the command line's
numbers refuse other scripts' digits and letters that Unicode would fold into ASCII ones; a
survey of a huge range streams its work; every error message is one line."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest

from golf.core.messages import one_line
from golf.sixcard.codes import SixCodeError
from golf.sixcard.codes import parse_code as parse_six
from golf.solitaire.codes import CodeError, parse_code
from golf.solitaire.rules import EASY
from golfcli import options, solver

FOLDED = ["\u017f", "\u0131", "\uff21"]
"""The long s ("S" in capitals), the dotless i ("I"), a full-width A."""


@pytest.mark.parametrize("letter", FOLDED)
def test_a_solitaire_code_is_ascii(letter: str) -> None:
    with pytest.raises(CodeError) as info:
        parse_code("GO1-E-AAAAAA" + letter)
    assert "only the letters A-Z" in info.value.text("en")
    assert "seulement les lettres A-Z" in info.value.text("fr")


@pytest.mark.parametrize("letter", FOLDED)
def test_a_six_card_code_is_ascii(letter: str) -> None:
    with pytest.raises(SixCodeError):
        parse_six("G6-4-AAAAAA" + letter)


def test_a_six_card_code_refuses_other_digits() -> None:
    with pytest.raises(SixCodeError):
        parse_six("G6-\u0664-AAAAAAA")  # Arabic-Indic 4


def test_ascii_codes_still_read_in_any_case_and_trimmed() -> None:
    assert str(parse_code("  go1-e-aaaaaab \n")) == "GO1-E-AAAAAAB"
    assert str(parse_six("g6-4-aaaaaab-v9k")) == "G6-4-AAAAAAB-V9K"


@pytest.mark.parametrize("text", ["\u0661", "\u0661\u0662", "\uff11", "1_000", "1e3", "0x1", ""])
def test_numbers_are_ascii_digits(text: str) -> None:
    for number in (options.whole, options.positive, options.within(0, 10**6)):
        with pytest.raises(argparse.ArgumentTypeError):
            number(text)


def test_ascii_numbers_still_read() -> None:
    assert options.whole(" -12 ") == -12
    assert options.positive("+7") == 7
    assert options.within(1, 64)("64") == 64
    with pytest.raises(argparse.ArgumentTypeError):
        options.within(1, 64)("65")


def test_a_survey_makes_its_tasks_as_they_are_taken() -> None:
    # Counted where the numbers are taken (tracemalloc, which measured this before, can crash a
    # process whose other threads allocate while it starts: pygame's, in a test worker that
    # opened a window first).
    taken = 0

    def numbers() -> Iterator[int]:
        nonlocal taken
        for n in range(10**6):
            taken += 1
            yield n

    results = solver.survey(numbers(), EASY, jobs=1, best=False, max_states=50)  # type: ignore[arg-type]
    first = next(results)
    assert first.number == 0
    assert taken == 1  # a million tasks made at once would be over 100 MB


def test_the_summary_reads_results_as_they_come() -> None:
    made = solver.survey(range(3), EASY, jobs=1, best=False, max_states=None)
    report = solver.summary(iter(made))
    assert report["deals"] == 3 and 0 <= report["win_percent"] <= 100


def test_an_error_message_is_one_line() -> None:
    libyaml = (
        "x.yaml: not valid YAML: unacceptable character #x0001: control characters are not "
        'allowed\n  in "<unicode string>", position 30'
    )
    assert one_line(libyaml) == libyaml.replace("\n  ", " ")
    assert one_line("a\r\n\n b\u2028c") == "a b c"


def test_a_replay_file_action_is_ascii() -> None:
    from pathlib import Path

    from golf.sixcard import replay as six_replay
    from golf.solitaire.replay import ReplayError

    sample = Path(__file__).resolve().parents[2] / "replays" / "six-card-two-computers.yaml"
    text = sample.read_text(encoding="utf-8")
    assert six_replay.verify(six_replay.loads(text, "good.yaml")) == []
    kelvin = text.replace(
        "- take stock\n", "- take stoc\u212a\n", 1
    )  # the Kelvin sign, "k" lowered
    with pytest.raises(ReplayError, match="is not an action"):
        six_replay.loads(kelvin, "kelvin.yaml")


@pytest.mark.parametrize(
    "text", ["format: 1\nactions: [\x07]\n", "a: \x85b\x00", "a: [1, 2\n", "\ufeff\x01x: 1"]
)
def test_every_yaml_error_is_one_line(text: str) -> None:
    """libyaml's reader says where a bad character is on a second line; the message the game
    prints or lists is always one line."""
    from golf.core.yamlfile import ReplayError, compose

    with pytest.raises(ReplayError) as caught:
        compose(text, "f.yaml", "empty")
    assert "\n" not in str(caught.value) and "not valid YAML" in str(caught.value)


@pytest.mark.parametrize("text", ["Qſ", "ＱS", "Q\u212a", "1０♠"])
def test_a_card_is_read_from_ascii_and_the_suit_signs_only(text: str) -> None:
    """``upper()`` folds some letters onto ASCII ones (ſ → S, the Kelvin sign → K) and the
    full-width forms are other characters: none of them names a card."""
    from golf.core.cards import parse_card

    with pytest.raises(ValueError, match="not a card"):
        parse_card(text)
    assert parse_card("q♠") == parse_card("QS")
