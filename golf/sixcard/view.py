"""What one seat may know: the only input of the computer opponents.

A :class:`SeatView` holds the seat's own face-up cards and the cards it has peeked at, the other
grids' face-up cards, the discard pile, the card in the hand of the player to move when it is
public (its own, or one taken from the discard), the cards cut for the first deal (public at a
real table), counts and scores. It never holds a face-down card the seat has not seen, the
stock's cards or order, the deal number or the deal's random stream; the opponents decide from
a view alone, so hidden cards cannot reach their decisions.

The opening choices are made "simultaneously" (the seed): the engine takes them in turn order,
but while the hole's opening lasts a view shows no other seat's chosen cards — they are face
down to everyone else, and ``up`` holds 0 for that seat — so every seat chooses before any
choice is shown. When the last seat has chosen, the phase is ``turn`` and every view shows
them all at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from golf.sixcard.game import Phase, Source, State
from golf.sixcard.rules import SixRules


@dataclass(frozen=True)
class SeatView:
    """The game as seat ``seat`` sees it. Grids hold a card or None (not known to this seat)."""

    rules: SixRules
    players: int
    seat: int
    hole: int
    seats: tuple[int, ...]
    dealer: int
    cut: tuple[int, ...] | None
    """The card each seat cut for the first deal (seat 0 first) with the cut rule, None
    without it: public, every seat sees every cut card (``State.cut``)."""
    phase: Phase
    to_move: int | None
    grids: tuple[tuple[int | None, ...], ...]
    up: tuple[int, ...]
    """Face-up slots of each seat (bit masks): public, but for the others' opening choices
    while the opening lasts."""
    peeked: int
    """This seat's face-down slots it has looked at."""
    discard: tuple[int, ...]
    stock_count: int
    drawn: int | None
    """The card in the hand of the player to move, when this seat may see it."""
    drawn_from: Source | None
    finisher: int | None
    knocked: bool
    last_turns: int
    turns: int
    scores: tuple[tuple[int | None, ...], ...]

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def grid(self) -> tuple[int | None, ...]:
        """This seat's own grid: the cards it knows."""
        return self.grids[self.seat]

    @property
    def discard_top(self) -> int | None:
        return self.discard[-1] if self.discard else None

    def face_down_slots(self, seat: int) -> list[int]:
        up = self.up[seat]
        return [s for s in range(len(self.grids[seat])) if not up >> s & 1]


class SeatFields(TypedDict):
    """The fields of a :class:`SeatView` but its rules."""

    players: int
    seat: int
    hole: int
    seats: tuple[int, ...]
    dealer: int
    cut: tuple[int, ...] | None
    phase: Phase
    to_move: int | None
    grids: tuple[tuple[int | None, ...], ...]
    up: tuple[int, ...]
    peeked: int
    discard: tuple[int, ...]
    stock_count: int
    drawn: int | None
    drawn_from: Source | None
    finisher: int | None
    knocked: bool
    last_turns: int
    turns: int
    scores: tuple[tuple[int | None, ...], ...]


def seat_view(state: State, seat: int) -> SeatView:
    """What ``seat`` may know of ``state``."""
    return SeatView(rules=state.rules, **seat_fields(state, seat))


def _masked(grid: tuple[int, ...], known: int) -> tuple[int | None, ...]:
    """``grid`` with the cards not in ``known`` (a bit mask of its slots) hidden."""
    if known == (1 << len(grid)) - 1:
        return grid  # every card known (or no card)
    if not known:
        return (None,) * len(grid)
    return tuple([c if known >> i & 1 else None for i, c in enumerate(grid)])


def every_seat_fields(state: State) -> list[SeatFields]:
    """:func:`seat_fields` of every seat, in seat order, made at once: what the seats see alike
    (a grid as its face-up cards show it, the piles, the scores) is one object shared by their
    fields, so that whoever encodes them can encode it once. Equal to ``[seat_fields(state, s)
    for s in range(state.players)]``."""
    up = state.up
    grids = state.grids
    opening = state.phase == "opening"
    public: list[tuple[int | None, ...]]
    if opening:  # every grid face down to the others until everyone has chosen
        public = [(None,) * len(grid) for grid in grids]
    else:
        public = [_masked(grid, up[s]) for s, grid in enumerate(grids)]
    shared = {
        "players": state.players,
        "hole": state.hole,
        "seats": state.seats,
        "dealer": state.dealer,
        "cut": state.cut,
        "phase": state.phase,
        "to_move": state.to_move,
        "discard": state.discard,
        "stock_count": len(state.stock),
        "drawn_from": state.drawn_from,
        "finisher": state.finisher,
        "knocked": state.knocked,
        "last_turns": state.last_turns,
        "turns": state.turns,
        "scores": state.scores,
    }
    everyone_sees_drawn = state.drawn_from == "discard"
    out: list[SeatFields] = []
    for seat in range(state.players):
        peeked = state.peeked[seat]
        own_up = up[seat]
        seen = list(public)
        own_known = own_up | peeked
        if opening or own_known != own_up:
            seen[seat] = _masked(grids[seat], own_known)
        fields = dict(shared)
        fields["seat"] = seat
        fields["grids"] = tuple(seen)
        fields["up"] = tuple(u if s == seat else 0 for s, u in enumerate(up)) if opening else up
        fields["peeked"] = peeked
        visible = everyone_sees_drawn or state.to_move == seat
        fields["drawn"] = state.drawn if visible else None
        out.append(fields)  # type: ignore[arg-type]  # the SeatFields keys, built in two steps
    return out


def seat_fields(state: State, seat: int) -> SeatFields:
    """What ``seat`` may know of ``state``, as the fields of its view (the rules aside): what
    the network game sends a seat, without building the view."""
    if not 0 <= seat < state.players:
        raise ValueError(f"seat must be 0 to {state.players - 1}, not {seat}")
    up = state.up
    if state.phase == "opening":  # the others' choices stay hidden until everyone has chosen
        up = tuple(u if s == seat else 0 for s, u in enumerate(up))
    grids: list[tuple[int | None, ...]] = []
    for s, grid in enumerate(state.grids):
        known = up[s] | (state.peeked[s] if s == seat else 0)
        if known == (1 << len(grid)) - 1:
            grids.append(grid)  # every card known (or no card)
        elif not known:
            grids.append((None,) * len(grid))
        else:
            grids.append(tuple([c if known >> i & 1 else None for i, c in enumerate(grid)]))
    public = state.to_move == seat or state.drawn_from == "discard"
    return {
        "players": state.players,
        "seat": seat,
        "hole": state.hole,
        "seats": state.seats,
        "dealer": state.dealer,
        "cut": state.cut,
        "phase": state.phase,
        "to_move": state.to_move,
        "grids": tuple(grids),
        "up": up,
        "peeked": state.peeked[seat],
        "discard": state.discard,
        "stock_count": len(state.stock),
        "drawn": state.drawn if public else None,
        "drawn_from": state.drawn_from,
        "finisher": state.finisher,
        "knocked": state.knocked,
        "last_turns": state.last_turns,
        "turns": state.turns,
        "scores": state.scores,
    }
