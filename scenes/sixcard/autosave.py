"""The window's side of ``golf.sixcard.autosave``: save the six-card table after every action
(the person's and the computers'), offer "Continue" in the six-card setup window, and put the
table back exactly as it was.

The file lives in the records' folder (the user data folder; ``Records(folder)`` in tests, and
nothing is written when the records have no folder). It is removed when the game ends (the
final scoreboard) or is left on purpose (back to the title from the pause menu, a new deal);
when the window is closed or the program dies on a game in play it stays, and the setup
window offers to continue it. A file that cannot be read is kept aside by ``golf.core.store`` and
the setup window shows its notice.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from golf.core.store import Store, StoreNotice
from golf.sixcard.autosave import SIX_AUTOSAVE_DOCUMENT, SixSnapshot
from golf.sixcard.game import Match
from scenes.core.manager import App

if TYPE_CHECKING:
    from scenes.sixcard.parts import SavedGame as SixTableScene

__all__ = ["after_action", "clear", "pending", "resume", "save", "snapshot"]

log = logging.getLogger(__name__)

RESUME_PAUSE = 1.0
"""Seconds the restored table rests before a computer moves: time to see where things stand."""


def _store(app: App) -> Store | None:
    return app.records.store


def snapshot(table: SixTableScene) -> SixSnapshot:
    """The snapshot of the game on ``table`` now."""
    match = table.match
    return SixSnapshot.of(
        match.start,
        match.log,
        match.state,
        table.setup.seats,
        table.setup.speed,
        table.times,
    )


def save(table: SixTableScene) -> None:
    """Write the autosave of ``table``'s game (a notice for the player if that fails)."""
    store = _store(table.app)
    if store is None:
        return
    notice = store.try_save(SIX_AUTOSAVE_DOCUMENT, snapshot(table))
    pending_notices = table.app.records.notices
    if notice is not None and notice not in pending_notices:  # told once, not after every move
        pending_notices.append(notice)


def after_action(table: SixTableScene) -> None:
    """An action was taken on ``table``: save the game, or forget it once it is over."""
    if table.state.over:
        clear(table.app)
    else:
        save(table)


def clear(app: App) -> None:
    """Remove the autosave (the game ended or was left)."""
    store = _store(app)
    if store is None:
        return
    store.remove(SIX_AUTOSAVE_DOCUMENT)


def pending(app: App) -> tuple[SixSnapshot | None, StoreNotice | None]:
    """The six-card game to continue, if one was left in play; and a notice for the player
    when the file could not be used (it is then kept aside)."""
    store = _store(app)
    if store is None:
        return None, None
    store.remove_stale_temporaries(SIX_AUTOSAVE_DOCUMENT)
    loaded = store.load(SIX_AUTOSAVE_DOCUMENT)
    if loaded.notice is not None:
        return None, loaded.notice
    saved = loaded.value
    if saved is None:
        return None, None
    if saved.state().over:  # written by hand, or an older program: nothing to continue
        clear(app)
        return None, None
    return saved, None


def resume(app: App, saved: SixSnapshot) -> SixTableScene:
    """Put the saved game on the table: same hole, grids, scores, whose turn; the computers
    carry on from there."""
    from golf.sixcard.seating import KINDS, SixSetup
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
    table = SixTableScene(app, setup, match, times=[t or 0.0 for t in saved.replay.times])
    table.wait = RESUME_PAUSE
    app.scenes.reset(table)
    log.info("continued six-card %s after %d actions", saved.code, len(saved.actions))
    return table
