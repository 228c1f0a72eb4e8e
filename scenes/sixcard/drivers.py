"""Who hands actions to the six-card table, and when: the person at the screen (intents →
actions), and the table's course in time (:class:`TableCourse`: the pause after each action, the
scoreboard, the curtain between people) which asks each driven seat for its action when its turn
comes — a computer decides from its own seat's view (:class:`ComputerSeat`).

A replay being watched drives the table instead (``scenes.sixcard.watch``). A seat played over
the network would be one more :class:`SeatDriver`: its ``action`` gives the action received for
that seat, or None while none has arrived.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from types import MappingProxyType
from typing import Protocol

import pygame

from golf.sixcard.actions import (
    KNOCK_ACTION,
    TAKE_DISCARD_ACTION,
    TAKE_STOCK_ACTION,
    Action,
    discard_flip,
    flip,
    replace,
)
from golf.sixcard.ai import Opponent, make_opponent
from golf.sixcard.game import State, legal_actions
from golf.sixcard.pace import next_step
from golf.sixcard.texts import Reason, message
from golf.sixcard.view import seat_view
from scenes.core.input import Intent, Kind
from scenes.sixcard.listeners import default_target
from scenes.sixcard.overlays import CurtainScene, ScoreboardScene
from scenes.sixcard.parts import DISCARD, KNOCK, STOCK, TableLike, Target

__all__ = [
    "HINT_SECONDS",
    "ComputerSeat",
    "PersonAtScreen",
    "SeatDriver",
    "TableCourse",
    "TableDriver",
]

log = logging.getLogger(__name__)

HINT_SECONDS = 1.6
_STEPS: Mapping[Kind, tuple[int, int]] = MappingProxyType(
    {Kind.LEFT: (-1, 0), Kind.RIGHT: (1, 0), Kind.UP: (0, -1), Kind.DOWN: (0, 1)}
)


class TableDriver(Protocol):
    """What runs a table in time: hands it actions when their moment comes."""

    def drive(self, dt: float) -> None: ...


class SeatDriver(Protocol):
    """A seat whose actions come from elsewhere than this screen's input."""

    def action(self, state: State) -> Action | None:
        """The seat's next action (it is the seat to move), or None while it has none yet."""
        ...


class ComputerSeat:
    """A computer: decides from its own seat's view, nothing else."""

    def __init__(self, opponent: Opponent) -> None:
        self.opponent = opponent

    def action(self, state: State) -> Action | None:
        seat = state.to_move
        assert seat is not None
        return self.opponent.decide(seat_view(state, seat))


class TableCourse:
    """The table in time: the pause after each action, the scoreboard once a hole's grids have
    been seen, the curtain between two people at the screen, and the driven seats' actions.

    ``seats`` are the seats that do not play from this screen's input (the computers); the
    person to move plays through :class:`PersonAtScreen`.
    """

    def __init__(self, table: TableLike, seats: Mapping[int, SeatDriver]) -> None:
        self.table = table
        self.seats = seats

    def drive(self, dt: float) -> None:
        table = self.table
        if table.pace.waiting(dt, table.animating):
            return
        state = table.state
        step = next_step(
            state, table.scored, self.seats, table.humans, table.revealed, table.curtain_for
        )
        seat = state.to_move
        if step == "scoreboard":
            table.scored = len(state.scores)
            log.info("hole %d scored %s (%s)", state.hole, state.scores[-1], state.phase)
            table.app.scenes.push(
                ScoreboardScene(table.app, table, state.phase == "game_over"), fade=False
            )
        elif step == "driven" and seat is not None:
            action = self.seats[seat].action(state)
            if action is not None:
                table.act(action)
        elif step == "curtain" and seat is not None:
            table.curtain_for = seat
            table.app.scenes.push(CurtainScene(table.app, table, seat), fade=False)
        elif step == "reveal" and seat is not None:
            table.reveal(seat)


class PersonAtScreen:
    """The person whose turn it is, at this screen: clicks and keys become actions.

    Take from the stock or the discard, then click a grid card to swap it in, or click the
    discard to throw the card away and then a face-down card to turn up.
    """

    def __init__(self, table: TableLike) -> None:
        self.table = table

    # ------------------------------------------------------------ where a person may point
    def targets(self) -> list[Target]:
        """Everything the keyboard cursor may rest on."""
        table = self.table
        out: list[Target] = [STOCK, DISCARD]
        if self.knock_open():
            out.append(KNOCK)
        out.extend(("slot", s) for s in range(len(table.state.grids[table.viewer])))
        return out

    def target_rect(self, target: Target) -> pygame.Rect:
        """Where a target is on the screen."""
        board = self.table.board
        kind, index = target
        if kind == "stock":
            return board.stock
        if kind == "discard":
            return board.discard
        if kind == "knock":
            return board.knock
        return board.bottom.slot_rect(index)

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """The target under the pointer, if any."""
        for target in self.targets():
            if target != KNOCK and self.target_rect(target).collidepoint(pos):
                return target
        return None

    def knock_open(self) -> bool:
        """Whether the person to act may knock now (knock variant)."""
        table = self.table
        return table.person_to_act is not None and KNOCK_ACTION in legal_actions(table.state)

    # ------------------------------------------------------------ acting
    def use(self, target: Target) -> None:
        """What a click (or Enter) on ``target`` asks for, for the person to move."""
        table = self.table
        state = table.state
        kind, index = target
        if kind == "knock":
            table.act(KNOCK_ACTION)
        elif kind == "stock":
            table.act(TAKE_STOCK_ACTION)
        elif kind == "discard":
            if state.drawn is None:
                table.act(TAKE_DISCARD_ACTION)
            elif state.drawn_from == "stock":
                table.discarding = not table.discarding
                table.app.sound.play("click")
                table.sync()
                if table.discarding:
                    table.cursor = default_target(state)
            else:
                table.refuse(message(Reason.KEEP_DISCARD, table.app.texts.lang))
        elif kind == "slot":
            row, column = state.rules.place(index)
            if state.phase == "opening":
                table.act(flip(row, column))
            elif table.discarding:
                table.act(discard_flip(row, column))
            else:
                table.act(replace(row, column))

    def show_hint(self) -> None:
        """Point at what a strong player would do now."""
        table = self.table
        seat = table.person_to_act
        if seat is None:
            return
        action = make_opponent("hard", 0).decide(seat_view(table.state, seat))
        target: Target
        if action.kind in ("take stock", "knock"):
            target = STOCK if action.kind == "take stock" else KNOCK
        elif action.kind == "take discard" or (
            action.kind == "discard flip" and not table.discarding
        ):
            target = DISCARD
        else:
            target = ("slot", table.state.rules.slot(action.row, action.column))
        table.hint = (target, HINT_SECONDS)
        table.cursor = target
        table.cursor_visible = True

    # ------------------------------------------------------------ input
    def handle(self, intent: Intent) -> None:
        """One intent of the person at the screen."""
        table = self.table
        kind = intent.kind
        if table.menu_button.handle(intent):
            return
        if self.knock_open() and table.knock_button.handle(intent):
            table.cursor_visible = False
            return
        if kind is Kind.POINT:
            # one highlight: the pointer onto a button hides the keyboard's cursor (the Knock
            # button's focus frame is that cursor)
            if table.menu_button.hover or (self.knock_open() and table.knock_button.hover):
                table.cursor_visible = False
            return
        if kind is not Kind.CLICK:  # a key or the pad leads now: the pointer's highlight goes
            table.menu_button.hover = table.knock_button.hover = False
        if kind in (Kind.CANCEL, Kind.MENU):
            if table.discarding:
                self.use(DISCARD)
            else:
                table.open_menu()
            return
        if table.person_to_act is None:
            if kind in (Kind.CLICK, Kind.CONFIRM, Kind.DRAW):
                table.hurry()
            return
        if kind not in _STEPS:
            table.banner = min(table.banner, 0.25)  # the player acts: the warning makes way
        dealing = table.animating and table.state.phase == "opening"
        if kind in (Kind.CLICK, Kind.CONFIRM, Kind.DRAW, Kind.COLUMN) and dealing:
            table.hurry()  # the first game key during the deal lands the cards
        self._act_on(intent)

    def _act_on(self, intent: Intent) -> None:
        table = self.table
        kind = intent.kind
        if kind is Kind.CLICK and intent.pos is not None:
            target = self.target_at(intent.pos)
            if target is not None:
                table.cursor_visible = False
                self.use(target)
        elif kind is Kind.CONFIRM:
            if not table.cursor_visible:
                table.cursor_visible = True
                return
            self.use(table.cursor)
        elif kind is Kind.DRAW:
            self.use(STOCK)
        elif kind is Kind.COLUMN and intent.column is not None:
            if intent.column <= len(table.state.grids[table.viewer]):
                table.cursor = ("slot", intent.column - 1)
                self.use(table.cursor)
        elif kind in _STEPS:
            self.move_cursor(*_STEPS[kind])
        elif kind is Kind.UNDO:
            if table.discarding:
                self.use(DISCARD)
        elif kind is Kind.HINT:
            self.show_hint()

    def move_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor to the nearest target in a direction (shows it first)."""
        table = self.table
        if not table.cursor_visible:
            table.cursor_visible = True
            return
        targets = self.targets()
        if table.cursor not in targets:
            table.cursor = targets[0]
        here = pygame.Vector2(self.target_rect(table.cursor).center)
        best: tuple[float, Target] | None = None
        for target in targets:
            if target == table.cursor:
                continue
            there = pygame.Vector2(self.target_rect(target).center) - here
            along = there.x * dx + there.y * dy
            if along <= 0:
                continue
            across = abs(there.x * dy) + abs(there.y * dx)
            score = along + 2.5 * across
            if best is None or score < best[0]:
                best = (score, target)
        if best is not None:
            table.cursor = best[1]
