"""The check that a client was never sent a card its seat could not see: every update it
received must be exactly the view of its seat (a spectator: the public view) of the state at
that moment, and nothing else it received may hold a card (the record only once the game is
over). Used by the tests and ``bench/net_attack.py``."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

from golf.sixcard.game import State
from golf.sixcard.view import seat_view
from golfnet.client import Client
from golfnet.protocol import (
    Bye,
    Error,
    Over,
    Refused,
    RoomInfo,
    ToClient,
    Update,
    Welcome,
    public_view,
    view_data,
)

CARDLESS: Final[tuple[type[ToClient], ...]] = (Welcome, RoomInfo, Refused, Error, Bye)
"""The messages that have no place for a card."""


def plain(data: object) -> Any:
    """Data as it arrives after a trip through JSON."""
    return json.loads(json.dumps(data))


def leaks(client: Client, states: Sequence[State]) -> list[str]:
    """Every message the client received that holds more than its seat could see when it was
    sent (``states[k]``: the state after k actions). Empty when nothing leaked."""
    wrong = []
    for i, m in enumerate(client.received):
        if isinstance(m, Update):
            state = states[m.at]
            seat = client.seat
            expected = view_data(seat_view(state, seat)) if seat is not None else public_view(state)
            if m.view != plain(expected):
                wrong.append(f"message {i}: update at {m.at} is not seat {seat}'s view")
            if seat is None:
                wrong += [f"message {i}: {w}" for w in _beyond_every_seat(m.view, state)]
            last = m.last
            if state.phase == "opening" and last and last.seat != seat and " " in last.action:
                wrong.append(f"message {i}: another seat's opening choice is named")
        elif isinstance(m, Over):
            if not states[-1].over or m.record.get("code") != states[0].code:
                wrong.append(f"message {i}: a record before the game's end")
        elif not isinstance(m, CARDLESS):
            wrong.append(f"message {i}: unexpected {m.TYPE}")
    return wrong


def _beyond_every_seat(view: dict[str, Any], state: State) -> list[str]:
    """What a spectator's view shows that some seat's own view does not: a spectator may see
    only what every seat sees."""
    wrong = []
    for s in range(state.players):
        seen = seat_view(state, s)
        for g, grid in enumerate(view["grids"]):
            for i, card in enumerate(grid):
                if card is not None and seen.grids[g][i] != card:
                    wrong.append(f"a card of seat {g} that seat {s} cannot see")
            if view["up"][g] & ~seen.up[g]:
                wrong.append(f"a face-up mark of seat {g} that seat {s} does not have")
        if view["drawn"] is not None and seen.drawn != view["drawn"]:
            wrong.append(f"the card in hand, which seat {s} cannot see")
    return wrong
