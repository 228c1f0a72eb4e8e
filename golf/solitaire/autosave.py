"""The game in progress, saved after every action so that a quit, a crash or ``kill -9`` loses nothing.

``autosave.json`` in the player's data folder is a :class:`golf.core.store.Document`: written
atomically (a temporary file, then one rename), versioned, and kept aside with a notice when it
cannot be read. It holds the game's code, the whole action log *including undos* (replaying it
rebuilds the position, the move counter and the undo history exactly), the recorder's times and
file, and the play-time clock. The position it should lead to is stored too and checked on
reading, so a file that does not add up is refused rather than restoring a different game.

Pure Python: the scenes glue lives in ``scenes.solitaire.autosave``; nothing here reads a clock.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Final

from golf.core.store import (
    Data,
    Document,
    expect_int,
    expect_list,
    expect_mapping,
    expect_str,
    fail,
)
from golf.solitaire.codes import CodeError, parse_code
from golf.solitaire.engine import Action, Position
from golf.solitaire.replay import MAX_ACTIONS, MAX_TIME
from golf.solitaire.session import Game

__all__ = ["AUTOSAVE_DOCUMENT", "Snapshot"]

MAX_SECONDS: Final = 10.0 * 365 * 24 * 3600
"""The longest play-time clock a file may hold (ten years of seconds)."""

_KEYS: Final = (
    "code",
    "actions",
    "times",
    "since",
    "elapsed",
    "started",
    "replay",
    "check",
)
_CHECK_KEYS: Final = ("moves", "undo_depth", "columns", "waste", "stock")


@dataclass(frozen=True)
class Snapshot:
    """A game in progress: how to rebuild it, its clocks and its recording.

    ``times[i]`` is the pause before ``actions[i]`` (the recorder's); ``since`` the time since
    the last action; ``elapsed`` the play-time clock of the HUD; ``started`` the recording's start
    date (ISO text); ``replay`` the name of its file in the replays folder, if it has one yet.
    """

    code: str
    actions: tuple[Action, ...]
    times: tuple[float, ...]
    since: float
    elapsed: float
    started: str
    replay: str | None = None

    def __post_init__(self) -> None:
        if len(self.times) != len(self.actions):
            raise ValueError(f"{len(self.times)} times for {len(self.actions)} actions")

    def game(self) -> Game:
        """The game rebuilt by replaying the log; raises ``ValueError`` if an action is refused."""
        try:
            code = parse_code(self.code)
        except CodeError as error:
            raise ValueError(f"code: {error}") from None
        game = Game.new(code.number, code.rules)
        for index, action in enumerate(self.actions, start=1):
            refusal = game.apply(action)
            if refusal is not None:
                raise ValueError(f"actions[{index}]: {action} is refused ({refusal.reason.name})")
        return game

    @classmethod
    def of(
        cls,
        game: Game,
        times: tuple[float, ...] | list[float],
        since: float,
        elapsed: float,
        started: str,
        replay: str | None = None,
    ) -> Snapshot:
        """The snapshot of ``game`` now (``game.code`` must be set)."""
        if game.code is None:
            raise ValueError("only a game with a code is saved")
        kept = tuple(_seconds(t, MAX_TIME) for t in times[: len(game.log)])
        kept += (0.0,) * (len(game.log) - len(kept))
        return cls(
            game.code,
            tuple(game.log),
            kept,
            _seconds(since, MAX_TIME),
            _seconds(elapsed, MAX_SECONDS),
            started,
            replay,
        )


def _seconds(value: float, high: float) -> float:
    if not math.isfinite(value) or value < 0:
        return 0.0
    return round(min(float(value), high), 3)


def _number(value: object, where: str, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        fail(where, "expected a number of seconds")
    number = float(value)
    if not math.isfinite(number) or not 0 <= number <= high:
        fail(where, f"expected 0 to {high:g} seconds")
    return number


def _cards(value: object, where: str) -> list[int]:
    items = expect_list(value, where, 60)
    return [expect_int(card, f"{where}[{i}]", 0, 60) for i, card in enumerate(items)]


def _position_data(position: Position) -> Data:
    return {
        "columns": [list(column) for column in position.columns],
        "waste": list(position.waste),
        "stock": list(position.stock),
    }


def _read(body: Data) -> Snapshot:
    m = expect_mapping(body, "", _KEYS)
    code = expect_str(m["code"], "code", 40)
    raw_actions = expect_list(m["actions"], "actions", MAX_ACTIONS)
    actions: list[Action] = []
    for i, token in enumerate(raw_actions):
        text = expect_str(token, f"actions[{i}]", 20)
        try:
            actions.append(Action.parse(text))
        except ValueError:
            fail(f"actions[{i}]", f"{text!r} is not an action")
    raw_times = expect_list(m["times"], "times", MAX_ACTIONS)
    times = tuple(_number(t, f"times[{i}]", MAX_TIME) for i, t in enumerate(raw_times))
    if len(times) != len(actions):
        fail("times", f"{len(times)} times for {len(actions)} actions")
    replay = m["replay"]
    if replay is not None:
        replay = expect_str(replay, "replay", 200)
        if "/" in replay or "\\" in replay or replay.startswith(".") or not replay:
            fail("replay", "expected a plain file name")
    snapshot = Snapshot(
        code=code,
        actions=tuple(actions),
        times=times,
        since=_number(m["since"], "since", MAX_TIME),
        elapsed=_number(m["elapsed"], "elapsed", MAX_SECONDS),
        started=expect_str(m["started"], "started", 40),
        replay=replay,
    )
    check = expect_mapping(m["check"], "check", _CHECK_KEYS)
    game = snapshot.game()
    columns = expect_list(check["columns"], "check.columns", 7)
    expected = Position(
        tuple(tuple(_cards(c, f"check.columns[{i}]")) for i, c in enumerate(columns)),
        tuple(_cards(check["waste"], "check.waste")),
        tuple(_cards(check["stock"], "check.stock")),
    )
    if game.position != expected:
        fail("check", "the actions do not lead to the saved position")
    if game.moves != expect_int(check["moves"], "check.moves", 0, MAX_ACTIONS):
        fail("check.moves", f"the actions make {game.moves} moves")
    if game.undo_depth != expect_int(check["undo_depth"], "check.undo_depth", 0, MAX_ACTIONS):
        fail("check.undo_depth", f"the actions leave {game.undo_depth} to undo")
    return snapshot


def _write(snapshot: Snapshot | None) -> Data:
    assert snapshot is not None, "an empty autosave is removed, not written"
    game = snapshot.game()
    check: dict[str, Any] = {"moves": game.moves, "undo_depth": game.undo_depth}
    check.update(_position_data(game.position))
    return {
        "code": snapshot.code,
        "actions": [str(a) for a in snapshot.actions],
        "times": list(snapshot.times),
        "since": snapshot.since,
        "elapsed": snapshot.elapsed,
        "started": snapshot.started,
        "replay": snapshot.replay,
        "check": check,
    }


def _read_optional(body: Data) -> Snapshot | None:
    return _read(body)


AUTOSAVE_DOCUMENT: Final[Document[Snapshot | None]] = Document(
    name="autosave.json",
    version=1,
    label={"en": "saved game", "fr": "de la partie en cours"},
    default=lambda: None,
    read=_read_optional,
    write=_write,
)
"""``autosave.json``: the game on the table, rewritten after every action (None: no game)."""
