"""The tutorial's script, read and checked: the deal, and the steps with their captions.

A script (``assets/tutorial.yaml`` ships one) gives the rules and an explicit layout (as a replay
file does) and the steps: a caption in each language, and either the move the player must make
or nothing to do but read (perhaps pointing at the waste, the stock or a column). The moves are a
replay script: :func:`parse_tutorial` checks them with the engine, so a broken script is refused
with the place and the reason before it reaches a screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import yaml

from golf.core.deal import COLUMNS
from golf.core.translations import LANGUAGES
from golf.solitaire.engine import Action
from golf.solitaire.replay import Replay, ReplayError, loads

__all__ = ["MAX_BYTES", "MAX_CAPTION", "Step", "Tutorial", "TutorialError", "parse_tutorial"]

MAX_BYTES = 200_000
MAX_CAPTION = 400


class TutorialError(ValueError):
    """A tutorial script that cannot be used: names the file, the place and what is wrong."""


@dataclass(frozen=True)
class Step:
    """One step: its caption by language, the move it waits for, what it points at."""

    say: Mapping[str, str]
    do: Action | None = None
    point: str | None = None  # "waste", "stock" or "column N", while the player reads


@dataclass(frozen=True)
class Tutorial:
    """The deal (a replay script whose actions are the moves asked for) and the steps."""

    replay: Replay
    steps: tuple[Step, ...]


def _fail(name: str, where: str, what: str) -> TutorialError:
    return TutorialError(f"{name}: {where}: {what}" if where else f"{name}: {what}")


def _step(name: str, index: int, item: object) -> Step:
    where = f"steps[{index}]"
    if not isinstance(item, dict):
        raise _fail(name, where, "expected a mapping with say (and do or point)")
    unknown = set(item) - {"say", "do", "point"}
    if unknown:
        raise _fail(
            name, where, f"unknown key {sorted(map(str, unknown))[0]!r} (expected say, do, point)"
        )
    say = item.get("say")
    if not isinstance(say, dict) or set(say) != set(LANGUAGES):
        raise _fail(
            name, f"{where}.say", f"expected a caption in each language: {', '.join(LANGUAGES)}"
        )
    for lang, text in say.items():
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_CAPTION:
            raise _fail(
                name, f"{where}.say.{lang}", f"expected a caption of 1 to {MAX_CAPTION} characters"
            )
    do: Action | None = None
    if "do" in item:
        try:
            do = Action.parse(str(item["do"]))
        except ValueError as error:
            raise _fail(name, f"{where}.do", str(error)) from None
        if do.row:
            raise _fail(name, f"{where}.do", "a move of the tutorial names a column, not a row")
    point = item.get("point")
    if point is not None:
        valid = ("waste", "stock", *(f"column {n}" for n in range(1, COLUMNS + 1)))
        if point not in valid:
            raise _fail(name, f"{where}.point", f"{point!r} (expected waste, stock or column N)")
        point = str(point)
    return Step({str(k): str(v) for k, v in say.items()}, do, point)


def parse_tutorial(text: str, name: str = "<tutorial>") -> Tutorial:
    """Read a tutorial script; raises :class:`TutorialError`."""
    if len(text) > MAX_BYTES:
        raise _fail(name, "", f"more than {MAX_BYTES:,} characters")
    try:
        if any(isinstance(e, yaml.AliasEvent) for e in yaml.parse(text, Loader=yaml.SafeLoader)):
            raise _fail(name, "", "YAML aliases (*name) are not allowed")
        data: Any = yaml.load(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as error:
        raise _fail(name, "", f"not valid YAML: {error}") from None
    if not isinstance(data, dict):
        raise _fail(name, "", "expected a mapping with format, rules, layout, steps")
    unknown = set(data) - {"format", "rules", "layout", "steps"}
    if unknown:
        raise _fail(name, "", f"unknown key {sorted(map(str, unknown))[0]!r}")
    steps_data = data.get("steps")
    if not isinstance(steps_data, list) or not steps_data:
        raise _fail(name, "steps", "expected a list of steps")
    steps = tuple(_step(name, i, item) for i, item in enumerate(steps_data))
    # the deal and the moves asked for, read and checked as a replay script
    script = {
        "format": data.get("format"),
        "rules": data.get("rules"),
        "layout": data.get("layout"),
        "actions": [str(s.do) for s in steps if s.do is not None],
    }
    try:
        replay = loads(yaml.safe_dump(script, allow_unicode=True, sort_keys=False), name)
    except ReplayError as error:
        raise TutorialError(str(error)) from None
    game = replay.start()
    for number, action in enumerate(replay.actions, start=1):
        refused = game.apply(action)
        if refused is not None:
            raise _fail(name, "steps", f"move {number} ({action}) is refused: {refused.text()}")
    return Tutorial(replay, steps)
