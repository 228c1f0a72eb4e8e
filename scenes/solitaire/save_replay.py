""" "Save replay as…": a name field over the game-over screen.

The replay goes to the replays folder under the name typed (``.yaml`` added), so the player finds
it in the Replays screen and on disk; the folder is shown. A bad name or one already taken is
refused with a message that says why, and nothing is written.
"""

from __future__ import annotations

import logging

import pygame

from golf.core.store import reason
from scenes.core.dialog import Dialog, centred
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE
from scenes.core.manager import App
from scenes.core.textfit import fit_text, wrap_text
from scenes.core.widgets import Button, Form, TextField, button_row
from scenes.solitaire.recorder import (
    MAX_NAME,
    NameProblem,
    Recorder,
    default_replays_dir,
    suggested_name,
)

__all__ = ["SaveReplayDialog"]

log = logging.getLogger(__name__)

PANEL_W = 840


class NameField(TextField):
    """The name box: what is typed goes here; Enter saves."""


class SaveReplayDialog(Dialog):
    """Type a name, Enter to save, Esc to go back."""

    veil_alpha = 150

    def __init__(self, app: App, recorder: Recorder) -> None:
        super().__init__(app, centred(PANEL_W, 360))
        self.recorder = recorder
        x = self.panel.left + 40
        self.field = NameField(
            pygame.Rect(x, self.panel.top + 120, PANEL_W - 80, 48), "save.name", self.save
        )
        self.field.text = suggested_name(recorder.game, app.texts)
        self.buttons = button_row(
            [("save.save", self.save, "green"), ("common.back", self.close, "pink")],
            self.panel.bottom - 84,
            240,
            gap=20,
            height=50,
            hints=("Enter", "Esc"),
        )
        self.form = Form([self.field, *self.buttons])
        self.error = ""
        self.saved: str = ""  # the path written, once saved

    @property
    def folder(self) -> str:
        """Where the replay will be written."""
        return str(self.recorder.folder or default_replays_dir())

    def save(self) -> None:
        """Write the replay under the name typed, or say why not."""
        try:
            path = self.recorder.save_as(self.field.text)
        except NameProblem as problem:
            self.error = self.app.texts(problem.key, name=problem.name, limit=MAX_NAME)
            self.app.sound.play("refusal")
            return
        except OSError as error:
            log.warning("cannot save the replay: %s", error)
            why = reason(self.app.texts.lang, error.errno, str(error))
            self.error = self.app.texts("save.failed", error=why)
            self.app.sound.play("refusal")
            return
        self.saved = str(path)
        self.error = ""
        self.app.sound.play("click")
        # the dialog stays, saying where the file is; its one button now closes it
        self.buttons[1].key = "save.ok"
        self.buttons[0].enabled = False
        self.form.focus = 2

    def title(self) -> str:
        return self.app.texts("save.title")

    def close(self) -> None:
        """Back to the game-over screen."""
        self.app.scenes.pop(fade=False)

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if kind is Kind.CANCEL or (self.saved and kind in (Kind.CONFIRM, Kind.DRAW)):
            self.close()
            return
        if self.saved:
            self.form.handle(intent)  # only the pointer and the close button are left
            return
        if kind is Kind.TEXT:
            if len(self.field.text) < MAX_NAME + 10:
                self.field.text += intent.text
            self.error = ""
            self.form.focus = 0
            return
        if kind is Kind.PASTE:
            try:
                pasted = pygame.scrap.get_text()
            except pygame.error as error:
                log.warning("clipboard unavailable: %s", error)
                return
            self.field.text = (self.field.text + " ".join(pasted.split()))[: MAX_NAME + 10]
            return
        if kind is Kind.UNDO and intent.erase:
            self.field.text = self.field.text[:-1]
            self.error = ""
            return
        if kind in (Kind.NEW, Kind.RESTART, Kind.UNDO, Kind.HINT, Kind.COLUMN, Kind.DRAW):
            return  # letters, digits and spaces typed in the name arrive as TEXT as well
        if kind is Kind.CONFIRM:
            focused = self.form.focused
            if isinstance(focused, Button) and focused is not self.field:
                focused.activate()
            else:
                self.save()
            return
        self.form.handle(intent)

    def update(self, dt: float) -> None:
        self.form.update(dt)
        self.field.caret += dt

    def draw(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        self.draw_frame(surface)
        width = PANEL_W - 80
        where = fit_text(look, texts("save.where", folder=self.folder), 7, width)
        look.type.blit(
            surface, where, 7, p.label, (self.field.rect.left, self.panel.top + 74), shadow=p.ink
        )
        self.form.draw(surface, look, texts)
        y = self.field.rect.bottom + 12
        if self.saved:
            look.type.blit(
                surface,
                texts("save.done"),
                8,
                (110, 214, 128),
                (self.field.rect.left, y),
                shadow=p.ink,
            )
            for i, line in enumerate(wrap_text(look, self.saved, 7, width)[:2]):
                look.type.blit(
                    surface, line, 7, p.white, (self.field.rect.left, y + 22 + i * 18), shadow=p.ink
                )
        elif self.error:
            for i, line in enumerate(wrap_text(look, self.error, 7, width)[:3]):
                look.type.blit(
                    surface, line, 7, p.orange, (self.field.rect.left, y + i * 18), shadow=p.ink
                )
        else:
            look.type.blit(
                surface,
                texts("save.hint", limit=MAX_NAME),
                7,
                p.grey,
                (self.field.rect.left, y),
                shadow=p.ink,
            )
