"""Cards drawn in code and card sprites that tween toward their place."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from scenes.core.look import CARD_H, CARD_W, PALETTE, PIXEL, CardArt, Look, Type, chunky_panel
from scenes.core.sprites import CardSprite, ease_in_out_cubic, ease_out_back, ease_out_cubic


@pytest.fixture(scope="module")
def look() -> Iterator[Look]:
    pygame.display.init()
    pygame.font.init()
    yield Look()


def test_every_card_has_a_face_of_card_size(look: Look) -> None:
    for card in range(54):
        assert look.cards.face(card).get_size() == (CARD_W, CARD_H)
    assert look.cards.back().get_size() == (CARD_W, CARD_H)


def test_four_colour_deck_gives_each_suit_its_own_ink(look: Look) -> None:
    two = CardArt(Type(), "en", four_colour=False)
    four = CardArt(Type(), "en", four_colour=True)
    assert len({two.suit_colour(s) for s in range(4)}) == 2
    assert len({four.suit_colour(s) for s in range(4)}) == 4


def test_french_faces_differ_from_english_ones(look: Look) -> None:
    queen_of_hearts = 2 * 13 + 11
    en = CardArt(look.type, "en").face(queen_of_hearts)
    fr = CardArt(look.type, "fr").face(queen_of_hearts)
    assert pygame.image.tobytes(en, "RGBA") != pygame.image.tobytes(fr, "RGBA")


@pytest.mark.parametrize("ease", [ease_out_cubic, ease_in_out_cubic, ease_out_back])
def test_easings_start_at_zero_and_end_at_one(ease: object) -> None:
    assert callable(ease)
    assert ease(0.0) == pytest.approx(0.0)
    assert ease(1.0) == pytest.approx(1.0)


def test_a_sprite_glides_to_its_target_and_lands_once() -> None:
    sprite = CardSprite.at(5, 0, 0)
    sprite.move_to(100, 50, 0.2, lift=30)
    landings = 0
    xs = []
    for _ in range(30):
        landings += sprite.update(1 / 60)
        xs.append(sprite.pos.x)
    assert landings == 1
    assert sprite.pos == pygame.Vector2(100, 50)
    assert xs == sorted(xs)
    assert not sprite.moving


def test_a_delayed_sprite_waits_before_leaving() -> None:
    sprite = CardSprite.at(5, 0, 0)
    sprite.move_to(100, 0, 0.1, delay=0.1)
    sprite.update(0.05)
    assert sprite.pos.x == 0
    sprite.update(0.1)
    assert 0 < sprite.pos.x < 100


def test_finish_fast_forwards_a_flight() -> None:
    sprite = CardSprite.at(5, 0, 0, face_up=False)
    sprite.move_to(300, 200, 1.0, face_up=True)
    sprite.update(0.1)
    assert sprite.moving
    sprite.finish()
    assert sprite.pos == pygame.Vector2(300, 200)
    assert sprite.face_up
    assert not sprite.moving


def test_a_zero_duration_jumps(look: Look) -> None:
    sprite = CardSprite.at(5, 0, 0)
    sprite.move_to(10, 20, 0.0)
    assert sprite.pos == pygame.Vector2(10, 20)
    assert not sprite.moving


def test_a_flipping_card_is_drawn_narrower_half_way(look: Look) -> None:
    surface = pygame.Surface((400, 300))
    sprite = CardSprite.at(0, 100, 50, face_up=False)
    sprite.move_to(100, 50, 0.2, face_up=True)
    sprite.update(0.09)
    surface.fill((0, 0, 0))
    sprite.draw(surface, look.cards)
    assert surface.get_at((104, 120))[:3] == (0, 0, 0)  # the left edge has pulled in
    assert surface.get_at((100 + CARD_W // 2, 120))[:3] != (0, 0, 0)


@pytest.mark.parametrize("size", [(300, 200), (41, 37), (900, 560)])
def test_a_panel_lays_down_the_pixels_of_its_rounded_rectangles(
    look: Look, size: tuple[int, int]
) -> None:
    p = PALETTE
    for fill, edge in ((p.panel, p.panel_edge), ((200, 30, 40), (10, 200, 30))):
        drawn = pygame.Surface((1000, 640))
        drawn.fill((30, 120, 80))
        expected = drawn.copy()
        rect = pygame.Rect((17, 23), size)
        chunky_panel(drawn, rect, fill, edge)
        chunky_panel(drawn, rect.move(0, 0), fill, edge)  # drawn again: the same picture
        for r, colour, radius in (
            (rect.move(2 * PIXEL, 2 * PIXEL), p.ink, 8),
            (rect, p.ink, 8),
            (rect.inflate(-2 * PIXEL, -2 * PIXEL), edge, 6),
            (rect.inflate(-4 * PIXEL, -4 * PIXEL), fill, 4),
        ):
            pygame.draw.rect(expected, colour, r, border_radius=radius)
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(expected, "RGB")
