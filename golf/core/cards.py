"""Cards as small integers, and their names in each language (SPEC §1, §4; the catalogues).

A card is ``suit * 13 + (rank - 1)`` with suits in the order clubs, diamonds, hearts,
spades, so A♣ = 0 and K♠ = 51. Jokers are 52 and 53.
"""

from __future__ import annotations

import functools
from typing import Final

from golf.core.translations import LANGUAGES, text

CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3

ACE: Final = 1
QUEEN: Final = 12
KING: Final = 13

JOKERS: Final = (52, 53)
DECK_SIZE: Final = 52

SUIT_SYMBOLS: Final = ("♣", "♦", "♥", "♠")
_SUIT_LETTERS: Final = "CDHS"


@functools.cache
def _rank_short(lang: str) -> tuple[str, ...]:
    """A..K as a card's corner shows them in ``lang`` (``V D R`` in French)."""
    return tuple(text(lang, f"card.short.{r}") for r in range(1, 14))


@functools.cache
def _long_names(lang: str) -> tuple[str, ...]:
    """Every card's name in ``lang``, by card: ``ace of clubs`` … ``king of spades``."""
    return tuple(
        text(
            lang,
            "card.name",
            rank=text(lang, f"card.rank.{rank(c)}"),
            suit=text(lang, f"card.suit.{suit(c)}"),
        )
        for c in range(DECK_SIZE)
    )


def card(rank_: int, suit_: int) -> int:
    """The card of that rank (1..13) and suit (0..3)."""
    return suit_ * 13 + rank_ - 1


def is_joker(c: int) -> bool:
    return c >= DECK_SIZE


def rank(c: int) -> int:
    """1..13 for A..K; 0 for a joker."""
    return 0 if c >= DECK_SIZE else c % 13 + 1


def suit(c: int) -> int:
    """0..3 for clubs, diamonds, hearts, spades; -1 for a joker."""
    return -1 if c >= DECK_SIZE else c // 13


def is_red(c: int) -> bool:
    return suit(c) in (DIAMONDS, HEARTS)


def short_name(c: int, lang: str = "en") -> str:
    """``10♠``, ``Q♥`` (``D♥`` in French); jokers are ``JK``."""
    if is_joker(c):
        return "JK"
    return _rank_short(lang)[rank(c) - 1] + SUIT_SYMBOLS[suit(c)]


def card_name(c: int, lang: str = "en") -> str:
    """``ace of clubs`` / ``as de trèfle``, as the board description says it."""
    if is_joker(c):
        return text(lang, "card.joker")
    return _long_names(lang)[c]


@functools.cache
def _parse_table() -> dict[str, int]:
    """Every card's text in every language, built on first use (not at import: a process that
    reads no card, such as the arena's player process, does not load the catalogues for it)."""
    table: dict[str, int] = {}
    for c in range(DECK_SIZE):
        for lang in LANGUAGES:
            r = _rank_short(lang)[rank(c) - 1]
            table[r + SUIT_SYMBOLS[suit(c)]] = c
            table[r + _SUIT_LETTERS[suit(c)]] = c
        if rank(c) == 10:
            table["T" + _SUIT_LETTERS[suit(c)]] = c
            table["T" + SUIT_SYMBOLS[suit(c)]] = c
    return table


def parse_card(text: str) -> int:
    """Read ``10♠``, ``10S``, ``TS``, ``D♥`` (French queen) or ``JK``/``JK2``.

    Raises ``ValueError`` with the expected form. ``JK`` is the first joker, ``JK2`` the
    second.
    """
    # ASCII and the four suit signs only: upper() would fold other letters onto ASCII ones
    # ("Qſ" would read as QS).
    if any(not ch.isascii() and ch not in "♣♦♥♠" for ch in text.strip()):
        raise ValueError(f"{text!r} is not a card (only A-Z, 0-9 and the suits ♣♦♥♠ are read)")
    t = text.strip().upper()
    if t in ("JK", "JK1", "JOKER"):
        return JOKERS[0]
    if t == "JK2":
        return JOKERS[1]
    found = _parse_table().get(t)
    if found is not None:
        return found
    raise ValueError(
        f"{text!r} is not a card (expected a rank A 2-10 J Q K and a suit ♣♦♥♠ or CDHS, e.g. 10♠ or QH; JK for a joker)"
    )


def card_token(c: int) -> str:
    """The canonical text of a card in files: ``10♠``, ``Q♥``; jokers ``JK`` and ``JK2``."""
    if is_joker(c):
        return "JK" if c == JOKERS[0] else "JK2"
    return short_name(c, "en")
