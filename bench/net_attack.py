"""Hostile clients against a live six-card Golf server on loopback, while honest games go on.

    python bench/net_attack.py [--games 2] [--quick]

The server runs in this process with its normal limits (a short idle time, 5 s, so that the
slow-loris case ends within the run; ``--quick``: 1 s, and one honest game played faster, for
CI); the attackers connect from 127.0.0.2 (and other loopback addresses where a case needs
many), the honest players from 127.0.0.1. Each case prints what was sent, what the server
refused or counted (its counters), whether the attacker was disconnected, the leaks found (a
message holding a card its receiver could not see: every seated client's updates are compared
with its seat's view of the recorded state), and its outcome: what the case expects of the
server, checked — a case whose outcome fails makes the run fail. The messages' case sends
every field of every message a client may send typed wrong (each JSON type it does not take),
left out and one too many, the server's own types, an unknown type: each must get one
``bad_message`` error that repeats nothing of it, and the server must not fail.

The door's cases (``golfnet.door``): floods of bare TCP connections and of handshakes against
a ``golf serve`` process allowed 1,024 open files (so at most 896 connections: an honest
player must still join within the time given), headers forged by a client that is not a
trusted proxy (ignored) and written by one that is (believed), a page of another site
(refused, 403), room codes guessed from many addresses against the whole server's limit, and
offences forgotten with time; and a ``golf serve --state`` process killed (SIGKILL) while a
seat holds the card it drew, then started again: the room back, both seats rejoined with their
tokens at the action they were told, the game played to its end. At the end: the server's crashes (exceptions it caught while
handling a client), the leaked cards and whether every honest game ended with the totals its
record gives.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import functools
import json
import os
import resource
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from net_kill import ServerProcess  # bench/: this file's own folder
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from golf.sixcard import replay as sixreplay
from golf.sixcard.ai import make_opponent
from golf.sixcard.game import totals
from golf.sixcard.view import seat_view
from golfnet.audit import CARDLESS, leaks, plain
from golfnet.bots import play_seat
from golfnet.client import Client, SeatLost, come_back
from golfnet.door import Door, fitting_connections
from golfnet.protocol import (
    CODE_LENGTH,
    CODE_LETTERS,
    TO_CLIENT,
    TO_SERVER,
    Act,
    BadMessage,
    Bye,
    Create,
    Error,
    Join,
    Leave,
    Over,
    Ready,
    Record,
    Refused,
    Rejoin,
    RoomInfo,
    Start,
    ToClient,
    ToServer,
    Update,
    Watch,
    Welcome,
    encode,
    raw_message,
    view_data,
)
from golfnet.server import GolfServer, Limits

ROOT = Path(__file__).resolve().parent.parent
EVIL = "127.0.0.2"
PROXY = "127.0.0.3"
FILES = 1024
"""The open files the flooded ``golf serve`` may have (the usual default of ``ulimit -n``)."""
JOIN_WITHIN = 5.0
"""Seconds an honest player has to join a room while a flood goes on."""


class Row(NamedTuple):
    what: str
    sent: int
    refused: int
    closed: bool
    leaked: int
    outcome: str = ""
    """What the case expected and found: "ok" or "FAIL: …"."""


def judged(row: Row, ok: bool, found: str) -> Row:
    return row._replace(outcome=("ok" if ok else "FAIL") + (f": {found}" if found else ""))


def guess_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


async def evil(uri: str, address: str = EVIL, **options: Any) -> Client:
    return await Client.open(uri, local_addr=(address, 0), open_timeout=5, **options)


async def drain(c: Client, seconds: float = 3.0) -> bool:
    """Read until the server closes the connection (True) or ``seconds`` pass (False)."""
    try:
        await c.until(lambda m: False, seconds)
    except ConnectionClosed:
        return True
    except TimeoutError:
        return False
    return False


def cardless(c: Client) -> int:
    return sum(1 for m in c.received if not isinstance(m, CARDLESS))


async def seated_pair(uri: str) -> tuple[Client, Client]:
    """An attacker seated in a room against an honest bot."""
    a = await evil(uri)
    await a.send(Create(name="mallory", seats=("person", "person"), pause=0))
    await a.until(lambda m: isinstance(m, Welcome))
    b = await Client.open(uri)
    await b.send(Join(code=str(a.code), name="bob"))
    await b.until(lambda m: isinstance(m, Welcome))
    await b.send(Ready(ready=True))
    await a.until(lambda m: isinstance(m, RoomInfo) and all(s.ready for s in m.seats))
    await a.send(Start())
    await a.until(lambda m: isinstance(m, Update))
    return a, b


# --- the game's cases -------------------------------------------------------------------------


async def out_of_turn(uri: str, server: GolfServer) -> Row:
    a, b = await seated_pair(uri)
    sent = 0
    own = make_opponent("easy", 1)
    for _ in range(30):
        assert a.view is not None
        if a.view.to_move == a.seat:  # its own turn: a legal move, so that the turn passes
            await a.act(own.decide(a.view))
            await a.until(lambda m: isinstance(m, Update))
            continue
        await a.act("take stock")  # the other seat's turn
        sent += 1
        await asyncio.sleep(0.06)  # within the message rate
    await drain(a, 0.5)
    refused = sum(1 for m in a.received if isinstance(m, Refused))
    room = server.rooms.get(str(a.code))
    states = (
        sixreplay.play(sixreplay.SixReplay.record(room.match.start, room.match.log))
        if room and room.match
        else []
    )
    leaked = len(leaks(a, states)) if states else 0
    await a.close()
    await b.close()
    row = Row("out of turn", sent, refused, False, leaked)
    return judged(row, refused == sent, f"{refused} of {sent} refused")


async def other_seat(uri: str, server: GolfServer) -> Row:
    a, b = await seated_pair(uri)
    for _ in range(8):
        await a.ws.send(raw_message("act", action="take stock", at=a.at, seat=1 - (a.seat or 0)))
        await asyncio.sleep(0.06)
    closed = await drain(a, 1.0)
    refused = sum(1 for m in a.received if isinstance(m, Error))
    await b.close()
    row = Row("other seat's action", 8, refused, closed, cardless(a) - _updates(a))
    return judged(row, refused == 8, "each refused as malformed")


def _updates(c: Client) -> int:
    return sum(1 for m in c.received if isinstance(m, Update | Over))


async def forged_tokens(uri: str, server: GolfServer) -> Row:
    host = await Client.open(uri)
    await host.send(Create(name="h", seats=("person", "person")))
    await host.until(lambda m: isinstance(m, Welcome))
    a = await evil(uri)
    n = 0
    closed = False
    for _ in range(20):
        try:
            await a.send(Rejoin(code=str(host.code), token=secrets.token_urlsafe(18)))
        except ConnectionClosed:
            closed = True
            break
        n += 1
        await asyncio.sleep(0.06)
    closed = closed or await drain(a, 1.0)
    refused = sum(1 for m in a.received if isinstance(m, Error))
    welcomed = any(isinstance(m, Welcome) for m in a.received)
    await host.close()
    row = Row("forged tokens", n, refused, closed, cardless(a))
    return judged(row, closed and not welcomed, "no seat taken, cut off")


async def frames(uri: str, what: str, frame: str | bytes, count: int) -> Row:
    a = await evil(uri)
    n = 0
    try:
        for _ in range(count):
            await a.ws.send(frame)
            n += 1
            await asyncio.sleep(0.01)
    except ConnectionClosed:
        pass
    closed = await drain(a, 2.0)
    await asyncio.sleep(0.2)  # the server counts a closed connection once its handler ends
    refused = sum(1 for m in a.received if isinstance(m, Error | Bye))
    return judged(Row(what, n, refused, closed, cardless(a)), closed, "")


async def flood(uri: str, server: GolfServer) -> Row:
    a = await evil(uri)
    await a.send(Create(name="f", seats=("person", "easy")))
    await a.until(lambda m: isinstance(m, Welcome))
    n = 0
    try:
        for _ in range(500):
            await a.ws.send(encode(Record()))
            n += 1
    except ConnectionClosed:
        pass
    closed = await drain(a, 3.0)
    refused = sum(1 for m in a.received if isinstance(m, Error) and m.error == "flood")
    return judged(Row("flood (500 at once)", n, refused, closed, cardless(a)), closed, "")


async def slow_loris(uri: str, server: GolfServer) -> Row:
    """Handshakes sent a byte at a time; connections that never join a room."""
    port = int(uri.rsplit(":", 1)[1])
    loop = asyncio.get_running_loop()
    socks = []
    for _ in range(10):
        s = socket.socket()
        s.setblocking(False)
        s.bind((EVIL, 0))
        await loop.sock_connect(s, ("127.0.0.1", port))
        socks.append(s)
    request = b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
    closed = 0
    for i in range(len(request)):
        for s in socks:
            with contextlib.suppress(OSError):
                await loop.sock_sendall(s, request[i : i + 1])
        await asyncio.sleep(server.limits.handshake / 10)  # 16 bytes: past its time
        if i > 14:
            break
    for s in socks:
        try:
            data = await asyncio.wait_for(loop.sock_recv(s, 100), 3.0)
            closed += data == b"" or data.startswith(b"HTTP")
        except (OSError, TimeoutError):
            pass
        s.close()
    idle = [await evil(uri) for _ in range(10)]
    ended = sum([await drain(c, server.limits.idle + 1.0) for c in idle])
    row = Row("slow-loris (10 handshakes, 10 idle)", 20, closed + ended, closed + ended == 20, 0)
    return judged(row, closed + ended == 20, "each closed")


async def guessing(uri: str, server: GolfServer) -> Row:
    a = await evil(uri)
    n = 0
    closed = False
    for _ in range(200):
        try:
            await a.send(Join(code=guess_code(), name="g"))
        except ConnectionClosed:
            closed = True
            break
        n += 1
        await asyncio.sleep(0.06)
    closed = closed or await drain(a, 1.0)
    found = sum(1 for m in a.received if isinstance(m, Welcome))
    refused = sum(1 for m in a.received if isinstance(m, Error))
    row = Row(f"room-code guessing (found {found})", n, refused, closed, cardless(a))
    return judged(row, found == 0 and closed, "")


# --- the door's cases: each with a server of its own --------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


SERVER_ROOT: list[Path] = []
"""``--server-root``: the copy of the program whose ``golf serve`` the floods meet."""


class Served:
    """A ``golf serve`` process allowed :data:`FILES` open files, its default limits."""

    def __init__(self, handshake: int) -> None:
        root = SERVER_ROOT[0] if SERVER_ROOT else ROOT
        timeout = ["--handshake-timeout", str(handshake)] if root == ROOT else []
        self.port = free_port()
        self.folder = tempfile.TemporaryDirectory(prefix="golf-attack-")
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]

        def limit() -> None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (FILES, hard))

        env = dict(os.environ, GOLF_DATA_DIR=self.folder.name, GOLF_LOG_DIR=self.folder.name)
        self.process = subprocess.Popen(
            [sys.executable, str(root / "main.py"), "serve", "--port", str(self.port), *timeout],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            preexec_fn=limit,
        )
        assert self.process.stdout is not None
        self.said = [self.process.stdout.readline().strip() for _ in range(2)]
        if "connections" not in self.said[1]:  # an older serve does not say
            self.said[1] = "(an older golf serve)"
        self.uri = f"ws://127.0.0.1:{self.port}"

    def stop(self) -> str:
        """Stop it; what it wrote on stderr."""
        self.process.terminate()
        try:
            _out, err = self.process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _out, err = self.process.communicate()
        self.folder.cleanup()
        return err


class Holder(asyncio.Protocol):
    """One attacker's connection: ``lost`` is set when the server closes it."""

    def __init__(self, lost: asyncio.Future[None]) -> None:
        self.lost = lost

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.lost.done():
            self.lost.set_result(None)


HANDSHAKE = (
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)


async def hold(
    port: int, address: str, first: bytes, stop: asyncio.Event, seen: Counter[str]
) -> None:
    """Keep one connection open from ``address``, opening it again whenever the server closes
    it; ``first``: what it sends once connected (nothing, half a handshake, a whole one)."""
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        lost: asyncio.Future[None] = loop.create_future()
        try:
            transport, _ = await loop.create_connection(
                functools.partial(Holder, lost), "127.0.0.1", port, local_addr=(address, 0)
            )
        except OSError:
            seen["failed"] += 1
            await asyncio.sleep(0.05)
            continue
        seen["opened"] += 1
        opened = loop.time()
        if first:
            transport.write(first)
        stopping = loop.create_task(stop.wait())
        waits: list[asyncio.Future[Any]] = [lost, stopping]
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if lost.done():
            seen["closed by the server"] += 1
            seen["longest held (ms)"] = max(
                seen["longest held (ms)"], int(1000 * (loop.time() - opened))
            )
        transport.abort()


async def honest_join(uri: str, within: float) -> float | None:
    """Seconds for an honest host to make a room and a guest to join it (trying again as a
    player would until ``within`` has passed), or None if they could not."""
    start = time.monotonic()
    while time.monotonic() - start < within:
        clients: list[Client] = []
        try:
            async with asyncio.timeout(within - (time.monotonic() - start)):
                host = await Client.open(uri, open_timeout=2)
                clients.append(host)
                await host.send(Create(name="h", seats=("person", "person")))
                await host.until(lambda m: isinstance(m, Welcome))
                guest = await Client.open(uri, open_timeout=2)
                clients.append(guest)
                await guest.send(Join(code=str(host.code), name="g"))
                await guest.until(lambda m: isinstance(m, Welcome))
                return time.monotonic() - start
        except (OSError, TimeoutError, ConnectionClosed, InvalidStatus):
            await asyncio.sleep(0.1)
        finally:
            for c in clients:
                with contextlib.suppress(Exception):
                    await c.close()
    return None


def attacker(a: int) -> str:
    """The loopback address of the ``a``-th attacking machine."""
    return f"127.1.{a // 250}.{a % 250 + 1}"


FIRST = {"bare": b"", "whole": HANDSHAKE, "half": HANDSHAKE[:40]}
"""What a flood's connections send: nothing, a whole handshake, half of one."""


async def flood_worker(port: int, kind: str, addresses: int, each: int) -> None:
    """The attackers of a flood, in a process of their own (as they would be on machines of
    their own: the honest players' time is not theirs), until SIGTERM; then their counts
    as JSON on stdout."""
    import signal

    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    seen: Counter[str] = Counter()
    holders = [
        asyncio.create_task(hold(port, attacker(a), FIRST[kind], stop, seen))
        for a in range(addresses)
        for _ in range(each)
    ]
    await stop.wait()
    for holder in holders:  # one may be in a connect the server has not answered
        holder.cancel()
    await asyncio.gather(*holders, return_exceptions=True)
    print(json.dumps(seen), flush=True)


async def door_flood(
    what: str, kind: str, addresses: int, each: int, seconds: float, handshake: int
) -> Row:
    """``addresses`` x ``each`` attackers (another process) held against a ``golf serve``
    allowed 1,024 open files, while honest players make and join a room, at least three
    times: each must within :data:`JOIN_WITHIN` seconds, and the server must stay up and
    write no error."""
    served = Served(handshake)
    worker = subprocess.Popen(
        [
            sys.executable,
            __file__,
            "--flood-worker",
            *map(str, (served.port, kind, addresses, each)),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    await asyncio.sleep(1.5)  # the flood in place
    joins: list[float | None] = []
    end = time.monotonic() + seconds
    while True:
        joins.append(await honest_join(served.uri, JOIN_WITHIN))
        if None in joins or (len(joins) >= 3 and time.monotonic() >= end):
            break
        await asyncio.sleep(0.3)
    worker.terminate()
    try:
        out, _ = worker.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        worker.kill()
        out, _ = worker.communicate()
    seen = Counter(json.loads(out or "{}"))
    alive = served.process.poll() is None
    err = served.stop()
    slowest = max((t for t in joins if t is not None), default=0.0)
    ok = alive and None not in joins and "Traceback" not in err and "Error" not in err
    found = (
        f"{served.said[1].split(' (')[0]}; {len(joins)} honest joins, slowest {slowest:.2f} s; "
        f"longest held {seen['longest held (ms)'] / 1000:.1f} s"
    )
    if not ok:
        found += f"; joins {joins}, alive {alive}, stderr {err[-300:]!r}"
    row = Row(what, seen["opened"], seen["closed by the server"], True, 0)
    return judged(row, ok, found)


def floods(seconds: float, handshake: int) -> list[Callable[[], Awaitable[Row]]]:
    """The flood cases: bare TCP connections from a few addresses and from many, whole
    handshakes left silent, handshakes left half-sent."""
    cases = [
        ("bare TCP: 1,120 held from 16 addresses", "bare", 16, 70),
        ("bare TCP: 1,100 held from 1,100 addresses", "bare", 1100, 1),
        ("handshakes, then silence: 1,120 / 16 addr.", "whole", 16, 70),
        ("half a handshake: 1,120 / 16 addresses", "half", 16, 70),
    ]

    def case(what: str, kind: str, a: int, e: int) -> Callable[[], Awaitable[Row]]:
        return lambda: door_flood(what, kind, a, e, seconds, handshake)

    return [case(*c) for c in cases]


async def own_server(limits: Limits, door: Door | None = None) -> tuple[GolfServer, str]:
    server = GolfServer(limits, door=door)
    await server.start("127.0.0.1", 0)
    return server, f"ws://127.0.0.1:{server.port()}"


async def opened(uri: str, address: str, **options: Any) -> Client | None:
    try:
        return await evil(uri, address, **options)
    except (OSError, InvalidHandshake, TimeoutError, ConnectionClosed):
        return None


async def spoofed_header() -> Row:
    """A client that is no trusted proxy names another address in X-Forwarded-For and
    Forwarded on each connection: it is counted as its own address all the same."""
    server, uri = await own_server(Limits(per_address=8), Door(trusted=(ip("127.0.0.3/32"),)))
    clients = []
    for i in range(20):
        headers = {"X-Forwarded-For": f"10.9.9.{i}", "Forwarded": f"for=10.8.8.{i}"}
        clients.append(await opened(uri, EVIL, additional_headers=headers))
    taken = [c for c in clients if c is not None]
    counted = dict(server.gate.by_key)
    for c in taken:
        await c.close()
    await server.stop()
    row = Row("X-Forwarded-For from a non-proxy", 20, 20 - len(taken), False, 0)
    return judged(row, len(taken) == 8 and counted == {EVIL: 8}, f"counted as {counted}")


async def trusted_header() -> Row:
    """A trusted proxy's header names the client: each client has its own limit, the proxy
    none; what a client wrote itself in the header (the left part) is not believed."""
    door = Door(trusted=(ip("127.0.0.3/32"),))
    server, uri = await own_server(Limits(per_address=8), door)
    clients = []
    for i in range(20):  # twenty clients through the proxy, each its own address
        headers = {"X-Forwarded-For": f"6.6.6.6, 10.0.0.{i}"}
        clients.append(await opened(uri, PROXY, additional_headers=headers))
    for _ in range(12):  # one client, twelve connections: its limit is 8
        clients.append(await opened(uri, PROXY, additional_headers={"X-Forwarded-For": "10.1.1.1"}))
    taken = sum(1 for c in clients if c is not None)
    counted = dict(server.gate.by_key)
    for c in clients:
        if c is not None:
            await c.close()
    await server.stop()
    ok = taken == 28 and counted.get("10.1.1.1") == 8 and "6.6.6.6" not in counted
    ok = ok and PROXY not in counted and len(counted) == 21
    row = Row("X-Forwarded-For from a trusted proxy", 32, 32 - taken, False, 0)
    return judged(row, ok, f"{len(counted)} client addresses counted, 10.1.1.1: 8 of 12")


async def wrong_origin() -> Row:
    """A page of another site is refused at the handshake (403); the allowed page and a
    program (no Origin) are let in."""
    door = Door(origins=frozenset({"https://golf.example.org"}))
    server, uri = await own_server(Limits(), door)
    refused = 0
    statuses = []
    for origin in ("https://evil.example", "http://127.0.0.1:1", "null"):
        try:
            c = await evil(uri, origin=origin)
            await c.close()
        except InvalidStatus as e:
            refused += 1
            statuses.append(e.response.status_code)
    let_in = 0
    allowed: tuple[str | None, ...] = ("https://golf.example.org", None)
    for page in (*allowed, f"http://127.0.0.1:{server.port()}"):
        c = await evil(uri, origin=page)
        let_in += 1
        await c.close()
    counted = server.stats["refused: origin"]
    await server.stop()
    row = Row("Origin of another site", 3, refused, True, 0)
    ok = refused == 3 and set(statuses) == {403} and let_in == 3 and counted == 3
    return judged(row, ok, "403; the allowed page, a program and the server's own page let in")


async def server_guessing(rate: float) -> Row:
    """Room codes guessed from 40 addresses, 4 each (under the limit of 5 an address): the
    whole server's bucket of wrong guesses runs out, and every guess is then refused unread —
    a right one too, until it refills."""
    limits = Limits(guesses=rate)
    server, uri = await own_server(limits)
    host = await Client.open(uri)
    await host.send(Create(name="h", seats=("person", "person")))
    await host.until(lambda m: isinstance(m, Welcome))
    sent = looked = found = 0
    for a in range(40):
        c = await evil(uri, f"127.0.2.{a + 1}")
        for _ in range(4):
            await c.send(Join(code=guess_code(), name="g"))
            m = await c.until(lambda m: isinstance(m, Error | Welcome), 5)
            sent += 1
            looked += isinstance(m, Error) and m.error == "no_room"
            found += isinstance(m, Welcome)
        await c.close()
    guest = await Client.open(uri)  # the right code, while the bucket is empty: refused
    await guest.send(Join(code=str(host.code), name="g"))
    first = await guest.until(lambda m: isinstance(m, Error | Welcome), 5)
    await asyncio.sleep(60.0 / rate + 0.2)  # one guess's worth refilled
    await guest.send(Join(code=str(host.code), name="g"))
    second = await guest.until(lambda m: isinstance(m, Error | Welcome), 5)
    for c in (host, guest):
        await c.close()
    wrong = server.stats["wrong codes"]
    refused = server.stats["refused: server-wide guesses"]
    await server.stop()
    rooms = 2000
    expected = len(CODE_LETTERS) ** CODE_LENGTH / rooms
    years = expected / Limits().guesses / (60 * 24 * 365)  # at the default rate
    ok = found == 0 and wrong <= rate + 2 and refused >= sent - wrong and looked == wrong
    ok = ok and isinstance(first, Error) and first.error == "slow_down"
    ok = ok and isinstance(second, Welcome)
    found_text = (
        f"{wrong} looked up of {sent}, then refused; right code refused, then let in. "
        f"2,000 rooms open: {expected:.1e} guesses to find one, "
        f"{years:.1f} years at {Limits().guesses:g} a minute"
    )
    return judged(
        Row("codes from 40 addresses (server-wide)", sent, refused, False, 0), ok, found_text
    )


async def forgotten_offences() -> Row:
    """Offences forgotten with time: one malformed message every 0.6 s (forgotten one by one,
    limit 3, one forgotten every 0.5 s) never cuts the client off; three at once do."""
    server, uri = await own_server(Limits(offences=3, forget=0.5))
    a = await evil(uri)
    for _ in range(8):
        await a.ws.send("{")
        await asyncio.sleep(0.6)
    survived = not await drain(a, 0.1)
    for _ in range(3):
        with contextlib.suppress(ConnectionClosed):
            await a.ws.send("{")
    closed = await drain(a, 2.0)
    await server.stop()
    row = Row("offences that expire (8 slow, 3 fast)", 11, 11, closed, cardless(a))
    return judged(row, survived and closed, "the slow ones forgotten, the burst cut off")


# --- the messages' cases: every field of every message, typed wrong ------------------------------

SAMPLES: dict[str, object] = {
    "null": None,
    "bool": True,
    "int": 5,
    "float": 1.5,
    "str": "SECRET-7f3a",
    "list": ["SECRET-7f3a"],
    "object": {"x": "SECRET-7f3a"},
}
"""A value of each JSON type (a text no refusal may repeat)."""


def _json_type(value: object) -> str:
    kinds = {type(None): "null", bool: "bool", int: "int", float: "float", str: "str"}
    return kinds.get(type(value)) or ("list" if isinstance(value, list) else "object")


def wrong_messages() -> list[tuple[str, str]]:
    """Every message a client may send (``TO_SERVER``) with each of its fields given a value of
    each JSON type it does not take, left out, and with a field too many; the server's own
    messages sent to it; a type it does not know, another version, JSON that is no object."""
    good: list[ToServer] = [
        Create(name="m", seats=("person", "easy"), rules={"cut": True}, timer=5, pause=0),
        Join(code="ABCDEFGHJ", name="m"),
        Rejoin(code="ABCDEFGHJ", token="t" * 24),
        Watch(code="ABCDEFGHJ"),
        Ready(ready=True),
        Start(),
        Act(action="take stock", at=0),
        Leave(),
        Record(),
    ]
    assert {type(m) for m in good} == set(TO_SERVER.classes)
    out = []
    for message in good:
        data = json.loads(encode(message))
        for f in dataclasses.fields(message):
            taken = {_json_type(data[f.name])}
            if "float" in str(f.type):
                taken |= {"int", "float"}
            for kind, value in SAMPLES.items():
                if kind not in taken:
                    out.append(
                        (f"{message.TYPE}.{f.name}={kind}", json.dumps({**data, f.name: value}))
                    )
            if not f.metadata["absent"]:
                left = {k: v for k, v in data.items() if k != f.name}
                out.append((f"{message.TYPE} without {f.name}", json.dumps(left)))
        out.append((f"{message.TYPE}+seat", json.dumps({**data, "seat": 1})))
    for cls in TO_CLIENT.classes:
        out.append((f"the server's {cls.TYPE}", raw_message(cls.TYPE)))
    out += [
        ("unknown type", raw_message("deal", seat=0)),
        ("version 2", json.dumps({"v": 2, "type": "start"})),
        ("a list", "[1, 2]"),
        ("a string", '"act"'),
    ]
    return out


async def typed_wrong(uri: str, server: GolfServer) -> Row:
    """Each wrong message of :func:`wrong_messages` from a seated attacker (its room's game
    started, a bot across the table), one at a time: each must be answered by exactly one
    error, ``bad_message``, that repeats nothing it was sent; the server must not fail. The
    offence limit is what cuts a client off after ten: each batch of nine (within a
    connection's burst of messages) comes on a connection of its own, seated again in a room of
    its own."""
    sent = errors = wrong_answers = cut_off = 0
    echoed: list[str] = []
    messages = wrong_messages()
    crashes = server.stats["crashes"]
    leaked = 0
    for start in range(0, len(messages), 9):
        a, b = await seated_pair(uri)
        seen = len(a.received)
        for what, text in messages[start : start + 9]:
            await a.ws.send(text)
            sent += 1
            try:
                m = await a.until(lambda m: isinstance(m, Error | Bye), 3.0)
            except (TimeoutError, ConnectionClosed):
                wrong_answers += 1
                continue
            if not isinstance(m, Error) or m.error != "bad_message":
                wrong_answers += 1
                continue
            errors += 1
            if "SECRET" in m.text or "ABCDEFGHJ" in m.text:
                echoed.append(what)
        cut_off += await drain(a, 0.3)
        answers = a.received[seen:]
        errors_seen = sum(1 for m in answers if isinstance(m, Error))
        wrong_answers += abs(errors_seen - min(9, len(messages) - start))
        leaked += cardless(a) - _updates(a)
        await a.close()
        await b.close()
    crashed = server.stats["crashes"] - crashes
    row = Row(f"every field typed wrong ({len(messages)} kinds)", sent, errors, cut_off > 0, leaked)
    ok = errors == sent and wrong_answers == 0 and not echoed and crashed == 0 and not cut_off
    found = f"{errors} of {sent} answered by one bad_message each, none echoed, 0 crashes"
    if not ok:
        found = f"{errors}/{sent} errors, {wrong_answers} wrong, echoed {echoed}, {crashed} crashes"
    return judged(row, ok, found)


# --- kill -9 mid-turn: the room comes back from the server's state -----------------------------


def _after(at: int, m: ToClient) -> bool:
    return isinstance(m, Update) and m.at > at


async def killed_mid_turn() -> Row:
    """A ``golf serve --state`` process killed (SIGKILL) while a seat holds the card it drew,
    and started again on the same state: the room must be back, each seat rejoin with its
    token, find the turn as it was left (the card still in hand) with every action it was
    told, and the game play on to its end; no message of either connection may hold a card
    its seat could not see. A seat that cannot come back, or a game that stalls, fails it."""
    try:
        async with asyncio.timeout(240):
            return await _killed_mid_turn()
    except (TimeoutError, OSError, RuntimeError, ConnectionClosed, SeatLost, BadMessage) as e:
        row = Row("kill -9 mid-turn (--state)", 1, 0, True, 0)
        return judged(row, False, f"{type(e).__name__}: {e}"[:200])


async def _killed_mid_turn() -> Row:
    folder = tempfile.TemporaryDirectory(prefix="golf-attack-kill-")
    home = Path(folder.name)
    process = ServerProcess(free_port(), home / "state", home)
    clients: list[Client] = []
    try:
        await process.start()
        uri = f"ws://127.0.0.1:{process.port}"
        host = await Client.open(uri)
        await host.send(Create(name="h", seats=("person", "person"), pause=0))
        await host.until(lambda m: isinstance(m, Welcome))
        guest = await Client.open(uri)
        await guest.send(Join(code=str(host.code), name="g"))
        await guest.until(lambda m: isinstance(m, Welcome))
        await guest.send(Ready(ready=True))
        await host.until(lambda m: isinstance(m, RoomInfo) and all(s.ready for s in m.seats))
        await host.send(Start())
        old = [host, guest]
        for c in old:
            await c.until(lambda m: isinstance(m, Update))
        bots = [make_opponent("easy", 3), make_opponent("easy", 4)]
        while True:  # honest turns until a seat has drawn a card, a few actions in
            view = host.view
            assert view is not None and guest.view is not None
            if view.phase == "turn" and view.drawn_from is not None and host.at >= 6:
                break
            mover = next(c for c in old if c.view is not None and c.view.to_move == c.seat)
            at = host.at
            await mover.act(bots[old.index(mover)].decide(mover.view))  # type: ignore[arg-type]
            for c in old:
                await c.until(functools.partial(_after, at))
        told = host.at
        before = [c.view_data for c in old]
        await process.kill()
        killed = time.perf_counter()
        up = await process.start()
        back: list[Client] = []
        for c in old:
            again = await asyncio.wait_for(come_back(uri, c, lambda: False, jitter=0), 20)
            assert again is not None
            await again.until(lambda m: isinstance(m, Update))
            back.append(again)
        clients = back
        seconds = time.perf_counter() - killed
        same = [c.at for c in back] == [told, told] and [c.view_data for c in back] == before
        await asyncio.gather(
            *(play_seat(c, bots[k], timeout=120, pace=0.04) for k, c in enumerate(back))
        )
        states = sixreplay.play(back[0].replay())
        leaked = sum(len(leaks(c, states)) for c in (*old, *back))
        kept = all(plain(view_data(seat_view(states[told], k))) == before[k] for k in range(2))
        for c in old:
            with contextlib.suppress(Exception):
                await c.close()
    finally:
        for c in clients:
            with contextlib.suppress(Exception):
                await c.close()
        await process.kill()
        errors = process.errors()
        folder.cleanup()
    ok = same and kept and states[-1].over and "Traceback" not in errors
    found = (
        f"killed at action {told} with a card in hand; up again in {up:.2f} s, both seats back "
        f"in {seconds:.2f} s at action {told} as told; played to the end ({len(states) - 1} actions)"
    )
    return judged(Row("kill -9 mid-turn (--state)", 1, 0, True, leaked), ok, found)


def ip(text: str) -> Any:
    import ipaddress

    return ipaddress.ip_network(text)


async def honest_game(uri: str, i: int, pace: float = 0.08) -> tuple[bool, int]:
    """Three honest people and a computer; True when it ended as its record says."""
    clients = []
    host = await Client.open(uri)
    await host.send(Create(name="h", seats=("person", "person", "person", "easy"), pause=0.05))
    await host.until(lambda m: isinstance(m, Welcome))
    clients.append(host)
    for k in range(2):
        c = await Client.open(uri)
        await c.send(Join(code=str(host.code), name=f"p{k}"))
        await c.until(lambda m: isinstance(m, Welcome))
        await c.send(Ready(ready=True))
        clients.append(c)
    await host.until(
        lambda m: isinstance(m, RoomInfo) and all(s.ready for s in m.seats if s.kind == "person")
    )
    await host.send(Start())
    await asyncio.gather(
        *(
            play_seat(c, make_opponent("easy", 10 * i + k), timeout=120, pace=pace)
            for k, c in enumerate(clients)
        )
    )
    replay = host.replay()
    states = sixreplay.play(replay)
    leaked = sum(len(leaks(c, states)) for c in clients)
    for c in clients:
        await c.close()
    return replay.result.totals == totals(states[-1]) and states[-1].over, leaked


def _counted(server: GolfServer) -> int:
    """Refusals and offences the server has counted so far."""
    return sum(n for k, n in server.stats.items() if k not in ("rooms", "disconnected"))


async def main(games: int, idle: float = 5.0, pace: float = 0.08, quick: bool = False) -> int:
    server = GolfServer(Limits(idle=idle, handshake=2.0 if quick else Limits().handshake))
    await server.start("127.0.0.1", 0)
    uri = f"ws://127.0.0.1:{server.port()}"
    honest = asyncio.gather(*(honest_game(uri, i, pace) for i in range(games)))
    cases: list[Callable[[str, GolfServer], Awaitable[Row]]] = [
        out_of_turn,
        other_seat,
        forged_tokens,
        lambda u, s: frames(u, "malformed JSON", "{not json", 20),
        lambda u, s: frames(u, "huge frame (1 MB)", "x" * 1_000_000, 1),
        lambda u, s: frames(u, "binary frames", b"\x00\xff" * 50, 20),
        flood,
        slow_loris,
        guessing,
        typed_wrong,
    ]
    rows = []
    took: list[float] = []
    for case in cases:
        before = _counted(server)
        began = time.perf_counter()
        row = await case(uri, server)
        took.append(time.perf_counter() - began)
        rows.append(row._replace(refused=_counted(server) - before))
    seconds, handshake = (3.0, 2) if quick else (10.0, 5)
    door_cases: list[Callable[[], Awaitable[Row]]] = [
        *floods(seconds, handshake),
        spoofed_header,
        trusted_header,
        wrong_origin,
        lambda: server_guessing(60.0 if quick else 120.0),
        forgotten_offences,
        killed_mid_turn,
    ]
    for door_case in door_cases:
        began = time.perf_counter()
        rows.append(await door_case())
        took.append(time.perf_counter() - began)
    results = await honest
    await server.stop()
    print(f"{'case':<40} {'sent':>6} {'refused':>8} {'cut off':>8} {'leaks':>6} {'s':>5}  outcome")
    for row, seconds in zip(rows, took, strict=True):
        print(
            f"{row.what:<40} {row.sent:>6} {row.refused:>8} {'yes' if row.closed else 'no':>8} "
            f"{row.leaked:>6} {seconds:>5.1f}  {row.outcome}"
        )
    ok = sum(1 for good, _ in results if good)
    honest_leaks = sum(leaked for _, leaked in results)
    leaked = sum(r.leaked for r in rows) + honest_leaks
    failed = [r.what for r in rows if not r.outcome.startswith("ok")]
    print(f"\nserver counted: {dict(sorted(server.stats.items()))}")
    print(f"connections by default here: {fitting_connections():,}")
    print(
        f"crashes: {server.stats['crashes']}   leaked cards: {leaked}   honest games ended as "
        f"recorded: {ok}/{games}   cases failed: {len(failed)}{' ' + str(failed) if failed else ''}"
    )
    good = server.stats["crashes"] == 0 and ok == games and leaked == 0 and not failed
    return 0 if good else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2, help="honest games played meanwhile")
    parser.add_argument(
        "--idle", type=float, default=5.0, help="seconds a connection may stay without a room"
    )
    parser.add_argument(
        "--pace", type=float, default=0.08, help="seconds an honest player waits before acting"
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="1 honest game at pace 0.02, idle 1 s, a 2 s handshake, floods of 3 s (CI)",
    )
    parser.add_argument(
        "--server-root",
        type=Path,
        help="the floods meet the golf serve of this copy of the program (an older one: "
        "what it did before)",
    )
    parser.add_argument("--flood-worker", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.server_root:
        SERVER_ROOT.append(args.server_root.resolve())
    if args.flood_worker:  # the attackers of a flood case, in a process of their own
        port, kind, addresses, each = args.flood_worker
        asyncio.run(flood_worker(int(port), kind, int(addresses), int(each)))
        sys.exit(0)
    if args.quick:  # the quick sizes, unless given
        parser.set_defaults(games=1, idle=1.0, pace=0.02)
        args = parser.parse_args()
    sys.exit(asyncio.run(main(args.games, args.idle, args.pace, args.quick)))
