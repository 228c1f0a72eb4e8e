"""The server's door: what is decided about a connection before a message of the game is read.

- **Who it is.** A connection's address is its peer's, unless the peer is in a trusted proxy's
  network (``Door.trusted``): then it is the rightmost address of the proxy's header
  (``X-Forwarded-For``, or the ``Forwarded`` header's ``for=``, RFC 7239 — the one header the
  proxy writes, ``Door.header``) that is not itself a trusted proxy's. Nobody else's header is
  ever read. The per-address limits count an IPv6 address by its /64 (one machine is usually
  given a whole /64).
- **How many.** The :class:`Gate` counts the open connections, per address and in all, from
  the moment the TCP connection is made, before a byte of the handshake is read (TLS
  included): one over its address's limit is closed at once; when the server is full, the
  oldest connection that has no room yet (still in its handshake, or silent since) is closed
  for the newcomer, so that connections opened and left hanging cannot keep people out; only
  when every connection has a room is the newcomer refused. A trusted proxy's connections are
  counted against the address its header names once the header is read.
- **From where.** A browser says which page opened the connection (``Origin``): it is let in
  only when that page is one of ``Door.origins``, or the server's own address (the address and
  port the connection came in on, or the host name it listens on); a connection without an
  Origin (every program that is not a browser) is let in.
- **In what.** With a certificate (``Door.tls``) the server speaks TLS (``wss://``), the TLS
  handshake made after the gate has counted the connection, and bounded by the same timeout as
  the WebSocket handshake.

:func:`fitting_connections` is the default number of connections: 8000, or fewer when the
process may open fewer files (the soft ``RLIMIT_NOFILE`` less a margin).
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import socket
import ssl
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, cast
from urllib.parse import urlsplit

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers

from golf.core.translations import SOURCE_LANGUAGE, grouped, text

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address

CONNECTIONS: Final = 8000
"""The most connections a server takes by default (memory, and what the tests measured)."""
PER_ADDRESS: Final = 64
"""Connections one address may hold at once (people behind one router share it)."""
HANDSHAKE: Final = 5.0
"""Seconds a connection has for its handshake (TLS, then WebSocket, each)."""
MARGIN: Final = 64
"""File descriptors kept aside from the connections (listening sockets, the journal, logs, the
standard streams, what the system and libraries open): this many at least…"""
MARGIN_SHARE: Final = 8
"""…or one in this many of the process's limit, whichever is more."""
MAX_HOPS: Final = 32
"""A proxy header's addresses read, from the right."""
HEADERS: Final = ("x-forwarded-for", "forwarded")
"""The proxy headers a trusted proxy may write (``--proxy-header``)."""


def descriptor_limit() -> int | None:
    """The files this process may open (the soft ``RLIMIT_NOFILE``), None when unknown or
    unlimited (no ``resource`` module: Windows)."""
    try:
        import resource
    except ImportError:
        return None
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY or soft <= 0 else int(soft)


def fitting_connections(limit: int | None = None) -> int:
    """The connections a server takes by default: :data:`CONNECTIONS`, or the descriptor
    limit less :data:`MARGIN` (at least 64, else an eighth) when that is fewer: 896 for the
    usual 1,024. One connection is one descriptor; past the limit the system refuses to
    accept anything at all, honest or not."""
    limit = descriptor_limit() if limit is None else limit
    if limit is None:
        return CONNECTIONS
    margin = max(MARGIN, limit // MARGIN_SHARE)
    return max(1, min(CONNECTIONS, limit - margin))


def descriptors_for(connections: int) -> int:
    """The open files ``connections`` connections need with the margin kept aside."""
    share = -(-connections * MARGIN_SHARE // (MARGIN_SHARE - 1))  # the eighth kept aside
    return max(connections + MARGIN, share)


def room_for(connections: int, lang: str = SOURCE_LANGUAGE) -> str | None:
    """Make room for ``connections`` open connections: the soft limit on open files raised
    toward the hard one when it is short; None when they fit, else why not (in ``lang``)."""
    needed = descriptors_for(connections)
    try:
        import resource
    except ImportError:
        return None  # no such limit here (Windows)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= needed:
        return None
    if hard == resource.RLIM_INFINITY or hard >= needed:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
            return None
        except (OSError, ValueError):
            pass
    return text(
        lang,
        "net.door.files",
        needed=grouped(needed, lang),
        soft=grouped(soft, lang),
        hard=grouped(hard, lang),
    )


# --- who it is ------------------------------------------------------------------------------


def parse_address(text: str) -> Address | None:
    """An IP address as a proxy header writes it: ``1.2.3.4``, ``1.2.3.4:5678``, ``2001:db8::1``,
    ``[2001:db8::1]``, ``[2001:db8::1]:5678`` (quotes around it allowed); None otherwise
    (``unknown``, an obfuscated ``_name``, garbage)."""
    text = text.strip().strip('"').strip()
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            return None
        text = text[1:end]
    elif text.count(":") == 1:  # IPv4 with a port
        text = text.split(":", 1)[0]
    try:
        address = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def address_key(address: Address | str) -> str:
    """What the per-address limits count for an address: an IPv4 address itself, an IPv6
    address's /64."""
    if isinstance(address, str):
        parsed = parse_address(address)
        if parsed is None:
            return address
        address = parsed
    if isinstance(address, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((int(address) >> 64 << 64, 64)))
    return str(address)


def _split_outside_quotes(text: str, separator: str) -> list[str]:
    parts: list[str] = []
    current: list[str] = []
    quoted = False
    for ch in text:
        if ch == '"':
            quoted = not quoted
        if ch == separator and not quoted:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    parts.append("".join(current))
    return parts


def forwarded_hops(headers: Headers, header: str) -> list[str]:
    """The addresses a proxy header names, the first client's first and the nearest proxy's
    peer last (every line of the header, in order): ``X-Forwarded-For``'s list, or each
    element's ``for=`` of ``Forwarded`` (an element without one is an unknown hop, "")."""
    lines = headers.get_all(header)
    hops: list[str] = []
    for line in lines:
        if header == "forwarded":
            for element in _split_outside_quotes(line, ","):
                found = ""
                for pair in _split_outside_quotes(element, ";"):
                    name, _, value = pair.partition("=")
                    if name.strip().lower() == "for":
                        found = value.strip()
                hops.append(found)
        else:
            hops.extend(part.strip() for part in line.split(","))
    return hops


def trusted_by(address: Address | None, trusted: Sequence[Network]) -> bool:
    return address is not None and any(address in network for network in trusted)


def client_address(peer: str, headers: Headers, trusted: Sequence[Network], header: str) -> str:
    """The address a connection is counted as: ``peer``'s, unless it is a trusted proxy's;
    then the rightmost address of its header that is not a trusted proxy's (walking from the
    right, each trusted hop passes on to the one before it). A hop that is not an address
    (``unknown``) stops the walk at the last trusted one: nothing to its left can be believed."""
    nearest = parse_address(peer)
    if not trusted_by(nearest, trusted):
        return peer
    assert nearest is not None
    for hop in reversed(forwarded_hops(headers, header)[-MAX_HOPS:]):
        address = parse_address(hop)
        if address is None:
            break
        if not trusted_by(address, trusted):
            return str(address)
        nearest = address
    return str(nearest)


# --- from where -----------------------------------------------------------------------------

DEFAULT_PORTS: Final = {"http": 80, "https": 443}
_HOST_LETTERS: Final = frozenset("abcdefghijklmnopqrstuvwxyz0123456789.-")


def read_origin(text: str) -> str | None:
    """A web origin as the ``Origin`` header and ``--allow-origin`` write it:
    ``http[s]://host[:port]``, nothing more; in lower case, without the scheme's own port.
    None if it is not one (``null``, a path, a user, another scheme, non-ASCII)."""
    if not text.isascii() or not text.isprintable() or any(ch.isspace() for ch in text):
        return None
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if scheme not in DEFAULT_PORTS or not host or parts.username or parts.password:
        return None
    if parts.path or parts.query or parts.fragment or text.endswith(("?", "#")):
        return None
    if ":" in host:
        if parse_address(host) is None:
            return None
        host = f"[{host}]"
    elif not set(host) <= _HOST_LETTERS:
        return None
    shown = f"{scheme}://{host}"
    return shown if port in (None, DEFAULT_PORTS[scheme]) else f"{shown}:{port}"


def authority(origin: str) -> str:
    """``host:port`` of a read origin (the scheme's port when it names none)."""
    parts = urlsplit(origin)
    host = parts.netloc.rsplit(":", 1)[0] if parts.port is not None else parts.netloc
    return f"{host}:{parts.port or DEFAULT_PORTS[parts.scheme]}"


def own_authorities(local: object, names: Iterable[str]) -> set[str]:
    """The ``host:port`` a page of the server's own would have: the address and port the
    connection came in on, and the names the server listens as on that port."""
    if not isinstance(local, tuple) or len(local) < 2:
        return set()
    host, port = str(local[0]), int(local[1])
    address = parse_address(host)
    shown = f"[{host}]" if ":" in host else host
    out = {f"{shown}:{port}"}
    if address is not None and address.is_loopback:
        out.add(f"localhost:{port}")
    for name in names:
        if name and name not in ("0.0.0.0", "::"):
            out.add(f"{f'[{name}]' if ':' in name else name}:{port}".lower())
    return out


def origin_allowed(origins: Sequence[str], allowed: frozenset[str], own: set[str]) -> bool:
    """Whether a handshake's ``Origin`` lines let it in: none (not a browser), or exactly one,
    an allowed origin or one of the server's own."""
    if not origins:
        return True
    if len(origins) != 1:
        return False
    origin = read_origin(origins[0])
    if origin is None:
        return False
    return origin in allowed or authority(origin) in own


# --- how many -------------------------------------------------------------------------------


@dataclass(eq=False, slots=True)
class Ticket:
    """One connection let in by the gate: what it is counted as, how to close it."""

    gate: Gate
    keys: list[str]
    abort: Callable[[], object]
    address: str = "?"
    """What the limits count it as (the peer's address, or its /64)."""
    since: float = 0.0
    group: str | None = None
    """The address it waits as (for a room) while it has none: None once it has one."""
    done: bool = False

    def settle(self) -> None:
        """It has a room: never closed for a newcomer."""
        self.gate.unwait(self)

    def claim(self, key: str) -> bool:
        """Count it against ``key`` too (a trusted proxy's client); False when that address
        is at its limit."""
        return self.gate.claim(self, key)

    def release(self) -> None:
        """It is closed: uncount it (once)."""
        self.gate.release(self)


PROXIED: Final = ""
"""The group of a trusted proxy's connections whose header is not read yet."""


@dataclass
class Gate:
    """The open connections, per address and in all (pure bookkeeping: the server closes).

    When the server is full, a newcomer takes the place of a connection that has no room
    yet: the oldest of the address that holds the most of them — an attacker's, as long as
    it holds more than the honest, who hold one or two while they join; a newcomer from an
    address that holds as many as any is refused (its own would be all it could replace)."""

    limit: int = CONNECTIONS
    per_address: int = PER_ADDRESS
    stats: Counter[str] = field(default_factory=Counter)
    open: int = 0
    by_key: Counter[str] = field(default_factory=Counter)
    waiting: dict[str, dict[Ticket, None]] = field(default_factory=dict)
    """Connections without a room yet, by address, the oldest first."""
    levels: dict[int, dict[str, None]] = field(default_factory=dict)
    """The addresses by how many connections they have waiting."""
    top: int = 0
    """The most any address has waiting."""
    accepted: dict[object, Ticket] = field(default_factory=dict)
    """Tickets given as the listening socket accepted, by peer address, for the connection
    to take when it is made."""

    def forget_accepted(self, before: float) -> None:
        """Release the tickets of accepted connections never made (their transport failed)."""
        for name, ticket in list(self.accepted.items()):
            if ticket.since < before:
                del self.accepted[name]
                ticket.release()

    def enter(self, key: str | None, abort: Callable[[], object] = lambda: None) -> Ticket | None:
        """A new connection from ``key`` (None: a trusted proxy's, counted in all only until
        its header is read); None when it must be closed at once."""
        if key is not None and self.by_key[key] >= self.per_address:
            self.stats["refused: address full"] += 1
            return None
        if self.open >= self.limit:
            mine = len(self.waiting.get(PROXIED if key is None else key, ()))
            if mine >= self.top:  # none waiting, or this address holds the most itself
                self.stats["refused: server full"] += 1
                return None
            group = next(iter(self.levels[self.top]))
            oldest = next(iter(self.waiting[group]))
            oldest.release()
            oldest.abort()
            self.stats["dropped for a newcomer"] += 1
        ticket = Ticket(self, [] if key is None else [key], abort)
        self.open += 1
        if key is not None:
            self.by_key[key] += 1
        self.wait(ticket, PROXIED if key is None else key)
        return ticket

    def wait(self, ticket: Ticket, group: str) -> None:
        waiting = self.waiting.setdefault(group, {})
        self._level(group, len(waiting), len(waiting) + 1)
        waiting[ticket] = None
        ticket.group = group

    def unwait(self, ticket: Ticket) -> None:
        group = ticket.group
        if group is None:
            return
        ticket.group = None
        waiting = self.waiting[group]
        del waiting[ticket]
        self._level(group, len(waiting) + 1, len(waiting))
        if not waiting:
            del self.waiting[group]

    def _level(self, group: str, old: int, new: int) -> None:
        if old:
            level = self.levels[old]
            del level[group]
            if not level:
                del self.levels[old]
        if new:
            self.levels.setdefault(new, {})[group] = None
            self.top = max(self.top, new)
        while self.top and self.top not in self.levels:
            self.top -= 1

    def claim(self, ticket: Ticket, key: str) -> bool:
        if ticket.done:
            return False
        if self.by_key[key] >= self.per_address:
            self.stats["refused: address full"] += 1
            return False
        self.by_key[key] += 1
        ticket.keys.append(key)
        if ticket.group is not None:  # it waits as the client now, not as the proxy
            self.unwait(ticket)
            self.wait(ticket, key)
        return True

    def release(self, ticket: Ticket) -> None:
        if ticket.done:
            return
        ticket.done = True
        self.open -= 1
        for key in ticket.keys:
            self.by_key[key] -= 1
            if self.by_key[key] <= 0:
                del self.by_key[key]
        self.unwait(ticket)

    def count(self, key: str) -> int:
        return self.by_key.get(key, 0)

    def waiting_tickets(self) -> list[Ticket]:
        """Every connection that has no room yet."""
        return [t for group in self.waiting.values() for t in group]


# --- the door itself ------------------------------------------------------------------------


@dataclass(frozen=True)
class Door:
    """How a server lets connections in (``golf serve``'s deployment options)."""

    trusted: tuple[Network, ...] = ()
    """Networks of the proxies whose header names the client (``--trusted-proxy``)."""
    header: str = "x-forwarded-for"
    """The header those proxies write (``--proxy-header``): the other one is never read."""
    origins: frozenset[str] = frozenset()
    """Web pages (origins, as :func:`read_origin` writes them) whose scripts may connect
    (``--allow-origin``), beside the server's own."""
    tls: ssl.SSLContext | None = None
    """With a certificate: the server speaks ``wss://`` (``--tls-cert``, ``--tls-key``)."""
    names: tuple[str, ...] = ()
    """The host names the server listens as (its own origin), beside its addresses."""

    def address(self, peer: str, headers: Headers) -> str:
        return client_address(peer, headers, self.trusted, self.header)

    def trusts(self, peer: str) -> bool:
        return trusted_by(parse_address(peer), self.trusted)


def tls_context(cert: str, key: str) -> ssl.SSLContext:
    """A server's TLS context from a certificate chain and its private key (PEM files);
    ``ssl.SSLError`` or ``OSError`` when they cannot be read or do not match."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context


class DoorConnection(ServerConnection):
    """websockets' connection, met at the door: counted by the gate the moment the TCP
    connection is made (closed at once when over a limit, never handed to websockets), then
    taken through TLS when the server has a certificate, then given to websockets for the
    WebSocket handshake (``open_timeout``) and the game."""

    gate: Gate
    door: Door
    tls_timeout: float = HANDSHAKE
    """Set on a subclass for each server (``door_class``)."""

    ticket: Ticket | None = None
    peer: str = "?"
    """The peer's address (a proxy's, when it is one)."""
    address: str = "?"
    """What the limits count it as (the client's, through a trusted proxy)."""
    _made = False
    _early: list[bytes] | None = None
    _early_eof = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        raw = cast(asyncio.Transport, transport)
        name = transport.get_extra_info("peername")
        self.peer = str(name[0]) if isinstance(name, tuple) and name else "?"
        ticket = self.gate.accepted.pop(name, None) if isinstance(name, tuple) else None
        if ticket is None:  # not accepted by a GateSocket (the proactor loop: Windows)
            key = None if self.door.trusts(self.peer) else address_key(self.peer)
            ticket = self.gate.enter(key)
            if ticket is not None:
                ticket.address = address_key(self.peer)
        if ticket is None or ticket.done:  # over a limit, or closed for a newcomer since
            raw.abort()
            return
        self.ticket = ticket
        self.address = ticket.address
        ticket.abort = raw.abort
        if self.door.tls is None:
            self._made = True
            super().connection_made(transport)
            return
        raw.pause_reading()  # not a byte before the TLS layer is in place
        self._early = []
        task = asyncio.get_running_loop().create_task(self._tls(raw, self.door.tls))
        ticket.abort = task.cancel

    async def _tls(self, raw: asyncio.Transport, context: ssl.SSLContext) -> None:
        ticket = self.ticket
        assert ticket is not None
        try:
            transport = await asyncio.get_running_loop().start_tls(
                raw, self, context, server_side=True, ssl_handshake_timeout=self.tls_timeout
            )
        except (Exception, asyncio.CancelledError):  # no TLS made: nothing was handed on
            self.gate.stats["tls failed"] += 1
            raw.abort()
            ticket.release()
            return
        if transport is None or ticket.done:
            if transport is not None:
                transport.abort()
            return
        ticket.abort = transport.abort
        self._made = True
        super().connection_made(transport)
        early, self._early = self._early or [], None
        for data in early:
            super().data_received(data)
        if self._early_eof:
            super().eof_received()

    def data_received(self, data: bytes) -> None:
        if self._made:
            super().data_received(data)
        elif self._early is not None:  # TLS: what came with the end of its handshake
            self._early.append(bytes(data))

    def eof_received(self) -> None:
        if self._made:
            super().eof_received()
        else:
            self._early_eof = True

    def connection_lost(self, exc: Exception | None) -> None:
        try:
            if self._made:
                super().connection_lost(exc)
        finally:
            if self.ticket is not None:
                self.ticket.release()


ACCEPT_BATCH: Final = 16
"""Connections let in at most each time round the event loop: a connection closed for a
newcomer keeps its descriptor until the loop comes round, so the flood of a moment must not
outrun the margin of descriptors kept aside."""
REFUSALS: Final = 256
"""Connections refused in a row before the loop is let to do something else."""


class GateSocket(socket.socket):
    """A listening socket that asks the gate about each connection as it accepts it: one
    refused is closed there and then — no transport, no task, its descriptor freed before the
    next is accepted — so that a flood of connections costs the server a system call each."""

    gate: Gate
    door: Door
    batch = 0

    def accept(self) -> tuple[socket.socket, Any]:
        loop = asyncio.get_running_loop()  # called by the loop's reader of this socket
        if self.batch >= ACCEPT_BATCH:
            raise BlockingIOError  # the rest the next time round
        if self.batch == 0:
            loop.call_soon(self._next_batch)
        for _ in range(REFUSALS):
            conn, name = super().accept()  # BlockingIOError: none waiting
            peer = str(name[0]) if isinstance(name, tuple) and name else "?"
            key = address_key(peer)
            ticket = self.gate.enter(None if self.door.trusts(peer) else key)
            if ticket is not None:
                ticket.address, ticket.since = key, loop.time()
                self.gate.accepted[name] = ticket
                self.batch += 1
                return conn, name
            conn.close()
        raise BlockingIOError

    def _next_batch(self) -> None:
        self.batch = 0


async def listening(host: str, port: int, gate: Gate, door: Door) -> list[GateSocket]:
    """The sockets a server listens on at ``host`` (each address it names) and ``port`` (0:
    one free port, the same for every address), as ``loop.create_server`` would make them."""
    loop = asyncio.get_running_loop()
    infos = await loop.getaddrinfo(
        host, port, family=socket.AF_UNSPEC, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )
    sockets: list[GateSocket] = []
    seen = set()
    try:
        for family, kind, proto, _name, address in infos:
            if (family, address) in seen:
                continue
            seen.add((family, address))
            sock = GateSocket(family, kind, proto)
            sockets.append(sock)
            sock.gate, sock.door = gate, door
            if os.name == "posix" and sys.platform != "cygwin":
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, True)
            if family == socket.AF_INET6 and hasattr(socket, "IPPROTO_IPV6"):
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, True)
            if port == 0 and len(sockets) > 1:
                address = (address[0], sockets[0].getsockname()[1], *address[2:])
            sock.bind(address)
    except BaseException:
        for sock in sockets:
            sock.close()
        raise
    return sockets


def door_class(gate: Gate, door: Door, handshake: float) -> type[DoorConnection]:
    """The connection class of one server (websockets' ``create_connection``)."""

    class GolfConnection(DoorConnection):
        pass

    GolfConnection.gate, GolfConnection.door = gate, door
    GolfConnection.tls_timeout = handshake
    return GolfConnection
