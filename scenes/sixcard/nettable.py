"""The six-card table played over the network: the same table as a game at this screen — the
cards in flight, the sounds, the highlights, the keyboard, pad and mouse — fed by the server
(``golfnet.link.NetLink``) instead of the engine.

The server sends this seat its view after every action and names the action
(``golfnet.protocol``); the mirror (``golfnet.mirror``) keeps the game as this seat knows it as
an engine state, with a stand-in for every card not seen, and the table plays each action out
through its listeners as a local table does (``scenes.sixcard.listeners``: the cards fly, the
sounds, the final-turn banner, the words said aloud). The person's clicks and keys
(``scenes.sixcard.drivers.PersonAtScreen``) are sent to the server as the seat's actions; the
table waits for the server's answer before it takes another. Face-down cards this seat has not
seen are drawn as backs, because there is nothing else to draw.

A spectator's table (a client without a seat, ``watching``) is sent the public view only: it
is laid as seen from the first seat's chair with every seat's public cards, is nobody's ("you"
is no one), and never offers or sends an action.

Over the table (``scenes.sixcard.netshow``): whose turn it is or that the table waits for
someone, the turn timer, a move played for someone out of time, a lost connection (the link
comes back to its seat by itself) and its return; between holes and at the end, the scoreboard
and the final standings for everyone; the replay saved in the replays folder.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Mapping
from datetime import datetime
from types import MappingProxyType
from typing import Any

import pygame

from golf.core.play import PlaySession
from golf.core.translations import has_text
from golf.sixcard import replay as sixreplay
from golf.sixcard.actions import NEXT_HOLE, NEXT_HOLE_ACTION, Action
from golf.sixcard.ai import Opponent
from golf.sixcard.game import Match, Refusal, State
from golf.sixcard.pace import PACES, Pace, next_step
from golf.sixcard.rules import SixRules
from golf.sixcard.seating import HUMAN, SixSetup
from golf.sixcard.view import SeatView
from golfnet.client import replay_of
from golfnet.link import Back, Event, Failed, Lost, NetLink
from golfnet.mirror import Mirror, told_action
from golfnet.protocol import (
    PERSON,
    Act,
    BadMessage,
    Bye,
    Error,
    Over,
    Refused,
    RoomInfo,
    Update,
    Welcome,
    read_view,
    show_code,
)
from scenes.core.look import PALETTE
from scenes.core.manager import App
from scenes.sixcard.board import Board
from scenes.sixcard.drivers import PersonAtScreen
from scenes.sixcard.listeners import (
    Announcing,
    CardsFly,
    PaceOfPlay,
    Sounds,
    TurnPasses,
    default_target,
    turn_started,
)
from scenes.sixcard.motion import Cards
from scenes.sixcard.netshow import NetPauseMenu, NetScoreboard, NetStatus, seat_names
from scenes.sixcard.parts import STOCK, Target
from scenes.sixcard.tablebase import TableBase
from scenes.sixcard.tableview import TableView

__all__ = ["NetMatch", "NetTableScene"]

log = logging.getLogger(__name__)

_NOBODY: Mapping[int, Opponent] = MappingProxyType({})


def _unsaid(message: object) -> None:
    """A message the table has nothing to do with."""


class NetMatch(Match):
    """The mirror's state as the table's match: an action the server told of is taken as the
    state the mirror made of it (the server alone applies the rules)."""

    def __init__(self, start: State) -> None:
        super().__init__(start)
        self.coming = start

    def apply(self, action: Action) -> Refusal | None:
        self.state = self.coming
        self.log.append(action)
        return None


def read_update(data: Mapping[str, object], rules: SixRules, watching: bool) -> SeatView:
    """An update's view; a spectator's (the public view, no seat's) as seen from the first
    seat's chair: its cards are only the public ones, and it has looked at none."""
    return read_view({**data, "seat": 0} if watching else data, rules)


class NetTableScene(TableBase):
    """One seat of a game played through a server, at this screen (or a spectator's)."""

    watching = False

    def __init__(self, app: App, link: NetLink) -> None:
        """The table of ``link``'s seat, laid from the last update its client was sent (the
        lobby opens it on the game's first update)."""
        super().__init__(app)
        client = link.client
        if client is None or client.view_data is None or client.rules is None:
            raise ValueError("the network table opens on the game's first update")
        self.link = link
        self.watching = client.seat is None  # a spectator: no seat, the public view
        self.seat = client.seat if client.seat is not None else 0
        self.rules = client.rules
        self.mirror = Mirror()
        view = read_update(client.view_data, client.rules, self.watching)
        first = self.mirror.follow(view, client.at, None).state
        self.seat_view: SeatView = view
        self.at = client.at
        self.mirrored = NetMatch(first)
        self.match: Match = self.mirrored
        self.code = app.texts("net.lobby.code", code=show_code(client.code or ""))
        self.status = NetStatus(self, client.deadline)
        self.asked = -1  # the update on which the person's last action was sent
        self.finished = False
        room = client.room
        kinds = [HUMAN if s.kind == PERSON else s.level for s in room.seats] if room else []
        self.setup = SixSetup(
            players=first.players,
            kinds=(*kinds, *(HUMAN,) * (first.players - len(kinds))),
            rules=first.rules,
        )
        self.viewer = self.seat
        self.revealed: int | None = self.seat
        self.curtain_for: int | None = None
        self.board = Board(first.players, first.rules.rows, first.rules.columns, self.seat)
        self.cards = Cards()
        self.pace = Pace()
        self.cursor: Target = STOCK
        self.cursor_visible = False
        self.discarding = False
        self.toasts = []
        self.banner = 0.0
        self.blink = 0.0
        self.hint: tuple[Target, float] | None = None
        self.scored = len(first.scores) - (1 if first.phase == "hole_over" else 0)
        self.make_buttons()
        self.person = PersonAtScreen(self)
        self.announcing = Announcing(self)
        self.drawing = TableView(self)
        self.session: PlaySession[Action, State, Refusal] = PlaySession(
            self.match, lambda: self.match.state
        )
        for listener in (CardsFly(self), Sounds(self), PaceOfPlay(self), TurnPasses(self)):
            self.session.listen(listener)
        self.session.listen(self.announcing)
        if first.phase == "opening" and not first.turns and not first.scores:
            self.deal_in()
        else:
            self.sync(snap=True)
        turn_started(self)

    # ----------------------------------------------------------------- reading
    @property
    def state(self) -> State:
        """The game as this seat knows it."""
        return self.match.state

    @property
    def view(self) -> SeatView:
        """This seat's view, as the server last sent it."""
        return self.seat_view

    @property
    def opponents(self) -> Mapping[int, Opponent]:
        """No computer plays at this screen: the server plays them."""
        return _NOBODY

    @property
    def humans(self) -> tuple[int, ...]:
        """The one person at this screen (none for a spectator)."""
        return () if self.watching else (self.seat,)

    @property
    def flight_factor(self) -> float:
        return PACES[self.setup.speed][0] * self.app.animation_scale

    @property
    def person_to_act(self) -> int | None:
        """This seat, when it is to move and the table is not waiting for the server."""
        state = self.state
        if self.watching or self.status.lost or self.asked == self.at:
            return None
        if state.to_move != self.seat:
            return None
        return self.seat if state.phase in ("opening", "turn") else None

    def seats(self) -> list[tuple[str, str, bool]]:
        """Each seat's name, word and whether a person plays it, from the room."""
        client = self.link.client
        return seat_names(self.app, client.room if client is not None else None)

    def name(self, seat: int) -> str:
        """You, a person's name, or a computer's name."""
        if self.is_you(seat):
            return self.app.texts("six.you")
        seats = self.seats()
        return seats[seat][0] if seat < len(seats) else str(seat + 1)

    def keys_line(self) -> str:
        """A spectator has no keys to play: it is told it watches (and where the menu is)."""
        return self.app.texts("net.table.watching_keys" if self.watching else "six.keys")

    def is_you(self, seat: int) -> bool:
        return seat == self.seat and not self.watching

    def level(self, seat: int) -> str:
        """The word under a seat: a computer's level, a person's lost connection, or ""."""
        seats = self.seats()
        return seats[seat][1] if seat < len(seats) else ""

    def played_by_person(self, seat: int) -> bool:
        """Whether a person plays the seat (and so has a turn timer)."""
        seats = self.seats()
        return seats[seat][2] if seat < len(seats) else False

    # ----------------------------------------------------------------- acting
    def act(self, action: Action) -> Refusal | None:
        """Send the person's action to the server: it is played out when the server says it
        was taken (never twice on one update); a spectator sends none."""
        if self.watching:
            return None
        if action.kind == NEXT_HOLE:
            self.status.asked_next = True
        elif self.asked == self.at:
            return None
        else:
            self.asked = self.at
        self.link.send(Act(action=str(action), at=self.at))
        return None

    def refuse(self, text: str) -> None:
        """Say why an action was refused (by the rules here, or by the server)."""
        self.app.sound.play("refusal")
        self.toast(text, PALETTE.white)

    def next_hole(self) -> None:
        """Ask for the next hole (from the scoreboard): dealt once everyone asked."""
        if self.state.phase == "hole_over" and not self.status.asked_next:
            self.act(NEXT_HOLE_ACTION)

    def reveal(self, seat: int) -> None:
        """The seat's cards are always this screen's: only the cursor goes back to its start."""
        self.cursor = default_target(self.state)

    def open_menu(self) -> None:
        self.app.scenes.push(NetPauseMenu(self.app, self), fade=False)

    def leave(self) -> None:
        """Leave the game (a computer plays the seat to the end) for the title."""
        self.link.close()
        self.app.flow.to_title()

    def exit(self, quitting: bool = False) -> None:
        self.link.close()

    # ----------------------------------------------------------------- what the server says
    def listen(self) -> None:
        """Take in what has arrived from the server, in order."""
        for message in self.link.poll():
            self.take(message)

    def take(self, message: Event) -> None:
        """What the server said (or the link: lost, back), by its class (:attr:`takers`)."""
        self.takers[type(message)](message)

    @functools.cached_property
    def takers(self) -> Mapping[type[Event], Callable[[Any], None]]:
        """What each message does here (the window's table of the server's messages and
        the link's events: ``tests/net/test_ui_net_table.py`` checks that it has them all)."""
        return {
            Lost: self.lost,
            Back: lambda _back: self.status.back(),
            Failed: _unsaid,  # only before a connection: the lobby's
            Welcome: _unsaid,  # a seat come back: the client keeps its token
            Update: self.took,
            RoomInfo: lambda room: self.status.roomed(room, -1 if self.watching else self.seat),
            Refused: self.refused,
            Error: lambda e: self.toast(self.said(f"net.error.{e.error}", e.text), PALETTE.white),
            Over: lambda over: self.finish(over.record),
            Bye: _unsaid,  # the connection ends: Lost follows
        }

    def lost(self, message: Lost) -> None:
        self.status.lose(message.final)
        self.asked = -1

    def refused(self, message: Refused) -> None:
        self.asked = -1
        key = f"refusal.sixcard.{message.reason}"
        if not has_text(key):  # the room's refusals (not your turn, too late)
            key = f"net.error.{message.reason}"
        self.refuse(self.said(key, message.text))

    def took(self, message: Update) -> None:
        """An update: the view, the action that led to it played out at the table."""
        try:
            view = read_update(message.view, self.rules, self.watching)
        except BadMessage as e:
            log.warning("an update that is not a view: %s", e)
            return
        last = message.last
        action = told_action(last.action) if last else None
        client = self.link.client
        room = client.room if client is not None else None
        self.status.updated(message.deadline, last, -1 if self.watching else self.seat, room)
        followed = self.mirror.follow(view, message.at, action)
        self.seat_view, self.at = view, message.at
        self.cards.rename(followed.renames)
        if view.phase != "hole_over":
            self.status.asked_next = False
        if followed.action is not None:
            self.mirrored.coming = followed.state
            self.session.act(followed.action)
        else:  # laid again from the view (the connection came back): the cards glide there
            self.match.state = self.mirrored.coming = followed.state
            self.discarding = False
            self.sync(reveal=followed.state.phase in ("hole_over", "game_over"))
            turn_started(self)

    def said(self, key: str, english: str) -> str:
        """The text of a key in the player's language, or the server's English words."""
        return self.app.texts(key) if has_text(key) else english

    def finish(self, record: dict[str, Any]) -> None:
        """The game is over: its replay saved in the replays folder."""
        if self.finished:
            return
        self.finished = True
        try:
            replay = replay_of(record)
        except BadMessage:
            log.warning("the server's record of play does not play")
            return
        folder = self.app.replays_dir
        if folder is None:
            return
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = folder / f"six-card-net-{stamp}.yaml"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            sixreplay.save(replay, path)
        except OSError as e:
            log.warning("cannot save the replay: %s", e)
            return
        self.status.saved = path.name

    # ----------------------------------------------------------------- time and drawing
    def update(self, dt: float) -> None:
        self.tick(dt)
        self.status.tick(dt)
        self.listen()
        if self.pace.waiting(dt, self.animating):
            return
        state = self.state
        others = [s for s in range(state.players) if s != self.seat]
        if next_step(state, self.scored, others, self.humans, self.revealed, None) == "scoreboard":
            self.scored = len(state.scores)
            final = state.phase == "game_over"
            self.app.scenes.push(NetScoreboard(self.app, self, final), fade=False)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.status.draw(surface)
