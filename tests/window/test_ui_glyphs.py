"""The game's drawn pixel glyphs (``assets/fonts/golf-pixel.txt``, ``scenes.core.glyphs``): each
as wide as DejaVu Sans Bold's advance at its size, so every layout measures a text as before;
drawn in place of DejaVu's own in the chunky type; a malformed file refused."""

from __future__ import annotations

import pygame
import pytest

from scenes.core.glyphs import parse_glyphs, pixel_glyphs
from scenes.core.look import PIXEL, Type


def test_every_drawn_glyph_keeps_dejavu_s_advance() -> None:
    pygame.font.init()
    type_ = Type()
    glyphs = pixel_glyphs()
    assert glyphs.sizes == {10, 12}
    for size in glyphs.sizes:
        font = type_.font(size)
        for char in "0123456789":
            glyph = glyphs.glyph(size, char)
            assert glyph is not None
            assert glyph.width == font.size(char)[0], (size, char)
            assert len(glyph.rows) == font.get_height(), (size, char)
    for char in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzéèêàçÉ":
        glyph = glyphs.glyph(10, char)
        assert glyph is not None, char
        assert glyph.width == type_.font(10).size(char)[0], char


def test_the_chunky_type_draws_the_drawn_zero_and_measures_what_it_draws() -> None:
    pygame.font.init()
    type_ = Type()
    glyph = pixel_glyphs().glyph(12, "0")
    assert glyph is not None
    surface = type_.render("0", 12, (255, 255, 255))
    assert surface.get_width() == glyph.width * PIXEL == type_.width("0", 12)
    ink = {
        (x, y)
        for y in range(surface.get_height())
        for x in range(surface.get_width())
        if surface.get_at((x, y)).a
    }
    drawn = {
        (x * PIXEL + dx, y * PIXEL + dy)
        for y, row in enumerate(glyph.rows)
        for x, cell in enumerate(row)
        if cell == "#"
        for dx in range(PIXEL)
        for dy in range(PIXEL)
    }
    assert ink == drawn  # the dotted zero, not DejaVu's
    text = "Win chance 40 % (28–64 %) — exact"
    assert type_.render(text, 10, (255, 255, 255)).get_width() == type_.width(text, 10)


def test_a_glyph_file_with_uneven_rows_or_stray_marks_is_refused() -> None:
    assert parse_glyphs("# a comment\nglyph 10 o\n.##.\n#..#\n.##.\n")[(10, "o")].width == 4
    with pytest.raises(ValueError, match="unequal"):
        parse_glyphs("glyph 10 o\n.##.\n#..\n")
    with pytest.raises(ValueError, match="not a glyph row"):
        parse_glyphs("glyph 10 o\n.#x.\n")
