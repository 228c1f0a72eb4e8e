"""Where everything sits on the six-card table, for 2–7 grids on the 1280×720 screen.

The viewing seat's grid is at the bottom, large; the others sit around the top in play order,
clockwise from the viewer's left. Stock and discard are in the middle. With 2-row grids (4 and
6 cards) the piles sit between the opponents and the viewer's grid; 3-row grids (9 cards) are
too tall for that, so the piles move beside the viewer's grid. Nothing here reads a game state:
the board depends only on the number of players, the grid's shape and who views.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes.core.look import CARD_H, CARD_W, SCREEN_SIZE

__all__ = ["HUD_H", "Board", "SeatSpot", "card_size"]

HUD_H = 32
MARGIN = 24
PLATE_H = 20  # the name plate above an opponent's grid
BIG_GAP = 10  # between the viewer's cards
SMALL_GAP = 4  # between an opponent's cards
OPPONENT_SCALE = 0.5


def card_size(scale: float) -> tuple[int, int]:
    """A card's size on screen at ``scale`` (even numbers, so the art's pixels stay square)."""
    return int(CARD_W * scale) // 2 * 2, int(CARD_H * scale) // 2 * 2


@dataclass(frozen=True)
class SeatSpot:
    """One seat's grid on the table."""

    seat: int
    where: str  # "bottom", "left", "top" or "right"
    x: int  # top-left corner of the grid
    y: int
    scale: float
    rows: int
    columns: int
    gap: int

    @property
    def card(self) -> tuple[int, int]:
        """The size of one card of this grid."""
        return card_size(self.scale)

    @property
    def grid_rect(self) -> pygame.Rect:
        """The grid's cards, all together."""
        w, h = self.card
        return pygame.Rect(
            self.x,
            self.y,
            self.columns * w + (self.columns - 1) * self.gap,
            self.rows * h + (self.rows - 1) * self.gap,
        )

    def slot_rect(self, slot: int) -> pygame.Rect:
        """Where the card of ``slot`` (row by row from 0) lies."""
        w, h = self.card
        row, column = divmod(slot, self.columns)
        return pygame.Rect(self.x + column * (w + self.gap), self.y + row * (h + self.gap), w, h)

    @property
    def plate(self) -> pygame.Rect:
        """The name plate: above an opponent's grid (the viewer's has its own panel)."""
        grid = self.grid_rect
        width = max(grid.width, 232)
        plate = pygame.Rect(grid.centerx - width // 2, grid.top - PLATE_H - 2, width, PLATE_H)
        if self.where == "left":
            plate.left = grid.left
        elif self.where == "right":
            plate.right = grid.right
        return plate

    @property
    def region(self) -> pygame.Rect:
        """Everything that belongs to the seat: grid and plate."""
        if self.where == "bottom":
            return self.grid_rect
        return self.grid_rect.union(self.plate)

    @property
    def hand(self) -> tuple[int, int]:
        """Where an opponent holds the card it has taken: over its grid, a little raised."""
        grid = self.grid_rect
        w, h = self.card
        return grid.centerx - w // 2 + 10, grid.centery - h // 2 - 6


# opponents' places, in play order from the viewer's left, for 1 to 6 opponents (6: the
# 4-card game's seven players)
_PLACES: dict[int, tuple[str, ...]] = {
    1: ("top:0.5",),
    2: ("top:0.36", "top:0.64"),
    3: ("left", "top:0.5", "right"),
    4: ("left", "top:0.375", "top:0.625", "right"),
    5: ("left", "top:0.3125", "top:0.5", "top:0.6875", "right"),
    6: ("left", "top:0.2", "top:0.4", "top:0.6", "top:0.8", "right"),
}


class Board:
    """The geometry of one table: seats, piles, the hand and the panels."""

    def __init__(self, players: int, rows: int, columns: int, viewer: int = 0) -> None:
        self.players = players
        self.rows = rows
        self.columns = columns
        self.viewer = viewer
        self.tall = rows >= 3
        width, height = SCREEN_SIZE
        self.pile_scale = 0.75 if self.tall else 1.0
        big = 0.75 if self.tall else 1.0
        bw, bh = card_size(big)
        grid_w = columns * bw + (columns - 1) * BIG_GAP
        grid_h = rows * bh + (rows - 1) * BIG_GAP
        bottom = SeatSpot(
            viewer,
            "bottom",
            width // 2 - grid_w // 2,
            height - 8 - grid_h,
            big,
            rows,
            columns,
            BIG_GAP,
        )
        self.spots: dict[int, SeatSpot] = {viewer: bottom}
        sh = card_size(OPPONENT_SCALE)[1]
        opp_h = rows * sh + (rows - 1) * SMALL_GAP
        top_y = HUD_H + 4 + PLATE_H + 2
        side_y = top_y + opp_h + 18 + PLATE_H + 2
        places = _PLACES[players - 1]
        for k, place in enumerate(places):
            seat = (viewer + 1 + k) % players
            self.spots[seat] = _opponent_spot(seat, place, rows, columns, top_y, side_y)
        pw, ph = card_size(self.pile_scale)
        if not self.tall:
            pile_y = top_y + opp_h + 6
            self.stock = pygame.Rect(width // 2 - pw - 30, pile_y, pw, ph)
            self.discard = pygame.Rect(width // 2 + 18, pile_y, pw, ph)
            self.hand = pygame.Rect(self.discard.right + 130, pile_y, pw, ph)
        else:
            grid = bottom.grid_rect
            pile_y = grid.top + 12
            self.discard = pygame.Rect(grid.left - 40 - pw, pile_y, pw, ph)
            self.stock = pygame.Rect(self.discard.left - 24 - pw, pile_y, pw, ph)
            self.hand = pygame.Rect(grid.right + 40, pile_y, pw, ph)
        grid = bottom.grid_rect
        # the panels fill the largest free corner beside the viewer's grid
        labels = 30  # room for the words under a pile or the card in hand
        obstacles = [spot.region for spot in self.spots.values() if spot.where != "bottom"]
        obstacles += [
            self.stock.inflate(0, labels * 2),
            self.discard.inflate(0, labels * 2),
            self.hand.inflate(0, labels * 2),
        ]
        self.panel = _free_corner(MARGIN, grid.left - 24, obstacles, grid.top, height - 8)
        self.side = _free_corner(grid.right + 24, width - MARGIN, obstacles, grid.top, height - 8)
        self.knock = pygame.Rect(0, 0, min(240, self.side.width - 20), 50)
        self.knock.midbottom = (self.side.centerx, self.side.bottom - 12)
        self.menu = pygame.Rect(width - 132, 2, 124, HUD_H - 4)  # its label clears the top lip

    @property
    def bottom(self) -> SeatSpot:
        """The viewer's grid."""
        return self.spots[self.viewer]

    def hand_at(self, seat: int) -> tuple[pygame.Rect, float]:
        """Where ``seat`` holds a card it has taken, and at which scale."""
        if seat == self.viewer:
            return self.hand, self.pile_scale
        spot = self.spots[seat]
        w, h = spot.card
        x, y = spot.hand
        return pygame.Rect(x, y, w, h), spot.scale

    def areas(self) -> dict[str, pygame.Rect]:
        """Every named area, for checking that nothing overlaps."""
        out = {f"seat {s}": spot.region for s, spot in self.spots.items()}
        out.update(
            stock=self.stock,
            discard=self.discard,
            hand=self.hand,
            panel=self.panel,
            side=self.side,
            hud=pygame.Rect(0, 0, SCREEN_SIZE[0], HUD_H),
        )
        return out


def _opponent_spot(
    seat: int, place: str, rows: int, columns: int, top_y: int, side_y: int
) -> SeatSpot:
    """An opponent's grid at ``place`` ("left", "right", or "top:f", centred at ``f`` of the
    screen's width): along the top at ``top_y``, on a side at ``side_y``."""
    width = SCREEN_SIZE[0]
    sw = card_size(OPPONENT_SCALE)[0]
    opp_w = columns * sw + (columns - 1) * SMALL_GAP
    if place == "left":
        return SeatSpot(seat, "left", MARGIN, side_y, OPPONENT_SCALE, rows, columns, SMALL_GAP)
    if place == "right":
        return SeatSpot(
            seat,
            "right",
            width - MARGIN - opp_w,
            side_y,
            OPPONENT_SCALE,
            rows,
            columns,
            SMALL_GAP,
        )
    centre = float(place.split(":")[1]) * width
    return SeatSpot(
        seat,
        "top",
        round(centre - opp_w / 2) // 2 * 2,
        top_y,
        OPPONENT_SCALE,
        rows,
        columns,
        SMALL_GAP,
    )


def _free_corner(
    left: int, right: int, obstacles: list[pygame.Rect], top: int, bottom: int
) -> pygame.Rect:
    """The roomiest rectangle between ``left`` and ``right``, from no higher than ``top`` down
    to ``bottom``, that overlaps none of ``obstacles`` (tried from each obstacle's edge).
    Height counts more than width past a line's length: a panel holds lines of text."""
    best = pygame.Rect(left, bottom, right - left, 0)
    best_score = 0
    edges = {left, right} | {o.right + 12 for o in obstacles} | {o.left - 12 for o in obstacles}
    for x0 in sorted(e for e in edges if left <= e <= right):
        for x1 in sorted(e for e in edges if x0 + 240 <= e <= right):
            below = [o.bottom + 14 for o in obstacles if o.right > x0 and o.left < x1]
            y = max([top, *below])
            rect = pygame.Rect(x0, y, x1 - x0, bottom - y)
            score = rect.height * min(rect.width, 340)
            if rect.height > 0 and score > best_score:
                best, best_score = rect, score
    return best
