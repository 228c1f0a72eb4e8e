"""Positions and actions: the one move generator that the game, the replays and the solver share.

A :class:`Position` is an immutable value. :func:`apply` returns the next position or raises
:class:`Refused` with the reason (its text is fixed by SPEC §4). Undo is not a function of a
position: the game session keeps the earlier positions, and redo the undone ones (see
``golf.solitaire.session``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

from golf.core.cards import DECK_SIZE, JOKERS, KING, card_token, rank
from golf.core.deal import COLUMNS, ROWS, TABLEAU_SIZE, shuffled_deck, split_deck
from golf.solitaire.rules import Rules
from golf.solitaire.texts import Reason, message

Column = tuple[int, ...]

DRAW: Final = "draw"
PLAY: Final = "play"
UNDO: Final = "undo"
REDO: Final = "redo"


class Action(NamedTuple):
    """``draw``, ``play N`` (the free card of column N, 1–7), ``undo`` or ``redo``.

    ``row`` (1 = top of the column) names the card a player touched: a card that is not the
    bottom of its column is refused as covered. It is 0 when the action names the column only.
    """

    kind: str
    column: int = 0
    row: int = 0

    @staticmethod
    def draw() -> Action:
        return _DRAW

    @staticmethod
    def undo() -> Action:
        return _UNDO

    @staticmethod
    def redo() -> Action:
        return _REDO

    @staticmethod
    def play(column: int, row: int = 0) -> Action:
        if not 1 <= column <= COLUMNS:
            raise ValueError(f"column must be 1 to {COLUMNS}, not {column}")
        if not 0 <= row <= ROWS:
            raise ValueError(f"row must be 1 to {ROWS}, not {row}")
        return Action(PLAY, column, row)

    @staticmethod
    def parse(token: str) -> Action:
        """Read ``draw``, ``undo``, ``redo``, ``play 3`` or ``play 1 row 4``; raises
        ``ValueError``."""
        t = " ".join(str(token).lower().split())
        if t == DRAW:
            return _DRAW
        if t == UNDO:
            return _UNDO
        if t == REDO:
            return _REDO
        m = _PLAY_RE.fullmatch(t)
        if m is None:
            raise ValueError(
                f"{token!r} is not an action (expected draw, undo, redo, play N with N 1-7, "
                "or play N row R with R 1-5)"
            )
        return Action.play(int(m.group(1)), int(m.group(2) or 0))

    def __str__(self) -> str:
        if self.kind == PLAY:
            return f"play {self.column}" + (f" row {self.row}" if self.row else "")
        return self.kind


_DRAW: Final = Action(DRAW)
_UNDO: Final = Action(UNDO)
_REDO: Final = Action(REDO)
_PLAY_RE: Final = re.compile(r"play ([1-7])(?: row ([1-5]))?")


class Refused(Exception):
    """An action the rules do not allow, with the reason the player is told."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(message(reason, "en"))
        self.reason = reason

    def text(self, lang: str = "en") -> str:
        return message(self.reason, lang)


class LayoutError(ValueError):
    """An explicit layout that is not a whole deck dealt into 7 columns of 5."""


class Position(NamedTuple):
    """Columns top to bottom, the waste (top card last) and the stock (next card first)."""

    columns: tuple[Column, ...]
    waste: tuple[int, ...]
    stock: tuple[int, ...]

    @property
    def waste_top(self) -> int | None:
        return self.waste[-1] if self.waste else None

    @property
    def left(self) -> int:
        """Cards still on the tableau."""
        return sum(map(len, self.columns))

    @property
    def removed(self) -> int:
        return TABLEAU_SIZE - self.left

    def free_cards(self) -> list[int | None]:
        """The bottom card of each column, or None for an empty column."""
        return [col[-1] if col else None for col in self.columns]

    def cards(self) -> list[int]:
        """Every card of the position, in no particular order."""
        out = [c for col in self.columns for c in col]
        out.extend(self.waste)
        out.extend(self.stock)
        return out


def deal(number: int, rules: Rules) -> Position:
    """The first position of deal ``number`` under ``rules`` (SPEC §1)."""
    columns, waste, stock = split_deck(shuffled_deck(number, rules.jokers), rules.empty_waste)
    return Position(columns, waste, stock)


def layout(
    columns: Sequence[Iterable[int]], waste: Iterable[int], stock: Iterable[int], rules: Rules
) -> Position:
    """An explicit deal, card by card; it must hold the whole deck the rules play with."""
    cols = tuple(tuple(c) for c in columns)
    pos = Position(cols, tuple(waste), tuple(stock))
    if len(cols) != COLUMNS or any(len(c) != ROWS for c in cols):
        raise LayoutError(f"the tableau must be {COLUMNS} columns of {ROWS} cards")
    if rules.empty_waste and pos.waste:
        raise LayoutError("with the empty-waste rule the waste must start empty")
    if not rules.empty_waste and len(pos.waste) != 1:
        raise LayoutError("the waste must start with exactly one card")
    expected = set(range(DECK_SIZE)) | set(JOKERS[: rules.jokers])
    cards = pos.cards()
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise LayoutError(f"{card_token(c)} appears twice")
        seen.add(c)
    if seen != expected:
        missing = sorted(expected - seen)
        extra = sorted(seen - expected)
        parts = []
        if missing:
            parts.append("missing " + " ".join(card_token(c) for c in missing))
        if extra:
            parts.append("not in this deck: " + " ".join(card_token(c) for c in extra))
        raise LayoutError("the layout must hold the whole deck: " + "; ".join(parts))
    return pos


def can_play_any(position: Position, rules: Rules) -> bool:
    top = position.waste_top
    if top is None:
        return position.left > 0
    follows = rules.follows[top]
    return any(col and col[-1] in follows for col in position.columns)


def is_won(position: Position) -> bool:
    return not any(position.columns)


def is_blocked(position: Position, rules: Rules) -> bool:
    """Stock empty and no free card plays (and not won)."""
    return not position.stock and not is_won(position) and not can_play_any(position, rules)


def status(position: Position, rules: Rules) -> str:
    """``won``, ``blocked`` or ``playing``."""
    if is_won(position):
        return "won"
    if is_blocked(position, rules):
        return "blocked"
    return "playing"


def score(position: Position, rules: Rules) -> int:
    """The score of a position (SPEC §3), points or strokes by the rules."""
    left = position.left
    if rules.scoring == "strokes":
        return -len(position.stock) if left == 0 else left
    blocked = is_blocked(position, rules)
    return max(0, 10 * (TABLEAU_SIZE - left) - (10 * left if blocked else 0))


def refusal(position: Position, action: Action, rules: Rules) -> Reason | None:
    """Why ``action`` (draw or play) is refused here, or None if it is legal."""
    columns = position.columns
    if not any(columns):
        return Reason.GAME_WON
    if is_blocked(position, rules):
        return Reason.BLOCKED_GAME
    if action.kind == PLAY:
        col = columns[action.column - 1]
        if not col:
            return Reason.EMPTY_COLUMN
        if action.row > len(col):
            return Reason.NO_SUCH_CARD
        if action.row and action.row < len(col):
            return Reason.COVERED
        top = position.waste_top
        if top is None or col[-1] in rules.follows[top]:
            return None
        if rank(top) == KING and not rules.queen_on_king:
            return Reason.ONLY_ACE_ON_KING if rules.king_ace else Reason.ON_KING
        return Reason.NOT_FOLLOWING
    if action.kind == DRAW:
        if not position.stock:
            return Reason.STOCK_EMPTY
        if not rules.draw_any_time and can_play_any(position, rules):
            return Reason.DRAW_NOT_STUCK
        return None
    raise ValueError(f"{action} is not a move of a position")


def apply(position: Position, action: Action, rules: Rules) -> Position:
    """The position after ``action`` (draw or play); raises :class:`Refused`."""
    columns, waste, stock = position
    # Fast paths for the common legal moves; anything else goes through refusal().
    if action.kind == PLAY:
        col = columns[action.column - 1]
        if col and not action.row and (not waste or col[-1] in rules.follows[waste[-1]]):
            return _play(position, action.column - 1)
    elif (
        stock
        and action.kind == DRAW
        and any(columns)
        and (rules.draw_any_time or not can_play_any(position, rules))
    ):
        return Position(columns, (*waste, stock[0]), stock[1:])
    reason = refusal(position, action, rules)
    if reason is not None:
        raise Refused(reason)
    return _apply_legal(position, action)


def _play(position: Position, i: int) -> Position:
    columns, waste, stock = position
    new_columns = list(columns)
    col = new_columns[i]
    new_columns[i] = col[:-1]
    return Position(tuple(new_columns), (*waste, col[-1]), stock)


def _apply_legal(position: Position, action: Action) -> Position:
    if action.kind == DRAW:
        columns, waste, stock = position
        return Position(columns, (*waste, stock[0]), stock[1:])
    return _play(position, action.column - 1)


def move_between(before: Position, after: Position) -> Action | None:
    """The move (``draw`` or ``play N``) that took ``before`` to ``after``, or None when no one
    move did: what a redo played again (and, read the other way, what an undo took back)."""
    if len(after.waste) != len(before.waste) + 1:
        return None
    if before.stock and after.stock == before.stock[1:] and after.waste[-1] == before.stock[0]:
        return _DRAW
    for i, (was, now) in enumerate(zip(before.columns, after.columns, strict=True)):
        if was and now == was[:-1] and after.waste[-1] == was[-1]:
            return _PLAYS[i]
    return None


def legal_actions(position: Position, rules: Rules) -> list[Action]:
    """Every legal move: plays by column, then the draw."""
    columns, waste, stock = position
    if waste:
        follows = rules.follows[waste[-1]]
        out = [_PLAYS[i] for i, col in enumerate(columns) if col and col[-1] in follows]
    else:
        out = [_PLAYS[i] for i, col in enumerate(columns) if col]
    # A legal play means the game is not won; without one, check that cards are left.
    if stock and (rules.draw_any_time if out else any(columns)):
        out.append(_DRAW)
    return out


_PLAYS: Final = tuple(Action(PLAY, i + 1) for i in range(COLUMNS))
