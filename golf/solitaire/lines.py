"""Lines of play: the actions that made a position, a game played again to an earlier point,
and a solver's line as a replay to watch.

What the analysis of a finished game leads to, decided without a screen: the player can go back
to the last position from which the game could still be won (by undoing, or, past the undo
history, by playing the kept actions again from the start) or watch the solver's line.
"""

from __future__ import annotations

from golf.solitaire.engine import Action
from golf.solitaire.replay import Replay
from golf.solitaire.session import Game, kept_moves

__all__ = ["kept_line", "played_again", "solver_replay"]


def kept_line(actions: list[Action]) -> list[Action]:
    """The actions that made the current position: the log with undone actions taken out and
    redone ones put back."""
    return [move for _index, move in kept_moves(actions)]


def played_again(game: Game, steps: int) -> Game:
    """``game`` as it was ``steps`` actions back, played again from its first position (its
    undo history then starts there)."""
    kept = kept_line(list(game.log))
    again = game.restart()
    for action in kept[: len(kept) - steps]:
        again.apply(action)
    return again


def solver_replay(game: Game, line: tuple[Action, ...], title: str) -> Replay:
    """A replay of the solver's ``line`` from ``game``'s first position."""
    return Replay(
        rules=game.rules,
        actions=line,
        code=game.code,
        layout=None if game.code is not None else game.start,
        title=title,
    )
