"""The window's side of the autosave, for every game: the recording of the game in play is
written after every action, and "Continue" reads it back.

The files live in the records' folder (the user data folder; ``Records(folder)`` in tests, and
nothing is written when the records have no folder). A write that fails is told to the player
once (its notice joins the records' notices, not again after every move); a file that cannot be
read is kept aside by ``golf.core.store`` with a notice. Each game's module
(``scenes.solitaire.autosave``, ``scenes.sixcard.autosave``) says which games it keeps, what
their recording is now and how a table is put back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from golf.core.play import Step
from golf.core.store import Document, Store, StoreNotice
from scenes.core.manager import App

__all__ = ["AfterEachAction", "Autosave"]

V = TypeVar("V")


class Autosave(Generic[V]):
    """One game's autosave document in the app's records folder."""

    def __init__(self, app: App, document: Document[V | None]) -> None:
        self.app = app
        self.document = document

    @property
    def store(self) -> Store | None:
        """The records' store (None: nothing is saved)."""
        return self.app.records.store

    def save(self, value: V) -> None:
        """Write ``value`` atomically; a failure is told to the player once."""
        store = self.store
        if store is None:
            return
        notice = store.try_save(self.document, value)
        pending = self.app.records.notices
        if notice is not None and notice not in pending:  # told once, not after every move
            pending.append(notice)

    def after_action(self, over: bool, value: Callable[[], V]) -> None:
        """An action was taken: the game's recording now (``value``) is written, or the file
        removed once the game is ``over`` (nothing left to continue)."""
        if over:
            self.clear()
        else:
            self.save(value())

    def clear(self) -> None:
        """Remove the file (the game ended or was left); no file is fine."""
        store = self.store
        if store is not None:
            store.remove(self.document)

    def load(self) -> tuple[V | None, StoreNotice | None]:
        """The saved value, if any; and the notice for the player when the file could not be
        used (it is then kept aside). Temporary files of writes cut short are removed first."""
        store = self.store
        if store is None:
            return None, None
        store.remove_stale_temporaries(self.document)
        loaded = store.load(self.document)
        if loaded.notice is not None:
            return None, loaded.notice
        return loaded.value, None


class AfterEachAction:
    """A play session's listener (``golf.core.play``) that calls ``then`` after every action
    the game took: the autosave written after each action, whoever drove it."""

    def __init__(self, then: Callable[[], None]) -> None:
        self.then = then

    def heard(self, step: Step[Any, Any, Any]) -> None:
        if step.applied:
            self.then()
