"""Card pictures at the table's sizes and the six-card sprites, drawn only as a seat may see.

The faces are the solitaire's own (``scenes.core.look.CardArt``), scaled with nearest-neighbour so
the pixels stay crisp; the second deck's cards use the first deck's faces. A sprite shows its
face only when the caller says the card is visible to the viewing seat, whatever its flight or
flip would show: that one check is what keeps hidden cards hidden.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from golf.sixcard.rules import base_card
from scenes.core.look import BACK, CardArt
from scenes.core.sprites import CardSprite, ease_out_cubic
from scenes.sixcard.board import card_size

__all__ = ["CardImages", "SixSprite", "draw_sprite"]


class CardImages:
    """Faces and backs at any of the table's scales, cached per card art (language, colours)."""

    def __init__(self) -> None:
        self._art: CardArt | None = None
        self._cache: dict[tuple[int, tuple[int, int]], pygame.Surface] = {}
        self._shadows: dict[tuple[int, int], pygame.Surface] = {}

    def use(self, art: CardArt) -> None:
        """Draw with ``art`` (a new language or colour scheme empties the cache)."""
        if art is not self._art:
            self._art = art
            self._cache.clear()

    def _scaled(
        self,
        key: int,
        source: pygame.Surface,
        size: tuple[int, int],
        keep: bool,
        plain: pygame.Surface | None = None,
    ) -> pygame.Surface:
        """``source`` at ``size``, scaled from ``plain`` (the same picture not run-length
        encoded) when given: scaling an encoded surface decodes it, and SDL encodes it again
        at its next blit (some 80 µs a card, each frame of a flying card)."""
        if source.get_size() == size:
            return source
        cached = self._cache.get((key, size)) if keep else None
        if cached is not None:
            return cached
        image = pygame.transform.scale(source if plain is None else plain, size)
        colorkey = source.get_colorkey()
        if colorkey is not None:
            image.set_colorkey(colorkey, pygame.RLEACCEL)
        if keep:
            self._cache[(key, size)] = image
        return image

    def face(self, card: int, size: tuple[int, int], keep: bool = True) -> pygame.Surface:
        """The face of ``card`` (a six-card number, either deck) at ``size``."""
        assert self._art is not None
        base = base_card(card)
        return self._scaled(base, self._art.face(base), size, keep, self._art.plain(base))

    def back(self, size: tuple[int, int], keep: bool = True) -> pygame.Surface:
        """The card back at ``size``."""
        assert self._art is not None
        return self._scaled(-1, self._art.back(), size, keep, self._art.plain(BACK))

    def outline(self, size: tuple[int, int]) -> pygame.Surface:
        """An empty place at ``size``."""
        assert self._art is not None
        return self._scaled(-2, self._art.outline(), size, True)

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        """The shadow a card in the air casts."""
        shadow = self._shadows.get(size)
        if shadow is None:
            shadow = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 60), shadow.get_rect(), border_radius=6)
            self._shadows[size] = shadow
        return shadow


@dataclass
class SixSprite(CardSprite):
    """A card sprite that also grows or shrinks on its way (grids have different sizes)."""

    scale_from: float = 1.0
    scale_to: float = 1.0

    @classmethod
    def resting(
        cls, card: int, x: float, y: float, scale: float, face_up: bool = False, z: int = 0
    ) -> SixSprite:
        """A sprite lying at (x, y) at ``scale``."""
        pos = pygame.Vector2(x, y)
        return cls(
            card,
            pos,
            face_up,
            z,
            pygame.Vector2(pos),
            pygame.Vector2(pos),
            scale_from=scale,
            scale_to=scale,
        )

    def glide(
        self,
        x: float,
        y: float,
        scale: float,
        duration: float,
        *,
        delay: float = 0.0,
        lift: float = 0.0,
        face_up: bool | None = None,
        flip_start: float = 0.0,
    ) -> None:
        """Fly to (x, y), reaching ``scale`` on landing; see :meth:`CardSprite.move_to`."""
        now = self.current_scale
        self.move_to(x, y, duration, delay=delay, lift=lift, face_up=face_up, flip_start=flip_start)
        self.scale_from = now if not self.landed else scale
        self.scale_to = scale

    def finish(self) -> None:
        super().finish()
        self.scale_from = self.scale_to

    @property
    def current_scale(self) -> float:
        """The scale right now, eased like the flight."""
        if self.landed:
            return self.scale_to
        t = ease_out_cubic(self.progress)
        return self.scale_from + (self.scale_to - self.scale_from) * t

    @property
    def size(self) -> tuple[int, int]:
        """The card's size on screen right now."""
        return card_size(self.current_scale)


def draw_sprite(
    surface: pygame.Surface, sprite: SixSprite, images: CardImages, visible: bool
) -> None:
    """Draw ``sprite``: its face only if ``visible`` (known to the viewing seat)."""
    size = sprite.size
    resting = sprite.landed
    x = round(sprite.pos.x) // 2 * 2
    y = round(sprite.pos.y) // 2 * 2
    t = 0.0
    if sprite.flipping and not sprite.landed:
        t = max(0.0, (sprite.progress - sprite.flip_start) / (1.0 - sprite.flip_start))
    if not sprite.landed and sprite.lift >= 30 and sprite.delay <= 0:
        surface.blit(images.shadow(size), (x + 5, y + 7))
    if 0.0 < t < 1.0:
        showing = sprite.flip_from if t < 0.5 else sprite.face_up
        image = (
            images.face(sprite.card, size, resting)
            if showing and visible
            else images.back(size, resting)
        )
        width = max(2, round(size[0] * abs(math.cos(math.pi * t)) / 2) * 2)
        squeezed = pygame.transform.scale(image, (width, size[1]))
        surface.blit(squeezed, (x + (size[0] - width) // 2, y))
        return
    flipping = sprite.flipping and not sprite.landed and t <= 0.0
    shown = sprite.flip_from if flipping else sprite.face_up
    image = (
        images.face(sprite.card, size, resting) if shown and visible else images.back(size, resting)
    )
    surface.blit(image, (x, y))
