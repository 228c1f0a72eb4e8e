"""Under rules without "Queen on a King", a card refused on a King says why truly: nothing (or
only an Ace, with the King–Ace link) is played on a King — not "one rank higher or lower"."""

from __future__ import annotations

from golf.core.cards import CLUBS, HEARTS, SPADES, card
from golf.solitaire.engine import Action, Position, Refused, apply, refusal
from golf.solitaire.rules import CLASSIC, STRICT
from golf.solitaire.texts import Reason, message

KING_OF_CLUBS = card(13, CLUBS)
QUEEN_OF_HEARTS = card(12, HEARTS)
JACK_OF_SPADES = card(11, SPADES)
ACE_OF_HEARTS = card(1, HEARTS)


def _position(*free: int) -> Position:
    """The free cards given (one per column, the others empty) on a King of clubs, stock left."""
    columns = tuple((c,) for c in free) + ((),) * (7 - len(free))
    return Position(columns, (KING_OF_CLUBS,), (card(5, SPADES),))


def test_strict_queen_on_king_says_nothing_is_played_on_a_king() -> None:
    position = _position(QUEEN_OF_HEARTS)
    assert refusal(position, Action.play(1), STRICT) is Reason.ON_KING
    try:
        apply(position, Action.play(1), STRICT)
    except Refused as refused:
        assert refused.text("en") == "Nothing can be played on a King"
        assert refused.text("fr") == "Rien ne se joue sur un Roi"
    else:
        raise AssertionError("a Queen on a King was taken under the strict rules")


def test_strict_any_card_on_king_gets_the_same_words() -> None:
    assert refusal(_position(JACK_OF_SPADES), Action.play(1), STRICT) is Reason.ON_KING


def test_queen_off_with_king_ace_link_says_only_an_ace() -> None:
    rules = STRICT.with_(king_ace=True)
    position = _position(QUEEN_OF_HEARTS, ACE_OF_HEARTS)
    assert refusal(position, Action.play(1), rules) is Reason.ONLY_ACE_ON_KING
    assert refusal(position, Action.play(2), rules) is None
    assert message(Reason.ONLY_ACE_ON_KING, "en") == "Only an Ace can be played on a King"
    assert message(Reason.ONLY_ACE_ON_KING, "fr") == "Seul un As se joue sur un Roi"


def test_classic_jack_on_king_still_must_follow() -> None:
    """With Queen on a King allowed, the one-rank text is true and stays (SPEC §4)."""
    position = _position(JACK_OF_SPADES, QUEEN_OF_HEARTS)
    assert refusal(position, Action.play(1), CLASSIC) is Reason.NOT_FOLLOWING
    assert refusal(position, Action.play(2), CLASSIC) is None
