"""The solitaire table's game in the journal of play: written action by action, its clocks
when it is left in play, and the game Continue puts back on the table
(``scenes.solitaire.continued``).

When a game is left (new game, back to the title) or its result shows (the game-over screen)
it is counted. When the window is closed (or the program killed) on a game still in play, or
on one that ended where Undo is still offered (the blocked dialog), it stays in progress in the
journal and is not counted yet: the player will continue it.
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

from golf.core.record import Clocks
from golf.journal.kept_solitaire import Snapshot
from golf.solitaire.engine import Action
from golf.solitaire.session import Game
from scenes.core.manager import App
from scenes.core.records import JournalGame
from scenes.solitaire.recorder import Recorder

__all__ = ["Table", "after_action", "keeps", "pending", "save"]

log = logging.getLogger(__name__)


class Table(Protocol):
    """What the journal reads of a solitaire table (``scenes.solitaire.game.GameScene``)."""

    @property
    def app(self) -> App: ...

    recorder: Recorder | None
    elapsed: float
    kept: JournalGame | None

    @property
    def game(self) -> Game: ...


def keeps(scene: Table) -> bool:
    """Whether ``scene``'s game is kept for Continue: a recorded game of the player's own with
    a code (not a replay being watched, the tutorial, or a hole of a round, which the round
    keeps), in a folder this copy of the game owns."""
    return scene.kept is not None and scene.kept.round_id is None and scene.app.records.keeps_games


def _setup(recorder: Recorder) -> dict[str, Any]:
    recorder.note()
    path = recorder.target()
    return {} if path is None else {"file": path.name}


def after_action(scene: Table) -> None:
    """An action was accepted on ``scene``: it is written to the journal before the next frame.
    A game that ended (won or blocked) stays in progress until it is counted (the table's
    outcome counts it): a kill while the blocked dialog offers Undo loses nothing."""
    kept, recorder = scene.kept, scene.recorder
    if kept is None or recorder is None:
        return
    setup = _setup(recorder)
    kept.sync([str(a) for a in scene.game.log], recorder.times, scene.elapsed, setup)


def save(scene: Table) -> None:
    """The game is left in play (the window closes, back to the title): every action and its
    clocks are in the journal."""
    kept, recorder = scene.kept, scene.recorder
    if kept is None or recorder is None:
        return
    after_action(scene)
    kept.leave(scene.elapsed, recorder.since, _setup(recorder))


def pending(app: App) -> Snapshot | None:
    """The solitaire game to continue, if one is in progress (not a round's hole): still in
    play, or ended where the player had not left it (the blocked dialog offering Undo, a win
    before its result showed); Continue puts it back there."""
    if not app.records.keeps_games:
        return None
    for kept in app.records.journal.kept("solitaire"):
        if kept.round_id is not None:
            continue
        try:
            snapshot = Snapshot(
                kept.code,
                tuple(Action.parse(a) for a in kept.actions),
                kept.times,
                Clocks(kept.since, kept.elapsed),
                kept.started,
                kept.setup.get("file") if isinstance(kept.setup.get("file"), str) else None,
                kept_id=kept.id,
            )
            snapshot.game()
        except ValueError as error:
            log.warning("the game in progress %s no longer replays: %s", kept.code, error)
            continue
        return snapshot
    return None
