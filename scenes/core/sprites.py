"""Card sprites: views keyed by card that tween toward where the engine's position puts them.

A sprite never decides anything: the scene computes a target for every card after each action and
the sprite glides there along an eased path, optionally lifting in an arc and flipping over.
``finish()`` snaps it to the end, which is how input during an animation fast-forwards it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from scenes.core.look import BACK, CARD_H, CARD_W, PIXEL, SHADOW_OFFSET, CardArt

__all__ = ["CardSprite", "ease_in_out_cubic", "ease_out_back", "ease_out_cubic"]


def ease_out_cubic(t: float) -> float:
    """Fast start, soft landing."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Soft start and landing."""
    t = min(1.0, max(0.0, t))
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: a card that lands with a bounce."""
    t = min(1.0, max(0.0, t))
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


@dataclass
class CardSprite:
    """One card on the screen; ``pos`` is its top-left corner in logical pixels."""

    card: int
    pos: pygame.Vector2
    face_up: bool = True
    z: int = 0
    start: pygame.Vector2 = field(default_factory=pygame.Vector2)
    target: pygame.Vector2 = field(default_factory=pygame.Vector2)
    elapsed: float = 0.0
    duration: float = 0.0
    delay: float = 0.0
    lift: float = 0.0  # height of the arc, in pixels, at the middle of the flight
    flip_from: bool = True  # face shown before the flip's midpoint
    flipping: bool = False
    flip_start: float = 0.0  # fraction of the flight before the card starts turning over
    landed: bool = True
    hidden: bool = False  # covered exactly by another sprite this frame: not drawn
    scale: float = 1.0
    held: bool = False  # in the player's hand (dragged): drawn lifted, over the resting cards

    @classmethod
    def at(cls, card: int, x: float, y: float, face_up: bool = True, z: int = 0) -> CardSprite:
        """A sprite resting at (x, y)."""
        pos = pygame.Vector2(x, y)
        return cls(card, pos, face_up, z, pygame.Vector2(pos), pygame.Vector2(pos))

    @property
    def moving(self) -> bool:
        """Whether the sprite is still on its way (or waiting to leave), or held: drawn over
        the resting cards."""
        return not self.landed or self.held

    def move_to(
        self,
        x: float,
        y: float,
        duration: float,
        *,
        delay: float = 0.0,
        lift: float = 0.0,
        face_up: bool | None = None,
        flip_start: float = 0.0,
    ) -> None:
        """Start a flight toward (x, y); a zero duration jumps there at once.

        With ``face_up`` different from the current face the card turns over, during the part
        of the flight after ``flip_start`` (0..1).
        """
        target = pygame.Vector2(x, y)
        flip = face_up is not None and face_up != self.face_up
        if duration <= 0:
            self.pos = pygame.Vector2(target)
            self.start = pygame.Vector2(target)
            self.target = target
            if face_up is not None:
                self.face_up = face_up
            self.landed = True
            self.flipping = False
            return
        if target == self.target and not flip and not self.landed:
            return  # already on its way there
        self.start = pygame.Vector2(self.pos)
        self.target = target
        self.elapsed = 0.0
        self.duration = duration
        self.delay = delay
        self.lift = lift
        self.landed = self.start == target and not flip
        self.flipping = flip
        self.flip_start = min(max(flip_start, 0.0), 0.9)
        self.flip_from = self.face_up
        if face_up is not None:
            self.face_up = face_up

    def finish(self) -> None:
        """Jump to the end of the current flight."""
        self.pos = pygame.Vector2(self.target)
        self.elapsed = self.duration
        self.delay = 0.0
        self.landed = True
        self.flipping = False

    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; True on the frame the sprite lands."""
        if self.landed:
            return False
        if self.delay > 0:
            self.delay -= dt
            if self.delay > 0:
                return False
            dt = -self.delay
            self.delay = 0.0
        self.elapsed += dt
        t = min(1.0, self.elapsed / self.duration)
        eased = ease_out_cubic(t)
        self.pos = self.start.lerp(self.target, eased)
        if self.lift:
            self.pos.y -= self.lift * math.sin(math.pi * t)
        if t >= 1.0:
            self.finish()
            return True
        return False

    @property
    def progress(self) -> float:
        """0..1 along the current flight."""
        if self.landed or self.duration <= 0:
            return 1.0
        return min(1.0, self.elapsed / self.duration)

    @property
    def shows_face(self) -> bool:
        """Whether the face (not the back) is what shows right now."""
        if self.flipping and not self.landed:
            t = (self.progress - self.flip_start) / (1.0 - self.flip_start)
            return self.flip_from if t < 0.5 else self.face_up
        return self.face_up

    @property
    def rect(self) -> pygame.Rect:
        """Where the card is drawn, for hit-testing."""
        return pygame.Rect(round(self.pos.x), round(self.pos.y), CARD_W, CARD_H)

    @property
    def whole(self) -> bool:
        """Whether the card is drawn as its whole picture at :attr:`spot` (not squeezed in a
        flip)."""
        if self.flipping and not self.landed:
            t = max(0.0, (self.progress - self.flip_start) / (1.0 - self.flip_start))
            return not 0.0 < t < 1.0
        return True

    @property
    def casts_shadow(self) -> bool:
        """Whether a shadow is drawn under the card (high in the air, or in the hand)."""
        return self.held or (not self.landed and self.lift >= 40 and self.delay <= 0)

    @property
    def spot(self) -> tuple[int, int]:
        """Where the card's top-left corner is drawn: ``pos`` on the 2-pixel grid."""
        return round(self.pos.x) // PIXEL * PIXEL, round(self.pos.y) // PIXEL * PIXEL

    def draw(self, surface: pygame.Surface, art: CardArt) -> None:
        """Draw the card, squeezed horizontally while it flips."""
        pictures: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self.pictures(art, pictures)
        surface.fblits(pictures)

    def pictures(
        self,
        art: CardArt,
        out: list[tuple[pygame.Surface, tuple[int, int]]],
        nudge: float = 0.0,
    ) -> None:
        """Add to ``out`` what drawing the card blits, in order (its shadow, then the card),
        ``nudge`` pixels to the right of its place; a scene blits many cards' at once."""
        x = round(self.pos.x + nudge) // PIXEL * PIXEL
        y = round(self.pos.y) // PIXEL * PIXEL
        flying = not self.landed
        t = 0.0
        if self.flipping and flying:
            t = max(0.0, (self.progress - self.flip_start) / (1.0 - self.flip_start))
            if 0.0 < t < 1.0:
                showing = self.flip_from if t < 0.5 else self.face_up
                # squeezed from the plain picture: scaling an encoded one decodes it
                image = art.plain(self.card if showing else BACK)
                width = max(PIXEL, round(CARD_W * abs(math.cos(math.pi * t)) / PIXEL) * PIXEL)
                squeezed = pygame.transform.scale(image, (width, CARD_H))
                out.append((squeezed, (x + (CARD_W - width) // 2, y)))
                return
            shown = self.flip_from if t <= 0.0 else self.face_up
        else:
            shown = self.face_up
        if self.casts_shadow:
            # a card in the air casts a shadow (see CardArt.shadow: the card must follow it)
            out.append((art.shadow(), (x + SHADOW_OFFSET[0], y + SHADOW_OFFSET[1])))
        out.append((art.face(self.card) if shown else art.back(), (x, y)))
