"""At a whole scale (a 2560×1440 window shows the 1280×720 screen at 2×) the window copies only
the places a frame changed: the same pixels as scaling the whole frame, every frame of a game."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from scenes.app import WindowOptions, build_app, first_scene
from scenes.core.look import SCREEN_SIZE
from scenes.core.manager import Loop
from scenes.core.viewport import Presenter
from scenes.solitaire.table import TableScene
from tests.window.test_ui_play import WIN_CODE, WIN_LINE

FRAME = 1 / 60


def _whole(presenter: Presenter) -> bytes:
    """The window's picture as a whole scale of the logical screen would make it."""
    rect = presenter.viewport.rect
    return pygame.image.tobytes(pygame.transform.scale(presenter.canvas, rect.size), "RGB")


def _shown(presenter: Presenter) -> bytes:
    return pygame.image.tobytes(presenter.window.subsurface(presenter.viewport.rect), "RGB")


@pytest.mark.parametrize("size", [(2560, 1440), (3840, 2160)], ids=["2x", "3x"])
def test_a_changed_place_is_copied_as_the_whole_frame_would_be(size: tuple[int, int]) -> None:
    pygame.display.init()
    presenter = Presenter(pygame.display.set_mode(size, pygame.RESIZABLE))
    canvas = presenter.canvas
    for x in range(0, SCREEN_SIZE[0], 7):
        pygame.draw.line(canvas, (x % 256, 90, 255 - x % 256), (x, 0), (x + 300, 719))
    presenter.present()
    places = [
        pygame.Rect(333, 101, 71, 97),
        pygame.Rect(1250, 700, 80, 40),
        pygame.Rect(0, 0, 3, 5),
    ]
    for i, place in enumerate(places):
        canvas.fill((200, 30 * i, 10), place)
    presenter.present(places)
    assert _shown(presenter) == _whole(presenter)


def test_every_frame_of_a_game_at_2x_is_the_whole_frame_scaled(tmp_path: Path) -> None:
    pygame.init()
    presenter = Presenter(pygame.display.set_mode((2560, 1440), pygame.RESIZABLE))
    options = WindowOptions(
        config_dir=tmp_path,
        data_dir=tmp_path,
        replays_dir=tmp_path,
        seed=3,
        lang="en",
        code=WIN_CODE,
    )
    app = build_app(options, presenter.canvas, None, presenter)
    first_scene(app, options)
    pygame.event.clear()
    loop = Loop(app)
    for _ in range(30):  # the table fades in
        loop.step(pygame.event.get(), FRAME)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    partial = 0
    frames = 0
    for token in [*WIN_LINE, *[None] * 20]:
        if token is not None:
            key = pygame.K_SPACE if token == "d" else getattr(pygame, f"K_{token}")
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
            )
        for _ in range(4):
            loop.step(pygame.event.get(), FRAME)
            frames += 1
            partial += app.scenes.changed is not None
            assert _shown(presenter) == _whole(presenter), f"frame {frames}"
    assert table.game.status == "won"
    assert partial > frames // 2, (partial, frames)  # most frames of a game copy only what changed
