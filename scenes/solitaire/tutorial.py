"""How to play: an interactive tutorial on the table, driven by a script file.

:class:`TutorialScene` is the table (``scenes.solitaire.table``) with a :class:`Script` as its
driver. The script (``assets/tutorial.yaml``, read and checked by
:func:`golf.solitaire.tutorial.parse_tutorial`) gives the deal and the steps: a caption, and
either the move the player must make (highlighted, and waited for: any other move is refused
with a word of help, and a move the rules refuse says why, as in a game) or nothing to do but
read. The last step leads to the rules of the variant chosen in the options
(``scenes.solitaire.rules_screen``).
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from golf.solitaire import engine
from golf.solitaire.engine import Action
from golf.solitaire.tutorial import Step, Tutorial, TutorialError, parse_tutorial
from scenes.core.board_text import speak
from scenes.core.input import Intent, Kind
from scenes.core.look import CARD_H, CARD_W, PALETTE, PIXEL, SCREEN_SIZE, chunky_panel
from scenes.core.manager import App
from scenes.core.paths import asset_path
from scenes.core.textfit import wrap_text
from scenes.core.widgets import Button
from scenes.solitaire.layout import (
    STOCK_POS,
    STOCK_SLOT,
    card_at,
    layout,
    slot_rect,
)
from scenes.solitaire.player import GAME_KEYS, button_row, move_cursor
from scenes.solitaire.table import TableScene

__all__ = [
    "Script",
    "Step",
    "Tutorial",
    "TutorialError",
    "TutorialScene",
    "load_tutorial",
    "parse_tutorial",
]

TUTORIAL_FILE = ("tutorial.yaml",)
CAPTION = pygame.Rect(812, 388, SCREEN_SIZE[0] - 812 - 20, 244)
TOAST_AT = (560, 388)  # messages clear of the caption


def load_tutorial(path: Path | None = None) -> Tutorial:
    """The shipped tutorial (or the script at ``path``); raises :class:`TutorialError`."""
    path = path or asset_path(*TUTORIAL_FILE)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise TutorialError(f"{path}: cannot be read ({error})") from None
    return parse_tutorial(text, str(path))


class Script:
    """The tutorial as a table's driver: the player's moves, each checked against the step on
    show before it is played; the caption and the highlight drawn over the table."""

    def __init__(self, table: TableScene, tutorial: Tutorial) -> None:
        self.table = table
        self.app = table.app
        self.tutorial = tutorial
        self.step = 0
        self.pulse = 0.0
        self._buttons = button_row(
            [
                ("button.undo", self._undo_pressed, "U", "cyan"),
                ("tutorial.next", self.next_step, "Enter", "green"),
                ("tutorial.rules", self.finish, "", "orange"),
                ("common.back", self.close, "Esc", "pink"),
            ],
            width=200,
            gap=20,
            size=9,
        )

    @property
    def buttons(self) -> list[Button]:
        return self._buttons

    @property
    def focus(self) -> Button | None:
        """Next while a step is read (Enter and Space press it: the focus frame shows it), none
        while a move is asked for (Enter plays the card under the cursor, Space draws)."""
        return self._buttons[1] if self.current.do is None else None

    # ----------------------------------------------------------------- steps
    @property
    def current(self) -> Step:
        """The step on show."""
        return self.tutorial.steps[self.step]

    def caption(self) -> str:
        """The current step's caption in the player's language."""
        return self.current.say.get(self.app.texts.lang, self.current.say["en"])

    def next_step(self) -> None:
        """Go on (only a step without a move to make; a move goes on by itself)."""
        if self.current.do is not None:
            return
        self._advance()

    def _advance(self) -> None:
        self.table.toasts = []
        if self.step + 1 >= len(self.tutorial.steps):
            self.finish()
            return
        self.step += 1
        self.pulse = 0.0
        self.say_caption()

    def say_caption(self) -> None:
        """With the speak option on, the step's caption after the words of the move."""
        speak(self.app, self.caption(), self.table.toast, interrupt=False)

    def finish(self) -> None:
        """The tutorial is over: the rules of the chosen variant, to read."""
        from scenes.solitaire.rules_screen import RulesScene

        self.app.scenes.replace(RulesScene(self.app, self.app.flow.default_rules()))

    def close(self) -> None:
        """Back to the title."""
        self.app.scenes.pop(fade=True)

    def _undo_pressed(self) -> None:
        self.try_action(Action.undo())

    def try_action(self, action: Action) -> None:
        """The player asks for ``action``: play it if it is the move asked for."""
        table, step = self.table, self.current
        if step.do is None:
            self.next_step()  # reading: any move just goes on
            return
        if action.kind == engine.PLAY and action.row:
            column = table.game.position.columns[action.column - 1]
            if action.row < len(column):  # a covered card: the game says why
                table.act(action)
                return
            action = Action.play(action.column)
        if action == step.do:
            if table.act(action) is None:
                self._advance()
            return
        if action.kind != engine.UNDO and table.game.refusal(action) is not None:
            table.act(action)  # refused by the rules: the usual message
            return
        key = "tutorial.not_undo" if action.kind == engine.UNDO else "tutorial.not_this"
        table.toast(self.app.texts(key), PALETTE.white)
        self.app.sound.play("refusal")

    # ----------------------------------------------------------------- input and time
    def handle(self, intent: Intent) -> None:
        table = self.table
        for button in self._buttons:
            if button.handle(intent):
                table.cursor_visible = False
                return
        kind = intent.kind
        if kind in GAME_KEYS and table.animating and not table.game.log:
            table.fast_forward()  # a key during the deal lands the cards first
        reading = self.current.do is None
        if kind is Kind.CLICK and intent.pos is not None:
            action = card_at(table.game.position, intent.pos)
            if action is not None:
                self.try_action(action)
            elif reading and not CAPTION.collidepoint(intent.pos):
                self.next_step()
        elif kind is Kind.COLUMN and intent.column is not None:
            table.cursor = intent.column - 1
            self.try_action(Action.play(intent.column))
        elif kind in (Kind.DRAW, Kind.CONFIRM) and reading:
            if not self._buttons[1].activate():  # Next, focused: pressed as a click presses it
                self.next_step()  # (its enabled state is set on the next frame)
        elif kind is Kind.DRAW:
            self.try_action(Action.draw())
        elif kind is Kind.CONFIRM:
            if table.cursor_visible and table.cursor < STOCK_SLOT:
                self.try_action(Action.play(table.cursor + 1))
            else:
                self.try_action(Action.draw())
        elif kind is Kind.UNDO:
            self.try_action(Action.undo())
        elif kind in (Kind.CANCEL, Kind.MENU):
            self.close()
        else:
            move_cursor(table, kind)

    def update(self, dt: float) -> None:
        self._buttons[0].enabled = self.table.game.can_undo
        self.pulse += dt
        self._buttons[1].enabled = self.current.do is None

    # ----------------------------------------------------------------- drawing
    def target(self) -> pygame.Rect | None:
        """What the current step highlights: the card to play, the stock, the waste, Undo."""
        step = self.current
        position = self.table.game.position
        what = step.point
        if step.do is not None:
            what = {engine.DRAW: "stock", engine.UNDO: "undo"}.get(
                step.do.kind, f"column {step.do.column}"
            )
        if what is None:
            return None
        if what == "undo":
            return self._buttons[0].rect.copy()
        if what == "stock":
            return pygame.Rect(STOCK_POS[0], STOCK_POS[1], CARD_W, CARD_H)
        if what == "waste":
            top = position.waste_top
            if top is None:
                return None
            place = layout(position)[top]
            return pygame.Rect(place.x, place.y, CARD_W, CARD_H)
        return slot_rect(position, int(what.split()[1]) - 1)

    def draw(self, surface: pygame.Surface) -> None:
        """The highlight, the caption, and the table's messages (over them, left of the
        caption)."""
        look, texts, p = self.app.look, self.app.texts, PALETTE
        target = self.target()
        if target is not None and not self.table.animating:
            glow = 2 + round((math.sin(self.pulse * 6) + 1) * 2) * PIXEL
            frame = target.inflate(2 * glow + 4 * PIXEL, 2 * glow + 4 * PIXEL)
            pygame.draw.rect(
                surface, p.ink, frame.inflate(2 * PIXEL, 2 * PIXEL), 2 * PIXEL, border_radius=12
            )
            pygame.draw.rect(surface, p.gold, frame, 3 * PIXEL, border_radius=10)
            tip = (frame.centerx, frame.top - 4 * PIXEL)
            pygame.draw.polygon(
                surface, p.gold, [(tip[0] - 14, tip[1] - 18), (tip[0] + 14, tip[1] - 18), tip]
            )
        chunky_panel(surface, CAPTION)
        heading = texts("tutorial.step", index=self.step + 1, total=len(self.tutorial.steps))
        look.type.blit(
            surface, heading, 7, p.gold, (CAPTION.left + 20, CAPTION.top + 14), shadow=p.ink
        )
        y = CAPTION.top + 42
        for line in wrap_text(look, self.caption(), 8, CAPTION.width - 40, "regular")[:7]:
            look.type.blit(
                surface, line, 8, p.white, (CAPTION.left + 20, y), shadow=p.ink, face="regular"
            )
            y += 22
        hint = texts("tutorial.do_hint" if self.current.do else "tutorial.continue_hint")
        look.type.blit(
            surface, hint, 7, p.cyan, (CAPTION.left + 20, CAPTION.bottom - 28), shadow=p.ink
        )
        for toast in self.table.toasts:
            toast.draw(surface, look, TOAST_AT)


class TutorialScene(TableScene):
    """The tutorial's deal on the table, driven by its :class:`Script`."""

    def __init__(self, app: App, tutorial: Tutorial) -> None:
        super().__init__(app, tutorial.replay.start(), deal_in=True, record=False, hints=False)
        self.tutorial = tutorial
        self.script = Script(self, tutorial)
        self.driver = self.script
        self.view.keeps_frames = False  # the caption and the highlight are drawn over it
        self.view.show_toasts = False  # the script draws them, over its caption
        self.caption, self.target = self.script.caption, self.script.target
        self.next_step, self.try_action = self.script.next_step, self.script.try_action

    def enter(self) -> None:
        super().enter()
        self.script.say_caption()

    @property
    def step(self) -> int:
        """The step on show (0-based)."""
        return self.script.step

    @property
    def current(self) -> Step:
        """The step on show."""
        return self.script.current
