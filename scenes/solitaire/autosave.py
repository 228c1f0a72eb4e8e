"""The window's side of ``golf.solitaire.autosave``: save the game on the table after every action, offer
"Continue" on the title, and put the game back exactly as it was.

The file lives in the records' folder (the user data folder; ``Records(folder)`` in tests, and
nothing is written when the records have no folder). A file that cannot be read is kept aside by
``golf.core.store`` and its notice joins the records' notices, which the title shows.

When a game is left (new game, back to the title) its autosave is removed; when the window is
closed on a game still in play the autosave stays, and that game is not counted in the
statistics yet: the player will continue it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from golf.core.store import Store
from golf.solitaire.autosave import AUTOSAVE_DOCUMENT, Snapshot
from scenes.core.manager import App

if TYPE_CHECKING:
    from scenes.solitaire.table_state import TableState as GameScene

__all__ = ["after_action", "clear", "keeps", "pending", "save"]

log = logging.getLogger(__name__)


def _store(app: App) -> Store | None:
    return app.records.store


def keeps(scene: GameScene) -> bool:
    """Whether ``scene``'s game is one the autosave keeps: a recorded game of the player's own
    with a code (not a replay being watched, the tutorial, or a hole of a round, which has its
    own saved file)."""
    return (
        scene.recorder is not None
        and scene.game.code is not None
        and getattr(scene, "round", None) is None
        and _store(scene.app) is not None
    )


def snapshot(scene: GameScene) -> Snapshot:
    """The snapshot of the game on ``scene`` now."""
    recorder = scene.recorder
    assert recorder is not None
    recorder.note()
    return Snapshot.of(
        scene.game,
        recorder.times,
        recorder.since,
        scene.elapsed,
        recorder.started,
        recorder.path.name if recorder.path is not None else None,
    )


def save(scene: GameScene) -> None:
    """Write the autosave of ``scene``'s game (a notice for the player if that fails)."""
    store = _store(scene.app)
    if store is None or not keeps(scene):
        return
    recorder = scene.recorder
    if recorder is not None and recorder.path is None and recorder.folder is not None:
        recorder._target()  # choose the replay's file now, so a continued game keeps it
    notice = store.try_save(AUTOSAVE_DOCUMENT, snapshot(scene))
    pending_notices = scene.app.records.notices
    if notice is not None and notice not in pending_notices:  # told once, not after every move
        pending_notices.append(notice)


def after_action(scene: GameScene) -> None:
    """An action was accepted on ``scene``: save the game, or forget it once it is won."""
    if not keeps(scene):
        return
    if scene.game.status == "won":
        clear(scene.app)
    else:
        save(scene)


def clear(app: App) -> None:
    """Remove the autosave (the game was left or finished)."""
    store = _store(app)
    if store is None:
        return
    store.remove(AUTOSAVE_DOCUMENT)


def pending(app: App) -> Snapshot | None:
    """The game to continue, if the autosave holds one still in play.

    A bad file is kept aside and its notice added to the records' notices (the title shows
    them); a finished game is forgotten.
    """
    store = _store(app)
    if store is None:
        return None
    store.remove_stale_temporaries(AUTOSAVE_DOCUMENT)
    loaded = store.load(AUTOSAVE_DOCUMENT)
    if loaded.notice is not None:
        app.records.notices.append(loaded.notice)
        return None
    saved = loaded.value
    if saved is None:
        return None
    try:
        status = saved.game().status
    except ValueError as error:  # checked on reading; only a change of rules could do this
        log.warning("autosave no longer replays: %s", error)
        return None
    if status != "playing":
        clear(app)
        return None
    return saved
