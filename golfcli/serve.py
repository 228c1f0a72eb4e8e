"""The ``serve`` command: runs the six-card Golf server without a window until interrupted.

It listens on 127.0.0.1 unless told otherwise (``--host``), so nobody else can reach it by
accident; it says on start how to let the local network or the internet in (docs/network.md).
With ``--state DIR`` its rooms are written to ``DIR/rooms.sqlite3`` and come back after a restart
(``golfnet.journal``); without it they live in memory only.

What it says on start is in the run's language (``--lang``, else the environment's), but for
three lines that programs read and that stay the same in every language: the address it serves
on (``six-card Golf server on ws://HOST:PORT``: ``bench/net_kill.py`` and the tests wait for
it), the rooms brought back (``rooms kept in DIR: N brought back in S s``, once they all are:
the server listens first, and brings back each room the moment a message names it;
``bench/net_kill.py`` reads the figures) and what it lets in (``at most N connections ...``: ``bench/net_attack.py``
reports it).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path
from typing import Any, NamedTuple

from golf.core.translations import LANGUAGES, SOURCE_LANGUAGE, text
from golfcli.language import say
from golfcli.options import (
    EXIT_FAILED,
    EXIT_OK,
    UsageError,
    add_command,
    networks,
    quoted,
    web_origin,
    within,
)
from golfcli.paths import folder, readable_file

__all__ = ["register"]

log = logging.getLogger(__name__)

PORT = 8765
"""The port by default (``golfnet.server.DEFAULT_PORT``, not imported: the help needs no
network layer)."""
MAX_HOST = 253


def host_name(text: str) -> str:
    """An address to listen on: an IP address or a host name, in ASCII."""
    allowed = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:")
    if not 0 < len(text) <= MAX_HOST or not set(text) <= allowed:
        raise argparse.ArgumentTypeError(say("cli.serve.not_address", value=quoted(text[:40])))
    return text


LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"
"""The letters of room codes (``golfnet.protocol.CODE_LETTERS``, not imported: the help needs
no network layer)."""


def code_letters(text: str) -> str:
    """Letters room codes may begin with: ``A-L`` (a range of the codes' letters), ``MNP`` or
    ``A-L,Z``, each at most once."""
    letters = "" if text.isascii() else "?"  # "ſ".upper() is "S"
    for part in text.upper().split(","):
        if len(part) == 3 and part[1] == "-" and part[0] in LETTERS and part[2] in LETTERS:
            first, last = LETTERS.index(part[0]), LETTERS.index(part[2])
            if first > last:
                letters = "?"
                break
            letters += LETTERS[first : last + 1]
        else:
            letters += part
    if not letters or not set(letters) <= set(LETTERS) or len(set(letters)) != len(letters):
        raise argparse.ArgumentTypeError(
            say("cli.serve.not_letters", value=quoted(text[:40]), letters=LETTERS)
        )
    return letters


def _arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    parser.add_argument(
        "--host", type=host_name, default="127.0.0.1", help=text(lang, "cli.help.serve.host")
    )
    parser.add_argument(
        "--port",
        type=within(1, 65535),
        default=PORT,
        help=text(lang, "cli.help.serve.port", port=PORT),
    )
    _state_arguments(parser, lang)
    _deployment_arguments(parser, lang)
    parser.add_argument(
        "--first-letters",
        type=code_letters,
        metavar="LETTERS",
        help=text(lang, "cli.help.serve.first_letters"),
    )
    _metrics_arguments(parser, lang)
    parser.add_argument("--lang", choices=LANGUAGES, default=lang, help=text(lang, "cli.help.lang"))


# --- rooms that survive a restart (--state, --keep-days) ----------------------------------------

KEEP_DAYS = 7
"""``golfnet.journal.KEEP_DAYS`` (not imported: the help needs no network layer)."""
MAX_KEEP_DAYS = 3650


def _state_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    parser.add_argument(
        "--state",
        type=folder,
        metavar="DIR",
        help=text(lang, "cli.help.serve.state"),
    )
    parser.add_argument(
        "--keep-days",
        type=within(1, MAX_KEEP_DAYS),
        default=KEEP_DAYS,
        metavar="N",
        help=text(lang, "cli.help.serve.keep_days", days=KEEP_DAYS),
    )


def _open_journal(state: Path | None, lang: str = SOURCE_LANGUAGE) -> Any:
    """The rooms' journal in ``state`` (None without ``--state``), its problems said in
    ``lang``."""
    if state is None:
        return None
    from golfnet.journal import RoomJournal

    return RoomJournal.open(state, lang=lang)


def _say_state(journal: Any, state: Path | None) -> Any:
    """One line for each problem of the state file (stderr) now; and what to call once the
    server has brought its rooms back: a line for each problem found meanwhile, and one for
    the rooms (the same in every language: ``bench/net_kill.py`` reads its figures)."""
    if journal is None or state is None:
        return None
    for line in journal.problems:
        print(line, file=sys.stderr, flush=True)
    said = len(journal.problems)

    def back(rooms: int, seconds: float) -> None:
        for line in journal.problems[said:]:
            print(line, file=sys.stderr, flush=True)
        if journal.on_disk:
            print(f"rooms kept in {state}: {rooms} brought back in {seconds:.2f} s", flush=True)

    return back


# --- deployment: TLS, proxies, origins, connections ---------------------------------------------
# (--tls-cert, --tls-key, --trusted-proxy, --proxy-header, --allow-origin, --max-connections,
# --handshake-timeout; golfnet.door, docs/network.md)

HANDSHAKE = 5
"""``golfnet.door.HANDSHAKE`` (not imported: the help needs no network layer)."""
MAX_CONNECTIONS = 1_000_000


def _deployment_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    group = parser.add_argument_group(text(lang, "cli.help.serve.group.deployment"))
    group.add_argument(
        "--tls-cert",
        type=readable_file,
        metavar="FILE",
        help=text(lang, "cli.help.serve.tls_cert"),
    )
    group.add_argument(
        "--tls-key", type=readable_file, metavar="FILE", help=text(lang, "cli.help.serve.tls_key")
    )
    group.add_argument(
        "--trusted-proxy",
        type=networks,
        action="append",
        metavar="CIDR[,CIDR...]",
        help=text(lang, "cli.help.serve.trusted_proxy"),
    )
    group.add_argument(
        "--proxy-header",
        choices=("x-forwarded-for", "forwarded"),
        default="x-forwarded-for",
        help=text(lang, "cli.help.serve.proxy_header"),
    )
    group.add_argument(
        "--allow-origin",
        type=web_origin,
        action="append",
        metavar="ORIGIN",
        help=text(lang, "cli.help.serve.allow_origin"),
    )
    group.add_argument(
        "--max-connections",
        type=within(1, MAX_CONNECTIONS),
        metavar="N",
        help=text(lang, "cli.help.serve.max_connections"),
    )
    group.add_argument(
        "--handshake-timeout",
        type=within(1, 60),
        default=HANDSHAKE,
        metavar="SECONDS",
        help=text(lang, "cli.help.serve.handshake_timeout", seconds=HANDSHAKE),
    )


def _deployment(args: argparse.Namespace) -> Any:
    """The server's limits and door from the options (``golfnet.server.Limits``,
    ``golfnet.door.Door``); a :class:`UsageError` for options that do not go together, a
    certificate that cannot be used, or more connections than the system lets it open."""
    import dataclasses

    from golfnet.door import Door, fitting_connections, room_for, tls_context
    from golfnet.server import Limits

    if (args.tls_cert is None) != (args.tls_key is None):
        raise UsageError(say("cli.serve.tls_pair"))
    tls = None
    if args.tls_cert is not None:
        try:
            tls = tls_context(str(args.tls_cert), str(args.tls_key))
        except (OSError, ValueError) as e:  # ssl.SSLError is an OSError
            reason = " ".join(str(getattr(e, "reason", None) or e).split())[:200]
            raise UsageError(say("cli.serve.tls_unusable", reason=reason)) from None
    connections = fitting_connections()
    if args.max_connections is not None:
        problem = room_for(args.max_connections, args.lang)
        if problem is not None:
            raise UsageError(
                say("cli.serve.max_connections", connections=args.max_connections, problem=problem)
            )
        connections = args.max_connections
    trusted = tuple(n for group in args.trusted_proxy or () for n in group)
    door = Door(
        trusted=trusted,
        header=args.proxy_header,
        origins=frozenset(args.allow_origin or ()),
        tls=tls,
    )
    limits = dataclasses.replace(
        Limits(), connections=connections, handshake=float(args.handshake_timeout)
    )
    return Deployment(limits, door)


class Deployment(NamedTuple):
    limits: Any
    door: Any


def _deployment_defaults() -> Deployment:
    from golfnet.door import Door
    from golfnet.server import Limits

    return Deployment(Limits(), Door())


def _say_deployment(deployment: Any) -> None:
    """What the server lets in, in a line on start (the same in every language:
    ``bench/net_attack.py`` reports it)."""
    from golfnet.door import descriptor_limit

    limits, door = deployment
    files = descriptor_limit()
    said = f"at most {limits.connections:,} connections"
    if files is not None:
        said += f" (open files allowed: {files:,})"
    if door.trusted:
        header = "X-Forwarded-For" if door.header == "x-forwarded-for" else "Forwarded"
        said += f"; {header} believed from {', '.join(str(n) for n in door.trusted)} only"
    if door.origins:
        said += f"; pages of {', '.join(sorted(door.origins))} may connect"
    print(said, flush=True)


# --- what the server says of itself (--metrics-port, --metrics-host, --log-rooms) --------------


def _metrics_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    group = parser.add_argument_group(text(lang, "cli.help.serve.group.health_and_figures"))
    group.add_argument(
        "--metrics-port",
        type=within(1, 65535),
        metavar="N",
        help=text(lang, "cli.help.serve.metrics_port"),
    )
    group.add_argument(
        "--metrics-host",
        type=host_name,
        help=text(lang, "cli.help.serve.metrics_host"),
    )
    group.add_argument(
        "--log-rooms",
        action="store_true",
        help=text(lang, "cli.help.serve.log_rooms"),
    )


def _log_rooms() -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setLevel(logging.INFO)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    rooms = logging.getLogger("golfnet.rooms")
    rooms.setLevel(logging.INFO)
    rooms.addHandler(handler)


class Figures(NamedTuple):
    """Where ``/metrics`` and ``/healthz`` listen (port None: nowhere)."""

    host: str = "127.0.0.1"
    port: int | None = None


# --- running ------------------------------------------------------------------------------------


async def _serve(
    host: str,
    port: int,
    state: Path | None = None,
    keep_days: int = KEEP_DAYS,
    deployment: Any = None,
    figures: Figures | None = None,
    first_letters: str | None = None,
    lang: str = SOURCE_LANGUAGE,
) -> None:
    from golfnet.server import GolfServer, settle

    journal = _open_journal(state, lang)
    limits, door = deployment or _deployment_defaults()
    figures = figures or Figures()
    metrics = listener = None
    if figures.port is not None:
        from golfnet.metrics import Metrics

        metrics = Metrics()
    server = GolfServer(
        limits,
        journal=journal,
        keep_days=keep_days,
        door=door,
        metrics=metrics,
        first_letters=first_letters or LETTERS,
    )
    if metrics is not None and figures.port is not None:  # first: /healthz says 503 until serving
        from golfnet.metrics import MetricsListener

        listener = MetricsListener(server, metrics)
        try:
            await listener.start(figures.host, figures.port)
        except OSError as e:
            if journal is not None:
                journal.close()
            raise MetricsError(f"{figures.host}:{figures.port}: {e.strerror or e}") from None
    server.on_back = _say_state(journal, state)  # the rooms come back while it listens
    await server.start(host, port)
    settle()
    scheme = "ws" if door.tls is None else "wss"
    # the same in every language: programs wait for this line and read the port from it
    print(f"six-card Golf server on {scheme}://{host}:{server.port()}", flush=True)
    _say_deployment((limits, door))
    if host in ("127.0.0.1", "localhost", "::1"):
        print(text(lang, "cli.serve.expose"), flush=True)
    if listener is not None:
        where = f"http://{figures.host}:{listener.port()}"
        print(text(lang, "cli.serve.figures", where=where), flush=True)
    try:
        await asyncio.Event().wait()  # until interrupted
    finally:
        if listener is not None:
            await listener.stop()
        await server.stop()


class MetricsError(Exception):
    """The --metrics-port listener could not be opened."""


def run_serve(args: argparse.Namespace) -> int:
    try:
        deployment = _deployment(args)
        if args.log_rooms:
            _log_rooms()
        if args.metrics_host is not None and args.metrics_port is None:
            raise UsageError(say("cli.serve.metrics_host"))
        figures = Figures(args.metrics_host or "127.0.0.1", args.metrics_port)
        asyncio.run(
            _serve(
                args.host,
                args.port,
                args.state,
                args.keep_days,
                deployment,
                figures,
                args.first_letters,
                args.lang,
            )
        )
    except KeyboardInterrupt:
        return EXIT_OK
    except MetricsError as e:
        print(text(args.lang, "cli.serve.cannot_listen_metrics", where=e), file=sys.stderr)
        return EXIT_FAILED
    except OSError as e:
        where = f"{args.host}:{args.port}"
        reason = e.strerror or e
        print(
            text(args.lang, "cli.serve.cannot_listen", where=where, reason=reason), file=sys.stderr
        )
        return EXIT_FAILED
    return EXIT_OK


def register(subparsers: argparse._SubParsersAction[Any], lang: str) -> None:
    """Add ``serve [--host H] [--port P] [--state DIR] [--keep-days N]``, its help in ``lang``."""
    add_command(subparsers, "serve", lang, _arguments, run_serve)
