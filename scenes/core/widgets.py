"""Chunky arcade widgets: buttons with hover and press states, vertical menus, toasts.

Widgets read intents (never the mouse state) and draw with the shared :class:`~scenes.core.look.Look`.
Buttons act on the press itself, with a short pressed flash, so a click and a key feel the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Literal

import pygame

from scenes.core.i18n import Texts
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, PIXEL, SCREEN_SIZE, Colour, Look, chunky_panel
from scenes.core.textfit import wrap_text

__all__ = [
    "ARROWS",
    "Button",
    "ButtonSpec",
    "Choice",
    "Form",
    "Menu",
    "TextField",
    "Toast",
    "button_column",
    "button_row",
    "draw_button",
    "neighbour",
]

PRESS_FLASH = 0.12
TOAST_WIDTH = 1000  # a longer message (a file problem) is wrapped into lines
LIP = 3 * PIXEL  # the button's visible thickness

# (face, lip, highlight): bright faces with ink labels, each at 5.9:1 or more (bench/contrast.py)
_STYLES: dict[str, tuple[Colour, Colour, Colour]] = {
    "orange": (PALETTE.button, PALETTE.button_dark, PALETTE.button_light),
    "cyan": ((40, 160, 210), (20, 96, 150), (110, 214, 245)),
    "green": ((52, 170, 84), (26, 104, 52), (110, 214, 128)),
    "pink": (PALETTE.pink, (160, 40, 96), (255, 150, 190)),
    "grey": (PALETTE.grey, PALETTE.grey_dark, (196, 198, 212)),
}
_DISABLED: tuple[Colour, Colour, Colour] = ((70, 72, 88), (46, 48, 62), (70, 72, 88))
"""A button that cannot be pressed: a dark face, its label light grey (6.2:1)."""
_DISABLED_TEXT: Colour = (200, 200, 210)


def draw_button(
    surface: pygame.Surface,
    look: Look,
    rect: pygame.Rect,
    label: str,
    *,
    style: str = "orange",
    hover: bool = False,
    pressed: bool = False,
    focused: bool = False,
    enabled: bool = True,
    size: int = 10,
    hint: str = "",
) -> None:
    """A raised button; it sinks by its lip when pressed and brightens under the pointer."""
    p = PALETTE
    body, dark, light = _STYLES[style] if enabled else _DISABLED
    if hover and enabled and not pressed:
        body = light
    top = rect.move(0, LIP if pressed else 0)
    face = pygame.Rect(top.x, top.y, rect.width, rect.height - LIP)
    if focused:
        pygame.draw.rect(surface, p.gold, rect.inflate(4 * PIXEL, 4 * PIXEL), border_radius=8)
        pygame.draw.rect(surface, p.ink, rect.inflate(2 * PIXEL, 2 * PIXEL), border_radius=7)
    pygame.draw.rect(surface, p.ink, rect.inflate(PIXEL * 2, PIXEL * 2), border_radius=7)
    if not pressed:
        pygame.draw.rect(surface, dark, rect, border_radius=6)
    pygame.draw.rect(surface, body, face, border_radius=6)
    # a highlight line along the top edge
    pygame.draw.line(
        surface,
        light if enabled else body,
        (face.x + 3 * PIXEL, face.y + PIXEL),
        (face.right - 3 * PIXEL, face.y + PIXEL),
        PIXEL,
    )
    # ink on the bright face, its shadow the highlight's colour: letters pressed into the button
    colour, shadow = (p.ink, light) if enabled else (_DISABLED_TEXT, p.ink)
    look.type.blit(surface, label, size, colour, face.center, anchor="center", shadow=shadow)
    if hint:
        look.type.blit(
            surface,
            hint,
            6,
            p.ink if enabled else _DISABLED_TEXT,
            (face.right - 3 * PIXEL, face.y + 2 * PIXEL),
            anchor="topright",
        )


PICTURE_MARGIN = 4 * PIXEL  # a button picture's room around it: the focus frame reaches 2 * PIXEL
_PICTURES: dict[tuple[object, ...], tuple[pygame.Surface, tuple[int, int]] | Literal[False]] = {}
"""Buttons as drawn in each state seen (shared: every table has the same buttons)."""


@dataclass
class Button:
    """A button that runs ``action`` when clicked or activated from the keyboard."""

    rect: pygame.Rect
    key: str  # text key in the catalogue
    action: Callable[[], None]
    style: str = "orange"
    hint: str = ""  # the keyboard shortcut, shown small in the corner
    enabled: bool = True
    size: int = 10
    fields: dict[str, str] = field(default_factory=dict)
    hover: bool = False
    pressed: float = 0.0  # seconds left of the pressed flash

    def label(self, texts: Texts) -> str:
        """The button's text in the current language."""
        return texts(self.key, **self.fields)

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the button."""
        return self.rect.inflate(PIXEL * 2, PIXEL * 2).collidepoint(pos)

    def activate(self) -> bool:
        """Press the button (if enabled) and run its action."""
        if not self.enabled:
            return False
        self.pressed = PRESS_FLASH
        self.action()
        return True

    def handle(self, intent: Intent) -> bool:
        """Pointer intents: hover on POINT, activate on CLICK. True if consumed."""
        if intent.pos is None:
            return False
        if intent.kind is Kind.POINT:
            self.hover = self.hit(intent.pos)
            return False
        if intent.kind is Kind.CLICK and self.hit(intent.pos):
            return self.activate()
        return False

    def update(self, dt: float) -> None:
        """Let the pressed flash run out."""
        self.pressed = max(0.0, self.pressed - dt)

    def draw(
        self, surface: pygame.Surface, look: Look, texts: Texts, focused: bool = False
    ) -> pygame.Rect:
        """Draw the button in its current state (a picture kept for each state seen); the
        rectangle it may have drawn on (its focus frame reaches beyond the button)."""
        label = self.label(texts)
        pressed = self.pressed > 0
        rect = self.rect
        key = (
            label,
            self.style,
            self.hover,
            pressed,
            focused,
            self.enabled,
            self.size,
            self.hint,
            rect.width,
            rect.height,
            rect.x % PIXEL,
            rect.y % PIXEL,
        )
        picture = _PICTURES.get(key)
        if picture is None:
            picture = self._picture(look, label, pressed, focused)
            if len(_PICTURES) > 400:
                _PICTURES.clear()
            _PICTURES[key] = picture
        if picture is False:  # a label wider than the button: drawn each time
            self._draw_on(surface, look, rect, label, pressed, focused)
            reach = 2 * (PICTURE_MARGIN + PIXEL)  # as far as a picture would reach
            return rect.inflate(reach, reach)
        image, (dx, dy) = picture
        return surface.blit(image, (rect.x + dx, rect.y + dy))

    def _picture(
        self, look: Look, label: str, pressed: bool, focused: bool
    ) -> tuple[pygame.Surface, tuple[int, int]] | Literal[False]:
        """The button drawn on a clear surface: (picture, its offset from ``rect``), or False
        when the label overflows the button (the picture would cut it)."""
        text = look.type.render(label, self.size, PALETTE.white, shadow=PALETTE.ink)
        if text.get_width() > self.rect.width or text.get_height() > self.rect.height:
            return False
        margin = PICTURE_MARGIN
        # the same place on the 2-pixel grid as on the screen, so the text lands alike
        local = pygame.Rect(
            margin + self.rect.x % PIXEL,
            margin + self.rect.y % PIXEL,
            self.rect.width,
            self.rect.height,
        )
        image = pygame.Surface(
            (self.rect.width + 2 * margin + PIXEL, self.rect.height + 2 * margin + PIXEL),
            pygame.SRCALPHA,
        )
        if pygame.display.get_surface() is not None:
            image = image.convert_alpha()
        image.fill((0, 0, 0, 0))
        self._draw_on(image, look, local, label, pressed, focused)
        return image, (-local.x, -local.y)

    def _draw_on(
        self,
        surface: pygame.Surface,
        look: Look,
        rect: pygame.Rect,
        label: str,
        pressed: bool,
        focused: bool,
    ) -> None:
        draw_button(
            surface,
            look,
            rect,
            label,
            style=self.style,
            hover=self.hover,
            pressed=pressed,
            focused=focused,
            enabled=self.enabled,
            size=self.size,
            hint=self.hint,
        )


ARROWS = (Kind.UP, Kind.DOWN, Kind.LEFT, Kind.RIGHT)
_DIRECTIONS: dict[Kind, tuple[int, int]] = {
    Kind.UP: (0, -1),
    Kind.DOWN: (0, 1),
    Kind.LEFT: (-1, 0),
    Kind.RIGHT: (1, 0),
}


ButtonSpec = tuple[str, Callable[[], None], str]
"""A button to make: its text key, its action, its style."""


def button_row(
    specs: Sequence[ButtonSpec],
    top: int,
    width: int,
    *,
    gap: int,
    height: int = 52,
    centre: int = SCREEN_SIZE[0] // 2,
    hints: Sequence[str] = (),
    size: int = 10,
) -> list[Button]:
    """Buttons side by side, ``gap`` apart, the row centred on ``centre``, their tops at
    ``top``; ``hints`` are their keys, shown small in their corners; ``size``, their type's."""
    total = len(specs) * width + (len(specs) - 1) * gap
    left = (2 * centre - total) // 2  # an odd pixel left over goes to the right
    return [
        Button(
            pygame.Rect(left + i * (width + gap), top, width, height),
            key,
            action,
            style=style,
            hint=hints[i] if i < len(hints) else "",
            size=size,
        )
        for i, (key, action, style) in enumerate(specs)
    ]


def button_column(
    specs: Sequence[ButtonSpec],
    top: int,
    width: int,
    *,
    gap: int,
    height: int = 52,
    centre: int = SCREEN_SIZE[0] // 2,
    size: int = 10,
) -> list[Button]:
    """Buttons one under the other, ``gap`` apart, centred on ``centre``, the first one's
    top at ``top``."""
    left = (2 * centre - width) // 2
    return [
        Button(
            pygame.Rect(left, top + i * (height + gap), width, height),
            key,
            action,
            style=style,
            size=size,
        )
        for i, (key, action, style) in enumerate(specs)
    ]


@dataclass
class TextField(Button):
    """A box to type in: what is typed goes in ``text``; its action is Enter's. Drawn sunken,
    with the text (its end, when it is too long) and a blinking caret."""

    text: str = ""
    caret: float = 0.0  # seconds, for the caret's blink
    text_size: ClassVar[int] = 9
    face: ClassVar[str] = "bold"
    caret_w: ClassVar[int] = 2 * PIXEL
    caret_inset: ClassVar[int] = 10  # from the box's top and bottom

    def draw(
        self, surface: pygame.Surface, look: Look, texts: Texts, focused: bool = False
    ) -> pygame.Rect:
        """The box, the text and the caret; the rectangle drawn."""
        p = PALETTE
        box = self.rect
        pygame.draw.rect(
            surface,
            p.gold if focused else p.ink,
            box.inflate(4 * PIXEL, 4 * PIXEL),
            border_radius=6,
        )
        pygame.draw.rect(surface, p.ink, box.inflate(2 * PIXEL, 2 * PIXEL), border_radius=5)
        pygame.draw.rect(surface, (14, 12, 26), box, border_radius=4)
        shown = self.text
        while shown and look.type.width(shown, self.text_size, self.face) > box.width - 40:
            shown = shown[1:]
        r = look.type.blit(
            surface,
            shown,
            self.text_size,
            p.white,
            (box.left + 14, box.centery),
            anchor="midleft",
            face=self.face,
        )
        if not shown:
            r.width = 0
        if focused and int(self.caret * 2) % 2 == 0:
            inset = self.caret_inset
            surface.fill(
                p.gold, (r.right + 4, box.top + inset, self.caret_w, box.height - 2 * inset)
            )
        return box.inflate(4 * PIXEL, 4 * PIXEL)


def neighbour(
    rects: Sequence[pygame.Rect],
    enabled: Sequence[bool],
    current: int,
    arrow: Kind,
    wrap: bool = True,
) -> int:
    """Where an arrow key takes the focus among buttons laid out as ``rects``: the nearest
    enabled one in that direction on the screen — the one below for Down, not the next in
    reading order — preferring one in line with the current (overlapping its column for Up and
    Down, its row for Left and Right). With none that way, the next enabled one in reading
    order (the previous for Up and Left), wrapping round when ``wrap``; the focus stays when
    there is nowhere to go. Every menu, grid and row of buttons moves its focus with this."""
    count = len(rects)
    if not count or arrow not in _DIRECTIONS:
        return current
    dx, dy = _DIRECTIONS[arrow]
    here = rects[current] if 0 <= current < count else rects[0]
    best: tuple[tuple[int, int, int], int] | None = None
    for index, rect in enumerate(rects):
        if index == current or not enabled[index]:
            continue
        # how far ahead along the arrow, from the current's far edge to this one's near edge
        if dx:
            ahead = (rect.centerx - here.centerx) * dx
            gap = rect.left - here.right if dx > 0 else here.left - rect.right
            in_line = rect.top < here.bottom and here.top < rect.bottom
            aside = abs(rect.centery - here.centery)
        else:
            ahead = (rect.centery - here.centery) * dy
            gap = rect.top - here.bottom if dy > 0 else here.top - rect.bottom
            in_line = rect.left < here.right and here.left < rect.right
            aside = abs(rect.centerx - here.centerx)
        if ahead <= 0:
            continue
        score = (0 if in_line else 1, max(gap, 0) + 2 * aside, index)
        if best is None or score < best[0]:
            best = (score, index)
    if best is not None:
        return best[1]
    step = 1 if dx + dy > 0 else -1
    index = current
    for _ in range(count):
        index += step
        if wrap:
            index %= count
        elif not 0 <= index < count:
            return current
        if enabled[index]:
            return index
    return current


class Menu:
    """Buttons with one keyboard focus — a column, a row or a grid: the arrows move the focus
    to the button that way on the screen (:func:`neighbour`), Enter or Space activates it, the
    pointer moving over a button takes the focus (and a key moves on from there). Only the
    focused button is ever highlighted: the pointer's hover is on it or on none."""

    def __init__(self, buttons: Sequence[Button], focus: int = 0, wrap: bool = True) -> None:
        self.buttons = list(buttons)
        self.focus = focus
        self.wrap = wrap
        self.show_focus = True
        self.pointer: tuple[int, int] | None = None  # last pointer position seen
        self.pointed = False  # whether the last intent was the pointer taking the focus

    def move(self, step: int) -> None:
        """Move the focus to the next enabled button."""
        count = len(self.buttons)
        if not count:
            return
        index = self.focus
        for _ in range(count):
            index += step
            if self.wrap:
                index %= count
            else:
                index = max(0, min(count - 1, index))
            if self.buttons[index].enabled:
                self.focus = index
                return

    def handle(self, intent: Intent) -> bool:
        """Navigate or activate; True if the intent was used."""
        kind = intent.kind
        self.pointed = False
        if kind in ARROWS:
            rects = [button.rect for button in self.buttons]
            enabled = [button.enabled for button in self.buttons]
            self.focus = neighbour(rects, enabled, self.focus, kind, self.wrap)
            self.unhover()  # the keys lead now: the pointer's highlight goes
            return True
        if kind in (Kind.CONFIRM, Kind.DRAW) and self.buttons:
            return self.buttons[self.focus].activate()
        if intent.pos is None:
            return False
        moved = _pointer_moved(self, intent)
        over = next(
            (i for i, b in enumerate(self.buttons) if b.enabled and b.hit(intent.pos)), None
        )
        if kind is Kind.POINT:
            if moved:  # the pointer really moving: it takes the focus, or leaves it be
                if over is not None:
                    self.focus = over
                    self.pointed = True
                for index, button in enumerate(self.buttons):
                    button.hover = index == over
            return False
        if kind is Kind.CLICK and over is not None:
            self.focus = over
            return self.buttons[over].activate()
        return False

    def unhover(self) -> None:
        """No button under the pointer's highlight (the keyboard moved the focus)."""
        for button in self.buttons:
            button.hover = False

    def update(self, dt: float) -> None:
        """Advance the buttons' press flashes."""
        for button in self.buttons:
            button.update(dt)

    def draw(self, surface: pygame.Surface, look: Look, texts: Texts) -> None:
        """Draw every button, the focused one framed in gold."""
        for index, button in enumerate(self.buttons):
            button.draw(surface, look, texts, focused=self.show_focus and index == self.focus)


def _pointer_moved(widget: Menu | Form, intent: Intent) -> bool:
    """Whether a POINT intent is the pointer really moving.

    The first position seen may only be where the pointer rested when the window opened under
    it; letting that steal the keyboard focus would surprise a keyboard player.
    """
    if intent.kind is not Kind.POINT or intent.pos is None:
        return False
    before, widget.pointer = widget.pointer, intent.pos
    return before is not None and before != intent.pos


@dataclass
class Toast:
    """A short message that pops in over the table and fades away."""

    text: str
    seconds: float = 1.8
    elapsed: float = 0.0
    colour: Colour = PALETTE.gold

    @property
    def alive(self) -> bool:
        """Whether it is still showing."""
        return self.elapsed < self.seconds

    def update(self, dt: float) -> None:
        """Age the toast."""
        self.elapsed += dt

    def draw(self, surface: pygame.Surface, look: Look, center: tuple[int, int]) -> pygame.Rect:
        """Draw the toast centred on ``center``; it pops in and fades out. The rectangle drawn."""
        if not self.alive:
            return pygame.Rect(center, (0, 0))
        text = self._text(look)
        pop = min(1.0, self.elapsed / 0.08)
        rect = text.get_rect(center=center).inflate(12 * PIXEL, 8 * PIXEL)
        rect.width -= rect.width % PIXEL
        rect.height -= rect.height % PIXEL
        if pop < 1.0:
            rect = rect.inflate(-(1 - pop) * 20, -(1 - pop) * 10)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        chunky_panel(layer, layer.get_rect().inflate(-2 * PIXEL, -2 * PIXEL).move(-PIXEL, -PIXEL))
        layer.blit(text, text.get_rect(center=(rect.width // 2 - PIXEL, rect.height // 2 - PIXEL)))
        fade = 1.0 - max(0.0, (self.elapsed - (self.seconds - 0.3)) / 0.3)
        layer.set_alpha(int(255 * fade))
        return surface.blit(layer, rect)

    def _text(self, look: Look) -> pygame.Surface:
        """The message, wrapped into centred lines when it is wider than the screen allows."""
        lines = wrap_text(look, self.text, 10, TOAST_WIDTH)
        if len(lines) == 1:
            return look.type.render(lines[0], 10, self.colour, shadow=PALETTE.ink)
        rendered = [look.type.render(line, 10, self.colour, shadow=PALETTE.ink) for line in lines]
        width = max(r.get_width() for r in rendered)
        step = rendered[0].get_height() + PIXEL
        text = pygame.Surface((width, step * len(rendered)), pygame.SRCALPHA)
        for i, line in enumerate(rendered):
            text.blit(line, line.get_rect(midtop=(width // 2, i * step)))
        return text


@dataclass
class Choice:
    """A form row: a label and a value picked from a list with left/right or a click."""

    rect: pygame.Rect
    key: str  # label text key
    values: Sequence[object]
    index: int
    show: Callable[[object], str]  # the value as text in the current language
    on_change: Callable[[object], None]
    enabled: bool = True
    hover: bool = False

    @property
    def value(self) -> object:
        """The value picked."""
        return self.values[self.index]

    def step(self, delta: int) -> None:
        """Pick the next (or previous) value, wrapping around."""
        if not self.enabled or not self.values:
            return
        self.index = (self.index + delta) % len(self.values)
        self.on_change(self.value)

    def set(self, value: object) -> None:
        """Show ``value`` without calling back."""
        if value in self.values:
            self.index = list(self.values).index(value)

    def value_rect(self) -> pygame.Rect:
        """The box holding the value, on the right half of the row."""
        box = pygame.Rect(0, 0, self.rect.width // 2 - 10, self.rect.height)
        box.topright = self.rect.topright
        return box

    def handle_click(self, pos: tuple[int, int]) -> bool:
        """A click on the left arrow goes back, anywhere else on the row goes on."""
        if not self.rect.collidepoint(pos):
            return False
        box = self.value_rect()
        self.step(-1 if pos[0] < box.left + box.height else 1)
        return True

    def draw(self, surface: pygame.Surface, look: Look, texts: Texts, focused: bool) -> None:
        """Label on the left, ``◀ value ▶`` on the right."""
        p = PALETTE
        if focused:
            pygame.draw.rect(
                surface, p.ink, self.rect.inflate(4 * PIXEL, 2 * PIXEL), border_radius=6
            )
            pygame.draw.rect(
                surface, (58, 50, 96), self.rect.inflate(2 * PIXEL, 0), border_radius=6
            )
        colour = p.white if self.enabled else p.grey
        look.type.blit(
            surface,
            texts(self.key),
            10,
            colour,
            (self.rect.left + 12, self.rect.centery),
            anchor="midleft",
            shadow=p.ink,
        )
        box = self.value_rect()
        draw_button(
            surface,
            look,
            box.inflate(0, -2 * PIXEL).move(0, -PIXEL),
            self.show(self.value),
            style="cyan" if self.enabled else "grey",
            hover=self.hover,
            focused=False,
            enabled=self.enabled,
            size=9,
        )
        if focused:
            arrow = p.gold
            cy = box.centery - PIXEL * 2
            pygame.draw.polygon(
                surface,
                arrow,
                [(box.left - 16, cy), (box.left - 6, cy - 9), (box.left - 6, cy + 9)],
            )
            pygame.draw.polygon(
                surface,
                arrow,
                [(box.right + 16, cy), (box.right + 6, cy - 9), (box.right + 6, cy + 9)],
            )


class Form:
    """Rows of choices and buttons with one keyboard focus."""

    def __init__(self, items: Sequence[Choice | Button], focus: int = 0) -> None:
        self.items = list(items)
        self.focus = focus
        self.pointer: tuple[int, int] | None = None  # last pointer position seen

    @property
    def focused(self) -> Choice | Button | None:
        """The item with the keyboard focus."""
        return self.items[self.focus] if self.items else None

    def move(self, step: int) -> None:
        """Move the focus to the next enabled item."""
        count = len(self.items)
        index = self.focus
        for _ in range(count):
            index = (index + step) % count
            if self.items[index].enabled:
                self.focus = index
                return

    def handle(self, intent: Intent) -> bool:
        """Arrows move and change, Enter/Space activate, the pointer hovers and clicks."""
        kind = intent.kind
        item = self.focused
        if kind in ARROWS:
            self._unhover()  # the keys lead now: the pointer's highlight goes
        if kind is Kind.UP:
            self.move(-1)
            return True
        if kind is Kind.DOWN:
            self.move(1)
            return True
        if kind in (Kind.LEFT, Kind.RIGHT) and isinstance(item, Choice):
            item.step(-1 if kind is Kind.LEFT else 1)
            return True
        if kind in (Kind.LEFT, Kind.RIGHT):
            # from a button, to the item that way on the screen (the next button in its row)
            rects = [entry.rect for entry in self.items]
            enabled = [entry.enabled for entry in self.items]
            self.focus = neighbour(rects, enabled, self.focus, kind)
            return True
        if kind in (Kind.CONFIRM, Kind.DRAW) and item is not None:
            if isinstance(item, Choice):
                item.step(1)
                return True
            return item.activate()
        if intent.pos is None:
            return False
        moved = _pointer_moved(self, intent)
        for index, entry in enumerate(self.items):
            inside = entry.rect.collidepoint(intent.pos)
            if kind is Kind.POINT:
                if not moved:
                    continue  # where the pointer rested when the form opened: no highlight
                # only the item under the pointer is highlighted, and it has the focus
                entry.hover = inside and entry.enabled
                if entry.hover:
                    self.focus = index
            elif kind is Kind.CLICK and inside and entry.enabled:
                self.focus = index
                if isinstance(entry, Choice):
                    return entry.handle_click(intent.pos)
                return entry.activate()
        return False

    def _unhover(self) -> None:
        for entry in self.items:
            entry.hover = False

    def update(self, dt: float) -> None:
        """Advance button flashes."""
        for item in self.items:
            if isinstance(item, Button):
                item.update(dt)

    def draw(self, surface: pygame.Surface, look: Look, texts: Texts) -> None:
        """Draw every row, the focused one highlighted."""
        for index, item in enumerate(self.items):
            if isinstance(item, Choice):
                item.draw(surface, look, texts, index == self.focus)
            else:
                item.draw(surface, look, texts, focused=index == self.focus)
