"""The room a host creates for a network game: the six-card setup window's form (the players,
who sits at each seat, the rules and variants, the computers' pace) with the turn timer added,
read into a ``create`` message. The first seat is the host's; a seat for a person is a place
someone joins, and one still open at the start is played by a computer.

The form offers only what the engine deals (``SixRules``, its grid's numbers of players, as
the local setup does); the server checks the options again with the engine
(``golfnet.room.RoomConfig``) and refuses any other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

import pygame

from golf.sixcard.pace import PACES
from golf.sixcard.rules import MAX_PLAYERS, NEW_GAME, SWITCHES, SixRules
from golf.sixcard.seating import HUMAN, SixSetup
from golfnet.protocol import PERSON, Create
from scenes.core.i18n import Texts
from scenes.core.look import PALETTE
from scenes.core.manager import App
from scenes.core.textfit import wrap_text
from scenes.core.widgets import ButtonSpec
from scenes.sixcard.setup import LEFT_W, Row, SetupChoice, SixSetupScene

__all__ = ["TIMERS", "NetRoomScene", "RoomChoice", "rules_words", "timer_text", "timer_words"]

OPEN_ROOM: Final = 30
"""Pixels the buttons move down, on a room hosted here, for the line on opening it."""
OPEN_SHARE: Final = 0.3
"""The share of its row the switch's value takes."""
TIMERS: Final = (0.0, 15.0, 30.0, 60.0, 120.0)
"""The turn timers offered, in seconds a move (0: none)."""
DEFAULT_TIMER: Final = 30.0


def _network_setup() -> SixSetup:
    """A new room: four seats for people (the host first), computers of medium level beyond."""
    kinds = (HUMAN,) * 4 + ("medium",) * (MAX_PLAYERS - 4)
    return SixSetup(players=4, kinds=kinds, rules=NEW_GAME)


@dataclass(frozen=True)
class RoomChoice:
    """What the host chose: the table (players, seats, rules, pace), the turn timer, and,
    for a room hosted on this machine, whether it is open to the local network (else only
    this machine can reach it)."""

    setup: SixSetup = field(default_factory=_network_setup)
    timer: float = DEFAULT_TIMER
    open: bool = False

    def __post_init__(self) -> None:
        self.setup.rules.check_new_table(self.setup.players)
        if self.timer not in TIMERS:
            raise ValueError(f"the turn timer is one of {TIMERS}, not {self.timer}")

    @classmethod
    def like(cls, local: SixSetup) -> RoomChoice:
        """A room with the rules, players and pace chosen on the local setup window (its seats
        for people: the others join)."""
        low, high = local.rules.player_range()
        players = min(max(local.players, low), high)
        table = _network_setup().with_(players=players, rules=local.rules, speed=local.speed)
        return cls(table)

    @property
    def seats(self) -> list[str]:
        """The ``create`` message's seats: the host's place, then a person's place or a
        computer's level at each seat."""
        return [PERSON] + [PERSON if k == HUMAN else k for k in self.setup.seats[1:]]

    def create(self, name: str) -> Create:
        """The ``create`` message of this room for a host called ``name``."""
        return Create(
            name=name,
            seats=tuple(self.seats),
            rules=self.setup.rules.to_dict(),
            timer=self.timer,
            pause=PACES[self.setup.speed][1],
        )


def timer_text(texts: Texts, seconds: object) -> str:
    """A turn timer as the form shows it: "30 s a move", or none."""
    value = float(str(seconds))
    if not value:
        return texts("net.room.timer_off")
    return texts("net.room.seconds", seconds=f"{value:g}")


def timer_words(texts: Texts, seconds: object) -> str:
    """A room's turn timer in a sentence: "30 s a move", or that there is no limit."""
    value = float(str(seconds))
    if not value:
        return texts("net.room.no_timer")
    return texts("net.room.timer_is", seconds=f"{value:g}")


def rules_words(texts: Texts, rules: SixRules) -> list[str]:
    """A room's rules in the player's words: the grid, the holes, then each switch that differs
    from a new game's (a switch that means nothing under these rules is left unsaid)."""

    def on_off(value: object) -> str:
        return texts("common.on" if value else "common.off")

    words = [texts(f"six.grid.{rules.grid}"), texts("net.room.holes", holes=rules.holes)]
    for name in SWITCHES:
        value = getattr(rules, name)
        if name == "cut" or value == getattr(NEW_GAME, name):
            continue
        if name == "jokers_cancel" and not rules.jokers:
            continue
        shown = texts("six.pairs.pair" if value else "six.pairs.whole") if name == "pairs" else None
        rule = texts(f"six.rule.{name}")
        words.append(texts("net.room.rule", rule=rule, value=shown or on_off(value)))
    if rules.ties != NEW_GAME.ties:
        ties = texts(f"six.ties.{rules.ties}")
        words.append(texts("net.room.rule", rule=texts("six.rule.ties"), value=ties))
    return words


class NetRoomScene(SixSetupScene):
    """The setup form for a network room: Create hands the choice back to the lobby."""

    title_key = "net.room.title"

    def __init__(
        self,
        app: App,
        choice: RoomChoice,
        on_create: Callable[[RoomChoice], None],
        here: bool = False,
    ) -> None:
        self.timer = choice.timer
        self.open = choice.open
        self.here = here
        """The room is hosted on this machine: the switch that opens it to the local network,
        and the line that says what that means."""
        self.on_create = on_create
        super().__init__(app, choice.setup)
        if here:
            for button in self.buttons:
                button.rect.move_ip(0, OPEN_ROOM)
            self.panel.height += OPEN_ROOM
            self.left[-1].share = OPEN_SHARE  # On or Off: the long label keeps its room

    def _saved_game(self) -> tuple[None, list[str]]:
        return None, []  # a room is always a new game: nothing to continue here

    def _button_specs(self) -> list[ButtonSpec]:
        return [("net.room.create", self.create, "green"), ("common.back", self.close, "pink")]

    def _left_rows(self) -> list[Row]:
        """The local setup's rows, the first seat the host's, and the turn timer."""
        rows = super()._left_rows()
        _, values, current, show, change = rows[1]
        rows[1] = ("net.room.seat1", values, current, show, change)
        texts = self.app.texts
        rows.append(
            ("net.room.timer", TIMERS, self.timer, lambda v: timer_text(texts, v), self._timer)
        )
        if self.here:
            rows.append(
                (
                    "net.room.open",
                    (False, True),
                    self.open,
                    lambda v: texts("common.on" if v else "common.off"),
                    self._open,
                )
            )
        return rows

    def _open(self, value: object) -> None:
        self.open = bool(value)

    def open_words(self) -> str:
        """What the switch means as it stands: who can join."""
        return self.app.texts("net.room.open_on" if self.open else "net.room.open_off")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.here:
            return
        look, p = self.app.look, PALETTE
        y = self.summary_y + 18 * len(self._summary_lines()) + 8
        width = self.panel.width - 2 * (self.left[0].rect.left - self.panel.left)
        for line in wrap_text(look, self.open_words(), 7, width)[:2]:
            colour = p.gold if self.open else p.label
            look.type.blit(surface, line, 7, colour, (self.left[0].rect.left, y), shadow=p.ink)
            y += 18

    def _summary_lines(self) -> list[str]:
        """Only what the chosen grid is (the rules in brief leave the left column's room to
        the timer); the lobby then shows the room's rules to everyone."""
        about = self.app.texts(f"six.grid_about.{self.setup.rules.grid}")
        if self._summary is None or self._summary[0] != about:
            self._summary = (about, wrap_text(self.app.look, about, 7, LEFT_W))
        return self._summary[1]

    def _timer(self, value: object) -> None:
        self.timer = float(str(value))

    def _sync(self) -> None:
        super()._sync()
        host: SetupChoice = self.left[1]
        host.set(HUMAN)
        host.enabled = False  # the host sits at the first seat

    def create(self) -> None:
        """Make the room: back to the lobby, which hosts it."""
        choice = RoomChoice(self.setup, self.timer, self.open)
        self.app.sound.play("click")
        self.close()
        self.on_create(choice)
