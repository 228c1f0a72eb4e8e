"""Where things are on the solitaire table: the columns, the stock, the waste, the buttons' row.

Pure geometry of the 1280×720 logical screen: where a position puts each card
(:func:`layout`), what a click at a point asks for (:func:`card_at`), the place of a cursor slot.
The table, its view, its drivers and the dialogs over it all measure with these, so a click is
hit-tested against the very places the cards are drawn at.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from golf.solitaire.engine import Action, Position
from scenes.core.look import CARD_H, CARD_W, PIXEL, SCREEN_SIZE

__all__ = [
    "BUTTON_Y",
    "COLUMNS",
    "FAN",
    "HUD_H",
    "STOCK_POS",
    "STOCK_SLOT",
    "WASTE_POS",
    "Place",
    "card_at",
    "clock_text",
    "column_x",
    "layout",
    "slot_rect",
    "stock_rect",
    "waste_rect",
]

COLUMNS = 7
COLUMN_GAP = 24
FAN = 32  # how much of each covered card shows: its whole corner index
COLUMNS_X = (SCREEN_SIZE[0] - (COLUMNS * CARD_W + (COLUMNS - 1) * COLUMN_GAP)) // 2
COLUMNS_Y = 84
STOCK_POS = (432, 416)
WASTE_POS = (624, 416)
WASTE_FAN = 20  # the last three waste cards spread to the right
HUD_H = 52
BUTTON_Y = 648
TOAST_AT = (SCREEN_SIZE[0] // 2, 388)
STOCK_SLOT = COLUMNS  # cursor index of the stock


@dataclass(frozen=True)
class Place:
    """Where a card rests: top-left corner, face, drawing order."""

    x: int
    y: int
    face_up: bool
    z: int


def column_x(column: int) -> int:
    """Left edge of column 1..7."""
    return COLUMNS_X + (column - 1) * (CARD_W + COLUMN_GAP)


def layout(position: Position) -> dict[int, Place]:
    """Where every card of ``position`` belongs on the table."""
    places: dict[int, Place] = {}
    for index, column in enumerate(position.columns):
        x = column_x(index + 1)
        for row, card in enumerate(column):
            places[card] = Place(x, COLUMNS_Y + row * FAN, True, 10 + row)
    waste = position.waste
    hidden = len(waste) - min(len(waste), 3)  # cards under the last three
    for i, card in enumerate(waste):
        offset = max(0, i - hidden)
        places[card] = Place(WASTE_POS[0] + offset * WASTE_FAN, WASTE_POS[1], True, 100 + i)
    stock = position.stock
    for i, card in enumerate(stock):
        depth = (len(stock) - 1 - i) // 4  # every fourth card lifts the pile a little
        places[card] = Place(
            STOCK_POS[0] - depth * PIXEL, STOCK_POS[1] - depth * PIXEL, False, 100 - i
        )
    return places


def stock_rect() -> pygame.Rect:
    """Where a click draws a card."""
    return pygame.Rect(STOCK_POS[0] - 12, STOCK_POS[1] - 12, CARD_W + 12, CARD_H + 12)


def waste_rect() -> pygame.Rect:
    """Where a card dragged there is dropped on the waste: its fan of three, and a margin."""
    return pygame.Rect(
        WASTE_POS[0] - 12, WASTE_POS[1] - 12, CARD_W + 2 * WASTE_FAN + 24, CARD_H + 24
    )


def card_at(position: Position, pos: tuple[int, int]) -> Action | None:
    """The action a click at ``pos`` asks for: a card of a column, the stock, or nothing."""
    x, y = pos
    for index, column in enumerate(position.columns):
        left = column_x(index + 1)
        if not left <= x < left + CARD_W:
            continue
        for row in range(len(column), 0, -1):
            top = COLUMNS_Y + (row - 1) * FAN
            height = CARD_H if row == len(column) else FAN
            if top <= y < top + height:
                return Action.play(index + 1, row)
    if stock_rect().collidepoint(pos):
        return Action.draw()
    return None


def slot_rect(position: Position, slot: int) -> pygame.Rect:
    """The card a cursor slot stands on: a column's free card (its place when empty) or the
    stock."""
    if slot == STOCK_SLOT:
        return pygame.Rect(STOCK_POS[0], STOCK_POS[1], CARD_W, CARD_H)
    column = position.columns[slot]
    rows = max(len(column), 1)
    return pygame.Rect(column_x(slot + 1), COLUMNS_Y + (rows - 1) * FAN, CARD_W, CARD_H)


def clock_text(seconds: float) -> str:
    """A play time as the HUD shows it: ``m:ss``."""
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"
