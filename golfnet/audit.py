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
from golfnet.protocol import public_view, view_data

CARDLESS: Final = frozenset({"welcome", "room", "refused", "error", "bye"})
"""The message types whose schema has no place for a card."""


def plain(data: object) -> Any:
    """Data as it arrives after a trip through JSON."""
    return json.loads(json.dumps(data))


def leaks(client: Client, states: Sequence[State]) -> list[str]:
    """Every message the client received that holds more than its seat could see when it was
    sent (``states[k]``: the state after k actions). Empty when nothing leaked."""
    wrong = []
    for i, m in enumerate(client.received):
        kind = m["type"]
        if kind == "update":
            state = states[m["at"]]
            seat = client.seat
            expected = view_data(seat_view(state, seat)) if seat is not None else public_view(state)
            if m["view"] != plain(expected):
                wrong.append(f"message {i}: update at {m['at']} is not seat {seat}'s view")
        elif kind == "over":
            if not states[-1].over or m["record"]["code"] != states[0].code:
                wrong.append(f"message {i}: a record before the game's end")
        elif kind not in CARDLESS:
            wrong.append(f"message {i}: unexpected {kind}")
    return wrong
