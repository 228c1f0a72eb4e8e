"""The ``chance`` subcommand: the win chance of a player who cannot see the stock.

``chance CODE [--actions "draw, play 3, ..."]`` plays the actions from the deal's first position,
then prints the best action for a player who sees the tableau, the waste and which cards are in
the stock but not their order, and its win chance: exact (:mod:`golf.solitaire.chance`) when the
search finishes within ``--max-states``, otherwise a range between what the quick policy wins
over sampled orders and what a player who knew the order could win
(:mod:`golf.solitaire.blind`), with their 95 % intervals. Also the states and the seconds.
``--json`` prints one object with the keys ``code``, ``rules``, ``actions``, ``stock``,
``exact``, ``chance`` (a fraction's value, or null), ``wins`` and ``orders`` (exact only),
``low`` and ``high``, ``policy`` and ``clairvoyant`` (wins, tried, exact), ``action``,
``states`` and ``seconds``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from golf.core.translations import LANGUAGES, decimal, grouped, text
from golf.solitaire import engine
from golf.solitaire.blind import (
    BlindPlayer,
    ChanceRange,
    Estimate,
    blind,
    chance_range,
)
from golf.solitaire.chance import ChanceBudgetExceeded, ChanceSearch
from golf.solitaire.codes import format_code
from golf.solitaire.engine import Action, Position
from golf.solitaire.rules import Rules
from golfcli.options import EXIT_OK, UsageError, add_rule_options, code_and_rules, positive, whole

DEFAULT_STATES = 2_000_000


def register(subparsers: argparse._SubParsersAction[Any], lang: str) -> None:
    """Add ``chance``, its help in ``lang``."""

    def say(key: str, **fields: object) -> str:
        return text(lang, f"cli.help.chance{key}", **fields)

    parser = subparsers.add_parser("chance", help=say(""), description=say(".description"))
    parser.add_argument("code", metavar="CODE", help=say(".code"))
    parser.add_argument("--actions", default="", metavar="LIST", help=say(".actions"))
    parser.add_argument("--json", action="store_true", help=text(lang, "cli.help.solve.json"))
    parser.add_argument(
        "--max-states",
        type=positive,
        default=DEFAULT_STATES,
        metavar="N",
        help=say(".max_states", states=grouped(DEFAULT_STATES, lang)),
    )
    parser.add_argument(
        "--rollouts", type=positive, default=400, metavar="N", help=say(".rollouts")
    )
    parser.add_argument("--samples", type=positive, default=100, metavar="N", help=say(".samples"))
    parser.add_argument("--seed", type=whole, default=0, help=say(".seed"))
    parser.add_argument("--lang", choices=LANGUAGES, default=lang, help=text(lang, "cli.help.lang"))
    add_rule_options(parser, lang)
    parser.set_defaults(run=run_chance)


def position_after(number: int, rules: Rules, listed: str) -> tuple[Position, list[Action]]:
    """The deal's first position after the listed actions; a bad or refused one is a
    :class:`UsageError` that names it."""
    position = engine.deal(number, rules)
    actions: list[Action] = []
    for index, token in enumerate(t for t in listed.split(",") if t.strip()):
        try:
            action = Action.parse(token)
        except ValueError as e:
            raise UsageError(f"action {index + 1}: {e}") from None
        if action.kind == engine.UNDO:
            raise UsageError(f"action {index + 1}: undo is not a move here (leave the move out)")
        try:
            position = engine.apply(position, action, rules)
        except engine.Refused as e:
            raise UsageError(f"action {index + 1} ({action}) is refused: {e}") from None
        actions.append(action)
    return position, actions


def _estimate(e: Estimate) -> dict[str, Any]:
    return {"wins": e.wins, "tried": e.tried, "exact": e.exact, "low": e.low, "high": e.high}


def run_chance(args: argparse.Namespace) -> int:
    number, rules = code_and_rules(args.code, args)
    lang = args.lang
    position, actions = position_after(number, rules, args.actions)
    out: dict[str, Any] = {
        "code": format_code(number, rules),
        "rules": rules.to_dict(),
        "actions": [str(a) for a in actions],
        "stock": len(position.stock),
    }
    start = time.perf_counter()
    seen = blind(position)
    search = ChanceSearch(seen, rules)
    try:
        answer = search.chance(seen, max_states=args.max_states)
    except ChanceBudgetExceeded:
        answer = None
        exact = False
    else:
        exact = True
    if exact and answer is None:
        status = engine.status(position, rules)
        out.update(exact=True, chance=1.0 if status == "won" else 0.0, action=None)
        out.update(states=search.states, seconds=time.perf_counter() - start)
        said = text(args.lang, "cli.chance.over", status=text(args.lang, f"cli.status.{status}"))
        _print(out, args.json, said, args.lang)
        return EXIT_OK
    if answer is not None:
        out.update(
            exact=True,
            chance=answer.value,
            wins=answer.wins,
            orders=answer.orders,
            low=answer.value,
            high=answer.value,
            action=str(answer.action),
        )
        said = text(
            lang,
            "cli.chance.exact",
            percent=_percent(answer.value, lang),
            wins=grouped(answer.wins, lang),
            orders=grouped(answer.orders, lang),
            action=answer.action,
        )
    else:
        action = BlindPlayer(seen, rules).rollout_action(seen, random.Random(f"{args.seed}:move"))
        bounds: ChanceRange = chance_range(
            seen, rules, random.Random(args.seed), rollouts=args.rollouts, samples=args.samples
        )
        out.update(
            exact=False,
            chance=None,
            low=bounds.low,
            high=bounds.high,
            policy=_estimate(bounds.policy),
            clairvoyant=_estimate(bounds.clairvoyant),
            action=str(action),
        )
        said = _range_said(bounds, args.max_states, str(action), lang)
    out.update(states=search.states, seconds=time.perf_counter() - start)
    _print(out, args.json, said, lang)
    return EXIT_OK


def _percent(share: float, lang: str) -> str:
    return decimal(f"{100 * share:.1f}", lang)


def _range_said(bounds: ChanceRange, max_states: int, action: str, lang: str) -> str:
    """The range in words: both bounds, how each was measured, and the suggested action."""
    p, c = bounds.policy, bounds.clairvoyant
    lines = [
        text(
            lang,
            "cli.chance.range",
            low=_percent(bounds.low, lang),
            high=_percent(bounds.high, lang),
            states=grouped(max_states, lang),
        ),
        "  "
        + text(
            lang,
            "cli.chance.at_least",
            wins=p.wins,
            tried=p.tried,
            rate=_percent(p.rate, lang),
            low=_percent(p.low, lang),
            high=_percent(p.high, lang),
        ),
        "  "
        + text(
            lang,
            "cli.chance.at_most_every" if c.exact else "cli.chance.at_most_sampled",
            wins=c.wins,
            tried=c.tried,
            rate=_percent(c.rate, lang),
            low=_percent(c.low, lang),
            high=_percent(c.high, lang),
        ),
        text(lang, "cli.chance.best_rollout", action=action),
    ]
    return "\n".join(lines)


def _print(out: dict[str, Any], as_json: bool, said: str, lang: str) -> None:
    if as_json:
        print(json.dumps(out))
        return
    moves, stock = len(out["actions"]), out["stock"]
    print(text(lang, "cli.chance.header", code=out["code"], moves=moves, stock=stock))
    print(said)
    states, seconds = grouped(out["states"], lang), decimal(f"{out['seconds']:.2f}", lang)
    print(text(lang, "cli.chance.cost", states=states, seconds=seconds))
