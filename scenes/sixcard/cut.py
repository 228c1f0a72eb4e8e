"""The cut for the first deal, shown over the table while the first hole opens.

With the cut rule (``SixRules.cut``) every seat cuts a card (``golf.sixcard.game.cut_cards``)
and the lowest deals the first hole. The panel shows each seat's name over its card and who
deals; it stays while the first hole's opening lasts, so a person sees why that seat deals. The
cards come from the state (``State.cut``, ``cut_on_show``): a local table's from its deal, a
network table's as the server told them in the seat's view; one drawing for both.
"""

from __future__ import annotations

import pygame

from golf.sixcard.game import State, cut_on_show, lowest_cut
from scenes.core.look import PALETTE, SCREEN_SIZE, titled_panel
from scenes.sixcard.board import HUD_H, Board, card_size
from scenes.sixcard.parts import TableLike

__all__ = ["CUT_SCALE", "cut_rect", "draw_cut", "panel_rect", "shows_cut"]

CUT_SCALE = 0.5
COLUMN_W = 84  # one seat's name and card
ROW_H = 100  # one row of names over cards
LEAST_W = 420  # room for the title and who deals, in either language
CENTRE = (SCREEN_SIZE[0] // 2, 300)  # where the panel would rather stand
STEP = 8


def shows_cut(state: State) -> bool:
    """Whether the cut is on show: the cut rule, the first hole, its opening."""
    return cut_on_show(state) is not None


def _size(players: int, rows: int, least: int = LEAST_W) -> tuple[int, int]:
    columns = -(-players // rows)
    return max(least, columns * COLUMN_W + 40), rows * ROW_H + 80


def _columns(rect: pygame.Rect, players: int) -> int:
    for rows in range(1, players + 1):
        if _size(players, rows, 0)[0] <= rect.width:
            return -(-players // rows)
    return players


def cut_rect(board: Board, players: int, least: int = LEAST_W) -> pygame.Rect:
    """Where the panel stands for ``players`` seats on ``board``: on free felt, never over the
    stock, the discard or the card in hand (nor their words), nor a seat's grid; over the
    person's panel or the side panel only when the felt has no room (one, two or three rows
    of seats tried, the nearest place to the middle of the table first). ``least``: its
    narrowest width, room for its words."""
    piles = [r.inflate(8, 64) for r in (board.stock, board.discard, board.hand)]
    seats = [spot.region.inflate(4, 4) for spot in board.spots.values()]
    panels = [board.side, board.panel]  # the totals (all 0 in the first hole) first
    key = (players, least, *(tuple(r) for r in piles + seats + panels))
    found = _PLACES.get(key)
    if found is None:
        found = _place(players, least, piles + seats + panels)
        for panel in () if found else panels:  # over a whole panel rather than part of one
            if any(_fits(_size(players, rows, least), panel) for rows in (1, 2, 3)):
                found = panel
                break
        found = found or _place(players, least, piles + seats)
        if found is None:  # no room anywhere but over a grid: keep off the piles at least
            found = _place(players, least, piles) or pygame.Rect((0, 0), _size(players, 1))
        _PLACES[key] = found
    return found.copy()


def _fits(size: tuple[int, int], area: pygame.Rect) -> bool:
    return size[0] <= area.width and size[1] <= area.height


_PLACES: dict[tuple[object, ...], pygame.Rect] = {}


def _place(players: int, least: int, obstacles: list[pygame.Rect]) -> pygame.Rect | None:
    screen = pygame.Rect(4, HUD_H + 4, SCREEN_SIZE[0] - 8, SCREEN_SIZE[1] - HUD_H - 8)
    for rows in (1, 2, 3):
        w, h = _size(players, rows, least)
        best: pygame.Rect | None = None
        best_d = 0
        for y in range(screen.top, screen.bottom - h + 1, STEP):
            for x in range(screen.left, screen.right - w + 1, STEP):
                rect = pygame.Rect(x, y, w, h)
                if rect.collidelist(obstacles) >= 0:
                    continue
                d = (rect.centerx - CENTRE[0]) ** 2 + (rect.centery - CENTRE[1]) ** 2
                if best is None or d < best_d:
                    best, best_d = rect, d
        if best is not None:
            return best
    return None


def panel_rect(table: TableLike) -> pygame.Rect:
    """Where ``table``'s cut panel stands: wide enough for its title and who deals."""
    state, look, texts = table.state, table.app.look, table.app.texts
    cards = cut_on_show(state)
    dealer = 0 if cards is None else lowest_cut(cards)
    words = [texts("six.cut.title"), _deals(table, dealer)]
    least = max(look.type.render(w, 8, PALETTE.white).get_width() for w in words) + 48
    return cut_rect(table.board, state.players, least)


def _deals(table: TableLike, dealer: int) -> str:
    texts = table.app.texts
    if table.is_you(dealer):  # "You deal", not "You deals"
        return texts("six.cut.you_deal")
    return texts("six.cut.deals", name=table.name(dealer))


def draw_cut(surface: pygame.Surface, table: TableLike) -> None:
    """The cut panel: a title, every seat's name over its cut card (the dealer's framed in
    gold), and who deals."""
    state = table.state
    cards = cut_on_show(state)
    if cards is None:
        return
    look, texts, p = table.app.look, table.app.texts, PALETTE
    dealer = lowest_cut(cards)
    rect = panel_rect(table)
    titled_panel(surface, look, rect, texts("six.cut.title"), size=8, colour=p.gold, top=10)
    size = card_size(CUT_SCALE)
    columns = _columns(rect, state.players)
    for seat, card in enumerate(cards):
        row, column = divmod(seat, columns)
        in_row = min(columns, state.players - row * columns)
        x = rect.centerx + (column - in_row / 2) * COLUMN_W + COLUMN_W // 2
        top = rect.top + 34 + row * ROW_H
        look.type.blit(
            surface,
            table.name(seat),
            7,
            p.white if seat == dealer else p.label,
            (x, top),
            anchor="midtop",
            shadow=p.ink,
        )
        face = pygame.Rect(0, 0, *size)
        face.midtop = (round(x), top + 18)
        # A deck of its own, not the table's: drawn from the card art, not the table's images
        # (whose every face is checked against the seat's view).
        surface.blit(pygame.transform.scale(look.cards.face(card), size), face)
        if seat == dealer:
            pygame.draw.rect(surface, p.gold, face.inflate(8, 8), 3)
    deals = _deals(table, dealer)
    look.type.blit(
        surface,
        deals,
        8,
        p.white,
        (rect.centerx, rect.bottom - 10),
        anchor="midbottom",
        shadow=p.ink,
    )
