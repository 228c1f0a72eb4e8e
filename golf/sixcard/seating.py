"""Who sits at a six-card table and at what pace: :class:`SixSetup`, everything a table needs to
start a game (the players, a person or a computer level at each seat, the rules, the pace of
the computers, the deal number).

Pure data: the setup window fills it in, the table, the autosave and the command line read it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from golf.sixcard.ai import LEVELS
from golf.sixcard.game import Match
from golf.sixcard.rules import MAX_PLAYERS, MIN_PLAYERS, STANDARD, SixRules

__all__ = ["HUMAN", "KINDS", "SPEEDS", "SixSetup"]

HUMAN: Final = "human"
KINDS: tuple[str, ...] = (HUMAN, *LEVELS)
"""What may sit at a seat: a person at this screen or a computer of one of the levels."""
SPEEDS: tuple[str, ...] = ("slow", "normal", "fast")
"""The paces of a table (``golf.sixcard.pace.PACES`` says what each means)."""


@dataclass(frozen=True)
class SixSetup:
    """Everything the table needs to start a game."""

    players: int = 4
    kinds: tuple[str, ...] = (HUMAN, *("medium",) * (MAX_PLAYERS - 1))
    rules: SixRules = STANDARD
    speed: str = "normal"
    number: int | None = None  # the deal number; None: a random one

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}")
        if not self.rules.seats_players(self.players):
            low, high = self.rules.player_range()
            raise ValueError(f"a {self.rules.grid}-card game is for {low} to {high} players")
        if len(self.kinds) < MAX_PLAYERS:  # a setup saved when fewer seats were offered
            padded = self.kinds + ("medium",) * (MAX_PLAYERS - len(self.kinds))
            object.__setattr__(self, "kinds", padded)
        if len(self.kinds) < self.players or any(k not in KINDS for k in self.kinds):
            raise ValueError(f"kinds must name {self.players} seats among {KINDS}")
        if self.speed not in SPEEDS:
            raise ValueError(f"speed must be one of {SPEEDS}")

    @property
    def seats(self) -> tuple[str, ...]:
        """What sits at each seat of the game: ``human`` or a computer level."""
        return self.kinds[: self.players]

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played by people at this screen."""
        return tuple(s for s, kind in enumerate(self.seats) if kind == HUMAN)

    def match(self, number: int) -> Match:
        """A new match of these players and rules on deal ``number``."""
        return Match.new(number, self.players, self.rules)

    def with_(self, **changes: object) -> SixSetup:
        """A copy with some fields changed."""
        return replace(self, **changes)  # type: ignore[arg-type]
