"""Every command of the program, in one list, and the parser and dispatch that use it.

A command module (``golfcli.verify``, ``golfcli.solver``, …) has a ``register(subparsers)``
that adds its subcommands; each subcommand's parser sets ``run`` (``args -> exit status``) as its
default. :data:`COMMANDS` lists the modules with the subcommand names each adds — the one place a
new command is added. The modules of the solver, the statistics, the history and six-card Golf
are imported only when one of their commands (or the whole help) is asked for, so ``play``
starts without them.

``play`` (and no command at all) opens the window that :func:`main` is given: ``golfcli.main``
passes the real one, tests a stand-in. ``--version`` prints :func:`version` and nothing else.
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, NoReturn

from golf.core.translations import text
from golf.solitaire.replay import ReplayError
from golfcli import solitaire, verify, watch
from golfcli.language import run_language, say, speaking
from golfcli.options import EXIT_BAD_INPUT, EXIT_FAILED, Run, UsageError
from golfcli.output import error_line
from golfcli.paths import os_error_text
from golfcli.version import version
from golfcli.window import prepare_play
from golfcli.window import register as register_play

__all__ = ["COMMANDS", "PROG", "Commands", "build_parser", "main", "version"]


def _program_name(argv0: str, frozen: bool) -> str:
    """How the player started the program, for usage lines and messages: ``golf`` (the
    installed command or the built program), ``python -m golfcli``, or ``main.py``."""
    path = Path(argv0.replace("\\", "/"))  # a Windows path read anywhere
    if frozen or path.name.lower() in ("golf", "golf.exe"):
        return "golf"
    if path.name == "__main__.py" and path.parent.name == "golfcli":
        return "python -m golfcli"
    return "main.py"


PROG: Final = _program_name(sys.argv[0] if sys.argv else "", getattr(sys, "frozen", False))
VERSION_OPTION: Final = "--version"


Register = Callable[["argparse._SubParsersAction[Any]", str], None]
"""A command module's ``register``: it adds its subcommands to an argparse subparsers object,
their help in the language given."""


@dataclass(frozen=True)
class Commands:
    """The subcommands one module adds, and its ``register``."""

    names: tuple[str, ...]
    register: Register


def _solver(subparsers: argparse._SubParsersAction[Any], lang: str) -> None:
    from golfcli import solver

    solver.register(subparsers, lang)


def _chance(subparsers: argparse._SubParsersAction[Any], lang: str) -> None:
    from golfcli import chance

    chance.register(subparsers, lang)


def _arena(subparsers: argparse._SubParsersAction[Any], lang: str) -> None:
    from golfcli import arena

    arena.register(subparsers, lang)


def _stats(subparsers: argparse._SubParsersAction[Any], lang: str) -> None:
    from golfcli import stats

    stats.register(subparsers, lang)


def _history(subparsers: argparse._SubParsersAction[Any], lang: str) -> None:
    from golfcli import history

    history.register(subparsers, lang)


def _six_card(subparsers: argparse._SubParsersAction[Any], lang: str) -> None:
    from golfcli import sixcard

    sixcard.register(subparsers, lang)


def _serve(subparsers: argparse._SubParsersAction[Any], lang: str) -> None:
    from golfcli import serve

    serve.register(subparsers, lang)


COMMANDS: Final = (
    Commands(("verify",), verify.register),
    Commands(("describe", "new-code"), solitaire.register),
    Commands(("play",), register_play),
    Commands(("watch",), watch.register),
    Commands(("solve", "survey"), _solver),
    Commands(("chance",), _chance),
    Commands(("arena",), _arena),
    Commands(("stats",), _stats),
    Commands(("history",), _history),
    Commands(("six-card",), _six_card),
    Commands(("serve",), _serve),
)
"""Every command, in the order ``--help`` lists them."""


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors on one line (status 2) rather than the usage block, in the
    language the parser was built in."""

    def __init__(self, *args: Any, lang: str = "en", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lang = lang

    def add_subparsers(self, **kwargs: Any) -> Any:
        """Subcommands whose parsers are built in this parser's language."""
        kwargs.setdefault("parser_class", functools.partial(_Parser, lang=self.lang))
        return super().add_subparsers(**kwargs)

    def error(self, message: str) -> NoReturn:
        line = text(self.lang, "cli.error", prog=self.prog, message=error_line(message))
        self.exit(EXIT_BAD_INPUT, line + "\n")


class _VersionAction(argparse.Action):
    """``--version``: prints "golf VERSION" on stdout and exits 0. Unlike argparse's own, it reads
    the version only when asked, so building the parser never looks up the metadata."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None) -> None:
        super().__init__(
            option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, nargs=0, help=help
        )

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        print(f"golf {version()}")
        parser.exit()


def build_parser(command: str | None = None, lang: str = "en") -> argparse.ArgumentParser:
    """The command line with every command, or only with the module that adds ``command``
    (when one does): the others are not even imported. Its help is in ``lang``; argparse's
    own words are too when it is built and used inside ``argparse_words(lang)``."""
    parser = _Parser(
        prog=PROG,
        description=text(lang, "cli.help.golf"),
        epilog=text(lang, "cli.help.golf.epilog"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        lang=lang,
    )
    parser.add_argument(
        VERSION_OPTION, action=_VersionAction, help=text(lang, "cli.help.golf.version")
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    if command == VERSION_OPTION:
        return parser  # it prints the version and exits: no command module is needed
    owners = [c for c in COMMANDS if command in c.names]
    for commands in owners or COMMANDS:
        commands.register(subparsers, lang)
    return parser


def main(argv: Sequence[str] | None = None, window: Run | None = None) -> int:
    """Run the command line; returns the exit status. ``window`` opens the game (``play``)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    leading = ("-h", "--help", VERSION_OPTION)
    if not args_list or (args_list[0].startswith("-") and args_list[0] not in leading):
        args_list.insert(0, "play")
    lang = run_language(args_list)
    with speaking(lang):
        args = build_parser(args_list[0], lang).parse_args(args_list)
        return _run(args, window)


def _run(args: argparse.Namespace, window: Run | None) -> int:
    """Run the command the arguments name; a usage error, a bad file or a refused one is one
    line on stderr in the run's language (``golfcli.language.say``)."""
    try:
        if args.command == "play":
            prepare_play(args)
            return (window or args.run)(args)
        command_run: Run = args.run
        return command_run(args)
    except (UsageError, ReplayError) as e:
        print(say("cli.error.line", prog=PROG, message=error_line(str(e))), file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return EXIT_FAILED
    except OSError as e:
        # a file or folder the system refused while the command worked (the names given are
        # checked before, golfcli.paths): one line, not a crash report
        print(
            say("cli.error.line", prog=PROG, message=error_line(os_error_text(e))), file=sys.stderr
        )
        return EXIT_FAILED
