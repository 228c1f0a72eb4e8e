"""The solver's analysis of a finished game, opened from the game-over screen.

It asks :func:`golf.solitaire.solver.analyse` (off the UI thread) about the game's start and its log, and
shows: whether the deal was winnable with the stock's order known, the best possible result, and
the move after which the game stopped being winnable for a player who knew the stock. Where that
move is known, a second question (:func:`golf.solitaire.postmortem.around_move`) says what a
player who did not know the stock could still win just before it and just after it: exactly
where the search finishes in time, else an estimate with its range, labelled as such. The
questions run off the UI thread within two seconds (:mod:`scenes.solitaire.analysis_run`); while
they do, a bar and the positions searched (or the stock orders played out) show the progress,
and past the two seconds the screen says what is known so far. Two ways on:

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
from golf.core.translations import decimal, grouped
from golf.solitaire import engine
from golf.solitaire.engine import Action
from golf.solitaire.hint_figure import Figure
from golf.solitaire.lines import kept_line, played_again, solver_replay
from golf.solitaire.postmortem import SAMPLING, Around
from golf.solitaire.solver import Analysis
from scenes.core.dialog import draw_frame
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, PIXEL, SCREEN_SIZE, Colour
from scenes.core.manager import App, Scene
from scenes.core.textfit import fit_text
from scenes.core.widgets import Button, Menu
from scenes.solitaire.analysis_run import ANSWER_SECONDS, DEAL, LOST, AnalysisRun
from scenes.solitaire.solver_worker import ANALYSIS_STATES, Job, analyse_game
from scenes.solitaire.table_state import TableState

__all__ = ["ANALYSIS_STATES", "AnalysisScene", "analyse_game", "kept_line"]

log = logging.getLogger(__name__)

BUTTON_W, BUTTON_H, GAP = 520, 50, 14
PANEL_W = 900  # a row's label and value side by side: the French chance's estimate is long
ROW_SIZE = 9
ROW_GAP = 24  # the least room between a row's label and its value
ROW_STEP = 34  # five rows, then what is known so far and the progress, above the buttons


class AnalysisScene(Scene):
    """Was the deal winnable, the best result, where it was lost; undo there or watch the line."""

    overlay = True

    def __init__(
        self,
        app: App,
        table: TableState,
        budget: float = ANSWER_SECONDS,
        answer: tuple[Analysis, Around | None] | None = None,
    ) -> None:
        """The analysis of ``table``'s game, asked of the solver; or ``answer`` when it is
        already known (:class:`AnalysisRun`: no question asked)."""
        super().__init__(app)
        self.table = table
        self.run = AnalysisRun(table.game, budget, answer)
        self.clock = 0.0
        self.panel = pygame.Rect(0, 0, PANEL_W, 560)
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
    @property
    def job(self) -> Job[Analysis]:
        """The solver's verdict under way (:class:`AnalysisRun`)."""
        return self.run.job

    @property
    def result(self) -> Analysis | None:
        return self.run.result

    @property
    def failed(self) -> bool:
        return self.run.failed

    @property
    def blind_job(self) -> Job[Around | None] | None:
        """The chance of a player who cannot see the stock, under way."""
        return self.run.blind_job

    @property
    def blind(self) -> Around | None:
        return self.run.blind

    def update(self, dt: float) -> None:
        self.clock += dt
        self.menu.update(dt)
        had = self.result is not None or self.failed
        self.run.update(dt)
        if not had and (self.result is not None or self.failed):
            self._refresh_buttons()

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
            if self.run.late and not self.failed:  # what is known so far: nothing decided
                return [(texts("analysis.deal"), texts("analysis.deal_pending"), p.grey)]
            return []
        if result.winnable is None:
            count = grouped(result.states, texts.lang)
            deal = (texts("analysis.undecided", count=count), p.grey)
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
        if self.run.needs_blind:
            before, after = self.blind_verdicts()
            rows.append((texts("analysis.blind"), *before))
            rows.append((texts("analysis.blind_after"), *after))
        return rows

    def blind_verdicts(self) -> tuple[tuple[str, Colour], tuple[str, Colour]]:
        """What a player who could not see the stock could win just before the losing move and
        just after it: exact, or an estimate with its range."""
        texts, p = self.app.texts, PALETTE
        if not self.run.blind_done:
            thinking = (texts("analysis.blind_thinking"), p.grey)
            return thinking, thinking
        blind = self.blind
        if blind is None:
            unknown = (texts("analysis.unknown"), p.grey)
            return unknown, unknown
        return self._chance(blind.before), self._chance(blind.after)

    def _chance(self, figure: Figure | None) -> tuple[str, Colour]:
        texts, p = self.app.texts, PALETTE
        if figure is None:
            return texts("analysis.unknown"), p.grey
        if figure.exact:
            return texts("analysis.chance_exact", **figure.fields()), p.cyan
        return texts("analysis.chance_estimate", **figure.fields()), p.white

    def progress_text(self) -> str | None:
        """What the analysis is doing while it is awaited: the question, and the positions
        searched or the stock orders played out so far (None once answered)."""
        run, texts = self.run, self.app.texts
        if run.answered:
            return None
        phase = run.phase
        if phase == DEAL:
            return texts("analysis.progress_deal")
        count = grouped(run.count, texts.lang)
        keys = {LOST: "analysis.progress_lost", SAMPLING: "analysis.progress_sample"}
        return texts(keys.get(phase, "analysis.progress_search"), count=count)

    def so_far_text(self) -> str | None:
        """Past the time without the whole answer, or with an answer its time cut short: it
        says the rows are what is known so far."""
        run, texts = self.run, self.app.texts
        if not run.late and not run.cut_short:
            return None
        seconds = decimal(f"{run.budget:g}", texts.lang)
        return texts("analysis.so_far", seconds=seconds)

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
        if result.lost_between is not None:  # what is known so far
            good, bad = result.lost_between
            last = self.lost_move(bad)[0]
            if good < 0:
                return texts("analysis.lost_between_start", bad=last), p.orange
            first = self.lost_move(good)[0]
            return texts("analysis.lost_between", good=first, bad=last), p.orange
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
        process is free for the next hint at once."""
        self.run.stop()

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
        room = self.panel.width - 2 * 56
        for label, value, colour in self.rows():
            size = ROW_SIZE
            left = room - look.type.width(value, ROW_SIZE) - ROW_GAP
            while size > 7 and look.type.width(label, size) > left:
                size -= 1  # a long label a size smaller, its value as the others'
            label = fit_text(look, label, size, left)
            look.type.blit(surface, label, size, p.grey, (self.panel.left + 56, y), shadow=p.ink)
            look.type.blit(
                surface,
                value,
                ROW_SIZE,
                colour,
                (self.panel.right - 56, y),
                anchor="topright",
                shadow=p.ink,
            )
            y += ROW_STEP
        self._draw_progress(surface)
        self.menu.draw(surface, look, texts)

    def _draw_progress(self, surface: pygame.Surface) -> None:
        """Above the buttons, while the answer is awaited: what is being worked out, with its
        count moving, over a bar of the time used; past the time (or in an answer its time cut
        short), that what shows is what is known so far."""
        text = self.progress_text()
        look, p = self.app.look, PALETTE
        run = self.run
        bar = pygame.Rect(0, 0, BUTTON_W, 4 * PIXEL)
        bar.midbottom = (self.panel.centerx, self.undo_button.rect.top - 16)
        so_far = self.so_far_text()
        if so_far is not None:
            # just above the bar while it works; in its place once answered
            at = bar.top - (44 if text is not None else 10)
            look.type.blit(
                surface, so_far, 8, p.orange, (bar.centerx, at), anchor="midbottom", shadow=p.ink
            )
        if text is None:
            return
        look.type.blit(
            surface, text, 8, p.label, (bar.centerx, bar.top - 10), anchor="midbottom", shadow=p.ink
        )
        pygame.draw.rect(surface, p.ink, bar.inflate(2 * PIXEL, 2 * PIXEL))
        pygame.draw.rect(surface, p.felt_dark, bar)
        done = bar.copy()
        done.width = round(bar.width * min(1.0, run.elapsed / run.budget)) if run.budget else 0
        pygame.draw.rect(surface, p.orange if run.late else p.cyan, done)
