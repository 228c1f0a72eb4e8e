"""What the six-card table's parts share, below the table itself: the names of the seats, the
places a person may point at, and the table as its parts see it (:class:`TableLike`).

The table (``scenes.sixcard.table``) imports its parts (view, cards in flight, listeners,
drivers, overlays); they reach it only through the protocols here, so none of them imports the
table back (no import circle).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import pygame

from golf.sixcard.actions import Action
from golf.sixcard.ai import Opponent
from golf.sixcard.game import Match, Refusal, State
from golf.sixcard.pace import Pace
from golf.sixcard.seating import HUMAN, SixSetup
from golf.sixcard.view import SeatView
from scenes.core.manager import App
from scenes.core.widgets import Button, Toast
from scenes.sixcard.board import Board
from scenes.sixcard.motion import Cards

__all__ = [
    "COMPUTER_NAMES",
    "DISCARD",
    "KNOCK",
    "STOCK",
    "ScoredTable",
    "SeatNames",
    "TableLike",
    "Target",
    "seat_name",
]

COMPUTER_NAMES = ("Birdie", "Bogey", "Eagle", "Albatross", "Mulligan", "Condor")
"""One name per computer: up to six, with the seven seats of Polish Polka."""

Target = tuple[str, int]  # ("stock", 0), ("discard", 0), ("knock", 0) or ("slot", s)
STOCK: Target = ("stock", 0)
DISCARD: Target = ("discard", 0)
KNOCK: Target = ("knock", 0)


def seat_name(app: App, seats: tuple[str, ...], seat: int) -> str:
    """What the table calls ``seat`` of a game whose seats are ``seats`` (``human`` or a
    computer level): You (the only person), Player N, or a computer's name."""
    texts = app.texts
    if seats[seat] == HUMAN:
        people = sum(1 for kind in seats if kind == HUMAN)
        return texts("six.you") if people == 1 else texts("six.player", n=seat + 1)
    index = sum(1 for kind in seats[:seat] if kind != HUMAN)
    return COMPUTER_NAMES[index % len(COMPUTER_NAMES)]


class SeatNames(Protocol):
    """What a table calls its seats, when not what the setup says (a replay's own labels)."""

    def name(self, seat: int) -> str: ...

    def level(self, seat: int) -> str: ...


class ScoredTable(Protocol):
    """The table as the screens over it see it (the scoreboard, the curtain, the pause menu)."""

    @property
    def app(self) -> App: ...

    @property
    def state(self) -> State: ...

    @property
    def setup(self) -> SixSetup: ...

    @property
    def humans(self) -> tuple[int, ...]: ...

    def name(self, seat: int) -> str: ...

    def level(self, seat: int) -> str: ...

    def is_you(self, seat: int) -> bool: ...

    def open_menu(self) -> None: ...

    def next_hole(self) -> None: ...

    def reveal(self, seat: int) -> None: ...


class TableLike(ScoredTable, Protocol):
    """The table as its own parts see it: the view, the cards in flight, the listeners and
    the drivers read and set these."""

    app: App
    match: Match
    board: Board
    cards: Cards
    viewer: int
    revealed: int | None
    curtain_for: int | None
    discarding: bool
    cursor: Target
    cursor_visible: bool
    hint: tuple[Target, float] | None
    banner: float
    blink: float
    toasts: list[Toast]
    scored: int
    wait: float
    pace: Pace
    watching: bool
    code: str
    menu_button: Button
    knock_button: Button

    @property
    def opponents(self) -> Mapping[int, Opponent]: ...

    @property
    def view(self) -> SeatView: ...

    @property
    def flight_factor(self) -> float: ...

    @property
    def animating(self) -> bool: ...

    @property
    def person_to_act(self) -> int | None: ...

    def act(self, action: Action) -> Refusal | None: ...

    def sync(self, *, reveal: bool = False, snap: bool = False) -> None: ...

    def hurry(self) -> None: ...

    def refuse(self, text: str) -> None: ...

    def toast(self, text: str, colour: tuple[int, int, int] = ...) -> None: ...

    def last_turn_seats(self) -> tuple[int, ...]: ...

    def targets(self) -> list[Target]: ...

    def target_rect(self, target: Target) -> pygame.Rect: ...

    def knock_open(self) -> bool: ...

    def keys_line(self) -> str: ...
