"""The lobby of six-card Golf on the network: host a game on this machine for the local network
(the room's players, seats, computers, rules, variants, holes and turn timer chosen on the
setup window's form, ``scenes.sixcard.netroom``, first filled in with the rules of the setup
window the lobby was opened from), or join one by the host's address and the
room code; then the room's rules, its seats, each person's ready mark, and the host's Start.
When the first view arrives, the table takes over (``scenes.sixcard.nettable``) with the same
connection.

Keyboard, mouse and pad move alike: the arrows go to the field or button that way on the screen
(``widgets.neighbour``), Enter or the pad's button presses it; what is typed goes to the name or
the address field, whichever was chosen last.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from golf.core.translations import has_text
from golfnet.link import FAILED, LOST, NetLink, local_address, server_uri
from golfnet.protocol import CODE_LENGTH, MAX_NAME, BadMessage, Message, read_rules
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
SEAT_STEP = 28
SEAT_W = 560  # the seat lines stop short of the Start button
MAX_TARGET = 80


class LobbySeats:
    """The seat lines of a room message, in the player's words."""

    def __init__(self, app: App) -> None:
        self.app = app

    def lines(self, room: Message | None, me: int | None) -> list[tuple[str, tuple[int, int, int]]]:
        if room is None:
            return []
        texts, p = self.app.texts, PALETTE
        out = []
        for s, seat in enumerate(room["seats"]):
            if seat["kind"] == "open":
                words, colour = texts("net.seat.open"), p.grey
            elif seat["kind"] == "computer":
                words, colour = (
                    texts("net.seat.computer", level=texts(f"six.level.{seat['level']}")),
                    p.label,
                )
            else:
                state = "net.seat.ready" if seat["ready"] else "net.seat.not_ready"
                if not seat["connected"]:
                    state = "net.seat.away"
                words = f"{seat['name']} — {texts(state)}"
                colour = p.white if seat["ready"] else p.gold
            if s == me:
                words += f"  ({texts('net.you')})"
            out.append((f"{s + 1}. {words}", colour))
        return out

    def rules_line(self, room: Message | None) -> str:
        """The room's rules and turn timer, for everyone to read before getting ready."""
        if room is None:
            return ""
        try:
            rules = read_rules(room["rules"])
        except BadMessage:
            return ""
        texts = self.app.texts
        return " · ".join([*rules_words(texts, rules), timer_words(texts, room["timer"])])


@dataclass
class LobbyField(Button):
    """A text box of the lobby (the name, the host and code): chosen by a click or the arrows,
    typed into; Enter runs its action."""

    text: str = ""
    typing: bool = False
    """Where typed text goes (the field chosen last)."""

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

    host_address = "0.0.0.0"
    """Where a hosted server listens: every address of this machine (tests: loopback only)."""
    host_port = DEFAULT_PORT

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.link: NetLink | None = None
        # the room Host a game… offers: at first the rules of the setup window below
        below = [scene for scene in app.scenes.stack if isinstance(scene, SixSetupScene)]
        self.choice = RoomChoice.like(below[-1].setup) if below else RoomChoice()
        self.message = ""
        self.hosting = ""
        self.ready = False
        self.seats = LobbySeats(app)
        field_x = PANEL.left + 300
        self.name_field = LobbyField(
            pygame.Rect(field_x, PANEL.top + 80, FIELD_W, FIELD_H),
            "net.lobby.name",
            self.next_field,
        )
        self.name_field.text = app.texts("net.default_name")
        self.target_field = LobbyField(
            pygame.Rect(field_x, PANEL.top + 140, FIELD_W, FIELD_H), "net.lobby.target", self.join
        )
        self.target_field.typing = True
        x, w, y = PANEL.left + 40, 260, PANEL.bottom - 80
        self.buttons = [
            Button(pygame.Rect(x, y, w, 52), "net.lobby.host", self.configure, style="green"),
            Button(pygame.Rect(x + w + 20, y, 180, 52), "net.lobby.join", self.join),
            Button(pygame.Rect(x + w + 220, y, 180, 52), "net.lobby.ready", self.toggle_ready),
            Button(pygame.Rect(x + w + 420, y, 140, 52), "common.back", self.close, style="pink"),
        ]
        self.start_button = Button(
            pygame.Rect(PANEL.right - 260, PANEL.top + 326, 220, 52),
            "net.lobby.start",
            self.start,
            style="green",
        )
        self.form = Form([self.name_field, self.target_field, *self.buttons], focus=1)

    @property
    def name(self) -> str:
        return self.name_field.text

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
        self.app.scenes.push(NetRoomScene(self.app, self.choice, self.host_room), fade=False)

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

    def host(self) -> None:
        """Start a server here for the local network, create the room chosen and sit at it."""
        if not self.named():
            return
        link = self.new_link()
        try:
            port = link.host(self.host_port, self.host_address)
        except OSError as e:
            self.message = self.app.texts("net.lobby.failed", reason=str(e))
            return
        self.hosting = f"{local_address()}:{port}"
        link.connect(f"ws://127.0.0.1:{port}", self.choice.create(self.name.strip()))
        self.message = ""

    def join(self) -> None:
        parts = self.target.split()
        if len(parts) != 2 or len(parts[1]) != CODE_LENGTH:
            self.message = self.app.texts("net.lobby.address_hint")
            self.focus_field(self.target_field)
            return
        if not self.named():
            return
        self.hosting = ""
        self.message = ""
        self.new_link().connect(
            server_uri(parts[0]),
            {"type": "join", "code": parts[1].upper(), "name": self.name.strip()},
        )

    def toggle_ready(self) -> None:
        if self.link is not None and self.link.client is not None:
            self.ready = not self.ready
            self.link.send("ready", ready=self.ready)

    def start(self) -> None:
        if self.link is not None:
            self.link.send("start")

    def close(self) -> None:
        if self.link is not None:
            self.link.close()
            self.link = None
        self.app.scenes.pop(fade=False)

    # --- input and messages -------------------------------------------------------------------

    def focus_field(self, chosen: LobbyField) -> None:
        for f in (self.name_field, self.target_field):
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
            for f in (self.name_field, self.target_field):
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
        f = self.name_field if self.name_field.typing else self.target_field
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
        items: list[Choice | Button] = [self.name_field, self.target_field, *self.buttons]
        self.form.items = [*items, self.start_button] if self.hosts() else items
        self.form.focus = min(self.form.focus, len(self.form.items) - 1)
        ready = self.buttons[2]
        ready.key = "net.lobby.unready" if self.ready else "net.lobby.ready"
        ready.enabled = self.link is not None and self.link.client is not None and not self.hosts()
        self.form.update(dt)
        if self.link is None:
            return
        for message in self.link.poll():
            kind = message["type"]
            if kind == FAILED:
                self.message = self.app.texts("net.lobby.failed", reason=message["text"])
            elif kind == LOST:
                self.message = self.app.texts("net.table.lost")
            elif kind == "error":
                key = f"net.error.{message['error']}"
                self.message = self.app.texts(key) if has_text(key) else message["text"]
            elif kind == "update":
                link, self.link = self.link, None
                self.app.scenes.replace(NetTableScene(self.app, link), fade=False)
                return

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
        for f in (self.name_field, self.target_field):
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
        waiting = client is not None and client.seat not in (None, 0) and client.room is not None
        status = self.message or (texts("net.lobby.waiting_host") if waiting else "")
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
        y = PANEL.top + 204
        client = self.link.client if self.link else None
        if self.hosting and client is not None and client.code:
            line = texts("net.lobby.hosting", address=self.hosting, code=client.code)
        elif client is not None and client.code:
            line = texts("net.lobby.code", code=client.code)
        else:
            line = texts("net.lobby.address_hint")
        for i, part in enumerate(wrap_text(look, line, 10, PANEL.width - 80)[:2]):
            look.type.blit(surface, part, 10, p.white, (PANEL.left + 40, y + 26 * i), shadow=p.ink)
        room = client.room if client is not None else None
        rules = self.seats.rules_line(room)
        for i, part in enumerate(wrap_text(look, rules, 7, PANEL.width - 80)[:3]):
            look.type.blit(surface, part, 7, p.label, (PANEL.left + 40, y + 60 + 18 * i))
        top = y + 118
        for i, (text, colour) in enumerate(self.seats.lines(room, client.seat if client else None)):
            shown = fit_text(look, text, 10, SEAT_W)
            look.type.blit(
                surface, shown, 10, colour, (PANEL.left + 50, top + SEAT_STEP * i), shadow=p.ink
            )
