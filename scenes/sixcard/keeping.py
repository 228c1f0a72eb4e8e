"""What keeps a six-card game played at this screen: its autosave, written after every action
(the person's and the computers') and forgotten once the game ends or is left, and its replay
file, written through the table's recorder once the game is over.

Each table that is not a watched replay has a :class:`TableKeeper`, one of its play session's
listeners. It reads the table through :class:`KeptTable`, so that neither it nor the autosave
imports the table (``scenes.sixcard.continued`` imports the table to put a saved game back).
"""

from __future__ import annotations

import logging
from typing import Protocol

from golf.core.play import Step
from golf.sixcard.actions import Action
from golf.sixcard.game import Match, Refusal, State
from golf.sixcard.seating import SixSetup
from scenes.core.manager import App
from scenes.sixcard import autosave as sixautosave
from scenes.sixcard.recorder import SixRecorder

__all__ = ["KeptTable", "TableKeeper"]

log = logging.getLogger(__name__)


class KeptTable(Protocol):
    """A six-card table as what keeps its game reads it."""

    @property
    def match(self) -> Match: ...

    @property
    def setup(self) -> SixSetup: ...

    @property
    def state(self) -> State: ...

    @property
    def recorder(self) -> SixRecorder: ...

    def seat_labels(self) -> list[str]:
        """What the replay file calls each seat ("You", "Birdie (medium)")."""
        ...


class TableKeeper:
    """The autosave and the replay file of one table's game."""

    def __init__(self, app: App, game: KeptTable) -> None:
        self.app = app
        self.game = game
        self.saved_to: str | None = None  # where the replay was written

    # what the autosave reads (scenes.sixcard.autosave.Table)
    @property
    def match(self) -> Match:
        return self.game.match

    @property
    def setup(self) -> SixSetup:
        return self.game.setup

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def recorder(self) -> SixRecorder:
        return self.game.recorder

    def heard(self, step: Step[Action, State, Refusal]) -> None:
        """An action was taken: save the game, or forget it once it is over (and write its
        replay)."""
        if not step.applied:
            return
        sixautosave.after_action(self)  # saved, or forgotten once the game is over
        if step.after.phase == "game_over":
            self.save_replay()

    def forget(self) -> None:
        """The saved game is no more (a new game replaces it, or it was left on purpose)."""
        sixautosave.clear(self.app)

    def save_replay(self) -> None:
        """Write the game's replay (every player's actions) to the replays folder."""
        if self.app.replays_dir is None or self.saved_to is not None:
            return
        path = self.game.recorder.save_with_seats(self.game.seat_labels())
        if path is None:
            return
        self.saved_to = str(path)
        log.info("six-card replay saved to %s", path)
