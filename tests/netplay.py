"""Helpers of the network tests: a server in this process on a free loopback port, a room filled
with honest clients, and the check that a client was never sent a card its seat could not see."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Any

from golf.sixcard.game import State
from golf.sixcard.rules import STANDARD, SixRules
from golf.sixcard.view import seat_view
from golfnet.client import Client
from golfnet.protocol import public_view, view_data
from golfnet.server import GolfServer, Limits

FAST = Limits(rate=1000.0, burst=1000.0)
CARDLESS = {"welcome", "room", "refused", "error", "bye"}
"""The message types whose schema has no place for a card."""


async def start_server(limits: Limits = FAST) -> tuple[GolfServer, str]:
    server = GolfServer(limits)
    await server.start("127.0.0.1", 0)
    return server, f"ws://127.0.0.1:{server.port()}"


async def open_room(
    uri: str, kinds: Sequence[str], rules: SixRules = STANDARD, timer: float = 0.0
) -> list[Client]:
    """A room whose person seats are all taken by new clients, everyone ready, started."""
    host = await Client.open(uri)
    await host.send(
        "create", name="P0", seats=list(kinds), rules=rules.to_dict(), pause=0, timer=timer
    )
    await host.until(lambda m: m["type"] == "welcome")
    clients = [host]
    for i in range(1, kinds.count("person")):
        c = await Client.open(uri)
        await c.send("join", code=host.code, name=f"P{i}")
        await c.until(lambda m: m["type"] == "welcome")
        await c.send("ready", ready=True)
        clients.append(c)
    people = kinds.count("person")
    await host.until(
        lambda m: (
            m["type"] == "room"
            and sum(1 for s in m["seats"] if s["kind"] == "person" and s["ready"]) == people
        )
    )
    await host.send("start")
    return clients


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


def run(coro: Any, timeout: float = 120.0) -> Any:
    """Run a test's coroutine under a time limit; it is given a list in which to put the
    server and clients to close whatever happens."""

    async def bounded() -> Any:
        opened: list[Any] = []
        try:
            async with asyncio.timeout(timeout):
                return await coro(opened)
        finally:
            for thing in reversed(opened):
                await (thing.stop() if isinstance(thing, GolfServer) else thing.close())

    return asyncio.run(bounded())
