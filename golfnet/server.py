"""The six-card Golf server: WebSocket connections (``websockets``), each message read into its
typed value by the protocol and handed to its handler from one table (``GolfServer.handlers``),
the rooms, the timers of their automatic moves, and the guards.

One asyncio loop runs everything. A connection is bound to at most one seat (or is a spectator)
once it creates, joins, rejoins or watches a room, and everything it sends afterwards is for
that seat alone: messages carry no seat. Whatever a client sends, the server answers with a
refusal, counts an offence, or closes that connection; an error in handling one message is
logged and counted (``crashes``) and the server goes on.

Given a journal (``golfnet.journal``: ``golf serve --state DIR``), every room's changes are
written before they are told, and :meth:`GolfServer.start` brings back the rooms it holds.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import secrets
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response
from websockets.protocol import OPEN

from golfnet.door import (
    HANDSHAKE,
    PER_ADDRESS,
    Door,
    DoorConnection,
    Gate,
    address_key,
    door_class,
    fitting_connections,
    listening,
    origin_allowed,
    own_authorities,
)
from golfnet.guard import BURST, FORGET, RATE, SERVER_GUESSES, Bucket, Guesses, Offences
from golfnet.journal import KEEP_DAYS, Kept, RoomJournal
from golfnet.protocol import (
    CODE_LENGTH,
    CODE_LETTERS,
    MAX_MESSAGE,
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
    Start,
    ToServer,
    Watch,
    Welcome,
    decode,
    encode,
)
from golfnet.room import ERRORS, Room, RoomConfig, secret_deal

if TYPE_CHECKING:  # prometheus_client is imported only by a server asked for its figures
    from golfnet.metrics import Metrics

log = logging.getLogger(__name__)
rooms_log = logging.getLogger("golfnet.rooms")
"""One line a room event, ``key=value`` (:func:`room_line`)."""

DEFAULT_PORT: Final = 8765
BACKLOG: Final = 256 * 1024
"""Bytes waiting to be sent to a client that does not read them (beyond what the system's
socket buffers hold); past this it is disconnected."""
PING: Final = 20.0
"""Seconds between two pings of a connection (a pong must come before the next)."""
PING_STEP: Final = 0.05
"""Seconds between two looks at whose ping is due (the pings spread as the connections came)."""
IDLE: Final = 60.0
"""Seconds a connection may stay without a seat or a room before it is closed."""
SWEEP: Final = 30.0
KEEP_EMPTY: Final = 600.0
"""Seconds a room with nobody connected is kept for its people to come back."""

Handler = Callable[["Connection", Any, float], None]
"""What a message does: given its connection, the message and the time."""
Place = str
ENTER: Final[Place] = "enter"
"""A message that enters a room: its connection must have none."""
ROOM: Final[Place] = "room"
"""A message for the connection's room: a seat's or a spectator's."""
SEAT: Final[Place] = "seat"
"""A message for the connection's seat: a spectator's is refused."""

SERVER_ERRORS: Final = {
    "bad_message": "that message is not one of the protocol's",
    "flood": "too many messages: slow down",
    "no_room": "there is no room with that code",
    "bad_token": "that token is not one of this room's",
    "slow_down": "too many wrong codes or tokens: wait a few seconds",
    "seated": "this connection already has a room",
    "no_seat": "join a room first",
    "spectator": "a spectator cannot play",
    "busy": "the server has no room for another game now",
    "bad_rules": "these rules do not seat that many players",
    **ERRORS,
}


def room_line(event: str, room: str, **fields: object) -> str:
    """One room event as ``key=value`` pairs: ``event=created room=KPRTWXBHM seats=person,easy``
    (values without spaces, quotes or equals signs)."""
    parts = [f"event={event}", f"room={room}"]
    for key, value in fields.items():
        text = str(value).replace(" ", "_").replace('"', "").replace("=", "_")
        parts.append(f"{key}={text}")
    return " ".join(parts)


def settle() -> None:
    """For a process that only serves, once it has started: what it loaded (modules, classes,
    functions: tens of thousands of objects) is set aside from the garbage collector's passes
    (``gc.freeze``), so that a full pass looks at the games alone and pauses them for less."""
    gc.collect()
    gc.freeze()


def ping(ws: ServerConnection, now: float) -> None:
    """Send ``ws`` a ping whose pong websockets will acknowledge (``pending_pings``)."""
    data = os.urandom(4)
    while data in ws.pending_pings:
        data = os.urandom(4)
    waiter: asyncio.Future[float] = asyncio.get_running_loop().create_future()
    waiter.add_done_callback(_taken)  # closed before its pong: nobody waits for it
    ws.pending_pings[data] = (waiter, now)
    ws.protocol.send_ping(data)
    ws.send_data()


def _taken(waiter: asyncio.Future[float]) -> None:
    if not waiter.cancelled():
        waiter.exception()


def text_frame(text: str) -> bytes:
    """``text`` as one whole WebSocket text frame from a server (RFC 6455: FIN, opcode 1, no
    mask), the bytes websockets writes for it."""
    data = text.encode()
    size = len(data)
    if size < 126:
        return bytes((0x81, size)) + data
    if size < 1 << 16:
        return b"\x81\x7e" + size.to_bytes(2, "big") + data
    return b"\x81\x7f" + size.to_bytes(8, "big") + data


@dataclass(frozen=True)
class Limits:
    """What one server accepts."""

    rooms: int = 2000
    connections: int = field(default_factory=fitting_connections)
    """Open connections in all, handshakes included (``golfnet.door``: 8000, fewer when the
    process may open fewer files)."""
    per_address: int = PER_ADDRESS
    offences: int = 10
    forget: float = FORGET
    """Seconds in which a connection's count of offences loses one."""
    handshake: float = HANDSHAKE
    """Seconds for a handshake (TLS, then WebSocket, each)."""
    guesses: float = SERVER_GUESSES
    """Wrong room codes or tokens the whole server takes a minute."""
    rate: float = RATE
    """Messages a second one connection may send on average (a person sends a few)."""
    burst: float = BURST
    idle: float = IDLE
    """Seconds a connection may stay without a room before it is closed."""
    ping: float = PING
    """Seconds between two pings of a connection; one whose pong has not come by the next is
    closed."""


@dataclass(eq=False, slots=True)
class Connection:
    """One client: its socket, what it is bound to, its guards."""

    ws: ServerConnection
    address: str
    offences: Offences
    bucket: Bucket = field(default_factory=Bucket)
    stats: Counter[str] = field(default_factory=Counter)
    """The server's counters."""
    room: Room | None = None
    seat: int | None = None
    closing: bool = False
    closer: asyncio.Task[None] | None = None

    def send(self, text: str) -> None:
        """Write a message to the socket now, without waiting: the whole frame (a server's
        frames are not masked) straight to the transport, as websockets' ``broadcast`` would
        write it but without its work a message (no task, no queue; the transport buffers
        what the system cannot take at once). Nothing to a connection that is closing."""
        if self.closing:
            return
        ws = self.ws
        transport = ws.transport
        if transport.get_write_buffer_size() > BACKLOG:
            self.stats["not reading"] += 1  # it does not read what it is sent: let it go
            self.close()
            return
        if ws.protocol.state is not OPEN or ws.send_in_progress is not None:
            return  # its closing handshake has begun (``broadcast`` skips it too)
        transport.write(text_frame(text))

    def close(self) -> None:
        """Send nothing more and close the connection (its reading loop then ends)."""
        self.closing = True
        if self.closer is None:
            code = 1008 if self.offences.too_many else 1000
            self.closer = asyncio.get_running_loop().create_task(self.ws.close(code))


class GolfServer:
    """The rooms and connections of one server; :meth:`start` listens."""

    def __init__(
        self,
        limits: Limits = Limits(),
        clock: Callable[[], float] | None = None,
        journal: RoomJournal | None = None,
        keep_days: float = KEEP_DAYS,
        door: Door | None = None,
        metrics: Metrics | None = None,
        first_letters: str = CODE_LETTERS,
    ) -> None:
        self.limits = limits
        self.first_letters = first_letters
        """The letters this server's room codes may begin with: behind a proxy that sends each
        room to its server by the code's first letter (``docs/deploy/Caddyfile``), each server
        is given its own (``golf serve --first-letters``)."""
        self.journal = journal
        """Where every room is written (None: rooms live in memory only)."""
        self.keep_days = keep_days
        """Days an ended room stays in the journal."""
        self.stopping = False
        self.rooms: dict[str, Room] = {}
        self.waiting: dict[str, Kept] = {}
        """The journal's rooms not brought back yet since the start (:meth:`restore`): each is
        rebuilt the moment a message names it, the others one after another while the server
        listens (:meth:`bring_back`)."""
        self.bringing: asyncio.Task[None] | None = None
        self.brought = 0
        """The journal's rooms brought back since the start."""
        self.on_back: Callable[[int, float], None] | None = None
        """Told, once every room of the journal is back, how many and in how many seconds."""
        self.connections: set[Connection] = set()
        self.stats: Counter[str] = Counter()
        self.door = door or Door()
        """Who is let in, and how (``golfnet.door``)."""
        self.gate = Gate(limits.connections, limits.per_address, self.stats)
        self.guesses = Guesses(
            everyone=Bucket(limits.guesses / 60.0, limits.guesses, limits.guesses)
        )
        self.wakes: dict[str, asyncio.TimerHandle] = {}
        self.touched: dict[str, float] = {}
        self._clock = clock
        self.server: Server | None = None
        self.servers: list[Server] = []
        """One for each address listened on (``server`` is the first)."""
        self.names: tuple[str, ...] = ()
        """The host name the server listens as (a page of its own may connect)."""
        self.sweeper: asyncio.Task[None] | None = None
        self.pinger: asyncio.Task[None] | None = None
        self.ping_due: deque[tuple[float, Connection]] = deque()
        """The connections in the order their next ping is due (:meth:`keepalive`)."""
        self.finished: set[str] = set()
        """Rooms whose game's end has been said (``event=ended``)."""
        self.metrics = metrics
        """The figures ``/metrics`` shows (``golfnet.metrics``; None: not asked for)."""
        self.handlers: dict[type[ToServer], tuple[Handler, Place]] = {
            Create: (self.on_create, ENTER),
            Join: (self.on_join, ENTER),
            Rejoin: (self.on_rejoin, ENTER),
            Watch: (self.on_watch, ENTER),
            Ready: (self.on_ready, SEAT),
            Start: (self.on_start, SEAT),
            Act: (self.on_act, SEAT),
            Leave: (self.on_leave, ROOM),
            Record: (self.on_record, ROOM),
        }
        """What each message a client sends does, and where its connection must be for it
        (the one table of the server's side: ``tests/engine/test_protocol.py`` checks that it
        has every message of ``TO_SERVER``)."""
        if metrics is not None:
            metrics.watch(self)
            if journal is not None:
                journal.timing = metrics.journal_seconds.observe

    def event(self, event: str, room: Room, **fields: object) -> None:
        """A room event: one log line, and its count in the figures."""
        rooms_log.info("%s", room_line(event, room.code, **fields))
        if self.metrics is not None:
            self.metrics.events.labels(event).inc()

    def now(self) -> float:
        return self._clock() if self._clock else asyncio.get_running_loop().time()

    async def start(self, host: str = "127.0.0.1", port: int = DEFAULT_PORT) -> Server:
        self.restore()
        connection = door_class(self.gate, self.door, self.limits.handshake)
        for sock in await listening(host, port, self.gate, self.door):  # the gate at accept
            self.servers.append(
                await serve(
                    self.handle,
                    sock=sock,
                    compression=None,  # no deflate: no zip bombs, less work per message
                    max_size=MAX_MESSAGE,
                    max_queue=8,
                    open_timeout=self.limits.handshake,
                    ping_interval=None,  # one task pings every connection (keepalive)
                    close_timeout=2,
                    process_request=self.admit,
                    server_header=None,
                    create_connection=connection,
                )
            )
        self.server = self.servers[0]
        self.names = (host,)
        self.bringing = asyncio.get_running_loop().create_task(self.bring_back())
        self.sweeper = asyncio.get_running_loop().create_task(self.sweep())
        self.pinger = asyncio.get_running_loop().create_task(self.keepalive())
        return self.server

    async def stop(self) -> None:
        """Close every connection and stop listening (the rooms stay in the journal as they
        are: what the closing connections do to them is not written)."""
        self.stopping = True
        if self.bringing is not None:
            self.bringing.cancel()
        if self.sweeper is not None:
            self.sweeper.cancel()
        if self.pinger is not None:
            self.pinger.cancel()
        for handle in self.wakes.values():
            handle.cancel()
        for room in self.rooms.values():
            room.keeper = None
        for server in self.servers:
            server.close()
        for server in self.servers:
            await server.wait_closed()
        for ticket in self.gate.waiting_tickets():  # in their TLS handshake: websockets has not
            ticket.abort()  # met them
        if self.journal is not None:
            self.journal.close()

    def restore(self) -> None:
        """The journal's rooms, not rebuilt yet (:attr:`waiting`): each is rebuilt when a
        message names it or by :meth:`bring_back`, so the server listens at once however many
        rooms and actions it keeps. Ended rooms past ``keep_days`` are removed first."""
        journal = self.journal
        if journal is None:
            return
        journal.prune(self.keep_days)
        for row in journal.kept_rooms():
            if row.code in self.waiting or row.code in self.rooms:  # two rooms of one code
                journal.leave_out(row)  # cannot both be in play
            else:
                self.waiting[row.code] = row

    async def bring_back(self) -> None:
        """Rebuild the rooms still waiting, one after another, letting the connections in
        between (a room is a few milliseconds: a game's actions played again), then tell
        :attr:`on_back`."""
        began = time.perf_counter()
        while self.waiting:
            code = next(iter(self.waiting))
            try:
                self.back(code)
            except Exception:  # one room's fault never keeps the others out
                self.waiting.pop(code, None)
                self.stats["crashes"] += 1
                log.exception("room %s could not be brought back", code)
            await asyncio.sleep(0)
        seconds = time.perf_counter() - began
        if self.on_back is not None:
            self.on_back(self.brought, seconds)

    def back(self, code: str) -> Room | None:
        """The waiting room of ``code`` rebuilt and in play (its seats waiting for their
        people's tokens, its timers from now), or None when it cannot be."""
        row = self.waiting.pop(code, None)
        if row is None or self.journal is None:
            return None
        now = self.now()
        room = self.journal.rebuild(row, now)
        if room is None:  # said in the journal's problems
            return None
        self.brought += 1
        self.rooms[room.code] = room
        self.touched[room.code] = now
        if room.over:
            self.finished.add(room.code)
        self.schedule(room)
        return room

    def room_named(self, code: str) -> Room | None:
        """The room of ``code``: in play, or brought back now from the journal."""
        room = self.rooms.get(code)
        if room is None and code in self.waiting:
            room = self.back(code)
        return room

    def port(self) -> int:
        assert self.server is not None
        return int(next(iter(self.server.sockets)).getsockname()[1])

    def admit(self, ws: ServerConnection, request: Request) -> Response | None:
        """Refuse a connection before its handshake ends: one a page of another site opened
        (403), or, through a trusted proxy, one from an address at its limit (503) — the
        gate (``golfnet.door``) counted the others when they connected."""
        door = self.door
        own = own_authorities(ws.local_address, self.names)
        if not origin_allowed(request.headers.get_all("Origin"), door.origins, own):
            self.stats["refused: origin"] += 1
            return ws.respond(403, "this page may not connect to this server\n")
        if isinstance(ws, DoorConnection) and door.trusts(ws.peer):
            ws.address = address_key(door.address(ws.peer, request.headers))
            if ws.ticket is None or not ws.ticket.claim(ws.address):
                return ws.respond(503, "busy\n")
        return None

    # --- one connection -------------------------------------------------------------------

    async def handle(self, ws: ServerConnection) -> None:
        ticket = ws.ticket if isinstance(ws, DoorConnection) else None
        peer = str(ws.remote_address[0]) if ws.remote_address else "?"
        address = ws.address if isinstance(ws, DoorConnection) else address_key(peer)
        limits = self.limits
        bucket = Bucket(limits.rate, limits.burst, limits.burst, self.now())
        offences = Offences(limits.offences, limits.forget)
        conn = Connection(ws, address, offences, bucket, self.stats)
        self.ping_due.append((asyncio.get_running_loop().time() + limits.ping, conn))
        for handshake in (ws.request, ws.response):  # their headers: nothing reads them again
            if handshake is not None:
                handshake.headers.clear()
        self.connections.add(conn)
        try:
            while not conn.closing:
                if conn.room is not None:
                    data = await ws.recv()
                else:
                    try:
                        data = await asyncio.wait_for(ws.recv(), self.limits.idle)
                    except TimeoutError:
                        self.stats["idle closed"] += 1
                        break
                self.receive(conn, data)
                if ticket is not None and conn.room is not None:
                    ticket.settle()  # in a room: never closed for a newcomer
                    ticket = None
        except ConnectionClosed as closed:
            if closed.rcvd is None and closed.sent is not None and closed.sent.code == 1009:
                self.offend(conn, "oversized")
        except Exception:  # the server survives anything a client does
            self.stats["crashes"] += 1
            log.exception("connection from %s failed", address)
        finally:
            conn.close()
            self.gone(conn)
            self.connections.discard(conn)
            assert conn.closer is not None
            await conn.closer

    def offend(self, conn: Connection, kind: str) -> None:
        self.stats[kind] += 1
        log.info("offence from %s: %s", conn.address, kind)
        if conn.offences.add(kind, self.now()):
            self.stats["disconnected"] += 1
            conn.send(encode(Bye(reason="offences")))
            conn.close()

    def error(self, conn: Connection, key: str) -> None:
        conn.send(encode(Error(error=key, text=SERVER_ERRORS[key])))

    def receive(self, conn: Connection, data: str | bytes) -> None:
        now = self.now()
        if not conn.bucket.allow(now):
            self.offend(conn, "flood")
            self.error(conn, "flood")
            return
        try:
            message = decode(data, TO_SERVER)
        except BadMessage as e:
            self.offend(conn, "binary" if isinstance(data, bytes) else "malformed")
            conn.send(encode(Error(error="bad_message", text=str(e)[:200])))
            return
        began = time.perf_counter()
        try:
            self.dispatch(conn, message, now)
            if self.metrics is not None and type(message) is Act:
                self.metrics.action_seconds.observe(time.perf_counter() - began)
        except Exception:
            self.stats["crashes"] += 1
            log.exception("a %s message from %s failed", message.TYPE, conn.address)
            self.error(conn, "bad_message")

    # --- what each message does -------------------------------------------------------------

    def dispatch(self, conn: Connection, message: ToServer, now: float) -> None:
        """Hand the message to its handler (:attr:`handlers`) if its connection is where the
        message may be sent: without a room to enter one, in a room to leave it or ask for its
        record, at a seat for the rest."""
        handler, place = self.handlers[type(message)]
        if place is ENTER:
            if conn.room is not None:
                self.offend(conn, "misuse")
                self.error(conn, "seated")
                return
            handler(conn, message, now)
            return
        room = conn.room
        if room is None:
            self.offend(conn, "misuse")
            self.error(conn, "no_seat")
            return
        self.touched[room.code] = now
        seat = conn.seat
        if seat is None and place is SEAT:
            self.error(conn, "spectator")
            return
        handler(conn, message, now)
        if seat is not None:
            self.schedule(room)

    def on_act(self, conn: Connection, message: Act, now: float) -> None:
        room, seat = self.seated(conn)
        refused = room.act(seat, message.action, message.at, now)
        if refused is not None:
            self.stats["refused actions"] += 1
            room.tell(conn, encode(Refused(reason=refused[0], text=refused[1])))
        elif self.metrics is not None:
            self.metrics.actions.inc()

    def on_ready(self, conn: Connection, message: Ready, now: float) -> None:
        room, seat = self.seated(conn)
        room.ready(seat, message.ready)

    def on_start(self, conn: Connection, message: Start, now: float) -> None:
        room, seat = self.seated(conn)
        err = room.start(seat, now)
        if err is not None:
            self.error(conn, err)
        else:
            people = sum(1 for s in room.seats if s.person)
            self.event("started", room, seats=len(room.seats), people=people)

    def on_record(self, conn: Connection, message: Record, now: float) -> None:
        room = conn.room
        assert room is not None
        if room.over:  # after what the room holds for the journal, as all it tells
            room.tell(conn, encode(Over(record=room.record())))
        else:
            self.error(conn, "not_over")

    def on_leave(self, conn: Connection, message: Leave, now: float) -> None:
        room, seat = conn.room, conn.seat
        assert room is not None
        if seat is None:
            room.unwatch(conn)
            conn.room = None
            return
        closes = room.leave(seat, now)
        conn.room, conn.seat = None, None
        if closes:
            self.close_room(room, "left")

    @staticmethod
    def seated(conn: Connection) -> tuple[Room, int]:
        """The room and seat of a connection that :meth:`dispatch` found seated."""
        assert conn.room is not None and conn.seat is not None
        return conn.room, conn.seat

    def on_create(self, conn: Connection, message: Create, now: float) -> None:
        if len(self.rooms) + len(self.waiting) >= self.limits.rooms:
            self.error(conn, "busy")
            return
        try:
            config = RoomConfig.read(message)  # the engine decides what a room may be
        except BadMessage as e:
            conn.send(encode(Error(error="bad_rules", text=str(e)[:200])))
            self.offend(conn, "malformed")  # the window's form never sends these
            return
        code = self.new_code()
        room = Room(
            code=code,
            rules=config.rules,
            kinds=config.seats,
            number=secret_deal(),
            seed=secrets.randbits(32),
            timer=config.timer,
            pause=config.pause,
        )
        if self.journal is not None:
            self.journal.created(room)  # before its creator is welcomed
        self.rooms[code] = room
        self.touched[code] = now
        self.stats["rooms"] += 1
        self.event("created", room, seats=",".join(room.kinds), address=conn.address)
        self.seat_person(conn, room, message.name)

    def seat_person(self, conn: Connection, room: Room, name: str) -> None:
        taken = room.take(name, conn)
        if isinstance(taken, str):
            self.error(conn, taken)
            return
        conn.room, conn.seat = room, taken[0]
        self.event("seat", room, seat=taken[0], address=conn.address)
        # told through the room: after the seat's row is written, in order with its updates
        room.tell(conn, encode(Welcome(code=room.code, seat=taken[0], token=taken[1])))
        room.tell_room()

    def guessed(self, conn: Connection, code: str, now: float) -> Room | None:
        """The room a code names, under the guess limit (a miss counts against the address)."""
        if self.guesses.blocked(conn.address, now):
            self.offend(conn, "guessing")
            self.error(conn, "slow_down")
            return None
        if self.guesses.spent(now):  # the whole server's: no offence of this connection's
            self.stats["refused: server-wide guesses"] += 1
            self.error(conn, "slow_down")
            return None
        room = self.room_named(code)
        if room is None:
            self.guesses.missed(conn.address, now)
            self.stats["wrong codes"] += 1
            self.error(conn, "no_room")
        return room

    def on_join(self, conn: Connection, message: Join, now: float) -> None:
        room = self.guessed(conn, message.code, now)
        if room is not None:
            self.seat_person(conn, room, message.name)

    def on_rejoin(self, conn: Connection, message: Rejoin, now: float) -> None:
        room = self.guessed(conn, message.code, now)
        if room is None:
            return
        seat = room.seat_of(message.token)
        if seat is None:
            self.guesses.missed(conn.address, now)
            self.stats["wrong tokens"] += 1
            self.offend(conn, "bad token")
            self.error(conn, "bad_token")
            return
        old = room.seats[seat].link
        if isinstance(old, Connection) and old is not conn:
            old.room, old.seat = None, None  # the old connection no longer speaks for the seat
            old.send(encode(Bye(reason="replaced")))
            old.close()
        conn.room, conn.seat = room, seat
        self.event("back", room, seat=seat, address=conn.address)
        room.tell(conn, encode(Welcome(code=room.code, seat=seat, token=message.token)))
        room.bind(seat, conn, now)
        self.schedule(room)

    def on_watch(self, conn: Connection, message: Watch, now: float) -> None:
        room = self.guessed(conn, message.code, now)
        if room is not None:
            conn.room, conn.seat = room, None
            room.tell(conn, encode(Welcome(code=room.code, seat=None, token=None)))
            room.watch(conn, now)

    def gone(self, conn: Connection) -> None:
        """A connection ended: its seat waits for its person (or the spectator goes)."""
        room = conn.room
        if room is None:
            return
        if conn.seat is None:
            room.unwatch(conn)
        elif room.seats[conn.seat].link is conn:
            if room.started:
                room.drop(conn.seat)
                self.schedule(room)
            elif room.leave(conn.seat, self.now()):
                self.close_room(room, "left")
        conn.room, conn.seat = None, None

    # --- rooms ------------------------------------------------------------------------------

    def new_code(self) -> str:
        while True:
            code = secrets.choice(self.first_letters) + "".join(
                secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH - 1)
            )
            if code not in self.rooms and code not in self.waiting:
                return code

    def close_room(self, room: Room, reason: str = "closed") -> None:
        for link in room.links():
            if isinstance(link, Connection):
                link.room, link.seat = None, None
                link.send(encode(Bye(reason="room_closed")))
        if self.journal is not None:
            self.journal.ended(room)
        if self.rooms.pop(room.code, None) is not None:
            self.event("removed", room, reason=reason)
        self.finished.discard(room.code)
        self.touched.pop(room.code, None)
        handle = self.wakes.pop(room.code, None)
        if handle is not None:
            handle.cancel()

    def schedule(self, room: Room) -> None:
        """Play the room's automatic moves now due, and wake it again when the next is."""
        handle = self.wakes.pop(room.code, None)
        if handle is not None:
            handle.cancel()
        if room.code not in self.rooms or self.stopping:
            return
        try:
            wake = room.wake(self.now())
        except Exception:
            self.stats["crashes"] += 1
            log.exception("room %s failed", room.code)
            return
        if room.over and room.code not in self.finished:
            self.finished.add(room.code)
            self.event("ended", room, actions=len(room.match.log) if room.match else 0)
        if wake is not None:
            loop = asyncio.get_running_loop()
            delay = max(0.0, wake - self.now())
            self.wakes[room.code] = loop.call_later(delay, self.schedule, room)

    async def keepalive(self) -> None:
        """Ping each connection every ``limits.ping`` seconds, and close one whose pong to the
        last ping has not come: what websockets' keepalive does, but one task for every
        connection instead of a task each (about 2 KB a connection). The connections wait in
        the order their pings are due, so each look sends only the few now due."""
        loop = asyncio.get_running_loop()
        due = self.ping_due
        while True:
            await asyncio.sleep(PING_STEP)
            now = loop.time()
            while due and due[0][0] <= now:
                _, conn = due.popleft()
                if conn.closing or conn not in self.connections:
                    continue  # gone: forgotten here
                ws = conn.ws
                if ws.pending_pings:  # silent since the last ping
                    self.stats["no pong"] += 1
                    conn.close()
                    continue
                if ws.protocol.state is OPEN:
                    ping(ws, now)
                due.append((now + self.limits.ping, conn))

    async def sweep(self) -> None:
        """Now and then: forget old guesses, close rooms nobody can come back to."""
        while True:
            await asyncio.sleep(SWEEP)
            now = self.now()
            self.guesses.forget_old(now)
            self.gate.forget_accepted(now - SWEEP)
            if self.journal is not None:
                self.journal.prune(self.keep_days)
            for code, room in list(self.rooms.items()):
                idle = now - self.touched.get(code, now)
                if room.empty and (room.over or not room.started or idle > KEEP_EMPTY):
                    reason = "over" if room.over else "unstarted" if not room.started else "idle"
                    self.close_room(room, reason)
