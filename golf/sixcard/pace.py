"""The course of a six-card game at a table, without a screen: what happens next (a computer's
action, the scoreboard, the curtain between two people), how long the table waits before it, who
still has a last turn, and the final standings.

Time is the seconds of play handed in as ``dt`` by whoever runs the table (a window's frames, a
test's fixed steps); nothing here reads a clock.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Final, Literal

from golf.sixcard.actions import Action
from golf.sixcard.game import State, leaders, totals, winners

__all__ = [
    "HANDOVER_PAUSE",
    "PACES",
    "PERSON_PAUSE",
    "SCOREBOARD_PAUSE",
    "Next",
    "Pace",
    "last_turn_seats",
    "next_step",
    "pause_after",
    "standings",
    "starts_turn",
]

PACES: Final[dict[str, tuple[float, float]]] = {
    "slow": (1.35, 1.1),
    "normal": (1.0, 0.6),
    "fast": (0.55, 0.2),
}
"""Each pace: how long card flights take (relative to normal), and the pause after each of the
computers' actions (seconds)."""
SCOREBOARD_PAUSE: Final = 1.5
"""Seconds to look at the revealed grids before the scoreboard."""
PERSON_PAUSE: Final = 0.25
"""After a person's action, before a computer moves."""
HANDOVER_PAUSE: Final = 1.0
"""After a person's turn, before the curtain for the next person: time to see the move."""

Next = Literal["", "scoreboard", "driven", "curtain", "reveal"]
"""What a table does once it has waited: nothing, show the hole's scores, ask a driven seat (a
computer; a player elsewhere) for its action, hide the table until the next person at the screen
is ready, or show that person's cards."""


@dataclass
class Pace:
    """The pause before a table's next step, counted down in seconds of play."""

    wait: float = 0.0

    def waiting(self, dt: float, busy: bool) -> bool:
        """Whether the table still waits: ``busy`` (cards in flight), or the pause before the
        next step (``dt`` comes off it)."""
        if busy:
            return True
        if self.wait > 0:
            self.wait -= dt
            return self.wait > 0
        return False


def pause_after(
    before: State,
    after: State,
    speed: str,
    computers: Collection[int],
    people: Collection[int],
) -> float:
    """The pause after an action took the game from ``before`` to ``after``: a computer's pause
    at ``speed``, a shorter one after a person, time to look at the revealed grids when a hole
    ends, and time to see a person's move before the screen passes to the next person."""
    mover = before.to_move
    wait = PACES[speed][1] if mover in computers else PERSON_PAUSE
    if after.phase in ("hole_over", "game_over"):
        return SCOREBOARD_PAUSE
    if len(people) > 1 and after.to_move in people and after.to_move != mover:
        return max(wait, HANDOVER_PAUSE)
    return wait


def next_step(
    state: State,
    scored: int,
    driven: Collection[int],
    people: Collection[int],
    revealed: int | None,
    curtain_for: int | None,
) -> Next:
    """What the table does next, once it has waited: ``scored`` holes have had their scoreboard;
    ``driven`` are the seats whose actions come from elsewhere than this screen (the computers),
    ``people`` the seats of the people at it; ``revealed`` is the person whose cards the screen
    shows, ``curtain_for`` the one the curtain waits for."""
    if state.phase in ("hole_over", "game_over"):
        return "scoreboard" if scored < len(state.scores) else ""
    seat = state.to_move
    if seat is None:
        return ""
    if seat in driven:
        return "driven"
    if revealed != seat and curtain_for is None:
        return "curtain" if len(people) > 1 else "reveal"
    return ""


def starts_turn(before: State, after: State, action: Action) -> bool:
    """Whether ``action`` handed the game to another player (or dealt a new hole)."""
    return after.to_move != before.to_move or action.kind == "next hole"


def last_turn_seats(state: State) -> tuple[int, ...]:
    """The seats still to play their last turn once someone has ended the hole."""
    if not state.ending or state.to_move is None:
        return ()
    seats = state.seats
    i = seats.index(state.to_move)
    return tuple(seats[(i + k) % len(seats)] for k in range(state.last_turns))


def standings(state: State) -> list[tuple[int, int, int]]:
    """(place, seat, total) from first to last; tied totals share a place, play-off winners
    first among them."""
    all_totals = totals(state)
    first = set(winners(state) or leaders(state))
    order = sorted(range(state.players), key=lambda s: (all_totals[s], s not in first, s))
    out: list[tuple[int, int, int]] = []
    for i, seat in enumerate(order):
        same = (
            out
            and all_totals[out[-1][1]] == all_totals[seat]
            and ((seat in first) == (out[-1][1] in first))
        )
        place = out[-1][0] if same else i + 1
        out.append((place, seat, all_totals[seat]))
    return out
