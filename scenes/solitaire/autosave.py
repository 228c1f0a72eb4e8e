"""The solitaire's part of the window's autosave (``scenes.core.autosave``): which games are kept,
their recording now, and the game to continue ("Continue" on the title puts it back on the
table: ``scenes.solitaire.continued``).

When a game is left (new game, back to the title) or its result shows (the game-over screen)
it is counted and its autosave removed; when the window is closed (or the program killed) on a
game still in play, or on one that ended where Undo is still offered (the blocked dialog), the
autosave stays and that game is not counted in the statistics yet: the player will continue it.
"""

from __future__ import annotations

import logging
from typing import Final, Protocol

from golf.journal.kept_solitaire import AUTOSAVE_DOCUMENT, Snapshot
from golf.solitaire.session import Game
from scenes.core.autosave import Autosave, Recorded, noted
from scenes.core.manager import App
from scenes.solitaire.recorder import Recorder

__all__ = ["Table", "after_action", "clear", "keeps", "pending", "save", "snapshot"]

_KEPT: Final[Autosave[Snapshot]] = Autosave(AUTOSAVE_DOCUMENT)
"""The game's autosave document, kept in the app's records folder."""

log = logging.getLogger(__name__)


class Table(Recorded[Recorder | None], Protocol):
    """What the autosave reads of a solitaire table (``scenes.solitaire.game.GameScene``)."""

    @property
    def game(self) -> Game: ...

    @property
    def elapsed(self) -> float: ...


def keeps(scene: Table) -> bool:
    """Whether ``scene``'s game is one the autosave keeps: a recorded game of the player's own
    with a code (not a replay being watched, the tutorial, or a hole of a round, which has its
    own saved file)."""
    return (
        scene.recorder is not None
        and scene.game.code is not None
        and getattr(scene, "round", None) is None
        and scene.app.records.store is not None
    )


def snapshot(scene: Table) -> Snapshot:
    """The recording of the game on ``scene`` now, with its clocks."""
    assert scene.recorder is not None
    now = noted(scene.recorder)
    return Snapshot.of(scene.game, now.times, now.since, scene.elapsed, now.started, now.file)


def save(scene: Table) -> None:
    """Write the autosave of ``scene``'s game (a notice for the player if that fails)."""
    if keeps(scene):
        _KEPT.save(scene.app, snapshot(scene))


def after_action(scene: Table) -> None:
    """An action was accepted on ``scene``: save the game. A game that ended (won or blocked)
    stays saved until it is counted (the table's outcome clears it then): a kill while the
    blocked dialog offers Undo, or during the win's celebration, loses nothing."""
    if keeps(scene):
        _KEPT.after_action(scene.app, False, lambda: snapshot(scene))


def clear(app: App) -> None:
    """Remove the autosave (the game was left or finished)."""
    _KEPT.clear(app)


def pending(app: App) -> Snapshot | None:
    """The game to continue, if the autosave holds one not counted yet: still in play, or
    ended where the player had not left it (the blocked dialog offering Undo, a win before
    its result showed); Continue puts it back there.

    A bad file is kept aside and its notice added to the records' notices (the title shows
    them).
    """
    saved, notice = _KEPT.load(app)
    if notice is not None:
        app.records.tell(notice)
    if saved is None:
        return None
    try:
        status = saved.game().status
    except ValueError as error:  # checked on reading; only a change of rules could do this
        log.warning("autosave no longer replays: %s", error)
        return None
    log.debug("autosave holds a game %s", status)
    return saved
