"""Kill the six-card Golf server with SIGKILL at random moments while bots play, start it again
on the same port and state folder, and check that every room comes back with every action a
client was told of.

    python bench/net_kill.py              # 100 kills
    python bench/net_kill.py --quick      # 5 kills (CI)

The server is a real ``golf serve --state DIR`` process on a free loopback port. The bots are
honest clients in this process (``golfnet.client.Client``, an easy computer choosing each
action): rooms of two to four people and a computer or none, six-card grids of 6 and 4 cards,
some with a turn timer of 2 seconds whose people now and then doze past it (an automatic move
is played for them). A game over, its table opens a new room. Every ``update`` a bot receives
is an acknowledged action: its ``at`` (the actions so far) and its ``last`` (who did what) are
kept. The server is killed 0.05 to 2.5 seconds after every room came back from the last kill,
and started again at once; after every tenth kill, the new server is killed once more 0 to
0.4 s after it said it listens (while the bots rejoin). The bots reconnect every 0.05 s and
rejoin with their tokens (a guest whose join was not yet acknowledged joins again, a host whose
room was not yet acknowledged creates a new one).

After each restart it checks, within :data:`GIVE_UP` seconds, that every room acknowledged
before the kill is back: each of its people's ``rejoin`` is welcomed, and the update the server
then sends counts at least every action told on the connections to the servers before it. At
the end it reads the state file itself: every acknowledged action of every room is there at its
place, by the same seat, the same action (an opening's hidden choice compared by its kind), and
every finished game's record of play holds them too. It prints the table: kills, rooms,
acknowledged actions, actions lost, rooms that could not resume, the time from starting the
server again to listening (up) and to every room back (back), p50/p99/max.

Exit status 0 when no action was lost, every room resumed and every restart was back within
:data:`BACK_WITHIN` seconds (``--lenient`` reports a slower one without failing: a machine
busy with other work).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import shutil
import socket
import sqlite3
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from websockets.exceptions import ConnectionClosed  # noqa: E402

from golf.sixcard.actions import NEXT_HOLE_ACTION  # noqa: E402
from golf.sixcard.ai import Opponent, make_opponent  # noqa: E402
from golf.sixcard.rules import SixRules  # noqa: E402
from golfnet.client import OPEN_ERRORS, Client  # noqa: E402
from golfnet.protocol import (  # noqa: E402
    Act,
    BadMessage,
    Create,
    Error,
    Join,
    Over,
    Ready,
    Rejoin,
    RoomInfo,
    Start,
    ToServer,
    Update,
    Welcome,
)

BACK_WITHIN = 2.0
"""Seconds from starting the server again to every room back: the target."""
GIVE_UP = 15.0
"""Seconds after a restart after which a room not back counts as one that cannot resume."""
RETRY = 0.05
"""Seconds between a bot's tries to reconnect."""
UP_LINE = "six-card Golf server on "
ROOMS_LINE = re.compile(r"rooms kept in .*: (\d+) brought back in ([0-9.]+) s")


# --- the server process -------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """``golf serve --state DIR`` on one port, started and killed again and again."""

    def __init__(self, port: int, state: Path, home: Path) -> None:
        self.port = port
        self.state = state
        self.home = home
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.cpu: list[float] = []
        """Each start's processor time until it listened (Linux: /proc), which the machine's
        other work does not stretch as it does the wall time."""
        self.restoring: list[float] = []
        """Each start's time to bring its rooms back, as the server says it."""
        self.reader: asyncio.Task[None] | None = None

    async def start(self, timeout: float = 30.0) -> float:
        """Start it; the seconds until it says it listens (it brings its rooms back from then
        on, each the moment a message names it)."""
        env = dict(os.environ)
        env.update(GOLF_DATA_DIR=str(self.home / "data"), HOME=str(self.home))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        self.starts += 1
        started = time.perf_counter()
        with (self.home / "serve.err").open("ab") as err:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                str(ROOT / "main.py"),
                "serve",
                "--port",
                str(self.port),
                "--state",
                str(self.state),
                stdout=asyncio.subprocess.PIPE,
                stderr=err,
                env=env,
                cwd=ROOT,
            )
        stdout = self.process.stdout
        assert stdout is not None
        async with asyncio.timeout(timeout):
            while True:
                line = (await stdout.readline()).decode("utf-8", "replace")
                if not line:
                    raise RuntimeError(f"golf serve ended: {self.errors()[-500:]}")
                self.heard(line)
                if line.startswith(UP_LINE):
                    up = time.perf_counter() - started
                    cpu = _cpu_seconds(self.process.pid)
                    if cpu is not None:
                        self.cpu.append(cpu)
                    # it brings its rooms back while it listens, and says so once they all are
                    self.reader = asyncio.get_running_loop().create_task(self.read_on(stdout))
                    return up

    def heard(self, line: str) -> None:
        said = ROOMS_LINE.match(line)
        if said is not None:
            self.restoring.append(float(said.group(2)))

    async def read_on(self, stdout: asyncio.StreamReader) -> None:
        """What the server says after it listens, until it ends."""
        while line := await stdout.readline():
            self.heard(line.decode("utf-8", "replace"))

    async def kill(self) -> None:
        """SIGKILL, and wait for it to be gone."""
        process = self.process
        if process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()
        if self.reader is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.reader, 5)
            self.reader = None
        self.process = None

    def errors(self) -> str:
        path = self.home / "serve.err"
        return path.read_text("utf-8", "replace") if path.exists() else ""


def _cpu_seconds(pid: int) -> float | None:
    """A process's processor time so far (user and system), or None where /proc is not."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# --- the bots -----------------------------------------------------------------------------------


@dataclass(eq=False)
class Person:
    """One bot: its seat, token and connection."""

    index: int
    """0: the room's host (it creates the room and starts it)."""
    opponent: Opponent
    seat: int | None = None
    token: str | None = None
    client: Client | None = None
    epoch: int = -1
    """The restart during which its connection was opened."""
    back: dict[int, float] = field(default_factory=dict)
    """Restart → when it was back (rejoined and sent the state)."""
    done: bool = False
    acting: asyncio.Task[None] | None = None
    """Its next action, sent after its pause (while it goes on reading)."""

    def stop_acting(self) -> None:
        if self.acting is not None:
            self.acting.cancel()
            self.acting = None


@dataclass(eq=False)
class BenchRoom:
    """One room as its bots know it: what the server acknowledged to them."""

    number: int
    kinds: list[str]
    rules: SixRules
    timer: float
    people: list[Person]
    code: str | None = None
    acked: dict[int, tuple[int | None, str]] = field(default_factory=dict)
    """Action number (from 1) → (seat, action) as an update said it."""
    top: int = 0
    """The most actions any update to its bots said were taken."""
    tops: dict[int, int] = field(default_factory=dict)
    """The same, for the connections opened during each restart (the server then running)."""
    record: dict[str, Any] | None = None
    failed: str | None = None
    """Why it could not resume (None: it did)."""
    behind: int = 0
    """Acknowledged actions a rejoin's update did not hold."""

    @property
    def live(self) -> bool:
        """Acknowledged (its code welcomed), not failed, and someone still waits on it."""
        return (
            self.code is not None
            and self.failed is None
            and not all(p.done for p in self.people if p.token is not None)
        )

    def is_back(self, epoch: int) -> bool:
        return all(epoch in p.back or p.done for p in self.people if p.token is not None)

    def back_at(self, epoch: int) -> float:
        return max((p.back[epoch] for p in self.people if epoch in p.back), default=0.0)

    def told_before(self, epoch: int) -> int:
        """The most actions told on connections to the servers before restart ``epoch``."""
        return max((top for e, top in self.tops.items() if e < epoch), default=0)

    def acknowledge(self, message: Update, epoch: int) -> None:
        at, last = message.at, message.last
        self.tops[epoch] = max(self.tops.get(epoch, 0), at)
        if at > 0 and last is not None:
            said = last.action
            _, known = self.acked.get(at, (None, ""))
            if len(said) > len(known):
                self.acked[at] = (last.seat, said)
        self.top = max(self.top, at)


@dataclass
class Bench:
    uri: str
    rng: random.Random
    pace: float
    epoch: int = 0
    stopping: bool = False
    rooms: list[BenchRoom] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def _new_room(bench: Bench, number: int) -> BenchRoom:
    rng = bench.rng
    people = rng.choice((2, 2, 3, 4))
    computers = rng.choice((0, 1, 1)) if people < 4 else 0
    kinds = ["person"] * people + ["easy"] * computers
    four = len(kinds) >= 3 and rng.random() < 0.3
    rules = SixRules(grid=4 if four else 6, knock=rng.random() < 0.3)
    timer = 2.0 if rng.random() < 0.3 else 0.0
    persons = [Person(i, make_opponent("easy", rng.getrandbits(32))) for i in range(people)]
    return BenchRoom(number, kinds, rules, timer, persons)


async def _enter(bench: Bench, room: BenchRoom, me: Person) -> bool:
    """Open a connection and take the seat: rejoin with the token, else create or join."""
    if me.index > 0 and me.token is None and room.code is None:
        await asyncio.sleep(RETRY)  # the host has not made the room yet
        return False
    epoch = bench.epoch
    try:
        client = await Client.open(bench.uri, open_timeout=2)
    except OPEN_ERRORS:
        await asyncio.sleep(RETRY)
        return False
    client.keep = False
    try:
        if me.token is not None:
            assert room.code is not None
            await client.send(Rejoin(code=room.code, token=me.token))
        elif me.index == 0:
            await client.send(
                Create(
                    name="P0",
                    seats=tuple(room.kinds),
                    rules=room.rules.to_dict(),
                    timer=room.timer,
                    pause=0.05,
                )
            )
        else:
            assert room.code is not None
            await client.send(Join(code=room.code, name=f"P{me.index}"))
        answer = await client.until(lambda m: isinstance(m, Welcome | Error), 5.0)
    except (ConnectionClosed, TimeoutError, BadMessage, OSError):
        with contextlib.suppress(Exception):
            await client.close()
        await asyncio.sleep(RETRY)
        return False
    if isinstance(answer, Error):
        with contextlib.suppress(Exception):
            await client.close()
        if me.token is not None and answer.error in ("no_room", "bad_token"):
            room.failed = f"rejoin refused: {answer.error}"
        elif me.token is None and me.index > 0:
            room.failed = f"join refused: {answer.error}"
        else:
            await asyncio.sleep(RETRY)
        return False
    assert isinstance(answer, Welcome)
    if me.token is None:  # a seat taken afresh (not a rejoin): in the room from now on
        me.seat, me.token = answer.seat, answer.token
        if me.index == 0:
            room.code = answer.code
        me.back.setdefault(epoch, time.perf_counter())
    me.client, me.epoch = client, epoch
    return True


async def _person(bench: Bench, room: BenchRoom, me: Person) -> None:
    """Play one person's seat until the game's record comes, through every kill."""
    rejoined = False
    while not me.done and room.failed is None and not bench.stopping:
        if me.client is None:
            rejoined = me.token is not None
            if not await _enter(bench, room, me):
                continue
        client = me.client
        assert client is not None
        try:
            message = await client.receive()
        except (ConnectionClosed, OSError):
            me.stop_acting()
            me.client = None
            continue
        except BadMessage as e:
            bench.problems.append(f"room {room.code}: a message refused: {e}")
            continue
        if rejoined and isinstance(message, Update | RoomInfo):
            started = isinstance(message, RoomInfo) and message.started
            if not started:  # a started room's update follows its room
                rejoined = False
                told = room.told_before(me.epoch)
                if isinstance(message, Update) and message.at < told:
                    room.behind += told - message.at
                    bench.problems.append(
                        f"room {room.code}: back at action {message.at}, {told} told"
                    )
                if me.epoch == bench.epoch:
                    me.back.setdefault(me.epoch, time.perf_counter())
        if isinstance(message, Update):
            room.acknowledge(message, me.epoch)
            me.stop_acting()
            me.acting = asyncio.create_task(_act(bench, room, me, client))
        elif isinstance(message, RoomInfo):
            await _lobby(room, me, client, message)
        elif isinstance(message, Over):
            room.record = message.record
            me.done = True
    me.stop_acting()
    if me.client is not None:
        with contextlib.suppress(Exception):
            await me.client.close()


async def _send(client: Client, message: ToServer) -> None:
    with contextlib.suppress(ConnectionClosed, OSError):
        await client.send(message)


async def _lobby(room: BenchRoom, me: Person, client: Client, message: RoomInfo) -> None:
    """Before the start: a guest gets ready; the host starts once every person is seated and
    ready."""
    if message.started or me.seat is None:
        return
    seats = message.seats
    if me.index > 0 and not seats[me.seat].ready:
        await _send(client, Ready(ready=True))
    people = [s for s in seats if s.kind == "person"]
    if me.index == 0 and len(people) == len(room.people) and all(s.ready for s in people):
        await _send(client, Start())


async def _act(bench: Bench, room: BenchRoom, me: Person, client: Client) -> None:
    view = client.view
    if view is None or view.phase == "game_over":
        return
    if view.phase == "hole_over":
        action = NEXT_HOLE_ACTION
    elif view.to_move == me.seat:
        action = me.opponent.decide(view)
    else:
        return
    pause = bench.pace
    if room.timer and bench.rng.random() < 0.03:
        pause = room.timer + 0.5  # dozes: an automatic move is played for this person
    at = client.at
    if pause:
        await asyncio.sleep(pause)
    await _send(client, Act(action=str(action), at=at))


async def _table(bench: Bench) -> None:
    """Rooms one after the other: a new one when its game is over (or could not resume)."""
    while not bench.stopping:
        room = _new_room(bench, len(bench.rooms) + 1)
        bench.rooms.append(room)
        await asyncio.gather(*(_person(bench, room, p) for p in room.people))


# --- the checks ---------------------------------------------------------------------------------


def _same(told: tuple[int | None, str], kept: tuple[int | None, str]) -> bool:
    """An acknowledged action and the one kept at its place: the same seat and action (another
    seat's opening choice was told by its kind alone)."""
    (seat, action), (kept_seat, kept_action) = told, kept
    return seat == kept_seat and (kept_action == action or kept_action.split()[0] == action)


def missing(
    acked: Mapping[int, tuple[int | None, str]], kept: Mapping[int, tuple[int | None, str]]
) -> list[int]:
    """The acknowledged actions (numbers from 1) that ``kept`` (number → seat, action) does not
    hold at their place."""
    return sorted(n for n, told in acked.items() if n not in kept or not _same(told, kept[n]))


def kept_actions(state: Path, code: str) -> dict[int, tuple[int | None, str]] | None:
    """What the state file holds of the room ``code`` (its latest room of that code): action
    number (from 1) → (seat, action); None when it holds no such room."""
    connection = sqlite3.connect(f"file:{state / 'rooms.sqlite3'}?mode=ro", uri=True)
    try:
        row = connection.execute(
            "SELECT id FROM rooms WHERE code = ? ORDER BY id DESC LIMIT 1", (code,)
        ).fetchone()
        if row is None:
            return None
        rows = connection.execute(
            "SELECT seq, seat, action FROM actions WHERE room = ? ORDER BY seq", (row[0],)
        ).fetchall()
    finally:
        connection.close()
    return {seq + 1: (seat, action) for seq, seat, action in rows}


def lost_actions(room: BenchRoom, state: Path) -> list[int]:
    """Acknowledged actions of ``room`` that the state file or its record of play lack."""
    if room.code is None:
        return []
    kept = kept_actions(state, room.code)
    lost = set(missing(room.acked, kept if kept is not None else {}))
    if room.record is not None:
        seats = {n: told[0] for n, told in room.acked.items()}
        recorded = {n + 1: (seats.get(n + 1), str(a)) for n, a in enumerate(room.record["actions"])}
        lost |= set(missing(room.acked, recorded))
    return sorted(lost)


# --- the run ------------------------------------------------------------------------------------


@dataclass
class Report:
    kills: int = 0
    restarts_measured: int = 0
    rooms: int = 0
    acknowledged: int = 0
    lost: int = 0
    unresumable: int = 0
    up: list[float] = field(default_factory=list)
    up_cpu: list[float] = field(default_factory=list)
    restoring: list[float] = field(default_factory=list)
    back: list[float] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.lost == 0 and self.unresumable == 0

    @property
    def in_time(self) -> bool:
        return max(self.back, default=0.0) <= BACK_WITHIN


async def _wait_back(bench: Bench, live: list[BenchRoom], epoch: int, started: float) -> float:
    """Wait until every room of ``live`` is back after restart ``epoch``; the seconds from
    ``started`` to the last one (rooms not back in :data:`GIVE_UP` seconds are failed)."""
    deadline = started + GIVE_UP
    while True:
        waiting = [r for r in live if r.failed is None and not r.is_back(epoch)]
        if not waiting:
            break
        if time.perf_counter() > deadline:
            for room in waiting:
                room.failed = f"not back within {GIVE_UP:.0f} s"
            break
        await asyncio.sleep(0.005)
    times = [r.back_at(epoch) for r in live if r.failed is None]
    return max((t for t in times if t), default=started) - started


async def run(
    kills: int,
    tables: int = 6,
    seed: int | None = None,
    pace: float = 0.02,
    keep: Path | None = None,
    say: Any = print,
) -> Report:
    """Play on ``tables`` tables while killing the server ``kills`` times; the report."""
    rng = random.Random(seed)
    home = Path(tempfile.mkdtemp(prefix="golf-net-kill-"))
    state = home / "state"
    port = free_port()
    server = ServerProcess(port, state, home)
    bench = Bench(f"ws://127.0.0.1:{port}", rng, pace)
    report = Report()
    tasks: list[asyncio.Task[None]] = []
    try:
        report.up.append(await server.start())
        tasks = [asyncio.create_task(_table(bench)) for _ in range(tables)]
        while report.kills < kills:
            await asyncio.sleep(rng.uniform(0.05, 2.5))
            live = [r for r in bench.rooms if r.live]
            bench.epoch += 1
            await server.kill()
            report.kills += 1
            started = time.perf_counter()
            up = await server.start()
            if report.kills % 10 == 0 and report.kills < kills:
                # this kill lands while the server restores and its people rejoin
                await asyncio.sleep(rng.uniform(0.0, 0.4))
                bench.epoch += 1
                await server.kill()
                report.kills += 1
                started = time.perf_counter()
                up = await server.start()
            back = await _wait_back(bench, live, bench.epoch, started)
            report.up.append(up)
            report.back.append(back)
            report.restarts_measured += 1
            failed = [r for r in live if r.failed]
            say(
                f"kill {report.kills:4d}: {len(live)} rooms live, up {up:.2f} s, "
                f"back {back:.2f} s" + (f", {len(failed)} not back" if failed else "")
            )
        await asyncio.sleep(0.5)
    finally:
        bench.stopping = True
        await server.kill()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    for room in bench.rooms:
        if room.code is None:
            continue
        report.rooms += 1
        report.acknowledged += len(room.acked)
        lost = lost_actions(room, state)
        report.lost += len(lost) + (room.behind if not lost else 0)
        if lost:
            report.problems.append(f"room {room.code}: actions {lost[:10]} lost")
        if room.failed:
            report.unresumable += 1
            report.problems.append(f"room {room.code}: {room.failed}")
    report.problems += bench.problems
    report.up_cpu, report.restoring = server.cpu, server.restoring
    errors = server.errors()
    if "Traceback" in errors:
        report.problems.append("the server wrote a traceback: " + errors[-800:])
    if keep is not None:
        shutil.copytree(state, keep, dirs_exist_ok=True)
    shutil.rmtree(home, ignore_errors=True)
    return report


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def table(report: Report) -> str:
    def times(values: list[float]) -> str:
        return (
            f"{_quantile(values, 0.5):.2f} / {_quantile(values, 0.99):.2f} / "
            f"{max(values, default=0.0):.2f}"
        )

    rows = [
        ("kills", f"{report.kills}"),
        ("restarts measured", f"{report.restarts_measured}"),
        ("rooms", f"{report.rooms}"),
        ("acknowledged actions", f"{report.acknowledged}"),
        ("actions lost", f"{report.lost}"),
        ("rooms that could not resume", f"{report.unresumable}"),
        ("restart to listening p50 / p99 / max s", times(report.up)),
        ("  its processor time p50 / p99 / max s", times(report.up_cpu)),
        ("  its rooms brought back in p50 / p99 / max s", times(report.restoring)),
        ("restart to every room back p50 / p99 / max s", times(report.back)),
    ]
    width = max(len(name) for name, _ in rows)
    return "\n".join(f"{name:<{width}}  {value}" for name, value in rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--quick", action="store_true", help="5 kills, 3 tables (CI)")
    parser.add_argument("--tables", type=int, default=6, help="rooms played at once")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--pace", type=float, default=0.02, help="a bot's pause before acting")
    parser.add_argument("--keep", type=Path, default=None, help="copy the state folder here")
    parser.add_argument(
        "--lenient", action="store_true", help=f"a restart slower than {BACK_WITHIN} s is no fault"
    )
    args = parser.parse_args(argv)
    kills, tables = (5, 3) if args.quick else (args.kills, args.tables)
    load = os.getloadavg()[0]
    report = asyncio.run(run(kills, tables, args.seed, args.pace, args.keep))
    print()
    print(table(report))
    print(f"load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    for problem in report.problems[:20]:
        print("  " + problem)
    if not report.in_time:
        print(f"a restart took more than {BACK_WITHIN} s to bring every room back")
    ok = report.passed and (report.in_time or args.lenient)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
