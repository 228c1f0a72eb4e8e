"""Six-card Golf rules as data: every variant a switch, and the scoring of a grid.

Cards are small integers: card ``c`` of deck ``d`` (0 or 1) is ``d * 54 + c`` where ``c`` is
the solitaire's card number (``golf.core.cards``: A♣ = 0 … K♠ = 51, jokers 52 and 53). Only the
rank counts in this game: :data:`RANK` gives it (0 for a joker, 1–13 for A–K).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from types import MappingProxyType
from typing import Final, Literal

from golf.core.cards import DECK_SIZE, JOKERS, card_token, rank
from golf.core.translations import text

GridSize = Literal[2, 4, 6, 9]
Ties = Literal["playoff", "shared"]

DECK_STRIDE: Final = 54
"""Card numbers of the second deck start here."""
MAX_CARD: Final = 2 * DECK_STRIDE
JOKER_RANK: Final = 0
RANKS: Final = 14
"""Rank indices 0 (joker) and 1–13 (A–K)."""
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 7
"""The widest range over every grid (the 4-card game seats up to 7); :func:`player_range`
gives each grid's."""
KNOCK_PENALTY: Final = 10
PLAYOFF_LIMIT: Final = 9
"""Sudden-death holes played at most; a tie still standing after them is shared."""
ROUND_LIMIT: Final = 50
"""A hole in which nobody has ended after this many rounds ends at once (a guard against
endless holes; real holes last about ten rounds)."""

RANK: Final = tuple(rank(c % DECK_STRIDE) for c in range(MAX_CARD))
"""Rank of each card number (0 joker, 1–13 A–K)."""

_SHAPES: Final = {2: (2, 1), 4: (2, 2), 6: (2, 3), 9: (3, 3)}
GRIDS: Final = (6, 4, 9, 2)
"""The grid sizes, in the order the setup window offers them (the standard one first)."""
_PLAYER_RANGE: Final = {2: (2, 6), 4: (3, 7), 6: (2, 6), 9: (3, 6)}
"""Players per grid: the seed's 3–7 for 4 cards, 3–6 for 9, 2–6 for 6; the seed is silent
on 2 cards (2–6, as the standard game)."""
_OLD_COUNTS: Final = {4: (2,), 9: (2,)}
"""Counts the game allowed before it followed the seed's ranges: codes and replays written
then keep meaning the same game, but new games are not offered them."""

SWITCHES: Final = (
    "peek",
    "knock",
    "jokers",
    "jokers_cancel",
    "double_deck",
    "twos_negative",
    "row_cancel",
    "pairs",
    "cut",
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
    """Cards per player: 6 (2 rows × 3 columns), 4 (2 × 2), 9 (3 × 3) or 2 (2 rows × 1
    column)."""
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
    pairs: bool = False
    """In a line of three cards (a 9-card column; a row of 3 with row cancellation), two cards
    of one rank already cancel (both score 0); off: only a line all of one rank cancels."""
    cut: bool = False
    """The first dealer is chosen by a cut (lowest card deals, :func:`cut_cards`); off: seat
    ``n mod players`` deals first (codes written before the cut)."""
    holes: Literal[9, 18] = 9
    ties: Ties = "playoff"
    """A tie for the lowest total is played off hole by hole (sudden death) or shared."""

    def __post_init__(self) -> None:
        grid: object = self.grid  # as given: a message or a file may hold 6.0 or "6"
        holes: object = self.holes
        if type(grid) is not int or grid not in _SHAPES:
            raise ValueError(f"grid must be 2, 4, 6 or 9 cards, not {self.grid}")
        if type(holes) is not int or holes not in (9, 18):
            raise ValueError(f"holes must be 9 or 18, not {self.holes}")
        if self.ties not in ("playoff", "shared"):
            raise ValueError(f"ties must be playoff or shared, not {self.ties!r}")
        for name in SWITCHES:
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")
        if not self.jokers and not self.jokers_cancel:
            # Without jokers the switch means nothing: one spelling per game.
            object.__setattr__(self, "jokers_cancel", True)
        if self.pairs and not self.long_lines:
            # No line of three: a pair is a whole line, so both readings are one game.
            object.__setattr__(self, "pairs", False)

    @property
    def long_lines(self) -> bool:
        """Whether some line that may cancel holds more than two cards (where the pair reading
        differs from the whole-line one)."""
        rows, cols = _SHAPES[self.grid]
        return rows > 2 or (self.row_cancel and cols > 2)

    @property
    def opening_cards(self) -> int:
        """Cards each player turns up (or looks at) at the start of a hole: 2, but 1 with the
        2-card grid (turning up both would leave nothing to find out)."""
        return 1 if self.grid == 2 else 2

    def player_range(self) -> tuple[int, int]:
        """The fewest and most players a new game of this grid seats."""
        return _PLAYER_RANGE[self.grid]

    def check_new_table(self, players: int) -> None:
        """Raise ``ValueError`` unless a new game of these rules may seat ``players`` (the
        grid's range: the setup window offers these, the command line and the server refuse a
        game outside them); its message is :meth:`players_refused` in English."""
        if not self.seats_new(players):
            raise ValueError(self.players_refused(players))

    def seats_new(self, players: int) -> bool:
        """Whether a new game of this grid seats ``players``: the seed's range ("De 2 à 6
        joueurs pour le Golf à 6 cartes", 4 cards "De 3 à 7 joueurs", 9 cards "pour 3 à 6
        joueurs")."""
        low, high = _PLAYER_RANGE[self.grid]
        return low <= players <= high

    def players_refused(self, players: int, lang: str = "en") -> str:
        """The one line that refuses ``players`` for a new game of this grid."""
        low, high = _PLAYER_RANGE[self.grid]
        return text(
            lang, "sixcard.players_refused", grid=self.grid, low=low, high=high, players=players
        )

    def seats_players(self, players: int) -> bool:
        """Whether a game of this grid may have ``players`` players: the grid's range, or a
        count an older code may name (2 players with 4 or 9 cards)."""
        low, high = _PLAYER_RANGE[self.grid]
        return low <= players <= high or players in _OLD_COUNTS.get(self.grid, ())

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
        row-cancellation switch; a line of one card (the 2-card grid's rows) is no line.
        Slots are numbered row by row from 0."""
        rows, cols = self.rows, self.columns
        out = [tuple(r * cols + c for r in range(rows)) for c in range(cols)]
        if self.row_cancel and cols > 1:
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

    def changed(self, **changes: object) -> SixRules:
        """``with_`` as a setup form changes a rule: where a line of three appears (the 9-card
        grid; row cancellation over rows of 3) and ``pairs`` is not among the changes, the line
        is read as a new game reads it (the glossary's pair)."""
        rules = self.with_(**changes)
        if "pairs" not in changes and rules.long_lines and not self.long_lines:
            rules = rules.with_(pairs=NEW_DEFAULTS["pairs"])
        return rules

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
            "pairs": self.pairs,
            "cut": self.cut,
            "holes": self.holes,
            "ties": self.ties,
        }


STANDARD: Final = SixRules()
"""The standard game as its codes have always meant it (a three-part code): every code, replay
and rule set written before keeps this meaning, so the dataclass's defaults never change."""
NEW_DEFAULTS: Final[Mapping[str, bool]] = MappingProxyType({"cut": True, "pairs": True})
"""What a new game starts from, beyond :data:`STANDARD`: the seed's cut for the first dealer
("le premier donneur est désigné par une coupe (la carte la plus basse donne)") and the seed
glossary's column pair ("Paire de colonne : deux cartes de même rang dans la même colonne de
votre grille ; elles s'annulent à 0.") in a column of three; its codes carry both (``M``,
``C``), so older codes keep their meaning."""


def new_rules(**changes: object) -> SixRules:
    """The rules of a new game (:data:`NEW_DEFAULTS` over the standard game) with ``changes``:
    what every entry point starts a game from (the command line, the window, a network room)."""
    return SixRules(**{**NEW_DEFAULTS, **changes})  # type: ignore[arg-type]


NEW_GAME: Final = new_rules()
"""The rules a new game starts from (6 cards: the standard game with the seed's cut, its codes
end ``-VC``; a grid with columns of three also reads a pair there, ``-V9MC``)."""


def line_cancelled(cards: Sequence[int | None], line: Sequence[int], rules: SixRules) -> set[int]:
    """The slots of one line that score 0: all of them when the line is all of one rank (that
    cancels); with the pair reading, every card whose rank another card of the line shares.
    ``None`` (a card not known) matches nothing."""
    if not rules.pairs:
        first = cards[line[0]]
        if first is None:
            return set()
        r = RANK[first]
        if not rules.cancelling[r]:
            return set()
        for s in line[1:]:
            c = cards[s]
            if c is None or RANK[c] != r:
                return set()
        return set(line)
    ranks = [None if (c := cards[s]) is None else RANK[c] for s in line]
    return {
        s
        for s, r in zip(line, ranks, strict=True)
        if r is not None and rules.cancelling[r] and ranks.count(r) >= 2
    }


def cancelled_slots(cards: Sequence[int], rules: SixRules) -> frozenset[int]:
    """The slots of a whole grid (face up, row by row) that score 0 because their line is all
    of one rank (with the pair reading: because another card of their line is of their rank)."""
    out: set[int] = set()
    for line in rules.lines:
        out |= line_cancelled(cards, line, rules)
    return frozenset(out)


def grid_score(cards: Sequence[int], rules: SixRules) -> int:
    """The points of a whole grid (row by row): each card's value, except that a line (a
    column; a row too with row cancellation) whose cards are all of one rank scores 0 (with the
    pair reading, the cards of a line that share a rank score 0)."""
    if len(cards) != rules.grid:
        raise ValueError(f"a grid has {rules.grid} cards, not {len(cards)}")
    zero = cancelled_slots(cards, rules)
    values = rules.card_values
    return sum(values[c] for s, c in enumerate(cards) if s not in zero)
