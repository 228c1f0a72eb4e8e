"""The retro arcade look: one palette, pixel-crisp type, code-drawn cards and table.

Resolution choice: the game draws on a fixed **logical screen of 1280×720**, shown whole in a
window of any size, scaled to fit (``scenes.core.viewport``: nearest neighbour where art pixels
stay even, letterboxed) with the pointer mapped back, so layout and hit-testing never depend on
the window size and a test under the dummy driver sees exactly what a player sees. Everything is drawn
on a **2-pixel grid**: headings, buttons and cards are rendered without antialiasing at half size
and doubled with ``scale_by``, which gives the chunky arcade pixels and keeps them even at any
window size. Small text (under :data:`SMOOTH_BELOW` art pixels: body, hints, captions, footers)
is drawn smooth at its real size instead: DejaVu drawn 7 pixels tall without smoothing loses the
difference between "o" and "a", "(" and "l", ↑ and ↓, ♣ and ♠ (``docs/type.md``).

Nothing here knows the rules; card ranks, suits and letters come from ``golf.core.cards``.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from golf.core import cards
from scenes.core.glyphs import PixelGlyphs, pixel_glyphs
from scenes.core.paths import FONT_BOLD, FONT_MONO, FONT_REGULAR, asset_path

__all__ = [
    "BACK",
    "CARD_BACKS",
    "CARD_H",
    "CARD_W",
    "PIXEL",
    "SCREEN_SIZE",
    "SHADOW_OFFSET",
    "SMOOTH_BELOW",
    "TABLES",
    "CardArt",
    "Cloth",
    "Look",
    "Palette",
    "Type",
    "chunky_panel",
    "draw_suit",
    "opaque_layer",
    "rank_label",
    "titled_panel",
    "veil",
]

SCREEN_SIZE = (1280, 720)
PIXEL = 2  # one art pixel is 2×2 screen pixels
CARD_LOW = (56, 78)  # card art in art pixels
CARD_W = CARD_LOW[0] * PIXEL
CARD_H = CARD_LOW[1] * PIXEL
SHADOW_OFFSET = (6, 8)  # where a card in the air casts its shadow, from its top-left corner

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    """The one palette of the game."""

    ink: Colour = (24, 20, 37)
    # the cloth is dark enough that the texts on it (label, gold, white) stand at 4.5:1 or more
    felt: Colour = (22, 96, 64)
    felt_dark: Colour = (16, 74, 50)
    felt_light: Colour = (34, 118, 80)
    paper: Colour = (246, 240, 222)
    paper_shade: Colour = (214, 204, 180)
    red: Colour = (206, 38, 58)
    black: Colour = (30, 28, 46)
    green: Colour = (26, 136, 62)
    lime: Colour = (110, 214, 128)  # green text on the dark panels
    blue: Colour = (36, 96, 206)
    joker: Colour = (128, 52, 170)
    back: Colour = (38, 62, 156)
    back_light: Colour = (72, 112, 214)
    gold: Colour = (255, 200, 40)
    gold_dark: Colour = (196, 120, 16)
    cyan: Colour = (64, 200, 236)
    orange: Colour = (250, 122, 36)
    pink: Colour = (246, 92, 150)
    white: Colour = (255, 255, 255)
    grey: Colour = (160, 164, 180)
    grey_dark: Colour = (74, 76, 92)
    shadow: Colour = (10, 40, 28)
    button: Colour = (250, 122, 36)
    button_dark: Colour = (176, 66, 20)
    button_light: Colour = (255, 168, 80)
    panel: Colour = (32, 28, 54)
    panel_edge: Colour = (110, 96, 170)
    board: Colour = (20, 18, 36)  # a darker panel: the tables of figures and scores
    label: Colour = (184, 224, 198)  # quiet text on the felt
    hud_label: Colour = (206, 202, 236)


PALETTE = Palette()


@dataclass(frozen=True)
class Cloth:
    """A table theme: the felt's colour, its grain and its darker rims, and what the solitaire
    table draws on it in the theme's colours: the columns' number badges and the empty places.
    Every text drawn on the felt (label, gold, white) and the badges' numbers on their faces
    stand at 4.5:1 or more (bench/contrast.py)."""

    felt: Colour
    dark: Colour  # grain, and the inside of an empty place
    light: Colour  # grain
    shadow: Colour  # the rims towards the edges
    badge: Colour  # a column's number badge (the cursor's is gold)
    badge_edge: Colour  # the line round a badge
    mark: Colour  # the number on a badge, the empty stock's ∅ (on ``dark``)
    rim: Colour  # the line round an empty place: a column, the stock, the waste
    grain: int = 140  # grain pixels a 64-pixel tile


TABLES: dict[str, Cloth] = {
    "green": Cloth(
        PALETTE.felt,
        PALETTE.felt_dark,
        PALETTE.felt_light,
        PALETTE.shadow,
        badge=PALETTE.felt_dark,
        badge_edge=PALETTE.ink,
        mark=PALETTE.label,
        rim=PALETTE.felt_light,
    ),
    "blue": Cloth(
        (24, 46, 98),
        (16, 32, 74),
        (38, 64, 124),
        (6, 12, 36),
        badge=(16, 32, 74),
        badge_edge=PALETTE.ink,
        mark=(188, 208, 244),
        rim=(38, 64, 124),
    ),
    # high contrast: a near-black cloth, no grain to read through, every text on it 9:1 or
    # more; the badges and empty places edged in light grey, which an ink line would not show
    "contrast": Cloth(
        (10, 10, 14),
        (0, 0, 0),
        (34, 34, 42),
        (0, 0, 0),
        badge=(0, 0, 0),
        badge_edge=(150, 150, 166),
        mark=PALETTE.white,
        rim=(150, 150, 166),
        grain=0,
    ),
}
"""The table themes, by the word the settings file keeps (``table``)."""

CARD_BACKS: tuple[str, ...] = ("flag", "tartan", "chequer", "star")
"""The card backs, by the word the settings file keeps (``card_back``)."""


def rank_label(card: int, lang: str) -> str:
    """The card's corner letter(s): A 2–10 J Q K, or A 2–10 V D R in French (SPEC §4)."""
    return cards.short_name(card, lang)[:-1]


TEXT_CACHE_BYTES = 8 * 2**20
"""The most pixel memory the text cache holds (a game's code alone takes some 20 KB)."""


SMOOTH_BELOW = 10
"""Text under this many art pixels is drawn smooth at twice the size (its size on the screen)
instead of chunky and doubled: at 6 to 9 art pixels the unsmoothed glyphs are too few pixels to
tell letters apart (chunky at 6, ↑ and ↓ were the same pixels; at 7 to 9, ♣ and ♠ nearly). From
10 on (buttons, headings, figures) the chunky type reads well and keeps the arcade look."""


class Type:
    """Text on the 2-pixel grid: chunky (rendered without antialias at art size, then doubled)
    from :data:`SMOOTH_BELOW` art pixels up, smooth at screen size below it. Cached."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}
        self._cache_bytes = 0  # the pixels the cache holds: bounded by TEXT_CACHE_BYTES
        self._paths = {
            "bold": asset_path(*FONT_BOLD),
            "regular": asset_path(*FONT_REGULAR),
            "mono": asset_path(*FONT_MONO),
        }

    def font(self, size: int, face: str = "bold") -> pygame.font.Font:
        """The bundled font at ``size`` pixels (art pixels for chunky text)."""
        key = (face, size)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(self._paths[face], size)
            self._fonts[key] = font
        return font

    @staticmethod
    def smooth(size: int, face: str = "bold", scale: int = PIXEL) -> bool:
        """Whether text of ``size`` art pixels shown at ``scale`` is drawn smooth: small text,
        and the mono face at any size (codes and paths, whose 0 and O, 1 and l must part;
        chunky, its 0 drew as an 8)."""
        return scale == PIXEL and (size < SMOOTH_BELOW or face == "mono")

    def width(self, text: str, size: int, face: str = "bold") -> int:
        """The width on the screen of ``text`` at ``size`` art pixels, as :meth:`render` draws
        it (without its shadow)."""
        if self.smooth(size, face):
            return self.font(size * PIXEL, face).size(text)[0]
        drawn = self._drawn(size, face)
        if drawn is not None:
            return drawn.width(self.font(size, face), size, text) * PIXEL
        return self.font(size, face).size(text)[0] * PIXEL

    @staticmethod
    def _drawn(size: int, face: str) -> PixelGlyphs | None:
        """The game's own pixel glyphs when chunky ``face`` at ``size`` has them (the bold
        face's smallest chunky sizes: ``scenes.core.glyphs``)."""
        glyphs = pixel_glyphs()
        return glyphs if face == "bold" and size in glyphs.sizes else None

    def render(
        self,
        text: str,
        size: int,
        colour: Colour,
        *,
        shadow: Colour | None = None,
        face: str = "bold",
        scale: int = PIXEL,
    ) -> pygame.Surface:
        """``text`` as a surface, at ``size`` art pixels times ``scale``, with a drop shadow."""
        key = (text, size, colour, shadow, face, scale)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        if self.smooth(size, face, scale):
            surface = _lettered(self.font(size * PIXEL, face), text, colour, shadow, True)
        else:
            font = self.font(size, face)
            drawn = self._drawn(size, face)
            if drawn is not None:
                surface = _lettered(font, text, colour, shadow, False, drawn, size)
            else:
                surface = _lettered(font, text, colour, shadow, False)
            if scale != 1:
                surface = pygame.transform.scale_by(surface, scale)
        surface = _for_screen(surface)
        size = surface.get_bytesize() * surface.get_width() * surface.get_height()
        if len(self._cache) > 2000 or self._cache_bytes + size > TEXT_CACHE_BYTES:
            # every game shows a text never seen before (its code): forget them all now and then
            self._cache.clear()
            self._cache_bytes = 0
        self._cache[key] = surface
        self._cache_bytes += size
        return surface

    def blit(
        self,
        target: pygame.Surface,
        text: str,
        size: int,
        colour: Colour,
        pos: tuple[float, float],
        *,
        anchor: str = "topleft",
        shadow: Colour | None = None,
        face: str = "bold",
        scale: int = PIXEL,
    ) -> pygame.Rect:
        """Draw ``text`` with its ``anchor`` (a Rect attribute name) at ``pos``; its rect."""
        surface = self.render(text, size, colour, shadow=shadow, face=face, scale=scale)
        rect = surface.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        # keep text on the 2-pixel grid so its pixels stay square
        rect.x -= rect.x % PIXEL
        rect.y -= rect.y % PIXEL
        target.blit(surface, rect)
        return rect


def draw_suit(
    surface: pygame.Surface, suit: int, center: tuple[int, int], size: int, colour: Colour
) -> None:
    """A suit pip drawn with polygons and circles, ``size`` pixels tall (clubs, diamonds,
    hearts, spades = 0..3)."""
    cx, cy = center
    s = size
    r = max(1, round(s * 0.27))
    if suit == 1:  # diamond
        w = round(s * 0.40)
        h = s // 2
        pygame.draw.polygon(
            surface, colour, [(cx, cy - h), (cx + w, cy), (cx, cy + h), (cx - w, cy)]
        )
    elif suit == 2:  # heart
        top = cy - round(s * 0.18)
        pygame.draw.circle(surface, colour, (cx - r + 1, top), r)
        pygame.draw.circle(surface, colour, (cx + r - 1, top), r)
        pygame.draw.polygon(
            surface,
            colour,
            [(cx - 2 * r + 1, top + 1), (cx + 2 * r - 1, top + 1), (cx, cy + s // 2)],
        )
    elif suit == 3:  # spade
        low = cy + round(s * 0.10)
        pygame.draw.circle(surface, colour, (cx - r + 1, low), r)
        pygame.draw.circle(surface, colour, (cx + r - 1, low), r)
        pygame.draw.polygon(
            surface,
            colour,
            [(cx - 2 * r + 1, low - 1), (cx + 2 * r - 1, low - 1), (cx, cy - s // 2)],
        )
        stem = max(1, s // 6)
        pygame.draw.polygon(
            surface, colour, [(cx, low), (cx - stem, cy + s // 2), (cx + stem, cy + s // 2)]
        )
    else:  # club
        rc = max(1, round(s * 0.22))
        pygame.draw.circle(surface, colour, (cx, cy - s // 2 + rc), rc)
        pygame.draw.circle(surface, colour, (cx - rc - 1, cy + rc // 3), rc)
        pygame.draw.circle(surface, colour, (cx + rc + 1, cy + rc // 3), rc)
        pygame.draw.rect(surface, colour, (cx - max(1, rc // 2), cy - rc, max(2, rc), rc * 2))
        stem = max(1, s // 6)
        pygame.draw.polygon(
            surface, colour, [(cx, cy), (cx - stem, cy + s // 2), (cx + stem, cy + s // 2)]
        )


# Where the pips of 2..10 sit on the card art, as on a printed deck (centre column x = 28).
_L, _C, _R = 17, 28, 39
_ROWS4 = (21, 33, 47, 59)
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((_C, 21), (_C, 59)),
    3: ((_C, 21), (_C, 40), (_C, 59)),
    4: ((_L, 21), (_R, 21), (_L, 59), (_R, 59)),
    5: ((_L, 21), (_R, 21), (_C, 40), (_L, 59), (_R, 59)),
    6: ((_L, 21), (_R, 21), (_L, 40), (_R, 40), (_L, 59), (_R, 59)),
    7: ((_L, 21), (_R, 21), (_C, 30), (_L, 40), (_R, 40), (_L, 59), (_R, 59)),
    8: ((_L, 21), (_R, 21), (_C, 30), (_L, 40), (_R, 40), (_C, 50), (_L, 59), (_R, 59)),
    9: (*tuple((x, y) for y in _ROWS4 for x in (_L, _R)), (_C, 40)),
    10: (*tuple((x, y) for y in _ROWS4 for x in (_L, _R)), (_C, 27), (_C, 53)),
}


KEY = (255, 0, 255)  # never drawn: marks the transparent corners of opaque art


def opaque_layer(size: tuple[int, int] = SCREEN_SIZE) -> pygame.Surface:
    """An opaque surface of ``size`` (in the screen's format once a window is open) to blit
    whole on the screen every frame: the felt, a table's resting layer.

    It is the view of a surface one pixel wider, so its rows do not start on a 16-byte
    boundary. SDL copies a blit between rows that do with streaming stores, which leave the
    copied pixels out of the processor's caches: every blit that follows on the screen (the
    flying cards, the text) then waits on memory, and a game frame cost some 0.8 ms more than
    the same copy done with ``memcpy``, which this layout makes SDL use.
    """
    wide = _screen_format(pygame.Surface((size[0] + 1, size[1])))
    return wide.subsurface(pygame.Rect((0, 0), size))


def _screen_format(surface: pygame.Surface) -> pygame.Surface:
    """An opaque ``surface`` in the screen's pixel format: itself when it is already (a new
    surface takes the screen's format; ``convert()`` would copy it all the same)."""
    screen = pygame.display.get_surface()
    if screen is None:
        return surface
    if (surface.get_bitsize(), surface.get_masks()) == (screen.get_bitsize(), screen.get_masks()):
        return surface
    return surface.convert()


def _for_screen(surface: pygame.Surface) -> pygame.Surface:
    """The surface in the screen's pixel format, which blits several times faster."""
    if pygame.display.get_surface() is None:
        return surface
    return surface.convert_alpha()


def _keyed(surface: pygame.Surface) -> pygame.Surface:
    """Art whose pixels are either opaque or fully clear, as a colour-keyed screen surface.

    Card faces and backs are drawn without antialiasing, so a colour key loses nothing. The
    result is not run-length encoded: it is the source :func:`_encoded` copies and the one a
    flipping card is squeezed from (scaling an encoded surface locks it, which decodes it and
    encodes it again, some 100 µs a card).
    """
    if pygame.display.get_surface() is None:
        return surface
    keyed = pygame.Surface(surface.get_size()).convert()
    keyed.fill(KEY)
    keyed.blit(surface, (0, 0))
    keyed.set_colorkey(KEY)
    return keyed


def _encoded(keyed: pygame.Surface) -> pygame.Surface:
    """A run-length encoded copy of keyed art: its blit is much cheaper than a plain keyed or a
    per-pixel-alpha one."""
    if keyed.get_colorkey() is None:
        return keyed  # no display: the art stays as drawn
    copy = keyed.copy()
    copy.set_colorkey(KEY, pygame.RLEACCEL)
    return copy


def _card_outline(low: pygame.Surface, fill: Colour, edge: Colour) -> None:
    """A card blank with cut corners, on a transparent surface."""
    w, h = low.get_size()
    low.fill((0, 0, 0, 0))
    pygame.draw.rect(low, edge, (0, 0, w, h), border_radius=4)
    pygame.draw.rect(low, fill, (1, 1, w - 2, h - 2), border_radius=3)


BACK = -1
"""The key of the card back among the pictures (cards are 0..53)."""


class CardArt:
    """Card faces and the back, drawn in code once per language and colour scheme.

    Each picture exists as two surfaces with the same pixels: a run-length encoded one blitted
    on the screen (:meth:`face`, :meth:`back`) and a plain keyed one (:meth:`plain`) the
    table's resting layer is painted with and a flip squeezes. SDL keeps one blit mapping per
    source surface: an encoded surface blitted to another target than last time, or scaled,
    is decoded and encoded again (about 80 µs for a card, where its blit costs 5), so a card
    landing on the layer after flying on the screen, each frame of a flip, and the deal's
    fast-forward repainting 70 cards paid that for every card.
    """

    def __init__(
        self,
        type_: Type,
        lang: str = "en",
        four_colour: bool = False,
        back: str = "flag",
        cloth: Cloth = TABLES["green"],
    ) -> None:
        self.type = type_
        self.lang = lang
        self.four_colour = four_colour
        self.back_style = back if back in CARD_BACKS else "flag"
        self.cloth = cloth
        self._faces: dict[int, pygame.Surface] = {}
        self._plain: dict[int, pygame.Surface] = {}
        self._resting: dict[int, pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._outline: pygame.Surface | None = None
        self._shadow: pygame.Surface | None = None

    def suit_colour(self, suit: int) -> Colour:
        """The ink of a suit; four colours for the colour-blind option."""
        p = PALETTE
        if self.four_colour:
            return (p.green, p.blue, p.red, p.black)[suit]
        return (p.black, p.red, p.red, p.black)[suit]

    def face(self, card: int) -> pygame.Surface:
        """The face of ``card`` at screen size, to blit on the screen."""
        surface = self._faces.get(card)
        if surface is None:
            surface = _encoded(self.plain(card))
            self._faces[card] = surface
        return surface

    def plain(self, card: int) -> pygame.Surface:
        """The face of ``card`` (the back for :data:`BACK`) as a plain keyed surface, to scale."""
        surface = self._plain.get(card)
        if surface is None:
            drawn = self._draw_back() if card == BACK else self._draw_face(card)
            surface = _keyed(pygame.transform.scale_by(drawn, PIXEL))
            self._plain[card] = surface
        return surface

    def resting(self, card: int) -> pygame.Surface:
        """The face of ``card`` (the back for :data:`BACK`) to paint the table's resting layer
        with: the same pixels as :meth:`face` and :meth:`back`, another surface.

        It is a run-length encoded copy of its own, blitted on the layer only: SDL encodes a
        picture for its target at its first blit there and keeps it while the target stays the
        same (the layer is shared by the tables one after the other). A plain keyed picture
        blits some five times slower, which made a key landing the deal (some 140 cards
        repainted) a 5 ms frame. :meth:`Look.warm` has it encoded ahead.
        """
        surface = self._resting.get(card)
        if surface is None:
            surface = _encoded(self.plain(card))
            self._resting[card] = surface
        return surface

    def warm(self, count: int, first: Sequence[int] = ()) -> list[int]:
        """Draw up to ``count`` faces not drawn yet, the cards of ``first`` before the others,
        so no frame later pays for many at once (a face costs about half a millisecond); the
        cards drawn."""
        drawn: list[int] = []
        for card in (*first, *range(54)):
            if len(drawn) >= count:
                break
            if card not in self._faces:
                self.face(card)
                drawn.append(card)
        return drawn

    def back(self) -> pygame.Surface:
        """The card back at screen size."""
        if self._back is None:
            self._back = _encoded(self.plain(BACK))
        return self._back

    def shadow(self) -> pygame.Surface:
        """A soft dark card shape, cast by a card in the air: drawn ``SHADOW_OFFSET`` from the
        card, just before it.

        Only the rim the card leaves uncovered is kept (the card drawn next hides the rest
        exactly, its own shape being the same as every card's), run-length encoded: the blit
        then touches a tenth of the pixels, with the same result.
        """
        if self._shadow is None:
            shadow = pygame.Surface((CARD_W, CARD_H), pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 60), shadow.get_rect(), border_radius=8)
            shadow = _for_screen(shadow)
            shape = pygame.mask.from_surface(self.plain(BACK))
            hole = shape.to_surface(setcolor=(0, 0, 0, 255), unsetcolor=(0, 0, 0, 0))
            dx, dy = SHADOW_OFFSET
            shadow.blit(hole, (-dx, -dy), special_flags=pygame.BLEND_RGBA_SUB)
            shadow.set_alpha(255, pygame.RLEACCEL)
            self._shadow = shadow
        return self._shadow

    def outline(self) -> pygame.Surface:
        """An empty place on the table, for a column or pile with no card."""
        if self._outline is None:
            low = pygame.Surface(CARD_LOW, pygame.SRCALPHA)
            w, h = CARD_LOW
            pygame.draw.rect(low, (*self.cloth.dark, 255), (0, 0, w, h), border_radius=4)
            pygame.draw.rect(low, (*self.cloth.rim, 255), (0, 0, w, h), 1, border_radius=4)
            self._outline = _for_screen(pygame.transform.scale_by(low, PIXEL))
        return self._outline

    def _draw_face(self, card: int) -> pygame.Surface:
        p = PALETTE
        low = pygame.Surface(CARD_LOW, pygame.SRCALPHA)
        _card_outline(low, p.paper, p.ink)
        w, h = CARD_LOW
        # a shaded lip along the bottom and right gives the card some thickness
        pygame.draw.line(low, p.paper_shade, (2, h - 2), (w - 3, h - 2))
        pygame.draw.line(low, p.paper_shade, (w - 2, 2), (w - 2, h - 3))
        if cards.is_joker(card):
            self._draw_joker(low)
            return low
        suit, rank = cards.suit(card), cards.rank(card)
        ink = self.suit_colour(suit)
        label = rank_label(card, self.lang)
        t = self.type
        # corner index: rank at top left, suit at top right — both visible in a fanned column
        text = t.render(label, 12, ink, scale=1)
        low.blit(text, (3, 0))
        draw_suit(low, suit, (w - 9, 8), 10, ink)
        # the same index upside down at the bottom
        flipped = pygame.transform.rotate(text, 180)
        low.blit(flipped, (w - 3 - flipped.get_width(), h - flipped.get_height()))
        small = pygame.Surface((18, 18), pygame.SRCALPHA)
        draw_suit(small, suit, (9, 9), 10, ink)
        low.blit(pygame.transform.rotate(small, 180), (0, h - 19))
        if rank >= 11:
            self._draw_court(low, label, suit, ink)
        elif rank == 1:
            draw_suit(low, suit, (w // 2, h // 2), 30, ink)
        else:
            pip = pygame.Surface((12, 12), pygame.SRCALPHA)
            draw_suit(pip, suit, (6, 6), 10, ink)
            upside_down = pygame.transform.rotate(pip, 180)
            for px, py in _PIPS[rank]:
                low.blit(upside_down if py > 40 else pip, (px - 6, py - 6))
        return low

    def _draw_court(self, low: pygame.Surface, label: str, suit: int, ink: Colour) -> None:
        p = PALETTE
        w, _h = CARD_LOW
        frame = pygame.Rect(10, 20, w - 20, 44)
        pygame.draw.rect(low, p.gold, frame, border_radius=2)
        pygame.draw.rect(low, ink, frame, 1, border_radius=2)
        pygame.draw.rect(low, p.paper, frame.inflate(-6, -6))
        letter = self.type.render(label, 22, ink, scale=1)
        low.blit(letter, letter.get_rect(center=(frame.centerx, frame.centery - 5)))
        draw_suit(low, suit, (frame.centerx, frame.bottom - 9), 9, ink)

    def _draw_joker(self, low: pygame.Surface) -> None:
        p = PALETTE
        w, h = CARD_LOW
        star = self.type.render("★", 12, p.joker, scale=1)
        low.blit(star, (3, 1))
        low.blit(star, (w - 3 - star.get_width(), 1))
        big = self.type.render("★", 30, p.joker, scale=1)
        low.blit(big, big.get_rect(center=(w // 2, h // 2 - 4)))
        word = self.type.render("JOKER", 8, p.joker, scale=1)
        low.blit(word, word.get_rect(midtop=(w // 2, h // 2 + 14)))

    def _draw_back(self) -> pygame.Surface:
        low = pygame.Surface(CARD_LOW, pygame.SRCALPHA)
        _card_outline(low, PALETTE.paper, PALETTE.ink)
        w, h = CARD_LOW
        inner = pygame.Rect(3, 3, w - 6, h - 6)
        draw = {"tartan": _back_tartan, "chequer": _back_chequer, "star": _back_star}
        draw.get(self.back_style, _back_flag)(low, inner)
        return low


def _back_flag(low: pygame.Surface, inner: pygame.Rect) -> None:
    """The first back: a lattice of blue diamonds and a golf flag in a cartouche."""
    p = PALETTE
    w, h = CARD_LOW
    pygame.draw.rect(low, p.back, inner, border_radius=2)
    low.set_clip(inner)
    # a lattice of diamonds
    for y in range(inner.top, inner.bottom, 6):
        for x in range(inner.left + ((y - inner.top) // 6 % 2) * 3, inner.right, 6):
            pygame.draw.polygon(
                low, p.back_light, [(x + 2, y), (x + 4, y + 2), (x + 2, y + 4), (x, y + 2)]
            )
    low.set_clip(None)
    pygame.draw.rect(low, p.gold, inner, 1, border_radius=2)
    # a golf flag in a cartouche
    box = pygame.Rect(0, 0, 22, 26)
    box.center = (w // 2, h // 2)
    pygame.draw.rect(low, p.ink, box.inflate(2, 2), border_radius=3)
    pygame.draw.rect(low, p.felt, box, border_radius=2)
    pygame.draw.ellipse(low, p.felt_dark, (box.x + 4, box.bottom - 7, 14, 4))
    pygame.draw.line(low, p.paper, (box.centerx, box.top + 3), (box.centerx, box.bottom - 5))
    pygame.draw.polygon(
        low,
        p.red,
        [
            (box.centerx + 1, box.top + 3),
            (box.centerx + 9, box.top + 6),
            (box.centerx + 1, box.top + 9),
        ],
    )


def _back_tartan(low: pygame.Surface, inner: pygame.Rect) -> None:
    """A red tartan: dark bands across and down, thin gold threads, a paper diamond."""
    p = PALETTE
    w, h = CARD_LOW
    pygame.draw.rect(low, (168, 30, 48), inner, border_radius=2)
    low.set_clip(inner)
    band = (112, 18, 34)
    for x in range(inner.left + 2, inner.right, 10):
        low.fill(band, (x, inner.top, 4, inner.height))
    for y in range(inner.top + 2, inner.bottom, 10):
        low.fill(band, (inner.left, y, inner.width, 4))
    for x in range(inner.left + 8, inner.right, 10):
        low.fill(p.gold_dark, (x, inner.top, 1, inner.height))
    for y in range(inner.top + 8, inner.bottom, 10):
        low.fill(p.gold_dark, (inner.left, y, inner.width, 1))
    low.set_clip(None)
    pygame.draw.rect(low, p.paper, inner, 1, border_radius=2)
    cx, cy = w // 2, h // 2
    pygame.draw.polygon(low, p.ink, [(cx, cy - 11), (cx + 9, cy), (cx, cy + 11), (cx - 9, cy)])
    pygame.draw.polygon(low, p.paper, [(cx, cy - 9), (cx + 7, cy), (cx, cy + 9), (cx - 7, cy)])
    draw_suit(low, 2, (cx, cy), 8, p.red)


def _back_chequer(low: pygame.Surface, inner: pygame.Rect) -> None:
    """A green chequer of 4-pixel squares with a golf ball on a tee in a ring."""
    p = PALETTE
    w, h = CARD_LOW
    pygame.draw.rect(low, (20, 92, 60), inner, border_radius=2)
    low.set_clip(inner)
    for y in range(inner.top, inner.bottom, 4):
        for x in range(inner.left + (((y - inner.top) // 4) % 2) * 4, inner.right, 8):
            low.fill((44, 140, 92), (x, y, 4, 4))
    low.set_clip(None)
    pygame.draw.rect(low, p.paper, inner, 1, border_radius=2)
    cx, cy = w // 2, h // 2
    pygame.draw.circle(low, p.ink, (cx, cy), 12)
    pygame.draw.circle(low, p.gold, (cx, cy), 11)
    pygame.draw.circle(low, (20, 92, 60), (cx, cy), 9)
    pygame.draw.circle(low, p.ink, (cx, cy - 2), 5)
    pygame.draw.circle(low, p.white, (cx, cy - 2), 4)
    for dx, dy in ((-1, -3), (1, -3), (0, -1), (-2, -1), (2, -1)):
        low.set_at((cx + dx, cy + dy), p.paper_shade)
    pygame.draw.polygon(low, p.paper, [(cx - 3, cy + 3), (cx + 3, cy + 3), (cx, cy + 7)])


def _back_star(low: pygame.Surface, inner: pygame.Rect) -> None:
    """A purple arcade sunburst: rings in hard steps round a gold star."""
    p = PALETTE
    w, h = CARD_LOW
    rings = ((86, 30, 120), (112, 44, 156), (136, 60, 184), (160, 82, 206))
    for step in range(0, min(inner.width, inner.height) // 2, 3):
        rect = inner.inflate(-2 * step, -2 * step)
        pygame.draw.rect(low, rings[(step // 3) % len(rings)], rect, border_radius=2)
    pygame.draw.rect(low, p.gold, inner, 1, border_radius=2)
    cx, cy = w // 2, h // 2
    points = []
    for i in range(10):
        radius = 11 if i % 2 == 0 else 5
        angle = math.pi / 2 + i * math.pi / 5
        points.append((cx + round(radius * math.cos(angle)), cy - round(radius * math.sin(angle))))
    pygame.draw.polygon(low, p.ink, [(x + 1, y + 1) for x, y in points])
    pygame.draw.polygon(low, p.gold, points)


def chunky_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: Colour = PALETTE.panel,
    edge: Colour = PALETTE.panel_edge,
) -> None:
    """A dialog panel: ink outline, coloured rim, a drop shadow on the 2-pixel grid."""
    surface.blit(_panel_picture(rect.size, fill, edge), rect.topleft)


def titled_panel(
    surface: pygame.Surface,
    look: Look,
    rect: pygame.Rect,
    title: str,
    *,
    size: int,
    colour: Colour,
    top: int,
    fill: Colour = PALETTE.panel,
    edge: Colour = PALETTE.panel_edge,
) -> None:
    """A panel with its title centred ``top`` pixels below its top edge, in type of ``size``
    art pixels: what every dialog, list and table panel opens with."""
    chunky_panel(surface, rect, fill, edge)
    look.type.blit(
        surface,
        title,
        size,
        colour,
        (rect.centerx, rect.top + top),
        anchor="midtop",
        shadow=PALETTE.ink,
    )


@functools.lru_cache(maxsize=32)
def _panel_picture(size: tuple[int, int], fill: Colour, edge: Colour) -> pygame.Surface:
    """A panel drawn once per size and colours (four rounded rectangles a frame cost about a
    millisecond each on the title's large panels). The corners are drawn without blending, so
    the picture lays down exactly the pixels the rectangles would."""
    p = PALETTE
    picture = pygame.Surface((size[0] + 2 * PIXEL, size[1] + 2 * PIXEL), pygame.SRCALPHA)
    rect = pygame.Rect((0, 0), size)
    pygame.draw.rect(picture, p.ink, rect.move(2 * PIXEL, 2 * PIXEL), border_radius=8)
    pygame.draw.rect(picture, p.ink, rect, border_radius=8)
    pygame.draw.rect(picture, edge, rect.inflate(-2 * PIXEL, -2 * PIXEL), border_radius=6)
    pygame.draw.rect(picture, fill, rect.inflate(-4 * PIXEL, -4 * PIXEL), border_radius=4)
    return picture


@functools.lru_cache(maxsize=8)
def _veil_surface(alpha: int) -> pygame.Surface:
    layer = pygame.Surface(SCREEN_SIZE, pygame.SRCALPHA)
    layer.fill((10, 8, 20, alpha))
    return layer


def veil(surface: pygame.Surface, alpha: int = 170) -> None:
    """Darken the whole screen under an overlay (one surface per darkness, made once: a
    screen-sized surface made every frame costs more than the rest of an overlay's frame)."""
    surface.blit(_veil_surface(alpha), (0, 0))


@functools.lru_cache(maxsize=4)
def _felt(size: tuple[int, int], cloth: Cloth = TABLES["green"]) -> pygame.Surface:
    p = cloth
    low_size = (size[0] // PIXEL, size[1] // PIXEL)
    tile = pygame.Surface((64, 64))
    tile.fill(p.felt)
    grain = random.Random(3)  # cosmetic: the same cloth every run
    for _ in range(p.grain):
        x, y = grain.randrange(64), grain.randrange(64)
        tile.set_at((x, y), p.dark if grain.random() < 0.7 else p.light)
    low = pygame.Surface(low_size)
    for y in range(0, low_size[1], 64):
        for x in range(0, low_size[0], 64):
            low.blit(tile, (x, y))
    # darker rims towards the edges, in hard steps as an old screen would
    rim = pygame.Surface(low_size, pygame.SRCALPHA)
    for step in range(12):
        inset = step * 2
        pygame.draw.rect(
            rim,
            (*p.shadow, 40 - 3 * step),
            (inset, inset, low_size[0] - 2 * inset, low_size[1] - 2 * inset),
            2,
        )
    low.blit(rim, (0, 0))
    low = _screen_format(low)  # small, then scaled into the full-size layer
    felt = opaque_layer((low_size[0] * PIXEL, low_size[1] * PIXEL))
    pygame.transform.scale_by(low, PIXEL, felt)
    return felt


class Look:
    """Everything drawn that is not a scene: palette, type, card art and the table."""

    def __init__(
        self, lang: str = "en", four_colour: bool = False, back: str = "flag", table: str = "green"
    ) -> None:
        self.palette = PALETTE
        self.type = Type()
        self.table = table if table in TABLES else "green"
        self.cards = CardArt(self.type, lang, four_colour, back, TABLES[self.table])
        self._layer: pygame.Surface | None = None
        self._layer_owner: object = None

    def table_layer(self, owner: object) -> tuple[pygame.Surface, bool]:
        """A screen-sized surface for a table's resting layer, shared by the tables one after
        the other (allocating 3.6 MB for each new deal costs a frame); with True when
        ``owner`` is not the one that drew on it last, so it must be painted whole."""
        layer = self._shared_layer()
        fresh = self._layer_owner is not owner
        self._layer_owner = owner  # held, so no later owner can be mistaken for it
        return layer, fresh

    def _shared_layer(self) -> pygame.Surface:
        if self._layer is None:
            self._layer = opaque_layer()
        return self._layer

    def warm(self, count: int, first: Sequence[int] = ()) -> None:
        """Draw up to ``count`` card faces ahead (see :meth:`CardArt.warm`) and have SDL
        encode each for the tables' layer with a blit of its top left pixel: a clear corner on
        every card, so nothing is drawn. A card's first blit on a target costs some 80 µs (the
        encoding) where the next cost a few: a key landing the first deal repainted some 50
        cards on the layer for the first time in one frame. (On the screen cards start flying
        one or two a frame: their first blits there are spread out by themselves.)"""
        drawn = self.cards.warm(count, first)
        if pygame.display.get_surface() is None:
            return
        corner = pygame.Rect(0, 0, 1, 1)
        for card in drawn:
            if tuple(self.cards.plain(card).get_at((0, 0)))[:3] != KEY:
                continue  # not a clear corner: left to its first real blit
            self._shared_layer().blit(self.cards.resting(card), (0, 0), corner)

    def restyle(
        self, lang: str, four_colour: bool, back: str = "flag", table: str = "green"
    ) -> None:
        """Redraw the cards for another language, colour scheme, back or table."""
        table = table if table in TABLES else "green"
        cards = self.cards
        now = (cards.lang, cards.four_colour, cards.back_style, self.table)
        if (lang, four_colour, back, table) != now:
            self.table = table
            self.cards = CardArt(self.type, lang, four_colour, back, TABLES[table])
            self._layer_owner = None  # the tables' resting layer is painted again, whole

    def felt(self, size: tuple[int, int] = SCREEN_SIZE) -> pygame.Surface:
        """The table cloth of the chosen table theme, the size of the screen."""
        return _felt(size, TABLES[self.table])

    @property
    def cloth(self) -> Cloth:
        """The chosen table theme's colours."""
        return TABLES[self.table]


def _lettered(
    font: pygame.font.Font,
    text: str,
    colour: Colour,
    shadow: Colour | None,
    smooth: bool,
    drawn: PixelGlyphs | None = None,
    size: int = 0,
) -> pygame.Surface:
    """``text`` in ``font`` with its shadow (when given) one art pixel down and right: smooth
    text is drawn at screen size (an art pixel is :data:`PIXEL` pixels), chunky text at art
    size, to be doubled, with the game's ``drawn`` glyphs of that ``size`` where it has them."""
    offset = PIXEL if smooth else 1

    def draw(ink: Colour) -> pygame.Surface:
        if drawn is not None:
            return drawn.render(font, size, text, ink)
        return font.render(text, smooth, ink)

    glyphs = draw(colour)
    if shadow is None:
        return glyphs
    back = draw(shadow)
    both = pygame.Surface(
        (glyphs.get_width() + offset, glyphs.get_height() + offset), pygame.SRCALPHA
    )
    both.blit(back, (offset, offset))
    both.blit(glyphs, (0, 0))
    return both
