"""The ``serve`` command: runs the six-card Golf server without a window until interrupted.

It listens on 127.0.0.1 unless told otherwise (``--host``), so nobody else can reach it by
accident; it says on start how to let the local network or the internet in (docs/network.md).
With ``--state DIR`` its rooms are written to ``DIR/rooms.sqlite3`` and come back after a restart
(``golfnet.journal``); without it they live in memory only.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path
from typing import Any

from golfcli.options import EXIT_FAILED, EXIT_OK, add_command, quoted, within
from golfcli.paths import folder

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
    _state_arguments(parser)


# --- rooms that survive a restart (--state, --keep-days) ----------------------------------------

KEEP_DAYS = 7
"""``golfnet.journal.KEEP_DAYS`` (not imported: the help needs no network layer)."""
MAX_KEEP_DAYS = 3650


def _state_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--state",
        type=folder,
        metavar="DIR",
        help="folder where the rooms are kept (DIR/rooms.sqlite3, made if missing): every "
        "action is written before it is told, and the rooms come back after a restart or a "
        "crash, each person rejoining their seat. Without it the rooms live in memory only "
        "and end with the server",
    )
    parser.add_argument(
        "--keep-days",
        type=within(1, MAX_KEEP_DAYS),
        default=KEEP_DAYS,
        metavar="N",
        help=f"days an ended room stays in the --state folder before it is removed ({KEEP_DAYS})",
    )


def _open_journal(state: Path | None) -> Any:
    """The rooms' journal in ``state`` (None without ``--state``)."""
    if state is None:
        return None
    from golfnet.journal import RoomJournal

    return RoomJournal.open(state)


def _say_state(journal: Any, state: Path | None) -> None:
    """One line for each problem of the state file (stderr), and one for the rooms kept."""
    if journal is None or state is None:
        return
    for line in journal.problems:
        print(line, file=sys.stderr, flush=True)
    if journal.on_disk:
        print(
            f"rooms kept in {state}: {journal.restored} brought back in {journal.restoring:.2f} s",
            flush=True,
        )


# --- running ------------------------------------------------------------------------------------


async def _serve(
    host: str, port: int, state: Path | None = None, keep_days: int = KEEP_DAYS
) -> None:
    from golfnet.server import GolfServer, settle

    journal = _open_journal(state)
    server = GolfServer(journal=journal, keep_days=keep_days)
    await server.start(host, port)
    settle()
    _say_state(journal, state)
    print(f"six-card Golf server on ws://{host}:{server.port()}", flush=True)
    if host in ("127.0.0.1", "localhost", "::1"):
        print(EXPOSE, flush=True)
    try:
        await asyncio.Event().wait()  # until interrupted
    finally:
        await server.stop()


def run_serve(args: argparse.Namespace) -> int:
    try:
        asyncio.run(_serve(args.host, args.port, args.state, args.keep_days))
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
    """Add ``serve [--host H] [--port P] [--state DIR] [--keep-days N]``."""
    add_command(
        subparsers, "serve", "run the six-card Golf server (no window)", _arguments, run_serve
    )
