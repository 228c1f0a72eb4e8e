"""Random-mutation fuzzing of the replay loader, the code parser and the command line.

    python bench/fuzz.py --cases 100000
    python bench/fuzz.py --quick        # 3,000 cases, a few seconds

Cases are shared round-robin between three targets; no Hypothesis needed (the test suite runs
Hypothesis versions and a short run of this file, ``tests/engine/test_fuzz.py``):

* ``replay``: the replay readers on the shipped sample replays of both games mutated byte by
  byte, line by line and by splicing, and on random text; a text is read as ``golf verify``
  reads a file (``golf.replay_files.is_six_card``: six-card Golf's reader when the text says
  ``game: six-card``, else solitaire's). It must return a replay or raise ``ReplayError``; a
  replay it returns must play back and be checked (``golf.replay_files.check``) without an
  exception.
* ``code``: ``golf.solitaire.codes.parse_code`` on mutated valid codes and random text. It must return a
  code or raise ``CodeError``; a code it returns must be written back the same way.
* ``cli``: ``golfcli.commands.main`` with random command lines built from the real commands, options,
  codes, files and random tokens (``play`` opens a stand-in window; ``watch`` is made headless).
  It may only end with exit status 0, 1 or 2 (a return or ``SystemExit``); files go to a
  temporary folder, and ``XDG_DATA_HOME``/``XDG_CONFIG_HOME`` point there too.

Every other exception is counted as uncaught and its first occurrences are printed; the exit
status is 1 when there is any.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import string
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from golf.replay_files import check, is_six_card  # noqa: E402
from golf.sixcard import replay as six_replay  # noqa: E402
from golf.solitaire import replay as solitaire_replay  # noqa: E402
from golf.solitaire.codes import CodeError, format_code, parse_code  # noqa: E402
from golf.solitaire.replay import ReplayError  # noqa: E402
from golfcli import commands as cli  # noqa: E402

SAMPLES: list[str] = [  # the samples of both games
    p.read_text(encoding="utf-8") for p in sorted((ROOT / "replays").glob("*.yaml"))
]
CODES = ["GO1-E-AAAAAAA", "GO1-C-AAAAAAC", "GO1-S-ABCDEFG", "go1-e-aaaaaab", "GO1-X-AAAAAAA"]
INTERESTING = [
    "",
    " ",
    "\n",
    "\x00",
    "\ufeff",
    "*a",
    "&a",
    "!!python/object:os.system",
    "- ",
    ": ",
    "{",
    "[",
    "]",
    "}",
    "'",
    '"',
    "#",
    "%YAML 1.1",
    "---",
    "...",
    "~",
    "null",
    "no",
    "yes",
    "1:30",
    "0x1F",
    "1e999",
    "-0",
    "NaN",
    ".inf",
    "9" * 40,
    "é",
    "♠",
    "\t",
    "\r\n",
    "<<: *a",
    "? ",
    "|",
    ">",
]


def _text(rng: random.Random, length: int) -> str:
    alphabet = string.printable + "éà♠♥♦♣\u200b\x00\x7f\ufeff"
    return "".join(rng.choice(alphabet) for _ in range(length))


def mutate(rng: random.Random, text: str) -> str:
    """``text`` with one to eight random mutations (characters, tokens, lines, splices)."""
    for _ in range(rng.randint(1, 8)):
        choice = rng.randrange(8)
        n = len(text)
        at = rng.randint(0, n)
        if choice == 0 and n:  # delete a span
            text = text[:at] + text[at + rng.randint(1, 20) :]
        elif choice == 1:  # insert random characters
            text = text[:at] + _text(rng, rng.randint(1, 8)) + text[at:]
        elif choice == 2:  # insert a YAML-ish token
            text = text[:at] + rng.choice(INTERESTING) + text[at:]
        elif choice == 3 and n:  # replace one character
            text = text[: max(at - 1, 0)] + _text(rng, 1) + text[at:]
        elif choice == 4:  # duplicate, drop or swap lines
            lines = text.split("\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            op = rng.randrange(3)
            if op == 0:
                lines.insert(j, lines[i])
            elif op == 1 and len(lines) > 1:
                del lines[i]
            else:
                lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        elif choice == 5:  # truncate
            text = text[:at]
        elif choice == 6 and SAMPLES:  # splice with another sample
            other = rng.choice(SAMPLES)
            cut = rng.randint(0, len(other))
            text = text[:at] + other[cut:]
        else:  # change a number
            digits = [k for k, ch in enumerate(text) if ch.isdigit()]
            if digits:
                k = rng.choice(digits)
                text = text[:k] + rng.choice(["0", "9", "-1", "99999", "1.5", "x"]) + text[k + 1 :]
    return text


# ----------------------------------------------------------------------------- the targets


def replay_case(text: str) -> str:
    """Read ``text`` with its game's reader and check it; the outcome's name (``ok`` or
    ``refused``); raises on an uncaught error."""
    replay: solitaire_replay.Replay | six_replay.SixReplay
    try:
        if is_six_card(text):
            replay = six_replay.loads(text, "fuzz.yaml")
        else:
            replay = solitaire_replay.loads(text, "fuzz.yaml")
    except ReplayError:
        return "refused"
    check(replay)  # plays it back, whatever it claims
    return "ok"


def code_case(text: str) -> str:
    try:
        code = parse_code(text)
    except CodeError:
        return "refused"
    written = format_code(code.number, code.rules)
    again = parse_code(written)
    if (again.number, again.rules) != (code.number, code.rules):
        raise AssertionError(f"{text!r} reads as {written!r}, which reads differently")
    return "ok"


def _window(args: argparse.Namespace) -> int:
    return 0


def cli_case(argv: Sequence[str]) -> str:
    """Run the command line quietly; its exit status as text; raises on anything else."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status: object = cli.main(list(argv), window=_window)
        except SystemExit as stop:
            status = 0 if stop.code is None else stop.code
    if status not in (0, 1, 2):
        raise AssertionError(f"exit status {status!r}")
    return f"exit {status}"


def random_argv(rng: random.Random, folder: Path) -> list[str]:
    """A command line from the real vocabulary, random values and random tokens."""
    commands = [
        ["play"], ["verify"], ["describe"], ["new-code"], ["watch"], ["stats"],
        ["sixcard", "record"], ["sixcard", "verify"], ["sixcard", "new-code"],
        ["sixcard", "simulate"], [], ["--help"], ["bogus"],
    ]  # fmt: skip
    options = [
        "--lang", "--rules", "--king-ace", "--queen-on-king", "--draw", "--jokers",
        "--empty-waste", "--scoring", "--json", "--headless", "--seed", "--frames",
        "--record", "--players", "--ai", "--grid", "--holes", "--peek", "--rounds", "--code",
        "--config-dir", "--screenshot", "--fullscreen", "-h", "--version", "--",
    ]  # fmt: skip
    values = [
        "en", "fr", "xx", "easy", "classic", "strict", "on", "off", "any", "points", "strokes",
        "0", "1", "2", "-1", "3", "abc", "", "6", "9", "18", "hard", "easy,hard", *CODES,
        *(str(p) for p in (ROOT / "replays").glob("*.yaml")),
        str(folder), str(folder / "out.yaml"), str(folder / "missing.yaml"), "-",
        str(ROOT / "replays"), str(ROOT / "assets"),
    ]  # fmt: skip
    argv = list(rng.choice(commands))
    for _ in range(rng.randint(0, 6)):
        pick = rng.random()
        if pick < 0.45:
            argv.append(rng.choice(options))
        elif pick < 0.85:
            argv.append(rng.choice(values))
        else:
            argv.append(_text(rng, rng.randint(0, 12)))
    if argv[:1] == ["watch"] and "--headless" not in argv:
        argv.append("--headless")  # the window itself would wait for a player
    return argv


def code_text(rng: random.Random) -> str:
    if rng.random() < 0.7:
        return mutate(rng, rng.choice(CODES))
    return _text(rng, rng.randint(0, 20))


def replay_text(rng: random.Random) -> str:
    if rng.random() < 0.9 and SAMPLES:
        return mutate(rng, rng.choice(SAMPLES))
    return _text(rng, rng.randint(0, 400))


# ----------------------------------------------------------------------------- the run


def run(cases: int, seed: int, show: int = 5, log: Callable[[str], None] = print) -> int:
    """Fuzz ``cases`` cases; the number of uncaught exceptions."""
    rng = random.Random(seed)
    outcomes: Counter[str] = Counter()
    uncaught = 0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="golf-fuzz-") as tmp:
        folder = Path(tmp)
        saved_env = {k: os.environ.get(k) for k in ("XDG_DATA_HOME", "XDG_CONFIG_HOME")}
        os.environ["XDG_DATA_HOME"] = str(folder / "data")
        os.environ["XDG_CONFIG_HOME"] = str(folder / "config")
        try:
            for n in range(cases):
                target = ("replay", "code", "cli")[n % 3]
                case: object
                try:
                    if target == "replay":
                        case = replay_text(rng)
                        outcome = replay_case(case)
                    elif target == "code":
                        case = code_text(rng)
                        outcome = code_case(case)
                    else:
                        case = random_argv(rng, folder)
                        outcome = cli_case(case)
                except Exception:  # what the fuzzing looks for
                    uncaught += 1
                    outcomes[f"{target} UNCAUGHT"] += 1
                    if uncaught <= show:
                        log(f"uncaught in {target} with {case!r}:\n{traceback.format_exc()}")
                    continue
                outcomes[f"{target} {outcome}"] += 1
        finally:
            for key, value in saved_env.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
    elapsed = time.perf_counter() - started
    log(
        f"{cases} cases in {elapsed:.1f} s, {uncaught} uncaught exceptions; "
        + ", ".join(f"{k}: {v}" for k, v in sorted(outcomes.items()))
    )
    return uncaught


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=100_000, help="how many cases (100000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the mutations")
    parser.add_argument("--quick", action="store_true", help="3000 cases (for CI)")
    args = parser.parse_args(argv)
    if args.quick:  # the quick sizes, unless given
        parser.set_defaults(cases=3000)
        args = parser.parse_args(argv)
    import logging

    logging.disable(logging.WARNING)  # refused files and codes are logged by the game
    return 0 if run(args.cases, args.seed) == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
