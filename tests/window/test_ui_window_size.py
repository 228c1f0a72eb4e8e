"""The whole logical screen at any window size: letterboxed, scaled to fit, clicks mapped back.

Each size opens a real (dummy-driver) window of that size, plays through the real loop with
posted events in window pixels, and reads the presented frame's pixels.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from golf.solitaire.engine import Action
from scenes.app import WindowOptions, build_app, first_scene
from scenes.core.devices import OFF_SCREEN, Devices, Pointer
from scenes.core.input import InputMapper
from scenes.core.look import SCREEN_SIZE
from scenes.core.manager import App, Loop
from scenes.core.viewport import Presenter, Viewport, initial_window_size
from scenes.solitaire.layout import slot_rect
from scenes.solitaire.table import TableScene
from tests.ui_driver import WIN_CODE

SIZES = [(900, 600), (1000, 700), (1366, 768), (1920, 1080), (2560, 1440)]
FRAME = 1 / 60


def _window(size: tuple[int, int], folder: Path) -> tuple[App, Loop]:
    pygame.init()
    presenter = Presenter(pygame.display.set_mode(size, pygame.RESIZABLE))
    options = WindowOptions(
        config_dir=folder, data_dir=folder, replays_dir=folder, seed=3, lang="en", code=WIN_CODE
    )
    app = build_app(options, presenter.canvas, None, presenter)
    app.change_settings(app.settings.with_(animation="off"), save=False)
    first_scene(app, options)
    pygame.event.clear()
    return app, Loop(app)


def _frames(loop: Loop, count: int = 1) -> None:
    for _ in range(count):
        loop.step(pygame.event.get(), FRAME)


def _click(loop: Loop, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    _frames(loop)


def _table(app: App) -> TableScene:
    top = app.scenes.top
    assert isinstance(top, TableScene)
    return top


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_whole_logical_screen_shows_scaled_to_fit(
    size: tuple[int, int], tmp_path: Path
) -> None:
    app, loop = _window(size, tmp_path)
    _frames(loop, 5)
    presenter = app.presenter
    assert presenter is not None
    window = pygame.display.get_surface()
    assert window is not None and window.get_size() == size
    rect = presenter.viewport.rect
    # fits the window on one side, aspect kept, centred
    assert rect.width == size[0] or rect.height == size[1]
    assert window.get_rect().contains(rect)
    assert abs(rect.width / rect.height - 16 / 9) < 0.01
    assert abs(rect.centerx - size[0] / 2) <= 1 and abs(rect.centery - size[1] / 2) <= 1
    # every part of the logical screen is in the window: each tile's colour as drawn
    canvas = app.screen
    assert canvas.get_size() == SCREEN_SIZE
    tile = 80
    for ty in range(0, SCREEN_SIZE[1], tile):
        for tx in range(0, SCREEN_SIZE[0], tile):
            drawn = pygame.transform.average_color(canvas, (tx, ty, tile, tile))
            x0, y0 = presenter.viewport.to_window((tx, ty))
            x1, y1 = presenter.viewport.to_window((tx + tile - 1, ty + tile - 1))
            shown = pygame.transform.average_color(window, (x0, y0, x1 - x0, y1 - y0))
            assert all(abs(a - b) <= 16 for a, b in zip(drawn[:3], shown[:3], strict=True)), (
                (tx, ty),
                drawn,
                shown,
            )
    # the bars are black
    if rect.left > 0:
        assert window.get_at((rect.left // 2, size[1] // 2))[:3] == (0, 0, 0)
    if rect.top > 0:
        assert window.get_at((size[0] // 2, rect.top // 2))[:3] == (0, 0, 0)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_click_on_a_card_at_any_size_plays_it(size: tuple[int, int], tmp_path: Path) -> None:
    app, loop = _window(size, tmp_path)
    _frames(loop, 3)
    table = _table(app)
    assert app.presenter is not None
    card = slot_rect(table.game.position, 1)  # column 2's free card plays first on this deal
    _click(loop, app.presenter.viewport.to_window(card.center))
    assert table.game.log == [Action.play(2)]


def test_a_click_in_the_bars_is_no_click(tmp_path: Path) -> None:
    app, loop = _window((1000, 700), tmp_path)
    _frames(loop, 3)
    table = _table(app)
    assert app.presenter is not None
    rect = app.presenter.viewport.rect
    assert rect.top > 0  # 1000x700 is taller than 16:9: bars above and below
    card = app.presenter.viewport.to_window(slot_rect(table.game.position, 1).center)
    _click(loop, (card[0], rect.top // 2))  # above column 2, in the bar
    _click(loop, (card[0], rect.bottom + (700 - rect.bottom) // 2))
    assert table.game.log == []


def test_the_window_resized_while_playing_keeps_the_game_whole(tmp_path: Path) -> None:
    app, loop = _window(SCREEN_SIZE, tmp_path)
    _frames(loop, 3)
    presenter = app.presenter
    assert presenter is not None and presenter.canvas is presenter.window  # 1x: drawn straight
    table = _table(app)
    pygame.display.set_mode((900, 600), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600))
    _frames(loop, 2)
    assert app.screen.get_size() == SCREEN_SIZE and app.screen is not presenter.window
    _click(loop, presenter.viewport.to_window(slot_rect(table.game.position, 1).center))
    assert table.game.log == [Action.play(2)]
    pygame.display.set_mode(SCREEN_SIZE, pygame.RESIZABLE)
    _frames(loop, 2)
    assert app.screen is presenter.window


def test_pointer_positions_map_through_the_scale() -> None:
    view = Viewport((2560, 1440))
    assert view.rect == pygame.Rect(0, 0, 2560, 1440) and view.whole and not view.smooth
    devices = Devices(view.to_logical)
    press = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1281, 721), button=1)
    assert devices.read(press) == Pointer("press", (640, 360))
    bars = Devices(Viewport((1000, 700)).to_logical)
    assert bars.read(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(500, 10), button=1)) is None
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=(500, 10), rel=(0, 0), buttons=(0, 0, 0))
    assert bars.read(move) == Pointer("move", OFF_SCREEN)


def test_nearest_neighbour_where_art_pixels_stay_even_smooth_elsewhere() -> None:
    assert not Viewport((1280, 720)).smooth
    assert not Viewport((1920, 1080)).smooth  # 1.5x: an art pixel of 2 is 3 window pixels
    assert not Viewport((2560, 1440)).smooth and not Viewport((3000, 1700)).smooth
    assert Viewport((1366, 768)).smooth and Viewport((900, 600)).smooth
    assert Viewport((2600, 1440)).rect == pygame.Rect(20, 0, 2560, 1440)  # 2x exactly, bars


def test_the_first_window_is_a_whole_multiple_that_fits_the_desktop() -> None:
    assert initial_window_size((1280, 720)) == (1280, 720)
    assert initial_window_size((1920, 1080)) == (1280, 720)
    assert initial_window_size((2560, 1440)) == (1280, 720)  # 2x leaves no room for a title bar
    assert initial_window_size((3840, 2160)) == (2560, 1440)
    assert initial_window_size((1024, 768)) == (1024, 576)
    assert initial_window_size(None) == SCREEN_SIZE


def test_a_loop_given_its_own_input_mapper_still_maps_through_the_scale(tmp_path: Path) -> None:
    app, _ = _window((900, 600), tmp_path)
    loop = Loop(app, InputMapper())  # as scenes.app.run once built it
    _frames(loop, 3)
    table = _table(app)
    assert app.presenter is not None
    _click(loop, app.presenter.viewport.to_window(slot_rect(table.game.position, 1).center))
    assert table.game.log == [Action.play(2)]


def _key(loop: Loop, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    _frames(loop, 2)


def test_f11_fills_the_monitor_with_the_whole_picture_and_comes_back(tmp_path: Path) -> None:
    app, loop = _window(SCREEN_SIZE, tmp_path)
    _frames(loop, 3)
    presenter = app.presenter
    assert presenter is not None
    desktop = pygame.display.get_desktop_sizes()[0]
    _key(loop, pygame.K_F11)
    window = pygame.display.get_surface()
    assert window is not None and window.get_size() == desktop
    assert bool(window.get_flags() & pygame.FULLSCREEN) and app.settings.fullscreen
    assert app.screen.get_size() == SCREEN_SIZE and presenter.viewport.window == desktop
    rect = presenter.viewport.rect
    assert rect.width == desktop[0] or rect.height == desktop[1]
    table = _table(app)
    _click(loop, presenter.viewport.to_window(slot_rect(table.game.position, 1).center))
    assert table.game.log == [Action.play(2)]
    _key(loop, pygame.K_F11)
    window = pygame.display.get_surface()
    assert window is not None and window.get_size() == SCREEN_SIZE
    assert not window.get_flags() & pygame.FULLSCREEN and not app.settings.fullscreen
    assert app.screen is presenter.window  # back at 1x: drawn straight into the window
