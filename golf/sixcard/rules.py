"""Six-card Golf rules as data: every variant a switch, and the scoring of a grid.

Cards are small integers: card ``c`` of deck ``d`` (0 or 1) is ``d * 54 + c`` where ``c`` is
the solitaire's card number (``golf.core.cards``: A♣ = 0 … K♠ = 51, jokers 52 and 53). Only the
rank counts in this game: :data:`RANK` gives it (0 for a joker, 1–13 for A–K).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Final, Literal

from golf.core.cards import DECK_SIZE, JOKERS, card_token, rank

GridSize = Literal[4, 6, 9]
Ties = Literal["playoff", "shared"]

DECK_STRIDE: Final = 54
"""Card numbers of the second deck start here."""
MAX_CARD: Final = 2 * DECK_STRIDE
JOKER_RANK: Final = 0
RANKS: Final = 14
"""Rank indices 0 (joker) and 1–13 (A–K)."""
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
KNOCK_PENALTY: Final = 10
PLAYOFF_LIMIT: Final = 9
"""Sudden-death holes played at most; a tie still standing after them is shared."""
ROUND_LIMIT: Final = 50
"""A hole in which nobody has ended after this many rounds ends at once (a guard against
endless holes; real holes last about ten rounds)."""

RANK: Final = tuple(rank(c % DECK_STRIDE) for c in range(MAX_CARD))
"""Rank of each card number (0 joker, 1–13 A–K)."""

_SHAPES: Final = {4: (2, 2), 6: (2, 3), 9: (3, 3)}

SWITCHES: Final = (
    "peek",
    "knock",
    "jokers",
    "jokers_cancel",
    "double_deck",
    "twos_negative",
    "row_cancel",
)
"""The rule set's on/off switches, by name (the others: grid, holes, ties)."""


def base_card(c: int) -> int:
    """The ``golf.core.cards`` number of a card (which deck it came from forgotten)."""
    return c % DECK_STRIDE


def card_text(c: int) -> str:
    """``Q♥``, ``10♠``, ``JK`` — the second deck's cards are named the same."""
    return card_token(base_card(c))


@dataclass(frozen=True)
class SixRules:
    """One complete rule set of six-card Golf; the defaults are the standard game."""

    grid: GridSize = 6
    """Cards per player: 6 (2 rows × 3 columns), 4 (2 × 2) or 9 (3 × 3)."""
    peek: bool = False
    """At the start each player looks at 2 of their cards instead of turning them up."""
    knock: bool = False
    """A player may knock instead of taking a card; whoever ends the hole (by knocking or by
    turning up every card) takes +10 unless no one scored lower."""
    jokers: bool = True
    """Two jokers per deck, worth −2."""
    jokers_cancel: bool = True
    """Jokers of one column cancel like any rank (0); off: each keeps −2 (a pair is −4)."""
    double_deck: bool = False
    """Two decks whatever the number of players (5 and 6 players always use two)."""
    twos_negative: bool = False
    """Twos are worth −2 instead of 2."""
    row_cancel: bool = False
    """A row whose cards are all of one rank also scores 0."""
    holes: Literal[9, 18] = 9
    ties: Ties = "playoff"
    """A tie for the lowest total is played off hole by hole (sudden death) or shared."""

    def __post_init__(self) -> None:
        if self.grid not in _SHAPES:
            raise ValueError(f"grid must be 4, 6 or 9 cards, not {self.grid}")
        if self.holes not in (9, 18):
            raise ValueError(f"holes must be 9 or 18, not {self.holes}")
        if self.ties not in ("playoff", "shared"):
            raise ValueError(f"ties must be playoff or shared, not {self.ties!r}")
        for name in SWITCHES:
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")
        if not self.jokers and not self.jokers_cancel:
            # Without jokers the switch means nothing: one spelling per game.
            object.__setattr__(self, "jokers_cancel", True)

    @property
    def rows(self) -> int:
        return _SHAPES[self.grid][0]

    @property
    def columns(self) -> int:
        return _SHAPES[self.grid][1]

    def decks(self, players: int) -> int:
        """1 or 2: two for 5–6 players or with the double-deck switch."""
        return 2 if self.double_deck or players >= 5 else 1

    def deck(self, players: int) -> list[int]:
        """The cards in play, in their order before the shuffle: deck 1 then deck 2, each
        A♣ … K♠ then the jokers."""
        cards: list[int] = []
        for d in range(self.decks(players)):
            cards.extend(d * DECK_STRIDE + c for c in range(DECK_SIZE))
            if self.jokers:
                cards.extend(d * DECK_STRIDE + j for j in JOKERS)
        return cards

    @cached_property
    def rank_values(self) -> tuple[int, ...]:
        """Points of each rank index: joker −2, A 1, 2–9 face value, 10 J Q 10, K 0."""
        values = [-2, 1, -2 if self.twos_negative else 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 0]
        return tuple(values)

    @cached_property
    def card_values(self) -> tuple[int, ...]:
        """Points of each card number."""
        return tuple(self.rank_values[r] for r in RANK)

    @cached_property
    def lines(self) -> tuple[tuple[int, ...], ...]:
        """The slots of each line that may cancel: every column, then every row with the
        row-cancellation switch. Slots are numbered row by row from 0."""
        rows, cols = self.rows, self.columns
        out = [tuple(r * cols + c for r in range(rows)) for c in range(cols)]
        if self.row_cancel:
            out.extend(tuple(r * cols + c for c in range(cols)) for r in range(rows))
        return tuple(out)

    def cancels(self, rank_: int) -> bool:
        """Whether a line all of this rank scores 0."""
        return rank_ != JOKER_RANK or self.jokers_cancel

    @cached_property
    def cancelling(self) -> tuple[bool, ...]:
        """``cancels`` of each rank index."""
        return tuple(self.cancels(r) for r in range(RANKS))

    @cached_property
    def places(self) -> tuple[tuple[int, int], ...]:
        """(row, column) of each slot, both from 1."""
        return tuple(self.place(s) for s in range(self.grid))

    def slot(self, row: int, column: int) -> int:
        """The slot number of row ``row`` and column ``column`` (both from 1)."""
        return (row - 1) * self.columns + column - 1

    def place(self, slot: int) -> tuple[int, int]:
        """(row, column), both from 1, of a slot number."""
        r, c = divmod(slot, self.columns)
        return r + 1, c + 1

    def with_(self, **changes: object) -> SixRules:
        return replace(self, **changes)  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, object]:
        """The form replay files and settings use."""
        return {
            "grid": self.grid,
            "peek": self.peek,
            "knock": self.knock,
            "jokers": self.jokers,
            "jokers_cancel": self.jokers_cancel,
            "double_deck": self.double_deck,
            "twos_negative": self.twos_negative,
            "row_cancel": self.row_cancel,
            "holes": self.holes,
            "ties": self.ties,
        }


STANDARD: Final = SixRules()


def cancelled_slots(cards: Sequence[int], rules: SixRules) -> frozenset[int]:
    """The slots of a whole grid (face up, row by row) that score 0 because their line is all
    of one rank."""
    out: set[int] = set()
    for line in rules.lines:
        r = RANK[cards[line[0]]]
        if rules.cancels(r) and all(RANK[cards[s]] == r for s in line):
            out.update(line)
    return frozenset(out)


def grid_score(cards: Sequence[int], rules: SixRules) -> int:
    """The points of a whole grid (row by row): each card's value, except that a line (a
    column; a row too with row cancellation) whose cards are all of one rank scores 0."""
    if len(cards) != rules.grid:
        raise ValueError(f"a grid has {rules.grid} cards, not {len(cards)}")
    zero = cancelled_slots(cards, rules)
    values = rules.card_values
    return sum(values[c] for s, c in enumerate(cards) if s not in zero)
