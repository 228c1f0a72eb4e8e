"""Wide deals: the network game's long deal numbers. Their codes (28 letters, one spelling per
game), their shuffle as ``docs/six-card-golf.md`` writes it (checked here from that text with
hashlib, not through the engine's code), and whole games on them that replay, verify and keep
a rebuilt stock on the hole's stream. Classic deals are pinned by the other six-card tests."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from golf.core.deal import MAX_DEAL
from golf.replay_files import verify_file
from golf.sixcard import replay as sixreplay
from golf.sixcard.actions import TAKE_STOCK
from golf.sixcard.ai import make_opponent
from golf.sixcard.codes import SixCodeError, format_code, parse_code
from golf.sixcard.game import cut_cards, hole_deck, new_game, totals
from golf.sixcard.rules import NEW_GAME, SixRules
from golf.sixcard.simulate import play_game
from golf.sixcard.wide import WIDE_DEALS, is_wide

SMALLEST = "G6-4-AAAAAAAAAAAAAAAAAAAABAAAAAAA-VC"


def _doc_shuffle(cards: list[int], number: int, position: int) -> list[int]:
    """The wide shuffle exactly as the documentation describes it."""
    cards = list(cards)
    for i in range(len(cards) - 1, 0, -1):
        digest = hashlib.blake2b(
            position.to_bytes(8, "big"),
            digest_size=8,
            key=number.to_bytes(17, "big"),
            person=b"golf-six-wide",
        ).digest()
        j = int.from_bytes(digest, "big") % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
        position += 1
    return cards


def test_a_wide_code_has_28_letters_and_one_spelling() -> None:
    assert format_code(MAX_DEAL, 4, NEW_GAME) == SMALLEST
    assert parse_code(SMALLEST.lower()).number == MAX_DEAL
    top = format_code(WIDE_DEALS - 1, 2)
    assert top == "G6-2-" + "Z" * 28 and parse_code(top).number == WIDE_DEALS - 1
    assert format_code(MAX_DEAL - 1, 4) == "G6-4-ZZZZZZZ"  # below: a classic code, as ever
    with pytest.raises(SixCodeError) as caught:
        parse_code("G6-4-" + "A" * 27 + "B")  # deal 1 spelt long: refused, not a second name
    assert "28 letters" in caught.value.text("en")
    assert "28 lettres" in caught.value.text("fr")
    for wrong in ("G6-4-" + "A" * 8, "G6-4-" + "B" * 29, "G6-4-" + "B" * 27):
        with pytest.raises(SixCodeError):
            parse_code(wrong)
    with pytest.raises(ValueError):
        format_code(WIDE_DEALS, 4)


def test_a_wide_deal_shuffles_as_documented() -> None:
    number = MAX_DEAL + 0x1234_5678_9ABC_DEF0_1122_3344
    rules = SixRules(cut=True)
    assert is_wide(number) and not is_wide(MAX_DEAL - 1)
    for hole in (1, 2, 9):
        deck, rng = hole_deck(number, hole, rules, 4)
        assert deck == _doc_shuffle(rules.deck(4), number, hole << 32)
        assert rng == (hole << 32) + len(deck) - 1
    assert list(cut_cards(number, 4)) == _doc_shuffle(list(range(52)), number, 0)[:4]
    # neighbouring numbers deal unrelated games; the classic stream is not used
    assert hole_deck(number + 1, 1, rules, 4)[0] != hole_deck(number, 1, rules, 4)[0]
    assert hole_deck(number, 1, rules, 4)[0] != hole_deck(number % MAX_DEAL, 1, rules, 4)[0]


@pytest.mark.parametrize("rules", [NEW_GAME, SixRules(grid=9, jokers=False, holes=18)])
def test_a_whole_game_on_a_wide_deal_replays_and_verifies(rules: SixRules, tmp_path: Path) -> None:
    number = WIDE_DEALS - 987_654_321
    players = 3
    start = new_game(number, players, rules)
    opponents = [make_opponent("easy", s) for s in range(players)]
    final, log = play_game(start, opponents)
    assert final.over
    replay = sixreplay.SixReplay.record(start, log, seats=["A", "B", "C"])
    assert len(replay.code.split("-")[2]) == 28
    path = tmp_path / "wide.yaml"
    sixreplay.save(replay, path)
    assert verify_file(path) == []
    loaded = sixreplay.load(path)
    states = sixreplay.play(loaded)
    assert totals(states[-1]) == totals(final) == loaded.result.totals
    # a stock rebuilt from the discard continues its hole's stream (nine-card games with
    # easy computers run out; the standard game may too)
    rebuilt = [
        (before, after)
        for before, after, action in zip(states, states[1:], loaded.actions, strict=False)
        if action.kind == TAKE_STOCK and not before.stock
    ]
    assert rebuilt or rules.grid != 9  # this nine-card game rebuilds its stock many times
    for before, after in rebuilt:
        assert after.rng >> 32 == before.hole and after.rng > before.rng
