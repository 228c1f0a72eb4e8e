"""The second input layer: device events become the player's intents, here and only here.

:mod:`scenes.core.devices` reads pygame events as device events (a key, a pad button, the
pointer, typed text); here the bindings (which key or button means what) turn them into one small
vocabulary (:class:`Kind`) whatever the device, and a scene turns an intent into a game action or
a menu move. The pointer and typed text pass through as intents that carry their position or
text: a scene hit-tests a click against what it shows.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pygame

from scenes.core.devices import (
    DeviceEvent,
    Devices,
    KeyDown,
    PadButton,
    Pointer,
    ToLogical,
    Typed,
)

__all__ = ["InputMapper", "Intent", "Kind", "intents"]


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
    REDO = "redo"
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
    DESCRIBE = "describe"  # D: the board in words (shown, copied, read aloud)


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
    pygame.K_d: Kind.DESCRIBE,
    pygame.K_F11: Kind.FULLSCREEN,
    pygame.K_HOME: Kind.FIRST,
    pygame.K_END: Kind.LAST,
}

_COLUMN_KEYS: dict[int, int] = {
    **{getattr(pygame, f"K_{n}"): n for n in range(1, 8)},
    **{getattr(pygame, f"K_KP{n}"): n for n in range(1, 8)},
}

_PAD: dict[str, Kind] = {
    "up": Kind.UP,
    "down": Kind.DOWN,
    "left": Kind.LEFT,
    "right": Kind.RIGHT,
    "a": Kind.CONFIRM,
    "b": Kind.UNDO,
    "x": Kind.DRAW,  # as Space: a card from the stock, wherever the cursor is
    "start": Kind.MENU,
    "y": Kind.HINT,
    "rb": Kind.REDO,  # the right shoulder: B takes back, RB plays again
}

_POINTER: dict[str, Kind] = {"press": Kind.CLICK, "release": Kind.RELEASE, "move": Kind.POINT}


def intents(event: DeviceEvent) -> list[Intent]:
    """The intents one device event stands for (often none)."""
    if isinstance(event, KeyDown):
        return _key(event)
    if isinstance(event, Pointer):
        return [Intent(_POINTER[event.action], pos=event.pos)]
    if isinstance(event, Typed):
        return [Intent(Kind.TEXT, text=event.text)]
    if isinstance(event, PadButton):
        kind = _PAD.get(event.name)
        return [Intent(kind)] if kind else []
    return [Intent(Kind.QUIT)]


def _key(event: KeyDown) -> list[Intent]:
    key, mod = event.key, event.mod
    ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
    if ctrl and (key == pygame.K_y or (key == pygame.K_z and mod & pygame.KMOD_SHIFT)):
        return [Intent(Kind.REDO)]
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


class InputMapper:
    """Both layers for the window: pygame events to device events (:class:`Devices`, which
    also keeps the pads open) to intents (:func:`intents`); ``to_logical`` maps the pointer
    from the window to the logical screen (``scenes.core.viewport``)."""

    def __init__(self, to_logical: ToLogical | None = None) -> None:
        self.devices = Devices(to_logical)

    def translate(self, event: pygame.event.Event) -> list[Intent]:
        """The intents one pygame event stands for (often none)."""
        device_event = self.devices.read(event)
        return [] if device_event is None else intents(device_event)
