"""How a deal number becomes cards (SPEC §1): SplitMix64, Fisher–Yates, dealt row by row.

This algorithm is part of the product: a code must deal the same cards forever.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from golf.core.cards import DECK_SIZE, JOKERS

MASK64: Final = (1 << 64) - 1
MAX_DEAL: Final = 26**7
COLUMNS: Final = 7
ROWS: Final = 5
TABLEAU_SIZE: Final = COLUMNS * ROWS


class SplitMix64:
    """The deal's random stream; the state starts at the deal number."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def __iter__(self) -> Iterator[int]:
        while True:
            yield self.next()


def shuffled_deck(number: int, jokers: int = 0) -> list[int]:
    """The deck of deal ``number`` after the Fisher–Yates shuffle of SPEC §1."""
    if not 0 <= number < MAX_DEAL:
        raise ValueError(f"deal number {number} is out of range 0..{MAX_DEAL - 1}")
    if jokers not in (0, 1, 2):
        raise ValueError(f"jokers must be 0, 1 or 2, not {jokers}")
    deck = list(range(DECK_SIZE)) + list(JOKERS[:jokers])
    # SplitMix64.next inlined: the deal is on the hot path of playouts and surveys.
    state = number
    for i in range(len(deck) - 1, 0, -1):
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        j = (z ^ (z >> 31)) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def split_deck(
    deck: list[int], empty_waste: bool
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
    """Deal ``deck`` as a person deals: columns (top to bottom), waste, stock (next first)."""
    columns = tuple(
        tuple(deck[row * COLUMNS + col] for row in range(ROWS)) for col in range(COLUMNS)
    )
    rest = deck[TABLEAU_SIZE:]
    if empty_waste:
        return columns, (), tuple(rest)
    return columns, (rest[0],), tuple(rest[1:])
