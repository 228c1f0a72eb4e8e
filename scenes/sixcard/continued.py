""" "Continue" in the six-card setup window: the game the journal keeps in progress, put back on the table
exactly as it was — hole, grids, scores, whose turn, the seats and pace, the table's clock and
its recording — from its recording (``golf.journal.kept_sixcard``); the computers carry on."""

from __future__ import annotations

import logging

from golf.journal.kept_sixcard import SixSnapshot
from golf.sixcard.game import Match
from golf.sixcard.seating import KINDS, SixSetup
from scenes.core.manager import App
from scenes.sixcard.table import SixTableScene

__all__ = ["RESUME_PAUSE", "continue_game"]

log = logging.getLogger(__name__)

RESUME_PAUSE = 1.0
"""Seconds the restored table rests before a computer moves: time to see where things stand."""


def continue_game(app: App, saved: SixSnapshot) -> SixTableScene:
    """Put the saved game on the table: same hole, grids, scores, whose turn, clock and
    recording; the computers carry on from there."""
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
    table.recorder.carry_on(saved)
    if table.keeper is not None:
        table.keeper.resume(saved.kept_id, len(saved.actions))
    table.wait = RESUME_PAUSE
    app.scenes.reset(table)
    log.info("continued six-card %s after %d actions", saved.code, len(saved.actions))
    return table
