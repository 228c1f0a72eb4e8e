"""Raw pygame events become intents here, and only here.

Keyboard, mouse and gamepad all reach the same small vocabulary (:class:`Kind`); a scene turns an
intent into a game action or a menu move. Everything is read from the event's own attributes, never
by polling the keyboard or mouse state, so tests can post events and get the same behaviour.
"""

from __future__ import annotations

import enum
import logging
from dataclasses import dataclass

import pygame
from pygame._sdl2 import controller

__all__ = ["InputMapper", "Intent", "Kind"]

log = logging.getLogger(__name__)


class Kind(enum.Enum):
    """What the player asks for, whatever the device."""

    CONFIRM = "confirm"
    CANCEL = "cancel"
    MENU = "menu"
    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"
    DRAW = "draw"
    UNDO = "undo"
    NEW = "new"
    RESTART = "restart"
    COLUMN = "column"
    HINT = "hint"
    FULLSCREEN = "fullscreen"
    CLICK = "click"
    RELEASE = "release"
    POINT = "point"
    TEXT = "text"
    PASTE = "paste"
    QUIT = "quit"
    FIRST = "first"  # Home: to the start (watching a replay, long lists)
    LAST = "last"  # End: to the end


@dataclass(frozen=True)
class Intent:
    """One request from the player.

    ``column`` is 1..7 for COLUMN; ``pos`` is the logical position for CLICK, RELEASE and POINT;
    ``text`` is the typed text for TEXT; ``erase`` marks an UNDO that came from Backspace, which a
    text field reads as "delete a character" instead.
    """

    kind: Kind
    column: int | None = None
    pos: tuple[int, int] | None = None
    text: str = ""
    erase: bool = False


_KEYS: dict[int, Kind] = {
    pygame.K_RETURN: Kind.CONFIRM,
    pygame.K_KP_ENTER: Kind.CONFIRM,
    pygame.K_SPACE: Kind.DRAW,
    pygame.K_ESCAPE: Kind.CANCEL,
    pygame.K_LEFT: Kind.LEFT,
    pygame.K_RIGHT: Kind.RIGHT,
    pygame.K_UP: Kind.UP,
    pygame.K_DOWN: Kind.DOWN,
    pygame.K_u: Kind.UNDO,
    pygame.K_n: Kind.NEW,
    pygame.K_r: Kind.RESTART,
    pygame.K_h: Kind.HINT,
    pygame.K_F11: Kind.FULLSCREEN,
    pygame.K_HOME: Kind.FIRST,
    pygame.K_END: Kind.LAST,
}

_COLUMN_KEYS: dict[int, int] = {
    **{getattr(pygame, f"K_{n}"): n for n in range(1, 8)},
    **{getattr(pygame, f"K_KP{n}"): n for n in range(1, 8)},
}

_PAD_BUTTONS: dict[int, Kind] = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: Kind.UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: Kind.DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: Kind.LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: Kind.RIGHT,
    pygame.CONTROLLER_BUTTON_A: Kind.CONFIRM,
    pygame.CONTROLLER_BUTTON_B: Kind.UNDO,
    pygame.CONTROLLER_BUTTON_START: Kind.MENU,
    pygame.CONTROLLER_BUTTON_Y: Kind.HINT,
}

# Plain joysticks without a controller mapping: the usual XInput-like button numbers.
_JOY_BUTTONS: dict[int, Kind] = {0: Kind.CONFIRM, 1: Kind.UNDO, 3: Kind.HINT, 7: Kind.MENU}

_HAT: dict[tuple[int, int], Kind] = {
    (-1, 0): Kind.LEFT,
    (1, 0): Kind.RIGHT,
    (0, 1): Kind.UP,
    (0, -1): Kind.DOWN,
}


def _pos(event: pygame.event.Event) -> tuple[int, int]:
    x, y = event.pos
    return int(x), int(y)


class InputMapper:
    """Turns one pygame event into intents and keeps track of plugged-in gamepads."""

    def __init__(self) -> None:
        self._controllers: dict[int, object] = {}  # instance id -> opened device
        self._joysticks: dict[int, pygame.joystick.JoystickType] = {}

    def translate(self, event: pygame.event.Event) -> list[Intent]:
        """The intents one event stands for (often none)."""
        etype = event.type
        if etype == pygame.QUIT:
            return [Intent(Kind.QUIT)]
        if etype == pygame.KEYDOWN:
            return self._key(event)
        if etype == pygame.TEXTINPUT:
            text = str(getattr(event, "text", ""))
            return [Intent(Kind.TEXT, text=text)] if text else []
        if etype == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            return [Intent(Kind.CLICK, pos=_pos(event))]
        if etype == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            return [Intent(Kind.RELEASE, pos=_pos(event))]
        if etype == pygame.MOUSEMOTION:
            return [Intent(Kind.POINT, pos=_pos(event))]
        if etype == pygame.CONTROLLERDEVICEADDED:
            self._open_controller(int(event.device_index))
            return []
        if etype == pygame.CONTROLLERDEVICEREMOVED:
            self._controllers.pop(int(getattr(event, "instance_id", -1)), None)
            return []
        if etype == pygame.CONTROLLERBUTTONDOWN:
            kind = _PAD_BUTTONS.get(int(event.button))
            return [Intent(kind)] if kind else []
        if etype == pygame.JOYDEVICEADDED:
            self._open_joystick(int(event.device_index))
            return []
        if etype == pygame.JOYDEVICEREMOVED:
            self._joysticks.pop(int(getattr(event, "instance_id", -1)), None)
            return []
        if etype in (pygame.JOYBUTTONDOWN, pygame.JOYHATMOTION):
            if int(getattr(event, "instance_id", -1)) in self._controllers:
                return []  # the controller events already speak for this pad
            if etype == pygame.JOYHATMOTION:
                kind = _HAT.get(tuple(event.value))
            else:
                kind = _JOY_BUTTONS.get(int(event.button))
            return [Intent(kind)] if kind else []
        return []

    def _key(self, event: pygame.event.Event) -> list[Intent]:
        key = int(event.key)
        mod = int(getattr(event, "mod", 0))
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if ctrl and key == pygame.K_z:
            return [Intent(Kind.UNDO)]
        if ctrl and key == pygame.K_v:
            return [Intent(Kind.PASTE)]
        if mod & pygame.KMOD_ALT and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return [Intent(Kind.FULLSCREEN)]
        if key == pygame.K_BACKSPACE:
            return [Intent(Kind.UNDO, erase=True)]
        if ctrl:
            return []
        column = _COLUMN_KEYS.get(key)
        if column is not None:
            return [Intent(Kind.COLUMN, column=column)]
        kind = _KEYS.get(key)
        return [Intent(kind)] if kind else []

    def _open_controller(self, index: int) -> None:
        try:
            if not controller.get_init():
                controller.init()
            if not controller.is_controller(index):
                return
            pad = controller.Controller(index)
            instance = int(pad.as_joystick().get_instance_id())
            self._controllers[instance] = pad
            log.info("gamepad connected: %s", pad.name)
        except pygame.error as error:
            log.warning("cannot open gamepad %d: %s", index, error)

    def _open_joystick(self, index: int) -> None:
        try:
            if controller.get_init() and controller.is_controller(index):
                return  # opened as a controller
        except pygame.error:
            pass
        try:
            stick = pygame.joystick.Joystick(index)
            self._joysticks[int(stick.get_instance_id())] = stick
            log.info("joystick connected: %s", stick.get_name())
        except pygame.error as error:
            log.warning("cannot open joystick %d: %s", index, error)
