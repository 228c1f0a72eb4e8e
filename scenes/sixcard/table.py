"""The six-card table: 2–6 grids, stock and discard, the computers' turns at a watchable pace.

The engine's :class:`~golf.sixcard.game.Match` is the truth. After every action the scene works
out where the new state puts each card that is out of the stock and the card sprites fly there;
clicks and the keyboard cursor are hit-tested against the board (never against moving sprites),
so input during an animation is not lost. The table draws from one seat's view only
(``scenes.sixcard.views``): a card's face is drawn only when that view shows it.

A person's turn is driven by intents: take from the stock or the discard, then click a grid
card to swap it in, or click the discard to throw the card away and then a face-down card to
turn up. The computers decide from their own seat's view, one action at a time, with a pause
between actions set by the speed chosen in the setup window.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pygame

from golf.sixcard.actions import (
    KNOCK_ACTION,
    NEXT_HOLE,
    NEXT_HOLE_ACTION,
    TAKE_DISCARD_ACTION,
    TAKE_STOCK_ACTION,
    Action,
    discard_flip,
    flip,
    replace,
)
from golf.sixcard.ai import Opponent, make_opponent
from golf.sixcard.game import Match, Refusal, State, legal_actions, totals, winners
from golf.sixcard.rules import cancelled_slots
from golf.sixcard.texts import Reason, message
from golf.sixcard.view import SeatView, seat_view
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, PIXEL, SCREEN_SIZE, chunky_panel
from scenes.core.manager import App, Scene
from scenes.core.widgets import Button, Toast
from scenes.sixcard import autosave as sixautosave
from scenes.sixcard.art import CardImages, SixSprite, draw_sprite
from scenes.sixcard.board import HUD_H, Board, SeatSpot
from scenes.sixcard.recorder import SixRecorder
from scenes.sixcard.setup import HUMAN, SixSetup
from scenes.sixcard.views import shown_points, view_for, visible_cards

__all__ = ["COMPUTER_NAMES", "SPEEDS", "Place", "SixTableScene", "Target", "seat_name"]

log = logging.getLogger(__name__)

# speed: (how long flights take, relative; the pause after each computer action, in seconds)
SPEEDS: dict[str, tuple[float, float]] = {
    "slow": (1.35, 1.1),
    "normal": (1.0, 0.6),
    "fast": (0.55, 0.2),
}
FLIGHT = 0.38  # seconds for a card to fly across the table (normal speed)
FLIP = 0.26  # seconds for a card to turn over where it lies
DEAL_STEP = 0.055
REVEAL_STEP = 0.07  # between the cards turned up at the end of a hole
SCOREBOARD_PAUSE = 1.5  # seconds to look at the revealed grids before the scoreboard
PERSON_PAUSE = 0.25  # after a person's action, before a computer moves
HANDOVER_PAUSE = 1.0  # after a person's turn, before the curtain for the next person
BANNER_SECONDS = 2.2
HINT_SECONDS = 1.6
TOAST_AT = (SCREEN_SIZE[0] // 2, 366)
COMPUTER_NAMES = ("Birdie", "Bogey", "Eagle", "Albatross", "Mulligan")

Target = tuple[str, int]  # ("stock", 0), ("discard", 0), ("knock", 0) or ("slot", s)
STOCK: Target = ("stock", 0)
DISCARD: Target = ("discard", 0)
KNOCK: Target = ("knock", 0)


def seat_name(app: App, seats: tuple[str, ...], seat: int) -> str:
    """What the table calls ``seat`` of a game whose seats are ``seats`` (``human`` or a
    computer level): You (the only person), Player N, or a computer's name."""
    texts = app.texts
    if seats[seat] == HUMAN:
        people = sum(1 for kind in seats if kind == HUMAN)
        return texts("six.you") if people == 1 else texts("six.player", n=seat + 1)
    index = sum(1 for kind in seats[:seat] if kind != HUMAN)
    return COMPUTER_NAMES[index % len(COMPUTER_NAMES)]


@dataclass(frozen=True)
class Place:
    """Where a card rests: top-left corner, scale, face shown, drawing order."""

    x: int
    y: int
    scale: float
    face_up: bool
    z: int


class SixTableScene(Scene):
    """One game of six-card Golf being played at this screen."""

    watching = False
    """A replay being watched (``scenes.sixcard.watch``): the autosave is never touched."""

    def __init__(
        self,
        app: App,
        setup: SixSetup,
        match: Match | None = None,
        times: list[float] | None = None,
    ) -> None:
        """A new game of ``setup`` (any saved six-card game is forgotten), or, with ``match``,
        a game already under way (a continued one: ``times`` are the pauses before its
        actions), laid out as it stands."""
        super().__init__(app)
        self.setup = setup
        number = setup.number if setup.number is not None else app.deals.randrange(26**7)
        resumed = match is not None
        if match is None and not self.watching:
            sixautosave.clear(app)  # a new game replaces the one left in play
        self.match = match or setup.match(number)
        self.code = self.match.code
        self.opponents: dict[int, Opponent] = {
            seat: make_opponent(kind, app.deals.randrange(2**63))
            for seat, kind in enumerate(setup.seats)
            if kind != HUMAN
        }
        self.humans = setup.humans
        self.viewer = self.humans[0] if self.humans else 0
        # the person whose private cards the screen shows (None: only what everyone knows)
        self.revealed: int | None = self.humans[0] if len(self.humans) == 1 else None
        rules = self.match.state.rules
        self.board = Board(setup.players, rules.rows, rules.columns, self.viewer)
        self.images = CardImages()
        self.sprites: dict[int, SixSprite] = {}
        self.leaving: list[SixSprite] = []  # cards going back to the stock, dropped on landing
        self.wait = 0.0  # seconds before the next computer action or the scoreboard
        self.cursor: Target = STOCK
        self.cursor_visible = False
        self.discarding = False  # a person chose to throw the stock card away: pick a card
        self.toasts: list[Toast] = []
        self.banner = 0.0  # seconds left of the final-turn warning
        self.blink = 0.0
        self.hint: tuple[Target, float] | None = None
        self.scored = 0  # holes whose scoreboard has been shown
        self.curtain_for: int | None = None
        self.recorder = SixRecorder(self.match, app.replays_dir, times)  # the replay's pace
        self.saved_to: str | None = None
        self.menu_button = Button(
            self.board.menu, "button.menu", self.open_menu, style="pink", size=8
        )
        self.knock_button = Button(
            self.board.knock, "six.knock", self.knock, style="orange", size=10
        )
        if resumed:
            state = self.state
            self.scored = len(state.scores) - (1 if state.phase == "hole_over" else 0)
            self._sync(snap=True)  # every card where it lies, no deal
            for sprite in self.sprites.values():
                sprite.finish()
        else:
            self._deal_in(sweep=False)
        self._turn_started()

    # ----------------------------------------------------------------- reading
    @property
    def state(self) -> State:
        """The game as it stands."""
        return self.match.state

    @property
    def private(self) -> bool:
        """Whether the bottom seat's private cards (peeked, in hand) may be shown."""
        return self.revealed is not None and self.revealed == self.viewer

    @property
    def view(self) -> SeatView:
        """What the screen shows: the bottom seat's view, or the public one."""
        return view_for(self.state, self.viewer, self.private)

    @property
    def flight_factor(self) -> float:
        """How long flights take: the speed of the setup times the animation option."""
        return SPEEDS[self.setup.speed][0] * self.app.animation_scale

    @property
    def animating(self) -> bool:
        """Whether any card is still in flight."""
        return any(s.moving for s in self.sprites.values()) or bool(self.leaving)

    @property
    def person_to_act(self) -> int | None:
        """The person at the screen who may act now (their cards shown), or None."""
        state = self.state
        seat = state.to_move
        if state.phase not in ("opening", "turn") or seat is None or seat in self.opponents:
            return None
        if self.revealed != seat or self.curtain_for is not None:
            return None
        return seat

    def name(self, seat: int) -> str:
        """What the table calls a seat: You, Player N, or a computer's name."""
        return seat_name(self.app, self.setup.seats, seat)

    def is_you(self, seat: int) -> bool:
        """Whether the table calls ``seat`` You (the only person at the screen): the texts
        about that seat then speak to the player ("You lead", "Vous menez")."""
        return self.name(seat) == self.app.texts("six.you")

    def level(self, seat: int) -> str:
        """The seat's computer level in words ("" for a person)."""
        kind = self.setup.seats[seat]
        return "" if kind == HUMAN else self.app.texts(f"six.level.{kind}")

    def last_turn_seats(self) -> tuple[int, ...]:
        """The seats still to play their last turn (the final-turn warning)."""
        state = self.state
        if not state.ending or state.to_move is None:
            return ()
        seats = state.seats
        i = seats.index(state.to_move)
        return tuple(seats[(i + k) % len(seats)] for k in range(state.last_turns))

    # ----------------------------------------------------------------- layout
    def places(self, state: State, view: SeatView) -> dict[int, Place]:
        """Where every card out of the stock belongs, and whether the view shows its face."""
        board = self.board
        out: dict[int, Place] = {}
        for seat, spot in board.spots.items():
            known = view.grids[seat]
            for slot, card in enumerate(state.grids[seat]):
                rect = spot.slot_rect(slot)
                out[card] = Place(rect.x, rect.y, spot.scale, known[slot] is not None, 10 + slot)
        pile = board.discard
        for i, card in enumerate(state.discard):
            out[card] = Place(pile.x, pile.y, board.pile_scale, True, 200 + i)
        if state.drawn is not None and state.to_move is not None:
            if self.discarding:
                rect, scale = board.discard.move(-12, -26), board.pile_scale
            else:
                rect, scale = board.hand_at(state.to_move)
            out[state.drawn] = Place(rect.x, rect.y, scale, view.drawn is not None, 900)
        return out

    def _new_sprite(self, card: int, z: int) -> SixSprite:
        stock = self.board.stock
        sprite = SixSprite.resting(card, stock.x, stock.y, self.board.pile_scale, False, z)
        self.sprites[card] = sprite
        return sprite

    def _sync(self, *, reveal: bool = False, snap: bool = False) -> None:
        """Send every sprite toward where the current state puts it."""
        factor = 0.0 if snap else self.flight_factor
        places = self.places(self.state, self.view)
        order = 0
        for card, place in places.items():
            sprite = self.sprites.get(card) or self._new_sprite(card, place.z)
            there = (
                sprite.target == pygame.Vector2(place.x, place.y) and sprite.scale_to == place.scale
            )
            if there and sprite.face_up == place.face_up:
                sprite.z = place.z
                continue
            sprite.z = place.z
            if there:  # turned over where it lies
                delay = order * REVEAL_STEP * factor if reveal else 0.0
                order += 1
                sprite.glide(
                    place.x, place.y, place.scale, FLIP * factor, delay=delay, face_up=place.face_up
                )
                continue
            far = abs(sprite.pos.x - place.x) + abs(sprite.pos.y - place.y) > 80
            sprite.glide(
                place.x,
                place.y,
                place.scale,
                FLIGHT * factor,
                lift=40 if far else 0,
                face_up=place.face_up,
                flip_start=0.3,
            )
        stock = self.board.stock
        for card in [c for c in self.sprites if c not in places]:
            sprite = self.sprites.pop(card)  # back into the stock (a rebuilt stock)
            sprite.face_up = False
            sprite.flipping = False
            sprite.glide(stock.x, stock.y, self.board.pile_scale, FLIGHT * factor)
            self.leaving.append(sprite)

    def _deal_in(self, sweep: bool) -> None:
        """A new hole: the old cards go back to the stock, the new ones are dealt round."""
        factor = self.flight_factor
        board = self.board
        start = 0.0
        if sweep:
            for i, sprite in enumerate(self.sprites.values()):
                sprite.face_up = False
                sprite.flipping = False
                sprite.glide(
                    board.stock.x,
                    board.stock.y,
                    board.pile_scale,
                    FLIGHT * factor,
                    delay=i * 0.008 * factor,
                )
                self.leaving.append(sprite)
            start = (FLIGHT + 0.3) * factor
        self.sprites = {}
        self.discarding = False
        state = self.state
        places = self.places(state, self.view)
        dealt = [state.grids[seat][k] for k in range(state.rules.grid) for seat in state.seats]
        for i, card in enumerate(dealt):
            place = places[card]
            sprite = self._new_sprite(card, place.z)
            sprite.glide(
                place.x,
                place.y,
                place.scale,
                FLIGHT * 0.8 * factor,
                delay=start + i * DEAL_STEP * factor,
                lift=20,
                face_up=place.face_up,
            )
        delay = start + (len(dealt) + 2) * DEAL_STEP * factor
        for card in state.discard:
            place = places[card]
            sprite = self._new_sprite(card, place.z)
            sprite.glide(
                place.x, place.y, place.scale, FLIGHT * factor, delay=delay, face_up=True, lift=20
            )

    def rebuild_board(self) -> None:
        """Lay the table out again around the viewing seat (the screen changed hands)."""
        rules = self.state.rules
        self.board = Board(self.setup.players, rules.rows, rules.columns, self.viewer)
        self.menu_button.rect = self.board.menu
        self.knock_button.rect = self.board.knock
        for sprite in self.sprites.values():
            sprite.finish()
        self._sync(snap=True)

    # ----------------------------------------------------------------- acting
    def act(self, action: Action) -> Refusal | None:
        """Take an action for the seat to move and animate what changed."""
        before = self.state
        refusal = self.match.apply(action)
        if refusal is not None:
            self._refuse(refusal.text(self.app.texts.lang))
            return refusal
        self.recorder.note()
        if not self.watching:
            sixautosave.after_action(self)  # saved, or forgotten once the game is over
        self.discarding = False
        self.hint = None
        after = self.state
        mover = before.to_move
        if action.kind == NEXT_HOLE:
            self._deal_in(sweep=True)
        else:
            ended = after.phase in ("hole_over", "game_over")
            self._sync(reveal=ended)
        self._sound(action, after)
        pause = SPEEDS[self.setup.speed][1]
        self.wait = pause if mover in self.opponents else PERSON_PAUSE
        if after.ending and not before.ending:
            self.banner = BANNER_SECONDS
            self.app.sound.play("block")
            log.info("final turn: hole %d ended by seat %s", after.hole, after.finisher)
        if after.phase in ("hole_over", "game_over"):
            self.wait = SCOREBOARD_PAUSE
            log.info("hole %d over", after.hole)
        elif len(self.humans) > 1 and after.to_move in self.humans and after.to_move != mover:
            self.wait = max(self.wait, HANDOVER_PAUSE)  # see the move before the curtain
        if after.phase == "game_over":
            self.save_replay()
        if after.to_move != mover or action.kind == NEXT_HOLE:
            self._turn_started()
        return None

    def _sound(self, action: Action, after: State) -> None:
        if action.kind in ("take stock", "take discard"):
            self.app.sound.play("draw")
        elif action.kind == "knock":
            self.app.sound.play("block")
        elif action.kind != NEXT_HOLE:
            self.app.sound.play("play", after.turns % 8)
        if after.phase == "game_over":
            won = any(s in self.humans for s in self._winners())
            self.app.sound.play("win" if won or not self.humans else "block")

    def _winners(self) -> tuple[int, ...]:
        return winners(self.state)

    def _turn_started(self) -> None:
        """A new player to move: hide private cards between people, place the cursor."""
        state = self.state
        seat = state.to_move
        if len(self.humans) > 1 and self.revealed is not None and seat != self.revealed:
            self.revealed = None  # the screen is about to change hands
            self._sync()
        if seat is not None and seat == self.revealed:
            self.cursor = self._default_target()

    def _default_target(self) -> Target:
        state = self.state
        if state.phase == "opening" or state.drawn is not None:
            seat = state.to_move
            assert seat is not None
            down = state.face_down_slots(seat)
            known = state.up[seat] | state.peeked[seat]
            fresh = [s for s in down if not known >> s & 1]
            return ("slot", (fresh or down or [0])[0])
        return STOCK

    def _refuse(self, text: str) -> None:
        if not self.app.settings.interactive_rules:
            return
        self.app.sound.play("refusal")
        self.toast(text, PALETTE.white)

    def toast(self, text: str, colour: tuple[int, int, int] = PALETTE.gold) -> None:
        """A short message over the table (replacing any other)."""
        self.toasts = [Toast(text, seconds=2.2, colour=colour)]

    def use(self, target: Target) -> None:
        """What a click (or Enter) on ``target`` asks for, for the person to move."""
        state = self.state
        kind, index = target
        if kind == "knock":
            self.act(KNOCK_ACTION)
        elif kind == "stock":
            self.act(TAKE_STOCK_ACTION)
        elif kind == "discard":
            if state.drawn is None:
                self.act(TAKE_DISCARD_ACTION)
            elif state.drawn_from == "stock":
                self.discarding = not self.discarding
                self.app.sound.play("click")
                self._sync()
                if self.discarding:
                    self.cursor = self._default_target()
            else:
                self._refuse(message(Reason.KEEP_DISCARD, self.app.texts.lang))
        elif kind == "slot":
            row, column = state.rules.place(index)
            if state.phase == "opening":
                self.act(flip(row, column))
            elif self.discarding:
                self.act(discard_flip(row, column))
            else:
                self.act(replace(row, column))

    def knock(self) -> None:
        """End the hole by knocking (knock variant)."""
        if self.person_to_act is not None:
            self.act(KNOCK_ACTION)

    def next_hole(self) -> None:
        """Deal the next hole (from the scoreboard)."""
        if self.state.phase == "hole_over":
            self.act(NEXT_HOLE_ACTION)

    def reveal(self, seat: int) -> None:
        """The person at ``seat`` has the screen: their grid at the bottom, their cards shown."""
        self.curtain_for = None
        if seat != self.viewer:
            self.viewer = seat
            self.revealed = seat
            self.rebuild_board()
        else:
            self.revealed = seat
            self._sync(snap=True)
        self.cursor = self._default_target()

    def hurry(self) -> None:
        """Land every card and cut the computers' pause short."""
        for sprite in self.sprites.values():
            sprite.finish()
        for sprite in self.leaving:
            sprite.finish()
        self.leaving = []
        self.wait = min(self.wait, 0.05)

    def open_menu(self) -> None:
        """The pause menu over the table."""
        from scenes.sixcard.overlays import SixPauseMenu

        self.app.scenes.push(SixPauseMenu(self.app, self), fade=False)

    def show_hint(self) -> None:
        """Point at what a strong player would do now."""
        seat = self.person_to_act
        if seat is None:
            return
        action = make_opponent("hard", 0).decide(seat_view(self.state, seat))
        target: Target
        if action.kind in ("take stock", "knock"):
            target = STOCK if action.kind == "take stock" else KNOCK
        elif action.kind == "take discard" or (
            action.kind == "discard flip" and not self.discarding
        ):
            target = DISCARD
        else:
            target = ("slot", self.state.rules.slot(action.row, action.column))
        self.hint = (target, HINT_SECONDS)
        self.cursor = target
        self.cursor_visible = True

    def save_replay(self) -> None:
        """Write the game's replay (every player's actions) to the replays folder."""
        folder = self.app.replays_dir
        if folder is None or self.saved_to is not None:
            return
        labels = [
            self.name(s) if s not in self.opponents else f"{self.name(s)} ({self.setup.seats[s]})"
            for s in range(self.setup.players)
        ]
        path = self.recorder.save_with_seats(labels)
        if path is None:
            return
        self.saved_to = str(path)
        log.info("six-card replay saved to %s", path)

    # ----------------------------------------------------------------- input
    def targets(self) -> list[Target]:
        """Everything the keyboard cursor may rest on."""
        out: list[Target] = [STOCK, DISCARD]
        if self._knock_open():
            out.append(KNOCK)
        out.extend(("slot", s) for s in range(len(self.state.grids[self.viewer])))
        return out

    def target_rect(self, target: Target) -> pygame.Rect:
        """Where a target is on the screen."""
        kind, index = target
        if kind == "stock":
            return self.board.stock
        if kind == "discard":
            return self.board.discard
        if kind == "knock":
            return self.board.knock
        return self.board.bottom.slot_rect(index)

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """The target under the pointer, if any."""
        for target in self.targets():
            if target != KNOCK and self.target_rect(target).collidepoint(pos):
                return target
        return None

    def _knock_open(self) -> bool:
        seat = self.person_to_act
        return seat is not None and KNOCK_ACTION in legal_actions(self.state)

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if self.menu_button.handle(intent):
            return
        if self._knock_open() and self.knock_button.handle(intent):
            self.cursor_visible = False
            return
        if kind is Kind.POINT:
            return
        if kind in (Kind.CANCEL, Kind.MENU):
            if self.discarding:
                self.use(DISCARD)
            else:
                self.open_menu()
            return
        if self.person_to_act is None:
            if kind in (Kind.CLICK, Kind.CONFIRM, Kind.DRAW):
                self.hurry()
            return
        if kind not in (Kind.LEFT, Kind.RIGHT, Kind.UP, Kind.DOWN):
            self.banner = min(self.banner, 0.25)  # the player acts: the warning makes way
        if kind in (Kind.CLICK, Kind.CONFIRM, Kind.DRAW, Kind.COLUMN) and self._dealing:
            self.hurry()  # the first game key during the deal lands the cards
        if kind is Kind.CLICK and intent.pos is not None:
            target = self.target_at(intent.pos)
            if target is not None:
                self.cursor_visible = False
                self.use(target)
        elif kind is Kind.CONFIRM:
            if not self.cursor_visible:
                self.cursor_visible = True
                return
            self.use(self.cursor)
        elif kind is Kind.DRAW:
            self.use(STOCK)
        elif kind is Kind.COLUMN and intent.column is not None:
            if intent.column <= len(self.state.grids[self.viewer]):
                self.cursor = ("slot", intent.column - 1)
                self.use(self.cursor)
        elif kind in (Kind.LEFT, Kind.RIGHT, Kind.UP, Kind.DOWN):
            step = {Kind.LEFT: (-1, 0), Kind.RIGHT: (1, 0), Kind.UP: (0, -1), Kind.DOWN: (0, 1)}[
                kind
            ]
            self.move_cursor(*step)
        elif kind is Kind.UNDO:
            if self.discarding:
                self.use(DISCARD)
        elif kind is Kind.HINT:
            self.show_hint()

    @property
    def _dealing(self) -> bool:
        return self.animating and self.state.phase == "opening"

    def move_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor to the nearest target in a direction (shows it first)."""
        if not self.cursor_visible:
            self.cursor_visible = True
            return
        targets = self.targets()
        if self.cursor not in targets:
            self.cursor = targets[0]
        here = pygame.Vector2(self.target_rect(self.cursor).center)
        best: tuple[float, Target] | None = None
        for target in targets:
            if target == self.cursor:
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
            self.cursor = best[1]

    # ----------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        self.images.use(self.app.look.cards)
        self.app.look.cards.warm(2)
        self.blink = (self.blink + dt) % 1.0
        self.recorder.tick(dt)
        for sprite in self.sprites.values():
            sprite.update(dt)
        for sprite in self.leaving:
            sprite.update(dt)
        self.leaving = [s for s in self.leaving if s.moving]
        for toast in self.toasts:
            toast.update(dt)
        self.toasts = [t for t in self.toasts if t.alive]
        self.banner = max(0.0, self.banner - dt)
        if self.hint is not None:
            target, left = self.hint
            self.hint = (target, left - dt) if left > dt else None
        self.menu_button.update(dt)
        self.knock_button.update(dt)
        self._drive(dt)

    def _waiting(self, dt: float) -> bool:
        """Whether the table still waits: cards in flight, or the pause before the next action
        (``dt`` comes off it)."""
        if self.animating:
            return True
        if self.wait > 0:
            self.wait -= dt
            return self.wait > 0
        return False

    def _drive(self, dt: float) -> None:
        """The computers' turns, the curtain between people and the scoreboard, in time."""
        if self._waiting(dt):
            return
        state = self.state
        if state.phase in ("hole_over", "game_over"):
            if self.scored < len(state.scores):
                self.scored = len(state.scores)
                log.info("hole %d scored %s (%s)", state.hole, state.scores[-1], state.phase)
                self._show_scoreboard(state.phase == "game_over")
            return
        seat = state.to_move
        if seat is None:
            return
        opponent = self.opponents.get(seat)
        if opponent is not None:
            self.act(opponent.decide(seat_view(state, seat)))
            return
        if self.revealed != seat and self.curtain_for is None:
            if len(self.humans) > 1:
                self._ask_for(seat)
            else:
                self.reveal(seat)

    def _ask_for(self, seat: int) -> None:
        from scenes.sixcard.overlays import CurtainScene

        self.curtain_for = seat
        self.app.scenes.push(CurtainScene(self.app, self, seat), fade=False)

    def _show_scoreboard(self, final: bool) -> None:
        from scenes.sixcard.overlays import ScoreboardScene

        self.app.scenes.push(ScoreboardScene(self.app, self, final), fade=False)

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        look = self.app.look
        self.images.use(look.cards)
        surface.blit(look.felt(), (0, 0))
        state = self.state
        view = self.view
        visible = visible_cards(view)
        for seat, spot in self.board.spots.items():
            self._draw_seat_base(surface, seat, spot)
        self._draw_piles(surface)
        resting = [s for s in self.sprites.values() if not s.moving]
        moving = [s for s in self.sprites.values() if s.moving]
        shown_from = len(state.discard) - 2  # deeper discards lie hidden under the top two
        for sprite in sorted(resting, key=lambda s: s.z):
            if 200 <= sprite.z < 200 + shown_from:
                continue
            draw_sprite(surface, sprite, self.images, sprite.card in visible)
        for sprite in self.leaving:
            draw_sprite(surface, sprite, self.images, False)
        for sprite in sorted(moving, key=lambda s: s.z):
            draw_sprite(surface, sprite, self.images, sprite.card in visible)
        self._draw_marks(surface, view)
        self._draw_hud(surface)
        self._draw_panel(surface, view)
        self._draw_side(surface)
        self._draw_frames(surface)
        if self.banner > 0:
            self._draw_banner(surface)
        for toast in self.toasts:
            toast.draw(surface, look, TOAST_AT)

    def _draw_seat_base(self, surface: pygame.Surface, seat: int, spot: SeatSpot) -> None:
        """Empty places under a grid, the name plate, and the frame of the player to move."""
        look, p = self.app.look, PALETTE
        state = self.state
        size = spot.card
        grid = state.grids[seat]
        for slot, card in enumerate(grid):
            sprite = self.sprites.get(card)
            if sprite is None or sprite.moving:  # the empty place shows under a card in flight
                surface.blit(self.images.outline(size), spot.slot_rect(slot))
        to_move = state.to_move == seat and state.phase in ("opening", "turn")
        if to_move:
            colour = p.gold if self.blink < 0.6 else p.orange
            rect = spot.grid_rect.inflate(6 * PIXEL, 6 * PIXEL)
            pygame.draw.rect(
                surface, p.ink, rect.inflate(2 * PIXEL, 2 * PIXEL), PIXEL, border_radius=10
            )
            pygame.draw.rect(surface, colour, rect, 2 * PIXEL, border_radius=8)
        if spot.where == "bottom":
            return
        plate = spot.plate
        chunky_panel(
            surface, plate.inflate(2 * PIXEL, 2 * PIXEL), edge=p.gold if to_move else p.panel_edge
        )
        r = look.type.blit(
            surface,
            self.name(seat),
            7,
            p.white,
            (plate.left + 8, plate.centery),
            anchor="midleft",
            shadow=p.ink,
        )
        total = look.type.blit(
            surface,
            str(totals(state)[seat]),
            7,
            p.gold,
            (plate.right - 8, plate.centery),
            anchor="midright",
            shadow=p.ink,
        )
        word, colour = self._plate_word(seat)
        if word:
            image = look.type.render(word, 6, colour, shadow=p.ink)
            if r.right + 8 + image.get_width() <= total.left - 6:
                look.type.blit(
                    surface,
                    word,
                    6,
                    colour,
                    ((r.right + total.left) // 2, plate.centery + 1),
                    anchor="center",
                    shadow=p.ink,
                )
        if not grid:
            look.type.blit(
                surface,
                self.app.texts("six.out"),
                7,
                p.hud_label,
                spot.grid_rect.center,
                anchor="center",
                shadow=p.ink,
            )

    def _plate_word(self, seat: int) -> tuple[str, tuple[int, int, int]]:
        """The word between a seat's name and total: this hole's points once it is scored,
        else who ended the hole or still has a last turn, else the computer's level."""
        state = self.state
        if state.phase in ("hole_over", "game_over") and state.scores:
            points = state.scores[-1][seat]
            if points is not None:
                return self.app.texts("six.plate.hole", points=f"{points:+d}"), PALETTE.cyan
        tag = self._tag(seat)
        if tag is not None:
            return tag
        return self.level(seat), PALETTE.hud_label

    def _tag(self, seat: int) -> tuple[str, tuple[int, int, int]] | None:
        """The small word under a grid: who ended the hole, who still has a last turn."""
        state = self.state
        texts = self.app.texts
        if state.finisher == seat and state.phase in ("turn", "hole_over", "game_over"):
            key = "six.knocked" if state.knocked else "six.ended"
            return texts(key), PALETTE.cyan
        if seat in self.last_turn_seats():
            return texts("six.last_turn_tag"), PALETTE.orange
        return None

    def _draw_piles(self, surface: pygame.Surface) -> None:
        look, p, texts = self.app.look, PALETTE, self.app.texts
        board = self.board
        state = self.state
        size = (board.stock.width, board.stock.height)
        surface.blit(self.images.outline(size), board.stock)
        surface.blit(self.images.outline(size), board.discard)
        count = len(state.stock)
        layers = min(5, (count + 9) // 10)
        back = self.images.back(size)
        for i in range(layers):
            surface.blit(
                back,
                (
                    board.stock.x - (layers - 1 - i) * PIXEL,
                    board.stock.y - (layers - 1 - i) * PIXEL,
                ),
            )
        badge = pygame.Rect(0, 0, 44, 24)
        badge.midbottom = (board.stock.centerx, board.stock.bottom - 6)
        pygame.draw.rect(surface, p.ink, badge.inflate(PIXEL * 2, PIXEL * 2), border_radius=6)
        pygame.draw.rect(surface, p.panel, badge, border_radius=5)
        look.type.blit(surface, str(count), 8, p.white, badge.center, anchor="center")
        label_y = board.stock.centery
        mine = state.to_move == self.viewer and not self.watching  # "Your card"
        if state.drawn is not None and mine and not self.discarding:
            look.type.blit(
                surface,
                texts("six.hand"),
                7,
                p.gold,
                (board.hand.centerx, board.hand.bottom + 4),
                anchor="midtop",
                shadow=p.ink,
            )
        if board.tall:
            look.type.blit(
                surface,
                texts("six.stock"),
                7,
                p.label,
                (board.stock.centerx, board.stock.bottom + 6),
                anchor="midtop",
                shadow=p.ink,
            )
            look.type.blit(
                surface,
                texts("six.discard"),
                7,
                p.label,
                (board.discard.centerx, board.discard.bottom + 6),
                anchor="midtop",
                shadow=p.ink,
            )
        else:
            look.type.blit(
                surface,
                texts("six.stock"),
                8,
                p.label,
                (board.stock.left - 14, label_y),
                anchor="midright",
                shadow=p.ink,
            )
            look.type.blit(
                surface,
                texts("six.discard"),
                8,
                p.label,
                (board.discard.right + 14, label_y),
                anchor="midleft",
                shadow=p.ink,
            )

    def _draw_marks(self, surface: pygame.Surface, view: SeatView) -> None:
        """Peeked cards (an eye), and the lines that cancel once a hole is scored."""
        p = PALETTE
        state = self.state
        bottom = self.board.bottom
        for slot in range(len(state.grids[self.viewer])):
            if view.peeked >> slot & 1 and not view.up[self.viewer] >> slot & 1:
                sprite = self.sprites.get(state.grids[self.viewer][slot])
                if sprite is None or sprite.moving:
                    continue
                rect = bottom.slot_rect(slot)
                eye = pygame.Rect(0, 0, 34, 20)
                eye.midtop = (rect.centerx, rect.top - 12)
                pygame.draw.rect(surface, p.ink, eye.inflate(4, 4), border_radius=10)
                pygame.draw.ellipse(surface, p.cyan, eye)
                pygame.draw.circle(surface, p.ink, eye.center, 5)
        if state.phase not in ("hole_over", "game_over") or self.animating:
            return
        rules = state.rules
        for seat, spot in self.board.spots.items():
            grid = state.grids[seat]
            if not grid:
                continue
            zero = cancelled_slots(grid, rules)
            for line in rules.lines:
                if not set(line) <= zero:
                    continue
                a = spot.slot_rect(line[0]).center
                b = spot.slot_rect(line[-1]).center
                width = max(4, round(10 * spot.scale))
                pygame.draw.line(surface, p.ink, a, b, width + 4)
                pygame.draw.line(surface, p.gold, a, b, width)

    def _status(self) -> str:
        """One line on what is happening, for the HUD."""
        texts = self.app.texts
        state = self.state
        if state.phase == "hole_over":
            return texts("six.status.hole_over")
        if state.phase == "game_over":
            return texts("six.status.game_over")
        seat = state.to_move
        assert seat is not None
        if seat == self.person_to_act or self.is_you(seat):
            return texts("six.status.your_turn")
        name = self.name(seat)
        if state.phase == "opening":
            key = "six.status.peeking" if state.rules.peek else "six.status.opening"
            return texts(key, name=name)
        return texts("six.status.playing", name=name)

    def _prompt(self) -> str:
        """What the person to move should do now."""
        texts = self.app.texts
        state = self.state
        if state.phase == "opening":
            seat = state.to_move
            assert seat is not None
            known = (state.up[seat] | state.peeked[seat]).bit_count()
            key = "six.prompt.peek" if state.rules.peek else "six.prompt.opening"
            return texts(f"{key}{max(1, 2 - known)}")
        if state.drawn is None:
            if KNOCK_ACTION in legal_actions(state):
                return texts("six.prompt.take_or_knock")
            return texts("six.prompt.take")
        if self.discarding:
            return texts("six.prompt.turn_up")
        if state.drawn_from == "discard":
            return texts("six.prompt.place_discard")
        return texts("six.prompt.place_stock")

    def _draw_hud(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        state = self.state
        bar = pygame.Rect(0, 0, SCREEN_SIZE[0], HUD_H)
        pygame.draw.rect(surface, p.panel, bar)
        pygame.draw.line(
            surface, p.panel_edge, (0, HUD_H - PIXEL), (SCREEN_SIZE[0], HUD_H - PIXEL), PIXEL
        )
        if state.playoff:
            hole = texts("six.hud.playoff", n=state.hole - state.rules.holes)
        else:
            hole = texts("six.hud.hole", n=state.hole, of=state.rules.holes)
        r = look.type.blit(
            surface, hole, 9, p.gold, (16, HUD_H // 2), anchor="midleft", shadow=p.ink
        )
        r = look.type.blit(
            surface,
            texts("six.hud.dealer", name=self.name(state.dealer)),
            7,
            p.hud_label,
            (r.right + 24, HUD_H // 2),
            anchor="midleft",
            shadow=p.ink,
        )
        x = r.right + 28
        if state.ending:
            colour = p.orange if self.blink < 0.6 else p.gold
            r = look.type.blit(
                surface,
                texts("six.final_turn"),
                9,
                colour,
                (x, HUD_H // 2),
                anchor="midleft",
                shadow=p.ink,
            )
            x = r.right + 20
        look.type.blit(
            surface, self._status(), 7, p.white, (x, HUD_H // 2), anchor="midleft", shadow=p.ink
        )
        look.type.blit(
            surface,
            self.code,
            7,
            p.hud_label,
            (self.board.menu.left - 16, HUD_H // 2),
            anchor="midright",
            shadow=p.ink,
        )
        self.menu_button.draw(surface, look, texts)

    def _draw_panel(self, surface: pygame.Surface, view: SeatView) -> None:
        """The viewer's name, total and known points, and what to do now (a compact form
        when the panel is low, as beside a 9-card grid)."""
        look, texts, p = self.app.look, self.app.texts, PALETTE
        panel = self.board.panel
        chunky_panel(surface, panel)
        state = self.state
        seat = self.viewer
        compact = panel.height < 170
        size = 7 if compact else 8
        x, y = panel.left + 16, panel.top + (10 if compact else 14)
        r = look.type.blit(
            surface, self.name(seat), 9 if compact else 10, p.gold, (x, y), shadow=p.ink
        )
        total = texts("six.panel.total", points=totals(state)[seat])
        shown = ""
        if state.grids[seat]:
            if state.phase in ("hole_over", "game_over") and state.scores:
                shown = texts("six.panel.hole", points=state.scores[-1][seat])
            else:
                points = shown_points(view.grids[seat], state.rules)
                shown = texts("six.panel.showing", points=points)
        word, colour = self._plate_word(seat)
        if word and state.phase not in ("hole_over", "game_over"):
            # the compact form has the figures on the name's line: the word only if all fit
            after = 0
            if compact:
                after = 16 + look.type.font(size).size(total)[0] * PIXEL
                after += 20 + look.type.font(size).size(shown)[0] * PIXEL if shown else 0
            width = look.type.font(7).size(word)[0] * PIXEL
            if r.right + 10 + width + after <= panel.right - 16:
                r = look.type.blit(surface, word, 7, colour, (r.right + 10, y + 4), shadow=p.ink)
        if not compact:
            x, y = panel.left + 16, r.bottom + 8
        else:
            x, y = r.right + 16, y + 3
        r = look.type.blit(surface, total, size, p.white, (x, y), shadow=p.ink)
        if shown:
            r = look.type.blit(surface, shown, size, p.cyan, (r.right + 20, y), shadow=p.ink)
        x, y = panel.left + 16, r.bottom + (8 if compact else 12)
        if seat == self.person_to_act:
            prompt_colour = p.white
            if state.ending:
                r = look.type.blit(
                    surface, texts("six.prompt.last_turn"), size + 1, p.orange, (x, y), shadow=p.ink
                )
                y = r.bottom + 4
            lines = _wrap(self.app, self._prompt(), size, panel.width - 32)
        else:
            prompt_colour = p.hud_label
            lines = _wrap(self.app, self._status(), size, panel.width - 32)
        step = 18 if compact else 22
        for line in lines:
            if y > panel.bottom - step:
                break
            look.type.blit(surface, line, size, prompt_colour, (x, y), shadow=p.ink)
            y += step

    def _draw_side(self, surface: pygame.Surface) -> None:
        """The totals of every seat, the knock button and the keys."""
        look, texts, p = self.app.look, self.app.texts, PALETTE
        side = self.board.side
        state = self.state
        knock = self._knock_open()
        room = side.height - (70 if knock else 0) - 40
        rows = self.setup.players
        if room >= 30 + rows * 22:
            chunky_panel(surface, side)
            y = side.top + 12
            look.type.blit(
                surface, texts("six.panel.totals"), 8, p.gold, (side.left + 16, y), shadow=p.ink
            )
            y += 26
            all_totals = totals(state)
            for seat in range(rows):
                colour = p.gold if seat == state.to_move else p.white
                look.type.blit(
                    surface, self.name(seat), 7, colour, (side.left + 16, y), shadow=p.ink
                )
                look.type.blit(
                    surface,
                    str(all_totals[seat]),
                    7,
                    colour,
                    (side.right - 16, y),
                    anchor="topright",
                    shadow=p.ink,
                )
                y += 22
            for line in _wrap(self.app, texts("six.keys"), 6, side.width - 32):
                look.type.blit(surface, line, 6, p.hud_label, (side.left + 16, y + 6), shadow=p.ink)
                y += 16
        if knock:
            self.knock_button.draw(
                surface, look, texts, focused=self.cursor_visible and self.cursor == KNOCK
            )

    def _draw_frames(self, surface: pygame.Surface) -> None:
        p = PALETTE
        if self.hint is not None and int(self.hint[1] * 6) % 2 == 0:
            rect = self.target_rect(self.hint[0]).inflate(6 * PIXEL, 6 * PIXEL)
            pygame.draw.rect(surface, p.cyan, rect, 3 * PIXEL, border_radius=10)
        if not (self.cursor_visible and self.person_to_act is not None):
            return
        if self.cursor not in self.targets():
            return
        rect = self.target_rect(self.cursor).inflate(4 * PIXEL, 4 * PIXEL)
        colour = p.gold if self.blink < 0.6 else p.orange
        pygame.draw.rect(
            surface, p.ink, rect.inflate(2 * PIXEL, 2 * PIXEL), PIXEL, border_radius=10
        )
        pygame.draw.rect(surface, colour, rect, 2 * PIXEL, border_radius=8)
        if self.cursor[0] == "slot":  # over a pile the arrow would reach into a grid above
            cx, top = rect.centerx, rect.top - 4 * PIXEL
            pygame.draw.polygon(
                surface, colour, [(cx - 8, top - 10), (cx + 8, top - 10), (cx, top)]
            )

    def _draw_banner(self, surface: pygame.Surface) -> None:
        """The final-turn warning: who ended the hole, and one last turn for everyone else."""
        look, texts, p = self.app.look, self.app.texts, PALETTE
        state = self.state
        finisher = state.finisher
        if finisher is None:
            return
        pop = min(1.0, (BANNER_SECONDS - self.banner) / 0.12)
        rect = pygame.Rect(0, 0, round(760 * pop) // 2 * 2, 112)
        rect.center = (SCREEN_SIZE[0] // 2, 300)
        chunky_panel(surface, rect, edge=p.orange)
        if pop < 1.0:
            return
        colour = p.orange if int(self.banner * 5) % 2 == 0 else p.gold
        look.type.blit(
            surface,
            texts("six.final_turn"),
            18,
            colour,
            (rect.centerx, rect.top + 14),
            anchor="midtop",
            shadow=p.ink,
        )
        key = "six.banner.knocked" if state.knocked else "six.banner.ended"
        if self.is_you(finisher):
            key += "_you"
        look.type.blit(
            surface,
            texts(key, name=self.name(finisher)),
            8,
            p.white,
            (rect.centerx, rect.bottom - 16),
            anchor="midbottom",
            shadow=p.ink,
        )


def _wrap(app: App, text: str, size: int, width: int) -> list[str]:
    """Split ``text`` into lines that fit ``width`` screen pixels."""
    font = app.look.type.font(size)
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if font.size(trial)[0] * PIXEL > width and line:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines
