"""The ``serve`` command: runs the six-card Golf server without a window until interrupted.

It listens on 127.0.0.1 unless told otherwise (``--host``), so nobody else can reach it by
accident; it says on start how to let the local network or the internet in (docs/network.md).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from typing import Any

from golfcli.options import EXIT_FAILED, EXIT_OK, add_command, quoted, within

__all__ = ["register"]

log = logging.getLogger(__name__)

PORT = 8765
"""The port by default (``golfnet.server.DEFAULT_PORT``, not imported: the help needs no
network layer)."""
MAX_HOST = 253

EXPOSE = (
    "Only this machine can connect. To play over the local network: golf serve --host 0.0.0.0 "
    "(and let the port through the firewall); over the internet, put it behind a TLS proxy "
    "(wss://) — see docs/network.md."
)


def host_name(text: str) -> str:
    """An address to listen on: an IP address or a host name, in ASCII."""
    allowed = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:")
    if not 0 < len(text) <= MAX_HOST or not set(text) <= allowed:
        raise argparse.ArgumentTypeError(
            f"{quoted(text[:40])} is not an address (an IP address or a host name, in ASCII)"
        )
    return text


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host", type=host_name, default="127.0.0.1", help="address to listen on (127.0.0.1)"
    )
    parser.add_argument(
        "--port", type=within(1, 65535), default=PORT, help=f"port to listen on ({PORT})"
    )


async def _serve(host: str, port: int) -> None:
    from golfnet.server import GolfServer, settle

    server = GolfServer()
    await server.start(host, port)
    settle()
    print(f"six-card Golf server on ws://{host}:{server.port()}", flush=True)
    if host in ("127.0.0.1", "localhost", "::1"):
        print(EXPOSE, flush=True)
    try:
        await asyncio.Event().wait()  # until interrupted
    finally:
        await server.stop()


def run_serve(args: argparse.Namespace) -> int:
    try:
        asyncio.run(_serve(args.host, args.port))
    except KeyboardInterrupt:
        return EXIT_OK
    except OSError as e:
        print(
            f"golf serve: cannot listen on {args.host}:{args.port}: {e.strerror or e}",
            file=sys.stderr,
        )
        return EXIT_FAILED
    return EXIT_OK


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``serve [--host H] [--port P]``."""
    add_command(
        subparsers, "serve", "run the six-card Golf server (no window)", _arguments, run_serve
    )
