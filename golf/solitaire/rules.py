"""Rule sets as data (SPEC §3): presets Easy, Classic and Strict, and every variant switch.

The solver, the hints, the screens and the replay files all use these same values, so they
can never disagree about what is legal.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Final, Literal

from golf.core.cards import ACE, DECK_SIZE, JOKERS, KING, QUEEN, rank

Scoring = Literal["points", "strokes"]


@dataclass(frozen=True)
class Rules:
    """One complete rule set. Every field is a switch from SPEC §3."""

    king_ace: bool = True
    """A on K and K on A (the King–Ace link)."""
    queen_on_king: bool = True
    """A Queen may be played on a King; off means nothing is played on a King (but an Ace
    with the King–Ace link)."""
    draw_any_time: bool = True
    """Off: drawing is allowed only when no free card can be played (strict rules)."""
    jokers: int = 0
    """0, 1 or 2 wild jokers in the deck."""
    empty_waste: bool = False
    """The waste starts empty and the first card may be any free card."""
    scoring: Scoring = "points"

    def __post_init__(self) -> None:
        if self.jokers not in (0, 1, 2):
            raise ValueError(f"jokers must be 0, 1 or 2, not {self.jokers}")
        if self.scoring not in ("points", "strokes"):
            raise ValueError(f"scoring must be points or strokes, not {self.scoring!r}")

    @cached_property
    def follows(self) -> tuple[frozenset[int], ...]:
        """``follows[w]``: the cards that may be played on waste card ``w`` (index 54: empty waste).

        Worked out rank by rank (whether a card goes on another depends on their ranks only,
        and a joker goes on anything and takes anything): 13 × 13 checks, not 54 × 54, which
        took a few milliseconds out of a game's first move.
        """
        deck = range(DECK_SIZE + 2)
        everything = frozenset(deck)
        jokers = frozenset(JOKERS)
        of_rank: dict[int, list[int]] = {}
        for c in deck:
            if c not in jokers:
                of_rank.setdefault(rank(c), []).append(c)
        on_rank = {
            rw: jokers.union(
                *(cards for cards in of_rank.values() if self._may_play(cards[0], waste[0]))
            )
            for rw, waste in of_rank.items()
        }
        table = [everything if w in jokers else on_rank[rank(w)] for w in deck]
        table.append(everything)
        return tuple(table)

    def _may_play(self, c: int, w: int) -> bool:
        if c in JOKERS or w in JOKERS:
            return True
        rc, rw = rank(c), rank(w)
        if rw == KING:
            return (rc == QUEEN and self.queen_on_king) or (rc == ACE and self.king_ace)
        if rw == ACE and rc == KING:
            return self.king_ace
        return abs(rc - rw) == 1

    def may_play(self, c: int, waste_top: int | None) -> bool:
        """Whether card ``c`` may go onto the waste whose top card is ``waste_top``."""
        return waste_top is None or c in self.follows[waste_top]

    def with_(self, **changes: object) -> Rules:
        return replace(self, **changes)  # type: ignore[arg-type]

    def preset_name(self) -> str | None:
        """``easy``, ``classic`` or ``strict`` when the rules are exactly that preset."""
        for name, preset in PRESETS.items():
            if preset == self:
                return name
        return None

    def to_dict(self) -> dict[str, object]:
        """The form replay files and settings use."""
        return {
            "king_ace": self.king_ace,
            "queen_on_king": self.queen_on_king,
            "draw": "any" if self.draw_any_time else "stuck",
            "jokers": self.jokers,
            "empty_waste": self.empty_waste,
            "scoring": self.scoring,
        }


EASY: Final = Rules()
CLASSIC: Final = Rules(king_ace=False)
STRICT: Final = Rules(king_ace=False, queen_on_king=False, draw_any_time=False, scoring="strokes")
PRESETS: Final = {"easy": EASY, "classic": CLASSIC, "strict": STRICT}
