"""Wide deals: six-card games whose deal number is too long to search, for the network game.

A classic deal number has seven letters (``26**7``, about 33 bits): a player who saw some of
its cards could try every number to learn the others. A network game is dealt from a **wide**
number instead, written with :data:`WIDE_LETTERS` letters (``G6-4-`` and 28 letters): every
number from ``26**7`` up to ``26**28`` (about 131 bits), drawn by the server with ``secrets``.
Below ``26**7`` a number is a classic deal, written and dealt as always, so every older code,
replay and autosave keeps its game.

A wide deal's shuffles (each hole's, the cut's, a stock rebuilt from the discard) run the same
Fisher–Yates as a classic one, but each draw comes from BLAKE2b keyed with the whole number
(:func:`draw`), not from SplitMix64 started at the number: knowing cards tells nothing of the
number short of breaking the hash. A stream is named by an integer: ``hole << 32`` plus the
draws made so far (``State.rng`` holds it), so a stock rebuilt later in the hole continues the
hole's stream, as with classic deals.
"""

from __future__ import annotations

import hashlib
from typing import Final

from golf.core.deal import MAX_DEAL

WIDE_LETTERS: Final = 28
"""Letters that write a wide deal number."""
WIDE_DEALS: Final = 26**WIDE_LETTERS
"""Every deal number is below this; wide ones are at least ``MAX_DEAL``."""
STREAM_SHIFT: Final = 32
"""A stream's name: its hole (0 for the cut) shifted by this, plus the draws made."""
_KEY_BYTES: Final = 17
_PERSON: Final = b"golf-six-wide"


def is_wide(number: int) -> bool:
    """Whether ``number`` is a wide deal (else a classic one, below ``26**7``)."""
    return MAX_DEAL <= number < WIDE_DEALS


def check_number(number: int) -> None:
    """Raise ``ValueError`` unless ``number`` is a deal number, classic or wide."""
    if not 0 <= number < WIDE_DEALS:
        raise ValueError(f"deal number {number} is out of range 0..{WIDE_DEALS - 1}")


def stream(hole: int) -> int:
    """The start of the stream of hole ``hole`` (0: the cut)."""
    return hole << STREAM_SHIFT


def draw(number: int, position: int) -> int:
    """The 64-bit draw at ``position`` of a wide deal's streams."""
    digest = hashlib.blake2b(
        position.to_bytes(8, "big"),
        digest_size=8,
        key=number.to_bytes(_KEY_BYTES, "big"),
        person=_PERSON,
    ).digest()
    return int.from_bytes(digest, "big")


def wide_shuffle(cards: list[int], number: int, position: int) -> int:
    """Fisher–Yates over ``cards`` in place (as SPEC §1, last card first) with the draws of
    wide deal ``number`` from ``position`` on; the position after the last draw."""
    for i in range(len(cards) - 1, 0, -1):
        j = draw(number, position) % (i + 1)
        position += 1
        cards[i], cards[j] = cards[j], cards[i]
    return position
