"""The lobby of six-card Golf on the network: host a game on this machine for the local network,
or create it on a server at an address typed (``golf serve`` elsewhere) (the room's players, seats, computers, rules, variants, holes and turn timer chosen on the
setup window's form, ``scenes.sixcard.netroom``, first filled in with the rules of the setup
window the lobby was opened from), or join one by the host's address and the
room code, or watch one (the same address and code: a spectator's table, the public cards
only); then the room's rules, its seats, each person's ready mark, and the host's Start.
When the first view arrives, the table takes over (``scenes.sixcard.nettable``) with the same
connection. What the server says (and the link's own events) is taken by its class from one
table (:attr:`NetLobbyScene.takers`), as at the table.

Keyboard, mouse and pad move alike: the arrows go to the field or button that way on the screen
(``widgets.neighbour``), Enter or the pad's button presses it; what is typed goes to the name or
the address field, whichever was chosen last.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from golf.core.translations import has_text
from golfnet.link import Back, Event, Failed, Lost, NetLink, local_address, server_uri
from golfnet.protocol import (
    MAX_NAME,
    Bye,
    Error,
    Join,
    Over,
    Ready,
    Refused,
    RoomInfo,
    Start,
    Update,
    Watch,
    Welcome,
    read_code,
    show_code,
)
from golfnet.server import DEFAULT_PORT
from scenes.core.i18n import Texts
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, PIXEL, Look, chunky_panel, veil
from scenes.core.manager import App, Scene
from scenes.core.textfit import fit_text, wrap_text
from scenes.core.widgets import ARROWS, Button, Choice, Form, neighbour
from scenes.sixcard.netroom import NetRoomScene, RoomChoice, rules_words, timer_words
from scenes.sixcard.nettable import NetTableScene
from scenes.sixcard.setup import SixSetupScene

__all__ = ["LobbyField", "LobbySeats", "NetLobbyScene"]

PANEL = pygame.Rect(190, 40, 900, 640)
FIELD_W, FIELD_H = 560, 44
SEAT_STEP = 25
SEAT_W = 560  # the seat lines stop short of the Start button
MAX_TARGET = 80
ROOM_TOP = 264
ROW_OUT = (270, 130, 130, 120, 100)
"""The widths of Host, Join, Watch, Ready and Back out of a room (the labels fit in French)."""
"""Where the room's lines start, under the three fields."""


class LobbySeats:
    """The seat lines of a room message, in the player's words."""

    def __init__(self, app: App) -> None:
        self.app = app

    def lines(
        self, room: RoomInfo | None, me: int | None
    ) -> list[tuple[str, tuple[int, int, int]]]:
        if room is None:
            return []
        texts, p = self.app.texts, PALETTE
        out = []
        for s, seat in enumerate(room.seats):
            if seat.kind == "open":
                words, colour = texts("net.seat.open"), p.grey
            elif seat.kind == "computer":
                words, colour = (
                    texts("net.seat.computer", level=texts(f"six.level.{seat.level}")),
                    p.label,
                )
            else:
                state = "net.seat.ready" if seat.ready else "net.seat.not_ready"
                if not seat.connected:
                    state = "net.seat.away"
                words = f"{seat.name} — {texts(state)}"
                colour = p.white if seat.ready else p.gold
            if s == me:
                words += f"  ({texts('net.you')})"
            out.append((f"{s + 1}. {words}", colour))
        return out

    def rules_line(self, room: RoomInfo | None) -> str:
        """The room's rules and turn timer, for everyone to read before getting ready."""
        if room is None:
            return ""
        texts = self.app.texts
        return " · ".join([*rules_words(texts, room.rules), timer_words(texts, room.timer)])


@dataclass
class LobbyField(Button):
    """A text box of the lobby (the name, the host and code): chosen by a click or the arrows,
    typed into; Enter runs its action."""

    text: str = ""
    typing: bool = False
    """Where typed text goes (the field chosen last)."""
    empty: str = ""
    """The key of what an empty field means, shown in it while it is empty."""

    def draw(
        self, surface: pygame.Surface, look: Look, texts: Texts, focused: bool = False
    ) -> pygame.Rect:
        p = PALETTE
        box = self.rect
        frame = box.inflate(2 * PIXEL, 2 * PIXEL)
        pygame.draw.rect(surface, p.ink, box)
        pygame.draw.rect(surface, p.gold if focused else p.panel_edge, box, 3)
        if focused:
            pygame.draw.rect(surface, p.gold, frame, PIXEL)
        shown = self.text
        while shown and look.type.width(shown, 10) > box.width - 40:
            shown = shown[1:]
        caret = "_" if self.typing else ""
        if not shown and self.empty:
            hint = texts(self.empty)
            left = box.left + 12 + (look.type.width(caret, 10) if caret else 0)
            look.type.blit(surface, hint, 10, p.grey, (left, box.centery), anchor="midleft")
        look.type.blit(
            surface,
            shown + caret,
            10,
            p.white,
            (box.left + 12, box.centery),
            anchor="midleft",
            face="mono",
        )
        return frame


class NetLobbyScene(Scene):
    """Host or join; the room's rules and seats; ready; the host starts."""

    host_address = "127.0.0.1"
    """Where a hosted server listens: this machine alone (loopback)…"""
    open_address = "0.0.0.0"
    """…or, the room opened to the local network, every address of this machine."""
    host_port = DEFAULT_PORT

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.link: NetLink | None = None
        self.table: NetTableScene | None = None  # the table it opened, once the game began
        # the room Host a game… offers: at first the rules of the setup window below
        below = [scene for scene in app.scenes.stack if isinstance(scene, SixSetupScene)]
        self.choice = RoomChoice.like(below[-1].setup) if below else RoomChoice()
        self.message = ""
        self.hosting = ""
        self.hosted_open = False
        """The room hosted here is open to the local network (else to this machine only)."""
        self.ready = False
        self.seats = LobbySeats(app)
        field_x = PANEL.left + 300
        self.name_field = LobbyField(
            pygame.Rect(field_x, PANEL.top + 80, FIELD_W, FIELD_H),
            "net.lobby.name",
            self.next_field,
        )
        remembered = app.settings
        self.name_field.text = remembered.net_name or app.texts("net.default_name")
        self.target_field = LobbyField(
            pygame.Rect(field_x, PANEL.top + 140, FIELD_W, FIELD_H), "net.lobby.target", self.join
        )
        self.target_field.typing = True
        self.server_field = LobbyField(
            pygame.Rect(field_x, PANEL.top + 200, FIELD_W, FIELD_H),
            "net.lobby.server",
            self.configure,
            empty="net.lobby.this_machine",
        )
        self.fields = (self.name_field, self.target_field, self.server_field)
        self.server_field.text = remembered.net_server
        if remembered.net_address:  # the code changes from game to game: only the address
            self.target = remembered.net_address + " "
        self.address = ""
        """The server the link was asked to reach, as typed (for the messages)."""
        self.buttons = [
            Button(pygame.Rect(0, 0, 0, 52), "net.lobby.host", self.configure, style="green"),
            Button(pygame.Rect(0, 0, 0, 52), "net.lobby.join", self.join),
            Button(pygame.Rect(0, 0, 0, 52), "net.lobby.ready", self.toggle_ready),
            Button(pygame.Rect(0, 0, 0, 52), "common.back", self.close, style="pink"),
        ]
        self.start_button = Button(
            pygame.Rect(PANEL.right - 260, PANEL.top + ROOM_TOP + 122, 220, 52),
            "net.lobby.start",
            self.start,
            style="green",
        )
        self.watch_button = Button(pygame.Rect(0, 0, 0, 52), "net.lobby.watch", self.watch)
        self.form = Form([*self.fields, *self.row(in_room=False)], focus=1)

    @property
    def name(self) -> str:
        return self.name_field.text

    def row(self, in_room: bool) -> list[Button]:
        """The buttons under the fields, laid side by side across the panel: out of a room,
        Watch beside Join (both go by the host and code); in one, Watch is gone (a way into a
        room, not one for those in it) and the others take its room."""
        host, join, ready, back = self.buttons
        widths: tuple[int, ...]
        if in_room:
            row, widths, gap = [host, join, ready, back], (260, 180, 180, 140), 20
        else:
            row, widths, gap = [host, join, self.watch_button, ready, back], ROW_OUT, 17
        x = PANEL.centerx - (sum(widths) + gap * (len(row) - 1)) // 2
        for button, width in zip(row, widths, strict=True):
            button.rect = pygame.Rect(x, PANEL.bottom - 80, width, 52)
            x += width + gap
        return row

    @property
    def target(self) -> str:
        """What was typed to join: ``host[:port] CODE``."""
        return self.target_field.text

    @target.setter
    def target(self, text: str) -> None:
        self.target_field.text = text

    # --- actions -----------------------------------------------------------------------------

    def new_link(self) -> NetLink:
        if self.link is not None:
            self.link.close()
        self.link = NetLink()
        self.ready = False
        return self.link

    def configure(self) -> None:
        """Choose the room's players, seats, rules and timer; Create there hosts it."""
        here = not self.server_field.text.strip()  # else the room is made on that server
        form = NetRoomScene(self.app, self.choice, self.host_room, here=here)
        self.app.scenes.push(form, fade=False)

    def host_room(self, choice: RoomChoice) -> None:
        self.choice = choice
        self.host()

    def named(self) -> bool:
        """Whether the name can be sent (else the player is told to type one)."""
        if self.name.strip():
            return True
        self.message = self.app.texts("net.lobby.need_name")
        self.focus_field(self.name_field)
        return False

    def remember(self, **changes: str) -> None:
        """Keep the name and the address just used in the settings (written as the others:
        atomically), for the next time the lobby opens."""
        settings = self.app.settings
        if self.name.strip():  # a spectator needs no name: the one kept stays
            changes = {"net_name": self.name.strip(), **changes}
        if any(getattr(settings, key) != value for key, value in changes.items()):
            self.app.change_settings(settings.with_(**changes))

    def host(self) -> None:
        """Create the room chosen on the server typed, or start one here for the local network
        when none is; sit at it."""
        if not self.named():
            return
        server = self.server_field.text.strip()
        if not server or address_ok(server):
            self.remember(net_server=server)
        if server:
            self.create_on(server)
            return
        self.address = ""
        link = self.new_link()
        opened = self.choice.open
        listen = self.open_address if opened else self.host_address
        try:
            port = link.host(self.host_port, listen)
        except OSError as e:
            self.message = self.app.texts("net.lobby.failed", reason=str(e))
            return
        self.hosting = f"{local_address() if opened else '127.0.0.1'}:{port}"
        self.hosted_open = opened
        here = {"0.0.0.0": "127.0.0.1", "::": "[::1]"}.get(listen, listen)  # its own way in
        link.connect(f"ws://{here}:{port}", self.choice.create(self.name.strip()))
        self.message = ""

    def create_on(self, server: str) -> None:
        """Create the room chosen on the server at ``server`` (``host[:port]``) and sit at it."""
        if not address_ok(server):
            self.message = self.app.texts("net.lobby.bad_address", address=server)
            self.focus_field(self.server_field)
            return
        self.hosting, self.address, self.message = "", server, ""
        self.new_link().connect(server_uri(server), self.choice.create(self.name.strip()))

    def join(self) -> None:
        self.enter_room("join")

    def watch(self) -> None:
        """Watch the room at the address and code typed: no seat, every seat's public cards."""
        self.enter_room("watch")

    def enter_room(self, kind: str) -> None:
        """Join (a seat, with the name) or watch the room at the address and code typed (the
        code as it is shown, ``ABC-DEF-GHJ``, or its nine letters with or without dashes and
        spaces, in either case)."""
        parts = self.target.split()
        code = read_code("".join(parts[1:])) if len(parts) >= 2 else None
        if code is None or not address_ok(parts[0]):
            self.message = self.app.texts("net.lobby.address_hint")
            self.focus_field(self.target_field)
            return
        if kind == "join" and not self.named():
            return
        self.hosting, self.address, self.message = "", parts[0], ""
        self.remember(net_address=parts[0])
        first = Join(code=code, name=self.name.strip()) if kind == "join" else Watch(code=code)
        self.new_link().connect(server_uri(parts[0]), first)

    def toggle_ready(self) -> None:
        if self.link is not None and self.link.client is not None:
            self.ready = not self.ready
            self.link.send(Ready(ready=self.ready))

    def start(self) -> None:
        if self.link is not None:
            self.link.send(Start())

    def close(self) -> None:
        if self.link is not None:
            self.link.close()
            self.link = None
        self.app.scenes.pop(fade=False)

    # --- input and messages -------------------------------------------------------------------

    def focus_field(self, chosen: LobbyField) -> None:
        for f in self.fields:
            f.typing = f is chosen
        self.form.focus = self.form.items.index(chosen)

    def next_field(self) -> None:
        """Enter on the name: on to the address."""
        self.focus_field(self.target_field)

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if kind in (Kind.CANCEL, Kind.MENU):
            self.close()
            return
        if kind in (Kind.TEXT, Kind.PASTE):
            self.type_text(intent.text)
            return
        if kind is Kind.UNDO and intent.erase:
            self.type_text(None)
            return
        if kind in (Kind.NEW, Kind.RESTART, Kind.UNDO, Kind.HINT, Kind.COLUMN, Kind.DRAW):
            return  # letters typed arrive as TEXT as well
        if kind is Kind.CLICK and intent.pos is not None:
            for f in self.fields:
                if f.rect.collidepoint(intent.pos):
                    self.focus_field(f)
                    return
        if kind in ARROWS:
            items = self.form.items
            self.form.focus = neighbour(
                [i.rect for i in items], [i.enabled for i in items], self.form.focus, kind
            )
            for item in items:
                item.hover = False
            if isinstance(self.form.focused, LobbyField):
                self.focus_field(self.form.focused)
            return
        self.form.handle(intent)

    def type_text(self, text: str | None) -> None:
        f = next((f for f in self.fields if f.typing), self.target_field)
        limit = MAX_NAME if f is self.name_field else MAX_TARGET
        if text is None:
            f.text = f.text[:-1]
        else:
            typed = "".join(ch for ch in text if ch.isprintable())
            f.text = (f.text + typed)[:limit]

    def hosts(self) -> bool:
        """Whether this window sits at the room's first seat (the host's)."""
        client = self.link.client if self.link else None
        return client is not None and client.seat == 0

    def update(self, dt: float) -> None:
        client = self.link.client if self.link is not None else None
        in_room = client is not None and client.code is not None
        ready = self.buttons[2]
        ready.key = "net.lobby.unready" if self.ready else "net.lobby.ready"
        ready.enabled = client is not None and client.seat is not None and not self.hosts()
        items: list[Choice | Button] = [*self.fields, *self.row(in_room)]
        if self.hosts():
            items.append(self.start_button)
        focused = self.form.focused
        self.form.items = items
        if focused in items:  # the row laid again: the focus stays on its item
            self.form.focus = items.index(focused)
        else:  # Watch went (in a room): the next item one may use
            focus = min(self.form.focus, len(items) - 1)
            while focus < len(items) - 1 and not items[focus].enabled:
                focus += 1
            self.form.focus = focus
        self.form.update(dt)
        if self.link is None:
            return
        link = self.link
        table: NetTableScene | None = None
        for message in link.poll():
            if table is not None:  # the rest of this frame's messages are the table's: an
                if not isinstance(message, Update):  # update's view is already in what the
                    table.take(message)  # client kept, which the table opened on
                continue
            self.take(message)
            if self.link is not link:  # the table took the link over
                table = self.table

    def take(self, message: Event) -> None:
        """What the server said (or the link: failed, lost), by its class (:attr:`takers`)."""
        self.takers[type(message)](message)

    @functools.cached_property
    def takers(self) -> Mapping[type[Event], Callable[[Any], None]]:
        """What each message does in the lobby: its table of the server's messages and the
        link's events, as ``NetTableScene.takers`` is the table's
        (``tests/net/test_ui_lobby_takers.py`` checks that it has them all). The room's seats,
        the welcome and the rest change only what the client keeps
        (``golfnet.client.Client.takers``), which the lobby draws."""
        return {
            Failed: lambda failed: self.say(failed_text(self.app.texts, self.address, failed)),
            Lost: self.lost,
            Back: _kept,  # only after a seat was taken: the client came back to it
            Welcome: _kept,
            RoomInfo: _kept,
            Update: self.to_table,
            Refused: _kept,  # an action: none is sent from the lobby
            Error: lambda error: self.say(error_text(self.app.texts, error)),
            Over: _kept,  # a game over before its first update reached the lobby: none here
            Bye: _kept,  # the connection ends: Lost follows
        }

    def say(self, text: str) -> None:
        """The lobby's message line."""
        self.message = text

    def lost(self, _message: Lost) -> None:
        """The connection was lost: refused before a seat was taken, lost after."""
        client = self.link.client if self.link is not None else None
        seated = client is not None and client.token is not None
        why = "net.table.lost" if seated else "net.lobby.refused"
        self.message = self.app.texts(why, address=self.address or "?")

    def to_table(self, _message: Update) -> None:
        """The game's first update: the table takes over the link (it reads the update from
        what the client kept)."""
        link, self.link = self.link, None
        if link is not None:
            self.table = NetTableScene(self.app, link)
            self.app.scenes.replace(self.table, fade=False)

    # --- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        surface.blit(look.felt(), (0, 0))
        veil(surface, 120)
        chunky_panel(surface, PANEL)
        look.type.blit(
            surface,
            texts("net.lobby.title"),
            16,
            p.gold,
            (PANEL.centerx, PANEL.top + 18),
            anchor="midtop",
            shadow=p.ink,
        )
        for f in self.fields:
            look.type.blit(
                surface,
                texts(f.key),
                10,
                p.label,
                (PANEL.left + 40, f.rect.centery),
                anchor="midleft",
            )
        self.form.draw(surface, look, texts)
        self.draw_room(surface)
        client = self.link.client if self.link else None
        seated = client is not None and client.room is not None
        waiting = seated and client is not None and client.seat != 0
        watching = seated and client is not None and client.seat is None
        key = "net.lobby.watching" if watching else "net.lobby.waiting_host"
        status = self.message or (texts(key) if waiting else "")
        if status:
            for i, part in enumerate(wrap_text(look, status, 8, PANEL.width - 80)[:2]):
                look.type.blit(
                    surface,
                    part,
                    8,
                    p.gold if self.message else p.label,
                    (PANEL.centerx, PANEL.bottom - 116 + 18 * i),
                    anchor="midtop",
                    shadow=p.ink,
                )

    def draw_room(self, surface: pygame.Surface) -> None:
        """The code to give the others (or how to join), the room's rules and its seats."""
        look, texts, p = self.app.look, self.app.texts, PALETTE
        y = PANEL.top + ROOM_TOP
        client = self.link.client if self.link else None
        code = show_code(client.code) if client is not None and client.code else ""
        line = room_line(texts, self.hosting, self.address, code)
        parts = wrap_text(look, line, 10, PANEL.width - 80)[:2]
        for i, part in enumerate(parts):
            look.type.blit(surface, part, 10, p.white, (PANEL.left + 40, y + 26 * i), shadow=p.ink)
        if self.hosting and code and len(parts) == 1:  # who can come in
            key = "net.lobby.open_on" if self.hosted_open else "net.lobby.open_off"
            shown = fit_text(look, texts(key), 7, PANEL.width - 80)
            colour = p.gold if self.hosted_open else p.label
            look.type.blit(surface, shown, 7, colour, (PANEL.left + 40, y + 30), shadow=p.ink)
        room = client.room if client is not None else None
        rules = self.seats.rules_line(room)
        for i, part in enumerate(wrap_text(look, rules, 7, PANEL.width - 80)[:3]):
            look.type.blit(surface, part, 7, p.label, (PANEL.left + 40, y + 60 + 18 * i))
        top = y + 110
        for i, (text, colour) in enumerate(self.seats.lines(room, client.seat if client else None)):
            shown = fit_text(look, text, 10, SEAT_W)
            look.type.blit(
                surface, shown, 10, colour, (PANEL.left + 50, top + SEAT_STEP * i), shadow=p.ink
            )


def failed_text(texts: Texts, address: str, failed: Failed) -> str:
    """Why no connection was made to ``address`` ("": the server here), in the player's
    words."""
    key = f"net.lobby.{failed.why}"
    if not address or not has_text(key):  # the server here: its own words
        return texts("net.lobby.failed", reason=failed.text)
    return texts(key, address=address)


def error_text(texts: Texts, message: Error) -> str:
    """A server's error in the player's words (refused options: with the server's reason,
    which names the field)."""
    key = f"net.error.{message.error}"
    if not has_text(key):
        return message.text
    if message.error == "bad_rules":
        return texts("net.lobby.bad_rules", reason=message.text)
    return texts(key)


def room_line(texts: Texts, hosting: str, address: str, code: str) -> str:
    """The lobby's first line about the room: where it is hosted or joined and its code, or
    how to join one."""
    if hosting and code:
        return texts("net.lobby.hosting", address=hosting, code=code)
    if address and code:
        return texts("net.lobby.room_on", address=address, code=code)
    if code:
        return texts("net.lobby.code", code=code)
    return texts("net.lobby.address_hint")


def _kept(message: object) -> None:
    """A message that changes only what the client keeps (the lobby draws from it)."""


def address_ok(text: str) -> bool:
    """Whether ``text`` can be a server's address: ``host``, ``host:port`` (a port 1–65535)
    or a ws:// address, without spaces."""
    if not text or any(ch.isspace() for ch in text) or len(text) > MAX_TARGET:
        return False
    if text.startswith(("ws://", "wss://")):
        return True
    host, colon, port = text.rpartition(":")
    if not colon or host.count(":"):  # no port given (an IPv6 address has no port here)
        return True
    return bool(host) and port.isdigit() and 0 < int(port) < 65536
