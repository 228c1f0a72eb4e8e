"""Six-card Golf scoring on hand-made grids, for the standard game and every variant switch."""

from __future__ import annotations

import pytest

from golf.core.cards import parse_card
from golf.sixcard.rules import DECK_STRIDE, STANDARD, SixRules, cancelled_slots, grid_score


def grid(text: str) -> list[int]:
    """Cards row by row; a card marked ``'`` (``QH'``) comes from the second deck."""
    out = []
    for token in text.split():
        second = token.endswith("'")
        c = parse_card(token.rstrip("'"))
        out.append(c + DECK_STRIDE if second else c)
    return out


# --- the seed's examples ---------------------------------------------------------------------


def test_two_jacks_in_one_column_score_zero() -> None:
    # Column 1 holds both jacks; the other columns hold kings.
    assert grid_score(grid("JS KD KC  JH KH KS"), STANDARD) == 0


def test_two_jacks_in_different_columns_score_twenty() -> None:
    assert grid_score(grid("JS JH KC  KD KH KS"), STANDARD) == 20


def test_card_values() -> None:
    # Columns: A/2, 3/4, 5/6 -> 21; then 7/8, 9/10, J/Q via other grids.
    assert grid_score(grid("AS 3S 5S  2S 4S 6S"), STANDARD) == 1 + 2 + 3 + 4 + 5 + 6
    assert grid_score(grid("7S 9S JS  8S 10S QS"), STANDARD) == 7 + 8 + 9 + 10 + 10 + 10
    # King 0 and joker -2: K/JK, K/A, K/2 -> -2 + 1 + 2.
    assert grid_score(grid("KS KD KH  JK AS 2S"), STANDARD) == 1


def test_a_pair_counts_whatever_the_suits_and_values() -> None:
    # Q♥/Q♠ cancel; 5♣/9♥ and 5♦/9♣ do not.
    assert grid_score(grid("QH 5C 5D  QS 9H 9C"), STANDARD) == 14 + 14


def test_a_column_needs_the_same_rank_not_the_same_value() -> None:
    # 10, J and Q are all worth 10 but are different ranks.
    assert grid_score(grid("10S JS QS  JH QH 10H"), STANDARD) == 60


def test_rows_do_not_cancel_without_the_switch() -> None:
    assert grid_score(grid("5S 5H 5D  AS 2S 3S"), STANDARD) == 21


def test_score_refuses_a_grid_of_the_wrong_size() -> None:
    with pytest.raises(ValueError, match="6 cards"):
        grid_score(grid("AS 2S 3S 4S"), STANDARD)


# --- jokers ----------------------------------------------------------------------------------


def test_a_pair_of_jokers_cancels_by_default() -> None:
    assert grid_score(grid("JK AS AD  JK2 KS KD"), STANDARD) == 2


def test_a_pair_of_jokers_is_minus_four_when_jokers_do_not_cancel() -> None:
    rules = SixRules(jokers_cancel=False)
    assert grid_score(grid("JK AS AD  JK2 KS KD"), rules) == -4 + 2


def test_without_jokers_the_joker_switch_means_nothing() -> None:
    assert SixRules(jokers=False, jokers_cancel=False) == SixRules(jokers=False)


def test_no_jokers_deck_has_52_cards_and_two_decks_108() -> None:
    assert len(SixRules(jokers=False).deck(4)) == 52
    assert len(SixRules().deck(4)) == 54
    assert len(SixRules().deck(5)) == 108
    assert len(SixRules(double_deck=True).deck(2)) == 108
    assert len(set(SixRules().deck(6))) == 108


# --- twos worth -2 ---------------------------------------------------------------------------


def test_twos_negative() -> None:
    rules = SixRules(twos_negative=True)
    assert grid_score(grid("2S AS KS  3S AD 4S"), rules) == -2 + 3 + 0 + 0 + 4
    assert grid_score(grid("2S AS KS  3S AD 4S"), STANDARD) == 2 + 3 + 0 + 0 + 4


def test_a_pair_of_negative_twos_cancels_to_zero() -> None:
    rules = SixRules(twos_negative=True)
    assert grid_score(grid("2S KS KD  2H KH KC"), rules) == 0


# --- row cancellation ------------------------------------------------------------------------


def test_a_row_of_one_rank_cancels_with_the_switch() -> None:
    rules = SixRules(row_cancel=True)
    assert grid_score(grid("7S 7H 7D  AS 2S 3S"), rules) == 6
    assert grid_score(grid("7S 7H 7D  AS 2S 3S"), STANDARD) == 27


def test_a_row_needs_all_its_cards_of_one_rank() -> None:
    rules = SixRules(row_cancel=True)
    assert grid_score(grid("7S 7H 8D  AS 2S 3S"), rules) == 28


def test_a_card_in_a_cancelled_row_and_column_counts_zero_once() -> None:
    rules = SixRules(row_cancel=True)
    # Row 1 is all 7s and column 1 is 7/7: the four sevens score 0, the 2 and 3 score 5.
    cards = grid("7S 7H 7D  7C 2S 3S")
    assert cancelled_slots(cards, rules) == {0, 1, 2, 3}
    assert grid_score(cards, rules) == 5


# --- grid sizes ------------------------------------------------------------------------------


def test_four_card_grid_columns() -> None:
    rules = SixRules(grid=4)
    assert (rules.rows, rules.columns) == (2, 2)
    assert grid_score(grid("QS 5S  QH 6S"), rules) == 11
    assert grid_score(grid("QS 5S  6S QH"), rules) == 31


def test_nine_card_grid_three_of_a_rank_in_a_column_cancel() -> None:
    rules = SixRules(grid=9)
    assert (rules.rows, rules.columns) == (3, 3)
    cards = grid("9S AS KS  9H AD KD  9D 2S KH")
    assert grid_score(cards, rules) == 1 + 1 + 2


def test_nine_card_grid_two_of_a_rank_in_a_column_do_not_cancel() -> None:
    rules = SixRules(grid=9)
    cards = grid("9S AS KS  9H AD KD  8D 2S KH")
    assert grid_score(cards, rules) == 9 + 9 + 8 + 1 + 1 + 2


def test_nine_card_grid_rows_cancel_with_the_switch() -> None:
    rules = SixRules(grid=9, row_cancel=True)
    cards = grid("4S 4H 4D  AS 2S 3S  5S 6S 8S")
    assert grid_score(cards, rules) == 6 + 19


# --- double deck -----------------------------------------------------------------------------


def test_the_same_card_of_both_decks_cancels_in_a_column() -> None:
    cards = grid("QH KS KD  QH' KH KC")
    assert cards[0] != cards[3]
    assert grid_score(cards, SixRules(double_deck=True)) == 0


def test_places_and_slots() -> None:
    rules = STANDARD
    assert [rules.place(s) for s in range(6)] == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)]
    assert all(rules.slot(*rules.place(s)) == s for s in range(6))
    assert rules.lines == ((0, 3), (1, 4), (2, 5))
