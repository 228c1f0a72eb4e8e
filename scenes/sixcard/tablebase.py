"""What every six-card table does the same way, whoever feeds it actions: the table at this
screen (``scenes.sixcard.table``) and the table of a network game (``scenes.sixcard.nettable``).

Both hold a state, a board, the cards in flight, the person's input (``PersonAtScreen``), the
words said aloud and the view; this base gives them one way to send the cards where the state
puts them, to let time pass (cards, words, the final-turn banner, the hint), to hand the
person's input over, and to draw. A table says what its state, its view and its actions are.
"""

from __future__ import annotations

import pygame

from golf.sixcard.actions import KNOCK_ACTION, Action
from golf.sixcard.game import Refusal, State
from golf.sixcard.pace import Pace, last_turn_seats
from golf.sixcard.view import SeatView
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE
from scenes.core.manager import Scene
from scenes.core.widgets import Button, Toast
from scenes.sixcard.art import CardImages, SixSprite
from scenes.sixcard.board import Board
from scenes.sixcard.drivers import PersonAtScreen
from scenes.sixcard.listeners import Announcing
from scenes.sixcard.motion import Cards
from scenes.sixcard.parts import Target
from scenes.sixcard.tableview import TableView

__all__ = ["TableBase"]


class TableBase(Scene):
    """The six-card table's common half; a subclass builds the parts and gives the state."""

    board: Board
    cards: Cards
    pace: Pace
    person: PersonAtScreen
    announcing: Announcing
    drawing: TableView
    discarding: bool
    cursor: Target
    cursor_visible: bool
    hint: tuple[Target, float] | None
    banner: float
    blink: float
    toasts: list[Toast]
    menu_button: Button
    knock_button: Button

    # ----------------------------------------------------------------- what a table says
    @property
    def state(self) -> State:
        """The game as the table shows it."""
        raise NotImplementedError

    @property
    def view(self) -> SeatView:
        """What the screen shows of it."""
        raise NotImplementedError

    @property
    def flight_factor(self) -> float:
        """How long flights take (1: the normal speed)."""
        raise NotImplementedError

    @property
    def person_to_act(self) -> int | None:
        """The person at the screen who may act now, or None."""
        raise NotImplementedError

    def act(self, action: Action) -> Refusal | None:
        """Take (or ask for) an action for the person to act."""
        raise NotImplementedError

    def open_menu(self) -> None:
        """The pause menu over the table."""
        raise NotImplementedError

    # ----------------------------------------------------------------- reading
    @property
    def animating(self) -> bool:
        """Whether any card is still in flight."""
        return self.cards.moving

    @property
    def sprites(self) -> dict[int, SixSprite]:
        """The card sprites, by card."""
        return self.cards.sprites

    @property
    def images(self) -> CardImages:
        """The card images the sprites are drawn with."""
        return self.cards.images

    @property
    def wait(self) -> float:
        """Seconds before the next computer action or the scoreboard."""
        return self.pace.wait

    @wait.setter
    def wait(self, seconds: float) -> None:
        self.pace.wait = seconds

    def last_turn_seats(self) -> tuple[int, ...]:
        """The seats still to play their last turn (the final-turn warning)."""
        return last_turn_seats(self.state)

    # ----------------------------------------------------------------- the cards
    def sync(self, *, reveal: bool = False, snap: bool = False) -> None:
        """Send every sprite toward where the current state puts it."""
        places = self.cards.places(self.board, self.state, self.view, self.discarding)
        self.cards.sync(self.board, places, 0.0 if snap else self.flight_factor, reveal=reveal)

    def deal_in(self) -> None:
        """The hole's cards dealt round from the stock."""
        self.discarding = False
        places = self.cards.places(self.board, self.state, self.view, False)
        self.cards.deal_in(self.board, self.state, places, self.flight_factor, sweep=False)

    def make_buttons(self) -> None:
        """The menu and knock buttons, where the board puts them."""
        self.menu_button = Button(
            self.board.menu, "button.menu", self.open_menu, style="pink", size=7
        )
        self.knock_button = Button(
            self.board.knock, "six.knock", self.knock, style="orange", size=10
        )

    def hurry(self) -> None:
        """Land every card and cut the computers' pause short."""
        self.cards.land()
        self.wait = min(self.wait, 0.05)

    def toast(self, text: str, colour: tuple[int, int, int] = PALETTE.gold) -> None:
        """A short message over the table (replacing any other)."""
        self.toasts = [Toast(text, seconds=2.2, colour=colour)]

    def knock(self) -> None:
        """End the hole by knocking (knock variant)."""
        if self.person_to_act is not None:
            self.act(KNOCK_ACTION)

    # ----------------------------------------------------------------- the person's input
    def use(self, target: Target) -> None:
        """What a click (or Enter) on ``target`` asks for, for the person to move."""
        self.person.use(target)

    def show_hint(self) -> None:
        """Point at what a strong player would do now."""
        self.person.show_hint()

    def targets(self) -> list[Target]:
        """Everything the keyboard cursor may rest on."""
        return self.person.targets()

    def target_rect(self, target: Target) -> pygame.Rect:
        """Where a target is on the screen."""
        return self.person.target_rect(target)

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """The target under the pointer, if any."""
        return self.person.target_at(pos)

    def knock_open(self) -> bool:
        """Whether the person to act may knock now."""
        return self.person.knock_open()

    def move_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor to the nearest target in a direction (shows it first)."""
        self.person.move_cursor(dx, dy)

    def enter(self) -> None:
        self.announcing.start()

    def keys_line(self) -> str:
        """The keys to play, under the side panel's totals."""
        return self.app.texts("six.keys")

    def focus_words(self) -> str | None:
        return self.announcing.cursor_words()  # the "speak" option reads the cursor's place

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.DESCRIBE:
            self.announcing.describe()
        else:
            self.person.handle(intent)

    # ----------------------------------------------------------------- time and drawing
    def tick(self, dt: float) -> None:
        """Time passes at the table: cards fly, words fade, the banner and the hint run out."""
        self.images.use(self.app.look.cards)
        self.app.look.cards.warm(2)
        self.blink = (self.blink + dt) % 1.0
        self.cards.update(dt)
        for toast in self.toasts:
            toast.update(dt)
        self.toasts = [t for t in self.toasts if t.alive]
        self.banner = max(0.0, self.banner - dt)
        if self.hint is not None:
            target, left = self.hint
            self.hint = (target, left - dt) if left > dt else None
        self.menu_button.update(dt)
        self.knock_button.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.drawing.draw(surface)
