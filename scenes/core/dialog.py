"""Dialogs over the screen: the frame every window over another opens with (the screen below
veiled, a panel, its title), and the yes-or-no question.

:class:`Dialog` is the frame every such panel shares (where it stands, the veil, the title);
:class:`ConfirmDialog` is a question — a title, a wrapped warning, No (the default) and Yes —
said aloud for a player who does not see the screen. The buttons' focus moves as in every menu
(:func:`scenes.core.widgets.neighbour`: the arrows, a pad, the pointer).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import pygame

from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, SCREEN_SIZE, Colour, Look, titled_panel, veil
from scenes.core.manager import App, Scene
from scenes.core.textfit import wrap_text
from scenes.core.widgets import ButtonSpec, Menu, button_row

__all__ = ["Answer", "ConfirmDialog", "Dialog", "centred", "draw_frame"]

Answer = tuple[str, Callable[[], None]]
"""One answer to a question: its button's text key and what it does."""

QUESTION_H = 250  # a question's panel: title, up to three lines of warning, the buttons
QUESTION_LINE_H = 22


def centred(width: int, height: int) -> pygame.Rect:
    """A panel of this size in the middle of the screen."""
    rect = pygame.Rect(0, 0, width, height)
    rect.center = (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] // 2)
    return rect


def draw_frame(
    surface: pygame.Surface,
    look: Look,
    panel: pygame.Rect,
    title: str,
    *,
    alpha: int = 170,
    size: int = 16,
    colour: Colour = PALETTE.gold,
    top: int = 22,
) -> None:
    """What every window over another opens with: the screen below veiled (``alpha``: how
    dark), the panel, its title (``size``, ``colour``, ``top`` below the panel's top)."""
    veil(surface, alpha)
    titled_panel(surface, look, panel, title, size=size, colour=colour, top=top)


class Dialog(Scene):
    """A panel over the screen below, which is veiled: its title at the top, then what the
    dialog shows. A subclass gives the title and draws the rest after :meth:`draw_frame`."""

    overlay = True
    veil_alpha: ClassVar[int] = 170
    title_size: ClassVar[int] = 16
    title_colour: ClassVar[Colour] = PALETTE.gold
    title_top: ClassVar[int] = 22  # the title's top, below the panel's

    def __init__(self, app: App, panel: pygame.Rect) -> None:
        super().__init__(app)
        self.panel = panel

    def title(self) -> str:
        """The panel's heading, in the current language."""
        raise NotImplementedError

    def draw_frame(self, surface: pygame.Surface) -> None:
        """The veil over the screen below, the panel and its title."""
        draw_frame(
            surface,
            self.app.look,
            self.panel,
            self.title(),
            alpha=self.veil_alpha,
            size=self.title_size,
            colour=self.title_colour,
            top=self.title_top,
        )


class ConfirmDialog(Dialog):
    """A question before something that cannot be taken back: the title, a warning wrapped to
    the panel, No (green, the focus) and Yes (pink). Esc, the menu key and No answer No; the
    question is said aloud as the dialog opens."""

    title_size = 14
    title_colour = PALETTE.orange
    title_top = 26

    def __init__(
        self,
        app: App,
        width: int,
        no: Answer,
        yes: Answer,
        *,
        button_width: int,
        body_middle: int,
    ) -> None:
        """``body_middle``: where the warning's middle line stands, below the panel's top
        (between the title and the buttons)."""
        super().__init__(app, centred(width, QUESTION_H))
        self.body_middle = body_middle
        self.decline = no[1]
        specs: list[ButtonSpec] = [(no[0], no[1], "green"), (yes[0], yes[1], "pink")]
        self.menu = Menu(
            button_row(
                specs, self.panel.bottom - 80, button_width, gap=28, centre=self.panel.centerx
            )
        )

    def body(self) -> str:
        """The warning under the title, in the current language."""
        raise NotImplementedError

    def enter(self) -> None:
        """Said for a player who does not see the screen: the question, then (as the focus is
        read) the button under it."""
        said = f"{self.title()} {self.body()}"
        self.app.speech.say(said, self.app.texts.lang, interrupt=False)

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CANCEL, Kind.MENU):
            self.decline()
            return
        self.menu.handle(intent)

    def update(self, dt: float) -> None:
        self.menu.update(dt)

    def body_lines(self) -> list[tuple[int, str]]:
        """The warning wrapped to the panel, its lines centred on ``body_middle``: (top, line)."""
        lines = wrap_text(self.app.look, self.body(), 8, self.panel.width - 80)
        top = self.panel.top + self.body_middle - (len(lines) - 1) * QUESTION_LINE_H // 2
        return [(top + i * QUESTION_LINE_H, line) for i, line in enumerate(lines)]

    def draw(self, surface: pygame.Surface) -> None:
        look, p = self.app.look, PALETTE
        self.draw_frame(surface)
        for y, line in self.body_lines():
            look.type.blit(
                surface, line, 8, p.white, (self.panel.centerx, y), anchor="midtop", shadow=p.ink
            )
        self.menu.draw(surface, look, self.app.texts)
