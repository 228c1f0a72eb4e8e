"""The server's health and figures (``golfnet.metrics``, ``golf serve --metrics-port``): /metrics
after a bot game shows its counters moved, /healthz says 200 while serving and 503 after, every
room event is one key=value log line, and without the option no port is opened for them."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from golf.sixcard.ai import make_opponent
from golfnet.bots import play_seat
from golfnet.journal import RoomJournal
from golfnet.metrics import Metrics, MetricsListener
from golfnet.protocol import Refused
from golfnet.server import GolfServer
from tests.netplay import FAST, open_room, run

ROOT = Path(__file__).resolve().parents[2]


async def get(port: int, path: str, method: str = "GET") -> tuple[int, str]:
    """One HTTP request to 127.0.0.1:port: the status and the body."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"{method} {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    await writer.drain()
    data = await reader.read()
    writer.close()
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body.decode()


def sample(text: str, name: str, **labels: str) -> float:
    """The value of one sample of /metrics' text."""
    inside = ",".join(f'{k}="{v}"' for k, v in labels.items())
    wanted = f"{name}{{{inside}}}" if labels else name
    for line in text.splitlines():
        if line.startswith(wanted + " "):
            return float(line.split()[-1])
    raise AssertionError(f"no {wanted} in /metrics")


def test_the_figures_move_with_a_bot_game_and_health_follows_the_server(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.INFO, logger="golfnet.rooms")
    monkeypatch.setattr("golfnet.server.SWEEP", 0.1)  # an ended room, left, goes at once

    async def body(opened: list[Any]) -> None:
        metrics = Metrics()
        server = GolfServer(FAST, journal=RoomJournal.open(tmp_path), metrics=metrics)
        listener = MetricsListener(server, metrics)
        port = await listener.start("127.0.0.1", 0)
        assert (await get(port, "/healthz"))[0] == 503  # not listening yet
        await server.start("127.0.0.1", 0)
        opened.append(server)
        uri = f"ws://127.0.0.1:{server.port()}"

        status, text = await get(port, "/healthz")
        assert status == 200
        assert json.loads(text) == {
            "serving": True,
            "rooms": 0,
            "waiting": 0,
            "connections": 0,
            "journal_ok": True,
        }
        _, before = await get(port, "/metrics")
        assert sample(before, "golf_actions_total") == 0
        assert sample(before, "golf_rooms") == 0
        assert sample(before, "golf_rooms_waiting") == 0

        clients = await open_room(uri, ("person", "easy", "person"))
        opened.extend(clients)
        _, during = await get(port, "/metrics")
        assert sample(during, "golf_rooms") == 1
        assert sample(during, "golf_players") == 2
        assert sample(during, "golf_connections") == 2
        assert json.loads((await get(port, "/healthz"))[1])["rooms"] == 1
        await asyncio.gather(
            *(play_seat(c, make_opponent("easy", i)) for i, c in enumerate(clients))
        )
        await clients[0].act("take_discard")  # not its turn, or the game is over: refused
        await clients[0].until(lambda m: isinstance(m, Refused))

        _, after = await get(port, "/metrics")
        actions = sample(after, "golf_actions_total")
        assert actions > 10
        timed = actions + 1  # every action message is timed, the refused one too
        assert sample(after, "golf_action_seconds_count") == timed
        assert sample(after, "golf_action_seconds_bucket", le="+Inf") == timed
        writes = sample(after, "golf_journal_write_seconds_count")  # seats, start, actions:
        assert 0 < writes <= actions + 8  # the actions of one pass of the loop in one transaction
        assert sample(after, "golf_room_events_total", event="created") == 1
        assert sample(after, "golf_room_events_total", event="seat") == 2
        assert sample(after, "golf_room_events_total", event="started") == 1
        assert sample(after, "golf_room_events_total", event="ended") == 1
        assert sample(after, "golf_refusals_total", kind="actions") == 1
        assert sample(after, "golf_refusals_total", kind="origin") == 0
        assert sample(after, "golf_offences_total", kind="crashes") == 0
        assert "# TYPE golf_action_seconds histogram" in after

        assert (await get(port, "/nothing"))[0] == 404
        assert (await get(port, "/metrics", "POST"))[0] == 405
        for c in clients:
            await c.close()
        for _ in range(100):
            if not server.rooms:
                break
            await asyncio.sleep(0.02)
        _, gone = await get(port, "/metrics")
        assert sample(gone, "golf_room_events_total", event="removed") == 1
        await server.stop()
        opened.remove(server)
        assert (await get(port, "/healthz"))[0] == 503  # stopped
        await listener.stop()

    run(body)
    lines = [r.getMessage() for r in caplog.records if r.name == "golfnet.rooms"]
    events = [line.split()[0] for line in lines]
    assert events == [
        "event=created",
        "event=seat",
        "event=seat",
        "event=started",
        "event=ended",
        "event=removed",
    ]
    assert all(re.fullmatch(r"(\S+=\S*)( \S+=\S*)*", line) for line in lines), lines
    assert "seats=person,easy,person" in lines[0] and "address=127.0.0.1" in lines[0]
    assert lines[-1].endswith("reason=over")


def test_two_servers_in_one_process_keep_their_own_figures() -> None:
    async def body(opened: list[Any]) -> None:
        first, second = Metrics(), Metrics()
        a = GolfServer(FAST, metrics=first)
        b = GolfServer(FAST, metrics=second)
        for server in (a, b):
            await server.start("127.0.0.1", 0)
            opened.append(server)
        clients = await open_room(f"ws://127.0.0.1:{a.port()}", ("person", "easy"))
        opened.extend(clients)
        await play_seat(clients[0], make_opponent("easy", 0))
        assert sample(first.text().decode(), "golf_actions_total") > 0
        assert sample(second.text().decode(), "golf_actions_total") == 0

    run(body)


def _listening(pid: int) -> int:
    """How many TCP sockets the process listens on (Linux's /proc)."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            link = str(fd.readlink())
        except OSError:
            continue
        if link.startswith("socket:["):
            inodes.add(link[8:-1])
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with Path(table).open(encoding="ascii") as f:
            for row in f.read().splitlines()[1:]:
                fields = row.split()
                if fields[3] == "0A" and fields[9] in inodes:  # LISTEN
                    count += 1
    return count


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's /proc")
@pytest.mark.parametrize("figures", [False, True], ids=["off-by-default", "metrics-port"])
def test_golf_serve_opens_the_figures_port_only_when_asked(tmp_path: Path, figures: bool) -> None:
    port, metrics_port = _free_port(), _free_port()
    argv = [sys.executable, "main.py", "serve", "--port", str(port), "--state", str(tmp_path)]
    if figures:
        argv += ["--metrics-port", str(metrics_port), "--log-rooms"]
    env = dict(os.environ, GOLF_DATA_DIR=str(tmp_path / "data"), HOME=str(tmp_path / "home"))
    process = subprocess.Popen(
        argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        said = []
        for line in process.stdout:
            said.append(line.strip())
            if line.startswith("six-card Golf server on"):
                break
        if figures:
            said.append(process.stdout.readline().strip())  # what it lets in
            said.append(process.stdout.readline().strip())  # how to open it
            said.append(process.stdout.readline().strip())
            assert said[-1] == (
                f"figures on http://127.0.0.1:{metrics_port}/metrics, "
                f"health on http://127.0.0.1:{metrics_port}/healthz"
            )
            status, text = asyncio.run(get(metrics_port, "/healthz"))
            assert status == 200 and json.loads(text)["journal_ok"] is True
            assert _listening(process.pid) == 2
        else:
            assert _listening(process.pid) == 1  # the game's port alone
    finally:
        process.terminate()
        process.communicate(timeout=10)
