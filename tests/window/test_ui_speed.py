"""What keeps the window's frames and its start-up cheap, checked as behaviour: the screen-sized
layers SDL copies with ``memcpy``, the title's first frame drawing only what it shows, a table
laying its resting layer on the screen only where the last frame changed it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from golf.solitaire.session import Game
from scenes.core.look import CARD_H, SCREEN_SIZE, Look, _felt, opaque_layer
from scenes.core.manager import SceneManager
from scenes.solitaire.dialogs import GameOverScene
from scenes.solitaire.view import TableView as GameScene
from scenes.title import TitleScene
from tests.ui_driver import WIN_CODE, WIN_LINE, Driver, make_driver, token_key


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


class ScreenChecker:
    """Runs frames of the real loop and compares each frame on the window's screen, as it is
    drawn, with the same scenes drawn whole on another surface (a table draws a picture of
    itself whole)."""

    def __init__(self, ui: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
        self.ui = ui
        self.fresh = pygame.Surface(SCREEN_SIZE)
        self.frames = 0
        self.kept = 0  # frames whose table was laid only where it changed
        lay = GameScene._lay_table
        draw = SceneManager.draw

        def counted(
            scene: GameScene, surface: pygame.Surface, static: pygame.Surface
        ) -> list[pygame.Rect] | None:
            partial = lay(scene, surface, static)
            self.kept += partial is not None
            return partial

        def compared(scenes: SceneManager, surface: pygame.Surface) -> None:
            draw(scenes, surface)
            if surface is ui.app.screen:
                draw(scenes, self.fresh)
                shown = pygame.image.tobytes(surface, "RGB")
                if shown != pygame.image.tobytes(self.fresh, "RGB"):
                    raise AssertionError(f"frame {self.frames} differs from the scenes drawn whole")
                self.frames += 1

        monkeypatch.setattr(GameScene, "_lay_table", counted)
        monkeypatch.setattr(SceneManager, "draw", compared)

    def frame(self, events: list[pygame.event.Event] | None = None) -> None:
        self.ui.loop.step(events or [], 1 / 60)

    def key(self, key: int, text: str = "") -> None:
        self.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0)])

    def run(self, frames: int) -> None:
        for _ in range(frames):
            self.frame()


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Driver]:
    yield make_driver(None, tmp_path, animation="normal")
    pygame.event.clear()


def test_a_table_redrawn_where_it_changed_shows_what_a_whole_redraw_shows(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A whole game at a brisk pace, with the cursor, a hint, a refused play that shakes and
    says so, an undo by the button, the win and its fountain and confetti: every frame on the
    screen equals the scenes drawn whole, and most frames laid the table only where it changed."""
    check = ScreenChecker(ui, monkeypatch)
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    check.run(50)  # the fade (frames drawn whole) and the deal
    table = ui.table
    line = list(WIN_LINE)
    for i, token in enumerate(line[:20]):
        check.key(*token_key(token))
        check.run(2)
        if i == 6:  # undo mid-flight, then the move again
            check.key(pygame.K_u, "u")
            check.run(1)
            check.key(token_key(token)[0], token)
            check.run(2)
    check.run(30)
    check.key(pygame.K_RIGHT)  # the cursor and its arrow
    check.key(pygame.K_RIGHT)
    check.run(40)  # it blinks
    check.key(pygame.K_LEFT)
    check.key(pygame.K_h, "h")  # a hint frames a place (or says there is none)
    check.run(60)
    moves = table.game.moves
    check.key(pygame.K_7, "7")  # refused: the card shakes, a message pops up and fades
    check.run(30)
    if table.game.moves != moves:
        check.key(pygame.K_u, "u")
        check.run(20)
    undo = table.buttons[0]
    check.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=undo.rect.center, rel=(0, 0))])
    check.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=undo.rect.center, button=1)])
    check.run(20)
    check.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 300), rel=(0, 0))])
    token = line[19]
    check.key(token_key(token)[0])
    check.run(20)
    for token in line[20:]:
        check.key(*token_key(token))
        check.run(2)
    assert table.game.status == "won"
    for _ in range(200):
        check.frame()
        if table.confetti:
            break
    assert table.confetti
    for _ in range(400):  # the fountain, its confetti falling off, the result's dialog
        check.frame()
        if isinstance(ui.app.scenes.top, GameOverScene):
            break
    assert isinstance(ui.app.scenes.top, GameOverScene)
    check.run(10)
    assert check.kept > check.frames * 0.6


def test_a_fade_an_overlay_or_a_window_event_draw_the_table_whole_next(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    check = ScreenChecker(ui, monkeypatch)
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    check.run(60)
    table = ui.table
    scenes = ui.app.scenes

    def kept_next() -> bool:
        before = check.kept
        check.frame()
        return check.kept > before

    assert kept_next()
    ui.app.screen.fill((255, 0, 0))  # the window lost its pixels (shown again, resized)
    check.frame([pygame.event.Event(pygame.WINDOWEXPOSED)])  # compared: drawn whole
    assert kept_next()
    check.key(pygame.K_ESCAPE)  # the pause menu over the table
    check.run(20)
    assert scenes.top is not table
    check.key(pygame.K_ESCAPE)
    for _ in range(30):  # back to the table: its first frame alone is whole
        check.frame()
        if scenes.top is table and not scenes.busy:
            break
    assert scenes.top is table
    assert kept_next()
    drawn_by_hand = pygame.Surface(SCREEN_SIZE)
    table.draw(drawn_by_hand)  # a picture of the table elsewhere leaves the screen's own alone
    assert kept_next()


def test_warming_encodes_the_faces_for_the_layer_and_draws_nothing(
    screen: pygame.Surface,
) -> None:
    look = Look()
    screen.fill((1, 2, 3))
    layer, _fresh = look.table_layer(object())
    layer.fill((4, 5, 6))
    before = (pygame.image.tobytes(screen, "RGB"), pygame.image.tobytes(layer, "RGB"))
    art = look.cards
    look.warm(2, (30, 7, 12))
    assert set(art._faces) == {30, 7}
    for card in (30, 7):  # encoded by SDL, as a first blit on the layer would
        assert art.resting(card).get_flags() & pygame.RLEACCEL
    assert not art.resting(12).get_flags() & pygame.RLEACCEL  # not warmed: not encoded yet
    assert (pygame.image.tobytes(screen, "RGB"), pygame.image.tobytes(layer, "RGB")) == before
    look.warm(3)
    assert set(art._faces) == {0, 1, 2, 7, 30}


def test_six_card_pictures_are_scaled_from_the_plain_art(
    screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Scaling locks its source: an encoded one is decoded and encoded again (some 80 µs a
    card, each frame a six-card card flies). The plain copy is scaled; the pixels are alike."""
    from scenes.core.look import BACK
    from scenes.sixcard.art import CardImages

    art = Look().cards
    images = CardImages()
    images.use(art)
    scale = pygame.transform.scale
    sources: list[pygame.Surface] = []

    def spy(source: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        sources.append(source)
        return scale(source, size)

    monkeypatch.setattr(pygame.transform, "scale", spy)
    for card in (0, 25, 51):
        shown = art.face(card)
        for size in ((56, 78), (84, 117)):
            scaled = images.face(card, size, keep=False)
            assert sources[-1] is art.plain(card)
            expected = scale(shown, size)  # as scaled from the screen's copy before
            assert pygame.image.tobytes(scaled, "RGB") == pygame.image.tobytes(expected, "RGB")
            assert scaled.get_colorkey() == shown.get_colorkey()
    images.back((84, 117), keep=False)
    assert sources[-1] is art.plain(BACK)
    assert images.face(7, art.face(7).get_size()) is art.face(7)  # full size: the screen copy
    assert images.back(art.back().get_size()) is art.back()
