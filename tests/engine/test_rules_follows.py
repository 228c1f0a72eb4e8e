"""The rules' table of what goes on what, worked out rank by rank, is the card-by-card rule."""

from __future__ import annotations

import itertools

from golf.core.cards import DECK_SIZE
from golf.solitaire.rules import Rules


def test_follows_equals_the_card_by_card_rule_under_every_switch() -> None:
    deck = range(DECK_SIZE + 2)
    for king_ace, queen_on_king, jokers in itertools.product((True, False), (True, False), (0, 2)):
        rules = Rules(king_ace=king_ace, queen_on_king=queen_on_king, jokers=jokers)
        table = rules.follows
        assert len(table) == DECK_SIZE + 3
        for w in deck:
            assert table[w] == frozenset(c for c in deck if rules._may_play(c, w)), (rules, w)
        assert table[DECK_SIZE + 2] == frozenset(deck)  # the empty waste takes anything


def test_follows_examples() -> None:
    classic = Rules(king_ace=False, queen_on_king=False)
    king, queen, ace, two = 12, 11, 0, 1  # of clubs
    assert classic.follows[king] == frozenset({52, 53})  # nothing on a King but a joker
    assert {queen + 13, ace + 26}.isdisjoint(classic.follows[king])
    linked = Rules(king_ace=True, queen_on_king=True)
    assert {queen, queen + 13, ace, ace + 39} <= linked.follows[king]
    assert king in linked.follows[ace] and two + 13 in linked.follows[ace]
    assert linked.follows[52] == frozenset(range(54))  # anything on a joker
