"""Six-card Golf between scripted players and the computers: one game, the seats rotated, the
figures.

A scripted player is a function given a :class:`SixPlayerView`: the seat's
:class:`~golf.sixcard.view.SeatView` (what that seat may know, and nothing else: no face-down
card it has not seen, no stock, no deal number) and the legal actions; it answers one of them
(or its token, ``"take stock"``). A computer seat (``easy``, ``medium``, ``hard``) decides from
the same seat view. Between holes the table deals the next one without asking anyone.

A seat whose player fails (:class:`~golf.core.arena.PlayerFault` from the caller's guard,
or an answer that is not legal) is reported with the move, and the ``easy`` computer plays that
seat to the end of the game, so the others' game goes on; the seat's total counts as it comes.
The engine reads no clock: the time limit is the caller's (``golfcli/sixcard.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from golf.core.arena import shown
from golf.sixcard.actions import NEXT_HOLE_ACTION, Action
from golf.sixcard.ai import LEVELS, make_opponent
from golf.sixcard.game import apply, legal_actions, new_game, totals, winners
from golf.sixcard.rules import SixRules
from golf.sixcard.view import SeatView, seat_view

__all__ = [
    "STAND_IN",
    "SixFault",
    "SixGame",
    "SixPlayerView",
    "action_of",
    "play_game",
    "seat_of",
]

STAND_IN: Final = "easy"
"""The computer that plays a seat on after its player failed."""


class SixPlayerView(NamedTuple):
    """What a scripted seat is shown: its seat view and the legal actions."""

    seat_view: SeatView
    legal: tuple[Action, ...]


Seat = Callable[[SixPlayerView], object]
"""A player as the game calls it: its view in, an action (or its token) out."""


class SixFault(NamedTuple):
    """A seat's player failed: at the game's action ``move`` (1 = the first), by ``kind``
    (``raised``, ``slow`` or ``illegal``), with what happened."""

    seat: int
    move: int
    kind: str
    detail: str


@dataclass(frozen=True)
class SixGame:
    """One game: its deal, each seat's total and the winners (seats), every fault, and every
    action taken (to write its replay)."""

    number: int
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    faults: tuple[SixFault, ...]
    actions: tuple[Action, ...] = ()


def seat_of(entrant: int, game: int, players: int) -> int:
    """The seat entrant number ``entrant`` takes in game ``game``: the seats turn by one a game."""
    return (entrant + game) % players


def action_of(answer: object, legal: Sequence[Action]) -> Action | None:
    """The legal action ``answer`` names (exact types only: see golf.solitaire.arena)."""
    if type(answer) is Action:
        kind, row, column = answer
        if type(kind) is not str or type(row) is not int or type(column) is not int:
            return None
        wanted = (kind, row, column)
    elif type(answer) is str and len(answer) <= 40:
        try:
            parsed = Action.parse(answer)
        except ValueError:
            return None
        wanted = (parsed.kind, parsed.row, parsed.column)
    else:
        return None
    for action in legal:
        if tuple(action) == wanted:
            return action
    return None


def play_game(
    number: int,
    rules: SixRules,
    seats: Sequence[Seat | str],
    fault_of: Callable[[BaseException], tuple[str, str] | None],
) -> SixGame:
    """Play deal ``number`` with ``seats`` (a function, or a computer's level) to its end.

    ``fault_of`` says whether an exception a seat's function raised is its fault (kind,
    detail) or not (None: raised again).
    """
    players = len(seats)
    state = new_game(number, players, rules)
    deciders: list[Seat] = []
    for seat, who in enumerate(seats):
        deciders.append(_computer(who, number, seat) if isinstance(who, str) else who)
    faults: list[SixFault] = []
    log: list[Action] = []
    moves = 0
    while not state.over:
        to_move = state.to_move
        if to_move is None:
            state = apply(state, NEXT_HOLE_ACTION)
            log.append(NEXT_HOLE_ACTION)
            moves += 1
            continue
        seat = to_move
        legal = legal_actions(state)
        fault: tuple[str, str] | None = None
        try:
            answer = deciders[seat](SixPlayerView(seat_view(state, seat), tuple(legal)))
        except Exception as e:
            fault = fault_of(e)
            if fault is None:
                raise
            action = None
        else:
            action = action_of(answer, legal)
            if action is None:
                fault = ("illegal", shown(answer))
        if fault is not None:
            faults.append(SixFault(seat, moves + 1, *fault))
            deciders[seat] = _computer(STAND_IN, number, seat)
            continue
        assert action is not None
        state = apply(state, action)
        log.append(action)
        moves += 1
    return SixGame(number, totals(state), winners(state), tuple(faults), tuple(log))


def _computer(level: str, number: int, seat: int) -> Seat:
    if level not in LEVELS:
        raise ValueError(f"{level!r} is not a level (expected {', '.join(LEVELS)})")
    opponent = make_opponent(
        level, random.Random(f"six-card arena {number} {seat}").randrange(2**63)
    )
    return lambda turn: opponent.decide(turn.seat_view)
