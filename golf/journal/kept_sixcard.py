"""A six-card game in progress as the journal keeps it (:class:`SixSnapshot`: its code — the
deal, the number of players and the rules —, every seat's actions with the pause before each,
its clock, who sits at each seat and the computers' pace), and how version 0.1.0 wrote it in
``six-card-autosave.json`` (:data:`SIX_AUTOSAVE_DOCUMENT`, read once when that version's folder
is imported: ``golf.journal.legacy``), checked against the state its actions lead to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Final

from golf.core.record import AutosaveKind, Clocks, Recording, clock_seconds, saved_times
from golf.core.store import Data, Document, expect_list, expect_str, fail
from golf.sixcard.actions import Action
from golf.sixcard.ai import LEVELS
from golf.sixcard.codes import parse_code, variant_part
from golf.sixcard.game import Refused, State, apply, new_game
from golf.sixcard.replay import MAX_ACTIONS, Result, SixReplay
from golf.sixcard.rules import STANDARD

__all__ = [
    "HUMAN",
    "PACES",
    "SEAT_KINDS",
    "SIX_AUTOSAVE_DOCUMENT",
    "SixSnapshot",
    "check_data",
    "rules_name",
]

HUMAN: Final = "human"
SEAT_KINDS: Final = (HUMAN, *LEVELS)
"""What may sit at a seat: a person at the screen or a computer of one of the levels."""
PACES: Final = ("slow", "normal", "fast")
"""The computers' pace chosen in the setup window."""


@dataclass(frozen=True)
class SixSnapshot(Recording[Action]):
    """A six-card game in progress: its recording (code, actions, pauses, clocks), who sits at
    each seat and the computers' pace."""

    kind: ClassVar[str] = "six-card"

    kinds: tuple[str, ...] = ()
    speed: str = "normal"
    known: State | None = field(default=None, compare=False, repr=False)
    """The state the actions lead to, when the caller has it (saves replaying them)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        players = parse_code(self.code).players
        if len(self.kinds) != players:
            raise ValueError(f"{len(self.kinds)} seats for {players} players")
        unknown = [k for k in self.kinds if k not in SEAT_KINDS]
        if unknown:
            raise ValueError(f"{unknown[0]!r} is not a seat kind ({', '.join(SEAT_KINDS)})")
        if self.speed not in PACES:
            raise ValueError(f"{self.speed!r} is not a pace ({', '.join(PACES)})")

    @property
    def replay(self) -> SixReplay:
        """The game so far as a replay (its result is what the actions make)."""
        return SixReplay(
            code=self.code,
            actions=self.actions,
            result=Result.of_state(self.state()),
            times=self.times,
        )

    def states(self) -> tuple[State, State]:
        """The game's first state and the state now, by playing the actions; raises
        ``ValueError`` naming the first action the rules refuse."""
        return _start(self.code), SIX_CARD.play(self.code, self.actions)

    def state(self) -> State:
        """The state now (see :meth:`states`)."""
        return self.known if self.known is not None else self.states()[1]

    @classmethod
    def of(
        cls,
        start: State,
        log: Sequence[Action],
        now: State,
        kinds: tuple[str, ...],
        speed: str,
        times: Sequence[float] = (),
        clocks: Clocks | None = None,
        started: str = "",
        file: str | None = None,
    ) -> SixSnapshot:
        """The snapshot of a match: its first state, its log, the state the log leads to, the
        seats, the pace, the seconds before each action (missing ones count as 0), the
        clocks, the start date and the replay file's name."""
        if clocks is not None:
            clocks = Clocks(clock_seconds(clocks.since), clock_seconds(clocks.elapsed))
        return cls(
            start.code,
            tuple(log),
            saved_times(times, len(log)),
            clocks or Clocks(),
            started,
            file,
            tuple(kinds),
            speed,
            now,
        )


def rules_name(code: str) -> str:
    """What the journal calls a six-card game's rules: ``standard``, or its code's variant part
    (``VPK``); raises ``ValueError`` for a code that is not one."""
    rules = parse_code(code).rules
    return "standard" if rules == STANDARD else variant_part(rules)


def _start(code: str) -> State:
    c = parse_code(code)
    return new_game(c.number, c.players, c.rules)


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


class _SixCard(AutosaveKind[Action, State, SixSnapshot]):
    """The six-card game's part: its code, its tokens, its states, its seats and pace."""

    name = "six-card-autosave.json"
    label: ClassVar[str] = "store.label.saved_six_card_game"
    setup_keys = ("kinds", "speed")
    max_actions = MAX_ACTIONS

    def play(self, code: str, actions: Sequence[Action]) -> State:
        state = _start(code)
        for index, action in enumerate(actions):
            try:
                state = apply(state, action)
            except Refused as refused:
                fail(f"actions[{index}]", f"{action} is refused ({refused.reason.name})")
        return state

    def played(self, value: SixSnapshot) -> State:
        return value.state()

    def check(self, played: State) -> Data:
        return check_data(played)

    def read_setup(self, body: Data, code: str) -> Data:
        players = parse_code(code).players
        raw_kinds = expect_list(body["kinds"], "kinds", players)
        if len(raw_kinds) != players:
            fail("kinds", f"{len(raw_kinds)} seats for the code's {players} players")
        kinds: list[str] = []
        for i, kind in enumerate(raw_kinds):
            text = expect_str(kind, f"kinds[{i}]", 20)
            if text not in SEAT_KINDS:
                fail(f"kinds[{i}]", f"expected one of {', '.join(SEAT_KINDS)}")
            kinds.append(text)
        speed = expect_str(body["speed"], "speed", 20)
        if speed not in PACES:
            fail("speed", f"expected one of {', '.join(PACES)}")
        return {"kinds": tuple(kinds), "speed": speed}

    def write_setup(self, value: SixSnapshot) -> Data:
        return {"kinds": list(value.kinds), "speed": value.speed}

    def make(self, saved: Recording[Action], setup: Data, played: State) -> SixSnapshot:
        return SixSnapshot(
            saved.code,
            saved.actions,
            saved.times,
            saved.clocks,
            saved.started,
            saved.file,
            setup["kinds"],
            setup["speed"],
            played,
        )


SIX_CARD: Final = _SixCard(parse_code, Action.parse)
"""The six-card game's autosave: its one reader and writer are the shared ones."""

SIX_AUTOSAVE_DOCUMENT: Final[Document[SixSnapshot | None]] = SIX_CARD.document()
"""``six-card-autosave.json``: the six-card game on the table, rewritten after every action
(None: no game)."""
