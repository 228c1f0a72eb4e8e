"""The solitaire table on the scene stack: one game, its play session, its listeners, its view,
and the driver its actions come from.

:class:`TableScene` has no input of its own. A *driver* (:class:`Driver`) turns what arrives into
actions: the player's keys, mouse and pad (``scenes.solitaire.player``), a replay
(``scenes.solitaire.watch``), the tutorial's script, the attract demo, a round. Each action goes
through :meth:`TableScene.act` to the :class:`~golf.core.play.PlaySession`, which applies it and
tells the listeners (``scenes.solitaire.listeners``): the cards fly, sounds play, the recording
and the autosave follow, the result is prepared. :class:`~scenes.solitaire.view.TableView`
draws it all. The end of a game is an :class:`Outcome`: the result dialogs, or a round's
scorecard. When the table leaves the stack (:meth:`TableScene.exit`) it saves and settles itself.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Protocol

import pygame

from golf.core.play import Listener, PlaySession
from golf.solitaire.announce import start_said
from golf.solitaire.describe import describe
from golf.solitaire.engine import Action, Position
from golf.solitaire.session import Game, Refusal
from scenes.core.board_text import show_board_text, speak
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE
from scenes.core.manager import App, Scene
from scenes.core.records import HighScoreChance, JournalGame
from scenes.core.sprites import CardSprite
from scenes.core.widgets import Button, Toast
from scenes.solitaire import confetti, kept
from scenes.solitaire.confetti import Confetti
from scenes.solitaire.layout import STOCK_SLOT
from scenes.solitaire.listeners import (
    Announcing,
    CardMotion,
    Ending,
    Journaling,
    Recording,
    Refusals,
    TableSounds,
)
from scenes.solitaire.recorder import Recorder
from scenes.solitaire.view import TableView

if TYPE_CHECKING:
    from scenes.solitaire.hints import SolverHelper

__all__ = ["Driver", "Outcome", "ResultDialogs", "TableScene"]

log = logging.getLogger(__name__)


class Driver(Protocol):
    """Where a table's actions come from: it turns intents (and time) into actions and table
    commands, and may draw over the table (its controls, a caption)."""

    @property
    def buttons(self) -> list[Button]:
        """The buttons under the table (drawn by the table's view)."""
        ...

    def handle(self, intent: Intent) -> None: ...

    def update(self, dt: float) -> None:
        """After the table's own update."""
        ...

    def draw(self, surface: pygame.Surface) -> None:
        """Over the table."""
        ...


class Outcome(Protocol):
    """How a table's game ends: what shows when its result is due, how it is counted."""

    def finish(self) -> None:
        """The result is due (after the celebration or the blocked pause)."""
        ...

    def settle(self) -> HighScoreChance | None:
        """Count the game, once: when its result shows or when it is left."""
        ...


class ResultDialogs:
    """A game of the player's own ends with the game-over screen (or the blocked dialog) and
    counts in the statistics; a game that is not recorded (a replay, the tutorial) does not."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.settled = False

    def finish(self) -> None:
        # the dialogs load with the first game that ends, not with the window
        from scenes.solitaire.dialogs import BlockedDialog, GameOverScene

        table = self.table
        if table.game.status == "won":
            table.app.scenes.push(GameOverScene(table.app, table), fade=False)
        elif table.game.status == "blocked":
            table.app.scenes.push(BlockedDialog(table.app, table), fade=False)

    def settle(self) -> HighScoreChance | None:
        if self.settled or self.table.recorder is None:
            return None
        self.settled = True
        table = self.table
        recorder = table.recorder
        assert recorder is not None
        recorder.note()
        # counted: nothing left to continue (until now a relaunch put the game back where
        # the result, or Undo, was offered)
        return table.app.records.record(table.game, table.kept, recorder.times, table.elapsed)


class _Idle:
    """The driver of a table before its screen gives it one: nothing arrives."""

    @property
    def buttons(self) -> list[Button]:
        """None."""
        return []

    def handle(self, intent: Intent) -> None:
        """Nothing to do."""

    def update(self, dt: float) -> None:
        """Nothing to do."""

    def draw(self, surface: pygame.Surface) -> None:
        """Nothing to draw."""


class TableScene(Scene):
    """One game on the table, driven by :attr:`driver`."""

    speaks = True
    """Whether the "speak" option says this table's game (not the title's attract demo)."""

    def __init__(
        self,
        app: App,
        game: Game,
        deal_in: bool = True,
        record: bool = True,
        hints: bool = True,
    ) -> None:
        super().__init__(app)
        self._game = game
        # every game is recorded (scenes.solitaire.recorder); a replay being watched is not
        self.recorder: Recorder | None = None
        if record:
            self.recorder = Recorder(game, app.replays_dir, app.record_to)
            self.recorder.tell = app.records.tell  # a replay not saved is told at once
            if app.record_to is not None:
                app.recording_to = self.recorder  # its last write says the exit status
            app.record_to = None  # play --record: only the first game goes to that file
        # the game in the journal of play, action by action (a replay watched is not)
        self.kept: JournalGame | None = (
            app.records.solitaire(game, self.recorder.started) if self.recorder else None
        )
        self.elapsed = 0.0  # play time; stops while an overlay covers the table or after the end
        self.toasts: list[Toast] = []
        self.cursor = STOCK_SLOT
        self.cursor_visible = False
        self.hint: tuple[int, float] | None = None  # (cursor slot, seconds left)
        self.shake: tuple[int, float] | None = None  # (card, seconds left)
        self.ending: float | None = None  # seconds until the result shows
        self.fountain = False  # a won game's waste still to burst across the table
        self.confetti: list[Confetti] = []
        self.blink = 0.0
        self.sprites: dict[int, CardSprite] = {}
        self.driver: Driver = _Idle()
        self.outcome: Outcome = ResultDialogs(self)
        preset = game.rules.preset_name()
        self.rules_key = f"rules.{preset}" if preset else "rules.custom"
        # hints and the winnable indicator, off the UI thread; the solver (and the processes it
        # runs in) is loaded with the first table, not with the window
        from scenes.solitaire import hints as solver_hints
        from scenes.solitaire import solver_worker

        self.solver: SolverHelper = solver_hints.SolverHelper(self, warm=hints)
        self.view = TableView(self, lambda code: code in solver_worker.PROVEN)
        self.motion = CardMotion(self)
        self.session: PlaySession[Action, Position, Refusal] = PlaySession(
            game, lambda: self._game.position
        )
        for listener in self._listeners(record):
            self.session.listen(listener)
        position = game.position
        rows = max((len(column) for column in position.columns), default=0)
        # the cards face up on the table, as a person deals them: row by row, left to right,
        # then the waste
        self._dealt: tuple[int, ...] = (
            *(col[row] for row in range(rows) for col in position.columns if row < len(col)),
            *position.waste,
        )
        self.motion.lay(deal_in, self._dealt)

    def _listeners(self, record: bool) -> list[Listener[Action, Position, Refusal]]:
        """What reacts to each action, in this order: the cards, a refusal's message, the
        recording, the sounds, the coming result, the journal. A game that is not recorded (a
        replay being watched, the tutorial) is neither recorded nor saved."""
        heard: list[Listener[Action, Position, Refusal]] = [self.motion, Refusals(self)]
        if record:
            heard.append(Recording(self))
        heard += [TableSounds(self), Ending(self)]
        if record:
            heard.append(Journaling(self))
        if self.speaks:
            heard.append(Announcing(self))
        return heard

    # ----------------------------------------------------------------- what it is
    @property
    def game(self) -> Game:
        """The game on the table (a replay's jump puts another one there)."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        self._game = game
        self.session.game = game

    @property
    def scene(self) -> Scene:
        """The table as a scene of the stack."""
        return self

    @property
    def buttons(self) -> list[Button]:
        """The driver's buttons under the table."""
        return self.driver.buttons

    @property
    def focused_button(self) -> Button | None:
        """The button Enter presses now, if the driver has one (the tutorial's Next while a
        step is read), drawn with the focus frame."""
        focus = getattr(self.driver, "focus", None)
        return focus if isinstance(focus, Button) else None

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
        """Hand ``action`` to the play session (its listeners animate, sound, record and save
        it); returns the refusal, if any. Nothing is taken while the result is about to show."""
        if self.ending is not None:
            return None
        return self.session.act(action).refusal

    def undo(self) -> None:
        """Take back the last action."""
        self.act(Action.undo())

    def redo(self) -> None:
        """Take again the last action taken back."""
        self.act(Action.redo())

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
        """Ask the solver for the best move as far as the player can know
        (scenes.solitaire.solver_worker).

        The answer comes a moment later: the card (or the stock) is highlighted with the win
        chance; meanwhile "thinking…" shows and the game stays playable.
        """
        self.solver.ask_hint()

    def toast(self, text: str, colour: tuple[int, int, int] = PALETTE.gold) -> None:
        """Show a short message over the table (replacing any other)."""
        self.toasts = [Toast(text, colour=colour)]

    # ----------------------------------------------------------------- leaving
    def exit(self, quitting: bool = False) -> None:
        """The player leaves this table: its replay is saved and its game counted (a game in
        play as abandoned) — except when the window closes or the player goes back to the title
        (``quitting``) on a game still in play, or on one whose result is not counted yet (the
        blocked dialog up): then its clocks are written to the journal, it is not counted yet,
        and the title offers to continue it."""
        self.save_replay()
        if kept.keeps(self) and quitting and (self.game.status == "playing" or self.result_due):
            kept.save(self)
            return
        self.settle()

    @property
    def result_due(self) -> bool:
        """Whether the game ended but is not counted yet: the player has not left the position
        (the blocked dialog offers Undo; a won game's celebration is still going)."""
        settled = getattr(self.outcome, "settled", True)
        return self.game.status != "playing" and not settled

    def save_replay(self) -> None:
        """Write this game's replay to the replays folder (when it ends or is left)."""
        if self.recorder is not None:
            self.recorder.save()

    def settle(self) -> HighScoreChance | None:
        """Count this game, once (see :class:`Outcome`); its chance at the high-score table."""
        return self.outcome.settle()

    # ----------------------------------------------------------------- in words
    def enter(self) -> None:
        """With the "speak" option on, the game on the table is announced."""
        if self.speaks and self.app.settings.speak:
            game, texts = self.game, self.app.texts
            rules = texts(self.rules_key)
            said = start_said(game.code, rules, game.position, game.rules, texts.lang)
            speak(self.app, said, self.toast)

    def describe_board(self) -> None:
        """The D key: the board description (SPEC §4) shown, copied and, with speech, read."""
        text = describe(self.game.position, self.app.texts.lang)
        show_board_text(self.app, text, self.toast)

    # ----------------------------------------------------------------- input and time
    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.DESCRIBE:
            self.describe_board()
            return
        self.driver.handle(intent)

    def update(self, dt: float) -> None:
        if self.recorder is not None:
            self.recorder.tick(dt)
        # draw the faces not drawn yet, a couple per frame, the dealt ones first: a key pressed
        # during the deal lands them all at once
        self.app.look.warm(2, self._dealt)
        self.blink = (self.blink + dt) % 1.0
        if self.game.status == "playing":
            self.elapsed += dt
        self.motion.land(dt)
        for button in self.buttons:
            button.update(dt)
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
        self.confetti = confetti.fall(self.confetti, dt)
        if self.fountain and not self.animating:
            self.fountain = False
            self.motion.fountain()
            self.confetti = confetti.launch(self.app.rng)
        if self.ending is not None and not self.animating:
            self.ending -= dt
            if self.ending <= 0:
                self.ending = None
                self.outcome.finish()
        self.driver.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)
        self.driver.draw(surface)
