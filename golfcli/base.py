"""The headless command line: verify replays, describe a deal, make a code; and the rule options.

``main.py`` calls :func:`main`. Other modules add subcommands through :data:`COMMANDS` (or
:func:`register_command`), or — the modules named in :data:`PLUGINS`, such as
``golfcli.solver``, when they exist — through their ``register(subparsers)``; a subcommand's
parser sets ``run`` (``args -> exit status``) as a default. The game window is not part of ``golf``: ``main.py`` passes a ``window`` function that
the ``play`` command (and no command at all) calls.

Exit status: 0 all is well, 1 a replay failed or an action was refused, 2 bad input (a wrong
code, a bad file, a bad option) — always one line on stderr and no traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from golf.core.deal import MAX_DEAL
from golf.core.yamlfile import read_text
from golf.solitaire.codes import CodeError, format_code, parse_code
from golf.solitaire.describe import describe
from golf.solitaire.engine import Action
from golf.solitaire.replay import MAX_BYTES, Replay, ReplayError, loads, verify
from golf.solitaire.rules import EASY, PRESETS, Rules
from golf.solitaire.session import Game

if TYPE_CHECKING:
    from golf.sixcard.replay import SixReplay

PROG = "golf" if getattr(sys, "frozen", False) else "main.py"
EXIT_OK = 0
EXIT_FAILED = 1
EXIT_BAD_INPUT = 2

Run = Callable[[argparse.Namespace], int]


class UsageError(Exception):
    """Bad input from the command line: reported as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors on one line (status 2) rather than the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message} (see {self.prog} --help)\n")


@dataclass(frozen=True)
class Command:
    """A subcommand: its name, one line of help, its options and what it does."""

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Run


COMMANDS: list[Command] = []

PLUGINS: list[str] = ["golfcli.solver", "golfcli.stats", "golfcli.sixcard"]
"""Modules that add their subcommands with ``register(subparsers)``, when they are present."""


def register_command(command: Command) -> None:
    """Add a subcommand (replacing one of the same name)."""
    COMMANDS[:] = [c for c in COMMANDS if c.name != command.name]
    COMMANDS.append(command)


# --- rule options, shared by every command that deals a game ------------------------------------


def _on_off(text: str) -> bool:
    t = text.strip().lower()
    if t in ("on", "yes", "true", "1"):
        return True
    if t in ("off", "no", "false", "0"):
        return False
    raise argparse.ArgumentTypeError(f"{text!r} is not on or off")


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """``--rules`` and one option per switch of SPEC §3 (each overrides the preset)."""
    group = parser.add_argument_group("rules")
    group.add_argument(
        "--rules",
        choices=sorted(PRESETS),
        help="rule preset (default: easy, or the code's rules)",
    )
    group.add_argument(
        "--king-ace", type=_on_off, metavar="on|off", help="A on K and K on A (King–Ace link)"
    )
    group.add_argument(
        "--queen-on-king", type=_on_off, metavar="on|off", help="a Queen may go on a King"
    )
    group.add_argument(
        "--draw",
        choices=("any", "stuck"),
        help="draw at any time, or only when no card can be played",
    )
    group.add_argument("--jokers", type=int, choices=(0, 1, 2), help="wild jokers in the deck")
    group.add_argument(
        "--empty-waste",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="the waste starts empty",
    )
    group.add_argument("--scoring", choices=("points", "strokes"), help="how the game is scored")


def rules_from_args(args: argparse.Namespace, base: Rules = EASY) -> Rules:
    """The rules the options ask for: ``--rules`` (else ``base``), then each switch given."""
    preset = getattr(args, "rules", None)
    rules = PRESETS[preset] if preset else base
    changes: dict[str, object] = {}
    for option, field_name in (
        ("king_ace", "king_ace"),
        ("queen_on_king", "queen_on_king"),
        ("jokers", "jokers"),
        ("empty_waste", "empty_waste"),
        ("scoring", "scoring"),
    ):
        value = getattr(args, option, None)
        if value is not None:
            changes[field_name] = value
    draw = getattr(args, "draw", None)
    if draw is not None:
        changes["draw_any_time"] = draw == "any"
    return rules.with_(**changes) if changes else rules


def _code_and_rules(text: str, args: argparse.Namespace) -> tuple[int, Rules]:
    try:
        code = parse_code(text)
    except CodeError as e:
        raise UsageError(e.text("en")) from None
    return code.number, rules_from_args(args, code.rules)


# --- verify ---------------------------------------------------------------------------------------


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
    """The files named, and every ``*.yaml``/``*.yml`` under the folders named, in order."""
    out: list[Path] = []
    for name in paths:
        p = Path(name)
        if p.is_dir():
            found = sorted(_yaml_files(p))
            if not found:
                raise UsageError(f"{name}: no replay files (*.yaml, *.yml) in this folder")
            out.extend(found)
        elif p.is_file():
            out.append(p)
        else:
            raise UsageError(f"{name}: no such file or folder")
    return out


def _add_verify(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH", help="replay files or folders")


_SIX_CARD = re.compile(r"""^game:[ \t]*['"]?six-card['"]?[ \t]*(?:#.*)?$""", re.MULTILINE)


def is_six_card(text: str) -> bool:
    """Whether replay ``text`` is a six-card Golf file (its top-level ``game: six-card`` line)."""
    return _SIX_CARD.search(text) is not None


def load_any(path: Path) -> Replay | SixReplay:
    """A solitaire or a six-card replay file, read with its own strict reader; raises
    :class:`ReplayError` for a file that cannot be read."""
    text = read_text(path, MAX_BYTES)
    if is_six_card(text):
        from golf.sixcard import replay as six_replay

        return six_replay.loads(text, str(path))
    return loads(text, str(path))


def verify_file(path: Path, six_card: bool | None = None) -> list[str]:
    """What differs between a replay file and its game played again (nothing: an empty list).

    Solitaire and six-card replays alike, told apart by the six-card file's top-level
    ``game: six-card`` line unless ``six_card`` says which. Raises :class:`ReplayError` for a
    file that cannot be read.
    """
    text = read_text(path, MAX_BYTES)
    if six_card or (six_card is None and _SIX_CARD.search(text)):
        from golf.sixcard import replay as six_replay

        return six_replay.verify(six_replay.loads(text, str(path)))
    return verify(loads(text, str(path)))


def run_verify(args: argparse.Namespace, six_card: bool | None = None) -> int:
    status = EXIT_OK
    for path in replay_files(args.paths):
        try:
            problems = verify_file(path, six_card)
        except ReplayError as e:
            print(f"FAIL {e}", file=sys.stderr, flush=True)
            status = EXIT_BAD_INPUT
            continue
        if problems:
            print(f"FAIL {path}: {problems[0]}", flush=True)
            status = max(status, EXIT_FAILED)
        else:
            print(f"ok   {path}", flush=True)
    return status


# --- describe -------------------------------------------------------------------------------------

_STATUS_WORDS = {
    "en": {"playing": "playing", "won": "won", "blocked": "blocked"},
    "fr": {"playing": "en cours", "won": "gagnée", "blocked": "bloquée"},
}


def parse_actions(text: str) -> list[Action]:
    """``"draw, play 5, play 2"`` (commas or semicolons between actions)."""
    out = []
    for part in re.split(r"[,;]", text):
        token = part.strip()
        if token:
            try:
                out.append(Action.parse(token))
            except ValueError as e:
                raise UsageError(f"--actions: {e}") from None
    return out


def _add_describe(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", metavar="CODE", help="a game code such as GO1-E-AAAAAAB")
    parser.add_argument("--lang", choices=("en", "fr"), default="en", help="language of the text")
    parser.add_argument(
        "--actions", default="", metavar="LIST", help='actions to play first, e.g. "draw, play 5"'
    )
    add_rule_options(parser)


def run_describe(args: argparse.Namespace) -> int:
    number, rules = _code_and_rules(args.code, args)
    actions = parse_actions(args.actions)
    game = Game.new(number, rules)
    for i, action in enumerate(actions, start=1):
        refused = game.apply(action)
        if refused is not None:
            print(f"action {i} ({action}): {refused.text(args.lang)}", file=sys.stderr)
            return EXIT_FAILED
    lang = args.lang
    print(format_code(number, rules))
    print(describe(game.position, lang))
    if lang == "fr":
        print(f"coups : {game.moves} ; score : {game.score} ; {_STATUS_WORDS['fr'][game.status]}")
    else:
        print(f"moves: {game.moves}; score: {game.score}; {_STATUS_WORDS['en'][game.status]}")
    return EXIT_OK


# --- new-code -------------------------------------------------------------------------------------


def _add_new_code(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--seed", type=int, help="seed of the random choice (for repeatable output)"
    )
    add_rule_options(parser)


def run_new_code(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    print(format_code(rng.randrange(MAX_DEAL), rules_from_args(args)))
    return EXIT_OK


# --- play (the window) ----------------------------------------------------------------------------


def _add_play(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "code", nargs="?", metavar="CODE", help="deal this code (default: a new one)"
    )
    add_rule_options(parser)
    window = parser.add_argument_group("window")
    window.add_argument("--lang", choices=("en", "fr"), help="language for this run")
    window.add_argument(
        "--fullscreen", action=argparse.BooleanOptionalAction, default=None, help="full screen"
    )
    window.add_argument("--config-dir", metavar="DIR", help="where the settings file lives")
    window.add_argument("--seed", type=int, help="seed of the random deals and effects")
    window.add_argument(
        "--frames", type=_positive, metavar="N", help="close after N frames (tests, benchmarks)"
    )
    window.add_argument("--screenshot", metavar="PNG", help="save the last frame before closing")
    window.add_argument(
        "--record",
        metavar="FILE",
        help="also write the game's replay to FILE (when it ends or the window closes)",
    )
    window.add_argument(
        "--autoplay",
        type=int,
        metavar="SEED",
        help="press random keys (tests): Continue or play from the title, then the table's "
        "keys; print the game's state as JSON lines after every change",
    )
    window.add_argument(
        "--autoplay-game",
        choices=("solitaire", "six-card"),
        help="the game --autoplay plays (default solitaire; six-card: through its setup window)",
    )


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return value


def _run_play_unset(args: argparse.Namespace) -> int:
    print("The game window is not available yet", file=sys.stderr)
    return EXIT_FAILED


def _prepare_play(args: argparse.Namespace) -> None:
    """Check the code before a window opens; leave the final code and rules on ``args``."""
    if args.code:
        number, rules = _code_and_rules(args.code, args)
        args.code = format_code(number, rules)
    else:
        rules = rules_from_args(args)
    args.game_rules = rules


register_command(
    Command("verify", "play replay files back and check them", _add_verify, run_verify)
)
register_command(
    Command("describe", "print the board description of a deal", _add_describe, run_describe)
)
register_command(Command("new-code", "print a random game code", _add_new_code, run_new_code))
register_command(Command("play", "open the game window (the default)", _add_play, _run_play_unset))


# --- watch (the window, or the same scenes headless) ----------------------------------------------


def _add_watch(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="+",
        metavar="FILE",
        help="a replay file (with --headless: files or folders of *.yaml / *.yml)",
    )
    parser.add_argument(
        "--headless",
        action="store_true",
        help="play the replay through the game's scenes without a window, as fast as possible, "
        "and check the final position and result (exit 1 naming the first difference)",
    )
    parser.add_argument("--lang", choices=("en", "fr"), help="language for this run")
    parser.add_argument("--config-dir", metavar="DIR", help="where the settings file lives")
    parser.add_argument(
        "--frames", type=_positive, metavar="N", help="close after N frames (tests, benchmarks)"
    )
    parser.add_argument("--screenshot", metavar="PNG", help="save the last frame before closing")


def run_watch(args: argparse.Namespace) -> int:
    """Check every file can be read here (exit 2 with its one-line error), then open scenes.

    The scenes (and pygame) are imported only now, so the other commands stay headless.
    """
    files = replay_files(args.paths)
    if not args.headless and len(files) != 1:
        raise UsageError("watch opens one replay in the window (use --headless for several)")
    for path in files:
        load_any(path)
    if args.headless:  # before pygame is imported: SDL reads these once
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    try:
        watch = importlib.import_module("scenes.solitaire.watch")
    except ModuleNotFoundError as e:
        if e.name not in ("scenes", "scenes.solitaire.watch", "pygame"):
            raise
        print("The game window is not available in this build", file=sys.stderr)
        return EXIT_FAILED
    return int(watch.run_command(args, files))


register_command(
    Command("watch", "watch a replay in the window, or check it headless", _add_watch, run_watch)
)


# --- the parser and main --------------------------------------------------------------------------


def build_parser(plugins: bool = True) -> argparse.ArgumentParser:
    """The whole command line, with every registered subcommand.

    ``plugins=False`` leaves out the subcommands of :data:`PLUGINS`: a built-in command such as
    ``play`` then starts without importing the solver, the statistics and six-card Golf.
    """
    parser = _Parser(prog=PROG, description="Golf solitaire.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        sub = subparsers.add_parser(command.name, help=command.help, description=command.help)
        command.add_arguments(sub)
        sub.set_defaults(run=command.run)
    for name in PLUGINS if plugins else ():
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
        else:
            module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None, window: Run | None = None) -> int:
    """Run the command line; returns the exit status. ``window`` opens the game (``play``)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or (args_list[0].startswith("-") and args_list[0] not in ("-h", "--help")):
        args_list.insert(0, "play")
    builtin = args_list[0] in {c.name for c in COMMANDS}
    parser = build_parser(plugins=not builtin)
    args = parser.parse_args(args_list)
    try:
        if args.command == "play":
            _prepare_play(args)
            return (window or _run_play_unset)(args)
        run: Run = args.run
        return run(args)
    except (UsageError, ReplayError) as e:
        print(f"{PROG}: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return EXIT_FAILED
