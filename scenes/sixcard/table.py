"""The six-card table: 2–7 grids, stock and discard, played at this screen.

The engine's :class:`~golf.sixcard.game.Match` is the truth, driven through a
:class:`~golf.core.play.PlaySession`: a *driver* hands it actions and its *listeners* react
(``scenes.sixcard.listeners``: the refusal said, the replay's pace, the cards in flight, the
sounds, the pause before the next step and the final-turn warning, the screen passing between
people; ``scenes.sixcard.keeping``: the autosave and the replay file). The drivers
(``scenes.sixcard.drivers``) are the person at the screen (intents → actions; clicks and the
keyboard cursor are hit-tested against the board, never against moving sprites, so input during
an animation is not lost) and the computer seats, which decide from their own seat's view, one
action at a time, at the pace chosen in the setup window. A replay being watched drives the same
table (``scenes.sixcard.watch``). Drawing is the view's (``scenes.sixcard.tableview``): from one
seat's view only, a card's face drawn only when that view shows it.
"""

from __future__ import annotations

from collections.abc import Callable

from golf.core.play import PlaySession
from golf.sixcard.actions import NEXT_HOLE_ACTION, Action
from golf.sixcard.ai import Opponent, make_opponent
from golf.sixcard.game import Match, Refusal, State
from golf.sixcard.pace import PACES, Pace
from golf.sixcard.seating import HUMAN, SixSetup
from golf.sixcard.view import SeatView
from scenes.core.look import PALETTE
from scenes.core.manager import App
from scenes.core.widgets import Toast
from scenes.sixcard.board import Board
from scenes.sixcard.drivers import ComputerSeat, PersonAtScreen, TableCourse, TableDriver
from scenes.sixcard.keeping import TableKeeper, forget_kept
from scenes.sixcard.listeners import (
    Announcing,
    CardsFly,
    PaceOfPlay,
    Refusals,
    Sounds,
    TurnPasses,
    default_target,
    turn_started,
)
from scenes.sixcard.motion import Cards
from scenes.sixcard.overlays import SixPauseMenu
from scenes.sixcard.parts import COMPUTER_NAMES, STOCK, SeatNames, Target, seat_name
from scenes.sixcard.recorder import SixRecorder
from scenes.sixcard.tablebase import TableBase
from scenes.sixcard.tableview import TableView
from scenes.sixcard.views import view_for

__all__ = ["COMPUTER_NAMES", "SixTableScene", "Target", "seat_name"]


class SixTableScene(TableBase):
    """One game of six-card Golf at this screen: its session, its drivers, its view."""

    watching = False
    """A replay being watched (``scenes.sixcard.watch``): nobody at the screen or among the
    computers acts, and the game is never saved."""

    def __init__(
        self,
        app: App,
        setup: SixSetup,
        match: Match | None = None,
        times: list[float] | None = None,
        *,
        watching: bool = False,
        names: SeatNames | None = None,
        flight: Callable[[], float] | None = None,
    ) -> None:
        """A new game of ``setup`` (any saved six-card game is forgotten), or, with ``match``,
        a game already under way (a continued one: ``times`` are the pauses before its
        actions), laid out as it stands. ``watching``: a replay's table, driven by the watch
        (which names the seats, ``names``, and sets how long flights take, ``flight``)."""
        super().__init__(app)
        self.setup = setup
        self.watching = watching
        self.names = names
        self._flight = flight
        number = setup.number if setup.number is not None else app.deals.randrange(26**7)
        resumed = match is not None
        self.match = match or setup.match(number)
        self.code = self.match.code
        # the journal and the replay file: a watched replay is never kept
        self.keeper: TableKeeper | None = None
        if not watching:
            self.keeper = TableKeeper(app, self)
            if not resumed:
                forget_kept(app)  # a new game replaces the one left in play
        computers: dict[int, Opponent] = {
            seat: make_opponent(kind, app.deals.randrange(2**63))
            for seat, kind in enumerate(setup.seats)
            if kind != HUMAN
        }
        self.opponents = {} if watching else computers  # a replay: every seat plays from it
        self.humans = setup.humans
        self.viewer = self.humans[0] if self.humans else 0
        # the person whose private cards the screen shows (None: only what everyone knows)
        self.revealed: int | None = self.humans[0] if len(self.humans) == 1 else None
        rules = self.match.state.rules
        self.board = Board(setup.players, rules.rows, rules.columns, self.viewer)
        self.cards = Cards()
        self.pace = Pace()  # the pause before the next computer action or the scoreboard
        self.cursor: Target = STOCK
        self.cursor_visible = False
        self.discarding = False  # a person chose to throw the stock card away: pick a card
        self.toasts: list[Toast] = []
        self.banner = 0.0  # seconds left of the final-turn warning
        self.blink = 0.0
        self.hint: tuple[Target, float] | None = None
        self.scored = 0  # holes whose scoreboard has been shown
        self.curtain_for: int | None = None
        # the replay's pace; play --record: the first game also follows in the file it names
        extra = None if watching else app.record_to
        self.recorder = SixRecorder(self.match, app.replays_dir, times, extra=extra)
        self.recorder.tell = app.records.tell  # a replay not saved is told at once
        if extra is not None:
            app.recording_to = self.recorder  # its last write says the exit status
            app.record_to = None
            self.recorder.seats = tuple(self.seat_labels())  # the file names them from the start
        self.make_buttons()
        self.person = PersonAtScreen(self)
        self.announcing = Announcing(self)  # the "speak" option's words, and the D key's
        seats = {seat: ComputerSeat(opponent) for seat, opponent in self.opponents.items()}
        self.driver: TableDriver = TableCourse(self, seats)
        self.drawing = TableView(self)
        self.session: PlaySession[Action, State, Refusal] = PlaySession(
            self.match, lambda: self.match.state
        )
        self._listen()
        if resumed:
            state = self.state
            self.scored = len(state.scores) - (1 if state.phase == "hole_over" else 0)
            self.sync(snap=True)  # every card where it lies, no deal
            for sprite in self.sprites.values():
                sprite.finish()
        else:
            self.deal_in()
        turn_started(self)

    def _listen(self) -> None:
        """What reacts to each action, in this order (the autosave before the cards fly)."""
        session = self.session
        session.listen(Refusals(self))
        session.listen(self.recorder)
        if self.keeper is not None:
            session.listen(self.keeper)
        session.listen(CardsFly(self))
        session.listen(Sounds(self))
        session.listen(PaceOfPlay(self))
        session.listen(TurnPasses(self))
        session.listen(self.announcing)

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
        if self._flight is not None:
            return self._flight()
        return PACES[self.setup.speed][0] * self.app.animation_scale

    @property
    def saved_to(self) -> str | None:
        """Where the game's replay was written (None: not yet, or not at all)."""
        return self.keeper.saved_to if self.keeper is not None else None

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
        if self.names is not None:
            return self.names.name(seat)
        return seat_name(self.app, self.setup.seats, seat)

    def is_you(self, seat: int) -> bool:
        """Whether the table calls ``seat`` You (the only person at the screen): the texts
        about that seat then speak to the player ("You lead", "Vous menez")."""
        return self.name(seat) == self.app.texts("six.you")

    def level(self, seat: int) -> str:
        """The seat's computer level in words ("" for a person)."""
        if self.names is not None:
            return self.names.level(seat)
        kind = self.setup.seats[seat]
        return "" if kind == HUMAN else self.app.texts(f"six.level.{kind}")

    def seat_labels(self) -> list[str]:
        """What the replay file calls each seat: its name, and a computer's level."""
        return [
            self.name(s) if s not in self.opponents else f"{self.name(s)} ({self.setup.seats[s]})"
            for s in range(self.setup.players)
        ]

    # ----------------------------------------------------------------- the cards
    def rebuild_board(self) -> None:
        """Lay the table out again around the viewing seat (the screen changed hands)."""
        rules = self.state.rules
        self.board = Board(self.setup.players, rules.rows, rules.columns, self.viewer)
        self.menu_button.rect = self.board.menu
        self.knock_button.rect = self.board.knock
        for sprite in self.sprites.values():
            sprite.finish()
        self.sync(snap=True)

    def restart(self, match: Match) -> None:
        """Play on from ``match`` instead (a replay jumping to another action)."""
        self.match = match
        self.session.game = match

    # ----------------------------------------------------------------- acting
    def act(self, action: Action) -> Refusal | None:
        """Take an action for the seat to move: the listeners animate, sound, save it."""
        return self.session.act(action).refusal

    def refuse(self, text: str) -> None:
        """Say why an action is refused (with the interactive rules on)."""
        if not self.app.settings.interactive_rules:
            return
        self.app.sound.play("refusal")
        self.toast(text, PALETTE.white)

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
            self.sync(snap=True)
        self.cursor = default_target(self.state)

    def open_menu(self) -> None:
        """The pause menu over the table."""
        self.app.scenes.push(SixPauseMenu(self.app, self), fade=False)

    def save_replay(self) -> None:
        """Write the game's replay (every player's actions) to the replays folder."""
        if self.keeper is not None:
            self.keeper.save_replay()

    def exit(self, quitting: bool = False) -> None:
        """The table leaves the stack: the player left the game for another (a new deal), so
        it is not kept to continue — unless the window is closing or the player went back to
        the title (``quitting``): the game in play stays saved, and the title and the setup
        window offer to continue it."""
        if self.keeper is not None:
            if quitting:
                self.keeper.leave()
            else:
                self.keeper.forget()

    # ----------------------------------------------------------------- time and drawing
    def update(self, dt: float) -> None:
        self.tick(dt)
        self.driver.drive(dt)

    def tick(self, dt: float) -> None:
        """Time passes at the table: the replay's clock too."""
        self.recorder.tick(dt)
        super().tick(dt)
