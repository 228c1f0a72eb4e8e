"""The player's table: a game of solitaire driven by the player's mouse, keys and pad.

:class:`GameScene` is the table (``scenes.solitaire.table``) with the player as its driver
(``scenes.solitaire.player``) and the game's buttons: undo, redo, hint, restart, new deal, menu.
The engine's :class:`~golf.solitaire.session.Game` is the truth; the cards fly after it, and
clicks are hit-tested against where the position puts them, so input during an animation is
never lost.
"""

from __future__ import annotations

from golf.solitaire.session import Game
from scenes.core.input import Kind
from scenes.core.manager import App
from scenes.solitaire.player import Commands, Player, button_row
from scenes.solitaire.table import TableScene

__all__ = ["GameScene"]


class GameScene(TableScene):
    """One game of the player's own on the table."""

    def __init__(self, app: App, game: Game, deal_in: bool = True, record: bool = True) -> None:
        super().__init__(app, game, deal_in=deal_in, record=record)
        buttons = button_row(
            [
                ("button.undo", self.undo, "U", "cyan"),
                ("button.redo", self.redo, "CTRL+Y", "cyan"),
                ("button.hint", self.show_hint, "H", "green"),
                ("button.restart", self.restart, "R", "orange"),
                ("button.new", self.new_deal, "N", "orange"),
                ("button.menu", self.open_menu, "Esc", "pink"),
            ],
            # six fit 1280 px; "Rétablir" clears its key "CTRL+Y" in the corner (in capitals,
            # as on a keycap: OCR read "Ctrl+Y" at 6 pixels as a small c and a yen sign)
            width=206,
            gap=6,
        )
        commands = Commands(
            {
                Kind.NEW: self.new_deal,
                Kind.RESTART: self.restart,
                Kind.HINT: self.show_hint,
                Kind.CANCEL: self.open_menu,
                Kind.MENU: self.open_menu,
            }
        )
        self.driver = Player(self, buttons, commands)
