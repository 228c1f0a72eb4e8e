"""Raw events posted to pygame's queue come back as the same intents from every device."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from scenes.core.devices import Closed, Devices, KeyDown, PadButton, Pointer, Typed
from scenes.core.input import InputMapper, Intent, Kind, intents


@pytest.fixture(autouse=True)
def _display() -> Iterator[None]:
    pygame.display.init()
    pygame.event.clear()
    yield
    pygame.event.clear()


def _through_queue(event: pygame.event.Event) -> list[Intent]:
    pygame.event.clear()
    assert pygame.event.post(event)
    mapper = InputMapper()
    return [i for e in pygame.event.get() for i in mapper.translate(e)]


def _key(key: int, mod: int = 0) -> list[Intent]:
    return _through_queue(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod))


@pytest.mark.parametrize("n", range(1, 8))
def test_number_keys_play_their_column(n: int) -> None:
    assert _key(getattr(pygame, f"K_{n}")) == [Intent(Kind.COLUMN, column=n)]
    assert _key(getattr(pygame, f"K_KP{n}")) == [Intent(Kind.COLUMN, column=n)]


@pytest.mark.parametrize(
    ("key", "kind"),
    [
        (pygame.K_SPACE, Kind.DRAW),
        (pygame.K_RETURN, Kind.CONFIRM),
        (pygame.K_KP_ENTER, Kind.CONFIRM),
        (pygame.K_ESCAPE, Kind.CANCEL),
        (pygame.K_LEFT, Kind.LEFT),
        (pygame.K_RIGHT, Kind.RIGHT),
        (pygame.K_UP, Kind.UP),
        (pygame.K_DOWN, Kind.DOWN),
        (pygame.K_u, Kind.UNDO),
        (pygame.K_n, Kind.NEW),
        (pygame.K_r, Kind.RESTART),
        (pygame.K_h, Kind.HINT),
        (pygame.K_F11, Kind.FULLSCREEN),
    ],
)
def test_keys_map_to_intents(key: int, kind: Kind) -> None:
    assert _key(key) == [Intent(kind)]


def test_the_three_undo_keys() -> None:
    assert _key(pygame.K_u) == [Intent(Kind.UNDO)]
    assert _key(pygame.K_z, pygame.KMOD_LCTRL) == [Intent(Kind.UNDO)]
    assert _key(pygame.K_BACKSPACE) == [Intent(Kind.UNDO, erase=True)]


def test_plain_z_and_other_keys_do_nothing() -> None:
    assert _key(pygame.K_z) == []
    assert _key(pygame.K_8) == []
    assert _key(pygame.K_n, pygame.KMOD_LCTRL) == []


def test_ctrl_v_pastes_and_alt_enter_goes_fullscreen() -> None:
    assert _key(pygame.K_v, pygame.KMOD_RCTRL) == [Intent(Kind.PASTE)]
    assert _key(pygame.K_RETURN, pygame.KMOD_LALT) == [Intent(Kind.FULLSCREEN)]


def test_left_click_carries_its_position() -> None:
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(40, 60), button=1)
    assert _through_queue(click) == [Intent(Kind.CLICK, pos=(40, 60))]
    release = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(41, 61), button=1)
    assert _through_queue(release) == [Intent(Kind.RELEASE, pos=(41, 61))]
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 6), rel=(1, 1), buttons=(0, 0, 0))
    assert _through_queue(motion) == [Intent(Kind.POINT, pos=(5, 6))]


def test_right_click_is_ignored() -> None:
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(40, 60), button=3)
    assert _through_queue(click) == []


def test_typed_text_arrives_as_text() -> None:
    assert _through_queue(pygame.event.Event(pygame.TEXTINPUT, text="g")) == [
        Intent(Kind.TEXT, text="g")
    ]


@pytest.mark.parametrize(
    ("button", "kind"),
    [
        (pygame.CONTROLLER_BUTTON_DPAD_LEFT, Kind.LEFT),
        (pygame.CONTROLLER_BUTTON_DPAD_RIGHT, Kind.RIGHT),
        (pygame.CONTROLLER_BUTTON_DPAD_UP, Kind.UP),
        (pygame.CONTROLLER_BUTTON_DPAD_DOWN, Kind.DOWN),
        (pygame.CONTROLLER_BUTTON_A, Kind.CONFIRM),
        (pygame.CONTROLLER_BUTTON_B, Kind.UNDO),
        (pygame.CONTROLLER_BUTTON_X, Kind.DRAW),
        (pygame.CONTROLLER_BUTTON_START, Kind.MENU),
    ],
)
def test_gamepad_buttons(button: int, kind: Kind) -> None:
    event = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button)
    assert _through_queue(event) == [Intent(kind)]


def test_plain_joystick_hat_and_buttons() -> None:
    hat = pygame.event.Event(pygame.JOYHATMOTION, instance_id=3, hat=0, value=(1, 0))
    assert _through_queue(hat) == [Intent(Kind.RIGHT)]
    centred = pygame.event.Event(pygame.JOYHATMOTION, instance_id=3, hat=0, value=(0, 0))
    assert _through_queue(centred) == []
    button = pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=3, button=0)
    assert _through_queue(button) == [Intent(Kind.CONFIRM)]


def test_window_close_quits() -> None:
    assert _through_queue(pygame.event.Event(pygame.QUIT)) == [Intent(Kind.QUIT)]


def test_the_device_layer_says_what_a_device_did_and_nothing_of_its_meaning() -> None:
    devices = Devices()
    assert devices.read(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0)) == KeyDown(
        pygame.K_u, 0
    )
    assert devices.read(pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 4))) == Pointer(
        "move", (3, 4)
    )
    assert devices.read(pygame.event.Event(pygame.TEXTINPUT, text="é")) == Typed("é")
    pad = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_B)
    joystick = pygame.event.Event(pygame.JOYBUTTONDOWN, button=1, instance_id=9)
    assert devices.read(pad) == devices.read(joystick) == PadButton("b")


def test_the_intent_layer_binds_each_device_event_to_the_same_vocabulary() -> None:
    assert intents(PadButton("b")) == intents(KeyDown(pygame.K_u)) == [Intent(Kind.UNDO)]
    assert intents(PadButton("start")) == [Intent(Kind.MENU)]
    assert intents(Pointer("press", (10, 20))) == [Intent(Kind.CLICK, pos=(10, 20))]
    assert intents(Typed("a")) == [Intent(Kind.TEXT, text="a")]
    assert intents(Closed()) == [Intent(Kind.QUIT)]
