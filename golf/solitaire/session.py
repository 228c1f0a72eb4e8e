"""A game being played: the position, undo of the last 100 actions and redo of what was undone,
the move counter, the log.

Keyboard, mouse, replay files and the command line all drive a game through
:meth:`Game.apply` with the one :class:`~golf.solitaire.engine.Action` vocabulary.

The move counter counts the draws and plays taken and never goes down: an undo leaves it as it
is (it is no move), a redo adds one (it takes a draw or a play again, as the player would have
by playing it). ``redo`` puts back the position the last undo took back; any draw or play
forgets what was undone (there is nothing to redo after it).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Final

from golf.core import play
from golf.solitaire import engine
from golf.solitaire.codes import format_code, parse_code
from golf.solitaire.engine import Action, Position
from golf.solitaire.rules import Rules
from golf.solitaire.texts import MESSAGES, Reason

UNDO_LIMIT: Final = 100


class Refusal(play.Refusal[Action, Reason]):
    """An action that was not taken, and why (the texts of SPEC §4)."""

    said = MESSAGES


class Game:
    """One deal being played under one rule set."""

    def __init__(self, start: Position, rules: Rules, code: str | None = None) -> None:
        self.rules = rules
        self.start = start
        self.code = code
        self.position = start
        self.moves = 0
        self.log: list[Action] = []
        self._history: deque[Position] = deque(maxlen=UNDO_LIMIT)
        self._undone: list[Position] = []  # what the undos took back, the last one last

    @classmethod
    def new(cls, number: int, rules: Rules) -> Game:
        """Deal ``number`` under ``rules``."""
        return cls(engine.deal(number, rules), rules, format_code(number, rules))

    @classmethod
    def from_code(cls, text: str) -> Game:
        """The game a code names; raises ``CodeError``."""
        code = parse_code(text)
        return cls.new(code.number, code.rules)

    def restart(self) -> Game:
        return Game(self.start, self.rules, self.code)

    @property
    def status(self) -> str:
        return engine.status(self.position, self.rules)

    @property
    def over(self) -> bool:
        return self.status != "playing"

    @property
    def score(self) -> int:
        return engine.score(self.position, self.rules)

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def undo_depth(self) -> int:
        return len(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    @property
    def redo_depth(self) -> int:
        """How many undone actions a redo can take again, one at a time."""
        return len(self._undone)

    def refusal(self, action: Action) -> Reason | None:
        """Why ``action`` would be refused now, or None; changes nothing."""
        if action.kind == engine.UNDO:
            return None if self._history else Reason.NOTHING_TO_UNDO
        if action.kind == engine.REDO:
            return None if self._undone else Reason.NOTHING_TO_REDO
        return engine.refusal(self.position, action, self.rules)

    def apply(self, action: Action) -> Refusal | None:
        """Take ``action`` if the rules allow it; otherwise change nothing and say why."""
        if action.kind == engine.UNDO:
            if not self._history:
                return Refusal(action, Reason.NOTHING_TO_UNDO)
            self._undone.append(self.position)
            self.position = self._history.pop()
            self.log.append(action)
            return None
        if action.kind == engine.REDO:
            if not self._undone:
                return Refusal(action, Reason.NOTHING_TO_REDO)
            self._history.append(self.position)
            self.position = self._undone.pop()
            self.moves += 1  # the draw or play taken again counts as it did the first time
            self.log.append(action)
            return None
        try:
            new = engine.apply(self.position, action, self.rules)
        except engine.Refused as refused:
            return Refusal(action, refused.reason)
        self._history.append(self.position)
        self._undone.clear()
        self.position = new
        self.moves += 1
        self.log.append(Action(action.kind, action.column) if action.row else action)
        return None

    def legal_actions(self) -> list[Action]:
        return engine.legal_actions(self.position, self.rules)


def kept_moves(actions: Iterable[Action]) -> list[tuple[int, Action]]:
    """The moves (draws and plays) that made the position a game's log leads to, in order, each
    with the index in the log of the action that made it last (a redo's own index): the log
    with what was undone taken out and what was redone put back. ``actions`` is a game's log
    (every undo and redo in it was taken)."""
    kept: list[tuple[int, Action]] = []
    undone: list[Action] = []
    for index, action in enumerate(actions):
        if action.kind == engine.UNDO:
            if kept:
                undone.append(kept.pop()[1])
        elif action.kind == engine.REDO:
            if undone:
                kept.append((index, undone.pop()))
        else:
            kept.append((index, action))
            undone.clear()
    return kept
