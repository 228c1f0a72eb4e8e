"""The six-card table played over the network: it draws the seat's view the server sends, and
turns clicks into the seat's actions, sent to the server (``golfnet.link.NetLink``).

It knows only what the server told this seat (a :class:`~golf.sixcard.view.SeatView`): face-down
cards it has not seen are drawn as backs, because there is nothing else to draw. The head line
says whose turn it is, the time left, an automatic move played for someone out of time, a lost
connection and its return; once the game is over the record of play comes from the server and
is saved as a normal six-card replay, and the final standings are shown.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

import pygame

from golf.core.translations import has_text
from golf.sixcard import replay as sixreplay
from golf.sixcard.actions import (
    KNOCK_ACTION,
    NEXT_HOLE_ACTION,
    TAKE_DISCARD_ACTION,
    TAKE_STOCK_ACTION,
    Action,
    discard_flip,
    flip,
    replace,
)
from golf.sixcard.pace import standings
from golf.sixcard.view import SeatView
from golfnet.client import replay_of
from golfnet.link import BACK, LOST, NetLink
from golfnet.protocol import BadMessage, Message
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, SCREEN_SIZE, chunky_panel
from scenes.core.manager import App, Scene
from scenes.core.textfit import fit_text
from scenes.sixcard.art import CardImages
from scenes.sixcard.board import HUD_H, Board

__all__ = ["NetTableScene"]

log = logging.getLogger(__name__)


class NetTableScene(Scene):
    """One seat of a game played through a server."""

    def __init__(self, app: App, link: NetLink) -> None:
        super().__init__(app)
        self.link = link
        self.images = CardImages()
        self.board: Board | None = None
        self.discarding = False  # took from the stock, chose to discard: now pick a card to flip
        self.lost = False
        self.note = ""  # the last thing said (an automatic move, a refusal, the connection back)
        self.note_left = 0.0
        self.final: list[str] = []
        self.saved = ""
        self.asked_next = False
        self.since_update = 0.0  # seconds since the last update (the time left counts down)

    # --- what the server says ----------------------------------------------------------------

    @property
    def view(self) -> SeatView | None:
        client = self.link.client
        return client.view if client is not None else None

    def names(self) -> list[str]:
        client = self.link.client
        room = client.room if client is not None else None
        if room is None:
            return []
        texts = self.app.texts
        out = []
        for s, seat in enumerate(room["seats"]):
            name = seat["name"] or texts(
                "net.seat.computer", level=texts(f"six.level.{seat['level']}")
            )
            out.append(texts("net.you") if client and s == client.seat else name)
        return out

    def update(self, dt: float) -> None:
        self.note_left = max(0.0, self.note_left - dt)
        self.since_update += dt
        for message in self.link.poll():
            self.take(message)
        self.place()

    def place(self) -> Board | None:
        """The table's geometry, made once the first view says how many sit and where."""
        view, client = self.view, self.link.client
        if view is None or client is None or client.seat is None:
            return None
        if self.board is None or self.board.players != view.players:
            self.board = Board(view.players, view.rules.rows, view.rules.columns, client.seat)
        return self.board

    def take(self, message: Message) -> None:
        kind = message["type"]
        texts = self.app.texts
        if kind == LOST:
            self.lost = True
        elif kind == BACK:
            self.lost = False
            self.say(texts("net.table.back"))
        elif kind == "update":
            self.since_update = 0.0
            self.discarding = False
            self.asked_next = False
            last = message["last"]
            if last and last["auto"]:
                names = self.names()
                seat = last["seat"]
                name = names[seat] if seat is not None and seat < len(names) else "?"
                self.say(texts("net.table.auto", name=name))
        elif kind == "refused":
            key = f"refusal.sixcard.{message['reason']}"
            if not has_text(key):  # the room's refusals (not your turn, too late)
                key = f"net.error.{message['reason']}"
            self.say(self.said(key, message["text"]))
        elif kind == "error":
            self.say(self.said(f"net.error.{message['error']}", message["text"]))
        elif kind == "over":
            self.finish(message["record"])

    def said(self, key: str, english: str) -> str:
        """The text of a key in the player's language, or the server's English words."""
        return self.app.texts(key) if has_text(key) else english

    def say(self, text: str) -> None:
        self.note, self.note_left = text, 4.0

    def finish(self, record: dict[str, Any]) -> None:
        """The game is over: its replay saved, the standings written."""
        try:
            replay = replay_of(record)
        except BadMessage:
            log.warning("the server's record of play does not play")
            return
        state = sixreplay.play(replay)[-1]
        names = self.names()
        self.final = [
            f"{place}. {names[seat] if seat < len(names) else seat}: {total}"
            for place, seat, total in standings(state)
        ]
        folder = self.app.replays_dir
        if folder is not None and not self.saved:
            stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
            path = folder / f"six-card-net-{stamp}.yaml"
            try:
                folder.mkdir(parents=True, exist_ok=True)
                sixreplay.save(replay, path)
                self.saved = path.name
            except OSError as e:
                log.warning("cannot save the replay: %s", e)

    # --- the player's input -------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CANCEL, Kind.MENU):
            self.leave()
            return
        view = self.view
        if view is None or self.lost:
            return
        if view.phase == "hole_over" and intent.kind in (Kind.CLICK, Kind.CONFIRM):
            if not self.asked_next:
                self.act(NEXT_HOLE_ACTION)
                self.asked_next = True
            return
        if not view.my_turn:
            return
        if intent.kind == Kind.DRAW:
            self.act(TAKE_STOCK_ACTION)
        elif intent.kind == Kind.TEXT and intent.text.lower() == "k":
            self.act(KNOCK_ACTION)
        elif intent.kind == Kind.CLICK and intent.pos is not None:
            self.click(view, intent.pos)

    def click(self, view: SeatView, pos: tuple[int, int]) -> None:
        board = self.board
        if board is None:
            return
        if view.drawn_from is None or view.phase == "opening":
            if board.stock.collidepoint(pos) and view.phase == "turn":
                self.act(TAKE_STOCK_ACTION)
                return
            if board.discard.collidepoint(pos) and view.phase == "turn":
                self.act(TAKE_DISCARD_ACTION)
                return
        elif board.discard.collidepoint(pos) and view.drawn_from == "stock":
            self.discarding = True
            return
        spot = board.bottom
        for slot in range(len(view.grid)):
            if spot.slot_rect(slot).collidepoint(pos):
                row, column = view.rules.place(slot)
                if view.phase == "opening":
                    self.act(flip(row, column))
                elif self.discarding:
                    self.act(discard_flip(row, column))
                elif view.drawn_from is not None:
                    self.act(replace(row, column))
                return

    def act(self, action: Action) -> None:
        client = self.link.client
        if client is not None:
            self.link.send("act", action=str(action), at=client.at)

    def leave(self) -> None:
        self.link.close()
        self.app.flow.to_title()

    def exit(self, quitting: bool = False) -> None:
        self.link.close()

    # --- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        look = self.app.look
        self.images.use(look.cards)
        surface.blit(look.felt(), (0, 0))
        view = self.view
        client = self.link.client
        board = self.place()
        if view is None or client is None or board is None:
            self.head(surface, self.app.texts("net.lobby.waiting_host"))
            return
        self.grids(surface, view, board)
        self.piles(surface, view, board)
        self.head(surface, self.status(view, client.deadline))
        if self.final:
            self.standings(surface)
        elif view.phase == "hole_over" and view.scores:
            self.hole_scores(surface, view)

    def grids(self, surface: pygame.Surface, view: SeatView, board: Board) -> None:
        look, p = self.app.look, PALETTE
        names = self.names()
        for seat, spot in board.spots.items():
            size = spot.card
            for slot, card in enumerate(view.grids[seat]):
                rect = spot.slot_rect(slot)
                up = view.up[seat] >> slot & 1
                if card is not None and (up or seat == view.seat):
                    image = self.images.face(card, size)
                else:
                    image = self.images.back(size)
                surface.blit(image, rect)
                if seat == view.seat and card is not None and not up:
                    pygame.draw.rect(surface, p.cyan, rect, 2)  # looked at, still face down
            if seat != view.seat and seat < len(names):
                colour = p.gold if view.to_move == seat else p.label
                look.type.blit(
                    surface,
                    names[seat],
                    8,
                    colour,
                    spot.plate.midleft,
                    anchor="midleft",
                    shadow=p.ink,
                )
            if view.to_move == seat:
                pygame.draw.rect(surface, p.gold, spot.grid_rect.inflate(10, 10), 3)

    def piles(self, surface: pygame.Surface, view: SeatView, board: Board) -> None:
        size = board.stock.size
        if view.stock_count:
            surface.blit(self.images.back(size), board.stock)
        if view.discard_top is not None:
            surface.blit(self.images.face(view.discard_top, size), board.discard)
        if view.to_move is not None and view.drawn_from is not None:
            rect, _scale = board.hand_at(view.to_move)
            card = (
                self.images.face(view.drawn, rect.size)
                if view.drawn is not None
                else (self.images.back(rect.size))
            )
            surface.blit(card, rect)
        if self.discarding:
            pygame.draw.rect(surface, PALETTE.gold, board.discard.inflate(8, 8), 3)

    def status(self, view: SeatView, deadline: float | None) -> str:
        texts = self.app.texts
        if self.lost:
            return texts("net.table.lost")
        if self.note_left > 0:
            return self.note
        if view.phase == "game_over":
            return texts("net.table.over")
        if view.phase == "hole_over":
            key = "net.table.next_waiting" if self.asked_next else "net.table.hole_over"
            return texts(key, hole=view.hole)
        if view.my_turn:
            line = (
                texts("net.table.discard_mode") if self.discarding else texts("net.table.your_turn")
            )
        else:
            names = self.names()
            seat = view.to_move
            name = names[seat] if seat is not None and seat < len(names) else "?"
            line = texts("net.table.waiting", name=name)
        if deadline is not None:
            left = max(0, int(deadline - self.since_update + 0.99))
            line += "  ·  " + texts("net.table.deadline", seconds=left)
        return line

    def head(self, surface: pygame.Surface, line: str) -> None:
        look, p = self.app.look, PALETTE
        pygame.draw.rect(surface, p.panel, (0, 0, SCREEN_SIZE[0], HUD_H))
        look.type.blit(
            surface,
            line,
            9,
            p.gold if self.lost else p.white,
            (12, HUD_H // 2),
            anchor="midleft",
            shadow=p.ink,
        )
        client = self.link.client
        if client is not None and client.code:
            look.type.blit(
                surface,
                self.app.texts("net.lobby.code", code=client.code),
                8,
                p.hud_label,
                (SCREEN_SIZE[0] - 12, HUD_H // 2),
                anchor="midright",
            )

    def hole_scores(self, surface: pygame.Surface, view: SeatView) -> None:
        """Each seat's points of the hole just played and its total so far."""
        names = self.names()
        regular = view.scores[: view.rules.holes]
        lines = []
        for seat, points in enumerate(view.scores[-1]):
            total = sum(row[seat] or 0 for row in regular)
            name = names[seat] if seat < len(names) else str(seat + 1)
            shown = "–" if points is None else str(points)
            lines.append(f"{name}: {shown}  ({self.app.texts('net.table.total', total=total)})")
        self.panel(surface, self.app.texts("net.table.hole_over", hole=view.hole), lines, "")

    def standings(self, surface: pygame.Surface) -> None:
        texts = self.app.texts
        foot = texts("net.table.saved", name=self.saved) if self.saved else texts("net.table.leave")
        self.panel(surface, texts("net.table.over"), self.final, foot)

    def panel(self, surface: pygame.Surface, title: str, lines: list[str], foot: str) -> None:
        """A panel in the middle of the table: a title, lines, a foot line."""
        look, p = self.app.look, PALETTE
        panel = pygame.Rect(0, 0, 680, 120 + 34 * len(lines))
        panel.center = (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] // 2)
        chunky_panel(surface, panel)
        top = (panel.centerx, panel.top + 16)
        size = 12 if look.type.render(title, 12, p.gold).get_width() <= panel.width - 40 else 10
        look.type.blit(surface, title, size, p.gold, top, anchor="midtop", shadow=p.ink)
        for i, line in enumerate(lines):
            at = (panel.left + 40, panel.top + 60 + 34 * i)
            look.type.blit(surface, line, 10, p.white, at, shadow=p.ink)
        at = (panel.centerx, panel.bottom - 26)
        foot = fit_text(look, foot, 7, panel.width - 40)
        look.type.blit(surface, foot, 7, p.label, at, anchor="midtop")
