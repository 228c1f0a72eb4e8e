""" "Continue" on the title: the solitaire game the journal keeps in progress, put back on the table exactly
as it was — position, undo history, move counter, play-time clock and its recording (times and
replay file) — from its recording (``golf.journal.kept_solitaire``)."""

from __future__ import annotations

import logging

from golf.journal.kept_solitaire import Snapshot
from scenes.core.manager import App
from scenes.solitaire.game import GameScene

__all__ = ["continue_game"]

log = logging.getLogger(__name__)


def continue_game(app: App, saved: Snapshot) -> GameScene:
    """Put the saved game on the table: same position, undo history, clocks and recording."""
    scene = GameScene(app, saved.game(), deal_in=False)
    scene.elapsed = saved.elapsed
    if scene.recorder is not None:
        scene.recorder.carry_on(saved)
        # the same game in the journal: its next action is written after its last one
        scene.kept = app.records.solitaire(
            scene.game, saved.started, kept_id=saved.kept_id, written=len(saved.actions)
        )
    if scene.game.status != "playing":
        # it ended where the player had not left it: its result (the blocked dialog with its
        # Undo, or the game-over screen) shows again at once
        scene.ending = 0.0
    app.scenes.reset(scene)
    log.info("continued %s after %d actions", saved.code, len(saved.actions))
    return scene
