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
from scenes.sixcard.board import card_size
from scenes.sixcard.parts import TableLike

__all__ = ["CUT_SCALE", "cut_rect", "draw_cut", "shows_cut"]

CUT_SCALE = 0.5
COLUMN_W = 104  # one seat's name and card
CUT_Y = 300  # the panel's centre, where the final-turn banner also stands


def shows_cut(state: State) -> bool:
    """Whether the cut is on show: the cut rule, the first hole, its opening."""
    return cut_on_show(state) is not None


def cut_rect(players: int) -> pygame.Rect:
    """Where the panel stands for ``players`` seats."""
    h = card_size(CUT_SCALE)[1]
    rect = pygame.Rect(0, 0, max(560, players * COLUMN_W + 40), h + 100)
    rect.center = (SCREEN_SIZE[0] // 2, CUT_Y)
    return rect


def draw_cut(surface: pygame.Surface, table: TableLike) -> None:
    """The cut panel: a title, every seat's name over its cut card (the dealer's framed in
    gold), and who deals."""
    state = table.state
    cards = cut_on_show(state)
    if cards is None:
        return
    look, texts, p = table.app.look, table.app.texts, PALETTE
    dealer = lowest_cut(cards)
    rect = cut_rect(state.players)
    titled_panel(surface, look, rect, texts("six.cut.title"), size=8, colour=p.gold, top=10)
    size = card_size(CUT_SCALE)
    left = rect.centerx - state.players * COLUMN_W // 2
    for seat, card in enumerate(cards):
        x = left + seat * COLUMN_W + COLUMN_W // 2
        look.type.blit(
            surface,
            table.name(seat),
            7,
            p.white if seat == dealer else p.label,
            (x, rect.top + 34),
            anchor="midtop",
            shadow=p.ink,
        )
        face = pygame.Rect(0, 0, *size)
        face.midtop = (x, rect.top + 52)
        # A deck of its own, not the table's: drawn from the card art, not the table's images
        # (whose every face is checked against the seat's view).
        surface.blit(pygame.transform.scale(look.cards.face(card), size), face)
        if seat == dealer:
            pygame.draw.rect(surface, p.gold, face.inflate(8, 8), 3)
    deals = (  # "You deal", not "You deals"
        texts("six.cut.you_deal")
        if table.is_you(dealer)
        else texts("six.cut.deals", name=table.name(dealer))
    )
    look.type.blit(
        surface,
        deals,
        8,
        p.white,
        (rect.centerx, rect.bottom - 10),
        anchor="midbottom",
        shadow=p.ink,
    )
