"""Every command in the README's and docs/*.md's code blocks runs, or says here why it does not:
docs that cannot rot.

A code block holds commands when it is labelled sh, bash, console or shell, or when it is
unlabelled and its first line starts with one of ``PROGRAMS``. Each command (``\\`` continuations
and indented wrapped lines joined, ``$`` prompts and ``#`` comments dropped) is either in
``NOT_RUN`` with its reason, or run: the game's own command line in-process
(``golfcli.commands.main``, the fast layer) or, when it starts processes or the window's scenes,
as a real program with a timeout (``processes``). A synopsis runs in its shortest form: its
``[optional]`` parts dropped and its placeholders replaced (``PLACEHOLDERS``). Each runs in a
folder of its own where ``replays/``, ``docs/`` and ``bench/`` are the checkout's, and must exit 0.
A new command that is neither runnable nor in ``NOT_RUN`` fails, naming its doc and line.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from golfcli import commands as cli

ROOT = Path(__file__).resolve().parents[2]
DOCS = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
SHELL_LANGUAGES = frozenset({"sh", "bash", "console", "shell"})
# the first word of a command in an unlabelled block; a block drawn with box lines is a picture
PROGRAMS = frozenset(
    {"python", ".venv/bin/python", "golf", "main.py", "make", "pytest", "pip", "pipx", "gunzip"}
)
PICTURE = re.compile("[─►│▼├└]")
FENCE = re.compile(r"^\s*```(\S*)")

# how the docs spell the game's command line; each means golfcli.commands.main(rest)
GOLF_PREFIXES = (
    ("python", "main.py"),
    (".venv/bin/python", "main.py"),
    ("python", "-m", "golfcli"),
    ("main.py",),
    ("golf",),
)
# a synopsis's placeholder (a whole word) → a real value from the checkout
PLACEHOLDERS = {
    "CODE": "GO1-E-AAAAAAA",
    "PATH": "replays/",
    "FILE": "replays/easy-win.yaml",
    "DIR": "replays/",
    "MODULE:FUNCTION": "docs/examples/greedy.py:choose",
    "LIST": "hard,easy",
}
# the game's commands that start processes or drive the window's scenes: run as a program
STARTS_PROCESSES = frozenset({"watch", "survey", "arena", "six-card"})

WINDOW = "opens a window"
BUILD = "builds the program (minutes; CI's make dist-check and make dist-onefile-check run it)"
INSTALL = "installs packages"
# the commands as the docs write them (continuations joined, comment dropped) → why not run
NOT_RUN = {
    "make play": WINDOW,
    "make test": "runs every layer of the tests and the linters (tens of minutes; CI runs it)",
    "pipx install dist/golf_solitaire-*.whl": INSTALL,
    "pip install dist/golf_solitaire-*.whl": INSTALL,
    "python main.py": WINDOW,
    "python main.py play GO1-C-AAAAAAB --record game.yaml": WINDOW,
    "python main.py watch replays/easy-win.yaml": WINDOW,
    "python main.py play [CODE] [rule options] [--lang en|fr] [--fullscreen] [--frames N] ...": (
        WINDOW
    ),
    "python main.py play [CODE] --record FILE": WINDOW,
    "python main.py watch FILE": WINDOW,
    "python main.py arena --player docs/examples/greedy.py:choose --deals 0-999 --jobs 2": (
        "runs for minutes (1000 deals; tests/cli/test_arena_cli.py runs the arena on a few)"
    ),
    "golf arena --player MODULE:FUNCTION [--deals A-B] [--rules easy|classic|strict] "
    "[rule options] [--secret-deals N [--secret-seed S]] [--jobs N] [--move-ms MS] [--batch N] "
    "[--in-process] [--record-losses DIR] [--no-hint] [--json] [--lang en|fr]": (
        "runs for about a minute (100 deals, the default; tests/cli/test_arena_cli.py and "
        "test_arena_process.py run it on a few)"
    ),
    "main.py chance CODE [--actions draw, play 3, ...] [rule options] [--json] [--max-states N] "
    "[--rollouts N] [--samples N] [--seed N] [--lang en|fr]": (
        "runs for about a minute (the exact chance of a fresh deal; the chance tests run it "
        "with --max-states)"
    ),
    "python main.py six-card simulate --players 4 --holes 9 --ai hard,easy,easy,easy "
    "--rounds 1000": (
        "runs for about 20 s on two cores (1000 rounds; tests/cli/test_sixcard_cli.py runs "
        "simulate on a few)"
    ),
    "make dist": BUILD,
    "make dist-check": BUILD,
    "make dist-onefile": BUILD,
    "make dist-onefile-check": BUILD,
    "python -m PyInstaller build.spec --noconfirm --clean": BUILD,
    "GOLF_ONEFILE=1 python -m PyInstaller build.spec --noconfirm --clean --distpath dist/onefile "
    "--workpath build/onefile": BUILD,
    "python scripts/screenshots.py": (
        "writes the README's pictures into docs/images (tests/project/test_screenshots.py runs "
        "it with --check)"
    ),
    "python scripts/screenshots.py --check": (
        "plays a journal of 300 games and the window for some seconds: "
        "tests/project/test_screenshots.py runs it"
    ),
    "python scripts/screenshots.py --all build/screens": (
        "draws every screen at four sizes in two languages (some 330 pictures, minutes): "
        "tests/window/test_screenshots_all.py runs it for one screen"
    ),
    "python scripts/screenshots.py --all build/screens --only game-over --size 800x600 "
    "--lang fr": "the same for one screen: tests/window/test_screenshots_all.py runs it",
    "python scripts/screenshots.py --all build/screens --table contrast": (
        "every screen again on another table (minutes): tests/window/test_screenshots_all.py "
        "runs the command for one screen"
    ),
    "gunzip -k bench/results/policy-new-v4.jsonl.gz": (
        "the first step of a run of hours (it writes beside the committed results)"
    ),
    "python bench/policy.py --out bench/results/policy-new-v4.jsonl --players new "
    "--deals 0-999 --jobs 2": "runs for hours (a benchmark; make bench runs it)",
    "python bench/policy.py --out cheap.jsonl --deals 0-999 --players "
    "clairvoyant,first,onestep,policy,lookahead": "runs for hours (a benchmark; make bench runs it)",
    "python bench/policy.py --out long.jsonl --deals 0-999 --players new,sampling "
    "--exact-states 30000 --jobs 2": "runs for hours (a benchmark; make bench runs it)",
    "python bench/policy.py --table cheap.jsonl long.jsonl --versus new,lookahead": (
        "reads the files the two commands above it write (hours)"
    ),
}


@dataclass(frozen=True)
class DocCommand:
    """One command of a doc's code block: where it is, its words as written, the block's
    commands before it (a ``mkdir`` a later command needs)."""

    doc: str
    line: int
    words: tuple[str, ...]
    before: tuple[tuple[str, ...], ...]

    @property
    def text(self) -> str:
        return " ".join(self.words)

    @property
    def where(self) -> str:
        return f"{self.doc}:{self.line}"


def _blocks(path: Path) -> list[tuple[str, list[tuple[int, str]]]]:
    """A doc's fenced code blocks: their label and their numbered lines."""
    blocks: list[tuple[str, list[tuple[int, str]]]] = []
    current: list[tuple[int, str]] | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fence = FENCE.match(line)
        if fence and current is None:
            current = []
            blocks.append((fence.group(1), current))
        elif fence:
            current = None
        elif current is not None:
            current.append((number, line))
    return blocks


def _is_command_block(label: str, lines: list[tuple[int, str]]) -> bool:
    if label in SHELL_LANGUAGES:
        return True
    if label or any(PICTURE.search(text) for _, text in lines):
        return False
    first = next((text for _, text in lines if text.strip()), "")
    words = first.strip().removeprefix("$ ").split()
    return bool(words) and words[0] in PROGRAMS


def _commands(doc: str, lines: list[tuple[int, str]]) -> list[DocCommand]:
    """The block's commands: a line ending in ``\\`` or followed by an indented line goes on."""
    joined: list[tuple[int, str]] = []
    for number, text in lines:
        if joined and (joined[-1][1].endswith("\\") or text[:1].isspace()):
            joined[-1] = (joined[-1][0], joined[-1][1].removesuffix("\\") + " " + text.strip())
        elif text.strip():
            joined.append((number, text.strip().removeprefix("$ ")))
    found: list[DocCommand] = []
    for number, text in joined:
        words = tuple(shlex.split(text, comments=True))
        if words:
            found.append(DocCommand(doc, number, words, tuple(c.words for c in found)))
    return found


def doc_commands() -> list[DocCommand]:
    found: list[DocCommand] = []
    for path in DOCS:
        doc = path.relative_to(ROOT).as_posix()
        for label, lines in _blocks(path):
            if _is_command_block(label, lines):
                found.extend(_commands(doc, lines))
    return found


def runnable(words: tuple[str, ...]) -> tuple[str, ...]:
    """A synopsis in its shortest form: ``[optional]`` parts and ``...`` dropped, placeholders
    replaced."""
    kept: list[str] = []
    depth = 0
    for word in words:
        if depth or word.startswith("["):
            depth += word.count("[") - word.count("]")
            continue
        word = word.removesuffix("...")
        if word:
            kept.append(PLACEHOLDERS.get(word, word))
    return tuple(kept)


def how_to_run(words: tuple[str, ...]) -> tuple[str, list[str]] | None:
    """``("in-process", golf's argv)``, ``("program", argv)``, or None: nothing here knows it."""
    for prefix in GOLF_PREFIXES:
        if words[: len(prefix)] == prefix:
            argv = list(words[len(prefix) :])
            if "--jobs" in argv or (argv and argv[0] in STARTS_PROCESSES):
                return "program", [sys.executable, str(ROOT / "main.py"), *argv]
            return "in-process", argv
    if words[:1] == ("python",) and len(words) > 1 and words[1].startswith(("bench/", "scripts/")):
        return "program", [sys.executable, *words[1:]]
    if words[:2] == ("mkdir", "-p"):
        return "in-process", list(words)
    return None


COMMANDS = doc_commands()
RUN = [c for c in COMMANDS if c.text not in NOT_RUN]
IN_PROCESS = [c for c in RUN if (h := how_to_run(runnable(c.words))) and h[0] == "in-process"]
PROGRAM = [c for c in RUN if (h := how_to_run(runnable(c.words))) and h[0] == "program"]


def _ids(command: DocCommand) -> str:
    return f"{command.where} {command.text}"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder of its own for a command's files, with the checkout's replays, docs and bench."""
    for name in ("replays", "docs", "bench"):
        (tmp_path / name).symlink_to(ROOT / name, target_is_directory=True)
    return tmp_path


def _run_in_process(argv: list[str], folder: Path) -> int:
    if argv[:2] == ["mkdir", "-p"]:
        for name in argv[2:]:
            (folder / name).mkdir(parents=True, exist_ok=True)
        return 0
    try:
        return cli.main(argv)
    except SystemExit as e:  # --version and --help end through argparse
        return e.code if isinstance(e.code, int) else 1


def _prepare(command: DocCommand, folder: Path) -> None:
    """The block's ``mkdir`` lines before the command, as a reader would have run them."""
    for words in command.before:
        if words[:2] == ("mkdir", "-p"):
            _run_in_process(list(words), folder)


def test_the_docs_have_commands_and_each_is_run_or_says_why_not() -> None:
    assert len(COMMANDS) > 30 and len(IN_PROCESS) > 5 and len(PROGRAM) > 3
    unknown = [f"{c.where}: {c.text}" for c in RUN if how_to_run(runnable(c.words)) is None]
    assert not unknown, (
        "commands in the docs that no test runs; make them runnable here or add them to "
        "NOT_RUN with the reason:\n" + "\n".join(unknown)
    )


def test_every_command_not_run_is_still_in_the_docs() -> None:
    texts = {c.text for c in COMMANDS}
    assert not [text for text in NOT_RUN if text not in texts]


@pytest.mark.parametrize("command", IN_PROCESS, ids=_ids)
def test_a_documented_command_runs_in_process(
    command: DocCommand,
    folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(folder)
    _prepare(command, folder)
    found = how_to_run(runnable(command.words))
    assert found is not None
    status = _run_in_process(found[1], folder)
    out, err = capsys.readouterr()
    assert status == 0, f"{command.where}: {command.text} exited {status}\n{out}\n{err}"


@pytest.mark.processes
@pytest.mark.timeout(120)
@pytest.mark.parametrize("command", PROGRAM, ids=_ids)
def test_a_documented_command_runs_as_a_program(command: DocCommand, folder: Path) -> None:
    _prepare(command, folder)
    found = how_to_run(runnable(command.words))
    assert found is not None
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        found[1], cwd=folder, env=env, capture_output=True, text=True, timeout=90, check=False
    )
    assert done.returncode == 0, (
        f"{command.where}: {command.text} exited {done.returncode}\n{done.stdout}\n{done.stderr}"
    )
