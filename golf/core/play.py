"""One game being played and who hears of each action: the play session both games' tables use.

A *driver* (the player's input, a replay, the tutorial's script, the attract demo, a round, a
computer seat) hands actions to :meth:`PlaySession.act`. The session applies each one through the
game's own ``apply`` and tells every *listener* (animation, sound, recorder, autosave, statistics)
what happened, in the order the listeners were added. The session knows neither where actions come
from nor what the listeners do with them, so a table is driven, never subclassed to switch its
input off.

A game's :class:`Refusal` (an action not taken, and why) is this one with the game's own texts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Protocol, TypeVar

__all__ = ["Game", "Listener", "PlaySession", "Refusal", "Step"]

A = TypeVar("A")  # an action of the game
A_contra = TypeVar("A_contra", contravariant=True)
S = TypeVar("S")  # a snapshot of the game's state (an immutable value)
R = TypeVar("R")  # what the game says when it refuses an action
R_co = TypeVar("R_co", covariant=True)
W = TypeVar("W")  # a game's reason for refusing (an enum of its texts)


@dataclass(frozen=True)
class Refusal(Generic[A, W]):
    """An action that was not taken, and why. A game's refusal is a subclass that gives its
    texts (``said``: each reason's text in each language)."""

    action: A
    reason: W

    said: ClassVar[Mapping[Any, Mapping[str, str]]] = MappingProxyType({})

    def text(self, lang: str = "en") -> str:
        """Why, in ``lang`` (``en`` or ``fr``)."""
        return self.said[self.reason][lang]


class Game(Protocol[A_contra, R_co]):
    """What a session needs of a game: apply an action, or say why not (nothing changes then)."""

    def apply(self, action: A_contra) -> R_co | None: ...


@dataclass(frozen=True)
class Step(Generic[A, S, R]):
    """One action handed to the session: the state before and after, and the refusal if any
    (then ``after`` is ``before``)."""

    action: A
    before: S
    after: S
    refusal: R | None

    @property
    def applied(self) -> bool:
        """Whether the game took the action."""
        return self.refusal is None


class Listener(Protocol[A, S, R]):
    """Hears every step of a session, after the game has changed."""

    def heard(self, step: Step[A, S, R]) -> None: ...


class PlaySession(Generic[A, S, R]):
    """A game, how to snapshot its state, and the listeners told of each action."""

    def __init__(self, game: Game[A, R], state: Callable[[], S]) -> None:
        self.game = game
        self._state = state
        self.listeners: list[Listener[A, S, R]] = []

    @property
    def state(self) -> S:
        """The game's state now."""
        return self._state()

    def listen(self, listener: Listener[A, S, R]) -> None:
        """Add ``listener``: it hears every later step, after those added before it."""
        self.listeners.append(listener)

    def act(self, action: A) -> Step[A, S, R]:
        """Apply ``action`` and tell every listener; the step says what happened."""
        before = self._state()
        refusal = self.game.apply(action)
        step = Step(action, before, self._state() if refusal is None else before, refusal)
        for listener in self.listeners:
            listener.heard(step)
        return step
