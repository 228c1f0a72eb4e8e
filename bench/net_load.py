"""Load on one six-card Golf server: N rooms of 4 people playing at full speed on loopback.

    python bench/net_load.py [--rooms 5 10 20] [--seconds 10] [--client-procs 2]
    python bench/net_load.py --quick    # 2 rooms for 1 s and the room alone over 2 games (CI)

The server runs alone in a child process, pinned to one core (``--server-core``); the bots run
in ``--client-procs`` other processes, pinned to the other cores when the machine has more than
one. *Full speed*: every bot is an honest client (``golfnet.client.Client``: each message it
receives is checked against the protocol and its view rebuilt) that sends its action the moment
an update says it is its turn (a computer of the easy level chooses it, in the bot's process;
the four seats are people, so the server adds no computer's pause); between holes all four ask
for the next hole at once. A room whose game is over is closed and a new one created and played, so the
handshakes of new rooms are part of the load.

*Latency* is from a bot sending its action to each of the four seats of its room receiving the
update of that action (at the client, after its checks), so it includes the time the client
processes take to read it; it is measured within each client process (all four seats of a room
live in one). For each N: p50 and p99 of those, the actions a second, the server process's CPU
(its CPU time over the wall time of the measure: 100 % is one core) and CPU per action, its
resident memory, the memory per room over the idle server's, and the client processes' CPU.
Each N starts a fresh server. The machine's load average is printed with every line.

When the bots cannot keep the server busy (a small or shared machine), the largest N measured
says little about the server: the server's CPU per action (at the largest N tried) then gives
the *derived* capacity printed at the end, labelled as derived: with N rooms at full speed and
the server the only limit, each room's action waits for the N - 1 others, so the server would
answer each within about ``N x CPU per action``; that is 50 ms at ``N = 50 ms / CPU per action``,
an upper bound (it is the typical wait, and p99 is above it).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, broadcast
from websockets.asyncio.server import serve as ws_serve
from websockets.exceptions import ConnectionClosed

from golf.sixcard.actions import NEXT_HOLE_ACTION
from golf.sixcard.ai import Opponent, make_opponent
from golf.sixcard.rules import STANDARD
from golf.sixcard.view import seat_view
from golfnet.bots import choice
from golfnet.client import Client
from golfnet.protocol import MAX_MESSAGE
from golfnet.room import Room
from golfnet.server import GolfServer, Limits, settle

TARGET_MS = 50.0
LOAD_LIMITS = Limits(rooms=100_000, connections=100_000, per_address=100_000, rate=1e4, burst=1e4)
UPDATE_BYTES = 560
"""About the size of an update (the bare server's answer)."""
WARM_UP = 60.0
"""Seconds the clients have to open their rooms and start their games before the measure."""


# --- the server's process ---------------------------------------------------------------------


async def serve(port: int) -> None:
    """The server (with limits no load here reaches), until it is ended; prints its port."""
    server = GolfServer(LOAD_LIMITS)
    await server.start("127.0.0.1", port)
    settle()  # as golf serve does
    print(server.port(), flush=True)
    await asyncio.Event().wait()


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
        settle()
        print(next(iter(s.sockets)).getsockname()[1], flush=True)
        await asyncio.Event().wait()


def pin(cores: set[int]) -> None:
    """Keep this process on ``cores`` (where the system allows it)."""
    if cores and hasattr(os, "sched_setaffinity"):
        with contextlib.suppress(OSError):
            os.sched_setaffinity(0, cores)


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user and system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    """A process's resident memory now, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


# --- a client process: its share of the rooms ---------------------------------------------------


class Table:
    """One room's four bots in this process, and when each action was sent (by its number)."""

    def __init__(self, index: int, latencies: list[float]) -> None:
        self.index = index
        self.latencies = latencies
        self.sent: dict[int, float] = {}
        self.started = asyncio.Event()

    async def play(self, client: Client, opponent: Opponent) -> None:
        """One seat until its game is over: each update timed, each turn answered at once."""
        while client.record is None:
            message = await client.until(lambda m: m["type"] in ("update", "over"), 60)
            if message["type"] != "update":
                continue
            sent = self.sent.get(message["at"])
            if sent is not None:
                self.latencies.append(time.perf_counter() - sent)
            action = choice(client, opponent)
            if action is not None:
                await client.act(action)
                self.sent[client.at + 1] = time.perf_counter()  # the last to ask, between holes
                self.sent.pop(client.at - 8, None)

    async def game(self, uri: str, number: int) -> None:
        """Open the room (a host and three who join and get ready), start it, play it out."""
        clients: list[Client] = []
        try:
            host = await Client.open(uri)
            clients.append(host)
            host.keep = False
            await host.send("create", name="h", seats=["person"] * 4, pause=0)
            await host.until(lambda m: m["type"] == "welcome")
            for k in range(3):
                c = await Client.open(uri)
                clients.append(c)
                c.keep = False
                await c.send("join", code=host.code, name=f"p{k}")
                await c.until(lambda m: m["type"] == "welcome")
                await c.send("ready", ready=True)
            await host.until(lambda m: m["type"] == "room" and all(s["ready"] for s in m["seats"]))
            self.sent = {}
            await host.send("start")
            self.started.set()
            seed = (self.index * 1000 + number) * 4
            await asyncio.gather(
                *(self.play(c, make_opponent("easy", seed + k)) for k, c in enumerate(clients))
            )
        finally:
            for c in clients:
                with contextlib.suppress(Exception):
                    await c.close()

    async def run(self, uri: str) -> None:
        """Game after game until cancelled."""
        number = 0
        while True:
            await self.game(uri, number)
            number += 1


async def bare_room(uri: str, index: int, latencies: list[float], started: asyncio.Event) -> None:
    """Four connections to the bare server: one sends, each of the four reads what comes back,
    again and again."""
    seats = [await connect(uri, compression=None) for _ in range(4)]
    for ws in seats:
        await ws.send(f"room {index}")
    await asyncio.sleep(0.5)  # every seat is in its room
    started.set()
    while True:
        sent = time.perf_counter()
        await seats[index % 4].send("act")
        for ws in seats:
            await ws.recv()
            latencies.append(time.perf_counter() - sent)


async def read_line() -> str:
    return await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)


async def clients(uri: str, first: int, count: int, seconds: float, bare: bool) -> None:
    """Play rooms ``first`` to ``first + count - 1``: say ``ready`` once each has started,
    measure from ``go`` for ``seconds``, print the latencies (µs) as JSON."""
    settle()  # the bots' own pauses would count in the latency
    latencies: list[float] = []
    tables = [Table(first + i, latencies) for i in range(count)]
    if bare:
        tasks = [
            asyncio.ensure_future(bare_room(uri, t.index, latencies, t.started)) for t in tables
        ]
    else:
        tasks = [asyncio.ensure_future(t.run(uri)) for t in tables]
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(WARM_UP):
            for t in tables:
                await t.started.wait()
    print(f"ready {sum(t.started.is_set() for t in tables)}", flush=True)
    await read_line()  # "go"
    latencies.clear()
    await asyncio.sleep(seconds)
    done = [round(s * 1e6) for s in latencies]
    failed = sum(t.done() for t in tasks)
    print(json.dumps({"latencies": done, "failed": failed}), flush=True)
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
    """(first room, count) for each client process."""
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


def measure(
    rooms: int, seconds: float, procs: int, server_core: int | None, bare: bool
) -> dict[str, float]:
    """One N: a fresh server, the bots, the figures (``server_core`` None: nothing pinned)."""
    every = set(range(os.cpu_count() or 1))
    others = set() if server_core is None else every - {server_core} or every
    pinning = [] if server_core is None else ["--pin", str(server_core)]
    bareness = ["--bare"] if bare else []
    server = start(["--serve", "0", *pinning, *bareness], set())
    assert server.stdout is not None
    uri = f"ws://127.0.0.1:{int(server.stdout.readline())}"
    idle_mb = rss_mb(server.pid)
    bots = [
        start(["--clients", uri, str(first), str(count), str(seconds), *bareness], others)
        for first, count in split(rooms, procs)
    ]
    try:
        started = 0
        for b in bots:
            assert b.stdout is not None
            started += int(b.stdout.readline().split()[1])
        t0, cpu0 = time.perf_counter(), cpu_seconds(server.pid)
        bot_cpu0 = sum(cpu_seconds(b.pid) for b in bots)
        for b in bots:
            assert b.stdin is not None
            b.stdin.write("go\n")
            b.stdin.flush()
        time.sleep(seconds)
        t1, cpu1 = time.perf_counter(), cpu_seconds(server.pid)
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
            child.wait()
    return figures(
        rooms, started, results, t1 - t0, (cpu1 - cpu0, bot_cpu1 - bot_cpu0), (idle_mb, mb), load
    )


def figures(
    rooms: int,
    started: int,
    results: list[dict[str, Any]],
    wall: float,
    cpu: tuple[float, float],
    mb: tuple[float, float],
    load: float,
) -> dict[str, float]:
    done = sorted(x for r in results for x in r["latencies"])
    actions = len(done) / 4  # each action reaches four seats

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
        "MB": mb[1],
        "KB/room": max(0.0, mb[1] - mb[0]) * 1024 / rooms,
        "bots cpu %": 100 * cpu[1] / wall,
        "load": load,
        "failed": sum(int(r["failed"]) for r in results),
    }


class Inbox:
    """A seat's link that only counts what it is sent."""

    def __init__(self) -> None:
        self.count = 0

    def send(self, text: str) -> None:
        self.count += 1


def alone_room(game: int) -> Room:
    room = Room("ABCDEF", STANDARD, ("person",) * 4, number=1000 + game, seed=game, pause=0)
    for s in range(4):
        room.take(f"p{s}", Inbox())
        room.ready(s, True)
    room.start(0, 0.0)
    return room


def room_alone(games: int = 10) -> float:
    """µs of CPU per action of a room alone (the engine, the four views, their encoding), with
    no network: the actions of easy bots, chosen first, then played again and timed (the four
    asks for the next hole count as the one action they make)."""
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


HEAD = (
    f"{'rooms':>5} {'playing':>7} {'actions/s':>9} {'p50 ms':>7} {'p99 ms':>7} "
    f"{'srv cpu%':>8} {'µs/act':>6} {'srv MB':>6} {'KB/room':>7} {'bots cpu%':>9} {'load':>5}"
)


def line(r: dict[str, float]) -> str:
    return (
        f"{r['rooms']:>5.0f} {r['started']:>7.0f} {r['actions/s']:>9.0f} {r['p50']:>7.1f} "
        f"{r['p99']:>7.1f} {r['cpu %']:>8.0f} {r['us/action']:>6.0f} {r['MB']:>6.1f} "
        f"{r['KB/room']:>7.0f} {r['bots cpu %']:>9.0f} {r['load']:>5.1f}"
    )


def main(
    sizes: list[int],
    seconds: float,
    procs: int,
    server_core: int | None,
    bare: bool,
    alone_games: int = 10,
) -> int:
    print(
        f"machine: {os.cpu_count()} cores, load average {load_average()} at the start; "
        + (
            f"server pinned to core {server_core}, bots in {procs} processes on the other cores"
            if server_core is not None
            else f"nothing pinned, bots in {procs} processes"
        )
    )
    print(f"speed probe: sum(range(1000)) takes {speed_probe():.1f} µs of CPU here now")
    if bare:
        print("websockets alone (--bare): no game; an 'action' is one message in, four out")
    else:
        alone = room_alone(alone_games)
        print(
            f"the room alone (engine, views, encoding; no network): {alone:.0f} µs of CPU an action"
        )
    print(HEAD)
    best, costs, failed = 0, [], 0
    for n in sizes:
        r = measure(n, seconds, procs, server_core, bare)
        print(line(r), flush=True)
        costs.append(r["us/action"])
        failed += int(r["failed"])
        if r["p99"] <= TARGET_MS and r["started"] == n:
            best = n
    print(f"largest N measured with p99 <= {TARGET_MS:.0f} ms: {best} (of those tried)")
    cost = costs[-1]
    print(
        f"derived (not measured): at {cost:.0f} µs of server CPU per action ({sizes[-1]} rooms), "
        f"one core would answer {1e6 / cost:.0f} actions a second, each of "
        f"{TARGET_MS * 1000 / cost:.0f} full-speed rooms about every {TARGET_MS:.0f} ms "
        f"(an upper bound for p99 <= {TARGET_MS:.0f} ms)"
    )
    print(f"load average {load_average()} at the end")
    if failed:  # a room's bots stopped on an error: the figures are not the load asked for
        print(f"{failed} rooms stopped on an error in their bots' processes")
        return 1
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, nargs="+", default=[5, 10, 20])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--client-procs", type=int, default=2, help="processes running the bots")
    parser.add_argument("--server-core", type=int, default=0, help="the core the server runs on")
    parser.add_argument(
        "--no-pin",
        action="store_true",
        help="pin nothing: on a machine busy with other work, the system then gives the server "
        "and the bots whichever core is free (the server is one thread: one core at a time)",
    )
    parser.add_argument(
        "--bare",
        action="store_true",
        help="no game: websockets alone, each message answered with an update-sized text to "
        "the four connections of its room (what the network costs whatever the server does)",
    )
    parser.add_argument(
        "--quick", action="store_true", help="2 rooms for 1 s, the room alone over 2 games (CI)"
    )
    parser.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--pin", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--clients", nargs=4, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        if args.pin is not None:
            pin({args.pin})
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(serve_bare(args.serve) if args.bare else serve(args.serve))
        sys.exit(0)
    if args.clients is not None:
        uri, first, count, secs = args.clients
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(clients(uri, int(first), int(count), float(secs), args.bare))
        sys.exit(0)
    if args.quick:  # the quick sizes, unless given
        parser.set_defaults(rooms=[2], seconds=1.0)
        args = parser.parse_args()
    core = None if args.no_pin else args.server_core
    alone_games = 2 if args.quick else 10
    sys.exit(main(args.rooms, args.seconds, args.client_procs, core, args.bare, alone_games))
