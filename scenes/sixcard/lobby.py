"""The lobby of six-card Golf on the network: host a game on this machine for the local network
with one click, or join one by the host's address and the room code; then the seats, each
person's ready mark, and the host's Start. When the first view arrives, the table takes over
(``scenes.sixcard.nettable``) with the same connection.
"""

from __future__ import annotations

import pygame

from golf.core.translations import has_text
from golfnet.link import FAILED, LOST, NetLink, local_address, server_uri
from golfnet.protocol import CODE_LENGTH, MAX_NAME, PERSON, Message
from golfnet.server import DEFAULT_PORT
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, chunky_panel, veil
from scenes.core.manager import App, Scene
from scenes.core.textfit import wrap_text
from scenes.core.widgets import Button
from scenes.sixcard.nettable import NetTableScene

__all__ = ["LobbySeats", "NetLobbyScene"]

HOSTED_SEATS = [PERSON, PERSON, PERSON, PERSON]
"""A hosted room: four seats for people; those still open at the start are computers."""
HOSTED_TIMER = 30.0
PANEL = pygame.Rect(190, 40, 900, 640)
FIELD_W, FIELD_H = 560, 44


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


class NetLobbyScene(Scene):
    """Host or join; the room's seats; ready; the host starts."""

    host_address = "0.0.0.0"
    """Where a hosted server listens: every address of this machine (tests: loopback only)."""
    host_port = DEFAULT_PORT

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.link: NetLink | None = None
        self.name = app.texts("net.default_name")
        self.target = ""  # "host[:port] CODE"
        self.focus = "target"
        self.message = ""
        self.hosting = ""
        self.ready = False
        self.seats = LobbySeats(app)
        x, w = PANEL.left + 40, 260
        y = PANEL.bottom - 80
        self.buttons = [
            Button(pygame.Rect(x, y, w, 52), "net.lobby.host", self.host, style="green"),
            Button(pygame.Rect(x + w + 20, y, 180, 52), "net.lobby.join", self.join),
            Button(pygame.Rect(x + w + 220, y, 180, 52), "net.lobby.ready", self.toggle_ready),
            Button(pygame.Rect(x + w + 420, y, 140, 52), "common.back", self.close, style="pink"),
        ]
        self.start_button = Button(
            pygame.Rect(PANEL.right - 260, PANEL.top + 300, 220, 52),
            "net.lobby.start",
            self.start,
            style="green",
        )
        self.name_rect = pygame.Rect(PANEL.left + 300, PANEL.top + 80, FIELD_W, FIELD_H)
        self.target_rect = pygame.Rect(PANEL.left + 300, PANEL.top + 140, FIELD_W, FIELD_H)

    # --- actions -----------------------------------------------------------------------------

    def new_link(self) -> NetLink:
        if self.link is not None:
            self.link.close()
        self.link = NetLink()
        self.ready = False
        return self.link

    def host(self) -> None:
        """Start a server here for the local network, create a room and sit at it."""
        link = self.new_link()
        try:
            port = link.host(self.host_port, self.host_address)
        except OSError as e:
            self.message = self.app.texts("net.lobby.failed", reason=str(e))
            return
        address = local_address()
        self.hosting = f"{address}:{port}"
        link.connect(
            f"ws://127.0.0.1:{port}",
            {"type": "create", "name": self.name, "seats": HOSTED_SEATS, "timer": HOSTED_TIMER},
        )
        self.message = ""

    def join(self) -> None:
        parts = self.target.split()
        if len(parts) != 2 or len(parts[1]) != CODE_LENGTH:
            self.message = self.app.texts("net.lobby.address_hint")
            return
        self.hosting = ""
        self.new_link().connect(
            server_uri(parts[0]), {"type": "join", "code": parts[1].upper(), "name": self.name}
        )

    def toggle_ready(self) -> None:
        if self.link is not None:
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

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if kind is Kind.CANCEL:
            self.close()
            return
        if kind is Kind.CLICK and intent.pos is not None:
            if self.name_rect.collidepoint(intent.pos):
                self.focus = "name"
                return
            if self.target_rect.collidepoint(intent.pos):
                self.focus = "target"
                return
        if kind is Kind.TEXT:
            self.type_text(intent.text)
            return
        if kind is Kind.UNDO and intent.erase:
            self.type_text(None)
            return
        if kind in (Kind.NEW, Kind.RESTART, Kind.UNDO, Kind.HINT, Kind.COLUMN, Kind.DRAW):
            return  # letters typed arrive as TEXT as well
        if kind is Kind.CONFIRM:
            self.join()
            return
        for button in self.buttons_shown():
            if button.handle(intent):
                return

    def type_text(self, text: str | None) -> None:
        if self.focus == "name":
            self.name = (self.name + text)[:MAX_NAME] if text else self.name[:-1]
        else:
            self.target = (self.target + text)[:80] if text else self.target[:-1]

    def buttons_shown(self) -> list[Button]:
        client = self.link.client if self.link else None
        if client is not None and client.seat == 0:
            return [*self.buttons, self.start_button]
        return self.buttons

    def update(self, dt: float) -> None:
        for button in self.buttons_shown():
            button.update(dt)
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
        for label, rect, value, key in (
            ("net.lobby.name", self.name_rect, self.name, "name"),
            ("net.lobby.target", self.target_rect, self.target, "target"),
        ):
            look.type.blit(
                surface, texts(label), 9, p.label, (PANEL.left + 40, rect.centery), anchor="midleft"
            )
            pygame.draw.rect(surface, p.ink, rect)
            pygame.draw.rect(surface, p.gold if self.focus == key else p.panel_edge, rect, 3)
            caret = "_" if self.focus == key else ""
            look.type.blit(
                surface,
                value + caret,
                10,
                p.white,
                (rect.left + 12, rect.centery),
                anchor="midleft",
                face="mono",
            )
        y = PANEL.top + 200
        client = self.link.client if self.link else None
        if self.hosting and client is not None and client.code:
            line = texts("net.lobby.hosting", address=self.hosting, code=client.code)
        elif client is not None and client.code:
            line = texts("net.lobby.code", code=client.code)
        else:
            line = texts("net.lobby.address_hint")
        for i, part in enumerate(wrap_text(look, line, 9, PANEL.width - 80)[:2]):
            look.type.blit(surface, part, 9, p.white, (PANEL.left + 40, y + 24 * i), shadow=p.ink)
        room = client.room if client is not None else None
        for i, (text, colour) in enumerate(self.seats.lines(room, client.seat if client else None)):
            look.type.blit(
                surface, text, 9, colour, (PANEL.left + 60, y + 50 + 32 * i), shadow=p.ink
            )
        if client is not None and client.seat not in (None, 0) and room is not None:
            look.type.blit(
                surface,
                texts("net.lobby.waiting_host"),
                8,
                p.label,
                (PANEL.left + 60, y + 250),
                shadow=p.ink,
            )
        if self.message:
            look.type.blit(
                surface,
                self.message,
                8,
                p.gold,
                (PANEL.centerx, PANEL.bottom - 120),
                anchor="midtop",
                shadow=p.ink,
            )
        for button in self.buttons_shown():
            button.draw(surface, look, texts)
