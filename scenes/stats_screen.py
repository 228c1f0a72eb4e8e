"""The statistics screen: one rule set at a time, its figures as arcade tiles and a chart.

The chart shows the scores of the last games as bars coloured by how each game ended, with the
win rate over those games as a line across them. Reset asks first. The figures come from
``golf.solitaire.stats`` through ``scenes.core.records``; nothing is computed here that the engine side defines.
"""

from __future__ import annotations

import pygame

from golf.core.translations import decimal
from golf.solitaire.rules import PRESETS
from golf.solitaire.stats import (
    RECENT_GAMES,
    RecentGame,
    RuleStats,
    daily_dates,
    lower_is_better,
    running_win_rate,
)
from scenes.core.dialog import ConfirmDialog
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, PIXEL, SCREEN_SIZE, Colour, chunky_panel
from scenes.core.manager import App, Scene
from scenes.core.widgets import ButtonSpec, Menu, Toast, button_row
from scenes.highscores import HighScoresScene

__all__ = ["ConfirmReset", "StatsScene", "chart_bars", "figure_text", "open_stats"]

CHART = pygame.Rect(150, 344, 960, 196)
CHART_FRAME = pygame.Rect(52, 300, 1176, 300)
MIN_SLOTS = 20  # a few games get wide bars; 50 fill the chart
NUB = 3 * PIXEL  # the height of a bar for a score of 0
TILE_W, TILE_H, TILE_GAP = 220, 78, 12
TILES_TOP = 122
RESET_PANEL_W = 760
ROW_WIDTHS = (150, 150, 200, 200, 200, 200)
"""The buttons' widths: the rule set's arrows, High scores, History, Reset, Back."""
BAR_COLOURS: dict[str, Colour] = {
    "won": PALETTE.gold,
    "blocked": PALETTE.orange,
    "abandoned": PALETTE.grey,
}


def open_stats(app: App, key: str | None = None) -> None:
    """The statistics screen over whatever shows, on ``key`` (default: the default rules)."""
    app.scenes.push(StatsScene(app, key))


def chart_bars(
    recent: tuple[RecentGame, ...], area: pygame.Rect, lower_better: bool
) -> tuple[list[tuple[pygame.Rect, str]], int]:
    """The bar of each game in ``area`` and the y of the zero line.

    Points run from 0 (bottom) to 350; strokes from the best clear (below zero) to the most
    cards left, so that a clear with stock left dips under the line.
    """
    if lower_better:
        low = min([0, *(g.score for g in recent)])
        high = max([5, *(g.score for g in recent)])
    else:
        low, high = 0, 350
    span = max(1, high - low)
    zero = area.bottom - round((0 - low) / span * area.height)
    slot = area.width // max(MIN_SLOTS, min(RECENT_GAMES, len(recent)))
    bar_w = max(PIXEL, (slot - 2 * PIXEL) // PIXEL * PIXEL)
    bars: list[tuple[pygame.Rect, str]] = []
    for i, game in enumerate(recent):
        x = area.left + i * slot + (slot - bar_w) // 2
        y = area.bottom - round((game.score - low) / span * area.height)
        top, bottom = min(y, zero), max(y, zero)
        if bottom - top < NUB:  # a score of 0 still shows, as a stub on the line
            top, bottom = zero - NUB, zero
        height = bottom - top
        bars.append((pygame.Rect(x, top, bar_w, height), game.outcome))
    return bars, zero


def figure_text(value: float | None, lang: str, digits: int = 1) -> str:
    """An average or a rate as a player reads it: ``digits`` decimals (a comma in French),
    none when the figure is whole at that precision (175, not 175.0), a dash when there is no
    figure yet."""
    if value is None:
        return "–"
    text = f"{value:.{digits}f}"
    if digits and text.endswith("." + "0" * digits):
        text = text[: -digits - 1]
    return decimal(text, lang)


class StatsScene(Scene):
    """Figures and chart of one rule set; ← → change the rule set."""

    def __init__(self, app: App, key: str | None = None) -> None:
        super().__init__(app)
        self.keys = self._keys()
        start = key or app.records.last_key or self._most_played()
        self.index = self.keys.index(start) if start in self.keys else 0
        self.clock = 0.0
        self.grow = 0.0  # 0..1: the bars rise when a rule set is shown
        self.toasts: list[Toast] = []
        specs: list[ButtonSpec] = [
            ("stats.previous", lambda: self.step(-1), "cyan"),
            ("stats.next", lambda: self.step(1), "cyan"),
            ("scores.title", self.high_scores, "orange"),
            ("history.open", lambda: self.app.flow.open_history(), "orange"),
            ("stats.reset", self.ask_reset, "pink"),
            ("common.back", self.close, "green"),
        ]
        buttons = button_row(specs, 648, 200, gap=14, height=50, size=9)
        # the arrows' buttons narrower, the row as wide as the chart's frame
        x = (SCREEN_SIZE[0] - (sum(ROW_WIDTHS) + 14 * (len(buttons) - 1))) // 2
        for button, width in zip(buttons, ROW_WIDTHS, strict=True):
            button.rect.update(x, button.rect.y, width, button.rect.height)
            x += width + 14
        self.menu = Menu(buttons, focus=len(buttons) - 1)

    def _most_played(self) -> str:
        """The default rules, unless another rule set has games and they have none."""
        stats = self.app.records.stats
        default = self.app.settings.default_rules
        if stats.get(default).played or not stats.rule_set_keys():
            return default
        return max(stats.rule_set_keys(), key=lambda k: stats.get(k).played)

    def _keys(self) -> list[str]:
        played = self.app.records.stats.rule_set_keys()
        return [*PRESETS, *(k for k in played if k not in PRESETS)]

    @property
    def key(self) -> str:
        """The rule set shown."""
        return self.keys[self.index]

    @property
    def figures(self) -> RuleStats:
        return self.app.records.stats.get(self.key)

    def step(self, delta: int) -> None:
        """The next (or previous) rule set."""
        self.index = (self.index + delta) % len(self.keys)
        self.grow = 0.0
        self.app.sound.play("click")

    def high_scores(self) -> None:
        self.app.scenes.push(HighScoresScene(self.app, self.key))

    def ask_reset(self) -> None:
        self.app.scenes.push(ConfirmReset(self.app, self), fade=False)

    def reset(self) -> None:
        """Forget this rule set's figures (after the player confirmed)."""
        self.app.records.reset_stats(self.key)
        self.grow = 0.0
        self.toasts = [
            Toast(self.app.texts("stats.reset_done", rules=self.app.texts.rule_set(self.key)))
        ]
        for notice in self.app.records.take_notices():
            self.toasts.append(
                Toast(notice.text(self.app.texts.lang), seconds=6.0, colour=PALETTE.orange)
            )

    def close(self) -> None:
        self.app.scenes.pop()

    def enter(self) -> None:
        self.keys = self._keys()
        self.index = min(self.index, len(self.keys) - 1)

    def resume(self) -> None:
        self.enter()  # a game may have been counted meanwhile: its rule set may be new

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if kind in (Kind.CANCEL, Kind.MENU) or (kind is Kind.UNDO and intent.erase):
            self.close()
        elif kind is Kind.LEFT:
            self.step(-1)
        elif kind is Kind.RIGHT:
            self.step(1)
        else:  # Up and Down move among the buttons as in every menu (scenes.core.widgets)
            self.menu.handle(intent)

    def update(self, dt: float) -> None:
        self.clock += dt
        scale = self.app.animation_scale
        self.grow = 1.0 if scale == 0 else min(1.0, self.grow + dt / (0.6 * scale))
        self.menu.update(dt)
        for toast in self.toasts:
            toast.update(dt)
        self.toasts = [t for t in self.toasts if t.alive]

    # ------------------------------------------------------------------ drawing
    def tiles(self) -> list[tuple[str, str, Colour]]:
        """(label, value, colour) of each figure, in reading order."""
        t, s, p = self.app.texts, self.figures, PALETTE

        def num(value: float | None, digits: int = 1) -> str:
            return figure_text(value, t.lang, digits)

        def opt(value: int | None) -> str:
            return "–" if value is None else str(value)

        rounds = opt(s.best_round(9))
        if s.best_round(18) is not None:
            rounds += f" / {s.best_round(18)}"
        rate = "–" if s.win_rate is None else f"{num(s.win_rate, 0)} %"
        return [
            (t("stats.played"), str(s.played), p.white),
            (t("stats.won"), str(s.won), p.gold),
            (t("stats.win_rate"), rate, p.cyan),
            (t("stats.best"), opt(s.best_score), p.gold),
            (t("stats.average"), num(s.average_score), p.white),
            (t("stats.left"), num(s.average_left), p.orange),
            (t("stats.streak"), f"{s.current_streak} / {s.longest_streak}", p.pink),
            (t("stats.perfect"), str(s.perfect), p.gold),
            (t("stats.rounds"), str(s.rounds_played), p.white),
            (t("stats.best_round"), rounds, p.green),
        ]

    def draw(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        surface.blit(look.felt(), (0, 0))
        look.type.blit(
            surface,
            texts("stats.title"),
            18,
            p.gold,
            (SCREEN_SIZE[0] // 2, 14),
            anchor="midtop",
            shadow=p.ink,
        )
        # the rule set, between two arrows
        name = self.app.texts.rule_set(self.key)
        r = look.type.blit(
            surface, name, 12, p.white, (SCREEN_SIZE[0] // 2, 70), anchor="midtop", shadow=p.ink
        )
        cy = r.centery
        for side in (-1, 1):
            x = (r.left - 28) if side < 0 else (r.right + 28)
            points = [(x + side * 10, cy), (x - side * 4, cy - 12), (x - side * 4, cy + 12)]
            pygame.draw.polygon(surface, p.ink, [(a + 2, b + 2) for a, b in points])
            pygame.draw.polygon(surface, p.gold, points)
        self._draw_tiles(surface)
        self._draw_chart(surface)
        daily = texts(
            "stats.daily",
            done=len(daily_dates(self.app.records.stats)),
            streak=self.app.records.daily_streak(),
            longest=self.app.records.longest_daily_streak(),
        )
        look.type.blit(
            surface, daily, 8, p.label, (SCREEN_SIZE[0] // 2, 616), anchor="midtop", shadow=p.ink
        )
        self.menu.draw(surface, look, texts)
        for toast in self.toasts:
            toast.draw(surface, look, (SCREEN_SIZE[0] // 2, CHART.centery))

    def _draw_tiles(self, surface: pygame.Surface) -> None:
        look, p = self.app.look, PALETTE
        tiles = self.tiles()
        per_row = 5
        x0 = (SCREEN_SIZE[0] - (per_row * TILE_W + (per_row - 1) * TILE_GAP)) // 2
        for i, (label, value, colour) in enumerate(tiles):
            row, col = divmod(i, per_row)
            rect = pygame.Rect(
                x0 + col * (TILE_W + TILE_GAP), TILES_TOP + row * (TILE_H + 10), TILE_W, TILE_H
            )
            chunky_panel(surface, rect)
            look.type.blit(
                surface,
                value,
                14,
                colour,
                (rect.centerx, rect.top + 10),
                anchor="midtop",
                shadow=p.ink,
            )
            size = 7 if look.type.width(label, 7) <= TILE_W - 24 else 6
            look.type.blit(
                surface,
                label,
                size,
                p.hud_label,
                (rect.centerx, rect.bottom - 10),
                anchor="midbottom",
                shadow=p.ink,
            )

    def _draw_chart(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        frame = CHART_FRAME
        chunky_panel(surface, frame, fill=PALETTE.board)
        recent = self.figures.recent
        lower = lower_is_better(self.key)
        area = CHART
        # grid: quarter lines of the win rate, faint
        for quarter in range(5):
            y = area.bottom - round(quarter / 4 * area.height)
            for x in range(area.left, area.right, 4 * PIXEL):
                surface.fill((48, 44, 78), (x, y, 2 * PIXEL, PIXEL))
            look.type.blit(
                surface, f"{quarter * 25}%", 6, p.cyan, (area.right + 10, y), anchor="midleft"
            )
        score_name = texts("stats.axis_strokes" if lower else "stats.axis_points")
        look.type.blit(
            surface, score_name, 7, p.hud_label, (area.left, frame.top + 12), anchor="topleft"
        )
        count = len(recent)
        title = (
            ""
            if not count
            else texts("stats.chart_one" if count == 1 else "stats.chart", count=count)
        )
        look.type.blit(
            surface, title, 7, p.hud_label, (area.right, frame.top + 12), anchor="topright"
        )
        if not recent:
            look.type.blit(
                surface,
                texts("stats.no_games"),
                10,
                p.grey,
                area.center,
                anchor="center",
                shadow=p.ink,
            )
            self._draw_legend(surface, frame)
            return
        bars, zero = chart_bars(recent, area, lower)
        low_label, high_label = (
            ("0", "350")
            if not lower
            else (
                str(min([0, *(g.score for g in recent)])),
                str(max([5, *(g.score for g in recent)])),
            )
        )
        look.type.blit(
            surface, high_label, 6, p.hud_label, (area.left - 10, area.top), anchor="midright"
        )
        look.type.blit(
            surface, low_label, 6, p.hud_label, (area.left - 10, area.bottom), anchor="midright"
        )
        if lower and zero != area.bottom:
            look.type.blit(surface, "0", 6, p.hud_label, (area.left - 10, zero), anchor="midright")
        for rect, outcome in bars:
            colour = BAR_COLOURS.get(outcome, p.grey)
            grown = rect.copy()
            if self.grow < 1.0:
                grown.height = max(PIXEL, round(rect.height * self.grow))
                if rect.bottom == zero or rect.top < zero:
                    grown.bottom = rect.bottom if rect.bottom <= zero else zero
                else:
                    grown.top = zero
            shade = tuple(max(0, c - 70) for c in colour)
            pygame.draw.rect(surface, p.ink, grown.inflate(PIXEL * 2, PIXEL * 2))
            pygame.draw.rect(surface, colour, grown)
            side = grown.copy()
            side.width = PIXEL
            side.right = grown.right
            pygame.draw.rect(surface, shade, side)
        surface.fill(p.white, (area.left, zero - PIXEL // 2, area.width, PIXEL))
        self._draw_rate_line(surface, recent, area, bars)
        self._draw_legend(surface, frame)

    def _draw_rate_line(
        self,
        surface: pygame.Surface,
        recent: tuple[RecentGame, ...],
        area: pygame.Rect,
        bars: list[tuple[pygame.Rect, str]],
    ) -> None:
        p = PALETTE
        rates = running_win_rate(recent)
        shown = max(1, round(len(rates) * self.grow))
        points = [
            (rect.centerx, area.bottom - round(rate / 100 * area.height))
            for (rect, _), rate in zip(bars[:shown], rates[:shown], strict=True)
        ]
        if len(points) >= 2:
            pygame.draw.lines(
                surface, p.ink, False, [(x + PIXEL, y + PIXEL) for x, y in points], 3 * PIXEL
            )
            pygame.draw.lines(surface, p.cyan, False, points, 2 * PIXEL)
        for x, y in points[-1:]:
            pygame.draw.rect(surface, p.ink, (x - 5, y - 5, 10, 10))
            pygame.draw.rect(surface, p.white, (x - 3, y - 3, 6, 6))
            rate = rates[shown - 1]
            text = f"{rate:.0f}%"
            label_y = max(area.top + 8, min(area.bottom - 12, y - 14))
            near_end = x > area.right - 80  # keep clear of the percentages on the right
            self.app.look.type.blit(
                surface,
                text,
                8,
                p.cyan,
                (x - 10, label_y - 14) if near_end else (x + 10, label_y),
                anchor="midright" if near_end else "midleft",
                shadow=p.ink,
            )

    def _draw_legend(self, surface: pygame.Surface, frame: pygame.Rect) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        items: list[tuple[str, Colour, bool]] = [
            (texts("stats.legend_won"), BAR_COLOURS["won"], False),
            (texts("stats.legend_blocked"), BAR_COLOURS["blocked"], False),
            (texts("stats.legend_abandoned"), BAR_COLOURS["abandoned"], False),
            (texts("stats.legend_rate"), p.cyan, True),
        ]
        rendered = [look.type.render(label, 7, p.white, shadow=p.ink) for label, _, _ in items]
        width = sum(r.get_width() + 40 for r in rendered)
        x = frame.centerx - width // 2
        y = frame.bottom - 26
        for (_label, colour, line), text in zip(items, rendered, strict=True):
            if line:
                pygame.draw.rect(surface, colour, (x, y - PIXEL, 20, 2 * PIXEL))
            else:
                pygame.draw.rect(surface, p.ink, (x - PIXEL, y - 7, 16, 16))
                pygame.draw.rect(surface, colour, (x, y - 6, 12, 12))
            surface.blit(text, text.get_rect(midleft=(x + 24, y)))
            x += text.get_width() + 40


class ConfirmReset(ConfirmDialog):
    """Reset the statistics of this rule set? No is the default."""

    def __init__(self, app: App, stats: StatsScene) -> None:
        super().__init__(
            app,
            RESET_PANEL_W,
            ("common.no", self.close),
            ("stats.reset_yes", self.confirm),
            button_width=240,
            body_middle=86,
        )
        self.stats = stats

    def title(self) -> str:
        return self.app.texts("stats.reset_title", rules=self.app.texts.rule_set(self.stats.key))

    def body(self) -> str:
        return self.app.texts("stats.reset_body")

    def confirm(self) -> None:
        self.stats.reset()
        self.close()

    def close(self) -> None:
        self.app.scenes.pop(fade=False)
