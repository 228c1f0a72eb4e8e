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
  action message, refused ones too: from the message read to its updates ready, which go out
  once the journal has written the action, at the end of the loop's pass);
- ``golf_refusals_total{kind}``: what the door and the server refused, by kind (``address full``,
  ``server full``, ``origin``, ``server-wide guesses``, ``actions``: an action the rules refuse)
  and ``golf_offences_total{kind}`` (flood, malformed, guessing…), from the server's counters;
- ``golf_room_events_total{event}``: rooms created, seats taken, people back in their seats,
  games started and ended, rooms removed;
- ``golf_journal_write_seconds`` (a histogram: each transaction written to ``--state``'s file;
  the actions of one pass of the loop are one transaction, ``golfnet.journal``).

The counters and histograms are plain numbers the loop adds to (:class:`Count`,
:class:`Timings`), read when scraped: ``prometheus_client``'s own take a lock on every
observation, a cost on every action of a server that has one thread.

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
from bisect import bisect_left
from collections import Counter as Counts
from collections.abc import Iterable, Sequence
from typing import Any, Final, Protocol

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)
from prometheus_client.exposition import generate_latest
from prometheus_client.registry import Collector
from prometheus_client.utils import floatToGoString


class GolfServer(Protocol):
    """What the figures read of ``golfnet.server.GolfServer`` (not imported: the server imports
    this module)."""

    rooms: dict[str, Any]
    waiting: dict[str, Any]
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
        yield GaugeMetricFamily(
            "golf_rooms_waiting",
            "Kept rooms not brought back yet since the start",
            value=len(server.waiting),
        )
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


class Count:
    """A counter the server's loop adds to (one thread: a plain number, read when scraped;
    ``prometheus_client``'s takes a lock each time, a cost on every action)."""

    def __init__(self) -> None:
        self.value = 0

    def inc(self, amount: int = 1) -> None:
        self.value += amount


class LabelledCounts(dict[str, Count]):
    """Counters by one label's value (``labels(value).inc()``)."""

    def labels(self, value: str) -> Count:
        count = self.get(value)
        if count is None:
            count = self[value] = Count()
        return count


class Timings:
    """A histogram the server's loop observes (plain counts a bucket, read when scraped)."""

    def __init__(self, buckets: Sequence[float]) -> None:
        self.bounds = tuple(buckets)
        self.counts = [0] * (len(self.bounds) + 1)  # the last: above every bound
        self.sum = 0.0

    def observe(self, value: float) -> None:
        self.counts[bisect_left(self.bounds, value)] += 1  # a bucket holds what is <= its bound
        self.sum += value

    def family(self, name: str, documentation: str) -> HistogramMetricFamily:
        cumulative, total = [], 0
        for bound, count in zip((*self.bounds, float("inf")), self.counts, strict=True):
            total += count
            cumulative.append((floatToGoString(bound), total))  # type: ignore[no-untyped-call]
        return HistogramMetricFamily(name, documentation, buckets=cumulative, sum_value=self.sum)


class _Kept(Collector):
    """The counters and histograms the server's loop keeps, as Prometheus reads them."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def collect(self) -> Iterable[Metric]:
        m = self.metrics
        yield CounterMetricFamily(
            "golf_actions", "Actions taken from people", value=m.actions.value
        )
        yield m.action_seconds.family(
            "golf_action_seconds",
            "Seconds from an action's message read to its update ready to send (the journal's "
            "write is golf_journal_write_seconds)",
        )
        yield m.journal_seconds.family(
            "golf_journal_write_seconds",
            "Seconds of each transaction written to the rooms' journal (--state; the actions "
            "of one pass of the loop are one transaction)",
        )
        events = CounterMetricFamily("golf_room_events", "Room events", labels=["event"])
        for event, count in m.events.items():
            events.add_metric([event], count.value)
        yield events


class Metrics:
    """One server's figures, in a registry of their own."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.actions = Count()
        self.action_seconds = Timings(ACTION_BUCKETS)
        self.journal_seconds = Timings(WRITE_BUCKETS)
        self.events = LabelledCounts()
        for event in EVENTS:
            self.events.labels(event)
        self.registry.register(_Kept(self))
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
        "waiting": len(server.waiting),
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
