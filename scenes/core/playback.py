"""The playback controls of a watched replay, shared by the solitaire and six-card watch screens:
play and pause, speeds, one action forward or back, to the start or the end, leave.

A watch screen mixes :class:`Playback` in and brings how to play one action, show any action
number and land the cards in flight; the keys' map (:meth:`Playback.control`) and the speeds'
words are the same for both games.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from scenes.core.input import Kind
from scenes.core.manager import App

__all__ = ["FRAME", "LONGEST_PAUSE", "SPEEDS", "STEADY", "Playback", "Recorded"]

SPEEDS: tuple[float | None, ...] = (None, 0.5, 1.0, 2.0, 4.0, 8.0)
"""The speeds on offer; None is "as recorded" (the player's own pauses)."""
STEADY = 1.0  # seconds between two actions at 1×
LONGEST_PAUSE = 10.0  # "as recorded": a longer pause (the player away) is cut to this
FRAME = 1 / 60


class Recorded(Protocol):
    """What the playback needs of a replay (solitaire or six-card): its actions and the
    recorded pause before each (None where the file has none)."""

    @property
    def actions(self) -> Sequence[object]: ...

    @property
    def times(self) -> Sequence[float | None]: ...


R = TypeVar("R", bound=Recorded)


class Playback(Generic[R]):
    """The playback controls of a watched replay, for the solitaire and six-card tables alike:
    play and pause, speeds, one action forward or back, to the start or the end, leave.

    The scene mixing it in plays an action with :meth:`_forward`, shows any action number with
    :meth:`go_to` and lands the cards in flight with :meth:`_land`.
    """

    app: App
    replay: R
    on_back: Callable[[], None] | None
    index: int  # actions played so far
    total: int
    speed: int  # index in SPEEDS
    playing: bool
    wait: float  # seconds before the next action

    def _forward(self) -> None:
        raise NotImplementedError

    def go_to(self, index: int) -> None:
        raise NotImplementedError

    def _land(self) -> None:
        raise NotImplementedError

    @property
    def speed_value(self) -> float | None:
        """The speed factor, or None for the recorded pace."""
        return SPEEDS[self.speed]

    def _pause_before(self, index: int) -> float:
        """Seconds to wait before action ``index`` (0-based) at the current speed."""
        if index >= len(self.replay.actions):
            return 0.0
        speed = self.speed_value
        if speed is None:
            t = self.replay.times[index]
            return min(STEADY if t is None else t, LONGEST_PAUSE)
        return STEADY / speed

    def toggle(self) -> None:
        """Play or pause; play at the end starts again from the beginning."""
        if self.playing:
            self.playing = False
            return
        if self.index >= self.total:
            self.to_start()
        self.playing = self.total > 0
        self.wait = min(self.wait, self._pause_before(self.index)) if self.wait > 0 else 0.0

    def slower(self) -> None:
        """The next speed down (as recorded comes before 0.5×)."""
        self._set_speed(self.speed - 1)

    def faster(self) -> None:
        """The next speed up."""
        self._set_speed(self.speed + 1)

    def pace(self, speed: float | None) -> None:
        """Play at ``speed`` (one of SPEEDS), the wait before the next action measured anew."""
        self.speed = SPEEDS.index(speed)
        self.wait = self._pause_before(self.index)

    def _set_speed(self, index: int) -> None:
        index = max(0, min(len(SPEEDS) - 1, index))
        if index == self.speed:
            return
        self.speed = index
        self.wait = min(self.wait, self._pause_before(self.index))

    def step_forward(self) -> None:
        """One action forward (and pause)."""
        self.playing = False
        self._land()
        if self.index < self.total:
            self._forward()

    def step_back(self) -> None:
        """One action back (and pause)."""
        self.playing = False
        if self.index > 0:
            self.go_to(self.index - 1)

    def to_start(self) -> None:
        """Back to the first position (and pause)."""
        self.playing = False
        self.go_to(0)

    def to_end(self) -> None:
        """Straight to the last position (and pause)."""
        self.playing = False
        self.go_to(self.total)

    def back(self) -> None:
        """Leave the replay, back to where it was opened from."""
        self.playing = False
        if self.on_back is not None:
            self.on_back()
        else:
            self.app.scenes.pop(fade=True)

    def control(self, kind: Kind) -> None:
        """What a key does while watching: Space or Enter plays or pauses, ← → (or U) one
        action, ↑ ↓ the speed, Home / End the start / the end, Esc leaves."""
        actions: dict[Kind, Callable[[], None]] = {
            Kind.DRAW: self.toggle,
            Kind.CONFIRM: self.toggle,
            Kind.RIGHT: self.step_forward,
            Kind.LEFT: self.step_back,
            Kind.UNDO: self.step_back,
            Kind.UP: self.faster,
            Kind.DOWN: self.slower,
            Kind.FIRST: self.to_start,
            Kind.RESTART: self.to_start,
            Kind.LAST: self.to_end,
            Kind.CANCEL: self.back,
            Kind.MENU: self.back,
        }
        run = actions.get(kind)
        if run is not None:
            run()

    def speed_text(self) -> str:
        """The speed as shown: "as recorded" or "4×"."""
        speed = self.speed_value
        if speed is None:
            return self.app.texts("watch.as_recorded")
        shown = f"{speed:g}"
        shown = self.app.texts.number(shown)  # 0,5× in French
        return self.app.texts("watch.speed", speed=shown)
