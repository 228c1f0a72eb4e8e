"""What reacts to each action at the six-card table: listeners of its
:class:`~golf.core.play.PlaySession`, in the order the table adds them.

A refused action is said (a sound and a word over the table); a taken one is timed for the
record of play, sends the cards where the new state puts them, sounds, sets the pause before the
next step (with the final-turn warning), and, when the turn passes, hides one person's cards
from the next. The autosave and the replay file are the keeper's (``scenes.sixcard.keeping``).
"""

from __future__ import annotations

import logging

from golf.core.play import Step
from golf.sixcard.actions import NEXT_HOLE, Action
from golf.sixcard.game import Refusal, State, winners
from golf.sixcard.pace import pause_after, starts_turn
from scenes.sixcard.parts import STOCK, TableLike, Target

__all__ = [
    "BANNER_SECONDS",
    "CardsFly",
    "PaceOfPlay",
    "Refusals",
    "Sounds",
    "TableStep",
    "TurnPasses",
    "default_target",
]

log = logging.getLogger(__name__)

TableStep = Step[Action, State, Refusal]
BANNER_SECONDS = 2.2


class Refusals:
    """An action the rules refuse: said over the table (with the interactive rules on)."""

    def __init__(self, table: TableLike) -> None:
        self.table = table

    def heard(self, step: TableStep) -> None:
        if step.refusal is not None:
            self.table.refuse(step.refusal.text(self.table.app.texts.lang))


class CardsFly:
    """The cards fly where the new state puts them; a new hole is dealt round."""

    def __init__(self, table: TableLike) -> None:
        self.table = table

    def heard(self, step: TableStep) -> None:
        if not step.applied:
            return
        table = self.table
        table.discarding = False
        table.hint = None
        if step.action.kind == NEXT_HOLE:
            board, state = table.board, table.state
            places = table.cards.places(board, state, table.view, False)
            table.cards.deal_in(board, state, places, table.flight_factor, sweep=True)
        else:
            table.sync(reveal=step.after.phase in ("hole_over", "game_over"))


class Sounds:
    """The sound of each action, and of the game's end (a win for a person at the screen, or
    for a computer when nobody is)."""

    def __init__(self, table: TableLike) -> None:
        self.table = table

    def heard(self, step: TableStep) -> None:
        if not step.applied:
            return
        sound, kind, after = self.table.app.sound, step.action.kind, step.after
        if kind in ("take stock", "take discard"):
            sound.play("draw")
        elif kind == "knock":
            sound.play("block")
        elif kind != NEXT_HOLE:
            sound.play("play", after.turns % 8)
        if after.phase == "game_over":
            humans = self.table.humans
            won = any(s in humans for s in winners(after))
            sound.play("win" if won or not humans else "block")


class PaceOfPlay:
    """The pause before the next step (``golf.sixcard.pace``), and the final-turn warning when
    someone ends the hole."""

    def __init__(self, table: TableLike) -> None:
        self.table = table

    def heard(self, step: TableStep) -> None:
        if not step.applied:
            return
        table, before, after = self.table, step.before, step.after
        table.wait = pause_after(before, after, table.setup.speed, table.opponents, table.humans)
        if after.ending and not before.ending:
            table.banner = BANNER_SECONDS
            table.app.sound.play("block")
            log.info("final turn: hole %d ended by seat %s", after.hole, after.finisher)
        if after.phase in ("hole_over", "game_over"):
            log.info("hole %d over", after.hole)


class TurnPasses:
    """A new player to move: hide private cards between people, place the cursor."""

    def __init__(self, table: TableLike) -> None:
        self.table = table

    def heard(self, step: TableStep) -> None:
        if step.applied and starts_turn(step.before, step.after, step.action):
            turn_started(self.table)


def turn_started(table: TableLike) -> None:
    """The player to move has changed (or the table was just laid): hide one person's cards
    from the next, and put the cursor where the person to move would start."""
    state = table.state
    seat = state.to_move
    if len(table.humans) > 1 and table.revealed is not None and seat != table.revealed:
        table.revealed = None  # the screen is about to change hands
        table.sync()
    if seat is not None and seat == table.revealed:
        table.cursor = default_target(state)


def default_target(state: State) -> Target:
    """Where the cursor starts for the person to move: a face-down card to turn up or to
    replace, or the stock."""
    if state.phase == "opening" or state.drawn is not None:
        seat = state.to_move
        assert seat is not None
        down = state.face_down_slots(seat)
        known = state.up[seat] | state.peeked[seat]
        fresh = [s for s in down if not known >> s & 1]
        return ("slot", (fresh or down or [0])[0])
    return STOCK
