""""Continue" on the title: the solitaire game the autosave holds, put back on the table exactly
as it was — position, undo history, move counter, play-time clock and its recording (times and
replay file) — from its snapshot (``golf.solitaire.autosave``)."""

from __future__ import annotations

import logging

from golf.solitaire.autosave import Snapshot
from scenes.core.manager import App
from scenes.solitaire.game import GameScene

__all__ = ["continue_game"]

log = logging.getLogger(__name__)


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
