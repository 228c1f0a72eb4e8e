"""A game being played: the position, undo of the last 100 actions, the move counter, the log.

Keyboard, mouse, replay files and the command line all drive a game through
:meth:`Game.apply` with the one :class:`~golf.solitaire.engine.Action` vocabulary.
"""

from __future__ import annotations

from collections import deque
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

    def refusal(self, action: Action) -> Reason | None:
        """Why ``action`` would be refused now, or None; changes nothing."""
        if action.kind == engine.UNDO:
            return None if self._history else Reason.NOTHING_TO_UNDO
        return engine.refusal(self.position, action, self.rules)

    def apply(self, action: Action) -> Refusal | None:
        """Take ``action`` if the rules allow it; otherwise change nothing and say why."""
        if action.kind == engine.UNDO:
            if not self._history:
                return Refusal(action, Reason.NOTHING_TO_UNDO)
            self.position = self._history.pop()
            self.log.append(action)
            return None
        try:
            new = engine.apply(self.position, action, self.rules)
        except engine.Refused as refused:
            return Refusal(action, refused.reason)
        self._history.append(self.position)
        self.position = new
        self.moves += 1
        self.log.append(Action(action.kind, action.column) if action.row else action)
        return None

    def legal_actions(self) -> list[Action]:
        return engine.legal_actions(self.position, self.rules)
