"""Load on one six-card Golf server as it is shipped: its limits, its journal, its figures.

    python bench/net_load.py [--rooms 50 100 250] [--human 2000] [--seconds 10]
    python bench/net_load.py --quick       # 4 rooms at full speed, 40 at a person's pace (CI)
    python bench/net_load.py --bare        # websockets alone: no game, no journal
    python bench/net_load.py --floor       # asyncio alone: no websockets, no game, no journal
    python bench/net_load.py --rooms 250 --human --profile server.prof   # where its time goes

**The server** runs alone in a child process pinned to one core (``--server-core``), made as
``golf serve --state DIR --metrics-port N`` makes it: ``Limits()`` as shipped (64 connections an
address, 20 messages a second a connection, 2,000 rooms, 8,000 connections), the rooms' journal
in a fresh folder (every action written before anyone is told of it) and the operator's figures
(``--no-metrics``: without them). Nothing of the server is lifted for the bench.

**The clients** run in ``--client-procs`` processes pinned to the other cores, many rooms each,
and are light, so that they do not measure themselves: raw WebSocket frames over asyncio
(the handshake, then masked text frames written whole; nothing of ``websockets``), each
message read only as far as it must be (the update's ``at``, ``phase`` and ``to_move``; the
seat to move reads its view and takes the first legal action a table of the view's fields
gives: :func:`choose`). Each room's four connections come from a loopback address of their
own (127.0.0.2, 127.0.0.3…: Linux routes all of 127/8 to the loopback), twelve rooms an
address, so the per-address limit holds as shipped.

Two paces: *full speed*: a seat acts the moment an update says it is its turn, but never
faster than 16 messages a second a connection (under the server's 20: faster is flooding);
between holes all four ask for the next hole at once; a room whose game (18 holes) is over is
left and a new one made, so the handshakes of new rooms are part of the load. *A person's
pace*: a pause of 1 to 3 s (uniform) before each action.

*Latency* is from a seat sending its action to each of the four seats of its room reading the
update of that action. For each row: p50 and p99, the actions a second, the server's CPU (its
CPU time over the wall time: 100 % is one core) and CPU per action, its resident memory and
that over the idle server's for each room playing at the end (a room still opening when the
warm-up ends is not counted, its connections are: an upper bound), the clients' CPU, the load
average, and the share of the server's CPU spent in the kernel (its system time: over loopback
each frame it writes also pays the kernel's delivery of it). Each row starts a fresh server.
The rows are followed by the capacity computed from the server's own CPU per action (labelled
as derived), the actions the journal holds, and each target of issue 34 with what was measured.

**Under the game** (no journal, no limits; the same light clients, one action after another in
each room, as fast as the server answers): ``--bare`` is ``websockets`` alone, each message
answered with an update-sized text to the four connections of its room; ``--floor`` is less
still: asyncio's own transports and the least framing RFC 6455 asks (:class:`FloorProtocol`),
what no Python server of this design (one frame to each seat for each action) goes under on
the machine at hand: over loopback, each frame the server writes also pays the kernel's work of
delivering it to its client.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import cProfile
import hashlib
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, Final

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.asyncio.server import ServerConnection, broadcast
from websockets.asyncio.server import serve as ws_serve
from websockets.exceptions import ConnectionClosed

from golf.sixcard.actions import NEXT_HOLE_ACTION
from golf.sixcard.ai import make_opponent
from golf.sixcard.rules import STANDARD
from golf.sixcard.view import seat_view
from golfnet.protocol import MAX_MESSAGE
from golfnet.room import Room

TARGET_MS: Final = 50.0
TARGETS: Final = {"full": 250, "person": 2000, "us": 60.0, "kb": 60.0}
"""Issue 34, item 5: rooms at full speed and at a person's pace at p99 <= 50 ms, µs of the
server's CPU an action (the journal's write included), KB of the server's memory a room."""
UPDATE_BYTES: Final = 560
"""About the size of an update (the bare server's answer)."""
WARM_UP: Final = 180.0
"""Seconds the clients have to open their rooms and start their games before the measure."""
ROOMS_PER_ADDRESS: Final = 12
"""Rooms whose connections come from one loopback address: 48 of the 64 an address may hold
(a finished room's connections may still be closing when the next game's open)."""
OPENING: Final = 64
"""Rooms a client process opens at once during the warm-up."""
SEND_RATE: Final = 16.0
SEND_BURST: Final = 24.0
"""A full-speed seat's messages a second, and at most at once (the server takes 20 and 40)."""
THINK: Final = (1.0, 3.0)
"""Seconds a person pauses before each action (uniform between the two)."""
HOLES: Final = 18
"""Holes of a bench game: a long game, so that full-speed rooms are not all handshakes (a
finished room stays on the server until its next sweep, and counts against its 2,000 rooms)."""
UTILISATION: Final = 0.7
"""Share of one core the derived capacity at a person's pace spends (queueing stays short)."""


# --- the server's process ---------------------------------------------------------------------


async def serve(port: int, state: str, metrics: bool, profile: str | None) -> None:
    """The server as ``golf serve --state`` makes it, until SIGTERM; prints its port. With
    ``profile``: cProfile from SIGUSR1 (the measure's start) to the end, written there."""
    from golfnet.door import room_for
    from golfnet.journal import RoomJournal
    from golfnet.server import GolfServer, Limits, settle

    room_for(Limits().connections)  # as golf serve does: descriptors for every connection
    journal = RoomJournal.open(Path(state))
    figures = None
    if metrics:
        from golfnet.metrics import Metrics

        figures = Metrics()
    server = GolfServer(Limits(), journal=journal, metrics=figures)
    await server.start("127.0.0.1", port)
    settle()  # as golf serve does
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    profiler = cProfile.Profile()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    loop.add_signal_handler(signal.SIGUSR1, profiler.enable)
    print(server.port(), flush=True)
    await stop.wait()
    profiler.disable()
    if profile:
        profiler.dump_stats(profile)
    os._exit(0)  # as a killed server: the journal holds what was written, nothing is closed


async def serve_bare(port: int) -> None:
    """websockets alone, set up as the server sets it up, doing only the writing an action
    makes: every message a connection sends is answered with an update's worth of text to each
    connection of its room (its first message names the room). No game, no check, no view."""
    rooms: dict[str, list[ServerConnection]] = {}
    text = "x" * UPDATE_BYTES

    async def handler(ws: ServerConnection) -> None:
        with contextlib.suppress(ConnectionClosed):  # the bots are ended, not closed
            room = rooms.setdefault(str(await ws.recv()), [])
            room.append(ws)
            async for _ in ws:
                broadcast(room, text)

    async with ws_serve(handler, "127.0.0.1", port, compression=None, max_size=MAX_MESSAGE) as s:
        from golfnet.server import settle

        settle()
        print(next(iter(s.sockets)).getsockname()[1], flush=True)
        await asyncio.Event().wait()


_GUID: Final = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class FloorProtocol(asyncio.Protocol):
    """The least a Python server can do for an action, to know what no server of ours can go
    under (``--floor``): asyncio's own event loop and transports, no ``websockets``, no game.
    The opening handshake answered as RFC 6455 asks, then each client frame read (its mask
    taken off), a ping answered, and every text message after a connection's first (which
    names its room) answered with one update-sized frame, built once, to each of the four
    connections of its room: what the server must write for an action, and nothing else."""

    rooms: ClassVar[dict[bytes, list[asyncio.Transport]]] = {}
    update: ClassVar[bytes] = b"\x81\x7e" + UPDATE_BYTES.to_bytes(2, "big") + b"x" * UPDATE_BYTES

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.buffer = bytearray()
        self.open = False
        self.room: list[asyncio.Transport] | None = None

    def data_received(self, data: bytes) -> None:
        buffer = self.buffer
        buffer += data
        if not self.open:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            found = re.search(rb"(?im)^sec-websocket-key:[ \t]*(\S+)", bytes(buffer[:end]))
            del buffer[: end + 4]
            if found is None:
                self.transport.close()
                return
            accept = base64.b64encode(hashlib.sha1(found.group(1) + _GUID).digest())
            self.transport.write(
                b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                b"Connection: Upgrade\r\nSec-WebSocket-Accept: " + accept + b"\r\n\r\n"
            )
            self.open = True
        while len(buffer) >= 6:
            size = buffer[1] & 127
            head = 6 if size < 126 else 8 if size == 126 else 14
            if len(buffer) < head:
                return
            if size >= 126:
                size = int.from_bytes(buffer[2 : head - 4], "big")
            if len(buffer) < head + size:
                return
            mask = bytes(buffer[head - 4 : head]) * (size // 4 + 1)
            body = int.from_bytes(buffer[head : head + size], "big")
            body ^= int.from_bytes(mask[:size], "big")
            payload = body.to_bytes(size, "big")
            opcode = buffer[0] & 15
            del buffer[: head + size]
            if opcode == 9:  # a ping: its pong
                self.transport.write(bytes((0x8A, size)) + payload)
            elif opcode == 8:
                self.transport.close()
                return
            elif self.room is None:
                self.room = self.rooms.setdefault(payload, [])
                self.room.append(self.transport)
            else:
                update = self.update
                for transport in self.room:
                    transport.write(update)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.room is not None and self.transport in self.room:
            self.room.remove(self.transport)


async def serve_floor(port: int) -> None:
    """The floor server (:class:`FloorProtocol`) on ``port``; prints the port it listens on."""
    from golfnet.server import settle

    settle()
    server = await asyncio.get_running_loop().create_server(FloorProtocol, "127.0.0.1", port)
    print(server.sockets[0].getsockname()[1], flush=True)
    await asyncio.Event().wait()


def pin(cores: set[int]) -> None:
    """Keep this process on ``cores`` (where the system allows it)."""
    if cores and hasattr(os, "sched_setaffinity"):
        with contextlib.suppress(OSError):
            os.sched_setaffinity(0, cores)


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far, in seconds: the nanoseconds each of its threads ran
    (``schedstat``), else its user and system time in clock ticks (10 ms: too coarse for a
    quiet second)."""
    try:
        return (
            sum(
                int((task / "schedstat").read_text().split()[0])
                for task in Path(f"/proc/{pid}/task").iterdir()
            )
            / 1e9
        )
    except (OSError, ValueError, IndexError):
        return sum(user_system(pid))


def user_system(pid: int) -> tuple[float, float]:
    """A process's CPU time so far in its own code and in the kernel's, in seconds (clock
    ticks: fine over a row's seconds)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def rss_mb(pid: int) -> float:
    """A process's resident memory now, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


# --- the light clients --------------------------------------------------------------------------

_AT: Final = re.compile(rb'"at":(\d+)')
_TYPE: Final = re.compile(rb'"type":"(\w+)"')
_PHASE: Final = re.compile(rb'"phase":"(\w+)"')
_TO_MOVE: Final = re.compile(rb'"to_move":(\d+|null)')
_COLUMNS: Final = {2: 1, 4: 2, 6: 3, 9: 3}
"""Columns of a grid of so many cards (``golf.sixcard.rules``)."""


def client_frame(payload: bytes, opcode: int = 1) -> bytes:
    """One whole client frame (RFC 6455): masked, as a client's must be, with the key 0, which
    leaves the payload as it is (the server unmasks it all the same)."""
    n = len(payload)
    if n < 126:
        head = bytes((0x80 | opcode, 0x80 | n))
    elif n < 1 << 16:
        head = bytes((0x80 | opcode, 0x80 | 126)) + n.to_bytes(2, "big")
    else:
        head = bytes((0x80 | opcode, 0x80 | 127)) + n.to_bytes(8, "big")
    return head + b"\0\0\0\0" + payload


def message(kind: str, **fields: object) -> bytes:
    return json.dumps({"v": 1, "type": kind, **fields}, separators=(",", ":")).encode()


def choose(view: dict[str, Any]) -> str:
    """The first legal action of the seat to move, from its view's fields alone: in the opening
    the first card it does not know; on its turn, the stock (the discard when the stock and the
    discard's under-cards are spent), then the card taken discarded for the first face-down
    card, or put there (or in row 1, column 1 when every card is up)."""
    seat, phase = view["seat"], view["phase"]
    grid = view["grids"][seat]
    columns = _COLUMNS[len(grid)]
    up = view["up"][seat]
    if phase == "opening":
        known = up | view["peeked"]
        slot = next(s for s in range(len(grid)) if not known >> s & 1)
        return f"flip {slot // columns + 1} {slot % columns + 1}"
    if view["drawn"] is None:
        if view["stock_count"] or len(view["discard"]) > 1:
            return "take stock"
        return "take discard"
    down = next((s for s in range(len(grid)) if not up >> s & 1), None)
    if down is None:
        return "replace 1 1"
    place = f"{down // columns + 1} {down % columns + 1}"
    return f"discard flip {place}" if view["drawn_from"] == "stock" else f"replace {place}"


class Wire(asyncio.Protocol):
    """One raw WebSocket connection of a light client: the handshake, then whole frames."""

    def __init__(self, seat: LightSeat, request: bytes) -> None:
        self.seat = seat
        self.request = request
        self.buffer = bytearray()
        self.open = False
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.write(self.request)

    def write(self, frame: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(frame)

    def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(client_frame((1000).to_bytes(2, "big"), 8))
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        buf = self.buffer
        buf += data
        if not self.open:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                return
            accepted = buf.startswith(b"HTTP/1.1 101")
            del buf[: end + 4]
            if not accepted:
                self.seat.table.load.count("handshakes refused")
                self.seat.lost()
                if self.transport is not None:
                    self.transport.close()
                return
            self.open = True
            self.seat.opened()
        pos, n = 0, len(buf)
        while n - pos >= 2:
            size, head = buf[pos + 1] & 0x7F, 2
            if size == 126:
                if n - pos < 4:
                    break
                size, head = int.from_bytes(buf[pos + 2 : pos + 4], "big"), 4
            elif size == 127:
                if n - pos < 10:
                    break
                size, head = int.from_bytes(buf[pos + 2 : pos + 10], "big"), 10
            if n - pos < head + size:
                break
            opcode = buf[pos] & 0x0F
            payload = bytes(buf[pos + head : pos + head + size])
            pos += head + size
            if opcode == 1:
                self.seat.text(payload)
            elif opcode == 9:  # the server's ping: a pong with its payload
                self.write(client_frame(payload, 10))
            elif opcode == 8:
                self.write(client_frame(payload[:2], 8))
                if self.transport is not None:
                    self.transport.close()
        if pos:
            del buf[:pos]

    def connection_lost(self, exc: Exception | None) -> None:
        self.seat.lost()


class LightSeat:
    """One seat of a light room: its connection, its number, its message budget."""

    def __init__(self, table: LightTable) -> None:
        self.table = table
        self.number = -1
        self.wire: Wire | None = None
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.ready: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.tokens = SEND_BURST
        self.last = 0.0
        self.done = False

    async def connect(self, port: int, address: str, path: str) -> None:
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
        loop = asyncio.get_running_loop()
        _, self.wire = await loop.create_connection(
            lambda: Wire(self, request), "127.0.0.1", port, local_addr=(address, 0)
        )
        await self.ready

    def opened(self) -> None:
        if not self.ready.done():
            self.ready.set_result(True)

    def lost(self) -> None:
        if not self.ready.done():
            self.ready.set_exception(ConnectionError("the server refused the connection"))
        elif not self.done:
            self.table.fail("lost")

    def send(self, data: bytes) -> None:
        assert self.wire is not None
        self.wire.write(client_frame(data))

    async def until(self, kind: str) -> dict[str, Any]:
        async with asyncio.timeout(WARM_UP):
            while True:
                got = await self.inbox.get()
                if got["type"] == kind:
                    return got
                if got["type"] in ("error", "refused", "bye"):
                    raise ConnectionError(f"{got['type']}: {got.get('error') or got}")

    def text(self, payload: bytes) -> None:
        table = self.table
        if not table.playing:
            self.inbox.put_nowait(json.loads(payload))
            return
        found = _TYPE.search(payload)
        kind = found[1] if found else b""
        if kind == b"update":
            table.update(self, payload)
        elif kind == b"over":
            table.over(self)
        elif kind in (b"refused", b"error", b"bye"):
            table.load.count(f"{kind.decode()} in play")
            table.fail(kind.decode())

    def act(self, action: str, at: int) -> None:
        """Send ``action`` for update ``at``: after a person's pause, or at full speed as soon
        as the seat's message budget allows."""
        frame = client_frame(b'{"v":1,"type":"act","action":"%s","at":%d}' % (action.encode(), at))
        load = self.table.load
        if load.person:
            delay = load.random.uniform(*THINK)
        else:
            now = time.perf_counter()
            self.tokens = min(SEND_BURST, self.tokens + (now - self.last) * SEND_RATE)
            self.last = now
            delay = 0.0 if self.tokens >= 1.0 else (1.0 - self.tokens) / SEND_RATE
            self.tokens -= 1.0
        if delay > 0:
            asyncio.get_running_loop().call_later(delay, self.write_act, frame, at)
        else:
            self.write_act(frame, at)

    def write_act(self, frame: bytes, at: int) -> None:
        if self.wire is None or self.done:
            return
        sent = self.table.sent
        sent[at + 1] = time.perf_counter()  # between holes, the last of the four to ask
        sent.pop(at - 8, None)
        self.wire.write(frame)


class Load:
    """What one client process measures for all its rooms."""

    def __init__(self, port: int, person: bool, seed: int) -> None:
        self.port = port
        self.person = person
        self.random = random.Random(seed)
        self.latencies: list[float] = []
        self.measuring = False
        self.stats: dict[str, int] = {}
        self.opening = asyncio.Semaphore(OPENING)

    def count(self, key: str) -> None:
        self.stats[key] = self.stats.get(key, 0) + 1


class LightTable:
    """One room's four light seats in a client process, game after game."""

    def __init__(self, index: int, load: Load) -> None:
        self.index = index
        self.load = load
        group = index // ROOMS_PER_ADDRESS
        self.address = f"127.0.{group // 250}.{group % 250 + 2}"
        self.sent: dict[int, float] = {}
        self.playing = False
        self.started = asyncio.Event()
        self.finished: asyncio.Future[str] | None = None
        self.seats: list[LightSeat] = []
        self.over_count = 0

    def fail(self, why: str) -> None:
        if self.finished is not None and not self.finished.done():
            self.finished.set_result(why)

    def update(self, seat: LightSeat, payload: bytes) -> None:
        now = time.perf_counter()
        at_found = _AT.search(payload)
        phase_found = _PHASE.search(payload)
        if at_found is None or phase_found is None:
            self.fail("update")
            return
        at = int(at_found[1])
        if self.load.measuring:
            sent = self.sent.get(at)
            if sent is not None:
                self.load.latencies.append(now - sent)
        phase = phase_found[1]
        if phase == b"hole_over":
            seat.act("next hole", at)
        elif phase != b"game_over":
            mover = _TO_MOVE.search(payload)
            if mover is not None and mover[1] == b"%d" % seat.number:
                seat.act(choose(json.loads(payload)["view"]), at)

    def over(self, seat: LightSeat) -> None:
        seat.done = True
        if all(s.done for s in self.seats):
            self.fail("over")

    async def open(self) -> None:
        """Connect the four seats, create the room, join it, get ready, start it."""
        load = self.load
        port = load.port
        self.playing = False
        self.seats = [LightSeat(self) for _ in range(4)]
        host = self.seats[0]
        await host.connect(port, self.address, "/new")
        host.send(
            message("create", name="h", seats=["person"] * 4, pause=0, rules={"holes": HOLES})
        )
        welcome = await host.until("welcome")
        host.number, code = welcome["seat"], welcome["code"]
        for k, seat in enumerate(self.seats[1:]):
            await seat.connect(port, self.address, f"/room/{code}")
            seat.send(message("join", code=code, name=f"p{k}"))
            seat.number = (await seat.until("welcome"))["seat"]
            seat.send(message("ready", ready=True))
        while True:
            room = await host.until("room")
            if all(s["ready"] for s in room["seats"]):
                break
        self.playing = True
        self.sent = {}
        self.finished = asyncio.get_running_loop().create_future()
        host.send(message("start"))

    async def run(self) -> None:
        """Game after game until cancelled (a room that fails stops)."""
        while True:
            try:
                async with self.load.opening:
                    await self.open()
            except (OSError, ConnectionError, TimeoutError, KeyError, ValueError) as error:
                self.load.count(f"rooms not opened: {type(error).__name__}")
                self.close()
                raise
            self.started.set()
            assert self.finished is not None
            why = await self.finished
            self.close()
            if why != "over":
                self.load.count(f"rooms stopped: {why}")
                raise ConnectionError(why)

    def close(self) -> None:
        for seat in self.seats:
            seat.done = True
            if seat.wire is not None:
                seat.wire.close()


class FloorSeat:
    """One connection of a light room against the bare or floor server (what :class:`Wire`
    asks of a seat): it says when it is open, and counts the updates it reads."""

    def __init__(self, room: FloorRoom) -> None:
        self.room = room
        self.table = room  # Wire counts a refused handshake through ``seat.table.load``
        self.load = room.load
        self.wire: Wire | None = None
        self.ready: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

    def opened(self) -> None:
        if not self.ready.done():
            self.ready.set_result(True)

    def lost(self) -> None:
        if not self.ready.done():
            self.ready.set_exception(ConnectionError("the server refused the connection"))
        else:
            self.room.failed = True

    def text(self, payload: bytes) -> None:
        self.room.read()


class FloorRoom:
    """Four light connections (raw frames, :class:`Wire`) to the bare or floor server: one
    sends an action, each of the four reads the update it brings, then the next seat sends."""

    def __init__(self, index: int, load: Load) -> None:
        self.index = index
        self.load = load
        self.seats = [FloorSeat(self) for _ in range(4)]
        self.started = asyncio.Event()
        self.failed = False
        self.turn = 0
        self.waiting = 0
        self.sent = 0.0

    async def run(self, port: int) -> None:
        address = f"127.0.{2 + self.index // 12 // 250}.{2 + self.index // 12 % 250}"
        for seat in self.seats:
            key = base64.b64encode(os.urandom(16)).decode()
            request = (
                f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
            _, seat.wire = await asyncio.get_running_loop().create_connection(
                lambda seat=seat, request=request: Wire(seat, request),  # type: ignore[misc]
                "127.0.0.1",
                port,
                local_addr=(address, 0),
            )
            await seat.ready
            seat.wire.write(client_frame(b"room %d" % self.index))
        await asyncio.sleep(0.5)  # every seat is in its room
        self.started.set()
        self.act()
        await asyncio.Event().wait()

    def act(self) -> None:
        self.waiting = 4
        self.sent = time.perf_counter()
        wire = self.seats[self.turn % 4].wire
        assert wire is not None
        wire.write(client_frame(b"act"))
        self.turn += 1

    def read(self) -> None:
        if self.load.measuring:
            self.load.latencies.append(time.perf_counter() - self.sent)
        self.waiting -= 1
        if not self.waiting:
            self.act()

    def close(self) -> None:
        for seat in self.seats:
            if seat.wire is not None:
                seat.wire.close()


async def read_line() -> str:
    return await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)


async def clients(port: int, first: int, count: int, seconds: float, pace: str) -> None:
    """Play rooms ``first`` to ``first + count - 1``: say ``ready`` once each has started,
    measure from ``go`` for ``seconds``, print the latencies (µs) and counts as JSON."""
    from golfnet.server import settle

    settle()
    load = Load(port, pace == "person", first)
    started: list[asyncio.Event] = []
    if pace in ("bare", "floor"):
        rooms = [FloorRoom(i, load) for i in range(first, first + count)]
        started = [r.started for r in rooms]
        tasks = [asyncio.ensure_future(r.run(port)) for r in rooms]
    else:
        tables = [LightTable(i, load) for i in range(first, first + count)]
        started = [t.started for t in tables]
        tasks = [asyncio.ensure_future(t.run()) for t in tables]
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(WARM_UP):
            for event in started:
                await event.wait()
    if pace == "person":  # every room past its first pause: in its stride
        await asyncio.sleep(THINK[1])
    print(f"ready {sum(e.is_set() for e in started)}", flush=True)
    await read_line()  # "go"
    load.latencies.clear()
    load.measuring = True
    await asyncio.sleep(seconds)
    load.measuring = False
    done = [round(s * 1e6) for s in load.latencies]
    failed = sum(t.done() for t in tasks)
    playing = sum(e.is_set() for e in started) - failed  # now: what the server's memory holds
    report = {"latencies": done, "failed": failed, "playing": playing, "stats": load.stats}
    print(json.dumps(report), flush=True)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


# --- the conductor ------------------------------------------------------------------------------


def start(args: Sequence[str], cores: set[int]) -> subprocess.Popen[str]:
    child = subprocess.Popen(
        [sys.executable, __file__, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    with contextlib.suppress(OSError):
        if cores and hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(child.pid, cores)
    return child


def split(rooms: int, procs: int) -> list[tuple[int, int]]:
    """(first room, count) for each client process (whole addresses to each)."""
    procs = max(1, min(procs, rooms))
    share = [rooms // procs + (1 if k < rooms % procs else 0) for k in range(procs)]
    return [(sum(share[:k]), share[k]) for k in range(procs)]


def load_average() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def speed_probe() -> float:
    """µs of CPU for ``sum(range(1000))`` here and now (the best of a few tries): how fast a
    core runs Python at the moment, to compare figures taken on different or busier machines."""
    best = float("inf")
    for _ in range(7):
        start = time.process_time()
        for _ in range(2000):
            sum(range(1000))
        best = min(best, time.process_time() - start)
    return best / 2000 * 1e6


def journal_actions(state: Path) -> int:
    """The actions the server's journal holds (-1 when it cannot be read)."""
    try:
        with contextlib.closing(sqlite3.connect(state / "rooms.sqlite3")) as db:
            return int(db.execute("SELECT count(*) FROM actions").fetchone()[0])
    except sqlite3.Error:
        return -1


class Run:
    """How each row is measured (the command line's options)."""

    def __init__(
        self,
        seconds: float,
        procs: int,
        server_core: int | None,
        metrics: bool = True,
        profile: str | None = None,
    ) -> None:
        self.seconds = seconds
        self.procs = procs
        self.server_core = server_core
        self.metrics = metrics
        self.profile = profile


def measure(rooms: int, pace: str, run: Run, profile: str | None = None) -> dict[str, Any]:
    """One row: a fresh server, the clients, the figures."""
    every = set(range(os.cpu_count() or 1))
    core = run.server_core
    others = set() if core is None else every - {core} or every
    state = Path(tempfile.mkdtemp(prefix="golf-load-"))
    if pace in ("bare", "floor"):
        serving = ["--serve", "0", f"--{pace}"]
    else:
        serving = ["--serve", "0", "--state", str(state)]
        serving += [] if run.metrics else ["--no-metrics"]
        serving += ["--profile", profile] if profile else []
    server = start(serving, set() if core is None else {core})
    assert server.stdout is not None
    port = int(server.stdout.readline())
    idle_mb = rss_mb(server.pid)
    bots = [
        start(["--clients", str(port), str(first), str(count), str(run.seconds), pace], others)
        for first, count in split(rooms, run.procs)
    ]
    try:
        started = 0
        for b in bots:
            assert b.stdout is not None
            started += int(b.stdout.readline().split()[1])
        if profile:
            os.kill(server.pid, signal.SIGUSR1)
        t0, cpu0, split0 = time.perf_counter(), cpu_seconds(server.pid), user_system(server.pid)
        bot_cpu0 = sum(cpu_seconds(b.pid) for b in bots)
        for b in bots:
            assert b.stdin is not None
            b.stdin.write("go\n")
            b.stdin.flush()
        time.sleep(run.seconds)
        t1, cpu1, split1 = time.perf_counter(), cpu_seconds(server.pid), user_system(server.pid)
        bot_cpu1 = sum(cpu_seconds(b.pid) for b in bots)
        mb = rss_mb(server.pid)
        load = os.getloadavg()[0]
        results = []
        for b in bots:
            assert b.stdout is not None
            results.append(json.loads(b.stdout.readline()))
    finally:
        for child in (*bots, server):
            child.terminate()
        for child in (*bots, server):
            child.wait(timeout=60)
    written = journal_actions(state)
    shutil.rmtree(state, ignore_errors=True)
    row = figures(rooms, started, results, t1 - t0, (cpu1 - cpu0, bot_cpu1 - bot_cpu0))
    row.update(pace=pace, MB=mb, load=load, written=written)
    user, system = (b - a for a, b in zip(split0, split1, strict=True))
    row["kernel %"] = 100 * system / (user + system) if user + system else float("nan")
    playing = sum(int(r.get("playing", rooms)) for r in results)  # the rooms open at the end
    row["KB/room"] = max(0.0, mb - idle_mb) * 1024 / max(1, playing)
    return row


def figures(
    rooms: int,
    started: int,
    results: list[dict[str, Any]],
    wall: float,
    cpu: tuple[float, float],
) -> dict[str, Any]:
    done = sorted(x for r in results for x in r["latencies"])
    actions = len(done) / 4  # each action reaches four seats
    stats: dict[str, int] = {}
    for r in results:
        for key, n in r.get("stats", {}).items():
            stats[key] = stats.get(key, 0) + n

    def p(q: float) -> float:
        return done[min(len(done) - 1, int(q * len(done)))] / 1000 if done else float("nan")

    return {
        "rooms": rooms,
        "started": started,
        "actions/s": actions / wall,
        "p50": p(0.50),
        "p99": p(0.99),
        "cpu %": 100 * cpu[0] / wall,
        "us/action": 1e6 * cpu[0] / actions if actions else float("nan"),
        "bots cpu %": 100 * cpu[1] / wall,
        "failed": sum(int(r["failed"]) for r in results),
        "stats": stats,
    }


class Inbox:
    """A seat's link that only counts what it is sent."""

    def __init__(self) -> None:
        self.count = 0

    def send(self, text: str) -> None:
        self.count += 1


def alone_room(game: int) -> Room:
    room = Room("ABCDEFGHJ", STANDARD, ("person",) * 4, number=1000 + game, seed=game, pause=0)
    for s in range(4):
        room.take(f"p{s}", Inbox())
        room.ready(s, True)
    room.start(0, 0.0)
    return room


def room_alone(games: int = 10) -> float:
    """µs of CPU per action of a room alone (the engine, the four views, their encoding), with
    no network and no journal: the actions of easy bots, chosen first, then played again and
    timed (the four asks for the next hole count as the one action they make)."""
    scripts: list[list[tuple[int, str]]] = []
    played = 0
    for g in range(games):
        room, script = alone_room(g), []
        bots = [make_opponent("easy", s) for s in range(4)]
        while room.match is not None and not room.over:
            state = room.match.state
            mover = state.to_move
            if mover is None:
                moves = [(s, str(NEXT_HOLE_ACTION)) for s in range(4)]
            else:
                moves = [(mover, str(bots[mover].decide(seat_view(state, mover))))]
            for s, action in moves:
                script.append((s, action))
                room.act(s, action, len(room.match.log), 0.0)
        played += len(room.match.log) if room.match else 0
        scripts.append(script)
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for g, script in enumerate(scripts):
            room = alone_room(g)
            for s, action in script:
                assert room.match is not None
                room.act(s, action, len(room.match.log), 0.0)
        best = min(best, time.process_time() - start)
    return best / played * 1e6


def room_memory(rooms: int = 200, actions: int = 60) -> float:
    """KB that one room in play holds (tracemalloc: its seats, match, history, timings; no
    connection), ``actions`` into its game."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    held = []
    for g in range(rooms):
        room = alone_room(g)
        for _ in range(actions):
            assert room.match is not None
            state = room.match.state
            if state.over:
                break
            movers = room.movers()
            for s in movers:
                view = seat_view(state, s)
                data = {
                    name: getattr(view, name) for name in ("seat", "phase", "grids", "up", "peeked")
                }
                data.update(
                    drawn=view.drawn,
                    drawn_from=view.drawn_from,
                    stock_count=view.stock_count,
                    discard=view.discard,
                )
                action = "next hole" if state.phase == "hole_over" else choose(data)
                room.act(s, action, len(room.match.log), 0.0)
        held.append(room)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / rooms / 1024


HEAD = (
    f"{'rooms':>5} {'pace':>6} {'playing':>7} {'actions/s':>9} {'p50 ms':>7} {'p99 ms':>7} "
    f"{'srv cpu%':>8} {'µs/act':>6} {'srv MB':>6} {'KB/room':>7} {'clients cpu%':>12} "
    f"{'load':>5} {'kernel%':>7}"
)


def line(r: dict[str, Any]) -> str:
    return (
        f"{r['rooms']:>5.0f} {r['pace']:>6} {r['started']:>7.0f} {r['actions/s']:>9.0f} "
        f"{r['p50']:>7.1f} {r['p99']:>7.1f} {r['cpu %']:>8.0f} {r['us/action']:>6.0f} "
        f"{r['MB']:>6.1f} {r['KB/room']:>7.0f} {r['bots cpu %']:>12.0f} {r['load']:>5.1f} "
        f"{r['kernel %']:>7.0f}"
    )


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main(sizes: list[int], human: list[int], run: Run, quick: bool, bare: str | None) -> int:
    pinning = (
        f"server pinned to core {run.server_core}, clients in {run.procs} processes on the "
        "other cores"
        if run.server_core is not None
        else f"nothing pinned, clients in {run.procs} processes"
    )
    print(f"machine: {os.cpu_count()} cores, load average {load_average()} at the start; {pinning}")
    print(f"speed probe: sum(range(1000)) takes {speed_probe():.1f} µs of CPU here now")
    if bare == "bare":
        print("websockets alone (--bare): no game; an 'action' is one message in, four out")
    elif bare == "floor":
        print(
            "the floor (--floor): asyncio alone, no websockets, no game; an 'action' is one "
            "message in, four out"
        )
    else:
        alone = room_alone(2 if quick else 10)
        print(
            f"the room alone (engine, views, encoding; no network, no journal): {alone:.0f} µs "
            f"of CPU an action; a room in play holds {room_memory(20 if quick else 200):.1f} KB "
            "(tracemalloc, no connection)"
        )
        print(
            "the server as shipped: Limits() (64 connections an address, 20 messages a second "
            "a connection), the journal on (--state)"
            + (", the figures on (--metrics-port)" if run.metrics else ", no figures")
        )
    print(HEAD)
    rows: list[dict[str, Any]] = []
    plan = [(n, bare or "full") for n in sizes] + [(n, "person") for n in human]
    for k, (n, pace) in enumerate(plan):
        profile = run.profile if k == len(plan) - 1 else None
        r = measure(n, pace, run, profile)
        rows.append(r)
        print(line(r), flush=True)
    failed = sum(int(r["failed"]) for r in rows)
    if bare:
        print(f"load average {load_average()} at the end")
        return 1 if failed else 0
    full = [r for r in rows if r["pace"] == "full"]
    person = [r for r in rows if r["pace"] == "person"]

    def best(group: list[dict[str, Any]]) -> int:
        good = [r["rooms"] for r in group if r["p99"] <= TARGET_MS and r["started"] == r["rooms"]]
        return max(good, default=0)

    derived_full = derived_person = 0.0
    if full:
        cost = full[-1]["us/action"]
        derived_full = TARGET_MS * 1000 / cost
        print(
            f"capacity from the server's own CPU per action (derived, not measured): full speed: "
            f"{cost:.0f} µs an action ({full[-1]['rooms']} rooms) is {1e6 / cost:.0f} actions a "
            f"second on one core; each room's action waits for the others', so about "
            f"{derived_full:.0f} rooms are answered within {TARGET_MS:.0f} ms (the typical "
            "wait: an upper bound for p99)"
        )
    if person:
        last = person[-1]
        rate = last["actions/s"] / last["rooms"]
        derived_person = UTILISATION / max(rate * last["us/action"] * 1e-6, 1e-12)
        print(
            f"capacity from the server's own CPU per action (derived, not measured): a person's "
            f"pace: {rate:.2f} actions a second a room at {last['us/action']:.0f} µs an action: "
            f"{derived_person:.0f} rooms in {UTILISATION:.0%} of one core (within the server's "
            "2,000 rooms and 8,000 connections as shipped)"
        )
    written = [r["written"] for r in rows]
    print(f"journal: {', '.join(str(w) for w in written)} actions written (each row's server)")
    troubles: dict[str, int] = {}
    for r in rows:
        for key, n in r["stats"].items():
            troubles[key] = troubles.get(key, 0) + n
    if troubles:
        print("clients saw: " + ", ".join(f"{k} {n}" for k, n in sorted(troubles.items())))
    costs = [r["us/action"] for r in rows]
    kbs = [r["KB/room"] for r in person] or [r["KB/room"] for r in rows]
    print("targets (issue 34, item 5):")
    n_full, n_person = best(full), best(person)
    print(
        f"  full speed >= {TARGETS['full']} rooms at p99 <= {TARGET_MS:.0f} ms: measured "
        f"{n_full} (largest tried with p99 <= {TARGET_MS:.0f} ms), derived {derived_full:.0f}: "
        f"{verdict(n_full >= TARGETS['full'])}"
    )
    print(
        f"  server CPU per action <= {TARGETS['us']:.0f} µs, journal included: "
        f"{min(costs):.0f}-{max(costs):.0f} µs: {verdict(max(costs) <= TARGETS['us'])}"
    )
    print(
        f"  a person's pace >= {TARGETS['person']} rooms at p99 <= {TARGET_MS:.0f} ms: measured "
        f"{n_person}: {verdict(n_person >= TARGETS['person'])}"
    )
    print(
        f"  memory per room <= {TARGETS['kb']:.0f} KB: {max(kbs):.0f} KB "
        f"({'a person' if person else 'full speed'}'s pace rows): "
        f"{verdict(max(kbs) <= TARGETS['kb'])}"
    )
    print(f"load average {load_average()} at the end")
    if failed:  # a room stopped on an error: the figures are not the load asked for
        print(f"{failed} rooms stopped on an error in their clients' processes")
        return 1
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, nargs="*", default=[50, 100, 250])
    parser.add_argument(
        "--human", type=int, nargs="*", default=[2000], help="rooms at a person's pace"
    )
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument(
        "--client-procs",
        type=int,
        default=max(1, (os.cpu_count() or 2) - 1),
        help="processes running the clients (one a core but the server's)",
    )
    parser.add_argument("--server-core", type=int, default=0, help="the core the server runs on")
    parser.add_argument(
        "--no-pin",
        action="store_true",
        help="pin nothing: on a machine busy with other work, the system then gives the server "
        "and the clients whichever core is free (the server is one thread: one core at a time)",
    )
    parser.add_argument(
        "--no-metrics", action="store_true", help="a server without its figures (/metrics)"
    )
    parser.add_argument(
        "--profile", metavar="FILE", help="cProfile the server of the last row into FILE"
    )
    parser.add_argument(
        "--bare",
        action="store_true",
        help="no game: websockets alone, each message answered with an update-sized text to "
        "the four connections of its room (what the network costs whatever the server does)",
    )
    parser.add_argument(
        "--floor",
        action="store_true",
        help="as --bare, without websockets: asyncio's own transports and the least framing "
        "RFC 6455 asks (what no Python server of this design can go under)",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="4 rooms at full speed and 40 at a person's pace, 1.5 s each (CI)",
    )
    parser.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--state", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--clients", nargs=5, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        with contextlib.suppress(KeyboardInterrupt):
            if args.bare:
                asyncio.run(serve_bare(args.serve))
            elif args.floor:
                asyncio.run(serve_floor(args.serve))
            else:
                asyncio.run(serve(args.serve, args.state, not args.no_metrics, args.profile))
        sys.exit(0)
    if args.clients is not None:
        port, first, count, secs, pace = args.clients
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(clients(int(port), int(first), int(count), float(secs), pace))
        sys.exit(0)
    if args.quick:  # the quick sizes, unless given
        parser.set_defaults(rooms=[4], human=[40], seconds=1.5)
        args = parser.parse_args()
    bare = "bare" if args.bare else "floor" if args.floor else None
    if bare:
        args.human = []
    core = None if args.no_pin else args.server_core
    run = Run(args.seconds, args.client_procs, core, not args.no_metrics, args.profile)
    sys.exit(main(args.rooms, args.human, run, args.quick, bare))
