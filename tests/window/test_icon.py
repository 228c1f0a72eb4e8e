"""The game's icon (scenes.core.icon): pixel art in the palette's colours, drawn for the window
and written by scripts/make_icon.py to assets/icon/ (PNG files and the Windows .ico), which must
be that script's output for the art as it is now."""

from __future__ import annotations

import io
import struct
from pathlib import Path

import pygame
import pytest

from scenes.core import icon as icon_module
from scenes.core.icon import GRIDS, SIZES, colours, icon

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "assets" / "icon"


def pixels(surface: pygame.Surface) -> list[tuple[int, int, int, int]]:
    w, h = surface.get_size()
    return [tuple(surface.get_at((x, y))) for y in range(h) for x in range(w)]  # type: ignore[misc]


def test_each_grid_is_square_and_uses_only_palette_letters() -> None:
    letters = set(colours()) | {"."}
    for grid in GRIDS:
        assert all(len(row) == len(grid) for row in grid)
        assert set("".join(grid)) <= letters
    assert [len(g) for g in GRIDS] == [16, 32]


@pytest.mark.parametrize("size", SIZES)
def test_every_size_is_a_whole_scaling_of_a_grid(size: int) -> None:
    surface = icon(size)
    assert surface.get_size() == (size, size)
    grid = GRIDS[0] if size in (16, 48) else GRIDS[1]
    scale = size // len(grid)
    # the corner is transparent, the middle of each art pixel is its palette colour
    assert surface.get_at((0, 0)).a == 0
    palette = colours()
    for y, row in enumerate(grid):
        for x, letter in enumerate(row):
            if letter != ".":
                got = surface.get_at((x * scale + scale // 2, y * scale + scale // 2))
                assert (got.r, got.g, got.b, got.a) == (*palette[letter], 255)


def test_a_size_no_grid_divides_is_refused() -> None:
    with pytest.raises(ValueError, match="no icon grid divides 40"):
        icon(40)


@pytest.mark.parametrize("size", SIZES)
def test_the_shipped_png_is_the_art_as_it_is_now(size: int) -> None:
    shipped = pygame.image.load(str(FOLDER / f"golf-{size}.png"))
    assert shipped.get_size() == (size, size)
    assert pixels(shipped) == pixels(icon(size)), "run: python scripts/make_icon.py"


def test_the_windows_icon_holds_every_size_as_png() -> None:
    data = (FOLDER / "golf.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(SIZES))
    for i, size in enumerate(SIZES):
        width, height, _, _, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * i
        )
        assert width == height == (0 if size == 256 else size) and (planes, bits) == (1, 32)
        image = data[offset : offset + length]
        assert image.startswith(b"\x89PNG\r\n\x1a\n")
        loaded = pygame.image.load(io.BytesIO(image), "icon.png")
        assert pixels(loaded) == pixels(icon(size))


def test_the_window_gets_the_icon(monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes import app

    given: list[pygame.Surface] = []
    monkeypatch.setattr(pygame.display, "set_icon", given.append)
    pygame.display.init()  # as the program's start does before it opens the window
    app.open_window(False)
    assert len(given) == 1 and pixels(given[0]) == pixels(icon_module.icon(64))
