"""What keeps the window's frames and its start-up cheap, checked as behaviour: the screen-sized
layers SDL copies with ``memcpy``, the title's first frame drawing only what it shows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from scenes.look import CARD_H, SCREEN_SIZE, Look, _felt, opaque_layer
from scenes.title import TitleScene
from tests.ui_driver import make_driver


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode(SCREEN_SIZE)
    pygame.display.quit()


def test_an_opaque_layer_has_the_screen_format_and_rows_off_the_16_byte_grid(
    screen: pygame.Surface,
) -> None:
    layer = opaque_layer()
    assert layer.get_size() == SCREEN_SIZE
    assert (layer.get_bitsize(), layer.get_masks()) == (screen.get_bitsize(), screen.get_masks())
    # SDL's streaming copy needs rows on 16-byte boundaries: these never are
    assert layer.get_pitch() % 16 != 0
    assert layer.get_flags() & pygame.SRCALPHA == 0


def test_an_opaque_layer_blits_the_same_pixels_as_a_plain_surface(
    screen: pygame.Surface,
) -> None:
    layer = opaque_layer()
    plain = pygame.Surface(SCREEN_SIZE).convert()
    for target in (layer, plain):
        target.fill((26, 110, 74))
        pygame.draw.rect(target, (200, 30, 60), (1270, 700, 40, 40))  # clipped at its edge
        pygame.draw.circle(target, (250, 250, 250), (0, 0), 30)
    screen.fill((0, 0, 0))
    screen.blit(layer, (0, 0))
    shown = pygame.image.tobytes(screen, "RGB")
    screen.fill((0, 0, 0))
    screen.blit(plain, (0, 0))
    assert pygame.image.tobytes(screen, "RGB") == shown
    assert pygame.image.tobytes(layer, "RGB") == pygame.image.tobytes(plain, "RGB")


def test_the_felt_and_the_table_layer_are_opaque_layers(screen: pygame.Surface) -> None:
    _felt.cache_clear()
    felt = Look().felt()
    table, fresh = Look().table_layer(object())
    assert fresh
    for layer in (felt, table):
        assert layer.get_size() == SCREEN_SIZE
        assert layer.get_pitch() % 16 != 0
    _felt.cache_clear()


def test_the_felt_is_its_tile_doubled(screen: pygame.Surface) -> None:
    """The felt scaled into its layer keeps the 2-pixel grid: every 2×2 block is one colour."""
    _felt.cache_clear()
    felt = _felt(SCREEN_SIZE)
    for x, y in ((0, 0), (100, 200), (640, 360), (1278, 718)):
        colours = {tuple(felt.get_at((x + dx, y + dy))) for dx in (0, 1) for dy in (0, 1)}
        assert len(colours) == 1
    assert felt.get_at((640, 360))[:3] != felt.get_at((0, 0))[:3]  # darker rims at the edge
    _felt.cache_clear()


def test_the_titles_first_frame_draws_faces_only_for_the_cards_on_the_screen(
    tmp_path: Path,
) -> None:
    ui = make_driver(None, tmp_path, animation="normal")
    title = ui.app.scenes.top
    assert isinstance(title, TitleScene)
    cards = ui.app.look.cards
    cards._faces.clear()
    cards._plain.clear()
    title.rain = [
        [5.0, 100.0, -CARD_H - 40.0, 0.0, 1.0],  # above the screen
        [6.0, 300.0, 200.0, 0.0, 1.0],  # on it
        [7.0, 500.0, -CARD_H + 10.0, 0.0, 1.0],  # its bottom edge shows
    ]
    title.draw(ui.app.screen)
    assert 5 not in cards._faces
    assert {6, 7} <= set(cards._faces)
    title.rain[0][2] = 0.0  # it comes in: its face is drawn then
    title.draw(ui.app.screen)
    assert 5 in cards._faces
    pygame.event.clear()
