"""The ``verify`` command: play replay files of either game back and check them; and what
``verify`` and ``watch --headless`` share: the list of replay files (files named, folders
walked) and the report of each file's judgement (``golf.replay_judgement.judge``) as text, JSON or
TAP, with a JUnit XML file for CI and the exit status.

With ``--jobs N`` the files are judged in N spawned processes; the report is the same, in the
order of the files. When the reader of the output goes away (``verify replays/ | head -1``),
the command stops quietly and its status is that of the files checked until then.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import re
import stat
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from golf.core.fileio import atomic_write_text
from golf.core.translations import LANGUAGES, SOURCE_LANGUAGE, text
from golf.replay_judgement import DIFFERS, UNREADABLE, Judgement, judge_file
from golfcli.language import say
from golfcli.options import (
    EXIT_BAD_INPUT,
    EXIT_FAILED,
    EXIT_OK,
    MAX_JOBS,
    UsageError,
    within,
)
from golfcli.paths import name_problem, os_error_text, output_file, shown

__all__ = [
    "FORMATS",
    "Checked",
    "add_verify_options",
    "check_files",
    "junit_xml",
    "register",
    "replay_files",
    "report_checks",
    "run_verify",
    "status_of",
]

FORMATS: Final = ("text", "json", "tap")
"""The forms of ``--format``: a line a file, one JSON document, TAP version 14."""

SUITE: Final = "golf verify"
"""The JUnit test suite's name."""


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
            raise UsageError(say("cli.path.problem", name=shown(name), problem=problem))
        p = Path(name)
        try:
            kind = stat.S_IFMT(p.stat().st_mode)
        except FileNotFoundError:
            raise UsageError(say("cli.path.missing", name=shown(name))) from None
        except OSError as error:
            raise UsageError(os_error_text(error, name)) from None
        if kind == stat.S_IFDIR:
            found = sorted(_yaml_files(p))
            if not found:
                raise UsageError(say("cli.verify.no_replays", name=shown(name)))
            out.extend(found)
        elif kind == stat.S_IFREG:
            out.append(p)
        else:
            raise UsageError(say("cli.path.not_file_or_folder", name=shown(name)))
    return out


# --- judging the files ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Checked:
    """A file's judgement and the seconds it took (reading, playing again, a table's playing)."""

    judgement: Judgement
    seconds: float


def _judged(task: tuple[str, bool | None, str]) -> Checked:
    """One file judged (in a worker process with ``--jobs``)."""
    path, six_card, lang = task
    start = time.perf_counter()
    judgement = judge_file(path, six_card, lang)
    return Checked(judgement, time.perf_counter() - start)


def check_files(
    files: Sequence[Path], six_card: bool | None, jobs: int, lang: str = SOURCE_LANGUAGE
) -> Generator[Checked, None, None]:
    """Each file judged, in the order given, on ``jobs`` spawned processes (1: here), its
    messages in ``lang``. Close the iterator to stop early: the workers end with it."""
    tasks = [(str(path), six_card, lang) for path in files]
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(_judged, tasks)
        return
    with multiprocessing.get_context("spawn").Pool(min(jobs, len(tasks))) as pool:
        yield from pool.imap(_judged, tasks, chunksize=1)


def status_of(checked: Iterable[Checked]) -> int:
    """2 when a file could not be read, else 1 when a replay differs, else 0."""
    verdicts = {c.judgement.verdict for c in checked}
    if UNREADABLE in verdicts:
        return EXIT_BAD_INPUT
    return EXIT_FAILED if DIFFERS in verdicts else EXIT_OK


# --- the report -----------------------------------------------------------------------------------


class _Report:
    """One form of the report: ``start`` before the first file, ``add`` as each file is judged
    (its number from 1), ``end`` after the last. The messages are in the judgements' language;
    a form for machines (JSON, TAP) keeps its keys in English, the text form is in ``lang``."""

    def __init__(self, lang: str = SOURCE_LANGUAGE) -> None:
        self.lang = lang

    def start(self, total: int) -> None:
        pass

    def add(self, number: int, checked: Checked) -> None:
        pass

    def end(self, done: Sequence[Checked]) -> None:
        pass


class _Text(_Report):
    """A line a file as it is judged; an unreadable file's on stderr."""

    def add(self, number: int, checked: Checked) -> None:
        j = checked.judgement
        if j.passed:
            print(text(self.lang, "cli.verify.ok", file=j.path), flush=True)
        else:
            stream = sys.stderr if j.verdict == UNREADABLE else sys.stdout
            line = text(self.lang, "cli.verify.fail", file=j.path, message=j.message)
            print(line, file=stream, flush=True)


_TAP_ESCAPED: Final = re.compile(r"[\\#]")


def _tap_description(path: str) -> str:
    """A file name as a TAP test's description: ``#`` and ``\\`` escaped (a ``#`` would start a
    directive), on one line."""
    name = _TAP_ESCAPED.sub(lambda m: "\\" + m.group(0), path)
    return name.replace("\n", "\\n").replace("\r", "\\r")


class _Tap(_Report):
    """TAP version 14: the plan first, a test point a file as it is judged, and a YAML block
    under each that does not pass (JSON strings are YAML)."""

    def start(self, total: int) -> None:
        print(f"TAP version 14\n1..{total}", flush=True)

    def add(self, number: int, checked: Checked) -> None:
        j = checked.judgement
        name = _tap_description(j.path)
        if j.passed:
            print(f"ok {number} - {name}", flush=True)
            return
        lines = [
            f"not ok {number} - {name}",
            "  ---",
            f"  verdict: {j.verdict}",
            f"  message: {json.dumps(j.message)}",
            "  details:",
            *(f"    - {json.dumps(detail)}" for detail in j.details),
            f"  seconds: {checked.seconds:.3f}",
            "  ...",
        ]
        print("\n".join(lines), flush=True)


def _file_entry(checked: Checked) -> dict[str, Any]:
    j = checked.judgement
    return {
        "file": j.path,
        "verdict": j.verdict,
        "message": j.message,
        "details": list(j.details),
        "seconds": round(checked.seconds, 6),
    }


class _Json(_Report):
    """One JSON document once every file is judged."""

    def end(self, done: Sequence[Checked]) -> None:
        verdicts = [c.judgement.verdict for c in done]
        document = {
            "files": [_file_entry(c) for c in done],
            "passed": len(done) - verdicts.count(DIFFERS) - verdicts.count(UNREADABLE),
            "differs": verdicts.count(DIFFERS),
            "unreadable": verdicts.count(UNREADABLE),
            "status": status_of(done),
        }
        print(json.dumps(document), flush=True)


_XML_REFUSED: Final = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml_text(text: str) -> str:
    """``text`` with what XML 1.0 cannot hold (control characters, a file name's undecodable
    bytes) written as Python escapes them."""
    return _XML_REFUSED.sub(lambda m: m.group(0).encode("unicode_escape").decode("ascii"), text)


def junit_xml(done: Sequence[Checked]) -> str:
    """The JUnit XML report of the files judged: a testcase a file with its time; a replay
    that differs has a ``<failure>``, a file that cannot be read an ``<error>``."""
    verdicts = [c.judgement.verdict for c in done]
    counts = {
        "tests": str(len(done)),
        "failures": str(verdicts.count(DIFFERS)),
        "errors": str(verdicts.count(UNREADABLE)),
        "time": f"{sum(c.seconds for c in done):.3f}",
    }
    root = ET.Element("testsuites", {"name": SUITE, **counts})
    suite = ET.SubElement(root, "testsuite", {"name": SUITE, **counts, "skipped": "0"})
    for checked in done:
        j = checked.judgement
        name = _xml_text(j.path)
        case = ET.SubElement(
            suite,
            "testcase",
            {"classname": "verify", "name": name, "file": name, "time": f"{checked.seconds:.3f}"},
        )
        if not j.passed:
            tag = "failure" if j.verdict == DIFFERS else "error"
            problem = ET.SubElement(case, tag, {"message": _xml_text(j.message), "type": j.verdict})
            problem.text = _xml_text("\n".join(j.details))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"


_REPORTS: Final[dict[str, type[_Report]]] = {"text": _Text, "json": _Json, "tap": _Tap}


def _quiet_closed_streams() -> None:
    """The reader of stdout or stderr has gone: what is left in that stream's buffer goes to
    the null device, so Python's last flush at exit prints no error (the Python docs' way
    with a closed pipe)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except BrokenPipeError:
                with contextlib.suppress(OSError, ValueError):
                    os.dup2(devnull, stream.fileno())
            except (OSError, ValueError):  # closed, or not a file: nothing left to flush
                pass
    finally:
        os.close(devnull)


def report_checks(
    checked: Iterable[Checked],
    total: int,
    form: str = "text",
    junit: Path | None = None,
    lang: str = SOURCE_LANGUAGE,
) -> int:
    """Report each file as it comes (``form``: text, json or tap; the text form's words in
    ``lang``), write the JUnit file when asked, and return the exit status of the files judged.
    A closed output stops the report quietly: the status and the JUnit file are those of the
    files judged until then."""
    done: list[Checked] = []
    writer = _REPORTS[form](lang)
    try:
        writer.start(total)
        for item in checked:
            done.append(item)
            writer.add(len(done), item)
        writer.end(done)
    except BrokenPipeError:
        _quiet_closed_streams()
    if junit is not None:
        atomic_write_text(junit, junit_xml(done))
    return status_of(done)


# --- the command ----------------------------------------------------------------------------------


def run_verify(args: argparse.Namespace, six_card: bool | None = None) -> int:
    """Judge each file and report it; ``six_card`` reads every file as that game's (None: each
    file says which)."""
    files = replay_files(args.paths)
    with contextlib.closing(check_files(files, six_card, args.jobs, args.lang)) as checked:
        return report_checks(checked, len(files), args.format, args.junit, args.lang)


def add_verify_options(parser: argparse.ArgumentParser, lang: str, paths_help: str) -> None:
    """The paths and the report's options, for ``verify`` and ``six-card verify``, their help
    in ``lang``; the exit statuses in the help."""

    def say(key: str) -> str:
        return text(lang, f"cli.help.verify.{key}")

    parser.add_argument("paths", nargs="+", metavar="PATH", help=paths_help)
    parser.add_argument("--format", choices=FORMATS, default="text", help=say("format"))
    parser.add_argument("--junit", type=output_file, metavar="FILE", help=say("junit"))
    parser.add_argument(
        "--jobs", type=within(1, MAX_JOBS), default=1, metavar="N", help=say("jobs")
    )
    parser.add_argument("--lang", choices=LANGUAGES, default=lang, help=text(lang, "cli.help.lang"))
    parser.epilog = say("epilog")
    parser.formatter_class = argparse.RawDescriptionHelpFormatter


def register(subparsers: argparse._SubParsersAction[Any], lang: str) -> None:
    """Add ``verify PATH...``, its help in ``lang``."""
    help_text = text(lang, "cli.help.verify")
    parser = subparsers.add_parser("verify", help=help_text, description=help_text)
    add_verify_options(parser, lang, text(lang, "cli.help.verify.paths"))
    parser.set_defaults(run=run_verify)
