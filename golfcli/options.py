"""What the commands share: exit statuses, the one-line usage error, the option types, and the
solitaire's rule and code options (written once, whichever command deals a game).

Exit status: 0 all is well, 1 a replay failed or an action was refused, 2 bad input (a wrong
code, a bad file, a bad option) — always one line on stderr and no traceback.
"""

from __future__ import annotations

import argparse
import ipaddress
import re
from collections.abc import Callable, Iterable
from typing import Any, Final

from golf.core.translations import grouped, text
from golf.solitaire.codes import CodeError, parse_code
from golf.solitaire.rules import EASY, PRESETS, Rules
from golfcli.language import say, spoken

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_FAILED",
    "EXIT_OK",
    "MAX_JOBS",
    "RULE_OPTIONS",
    "Network",
    "Run",
    "UsageError",
    "add_command",
    "add_rule_options",
    "code_and_rules",
    "networks",
    "on_off",
    "option_values",
    "positive",
    "quoted",
    "rule_options_given",
    "rules_from_args",
    "web_origin",
    "whole",
    "within",
]

EXIT_OK: Final = 0
EXIT_FAILED: Final = 1
EXIT_BAD_INPUT: Final = 2

Run = Callable[[argparse.Namespace], int]
"""What a subcommand does: its parsed arguments in, its exit status out."""


class UsageError(Exception):
    """Bad input from the command line: reported as one line, exit status 2."""


def add_command(
    subparsers: argparse._SubParsersAction[Any],
    name: str,
    lang: str,
    add_arguments: Callable[[argparse.ArgumentParser, str], None],
    run: Run,
) -> argparse.ArgumentParser:
    """Add the subcommand ``name``, its help and description the text ``cli.help.NAME`` in
    ``lang``: its arguments from ``add_arguments`` (their help in ``lang``), what it does
    ``run``."""
    help_text = text(lang, f"cli.help.{name}")
    parser: argparse.ArgumentParser = subparsers.add_parser(
        name, help=help_text, description=help_text
    )
    add_arguments(parser, lang)
    parser.set_defaults(run=run)
    return parser


# --- option types ---------------------------------------------------------------------------------


def quoted(text: str) -> str:
    """``text`` as a message quotes it: on one line, a long one cut."""
    return repr(text if len(text) <= 40 else text[:37] + "...")


def on_off(text: str) -> bool:
    """``on``/``off`` (or yes/no, true/false, 1/0) as a switch's value."""
    t = text.strip().lower()
    if t in ("on", "yes", "true", "1"):
        return True
    if t in ("off", "no", "false", "0"):
        return False
    raise argparse.ArgumentTypeError(say("cli.option.on_off", value=quoted(text)))


_WHOLE: Final = re.compile(r"[+-]?[0-9]{1,100}")
_SPACES: Final = " \t\r\n"


def ascii_whole(text: str) -> int | None:
    """The whole number ``text`` writes in the digits 0-9 (at most 100 of them, an optional
    sign, spaces around), or None. Python's ``int`` would also take any script's digits
    (Arabic-Indic, full-width) and ``1_000``: a number on the command line is plain ASCII."""
    t = text.strip(_SPACES)
    return int(t) if _WHOLE.fullmatch(t) else None


def whole(text: str) -> int:
    """Any whole number in ASCII digits (a seed)."""
    value = ascii_whole(text)
    if value is None:
        raise argparse.ArgumentTypeError(say("cli.option.whole", value=quoted(text)))
    return value


def positive(text: str) -> int:
    """A whole number of at least 1 (frames, games, states)."""
    value = ascii_whole(text)
    if value is None or value < 1:
        raise argparse.ArgumentTypeError(say("cli.option.positive", value=quoted(text)))
    return value


def within(low: int, high: int) -> Callable[[str], int]:
    """The option type of a whole number from ``low`` to ``high`` (processes, games)."""

    def number(text: str) -> int:
        value = ascii_whole(text)
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                say("cli.option.within", value=quoted(text), low=low, high=grouped(high, spoken()))
            )
        return value

    return number


Network = ipaddress.IPv4Network | ipaddress.IPv6Network
MAX_NETWORKS: Final = 64


def networks(text: str) -> tuple[Network, ...]:
    """Networks in CIDR form, separated by commas (``10.0.0.0/8,2001:db8::/32``; one address
    alone is its /32 or /128): each in ASCII, with no bits set past its prefix, and none that
    holds every address (/0: a header believed from anyone is believed from attackers)."""
    parts = text.split(",")
    if not text.isascii() or not 0 < len(parts) <= MAX_NETWORKS:
        raise argparse.ArgumentTypeError(say("cli.option.networks", value=quoted(text)))
    out = []
    for part in parts:
        try:
            network = ipaddress.ip_network(part.strip(" "), strict=True)
        except ValueError as e:
            raise argparse.ArgumentTypeError(
                say("cli.option.network", value=quoted(part), reason=e)
            ) from None
        if network.prefixlen == 0:
            raise argparse.ArgumentTypeError(say("cli.option.every_address", value=quoted(part)))
        out.append(network)
    return tuple(out)


def web_origin(text: str) -> str:
    """A web page's origin, ``http[s]://host[:port]`` in ASCII (no path), as the browser sends
    it in ``Origin``."""
    from golfnet.door import read_origin  # only when the option is given: no network layer

    origin = read_origin(text)
    if origin is None:
        raise argparse.ArgumentTypeError(say("cli.option.origin", value=quoted(text)))
    return origin


MAX_JOBS: Final = 64
"""The most worker processes a command starts (each costs memory and a start-up)."""


def option_values(args: argparse.Namespace, names: Iterable[str]) -> dict[str, object]:
    """The options among ``names`` that the command line gave (by attribute name): a rule
    set's ``with_`` changes."""
    values = {name: getattr(args, name, None) for name in names}
    return {name: value for name, value in values.items() if value is not None}


# --- solitaire: the rules and the code ------------------------------------------------------------

_SOLITAIRE_FIELDS: Final = ("king_ace", "queen_on_king", "jokers", "empty_waste", "scoring")
RULE_OPTIONS: Final = ("rules", "draw", *_SOLITAIRE_FIELDS)
"""The attributes :func:`add_rule_options` leaves on the parsed arguments."""


def add_rule_options(parser: argparse.ArgumentParser, lang: str) -> None:
    """``--rules`` and one option per switch of SPEC §3 (each overrides the preset), their
    help in ``lang``."""

    def say(key: str) -> str:
        return text(lang, f"cli.help.rules.{key}")

    group = parser.add_argument_group(say("title"))
    group.add_argument("--rules", choices=sorted(PRESETS), help=say("rules"))
    group.add_argument("--king-ace", type=on_off, metavar="on|off", help=say("king_ace"))
    group.add_argument("--queen-on-king", type=on_off, metavar="on|off", help=say("queen_on_king"))
    group.add_argument("--draw", choices=("any", "stuck"), help=say("draw"))
    group.add_argument("--jokers", type=whole, choices=(0, 1, 2), help=say("jokers"))
    group.add_argument(
        "--empty-waste",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=say("empty_waste"),
    )
    group.add_argument("--scoring", choices=("points", "strokes"), help=say("scoring"))


def rules_from_args(args: argparse.Namespace, base: Rules = EASY) -> Rules:
    """The rules the options ask for: ``--rules`` (else ``base``), then each switch given."""
    preset = getattr(args, "rules", None)
    rules = PRESETS[preset] if preset else base
    changes = option_values(args, _SOLITAIRE_FIELDS)
    draw = getattr(args, "draw", None)
    if draw is not None:
        changes["draw_any_time"] = draw == "any"
    return rules.with_(**changes) if changes else rules


def rule_options_given(args: argparse.Namespace) -> bool:
    """Whether any rule option (a preset or a switch) was on the command line."""
    return any(getattr(args, name, None) is not None for name in RULE_OPTIONS)


def code_and_rules(text: str, args: argparse.Namespace) -> tuple[int, Rules]:
    """The deal number of a game code and its rules with the options' changes; a bad code is a
    :class:`UsageError` in the run's language."""
    try:
        code = parse_code(text)
    except CodeError as e:
        raise UsageError(e.text(getattr(args, "lang", None) or spoken())) from None
    return code.number, rules_from_args(args, code.rules)
