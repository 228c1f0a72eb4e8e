"""Redo on the solitaire table (Ctrl+Y, Ctrl+Shift+Z, the Redo button, the pad's right shoulder)
and a free card dragged onto the waste: played when the rules allow it, snapped back with the
refusal a click gives when they do not, snapped back quietly when dropped anywhere else.

The window runs its real loop on the dummy driver with events posted as SDL sends them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from golf.solitaire.engine import Action
from golf.solitaire.session import Game
from scenes.core.devices import OFF_SCREEN, Devices, PadButton, Pointer
from scenes.core.input import Intent, Kind, intents
from scenes.core.look import CARD_H, CARD_W, SCREEN_SIZE
from scenes.core.viewport import Viewport
from scenes.solitaire.drag import DRAG_START
from scenes.solitaire.game import GameScene
from scenes.solitaire.layout import WASTE_POS, layout, slot_rect
from scenes.solitaire.round import RoundGameScene
from tests.ui_driver import WIN_CODE, Driver, make_driver
from tests.window.test_ui_round import _open_round_setup_by_keys as open_round_setup

WASTE_CENTRE = (WASTE_POS[0] + CARD_W // 2, WASTE_POS[1] + CARD_H // 2)


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Driver]:
    yield make_driver(None, tmp_path)
    pygame.event.clear()


def _table(ui: Driver, animation: str = "off") -> GameScene:
    """The winning line's deal on the table (column 2's free card plays first)."""
    ui.app.change_settings(ui.app.settings.with_(animation=animation), save=False)
    ui.frames(2)
    ui.app.flow.start_game(Game.from_code(WIN_CODE))
    ui.settle()
    table = ui.top
    assert isinstance(table, GameScene)
    return table


def _post(kind: int, pos: tuple[int, int]) -> None:
    if kind == pygame.MOUSEMOTION:
        event = pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    else:
        event = pygame.event.Event(kind, pos=pos, button=1)
    pygame.event.post(event)


def _press(ui: Driver, pos: tuple[int, int]) -> None:
    _post(pygame.MOUSEMOTION, pos)
    _post(pygame.MOUSEBUTTONDOWN, pos)
    ui.frames()


def _move(ui: Driver, start: tuple[int, int], end: tuple[int, int], steps: int = 8) -> None:
    """The pressed pointer moved from ``start`` to ``end`` in ``steps`` motions, a frame each."""
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        _post(pygame.MOUSEMOTION, (x, y))
        ui.frames()


def _release(ui: Driver, pos: tuple[int, int]) -> None:
    _post(pygame.MOUSEBUTTONUP, pos)
    ui.frames()


def _drag(ui: Driver, start: tuple[int, int], end: tuple[int, int]) -> None:
    _press(ui, start)
    _move(ui, start, end)
    _release(ui, end)


def _refused_column(game: Game) -> int:
    """A column whose free card does not play on the waste now."""
    for column in range(1, 8):
        if game.refusal(Action.play(column)) is not None:
            return column
    raise AssertionError("every free card plays")


def _free_card(table: GameScene, column: int) -> tuple[int, tuple[int, int]]:
    """Column ``column``'s free card and the centre of where it lies."""
    return table.game.position.columns[column - 1][-1], slot_rect(
        table.game.position, column - 1
    ).center


# --- redo: keys, button, pad ------------------------------------------------------------------


def test_the_keys_and_the_pad_map_to_redo() -> None:
    ctrl, shift = pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT
    key = _key_intents
    assert key(pygame.K_y, ctrl) == [Intent(Kind.REDO)]
    assert key(pygame.K_z, ctrl | shift) == [Intent(Kind.REDO)]
    assert key(pygame.K_z, pygame.KMOD_LMETA | shift) == [Intent(Kind.REDO)]  # macOS's Cmd
    assert key(pygame.K_z, ctrl) == [Intent(Kind.UNDO)]
    assert key(pygame.K_y, 0) == []  # a plain Y is no command
    assert intents(PadButton("rb")) == [Intent(Kind.REDO)]
    devices = Devices()
    shoulder = pygame.event.Event(
        pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, instance_id=0
    )
    assert devices.read(shoulder) == PadButton("rb")
    joystick = pygame.event.Event(pygame.JOYBUTTONDOWN, button=5, instance_id=99)
    assert devices.read(joystick) == PadButton("rb")


def _key_intents(key: int, mod: int) -> list[Intent]:
    from scenes.core.devices import KeyDown

    return intents(KeyDown(key, mod))


def test_ctrl_y_and_ctrl_shift_z_redo_what_undo_took_back(ui: Driver) -> None:
    table = _table(ui)
    ui.key(pygame.K_2, text="2")
    played = table.game.position
    ui.key(pygame.K_u, text="u")
    assert table.game.position == table.game.start and table.game.moves == 1
    ui.key(pygame.K_y, mod=pygame.KMOD_LCTRL)
    assert table.game.position == played and table.game.moves == 2
    ui.key(pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert table.game.position == table.game.start and table.game.moves == 2
    ui.key(pygame.K_z, mod=pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    assert table.game.position == played and table.game.moves == 3
    assert [str(a) for a in table.game.log] == ["play 2", "undo", "redo", "undo", "redo"]


def test_the_redo_button_sits_beside_undo_and_is_lit_only_with_something_to_redo(
    ui: Driver,
) -> None:
    table = _table(ui)
    keys = [b.key for b in table.buttons]
    assert keys[:2] == ["button.undo", "button.redo"]
    redo = table.buttons[1]
    assert redo.hint == "CTRL+Y"
    screen = pygame.Rect((0, 0), SCREEN_SIZE)
    assert all(screen.contains(b.rect) for b in table.buttons)
    assert all(
        a.rect.right < b.rect.left for a, b in zip(table.buttons, table.buttons[1:], strict=False)
    )
    assert not redo.enabled
    ui.key(pygame.K_2, text="2")
    ui.key(pygame.K_u, text="u")
    assert redo.enabled
    ui.click(redo.rect.center)
    assert str(table.game.log[-1]) == "redo" and table.game.moves == 2
    ui.frames()
    assert not redo.enabled


def test_the_pad_s_right_shoulder_redoes(ui: Driver) -> None:
    table = _table(ui)
    ui.key(pygame.K_2, text="2")
    ui.pad(pygame.CONTROLLER_BUTTON_B)  # undo
    assert table.game.position == table.game.start
    ui.pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    assert [str(a) for a in table.game.log] == ["play 2", "undo", "redo"]


@pytest.mark.parametrize(("lang", "said"), [("en", "Nothing to redo"), ("fr", "Rien à rétablir")])
def test_nothing_to_redo_is_said_like_nothing_to_undo(tmp_path: Path, lang: str, said: str) -> None:
    ui = make_driver(None, tmp_path, lang=lang)
    table = _table(ui)
    ui.key(pygame.K_y, mod=pygame.KMOD_LCTRL)
    assert [t.text for t in table.toasts] == [said]
    assert table.game.log == []
    pygame.event.clear()


def test_no_redo_once_a_round_s_hole_is_over(ui: Driver) -> None:
    open_round_setup(ui).start()
    ui.settle()
    table = ui.table
    assert isinstance(table, RoundGameScene)
    redo = next(b for b in table.buttons if b.key == "button.redo")
    ui.act(table.game.legal_actions()[0])
    ui.key(pygame.K_u, text="u")
    ui.frames()
    assert redo.enabled  # in play: the hole's undo and redo work
    ui.key(pygame.K_y, mod=pygame.KMOD_LCTRL)
    assert table.game.moves == 2
    game = table.game
    while not game.over:
        ui.act(game.legal_actions()[0])
    ui.frames()
    before = (game.position, len(game.log))
    assert not redo.enabled
    toasts = list(table.toasts)
    ui.key(pygame.K_y, mod=pygame.KMOD_LCTRL)
    assert (game.position, len(game.log)) == before
    assert table.toasts == toasts  # not even "Nothing to redo": the hole's strokes stand


# --- drag and drop ------------------------------------------------------------------------------


def test_a_card_dragged_onto_the_waste_is_played(ui: Driver) -> None:
    table = _table(ui, animation="normal")
    card, start = _free_card(table, 2)
    sprite = table.sprites[card]
    _press(ui, start)
    assert not sprite.held and table.game.log == []  # a press alone does nothing yet
    middle = ((start[0] + WASTE_CENTRE[0]) // 2, (start[1] + WASTE_CENTRE[1]) // 2)
    _move(ui, start, middle)
    assert sprite.held and sprite.rect.collidepoint(middle)  # the card follows the pointer
    assert card in {c for c, s in table.sprites.items() if s.moving}  # drawn over the table
    _move(ui, middle, WASTE_CENTRE)
    _release(ui, WASTE_CENTRE)
    assert table.game.log == [Action.play(2)] and table.toasts == []
    assert not sprite.held
    ui.settle()
    place = layout(table.game.position)[card]
    assert (sprite.pos.x, sprite.pos.y, sprite.z) == (place.x, place.y, place.z)


def test_a_card_the_rules_refuse_snaps_back_with_the_click_s_refusal(ui: Driver) -> None:
    table = _table(ui, animation="normal")
    column = _refused_column(table.game)
    card, start = _free_card(table, column)
    home = layout(table.game.position)[card]
    said = table.game.refusal(Action.play(column))
    assert said is not None
    _drag(ui, start, WASTE_CENTRE)
    sprite = table.sprites[card]
    assert table.game.log == [] and table.game.moves == 0
    assert [t.text for t in table.toasts] == [table.app.texts(f"refusal.solitaire.{said.value}")]
    assert table.shake is not None and table.shake[0] == card
    assert sprite.moving and (sprite.target.x, sprite.target.y) == (home.x, home.y)  # animated
    ui.settle()
    assert (sprite.pos.x, sprite.pos.y, sprite.z) == (home.x, home.y, home.z)
    # the same message as a click on that card
    table.toasts.clear()
    ui.click(start)
    assert [t.text for t in table.toasts] == [table.app.texts(f"refusal.solitaire.{said.value}")]


def test_a_card_dropped_elsewhere_snaps_back_without_a_word(ui: Driver) -> None:
    table = _table(ui, animation="normal")
    card, start = _free_card(table, 2)  # a card that would play
    home = layout(table.game.position)[card]
    _drag(ui, start, (start[0] + 200, start[1] + 40))
    sprite = table.sprites[card]
    assert table.game.log == [] and table.toasts == [] and table.shake is None
    assert sprite.moving and (sprite.target.x, sprite.target.y) == (home.x, home.y)
    ui.settle()
    assert (sprite.pos.x, sprite.pos.y, sprite.z) == (home.x, home.y, home.z)


def test_a_card_let_go_over_the_bars_drops_nowhere(ui: Driver) -> None:
    table = _table(ui)
    card, start = _free_card(table, 2)
    _press(ui, start)
    _move(ui, start, WASTE_CENTRE)
    table.handle(Intent(Kind.POINT, pos=OFF_SCREEN))  # over the bars: the card stays put
    assert table.sprites[card].rect.collidepoint(WASTE_CENTRE)
    table.handle(Intent(Kind.RELEASE, pos=OFF_SCREEN))
    assert table.game.log == [] and not table.sprites[card].held
    bars = Devices(Viewport((1000, 700)).to_logical)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(500, 10), button=1)
    assert bars.read(up) == Pointer("release", OFF_SCREEN)


def test_a_click_without_moving_plays_as_before(ui: Driver) -> None:
    table = _table(ui)
    _card, start = _free_card(table, 2)
    _press(ui, start)
    _move(ui, start, (start[0] + DRAG_START - 1, start[1]), steps=2)  # a hand's tremble
    _release(ui, (start[0] + DRAG_START - 1, start[1]))
    assert table.game.log == [Action.play(2)]


def test_another_input_during_a_drag_lets_go_of_the_card_first(ui: Driver) -> None:
    table = _table(ui)
    card, start = _free_card(table, 2)
    _press(ui, start)
    _move(ui, start, (start[0], start[1] + 120))
    ui.key(pygame.K_SPACE, text=" ")  # a draw while the card is in the hand
    assert [str(a) for a in table.game.log] == ["draw"]
    sprite = table.sprites[card]
    home = layout(table.game.position)[card]
    assert not sprite.held and (sprite.pos.x, sprite.pos.y) == (home.x, home.y)
    _release(ui, (start[0], start[1] + 120))  # the release that follows does nothing
    assert [str(a) for a in table.game.log] == ["draw"]


def test_a_drag_at_another_window_size_maps_the_pointer(tmp_path: Path) -> None:
    from tests.window.test_ui_window_size import _frames, _table, _window

    app, loop = _window((1366, 768), tmp_path)
    _frames(loop, 3)
    table = _table(app)
    assert app.presenter is not None
    to_window = app.presenter.viewport.to_window
    start = slot_rect(table.game.position, 1).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=to_window(start), button=1))
    _frames(loop)
    for i in range(1, 6):
        x = start[0] + (WASTE_CENTRE[0] - start[0]) * i // 5
        y = start[1] + (WASTE_CENTRE[1] - start[1]) * i // 5
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=to_window((x, y)), rel=(0, 0), buttons=(1, 0, 0)
            )
        )
        _frames(loop)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to_window(WASTE_CENTRE), button=1)
    )
    _frames(loop)
    assert table.game.log == [Action.play(2)]


def test_a_redo_is_said_aloud_like_an_undo(ui: Driver) -> None:
    from scenes.core.speech import RecordingVoice, Speech

    voice = RecordingVoice()
    ui.app.speech = Speech(lambda: voice)
    ui.app.change_settings(ui.app.settings.with_(speak=True), save=False)
    _table(ui)
    ui.key(pygame.K_2, text="2")
    ui.key(pygame.K_u, text="u")
    assert voice.texts[-1].startswith("Undone: ")
    ui.key(pygame.K_y, mod=pygame.KMOD_LCTRL)
    assert (
        voice.texts[-1].startswith("Redone: ") and "from column 2 onto the waste" in voice.texts[-1]
    )
    ui.key(pygame.K_y, mod=pygame.KMOD_LCTRL)
    assert voice.texts[-1] == "Nothing to redo."
