"""Starting a new game where one is kept for Continue: ask first.

A game left for the title (or in a closed window) is kept in its own file — the solitaire
autosave, the saved round, the six-card autosave — and a new game of the same kind writes over
that file. So before a new game of a kind replaces a kept game of that kind, a small dialog asks
("Your game in play will be lost. Start a new one?"); **Keep it** is the default and changes
nothing. **Start a new one** first abandons the kept game as leaving a table does today — a
solitaire game is counted in the statistics as abandoned (or as its end, if it had ended before
its result was counted), a round's finished holes stay counted and the round is forgotten, a
six-card game is forgotten — then starts the new one.

Games of other kinds are kept side by side: a new solitaire game leaves a kept six-card game or
round where it is (the six-card setup and the round window still offer it, and the title's
Continue takes it back once the newer game is finished).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Final, Literal

import pygame

from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, SCREEN_SIZE, chunky_panel
from scenes.core.manager import App, Scene
from scenes.core.textfit import wrap_text
from scenes.core.widgets import Button, Menu
from scenes.sixcard import autosave as sixautosave
from scenes.solitaire import autosave

__all__ = ["KINDS", "KeptKind", "ReplaceKeptDialog", "abandon_kept", "kept"]

log = logging.getLogger(__name__)

KeptKind = Literal["solitaire", "round", "six"]
KINDS: Final[tuple[KeptKind, ...]] = ("solitaire", "round", "six")

PANEL_W, PANEL_H = 720, 250
TEXT_W = PANEL_W - 80
LINE_H = 22


def _on_table(app: App, kind: KeptKind) -> bool:
    """Whether a table of ``kind`` is on the stack: its own game is the kept one, and the
    table settles it when it is left (a new deal from its menu, say)."""
    from scenes.sixcard.table import SixTableScene
    from scenes.solitaire.round import RoundGameScene
    from scenes.solitaire.table import TableScene

    for scene in app.scenes.stack:
        if kind == "round" and isinstance(scene, RoundGameScene):
            return True
        if kind == "solitaire" and isinstance(scene, TableScene):
            return getattr(scene, "round", None) is None
        if kind == "six" and isinstance(scene, SixTableScene):
            return True
    return False


def kept(app: App, kind: KeptKind) -> bool:
    """Whether a game of ``kind`` is kept for Continue that a new game of that kind would
    replace (not the game of a table showing now)."""
    if _on_table(app, kind):
        return False
    if kind == "solitaire":
        return autosave.pending(app) is not None
    if kind == "round":
        rnd = app.records.saved_round
        return rnd is not None and not rnd.over
    saved, notice = sixautosave.pending(app)
    if notice is not None:
        app.records.tell(notice)
    return saved is not None


def abandon_kept(app: App, kind: KeptKind) -> None:
    """Give up the kept game of ``kind`` as leaving its table would: a solitaire game counted
    (abandoned, or as it ended) and its autosave removed; a round forgotten (its finished holes
    were counted as they ended); a six-card game forgotten."""
    if kind == "solitaire":
        saved = autosave.pending(app)
        if saved is not None:
            app.records.record(saved.game())
            log.info("the kept solitaire game %s was abandoned for a new one", saved.code)
        autosave.clear(app)
    elif kind == "round":
        app.records.save_round(None)
        log.info("the kept round was abandoned for a new one")
    else:
        sixautosave.clear(app)
        log.info("the kept six-card game was abandoned for a new one")


class ReplaceKeptDialog(Scene):
    """"Your game in play will be lost. Start a new one?" — Keep it (the default) or Start a
    new one."""

    overlay = True

    def __init__(self, app: App, kind: KeptKind, start: Callable[[], None]) -> None:
        super().__init__(app)
        self.kind = kind
        self.start = start
        self.panel = pygame.Rect(0, 0, PANEL_W, PANEL_H)
        self.panel.center = (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] // 2)
        width, y = 300, self.panel.bottom - 80
        keep = Button(
            pygame.Rect(self.panel.centerx - width - 14, y, width, 52),
            "replace.keep",
            self.keep,
            style="green",
        )
        new = Button(
            pygame.Rect(self.panel.centerx + 14, y, width, 52),
            "replace.start",
            self.confirm,
            style="pink",
        )
        self.menu = Menu([keep, new])

    def enter(self) -> None:
        """Said for a player who does not see the screen: the question, then (as the focus is
        read) the button under it."""
        texts = self.app.texts
        said = f"{texts('replace.title')} {texts(f'replace.body.{self.kind}')}"
        self.app.speech.say(said, texts.lang, interrupt=False)

    def keep(self) -> None:
        """No: back where the player was, the kept game untouched (to the title when the
        dialog is all there is: the command line named a game to start)."""
        if self.app.scenes.stack[:1] == [self]:
            self.app.flow.to_title()
            return
        self.app.scenes.pop(fade=False)

    def confirm(self) -> None:
        """Yes: the kept game is abandoned, then the new one starts."""
        self.app.scenes.pop(fade=False)
        abandon_kept(self.app, self.kind)
        self.start()

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CANCEL, Kind.MENU):
            self.keep()
            return
        self.menu.handle(intent)

    def update(self, dt: float) -> None:
        self.menu.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        if self.app.scenes.stack[:1] == [self]:  # nothing below (a game named at start)
            surface.blit(look.felt(), (0, 0))
        veil = pygame.Surface(SCREEN_SIZE, pygame.SRCALPHA)
        veil.fill((10, 8, 20, 170))
        surface.blit(veil, (0, 0))
        chunky_panel(surface, self.panel)
        look.type.blit(
            surface,
            texts("replace.title"),
            14,
            p.orange,
            (self.panel.centerx, self.panel.top + 26),
            anchor="midtop",
            shadow=p.ink,
        )
        lines = wrap_text(look, texts(f"replace.body.{self.kind}"), 8, TEXT_W)
        top = self.panel.top + 96 - (len(lines) - 1) * LINE_H // 2  # between title and buttons
        for i, line in enumerate(lines):
            look.type.blit(
                surface,
                line,
                8,
                p.white,
                (self.panel.centerx, top + i * LINE_H),
                anchor="midtop",
                shadow=p.ink,
            )
        self.menu.draw(surface, look, texts)
