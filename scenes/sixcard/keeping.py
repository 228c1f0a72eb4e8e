"""What keeps a six-card game played at this screen: the journal of play, written after every
action (the person's and the computers'), the game counted once it ends, and its replay file,
written through the table's recorder once the game is over.

Each table that is not a watched replay has a :class:`TableKeeper`, one of its play session's
listeners. It reads the table through :class:`KeptTable`, so that it does not import the table
(``scenes.sixcard.continued`` imports the table to put a kept game back). :func:`pending` is the
game Continue offers.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Protocol

from golf.core.play import Step
from golf.core.record import Clocks
from golf.core.store import StoreNotice
from golf.journal.journal import Ending
from golf.journal.kept_sixcard import HUMAN, SIX_CARD, SixSnapshot, rules_name
from golf.sixcard.actions import Action
from golf.sixcard.game import Match, Refusal, State, totals, winners
from golf.sixcard.seating import SixSetup
from scenes.core.manager import App
from scenes.core.records import JournalGame
from scenes.sixcard.recorder import SixRecorder

__all__ = ["KeptTable", "TableKeeper", "forget_kept", "pending"]

log = logging.getLogger(__name__)


class KeptTable(Protocol):
    """A six-card table as what keeps its game reads it."""

    @property
    def match(self) -> Match: ...

    @property
    def setup(self) -> SixSetup: ...

    @property
    def state(self) -> State: ...

    @property
    def recorder(self) -> SixRecorder: ...

    def seat_labels(self) -> list[str]:
        """What the replay file calls each seat ("You", "Birdie (medium)")."""
        ...


def _ending(
    outcome: str,
    ended: str,
    state: State | None,
    actions: Sequence[str],
    times: Sequence[float],
    seconds: float,
    seats: Sequence[str],
    speed: str,
) -> Ending:
    """What the journal keeps of a six-card game that ended or was left: its actions and, when
    the state they lead to is known, the first person's total and every seat's."""
    pauses = tuple(times[: len(actions)]) + (0.0,) * max(0, len(actions) - len(times))
    score: int | None = None
    result: dict[str, Any] | None = None
    if state is not None:
        people = [seat for seat, kind in enumerate(seats) if kind == HUMAN]
        scores = totals(state)
        score = scores[people[0]] if people else None
        result = {
            "totals": list(scores),
            "winners": list(winners(state)) if state.over else [],
            "seats": list(seats),
            "speed": speed,
        }
    return Ending(
        outcome=outcome,  # type: ignore[arg-type]
        ended=ended,
        actions=tuple(actions),
        times=pauses,
        seconds=seconds,
        moves=len(actions),
        score=score,
        result=result,
    )


class TableKeeper:
    """The journal's side and the replay file of one table's game."""

    def __init__(self, app: App, game: KeptTable) -> None:
        self.app = app
        self.game = game
        self.saved_to: str | None = None  # where the replay was written
        self.kept: JournalGame | None = None

    def _kept(self) -> JournalGame:
        if self.kept is None:
            match, recorder = self.game.match, self.game.recorder
            self.kept = JournalGame(
                self.app.records, "six-card", match.code, rules_name(match.code), recorder.started
            )
        return self.kept

    def resume(self, kept_id: int | None, written: int) -> None:
        """Go on with a game the journal kept (Continue)."""
        match, recorder = self.game.match, self.game.recorder
        self.kept = JournalGame(
            self.app.records,
            "six-card",
            match.code,
            rules_name(match.code),
            recorder.started,
            kept_id=kept_id,
            written=written,
        )

    def _setup(self) -> dict[str, Any]:
        recorder = self.game.recorder
        path = recorder.target()
        setup: dict[str, Any] = {
            "kinds": list(self.game.setup.seats),
            "speed": self.game.setup.speed,
        }
        if path is not None:
            setup["file"] = path.name
        return setup

    def heard(self, step: Step[Action, State, Refusal]) -> None:
        """An action was taken: it is written to the journal; the game is counted once it is
        over (and its replay written)."""
        if not step.applied:
            return
        recorder = self.game.recorder
        recorder.note()
        actions = [str(a) for a in self.game.match.log]
        kept = self._kept()
        kept.sync(actions, recorder.times, sum(recorder.times), self._setup())
        if step.after.phase == "game_over":
            self.end("finished")
            self.save_replay()

    def end(self, outcome: str) -> None:
        """Count the game: finished, or left (abandoned) with its actions."""
        match, recorder = self.game.match, self.game.recorder
        if not match.log:
            self._kept().drop()
            return
        ending = _ending(
            outcome,
            self.app.records.now(),
            match.state,
            [str(a) for a in match.log],
            recorder.times,
            sum(recorder.times),
            self.game.setup.seats,
            self.game.setup.speed,
        )
        self._kept().end(ending)

    def leave(self) -> None:
        """The window closes (or back to the title) on a game in play: it stays in the
        journal, its clock with it."""
        kept = self.kept
        if kept is not None:
            kept.leave(sum(self.game.recorder.times), self.game.recorder.since, self._setup())

    def forget(self) -> None:
        """The game is left on purpose (a new deal, back from the pause menu): counted as
        abandoned when it had begun."""
        if not self.game.state.over:
            self.end("abandoned")

    def save_replay(self) -> None:
        """Write the game's replay (every player's actions) to the replays folder."""
        if self.app.replays_dir is None or self.saved_to is not None:
            return
        path = self.game.recorder.save_with_seats(self.game.seat_labels())
        if path is None:
            return
        self.saved_to = str(path)
        log.info("six-card replay saved to %s", path)


def pending(app: App) -> tuple[SixSnapshot | None, StoreNotice | None]:
    """The six-card game to continue, if one was left in play (and nothing to tell: a problem
    with the journal is told by the records)."""
    if not app.records.keeps_games:
        return None, None
    for kept in app.records.journal.kept("six-card"):
        setup = kept.setup
        try:
            kinds = tuple(str(k) for k in setup.get("kinds", ()))
            file = setup.get("file")
            snapshot = SixSnapshot(
                kept.code,
                tuple(Action.parse(a) for a in kept.actions),
                kept.times,
                Clocks(kept.since, kept.elapsed),
                kept.started,
                file if isinstance(file, str) else None,
                kinds,
                str(setup.get("speed", "normal")),
                kept_id=kept.id,
            )
            if snapshot.state().over:
                continue
        except (ValueError, TypeError) as error:
            log.warning("the six-card game in progress %s no longer replays: %s", kept.code, error)
            continue
        return snapshot, None
    return None, None


def forget_kept(app: App) -> None:
    """Give up the six-card game kept for Continue (a new one replaces it): counted as
    abandoned, with its actions."""
    if not app.records.keeps_games:
        return
    for kept in app.records.journal.kept("six-card"):
        game = JournalGame(
            app.records,
            "six-card",
            kept.code,
            kept.rules,
            kept.started,
            kept_id=kept.id,
            written=len(kept.actions),
        )
        seats = tuple(str(k) for k in kept.setup.get("kinds", ()))
        state: State | None
        try:
            state = SIX_CARD.play(kept.code, [Action.parse(a) for a in kept.actions])
        except (ValueError, TypeError) as error:  # its figures are then not known
            log.warning("the six-card game %s no longer replays: %s", kept.code, error)
            state = None
        speed = str(kept.setup.get("speed", "normal"))
        game.end(
            _ending(
                "abandoned",
                app.records.now(),
                state,
                kept.actions,
                kept.times,
                kept.elapsed,
                seats,
                speed,
            )
        )
