"""The solitaire table's column badges and empty places in each table theme (issue 36, items 3
and 4): drawn in the theme's colours, the cursor's badge gold in every theme and never covered
by the cursor's arrow. Their texts are in ``bench/contrast.py``'s tour ("game, the last card":
the stock empty, six columns empty, the cursor on the last card), held to 4.5:1 there."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pygame
import pytest

from scenes.core.look import PALETTE, PIXEL, SCREEN_SIZE, TABLES
from scenes.core.settings import TABLE_THEMES
from scenes.solitaire.layout import COLUMNS_Y, STOCK_POS, column_x
from scenes.solitaire.view import badge_rect, draw_badge

BENCH = Path(__file__).resolve().parents[2] / "bench" / "contrast.py"
spec = importlib.util.spec_from_file_location("contrast_bench", BENCH)
assert spec is not None and spec.loader is not None
contrast = sys.modules.get("contrast_bench") or importlib.util.module_from_spec(spec)
if "contrast_bench" not in sys.modules:
    sys.modules["contrast_bench"] = contrast
    spec.loader.exec_module(contrast)


def _last_card(tmp_path: Path, table: str) -> tuple[object, pygame.Surface]:
    app = contrast.make_app(tmp_path, "en", table)
    scene = contrast._last_card(app)
    surface = pygame.Surface(SCREEN_SIZE)
    scene.draw(surface)
    return scene, surface


def _colours(surface: pygame.Surface, rect: pygame.Rect) -> set[tuple[int, int, int]]:
    return {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
    }


@pytest.mark.parametrize("table", TABLE_THEMES)
def test_badges_and_empty_places_take_the_tables_colours(tmp_path: Path, table: str) -> None:
    _scene, surface = _last_card(tmp_path, table)
    cloth = TABLES[table]
    for column in (1, 2, 4, 5, 6, 7):  # the cursor is on column 3
        badge = badge_rect(column)
        seen = _colours(surface, badge)
        assert cloth.badge in seen and cloth.mark in seen, (table, column)
        edge = badge.inflate(2 * PIXEL, 2 * PIXEL)
        assert tuple(surface.get_at((edge.centerx, edge.top)))[:3] == cloth.badge_edge
        # the empty column under it: its rim and its inside
        assert tuple(surface.get_at((column_x(column) + 40, COLUMNS_Y)))[:3] == cloth.rim
        assert tuple(surface.get_at((column_x(column) + 40, COLUMNS_Y + 60)))[:3] == cloth.dark
    stock = pygame.Rect(STOCK_POS, (1, 1)).move(50, 70).inflate(40, 40)
    assert cloth.mark in _colours(surface, stock)  # the empty stock's ∅


def test_the_tables_badges_differ_from_each_other() -> None:
    looks = {(TABLES[t].badge, TABLES[t].mark, TABLES[t].rim) for t in TABLE_THEMES}
    assert len(looks) == len(TABLE_THEMES)


@pytest.mark.parametrize("table", TABLE_THEMES)
def test_the_cursors_badge_is_gold_and_its_arrow_leaves_it_whole(
    tmp_path: Path, table: str
) -> None:
    scene, surface = _last_card(tmp_path, table)
    badge = badge_rect(3)
    alone = pygame.Surface(SCREEN_SIZE)
    draw_badge(scene.app.look, badge, 3, True, alone)
    whole = badge.inflate(2 * PIXEL, 2 * PIXEL)
    assert PALETTE.gold in _colours(surface, badge)
    painted = [
        (x, y)
        for x in range(whole.left, whole.right)
        for y in range(whole.top, whole.bottom)
        if tuple(alone.get_at((x, y)))[:3] != (0, 0, 0)  # the badge's pixels, not its corners
    ]
    assert len(painted) > 0.9 * whole.width * whole.height
    differ = [xy for xy in painted if surface.get_at(xy) != alone.get_at(xy)]
    assert not differ, f"{len(differ)} of the badge's pixels covered, the first at {differ[0]}"
