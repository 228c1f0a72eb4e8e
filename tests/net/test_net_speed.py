"""The server's fast paths keep its promises: the updates of an action, encoded together, are
each seat's own update; a client that does not read what it is sent is let go; the load
benchmark runs its server and bot processes and reports its figures."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from golf.sixcard.actions import NEXT_HOLE_ACTION
from golf.sixcard.ai import make_opponent
from golf.sixcard.rules import SixRules
from golf.sixcard.view import seat_fields, seat_view
from golfnet.protocol import (
    TO_CLIENT,
    Create,
    Ready,
    Update,
    decode,
    encode,
    encode_updates,
    raw_message,
    view_data,
)
from golfnet.room import Room
from golfnet.server import BACKLOG, Limits
from tests.netplay import run, start_server

ROOT = Path(__file__).resolve().parents[2]


class Inbox:
    """A link that keeps what it is sent."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def send(self, text: str) -> None:
        self.texts.append(text)


def _room(rules: SixRules, players: int, timer: float) -> tuple[Room, list[Inbox], Inbox]:
    room = Room("ABCDEFGHJ", rules, ("person",) * players, number=4242, seed=7, timer=timer)
    inboxes = [Inbox() for _ in range(players)]
    for s, inbox in enumerate(inboxes):
        room.take(f"p{s}", inbox)
        room.ready(s, True)
    watcher = Inbox()
    room.watch(watcher, 0.0)
    assert room.start(0, 0.0) is None
    return room, inboxes, watcher


@pytest.mark.parametrize(
    ("rules", "players", "timer"),
    [(SixRules(), 4, 0.0), (SixRules(peek=True, knock=True), 3, 30.0), (SixRules(grid=9), 2, 5.5)],
)
def test_the_updates_of_an_action_encoded_together_are_each_seats_own(
    rules: SixRules, players: int, timer: float
) -> None:
    """After every action of a whole game, each seat (and the spectator) was sent exactly the
    update ``Room.update_for`` writes for it alone, and it is a valid message."""
    room, inboxes, watcher = _room(rules, players, timer)
    opponents = [make_opponent("easy", s) for s in range(players)]
    now = 0.0
    while not room.over:
        assert room.match is not None
        state = room.match.state
        for link in (*inboxes, watcher):
            link.texts.clear()
        now += 1.25
        if state.to_move is None:
            for s in range(players):
                assert room.act(s, str(NEXT_HOLE_ACTION), len(room.match.log), now) is None
        else:
            s = state.to_move
            action = opponents[s].decide(seat_view(state, s))
            assert room.act(s, str(action), len(room.match.log), now) is None
        for seat, link in [*enumerate(inboxes), (None, watcher)]:
            update = next(t for t in link.texts if '"type":"update"' in t)
            assert json.loads(update) == json.loads(room.update_for(seat, now))
            assert isinstance(decode(update, TO_CLIENT, 1 << 20), Update)


def test_encode_updates_writes_what_encode_writes_for_every_kind_of_value() -> None:
    views: list[dict[str, object]] = [
        {"a": 1, "b": None, "c": [1, None], "d": True, "e": 'é"x', "f": 2.5},
        {"a": 1, "b": 3, "c": [1, None], "d": False, "e": 'é"x', "f": 2.5},
    ]
    lasts: list[object] = [None, {"seat": 0, "action": "take stock", "auto": False}]
    for deadline in (None, 0.0, 12.75):
        texts = encode_updates(9, views, lasts, deadline)
        for view, last, text in zip(views, lasts, texts, strict=True):
            expected = raw_message("update", at=9, view=view, last=last, deadline=deadline)
            assert json.loads(text) == json.loads(expected)
    alone = encode_updates(0, views[:1], [None], None)[0]
    assert json.loads(alone)["view"] == views[0]


async def _not_reading(opened: list[Any]) -> None:
    server, uri = await start_server(Limits(rate=1e5, burst=1e5))
    opened.append(server)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port()))
    ws = await connect(uri, sock=sock, max_queue=1, compression=None, close_timeout=1)
    await ws.send(encode(Create(name="slow", seats=("person",) * 4)))
    async with asyncio.timeout(10):
        while not server.connections:
            await asyncio.sleep(0.01)
    # the system's buffers on the server's side kept small, so that the test is short
    (conn,) = server.connections
    conn.ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 8192)
    # each change of readiness is answered with the room's seats: far more than it reads
    for k in range(4 * BACKLOG // 300):
        await ws.send(encode(Ready(ready=k % 2 == 0)))
        if server.stats["not reading"]:
            break
        if k % 50 == 0:
            await asyncio.sleep(0)
    async with asyncio.timeout(10):
        while server.connections:
            await asyncio.sleep(0.05)
    assert server.stats["not reading"] == 1 and server.stats["crashes"] == 0
    ws.transport.abort()


def test_a_client_that_does_not_read_what_it_is_sent_is_let_go() -> None:
    run(_not_reading, 60)


@pytest.mark.parametrize("under", [None, "bare", "floor"])
def test_the_load_benchmark_plays_rooms_in_client_processes_and_reports(under: str | None) -> None:
    bare = under is not None
    command = [sys.executable, str(ROOT / "bench" / "net_load.py"), "--rooms", "2"]
    command += ["--seconds", "1", "--client-procs", "1"]
    command += [f"--{under}"] if bare else ["--human", "8"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=180, check=True)
    lines = done.stdout.splitlines()
    assert "load average" in lines[0] and "clients in 1 processes" in lines[0]
    assert lines[1].startswith("speed probe")
    if bare:
        said = "websockets alone (--bare)" if under == "bare" else "the floor (--floor)"
        assert lines[2].startswith(said)
        head, rows = lines.index(next(x for x in lines if x.split()[:1] == ["rooms"])), 1
    else:
        assert lines[2].startswith("the room alone") and "KB (tracemalloc" in lines[2]
        assert lines[3].startswith("the server as shipped: Limits()") and "journal on" in lines[3]
        head, rows = 4, 2
    assert lines[head].split()[:2] == ["rooms", "pace"]
    expected = [("2", "full"), ("8", "person")][:rows]
    for line, (rooms, pace) in zip(lines[head + 1 : head + 1 + rows], expected, strict=True):
        row = line.split()
        assert row[:3] == [rooms, under or pace, rooms]  # every room playing
        assert float(row[3]) > 0 and 0 < float(row[4]) <= float(row[5])  # actions, p50 <= p99
        assert float(row[7]) > 0  # µs of the server's CPU an action
    if not bare:
        text = done.stdout
        assert text.count("capacity from the server's own CPU per action (derived, not") == 2
        written = next(x for x in lines if x.startswith("journal: "))
        assert all(int(n) > 0 for n in written.split(":")[1].split("actions")[0].split(","))
        targets = lines[lines.index("targets (issue 34, item 5):") + 1 :][:4]
        assert all(t.endswith((": ok", ": MISSED")) for t in targets)
    assert "Traceback" not in done.stderr


def test_settle_sets_what_was_loaded_aside_from_the_collector() -> None:
    """In a process of its own (the tests' process keeps its collector as it is)."""
    code = (
        "import gc; from golfnet.server import settle; before = len(gc.get_objects()); "
        "settle(); print(gc.get_freeze_count(), before, len(gc.get_objects()))"
    )
    frozen, before, after = map(
        int,
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.split(),
    )
    assert frozen > 10_000 and after < before / 4


@pytest.mark.parametrize("rules", [SixRules(peek=True), SixRules(grid=4, knock=True)])
def test_seat_fields_show_each_seat_exactly_the_cards_it_knows(rules: SixRules) -> None:
    """Every state of a whole game, every seat: a card is in its grid exactly when its slot is
    face up (during the opening: its own only) or, for its own grid, peeked at."""
    room, _, _ = _room(rules, 3, 0.0)
    opponents = [make_opponent("easy", s) for s in range(3)]
    assert room.match is not None
    while not room.over:
        state = room.match.state
        for seat in range(3):
            fields = seat_fields(state, seat)
            assert view_data(seat_view(state, seat)) == fields
            for s, grid in enumerate(state.grids):
                up = state.up[s] if state.phase != "opening" or s == seat else 0
                known = up | (state.peeked[s] if s == seat else 0)
                shown = tuple(c if known >> i & 1 else None for i, c in enumerate(grid))
                assert fields["grids"][s] == shown
        if state.to_move is None:
            for s in range(3):
                room.act(s, str(NEXT_HOLE_ACTION), len(room.match.log), 0.0)
        else:
            action = opponents[state.to_move].decide(seat_view(state, state.to_move))
            assert room.act(state.to_move, str(action), len(room.match.log), 0.0) is None
