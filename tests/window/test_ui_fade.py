"""The fade between scenes darkens every pixel as blending black at the fade's alpha would."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from scenes.core.look import SCREEN_SIZE, Look
from scenes.core.manager import FADE_SECONDS, App, Loop, Scene
from scenes.core.settings import Settings, SettingsStore

COLOURS = [(200, 120, 40), (255, 255, 255), (3, 250, 77), (0, 0, 0)]


class Stripes(Scene):
    """Vertical stripes of known colours."""

    def draw(self, surface: pygame.Surface) -> None:
        width = surface.get_width() // len(COLOURS)
        for i, colour in enumerate(COLOURS):
            surface.fill(colour, (i * width, 0, width, surface.get_height()))


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    pygame.display.init()
    screen = pygame.Surface(SCREEN_SIZE)
    store = SettingsStore(tmp_path / "settings.yaml")
    yield App(screen=screen, look=Look(), store=store, settings=Settings(animation="normal"))


@pytest.mark.parametrize("elapsed", [0.02, FADE_SECONDS / 2, FADE_SECONDS - 0.02])
def test_the_fade_out_darkens_like_black_blended_at_its_alpha(app: App, elapsed: float) -> None:
    app.scenes.push(Stripes(app))
    app.scenes.apply_pending()
    app.scenes.replace(Stripes(app), fade=True)
    Loop(app).step([], elapsed)
    alpha = 1.0 - (FADE_SECONDS - elapsed) / FADE_SECONDS
    blended = pygame.Surface((1, 1))
    width = SCREEN_SIZE[0] // len(COLOURS)
    for i, colour in enumerate(COLOURS):
        blended.fill(colour)
        black = pygame.Surface((1, 1))
        black.set_alpha(int(255 * alpha))
        blended.blit(black, (0, 0))
        expected = blended.get_at((0, 0))
        shown = app.screen.get_at((i * width + 5, 300))
        for channel in range(3):
            assert abs(shown[channel] - expected[channel]) <= 1, (colour, alpha)
        if alpha > 0.1 and max(colour) > 0:
            assert max(shown[:3]) < max(colour)  # darker: the fade is there
