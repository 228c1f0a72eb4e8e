"""The table's partial redraw shows exactly what a full redraw shows, pixel for pixel.

The game scene keeps the resting table in a layer it repaints by dirty rectangles (leaving out
cards exactly covered by another), the HUD and the buttons as pictures redrawn when they change,
and a card's shadow as the rim its card leaves uncovered. Each frame of real play (the deal,
moves at a brisk pace with flights overlapping, undos, a restart, a new deal, the win and its
fountain) is compared with the same scene drawn from nothing: the layer painted whole, every card in
flight drawn, the HUD and the buttons drawn directly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from golf.solitaire.session import Game
from scenes.core import widgets
from scenes.core.look import BACK, CARD_H, CARD_W, PALETTE, SCREEN_SIZE, SHADOW_OFFSET
from scenes.core.sprites import CardSprite
from scenes.core.widgets import Button, draw_button
from scenes.solitaire.layout import STOCK_POS, WASTE_POS
from scenes.solitaire.table import TableScene as GameScene
from tests.ui_driver import WIN_CODE, WIN_LINE, Driver, make_driver, token_key

FRAME = 1 / 60


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Driver]:
    yield make_driver(None, tmp_path, animation="normal")
    pygame.event.clear()


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _direct_button(
    self: Button, surface: pygame.Surface, look: object, texts: object, focused: bool = False
) -> None:
    """Button.draw as it was before pictures: every shape and text drawn on the target."""
    from scenes.core.look import Look

    assert isinstance(look, Look)
    draw_button(
        surface,
        look,
        self.rect,
        self.label(texts),  # type: ignore[arg-type]
        style=self.style,
        hover=self.hover,
        pressed=self.pressed > 0,
        focused=focused,
        enabled=self.enabled,
        size=self.size,
        hint=self.hint,
    )


def _every_card(scene: GameScene) -> Callable[[frozenset[int], int | None], list[CardSprite]]:
    """TableView._in_flight without leaving out covered cards: all of them, lowest first."""

    def every(moving: frozenset[int], _shake: int | None) -> list[CardSprite]:
        return sorted((scene.sprites[c] for c in moving), key=lambda s: s.z)

    return every


class Checker:
    """Compares the frame the window shows with the same scenes drawn from nothing."""

    def __init__(self, ui: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
        self.ui = ui
        self.monkeypatch = monkeypatch
        self.shown = pygame.Surface(SCREEN_SIZE)
        self.fresh = pygame.Surface(SCREEN_SIZE)
        self.compared = 0
        self.partial = 0  # frames whose layer was brought up to date by dirty rectangles

    def frame(self, events: list[pygame.event.Event] | None = None) -> None:
        """One frame of the real loop, then the comparison."""
        ui = self.ui
        table = ui.table if any(isinstance(s, GameScene) for s in ui.app.scenes.stack) else None
        key_before = table.view._static_key if table is not None else None
        ui.loop.step(events or [], FRAME)
        if table is not None and table.view._static_key == key_before:
            self.partial += 1
        self.check()

    def check(self) -> None:
        scenes = self.ui.app.scenes
        scenes.draw(self.shown)  # the incremental state, as the next frame would show it
        with self.monkeypatch.context() as patch:
            for scene in scenes.stack:
                if isinstance(scene, GameScene):
                    scene.view._static_key = ()  # the layer painted whole again
                    patch.setattr(scene.view, "_blit_hud", scene.view._draw_hud)
                    patch.setattr(scene.view, "_in_flight", _every_card(scene))
            patch.setattr(Button, "draw", _direct_button)
            scenes.draw(self.fresh)
        shown, fresh = _pixels(self.shown), _pixels(self.fresh)
        if shown != fresh:
            differ = sum(
                1
                for x in range(0, SCREEN_SIZE[0], 2)
                for y in range(0, SCREEN_SIZE[1], 2)
                if self.shown.get_at((x, y)) != self.fresh.get_at((x, y))
            )
            raise AssertionError(f"frame {self.compared}: {differ} sampled pixels differ")
        self.compared += 1

    def key(self, key: int, text: str = "") -> None:
        self.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0)])

    def run(self, frames: int) -> None:
        for _ in range(frames):
            self.frame()


def test_partial_redraw_equals_full_redraw_through_a_whole_game(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    check = Checker(ui, monkeypatch)
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    check.run(14)  # the fade and the deal under way
    table = ui.table
    assert table.animating
    check.run(30)
    # brisk play: a move every third frame, so that flights overlap and the waste fan shifts
    line = list(WIN_LINE)
    for i, token in enumerate(line[:20]):
        check.key(*token_key(token))
        check.run(2)
        if i in (5, 12):  # undo mid-flight, then play the move again
            check.key(pygame.K_u, "u")
            check.run(1)
            check.key(token_key(token)[0], token)
            check.run(2)
    check.run(30)
    # the cursor lights a column badge; a refused play shakes its card
    check.key(pygame.K_RIGHT)
    check.key(pygame.K_RIGHT)
    check.key(pygame.K_LEFT)
    check.run(3)
    moves = table.game.moves
    check.key(pygame.K_7, "7")
    check.run(20)
    if table.game.moves != moves:  # played after all: take it back to stay on the line
        check.key(pygame.K_u, "u")
        check.run(20)
    # a click on the undo button: its pressed look
    undo = table.buttons[0]
    check.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=undo.rect.center, button=1)])
    check.run(20)
    check.key(token_key(line[19])[0])
    check.run(20)
    for token in line[20:]:
        check.key(*token_key(token))
        check.run(2)
    assert table.game.status == "won"
    for _ in range(200):  # the celebration: the waste bursts up with confetti
        check.frame()
        if table.confetti:
            break
    assert table.confetti
    check.run(40)
    assert check.partial > check.compared // 2  # most frames were partial redraws


def test_restart_and_new_deal_draw_like_a_fresh_table(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    check = Checker(ui, monkeypatch)
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    check.run(60)
    for token in WIN_LINE[:6]:
        check.key(token_key(token)[0])
        check.run(3)
    first = ui.table
    check.key(pygame.K_r, "r")  # restart: the same deal, dealt again on the shared layer
    check.run(40)
    assert ui.table is not first and ui.table.game.moves == 0
    check.key(pygame.K_n, "n")  # a new deal
    check.run(40)
    assert ui.table.game.code != first.game.code


def test_the_resting_layer_equals_every_resting_card_drawn_in_order(ui: Driver) -> None:
    """No card is wrongly left out as covered: the layer against a plain painter's drawing."""
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    for token in WIN_LINE[:30]:
        ui.play_line([token])
        ui.frames(3)
        table = ui.table
        moving = frozenset(c for c, s in table.sprites.items() if s.moving)
        assert table.view._static is not None
        plain = pygame.Surface(SCREEN_SIZE).convert()
        plain.blit(ui.app.look.felt(), (0, 0))
        for _bounds, paint, _tag in table.view._decorations():
            paint(plain)
        resting = [s for c, s in table.sprites.items() if c not in moving]
        for sprite in sorted(resting, key=lambda s: s.z):
            sprite.draw(plain, ui.app.look.cards)
        assert _pixels(plain) == _pixels(table.view._static)


def test_every_card_picture_has_the_same_shape(ui: Driver) -> None:
    """What leaving out covered cards and the shadow's rim rely on."""
    art = ui.app.look.cards
    shape = pygame.mask.from_surface(art.back())
    assert shape.count() > CARD_W * CARD_H * 0.9
    for card in range(54):
        face = pygame.mask.from_surface(art.face(card))
        assert face.overlap_area(shape, (0, 0)) == shape.count() == face.count()


def test_the_shadow_rim_and_its_card_equal_the_whole_shadow_and_its_card(ui: Driver) -> None:
    art = ui.app.look.cards
    whole = pygame.Surface((CARD_W, CARD_H), pygame.SRCALPHA)
    pygame.draw.rect(whole, (0, 0, 0, 60), whole.get_rect(), border_radius=8)
    whole = whole.convert_alpha()
    before = pygame.Surface(SCREEN_SIZE).convert()
    after = pygame.Surface(SCREEN_SIZE).convert()
    for target in (before, after):
        target.blit(ui.app.look.felt(), (0, 0))
        for i in range(20):  # cards already on the table, under the shadows
            target.blit(art.face(i), (60 * i, 100 + 20 * (i % 3)))
    dx, dy = SHADOW_OFFSET
    for i in range(20):
        card = art.face((7 * i) % 54) if i % 4 else art.back()
        x, y = 55 * i + 3, 90 + 17 * (i % 5)
        before.blit(whole, (x + dx, y + dy))
        before.blit(card, (x, y))
        after.blit(art.shadow(), (x + dx, y + dy))
        after.blit(card, (x, y))
    assert _pixels(before) == _pixels(after)


def test_button_pictures_are_shared_and_keyed_by_state(ui: Driver) -> None:
    look, texts = ui.app.look, ui.app.texts
    button = Button(pygame.Rect(101, 201, 168, 52), "button.undo", lambda: None, hint="U")
    drawn = pygame.Surface(SCREEN_SIZE).convert()
    direct = pygame.Surface(SCREEN_SIZE).convert()
    for hover, pressed, focused, enabled in [
        (False, 0.0, False, True),
        (True, 0.0, False, True),
        (True, 0.1, False, True),
        (False, 0.0, True, True),
        (False, 0.0, False, False),
    ]:
        button.hover, button.pressed, button.enabled = hover, pressed, enabled
        for target in (drawn, direct):
            target.blit(look.felt(), (0, 0))
        button.draw(drawn, look, texts, focused=focused)
        _direct_button(button, direct, look, texts, focused=focused)
        assert _pixels(drawn) == _pixels(direct)
    assert len(widgets._PICTURES) >= 5


def test_the_screen_and_the_layer_pictures_of_a_card_are_apart_and_alike(ui: Driver) -> None:
    """Each picture has an encoded surface for the screen, another for the layer and a plain
    one for flips (SDL encodes a surface again whenever its target changes or it is scaled);
    all lay down the same pixels."""
    art = ui.app.look.cards
    felt = ui.app.look.felt()
    for card in [*range(54), BACK]:
        shown = art.back() if card == BACK else art.face(card)
        plain = art.plain(card)
        resting = art.resting(card)
        assert len({id(shown), id(plain), id(resting)}) == 3
        assert shown.get_flags() & pygame.RLEACCELOK
        assert resting.get_flags() & pygame.RLEACCELOK
        assert plain.get_flags() & pygame.RLEACCELOK == 0
        drawn = []
        for picture in (shown, plain, resting):
            target = pygame.Surface(SCREEN_SIZE).convert()
            target.blit(felt, (0, 0))
            target.blit(picture, (10, 12))
            drawn.append(_pixels(target))
        assert drawn[0] == drawn[1] == drawn[2]


def test_faces_are_drawn_ahead_the_dealt_cards_first(ui: Driver) -> None:
    """A couple of faces a frame, the cards dealt face up before the others: when a key lands
    the deal (about 20 frames in), every dealt face is drawn already."""
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    while not any(isinstance(scene, GameScene) for scene in ui.app.scenes.stack):
        ui.frames(1)  # the fade to the table
    ui.app.look.restyle("fr", False)  # a fresh set of card pictures, none drawn yet
    art = ui.app.look.cards
    dealt = set(ui.table._dealt)
    assert len(dealt) == 36 and not art._faces
    for _ in range(19):
        before = set(art._faces)
        ui.frames(1)
        new = art._faces.keys() - before
        assert new, "a frame without a face drawn ahead"
        if not dealt <= before:
            assert new <= dealt
    assert dealt <= art._faces.keys()


def test_a_card_in_flight_passes_over_the_waste_label(ui: Driver) -> None:
    """The labels on the felt lie under the cards in the air (the win's cascade flies over
    "Waste"), not over them."""
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    table = ui.table
    look, texts = ui.app.look, ui.app.texts
    label = look.type.render(texts("game.waste"), 8, PALETTE.label)
    place = label.get_rect(midtop=(WASTE_POS[0] + CARD_W // 2, STOCK_POS[1] + CARD_H + 10))
    screen = pygame.display.get_surface()

    def label_ink() -> int:
        table.draw(screen)
        area = screen.subsurface(place)
        ink = PALETTE.label
        return sum(
            area.get_at((x, y))[:3] == ink
            for x in range(area.get_width())
            for y in range(area.get_height())
        )

    assert label_ink() > 0
    card = table.game.position.columns[0][-1]
    sprite = table.sprites[card]
    sprite.move_to(0, 0, 10.0)  # a long flight, caught over the label
    sprite.pos = pygame.Vector2(place.centerx - CARD_W // 2, place.centery - CARD_H // 2)
    assert label_ink() == 0
