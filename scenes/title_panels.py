"""The title's side columns: the daily deal and the round on the left, high scores, statistics and
the history on the right.

The main menu stays in the middle; ← and → move the keyboard focus between the three columns,
↑ and ↓ within one. The daily panel shows today's date, whether today's Easy and Classic deals
are done, and the daily streak. The date comes from ``app.records.today`` (injectable in tests).
"""

from __future__ import annotations

from datetime import date

import pygame

from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, PIXEL, SCREEN_SIZE, titled_panel
from scenes.core.manager import App
from scenes.core.widgets import Button, Menu

__all__ = ["TitleSides", "date_text", "play_daily"]

SIDE_W = 360
SIDE_TOP = 284
LEFT_X = 44
RIGHT_X = SCREEN_SIZE[0] - 44 - SIDE_W
BUTTON_H = 44
HALF_GAP = 16  # between two buttons sharing a column's width


def date_text(app: App, day: date) -> str:
    """``Mon 30 Nov 2026`` / ``lun. 30 nov. 2026``, from the catalogue's own names."""
    texts = app.texts
    return texts(
        "date.long",
        weekday=texts(f"weekday.{day.isoweekday()}"),
        day=day.day,
        month=texts(f"month.{day.month}"),
        year=day.year,
    )


def play_daily(app: App, letter: str) -> None:
    """Today's daily deal under ``E`` (Easy) or ``C`` (Classic)."""
    app.flow.start_game(app.records.daily_game(letter))


class TitleSides:
    """The two side columns of the title and the keyboard focus among the three columns."""

    def __init__(self, app: App, centre: Menu) -> None:
        self.app = app
        self.centre = centre
        self.column = 0  # -1 left, 0 the main menu, 1 right
        self.clock = 0.0
        x = LEFT_X + 30
        width = SIDE_W - 60
        self.daily_easy = Button(
            pygame.Rect(x, SIDE_TOP + 84, width, BUTTON_H),
            "daily.easy",
            lambda: play_daily(app, "E"),
            style="green",
            size=10,
        )
        self.daily_classic = Button(
            pygame.Rect(x, SIDE_TOP + 84 + BUTTON_H + 12, width, BUTTON_H),
            "daily.classic",
            lambda: play_daily(app, "C"),
            style="orange",
            size=10,
        )
        self.round = Button(
            pygame.Rect(LEFT_X, SIDE_TOP + 300, SIDE_W, BUTTON_H),
            "title.round",
            self.open_round,
            style="cyan",
            size=10,
        )
        self.left = Menu([self.daily_easy, self.daily_classic, self.round])
        half = (SIDE_W - HALF_GAP) // 2  # Statistics and History side by side
        self.stats = Button(
            pygame.Rect(RIGHT_X, SIDE_TOP + 300, half, BUTTON_H),
            "title.stats",
            self.open_stats,
            style="cyan",
            size=10,
        )
        self.history = Button(
            pygame.Rect(RIGHT_X + SIDE_W - half, SIDE_TOP + 300, half, BUTTON_H),
            "history.open",
            self.open_history,
            style="cyan",
            size=10,
        )
        self.right = Menu([self.stats, self.history])
        from scenes.highscores import HighScoreTicker

        self.ticker = HighScoreTicker(app, pygame.Rect(RIGHT_X, SIDE_TOP, SIDE_W, 284))
        self.focus(0)
        self._refresh()

    def open_round(self) -> None:
        from scenes.solitaire.round import open_round_setup

        open_round_setup(self.app)

    def open_stats(self) -> None:
        self.app.flow.open_stats()

    def open_history(self) -> None:
        self.app.flow.open_history()

    def _refresh(self) -> None:
        records = self.app.records
        tick = " ✓" if records.daily_done("E") else ""
        self.daily_easy.fields = {"done": tick}
        tick = " ✓" if records.daily_done("C") else ""
        self.daily_classic.fields = {"done": tick}
        saved = records.saved_round
        if saved is not None:
            self.round.key = "title.round_resume"
            self.round.fields = {"hole": str(saved.hole), "holes": str(saved.holes)}
        else:
            self.round.key = "title.round"
            self.round.fields = {}

    @property
    def menus(self) -> dict[int, Menu]:
        return {-1: self.left, 0: self.centre, 1: self.right}

    def focus(self, column: int) -> None:
        """Give the keyboard focus to a column (-1, 0 or 1)."""
        self.column = column
        for index, menu in self.menus.items():
            menu.show_focus = index == column

    def handle(self, intent: Intent) -> bool:
        """Route an intent; True when a side column used it (the title handles the rest)."""
        kind = intent.kind
        if kind in (Kind.LEFT, Kind.RIGHT):
            step = -1 if kind is Kind.LEFT else 1
            self.focus(max(-1, min(1, self.column + step)))
            for menu in self.menus.values():
                menu.unhover()  # the keys lead now: one highlight, the focus
            return True
        if intent.pos is not None:
            for column in (-1, 1):
                menu = self.menus[column]
                used = menu.handle(intent)
                if menu.pointed:  # the pointer moved onto this column: the focus follows
                    self.focus(column)
                if used and kind is Kind.CLICK:
                    self.focus(column)
                    return True
            if kind is Kind.CLICK and any(b.hit(intent.pos) for b in self.centre.buttons):
                self.focus(0)
            return False
        if self.column != 0 and kind in (Kind.UP, Kind.DOWN, Kind.CONFIRM, Kind.DRAW):
            self.menus[self.column].handle(intent)
            return True
        return False

    def update(self, dt: float) -> None:
        self.clock += dt
        self.left.update(dt)
        self.right.update(dt)
        self.ticker.update(dt)
        self._refresh()

    def draw(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        records = self.app.records
        panel = pygame.Rect(LEFT_X, SIDE_TOP, SIDE_W, 284)
        titled_panel(
            surface, look, panel, texts("daily.title"), size=11, colour=p.gold, top=14, fill=p.board
        )
        look.type.blit(
            surface,
            date_text(self.app, records.today()),
            8,
            p.white,
            (panel.centerx, panel.top + 48),
            anchor="midtop",
            shadow=p.ink,
        )
        streak = records.daily_streak()
        if streak == 0:
            line = texts("daily.streak_none")
        elif streak == 1:
            line = texts("daily.streak_one")
        else:
            line = texts("daily.streak_many", count=streak)
        y = self.daily_classic.rect.bottom + 22
        self._flame(surface, (panel.left + 36, y + 8), streak > 0)
        look.type.blit(
            surface, line, 8, p.orange if streak else p.grey, (panel.left + 56, y), shadow=p.ink
        )
        longest = records.longest_daily_streak()
        look.type.blit(
            surface,
            texts("daily.longest", count=longest),
            7,
            p.hud_label,
            (panel.left + 56, y + 26),
            shadow=p.ink,
        )
        self.left.draw(surface, look, texts)
        self.ticker.draw(surface)
        self.right.draw(surface, look, texts)

    def _flame(self, surface: pygame.Surface, centre: tuple[int, int], lit: bool) -> None:
        """A small pixel flame for the streak, flickering when it burns."""
        p = PALETTE
        cx, cy = centre
        flicker = int(self.clock * 8) % 2 if lit and self.app.animation_scale else 0
        outer = p.orange if lit else p.grey_dark
        inner = p.gold if lit else p.grey
        s = PIXEL
        pygame.draw.polygon(
            surface,
            outer,
            [
                (cx, cy - 9 * s - flicker * s),
                (cx + 5 * s, cy),
                (cx + 3 * s, cy + 4 * s),
                (cx - 3 * s, cy + 4 * s),
                (cx - 5 * s, cy),
            ],
        )
        pygame.draw.polygon(
            surface,
            inner,
            [
                (cx, cy - 3 * s),
                (cx + 2 * s, cy + 2 * s),
                (cx, cy + 4 * s),
                (cx - 2 * s, cy + 2 * s),
            ],
        )
