"""The solver's analysis of a finished game, opened from the game-over screen.

It asks :func:`golf.solitaire.solver.analyse` (off the UI thread) about the game's start and its log, and
shows: whether the deal was winnable with the stock's order known, the best possible result, and
the move after which the game stopped being winnable for a player who knew the stock. Where that
move is known, a second question (:func:`golf.solitaire.chance.chances_around`) says what a
player who did not know the stock could still win just before it and just after it, exactly
(or "not found in time"). Two ways on:

* **Undo to the last winnable position.** When the game's undo history reaches that far (the
  last 100 actions), the table takes that many undos, as the Undo button does: the same game goes
  on, its move counter and replay keep counting. When it does not, the same deal starts again and
  the moves that led to that position are replayed into the new game (its replay starts there).
* **Watch the solver's line**: the solver's winning (or best) line from the first position, on
  the replay watching scene (:mod:`scenes.solitaire.watch`).
"""

from __future__ import annotations

import logging

import pygame

from golf.core.cards import card_name
from golf.core.deal import TABLEAU_SIZE
from golf.solitaire import engine
from golf.solitaire.engine import Action
from golf.solitaire.lines import kept_line, played_again, solver_replay
from golf.solitaire.solver import Analysis
from scenes.core.dialog import draw_frame
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, SCREEN_SIZE
from scenes.core.manager import App, Scene
from scenes.core.widgets import Button, Menu
from scenes.solitaire.solver_worker import (
    ANALYSIS_STATES,
    Job,
    analyse_game,
    blind_chances,
    submit,
    submit_stoppable,
)
from scenes.solitaire.table_state import TableState

__all__ = ["ANALYSIS_STATES", "AnalysisScene", "analyse_game", "kept_line"]

log = logging.getLogger(__name__)

BUTTON_W, BUTTON_H, GAP = 520, 50, 14


class AnalysisScene(Scene):
    """Was the deal winnable, the best result, where it was lost; undo there or watch the line."""

    overlay = True

    def __init__(self, app: App, table: TableState) -> None:
        super().__init__(app)
        self.table = table
        game = table.game
        start, rules, actions = game.start, game.rules, tuple(game.log)
        self.job: Job[Analysis] = Job(len(actions), submit(analyse_game, start, rules, actions))
        self.result: Analysis | None = None
        self.failed = False
        self.blind_job: Job[tuple[float, float] | None] | None = None
        self.blind: tuple[float, float] | None = None
        self.blind_done = False
        self.clock = 0.0
        self.panel = pygame.Rect(0, 0, 820, 560)
        self.panel.midtop = (SCREEN_SIZE[0] // 2, 70)
        x = (SCREEN_SIZE[0] - BUTTON_W) // 2
        top = self.panel.bottom - 3 * (BUTTON_H + GAP) - 24
        specs: list[tuple[str, object, str]] = [
            ("analysis.undo", self.undo_to_winnable, "cyan"),
            ("analysis.watch", self.watch_line, "green"),
            ("common.back", self.close, "pink"),
        ]
        buttons = []
        for i, (key, action, style) in enumerate(specs):
            assert callable(action)
            rect = pygame.Rect(x, top + i * (BUTTON_H + GAP), BUTTON_W, BUTTON_H)
            buttons.append(Button(rect, key, action, style=style, size=9))
        self.undo_button, self.watch_button = buttons[0], buttons[1]
        self.menu = Menu(buttons, focus=2)
        self._refresh_buttons()

    # ------------------------------------------------------------ the answer
    def update(self, dt: float) -> None:
        self.clock += dt
        self.menu.update(dt)
        if self.result is None and not self.failed and self.job.done():
            if self.job.future.exception() is not None:
                self.failed = True
            else:
                self.result = self.job.future.result()
                self._ask_blind()
            self._refresh_buttons()
        blind_job = self.blind_job
        if blind_job is not None and blind_job.done():
            self.blind_job = None
            self.blind_done = True
            if blind_job.future.exception() is None:
                self.blind = blind_job.future.result()

    def _ask_blind(self) -> None:
        """Where the game was lost for a player who knew the stock, ask what a player who did
        not know it could still win just before that move and just after."""
        result = self.result
        if result is None or result.lost_after is None:
            return
        game = self.table.game
        args = (game.start, game.rules, tuple(game.log), result.lost_after)
        future, call_off = submit_stoppable(blind_chances, *args)
        self.blind_job = Job(result.lost_after, future, call_off)

    def _refresh_buttons(self) -> None:
        result = self.result
        self.undo_button.enabled = result is not None and result.undo_steps is not None
        self.watch_button.enabled = result is not None and bool(result.line)
        if not self.menu.buttons[self.menu.focus].enabled:
            self.menu.focus = len(self.menu.buttons) - 1

    def rows(self) -> list[tuple[str, str, tuple[int, int, int]]]:
        """The verdict lines: label, value and colour (empty until the answer is in)."""
        result, texts, p = self.result, self.app.texts, PALETTE
        if result is None:
            return []
        if result.winnable is None:
            deal = (texts("analysis.undecided"), p.grey)
        elif result.winnable:
            deal = (texts("analysis.winnable"), p.cyan)
        else:
            deal = (texts("analysis.unwinnable"), p.orange)
        best = texts("analysis.best_value", removed=result.best_removed, total=TABLEAU_SIZE)
        rows = [
            (texts("analysis.deal"), deal[0], deal[1]),
            (texts("analysis.best"), best, p.white),
            (texts("analysis.turn"), *self.verdict()),
        ]
        if result.lost_after is not None and result.winnable:
            rows.append((texts("analysis.blind"), *self.blind_verdict()))
        return rows

    def blind_verdict(self) -> tuple[str, tuple[int, int, int]]:
        """What a player who could not see the stock could win around the losing move."""
        texts, p = self.app.texts, PALETTE
        if not self.blind_done:
            return texts("analysis.blind_thinking"), p.grey
        if self.blind is None:
            return texts("analysis.unknown"), p.grey
        before, after = (round(100 * v) for v in self.blind)
        return texts("analysis.blind_value", before=before, after=after), p.cyan

    def verdict(self) -> tuple[str, tuple[int, int, int]]:
        """What became of the player's game."""
        result, texts, p = self.result, self.app.texts, PALETTE
        assert result is not None
        game = self.table.game
        if game.status == "won":
            return texts("analysis.won"), p.gold
        if result.winnable is False:
            return texts("analysis.never"), p.grey
        if result.lost_after is not None:
            move, action = self.lost_move(result.lost_after)
            return texts("analysis.lost_after", move=move, action=action), p.orange
        if result.winnable is None or not result.complete:
            return texts("analysis.unknown"), p.grey
        return texts("analysis.still"), p.cyan

    def lost_move(self, index: int) -> tuple[int, str]:
        """The move number (as the move counter showed it) and the words for log entry ``index``."""
        game = self.table.game
        replay = game.restart()
        for action in game.log[:index]:
            replay.apply(action)
        action = game.log[index]
        lang = self.app.texts.lang
        if action.kind == engine.DRAW:
            words = self.app.texts("analysis.draw")
        else:
            column = replay.position.columns[action.column - 1]
            name = card_name(column[-1], lang) if column else "?"
            words = self.app.texts("analysis.play", card=name, column=action.column)
        return replay.moves + 1, words

    # ------------------------------------------------------------ the ways on
    def undo_to_winnable(self) -> None:
        """Back to the last position from which the game could still be won."""
        result = self.result
        if result is None or result.undo_steps is None:
            return
        table, steps = self.table, result.undo_steps
        game = table.game
        if steps <= game.undo_depth:
            table.ending = None
            for _ in range(steps):
                table.act(Action.undo())
            table.toast(self.app.texts("analysis.undone", count=steps), PALETTE.cyan)
            self.app.scenes.reset(table.scene, fade=False)
            return
        self.app.flow.start_game(played_again(game, steps))

    def watch_line(self) -> None:
        """The solver's line from the first position, on the watching scene."""
        result = self.result
        if result is None or not result.line:
            return
        self.app.flow.watch(
            solver_replay(self.table.game, result.line, self.app.texts("analysis.line_title")),
        )

    def close(self) -> None:
        """Back to the game-over screen."""
        self.app.scenes.pop(fade=False)

    def exit(self, quitting: bool = False) -> None:
        """Gone for good: the chance still being worked out is called off, so that the solver
        process is free for the next hint at once (it may take many seconds)."""
        if self.blind_job is not None:
            self.blind_job.call_off()

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CANCEL, Kind.MENU):
            self.close()
            return
        self.menu.handle(intent)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        draw_frame(surface, look, self.panel, texts("analysis.title"))
        look.type.blit(
            surface,
            texts("winnable.label"),
            8,
            p.label,
            (self.panel.centerx, self.panel.top + 72),
            anchor="midtop",
            shadow=p.ink,
        )
        y = self.panel.top + 116
        if self.failed:
            look.type.blit(
                surface,
                texts("analysis.unknown"),
                10,
                p.orange,
                (self.panel.centerx, y + 40),
                anchor="midtop",
                shadow=p.ink,
            )
        elif self.result is None:
            dots = "." * (1 + int(self.clock * 3) % 3)
            look.type.blit(
                surface,
                texts("analysis.thinking").rstrip("…") + dots,
                10,
                p.white,
                (self.panel.centerx, y + 40),
                anchor="midtop",
                shadow=p.ink,
            )
        for label, value, colour in self.rows():
            look.type.blit(surface, label, 9, p.grey, (self.panel.left + 56, y), shadow=p.ink)
            look.type.blit(
                surface,
                value,
                9,
                colour,
                (self.panel.right - 56, y),
                anchor="topright",
                shadow=p.ink,
            )
            y += 40
        self.menu.draw(surface, look, texts)
