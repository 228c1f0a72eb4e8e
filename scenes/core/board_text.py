"""The board in words, over a table: the D key's panel, the clipboard, and reading it aloud.

Both games' tables call :func:`show_board_text` with their position's description (the
solitaire board description of SPEC §4, ``golf.solitaire.describe``; the six-card table's from
``golf.sixcard.announce``). The text is copied to the clipboard as it is, shown in a panel (one
line per part, so a column reads as a line) and, with the "speak" option on, read aloud.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

import pygame

from scenes.core.dialog import draw_frame
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, PIXEL, SCREEN_SIZE
from scenes.core.manager import App, Scene
from scenes.core.textfit import wrap_words

__all__ = ["BoardTextScene", "copy_text", "show_board_text", "speak"]

log = logging.getLogger(__name__)

PANEL_W = 1120
BODY = 8  # type size of the description
_PARTS = re.compile(r"(?<=[.;])\s+")  # the description's parts: after each ". " and "; "


def copy_text(text: str) -> bool:
    """Put ``text`` on the system clipboard; False where there is none (it is logged)."""
    try:
        pygame.scrap.put_text(text)
    except pygame.error as error:
        log.warning("clipboard unavailable: %s", error)
        return False
    return True


def speak(app: App, text: str, show: Callable[[str], None], interrupt: bool = True) -> None:
    """Say ``text`` with the "speak" option on (``interrupt``: see
    :meth:`~scenes.core.speech.Speech.say`); ``show`` tells the player, once, when this machine
    has no speech engine."""
    if app.speech.say(text, app.texts.lang, interrupt):
        show(app.texts("speech.missing"))


class BoardTextScene(Scene):
    """The description over the table, until a key or a click closes it."""

    overlay = True

    def __init__(self, app: App, text: str, copied: bool) -> None:
        super().__init__(app)
        self.text = text
        self.copied = copied
        width = PANEL_W - 80
        self.lines: list[str] = []
        for part in _PARTS.split(text):
            self.lines.extend(wrap_words(app.look, part, BODY, width))
        step = app.look.type.font(BODY).get_linesize() * PIXEL + 2 * PIXEL
        self.step = step
        height = 130 + step * len(self.lines)
        self.panel = pygame.Rect(0, 0, PANEL_W, min(height, SCREEN_SIZE[1] - 20))
        self.panel.center = (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] // 2)

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CANCEL, Kind.CONFIRM, Kind.MENU, Kind.CLICK, Kind.DESCRIBE):
            self.app.scenes.pop(fade=False)

    def draw(self, surface: pygame.Surface) -> None:
        look, p, texts = self.app.look, PALETTE, self.app.texts
        title = texts("board.title") + (" · " + texts("board.copied") if self.copied else "")
        draw_frame(surface, look, self.panel, title, size=12, top=20)
        y = self.panel.top + 64
        for line in self.lines:
            if y > self.panel.bottom - 50:
                break
            look.type.blit(surface, line, BODY, p.white, (self.panel.left + 40, y), shadow=p.ink)
            y += self.step
        look.type.blit(
            surface,
            texts("board.close"),
            BODY,
            p.grey,
            (self.panel.centerx, self.panel.bottom - 36),
            anchor="midtop",
            shadow=p.ink,
        )


def show_board_text(app: App, text: str, show: Callable[[str], None]) -> None:
    """The D key over a table: ``text`` copied, shown in a panel, and read aloud when speech
    is on (``show`` tells the player when there is no speech engine)."""
    copied = copy_text(text)
    app.scenes.push(BoardTextScene(app, text, copied), fade=False)
    speak(app, text, show)
