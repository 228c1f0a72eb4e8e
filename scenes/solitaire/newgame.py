"""The new-game window: rules (preset and every variant switch), a game code, a random deal.

A code typed or pasted here names the whole game, so its rules show in the switches at once;
changing a switch while a code is in the field rewrites the code for the same deal. A wrong code is
refused with the engine's message, which shows the expected form.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from golf.solitaire.codes import CodeError, format_code, parse_code
from golf.solitaire.rules import PRESETS, Rules
from golf.solitaire.session import Game
from scenes.core.dialog import draw_frame
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, PIXEL, SCREEN_SIZE
from scenes.core.manager import App, Scene
from scenes.core.textfit import wrap_words
from scenes.core.widgets import Button, ButtonSpec, Choice, Form, TextField, button_row

__all__ = ["CodeField", "NewGameScene"]

log = logging.getLogger(__name__)

ROW_W, ROW_H, ROW_GAP = 800, 42, 6
TOP = 96
CODE_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
CODE_MAX = 24


class CodeField(TextField):
    """The code box: typing goes here; Enter on it starts the game."""

    text_size = 12
    face = "mono"
    caret_w = 3 * PIXEL
    caret_inset = 8


class NewGameScene(Scene):
    """Pick the rules, type or paste a code, or deal at random."""

    overlay = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rules: Rules = app.flow.default_rules()
        self.error = ""
        self.shown = False  # no frame yet: text arriving now was typed for the scene below
        x = (SCREEN_SIZE[0] - ROW_W) // 2
        texts = app.texts

        def on_off(value: object) -> str:
            return app.texts("common.on" if value else "common.off")

        def preset_text(value: object) -> str:
            name = self.rules.preset_name()
            return texts(f"rules.{name}") if name else texts("rules.custom")

        rows: list[tuple[str, list[object], Callable[[object], str], Callable[[object], None]]] = [
            ("new.rules", list(PRESETS), preset_text, self._preset),
            ("rule.king_ace", [True, False], on_off, self._switch("king_ace")),
            ("rule.queen_on_king", [True, False], on_off, self._switch("queen_on_king")),
            ("rule.draw_any_time", [True, False], on_off, self._switch("draw_any_time")),
            ("rule.jokers", [0, 1, 2], str, self._switch("jokers")),
            ("rule.empty_waste", [False, True], on_off, self._switch("empty_waste")),
            (
                "rule.scoring",
                ["points", "strokes"],
                lambda v: app.texts(f"scoring.{v}"),
                self._switch("scoring"),
            ),
            ("new.winnable", [False, True], on_off, self._winnable),
        ]
        self.choices: list[Choice] = []
        for i, (key, values, show, change) in enumerate(rows):
            rect = pygame.Rect(x, TOP + i * (ROW_H + ROW_GAP), ROW_W, ROW_H)
            self.choices.append(Choice(rect, key, values, 0, show, change))
        y = TOP + len(rows) * (ROW_H + ROW_GAP) + 40
        self.field = CodeField(pygame.Rect(x + 12, y, ROW_W - 24, 48), "new.code", self.start)
        y += 48 + 70
        specs: list[ButtonSpec] = [
            ("new.paste", self.paste, "cyan"),
            ("new.random", self.random_deal, "orange"),
            ("new.start", self.start, "green"),
            ("common.back", self.close, "pink"),
        ]
        self.buttons = button_row(specs, y, 184, gap=16, height=50, size=9)
        items: list[Choice | Button] = [*self.choices, self.field, *self.buttons]
        self.form = Form(items)
        self.panel = pygame.Rect(x - 36, 20, ROW_W + 72, y + 50 + 26 - 20)
        self._sync()

    # ------------------------------------------------------------ rules and code
    def _preset(self, value: object) -> None:
        self.rules = PRESETS[str(value)]
        self._rules_changed()

    def _switch(self, name: str) -> Callable[[object], None]:
        def change(value: object) -> None:
            self.rules = self.rules.with_(**{name: value})
            self._rules_changed()

        return change

    def _winnable(self, value: object) -> None:
        """Random deals the solver proves winnable, or any: kept for the rules chosen here."""
        self.app.change_settings(self.app.settings.with_winnable(self.rules, bool(value)))

    def _rules_changed(self) -> None:
        code = self._parsed()
        if code is not None:
            self.field.text = format_code(code[0], self.rules)
        self._sync()

    def _sync(self) -> None:
        r = self.rules
        values: list[object] = [
            r.preset_name() or "easy",
            r.king_ace,
            r.queen_on_king,
            r.draw_any_time,
            r.jokers,
            r.empty_waste,
            r.scoring,
            self.app.settings.winnable(r),
        ]
        for choice, value in zip(self.choices, values, strict=True):
            choice.set(value)

    def _parsed(self) -> tuple[int, Rules] | None:
        if not self.field.text:
            return None
        try:
            code = parse_code(self.field.text)
        except CodeError:
            return None
        return code.number, code.rules

    def set_code(self, text: str) -> None:
        """Put ``text`` in the code field; a valid code shows its rules."""
        cleaned = "".join(ch for ch in text.upper() if ch in CODE_CHARS)[:CODE_MAX]
        self.field.text = cleaned
        self.error = ""
        parsed = self._parsed()
        if parsed is not None:
            self.rules = parsed[1]
            self._sync()

    def paste(self) -> None:
        """The clipboard's text into the code field."""
        try:
            text = pygame.scrap.get_text()
        except pygame.error as error:
            log.warning("clipboard unavailable: %s", error)
            return
        self.set_code(text.strip())
        self.form.focus = self.form.items.index(self.field)

    # ------------------------------------------------------------ starting
    def start(self) -> None:
        """The game the code names, or a random deal when the field is empty."""
        if not self.field.text.strip():
            self.random_deal()
            return
        try:
            code = parse_code(self.field.text)
        except CodeError as error:
            self.error = error.text(self.app.texts.lang)
            self.app.sound.play("refusal")
            return
        self.app.flow.start_game(Game.new(code.number, code.rules))

    def random_deal(self) -> None:
        """A random deal under the rules shown."""
        self.app.flow.new_game(self.rules)

    def close(self) -> None:
        """Back to where the window was opened from."""
        self.app.scenes.pop(fade=False)

    # ------------------------------------------------------------ input
    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if kind is Kind.CANCEL:
            self.close()
            return
        if kind is Kind.TEXT:
            if not self.shown:
                # typed before the window showed: the text of the key that opened it (SDL
                # sends N's key press and the "n" it types as two events of one press)
                return
            self.set_code(self.field.text + intent.text)
            self.form.focus = self.form.items.index(self.field)
            return
        if kind is Kind.PASTE:
            self.paste()
            return
        if kind is Kind.UNDO and intent.erase:
            self.set_code(self.field.text[:-1])
            return
        if kind in (Kind.NEW, Kind.RESTART, Kind.UNDO, Kind.HINT, Kind.COLUMN):
            return  # letters and digits typed for the code arrive as TEXT as well
        if kind is Kind.DRAW and self.form.focused is self.field:
            return  # a space typed in the code field
        self.form.handle(intent)

    def update(self, dt: float) -> None:
        self.shown = True
        self.form.update(dt)
        self.field.caret += dt

    def draw(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        draw_frame(surface, look, self.panel, texts("new.title"), top=18)
        self.form.draw(surface, look, texts)
        look.type.blit(
            surface,
            texts("new.code") + " — " + texts("new.code_hint"),
            8,
            p.grey,
            (self.field.rect.left, self.field.rect.top - 8),
            anchor="bottomleft",
            shadow=p.ink,
        )
        below = (self.field.rect.left, self.field.rect.bottom + 10)
        if self.error:
            for i, line in enumerate(wrap_words(look, self.error, 7, self.field.rect.width)):
                look.type.blit(
                    surface, line, 7, p.orange, (below[0], below[1] + i * 18), shadow=p.ink
                )
        elif self.app.settings.winnable(self.rules) and not self.field.text:
            look.type.blit(
                surface,
                texts("new.winnable") + " — " + texts("winnable.label"),
                8,
                p.gold,
                below,
                shadow=p.ink,
            )
        elif self._parsed() is not None:
            look.type.blit(
                surface,
                "✓ " + texts("new.code_for_deal", code=self.field.text),
                8,
                p.lime,
                below,
                shadow=p.ink,
            )
