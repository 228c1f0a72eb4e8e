"""Load on one six-card Golf server: N rooms of 4 people playing at full speed on loopback.

    python bench/net_load.py [--rooms 5 10 20] [--seconds 10]

The server runs in a child process (this script with ``--serve``); the clients run here, each
an honest bot that acts the moment its view says it is its turn. For each N: the time from an
action sent to the update of that action received (p50, p99), the actions a second, the server
process's CPU (share of one core) and resident memory, per room. The largest N whose p99 stays
within 50 ms is printed at the end. The clients share the machine with the server: on a small
machine they, not the server, may be what limits N.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from golf.sixcard.ai import make_opponent
from golfnet.bots import play_seat
from golfnet.client import Client
from golfnet.protocol import Message
from golfnet.server import GolfServer, Limits

TARGET_MS = 50.0
LOAD_LIMITS = Limits(rooms=100_000, connections=100_000, per_address=100_000, rate=1e4, burst=1e4)


async def serve(port: int) -> None:
    server = GolfServer(LOAD_LIMITS)
    await server.start("127.0.0.1", port)
    print(server.port(), flush=True)
    await asyncio.Event().wait()


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def room(uri: str, index: int, latencies: list[float], stop: asyncio.Event) -> None:
    """One room of four people who play game after game until told to stop."""
    while not stop.is_set():
        host = await Client.open(uri)
        host.keep = False
        await host.send("create", name="h", seats=["person"] * 4, pause=0)
        await host.until(lambda m: m["type"] == "welcome")
        clients = [host]
        for k in range(3):
            c = await Client.open(uri)
            c.keep = False
            await c.send("join", code=host.code, name=f"p{k}")
            await c.until(lambda m: m["type"] == "welcome")
            await c.send("ready", ready=True)
            clients.append(c)
        await host.until(lambda m: m["type"] == "room" and all(s["ready"] for s in m["seats"]))
        await host.send("start")

        def heard(_m: Message, seconds: float) -> None:
            latencies.append(seconds)

        games = [
            play_seat(c, make_opponent("easy", index * 4 + k), 60, heard)
            for k, c in enumerate(clients)
        ]
        waiting: asyncio.Future[list[None]] = asyncio.ensure_future(asyncio.gather(*games))
        stopper: asyncio.Future[bool] = asyncio.ensure_future(stop.wait())
        await asyncio.wait([waiting, stopper], return_when=asyncio.FIRST_COMPLETED)  # type: ignore[type-var]
        waiting.cancel()
        stopper.cancel()
        with contextlib.suppress(BaseException):
            await waiting
        for c in clients:
            await c.close()


async def measure(uri: str, pid: int, rooms: int, seconds: float) -> dict[str, float]:
    latencies: list[float] = []
    stop = asyncio.Event()
    tasks = [asyncio.ensure_future(room(uri, i, latencies, stop)) for i in range(rooms)]
    await asyncio.sleep(min(2.0, seconds / 4))  # rooms open and start
    latencies.clear()
    cpu0, t0 = cpu_seconds(pid), time.perf_counter()
    await asyncio.sleep(seconds)
    cpu1, t1 = cpu_seconds(pid), time.perf_counter()
    done = list(latencies)
    mem = rss_mb(pid)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    done.sort()

    def p(q: float) -> float:
        return done[min(len(done) - 1, int(q * len(done)))] * 1000 if done else float("nan")

    return {
        "rooms": rooms,
        "actions/s": len(done) / (t1 - t0),
        "p50 ms": p(0.50),
        "p99 ms": p(0.99),
        "server cpu %": 100 * (cpu1 - cpu0) / (t1 - t0),
        "server MB": mem,
    }


async def main(sizes: list[int], seconds: float) -> int:
    child = subprocess.Popen(
        [sys.executable, __file__, "--serve", "0"], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    port = int(child.stdout.readline())
    uri = f"ws://127.0.0.1:{port}"
    load = os.getloadavg()
    print(
        f"machine: {os.cpu_count()} cores, load average {load[0]:.1f} {load[1]:.1f} "
        f"{load[2]:.1f} at the start"
    )
    base = rss_mb(child.pid)
    print(
        f"{'rooms':>5} {'actions/s':>10} {'p50 ms':>7} {'p99 ms':>7} {'cpu %':>6} "
        f"{'MB':>6} {'cpu%/room':>9} {'KB/room':>8}"
    )
    best = 0
    try:
        for n in sizes:
            r = await measure(uri, child.pid, n, seconds)
            per_cpu = r["server cpu %"] / n
            per_kb = max(0.0, r["server MB"] - base) * 1024 / n
            print(
                f"{n:>5} {r['actions/s']:>10.0f} {r['p50 ms']:>7.1f} {r['p99 ms']:>7.1f} "
                f"{r['server cpu %']:>6.0f} {r['server MB']:>6.1f} {per_cpu:>9.2f} "
                f"{per_kb:>8.0f}"
            )
            if r["p99 ms"] <= TARGET_MS:
                best = n
    finally:
        child.terminate()
        child.wait()
    print(f"largest N with p99 <= {TARGET_MS:.0f} ms: {best} (of those tried)")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, nargs="+", default=[5, 10, 20])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(serve(args.serve))
        sys.exit(0)
    sys.exit(asyncio.run(main(args.rooms, args.seconds)))
