"""The chunky type's own pixel glyphs: letters and digits drawn for the game at the smallest
chunky sizes (buttons, the hint bubble, the HUD's figures), where DejaVu drawn without smoothing
comes out lopsided — its 0 a D, its w broken, its o and e alike (``docs/type.md``).

They are read from ``assets/fonts/golf-pixel.txt``; each keeps DejaVu Sans Bold's advance at its
size, so a text is as wide as before. A character the file does not draw at a size is DejaVu's.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import pygame

from scenes.core.paths import asset_path

__all__ = ["GLYPHS_FILE", "Glyph", "PixelGlyphs", "parse_glyphs", "pixel_glyphs"]

GLYPHS_FILE = ("fonts", "golf-pixel.txt")

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Glyph:
    """One drawn character: its rows of pixels from the top of the line ('#' ink), as wide as
    its advance."""

    rows: tuple[str, ...]

    @property
    def width(self) -> int:
        """The advance: how far the next character starts."""
        return len(self.rows[0]) if self.rows else 0


def parse_glyphs(text: str) -> dict[tuple[int, str], Glyph]:
    """The glyphs of a glyph file, by (size, character): a line ``glyph SIZE CHAR`` and its rows;
    a line that starts with ``# `` (a space after it) is a comment."""
    glyphs: dict[tuple[int, str], Glyph] = {}
    key: tuple[int, str] | None = None
    rows: list[str] = []

    def close() -> None:
        if key is not None:
            if not rows or len({len(row) for row in rows}) != 1:
                raise ValueError(f"glyph {key[1]!r} at {key[0]}: rows of unequal width")
            glyphs[key] = Glyph(tuple(rows))

    for line in text.splitlines():
        if line.startswith("# ") or line == "#" or not line.strip():
            continue
        if line.startswith("glyph "):
            close()
            _, size, char = line.split(" ", 2)
            key, rows = (int(size), char), []
        elif key is None or set(line) - {"#", "."}:
            raise ValueError(f"not a glyph row: {line!r}")
        else:
            rows.append(line)
    close()
    return glyphs


class PixelGlyphs:
    """Text in a DejaVu font at one size with the drawn glyphs in place of DejaVu's own."""

    def __init__(self, glyphs: dict[tuple[int, str], Glyph]) -> None:
        self._glyphs = glyphs
        self.sizes = frozenset(size for size, _ in glyphs)

    def glyph(self, size: int, char: str) -> Glyph | None:
        """The drawn glyph of ``char`` at ``size``, if there is one."""
        return self._glyphs.get((size, char))

    def _runs(self, size: int, text: str) -> list[str | Glyph]:
        """``text`` cut into DejaVu's runs (kept whole, with their kerning) and drawn glyphs."""
        runs: list[str | Glyph] = []
        plain = ""
        for char in text:
            glyph = self._glyphs.get((size, char))
            if glyph is None:
                plain += char
                continue
            if plain:
                runs.append(plain)
                plain = ""
            runs.append(glyph)
        if plain:
            runs.append(plain)
        return runs

    def width(self, font: pygame.font.Font, size: int, text: str) -> int:
        """The width of ``text`` in art pixels, as :meth:`render` draws it."""
        return sum(
            run.width if isinstance(run, Glyph) else font.size(run)[0]
            for run in self._runs(size, text)
        )

    def render(
        self, font: pygame.font.Font, size: int, text: str, colour: Colour
    ) -> pygame.Surface:
        """``text`` at ``size`` art pixels without smoothing, on a clear surface."""
        runs = self._runs(size, text)
        if not any(isinstance(run, Glyph) for run in runs):
            return font.render(text, False, colour)
        pieces = [
            run if isinstance(run, Glyph) else font.render(run, False, colour) for run in runs
        ]
        height = max(
            [font.get_height()]
            + [piece.get_height() for piece in pieces if isinstance(piece, pygame.Surface)]
        )
        surface = pygame.Surface((self.width(font, size, text), height), pygame.SRCALPHA)
        surface.fill((0, 0, 0, 0))
        x = 0
        for piece in pieces:
            if isinstance(piece, pygame.Surface):
                surface.blit(piece, (x, 0))
                x += piece.get_width()
                continue
            for y, row in enumerate(piece.rows):
                for dx, cell in enumerate(row):
                    if cell == "#":
                        surface.fill(colour, (x + dx, y, 1, 1))
            x += piece.width
        return surface


@functools.cache
def pixel_glyphs() -> PixelGlyphs:
    """The game's drawn glyphs, read once from the shipped file."""
    return PixelGlyphs(parse_glyphs(asset_path(*GLYPHS_FILE).read_text(encoding="utf-8")))
