"""The player's table: a game of solitaire driven by the player's mouse, keys and pad.

:class:`GameScene` is the table (``scenes.solitaire.table``) with the player as its driver
(``scenes.solitaire.player``) and the game's buttons: undo, hint, restart, new deal, menu. The
engine's :class:`~golf.solitaire.session.Game` is the truth; the cards fly after it, and clicks
are hit-tested against where the position puts them, so input during an animation is never lost.
:func:`continue_game` puts an autosaved game back on the table.
"""

from __future__ import annotations

import logging

from golf.solitaire.autosave import Snapshot
from golf.solitaire.session import Game
from scenes.core.input import Kind
from scenes.core.manager import App
from scenes.solitaire.player import Commands, Player, button_row
from scenes.solitaire.table import TableScene

__all__ = ["GameScene", "continue_game"]

log = logging.getLogger(__name__)


class GameScene(TableScene):
    """One game of the player's own on the table."""

    def __init__(self, app: App, game: Game, deal_in: bool = True, record: bool = True) -> None:
        super().__init__(app, game, deal_in=deal_in, record=record)
        buttons = button_row(
            [
                ("button.undo", self.undo, "U", "cyan"),
                ("button.hint", self.show_hint, "H", "green"),
                ("button.restart", self.restart, "R", "orange"),
                ("button.new", self.new_deal, "N", "orange"),
                ("button.menu", self.open_menu, "Esc", "pink"),
            ],
            width=168,
            gap=20,
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


def continue_game(app: App, saved: Snapshot) -> GameScene:
    """Put the saved game on the table: same position, undo history, clocks and recording."""
    scene = GameScene(app, saved.game(), deal_in=False)
    scene.elapsed = saved.elapsed
    recorder = scene.recorder
    if recorder is not None:
        recorder.started = saved.started or recorder.started
        recorder.times = list(saved.times)
        recorder.since = saved.since
        if saved.replay is not None and recorder.folder is not None:
            recorder.path = recorder.folder / saved.replay
    app.scenes.reset(scene)
    log.info("continued %s after %d actions", saved.code, len(saved.actions))
    return scene
