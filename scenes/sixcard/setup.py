"""The six-card setup window: players, who sits where, the variant switches and the pace.

Reached from the title's one six-card entry. When a six-card game was left in play (the window
closed, a crash), it offers Continue first, with the hole, the players and their totals. Every seat is a person at this screen or a
computer of one of three levels; rows for seats beyond the number of players are greyed out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from golf.core.deal import MAX_DEAL
from golf.journal.kept_sixcard import SixSnapshot
from golf.sixcard.game import totals
from golf.sixcard.rules import GRIDS, MAX_PLAYERS, NEW_GAME
from golf.sixcard.seating import HUMAN, KINDS, SPEEDS, SixSetup
from scenes.core.dialog import draw_frame
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, SCREEN_SIZE
from scenes.core.manager import App, Scene
from scenes.core.textfit import wrap_text
from scenes.core.widgets import ButtonSpec, Choice, Form, Toast, button_row, neighbour
from scenes.sixcard import keeping
from scenes.sixcard.parts import seat_name
from scenes.sixcard.table import SixTableScene

__all__ = ["HUMAN", "KINDS", "SPEEDS", "SetupChoice", "SixSetup", "SixSetupScene"]

LEFT_W, RIGHT_W, ROW_H, ROW_GAP = 520, 600, 36, 4
TOP = 96
SAVED_H = 50  # room above the buttons for the lines on a game to continue

Row = tuple[str, Sequence[object], object, Callable[[object], str], Callable[[object], None]]
"""A row of the form: its label, the values, the current one, how a value reads, on change."""


class SetupChoice(Choice):
    """A form row whose value box takes ``share`` of the row, leaving room for long labels."""

    share: float = 0.42

    def value_rect(self) -> pygame.Rect:
        box = pygame.Rect(0, 0, int(self.rect.width * self.share), self.rect.height)
        box.topright = self.rect.topright
        return box


class SixSetupScene(Scene):
    """Pick the players, the rules and the pace, then start the table."""

    overlay = True
    title_key = "six.setup.title"

    def __init__(self, app: App, setup: SixSetup | None = None) -> None:
        super().__init__(app)
        self.setup = setup or SixSetup(rules=NEW_GAME)  # a new game: the seed's cut and pair
        if not self.setup.rules.cut:  # a game from before the cut: the window offers no other
            self.setup = self.setup.with_(rules=self.setup.rules.with_(cut=True))
        low, high = self.setup.rules.player_range()  # an older game's count: offer the grid's
        self.setup = self.setup.with_(players=min(max(self.setup.players, low), high))
        left_x = (SCREEN_SIZE[0] - (LEFT_W + RIGHT_W + 40)) // 2
        right_x = left_x + LEFT_W + 40
        left, right = self._left_rows(), self._right_rows()
        self.left: list[SetupChoice] = []
        self.right: list[SetupChoice] = []
        for column, rows, x, width in (
            (self.left, left, left_x, LEFT_W),
            (self.right, right, right_x, RIGHT_W),
        ):
            for i, (key, values, current, show, change) in enumerate(rows):
                rect = pygame.Rect(x, TOP + i * (ROW_H + ROW_GAP), width, ROW_H)
                choice = SetupChoice(rect, key, list(values), 0, show, change)
                choice.set(current)
                column.append(choice)
        bottom = TOP + len(right) * (ROW_H + ROW_GAP) + 46
        self.toasts: list[Toast] = []
        self.saved, self.saved_lines = self._saved_game()
        specs = self._button_specs()
        if self.saved is not None:
            bottom += SAVED_H
        self.buttons = button_row(specs, bottom, 260, gap=24)
        self.form = Form([*self.left, *self.right, *self.buttons])
        self.form.focus = len(self.left) + len(self.right)  # Continue or Start: Enter at once
        self.panel = pygame.Rect(left_x - 30, 16, LEFT_W + RIGHT_W + 100, bottom + 52 + 24 - 16)
        self.saved_y = bottom - SAVED_H + 2
        self.summary_y = TOP + len(left) * (ROW_H + ROW_GAP) + 12
        self._summary: tuple[str, list[str]] | None = None
        self._sync()

    def _button_specs(self) -> list[ButtonSpec]:
        """The buttons under the form: each one's text key, action and style."""
        specs: list[ButtonSpec] = [
            ("six.setup.start", self.start, "green"),
            ("six.setup.network", lambda: self.app.flow.open_net_lobby(), "orange"),
            ("common.back", self.close, "pink"),
        ]
        if self.saved is not None:  # Continue first, the new deal no longer the obvious one
            specs = [("title.continue", self.play_saved, "green"), *specs]
            specs[1] = ("six.setup.start", self.start, "orange")
        return specs

    def _left_rows(self) -> list[Row]:
        """The players, who sits at each seat, and the pace."""
        texts = self.app.texts
        low, high = self.setup.rules.player_range()
        left: list[Row] = [
            (
                "six.setup.players",
                range(low, high + 1),
                self.setup.players,
                str,
                self._players,
            ),
        ]
        for seat in range(MAX_PLAYERS):
            left.append(
                (
                    f"six.setup.seat{seat + 1}",
                    KINDS,
                    self.setup.kinds[seat],
                    lambda v: texts(f"six.kind.{v}"),
                    self._kind(seat),
                )
            )
        left.append(
            (
                "six.setup.speed",
                SPEEDS,
                self.setup.speed,
                lambda v: texts(f"six.speed.{v}"),
                self._field("speed"),
            )
        )
        return left

    def _right_rows(self) -> list[Row]:
        """The rule switches."""
        texts = self.app.texts

        def on_off(value: object) -> str:
            return self.app.texts("common.on" if value else "common.off")

        r = self.setup.rules
        right: list[Row] = [
            ("six.rule.holes", (9, 18), r.holes, str, self._rule("holes")),
            (
                "six.rule.grid",
                GRIDS,
                r.grid,
                lambda v: texts(f"six.grid.{v}"),
                self._rule("grid"),
            ),
            ("six.rule.peek", (False, True), r.peek, on_off, self._rule("peek")),
            ("six.rule.knock", (False, True), r.knock, on_off, self._rule("knock")),
            ("six.rule.jokers", (True, False), r.jokers, on_off, self._rule("jokers")),
            (
                "six.rule.jokers_cancel",
                (True, False),
                r.jokers_cancel,
                on_off,
                self._rule("jokers_cancel"),
            ),
            (
                "six.rule.double_deck",
                (False, True),
                r.double_deck,
                on_off,
                self._rule("double_deck"),
            ),
            (
                "six.rule.twos_negative",
                (False, True),
                r.twos_negative,
                on_off,
                self._rule("twos_negative"),
            ),
            ("six.rule.row_cancel", (False, True), r.row_cancel, on_off, self._rule("row_cancel")),
            (
                "six.rule.pairs",
                (False, True),
                r.pairs,
                lambda v: texts("six.pairs.pair" if v else "six.pairs.whole"),
                self._rule("pairs"),
            ),
            (
                "six.rule.ties",
                ("playoff", "shared"),
                r.ties,
                lambda v: texts(f"six.ties.{v}"),
                self._rule("ties"),
            ),
        ]
        return right

    def _saved_game(self) -> tuple[SixSnapshot | None, list[str]]:
        """The six-card game left in play (a quit, a crash), to offer Continue, and the lines
        saying which game it is. A file that cannot be used is told in a notice. Not looked
        for when this window opens over a table: the game below is that game."""
        if any(isinstance(scene, SixTableScene) for scene in self.app.scenes.stack):
            return None, []
        saved, notice = keeping.pending(self.app)
        texts = self.app.texts
        if notice is not None:
            self.toasts.append(Toast(notice.text(texts.lang), seconds=9.0, colour=PALETTE.orange))
        if saved is None:
            return None, []
        state = saved.state()
        if state.playoff:
            hole = texts("six.setup.saved_playoff", n=state.hole - state.rules.holes)
        else:
            hole = texts("six.setup.saved_hole", n=state.hole, of=state.rules.holes)
        first = texts("six.setup.saved", hole=hole, players=state.players, code=saved.code)
        points = totals(state)
        second = " · ".join(
            f"{seat_name(self.app, saved.kinds, seat)} {points[seat]}"
            for seat in range(state.players)
        )
        return saved, [first, texts("six.setup.saved_totals", totals=second)]

    # ------------------------------------------------------------ the choices
    def _players(self, value: object) -> None:
        self.setup = self.setup.with_(players=int(str(value)))
        self._sync()

    def _kind(self, seat: int) -> Callable[[object], None]:
        def change(value: object) -> None:
            kinds = list(self.setup.kinds)
            kinds[seat] = str(value)
            self.setup = self.setup.with_(kinds=tuple(kinds))

        return change

    def _field(self, name: str) -> Callable[[object], None]:
        def change(value: object) -> None:
            self.setup = self.setup.with_(**{name: value})

        return change

    def _rule(self, name: str) -> Callable[[object], None]:
        def change(value: object) -> None:
            rules = self.setup.rules.changed(**{name: value})  # a column of 3: the seed's pair
            low, high = rules.player_range()  # a grid seats its own numbers of players
            players = min(max(self.setup.players, low), high)
            self.setup = self.setup.with_(rules=rules, players=players)
            self._sync()

        return change

    def _sync(self) -> None:
        """Offer the numbers of players the grid allows; grey out the seats nobody sits at,
        the switch that needs jokers and the pair reading where no line holds three cards."""
        rules = self.setup.rules
        low, high = rules.player_range()
        players = self.setup.players
        count = self.left[0]
        count.values = list(range(low, high + 1))
        count.set(players)
        for seat, choice in enumerate(self.left[1 : 1 + MAX_PLAYERS]):
            choice.enabled = seat < players
        cancel = self.right[5]
        cancel.enabled = rules.jokers
        cancel.set(rules.jokers_cancel)
        pairs = self.right[9]
        pairs.enabled = rules.long_lines
        pairs.set(rules.pairs)

    # ------------------------------------------------------------ leaving
    def start(self) -> None:
        """Sit down at the table."""
        setup = self.setup
        if setup.number is None:
            setup = setup.with_(number=self.app.deals.randrange(MAX_DEAL))
        self.app.sound.play("click")
        self.app.flow.play_six_card(setup)

    def play_saved(self) -> None:
        """Sit down again at the game left in play, as it was. (Not named ``resume``: that is
        the scene's lifecycle call when a dialog over this window closes.)"""
        if self.saved is None:
            return
        self.app.sound.play("click")
        from scenes.sixcard.continued import continue_game

        continue_game(self.app, self.saved)

    def close(self) -> None:
        """Back to where the window was opened from."""
        self.app.scenes.pop(fade=False)

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CANCEL, Kind.MENU):
            self.close()
            return
        if intent.kind in (Kind.NEW, Kind.RESTART, Kind.UNDO, Kind.HINT, Kind.COLUMN, Kind.TEXT):
            return
        if intent.kind in (Kind.UP, Kind.DOWN):
            self.step_rows(intent.kind)
            return
        self.form.handle(intent)

    def step_rows(self, arrow: Kind) -> None:
        """Up or Down to the row or button that way on the screen (two columns of rows, the
        buttons under them), not the next in the form's list: Down from the pace goes to the
        buttons below it, not to the top of the rules. The pointer's highlight goes."""
        items = self.form.items
        rects = [item.rect for item in items]
        enabled = [item.enabled for item in items]
        self.form.focus = neighbour(rects, enabled, self.form.focus, arrow)
        for item in items:
            item.hover = False

    def update(self, dt: float) -> None:
        self.form.update(dt)
        for toast in self.toasts:
            toast.update(dt)
        self.toasts = [t for t in self.toasts if t.alive]

    def _summary_lines(self) -> list[str]:
        """The rules in brief and what the chosen grid is (its name, its players), wrapped to
        the left column (the right one holds the rules)."""
        texts = self.app.texts
        about = texts(f"six.grid_about.{self.setup.rules.grid}")
        text = texts("six.setup.summary").replace("\n", " ") + " " + about
        if self._summary is None or self._summary[0] != text:
            self._summary = (text, wrap_text(self.app.look, text, 7, LEFT_W))
        return self._summary[1]

    def draw(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        draw_frame(surface, look, self.panel, texts(self.title_key), alpha=190, top=18)
        self.form.draw(surface, look, texts)
        y = self.summary_y
        for line in self._summary_lines():
            look.type.blit(surface, line, 7, p.label, (self.left[0].rect.left, y + 4), shadow=p.ink)
            y += 18
        y = self.saved_y
        for i, line in enumerate(self.saved_lines):
            r = look.type.blit(
                surface,
                line,
                8 if i == 0 else 7,
                p.white if i == 0 else p.label,
                (self.panel.centerx, y),
                anchor="midtop",
                shadow=p.ink,
            )
            y = r.bottom + 4
        for toast in self.toasts:
            toast.draw(surface, look, (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] // 2))
