"""The game's icon: pixel art in the palette's colours, for the window, the program and desktops.

Two hand-drawn grids, one character per art pixel (``.`` is transparent, the other letters are
colours of :class:`scenes.core.look.Palette`): a felt tile with a card and a golf flag at 32×32,
and a simpler one at 16×16 where the card back and the heart's detail would be mud. Every size
is one grid scaled by a whole number (nearest neighbour), so the pixels stay square: 16 and 48
from the small grid, 32, 64, 128 and 256 from the large one. ``scripts/make_icon.py`` writes them
to ``assets/icon/`` (PNG files and a Windows ``.ico``); the window draws its own (:func:`icon`).
"""

from __future__ import annotations

from typing import Final

import pygame

from scenes.core.look import PALETTE, Colour

__all__ = ["GRIDS", "SIZES", "icon"]

SIZES: Final = (16, 32, 48, 64, 128, 256)
"""The sizes shipped in ``assets/icon/`` (the usual desktop and ``.ico`` sizes)."""

_SMALL: Final = (
    ".kkkkkkkkkkkkkk.",
    "kLLLLLLLLLLLLLLk",
    "kLGGGGGGGGGwYYgk",
    "kLkkkkkkkkGwYOgk",
    "kLkWWWWWskgwOGgk",
    "kLkRRWRRskgwGGgk",
    "kLkRRRRRskgwGGgk",
    "kLkWRRRWskgwGGgk",
    "kLkWWRWWskgwGGgk",
    "kLkWWWWWskgwGGgk",
    "kLksssssskgwGGgk",
    "kLkkkkkkkkgggGgk",
    "kLGggggggggGGGgk",
    "kLGGGGGGGGGGGGgk",
    "kLgggggggggggggk",
    ".kkkkkkkkkkkkkk.",
)
_LARGE: Final = (
    "..kkkkkkkkkkkkkkkkkkkkkkkkkkkk..",
    ".kLLLLLLLLLLLLLLLLLLLLLLLLLLLLk.",
    "kLGGGGGGGGGGGGGGGGGGGGGGGGGGGGgk",
    "kLGGGGGGGGGGGGGGGGGGGGGkkGGGGGgk",
    "kLGGGGGGGGGGGGGGGGGGGGGkwkkkkkgk",
    "kLGGGGGGGGGGGGGGGGGGGGGkwYYYYYkk",
    "kLGGkkkkkkkkkkkGGGGGGGGkwYYYYOkk",
    "kLGkbbbbbbbbbbbkGGGGGGGkwYYOOkgk",
    "kLGkbBBBBBBBBBbkGGGGGGGkwOOkkGgk",
    "kLGkbBBbBbBbBBbkGGGGGGGkwkkGGGgk",
    "kLGkbBbBGkkkkkkkkkkkGGGkwGGGGGgk",
    "kLGkbBBbkWWWWWWWWWWskgGkwGGGGGgk",
    "kLGkbBbBkWRRWWWWWWWskgGkwGGGGGgk",
    "kLGkbBBbkWRRWWWWWWWskgGkwGGGGGgk",
    "kLGkbBbBkWWWWWWWWWWskgGkwGGGGGgk",
    "kLGkbBBbkWWWWWWWWWWskgGkwGGGGGgk",
    "kLGkbBbBkWWWRRWRRWWskgGkwGGGGGgk",
    "kLGkbBBbkWWRRRRRRRWskgGkwGGGGGgk",
    "kLGkbBbBkWWRRRRRRRWskgGkwGGGGGgk",
    "kLGkbBBbkWWWRRRRRWWskgGkwGGGGGgk",
    "kLGkbBbBkWWWWRRRWWWskgGkwGGGGGgk",
    "kLGkbBBbkWWWWWRWWWWskgGkwGGGGGgk",
    "kLGkbBBBkWWWWWWWWWWskgGkwGGGGGgk",
    "kLGkbbbbkWWWWWWWRRWskgGkwGGGGGgk",
    "kLGGkkkkkWWWWWWWRRWskgGkwGGGGGgk",
    "kLGGGGGGkWWWWWWWWWWskggkwggGGGgk",
    "kLGGGGGGkssssssssssskggkkgggGGgk",
    "kLGGGGGGGkkkkkkkkkkkgggggggGGGgk",
    "kLGGGGGGGgggggggggggggGGGGGGGGgk",
    "kLGGGGGGGGGGGGGGGGGGGGGGGGGGGGgk",
    ".kggggggggggggggggggggggggggggk.",
    "..kkkkkkkkkkkkkkkkkkkkkkkkkkkk..",
)
GRIDS: Final = (_SMALL, _LARGE)
"""The pixel art, smallest first; each grid is square."""

_COLOURS: Final = (
    ("k", "ink"),
    ("G", "felt"),
    ("g", "felt_dark"),
    ("L", "felt_light"),
    ("W", "paper"),
    ("s", "paper_shade"),
    ("R", "red"),
    ("B", "back"),
    ("b", "back_light"),
    ("Y", "gold"),
    ("O", "gold_dark"),
    ("w", "white"),
)
"""Each letter of the grids and the palette colour it stands for."""


def colours() -> dict[str, Colour]:
    """The colour of each letter of the grids."""
    return {letter: getattr(PALETTE, name) for letter, name in _COLOURS}


def _grid_for(size: int) -> tuple[str, ...]:
    """The grid that ``size`` is a whole multiple of: the large one when both are."""
    for grid in reversed(GRIDS):
        if size % len(grid) == 0:
            return grid
    raise ValueError(f"no icon grid divides {size} pixels (sizes: {SIZES})")


def icon(size: int = 64) -> pygame.Surface:
    """The icon, ``size`` pixels square, with transparency."""
    grid = _grid_for(size)
    art = pygame.Surface((len(grid), len(grid)), pygame.SRCALPHA)
    art.fill((0, 0, 0, 0))
    palette = colours()
    for y, row in enumerate(grid):
        for x, letter in enumerate(row):
            if letter != ".":
                art.set_at((x, y), palette[letter])
    scale = size // len(grid)
    return art if scale == 1 else pygame.transform.scale_by(art, scale)
