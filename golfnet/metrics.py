"""What a running server says of itself to its operator: ``/metrics`` in Prometheus's text
format (``prometheus_client``) and ``/healthz``, on a listener of their own (``golf serve
--metrics-port N``; off unless asked), and one structured log line per room event.

**The listener** is a small HTTP/1.1 handler on the server's own asyncio loop, not
``prometheus_client.start_http_server``: that one answers in a thread of its own, which would read
the rooms and connections while the loop changes them (a dictionary changing size under a scrape);
on the loop a scrape reads them between two messages, never in the middle of one, and costs no
thread. It answers ``GET /metrics`` and ``GET /healthz``, one request a connection (``GET`` only), each request
within :data:`REQUEST_TIMEOUT` seconds and :data:`REQUEST_LIMIT` bytes, at most
:data:`CONNECTIONS` at once; anything else is a 404 or 405. It listens on 127.0.0.1 by default:
it is for the machine's own Prometheus or a proxy's health check, never for the players.

**The figures** are a registry of their own (:class:`Metrics`: a ``CollectorRegistry``, not
the library's global one, so that several servers in one process — the tests — each have theirs):

- ``golf_rooms``, ``golf_players`` (seats whose person is connected), ``golf_spectators``,
  ``golf_connections`` (open WebSocket connections), read when scraped;
- ``golf_actions_total`` (actions the server took from people; their rate is the actions a
  second: ``rate(golf_actions_total[1m])``) and ``golf_action_seconds`` (a histogram of every
  action message, refused ones too: from the message read to everyone told, the journal's write
  included);
- ``golf_refusals_total{kind}``: what the door and the server refused, by kind (``address full``,
  ``server full``, ``origin``, ``server-wide guesses``, ``actions``: an action the rules refuse)
  and ``golf_offences_total{kind}`` (flood, malformed, guessing…), from the server's counters;
- ``golf_room_events_total{event}``: rooms created, seats taken, people back in their seats,
  games started and ended, rooms removed;
- ``golf_journal_write_seconds`` (a histogram: each change written to ``--state``'s file).

**The room events** are log lines of the logger ``golfnet.rooms`` whether or not the figures
are asked for (``golfnet.server.room_line``), one an event, in ``key=value`` form:
``event=created room=KPRTWXBHM seats=person,easy,person address=203.0.113.7``; ``event=seat
room=… seat=1 address=…``; ``event=back room=… seat=1 address=…``; ``event=started room=…
seats=3 people=2``; ``event=ended room=… actions=57``; ``event=removed room=… reason=left``
(``left``, ``over``, ``unstarted``, ``idle``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import Counter as Counts
from collections.abc import Iterable
from typing import Any, Final, Protocol

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.exposition import generate_latest
from prometheus_client.registry import Collector


class GolfServer(Protocol):
    """What the figures read of ``golfnet.server.GolfServer`` (not imported: the server imports
    this module)."""

    rooms: dict[str, Any]
    connections: set[Any]
    stats: Counts[str]
    servers: list[Any]
    stopping: bool
    journal: Any


REQUEST_TIMEOUT: Final = 5.0
REQUEST_LIMIT: Final = 8192
CONNECTIONS: Final = 16
"""Requests answered at once; past this a connection is closed unanswered."""

ACTION_BUCKETS: Final = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)
WRITE_BUCKETS: Final = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1)

REFUSED: Final = "refused"
"""The server's counters whose name starts so are refusals (``refused: origin``…)."""
OFFENCES: Final = (
    "flood",
    "malformed",
    "binary",
    "misuse",
    "guessing",
    "bad token",
    "oversized",
    "disconnected",
    "idle closed",
    "not reading",
    "crashes",
)
"""The server's other counters, exposed as ``golf_offences_total{kind}``."""

EVENTS: Final = ("created", "seat", "back", "started", "ended", "removed")
"""The room events (``golfnet.server.GolfServer.event``): ``back`` is a person come back to
their seat with their token."""


class _State(Collector):
    """What is read from the server when scraped."""

    def __init__(self, server: GolfServer) -> None:
        self.server = server

    def collect(self) -> Iterable[Metric]:
        server = self.server
        players = spectators = 0
        for room in server.rooms.values():
            players += sum(1 for s in room.seats if s.person and s.link is not None)
            spectators += len(room.spectators)
        yield GaugeMetricFamily("golf_rooms", "Rooms on the server", value=len(server.rooms))
        yield GaugeMetricFamily("golf_players", "Seats whose person is connected", value=players)
        yield GaugeMetricFamily("golf_spectators", "Spectators connected", value=spectators)
        yield GaugeMetricFamily(
            "golf_connections", "Open WebSocket connections", value=len(server.connections)
        )
        refusals = CounterMetricFamily(
            "golf_refusals", "Connections and messages refused, by kind", labels=["kind"]
        )
        offences = CounterMetricFamily(
            "golf_offences", "Offences and closings counted by the server", labels=["kind"]
        )
        stats = server.stats
        for key in sorted(stats):
            if key.startswith(REFUSED):
                kind = key.removeprefix(REFUSED).strip(" :") or "other"
                refusals.add_metric([kind], stats[key])
        for kind in ("address full", "server full", "origin", "server-wide guesses", "actions"):
            if not any(k.startswith(REFUSED) and k.endswith(kind) for k in stats):
                refusals.add_metric([kind], 0)
        for kind in OFFENCES:
            offences.add_metric([kind], stats[kind])
        yield refusals
        yield offences


class Metrics:
    """One server's figures, in a registry of their own."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.actions = Counter("golf_actions", "Actions taken from people", registry=self.registry)
        self.action_seconds = Histogram(
            "golf_action_seconds",
            "Seconds from an action's message read to everyone told (journal write included)",
            buckets=ACTION_BUCKETS,
            registry=self.registry,
        )
        self.journal_seconds = Histogram(
            "golf_journal_write_seconds",
            "Seconds of each change written to the rooms' journal (--state)",
            buckets=WRITE_BUCKETS,
            registry=self.registry,
        )
        self.events = Counter("golf_room_events", "Room events", ["event"], registry=self.registry)
        for event in EVENTS:
            self.events.labels(event)
        self.state: _State | None = None

    def watch(self, server: GolfServer) -> None:
        """Read ``server``'s rooms and counters when scraped."""
        if self.state is None:
            self.state = _State(server)
            self.registry.register(self.state)

    def text(self) -> bytes:
        return generate_latest(self.registry)


def health(server: GolfServer) -> tuple[int, dict[str, object]]:
    """``/healthz``'s status and body: 200 while the server listens, 503 otherwise."""
    serving = (
        not server.stopping and bool(server.servers) and all(s.is_serving() for s in server.servers)
    )
    journal = server.journal
    journal_ok = None if journal is None else journal.on_disk
    body: dict[str, object] = {
        "serving": serving,
        "rooms": len(server.rooms),
        "connections": len(server.connections),
        "journal_ok": journal_ok,
    }
    return (200 if serving and journal_ok is not False else 503), body


class MetricsListener:
    """``/metrics`` and ``/healthz`` of one server, on the loop (:mod:`golfnet.metrics`)."""

    def __init__(self, server: GolfServer, metrics: Metrics) -> None:
        self.server = server
        self.metrics = metrics
        self.listener: asyncio.Server | None = None
        self.busy = 0

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        self.listener = await asyncio.start_server(
            self._answer, host, port, limit=REQUEST_LIMIT, reuse_address=True
        )
        return self.port()

    def port(self) -> int:
        assert self.listener is not None
        return int(self.listener.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        if self.listener is not None:
            self.listener.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.listener.wait_closed(), 2.0)

    async def _answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.busy >= CONNECTIONS:
            writer.close()
            return
        self.busy += 1
        try:
            try:
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), REQUEST_TIMEOUT)
            except (TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
                return
            status, kind, body = self.respond(head.split(b"\r\n", 1)[0])
            writer.write(
                f"HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {len(body)}\r\n"
                "Cache-Control: no-store\r\nConnection: close\r\n\r\n".encode("ascii")
                + body
            )
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer.drain(), REQUEST_TIMEOUT)
        except ConnectionError:
            pass
        finally:
            self.busy -= 1
            writer.close()

    def respond(self, line: bytes) -> tuple[str, str, bytes]:
        """The status, content type and body for a request line."""
        parts = line.split()
        text = "text/plain; charset=utf-8"
        if len(parts) != 3 or not parts[2].startswith(b"HTTP/"):
            return "400 Bad Request", text, b"bad request\n"
        method, target = parts[0], parts[1].split(b"?", 1)[0]
        if target not in (b"/metrics", b"/healthz"):
            return "404 Not Found", text, b"not found: /metrics or /healthz\n"
        if method != b"GET":
            return "405 Method Not Allowed", text, b"GET only\n"
        if target == b"/metrics":
            body = self.metrics.text()
            return "200 OK", CONTENT_TYPE_LATEST, body
        code, health_body = health(self.server)
        status = "200 OK" if code == 200 else "503 Service Unavailable"
        data = (json.dumps(health_body, sort_keys=True) + "\n").encode()
        return status, "application/json", data
