"""Hostile clients against a live six-card Golf server on loopback, while honest games go on.

    python bench/net_attack.py [--games 2] [--quick]

The server runs in this process with its normal limits (a short idle time, 5 s, so that the
slow-loris case ends within the run; ``--quick``: 1 s, and one honest game played faster, for
CI: the cases still take about 17 s, the slow-loris one outlasting the server's 5 s for a
handshake); the attackers connect from 127.0.0.2, the honest players from 127.0.0.1. Each case
prints what was sent, what the server refused or counted (its counters), whether the attacker
was disconnected, and the leaks found (a message holding a card its receiver could not see:
every seated client's updates are compared with its seat's view of the recorded state). At the
end: the server's crashes (exceptions it caught while handling a client) and whether every
honest game ended with the totals its record gives.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import secrets
import socket
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.exceptions import ConnectionClosed

from golf.sixcard import replay as sixreplay
from golf.sixcard.ai import make_opponent
from golf.sixcard.game import totals
from golfnet.audit import CARDLESS, leaks
from golfnet.bots import play_seat
from golfnet.client import Client
from golfnet.protocol import encode
from golfnet.server import GolfServer, Limits

EVIL = "127.0.0.2"
Row = tuple[str, int, int, bool, int]


async def evil(uri: str) -> Client:
    return await Client.open(uri, local_addr=(EVIL, 0), open_timeout=5)


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
    return sum(1 for m in c.received if m["type"] not in CARDLESS)


async def seated_pair(uri: str) -> tuple[Client, Client]:
    """An attacker seated in a room against an honest bot."""
    a = await evil(uri)
    await a.send("create", name="mallory", seats=["person", "person"], pause=0)
    await a.until(lambda m: m["type"] == "welcome")
    b = await Client.open(uri)
    await b.send("join", code=a.code, name="bob")
    await b.until(lambda m: m["type"] == "welcome")
    await b.send("ready", ready=True)
    await a.until(lambda m: m["type"] == "room" and all(s["ready"] for s in m["seats"]))
    await a.send("start")
    await a.until(lambda m: m["type"] == "update")
    return a, b


async def out_of_turn(uri: str, server: GolfServer) -> Row:
    a, b = await seated_pair(uri)
    sent = 0
    own = make_opponent("easy", 1)
    for _ in range(30):
        assert a.view is not None
        if a.view.to_move == a.seat:  # its own turn: a legal move, so that the turn passes
            await a.act(own.decide(a.view))
            await a.until(lambda m: m["type"] == "update")
            continue
        await a.act("take stock")  # the other seat's turn
        sent += 1
        await asyncio.sleep(0.06)  # within the message rate
    await drain(a, 0.5)
    refused = sum(1 for m in a.received if m["type"] == "refused")
    room = server.rooms.get(str(a.code))
    states = (
        sixreplay.play(sixreplay.SixReplay.record(room.match.start, room.match.log))
        if room and room.match
        else []
    )
    leaked = len(leaks(a, states)) if states else 0
    await a.close()
    await b.close()
    return "out of turn", sent, refused, False, leaked


async def other_seat(uri: str, server: GolfServer) -> Row:
    a, b = await seated_pair(uri)
    for _ in range(8):
        await a.ws.send(encode("act", action="take stock", at=a.at, seat=1 - (a.seat or 0)))
        await asyncio.sleep(0.06)
    closed = await drain(a, 1.0)
    refused = sum(1 for m in a.received if m["type"] == "error")
    await b.close()
    return "other seat's action", 8, refused, closed, cardless(a) - _updates(a)


def _updates(c: Client) -> int:
    return sum(1 for m in c.received if m["type"] in ("update", "over"))


async def forged_tokens(uri: str, server: GolfServer) -> Row:
    host = await Client.open(uri)
    await host.send("create", name="h", seats=["person", "person"])
    await host.until(lambda m: m["type"] == "welcome")
    a = await evil(uri)
    n = 0
    closed = False
    for _ in range(20):
        try:
            await a.send("rejoin", code=host.code, token=secrets.token_urlsafe(18))
        except ConnectionClosed:
            closed = True
            break
        n += 1
        await asyncio.sleep(0.06)
    closed = closed or await drain(a, 1.0)
    refused = sum(1 for m in a.received if m["type"] == "error")
    await host.close()
    return "forged tokens", n, refused, closed, cardless(a)


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
    refused = sum(1 for m in a.received if m["type"] in ("error", "bye"))
    return what, n, refused, closed, cardless(a)


async def flood(uri: str, server: GolfServer) -> Row:
    a = await evil(uri)
    await a.send("create", name="f", seats=["person", "easy"])
    await a.until(lambda m: m["type"] == "welcome")
    n = 0
    try:
        for _ in range(500):
            await a.ws.send(encode("record"))
            n += 1
    except ConnectionClosed:
        pass
    closed = await drain(a, 3.0)
    refused = sum(1 for m in a.received if m["type"] == "error" and m["error"] == "flood")
    return "flood (500 at once)", n, refused, closed, cardless(a)


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
        await asyncio.sleep(0.5)
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
    return "slow-loris (10 handshakes, 10 idle)", 20, closed + ended, closed + ended == 20, 0


async def guessing(uri: str, server: GolfServer) -> Row:
    a = await evil(uri)
    n = 0
    closed = False
    for _ in range(200):
        code = "".join(secrets.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6))
        try:
            await a.send("join", code=code, name="g")
        except ConnectionClosed:
            closed = True
            break
        n += 1
        await asyncio.sleep(0.06)
    closed = closed or await drain(a, 1.0)
    found = sum(1 for m in a.received if m["type"] == "welcome")
    refused = sum(1 for m in a.received if m["type"] == "error")
    return f"room-code guessing (found {found})", n, refused, closed, cardless(a)


async def honest_game(uri: str, i: int, pace: float = 0.08) -> tuple[bool, int]:
    """Three honest people and a computer; True when it ended as its record says."""
    clients = []
    host = await Client.open(uri)
    await host.send("create", name="h", seats=["person", "person", "person", "easy"], pause=0.05)
    await host.until(lambda m: m["type"] == "welcome")
    clients.append(host)
    for k in range(2):
        c = await Client.open(uri)
        await c.send("join", code=host.code, name=f"p{k}")
        await c.until(lambda m: m["type"] == "welcome")
        await c.send("ready", ready=True)
        clients.append(c)
    await host.until(
        lambda m: (
            m["type"] == "room" and all(s["ready"] for s in m["seats"] if s["kind"] == "person")
        )
    )
    await host.send("start")
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


async def main(games: int, idle: float = 5.0, pace: float = 0.08) -> int:
    server = GolfServer(Limits(idle=idle))
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
    ]
    rows = []
    for case in cases:
        before = _counted(server)
        what, sent, _said, closed, leaked = await case(uri, server)
        rows.append((what, sent, _counted(server) - before, closed, leaked))
    results = await honest
    await server.stop()
    print(f"{'case':<38} {'sent':>5} {'refused':>8} {'cut off':>8} {'leaks':>6}")
    for what, sent, refused, closed, leaked in rows:
        print(f"{what:<38} {sent:>5} {refused:>8} {'yes' if closed else 'no':>8} {leaked:>6}")
    ok = sum(1 for good, _ in results if good)
    honest_leaks = sum(leaked for _, leaked in results)
    print(f"\nserver counted: {dict(sorted(server.stats.items()))}")
    print(
        f"crashes: {server.stats['crashes']}   leaked cards: "
        f"{sum(r[4] for r in rows) + honest_leaks}   honest games ended as recorded: "
        f"{ok}/{games}"
    )
    return 0 if server.stats["crashes"] == 0 and ok == games else 1


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
        "--quick", action="store_true", help="1 honest game at pace 0.02, idle 1 s (for CI)"
    )
    args = parser.parse_args()
    if args.quick:  # the quick sizes, unless given
        parser.set_defaults(games=1, idle=1.0, pace=0.02)
        args = parser.parse_args()
    sys.exit(asyncio.run(main(args.games, args.idle, args.pace)))
