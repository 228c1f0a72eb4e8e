"""Overlays on the table: the pause menu, the blocked dialog and the game-over screen.

Each is drawn over the frozen table below it and gets all the input while it shows.
"""

from __future__ import annotations

import pygame

from golf.solitaire.texts import Reason, message
from scenes.core.board_text import speak
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, PIXEL, SCREEN_SIZE, chunky_panel, veil
from scenes.core.manager import App, Scene
from scenes.core.widgets import Button, ButtonSpec, Menu, button_column
from scenes.solitaire import confetti
from scenes.solitaire.layout import clock_text
from scenes.solitaire.table_state import TableState

__all__ = ["BlockedDialog", "GameOverScene", "PauseMenu"]

BUTTON_W = 360
BUTTON_H = 52
BUTTON_GAP = 16
SLIDE_SECONDS = 0.15  # a panel slides in from above for this long


def _veil(surface: pygame.Surface) -> None:
    veil(surface, 150)


def _stack(specs: list[ButtonSpec], top: int) -> list[Button]:
    """The overlay's buttons one under the other, centred, the first one's top at ``top``."""
    return button_column(specs, top, BUTTON_W, gap=BUTTON_GAP, height=BUTTON_H)


def _grid(specs: list[ButtonSpec], top: int, width: int = 300, gap: int = 20) -> list[Button]:
    """Buttons two by two, the last one alone and centred when their number is odd."""
    left = (SCREEN_SIZE[0] - 2 * width - gap) // 2
    buttons = []
    for i, (key, action, style) in enumerate(specs):
        row, column = divmod(i, 2)
        x = left + column * (width + gap)
        if i == len(specs) - 1 and column == 0:
            x = (SCREEN_SIZE[0] - width) // 2
        rect = pygame.Rect(x, top + row * (BUTTON_H + BUTTON_GAP - 2), width, BUTTON_H)
        buttons.append(Button(rect, key, action, style=style, size=9))
    return buttons


class _Overlay(Scene):
    """A panel with a title and a menu of buttons over the dimmed table."""

    overlay = True

    def __init__(self, app: App, table: TableState, panel: pygame.Rect, menu: Menu) -> None:
        super().__init__(app)
        self.table = table
        self.panel = panel
        self.menu = menu
        self.opened = 0.0

    def update(self, dt: float) -> None:
        self.opened += dt
        self.menu.update(dt)

    def handle(self, intent: Intent) -> None:
        self.menu.handle(intent)

    def pause(self) -> None:
        """Covered by another panel (the initials over the game-over screen): the slide ends
        now, so the panel below rests where the one above is made to hide it."""
        self.opened = max(self.opened, SLIDE_SECONDS)

    def close(self) -> None:
        """Back to the table."""
        self.app.scenes.pop(fade=False)

    def over_veil(self, surface: pygame.Surface) -> None:
        """Drawn between the veil and the panel."""

    def draw_panel(self, surface: pygame.Surface) -> None:
        """The veil and the panel, sliding in from above for the first moments."""
        _veil(surface)
        self.over_veil(surface)
        slide = max(0.0, 1.0 - self.opened / SLIDE_SECONDS) if self.app.animation_scale else 0.0
        rect = self.panel.move(0, -round(slide * 40) // PIXEL * PIXEL)
        chunky_panel(surface, rect)

    def title(self, surface: pygame.Surface, text: str, colour: tuple[int, int, int]) -> None:
        """The panel's heading."""
        self.app.look.type.blit(
            surface,
            text,
            16,
            colour,
            (self.panel.centerx, self.panel.top + 24),
            anchor="midtop",
            shadow=PALETTE.ink,
        )

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_panel(surface)
        self.menu.draw(surface, self.app.look, self.app.texts)


class PauseMenu(_Overlay):
    """Esc during a game: resume, restart, a new game, options, or back to the title."""

    def __init__(self, app: App, table: TableState) -> None:
        specs: list[ButtonSpec] = [
            ("pause.resume", self.close, "green"),
            ("button.restart", table.restart, "orange"),
            ("title.new_game", lambda: app.flow.open_new_game(), "orange"),
            ("title.options", lambda: app.flow.open_options(), "cyan"),
            ("over.title", lambda: app.flow.to_title(), "pink"),
        ]
        top = 200
        panel = pygame.Rect(0, 0, BUTTON_W + 120, 110 + len(specs) * (BUTTON_H + BUTTON_GAP))
        panel.midtop = (SCREEN_SIZE[0] // 2, top - 96)
        super().__init__(app, table, panel, Menu(_stack(specs, top)))

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CANCEL, Kind.MENU):
            self.close()
            return
        self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.title(surface, self.app.texts("pause.title"), PALETTE.gold)


class BlockedDialog(_Overlay):
    """The stock is empty and nothing plays: undo, a new game, or see the result."""

    def __init__(self, app: App, table: TableState) -> None:
        specs: list[ButtonSpec] = [
            ("blocked.undo", self.undo, "cyan"),
            ("blocked.new", self.new_game, "orange"),
            ("blocked.see", self.see_result, "pink"),
        ]
        top = 330
        panel = pygame.Rect(0, 0, 760, 176 + len(specs) * (BUTTON_H + BUTTON_GAP))
        panel.midtop = (SCREEN_SIZE[0] // 2, top - 160)
        super().__init__(app, table, panel, Menu(_stack(specs, top)))

    def undo(self) -> None:
        """Take back the last action and play on."""
        self.close()
        self.table.undo()

    def new_game(self) -> None:
        """A new deal under the same rules."""
        self.table.new_deal()

    def see_result(self) -> None:
        """The game-over screen for this blocked game."""
        self.app.scenes.replace(GameOverScene(self.app, self.table), fade=False)

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.UNDO:
            self.undo()
        elif intent.kind is Kind.NEW:
            self.new_game()
        elif intent.kind in (Kind.CANCEL, Kind.MENU):
            self.see_result()
        else:
            self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lang = self.app.texts.lang
        self.title(surface, message(Reason.BLOCKED_GAME, lang), PALETTE.orange)
        self.app.look.type.blit(
            surface,
            self.app.texts("blocked.body"),
            8,
            PALETTE.white,
            (self.panel.centerx, self.panel.top + 84),
            anchor="midtop",
            shadow=PALETTE.ink,
        )


class GameOverScene(_Overlay):
    """Won or blocked: the score, moves, time and code, and where to go next."""

    def __init__(self, app: App, table: TableState) -> None:
        specs: list[ButtonSpec] = [
            ("over.new", table.new_deal, "orange"),
            ("over.again", table.restart, "cyan"),
            ("over.save_replay", lambda: app.flow.open_save_replay(), "green"),
            ("over.watch_replay", lambda: app.flow.watch_game(), "cyan"),
            ("over.analysis", self.open_analysis, "green"),
            ("over.title", lambda: app.flow.to_title(), "pink"),
        ]
        top = 404
        panel = pygame.Rect(0, 0, 720, 572)
        panel.midtop = (SCREEN_SIZE[0] // 2, 62)
        super().__init__(app, table, panel, Menu(_grid(specs, top)))
        self.won = table.game.status == "won"

    def open_analysis(self) -> None:
        """The solver's analysis of this game (scenes.solitaire.analysis)."""
        from scenes.solitaire.analysis import AnalysisScene

        self.app.scenes.push(AnalysisScene(self.app, self.table), fade=False)

    def enter(self) -> None:
        # the result said, after the last move's words, for a player who does not see it
        result = " ".join(f"{label}: {value}." for label, value in self.rows())
        speak(self.app, result, self.table.toast, interrupt=False)
        # the result is final: count the game, and a score good enough asks for initials
        chance = self.table.settle()
        if chance is not None:
            self.app.flow.open_initials(chance)

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.NEW:
            self.table.new_deal()
        elif intent.kind is Kind.RESTART:
            self.table.restart()
        elif intent.kind in (Kind.CANCEL, Kind.MENU):
            self.app.flow.to_title()
        else:
            self.menu.handle(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.won:
            if not self.table.confetti and self.app.animation_scale > 0:
                self.table.confetti = confetti.launch(self.app.rng)
            self.table.confetti = confetti.fall(self.table.confetti, dt)

    def rows(self) -> list[tuple[str, str]]:
        """The result lines, label and value."""
        texts = self.app.texts
        game = self.table.game
        position = game.position
        score_key = "over.strokes" if game.rules.scoring == "strokes" else "over.score"
        return [
            (texts(score_key), str(game.score)),
            (texts("over.moves"), str(game.moves)),
            (texts("over.time"), clock_text(self.table.elapsed)),
            (texts("over.cards_left"), str(position.left)),
            (texts("over.stock_left"), str(len(position.stock))),
            (texts("over.code"), game.code or "—"),
        ]

    def over_veil(self, surface: pygame.Surface) -> None:
        confetti.draw(surface, self.table.confetti)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        texts, look, p = self.app.texts, self.app.look, PALETTE
        if self.won:
            bounce = abs(pygame.math.clamp((self.opened * 3) % 2 - 1, -1, 1))
            colour = p.gold if int(self.opened * 4) % 2 == 0 else p.orange
            look.type.blit(
                surface,
                texts("over.won"),
                20,
                colour,
                (self.panel.centerx, self.panel.top + 22 + round(bounce * 6) * 2),
                anchor="midtop",
                shadow=p.ink,
            )
        else:
            self.title(surface, texts("over.blocked"), p.orange)
        y = self.panel.top + 100
        for label, value in self.rows():
            look.type.blit(surface, label, 10, p.grey, (self.panel.left + 80, y), shadow=p.ink)
            look.type.blit(
                surface,
                value,
                10,
                p.white,
                (self.panel.right - 80, y),
                anchor="topright",
                shadow=p.ink,
            )
            y += 38
