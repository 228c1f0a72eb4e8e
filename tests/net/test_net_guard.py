"""What the server does with hostile or broken clients, and the turn timer: malformed, binary,
oversized and too frequent messages are refused and counted and their sender is disconnected;
room-code guesses are rate-limited; a person out of time has an automatic move played, said in
the update; the decoder refuses what is not the protocol's."""

from __future__ import annotations

import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from golf.sixcard.rules import MAX_PLAYERS, STANDARD
from golfnet.client import MAX_RECEIVED, Client
from golfnet.guard import Bucket, Guesses
from golfnet.protocol import (
    TO_CLIENT,
    TO_SERVER,
    BadMessage,
    Bye,
    Error,
    Last,
    RoomInfo,
    Update,
    Welcome,
    decode,
    raw_message,
)
from golfnet.room import Room
from golfnet.server import Limits
from tests.netplay import open_room, run, start_server


class Inbox:
    """A link that keeps what it is sent."""

    def __init__(self) -> None:
        self.got: list[Any] = []

    def send(self, text: str) -> None:
        self.got.append(decode(text, TO_CLIENT, MAX_RECEIVED))  # every message as a client reads it


@pytest.mark.parametrize(
    "data",
    [
        "not json",
        "[1, 2]",
        raw_message("act", action="take stock"),  # no "at"
        raw_message("act", action="take stock", at=0, seat=1),  # a seat is never said
        raw_message("join", code="abc", name="x"),
        raw_message("join", code="ABCDEFGHJ", name="x" * 100),
        json.dumps({"v": 2, "type": "start"}),
        raw_message("create", name="x", seats=["easy", "person"]),  # the creator sits first
        raw_message("create", name="x", seats=["person"] * (MAX_PLAYERS + 1)),
        raw_message("ready", ready=1),
        b"\x00\x01binary",
    ],
)
def test_the_decoder_refuses_what_is_not_the_protocol(data: str | bytes) -> None:
    with pytest.raises(BadMessage):
        decode(data, TO_SERVER)


def test_the_bucket_and_the_guesses_limit_rates() -> None:
    bucket = Bucket(rate=2.0, burst=3.0, tokens=3.0, last=0.0)
    assert [bucket.allow(0.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.allow(0.5)  # one more token after half a second
    guesses = Guesses(limit=2, window=10.0)
    guesses.missed("a", 0.0)
    guesses.missed("a", 1.0)
    assert guesses.blocked("a", 2.0) and not guesses.blocked("b", 2.0)
    assert not guesses.blocked("a", 10.5)


def test_a_person_out_of_time_has_an_automatic_move_said_in_the_update() -> None:
    room = Room("ABCDEFGHJ", STANDARD, ("person", "person"), number=7, seed=1, timer=5.0, pause=0)
    a, b = Inbox(), Inbox()
    room.take("A", a)
    room.take("B", b)
    room.ready(1, True)
    assert room.start(0, now=0.0) is None
    assert room.match is not None
    mover = room.match.state.to_move
    assert room.wake(4.9) == pytest.approx(5.0)  # not yet
    assert len(room.match.log) == 0
    room.wake(5.0)
    assert len(room.match.log) == 1
    last = a.got[-1].last
    assert last == Last(seat=mover, action=str(room.match.log[0]), auto=True)


def test_a_person_who_leaves_mid_game_is_played_by_a_computer() -> None:
    room = Room("ABCDEFGHJ", STANDARD, ("person", "person"), number=3, seed=1, pause=0, timer=5.0)
    a = Inbox()
    room.take("A", a)
    room.take("B", Inbox())
    room.ready(1, True)
    room.start(0, 0.0)
    room.leave(1, 0.0)
    assert room.match is not None
    told = len(a.got)
    for _ in range(200):
        if room.match.state.to_move == 0 or room.over:
            break
        room.wake(1.0)
    assert room.match.state.to_move == 0 or room.over  # seat 1 never waits for its person
    assert room.seats[1].label() == "B (medium)"
    # the others are told that B left (the room's seat is gone); the computer's moves for B
    # are not said to be B's running out of time, while A's, out of time, are automatic
    rooms = [m for m in a.got if isinstance(m, RoomInfo)]
    assert rooms[-1].seats[1].gone is True and rooms[-1].seats[1].name == "B"
    for t in range(2, 40):
        room.wake(t * 6.0)
    lasts = [m.last for m in a.got[told:] if isinstance(m, Update)]
    by_seat = {seat: [last.auto for last in lasts if last.seat == seat] for seat in (0, 1)}
    assert len(by_seat[0]) > 3 and len(by_seat[1]) > 3
    assert set(by_seat[0]) == {True} and set(by_seat[1]) == {False}


async def _hostile(opened: list[Any]) -> None:
    server, uri = await start_server(Limits(offences=5))
    opened.append(server)
    honest = await open_room(uri, ("person", "person"))
    opened += honest
    # an oversized frame ends the connection at once; the server goes on
    big = await Client.open(uri)
    opened.append(big)
    await big.ws.send("x" * 10_000)
    with pytest.raises(ConnectionClosed):
        await big.until(lambda m: False, 5)
    # binary and malformed frames are refused and counted, then the sender is let go
    rude = await Client.open(uri)
    opened.append(rude)
    await rude.ws.send(b"\x00" * 10)
    for _ in range(6):
        await rude.ws.send("{")
    with pytest.raises(ConnectionClosed):
        await rude.until(lambda m: False, 5)
    assert any(isinstance(m, Bye) for m in rude.received)
    # room codes: a few wrong guesses, then every try is refused without looking
    guesser = await Client.open(uri)
    opened.append(guesser)
    errors = []
    for i in range(7):
        await guesser.send("join", code="ZZZZZZZZ" + "ABCDEFG"[i], name="g")
        m = await guesser.until(lambda m: isinstance(m, Error | Bye), 5)
        errors.append(m.error if isinstance(m, Error) else m.TYPE)
    assert errors[:5] == ["no_room"] * 5 and "slow_down" in errors
    # the honest game still goes on
    host = honest[0]
    await host.send("record")
    m = await host.until(lambda m: isinstance(m, Error), 5)
    assert m.error == "not_over"
    assert server.stats["crashes"] == 0
    assert server.stats["oversized"] == 1 and server.stats["binary"] == 1
    assert server.stats["disconnected"] >= 1


def test_hostile_frames_are_refused_counted_and_their_senders_disconnected() -> None:
    run(_hostile)


async def _flood(opened: list[Any]) -> None:
    server, uri = await start_server(Limits(rate=5.0, burst=5.0, offences=3))
    opened.append(server)
    c = await Client.open(uri)
    opened.append(c)
    await c.send("create", name="f", seats=["person", "easy"])
    await c.until(lambda m: isinstance(m, Welcome))
    for _ in range(20):
        await c.send("record")  # allowed, but not twenty at once
    with pytest.raises(ConnectionClosed):
        await c.until(lambda m: False, 5)
    assert server.stats["flood"] >= 3 and server.stats["crashes"] == 0


def test_a_flood_of_messages_is_cut_off() -> None:
    run(_flood)


def test_golf_serve_listens_on_the_servers_port_and_the_local_machine_by_default() -> None:
    from golfcli import serve
    from golfcli.commands import build_parser
    from golfnet.server import DEFAULT_PORT

    args = build_parser("serve").parse_args(["serve"])
    assert (args.host, args.port) == ("127.0.0.1", DEFAULT_PORT) and serve.PORT == DEFAULT_PORT
