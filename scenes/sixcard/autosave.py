"""The six-card game's part of the window's autosave (``scenes.core.autosave``): the table's
recording after every action (the person's and the computers'), and the game to continue
("Continue" in the six-card setup window puts it back: ``scenes.sixcard.continued``).

The file is removed when the game ends (the final scoreboard) or is left on purpose (back to
the title from the pause menu, a new deal); when the window is closed or the program dies on a
game in play it stays, and the setup window offers to continue it.
"""

from __future__ import annotations

from typing import Protocol

from golf.core.record import Clocks
from golf.core.store import StoreNotice
from golf.sixcard.autosave import SIX_AUTOSAVE_DOCUMENT, SixSnapshot
from golf.sixcard.game import Match, State
from scenes.core.autosave import Autosave
from scenes.core.manager import App
from scenes.sixcard.recorder import SixRecorder

__all__ = ["Seating", "Table", "after_action", "clear", "pending", "save", "snapshot"]


class Seating(Protocol):
    """What the autosave reads of a table's setup: who sits at each seat, the computers' pace."""

    @property
    def seats(self) -> tuple[str, ...]: ...

    @property
    def speed(self) -> str: ...


class Table(Protocol):
    """What the autosave reads of a six-card table (``scenes.sixcard.table.SixTableScene``)."""

    @property
    def app(self) -> App: ...

    @property
    def match(self) -> Match: ...

    @property
    def state(self) -> State: ...

    @property
    def setup(self) -> Seating: ...

    @property
    def recorder(self) -> SixRecorder: ...


def _autosave(app: App) -> Autosave[SixSnapshot]:
    return Autosave(app, SIX_AUTOSAVE_DOCUMENT)


def snapshot(table: Table) -> SixSnapshot:
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


def save(table: Table) -> None:
    """Write the autosave of ``table``'s game (a notice for the player if that fails)."""
    _autosave(table.app).save(snapshot(table))


def after_action(table: Table) -> None:
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
