"""Attack the game from outside with hostile data folders and command lines, in real processes.

    python bench/attack.py              # every case, a table, exit status 0 when all hold
    python bench/attack.py -k fifo      # the cases whose name holds "fifo"
    python bench/attack.py --quick      # one case of each kind (:data:`QUICK`), for CI

Each case gets a fresh temporary folder and runs the real program (``main.py``) or a child of
this script (``--child``: the window built as ``scenes.app`` builds it, driven by posted keys)
with all its files there (``$GOLF_DATA_DIR``, ``$XDG_*``, ``--config-dir``). The folder is made
hostile first: a file that cannot be opened (run as root, the child loses the capabilities
that pass over permissions, through ``setpriv``, so that they hold), a directory, a FIFO or a device (``/dev/zero``) in place of a file, a link, a file nested 1,000 or 100,000 levels deep, a 100 MB file, a full disk
(``RLIMIT_FSIZE`` in the child), a read-only folder, ``replays`` being a file, two copies of
the game on one folder, and ``kill -9`` while each dialog is up. It then checks what the game
promises (``docs/robustness.md``): it starts and ends in time, the player is told, and nothing
the player had is lost.

A case is a small function from its folder to a :class:`Result` (``name``, ``ok``, ``lost``:
how many games or files the player had that are gone, ``detail``); :data:`CASES` lists them.
``bench/attack_cli.py``, when present, adds its own list (its ``CASES``, the same shape; it may
``from attack import Result, program, run`` — :func:`program` runs ``main.py`` with a folder's
environment and returns a :class:`Ran`). A case's ``__name__`` is what ``-k`` matches. The
table prints every case, and the totals of failures and data lost; both must be 0.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

BLOCK_CODE = "GO1-C-AAAAAAC"
"""A deal that blocks after 16 draws (tests/window/test_ui_play.py)."""
WIN_CODE = "GO1-E-AAAAAAA"
WIN_LINE = "241d241d123d426577d5d14d6dd6d745dd1576326d73ddd35d3"
"""A winning line of WIN_CODE, one move a character (a column, or d to draw)."""
LIMITED = ("setpriv", "--bounding-set", "-dac_override,-dac_read_search", "--")
"""Run as root, a child started through this obeys file permissions like any user."""
SEEDED = 30
"""Games in the statistics a hostile case starts with."""


@dataclass(frozen=True)
class Result:
    """What one case found: ``ok`` when every promise held; ``lost`` counts the games or files
    the player had that are gone (must be 0); ``detail`` says what happened, in a line."""

    name: str
    ok: bool
    lost: int = 0
    detail: str = ""


Case = Callable[[Path], Result]
"""A case: its fresh folder in, its result out."""


# --- running the program -------------------------------------------------------------------------


def environment(folder: Path) -> dict[str, str]:
    """Every file of the program in ``folder``; the SDL dummy drivers."""
    return dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        HOME=str(folder),
        GOLF_DATA_DIR=str(folder / "data"),
        XDG_DATA_HOME=str(folder / "share"),
        XDG_CONFIG_HOME=str(folder / "xdg-config"),
        XDG_STATE_HOME=str(folder / "state"),
        XDG_CACHE_HOME=str(folder / "cache"),
    )


def limited() -> bool:
    """Whether children must lose root's power over permissions (this runs as root)."""
    return os.geteuid() == 0 and shutil.which("setpriv") is not None


def _small_disk() -> None:
    # a full disk: no file may grow past 100 bytes (Python ignores SIGXFSZ: writes fail EFBIG)
    resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100))


@dataclass(frozen=True)
class Ran:
    """A finished child: exit status (None: killed after the timeout), output, seconds."""

    status: int | None
    out: str
    err: str
    seconds: float

    def json(self) -> dict[str, Any]:
        """The last JSON line the child printed ({} when none)."""
        for line in reversed(self.out.splitlines()):
            with contextlib.suppress(ValueError):
                value = json.loads(line)
                if isinstance(value, dict):
                    return value
        return {}


def run(
    folder: Path,
    argv: Sequence[str],
    timeout: float = 300.0,
    obey: bool = False,
    setup: Callable[[], None] | None = None,
) -> Ran:
    """Run ``argv`` (after the Python) with ``folder``'s environment; a child that does not end
    within ``timeout`` is killed (its status is then None). ``obey``: file permissions hold for
    it even when this runs as root."""
    prefix = list(LIMITED) if obey and limited() else []
    started = time.monotonic()
    child = subprocess.Popen(
        [*prefix, sys.executable, *argv],
        env=environment(folder),
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=setup,
    )
    try:
        out, err = child.communicate(timeout=timeout)
        status: int | None = child.returncode
    except subprocess.TimeoutExpired:
        child.kill()
        out, err = child.communicate()
        status = None
    return Ran(status, out, err, time.monotonic() - started)


def program(folder: Path, *args: str, **kw: Any) -> Ran:
    """The real program: ``main.py ARGS`` (``play`` gets ``--config-dir``)."""
    extra = ["--config-dir", str(folder / "config")] if args[:1] == ("play",) else []
    return run(folder, [str(ROOT / "main.py"), *args, *extra], **kw)


def child(folder: Path, *args: str, **kw: Any) -> Ran:
    """This script's child: the window driven by keys (see :func:`child_main`)."""
    return run(folder, [str(Path(__file__).resolve()), "--child", *args], **kw)


# --- the player's data ---------------------------------------------------------------------------


JOURNAL = "journal.sqlite3"


def seed_stats(folder: Path, games: int = SEEDED) -> int:
    """``data/journal.sqlite3`` with ``games`` finished games (real games, through the
    journal); how many it holds."""
    from golf.journal.journal import Ending, Journal

    journal = Journal(folder / "data", own=False)
    try:
        for n in range(games):
            won = n % 3 == 0
            gid = journal.begin(
                "solitaire",
                f"GO1-C-AAAAA{chr(65 + n % 26)}{chr(65 + n // 26)}",
                "classic",
                "2026-01-01T10:00:00",
            )
            journal.act(gid, 0, "draw", 1.0, 1.0, 0.0)
            journal.finish(
                gid,
                Ending(
                    outcome="won" if won else "blocked",
                    ended="2026-01-01T10:05:00",
                    actions=("draw",),
                    times=(1.0,),
                    seconds=1.0,
                    moves=1,
                    score=40 if won else 10 + n,
                    cards_left=0 if won else n % 3 * 4,
                    stock_left=0,
                    undos=0,
                ),
            )
    finally:
        journal.close()
    return played(folder / "data" / JOURNAL)


def played(path: Path) -> int:
    """Finished games in a journal file (-1 when it cannot be read): read here with sqlite3
    itself, so that the bench judges the game's data without the game's reader. Only a regular
    file is opened (a FIFO would hang), read-only."""
    import sqlite3

    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return -1
        with contextlib.closing(
            sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=10)
        ) as db:
            row = db.execute("SELECT COUNT(*) FROM games WHERE status != 'playing'").fetchone()
            return int(row[0])
    except (OSError, sqlite3.Error):
        return -1


def all_played(data: Path) -> int:
    """Finished games in the journal."""
    return max(0, played(data / JOURNAL))


def told_of(ran: Ran, folder: Path, *words: str) -> bool:
    """Whether the player was told (stderr of a command, or the log file the window's notices
    are logged to) of something naming one of ``words``."""
    text = ran.err
    for log in folder.rglob("golf.log*"):
        with contextlib.suppress(OSError):
            text += log.read_text(encoding="utf-8", errors="replace")[-200_000:]
    return any(word in text for word in words)


# --- cases: start-up -----------------------------------------------------------------------------


def _starts(folder: Path, name: str, what: str, make: Callable[[Path], None]) -> Result:
    """The window opens and closes, ``stats`` answers, in time, with ``make`` done to the
    folder; the games the player had are all still there (or, when the journal itself was made
    hostile, that thing is left where it was or kept aside, never deleted), and the player was
    told of the file."""
    before = seed_stats(folder) if what != JOURNAL else 0
    target = folder / ("config" if what == "settings.yaml" else "data") / what
    target.parent.mkdir(parents=True, exist_ok=True)
    make(target)
    window = program(folder, "play", "--frames", "30", timeout=60)
    stats = program(folder, "stats", timeout=30)
    problems = []
    if window.status != 0:
        problems.append(f"play: {window.status} {window.err.strip()[-200:]}")
    if stats.status not in (0, 1):
        problems.append(f"stats: {stats.status} {stats.err.strip()[-200:]}")
    lost = 0
    if what == JOURNAL:
        aside = list(target.parent.glob(JOURNAL + ".corrupt-*"))
        if not os.path.lexists(target) and not aside:
            lost += 1
            problems.append("the journal's hostile file is gone")
    else:
        after = played(folder / "data" / JOURNAL)
        if after != before:
            lost += max(1, before - after)
            problems.append(f"games {after} of {before}")
    if not told_of(stats, folder, what, what.split(".")[0]):
        problems.append("not told")
    took = max(window.seconds, stats.seconds)
    return Result(name, not problems and not lost, lost, "; ".join(problems) or f"{took:.1f} s")


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _directory(path: Path) -> None:
    path.mkdir()
    (path / "inside").write_text("not a file")


def _deep(path: Path) -> None:
    path.write_text("[" * 1000 + "]" * 1000 if path.suffix == ".json" else "a:\n" + "- " * 1000)


def _deeper(path: Path) -> None:
    path.write_text("[" * 100_000)  # JSON and YAML alike: a flow list never closed


def _huge(path: Path) -> None:
    with path.open("wb") as f:
        f.truncate(100 * 1024 * 1024)  # 100 MB of zero bytes, sparse


def startup_cases() -> list[Case]:
    """The window and ``stats`` start with each kind of hostile file in place of each file."""
    cases: list[Case] = []
    kinds = {
        "fifo": _fifo,
        "device": _zero,
        "directory": _directory,
        "deep": _deep,
        "deeper": _deeper,
        "huge": _huge,
    }
    for what in ("settings.yaml", JOURNAL, "stats.json", "autosave.json"):
        for kind, make in kinds.items():
            name = f"start: {what} {kind}"

            def case(folder: Path, name: str = name, what: str = what, make: Any = make) -> Result:
                return _starts(folder, name, what, make)

            case.__name__ = name
            cases.append(case)
    return cases


def kept_aside(folder: Path) -> Result:
    """A settings file nested 1,000 levels deep is kept aside byte for byte, the player told."""
    config = folder / "config"
    config.mkdir(parents=True)
    bad = "a:\n" + "- " * 1000 + "\n"
    (config / "settings.yaml").write_text(bad)
    ran = child(folder, "finish", "0")
    kept = config / "settings.yaml.corrupt-1"
    told = any("options" in t for t in ran.json().get("told", []))
    ok = ran.status == 0 and kept.is_file() and kept.read_text() == bad and told
    return Result(
        "start: deep settings kept aside, told",
        ok,
        0 if kept.is_file() else 1,
        f"status {ran.status}, told {told}",
    )


# --- cases: writes -------------------------------------------------------------------------------


def unreadable(folder: Path) -> Result:
    """A journal that cannot be opened: never written over, the player told, play goes on in
    memory; once it can be opened again every game it had is there."""
    before = seed_stats(folder)
    journal = folder / "data" / JOURNAL
    raw = journal.read_bytes()
    journal.chmod(0)
    ran = child(folder, "finish", "2", obey=True)
    told = any("could not be opened" in t for t in ran.json().get("told", []))
    journal.chmod(0o666)
    same = journal.read_bytes() == raw
    count = played(journal)
    lost = max(0, before - count)
    ok = ran.status == 0 and same and told and count == before
    detail = f"unchanged {same}, told {told}, games {count} of {before}"
    return Result("unreadable journal", ok, lost, detail)


def symlink(folder: Path) -> Result:
    """The journal a link to a file elsewhere: the link stays a link, its file gets the game."""
    seed_stats(folder)
    data = folder / "data"
    elsewhere = folder / "elsewhere"
    elsewhere.mkdir()
    (data / JOURNAL).rename(elsewhere / "real.sqlite3")
    (data / JOURNAL).symlink_to(elsewhere / "real.sqlite3")
    ran = child(folder, "finish", "1")
    link = (data / JOURNAL).is_symlink()
    count = played(elsewhere / "real.sqlite3")
    ok = ran.status == 0 and link and count == SEEDED + 1
    return Result(
        "symlink journal",
        ok,
        0 if count >= SEEDED else SEEDED,
        f"still a link {link}, games {count}",
    )


def device_target(folder: Path) -> Result:
    """The journal a link to ``/dev/null``: never replaced by a regular file, the player told,
    play goes on in memory."""
    data = folder / "data"
    data.mkdir(parents=True)
    (data / JOURNAL).symlink_to("/dev/null")
    ran = child(folder, "finish", "1")
    dev = Path("/dev/null")
    still = stat.S_ISCHR(dev.stat().st_mode) and (data / JOURNAL).is_symlink()
    told = any("could not be opened" in t for t in ran.json().get("told", []))
    ok = ran.status == 0 and still and told and ran.json().get("played") == 1
    return Result(
        "device journal",
        ok,
        0 if still else 1,
        f"/dev/null still a device {still}, told {told}, played in memory {ran.json().get('played')}",
    )


def full_disk(folder: Path) -> Result:
    """No room for any file: the game plays on in memory, the player is told, every game the
    journal had is still there and the journal is whole."""
    before = seed_stats(folder)
    ran = child(folder, "finish", "1", setup=_small_disk)
    told = [
        t
        for t in ran.json().get("in_play", []) + ran.json().get("told", [])
        if "could not be saved" in t
    ]
    count = played(folder / "data" / JOURNAL)
    ok = ran.status == 0 and count >= before and bool(told)
    return Result(
        "full disk", ok, max(0, before - count), f"told {len(told)}, games {count} of {before}"
    )


def read_only(folder: Path) -> Result:
    """A data folder that cannot be written: told, play goes on in memory, nothing lost."""
    before = seed_stats(folder)
    data = folder / "data"
    raw = (data / JOURNAL).read_bytes()
    data.chmod(0o555)
    ran = child(folder, "finish", "1", obey=True)
    data.chmod(0o755)
    told = [
        t
        for t in ran.json().get("in_play", []) + ran.json().get("told", [])
        if "could not be saved" in t
    ]
    same = (data / JOURNAL).read_bytes() == raw
    ok = ran.status == 0 and same and bool(told) and played(data / JOURNAL) == before
    return Result(
        "read-only folder", ok, 0 if same else before, f"told {len(told)}, unchanged {same}"
    )


def replays_file(folder: Path) -> Result:
    """``replays`` is a file: the replay not written is told, the file kept."""
    replays = folder / "share" / "golf-solitaire" / "replays"
    replays.parent.mkdir(parents=True)
    replays.write_text("mine")
    ran = child(folder, "finish", "1")
    told = [t for t in ran.json().get("in_play", []) if "replay" in t.lower()]
    ok = ran.status == 0 and bool(told) and replays.read_text() == "mine"
    return Result(
        "replays is a file",
        ok,
        0 if replays.read_text() == "mine" else 1,
        f"told {len(told)} over the game",
    )


# --- cases: two copies ---------------------------------------------------------------------------


def two_windows(folder: Path) -> Result:
    """Two copies finish games at once on one folder: every game counted; the second copy
    says another owns the folder and leaves its game in progress alone."""
    seed_stats(folder)
    games = 6
    results: list[Ran] = []

    barrier = folder / "barrier"
    barrier.mkdir()

    def one() -> None:
        # each copy waits until both have their window: they overlap however fast one plays
        results.append(child(folder, "finish", str(games), str(barrier), "2", timeout=240))

    threads = [threading.Thread(target=one) for _ in range(2)]
    for t in threads:
        t.start()
        time.sleep(0.5)
    for t in threads:
        t.join()
    count = played(folder / "data" / JOURNAL)
    busy = sum(any("Another copy" in t for t in r.json().get("told", [])) for r in results)
    ok = all(r.status == 0 for r in results) and count == SEEDED + 2 * games and busy == 1
    return Result(
        "two windows",
        ok,
        max(0, SEEDED + 2 * games - count),
        f"games {count} of {SEEDED + 2 * games}, told busy {busy}",
    )


def window_and_command(folder: Path) -> Result:
    """A window finishing games while ``stats`` runs again and again: every run answers, every
    game is counted."""
    seed_stats(folder)
    results: list[Ran] = []
    window = threading.Thread(target=lambda: results.append(child(folder, "finish", "5")))
    window.start()
    answers = []
    while window.is_alive():
        answers.append(program(folder, "stats", timeout=120).status)
    window.join()
    count = played(folder / "data" / JOURNAL)
    ok = results[0].status == 0 and all(a == 0 for a in answers) and count == SEEDED + 5
    return Result(
        "window and command",
        ok,
        max(0, SEEDED + 5 - count),
        f"stats ran {len(answers)} times, games {count}",
    )


def owned_game(folder: Path) -> Result:
    """A second copy never writes over the first copy's game in progress."""
    with subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), "--child", "dialog", "pause"],
        env=environment(folder),
        cwd=folder,
        stdout=subprocess.PIPE,
        text=True,
        stderr=subprocess.DEVNULL,
    ) as first:
        try:
            assert first.stdout is not None
            line = first.stdout.readline()
            saved = _in_progress(folder)
            second = child(folder, "finish", "1")
            same = bool(saved) and _in_progress(folder) == saved
        finally:
            first.kill()  # whatever happened: it waits to be killed
    ok = line.startswith("ready") and second.status == 0 and same
    return Result("two copies: game in progress", ok, 0 if same else 1, f"game kept {same}")


def _in_progress(folder: Path) -> list[tuple[Any, ...]]:
    """The games in progress the first copy keeps, with their actions (read with sqlite3)."""
    import sqlite3

    path = folder / "data" / JOURNAL
    with contextlib.closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as db:
        return db.execute(
            "SELECT g.id, g.code, s.seq, s.action FROM games g JOIN steps s ON s.game_id = g.id"
            " WHERE g.status = 'playing' AND g.kept = 1 ORDER BY g.id, s.seq"
        ).fetchall()


# --- cases: kill -9 in every dialog --------------------------------------------------------------

DIALOGS = ("pause", "blocked", "celebration", "gameover", "initials")


def killed_in(dialog: str) -> Case:
    """Kill -9 while ``dialog`` is up; the relaunch has the game either to continue (where
    Undo was offered) or counted, never neither nor both."""

    def case(folder: Path) -> Result:
        with subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--child", "dialog", dialog],
            env=environment(folder),
            cwd=folder,
            stdout=subprocess.PIPE,
            text=True,
            stderr=subprocess.DEVNULL,
        ) as proc:
            try:
                assert proc.stdout is not None
                line = proc.stdout.readline()
            finally:
                proc.send_signal(signal.SIGKILL)
        after = child(folder, "check").json()
        kept = after.get("continue") is not None
        counted = after.get("played", 0) == 1
        want_kept = dialog in ("pause", "blocked", "celebration")
        ok = line.startswith("ready") and kept == want_kept and counted != kept
        if dialog == "blocked":
            ok = ok and after.get("top") == "BlockedDialog"
        lost = 0 if kept or counted else 1
        detail = f"continue {kept} ({after.get('top')}), counted {counted}"
        return Result(f"kill -9 in {dialog}", ok, lost, detail)

    case.__name__ = f"kill -9 in {dialog}"
    return case


CASES: list[Case] = [
    *startup_cases(),
    kept_aside,
    unreadable,
    symlink,
    device_target,
    full_disk,
    read_only,
    replays_file,
    two_windows,
    window_and_command,
    owned_game,
    *[killed_in(d) for d in DIALOGS],
]
"""Every case of this file (``bench/attack_cli.py`` adds the command line's)."""


QUICK: tuple[str, ...] = (
    "start: settings.yaml deep",
    "start: journal.sqlite3 deep",
    "unreadable",
    "kill -9 in blocked",
)
"""The cases of ``--quick`` (by ``__name__``): the real program started on a hostile file, a
child finishing a game under file permissions, a child killed in a dialog and relaunched;
``bench/attack_cli.py`` adds its own ``QUICK``."""


def pick(cases: Sequence[Case], names: Sequence[str]) -> list[Case]:
    """The cases named (by ``__name__``), in their order; a name that is no case is an error
    (a renamed case must not leave ``--quick`` short of it)."""
    unknown = set(names) - {c.__name__ for c in cases}
    if unknown:
        raise ValueError(f"no such cases: {', '.join(sorted(unknown))}")
    return [c for c in cases if c.__name__ in names]


def all_cases(quick: bool = False) -> list[Case]:
    """These cases and, when present, those of ``bench/attack_cli.py`` (``quick``: only those
    each file names in its ``QUICK``)."""
    cases = pick(CASES, QUICK) if quick else list(CASES)
    extra = Path(__file__).resolve().parent / "attack_cli.py"
    if extra.is_file():
        import importlib.util

        # ``from attack import Result, program`` there gets this very module, run as a script
        sys.modules.setdefault("attack", sys.modules[__name__])
        spec = importlib.util.spec_from_file_location("attack_cli", extra)
        if spec is not None and spec.loader is not None:
            module = importlib.util.module_from_spec(spec)
            sys.modules.setdefault("attack_cli", module)
            spec.loader.exec_module(module)
            more = list(getattr(module, "CASES", []))
            cases += pick(more, getattr(module, "QUICK", ())) if quick else more
    return cases


def run_case(case: Case) -> Result:
    """One case in its own temporary folder (removed afterwards); an exception is a failure."""
    folder = Path(tempfile.mkdtemp(prefix="golf-attack-"))
    try:
        return case(folder)
    except Exception as error:
        name = getattr(case, "__name__", "case")
        return Result(name, False, 0, f"{type(error).__name__}: {error}")
    finally:
        for path in [folder, *folder.rglob("*")]:
            with contextlib.suppress(OSError):
                if path.is_dir() and not path.is_symlink():
                    path.chmod(0o755)
        shutil.rmtree(folder, ignore_errors=True)


# --- the child: the window, driven by keys -------------------------------------------------------


def child_main(args: list[str]) -> int:
    """``--child finish N`` finishes N games (a blocked deal, its result seen) and prints what
    the player was told; ``--child dialog NAME`` brings NAME up and prints ``ready``, then
    waits to be killed; ``--child check`` relaunches and prints what the title offers."""
    from attack_window import Window

    window = Window()
    mode = args[0]
    if mode == "finish":
        if len(args) == 4:  # a barrier: wait until every copy has its window (the folder claimed)
            barrier, parties = Path(args[2]), int(args[3])
            (barrier / f"up-{os.getpid()}").touch()
            for _ in range(600):
                if len(list(barrier.glob("up-*"))) >= parties:
                    break
                time.sleep(0.05)
        for _ in range(int(args[1])):
            window.finish_blocked()
        window.frames(3)
        told = {"told": sorted(window.told), "in_play": sorted(window.in_play)}
        print(json.dumps({"played": window.played(), **told}))
    elif mode == "dialog":
        top = window.bring_up(args[1])
        print("ready", top, flush=True)
        for _ in range(6000):  # waits to be killed; gives up after 5 minutes or so
            window.frames(1)
            time.sleep(0.05)
    elif mode == "check":
        print(json.dumps(window.check()))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-k", default="", help="only the cases whose name holds this")
    parser.add_argument("--quick", action="store_true", help="one case of each kind (for CI)")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        return child_main(args.child)
    results = []
    for case in all_cases(args.quick):
        if args.k and args.k not in case.__name__:
            continue
        result = run_case(case)
        results.append(result)
        mark = "ok" if result.ok else "FAILED"
        print(f"{result.name:<42} {mark:<7} lost {result.lost:<3} {result.detail}", flush=True)
    failures = sum(not r.ok for r in results)
    lost = sum(r.lost for r in results)
    print(f"\n{len(results)} cases, {failures} failures, {lost} data lost")
    return 0 if failures == 0 and lost == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
