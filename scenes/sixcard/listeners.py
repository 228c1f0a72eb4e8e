"""What reacts to each action at the six-card table: listeners of its
:class:`~golf.core.play.PlaySession`, in the order the table adds them.

A refused action is said (a sound and a word over the table); a taken one is timed for the
record of play, sends the cards where the new state puts them, sounds, sets the pause before the
next step (with the final-turn warning), and, when the turn passes, hides one person's cards
from the next; with the "speak" option on, each action is said (:class:`Announcing`, its words
from ``golf.sixcard.announce``). The autosave and the replay file are the keeper's (``scenes.sixcard.keeping``).
"""

from __future__ import annotations

import logging

from golf.core.play import Step
from golf.sixcard.actions import NEXT_HOLE, Action
from golf.sixcard.announce import (
    Seats,
    action_said,
    cut_said,
    place_said,
    table_said,
    turn_said,
)
from golf.sixcard.game import Refusal, State, winners
from golf.sixcard.pace import pause_after, starts_turn
from scenes.core.board_text import show_board_text, speak
from scenes.sixcard.parts import STOCK, TableLike, Target

__all__ = [
    "BANNER_SECONDS",
    "Announcing",
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


class Announcing:
    """With the "speak" option on: the game when it comes onto the table, each action (what was
    done, the final turns, a hole's points, whose turn, your grid and the discard), refusals,
    and the D key's whole table."""

    def __init__(self, table: TableLike) -> None:
        self.table = table
        self._cursor: tuple[Target, str] | None = None  # where the cursor was read, and how

    def seats(self) -> Seats:
        """How the table names its seats, in the language shown."""
        table = self.table
        players = range(table.state.players)
        you = next((s for s in players if table.is_you(s)), None)
        return Seats(tuple(table.name(s) for s in players), you, table.revealed)

    def start(self) -> None:
        """The table is shown: the cut for the first deal (the cut rule), whose turn it is (and
        to the player, their grid)."""
        table = self.table
        if table.app.settings.speak:
            seats, lang = self.seats(), table.app.texts.lang
            said = " ".join(
                p
                for p in (cut_said(table.state, seats, lang), turn_said(table.state, seats, lang))
                if p
            )
            speak(table.app, said, table.toast)

    def cursor_words(self) -> str | None:
        """What the keyboard's cursor is on, read as it moves (and as a hint moves it)."""
        table = self.table
        if not table.cursor_visible:
            self._cursor = None
            return None
        if self._cursor is None or self._cursor[0] != table.cursor:
            # said when the cursor moves, not when the card under it changes (the action's
            # own words say that)
            place, slot = table.cursor
            words = place_said(table.state, self.seats(), place, slot, table.app.texts.lang)
            self._cursor = (table.cursor, words)
        return self._cursor[1] or None

    def describe(self) -> None:
        """The D key: the whole table in words, shown, copied and read aloud."""
        table = self.table
        text = table_said(table.state, self.seats(), table.app.texts.lang)
        show_board_text(table.app, text, table.toast)

    def heard(self, step: TableStep) -> None:
        table = self.table
        if not table.app.settings.speak:
            return
        lang = table.app.texts.lang
        refused = step.refusal.text(lang) if step.refusal is not None else None
        said = action_said(step.before, step.after, step.action, self.seats(), lang, refused)
        # a computer's move is heard in full; a person's own cuts off what is being said
        mover = step.before.to_move
        person = mover is not None and mover not in table.opponents and not table.watching
        speak(table.app, said, table.toast, interrupt=person)


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
