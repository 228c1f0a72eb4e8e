"""A client of the six-card Golf server (asyncio): what the window, the tests and the benchmarks
connect with. Every message received is checked against the protocol before it is kept; the
client remembers its room, seat and token (to come back after a lost connection), the room's
seats, its last view and, once the game is over, the record of play, which it turns into a
normal six-card replay.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Final

from websockets.asyncio.client import ClientConnection, connect

from golf.sixcard.actions import Action
from golf.sixcard.codes import parse_code
from golf.sixcard.game import new_game
from golf.sixcard.replay import SixReplay
from golf.sixcard.rules import SixRules
from golf.sixcard.view import SeatView
from golfnet.protocol import TO_CLIENT, BadMessage, Message, decode, encode, read_rules, read_view

MAX_RECEIVED: Final = 1 << 20
"""Largest message a client accepts from a server."""


class Client:
    """One connection to a server, and what it has been told."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.received: list[Message] = []
        self.code: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.rules: SixRules | None = None
        self.room: Message | None = None
        self.view: SeatView | None = None
        self.view_data: dict[str, Any] | None = None
        self.at = 0
        self.last: dict[str, Any] | None = None
        self.deadline: float | None = None
        self.record: dict[str, Any] | None = None
        self.keep = True
        """Keep every message in ``received`` (the tests read them all)."""

    @classmethod
    async def open(cls, uri: str, **options: Any) -> Client:
        ws = await connect(uri, max_size=MAX_RECEIVED, compression=None, **options)
        return cls(ws)

    async def send(self, kind: str, **fields: object) -> None:
        await self.ws.send(encode(kind, **fields))

    async def act(self, action: Action | str) -> None:
        await self.send("act", action=str(action), at=self.at)

    async def receive(self) -> Message:
        """The next message, checked and taken in; raises ``BadMessage`` for one that is not
        the protocol's, ``websockets.ConnectionClosed`` when the connection ends."""
        data = await self.ws.recv()
        message = decode(data, TO_CLIENT, MAX_RECEIVED)
        self.take_in(message)
        return message

    def take_in(self, message: Message) -> None:
        if self.keep:
            self.received.append(message)
        kind = message["type"]
        if kind == "welcome":
            self.code, self.seat = message["code"], message["seat"]
            self.token = message["token"] or self.token
        elif kind == "room":
            self.room = message
            self.rules = read_rules(message["rules"])
        elif kind == "update":
            if self.rules is None:
                raise BadMessage("update: before the room's rules")
            self.at, self.last = message["at"], message["last"]
            self.deadline = message["deadline"]
            self.view_data = message["view"]
            if self.seat is not None:
                self.view = read_view(message["view"], self.rules)
        elif kind == "over":
            self.record = message["record"]

    async def until(self, wanted: Callable[[Message], bool], timeout: float = 10.0) -> Message:
        """Receive until a message ``wanted`` accepts arrives; it is returned."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.receive()
                if wanted(message):
                    return message

    async def close(self) -> None:
        await self.ws.close()

    def replay(self) -> SixReplay:
        """The game's record of play as a six-card replay (the game must be over)."""
        if self.record is None:
            raise ValueError("the game is not over: no record yet")
        return replay_of(self.record)


def replay_of(record: dict[str, Any]) -> SixReplay:
    """A six-card replay from the server's record of play (its actions played again: a record
    that does not play raises)."""
    try:
        code = parse_code(str(record["code"]))
        actions = [Action.parse(a) for a in record["actions"]]
        times = [float(t) for t in record["times"]]
        seats = [str(s) for s in record["seats"]]
    except (KeyError, TypeError, ValueError) as e:
        raise BadMessage("over: not a record of play") from e
    start = new_game(code.number, code.players, code.rules)
    return SixReplay.record(start, actions, times=times, seats=seats)
