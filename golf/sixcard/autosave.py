"""The six-card game in progress, saved after every action so that a quit, a crash or ``kill -9``
loses nothing.

``six-card-autosave.json`` in the player's data folder (beside the solitaire's
``autosave.json``) is a :class:`golf.core.store.Document`: written atomically, versioned, and kept
aside with a notice when it cannot be read. It holds what a :class:`~golf.sixcard.replay.SixReplay`
records (the code, which names the deal, the number of players and the rules; every player's
actions, with the seconds before each) plus what sits at each seat (a person or a computer
level) and the computers' pace. The state the actions should lead to is stored too and checked
on reading, so a file that does not add up is refused rather than restoring a different game.

Pure Python: the window's side is ``scenes.sixcard.autosave``; nothing here reads a clock.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Final

from golf.core.store import (
    Data,
    Document,
    expect_list,
    expect_mapping,
    expect_str,
    fail,
)
from golf.sixcard.actions import Action
from golf.sixcard.ai import LEVELS
from golf.sixcard.codes import SixCodeError, parse_code
from golf.sixcard.game import Refused, State, apply, new_game
from golf.sixcard.replay import MAX_ACTIONS, Result, SixReplay
from golf.solitaire.replay import MAX_TIME

__all__ = ["HUMAN", "PACES", "SEAT_KINDS", "SIX_AUTOSAVE_DOCUMENT", "SixSnapshot", "check_data"]

HUMAN: Final = "human"
SEAT_KINDS: Final = (HUMAN, *LEVELS)
"""What may sit at a seat: a person at the screen or a computer of one of the levels."""
PACES: Final = ("slow", "normal", "fast")
"""The computers' pace chosen in the setup window."""

_KEYS: Final = ("code", "kinds", "speed", "actions", "times", "check")
_CHECK_KEYS: Final = (
    "hole",
    "phase",
    "to_move",
    "turns",
    "grids",
    "up",
    "peeked",
    "stock",
    "discard",
    "drawn",
    "scores",
)


@dataclass(frozen=True)
class SixSnapshot:
    """A six-card game in progress: its replay (code, actions, pauses), who sits at each seat
    and the computers' pace."""

    replay: SixReplay
    kinds: tuple[str, ...]
    speed: str = "normal"
    known: State | None = field(default=None, compare=False, repr=False)
    """The state the actions lead to, when the caller has it (saves replaying them)."""

    def __post_init__(self) -> None:
        if len(self.kinds) != self.replay.players:
            raise ValueError(f"{len(self.kinds)} seats for {self.replay.players} players")
        unknown = [k for k in self.kinds if k not in SEAT_KINDS]
        if unknown:
            raise ValueError(f"{unknown[0]!r} is not a seat kind ({', '.join(SEAT_KINDS)})")
        if self.speed not in PACES:
            raise ValueError(f"{self.speed!r} is not a pace ({', '.join(PACES)})")

    @property
    def code(self) -> str:
        return self.replay.code

    @property
    def actions(self) -> tuple[Action, ...]:
        return self.replay.actions

    def states(self) -> tuple[State, State]:
        """The game's first state and the state now, by playing the actions; raises
        ``ValueError`` naming the first action the rules refuse."""
        start = self.replay.start()
        state = start
        for index, action in enumerate(self.replay.actions):
            try:
                state = apply(state, action)
            except Refused as refused:
                raise ValueError(
                    f"actions[{index}]: {action} is refused ({refused.reason.name})"
                ) from None
        return start, state

    def state(self) -> State:
        """The state now (see :meth:`states`)."""
        return self.known if self.known is not None else self.states()[1]

    @classmethod
    def of(
        cls,
        start: State,
        log: list[Action] | tuple[Action, ...],
        now: State,
        kinds: tuple[str, ...],
        speed: str,
        times: list[float] | tuple[float, ...] = (),
    ) -> SixSnapshot:
        """The snapshot of a match: its first state, its log, the state the log leads to, the
        seats, the pace and the seconds before each action (missing ones count as 0)."""
        kept = tuple(_seconds(t) for t in times[: len(log)])
        kept += (0.0,) * (len(log) - len(kept))
        replay = SixReplay(
            code=start.code, actions=tuple(log), result=Result.of_state(now), times=kept
        )
        return cls(replay, tuple(kinds), speed, now)


def _seconds(value: float) -> float:
    if not math.isfinite(value) or value < 0:
        return 0.0
    return round(min(float(value), MAX_TIME), 3)


def check_data(state: State) -> Data:
    """What a saved game must lead to: the hole, whose turn, every card's place, the scores."""
    return {
        "hole": state.hole,
        "phase": state.phase,
        "to_move": state.to_move,
        "turns": state.turns,
        "grids": [list(grid) for grid in state.grids],
        "up": list(state.up),
        "peeked": list(state.peeked),
        "stock": list(state.stock),
        "discard": list(state.discard),
        "drawn": state.drawn,
        "scores": [list(row) for row in state.scores],
    }


def _canonical(value: object) -> str:
    """JSON text that tells ``true`` from ``1``, for comparing a check field by field."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _time(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        fail(where, "expected a number of seconds")
    number = float(value)
    if not math.isfinite(number) or not 0 <= number <= MAX_TIME:
        fail(where, f"expected 0 to {MAX_TIME:g} seconds")
    return number


def _read(body: Data) -> SixSnapshot:
    m = expect_mapping(body, "", _KEYS)
    code_text = expect_str(m["code"], "code", 60)
    try:
        code = parse_code(code_text)
    except SixCodeError as error:
        fail("code", error.text("en"))
    raw_kinds = expect_list(m["kinds"], "kinds", code.players)
    if len(raw_kinds) != code.players:
        fail("kinds", f"{len(raw_kinds)} seats for the code's {code.players} players")
    kinds: list[str] = []
    for i, kind in enumerate(raw_kinds):
        text = expect_str(kind, f"kinds[{i}]", 20)
        if text not in SEAT_KINDS:
            fail(f"kinds[{i}]", f"expected one of {', '.join(SEAT_KINDS)}")
        kinds.append(text)
    speed = expect_str(m["speed"], "speed", 20)
    if speed not in PACES:
        fail("speed", f"expected one of {', '.join(PACES)}")
    raw_actions = expect_list(m["actions"], "actions", MAX_ACTIONS)
    actions: list[Action] = []
    for i, token in enumerate(raw_actions):
        text = expect_str(token, f"actions[{i}]", 40)
        try:
            actions.append(Action.parse(text))
        except ValueError:
            fail(f"actions[{i}]", f"{text!r} is not an action")
    raw_times = expect_list(m["times"], "times", MAX_ACTIONS)
    if len(raw_times) != len(actions):
        fail("times", f"{len(raw_times)} times for {len(actions)} actions")
    times = tuple(_time(t, f"times[{i}]") for i, t in enumerate(raw_times))
    check = expect_mapping(m["check"], "check", _CHECK_KEYS)
    start = new_game(code.number, code.players, code.rules)
    state = start
    for i, action in enumerate(actions):
        try:
            state = apply(state, action)
        except Refused as refused:
            fail(f"actions[{i}]", f"{action} is refused ({refused.reason.name})")
    want = check_data(state)
    for key in _CHECK_KEYS:
        if _canonical(check[key]) != _canonical(want[key]):
            fail(f"check.{key}", "the actions do not lead to the saved game")
    return SixSnapshot.of(start, actions, state, tuple(kinds), speed, times)


def _write(snapshot: SixSnapshot | None) -> Data:
    assert snapshot is not None, "an empty six-card autosave is removed, not written"
    return {
        "code": snapshot.code,
        "kinds": list(snapshot.kinds),
        "speed": snapshot.speed,
        "actions": [str(a) for a in snapshot.actions],
        "times": [0.0 if t is None else t for t in snapshot.replay.times],
        "check": check_data(snapshot.state()),
    }


def _read_optional(body: Data) -> SixSnapshot | None:
    return _read(body)


SIX_AUTOSAVE_DOCUMENT: Final[Document[SixSnapshot | None]] = Document(
    name="six-card-autosave.json",
    version=1,
    label={"en": "saved six-card game", "fr": "de la partie de golf à six cartes en cours"},
    default=lambda: None,
    read=_read_optional,
    write=_write,
)
"""``six-card-autosave.json``: the six-card game on the table, rewritten after every action
(None: no game)."""
