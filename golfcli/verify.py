"""The ``verify`` command: play replay files of either game back and check them; and the list of
replay files that ``verify`` and ``watch --headless`` share (files named, folders walked)."""

from __future__ import annotations

import argparse
import os
import stat
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from golf.replay_files import verify_file
from golf.solitaire.replay import ReplayError
from golfcli.options import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, UsageError
from golfcli.output import one_line
from golfcli.paths import name_problem, os_error_text, shown

__all__ = ["register", "replay_files", "run_verify"]


def _yaml_files(folder: Path) -> list[Path]:
    """Every ``*.yaml``/``*.yml`` file under ``folder``; parts that vanish or cannot be listed
    while walking (a folder deleted meanwhile, one without permission) are skipped."""
    found: list[Path] = []
    for root, _dirs, files in os.walk(folder, onerror=lambda _error: None):
        for name in files:
            f = Path(root) / name
            if f.suffix in (".yaml", ".yml") and f.is_file():
                found.append(f)
    return found


def replay_files(paths: Sequence[str]) -> list[Path]:
    """The files named, and every ``*.yaml``/``*.yml`` under the folders named, in order; a
    name that is no file or folder (too long, missing, a device or a pipe) is a
    :class:`UsageError`."""
    out: list[Path] = []
    for name in paths:
        problem = name_problem(name)
        if problem is not None:
            raise UsageError(f"{shown(name)}: {problem}")
        p = Path(name)
        try:
            kind = stat.S_IFMT(p.stat().st_mode)
        except FileNotFoundError:
            raise UsageError(f"{shown(name)}: no such file or folder") from None
        except OSError as error:
            raise UsageError(os_error_text(error, name)) from None
        if kind == stat.S_IFDIR:
            found = sorted(_yaml_files(p))
            if not found:
                raise UsageError(f"{shown(name)}: no replay files (*.yaml, *.yml) in this folder")
            out.extend(found)
        elif kind == stat.S_IFREG:
            out.append(p)
        else:
            raise UsageError(f"{shown(name)}: not a regular file or folder")
    return out


def run_verify(args: argparse.Namespace, six_card: bool | None = None) -> int:
    """Each file: ``ok`` or ``FAIL`` and the first difference; ``six_card`` reads every file as
    that game's (None: each file says which)."""
    status = EXIT_OK
    for path in replay_files(args.paths):
        try:
            problems = verify_file(path, six_card)
        except ReplayError as e:
            print(f"FAIL {one_line(str(e))}", file=sys.stderr, flush=True)
            status = EXIT_BAD_INPUT
            continue
        if problems:
            print(f"FAIL {path}: {one_line(problems[0])}", flush=True)
            status = max(status, EXIT_FAILED)
        else:
            print(f"ok   {path}", flush=True)
    return status


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``verify PATH...``."""
    help_text = "play replay files back and check them"
    parser = subparsers.add_parser("verify", help=help_text, description=help_text)
    parser.add_argument("paths", nargs="+", metavar="PATH", help="replay files or folders")
    parser.set_defaults(run=run_verify)
