"""Hostile values on the command line: every argument of every command refuses them with one
line on stderr and exit status 2 (bad input) or 1, never a traceback or a crash report.

The arguments are found by walking the parser (``tests/hostile_cli.py``), so a new argument
must be given a kind there; the cases run in a process of their own, through the program's
crash guard as ``main.py`` runs it. The examples of issue 18 also run one by one as
``main.py`` command lines.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from golfcli.commands import build_parser
from tests import hostile_cli

ROOT = Path(__file__).resolve().parents[2]


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        GOLF_DATA_DIR=str(tmp_path / "data"),
        HOME=str(tmp_path / "home"),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYTHONIOENCODING="utf-8",
    )
    return env


def test_every_argument_has_a_kind() -> None:
    unknown = [
        (" ".join(command), action.dest)
        for command, parser in hostile_cli.commands(build_parser())
        for action in parser._actions
        if hostile_cli.kind(action) == "unknown"
    ]
    assert unknown == []


@pytest.mark.processes
def test_every_command_refuses_every_hostile_value_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "files"
    folder.mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "tests.hostile_cli", str(folder)],
        cwd=ROOT,
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    results = [json.loads(line) for line in done.stdout.splitlines()]
    commands = {r["label"].split(" [")[0] for r in results}
    every = {" ".join(command) for command, _ in hostile_cli.commands(build_parser())}
    assert commands == every and len(every) >= 12
    assert len(results) >= 500  # many values for each argument
    bad = [
        r
        for r in results
        if r["status"] not in (1, 2)
        or "Traceback" in r["stderr"]
        or "unexpected error" in r["stderr"]
        or r["stderr"].count("\n") != 1
        or len(r["stderr"]) > 600  # a bad value of 10,000 characters is not printed whole
    ]
    assert bad == [], "\n".join(f"{r['label']}: {r['status']} {r['stderr'][:300]!r}" for r in bad)


LONG = "a" * 5000


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("verify", LONG), "the name is 5,000 bytes long"),
        (("play", "--frames", "1", "--screenshot", "{tmp}/missing/x.png"), "does not exist"),
        (("play", "--frames", "1", "--screenshot", "{tmp}/full"), "not a regular file"),
        (("stats", "--today", "0001-01-01"), "the date must be from 1900-01-01"),
        (("play", "--frames", "1", "--record", "{tmp}/a-file/x.yaml"), "--record"),
        (("survey", "--deals", "0-8031810175"), "8,031,810,176 deals, more than"),
        (("describe", "GO1-E-AAAAAAſ"), "only the letters A-Z"),
        (("describe", "GO1-E-AAAAAAA", "--jokers", "١"), "not a whole number (digits 0-9)"),
        (("verify", "{tmp}/control.yaml"), "control characters are not allowed"),
        (("verify", os.fsdecode(b"{tmp}/\xff.yaml")), "no such file or folder"),
    ],
    ids=[
        "long-path",
        "screenshot-missing-folder",
        "screenshot-device",
        "date-overflow",
        "record-unwritable",
        "survey-huge",
        "long-s-code",
        "arabic-indic-jokers",
        "libyaml-two-lines",
        "undecodable-byte-in-a-name",
    ],
)
@pytest.mark.processes
def test_the_issue_examples_are_one_line_and_exit_2(
    tmp_path: Path, args: tuple[str, ...], said: str
) -> None:
    (tmp_path / "a-file").write_text("a file, not a folder", encoding="utf-8")
    (tmp_path / "full").symlink_to("/dev/full")  # a broken program replaces the link, not /dev/full
    (tmp_path / "control.yaml").write_text('format: 1\ncode: "GO1\x01"\n', encoding="utf-8")
    argv = [a.replace("{tmp}", str(tmp_path)) for a in args]
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *argv],
        cwd=ROOT,
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="surrogateescape",  # a name's undecodable byte is written back as it came
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert said in done.stderr
    assert not (tmp_path / "missing").exists()


@pytest.mark.processes
def test_a_crash_with_an_undecodable_name_still_writes_its_report(tmp_path: Path) -> None:
    env = _env(tmp_path)
    env["GOLF_CRASH_TEST"] = "command"
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "verify", os.fsdecode(b"\xff.yaml")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="surrogateescape",
        timeout=120,
        check=False,
    )
    assert done.returncode == 70, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    (report,) = (tmp_path / "data" / "logs").glob("crash-*.txt")
    assert "command: verify \\udcff.yaml" in report.read_text(encoding="utf-8")
