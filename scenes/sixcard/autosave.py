"""The six-card game's part of the window's autosave (``scenes.core.autosave``): the table's
recording after every action (the person's and the computers'), "Continue" in the six-card setup
window, and the table put back exactly as it was.

The file is removed when the game ends (the final scoreboard) or is left on purpose (back to
the title from the pause menu, a new deal); when the window is closed or the program dies on a
game in play it stays, and the setup window offers to continue it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from golf.core.record import Clocks
from golf.core.store import StoreNotice
from golf.sixcard.autosave import SIX_AUTOSAVE_DOCUMENT, SixSnapshot
from golf.sixcard.game import Match
from scenes.core.autosave import Autosave
from scenes.core.manager import App

if TYPE_CHECKING:
    from scenes.sixcard.table import SixTableScene

__all__ = ["after_action", "clear", "pending", "resume", "save", "snapshot"]

log = logging.getLogger(__name__)

RESUME_PAUSE = 1.0
"""Seconds the restored table rests before a computer moves: time to see where things stand."""


def _autosave(app: App) -> Autosave[SixSnapshot]:
    return Autosave(app, SIX_AUTOSAVE_DOCUMENT)


def snapshot(table: SixTableScene) -> SixSnapshot:
    """The recording of the game on ``table`` now, with its clock and its seats."""
    match = table.match
    recorder = table.recorder
    recorder.note()
    path = recorder.target()  # chosen now, so that a continued game keeps its replay's file
    return SixSnapshot.of(
        match.start,
        match.log,
        match.state,
        table.setup.seats,
        table.setup.speed,
        recorder.times,
        Clocks(recorder.since),
        recorder.started,
        path.name if path is not None else None,
    )


def save(table: SixTableScene) -> None:
    """Write the autosave of ``table``'s game (a notice for the player if that fails)."""
    _autosave(table.app).save(snapshot(table))


def after_action(table: SixTableScene) -> None:
    """An action was taken on ``table``: save the game, or forget it once it is over."""
    _autosave(table.app).after_action(table.state.over, lambda: snapshot(table))


def clear(app: App) -> None:
    """Remove the autosave (the game ended or was left)."""
    _autosave(app).clear()


def pending(app: App) -> tuple[SixSnapshot | None, StoreNotice | None]:
    """The six-card game to continue, if one was left in play; and a notice for the player
    when the file could not be used (it is then kept aside)."""
    saved, notice = _autosave(app).load()
    if saved is not None and saved.state().over:  # written by hand, or an older program
        clear(app)
        return None, None
    return saved, notice


def resume(app: App, saved: SixSnapshot) -> SixTableScene:
    """Put the saved game on the table: same hole, grids, scores, whose turn, clock and
    recording; the computers carry on from there."""
    from scenes.sixcard.setup import KINDS, SixSetup
    from scenes.sixcard.table import SixTableScene

    start, now = saved.states()
    match = Match(start)
    match.state = now
    match.log = list(saved.actions)
    kinds = saved.kinds + SixSetup().kinds[len(saved.kinds) :]
    assert all(kind in KINDS for kind in kinds)
    setup = SixSetup(
        players=start.players,
        kinds=kinds,
        rules=start.rules,
        speed=saved.speed,
        number=start.number,
    )
    table = SixTableScene(app, setup, match, times=list(saved.times))
    recorder = table.recorder
    recorder.since = saved.since
    recorder.started = saved.started or recorder.started
    if saved.file is not None and recorder.folder is not None:
        recorder.path = recorder.folder / saved.file
    table.wait = RESUME_PAUSE
    app.scenes.reset(table)
    log.info("continued six-card %s after %d actions", saved.code, len(saved.actions))
    return table
