"""A client of the six-card Golf server (asyncio): what the window, the tests and the benchmarks
connect with. Every message received is read into its typed value by the protocol before it is
kept, and taken in by its class from one table (``Client.takers``); the client remembers its room, seat and token (to come back after a lost connection), the room's
seats, its last view and, once the game is over, the record of play, which it turns into a
normal six-card replay. A client whose connection was lost comes back to its seat with its
token (:func:`come_back`), trying again after longer and longer pauses (:func:`backoff`).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable
from typing import Any, Final

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from golf.sixcard.actions import Action
from golf.sixcard.codes import parse_code
from golf.sixcard.game import new_game
from golf.sixcard.replay import SixReplay
from golf.sixcard.rules import SixRules
from golf.sixcard.view import SeatView
from golfnet.protocol import (
    TO_CLIENT,
    Act,
    BadMessage,
    Bye,
    Error,
    Last,
    Over,
    Refused,
    Rejoin,
    RoomInfo,
    ToClient,
    ToServer,
    Update,
    Welcome,
    decode,
    encode,
    raw_message,
    read_view,
)

MAX_RECEIVED: Final = 1 << 20
"""Largest message a client accepts from a server."""

FIRST_PAUSE: Final = 0.25
LONGEST_PAUSE: Final = 8.0
"""The pauses before the tries to come back: doubling from the first to the longest."""

FINAL_ERRORS: Final = frozenset({"no_room", "bad_token"})
"""A server's answers to ``rejoin`` after which trying again cannot help: the seat is gone."""

OPEN_ERRORS: Final = (OSError, TimeoutError, InvalidURI, InvalidHandshake, ConnectionClosed)
"""What opening a connection may raise when the server cannot be reached."""


class Client:
    """One connection to a server, and what it has been told."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.received: list[ToClient] = []
        self.code: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.rules: SixRules | None = None
        self.room: RoomInfo | None = None
        self.view: SeatView | None = None
        self.view_data: dict[str, Any] | None = None
        self.at = 0
        self.last: Last | None = None
        self.deadline: float | None = None
        self.record: dict[str, Any] | None = None
        self.keep = True
        """Keep every message in ``received`` (the tests read them all)."""
        self.takers: dict[type[ToClient], Callable[[Any], None]] = {
            Welcome: self.welcomed,
            RoomInfo: self.roomed,
            Update: self.updated,
            Over: self.over,
            Refused: _said,
            Error: _said,
            Bye: _said,
        }
        """What each message from the server changes here (the one table of the client's
        side: ``tests/engine/test_protocol.py`` checks that it has every message of
        ``TO_CLIENT``)."""

    @classmethod
    async def open(cls, uri: str, **options: Any) -> Client:
        ws = await connect(uri, max_size=MAX_RECEIVED, compression=None, **options)
        return cls(ws)

    async def send(self, message: ToServer | str, **fields: object) -> None:
        """Send a message. ``send("type", **fields)`` sends those fields as they are,
        unchecked (:func:`~golfnet.protocol.raw_message`: what tests and attacks send to see
        the server refuse it)."""
        if isinstance(message, str):
            await self.ws.send(raw_message(message, **fields))
        else:
            await self.ws.send(encode(message))

    async def act(self, action: Action | str) -> None:
        await self.send(Act(action=str(action), at=self.at))

    async def receive(self) -> ToClient:
        """The next message, checked and taken in; raises ``BadMessage`` for one that is not
        the protocol's, ``websockets.ConnectionClosed`` when the connection ends."""
        data = await self.ws.recv()
        message = decode(data, TO_CLIENT, MAX_RECEIVED)
        self.take_in(message)
        return message

    def take_in(self, message: ToClient) -> None:
        if self.keep:
            self.received.append(message)
        self.takers[type(message)](message)

    def welcomed(self, message: Welcome) -> None:
        self.code, self.seat = message.code, message.seat
        self.token = message.token or self.token

    def roomed(self, message: RoomInfo) -> None:
        self.room = message
        self.rules = message.rules

    def updated(self, message: Update) -> None:
        if self.rules is None:
            raise BadMessage("update: before the room's rules")
        # read first: an update whose view is not one changes nothing
        view = read_view(message.view, self.rules) if self.seat is not None else None
        self.at, self.last = message.at, message.last
        self.deadline = message.deadline
        self.view_data = message.view
        if view is not None:
            self.view = view

    def over(self, message: Over) -> None:
        self.record = message.record

    async def until(self, wanted: Callable[[ToClient], bool], timeout: float = 10.0) -> ToClient:
        """Receive until a message ``wanted`` accepts arrives; it is returned."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.receive()
                if wanted(message):
                    return message

    async def close(self) -> None:
        await self.ws.close()

    def drop(self) -> None:
        """Cut the connection at once, without a goodbye, as a network that fails would (for
        tests and the window's test hook: what follows is what follows a lost connection)."""
        transport = getattr(self.ws, "transport", None)
        if transport is not None:
            transport.abort()

    def takes_over(self, old: Client) -> None:
        """This new connection speaks for ``old``'s seat: what the old one knew is kept."""
        self.code, self.seat, self.token = old.code, old.seat, old.token
        self.rules, self.room, self.view, self.view_data = (
            old.rules,
            old.room,
            old.view,
            old.view_data,
        )
        self.at, self.last, self.deadline = old.at, old.last, old.deadline
        self.keep = old.keep

    def replay(self) -> SixReplay:
        """The game's record of play as a six-card replay (the game must be over)."""
        if self.record is None:
            raise ValueError("the game is not over: no record yet")
        return replay_of(self.record)


def _said(message: Refused | Error | Bye) -> None:
    """A message that changes nothing the client keeps (its reader says it to the player)."""


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


def backoff(attempt: int, jitter: float = 0.0) -> float:
    """Seconds to wait before try number ``attempt`` (from 0) to come back: doubling from
    :data:`FIRST_PAUSE` up to :data:`LONGEST_PAUSE`, then that; ``jitter`` (0 to 1) takes off up
    to that share at random, so that clients cut off together do not all knock together."""
    pause: float = min(LONGEST_PAUSE, FIRST_PAUSE * 2.0 ** min(attempt, 16))
    return pause * (1.0 - jitter * random.SystemRandom().random())


def room_uri(base: str, code: str | None = None) -> str:
    """Where a client connects for a room: ``base/room/CODE`` to join, come back to or watch
    the room ``code``, ``base/new`` to create one. A server reads no path; a proxy in front of
    several sends each room to its server by the code in the path (``docs/deploy/Caddyfile``),
    and a new room to any of them (its code then names that server)."""
    return base.rstrip("/") + (f"/room/{code}" if code else "/new")


class SeatLost(Exception):
    """The server will not give the seat back (the room is gone, the token is not its)."""


async def come_back(
    uri: str,
    old: Client,
    stopped: Callable[[], bool],
    jitter: float = 0.25,
    **options: Any,
) -> Client | None:
    """A new connection to the room's address at ``uri`` (:func:`room_uri`) that has rejoined
    ``old``'s seat with its token, trying again with :func:`backoff` until it works; None when
    ``stopped()`` says to give up before. Raises :class:`SeatLost` when the server refuses the
    seat for good. ``options`` go to :meth:`Client.open` (``ssl``…)."""
    if old.code is None or old.token is None:
        raise SeatLost("no seat to come back to")
    attempt = 0
    while not stopped():
        await asyncio.sleep(backoff(attempt, jitter))
        attempt += 1
        if stopped():
            return None
        try:
            client = await Client.open(room_uri(uri, old.code), open_timeout=5, **options)
        except OPEN_ERRORS:
            continue
        client.takes_over(old)
        try:
            await client.send(Rejoin(code=old.code, token=old.token))
            answer = await client.until(lambda m: isinstance(m, Welcome | Error), 5.0)
        except (TimeoutError, ConnectionClosed, BadMessage):
            with contextlib.suppress(ConnectionClosed):
                await client.close()
            continue
        if isinstance(answer, Welcome):
            return client
        with contextlib.suppress(ConnectionClosed):
            await client.close()
        if isinstance(answer, Error) and answer.error in FINAL_ERRORS:
            raise SeatLost(answer.error)
    return None
