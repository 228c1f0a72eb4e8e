"""A solitaire game in progress as the journal keeps it (:class:`Snapshot`: its code, every
action including undos, the pause before each, its clocks, its replay file's name), and how
version 0.1.0 wrote it in ``autosave.json`` (:data:`AUTOSAVE_DOCUMENT`, read once when that
version's folder is imported: ``golf.journal.legacy``). Replaying the actions rebuilds the
position, the move counter and the undo history exactly; the 0.1.0 file's ``check`` (the
position the actions lead to) is compared on reading, so a file that does not add up is
refused rather than restoring a different game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Final

from golf.core.record import (
    MAX_SECONDS,
    AutosaveKind,
    Clocks,
    Recording,
    clock_seconds,
    saved_times,
)
from golf.core.store import Data, Document, fail
from golf.solitaire.codes import CodeError, parse_code
from golf.solitaire.engine import Action
from golf.solitaire.replay import MAX_ACTIONS
from golf.solitaire.session import Game

__all__ = ["AUTOSAVE_DOCUMENT", "Snapshot"]


@dataclass(frozen=True)
class Snapshot(Recording[Action]):
    """A solitaire game in progress: how to rebuild it, its clocks and its recording.

    ``times[i]`` is the pause before ``actions[i]`` (the recorder's); ``since`` the time since
    the last action; ``elapsed`` the play-time clock of the HUD; ``started`` the recording's start
    date (ISO text); ``replay`` the name of its file in the replays folder, if it has one yet.
    """

    kind: ClassVar[str] = "solitaire"

    @property
    def replay(self) -> str | None:
        """The name of the game's replay file in the replays folder."""
        return self.file

    def game(self) -> Game:
        """The game rebuilt by replaying the log; raises ``ValueError`` if an action is refused."""
        return SOLITAIRE.play(self.code, self.actions)

    @classmethod
    def of(
        cls,
        game: Game,
        times: Sequence[float],
        since: float,
        elapsed: float,
        started: str,
        replay: str | None = None,
    ) -> Snapshot:
        """The snapshot of ``game`` now (``game.code`` must be set)."""
        if game.code is None:
            raise ValueError("only a game with a code is saved")
        return cls(
            game.code,
            tuple(game.log),
            saved_times(times, len(game.log)),
            Clocks(clock_seconds(since), clock_seconds(elapsed, MAX_SECONDS)),
            started,
            replay,
        )


class _Solitaire(AutosaveKind[Action, Game, Snapshot]):
    """The solitaire's part: its code, its tokens, its game and its check."""

    name = "autosave.json"
    label: ClassVar[str] = "store.label.saved_game"
    max_actions = MAX_ACTIONS
    max_token = 20

    def play(self, code: str, actions: Sequence[Action]) -> Game:
        try:
            parsed = parse_code(code)
        except CodeError as error:
            raise ValueError(f"code: {error}") from None
        game = Game.new(parsed.number, parsed.rules)
        for index, action in enumerate(actions):
            refusal = game.apply(action)
            if refusal is not None:
                fail(f"actions[{index}]", f"{action} is refused ({refusal.reason.name})")
        return game

    def check(self, played: Game) -> Data:
        position = played.position
        return {
            "moves": played.moves,
            "undo_depth": played.undo_depth,
            "columns": [list(column) for column in position.columns],
            "waste": list(position.waste),
            "stock": list(position.stock),
        }

    def make(self, saved: Recording[Action], setup: Data, played: Game) -> Snapshot:
        return Snapshot(
            saved.code, saved.actions, saved.times, saved.clocks, saved.started, saved.file
        )


SOLITAIRE: Final = _Solitaire(parse_code, Action.parse)
"""The solitaire's autosave: its one reader and writer are the shared ones."""

AUTOSAVE_DOCUMENT: Final[Document[Snapshot | None]] = SOLITAIRE.document()
"""``autosave.json``: the game on the table, rewritten after every action (None: no game)."""
