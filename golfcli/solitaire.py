"""The solitaire's headless commands: ``describe`` a deal and make a ``new-code``."""

from __future__ import annotations

import argparse
import random
import re
import sys
from typing import Any

from golf.core.codes import ascii_only
from golf.core.deal import MAX_DEAL
from golf.core.translations import LANGUAGES, text
from golf.solitaire.codes import format_code
from golf.solitaire.describe import describe
from golf.solitaire.engine import Action
from golf.solitaire.session import Game
from golfcli.options import (
    EXIT_FAILED,
    EXIT_OK,
    UsageError,
    add_command,
    add_rule_options,
    code_and_rules,
    quoted,
    rules_from_args,
    whole,
)

__all__ = ["parse_actions", "register", "run_describe", "run_new_code"]

# --- describe -------------------------------------------------------------------------------------


def parse_actions(text: str) -> list[Action]:
    """``"draw, play 5, play 2"`` (commas or semicolons between actions)."""
    out = []
    for part in re.split(r"[,;]", text):
        token = part.strip()
        if len(token) > 40:  # no action is this long: say so without printing it all
            raise UsageError(f"--actions: {quoted(token)} is not an action")
        if token:
            try:
                out.append(ascii_only(Action.parse)(token))
            except ValueError as e:
                raise UsageError(f"--actions: {e}") from None
    return out


def _add_describe(parser: argparse.ArgumentParser, lang: str) -> None:
    parser.add_argument("code", metavar="CODE", help=text(lang, "cli.help.describe.code"))
    parser.add_argument("--lang", choices=LANGUAGES, default=lang, help=text(lang, "cli.help.lang"))
    parser.add_argument(
        "--actions", default="", metavar="LIST", help=text(lang, "cli.help.describe.actions")
    )
    add_rule_options(parser, lang)


def run_describe(args: argparse.Namespace) -> int:
    number, rules = code_and_rules(args.code, args)
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
    status = text(lang, f"cli.status.{game.status}")
    print(text(lang, "cli.describe.summary", moves=game.moves, score=game.score, status=status))
    return EXIT_OK


# --- new-code -------------------------------------------------------------------------------------


def _add_new_code(parser: argparse.ArgumentParser, lang: str) -> None:
    parser.add_argument("--seed", type=whole, help=text(lang, "cli.help.new-code.seed"))
    add_rule_options(parser, lang)


def run_new_code(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    print(format_code(rng.randrange(MAX_DEAL), rules_from_args(args)))
    return EXIT_OK


def register(subparsers: argparse._SubParsersAction[Any], lang: str) -> None:
    """Add ``describe CODE`` and ``new-code``, their help in ``lang``."""
    add_command(subparsers, "describe", lang, _add_describe, run_describe)
    add_command(subparsers, "new-code", lang, _add_new_code, run_new_code)
