"""The confetti of a won game: bits that fall, sway and turn, drawn as small coloured chips.

Cosmetic only: it draws from the app's cosmetic generator, never from the game's.
"""

from __future__ import annotations

import functools
import math
import random

import pygame

from scenes.core.look import PALETTE, SCREEN_SIZE

__all__ = ["CONFETTI_H", "CONFETTI_W", "Confetti", "draw", "fall", "launch"]

CONFETTI_W, CONFETTI_H = 8, 6  # a bit of confetti at its widest (its chips: _confetti_chips)
CONFETTI_COLOURS = (PALETTE.gold, PALETTE.cyan, PALETTE.pink, PALETTE.orange, PALETTE.white)
BITS = 140


class Confetti:
    """A bit of confetti: where it is, how fast it falls, its colour, how far it has turned,
    and what draws it (its picture and place, worked out as it moves)."""

    __slots__ = ("colour", "shown", "sin", "spin", "vx", "vy", "x", "y")

    def __init__(self, x: float, y: float, vx: float, vy: float, colour: int, spin: float) -> None:
        self.x, self.y, self.vx, self.vy = x, y, vx, vy
        self.colour = colour  # an index in CONFETTI_COLOURS
        self.spin = spin
        self.sin = math.sin(spin)  # its sway and its width follow it
        self.shown = _confetti_picture(colour, spin, x, y)


def _confetti_picture(
    colour: int, spin: float, x: float, y: float
) -> tuple[pygame.Surface, tuple[int, int]]:
    """What draws a bit of confetti: its chip (4, 6 or 8 pixels wide as it turns) and place."""
    width = round(abs(math.sin(spin)) * 4) // 2
    return _confetti_chips()[colour, width], (int(x) // 2 * 2, int(y) // 2 * 2)


@functools.cache
def _confetti_chips() -> dict[tuple[int, int], pygame.Surface]:
    """A bit of confetti of each colour and width (4, 6 or 8 pixels turning, 6 tall)."""
    chips = {}
    for index, colour in enumerate(CONFETTI_COLOURS):
        for half in range(3):
            chip = pygame.Surface((4 + half * 2, CONFETTI_H))
            if pygame.display.get_surface() is not None:
                chip = chip.convert()
            chip.fill(colour)
            chips[index, half] = chip
    return chips


def launch(rng: random.Random) -> list[Confetti]:
    """A fresh shower above the top of the screen."""
    colours = CONFETTI_COLOURS
    confetti = []
    for _ in range(BITS):
        x = rng.uniform(0, SCREEN_SIZE[0])
        confetti.append(
            Confetti(
                x,
                rng.uniform(-400, -10),
                rng.uniform(-40, 40),
                rng.uniform(120, 260),
                rng.randrange(len(colours)),
                rng.uniform(0, 6.28),
            )
        )
    return confetti


def fall(confetti: list[Confetti], dt: float) -> list[Confetti]:
    """Move the confetti and work out what draws each bit; the bits still on the screen."""
    if not confetti:
        return confetti
    bottom = SCREEN_SIZE[1] + 10
    sin = math.sin
    chips = _confetti_chips()
    turn = dt * 4
    kept = []
    for bit in confetti:
        y = bit.y + bit.vy * dt
        if y >= bottom:
            continue
        x = bit.x + bit.vx * dt + bit.sin * 30 * dt
        spin = bit.spin + turn
        side = sin(spin)
        bit.x, bit.y, bit.spin, bit.sin = x, y, spin, side
        # as _confetti_picture, written out: some 140 bits a frame
        bit.shown = (
            chips[bit.colour, round(abs(side) * 4) // 2],
            (int(x) // 2 * 2, int(y) // 2 * 2),
        )
        kept.append(bit)
    return kept


def draw(
    surface: pygame.Surface, confetti: list[Confetti]
) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """The confetti in the air; what was blitted (chips and places)."""
    if not confetti:
        return []
    shown = [bit.shown for bit in confetti if bit.y > -CONFETTI_H]
    surface.fblits(shown)
    return shown
