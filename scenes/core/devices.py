"""The first input layer: pygame events become device events, and plugged-in pads are tracked.

A device event says what a device did — a key went down (with its modifiers), a pad button was
pressed (named the same for mapped controllers and plain joysticks), the pointer was pressed,
released or moved at a logical position, text was typed, the window was closed — and nothing
about what it means. :mod:`scenes.core.input` (the second layer) turns device events into the
player's intents. Everything is read from the event's own attributes, never by polling the
keyboard or mouse state, so tests can post events and get the same behaviour.

Pointer positions come in window pixels and leave in logical ones: the window may show the
logical screen at any scale, with bars around it (``scenes.core.viewport``); a press in the
bars is no press at all, a release there is a release off the screen, and the pointer moving
there is the pointer off the screen (both at :data:`OFF_SCREEN`, where nothing is: a card
dragged there is dropped nowhere).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import pygame
from pygame._sdl2 import controller

__all__ = [
    "OFF_SCREEN",
    "Closed",
    "DeviceEvent",
    "Devices",
    "KeyDown",
    "PadButton",
    "Pointer",
    "ToLogical",
    "Typed",
]

log = logging.getLogger(__name__)

OFF_SCREEN = (-1, -1)
"""Where the pointer is said to be while it is over the bars around the logical screen."""

ToLogical = Callable[[tuple[float, float]], "tuple[int, int] | None"]
"""A window position to a logical one, None in the bars (``Viewport.to_logical``)."""


@dataclass(frozen=True)
class KeyDown:
    """A key went down: pygame's key code and the modifiers held."""

    key: int
    mod: int = 0


@dataclass(frozen=True)
class PadButton:
    """A gamepad button: ``up``, ``down``, ``left``, ``right`` (pad or hat), ``a``, ``b``,
    ``x``, ``y``, ``rb`` (the right shoulder button) or ``start``."""

    name: str


@dataclass(frozen=True)
class Pointer:
    """The mouse's first button pressed or released, or the pointer moved, at ``pos``."""

    action: Literal["press", "release", "move"]
    pos: tuple[int, int]


@dataclass(frozen=True)
class Typed:
    """Text typed (after the keyboard layout and input method)."""

    text: str


@dataclass(frozen=True)
class Closed:
    """The window's close button."""


DeviceEvent = KeyDown | PadButton | Pointer | Typed | Closed

_CONTROLLER_BUTTONS: dict[int, str] = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
    pygame.CONTROLLER_BUTTON_A: "a",
    pygame.CONTROLLER_BUTTON_B: "b",
    pygame.CONTROLLER_BUTTON_START: "start",
    pygame.CONTROLLER_BUTTON_X: "x",
    pygame.CONTROLLER_BUTTON_Y: "y",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rb",
}

# Plain joysticks without a controller mapping: the usual XInput-like button numbers.
_JOY_BUTTONS: dict[int, str] = {0: "a", 1: "b", 2: "x", 3: "y", 5: "rb", 7: "start"}

_HAT: dict[tuple[int, int], str] = {(-1, 0): "left", (1, 0): "right", (0, 1): "up", (0, -1): "down"}

_POINTER: dict[int, Literal["press", "release"]] = {
    pygame.MOUSEBUTTONDOWN: "press",
    pygame.MOUSEBUTTONUP: "release",
}


def _pos(event: pygame.event.Event) -> tuple[int, int]:
    x, y = event.pos
    return int(x), int(y)


class Devices:
    """Reads pygame events as device events and keeps the plugged-in gamepads open;
    ``to_logical`` maps the pointer's window positions to logical ones (none: the window is
    the logical screen)."""

    def __init__(self, to_logical: ToLogical | None = None) -> None:
        self.to_logical = to_logical
        self._controllers: dict[int, object] = {}  # instance id -> opened device
        self._joysticks: dict[int, pygame.joystick.JoystickType] = {}

    def read(self, event: pygame.event.Event) -> DeviceEvent | None:
        """What a device did in ``event`` (None: nothing a player did, or a pad plugged in)."""
        etype = event.type
        if etype == pygame.QUIT:
            return Closed()
        if etype == pygame.KEYDOWN:
            return KeyDown(int(event.key), int(getattr(event, "mod", 0)))
        if etype == pygame.TEXTINPUT:
            text = str(getattr(event, "text", ""))
            return Typed(text) if text else None
        if etype in _POINTER:
            if getattr(event, "button", 1) != 1:
                return None
            pos = self._logical(event)
            if pos is None:  # in the bars: no press, and a release where nothing is
                return Pointer("release", OFF_SCREEN) if etype == pygame.MOUSEBUTTONUP else None
            return Pointer(_POINTER[etype], pos)
        if etype == pygame.MOUSEMOTION:
            return Pointer("move", self._logical(event) or OFF_SCREEN)
        return self._pad(event)

    def _logical(self, event: pygame.event.Event) -> tuple[int, int] | None:
        """The event's pointer position on the logical screen; None in the bars."""
        pos = _pos(event)
        return pos if self.to_logical is None else self.to_logical(pos)

    def _pad(self, event: pygame.event.Event) -> DeviceEvent | None:
        etype = event.type
        if etype == pygame.CONTROLLERDEVICEADDED:
            self._open_controller(int(event.device_index))
        elif etype == pygame.CONTROLLERDEVICEREMOVED:
            self._controllers.pop(int(getattr(event, "instance_id", -1)), None)
        elif etype == pygame.CONTROLLERBUTTONDOWN:
            name = _CONTROLLER_BUTTONS.get(int(event.button))
            return PadButton(name) if name else None
        elif etype == pygame.JOYDEVICEADDED:
            self._open_joystick(int(event.device_index))
        elif etype == pygame.JOYDEVICEREMOVED:
            self._joysticks.pop(int(getattr(event, "instance_id", -1)), None)
        elif etype in (pygame.JOYBUTTONDOWN, pygame.JOYHATMOTION):
            if int(getattr(event, "instance_id", -1)) in self._controllers:
                return None  # the controller events already speak for this pad
            if etype == pygame.JOYHATMOTION:
                name = _HAT.get(tuple(event.value))
            else:
                name = _JOY_BUTTONS.get(int(event.button))
            return PadButton(name) if name else None
        return None

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
