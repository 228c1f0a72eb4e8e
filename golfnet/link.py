"""The window's connection to a server, run on a thread of its own so that the window's loop
never waits on the network: :class:`NetLink` sends what the window asks, hands over what the
server said (``poll``), comes back to its seat with its token when the connection is lost, and
can host a server on this machine (for this machine alone, or for the local network).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import socket
import threading
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any, Final, TypeAlias

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from golfnet.client import Client, SeatLost, come_back, room_uri
from golfnet.protocol import BadMessage, Join, Leave, Rejoin, ToClient, ToServer, Watch
from golfnet.server import DEFAULT_PORT, GolfServer

log = logging.getLogger(__name__)

NO_SERVER: Final = "no_server"
UNKNOWN_HOST: Final = "unknown_host"
BAD_ADDRESS: Final = "bad_address"
REFUSED: Final = "refused"
"""Why a connection was not made (:class:`Failed`'s ``why``): nothing answers there, no machine
has that name, the address cannot be one, a server there refused the connection."""


@dataclass(frozen=True, slots=True)
class Lost:
    """The link's own event: the connection was lost; ``final``: it will not come back."""

    final: bool


@dataclass(frozen=True, slots=True)
class Back:
    """The link's own event: the connection came back and the seat is its again."""


@dataclass(frozen=True, slots=True)
class Failed:
    """The link's own event: no connection was made (``why``: one of the words above)."""

    why: str
    text: str


Event: TypeAlias = ToClient | Lost | Back | Failed
"""What :meth:`NetLink.poll` hands over: the server's messages and the link's own events."""


class NetLink:
    """A client (and optionally a hosted server) on a background thread."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.inbox: queue.Queue[Event] = queue.Queue()
        self.client: Client | None = None
        self.server: GolfServer | None = None
        self.uri = ""
        self.hosted_port: int | None = None
        self.closed = False
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True, name="golfnet")
        self.thread.start()

    def _run(self, coro: Coroutine[Any, Any, Any]) -> None:
        asyncio.run_coroutine_threadsafe(coro, self.loop)

    def host(self, port: int = DEFAULT_PORT, address: str = "127.0.0.1") -> int:
        """Start a server on this machine at ``address`` (loopback: this machine alone;
        ``0.0.0.0``, every address: the local network too); its port."""
        future = asyncio.run_coroutine_threadsafe(self._host(address, port), self.loop)
        return int(future.result(10))

    async def _host(self, address: str, port: int) -> int:
        server = GolfServer()
        try:
            await server.start(address, port)
        except OSError:
            await server.start(address, 0)  # the usual port is taken: any free one
        self.server = server
        self.hosted_port = server.port()
        return self.hosted_port

    def connect(self, uri: str, first: ToServer) -> None:
        """Connect to ``uri`` and send ``first`` (create, join or watch)."""
        self.uri = uri
        self._run(self._connect(first))

    async def _connect(self, first: ToServer) -> None:
        try:
            code = first.code if isinstance(first, Join | Rejoin | Watch) else None
            client = await Client.open(room_uri(self.uri, code), open_timeout=5)
        except Exception as e:  # whatever the address or the other end, the window is told
            self.inbox.put(Failed(why=failure(e), text=str(e)[:120]))
            return
        self.client = client
        await client.send(first)
        await self._listen()

    async def _listen(self) -> None:
        while not self.closed:
            client = self.client
            assert client is not None
            try:
                message = await client.receive()
            except BadMessage as e:
                log.warning("a message from the server was refused: %s", e)
                continue
            except ConnectionClosed:
                if self.closed or client.token is None or client.record is not None:
                    self.inbox.put(Lost(final=True))
                    return
                self.inbox.put(Lost(final=False))
                if not await self._come_back(client):
                    return
                continue
            self.inbox.put(message)

    async def _come_back(self, old: Client) -> bool:
        """Reconnect and rejoin the seat with its token (``golfnet.client.come_back``: longer
        and longer pauses between tries), until it works, the seat is refused or the link
        closes; :class:`Back` once the seat is this connection's again."""
        try:
            client = await come_back(self.uri, old, lambda: self.closed)
        except SeatLost as e:
            log.warning("the seat cannot come back: %s", e)
            client = None
        if client is None:
            self.inbox.put(Lost(final=True))
            return False
        self.client = client
        self.inbox.put(Back())
        return True

    def send(self, message: ToServer) -> None:
        client = self.client
        if client is not None:
            self._run(self._send(client, message))

    async def _send(self, client: Client, message: ToServer) -> None:
        with contextlib.suppress(ConnectionClosed):  # the listener notices and comes back
            await client.send(message)

    def drop(self) -> None:
        """Cut the connection as a failing network would (a test hook): the link finds it
        lost and comes back to its seat by itself."""
        client = self.client
        if client is not None and not self.closed:
            self.loop.call_soon_threadsafe(client.drop)

    def poll(self) -> list[Event]:
        """What has arrived since the last call (the window's loop calls it every frame)."""
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self, wait: float = 3.0) -> None:
        """Leave the room, stop a hosted server and the thread (waiting at most ``wait``
        seconds for the goodbye to be sent)."""
        if self.closed:
            return
        self.closed = True
        future = asyncio.run_coroutine_threadsafe(self._close(), self.loop)
        with contextlib.suppress(Exception):
            future.result(wait)
        self.thread.join(wait)
        if not self.thread.is_alive():
            self.loop.close()

    async def _close(self) -> None:
        try:
            if self.client is not None:
                with contextlib.suppress(ConnectionClosed):
                    await self.client.send(Leave())
                await self.client.close()
            if self.server is not None:
                await self.server.stop()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            self.loop.call_soon(self.loop.stop)


def failure(error: Exception) -> str:
    """Why a connection could not be made, in one word of :class:`Failed`'s ``why``."""
    if isinstance(error, socket.gaierror):
        return UNKNOWN_HOST
    if isinstance(error, InvalidURI | ValueError | UnicodeError):
        return BAD_ADDRESS
    if isinstance(error, InvalidHandshake | ConnectionClosed):
        return REFUSED  # something answered, but not as a game server that lets us in
    return NO_SERVER  # refused at the port, unreachable, or no answer in time


def local_address() -> str:
    """This machine's address on the local network, as others would reach it (no packet is
    sent: a UDP socket's route is only looked up); 127.0.0.1 when there is no network."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def server_uri(text: str) -> str:
    """``ws://host:port`` from what a player typed: ``host``, ``host:port`` or a ws:// address."""
    text = text.strip()
    if text.startswith(("ws://", "wss://")):
        return text
    if text.count(":") == 1 and text.rsplit(":", 1)[1].isdigit():
        return f"ws://{text}"
    return f"ws://{text}:{DEFAULT_PORT}"
