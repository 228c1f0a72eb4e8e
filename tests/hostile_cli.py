"""Hostile values for every argument of every command (``tests/cli/test_cli_hostile.py``).

Each argument of the command line (found by walking the parser, so a new one is never
forgotten) has a kind — a number, a date, a code, a file to read or to write, a folder, … —
and each kind a list of values that must be refused: non-ASCII digits and letters, names the
system cannot take, devices, missing folders, dates out of the calendar. :func:`cases` makes
one command line per argument and value; run as a program (``python -m tests.hostile_cli
FOLDER``), this module runs them all through the program's own guard, as ``main.py`` does,
and prints one JSON line per case: its status and what it wrote on stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "replays" / "easy-win.yaml"
LONG = "a" * 5000
"""A name of 5,000 characters (File name too long)."""
LONG_PART = "x" * 300
"""One part of a name over 255 bytes."""

NUMBERS = ["١٢", "1_000", "1e3", "0x10", "", "１", "9" * 200, "nan", "-", "4.0"]
VALUES: dict[str, list[str]] = {
    "whole": NUMBERS,
    "positive": [*NUMBERS, "0", "-3"],
    "within": [*NUMBERS, "0", "-3", "1" + "0" * 12],
    "players": ["٣", "3_0", "7", "1", ""],
    "switch": ["ｏｎ", "oui", "", "1_0"],
    "choice": ["ｅｎ", "", "x" * 500],
    "date": ["0001-01-01", "2026-W01-1", "٢٠٢٦-٠١-٠١", "2026-02-30", "20260101", ""],
    "range": ["0-8031810175", "٠-٩", "5-2", "-1", "1e3", "", "0-" + "9" * 30],
    "code": ["GO1-E-AAAAAAſ", "GO1-E-ＡＡＡＡＡＡＡ", "GO1-ı-AAAAAAA", "ſ" * 5000, "G6-٤-AAAAAAA"],
    "six-code": ["G6-4-AAAAAAſ", "G6-٤-AAAAAAA", "G6-4-ＡＡＡＡＡＡＡ", "x" * 5000],
    "actions": ["play ٣", "ｄｒａｗ", "play 1_0", "play 8", "x" * 10000],
    "levels": ["ｈａｒｄ", "", "hard,ſ"],
    "entrants": ["ｅａｓｙ,hard", "easy", "", "easy,mod", "easy,no_such_module_for_golf:fn"],
    "player": ["ｍｏｄ:ｆｎ", "", "x" * 500, "mod", ":fn", "no_such_module_for_golf:fn", "mod:٣"],
    "letters": ["", "ａ-ｌ", "AI", "L-A", "A-", "AA", "x" * 500, "ſ", "-"],
    "host": ["ｌｏｃａｌｈｏｓｔ", "", "x" * 500, "256.1.1.1", "١٢٧.٠.٠.١", "no.such.host.invalid"],
    "networks": [
        "10.0.0.0/33",
        "10.0.0.1/8",
        "١٠.0.0.0/8",
        "0.0.0.0/0",
        "::/0",
        "10.0.0.0/8,",
        "",
        "x" * 500,
        ",".join(["10.0.0.0/8"] * 100),
    ],
    "origin": [
        "golf.example.org",
        "https://golf.example.org/",
        "ftp://golf.example.org",
        "null",
        "*",
        "",
        "https://ｇｏｌｆ.example.org",
        "https://golf.example.org:99999",
        "https://user@golf.example.org",
        "x" * 500,
    ],
}
"""Values each kind of argument must refuse (the files' values are made in a folder)."""


def _file_values(folder: Path) -> dict[str, list[str]]:
    """The hostile names of files and folders, made in ``folder``."""
    (folder / "a-file").write_text("not a folder", encoding="utf-8")
    (folder / "empty").mkdir(exist_ok=True)
    two_lines = folder / "control.yaml"  # libyaml's reader says where on a second line
    two_lines.write_text('format: 1\ncode: "GO1-E-AAAAAAA\x01"\n', encoding="utf-8")
    fifo = folder / "pipe.yaml"
    if not fifo.exists():
        os.mkfifo(fifo)
    # devices through links: were a broken program to write through a temporary file and a
    # rename, it would replace the link, never the device (run as root)
    for name in ("null", "full"):
        if not (folder / name).is_symlink():
            (folder / name).symlink_to(f"/dev/{name}")
    names = [LONG, str(folder / LONG_PART), str(folder / "null")]
    return {
        "output": [
            *names,
            str(folder / "missing" / "x.png"),
            str(folder / "full"),
            str(folder / "empty"),
            str(folder / "a-file" / "x.png"),
            str(fifo),
        ],
        "folder": [*names, str(folder / "a-file"), str(fifo)],
        "read": [*names, str(folder / "missing.yaml"), str(fifo), str(two_lines)],
    }


def kind(action: argparse.Action) -> str | None:
    """The kind of values an argument takes (None: it takes none, a flag)."""
    if action.nargs == 0 or isinstance(action, argparse._SubParsersAction):
        return None
    type_name = getattr(action.type, "__qualname__", "")
    by_type = {
        "whole": "whole",
        "positive": "positive",
        "within.<locals>.number": "within",
        "_players": "players",
        "_levels": "levels",
        "_player_spec": "player",
        "_entrants": "entrants",
        "_deal_range": "range",
        "_iso_date": "date",
        "output_file": "output",
        "readable_file": "read",
        "networks": "networks",
        "web_origin": "origin",
        "folder": "folder",
        "on_off": "switch",
        "code_letters": "letters",
    }
    if type_name in by_type:
        return by_type[type_name]
    if action.type is None and action.choices is not None:
        return "choice"
    names = {action.dest, *action.option_strings}
    if "paths" in names:
        return "read"
    if "--actions" in names:
        return "actions"
    if "code" in names or "--code" in names:
        return "code"
    if "--host" in names or "--metrics-host" in names:
        return "host"
    return "unknown"


def commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every command that runs (``("six-card", "record")`` …) and its parser."""
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield path, parser
        return
    for name, sub in subs[0].choices.items():
        yield from commands(sub, (*path, name))


def _filler(command: tuple[str, ...], action: argparse.Action, folder: Path) -> str:
    """A good value for a required positional argument."""
    if command == ("six-card", "record"):
        return str(folder / "out.yaml")
    if action.dest == "paths":
        return str(SAMPLE)
    return "GO1-E-AAAAAAB"


def cases(folder: Path) -> list[tuple[str, list[str]]]:
    """One command line per argument and hostile value: (label, argv)."""
    from golfcli.commands import build_parser

    files = _file_values(folder)
    out: list[tuple[str, list[str]]] = []
    for command, parser in commands(build_parser()):
        positionals = [a for a in parser._actions if not a.option_strings and kind(a)]
        for action in parser._actions:
            what = kind(action)
            if what is None or action.dest == "help":
                continue
            if what == "code" and command[0] == "six-card":
                what = "six-code"
            values = files.get(what) or VALUES.get(what, [])
            for value in values:
                given = [value if a is action else _filler(command, a, folder) for a in positionals]
                option = [action.option_strings[0], value] if action.option_strings else []
                if command == ("watch",):  # were a value taken, no window would open
                    option.append("--headless")
                label = f"{' '.join(command)} {action.option_strings[:1] or [action.dest]} {value[:30]!r}"
                out.append((label, [*command, *option, *given]))
    return out


def run_case(argv: list[str]) -> tuple[int, str]:
    """Run one command line as ``golfcli.main.start`` does (the crash guard), the window
    replaced by a stand-in; its exit status and stderr."""
    from golfcli import commands as cli
    from golfcli import crash

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            status: Any = crash.guard(lambda: cli.main(argv, window=lambda _args: 0))
        except SystemExit as done:
            status = done.code
    return (status if isinstance(status, int) else 1), err.getvalue()


def main() -> None:
    folder = Path(sys.argv[1])
    from golfcli import output

    output.configure_streams()
    for label, argv in cases(folder):
        status, err = run_case(argv)
        print(json.dumps({"label": label, "status": status, "stderr": err}), flush=True)


if __name__ == "__main__":
    main()
