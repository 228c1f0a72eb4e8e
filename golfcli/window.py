"""The ``play`` command and the window's entry point: the command line's options become a
:class:`scenes.app.WindowOptions`, and ``scenes.app.run`` opens the window with them.

The scenes (and pygame) are imported only when a window opens, so every other command stays
headless.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from golf.core.translations import LANGUAGES, text
from golf.solitaire.codes import format_code
from golfcli.crash import window_hooks
from golfcli.options import (
    EXIT_FAILED,
    add_command,
    add_rule_options,
    code_and_rules,
    positive,
    rule_options_given,
    rules_from_args,
    whole,
)
from golfcli.paths import folder, output_file
from golfcli.startup import collect_as_usual

if TYPE_CHECKING:
    from golf.sixcard.replay import SixReplay
    from golf.solitaire.replay import Replay

__all__ = ["no_window", "open_play_window", "open_watch_window", "prepare_play", "register"]

NOT_YET: Final = "The game window is not available yet"
NOT_IN_BUILD: Final = "The game window is not available in this build"
WINDOW_MODULES: Final = (
    "pygame",
    "scenes",
    "scenes.app",
    "scenes.solitaire.watch",
    "scenes.sixcard.watch",
)
"""The modules the command line opens the window through: a build may lack them."""


def _add_play(parser: argparse.ArgumentParser, lang: str) -> None:
    def say(key: str) -> str:
        return text(lang, f"cli.help.play.{key}")

    parser.add_argument("code", nargs="?", metavar="CODE", help=say("code"))
    add_rule_options(parser, lang)
    window = parser.add_argument_group(say("window"))
    window.add_argument("--lang", choices=LANGUAGES, help=text(lang, "cli.help.lang_window"))
    window.add_argument(
        "--fullscreen", action=argparse.BooleanOptionalAction, default=None, help=say("fullscreen")
    )
    window.add_argument(
        "--config-dir", type=folder, metavar="DIR", help=text(lang, "cli.help.config_dir")
    )
    window.add_argument("--seed", type=whole, help=say("seed"))
    window.add_argument("--frames", type=positive, metavar="N", help=text(lang, "cli.help.frames"))
    window.add_argument(
        "--screenshot", type=output_file, metavar="PNG", help=text(lang, "cli.help.screenshot")
    )
    window.add_argument("--record", type=output_file, metavar="FILE", help=say("record"))
    window.add_argument("--autoplay", type=whole, metavar="SEED", help=say("autoplay"))
    window.add_argument(
        "--autoplay-game", choices=("solitaire", "six-card"), help=say("autoplay_game")
    )


def _window_not_available(args: argparse.Namespace) -> int:
    print(NOT_YET, file=sys.stderr)
    return EXIT_FAILED


def register(subparsers: argparse._SubParsersAction[Any], lang: str) -> None:
    """Add ``play [CODE]``, its help in ``lang``; what it runs is the ``window`` given to
    ``golfcli.commands.main``."""
    add_command(subparsers, "play", lang, _add_play, _window_not_available)


def prepare_play(args: argparse.Namespace) -> None:
    """Check the code before a window opens; leave the final code and rules on ``args``."""
    if args.code:
        number, rules = code_and_rules(args.code, args)
        args.code = format_code(number, rules)
    else:
        rules = rules_from_args(args)
    args.game_rules = rules


def _path(text: str | None) -> Path | None:
    return None if text is None else Path(text)


def no_window(error: ModuleNotFoundError, message: str) -> int:
    """A build without the window (no scenes, no pygame): ``message`` on stderr, exit status 1.
    Any other missing module is a real fault, raised again."""
    if error.name not in WINDOW_MODULES:
        raise error
    print(message, file=sys.stderr)
    return EXIT_FAILED


def open_play_window(args: argparse.Namespace) -> int:
    """``play``: the window on the title, or straight into the game the options name."""
    try:
        from scenes.app import WindowOptions, run  # pygame is loaded only for the window
    except ModuleNotFoundError as error:
        return no_window(error, NOT_YET)
    collect_as_usual()
    options = WindowOptions(
        code=args.code,
        rules=args.rules,
        lang=args.lang,
        fullscreen=args.fullscreen,
        config_dir=_path(args.config_dir),
        frames=args.frames,
        seed=args.seed,
        screenshot=_path(args.screenshot),
        game_rules=args.game_rules,
        rules_given=rule_options_given(args),
        record=_path(args.record),
        autoplay=args.autoplay,
        autoplay_game=args.autoplay_game,
        crash=window_hooks(),
    )
    return run(options)


def open_watch_window(args: argparse.Namespace, path: Path, replay: Replay | SixReplay) -> int:
    """``watch FILE``: the window on one replay, already read; closing it ends the program."""
    try:
        from scenes.app import WindowOptions, run
    except ModuleNotFoundError as error:
        return no_window(error, NOT_IN_BUILD)
    collect_as_usual()
    options = WindowOptions(
        lang=args.lang,
        config_dir=_path(args.config_dir),
        frames=args.frames,
        screenshot=_path(args.screenshot),
        watch=path,
        watched=replay,
        crash=window_hooks(),
    )
    return run(options)
