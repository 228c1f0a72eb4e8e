"""The server's door (``golfnet.door``) and the limits around it: who a connection is (a trusted
proxy's header believed, nobody else's), how many may be open (per address and in all, counted
as the socket is accepted, the oldest roomless connection of the biggest holder closed for a
newcomer), which pages may connect (Origin), the handshake's time, TLS, the default number of
connections from the open-file limit, offences forgotten with time, the whole server's limit
on wrong codes, and the room codes of nine letters."""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import ssl
from pathlib import Path
from typing import Any

import pytest
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from golfnet.client import Client
from golfnet.door import (
    Door,
    Gate,
    address_key,
    client_address,
    descriptors_for,
    fitting_connections,
    forwarded_hops,
    origin_allowed,
    own_authorities,
    parse_address,
    read_origin,
    tls_context,
)
from golfnet.guard import Guesses, Offences
from golfnet.protocol import CODE_LENGTH, CODE_LETTERS, Error, Welcome, read_code, show_code
from golfnet.server import GolfServer, Limits
from tests.netplay import run

TLS = Path(__file__).resolve().parents[1] / "fixtures" / "tls"
PROXY = ipaddress.ip_network("127.0.0.3/32")


# --- who it is ------------------------------------------------------------------------------


def test_addresses_are_read_as_proxies_write_them_and_counted_by_host() -> None:
    assert str(parse_address("1.2.3.4:5678")) == "1.2.3.4"
    assert str(parse_address('"[2001:db8::1]:4711"')) == "2001:db8::1"
    assert str(parse_address("::ffff:10.0.0.1")) == "10.0.0.1"
    for bad in ("unknown", "_hidden", "", "1.2.3", "[::1", "example.org"):
        assert parse_address(bad) is None, bad
    assert address_key("10.0.0.1") == "10.0.0.1"
    # an IPv6 machine is usually given a whole /64: its addresses count as one
    assert (
        address_key("2001:db8:1:2::5")
        == address_key("2001:db8:1:2:ffff::9")
        == ("2001:db8:1:2::/64")
    )
    assert address_key("::ffff:10.0.0.1") == "10.0.0.1"


def _headers(**lines: str) -> Headers:
    return Headers([(name.replace("_", "-"), value) for name, value in lines.items()])


def test_only_a_trusted_proxys_header_is_believed_and_only_its_own_part() -> None:
    trusted = (PROXY, ipaddress.ip_network("10.0.0.0/8"))
    forged = _headers(X_Forwarded_For="6.6.6.6")
    # a client that is no proxy: its header is never read
    assert client_address("127.0.0.2", forged, trusted, "x-forwarded-for") == "127.0.0.2"
    # the proxy appends its peer: the rightmost address that is not a trusted proxy's
    chain = _headers(X_Forwarded_For="6.6.6.6, 203.0.113.7, 10.1.2.3")
    assert client_address("127.0.0.3", chain, trusted, "x-forwarded-for") == "203.0.113.7"
    # every hop a proxy: the leftmost; no header: the proxy itself
    inner = _headers(X_Forwarded_For="10.9.9.9, 10.1.2.3")
    assert client_address("127.0.0.3", inner, trusted, "x-forwarded-for") == "10.9.9.9"
    assert client_address("127.0.0.3", Headers(), trusted, "x-forwarded-for") == "127.0.0.3"
    # an unknown hop stops the walk at the last proxy: nothing left of it is believed
    unknown = _headers(X_Forwarded_For="6.6.6.6, unknown, 10.1.2.3")
    assert client_address("127.0.0.3", unknown, trusted, "x-forwarded-for") == "10.1.2.3"
    # several lines of the header are one list, in order
    two = Headers([("X-Forwarded-For", "6.6.6.6"), ("X-Forwarded-For", "198.51.100.4")])
    assert client_address("127.0.0.3", two, trusted, "x-forwarded-for") == "198.51.100.4"


def test_the_forwarded_header_is_read_as_rfc_7239_writes_it_and_only_when_chosen() -> None:
    line = 'for=6.6.6.6;proto=http, for="[2001:db8:cafe::17]:4711";by=10.0.0.1, by=x'
    headers = _headers(Forwarded=line, X_Forwarded_For="198.51.100.9")
    assert forwarded_hops(headers, "forwarded") == ["6.6.6.6", '"[2001:db8:cafe::17]:4711"', ""]
    trusted = (PROXY,)
    # the last element names no for=: an unknown hop, the proxy's own peer is all we know
    assert client_address("127.0.0.3", headers, trusted, "forwarded") == "127.0.0.3"
    good = _headers(Forwarded='for=6.6.6.6, for="[2001:db8:cafe::17]:4711"')
    assert client_address("127.0.0.3", good, trusted, "forwarded") == "2001:db8:cafe::17"
    # the header the proxy does not write is never read (a client could have written it)
    assert client_address("127.0.0.3", good, trusted, "x-forwarded-for") == "127.0.0.3"
    assert client_address("127.0.0.3", headers, trusted, "x-forwarded-for") == "198.51.100.9"


# --- from where -----------------------------------------------------------------------------


def test_origins_are_read_strictly_and_only_allowed_or_own_pages_come_in() -> None:
    assert read_origin("HTTPS://Golf.Example.org:443") == "https://golf.example.org"
    assert read_origin("http://[::1]:8765") == "http://[::1]:8765"
    for bad in (
        "null",
        "golf.example.org",
        "https://x.org/",
        "https://x.org/a",
        "ftp://x.org",
        "https://u:p@x.org",
        "https://x.org:99999",
        "https://ｘ.org",
        "https://x_y.org",
        "*",
        "",
        "https://x.org?q",
    ):
        assert read_origin(bad) is None, bad
    own = own_authorities(("127.0.0.1", 8765), ["127.0.0.1"])
    assert own == {"127.0.0.1:8765", "localhost:8765"}
    assert own_authorities(("192.168.1.20", 8765), ["0.0.0.0", "golf.lan"]) == {
        "192.168.1.20:8765",
        "golf.lan:8765",
    }
    allowed = frozenset({"https://golf.example.org"})
    assert origin_allowed([], allowed, own)  # a program, not a browser
    assert origin_allowed(["https://golf.example.org"], allowed, own)
    assert origin_allowed(["http://localhost:8765"], allowed, own)  # the server's own page
    for refused in (
        ["https://evil.example"],
        ["http://127.0.0.1:80"],
        ["null"],
        ["https://golf.example.org", "https://evil.example"],
    ):
        assert not origin_allowed(refused, allowed, own), refused
    # a page whose name was made to point here (DNS rebinding) is not the server's own
    assert not origin_allowed(["http://evil.example:8765"], frozenset(), own)


# --- how many -------------------------------------------------------------------------------


def test_the_default_connections_fit_the_open_file_limit() -> None:
    assert fitting_connections(1024) == 896  # an eighth kept aside
    assert fitting_connections(256) == 192  # at least 64
    assert fitting_connections(20_000) == fitting_connections(10**6) == 8000
    for connections in (1, 100, 896, 5000, 8000):
        assert fitting_connections(descriptors_for(connections)) >= connections
    assert descriptors_for(1_000_000) == 1_142_858  # past the usual cap: the files alone


def test_the_gate_counts_per_address_and_in_all_and_makes_room_for_newcomers() -> None:
    gate = Gate(limit=5, per_address=3)
    closed: list[str] = []

    def enter(key: str | None, name: str) -> Any:
        return gate.enter(key, lambda: closed.append(name))

    a = [enter("A", f"a{i}") for i in range(4)]
    assert a[3] is None and gate.stats["refused: address full"] == 1  # A's limit: 3
    b = [enter("B", "b0"), enter("B", "b1")]
    assert gate.open == 5 and all(b)
    # full: a newcomer takes the place of the oldest roomless one of the biggest holder (A)
    c = enter("C", "c0")
    assert c is not None and closed == ["a0"] and gate.open == 5
    # a newcomer from the address that holds the most itself is refused, not churned
    assert enter("B", "b2") is None and gate.stats["refused: server full"] == 1
    # every connection in a room: the newcomer is refused
    for t in (a[1], a[2], b[0], b[1], c):
        t.settle()
    assert enter("D", "d0") is None
    a[2].release()
    a[2].release()  # once only
    assert gate.open == 4 and gate.count("A") == 1
    # a trusted proxy's connection counts in all, then as its client once the header is read
    p = enter(None, "p0")
    assert p is not None and p.claim("E") and gate.count("E") == 1
    q = enter(None, "p1")  # full again: it takes the place of the only one without a room
    assert q is not None and closed[-1] == "p0" and gate.count("E") == 0


def test_offences_are_forgotten_one_at_a_time() -> None:
    o = Offences(limit=3, forget=10.0)
    assert not o.add("x", 0.0) and not o.add("x", 1.0)
    assert o.level(11.0) == 1  # one forgotten after 10 s
    assert not o.add("x", 11.0) and o.level(21.0) == 1 and o.level(31.0) == 0
    assert not any(o.add("x", 100.0 + 11 * i) for i in range(10))  # one every 11 s: never
    assert not o.add("x", 300.0) and not o.add("x", 300.0) and o.add("x", 300.0)  # a burst
    assert o.too_many and sum(o.kinds.values()) == 16


def test_the_whole_server_has_a_bucket_of_wrong_guesses() -> None:
    guesses = Guesses()
    guesses.everyone.rate, guesses.everyone.burst, guesses.everyone.tokens = 1.0, 3.0, 3.0
    for address in ("a", "b", "c"):
        assert not guesses.spent(0.0)
        guesses.missed(address, 0.0)  # one each: no address is near its own limit
    assert guesses.spent(0.5) and not guesses.blocked("d", 0.5)
    assert not guesses.spent(1.0)  # refilled, one a second


def test_room_codes_are_nine_letters_of_23_shown_in_threes() -> None:
    assert len(CODE_LETTERS) == 23 and not set("IOQ0123456789") & set(CODE_LETTERS)
    assert len(CODE_LETTERS) ** CODE_LENGTH > 2**40
    assert show_code("ABCDEFGHJ") == "ABC-DEF-GHJ"
    for typed in ("ABC-DEF-GHJ", "abc def ghj", " abcdefghj ", "AbC-dEf GhJ"):
        assert read_code(typed) == "ABCDEFGHJ", typed
    for bad in ("K7P2QX", "ABCDEFGH", "ABCDEFGHJK", "ABC-DEF-GHI", "ABCDEFGHſ", "ＡBCDEFGHJ"):
        assert read_code(bad) is None, bad


# --- on a live server -----------------------------------------------------------------------


async def _server(limits: Limits, door: Door | None = None) -> tuple[GolfServer, str]:
    server = GolfServer(limits, door=door)
    await server.start("127.0.0.1", 0)
    return server, f"ws://127.0.0.1:{server.port()}"


async def _bare(port: int, address: str) -> socket.socket:
    loop = asyncio.get_running_loop()
    s = socket.socket()
    s.setblocking(False)
    s.bind((address, 0))
    await loop.sock_connect(s, ("127.0.0.1", port))
    return s


async def _closed_within(s: socket.socket, seconds: float) -> bool:
    try:
        data = await asyncio.wait_for(asyncio.get_running_loop().sock_recv(s, 100), seconds)
    except TimeoutError:
        return False
    except OSError:
        return True
    return data == b"" or data.startswith(b"HTTP/1.1 503")


def test_bare_connections_are_limited_before_any_handshake_and_honest_ones_get_in() -> None:
    async def go(opened: list[Any]) -> None:
        server, uri = await _server(Limits(per_address=3, connections=6, handshake=30))
        opened.append(server)
        port = server.port()
        socks = [await _bare(port, "127.0.0.2") for _ in range(5)]
        # past its address's limit a connection is closed at once, without a byte read
        shut = [await _closed_within(s, 0.5) for s in socks]
        assert shut == [False, False, False, True, True]
        socks += [await _bare(port, f"127.0.0.{4 + i}") for i in range(3)]  # the server full
        await asyncio.sleep(0.2)
        assert server.gate.open == 6
        # an honest host and guest still get in: each takes the place of a silent one
        host = await Client.open(uri)
        opened.append(host)
        await host.send("create", name="h", seats=["person", "person"])
        await host.until(lambda m: isinstance(m, Welcome))
        guest = await Client.open(uri)
        opened.append(guest)
        await guest.send("join", code=host.code, name="g")
        await guest.until(lambda m: isinstance(m, Welcome))
        assert server.gate.open == 6 and server.stats["dropped for a newcomer"] >= 2
        # the biggest holder's connections went first
        assert server.gate.count("127.0.0.2") < 3
        for s in socks:
            s.close()

    run(go)


def test_a_silent_handshake_is_dropped_after_the_handshake_timeout() -> None:
    async def go(opened: list[Any]) -> None:
        server, _uri = await _server(Limits(handshake=1.0))
        opened.append(server)
        s = await _bare(server.port(), "127.0.0.2")
        await asyncio.get_running_loop().sock_sendall(s, b"GET / HTTP/1.1\r\nHost: x\r\n")
        assert not await _closed_within(s, 0.5)
        assert await _closed_within(s, 1.5)
        s.close()
        await asyncio.sleep(0.1)
        assert server.gate.open == 0

    run(go)


def test_the_forwarded_address_counts_only_through_a_trusted_proxy() -> None:
    async def go(opened: list[Any]) -> None:
        server, uri = await _server(Limits(per_address=2), Door(trusted=(PROXY,)))
        opened.append(server)

        async def through(peer: str, forwarded: str) -> Client | None:
            try:
                c = await Client.open(
                    uri, local_addr=(peer, 0), additional_headers={"X-Forwarded-For": forwarded}
                )
            except (InvalidHandshake, OSError):
                return None
            opened.append(c)
            return c

        # forged by a client: ignored, counted as the client's own address
        spoofed = [await through("127.0.0.2", f"10.0.0.{i}") for i in range(3)]
        assert [c is not None for c in spoofed] == [True, True, False]
        # written by the proxy: each client its own limit, the proxy none
        proxied = [await through("127.0.0.3", f"6.6.6.6, 10.0.0.{i}") for i in range(5)]
        assert all(proxied)
        same = [await through("127.0.0.3", "10.9.9.9") for _ in range(3)]
        assert [c is not None for c in same] == [True, True, False]
        counted = dict(server.gate.by_key)
        assert counted["127.0.0.2"] == 2 and counted["10.9.9.9"] == 2
        assert "127.0.0.3" not in counted and "6.6.6.6" not in counted
        # and the wrong codes are counted against the client the proxy named
        guesser = proxied[0]
        assert guesser is not None
        for i in range(6):
            await guesser.send("join", code="ZZZZZZZZ" + "ABCDEFG"[i], name="g")
            await guesser.until(lambda m: isinstance(m, Error))
        assert server.guesses.blocked("10.0.0.0", asyncio.get_running_loop().time())
        assert not server.guesses.blocked("127.0.0.3", asyncio.get_running_loop().time())

    run(go)


def test_a_page_of_another_site_is_refused_at_the_handshake() -> None:
    async def go(opened: list[Any]) -> None:
        door = Door(origins=frozenset({"https://golf.example.org"}))
        server, uri = await _server(Limits(), door)
        opened.append(server)
        with pytest.raises(InvalidStatus) as refused:
            await Client.open(uri, origin="https://evil.example")
        assert refused.value.response.status_code == 403
        assert server.stats["refused: origin"] == 1
        own = f"http://127.0.0.1:{server.port()}"
        for origin in ("https://golf.example.org", own, None):
            c = await Client.open(uri, origin=origin)
            opened.append(c)
        assert server.gate.open == 3

    run(go)


def test_the_server_speaks_tls_with_a_certificate_and_counts_before_it() -> None:
    async def go(opened: list[Any]) -> None:
        door = Door(tls=tls_context(str(TLS / "cert.pem"), str(TLS / "key.pem")))
        server, uri = await _server(Limits(per_address=2, handshake=1.0), door)
        opened.append(server)
        trust = ssl.create_default_context(cafile=str(TLS / "cert.pem"))
        secure = f"wss://localhost:{server.port()}"
        c = await Client.open(secure, ssl=trust)
        opened.append(c)
        await c.send("create", name="h", seats=["person", "person"])
        assert isinstance(await c.until(lambda m: isinstance(m, Welcome)), Welcome)
        with pytest.raises((InvalidHandshake, ConnectionClosed, OSError)):
            await Client.open(uri, open_timeout=2)  # plain ws: no TLS, no game
        # a silent TLS client is dropped after the timeout; a third from one address at once
        s = await _bare(server.port(), "127.0.0.2")
        assert await _closed_within(s, 2.5)
        s.close()
        first, second = (
            await _bare(server.port(), "127.0.0.2"),
            await _bare(server.port(), "127.0.0.2"),
        )
        third = await _bare(server.port(), "127.0.0.2")
        assert await _closed_within(third, 0.5)
        for s in (first, second, third):
            s.close()
        await asyncio.sleep(0.2)
        assert server.gate.count("127.0.0.2") == 0

    run(go)


def test_a_certificate_that_is_not_one_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pem"
    bad.write_text("not a certificate\n", encoding="utf-8")
    with pytest.raises(ssl.SSLError):
        tls_context(str(bad), str(TLS / "key.pem"))


# --- golf serve's options -------------------------------------------------------------------


def _serve_args(*options: str) -> Any:
    from golfcli.commands import build_parser

    return build_parser("serve").parse_args(["serve", *options])


def test_golf_serve_reads_its_deployment_options_into_the_door_and_the_limits() -> None:
    from golfcli import serve

    limits, door = serve._deployment(_serve_args())
    assert door == Door() and limits.connections == fitting_connections()
    assert limits.handshake == 5.0 and limits.per_address == 64
    args = _serve_args(
        *("--tls-cert", str(TLS / "cert.pem"), "--tls-key", str(TLS / "key.pem")),
        *("--trusted-proxy", "10.0.0.0/8,2001:db8::/32", "--trusted-proxy", "127.0.0.3"),
        *("--proxy-header", "forwarded", "--allow-origin", "HTTPS://Golf.Example.org:443"),
        *("--max-connections", "100", "--handshake-timeout", "3"),
    )
    limits, door = serve._deployment(args)
    assert [str(n) for n in door.trusted] == ["10.0.0.0/8", "2001:db8::/32", "127.0.0.3/32"]
    assert door.header == "forwarded" and door.origins == {"https://golf.example.org"}
    assert isinstance(door.tls, ssl.SSLContext)
    assert (limits.connections, limits.handshake) == (100, 3.0)


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (("--tls-cert", str(TLS / "cert.pem")), "--tls-cert and --tls-key go together"),
        (("--tls-key", str(TLS / "key.pem")), "--tls-cert and --tls-key go together"),
        (
            ("--tls-cert", str(TLS / "key.pem"), "--tls-key", str(TLS / "key.pem")),
            "--tls-cert/--tls-key cannot be used",
        ),
        (("--max-connections", "1000000"), "open files with the margin kept aside"),
    ],
)
def test_golf_serve_refuses_options_that_cannot_serve_in_one_line(
    options: tuple[str, ...], said: str
) -> None:
    import resource

    from golfcli import serve
    from golfcli.options import UsageError

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if "--max-connections" in options and hard == resource.RLIM_INFINITY:
        pytest.skip("no hard limit on open files here")
    with pytest.raises(UsageError) as refused:
        serve._deployment(_serve_args(*options))
    assert said in str(refused.value) and "\n" not in str(refused.value)
    assert resource.getrlimit(resource.RLIMIT_NOFILE) == (soft, hard)


@pytest.mark.processes
def test_golf_serve_speaks_tls_refuses_other_pages_and_says_its_limits(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, GOLF_DATA_DIR=str(tmp_path), GOLF_LOG_DIR=str(tmp_path))
    process = subprocess.Popen(
        [
            *(sys.executable, str(root / "main.py"), "serve", "--port", str(port)),
            *("--tls-cert", str(TLS / "cert.pem"), "--tls-key", str(TLS / "key.pem")),
            *("--max-connections", "50", "--allow-origin", "https://golf.example.org"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline().strip() for _ in range(2)]
        assert lines[0] == f"six-card Golf server on wss://127.0.0.1:{port}"
        assert lines[1].startswith("at most 50 connections")
        assert "pages of https://golf.example.org may connect" in lines[1]

        async def visit() -> None:
            trust = ssl.create_default_context(cafile=str(TLS / "cert.pem"))
            uri = f"wss://localhost:{port}"
            c = await Client.open(uri, ssl=trust, origin="https://golf.example.org")
            await c.send("create", name="h", seats=["person", "person"])
            await c.until(lambda m: isinstance(m, Welcome))
            await c.close()
            with pytest.raises(InvalidStatus):
                await Client.open(uri, ssl=trust, origin="https://evil.example")

        asyncio.run(visit())
    finally:
        process.terminate()
        _out, err = process.communicate(timeout=20)
    assert "Traceback" not in err, err


def test_too_few_open_files_is_said_in_the_run_s_language() -> None:
    """A process whose hard limit on open files is short of ``--max-connections``: why, in
    English and in French (its numbers as each language writes them)."""
    import subprocess
    import sys

    code = (
        "import resource; resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 2048))\n"
        "from golfnet.door import room_for\n"
        "print(room_for(50000)); print(room_for(50000, 'fr'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    english, french = done.stdout.splitlines()
    assert english.startswith("needs ") and "this process may open 1,024 (at most 2,048" in english
    assert french.startswith("il faut ") and "ulimit -n)" in french
    from golf.core.translations import grouped

    assert f"peut en ouvrir {grouped(1024, 'fr')} (au plus {grouped(2048, 'fr')} :" in french
