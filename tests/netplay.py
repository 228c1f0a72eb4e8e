"""Helpers of the network tests: a server in this process on a free loopback port, a room filled
with honest clients, and the check that a client was never sent a card its seat could not see."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Any

from golf.sixcard.rules import STANDARD, SixRules
from golfnet.audit import leaks as leaks
from golfnet.audit import plain as plain
from golfnet.client import MAX_RECEIVED, Client
from golfnet.protocol import (
    TO_CLIENT,
    VERSION,
    Create,
    Join,
    Ready,
    RoomInfo,
    Start,
    ToClient,
    Welcome,
    decode,
)
from golfnet.server import GolfServer, Limits

FAST = Limits(rate=1000.0, burst=1000.0)


def wire(data: dict[str, Any]) -> ToClient:
    """What a client makes of a server's message whose fields are ``data`` (its ``type``
    among them): the typed value its decoder reads from the JSON text."""
    return decode(json.dumps({"v": VERSION, **data}), TO_CLIENT, MAX_RECEIVED)


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
        Create(name="P0", seats=tuple(kinds), rules=rules.to_dict(), pause=0, timer=timer)
    )
    await host.until(lambda m: isinstance(m, Welcome))
    clients = [host]
    for i in range(1, kinds.count("person")):
        c = await Client.open(uri)
        assert host.code is not None
        await c.send(Join(code=host.code, name=f"P{i}"))
        await c.until(lambda m: isinstance(m, Welcome))
        await c.send(Ready(ready=True))
        clients.append(c)
    people = kinds.count("person")
    await host.until(
        lambda m: (
            isinstance(m, RoomInfo)
            and sum(1 for s in m.seats if s.kind == "person" and s.ready) == people
        )
    )
    await host.send(Start())
    return clients


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
