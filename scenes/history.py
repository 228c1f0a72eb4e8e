"""The History screen: every finished game of the journal, newest first, and any of them watched.

Each row is one game of either kind as the journal keeps it (``golf.journal``): the game, its
code, its rules, how it ended, its score (a round's hole: its strokes), its moves, the time
played and when it ended, with its number in the journal, a round's hole or a daily deal. The
journal is read a page at a time (``Journal.history(limit, offset)``), so a long history opens at
once. Opening a game watches the replay the journal's copy gives (``golf.journal.replays``,
which ``golf history --replay`` writes too) in the viewer the Replays list opens.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pygame

from golf.core.messages import one_line
from golf.journal.journal import HistoryRow, Journal
from golf.journal.replays import (
    STANDARD,
    ReplayProblem,
    duration_text,
    finished_replay,
    rules_key,
    scoring,
    shown_score,
    when_text,
)
from scenes.core.i18n import Texts
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, PIXEL, SCREEN_SIZE, Colour, chunky_panel
from scenes.core.manager import App, Scene
from scenes.core.textfit import fit_text, wrap_text
from scenes.core.widgets import ButtonSpec, button_row

__all__ = ["VISIBLE", "HistoryScene", "RowText", "open_history", "row_text"]

log = logging.getLogger(__name__)

LIST_TOP = 120
ROW_H = 46
VISIBLE = 10
LEFT = 56
GAME_X, CODE_X, RULES_X, RESULT_X, WHEN_X = LEFT + 16, 280, 458, 586, 1034
"""The left edges of the columns of words."""
SCORE_R, MOVES_R, TIME_R = 818, 910, 998
"""The right edges of the columns of numbers."""
CELL = 7  # the type size of the columns after the game's name
WON: Colour = (110, 214, 128)
OUTCOME_COLOURS: dict[str, Colour] = {
    "won": WON,
    "blocked": PALETTE.orange,
    "abandoned": PALETTE.grey,
    "finished": PALETTE.cyan,
}


def open_history(app: App) -> None:
    """The History screen over whatever shows (the title, the statistics)."""
    app.scenes.push(HistoryScene(app))


@dataclass(frozen=True)
class RowText:
    """What a row shows, in the current language."""

    game: str
    note: str
    """Under the game: its number, a round's hole or a daily deal."""
    code: str
    rules: str
    result: str
    score: str
    moves: str
    time: str
    when: str


def _rules_name(texts: Texts, row: HistoryRow) -> str:
    key = rules_key(row)
    if row.game == "six-card":
        return texts("history.six_standard") if key == STANDARD else texts.rule_set(key)
    return texts.rule_set(key)


def _score(texts: Texts, row: HistoryRow) -> str:
    score = shown_score(row)
    if score is None:
        return "–"
    if scoring(row) == "strokes":
        return texts("history.strokes", count=abs(score), strokes=score)
    return str(score)


def row_text(texts: Texts, row: HistoryRow) -> RowText:
    """The texts of ``row``'s cells."""
    note = texts("history.number", number=row.id)
    if row.round_id is not None and row.hole is not None:
        note += " · " + texts("history.hole", round=row.round_id, hole=row.hole)
    elif row.daily is not None:
        note += " · " + texts("history.daily")  # its day: the Ended column's
    return RowText(
        game=texts(f"history.game.{row.game}"),
        note=note,
        code=row.code,
        rules=_rules_name(texts, row),
        result=texts(
            f"history.placing.{row.placing}" if row.placing else f"history.outcome.{row.outcome}"
        ),
        score=_score(texts, row),
        moves=str(row.moves),
        time=duration_text(row.seconds),
        when=when_text(row.ended),
    )


class HistoryScene(Scene):
    """The list, a page of :data:`VISIBLE` games at a time; ↑ ↓ choose (on to the next page
    past the last row), ← → turn the page, Enter or a click watches, Esc goes back."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.count = 0
        self.selected = 0
        self.first = 0  # the game shown on the top row
        self.hover: int | None = None
        self.message = ""  # why the selected game cannot be watched
        self._page: tuple[int, list[HistoryRow]] | None = None  # (first, its rows)
        specs: list[ButtonSpec] = [
            ("replays.page_up", self.page_up, "cyan"),
            ("replays.page_down", self.page_down, "cyan"),
            ("replays.watch", self.open_selected, "green"),
            ("common.back", self.close, "pink"),
        ]
        hints = ("←", "→", "Enter", "Esc")
        self.buttons = button_row(specs, SCREEN_SIZE[1] - 66, 220, gap=16, height=48, hints=hints)
        for button in self.buttons:
            button.size = 9
        self.refresh()

    @property
    def journal(self) -> Journal:
        return self.app.records.journal

    def refresh(self) -> None:
        """Read the number of finished games again (and the page shown, when asked for)."""
        self.count = self.journal.finished_count()
        self._page = None
        self.select(self.selected)

    def enter(self) -> None:
        self.refresh()

    def resume(self) -> None:
        self.refresh()

    @property
    def rows(self) -> list[HistoryRow]:
        """The games on the rows shown, top first (one page read from the journal)."""
        if self._page is None or self._page[0] != self.first:
            self._page = (self.first, self.journal.history(VISIBLE, self.first))
        return self._page[1]

    def row(self, index: int) -> HistoryRow | None:
        """Game ``index`` of the list (0: the newest), when it is on the rows shown."""
        rows = self.rows
        at = index - self.first
        return rows[at] if 0 <= at < len(rows) else None

    @property
    def page(self) -> int:
        """The page shown, from 1."""
        return self.first // VISIBLE + 1

    @property
    def pages(self) -> int:
        return max(1, -(-self.count // VISIBLE))

    # ----------------------------------------------------------------- moving
    def select(self, index: int) -> None:
        """Select game ``index``; its page shows."""
        self.message = ""
        self.selected = max(0, min(self.count - 1, index))
        self.first = self.selected // VISIBLE * VISIBLE

    def page_up(self) -> None:
        """The page before, the selection on the same row."""
        if self.page > 1:
            self.select(self.selected - VISIBLE)

    def page_down(self) -> None:
        """The page after, the selection on the same row (or the last game)."""
        if self.page < self.pages:
            self.select(self.selected + VISIBLE)

    def open_selected(self) -> None:
        """Watch the selected game (or say why it cannot be watched)."""
        row = self.row(self.selected)
        if row is None:
            return
        texts = self.app.texts
        try:
            game = self.journal.finished(row.id)
            if game is None:
                raise ReplayProblem("it is not in the journal any more")
            replay = finished_replay(game, texts.lang)
        except ValueError as error:  # ReplayProblem, or actions the journal cannot unpack
            log.warning("game %s of the journal cannot be watched: %s", row.id, error)
            self.message = texts("history.unreadable", number=row.id, error=one_line(str(error)))
            self.app.sound.play("refusal")
            return
        name = texts("history.watch_name", number=row.id, when=when_text(row.ended))
        self.app.flow.watch(replay, name=name)

    def close(self) -> None:
        self.app.scenes.pop(fade=True)

    def focus_words(self) -> str | None:
        """The selected game in words, read aloud with the speak option on."""
        row = self.row(self.selected)
        if row is None:
            return None
        t = row_text(self.app.texts, row)
        score = t.score
        if scoring(row) == "points" and row.score is not None:
            score = self.app.texts("history.points", count=row.score)
        return self.app.texts(
            "history.said",
            number=row.id,
            game=t.game,
            rules=t.rules,
            result=t.result,
            score=score,
            moves=self.app.texts("history.moves", count=row.moves),
            time=t.time,
            when=t.when,
        )

    def row_rect(self, row: int) -> pygame.Rect:
        """Where visible row ``row`` (0 = top) is drawn."""
        return pygame.Rect(LEFT, LIST_TOP + row * ROW_H, SCREEN_SIZE[0] - 2 * LEFT, ROW_H - 4)

    def entry_at(self, pos: tuple[int, int]) -> int | None:
        """The game under the pointer, if any."""
        for row in range(len(self.rows)):
            if self.row_rect(row).collidepoint(pos):
                return self.first + row
        return None

    # ----------------------------------------------------------------- input
    def handle(self, intent: Intent) -> None:
        for button in self.buttons:
            if button.handle(intent):
                return
        kind = intent.kind
        if kind in (Kind.POINT, Kind.CLICK) and intent.pos is not None:
            index = self.entry_at(intent.pos)
            self.hover = index
            if kind is Kind.CLICK and index is not None:
                self.select(index)
                self.open_selected()
            return
        if kind in (Kind.UP, Kind.DOWN, Kind.LEFT, Kind.RIGHT, Kind.FIRST, Kind.LAST):
            self.hover = None  # the keys lead now: one highlighted row, the selected one
        if kind in (Kind.UP, Kind.DOWN):
            self.select(self.selected + (1 if kind is Kind.DOWN else -1))
        elif kind is Kind.LEFT:
            self.page_up()
        elif kind is Kind.RIGHT:
            self.page_down()
        elif kind is Kind.FIRST:
            self.select(0)
        elif kind is Kind.LAST:
            self.select(self.count - 1)
        elif kind in (Kind.CONFIRM, Kind.DRAW):
            self.open_selected()
        elif kind in (Kind.CANCEL, Kind.MENU, Kind.UNDO):  # the pad's B is back here too
            self.close()

    def update(self, dt: float) -> None:
        for button in self.buttons:
            button.update(dt)
        self.buttons[0].enabled = self.page > 1
        self.buttons[1].enabled = self.page < self.pages
        self.buttons[2].enabled = self.count > 0

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        surface.blit(look.felt(), (0, 0))
        panel = pygame.Rect(LEFT - 24, 16, SCREEN_SIZE[0] - 2 * (LEFT - 24), SCREEN_SIZE[1] - 100)
        chunky_panel(surface, panel)
        look.type.blit(
            surface,
            texts("history.title"),
            16,
            p.gold,
            (SCREEN_SIZE[0] // 2, 30),
            anchor="midtop",
            shadow=p.ink,
        )
        if not self.count:
            look.type.blit(
                surface,
                texts("history.empty"),
                9,
                p.white,
                (SCREEN_SIZE[0] // 2, LIST_TOP + 60),
                anchor="midtop",
                shadow=p.ink,
            )
        else:
            self._draw_heads(surface)
            for row, game in enumerate(self.rows):
                self._draw_row(surface, row, self.first + row, game)
            self._draw_scrollbar(surface)
        self._draw_footer(surface, panel)
        for button in self.buttons:
            button.draw(surface, look, texts)

    def _draw_heads(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        y = LIST_TOP - 22
        for x, key in (
            (GAME_X, "game"),
            (CODE_X, "code"),
            (RULES_X, "rules"),
            (RESULT_X, "result"),
            (WHEN_X, "when"),
        ):
            look.type.blit(surface, texts(f"history.col.{key}"), 7, p.hud_label, (x, y))
        for right, key in ((SCORE_R, "score"), (MOVES_R, "moves"), (TIME_R, "time")):
            head = texts(f"history.col.{key}")
            look.type.blit(surface, head, 7, p.hud_label, (right, y), anchor="topright")

    def _draw_row(self, surface: pygame.Surface, row: int, index: int, game: HistoryRow) -> None:
        look, p = self.app.look, PALETTE
        rect = self.row_rect(row)
        if index == self.selected:
            pygame.draw.rect(surface, p.gold, rect.inflate(2 * PIXEL, 2 * PIXEL), border_radius=6)
            pygame.draw.rect(surface, (58, 50, 96), rect, border_radius=5)
        elif index == self.hover:
            pygame.draw.rect(surface, (44, 38, 74), rect, border_radius=5)
        t = row_text(self.app.texts, game)
        top = rect.top + 4
        width = CODE_X - GAME_X - 12
        look.type.blit(
            surface, fit_text(look, t.game, 8, width), 8, p.white, (GAME_X, top), shadow=p.ink
        )
        note = fit_text(look, t.note, 6, width)
        look.type.blit(surface, note, 6, p.hud_label, (GAME_X, rect.top + 24), shadow=p.ink)
        y = top + 8
        for x, right, text, colour in (
            (CODE_X, RULES_X, t.code, p.cyan),
            (RULES_X, RESULT_X, t.rules, p.gold),
            (RESULT_X, SCORE_R - 60, t.result, OUTCOME_COLOURS.get(game.outcome, p.white)),
            (WHEN_X, rect.right - 8, t.when, p.white),
        ):
            shown = fit_text(look, text, CELL, right - x - 10)
            look.type.blit(surface, shown, CELL, colour, (x, y), shadow=p.ink)
        for right, text in ((SCORE_R, t.score), (MOVES_R, t.moves), (TIME_R, t.time)):
            look.type.blit(
                surface, text, CELL, p.white, (right, y), anchor="topright", shadow=p.ink
            )

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        if self.pages <= 1:
            return
        p = PALETTE
        track = pygame.Rect(SCREEN_SIZE[0] - LEFT + 6, LIST_TOP, 3 * PIXEL, VISIBLE * ROW_H - 4)
        pygame.draw.rect(surface, p.grey_dark, track, border_radius=3)
        thumb = track.copy()
        thumb.height = max(12, track.height // self.pages)
        thumb.top = track.top + (track.height - thumb.height) * (self.page - 1) // (self.pages - 1)
        pygame.draw.rect(surface, p.gold, thumb, border_radius=3)

    def _draw_footer(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        y = LIST_TOP + VISIBLE * ROW_H + 4
        width = panel.width - 64
        if self.message:
            for i, line in enumerate(wrap_text(look, self.message, 7, width)[:3]):
                look.type.blit(
                    surface, line, 7, p.orange, (panel.left + 32, y + i * 18), shadow=p.ink
                )
            return
        if not self.count:
            return
        count = texts("history.count", count=self.count)
        look.type.blit(surface, count, 7, p.label, (panel.left + 32, y), shadow=p.ink)
        page = texts("history.page", page=self.page, pages=self.pages)
        look.type.blit(
            surface, page, 7, p.label, (panel.right - 32, y), anchor="topright", shadow=p.ink
        )
