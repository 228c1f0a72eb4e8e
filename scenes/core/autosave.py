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
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from golf.core.play import Step
from golf.core.store import Document, StoreNotice
from scenes.core.manager import App
from scenes.core.recorder import Recorder

__all__ = ["AfterEachAction", "Autosave", "Noted", "Recorded", "noted"]

V = TypeVar("V")
R_co = TypeVar("R_co", covariant=True)


class Recorded(Protocol[R_co]):
    """What the autosave reads of every table: the app it runs in and its recorder; a game's
    table protocol adds the game."""

    @property
    def app(self) -> App: ...

    @property
    def recorder(self) -> R_co: ...


@dataclass(frozen=True)
class Noted:
    """The recorder's part of a game's recording now: the pause before each action, the seconds
    since the last one, the start date and the name of the replay file."""

    times: list[float]
    since: float
    started: str
    file: str | None


def noted(recorder: Recorder) -> Noted:
    """What ``recorder`` holds now, the latest action noted; its replay file is chosen now, so
    that a continued game keeps its replay's file."""
    recorder.note()
    path = recorder.target()
    return Noted(
        recorder.times, recorder.since, recorder.started, None if path is None else path.name
    )


@dataclass(frozen=True)
class Autosave(Generic[V]):
    """One game's autosave document, kept in an app's records folder (the app's records'
    store; none: nothing is saved)."""

    document: Document[V | None]

    def save(self, app: App, value: V) -> None:
        """Write ``value`` atomically; a failure is told to the player once."""
        store = app.records.store
        if store is None:
            return
        # told once, not after every move; told again if it fails after working again
        app.records.saved(self.document, store.try_save(self.document, value))

    def after_action(self, app: App, over: bool, value: Callable[[], V]) -> None:
        """An action was taken: the game's recording now (``value``) is written, or the file
        removed once the game is ``over`` (nothing left to continue)."""
        if over:
            self.clear(app)
        else:
            self.save(app, value())

    def clear(self, app: App) -> None:
        """Remove the file (the game ended or was left); no file is fine."""
        store = app.records.store
        if store is not None:
            store.remove(self.document)

    def load(self, app: App) -> tuple[V | None, StoreNotice | None]:
        """The saved value, if any; and the notice for the player when the file could not be
        used (it is then kept aside). Temporary files of writes cut short are removed first.
        Nothing when another copy of the game owns the folder: the game is that copy's."""
        store = app.records.store
        if store is None or store.other_owner is not None:
            return None, None  # another copy of the game owns the folder and its game
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
