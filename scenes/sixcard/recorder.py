"""The six-card game's recorder (``scenes.core.recorder``): every player's actions with the
pause before each, written as a six-card replay to ``six-card/`` in the replays folder when the
game ends."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from golf.core.play import Step
from golf.sixcard.game import Match
from golf.sixcard.replay import SixReplay, save
from scenes.core.recorder import Recorder

__all__ = ["SUBFOLDER", "SixRecorder"]

SUBFOLDER = "six-card"
"""The six-card replays' folder inside the replays folder."""


class SixRecorder(Recorder):
    """Times the actions of one six-card match and writes its replay.

    ``replays`` is the replays folder (None: nothing is saved); ``times`` the pauses before the
    actions a continued match has already taken; ``seats`` how the replay names each seat;
    ``extra`` the file ``play --record`` names, written after every action.
    """

    def __init__(
        self,
        match: Match,
        replays: Path | None,
        times: Sequence[float] | None = None,
        now: Callable[[], datetime] = datetime.now,
        extra: Path | None = None,
    ) -> None:
        self.match = match
        self.seats: tuple[str, ...] = ()
        super().__init__(
            replays / SUBFOLDER if replays is not None else None,
            extra=extra,
            times=times or (),
            now=now,
        )

    def heard(self, step: Step[Any, Any, Any]) -> None:
        """An action the match took is noted, and ``extra`` follows the game."""
        super().heard(step)
        if step.applied and self.extra is not None:
            self.save_extra()

    def count(self) -> int:
        return len(self.match.log)

    def code(self) -> str:
        return self.match.code

    def replay(self) -> SixReplay:
        """The match so far as a replay (its result is what the actions make)."""
        self.note()
        return SixReplay.record(
            self.match.start,
            self.match.log,
            times=self.times[: self.count()],
            seats=self.seats,
            recorded=self.started,
        )

    def write(self, path: Path) -> None:
        save(self.replay(), path)

    def save_with_seats(self, seats: Sequence[str]) -> Path | None:
        """:meth:`save` with the seats named (``You``, ``Ann (hard)``)."""
        self.seats = tuple(seats)
        return self.save()
