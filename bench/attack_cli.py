"""Hostile command lines and replay files, tried from outside (issue 18's "Command line" and
"Replays that lie"), and the log file, the crash reports and the options file made hostile
(issue 33): the command-line cases of ``bench/attack.py``, which adds :data:`CASES` to its own.

Each case gets a fresh temporary folder (its data folder, its files) and returns an
``attack.Result``: whether the program held (a one-line message and the right exit status, no
traceback, no crash report; a forged replay found out everywhere), and how many of the files
that were in the folder before were lost or changed. ``python bench/attack_cli.py`` runs only
these cases, prints the table and exits 1 when a case failed or lost data; ``--quick`` runs
those of :data:`QUICK` (``bench/attack.py --quick`` adds them to its own).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import stat
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final

from attack import Ran, Result, child, environment, pick, program, run_case

ROOT: Final = Path(__file__).resolve().parents[1]
SAMPLES: Final = ROOT / "replays"
TIMEOUT: Final = 120.0


def snapshot(folder: Path) -> dict[Path, bytes]:
    """Every regular file under ``folder`` and its bytes."""
    return {p: p.read_bytes() for p in folder.rglob("*") if p.is_file() and not p.is_symlink()}


def lost(before: dict[Path, bytes]) -> int:
    """How many of the files of ``before`` are gone or changed."""
    return sum(1 for p, data in before.items() if not p.is_file() or p.read_bytes() != data)


def refused(
    name: str, args: tuple[str, ...], said: str, status: int = 2
) -> Callable[[Path], Result]:
    """A case: the command line is refused with exit ``status`` and one line saying ``said``
    on stderr, no traceback, no crash report, and the folder's files kept."""

    def case(folder: Path) -> Result:
        prepare(folder)
        before = snapshot(folder)
        argv = tuple(a.replace("{tmp}", str(folder)) for a in args)
        ran = program(folder, *argv, timeout=TIMEOUT)
        gone = lost(before)
        first = ran.err.splitlines()[0] if ran.err else ""
        problems = []
        if ran.status != status:
            problems.append(f"exit {ran.status}, expected {status}")
        if ran.err.count("\n") != 1:
            problems.append(f"{ran.err.count(chr(10))} lines on stderr")
        if "Traceback" in ran.err or "unexpected error" in ran.err:
            problems.append("a traceback or a crash report")
        if said not in ran.err:
            problems.append(f"no {said!r} in the message")
        leftovers = [p.name for p in folder.rglob(".golf-probe-*")]
        if leftovers:
            problems.append(f"left {leftovers}")
        detail = "; ".join(problems) or f"{first[:90]} ({ran.seconds:.1f} s)"
        return Result(name, not problems and gone == 0, gone, detail)

    case.__name__ = "cli_" + "_".join(name.lower().replace("-", " ").split())  # what -k matches
    return case


def prepare(folder: Path) -> None:
    """The files the cases name: a file where a folder is expected, a replay whose YAML
    libyaml's reader refuses on two lines, a replay to keep, and links to devices (a program
    that wrote through a temporary file and a rename would replace the link, never the device
    itself: run as root on a broken program, a case must not turn /dev/full into a file)."""
    (folder / "full").symlink_to("/dev/full")
    (folder / "null").symlink_to("/dev/null")
    (folder / "a-file").write_text("a file, not a folder\n", encoding="utf-8")
    (folder / "control.yaml").write_text('format: 1\ncode: "GO1-E-AAAAAAA\x01"\n', "utf-8")
    (folder / "keep.yaml").write_bytes((SAMPLES / "easy-win.yaml").read_bytes())


def forged_files(folder: Path) -> dict[str, Path]:
    """Replays whose header claims what their actions do not give."""
    win = (SAMPLES / "easy-win.yaml").read_text("utf-8")
    blocked = (SAMPLES / "classic-blocked.yaml").read_text("utf-8")
    six = (SAMPLES / "six-card-two-computers.yaml").read_text("utf-8")
    texts = {
        "after-win.yaml": win.replace("\nresult:\n", "\n- draw\nresult:\n"),
        "forged-win.yaml": blocked.replace(
            "result:\n  outcome: blocked\n  score: 250\n", "result:\n  outcome: won\n  score: 350\n"
        ),
        "forged-six.yaml": six.replace("totals: [70, 79]", "totals: [79, 70]").replace(
            "winners: [0]", "winners: [1]"
        ),
    }
    replays = folder / "replays"
    replays.mkdir(exist_ok=True)
    for name, text in texts.items():
        (replays / name).write_text(text, encoding="utf-8")
    return {name: replays / name for name in texts}


def forged_replays(folder: Path) -> Result:
    """verify, watch --headless and the Replays list all find each forged file out, with the
    same first difference; the list shows what the actions produce."""
    files = forged_files(folder)
    before = snapshot(folder)
    problems: list[str] = []
    for name, path in files.items():
        verified = program(folder, "verify", str(path), timeout=TIMEOUT)
        watched = program(folder, "watch", "--headless", str(path), timeout=TIMEOUT)
        if verified.status != 1 or watched.status != 1:
            problems.append(f"{name}: verify {verified.status}, watch {watched.status}")
        elif verified.out != watched.out:
            problems.append(f"{name}: verify and watch say different things")
    listed = _listed(folder / "replays")
    claimed = listed.get("forged-win.yaml", {})
    if claimed.get("shown") != "blocked 250" or not claimed.get("problem"):
        problems.append(f"the list shows {claimed}")
    if any(not entry.get("problem") for entry in listed.values()):
        problems.append("the list shows a forged file as true")
    gone = lost(before)
    detail = (
        "; ".join(problems) or "verify, watch --headless and the list agree; list shows blocked 250"
    )
    return Result("forged replays", not problems and gone == 0, gone, detail)


_LIST_SCRIPT: Final = """
import json, sys
from pathlib import Path
from scenes.replays import scan
out = {}
for e in scan([(Path(sys.argv[1]), False)]):
    if e.result is not None:
        shown = f"{e.result.outcome} {e.result.score}"
    elif e.six_result is not None:
        shown = f"winners {list(e.six_result.winners)}"
    else:
        shown = None
    out[e.path.name] = {"shown": shown, "problem": e.problem}
print(json.dumps(out))
"""


def _listed(folder: Path) -> dict[str, dict[str, str | None]]:
    """What the window's Replays list makes of ``folder`` (in a process of its own)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-c", _LIST_SCRIPT, str(folder)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    lines = done.stdout.strip().splitlines()
    listed: dict[str, dict[str, str | None]] = json.loads(lines[-1]) if lines else {}
    return listed


# --- the log file, the crash reports, the options file (issue 33) -------------------------------

HANG: Final = 60.0
"""A start that has not ended by then hangs (a FIFO waited on): killed, and the case fails."""
CRASH_LINE: Final = "golf: unexpected error ("
KEEP_REPORTS: Final = 20
"""The crash reports the log folder keeps (``golfcli.crash.KEEP_REPORTS``, written here again
so that the bench judges the folder without the game's code)."""


def _small_disk() -> None:
    # a full disk: no file may grow past 100 bytes (Python ignores SIGXFSZ: writes fail EFBIG)
    resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100))


def _main(folder: Path, *args: str, full: bool = False, crash: bool = False) -> Ran:
    """``main.py ARGS`` with the folder's environment, its temporary folder in ``tmp`` (where
    a crash report goes when the log folder cannot take it); ``full``: a full disk; ``crash``:
    ``$GOLF_CRASH_TEST=command``, a fault before the command runs."""
    (folder / "tmp").mkdir(exist_ok=True)
    env = dict(environment(folder), TMPDIR=str(folder / "tmp"))
    env.pop("GOLF_CRASH_TEST", None)
    if crash:
        env["GOLF_CRASH_TEST"] = "command"
    extra = ["--config-dir", str(folder / "config")] if args[:1] == ("play",) else []
    started = time.monotonic()
    with subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), *args, *extra],
        env=env,
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_small_disk if full else None,
    ) as proc:
        try:
            out, err = proc.communicate(timeout=HANG)
            status: int | None = proc.returncode
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
            status = None
    return Ran(status, out, err, time.monotonic() - started)


def _stderr_problems(ran: Ran, said: str, most: int) -> list[str]:
    """What is wrong with ``ran``'s stderr: a traceback, a "Logging error", ``said`` not on
    exactly one line, more than ``most`` lines in all."""
    lines = ran.err.splitlines()
    problems = []
    if "Traceback" in ran.err or "Logging error" in ran.err:
        problems.append(f"tracebacks on stderr ({ran.err.count('Traceback')})")
    if sum(said in line for line in lines) != 1:
        problems.append(f"{sum(said in line for line in lines)} lines saying {said!r}")
    if len(lines) > most:
        problems.append(f"{len(lines)} lines on stderr")
    return problems


def _status_problems(ran: Ran, status: int) -> list[str]:
    if ran.status is None:
        return [f"hung: killed after {HANG:.0f} s"]
    return [] if ran.status == status else [f"exit {ran.status}, expected {status}"]


def _logs(folder: Path) -> Path:
    logs = folder / "data" / "logs"  # $GOLF_DATA_DIR/logs: the log folder of the cases
    logs.parent.mkdir(parents=True, exist_ok=True)
    return logs


def _result(name: str, problems: list[str], gone: int, ran: Ran, fine: str) -> Result:
    detail = "; ".join(problems) or f"{fine} ({ran.seconds:.1f} s)"
    return Result(name, not problems and gone == 0, gone, detail)


def log_fifo(folder: Path) -> Result:
    """``golf.log`` a FIFO: the window starts and ends in time (the FIFO is never opened for
    writing, which would wait for a reader), one line says there is no log file."""
    logs = _logs(folder)
    logs.mkdir()
    os.mkfifo(logs / "golf.log")
    ran = _main(folder, "play", "--frames", "30")
    problems = _status_problems(ran, 0) + _stderr_problems(ran, "no log file", 2)
    gone = 0 if stat.S_ISFIFO((logs / "golf.log").lstat().st_mode) else 1
    return _result("log: golf.log a FIFO", problems, gone, ran, "one line, no log file")


def log_folder(folder: Path) -> Result:
    """``golf.log`` a folder: the start is not broken, one line, the folder kept."""
    logs = _logs(folder)
    (logs / "golf.log").mkdir(parents=True)
    (logs / "golf.log" / "mine.txt").write_text("kept")
    ran = _main(folder, "play", "--frames", "30")
    problems = _status_problems(ran, 0) + _stderr_problems(ran, "no log file", 2)
    gone = lost({logs / "golf.log" / "mine.txt": b"kept"})
    return _result("log: golf.log a folder", problems, gone, ran, "one line, no log file")


def log_full_disk(folder: Path) -> Result:
    """A full disk: one line says the log file cannot be written, never Python's traceback
    for each record (148 lines on stderr for a 30-frame start before)."""
    seeded = folder / "config" / "settings.yaml"
    seeded.parent.mkdir(parents=True)
    seeded.write_text("format: 1\nlanguage: fr\nvolume: 30\n", encoding="utf-8")
    before = snapshot(folder / "config")
    ran = _main(folder, "play", "--frames", "30", full=True)
    problems = _status_problems(ran, 0) + _stderr_problems(ran, "log file cannot be written", 4)
    return _result("log: full disk", problems, lost(before), ran, "one line for the log")


def _crashed(ran: Ran, most: int = 2) -> tuple[list[str], Path | None]:
    """The problems of a crash run (exit 70, one crash line, in time) and the report it names."""
    problems = _status_problems(ran, 70) + _stderr_problems(ran, CRASH_LINE, most)
    named = [
        line.split("crash report: ", 1)[1] for line in ran.err.splitlines() if "report: " in line
    ]
    report = Path(named[0]) if named else None
    return problems, report


def _crash_folder(name: str, key: str, make: Callable[[Path], None]) -> Callable[[Path], Result]:
    """A case: the log folder made by ``make`` (a FIFO, a file); a crash ends in exit 70 and
    one line naming a report that is there (in the temporary folder), the thing kept."""

    def case(folder: Path) -> Result:
        logs = _logs(folder)
        make(logs)
        kind = stat.S_IFMT(logs.lstat().st_mode)
        before = snapshot(folder)
        ran = _main(folder, "stats", crash=True)
        problems, report = _crashed(ran)
        if report is None or not report.is_file() or "CrashTest" not in report.read_text("utf-8"):
            problems.append(f"no report at {report}")
        gone = lost(before) + (stat.S_IFMT(logs.lstat().st_mode) != kind)
        return _result(
            name, problems, gone, ran, f"exit 70, report {report.name if report else ''}"
        )

    case.__name__ = key  # what -k matches
    return case


def _old_reports(logs: Path, count: int) -> list[str]:
    logs.mkdir(parents=True, exist_ok=True)
    names = [f"crash-2026010{1 + n // 10}-1200{n % 10:02d}-{100 + n}.txt" for n in range(count)]
    for name in names:
        (logs / name).write_text(f"old report {name}\n")
    return names


def crash_folder_30_reports(folder: Path) -> Result:
    """A log folder with 30 old reports: after a crash 20 are left, the new one and the 19
    newest old ones; nothing else of the folder is touched."""
    logs = _logs(folder)
    old = _old_reports(logs, 30)
    (logs / "golf.log").write_text("earlier runs\n")
    (logs / "notes.txt").write_text("the player's\n")
    ran = _main(folder, "stats", crash=True)
    problems, report = _crashed(ran)
    left = sorted(p.name for p in logs.glob("crash-*.txt"))
    if len(left) != KEEP_REPORTS:
        problems.append(f"{len(left)} reports left")
    if report is None or report.parent != logs or report.name not in left:
        problems.append(f"the new report {report} is not among them")
    if set(left) - {report.name if report else ""} != set(old[-(KEEP_REPORTS - 1) :]):
        problems.append("not the newest old ones kept")
    gone = lost({logs / "notes.txt": b"the player's\n"})
    gone += not (logs / "golf.log").read_text().startswith("earlier runs")
    temporaries = [p.name for p in logs.glob(".crash-*")]
    if temporaries:
        problems.append(f"temporary files left: {temporaries}")
    return _result("crash: 30 old reports", problems, gone, ran, f"{len(left)} reports left")


def crash_full_disk(folder: Path) -> Result:
    """A crash on a full disk: exit 70, one line saying the fault and why no report was
    written (the whole report and 4 tracebacks before, 57 lines), no half-written report
    left in either folder."""
    logs = _logs(folder)
    ran = _main(folder, "stats", crash=True, full=True)
    # the log file's line and the crash line
    problems, _ = _crashed(ran, most=2)
    if "no crash report could be written" not in ran.err or "CrashTest" not in ran.err:
        problems.append("the line does not say the fault and why no report")
    left = [p.name for d in (logs, folder / "tmp") if d.is_dir() for p in d.glob("*crash-*")]
    if left:
        problems.append(f"left {left}")
    return _result("crash: full disk", problems, 0, ran, "one line, no file left")


def _settings(folder: Path, text: str) -> tuple[Path, bytes]:
    config = folder / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.yaml").write_text(text, encoding="utf-8")
    return config / "settings.yaml", text.encode()


SETTINGS: Final = "format: 1\nlanguage: fr\nanimation: fast\nvolume: 30\nfour_colour: true\n"


def _options(path: Path) -> dict[str, object]:
    """The options file as YAML reads it ({} when it cannot be read)."""
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, yaml.YAMLError):
        return {}
    return data if isinstance(data, dict) else {}


def _told_options(ran: Ran) -> list[str]:
    return [t for t in ran.json().get("told", []) if "options" in t.lower()]


def settings_animation_off(folder: Path) -> Result:
    """``animation: off``, YAML's word for false and the option's own word: the speed "off",
    no notice, the file left as it is (it was refused, moved aside and animated at "normal")."""
    path, original = _settings(folder, SETTINGS.replace("fast", "off"))
    ran = child(folder, "finish", "0")
    problems = _status_problems(ran, 0)
    if _told_options(ran):
        problems.append(f"told {_told_options(ran)}")
    if "ignoring option" in ran.err:
        problems.append("the value was refused")
    aside = [p.name for p in path.parent.glob("settings.yaml.*")]
    if aside:
        problems.append(f"kept aside as {aside}")
    from scenes.core.settings import SettingsStore

    used, _ = SettingsStore(path.parent).load()
    if used.animation != "off":
        problems.append(f"animation {used.animation!r}")
    gone = 0 if path.read_bytes() == original else 1
    return _result("settings: animation off", problems, gone, ran, "off, file untouched")


def settings_wrong_type(folder: Path) -> Result:
    """``volume: loud``: that option alone back to its default, the others kept, the player
    told which; the file copied aside byte for byte and rewritten with the others."""
    path, original = _settings(folder, SETTINGS.replace("volume: 30", "volume: loud"))
    ran = child(folder, "finish", "0")
    problems = _status_problems(ran, 0)
    told = _told_options(ran)
    if len(told) != 1 or "volume: loud" not in told[0]:
        problems.append(f"told {told}")
    kept = _options(path)
    wanted = {"language": "fr", "animation": "fast", "four_colour": True, "volume": 70}
    wrong = {k: kept.get(k) for k, v in wanted.items() if kept.get(k) != v}
    if wrong:
        problems.append(f"the file has {wrong}")
    aside = path.with_name("settings.yaml.corrupt-1")
    gone = 0 if aside.is_file() and aside.read_bytes() == original else 1
    return _result("settings: one wrong-typed value", problems, gone, ran, f"told: {told[:1]}")


def settings_wrong_type_full_disk(folder: Path) -> Result:
    """``volume: loud`` on a full disk: the file is left as it was (before, it was moved
    aside and nothing written in its place: every option back to its default next time), the
    player told."""
    path, original = _settings(folder, SETTINGS.replace("volume: 30", "volume: loud"))
    ran = child(folder, "finish", "0", setup=_small_disk)
    problems = _status_problems(ran, 0)
    told = _told_options(ran)
    if len(told) != 1 or "volume: loud" not in told[0]:
        problems.append(f"told {told}")
    gone = 0 if path.is_file() and path.read_bytes() == original else 1
    return _result("settings: wrong type, full disk", problems, gone, ran, "file left as it was")


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _file(path: Path) -> None:
    path.write_text("a file, not a folder\n")


LONG: Final = "a" * 5000

CASES: Final[list[Callable[[Path], Result]]] = [
    refused("5,000-character path", ("verify", LONG), "bytes long"),
    refused("watch a 5,000-character path", ("watch", "--headless", LONG), "bytes long"),
    refused(
        "screenshot in a missing folder",
        ("play", "--frames", "1", "--screenshot", "{tmp}/missing/x.png"),
        "does not exist",
    ),
    refused(
        "screenshot to a device",
        ("play", "--frames", "1", "--screenshot", "{tmp}/full"),
        "not a regular file",
    ),
    refused(
        "watch screenshot to a folder",
        ("watch", str(SAMPLES / "easy-win.yaml"), "--screenshot", "{tmp}"),
        "a folder",
    ),
    refused("stats --today 0001-01-01", ("stats", "--today", "0001-01-01"), "1900-01-01"),
    refused(
        "unwritable --record",
        ("play", "--frames", "1", "--record", "{tmp}/a-file/x.yaml"),
        "--record",
    ),
    refused(
        "--record over a kept file, then a bad option",
        ("play", "--record", "{tmp}/keep.yaml", "--screenshot", "{tmp}/null"),
        "--screenshot",
    ),
    refused("six-card record to a device", ("six-card", "record", "{tmp}/full"), "not a regular"),
    refused(
        "survey of every deal", ("survey", "--deals", "0-8031810175"), "more than the 1,000,000"
    ),
    refused("survey --jobs 100000", ("survey", "--jobs", "100000"), "from 1 to 64"),
    refused("long s in a code", ("describe", "GO1-E-AAAAAA\u017f"), "only the letters A-Z"),
    refused(
        "dotless i in a six-card code",
        ("six-card", "record", "{tmp}/r.yaml", "--code", "G6-4-AAAAAA\u0131"),
        "only the letters A-Z",
    ),
    refused(
        "Arabic-Indic --jokers", ("describe", "GO1-E-AAAAAAA", "--jokers", "\u0661"), "digits 0-9"
    ),
    refused("full-width --seed", ("new-code", "--seed", "\uff11\uff12"), "digits 0-9"),
    refused("libyaml's two-line error", ("verify", "{tmp}/control.yaml"), "control characters"),
    refused("a device as a replay", ("verify", "/dev/zero"), "not a regular file"),
    forged_replays,
    log_fifo,
    log_folder,
    log_full_disk,
    _crash_folder("crash: folder a FIFO", "crash_folder_fifo", _fifo),
    _crash_folder("crash: folder a file", "crash_folder_file", _file),
    crash_folder_30_reports,
    crash_full_disk,
    settings_animation_off,
    settings_wrong_type,
    settings_wrong_type_full_disk,
]
"""Every case, each ``folder -> Result``."""

QUICK: Final = (
    "cli_5,000_character_path",
    "cli_six_card_record_to_a_device",
    "forged_replays",
    "crash_full_disk",
    "settings_animation_off",
)
"""The cases of ``--quick`` (by ``__name__``): a command refused, a six-card command refused,
the forged replays of both games found out by verify, watch and the Replays list; a crash on a
full disk (the log file's line and the crash's, nothing else) and ``animation: off``."""


def main(argv: list[str] | None = None) -> int:
    """Run these cases, each in a fresh folder; print the table; 1 when a case failed or lost
    data (``bench/attack.py`` runs them with its own)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the cases of QUICK (for CI)")
    args = parser.parse_args(argv)
    results = [run_case(case) for case in (pick(CASES, QUICK) if args.quick else CASES)]
    for r in results:
        mark = "ok" if r.ok else "FAILED"
        print(f"{r.name:<42} {mark:<7} lost {r.lost:<3} {r.detail}", flush=True)
    failures = sum(not r.ok for r in results)
    lost_files = sum(r.lost for r in results)
    print(f"\n{len(results)} cases, {failures} failures, {lost_files} data lost")
    return 1 if failures or lost_files else 0


if __name__ == "__main__":
    raise SystemExit(main())
