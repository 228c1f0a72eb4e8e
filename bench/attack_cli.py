"""Hostile command lines and replay files, tried from outside (issue 18's "Command line" and
"Replays that lie"): the command-line cases of ``bench/attack.py``, which adds :data:`CASES`
to its own.

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
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Final

from attack import Result, pick, program, run_case

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
]
"""Every case, each ``folder -> Result``."""

QUICK: Final = ("cli_5,000_character_path", "cli_six_card_record_to_a_device", "forged_replays")
"""The cases of ``--quick`` (by ``__name__``): a command refused, a six-card command refused,
and the forged replays of both games found out by verify, watch and the Replays list."""


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
