"""The table: seven fanned columns, the waste, the stock, the HUD, buttons and a keyboard cursor.

The engine's :class:`~golf.solitaire.session.Game` is the truth. After every action the scene computes where
the new position puts each card and the card sprites fly there; clicks are hit-tested against that
layout (never against the moving sprites), so input during an animation is never lost. The first
game key pressed during the deal fast-forwards it.
"""

from __future__ import annotations

import functools
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from golf.solitaire import engine
from golf.solitaire.engine import Action, Position
from golf.solitaire.session import Game, Refusal
from scenes.core.input import Intent, Kind
from scenes.core.look import (
    BACK,
    CARD_H,
    CARD_W,
    PALETTE,
    PIXEL,
    SCREEN_SIZE,
    Colour,
    Look,
    chunky_panel,
    opaque_layer,
    veil,
)
from scenes.core.manager import App, Scene
from scenes.core.records import HighScoreChance
from scenes.core.sprites import CardSprite
from scenes.core.widgets import Button, Toast
from scenes.solitaire import autosave
from scenes.solitaire.recorder import Recorder

if TYPE_CHECKING:
    from scenes.solitaire.solver_worker import SolverHelper

__all__ = ["GameScene", "Place", "card_at", "column_x", "layout"]

log = logging.getLogger(__name__)

COLUMNS = 7
COLUMN_GAP = 24
FAN = 32  # how much of each covered card shows: its whole corner index
COLUMNS_X = (SCREEN_SIZE[0] - (COLUMNS * CARD_W + (COLUMNS - 1) * COLUMN_GAP)) // 2
COLUMNS_Y = 84
STOCK_POS = (432, 416)
WASTE_POS = (624, 416)
WASTE_FAN = 20  # the last three waste cards spread to the right
HUD_H = 52
BUTTON_Y = 648
TOAST_AT = (SCREEN_SIZE[0] // 2, 388)

FLIGHT = 0.30  # seconds for a card to fly to the waste
SHIFT = 0.18  # seconds for the waste fan to shift
DEAL_STEP = 0.035
DEAL_FLIGHT = 0.28
CELEBRATION = 0.6  # seconds between the last card of the fountain and the result
STOCK_SLOT = COLUMNS  # cursor index of the stock
# a frame restoring more of the layer than this (pixels) copies it whole: as cheap, one blit
RESTORE_WHOLE = SCREEN_SIZE[0] * SCREEN_SIZE[1] // 2
CONFETTI_W, CONFETTI_H = 8, 6  # a bit of confetti at its widest (its chips: _confetti_chips)

Decoration = tuple[pygame.Rect, Callable[[pygame.Surface], object], tuple[object, ...]]
"""Something the resting table shows under the cards: bounds, how to draw it, what it is."""


@dataclass(frozen=True)
class Place:
    """Where a card rests: top-left corner, face, drawing order."""

    x: int
    y: int
    face_up: bool
    z: int


def column_x(column: int) -> int:
    """Left edge of column 1..7."""
    return COLUMNS_X + (column - 1) * (CARD_W + COLUMN_GAP)


def layout(position: Position) -> dict[int, Place]:
    """Where every card of ``position`` belongs on the table."""
    places: dict[int, Place] = {}
    for index, column in enumerate(position.columns):
        x = column_x(index + 1)
        for row, card in enumerate(column):
            places[card] = Place(x, COLUMNS_Y + row * FAN, True, 10 + row)
    waste = position.waste
    hidden = len(waste) - min(len(waste), 3)  # cards under the last three
    for i, card in enumerate(waste):
        offset = max(0, i - hidden)
        places[card] = Place(WASTE_POS[0] + offset * WASTE_FAN, WASTE_POS[1], True, 100 + i)
    stock = position.stock
    for i, card in enumerate(stock):
        depth = (len(stock) - 1 - i) // 4  # every fourth card lifts the pile a little
        places[card] = Place(
            STOCK_POS[0] - depth * PIXEL, STOCK_POS[1] - depth * PIXEL, False, 100 - i
        )
    return places


def stock_rect() -> pygame.Rect:
    """Where a click draws a card."""
    return pygame.Rect(STOCK_POS[0] - 12, STOCK_POS[1] - 12, CARD_W + 12, CARD_H + 12)


def card_at(position: Position, pos: tuple[int, int]) -> Action | None:
    """The action a click at ``pos`` asks for: a card of a column, the stock, or nothing."""
    x, y = pos
    for index, column in enumerate(position.columns):
        left = column_x(index + 1)
        if not left <= x < left + CARD_W:
            continue
        for row in range(len(column), 0, -1):
            top = COLUMNS_Y + (row - 1) * FAN
            height = CARD_H if row == len(column) else FAN
            if top <= y < top + height:
                return Action.play(index + 1, row)
    if stock_rect().collidepoint(pos):
        return Action.draw()
    return None


def _clock(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


class GameScene(Scene):
    """One game being played."""

    def __init__(self, app: App, game: Game, deal_in: bool = True, record: bool = True) -> None:
        super().__init__(app)
        self.game = game
        # every game is recorded (scenes.solitaire.recorder); a replay being watched is not
        self.recorder: Recorder | None = None
        if record:
            self.recorder = Recorder(game, app.replays_dir, app.record_to)
            app.record_to = None  # play --record: only the first game goes to that file
        self.settled = False  # counted in the statistics yet (see settle)
        self.elapsed = 0.0  # play time; stops while an overlay covers the table or after the end
        self.toasts: list[Toast] = []
        self.cursor = STOCK_SLOT
        self.cursor_visible = False
        self.run_length = 0  # plays since the last draw, for the rising pitch
        self.hint: tuple[int, float] | None = None  # (cursor slot, seconds left)
        self.shake: tuple[int, float] | None = None  # (card, seconds left)
        self.ending: float | None = None  # seconds until the end dialog shows
        self.fountain = False  # a won game's waste still to burst across the table
        self.confetti: list[Confetti] = []
        self.blink = 0.0
        self.sprites: dict[int, CardSprite] = {}
        self._static: pygame.Surface | None = None  # the resting table, see _refresh_static
        self._layer_token = object()  # this table's claim on the look's shared layer
        self._static_key: tuple[object, ...] = ()
        self._baked: dict[int, tuple[int, int, bool, int]] = {}  # cards in the layer: x, y, face, z
        self._decor: list[Decoration] = []
        self._decor_key: tuple[object, ...] = ()
        self._hud: pygame.Surface | None = None  # the HUD bar as last drawn, see _blit_hud
        self._kept: _Kept | None = None  # what the last frame left on the screen, see draw
        self._hud_key: tuple[object, ...] = ()
        # hints and the winnable indicator, off the UI thread; the solver (and the processes it
        # runs in) is loaded with the first table, not with the window
        from scenes.solitaire.solver_worker import SolverHelper

        self.solver: SolverHelper = SolverHelper(self)
        self.buttons = self._buttons()
        preset = game.rules.preset_name()
        self._rules_key = f"rules.{preset}" if preset else "rules.custom"
        position = game.position
        rows = max((len(column) for column in position.columns), default=0)
        # the cards face up on the table, as a person deals them: row by row, left to right,
        # then the waste
        self._dealt: tuple[int, ...] = (
            *(col[row] for row in range(rows) for col in position.columns if row < len(col)),
            *position.waste,
        )
        self._reset_sprites(deal_in)

    # ----------------------------------------------------------------- set-up
    def _buttons(self) -> list[Button]:
        specs = [
            ("button.undo", self.undo, "U", "cyan"),
            ("button.hint", self.show_hint, "H", "green"),
            ("button.restart", self.restart, "R", "orange"),
            ("button.new", self.new_deal, "N", "orange"),
            ("button.menu", self.open_menu, "Esc", "pink"),
        ]
        return self._button_row(specs, width=168, gap=20)

    @staticmethod
    def _button_row(
        specs: list[tuple[str, Callable[[], None], str, str]],
        *,
        width: int,
        gap: int,
        size: int = 10,
    ) -> list[Button]:
        """The table's buttons side by side, centred above the bottom edge; a spec is
        (label key, action, key hint, style); ``size`` the labels' type size."""
        x0 = (SCREEN_SIZE[0] - (len(specs) * width + (len(specs) - 1) * gap)) // 2
        return [
            Button(
                pygame.Rect(x0 + i * (width + gap), BUTTON_Y, width, 52),
                key,
                action,
                style=style,
                hint=hint,
                size=size,
            )
            for i, (key, action, hint, style) in enumerate(specs)
        ]

    def _reset_sprites(self, deal_in: bool) -> None:
        places = layout(self.game.position)
        scale = self.app.animation_scale
        self.sprites = {}
        for card, place in places.items():
            if deal_in and scale > 0 and place.y < STOCK_POS[1]:
                self.sprites[card] = CardSprite.at(card, STOCK_POS[0], STOCK_POS[1], False, 100)
            else:
                self.sprites[card] = CardSprite.at(card, place.x, place.y, place.face_up, place.z)
        if not (deal_in and scale > 0):
            return
        # deal as a person deals: row by row, left to right, then turn the waste card
        order = self._dealt[: len(self._dealt) - len(self.game.position.waste)]
        for k, card in enumerate(order):
            place = places[card]
            sprite = self.sprites[card]
            sprite.z = place.z
            sprite.move_to(
                place.x,
                place.y,
                DEAL_FLIGHT * scale,
                delay=k * DEAL_STEP * scale,
                lift=30,
                face_up=True,
                flip_start=0.6,
            )
        for card in self.game.position.waste:
            place = places[card]
            sprite = self.sprites[card]
            sprite.face_up = False
            sprite.pos = pygame.Vector2(STOCK_POS)
            sprite.move_to(
                place.x,
                place.y,
                DEAL_FLIGHT * scale,
                delay=(len(order) + 2) * DEAL_STEP * scale,
                lift=20,
                face_up=True,
            )

    @property
    def animating(self) -> bool:
        """Whether any card is still in flight."""
        return any(s.moving for s in self.sprites.values())

    def fast_forward(self) -> None:
        """Land every card at once."""
        for sprite in self.sprites.values():
            sprite.finish()

    # ----------------------------------------------------------------- actions
    def act(self, action: Action) -> Refusal | None:
        """Take an action on the game and animate what changed; returns the refusal, if any."""
        if self.ending is not None:
            return None
        before = self.game.position
        refusal = self.game.apply(action)
        if refusal is not None:
            self._refuse(refusal, action)
            return refusal
        self._animate(before, self.game.position, action)
        if self.recorder is not None:
            self.recorder.note()
        if action.kind == engine.PLAY:
            self.run_length += 1
            self.app.sound.play("play", self.run_length - 1)
        elif action.kind == engine.DRAW:
            self.run_length = 0
            self.app.sound.play("draw")
        else:
            self.run_length = max(0, self.run_length - 1)
            self.app.sound.play("draw")
        self.hint = None
        status = self.game.status
        if status == "won":
            self.ending = CELEBRATION * self.app.animation_scale
            self.fountain = self.app.animation_scale > 0
            self.app.sound.play("win")
        elif status == "blocked":
            self.ending = 0.45 * self.app.animation_scale
            self.app.sound.play("block")
        if status != "playing":
            self.save_replay()
        autosave.after_action(self)  # a crash or kill -9 now loses nothing
        return None

    def exit(self, quitting: bool = False) -> None:
        """The player leaves this table (or the window closes): its replay is saved and its game
        counted (a game in play as abandoned) and its autosave removed — except when the window
        closes on a game still in play: then its autosave is written one last time (with the
        clock), it is not counted yet, and the title offers to continue it."""
        self.save_replay()
        if autosave.keeps(self):
            if quitting and self.game.status == "playing":
                autosave.save(self)
                return
            autosave.clear(self.app)
        self.settle()

    def save_replay(self) -> None:
        """Write this game's replay to the replays folder (when it ends or is left)."""
        if self.recorder is not None:
            self.recorder.save()

    def settle(self) -> HighScoreChance | None:
        """Count this game in the statistics, once: when its result shows or when it is left.

        Returns its chance at the high-score table, if it has one. A game that is not recorded
        (a replay being watched, the tutorial) is not the player's and does not count.
        """
        if self.settled or self.recorder is None:
            return None
        self.settled = True
        return self.app.records.record(self.game)

    def _refuse(self, refusal: Refusal, action: Action) -> None:
        if not self.app.settings.interactive_rules:
            return
        self.app.sound.play("refusal")
        self.toast(refusal.text(self.app.texts.lang), PALETTE.white)
        if action.kind == engine.PLAY:
            column = self.game.position.columns[action.column - 1]
            if column:
                row = action.row or len(column)
                self.shake = (column[row - 1], 0.3)

    def toast(self, text: str, colour: tuple[int, int, int] = PALETTE.gold) -> None:
        """Show a short message over the table (replacing any other)."""
        self.toasts = [Toast(text, colour=colour)]

    def _animate(self, before: Position, after: Position, action: Action) -> None:
        scale = self.app.animation_scale
        old, new = layout(before), layout(after)
        for card, place in new.items():
            sprite = self.sprites[card]
            was = old.get(card)
            if was == place:
                continue
            sprite.z = place.z
            travelled = was is not None and (abs(was.x - place.x) + abs(was.y - place.y)) > 60
            if not travelled:
                sprite.move_to(place.x, place.y, SHIFT * scale, face_up=place.face_up)
                continue
            lift = 60 if action.kind != engine.DRAW else 24
            sprite.z = 500  # over everything while it flies
            sprite.move_to(place.x, place.y, FLIGHT * scale, lift=lift, face_up=place.face_up)

    def undo(self) -> None:
        """Take back the last action."""
        self.act(Action.undo())

    def draw_card(self) -> None:
        """Turn the next stock card onto the waste."""
        self.act(Action.draw())

    def play_column(self, column: int) -> None:
        """Play the free card of a column."""
        self.act(Action.play(column))

    def restart(self) -> None:
        """The same deal again, from the start."""
        self.app.flow.start_game(self.game.restart())

    def new_deal(self) -> None:
        """A new random deal under the same rules."""
        self.app.flow.new_game(self.game.rules)

    def open_menu(self) -> None:
        """The pause menu over the table."""
        from scenes.solitaire.dialogs import PauseMenu

        self.app.scenes.push(PauseMenu(self.app, self), fade=False)

    def show_hint(self) -> None:
        """Ask the solver for the best move as far as the player can know (scenes.solitaire.solver_worker).

        The answer comes a moment later: the card (or the stock) is highlighted with the win
        chance; meanwhile "thinking…" shows and the game stays playable.
        """
        self.solver.ask_hint()

    # ----------------------------------------------------------------- input
    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        for button in self.buttons:
            if button.handle(intent):
                self.cursor_visible = False
                return
        if kind is Kind.POINT:
            return
        if self.ending is not None and kind not in (Kind.UNDO, Kind.CANCEL, Kind.MENU):
            if kind in (Kind.CLICK, Kind.CONFIRM, Kind.DRAW):
                self.fountain = False  # skip the celebration straight to the result
                self.fast_forward()
                self.ending = 0.0
            return
        game_key = kind in (Kind.CLICK, Kind.COLUMN, Kind.DRAW, Kind.CONFIRM, Kind.UNDO)
        if game_key and self.animating and self._dealing:
            self.fast_forward()  # a game key during the deal lands the cards first
        if kind is Kind.CLICK and intent.pos is not None:
            action = card_at(self.game.position, intent.pos)
            if action is not None:
                self.cursor_visible = False
                self.act(action)
        elif kind is Kind.COLUMN and intent.column is not None:
            self.cursor = intent.column - 1
            self.play_column(intent.column)
        elif kind is Kind.DRAW:
            self.draw_card()
        elif kind is Kind.CONFIRM:
            if self.cursor_visible and self.cursor < STOCK_SLOT:
                self.play_column(self.cursor + 1)
            else:
                self.draw_card()
        elif kind is Kind.UNDO:
            if self.ending is not None and self.game.status != "won":
                self.ending = None
            self.undo()
        elif kind in (Kind.LEFT, Kind.RIGHT):
            self._move_cursor(-1 if kind is Kind.LEFT else 1)
        elif kind is Kind.DOWN:
            self.cursor_visible = True
            self.cursor = STOCK_SLOT
        elif kind is Kind.UP:
            self.cursor_visible = True
            if self.cursor == STOCK_SLOT:
                self.cursor = 3
        elif kind is Kind.NEW:
            self.new_deal()
        elif kind is Kind.RESTART:
            self.restart()
        elif kind is Kind.HINT:
            self.show_hint()
        elif kind in (Kind.CANCEL, Kind.MENU):
            self.open_menu()

    @property
    def _dealing(self) -> bool:
        return self.game.moves == 0 and not self.game.log

    def _move_cursor(self, step: int) -> None:
        if not self.cursor_visible:
            self.cursor_visible = True
            return
        self.cursor = (self.cursor + step) % (COLUMNS + 1)

    # ----------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        if self.recorder is not None:
            self.recorder.tick(dt)
        # draw the faces not drawn yet, a couple per frame, the dealt ones first: a key pressed
        # during the deal lands them all at once
        self.app.look.warm(2, self._dealt)
        self.blink = (self.blink + dt) % 1.0
        if self.game.status == "playing":
            self.elapsed += dt
        places: dict[int, Place] | None = None  # worked out once for all the cards landing
        for sprite in self.sprites.values():
            if sprite.update(dt) and sprite.z >= 500:
                if places is None:
                    places = layout(self.game.position)
                place = places.get(sprite.card)
                sprite.z = place.z if place else 0
        for button in self.buttons:
            button.update(dt)
        self.buttons[0].enabled = self.game.can_undo
        for toast in self.toasts:
            toast.update(dt)
        self.toasts = [t for t in self.toasts if t.alive]
        self.solver.update()
        if self.hint is not None:
            slot, left = self.hint
            self.hint = (slot, left - dt) if left > dt else None
        if self.shake is not None:
            card, left = self.shake
            self.shake = (card, left - dt) if left > dt else None
        self._update_confetti(dt)
        if self.fountain and not self.animating:
            self.fountain = False
            self._launch_fountain()
        if self.ending is not None and not self.animating:
            self.ending -= dt
            if self.ending <= 0:
                self.ending = None
                self._finish()

    def _finish(self) -> None:
        from scenes.solitaire.dialogs import BlockedDialog, GameOverScene

        if self.game.status == "won":
            self.app.scenes.push(GameOverScene(self.app, self), fade=False)
        elif self.game.status == "blocked":
            self.app.scenes.push(BlockedDialog(self.app, self), fade=False)

    def _launch_fountain(self) -> None:
        """The celebration: the whole waste bursts up and rains off the table, with confetti."""
        rng = self.app.rng
        scale = self.app.animation_scale
        waste = self.game.position.waste
        for i, card in enumerate(reversed(waste)):
            sprite = self.sprites[card]
            sprite.z = 600 + i
            x = rng.uniform(-CARD_W, SCREEN_SIZE[0])
            sprite.move_to(
                x,
                SCREEN_SIZE[1] + 40,
                rng.uniform(0.7, 1.0) * scale,
                delay=i * 0.03 * scale,
                lift=rng.uniform(260, 420),
            )
        self._launch_confetti()

    def _launch_confetti(self) -> None:
        rng = self.app.rng
        colours = CONFETTI_COLOURS
        self.confetti = []
        for _ in range(140):
            x = rng.uniform(0, SCREEN_SIZE[0])
            self.confetti.append(
                Confetti(
                    x,
                    rng.uniform(-400, -10),
                    rng.uniform(-40, 40),
                    rng.uniform(120, 260),
                    rng.randrange(len(colours)),
                    rng.uniform(0, 6.28),
                )
            )

    def _update_confetti(self, dt: float) -> None:
        """Move the confetti and work out what draws each bit (its picture and place)."""
        if not self.confetti:
            return
        bottom = SCREEN_SIZE[1] + 10
        sin = math.sin
        chips = _confetti_chips()
        turn = dt * 4
        kept = []
        for bit in self.confetti:
            y = bit.y + bit.vy * dt
            if y >= bottom:
                continue
            x = bit.x + bit.vx * dt + bit.sin * 30 * dt
            spin = bit.spin + turn
            side = sin(spin)
            bit.x, bit.y, bit.spin, bit.sin = x, y, spin, side
            # as _confetti_picture, written out: some 140 bits a frame
            bit.shown = (
                chips[bit.colour, round(abs(side) * 4) // 2],
                (int(x) // 2 * 2, int(y) // 2 * 2),
            )
            kept.append(bit)
        self.confetti = kept

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        look = self.app.look
        texts = self.app.texts
        p = PALETTE
        position = self.game.position
        shake_card = self.shake[0] if self.shake else None
        moving = frozenset(c for c, s in self.sprites.items() if s.moving or c == shake_card)
        self._refresh_static(moving)
        static = self._static
        assert static is not None
        self._lay_table(surface, static)
        # cards in flight (or shaking) over the resting ones, lowest first
        shown = self._in_flight(moving, shake_card)
        art = look.cards
        pictures: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for sprite in shown:
            if sprite.card == shake_card and self.shake is not None:
                offset = math.sin(self.shake[1] * 60) * 6 * (self.shake[1] / 0.3)
                sprite.pictures(art, pictures, offset)
            else:
                sprite.pictures(art, pictures)
        surface.fblits(pictures)  # one call for all (the fountain's are some 100 blits)
        drawn = self._draw_frames(surface)
        # stock count and labels
        below = STOCK_POS[1] + CARD_H + 10
        labels = (
            (texts("game.stock"), 8, p.label, STOCK_POS[0], below),
            (
                texts("game.stock_count", count=len(position.stock)),
                10,
                p.white,
                STOCK_POS[0],
                below + 22,
            ),
            (texts("game.waste"), 8, p.label, WASTE_POS[0], below),
        )
        for text, size, colour, x, y in labels:
            drawn.append(
                look.type.blit(
                    surface, text, size, colour, (x + CARD_W // 2, y), anchor="midtop", shadow=p.ink
                )
            )
        drawn.append(self._blit_hud(surface))
        drawn += self._draw_solver_labels(surface)
        for button in self.buttons:
            drawn.append(button.draw(surface, look, texts))
        for toast in self.toasts:
            drawn.append(toast.draw(surface, look, TOAST_AT))
        confetti = self._draw_confetti(surface)
        self._left_on_screen(surface, drawn, pictures, confetti)

    def _lay_table(self, surface: pygame.Surface, static: pygame.Surface) -> bool:
        """Put the resting table on ``surface``: whole, or only where it differs from the
        screen this table left last frame (what was drawn over the layer then, and the layer's
        places repainted since); True for the latter. A frame is then the same pixels for much
        less copying: the whole layer is 3.6 MB, its copy half of a fountain frame's blits."""
        if surface is not self.app.screen:  # a picture of the table (tests, the watch…)
            surface.blit(static, (0, 0))
            return False
        kept, self._kept = self._kept, None
        if kept is None or not self.app.scenes.shows(surface, self, kept.serial):
            surface.blit(static, (0, 0))
            return False
        bounds = static.get_rect()
        areas = []
        room = RESTORE_WHOLE
        for rect in kept.drawn + kept.dirt:
            area = rect.clip(bounds)
            room -= area.w * area.h
            if room < 0:  # as cheap to copy it whole
                surface.blit(static, (0, 0))
                return False
            areas.append((static, area, area))
        surface.blits(areas, doreturn=False)
        return True

    def _left_on_screen(
        self,
        surface: pygame.Surface,
        drawn: list[pygame.Rect],
        cards: list[tuple[pygame.Surface, tuple[int, int]]],
        confetti: list[tuple[pygame.Surface, tuple[int, int]]],
    ) -> None:
        """Remember what this frame drew over the layer on the screen (``drawn``, and the
        pictures of the cards and of the confetti), for the next one. Not when it covers more
        than the next frame would restore: the fountain's frames are drawn whole."""
        if (
            surface is not self.app.screen
            or type(self).draw is not GameScene.draw
            or type(self)._draw_hud is not GameScene._draw_hud
        ):
            return
        most = len(cards) * CARD_W * CARD_H + len(confetti) * CONFETTI_W * CONFETTI_H
        if most + sum(r.w * r.h for r in drawn) > RESTORE_WHOLE:
            return
        drawn += [image.get_rect(topleft=place) for image, place in cards]
        drawn += [chip.get_rect(topleft=place) for chip, place in confetti]
        self._kept = _Kept(self.app.scenes.serial, drawn, [])

    def _in_flight(self, moving: frozenset[int], shake_card: int | None) -> list[CardSprite]:
        """The moving cards to draw, lowest first.

        A card drawn whole (no flip, no shadow) exactly under another drawn whole is covered by
        it pixel for pixel (every card picture has the same shape): it is left out, so the
        deal's and the fountain's waiting piles cost one card each. So is a card off the screen
        (the fountain's falling below it).
        """
        sprites = self.sprites
        order = sorted(moving, key=lambda c: sprites[c].z)
        covered: set[tuple[int, int]] = set()
        shown: list[CardSprite] = []
        for card in reversed(order):
            sprite = sprites[card]
            if card == shake_card:
                shown.append(sprite)  # drawn beside its spot
                continue
            whole = sprite.whole
            spot = sprite.spot
            x, y = spot
            # with its shadow, a card reaches SHADOW_OFFSET beyond its corner
            outside = (
                x >= SCREEN_SIZE[0] or y >= SCREEN_SIZE[1] or x < -CARD_W - 8 or y < -CARD_H - 8
            )
            sprite.hidden = outside or (whole and not sprite.casts_shadow and spot in covered)
            if sprite.hidden:
                continue
            if whole:
                covered.add(spot)
            shown.append(sprite)
        shown.reverse()
        return shown

    def _refresh_static(self, moving: frozenset[int]) -> None:
        """Bring the resting-table layer up to date, repainting only the places that changed.

        The layer holds the felt, the empty places, the column badges and every card that is
        not moving. A card that starts or stops moving (or turns over, or changes its drawing
        order) only dirties its own rectangle; overlapping dirty rectangles are repainted as one.
        """
        key = (self.app.look.cards, self.app.texts.lang)
        cursor = self.cursor if self.cursor_visible else None  # the badge it lights
        decor_key = (cursor, not self.game.position.stock)
        resting: dict[int, tuple[int, int, bool, int]] = {}
        for card, sprite in self.sprites.items():
            if card not in moving:
                x, y = sprite.spot
                resting[card] = (x, y, sprite.face_up, sprite.z)
        layer, fresh = self.app.look.table_layer(self._layer_token)
        self._static = layer
        if fresh or key != self._static_key:
            self._static_key = key
            self._decor_key = decor_key
            self._decor = self._decorations()
            self._baked = resting
            self._paint_static(layer, [layer.get_rect()], resting)
            return
        dirty: list[pygame.Rect] = []
        if decor_key != self._decor_key:  # a badge lit or put out, the empty-stock mark
            old = {tag: bounds for bounds, _paint, tag in self._decor}
            self._decor_key = decor_key
            self._decor = self._decorations()
            new = {tag: bounds for bounds, _paint, tag in self._decor}
            dirty += [old[tag] for tag in old.keys() - new.keys()]
            dirty += [new[tag] for tag in new.keys() - old.keys()]
        baked = self._baked
        if baked != resting:
            for card, was in baked.items():
                now = resting.get(card)
                if now != was:
                    dirty.append(pygame.Rect(was[0], was[1], CARD_W, CARD_H))
                    if now is not None:
                        dirty.append(pygame.Rect(now[0], now[1], CARD_W, CARD_H))
            for card, now in resting.items():
                if card not in baked:
                    dirty.append(pygame.Rect(now[0], now[1], CARD_W, CARD_H))
            self._baked = resting
        screen = layer.get_rect()  # cards resting off the table (the fountain's) change nothing
        dirty = [r.clip(screen) for r in dirty if r.colliderect(screen)]
        if dirty:
            self._paint_static(layer, _merge(dirty), resting)

    def _decorations(self) -> list[Decoration]:
        """What the resting table shows under the cards: (bounds, how to draw it, what it is).

        The empty places, the column badges (the cursor's in gold) and the empty-stock mark.
        What each is (its tag) tells which changed when the cursor moves or the stock empties.
        """
        look, p = self.app.look, PALETTE
        outline = look.cards.outline()
        decor: list[Decoration] = []
        places = [(column_x(c), COLUMNS_Y) for c in range(1, COLUMNS + 1)]
        for place in [*places, STOCK_POS, WASTE_POS]:
            paint = functools.partial(_blit_at, outline, place)
            decor.append((outline.get_rect(topleft=place), paint, ("place", place)))
        for column in range(1, COLUMNS + 1):
            badge = pygame.Rect(0, 0, 13 * PIXEL, 10 * PIXEL)
            badge.midbottom = (column_x(column) + CARD_W // 2, COLUMNS_Y - 3 * PIXEL)
            selected = self.cursor_visible and self.cursor == column - 1
            paint = functools.partial(self._draw_badge, badge, column, selected)
            decor.append((badge.inflate(2 * PIXEL, 2 * PIXEL), paint, ("badge", column, selected)))
        if not self.game.position.stock:
            centre = (STOCK_POS[0] + CARD_W // 2, STOCK_POS[1] + CARD_H // 2)
            bounds = look.type.render("∅", 16, p.felt_light).get_rect(center=centre)
            paint = functools.partial(_type_at, look, "∅", 16, p.felt_light, centre)
            decor.append((bounds.inflate(2 * PIXEL, 2 * PIXEL), paint, ("empty stock",)))
        return decor

    def _draw_badge(
        self, badge: pygame.Rect, column: int, selected: bool, layer: pygame.Surface
    ) -> None:
        look, p = self.app.look, PALETTE
        pygame.draw.rect(layer, p.ink, badge.inflate(2 * PIXEL, 2 * PIXEL), border_radius=4)
        pygame.draw.rect(layer, p.gold if selected else p.felt_dark, badge, border_radius=3)
        look.type.blit(
            layer, str(column), 8, p.ink if selected else p.label, badge.center, anchor="center"
        )

    def _paint_static(
        self,
        layer: pygame.Surface,
        areas: list[pygame.Rect],
        resting: dict[int, tuple[int, int, bool, int]],
    ) -> None:
        """Repaint ``areas`` of the resting table on ``layer``: felt, places, resting cards.

        A card lying exactly where a card drawn after it lies is left out: every card picture
        (faces and back) has the same shape, so the upper one covers it pixel for pixel.
        """
        if self._kept is not None:
            self._kept.dirt += areas  # the screen shows them as they were: restored next frame
        look = self.app.look
        felt = look.felt()
        art = look.cards
        order = sorted(resting.items(), key=_z_of)
        shown: list[tuple[pygame.Rect, pygame.Surface]] = []
        covered: set[tuple[int, int]] = set()
        for card, (x, y, face_up, _z) in reversed(order):
            if (x, y) in covered:
                continue
            covered.add((x, y))
            image = art.resting(card if face_up else BACK)
            shown.append((pygame.Rect(x, y, CARD_W, CARD_H), image))
        shown.reverse()
        for area in areas:
            layer.set_clip(area)
            layer.blit(felt, area, area)
            for bounds, paint, _tag in self._decor:
                if bounds.colliderect(area):
                    paint(layer)
            for place, image in shown:
                if place.colliderect(area):
                    layer.blit(image, place)
        layer.set_clip(None)

    def _slot_rect(self, slot: int) -> pygame.Rect:
        if slot == STOCK_SLOT:
            return pygame.Rect(STOCK_POS[0], STOCK_POS[1], CARD_W, CARD_H)
        column = self.game.position.columns[slot]
        rows = max(len(column), 1)
        return pygame.Rect(column_x(slot + 1), COLUMNS_Y + (rows - 1) * FAN, CARD_W, CARD_H)

    def _draw_frames(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The hint's and the cursor's frames; the rectangles drawn."""
        p = PALETTE
        drawn: list[pygame.Rect] = []
        if self.hint is not None:
            rect = self._slot_rect(self.hint[0]).inflate(6 * PIXEL, 6 * PIXEL)
            colour = p.cyan if int(self.hint[1] * 4) % 2 == 0 else p.white  # steady, it pulses
            outer = rect.inflate(2 * PIXEL, 2 * PIXEL)
            pygame.draw.rect(surface, p.ink, outer, PIXEL, border_radius=11)
            pygame.draw.rect(surface, colour, rect, 3 * PIXEL, border_radius=10)
            drawn.append(outer)
        if self.cursor_visible:
            rect = self._slot_rect(self.cursor).inflate(4 * PIXEL, 4 * PIXEL)
            colour = p.gold if self.blink < 0.6 else p.orange
            outer = rect.inflate(2 * PIXEL, 2 * PIXEL)
            pygame.draw.rect(surface, p.ink, outer, PIXEL, border_radius=10)
            pygame.draw.rect(surface, colour, rect, 2 * PIXEL, border_radius=8)
            # an arrow above the cursor
            cx = rect.centerx
            top = rect.top - 4 * PIXEL
            drawn.append(outer)
            drawn.append(
                pygame.draw.polygon(
                    surface, colour, [(cx - 8, top - 10), (cx + 8, top - 10), (cx, top)]
                )
            )
        return drawn

    def _blit_hud(self, surface: pygame.Surface) -> pygame.Rect:
        """The HUD bar, drawn again only when something on it changes (score, moves, time…);
        the rectangle it covers.

        A scene that draws its own HUD (a round's hole and total) draws it every frame.
        """
        if type(self)._draw_hud is not GameScene._draw_hud:
            self._draw_hud(surface)
            return pygame.Rect(0, 0, SCREEN_SIZE[0], HUD_H)
        game = self.game
        key = (
            self.app.texts.lang,
            game.rules.scoring,
            game.score,
            game.moves,
            _clock(self.elapsed),
            game.code,
            self._rules_key,
        )
        if self._hud is None or key != self._hud_key:
            if self._hud is None:
                self._hud = opaque_layer((SCREEN_SIZE[0], HUD_H))  # copied with memcpy
            self._draw_hud(self._hud)
            self._hud_key = key
        return surface.blit(self._hud, (0, 0))

    def _draw_hud(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        bar = pygame.Rect(0, 0, SCREEN_SIZE[0], HUD_H)
        pygame.draw.rect(surface, p.panel, bar)
        pygame.draw.line(
            surface, p.panel_edge, (0, HUD_H - PIXEL), (SCREEN_SIZE[0], HUD_H - PIXEL), PIXEL
        )
        rules = self.game.rules
        score_key = "hud.strokes" if rules.scoring == "strokes" else "hud.score"
        items = [
            (texts(score_key), str(self.game.score), p.gold),
            (texts("hud.moves"), str(self.game.moves), p.cyan),
            (texts("hud.time"), _clock(self.elapsed), p.pink),
        ]
        x = 20
        for label, value, colour in items:
            r = look.type.blit(surface, label, 8, p.hud_label, (x, 14), shadow=p.ink)
            r = look.type.blit(surface, value, 12, colour, (r.right + 10, 8), shadow=p.ink)
            x = r.right + 36
        rules_text = texts(self._rules_key)
        code = self.game.code or ""
        r = look.type.blit(
            surface, code, 10, p.white, (SCREEN_SIZE[0] - 20, 12), anchor="topright", shadow=p.ink
        )
        look.type.blit(
            surface, rules_text, 8, p.gold, (r.left - 20, 14), anchor="topright", shadow=p.ink
        )

    def _draw_solver_labels(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Right of the waste: a winnable-only deal's label and the winnable indicator; the
        rectangles drawn."""
        look, texts, p = self.app.look, self.app.texts, PALETTE
        x, y = WASTE_POS[0] + CARD_W + 3 * WASTE_FAN + 24, WASTE_POS[1] + 8
        lines: list[tuple[str, int, tuple[int, int, int]]] = []
        from scenes.solitaire.solver_worker import PROVEN

        if self.game.code in PROVEN:
            lines.append((texts("winnable.deal"), 8, p.gold))
        shown = self.solver.indicator_text()
        if shown is not None:
            colours = {texts("indicator.yes"): p.cyan, texts("indicator.no"): p.orange}
            colour = colours.get(shown, p.white)
            lines.append((shown, 8, colour))
        if lines:
            lines.append((texts("winnable.label"), 7, p.label))
        drawn = []
        for text, size, colour in lines:
            r = look.type.blit(surface, text, size, colour, (x, y), shadow=p.ink)
            drawn.append(r)
            y = r.bottom + 8
        return drawn

    def _draw_confetti(
        self, surface: pygame.Surface
    ) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The confetti in the air; what was blitted (chips and places)."""
        if not self.confetti:
            return []
        shown = [bit.shown for bit in self.confetti if bit.y > -CONFETTI_H]
        surface.fblits(shown)
        return shown

    def blocked_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Shared by the end dialogs: a panel over the dimmed table."""
        veil(surface, 150)
        chunky_panel(surface, rect)


@dataclass
class _Kept:
    """What a table's frame left on the screen beside its resting layer: the manager's draw
    it was (see ``SceneManager.shows``), the rectangles drawn over the layer, and the layer's
    places repainted since (the screen shows them as they were)."""

    serial: int
    drawn: list[pygame.Rect]
    dirt: list[pygame.Rect]


CONFETTI_COLOURS = (PALETTE.gold, PALETTE.cyan, PALETTE.pink, PALETTE.orange, PALETTE.white)


class Confetti:
    """A bit of confetti: where it is, how fast it falls, its colour, how far it has turned,
    and what draws it (its picture and place, worked out as it moves)."""

    __slots__ = ("colour", "shown", "sin", "spin", "vx", "vy", "x", "y")

    def __init__(self, x: float, y: float, vx: float, vy: float, colour: int, spin: float) -> None:
        self.x, self.y, self.vx, self.vy = x, y, vx, vy
        self.colour = colour  # an index in CONFETTI_COLOURS
        self.spin = spin
        self.sin = math.sin(spin)  # its sway and its width follow it
        self.shown = _confetti_picture(colour, spin, x, y)


def _confetti_picture(
    colour: int, spin: float, x: float, y: float
) -> tuple[pygame.Surface, tuple[int, int]]:
    """What draws a bit of confetti: its chip (4, 6 or 8 pixels wide as it turns) and place."""
    width = round(abs(math.sin(spin)) * 4) // 2
    return _confetti_chips()[colour, width], (int(x) // 2 * 2, int(y) // 2 * 2)


@functools.cache
def _confetti_chips() -> dict[tuple[int, int], pygame.Surface]:
    """A bit of confetti of each colour and width (4, 6 or 8 pixels turning, 6 tall)."""
    chips = {}
    for index, colour in enumerate(CONFETTI_COLOURS):
        for half in range(3):
            chip = pygame.Surface((4 + half * 2, CONFETTI_H))
            if pygame.display.get_surface() is not None:
                chip = chip.convert()
            chip.fill(colour)
            chips[index, half] = chip
    return chips


def _blit_at(picture: pygame.Surface, place: tuple[int, int], layer: pygame.Surface) -> None:
    layer.blit(picture, place)


def _type_at(
    look: Look, text: str, size: int, colour: Colour, centre: tuple[int, int], layer: pygame.Surface
) -> None:
    look.type.blit(layer, text, size, colour, centre, anchor="center")


def _z_of(item: tuple[int, tuple[int, int, bool, int]]) -> int:
    return item[1][3]


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The rectangles with every overlapping group replaced by its bounding rectangle."""
    merged: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.copy()
        joined = True
        while joined:
            joined = False
            for i, other in enumerate(merged):
                if rect.colliderect(other):
                    rect.union_ip(merged.pop(i))
                    joined = True
                    break
        merged.append(rect)
    return merged
