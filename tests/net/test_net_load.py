"""What the server's load path promises (issue 34, item 5): the actions of one pass of the loop
are written in one transaction and none is told before it is written; the updates of an
action, encoded together, are each seat's own update; the figures' plain counters read as
Prometheus's; the load benchmark's light clients take only legal actions."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest

from golf.sixcard.actions import NEXT_HOLE_ACTION, Action
from golf.sixcard.ai import make_opponent
from golf.sixcard.game import Match, State, legal_actions, new_game
from golf.sixcard.rules import STANDARD, SixRules
from golf.sixcard.view import every_seat_fields, seat_fields, seat_view
from golfnet.journal import FILE_NAME, RoomJournal
from golfnet.metrics import Metrics
from golfnet.protocol import last_for, view_data
from golfnet.room import Room, seat_updates

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("net_load", ROOT / "bench" / "net_load.py")
assert _spec is not None and _spec.loader is not None
net_load = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("net_load", net_load)
_spec.loader.exec_module(net_load)


class Told:
    """A link that keeps what it is sent, and checks each update against the file: the action
    it tells of is there already (read by another connection, as a restarted server would)."""

    def __init__(self, reader: sqlite3.Connection, room: Room) -> None:
        self.reader = reader
        self.room = room
        self.got: list[dict[str, Any]] = []

    def send(self, text: str) -> None:
        message = json.loads(text)
        self.got.append(message)
        if message["type"] == "update":
            (count,) = self.reader.execute(
                "SELECT count(*) FROM actions WHERE room = ?", (self.room.kept,)
            ).fetchone()
            assert count == message["at"]

    def updates(self) -> int:
        return sum(1 for m in self.got if m["type"] == "update")


def _rooms(journal: RoomJournal, reader: sqlite3.Connection, count: int) -> list[Room]:
    rooms = []
    for k in range(count):
        room = Room("ABCDEFGH" + "JKLMN"[k], STANDARD, ("person",) * 2, 10**30 + k, k, pause=0)
        journal.created(room)
        for s in range(2):
            taken = room.take(f"P{s}", Told(reader, room))
            assert not isinstance(taken, str)
            room.ready(s, True)
        assert room.start(0, 0.0) is None
        rooms.append(room)
    return rooms


def _act(room: Room, now: float) -> None:
    """The seat to move's action (a computer's choice for it), as the server takes it."""
    assert room.match is not None
    (seat,) = room.movers()
    action = str(room.automatic(seat))
    assert room.act(seat, action, len(room.match.log), now) is None


def test_the_actions_of_one_pass_of_the_loop_are_one_transaction_told_once_written(
    tmp_path: Path,
) -> None:
    journal = RoomJournal.open(tmp_path)
    reader = sqlite3.connect(tmp_path / FILE_NAME)
    rooms = _rooms(journal, reader, 3)
    links = [s.link for room in rooms for s in room.seats]
    assert all(isinstance(link, Told) for link in links)

    async def passes() -> None:
        for step in range(1, 6):
            before = journal.batches
            told = [link.updates() for link in links]  # type: ignore[union-attr]
            for room in rooms:  # one pass of the loop: an action in each room
                _act(room, float(step))
            assert journal.holding  # written at the end of the pass, not yet
            assert [link.updates() for link in links] == told  # type: ignore[union-attr]
            await asyncio.sleep(0)  # the end of this pass
            await asyncio.sleep(0)
            assert journal.batches == before + 1  # three actions, one transaction
            assert [link.updates() for link in links] == [n + 1 for n in told]  # type: ignore[union-attr]

    asyncio.run(passes())
    (written,) = reader.execute("SELECT count(*) FROM actions").fetchone()
    assert written == 15


def test_what_a_room_says_while_its_action_waits_waits_for_it(tmp_path: Path) -> None:
    journal = RoomJournal.open(tmp_path)
    reader = sqlite3.connect(tmp_path / FILE_NAME)
    (room,) = _rooms(journal, reader, 1)
    watcher = Told(reader, room)

    async def watch_during_a_pass() -> None:
        _act(room, 1.0)
        room.watch(watcher, 1.0)  # a spectator comes in the same pass
        assert watcher.got == []
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert [m["type"] for m in watcher.got] == ["room", "update"]
        assert watcher.got[1]["at"] == 1

    asyncio.run(watch_during_a_pass())


def test_without_a_running_loop_each_action_is_its_own_transaction(tmp_path: Path) -> None:
    journal = RoomJournal.open(tmp_path)
    reader = sqlite3.connect(tmp_path / FILE_NAME)
    (room,) = _rooms(journal, reader, 1)
    for step in range(1, 4):
        before = journal.batches
        _act(room, float(step))
        assert journal.batches == before + 1 and not journal.holding


def test_a_rooms_history_holds_one_object_an_action_and_packed_times(tmp_path: Path) -> None:
    """What a room keeps grows with its game: each action in its log is the vocabulary's one
    object (parsed from a client or chosen by a computer), its times 8 bytes each."""
    journal = RoomJournal.open(tmp_path)
    reader = sqlite3.connect(tmp_path / FILE_NAME)
    (room,) = _rooms(journal, reader, 1)
    assert room.match is not None
    for step in range(200):
        if room.over:
            break
        if room.match.state.to_move is None:
            room.wake(float(step) + 100.0)  # the next hole, once its scores have been shown
        else:
            _act(room, float(step))
    log = room.match.log
    assert len(log) > 150 and len({id(a) for a in log}) == len(set(log)) < 40
    assert Action.parse("Replace  2 3") is Action.parse("replace 2 3")
    assert room.times.itemsize == 8 and len(room.times) == len(log)
    assert not hasattr(room, "__dict__") and not hasattr(room.seats[0], "__dict__")


def _states(rules: SixRules, players: int, deal: int) -> list[State]:
    match = Match(new_game(deal, players, rules))
    bots = [make_opponent("easy", s) for s in range(players)]
    out = [match.state]
    while not match.state.over:
        mover = match.state.to_move
        view = seat_view(match.state, mover) if mover is not None else None
        action = NEXT_HOLE_ACTION if view is None else bots[view.seat].decide(view)
        assert match.apply(action) is None
        out.append(match.state)
    return out


@pytest.mark.parametrize("rules", [STANDARD, SixRules(peek=True, cut=True), SixRules(grid=9)])
def test_the_updates_encoded_together_are_each_seats_own(rules: SixRules) -> None:
    last: dict[str, object] | None = {"seat": 1, "action": "flip 1 2", "auto": False}
    checked = 0
    for at, state in enumerate(_states(rules, 4, 321)):
        opening = state.phase == "opening"
        lasts = [last_for(last, s, opening) for s in range(4)]
        texts = seat_updates(at, every_seat_fields(state), [0, 1, 2, 3], lasts, 12.5)
        for seat, text in enumerate(texts):
            own = json.loads(json.dumps(view_data(seat_view(state, seat))))
            message = json.loads(text)
            assert message == {
                "v": 1,
                "type": "update",
                "at": at,
                "deadline": 12.5,
                "view": own,
                "last": json.loads(json.dumps(lasts[seat])),
            }
            checked += 1
    assert checked > 100


def test_the_figures_counts_read_as_prometheus_histograms() -> None:
    metrics = Metrics()
    for seconds in (0.0005, 0.0006, 0.003, 2.0):  # a bound itself is in its bucket
        metrics.action_seconds.observe(seconds)
    metrics.actions.inc()
    metrics.events.labels("created").inc()
    lines = set(metrics.text().decode().splitlines())
    assert 'golf_action_seconds_bucket{le="0.0005"} 1.0' in lines
    assert 'golf_action_seconds_bucket{le="0.001"} 2.0' in lines
    assert 'golf_action_seconds_bucket{le="0.005"} 3.0' in lines
    assert 'golf_action_seconds_bucket{le="1.0"} 3.0' in lines
    assert 'golf_action_seconds_bucket{le="+Inf"} 4.0' in lines
    assert "golf_action_seconds_count 4.0" in lines
    assert "golf_actions_total 1.0" in lines
    assert 'golf_room_events_total{event="created"} 1.0' in lines
    assert 'golf_room_events_total{event="ended"} 0.0' in lines
    assert "golf_journal_write_seconds_count 0.0" in lines


@pytest.mark.parametrize(
    "rules", [STANDARD, SixRules(peek=True), SixRules(grid=9, knock=True), SixRules(grid=2)]
)
@pytest.mark.parametrize("players", [2, 4])
def test_the_light_clients_take_only_legal_actions_and_finish_their_games(
    rules: SixRules, players: int
) -> None:
    match = Match(new_game(909, players, rules))
    while not match.state.over:
        state = match.state
        mover = state.to_move
        if mover is None:
            action = NEXT_HOLE_ACTION
        else:
            fields = json.loads(json.dumps(seat_fields(state, mover)))  # as the client reads it
            action = Action.parse(net_load.choose(fields))
            assert action in legal_actions(state)
        assert match.apply(action) is None
    assert len(match.log) > 50


@pytest.mark.parametrize("size", [0, 125, 126, 600, 65535, 65536, 70000])
def test_a_message_is_written_as_the_frame_websockets_writes(size: int) -> None:
    from websockets.frames import Frame, Opcode

    from golfnet.server import text_frame

    text = ("é" if size % 2 else "x") * (size // 2 if size % 2 else size)
    frame = Frame(Opcode.TEXT, text.encode()).serialize(mask=False, extensions=[])
    assert text_frame(text) == frame


def test_a_connection_keeps_nothing_of_its_handshake_once_in_a_room() -> None:
    from golfnet.server import GolfServer
    from tests.netplay import FAST, open_room, run

    async def body(opened: list[Any]) -> None:
        server = GolfServer(FAST)
        await server.start("127.0.0.1", 0)
        opened.append(server)
        clients = await open_room(f"ws://127.0.0.1:{server.port()}", ("person", "person"))
        opened.extend(clients)
        assert len(server.connections) == 2
        for conn in server.connections:
            assert conn.ws.request is not None and conn.ws.response is not None
            assert len(conn.ws.request.headers) == len(conn.ws.response.headers) == 0
            assert not hasattr(conn, "__dict__")
        for client in clients:  # and play goes on: the updates come as ever
            await client.until(lambda m: type(m).__name__ == "Update")
        mover = next(c for c in clients if c.view is not None and c.view.my_turn)
        await mover.act("flip 1 1")
        for client in clients:
            await client.until(lambda m: type(m).__name__ == "Update" and m.at == 1)

    run(body, 60)


def test_one_task_pings_every_connection_and_closes_the_silent() -> None:
    """The server's keepalive (one task for all): a client that answers pings stays, one that
    has stopped reading its socket is closed once a ping has gone unanswered."""
    from dataclasses import replace

    from websockets.asyncio.client import connect

    from golfnet.server import GolfServer
    from tests.netplay import FAST, run

    async def body(opened: list[Any]) -> None:
        server = GolfServer(replace(FAST, ping=0.5, idle=60.0))
        await server.start("127.0.0.1", 0)
        opened.append(server)
        uri = f"ws://127.0.0.1:{server.port()}"
        honest = await connect(uri)  # websockets answers pings by itself
        silent = await connect(uri)
        opened.extend([honest, silent])
        assert server.pinger is not None and server.connections
        silent.transport.pause_reading()  # its pongs never come
        async with asyncio.timeout(10):
            while server.stats["no pong"] < 1:
                await asyncio.sleep(0.1)
        async with asyncio.timeout(10):  # closed (its closing handshake given 2 s)
            while len(server.connections) > 1:
                await asyncio.sleep(0.1)
        await asyncio.sleep(1.5)  # three more pings for the honest one
        assert server.stats["no pong"] == 1 and len(server.connections) == 1
        await honest.send('{"v":1,"type":"record"}')  # still open: answered
        assert "no_seat" in str(await asyncio.wait_for(honest.recv(), 5))

    run(body, 60)


async def _floor_server_speaks_websocket() -> None:
    from websockets.asyncio.client import connect

    net_load.FloorProtocol.rooms.clear()
    loop = asyncio.get_running_loop()
    server = await loop.create_server(net_load.FloorProtocol, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        async with asyncio.timeout(20):
            first = await connect(f"ws://127.0.0.1:{port}", compression=None)
            second = await connect(f"ws://127.0.0.1:{port}", compression=None)
            other = await connect(f"ws://127.0.0.1:{port}", compression=None)
            for ws, room in ((first, "room 1"), (second, "room 1"), (other, "room 2")):
                await ws.send(room)
            await asyncio.sleep(0.1)
            await first.ping()  # answered with its pong (websockets waits for it)
            await second.send("act " + "x" * 300)  # a longer frame: a 16-bit length
            for ws in (first, second):
                assert await ws.recv() == "x" * net_load.UPDATE_BYTES
            with pytest.raises(TimeoutError):  # nothing for a room with no action
                async with asyncio.timeout(0.3):
                    await other.recv()
            for ws in (first, second, other):
                await ws.close()
    finally:
        server.close()
        await server.wait_closed()


def test_the_floor_server_is_a_websocket_server_to_a_real_client() -> None:
    """The floor (``bench/net_load.py --floor``) answers what ``websockets`` sends: its
    handshake, its masked frames short and long, its ping; each action brings its update to
    every connection of the room, and to none of another room."""
    asyncio.run(_floor_server_speaks_websocket())
