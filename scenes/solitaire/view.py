"""Drawing the solitaire table: felt, cards at rest and in flight, frames, badges, HUD, confetti.

:class:`TableView` draws a :class:`~scenes.solitaire.table_state.TableState` and keeps what makes
a frame cheap: the resting table in a layer repainted by dirty rectangles (cards exactly covered
by another left out), the HUD as a picture drawn again only when it changes, and what the last
frame left on the screen, so that the next one restores only those places. A screen that draws
over the table (a caption, the playback controls) switches that last part off with
``keeps_frames``; a screen with a HUD of its own gives ``hud_extra`` and the HUD is drawn every
frame.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from scenes.core.look import (
    BACK,
    CARD_H,
    CARD_W,
    PALETTE,
    PIXEL,
    SCREEN_SIZE,
    Colour,
    Look,
    opaque_layer,
)
from scenes.core.sprites import CardSprite
from scenes.solitaire import confetti
from scenes.solitaire.confetti import CONFETTI_H, CONFETTI_W
from scenes.solitaire.layout import (
    COLUMNS,
    COLUMNS_Y,
    HUD_H,
    STOCK_POS,
    TOAST_AT,
    WASTE_FAN,
    WASTE_POS,
    clock_text,
    column_x,
    slot_rect,
)
from scenes.solitaire.table_state import TableState

__all__ = ["PROVEN_LABEL", "TableView", "badge_rect"]

# a frame restoring more of the layer than this (pixels) copies it whole: as cheap, one blit
RESTORE_WHOLE = SCREEN_SIZE[0] * SCREEN_SIZE[1] // 2

Decoration = tuple[pygame.Rect, Callable[[pygame.Surface], object], tuple[object, ...]]
"""Something the resting table shows under the cards: bounds, how to draw it, what it is."""

PROVEN_LABEL = "winnable.deal"


class TableView:
    """Draws one table; owns the resting-table layer and the HUD picture."""

    def __init__(self, table: TableState, proven: Callable[[str | None], bool]) -> None:
        self.table = table
        self.app = table.app
        self.proven = proven  # whether a deal's code was dealt as winnable-only
        self.keeps_frames = True  # nothing is drawn over the table: restore only what changed
        self.hud_extra: Callable[[pygame.Surface], None] | None = None  # drawn on the HUD
        # drawn on the felt under the cards in flight (a watched replay's captions); only with
        # keeps_frames off, as what it draws is not restored
        self.under_cards: Callable[[pygame.Surface], None] | None = None
        self.show_buttons = True
        self.show_toasts = True
        self._static: pygame.Surface | None = None  # the resting table, see _refresh_static
        self._layer_token = object()  # this table's claim on the look's shared layer
        self._static_key: tuple[object, ...] = ()
        self._baked: dict[int, tuple[int, int, bool, int]] = {}  # cards in the layer: x, y, face, z
        self._decor: list[Decoration] = []
        self._decor_key: tuple[object, ...] = ()
        self._hud: pygame.Surface | None = None  # the HUD bar as last drawn, see _blit_hud
        self._kept: _Kept | None = None  # what the last frame left on the screen, see draw
        self._hud_key: tuple[object, ...] = ()

    # ----------------------------------------------------------------- the frame
    def draw(self, surface: pygame.Surface) -> None:
        """The whole table on ``surface``."""
        table = self.table
        look = self.app.look
        shake = table.shake
        shake_card = shake[0] if shake else None
        moving = frozenset(c for c, s in table.sprites.items() if s.moving or c == shake_card)
        self._refresh_static(moving)
        static = self._static
        assert static is not None
        restored = self._lay_table(surface, static)
        # the labels on the felt lie under the cards in flight (the win's cascade flies over
        # "Stock" and "Waste"), over the cards at rest
        drawn = _draw_labels(table, surface)
        drawn += _draw_solver_labels(table, self.proven(table.game.code), surface)
        if self.under_cards is not None:
            self.under_cards(surface)
        # cards in flight (or shaking) over the resting ones, lowest first
        shown = self._in_flight(moving, shake_card)
        art = look.cards
        pictures: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for sprite in shown:
            if sprite.card == shake_card and shake is not None:
                offset = math.sin(shake[1] * 60) * 6 * (shake[1] / 0.3)
                sprite.pictures(art, pictures, offset)
            else:
                sprite.pictures(art, pictures)
        surface.fblits(pictures)  # one call for all (the fountain's are some 100 blits)
        drawn += self._draw_frames(surface)
        drawn.append(self._blit_hud(surface))
        if self.show_buttons:
            focus = table.focused_button
            for button in table.buttons:
                drawn.append(button.draw(surface, look, self.app.texts, button is focus))
        if self.show_toasts:
            for toast in table.toasts:
                drawn.append(toast.draw(surface, look, TOAST_AT))
        shower = self.draw_confetti(surface)
        if restored is not None:  # only these places differ from the last frame
            self.app.scenes.changed_only(
                restored
                + drawn
                + [image.get_rect(topleft=place) for image, place in (*pictures, *shower)]
            )
        self._left_on_screen(surface, drawn, pictures, shower)

    def draw_confetti(
        self, surface: pygame.Surface
    ) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The confetti in the air; what was blitted (chips and places)."""
        return confetti.draw(surface, self.table.confetti)

    def _lay_table(
        self, surface: pygame.Surface, static: pygame.Surface
    ) -> list[pygame.Rect] | None:
        """Put the resting table on ``surface``: whole, or only where it differs from the
        screen this table left last frame (what was drawn over the layer then, and the layer's
        places repainted since); the places restored for the latter, None for the former. A
        frame is then the same pixels for much less copying: the whole layer is 3.6 MB, its
        copy half of a fountain frame's blits."""
        if surface is not self.app.screen:  # a picture of the table (tests, the watch…)
            surface.blit(static, (0, 0))
            return None
        kept, self._kept = self._kept, None
        if kept is None or not self.app.scenes.shows(surface, self.table.scene, kept.serial):
            surface.blit(static, (0, 0))
            return None
        bounds = static.get_rect()
        areas = []
        room = RESTORE_WHOLE
        for rect in kept.drawn + kept.dirt:
            area = rect.clip(bounds)
            room -= area.w * area.h
            if room < 0:  # as cheap to copy it whole
                surface.blit(static, (0, 0))
                return None
            areas.append((static, area, area))
        surface.blits(areas, doreturn=False)
        return [area for _static, area, _area in areas]

    def _left_on_screen(
        self,
        surface: pygame.Surface,
        drawn: list[pygame.Rect],
        cards: list[tuple[pygame.Surface, tuple[int, int]]],
        shower: list[tuple[pygame.Surface, tuple[int, int]]],
    ) -> None:
        """Remember what this frame drew over the layer on the screen (``drawn``, and the
        pictures of the cards and of the confetti), for the next one. Not when it covers more
        than the next frame would restore (the fountain's frames are drawn whole), nor when the
        screen draws over the table or a HUD of its own."""
        if surface is not self.app.screen or not self.keeps_frames or self.hud_extra is not None:
            return
        most = len(cards) * CARD_W * CARD_H + len(shower) * CONFETTI_W * CONFETTI_H
        if most + sum(r.w * r.h for r in drawn) > RESTORE_WHOLE:
            return
        drawn += [image.get_rect(topleft=place) for image, place in cards]
        drawn += [chip.get_rect(topleft=place) for chip, place in shower]
        self._kept = _Kept(self.app.scenes.serial, drawn, [])

    def _in_flight(self, moving: frozenset[int], shake_card: int | None) -> list[CardSprite]:
        """The moving cards to draw, lowest first.

        A card drawn whole (no flip, no shadow) exactly under another drawn whole is covered by
        it pixel for pixel (every card picture has the same shape): it is left out, so the
        deal's and the fountain's waiting piles cost one card each. So is a card off the screen
        (the fountain's falling below it).
        """
        sprites = self.table.sprites
        order = sorted(moving, key=lambda c: sprites[c].z)
        covered: set[tuple[int, int]] = set()
        shown: list[CardSprite] = []
        for card in reversed(order):
            sprite = sprites[card]
            if card == shake_card:
                shown.append(sprite)  # drawn beside its spot
                continue
            whole = sprite.whole
            spot = sprite.spot
            x, y = spot
            # with its shadow, a card reaches SHADOW_OFFSET beyond its corner
            outside = (
                x >= SCREEN_SIZE[0] or y >= SCREEN_SIZE[1] or x < -CARD_W - 8 or y < -CARD_H - 8
            )
            sprite.hidden = outside or (whole and not sprite.casts_shadow and spot in covered)
            if sprite.hidden:
                continue
            if whole:
                covered.add(spot)
            shown.append(sprite)
        shown.reverse()
        return shown

    # ----------------------------------------------------------------- the resting table
    def _refresh_static(self, moving: frozenset[int]) -> None:
        """Bring the resting-table layer up to date, repainting only the places that changed.

        The layer holds the felt, the empty places, the column badges and every card that is
        not moving. A card that starts or stops moving (or turns over, or changes its drawing
        order) only dirties its own rectangle; overlapping dirty rectangles are repainted as one.
        """
        table = self.table
        key = (self.app.look.cards, self.app.texts.lang)
        cursor = table.cursor if table.cursor_visible else None  # the badge it lights
        decor_key = (cursor, not table.game.position.stock)
        resting: dict[int, tuple[int, int, bool, int]] = {}
        for card, sprite in table.sprites.items():
            if card not in moving:
                x, y = sprite.spot
                resting[card] = (x, y, sprite.face_up, sprite.z)
        layer, fresh = self.app.look.table_layer(self._layer_token)
        self._static = layer
        if fresh or key != self._static_key:
            self._static_key = key
            self._decor_key = decor_key
            self._decor = self._decorations()
            self._baked = resting
            self._paint_static(layer, [layer.get_rect()], resting)
            return
        dirty: list[pygame.Rect] = []
        if decor_key != self._decor_key:  # a badge lit or put out, the empty-stock mark
            old = {tag: bounds for bounds, _paint, tag in self._decor}
            self._decor_key = decor_key
            self._decor = self._decorations()
            new = {tag: bounds for bounds, _paint, tag in self._decor}
            dirty += [old[tag] for tag in old.keys() - new.keys()]
            dirty += [new[tag] for tag in new.keys() - old.keys()]
        dirty += self._moved(resting)
        screen = layer.get_rect()  # cards resting off the table (the fountain's) change nothing
        dirty = [r.clip(screen) for r in dirty if r.colliderect(screen)]
        if dirty:
            self._paint_static(layer, _merge(dirty), resting)

    def _moved(self, resting: dict[int, tuple[int, int, bool, int]]) -> list[pygame.Rect]:
        """The places of the resting cards that moved, turned or came to rest since the layer
        was last painted (and the layer now holds ``resting``)."""
        baked = self._baked
        if baked == resting:
            return []
        dirty: list[pygame.Rect] = []
        for card, was in baked.items():
            now = resting.get(card)
            if now != was:
                dirty.append(pygame.Rect(was[0], was[1], CARD_W, CARD_H))
                if now is not None:
                    dirty.append(pygame.Rect(now[0], now[1], CARD_W, CARD_H))
        for card, now in resting.items():
            if card not in baked:
                dirty.append(pygame.Rect(now[0], now[1], CARD_W, CARD_H))
        self._baked = resting
        return dirty

    def _decorations(self) -> list[Decoration]:
        """What the resting table shows under the cards: (bounds, how to draw it, what it is).

        The empty places, the column badges (the cursor's in gold) and the empty-stock mark.
        What each is (its tag) tells which changed when the cursor moves or the stock empties.
        """
        table = self.table
        look = self.app.look
        outline = look.cards.outline()
        decor: list[Decoration] = []
        places = [(column_x(c), COLUMNS_Y) for c in range(1, COLUMNS + 1)]
        for place in [*places, STOCK_POS, WASTE_POS]:
            paint = functools.partial(_blit_at, outline, place)
            decor.append((outline.get_rect(topleft=place), paint, ("place", place)))
        for column in range(1, COLUMNS + 1):
            badge = badge_rect(column)
            selected = table.cursor_visible and table.cursor == column - 1
            paint = functools.partial(draw_badge, self.app.look, badge, column, selected)
            decor.append((badge.inflate(2 * PIXEL, 2 * PIXEL), paint, ("badge", column, selected)))
        if not table.game.position.stock:
            centre = (STOCK_POS[0] + CARD_W // 2, STOCK_POS[1] + CARD_H // 2)
            mark = look.cloth.mark
            bounds = look.type.render("∅", 16, mark).get_rect(center=centre)
            paint = functools.partial(_type_at, look, "∅", 16, mark, centre)
            decor.append((bounds.inflate(2 * PIXEL, 2 * PIXEL), paint, ("empty stock",)))
        return decor

    def _paint_static(
        self,
        layer: pygame.Surface,
        areas: list[pygame.Rect],
        resting: dict[int, tuple[int, int, bool, int]],
    ) -> None:
        """Repaint ``areas`` of the resting table on ``layer``: felt, places, resting cards.

        A card lying exactly where a card drawn after it lies is left out: every card picture
        (faces and back) has the same shape, so the upper one covers it pixel for pixel.
        """
        if self._kept is not None:
            self._kept.dirt += areas  # the screen shows them as they were: restored next frame
        look = self.app.look
        felt = look.felt()
        art = look.cards
        order = sorted(resting.items(), key=_z_of)
        shown: list[tuple[pygame.Rect, pygame.Surface]] = []
        covered: set[tuple[int, int]] = set()
        for card, (x, y, face_up, _z) in reversed(order):
            if (x, y) in covered:
                continue
            covered.add((x, y))
            image = art.resting(card if face_up else BACK)
            shown.append((pygame.Rect(x, y, CARD_W, CARD_H), image))
        shown.reverse()
        for area in areas:
            layer.set_clip(area)
            layer.blit(felt, area, area)
            for bounds, paint, _tag in self._decor:
                if bounds.colliderect(area):
                    paint(layer)
            for place, image in shown:
                if place.colliderect(area):
                    layer.blit(image, place)
        layer.set_clip(None)

    # ----------------------------------------------------------------- over the cards
    def _draw_frames(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The hint's and the cursor's frames; the rectangles drawn."""
        table, p = self.table, PALETTE
        position = table.game.position
        drawn: list[pygame.Rect] = []
        if table.hint is not None:
            rect = slot_rect(position, table.hint[0]).inflate(6 * PIXEL, 6 * PIXEL)
            colour = p.cyan if int(table.hint[1] * 4) % 2 == 0 else p.white  # steady, it pulses
            outer = rect.inflate(2 * PIXEL, 2 * PIXEL)
            pygame.draw.rect(surface, p.ink, outer, PIXEL, border_radius=11)
            pygame.draw.rect(surface, colour, rect, 3 * PIXEL, border_radius=10)
            drawn.append(outer)
        if table.cursor_visible:
            rect = slot_rect(position, table.cursor).inflate(4 * PIXEL, 4 * PIXEL)
            colour = p.gold if table.blink < 0.6 else p.orange
            outer = rect.inflate(2 * PIXEL, 2 * PIXEL)
            pygame.draw.rect(surface, p.ink, outer, PIXEL, border_radius=10)
            pygame.draw.rect(surface, colour, rect, 2 * PIXEL, border_radius=8)
            # an arrow above the cursor, unless it would cover the column's badge (a column's
            # last card): that badge is lit for the cursor already
            cx = rect.centerx
            top = rect.top - 4 * PIXEL
            drawn.append(outer)
            arrow = pygame.Rect(cx - 8, top - 10, 17, 11)
            if not (table.cursor < COLUMNS and arrow.colliderect(badge_rect(table.cursor + 1))):
                drawn.append(
                    pygame.draw.polygon(
                        surface, colour, [(cx - 8, top - 10), (cx + 8, top - 10), (cx, top)]
                    )
                )
        return drawn

    def _blit_hud(self, surface: pygame.Surface) -> pygame.Rect:
        """The HUD bar, drawn again only when something on it changes (score, moves, time…);
        the rectangle it covers.

        A screen that adds to the HUD (a round's hole and total) has it drawn every frame.
        """
        if self.hud_extra is not None:
            self._draw_hud(surface)
            return pygame.Rect(0, 0, SCREEN_SIZE[0], HUD_H)
        table = self.table
        game = table.game
        key = (
            self.app.texts.lang,
            game.rules.scoring,
            game.score,
            game.moves,
            clock_text(table.elapsed),
            game.code,
            table.rules_key,
        )
        if self._hud is None or key != self._hud_key:
            if self._hud is None:
                self._hud = opaque_layer((SCREEN_SIZE[0], HUD_H))  # copied with memcpy
            self._draw_hud(self._hud)
            self._hud_key = key
        return surface.blit(self._hud, (0, 0))

    def _draw_hud(self, surface: pygame.Surface) -> None:
        """The HUD bar: score, moves and time on the left, the rules and the code on the right
        (and what the screen adds)."""
        table = self.table
        look, texts, p = self.app.look, self.app.texts, PALETTE
        bar = pygame.Rect(0, 0, SCREEN_SIZE[0], HUD_H)
        pygame.draw.rect(surface, p.panel, bar)
        pygame.draw.line(
            surface, p.panel_edge, (0, HUD_H - PIXEL), (SCREEN_SIZE[0], HUD_H - PIXEL), PIXEL
        )
        game = table.game
        score_key = "hud.strokes" if game.rules.scoring == "strokes" else "hud.score"
        items = [
            (texts(score_key), str(game.score), p.gold),
            (texts("hud.moves"), str(game.moves), p.cyan),
            (texts("hud.time"), clock_text(table.elapsed), p.pink),
        ]
        x = 20
        for label, value, colour in items:
            r = look.type.blit(surface, label, 8, p.hud_label, (x, 14), shadow=p.ink)
            r = look.type.blit(surface, value, 12, colour, (r.right + 10, 8), shadow=p.ink)
            x = r.right + 36
        rules_text = texts(table.rules_key)
        code = game.code or ""
        r = look.type.blit(
            surface, code, 10, p.white, (SCREEN_SIZE[0] - 20, 12), anchor="topright", shadow=p.ink
        )
        look.type.blit(
            surface, rules_text, 8, p.gold, (r.left - 20, 14), anchor="topright", shadow=p.ink
        )
        if self.hud_extra is not None:
            self.hud_extra(surface)

    def hud_gap(self) -> tuple[int, int]:
        """The free stretch of the HUD between the score, moves and time and the rules and code
        (measured as :meth:`_draw_hud` lays them out)."""
        look, texts = self.app.look, self.app.texts
        game = self.table.game

        def width(text: str, size: int) -> int:
            return look.type.width(text, size)

        score_key = "hud.strokes" if game.rules.scoring == "strokes" else "hud.score"
        x = 20
        for key, value in ((score_key, "-35"), ("hud.moves", "9999"), ("hud.time", "99:99")):
            x += width(texts(key), 8) + 10 + width(value, 12) + 36
        rules = texts(self.table.rules_key)
        right = SCREEN_SIZE[0] - 20 - width(game.code or "", 10) - 20 - width(rules, 8)
        return x, right - 36


def _draw_labels(table: TableState, surface: pygame.Surface) -> list[pygame.Rect]:
    """The stock's and the waste's names and the stock's count."""
    look, texts, p = table.app.look, table.app.texts, PALETTE
    below = STOCK_POS[1] + CARD_H + 10
    count = texts("game.stock_count", count=len(table.game.position.stock))
    labels = (
        (texts("game.stock"), 8, p.label, STOCK_POS[0], below),
        (count, 10, p.white, STOCK_POS[0], below + 22),
        (texts("game.waste"), 8, p.label, WASTE_POS[0], below),
    )
    return [
        look.type.blit(
            surface, text, size, colour, (x + CARD_W // 2, y), anchor="midtop", shadow=p.ink
        )
        for text, size, colour, x, y in labels
    ]


def _draw_solver_labels(
    table: TableState, proven: bool, surface: pygame.Surface
) -> list[pygame.Rect]:
    """Right of the waste: a winnable-only deal's label and the winnable indicator; the
    rectangles drawn."""
    look, texts, p = table.app.look, table.app.texts, PALETTE
    x, y = WASTE_POS[0] + CARD_W + 3 * WASTE_FAN + 24, WASTE_POS[1] + 8
    lines: list[tuple[str, int, tuple[int, int, int]]] = []
    if proven:
        lines.append((texts(PROVEN_LABEL), 8, p.gold))
    shown = table.solver.indicator_text()
    if shown is not None:
        colours = {texts("indicator.yes"): p.cyan, texts("indicator.no"): p.orange}
        colour = colours.get(shown, p.white)
        lines.append((shown, 8, colour))
    if lines:
        lines.append((texts("winnable.label"), 7, p.label))
    drawn = []
    for text, size, colour in lines:
        r = look.type.blit(surface, text, size, colour, (x, y), shadow=p.ink)
        drawn.append(r)
        y = r.bottom + 8
    return drawn


@dataclass
class _Kept:
    """What a table's frame left on the screen beside its resting layer: the manager's draw
    it was (see ``SceneManager.shows``), the rectangles drawn over the layer, and the layer's
    places repainted since (the screen shows them as they were)."""

    serial: int
    drawn: list[pygame.Rect]
    dirt: list[pygame.Rect]


def _blit_at(picture: pygame.Surface, place: tuple[int, int], layer: pygame.Surface) -> None:
    layer.blit(picture, place)


def badge_rect(column: int) -> pygame.Rect:
    """Where the number badge of ``column`` (1 to 7) sits, above its first card."""
    badge = pygame.Rect(0, 0, 13 * PIXEL, 10 * PIXEL)
    badge.midbottom = (column_x(column) + CARD_W // 2, COLUMNS_Y - 3 * PIXEL)
    return badge


def _type_at(
    look: Look, text: str, size: int, colour: Colour, centre: tuple[int, int], layer: pygame.Surface
) -> None:
    look.type.blit(layer, text, size, colour, centre, anchor="center")


def _z_of(item: tuple[int, tuple[int, int, bool, int]]) -> int:
    return item[1][3]


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The rectangles with every overlapping group replaced by its bounding rectangle."""
    merged: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.copy()
        joined = True
        while joined:
            joined = False
            for i, other in enumerate(merged):
                if rect.colliderect(other):
                    rect.union_ip(merged.pop(i))
                    joined = True
                    break
        merged.append(rect)
    return merged


def draw_badge(
    look: Look, badge: pygame.Rect, column: int, selected: bool, layer: pygame.Surface
) -> None:
    """A column's number badge: the table theme's, or the cursor's gold in every theme."""
    p, cloth = PALETTE, look.cloth
    edge = p.ink if selected else cloth.badge_edge
    pygame.draw.rect(layer, edge, badge.inflate(2 * PIXEL, 2 * PIXEL), border_radius=4)
    pygame.draw.rect(layer, p.gold if selected else cloth.badge, badge, border_radius=3)
    look.type.blit(
        layer, str(column), 8, p.ink if selected else cloth.mark, badge.center, anchor="center"
    )
