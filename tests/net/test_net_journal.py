"""Durable rooms (``golfnet.journal``): every change of a room is written before anyone is told of
it, and a server started again on the same state brings every room back — the match played
again from its actions, each seat waiting for its token, the timers from the restart; ended
rooms are kept for their days, then removed; a corrupt state file is moved aside, never
deleted. The first tests open only the SQLite file (no socket); then an in-process server
started again on the same state, and real ``golf serve`` processes killed with SIGKILL
(``bench/net_kill.py``)."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import sqlite3
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from golf.journal.database import open_database
from golf.journal.schema import migrate
from golf.sixcard.ai import make_opponent
from golf.sixcard.rules import STANDARD, SixRules
from golfnet.bots import play_seat
from golfnet.client import Client, come_back, replay_of
from golfnet.journal import FILE_NAME, KEEP_DAYS, RECENT, ROOMS, RoomJournal
from golfnet.protocol import Create, Error, Rejoin, Update
from golfnet.room import GRACE, Room
from golfnet.server import GolfServer
from tests.netplay import FAST, open_room, run

ROOT = Path(__file__).resolve().parents[2]
_BENCH = ROOT / "bench" / "net_kill.py"
_spec = importlib.util.spec_from_file_location("net_kill", _BENCH)
assert _spec is not None and _spec.loader is not None
net_kill = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("net_kill", net_kill)  # its dataclasses look their module up
_spec.loader.exec_module(net_kill)
_spec = importlib.util.spec_from_file_location("net_restore", ROOT / "bench" / "net_restore.py")
assert _spec is not None and _spec.loader is not None
net_restore = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("net_restore", net_restore)
_spec.loader.exec_module(net_restore)

DAY = 86400.0


class Clock:
    """A wall clock the test moves."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Inbox:
    """A link that keeps what it is sent."""

    def __init__(self) -> None:
        self.got: list[dict[str, Any]] = []

    def send(self, text: str) -> None:
        self.got.append(json.loads(text))


def _room(journal: RoomJournal, kinds: tuple[str, ...], timer: float = 0.0) -> Room:
    room = Room("ABCDEF", STANDARD, kinds, number=10**30 + 7, seed=5, timer=timer, pause=0.0)
    journal.created(room)
    return room


_play = net_restore.play
"""Play ``actions`` actions the way the server does (``bench/net_restore.py``)."""


def _started(
    journal: RoomJournal, kinds: tuple[str, ...] = ("person", "person", "easy")
) -> tuple[Room, list[str], list[Inbox]]:
    room = _room(journal, kinds)
    inboxes = [Inbox() for _ in range(kinds.count("person"))]
    tokens = []
    for i, inbox in enumerate(inboxes):
        taken = room.take(f"P{i}", inbox)
        assert not isinstance(taken, str)
        tokens.append(taken[1])
        room.ready(taken[0], True)
    assert room.start(0, 0.0) is None
    return room, tokens, inboxes


# --- the file alone ---------------------------------------------------------------------------


def test_a_room_comes_back_as_it_was_with_every_action(tmp_path: Path) -> None:
    journal = RoomJournal.open(tmp_path)
    assert journal.problems == [] and journal.on_disk
    room, tokens, _ = _started(journal)
    _play(room, 60)
    room.leave(1, 61.0)  # seat 1 left: a computer plays it, and it may come back
    _play(room, 5, 61.0)
    assert room.match is not None
    # the server was killed: another process opens the same file
    again = RoomJournal.open(tmp_path)
    (back,) = again.restore(now=500.0)
    assert back.match is not None and again.restored == 1
    assert back.match.log == room.match.log and back.match.state == room.match.state
    assert back.times == room.times and back.last == room.last
    assert back.number == room.number and back.seed == room.seed and back.rules == room.rules
    assert [(s.kind, s.name, s.level, s.ready, s.gone) for s in back.seats] == [
        (s.kind, s.name, s.level, s.ready, s.gone) for s in room.seats
    ]
    assert all(s.link is None for s in back.seats)  # seats empty until their people come
    assert [back.seat_of(t) for t in tokens] == [0, 1]
    assert back.seat_of("A" * 24) is None
    assert back.since == 500.0 and back.keeper is again
    back.bind(1, Inbox(), 501.0)
    assert not back.seats[1].gone  # back at the table, and so written
    assert not RoomJournal.open(tmp_path).restore(600.0)[0].seats[1].gone


def test_the_tokens_are_never_written_only_their_digests(tmp_path: Path) -> None:
    journal = RoomJournal.open(tmp_path)
    room, tokens, _ = _started(journal)
    _play(room, 10)
    data = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    for token in tokens:
        assert token.encode() not in data
        assert room.seats[tokens.index(token)].token != token


def test_each_change_is_written_before_anyone_is_told(tmp_path: Path) -> None:
    """Every update a seat is sent, and every welcome, comes after the change is in the file
    (read by another connection, as a restarted server would)."""
    journal = RoomJournal.open(tmp_path)
    reader = sqlite3.connect(tmp_path / FILE_NAME)
    checked = []

    class Checking(Inbox):
        def send(self, text: str) -> None:
            super().send(text)
            message = self.got[-1]
            if message["type"] == "update":
                (count,) = reader.execute("SELECT count(*) FROM actions").fetchone()
                assert count == message["at"]
                checked.append(count)

    room = _room(journal, ("person", "person", "medium"), timer=3.0)
    links = [Checking(), Checking()]
    for i, link in enumerate(links):
        taken = room.take(f"P{i}", link)
        assert not isinstance(taken, str)
        (seats,) = reader.execute("SELECT count(*) FROM seats WHERE token IS NOT NULL").fetchone()
        assert seats == i + 1  # the seat is written before its person is welcomed
    room.ready(1, True)
    assert room.start(0, 0.0) is None
    assert room.match is not None
    now = 0.0
    while len(room.match.log) < 40:  # every move automatic
        now += 3.0
        room.wake(now)
    assert checked[-1] >= 40
    (autos,) = reader.execute("SELECT count(*) FROM actions WHERE auto = 1").fetchone()
    assert autos > 0  # the people's moves played for them out of time are written too


def test_a_turn_has_its_full_time_again_after_a_restart(tmp_path: Path) -> None:
    journal = RoomJournal.open(tmp_path)
    room = _room(journal, ("person", "person"), timer=20.0)
    for i in range(2):
        room.take(f"P{i}", Inbox())
    room.ready(1, True)
    assert room.start(0, 0.0) is None
    room.wake(15.0)  # 5 seconds left for the first seat when the server dies
    (back,) = RoomJournal.open(tmp_path).restore(now=1000.0)
    # nobody is connected yet: the turn waits as for a lost connection
    assert back.deadline(1000.0) == min(GRACE, 20.0)
    back.bind(0, Inbox(), 1001.0)
    back.bind(1, Inbox(), 1001.0)
    assert back.deadline(1001.0) == 19.0  # the turn's full time, from the restart


def test_ended_rooms_are_kept_for_their_days_then_removed(tmp_path: Path) -> None:
    clock = Clock()
    journal = RoomJournal.open(tmp_path, wall=clock)
    over, _, _ = _started(journal)
    _play(over, 10_000)
    assert over.over
    closed = _room(journal, ("person", "person"))
    journal.ended(closed)
    playing, _, _ = _started(journal)
    _play(playing, 3)
    # a finished game the server still held comes back a while, for a person who missed the
    # end's record; once the server let it go (its people gone), never
    assert {r.kept for r in RoomJournal.open(tmp_path, wall=clock).restore(0.0)} == {
        over.kept,
        playing.kept,
    }
    clock.now += RECENT + 1
    assert [r.kept for r in RoomJournal.open(tmp_path, wall=clock).restore(0.0)] == [playing.kept]
    clock.now -= RECENT + 1
    journal.ended(over)
    assert [r.kept for r in RoomJournal.open(tmp_path, wall=clock).restore(0.0)] == [playing.kept]
    clock.now += RECENT + 1
    clock.now += (KEEP_DAYS - 0.1) * DAY
    assert journal.prune(KEEP_DAYS) == 0
    clock.now += 0.2 * DAY
    assert journal.prune(KEEP_DAYS) == 2
    rows = journal.database.read("SELECT id FROM rooms")
    assert rows == [(playing.kept,)]  # a room in play is never removed
    assert journal.database.read("SELECT DISTINCT room FROM actions") == [(playing.kept,)]
    assert journal.database.read("SELECT DISTINCT room FROM seats") == [(playing.kept,)]


def test_a_state_file_of_the_first_version_is_brought_up_to_date(tmp_path: Path) -> None:
    """Version 1 had no ``closed``: its rooms not ended come back, its ended ones never."""
    first = sqlite3.connect(tmp_path / FILE_NAME, isolation_level=None)
    migrate(first, ROOMS.migrations[:1])
    first.close()
    version_1 = replace(ROOMS, migrations=ROOMS.migrations[:1], probe="SELECT id FROM rooms")
    journal = RoomJournal(open_database(tmp_path, version_1))
    assert journal.on_disk
    playing, _, _ = _started(journal)
    _play(playing, 4)
    closed = _room(journal, ("person", "person"))
    journal.database.write(
        ("UPDATE rooms SET ended = 1, outcome = 'closed' WHERE id = ?", (closed.kept,))
    )
    journal.close()
    again = RoomJournal.open(tmp_path)
    assert again.problems == [] and again.on_disk
    assert [r.kept for r in again.restore(0.0)] == [playing.kept]
    assert again.database.read("PRAGMA user_version") == [(len(ROOMS.migrations),)]


def test_a_room_that_cannot_be_played_again_is_left_out_and_said(tmp_path: Path) -> None:
    journal = RoomJournal.open(tmp_path)
    good, _, _ = _started(journal)
    _play(good, 8)
    bad, _, _ = _started(journal)
    _play(bad, 8)
    journal.database.write(
        ("UPDATE actions SET action = 'knock' WHERE room = ? AND seq = 2", (bad.kept,))
    )
    again = RoomJournal.open(tmp_path)
    assert [r.kept for r in again.restore(0.0)] == [good.kept]
    assert len(again.problems) == 1 and "cannot be played again" in again.problems[0]
    assert RoomJournal.open(tmp_path).restore(0.0)[0].kept == good.kept  # marked: said once
    assert again.database.read("SELECT outcome FROM rooms WHERE id = ?", (bad.kept,)) == [
        ("broken",)
    ]


def test_a_room_whose_row_is_strange_in_any_way_is_left_out_and_said(tmp_path: Path) -> None:
    """A row no server wrote (a timer too large for a number of seconds: an OverflowError,
    not one of the errors a bad action makes) leaves that room out, said, and the others
    come back."""
    journal = RoomJournal.open(tmp_path)
    good, _, _ = _started(journal)
    _play(good, 5)
    odd = Room("ABCDEFGHK", STANDARD, ("person", "easy"), 10**30 + 9, 9, pause=0.0)
    journal.created(odd)
    config = json.dumps({"seats": ["person", "easy"], "rules": STANDARD.to_dict(), "pause": 0})
    journal.database.write(
        (
            "UPDATE rooms SET config = ? WHERE id = ?",
            (config[:-1] + ', "timer": 1' + "0" * 400 + "}", odd.kept),
        )
    )
    journal.close()
    again = RoomJournal.open(tmp_path)
    assert [r.kept for r in again.restore(0.0)] == [good.kept]
    assert len(again.problems) == 1 and "ABCDEFGHK cannot be played again" in again.problems[0]


@pytest.mark.parametrize(
    "content", [b"not a database at all" * 50, b"SQLite format 3\x00" + b"\xff" * 5000]
)
def test_a_corrupt_state_file_is_moved_aside_and_the_server_starts_empty(
    tmp_path: Path, content: bytes
) -> None:
    (tmp_path / FILE_NAME).write_bytes(content)
    journal = RoomJournal.open(tmp_path)
    assert len(journal.problems) == 1
    assert "moved aside as rooms.sqlite3.corrupt-1" in journal.problems[0]
    assert "starts with no rooms" in journal.problems[0]
    assert (tmp_path / f"{FILE_NAME}.corrupt-1").read_bytes() == content  # never deleted
    assert journal.on_disk and journal.restore(0.0) == []
    room, _, _ = _started(journal)  # the new file works
    _play(room, 3)
    assert len(RoomJournal.open(tmp_path).restore(0.0)) == 1


def test_rooms_that_cannot_be_read_are_said_and_the_server_starts_empty(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = RoomJournal.open(tmp_path)
    room, _, _ = _started(journal)
    _play(room, 3)
    again = RoomJournal.open(tmp_path)

    def damaged(*_args: object) -> None:
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(again.database, "read", damaged)
    assert again.restore(0.0) == []
    assert again.problems == [
        "golf serve: the rooms cannot be read (database disk image is malformed): the server "
        "starts with no rooms"
    ]


def test_a_state_folder_that_cannot_be_used_keeps_rooms_in_memory(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("a file, not a folder", encoding="utf-8")
    journal = RoomJournal.open(tmp_path / "file")
    assert not journal.on_disk and len(journal.problems) == 1
    assert "kept in memory only" in journal.problems[0]
    room, _, _ = _started(journal)  # play goes on
    _play(room, 3)


# --- a server started again ---------------------------------------------------------------------


def test_a_server_started_again_on_its_state_gives_each_person_their_seat(tmp_path: Path) -> None:
    """Two people and a computer play a while; the server stops (its journal as a kill leaves
    it) and a new one starts on the same port and state; each client comes back by itself
    (``come_back``, its own pauses) to its seat with its token, is sent every action it was
    told of, and the game plays to its end: its record holds the actions of before."""

    async def body(opened: list[Any]) -> None:
        server = GolfServer(FAST, journal=RoomJournal.open(tmp_path))
        await server.start("127.0.0.1", 0)
        opened.append(server)
        port = server.port()
        uri = f"ws://127.0.0.1:{port}"
        clients = await open_room(uri, ["person", "person", "easy"], SixRules(grid=4))
        opened.extend(clients)
        players = [make_opponent("easy", s) for s in range(2)]
        tasks = [
            asyncio.create_task(play_seat(c, p, pace=0.01))
            for c, p in zip(clients, players, strict=True)
        ]
        room = server.rooms[str(clients[0].code)]
        while max(c.at for c in clients) < 30:  # told: a pass of the loop after it is written
            await asyncio.sleep(0.01)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await server.stop()
        opened.remove(server)
        assert room.match is not None
        before = [str(a) for a in room.match.log]
        told = max(c.at for c in clients)
        assert told >= 30

        again = GolfServer(FAST, journal=RoomJournal.open(tmp_path))
        await again.start("127.0.0.1", port)
        opened.append(again)
        assert {*again.rooms, *again.waiting} == {clients[0].code}  # back, or about to be
        back = []
        for old in clients:
            new = await come_back(uri, old, lambda: False, jitter=0.0)
            assert new is not None and (new.seat, new.token) == (old.seat, old.token)
            opened.append(new)
            await new.until(lambda m: isinstance(m, Update))
            assert new.at >= told
            back.append(new)
        await asyncio.gather(*(play_seat(b, p) for b, p in zip(back, players, strict=True)))
        record = back[0].record
        assert record is not None and record == back[1].record
        assert record["actions"][: len(before)] == before
        replay_of(record)  # the whole game, before and after the restart, plays

    run(body, timeout=180)


def test_the_server_listens_at_once_and_brings_each_room_back_when_it_is_named(
    tmp_path: Path,
) -> None:
    """Many kept rooms (one that cannot be played again among them): the server listens before
    any is rebuilt; a person's rejoin brings their room back that moment; the others come back
    one after another while it listens, the broken one said and left out; the waiting rooms
    count against the rooms limit."""
    journal = RoomJournal.open(tmp_path)
    codes = [f"ABCDEFG{a}{b}" for a in "HJK" for b in "LMNPRSTUVW"][:24]
    kept: dict[str, tuple[Room, list[str]]] = {}
    for k, code in enumerate(codes):
        room, tokens = net_restore.seated(journal, code, k, Inbox)
        _play(room, 10 + 3 * k)
        kept[code] = (room, tokens)
    broken = kept[codes[5]][0]
    journal.database.write(
        ("UPDATE actions SET action = 'knock' WHERE room = ? AND seq = 3", (broken.kept,))
    )
    journal.close()
    named, (room, tokens) = codes[-1], kept[codes[-1]]

    async def body(opened: list[Any]) -> None:
        told: list[tuple[int, float]] = []
        server = GolfServer(replace(FAST, rooms=len(codes)), journal=RoomJournal.open(tmp_path))
        server.on_back = lambda rooms, seconds: told.append((rooms, seconds))
        await server.start("127.0.0.1", 0)
        opened.append(server)
        assert not server.rooms and set(server.waiting) == set(codes)  # listening, none rebuilt
        assert server.bringing is not None
        server.bringing.cancel()  # for now: rooms come back only when named
        uri = f"ws://127.0.0.1:{server.port()}"
        client = await Client.open(uri)
        opened.append(client)
        await client.send(Rejoin(code=named, token=tokens[0]))
        await client.until(lambda m: isinstance(m, Update))
        assert room.match is not None and client.at == len(room.match.log)
        assert named in server.rooms  # brought back for its person, not in its turn
        host = await Client.open(uri)
        opened.append(host)
        assert set(server.rooms) == {named}
        await host.send(Create(name="X", seats=("person", "easy")))  # the waiting rooms count:
        refused = await host.until(lambda m: isinstance(m, Error))  # the server is full
        assert isinstance(refused, Error) and refused.error == "busy"
        server.bringing = asyncio.get_running_loop().create_task(server.bring_back())
        async with asyncio.timeout(30):
            while not told:
                await asyncio.sleep(0.01)
        assert not server.waiting and set(server.rooms) == set(codes) - {codes[5]}
        assert told[0][0] == len(codes) - 1  # all but the broken one
        problems = server.journal.problems if server.journal else []
        assert len(problems) == 1 and codes[5] in problems[0]

    run(body, timeout=120)


# --- real processes killed ----------------------------------------------------------------------


def test_the_kill_bench_catches_a_lost_or_changed_action() -> None:
    acked = {1: (0, "flip"), 2: (1, "flip 1 2"), 3: (0, "take stock")}
    kept = {1: (0, "flip 2 2"), 2: (1, "flip 1 2"), 3: (0, "take stock")}
    assert net_kill.missing(acked, kept) == []
    assert net_kill.missing(acked, {1: kept[1], 2: kept[2]}) == [3]  # lost
    assert net_kill.missing(acked, {**kept, 3: (0, "take discard")}) == [3]  # another action
    assert net_kill.missing(acked, {**kept, 2: (0, "flip 1 2")}) == [2]  # another seat


def test_real_kills_lose_no_acknowledged_action_and_every_room_resumes() -> None:
    report = asyncio.run(net_kill.run(kills=3, tables=2, seed=11, say=lambda _line: None))
    assert report.kills == 3 and report.acknowledged > 0
    assert report.passed, report.problems
    assert report.lost == 0 and report.unresumable == 0


@pytest.mark.parametrize(
    ("lang", "said"),
    [("C", "moved aside as rooms.sqlite3.corrupt-1"), ("fr_FR.UTF-8", "mis de côté sous le nom")],
)
def test_golf_serve_moves_a_corrupt_state_file_aside_in_one_line(
    tmp_path: Path, lang: str, said: str
) -> None:
    state = tmp_path / "state"
    state.mkdir()
    (state / FILE_NAME).write_bytes(b"garbage" * 100)
    port = net_kill.free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "serve",
            "--port",
            str(port),
            "--state",
            str(state),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "GOLF_DATA_DIR": str(tmp_path / "data"), "LANG": lang, "LC_ALL": ""},
    )
    try:
        assert process.stdout is not None
        lines = []
        for line in process.stdout:  # it listens, then says its rooms are back
            lines.append(line)
            if any(x.startswith(net_kill.UP_LINE) for x in lines) and "rooms kept" in line:
                break
        assert any(x.startswith(f"rooms kept in {state}: 0 brought back") for x in lines)
    finally:
        process.kill()
        _, err = process.communicate(timeout=10)
    told = [line for line in err.splitlines() if line.strip()]
    assert len(told) == 1 and said in told[0] and "rooms.sqlite3.corrupt-1" in told[0], err
    assert (state / f"{FILE_NAME}.corrupt-1").read_bytes() == b"garbage" * 100


def test_the_restart_bench_brings_people_back_to_their_rooms() -> None:
    """``bench/net_restore.py`` on a small state: a real ``golf serve`` listens, each person
    sampled gets their room back with every kept action, and the server says when every room
    is back."""
    bench = [sys.executable, str(ROOT / "bench" / "net_restore.py")]
    done = subprocess.run(
        [*bench, "--rooms", "12", "--actions", "30", "--sample", "4"],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode in (0, 1), done.stderr  # 1: later than 2 s (a busy machine)
    lines = done.stdout.splitlines()
    assert lines[0].startswith("state: 12 rooms,")
    assert lines[1].startswith("listening ") and lines[2].startswith("a person back")
    assert "4 people" in lines[2]
    assert lines[3].startswith("every room back: 12 rooms,")
    assert lines[4].startswith("target: each person's room back within 2 s of the restart: ")
    assert "Traceback" not in done.stderr
