"""What keeps a six-card game played at this screen: its autosave, written after every action
(the person's and the computers') and forgotten once the game ends or is left, and its replay
file, written once the game is over.

``scenes.flow`` hands a :class:`TableKeeper` to each table it is asked for (``app.flow``'s
``six_card_keeper``): the table does not import the autosave, which imports the table to put a
saved game back on it. A replay being watched has no keeper.
"""

from __future__ import annotations

import logging
from datetime import datetime

from golf.core.play import Step
from golf.sixcard.actions import Action
from golf.sixcard.game import Match, Refusal, State
from golf.sixcard.replay import SixReplay, save
from golf.sixcard.seating import SixSetup
from scenes.core.manager import App
from scenes.core.navigation import SixCardGame
from scenes.sixcard import autosave as sixautosave

__all__ = ["TableKeeper"]

log = logging.getLogger(__name__)


class TableKeeper:
    """The autosave and the replay file of one table's game."""

    def __init__(self, app: App, game: SixCardGame) -> None:
        self.app = app
        self.game = game
        self.saved_to: str | None = None  # where the replay was written

    # what the autosave reads (scenes.sixcard.parts.SavedGame)
    @property
    def match(self) -> Match:
        return self.game.match

    @property
    def setup(self) -> SixSetup:
        return self.game.setup

    @property
    def times(self) -> list[float]:
        return self.game.times

    @property
    def state(self) -> State:
        return self.game.state

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
        folder = self.app.replays_dir
        if folder is None or self.saved_to is not None:
            return
        started = datetime.now()
        match = self.game.match
        replay = SixReplay.record(
            match.start,
            match.log,
            times=self.game.times,
            seats=self.game.seat_labels(),
            recorded=started.isoformat(timespec="seconds"),
        )
        path = folder / "six-card" / f"{started:%Y-%m-%dT%H-%M-%S}_{match.code}.yaml"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save(replay, path)
        except OSError as error:
            log.warning("cannot save the six-card replay: %s", error)
            return
        self.saved_to = str(path)
        log.info("six-card replay saved to %s", path)
