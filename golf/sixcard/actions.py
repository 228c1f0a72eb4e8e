"""The one action vocabulary of six-card Golf, with its text tokens.

======================== ===============================================================
``flip R C``             at the start of a hole: turn up (with peek: look at) the card of
                         row R, column C
``take stock``           take the stock's top card
``take discard``         take the discard's top card
``replace R C``          put the card taken in row R, column C; the old card goes face up
                         onto the discard
``discard flip R C``     discard the card taken from the stock and turn up the face-down
                         card of row R, column C
``knock``                (knock variant) end the hole: every other player has one last turn
``next hole``            deal the next hole once the scores of a hole are shown
======================== ===============================================================

Rows and columns count from 1 (row 1 is the top row). Actions never name the player: it is
always the player whose turn it is (``State.to_move``).
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Final, NamedTuple

FLIP: Final = "flip"
TAKE_STOCK: Final = "take stock"
TAKE_DISCARD: Final = "take discard"
REPLACE: Final = "replace"
DISCARD_FLIP: Final = "discard flip"
KNOCK: Final = "knock"
NEXT_HOLE: Final = "next hole"

PLACED: Final = frozenset((FLIP, REPLACE, DISCARD_FLIP))
"""The kinds that name a place in the grid."""
MAX_LINE: Final = 3

ACTION_FORM: Final = (
    "expected take stock, take discard, replace R C, discard flip R C, flip R C, knock "
    "or next hole, with a row R and a column C from 1 to 3"
)
_TOKEN_RE: Final = re.compile(r"(flip|replace|discard flip) ([1-9]) ([1-9])")


class Action(NamedTuple):
    """An action: its kind and, for ``flip``, ``replace`` and ``discard flip``, the place."""

    kind: str
    row: int = 0
    column: int = 0

    @staticmethod
    def parse(token: str) -> Action:
        """Read a token such as ``replace 2 1``; raises ``ValueError`` naming the forms."""
        t = " ".join(str(token).lower().split())
        simple = _SIMPLE.get(t)
        if simple is not None:
            return simple
        m = _TOKEN_RE.fullmatch(t)
        if m is None or not (1 <= int(m.group(2)) <= MAX_LINE and 1 <= int(m.group(3)) <= MAX_LINE):
            raise ValueError(f"{token!r} is not an action ({ACTION_FORM})")
        return canonical(Action(m.group(1), int(m.group(2)), int(m.group(3))))

    def __str__(self) -> str:
        if self.kind in PLACED:
            return f"{self.kind} {self.row} {self.column}"
        return self.kind


def flip(row: int, column: int) -> Action:
    return Action(FLIP, row, column)


def replace(row: int, column: int) -> Action:
    return Action(REPLACE, row, column)


def discard_flip(row: int, column: int) -> Action:
    return Action(DISCARD_FLIP, row, column)


TAKE_STOCK_ACTION: Final = Action(TAKE_STOCK)
TAKE_DISCARD_ACTION: Final = Action(TAKE_DISCARD)
KNOCK_ACTION: Final = Action(KNOCK)
NEXT_HOLE_ACTION: Final = Action(NEXT_HOLE)
_SIMPLE: Final = {
    a.kind: a for a in (TAKE_STOCK_ACTION, TAKE_DISCARD_ACTION, KNOCK_ACTION, NEXT_HOLE_ACTION)
}
_ONE: Final = MappingProxyType(
    {
        a: a
        for a in (
            *_SIMPLE.values(),
            *(
                Action(kind, row, column)
                for kind in (FLIP, REPLACE, DISCARD_FLIP)
                for row in range(1, MAX_LINE + 1)
                for column in range(1, MAX_LINE + 1)
            ),
        )
    }
)
"""Every action of the vocabulary, one object each."""


def canonical(action: Action) -> Action:
    """The one object of ``action`` (equal to it): a game's log of hundreds of actions then
    holds references to a few dozen objects, not a copy of each."""
    return _ONE.get(action, action)
