"""The standalone program against ``python main.py``: build time, folder size, start-up.

Usage: ``python bench/startup.py [--build] [--runs N] [--program dist/golf] [--quick]``. Not a
timed test:
it prints figures to compare with the targets of the standalone-program issue (start-up to the
first frame of the built program ≤ 0.6 s; the program folder ≤ 60 MB).

- ``--build`` first builds the program the way ``make dist`` does, and times it.
- Start-up of a headless command (``verify`` of one replay): whole processes, start to exit.
- Start-up to the first frame: whole processes of ``play --frames 1`` under SDL's dummy video
  driver (start to exit, so it also counts closing pygame, about 30 ms), when the command line
  has ``--frames``.
- With an X display (e.g. under ``xvfb-run -a``; needs ``xev`` from x11-utils): the time until
  the real window is shown.
- Wall and CPU time (user + system) of each process: on a busy machine the CPU figure moves less.
- ``--quick`` (for CI): one process a measure; with no program built, ``python main.py`` alone
  is measured (without ``--quick`` that is an error: build it, or pass ``--build``).
"""

from __future__ import annotations

import argparse
import os
import queue
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
MIB = 1024 * 1024


def build(python: str) -> float:
    """Build dist/golf as ``make dist`` does; the wall time in seconds."""
    start = time.perf_counter()
    subprocess.run(
        [
            python,
            "-m",
            "PyInstaller",
            "build.spec",
            "--noconfirm",
            "--clean",
            "--log-level",
            "WARN",
        ],
        cwd=ROOT,
        check=True,
    )
    return time.perf_counter() - start


def folder_size(folder: Path) -> int:
    """Bytes in the files under ``folder``."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def quiet_env(home: Path, video: str = "dummy") -> dict[str, str]:
    """The environment of a measured run: no sound device, the user folders in ``home``.

    ``video="x11"`` names the X driver rather than letting SDL choose: left to choose, SDL 2.32
    under Xvfb started now and then on its offscreen driver, with no window at all.
    """
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER=video,
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        XDG_STATE_HOME=str(home / "state"),
        XDG_CACHE_HOME=str(home / "cache"),
    )
    # A player's `python main.py` reuses its cached bytecode: so do the measured runs.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


class Timed(NamedTuple):
    """Whole-process figures: wall seconds, and CPU seconds (user + system, of the process and
    its children), which a busy machine disturbs far less than the wall clock."""

    wall: list[float]
    cpu: list[float]


def time_process(command: Sequence[str], env: dict[str, str]) -> tuple[float, float]:
    """One whole process, start to exit: (wall seconds, CPU seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, env=env, cwd=ROOT, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def compare(
    programs: dict[str, list[str]], words: Sequence[str], env: dict[str, str], runs: int
) -> dict[str, Timed]:
    """``runs`` processes of each program with these arguments, taking turns, so that a change in
    the machine's load falls on all of them alike (after one warm-up round)."""
    out = {label: Timed([], []) for label in programs}
    for i in range(runs + 1):
        for label, program in programs.items():
            wall, cpu = time_process([*program, *words], env)
            if i:  # the first round only warms the disk cache
                out[label].wall.append(wall)
                out[label].cpu.append(cpu)
    return out


def _x_events(stream: IO[str], into: queue.Queue[tuple[float, str, str]]) -> None:
    """Read ``xev -root -event substructure``: (time, MapNotify/UnmapNotify/..., window id)."""
    kind = ""
    for text in stream:
        now = time.perf_counter()
        if not text.startswith(" "):
            kind = text.split(" ", 1)[0]
        elif kind in ("MapNotify", "UnmapNotify", "DestroyNotify") and ", window 0x" in text:
            into.put((now, kind, text.split(", window ", 1)[1].split(",", 1)[0]))
            kind = ""


def window_shown(command: Sequence[str], env: dict[str, str]) -> float:
    """Seconds from process start until its window is mapped on X for good (then it is ended).

    One ``xev`` client listens to the root window: polling with many short X clients made SDL
    fall back, now and then, to its offscreen driver. SDL may map a first window and replace
    it (a SCALED window gets a renderer): the window counted is the one still mapped 0.5 s later.
    """
    xev = subprocess.Popen(
        ["stdbuf", "-oL", "xev", "-root", "-event", "substructure"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    events: queue.Queue[tuple[float, str, str]] = queue.Queue()
    assert xev.stdout is not None
    threading.Thread(target=_x_events, args=(xev.stdout, events), daemon=True).start()
    time.sleep(0.3)  # xev is listening
    start = time.perf_counter()
    proc = subprocess.Popen(
        command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    mapped: dict[str, float] = {}
    try:
        while True:
            try:
                when, kind, window = events.get(timeout=0.05)
                if kind == "MapNotify":
                    mapped[window] = when
                else:
                    mapped.pop(window, None)
            except queue.Empty:
                pass
            now = time.perf_counter()
            settled = [t for t in mapped.values() if now - t > 0.5]
            if settled:
                return min(settled) - start
            if proc.poll() is not None:
                raise RuntimeError(f"{command[0]} exited before showing its window")
            if now - start > 30:
                raise RuntimeError(f"{command[0]} showed no window after 30 s")
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        xev.terminate()
        xev.wait(timeout=10)


def line(label: str, times: Sequence[float] | Timed) -> str:
    wall = times.wall if isinstance(times, Timed) else times
    text = (
        f"  {label:<16} wall: median {statistics.median(wall) * 1000:5.0f} ms,"
        f" min {min(wall) * 1000:5.0f} ms"
    )
    if isinstance(times, Timed):
        text += f"   CPU: median {statistics.median(times.cpu) * 1000:5.0f} ms"
    return f"{text}   ({len(wall)} runs)"


def has_option(
    program: Sequence[str], words: Sequence[str], option: str, env: dict[str, str]
) -> bool:
    """Whether ``program words --help`` mentions ``option``."""
    out = subprocess.run(
        [*program, *words, "--help"], env=env, cwd=ROOT, capture_output=True, text=True, check=False
    )
    return option in out.stdout


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", action="store_true", help="build dist/golf first, and time it")
    parser.add_argument("--runs", type=int, default=7, help="processes per measure (default 7)")
    parser.add_argument("--program", type=Path, default=ROOT / "dist" / "golf", help="the folder")
    parser.add_argument("--python", default=sys.executable, help="the Python that runs main.py")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="one process a measure; python main.py alone when no program is built (for CI)",
    )
    args = parser.parse_args(argv)
    if args.quick:  # the quick sizes, unless given
        parser.set_defaults(runs=1)
        args = parser.parse_args(argv)

    if args.build:
        print(f"build (make dist): {build(args.python):.1f} s")
    folder: Path = args.program
    exe = folder / ("golf.exe" if sys.platform == "win32" else "golf")
    built = exe.is_file()
    if not built and not args.quick:
        print(f"no program at {exe}: run `make dist` (or pass --build)", file=sys.stderr)
        return 1
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{os.cpu_count()} CPUs, load average {load} (wall times grow with the load)")
    if built:
        print(f"program folder {folder}: {folder_size(folder) / MIB:.1f} MiB (target ≤ 60 MB)")
    else:
        print(f"no program at {exe} (`make dist` builds it): python main.py alone")
    onefile = ROOT / "dist" / "onefile" / exe.name
    if onefile.is_file():
        print(f"one-file program {onefile}: {onefile.stat().st_size / MIB:.1f} MiB")

    programs = {"built": [str(exe)]} if built else {}
    programs["python main.py"] = [args.python, str(ROOT / "main.py")]
    replay = min((ROOT / "replays").glob("*.yaml"), default=None)
    with tempfile.TemporaryDirectory() as tmp:
        env = quiet_env(Path(tmp))
        if replay is not None:
            print(f"verify {replay.name} (start to exit):")
            for label, timed in compare(programs, ["verify", str(replay)], env, args.runs).items():
                print(line(label, timed))

        if has_option(next(iter(programs.values())), ["play"], "--frames", env):
            print("first frame, play --frames 1 under the dummy driver (start to exit):")
            for label, timed in compare(
                programs, ["play", "--frames", "1"], env, args.runs
            ).items():
                print(line(label, timed))
        else:
            print("first frame: not measured (the command line has no play --frames)")
        if os.environ.get("DISPLAY") and shutil.which("xev") and shutil.which("stdbuf"):
            print("window shown on a real X display (start until mapped for good):")
            x_env = quiet_env(Path(tmp), video="x11")
            shown: dict[str, list[float]] = {label: [] for label in programs}
            for i in range(args.runs + 1):
                for label, program in programs.items():
                    seconds = window_shown(program, x_env)
                    if i:
                        shown[label].append(seconds)
            for label, times in shown.items():
                print(line(label, times))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
