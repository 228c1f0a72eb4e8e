"""What a network game adds over the six-card table (``scenes.sixcard.nettable``): the seats'
names from the room, the line that says whose turn it is or whom the table waits for with the
turn timer, a move played for someone out of time, a lost connection and its return; the
scoreboard between holes and the final standings, which keep listening to the server; and the
pause menu, whose way out leaves the game (a computer plays the seat to the end).
"""

from __future__ import annotations

from typing import Protocol

import pygame

from golf.sixcard.game import State
from golfnet.protocol import PERSON, Last, RoomInfo
from scenes.core.look import PALETTE, SCREEN_SIZE, chunky_panel
from scenes.core.manager import App
from scenes.core.textfit import fit_text
from scenes.core.widgets import Menu
from scenes.sixcard.board import HUD_H, Board
from scenes.sixcard.overlays import ScoreboardScene, SixPauseMenu
from scenes.sixcard.parts import COMPUTER_NAMES, ScoredTable

__all__ = ["NetPauseMenu", "NetScoreboard", "NetStatus", "seat_names"]

HUD_LEFT = 560
"""Where the HUD's own words may reach: the status line stays right of it."""
BACK_SECONDS = 3.0
"""How long the status line says the connection is back."""
BANNER_Y = 300
"""The centre of the lost-connection banner (where the final-turn banner stands)."""
SAVED_H = 28
"""What the final standings grow by for the line that says where the replay was saved."""


def seat_names(app: App, room: RoomInfo | None) -> list[tuple[str, str, bool]]:
    """Each seat's name, the word under it and whether a person plays it: a person by the name
    they gave ("connection lost" while away; a computer's level once they left), a computer by
    a table name (as at a local table) and its level."""
    if room is None:
        return []
    out = []
    computers = 0
    for seat in room.seats:
        level = app.texts(f"six.level.{seat.level}")
        if seat.kind == PERSON:
            word = level if seat.gone else ""
            if not seat.gone and not seat.connected:
                word = app.texts("net.seat.away")
            out.append((seat.name or "?", word, not seat.gone))
        else:
            out.append((COMPUTER_NAMES[computers % len(COMPUTER_NAMES)], level, False))
            computers += 1
    return out


class NetSeat(Protocol):
    """The network table as its status line sees it."""

    @property
    def app(self) -> App: ...

    @property
    def state(self) -> State: ...

    @property
    def seat(self) -> int: ...

    @property
    def board(self) -> Board: ...

    @property
    def code(self) -> str: ...

    def name(self, seat: int) -> str: ...

    def is_you(self, seat: int) -> bool: ...

    def played_by_person(self, seat: int) -> bool: ...

    def toast(self, text: str, colour: tuple[int, int, int] = ...) -> None: ...


class NetStatus:
    """The network's side of the table: the turn timer, the connection, the saved replay."""

    def __init__(self, table: NetSeat, deadline: float | None) -> None:
        self.table = table
        self.deadline = deadline  # seconds the seat to move had left when the update was sent
        self.since = 0.0  # seconds since the last update
        self.lost = False  # the connection is lost; the link is coming back
        self.gone = False  # lost for good: the server will not give the seat back
        self.asked_next = False  # this seat asked for the next hole
        self.saved = ""  # the replay's file name, once saved
        self.blink = 0.0
        self.back_left = 0.0  # seconds left of "Connection back"
        self.left: set[int] = set()  # the seats whose person left the game (said once)

    def lose(self, final: bool) -> None:
        self.lost = True
        self.gone = self.gone or final

    def back(self) -> None:
        self.lost = False
        self.back_left = BACK_SECONDS

    def updated(
        self,
        deadline: float | None,
        last: Last | None,
        seat: int,
        room: RoomInfo | None = None,
    ) -> None:
        """An update arrived: the timer starts again; a move played for someone out of time
        (or whose connection is lost) is said."""
        self.deadline, self.since = deadline, 0.0
        if last and last.auto and last.seat is not None:
            texts = self.table.app.texts
            seats = room.seats if room is not None else ()
            away = last.seat < len(seats) and not seats[last.seat].connected
            if last.seat == seat:
                line = texts("net.table.auto_you")
            else:
                key = "net.table.auto_away" if away else "net.table.auto"
                line = texts(key, name=self.table.name(last.seat))
            self.table.toast(line, PALETTE.orange)

    def roomed(self, room: RoomInfo, seat: int) -> None:
        """The room's seats changed: a person who left the game is said once (a computer
        plays for them to the end; its moves are not theirs running out of time)."""
        for s, place in enumerate(room.seats):
            if place.kind == PERSON and place.gone and s not in self.left:
                self.left.add(s)
                if s != seat:
                    name = self.table.name(s)
                    self.table.toast(self.table.app.texts("net.table.left", name=name))

    def tick(self, dt: float) -> None:
        self.since += dt
        self.blink = (self.blink + dt) % 1.0
        self.back_left = max(0.0, self.back_left - dt)

    def seconds_left(self) -> int | None:
        """Whole seconds left for the seat to move (None: no timer)."""
        if self.deadline is None:
            return None
        return max(0, int(self.deadline - self.since + 0.99))

    def line(self) -> tuple[str, tuple[int, int, int]]:
        """What the status line says, and in which colour ("" when the table says it all)."""
        texts, p = self.table.app.texts, PALETTE
        state = self.table.state
        if self.gone:
            return texts("net.table.gone"), p.orange
        if self.lost:
            return texts("net.table.lost"), p.orange if self.blink < 0.6 else p.gold
        if self.back_left > 0:
            return texts("net.table.back"), p.cyan
        if state.phase == "game_over":
            return "", p.label  # the final standings say where the replay was saved
        if state.phase == "hole_over":
            return (texts("net.table.next_waiting"), p.label) if self.asked_next else ("", p.label)
        seat = state.to_move
        if seat is not None and self.table.is_you(seat):
            line, colour = "", p.gold  # the HUD says "Your turn": this line, the time left
        else:
            name = self.table.name(seat) if seat is not None else "?"
            line, colour = texts("net.table.waiting", name=name), p.white
        left = self.seconds_left()
        if left is not None and seat is not None and self.table.played_by_person(seat):
            # a person's timer (a computer's deadline is only its pause)
            deadline = texts("net.table.deadline", seconds=left)
            line = f"{line}  ·  {deadline}" if line else deadline
            if left <= 5 and self.table.is_you(seat):
                colour = p.orange if self.blink < 0.5 else p.gold
        return line, colour

    def draw(self, surface: pygame.Surface) -> None:
        """The status line in the HUD, left of the room code; a lost connection in a banner
        across the table."""
        look, p = self.table.app.look, PALETTE
        line, colour = self.line()
        if self.lost or self.gone:
            self.banner(surface, line, colour)
            return
        if not line:
            return
        right = self.table.board.menu.left - 16 - look.type.width(self.table.code, 7) - 28
        line = fit_text(look, line, 7, right - HUD_LEFT)
        plate = pygame.Rect(0, 4, look.type.width(line, 7) + 24, HUD_H - 8)
        plate.right = right
        pygame.draw.rect(surface, p.ink, plate, border_radius=6)
        look.type.blit(surface, line, 7, colour, plate.center, anchor="center", shadow=p.ink)

    def banner(self, surface: pygame.Surface, line: str, colour: tuple[int, int, int]) -> None:
        """The connection lost, across the middle of the table."""
        look, p = self.table.app.look, PALETTE
        line = fit_text(look, line, 12, SCREEN_SIZE[0] - 200)
        rect = pygame.Rect(0, 0, (look.type.width(line, 12) + 80) // 2 * 2, 72)
        rect.center = (SCREEN_SIZE[0] // 2, BANNER_Y)
        chunky_panel(surface, rect, edge=p.orange)
        look.type.blit(surface, line, 12, colour, rect.center, anchor="center", shadow=p.ink)


class NetTableLike(ScoredTable, Protocol):
    """The network table as its overlays see it."""

    status: NetStatus

    watching: bool

    def listen(self) -> None: ...

    def leave(self) -> None: ...


class NetScoreboard(ScoreboardScene):
    """The scoreboard of a network game: it goes on taking what the server says, and makes way
    when the next hole is dealt (everyone asked, or the server's wait ran out). After the last
    hole: the final standings, with where the replay was saved above the buttons (too long a
    line for the HUD); *Play again* opens the network lobby."""

    def __init__(self, app: App, table: NetTableLike, final: bool) -> None:
        super().__init__(app, table, final)
        self.net = table
        self.closing = False
        self.waiting: tuple[str, pygame.Rect] | None = None  # a spectator's words, not Next hole
        if final:
            # room above the buttons for where the replay was saved (too long for the HUD)
            self.panel.height = min(SCREEN_SIZE[1] - 20, self.panel.height + SAVED_H)
            self.panel.centery = SCREEN_SIZE[1] // 2
            for button in self.menu.buttons:
                button.rect.bottom = self.panel.bottom - 28
        if table.watching and not final:
            # a spectator deals nothing: the next hole comes when the players go on; the words
            # and the Menu button side by side, centred
            deal, menu = self.menu.buttons
            look, gap = app.look, 24
            room = self.panel.width - 48 - menu.rect.width - gap
            line = fit_text(look, app.texts("net.table.next_watching"), 8, room)
            width = look.type.width(line, 8)
            left = self.panel.centerx - (width + gap + menu.rect.width) // 2
            self.waiting = (line, pygame.Rect(left, deal.rect.top, width, deal.rect.height))
            menu.rect.left = left + width + gap
            self.menu = Menu([menu])

    def close(self) -> None:
        """Back to the table (once: the scene goes between frames)."""
        if not self.closing:
            self.closing = True
            self.app.scenes.pop(fade=False)

    def next_hole(self) -> None:
        self.close()
        self.net.next_hole()

    def again(self) -> None:
        """Another game on the network: the lobby."""
        self.net.leave()
        self.app.flow.open_net_lobby()

    def setup(self) -> None:
        """A game at this screen: the setup window."""
        self.net.leave()
        self.app.flow.open_six_card()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.net.status.tick(dt)
        self.net.listen()
        if self.net.state.phase not in ("hole_over", "game_over"):
            self.close()  # the next hole is dealt

    def saved_line(self) -> str:
        """Where the replay of the game was saved ("" until it is)."""
        saved = self.net.status.saved
        return self.app.texts("net.table.saved", name=saved) if saved and self.final else ""

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        saved = self.saved_line()
        if saved:
            look, p = self.app.look, PALETTE
            line = fit_text(look, saved, 7, self.panel.width - 80)
            at = (self.panel.centerx, self.menu.buttons[0].rect.top - 12)
            look.type.blit(surface, line, 7, p.label, at, anchor="midbottom", shadow=p.ink)
        if self.waiting is not None:
            line, rect = self.waiting  # the buttons do not slide in: nor do these words
            p = PALETTE
            self.app.look.type.blit(
                surface, line, 8, p.label, rect.midleft, anchor="midleft", shadow=p.ink
            )
        self.net.status.draw(surface)


class NetPauseMenu(SixPauseMenu):
    """Esc at a network table: back to the table, the options, or leave the game."""

    def __init__(self, app: App, table: NetTableLike) -> None:
        self.net = table
        super().__init__(app, table)

    def choices(self) -> list[tuple[str, object, str]]:
        return [
            ("pause.resume", self.close, "green"),
            ("title.options", lambda: self.app.flow.open_options(), "cyan"),
            ("net.table.leave_game", self.net.leave, "pink"),
        ]
