"""The player as a table's driver: intents from the mouse, the keys and the pad become actions.

A click is hit-tested against where the position puts the cards (never the moving sprites): a
free card is taken in the hand (``scenes.solitaire.drag``: played on the release, or dragged onto
the waste), the stock draws at once. A column key plays that column's free card, Space draws,
the arrows move a cursor over the columns and the stock, Enter plays what the cursor is on; U
(Ctrl+Z, Backspace, the pad's B) undoes and Ctrl+Y (Ctrl+Shift+Z, the pad's right shoulder)
redoes, neither once a round's hole is over. Any other input lets go of a card in the hand
first. The first game key pressed during the deal lands the cards; a key during the
celebration skips to the result. The table's commands (hint, restart, new deal, menu…) come as
the screen lists them in :class:`Commands`: a round offers no restart, the tutorial checks each
move against its script before it is played.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from golf.solitaire.engine import Action
from scenes.core import widgets
from scenes.core.input import Intent, Kind
from scenes.core.widgets import Button
from scenes.solitaire.drag import CardDrag
from scenes.solitaire.layout import BUTTON_Y, COLUMNS, STOCK_SLOT, card_at
from scenes.solitaire.table import TableScene

__all__ = ["GAME_KEYS", "Commands", "Player", "button_row", "move_cursor"]

GAME_KEYS = (Kind.CLICK, Kind.COLUMN, Kind.DRAW, Kind.CONFIRM, Kind.UNDO, Kind.REDO)
"""The intents that act on the game (they land the deal first)."""

TAKE_BACK = (Kind.UNDO, Kind.REDO)
"""Undo and redo: still offered once the game is over (but for a round's hole)."""


def button_row(
    specs: list[tuple[str, Callable[[], None], str, str]],
    *,
    width: int,
    gap: int,
    size: int = 10,
) -> list[Button]:
    """A table's buttons side by side, centred above the bottom edge; a spec is (label key,
    action, key hint, style); ``size`` the labels' type size."""
    return widgets.button_row(
        [(key, action, style) for key, action, _, style in specs],
        BUTTON_Y,
        width,
        gap=gap,
        hints=[hint for _, _, hint, _ in specs],
        size=size,
    )


def move_cursor(table: TableScene, kind: Kind) -> bool:
    """The arrows: move the cursor over the columns and the stock (the first press shows it);
    False when ``kind`` is not an arrow."""
    if kind in (Kind.LEFT, Kind.RIGHT):
        if not table.cursor_visible:
            table.cursor_visible = True
        else:
            step = -1 if kind is Kind.LEFT else 1
            table.cursor = (table.cursor + step) % (COLUMNS + 1)
    elif kind is Kind.DOWN:
        table.cursor_visible = True
        table.cursor = STOCK_SLOT
    elif kind is Kind.UP:
        table.cursor_visible = True
        if table.cursor == STOCK_SLOT:
            table.cursor = 3
    else:
        return False
    return True


@dataclass
class Commands:
    """What the player's keys ask of the screen besides actions: each intent's command."""

    keys: dict[Kind, Callable[[], None]] = field(default_factory=dict)
    letters: dict[str, Callable[[], None]] = field(default_factory=dict)  # typed, any case
    undo_after_end: bool = True  # whether Undo (and Redo) still act once the game is over


class Player:
    """The player's hands on a table: its buttons, and intents turned into actions."""

    def __init__(
        self,
        table: TableScene,
        buttons: list[Button],
        commands: Commands,
        play: Callable[[Action], object] | None = None,
    ) -> None:
        self.table = table
        self._buttons = buttons
        self.commands = commands
        self.play: Callable[[Action], object] = play or table.act
        self.drag = CardDrag(table, lambda action: self.play(action))
        self.update(0.0)  # Undo and Redo lit as the game stands, from the first frame

    @property
    def buttons(self) -> list[Button]:
        return self._buttons

    def handle(self, intent: Intent) -> None:
        table, kind = self.table, intent.kind
        if kind is Kind.POINT and intent.pos is not None:
            self.drag.move(intent.pos)
        elif kind is Kind.RELEASE and intent.pos is not None:
            self.drag.release(intent.pos)
            return
        else:
            self.drag.cancel()  # any other input first lets go of a card in the hand
        for button in self._buttons:
            if button.handle(intent):
                table.cursor_visible = False
                return
        if kind is Kind.POINT:
            return
        if kind is Kind.TEXT:
            letter = self.commands.letters.get(intent.text.lower())
            if letter is not None:
                letter()
            return
        if kind in TAKE_BACK and not self._takes_back():
            return
        if table.ending is not None and kind not in (*TAKE_BACK, Kind.CANCEL, Kind.MENU):
            if kind in (Kind.CLICK, Kind.CONFIRM, Kind.DRAW):
                table.fountain = False  # skip the celebration straight to the result
                table.fast_forward()
                table.ending = 0.0
            return
        if kind in GAME_KEYS and table.animating and table.game.moves == 0 and not table.game.log:
            table.fast_forward()  # a game key during the deal lands the cards first
        if not self._act(intent):
            command = self.commands.keys.get(kind)
            if command is not None:
                command()

    def _act(self, intent: Intent) -> bool:
        """The intents that act on the game or move the cursor; False for any other."""
        table, kind = self.table, intent.kind
        if kind is Kind.CLICK and intent.pos is not None:
            action = card_at(table.game.position, intent.pos)
            if action is not None:
                table.cursor_visible = False
                if not self.drag.press(action, intent.pos):
                    self.play(action)
        elif kind is Kind.COLUMN and intent.column is not None:
            table.cursor = intent.column - 1
            self.play(Action.play(intent.column))
        elif kind is Kind.DRAW:
            self.play(Action.draw())
        elif kind is Kind.CONFIRM:
            if table.cursor_visible and table.cursor < STOCK_SLOT:
                self.play(Action.play(table.cursor + 1))
            else:
                self.play(Action.draw())
        elif kind is Kind.UNDO:
            if table.ending is not None and table.game.status != "won":
                table.ending = None
            self.play(Action.undo())
        elif kind is Kind.REDO:
            self.play(Action.redo())
        else:
            return move_cursor(table, kind)
        return True

    def _takes_back(self) -> bool:
        """Whether undo and redo act now: not once a round's hole is over (its strokes
        stand)."""
        return self.commands.undo_after_end or not self.table.game.over

    def update(self, dt: float) -> None:
        game = self.table.game
        for button in self._buttons:
            if button.key == "button.undo":
                button.enabled = game.can_undo and self._takes_back()
            elif button.key == "button.redo":
                button.enabled = game.can_redo and self._takes_back()

    def draw(self, surface: pygame.Surface) -> None:
        """The player's table has nothing over it."""
