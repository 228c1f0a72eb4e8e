"""The statistics screen: one rule set at a time — solitaire's and six-card Golf's — its figures
as arcade tiles and a chart of its games in one of three views (``scenes.stats_charts``): the
last games as bars, every game's score over time with the win rates over the last 10 and 100
games, and how the scores are spread. ← → change the rule set; the tabs above the chart (1, 2, 3,
a click, or ↑ and Enter) the view. Reset asks first. The figures come from ``golf.solitaire.stats``
and ``golf.journal.series`` through ``scenes.core.records``; nothing is computed here that the
engine side defines.
"""

from __future__ import annotations

from functools import partial

import pygame

from golf.journal.journal import GameKind
from golf.journal.series import WINDOWS, Series
from golf.solitaire.rules import PRESETS
from golf.solitaire.stats import (
    RECENT_GAMES,
    RecentGame,
    RuleStats,
    daily_dates,
    lower_is_better,
)
from scenes.core.dialog import ConfirmDialog
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, SCREEN_SIZE, Colour, chunky_panel
from scenes.core.manager import App, Scene
from scenes.core.widgets import Button, ButtonSpec, Menu, Toast, button_row
from scenes.highscores import HighScoresScene
from scenes.stats_charts import (
    BAR_COLOURS,
    CHART,
    CHART_FRAME,
    VIEWS,
    Charts,
    LegendItem,
    chart_bars,
    figure_text,
    tab_rects,
)

__all__ = [
    "CHART",
    "CHART_FRAME",
    "ConfirmReset",
    "StatsScene",
    "chart_bars",
    "figure_text",
    "open_stats",
]

SIX_CARD_STANDARD = "standard"
TILE_W, TILE_H, TILE_GAP = 220, 64, 12
TILES_TOP = 112
RESET_PANEL_W = 760
ROW_WIDTHS = (150, 150, 200, 200, 200, 200)
"""The buttons' widths: the rule set's arrows, High scores, History, Reset, Back."""
Tile = tuple[str, str, Colour]


def open_stats(app: App, key: str | None = None) -> None:
    """The statistics screen over whatever shows, on ``key`` (default: the default rules)."""
    app.scenes.push(StatsScene(app, key))


class StatsScene(Scene):
    """Figures and chart of one rule set; ← → change the rule set, 1 2 3 the chart."""

    def __init__(self, app: App, key: str | None = None, game: GameKind = "solitaire") -> None:
        super().__init__(app)
        self.keys = self._keys()
        start = (game, key or app.records.last_key or self._most_played())
        self.index = self.keys.index(start) if start in self.keys else 0
        self.view = 0
        """The chart shown: an index of :data:`~scenes.stats_charts.VIEWS`."""
        self.clock = 0.0
        self.grow = 0.0  # 0..1: the chart rises when a rule set or a view is shown
        self.toasts: list[Toast] = []
        self.charts = Charts(app.look, lambda: self.app.texts)
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
        self.tabs = [
            Button(rect, f"stats.view_{view}", partial(self.show, i), hint=str(i + 1), size=8)
            for i, (view, rect) in enumerate(zip(VIEWS, tab_rects(), strict=True))
        ]
        self.menu = Menu([*buttons, *self.tabs], focus=len(buttons) - 1)
        self._restyle()

    def _most_played(self) -> str:
        """The default rules, unless another rule set has games and they have none."""
        stats = self.app.records.stats
        default = self.app.settings.default_rules
        if stats.get(default).played or not stats.rule_set_keys():
            return default
        return max(stats.rule_set_keys(), key=lambda k: stats.get(k).played)

    def _keys(self) -> list[tuple[GameKind, str]]:
        """Solitaire's presets and the other rule sets played, then six-card Golf's."""
        played = self.app.records.stats.rule_set_keys()
        six = self.app.records.six_card_rule_sets()
        return [
            *(("solitaire", k) for k in (*PRESETS, *(k for k in played if k not in PRESETS))),
            *(("six-card", k) for k in (SIX_CARD_STANDARD, *(k for k in six if k != "standard"))),
        ]

    @property
    def game(self) -> GameKind:
        """The game whose rule set is shown."""
        return self.keys[self.index][0]

    @property
    def key(self) -> str:
        """The rule set shown."""
        return self.keys[self.index][1]

    @property
    def name(self) -> str:
        """The rule set's name as the player reads it."""
        texts = self.app.texts
        if self.game == "solitaire":
            return texts.rule_set(self.key)
        if self.key == SIX_CARD_STANDARD:
            return texts("stats.six_card")
        return texts("stats.six_card_rules", rules=texts.rule_set(self.key))

    @property
    def figures(self) -> RuleStats:
        return self.app.records.stats.get(self.key)

    @property
    def series(self) -> Series:
        """The games of the rule set shown, oldest first."""
        return self.app.records.series(self.game, self.key)

    @property
    def lower_better(self) -> bool:
        return self.game == "six-card" or lower_is_better(self.key)

    def step(self, delta: int) -> None:
        """The next (or previous) rule set."""
        self.index = (self.index + delta) % len(self.keys)
        self.grow = 0.0
        self._restyle()
        self.app.sound.play("click")

    def show(self, view: int) -> None:
        """Chart ``view`` (an index of :data:`VIEWS`)."""
        if view != self.view:
            self.view = view
            self.grow = 0.0
            self._restyle()
        self.app.sound.play("click")

    def _restyle(self) -> None:
        """The tab of the chart shown lit; High scores only for solitaire's tables."""
        for i, tab in enumerate(self.tabs):
            tab.style = "cyan" if i == self.view else "grey"
        for button in self.menu.buttons:
            if button.key == "scores.title":
                button.enabled = self.game == "solitaire"

    def high_scores(self) -> None:
        self.app.scenes.push(HighScoresScene(self.app, self.key))

    def ask_reset(self) -> None:
        self.app.scenes.push(ConfirmReset(self.app, self), fade=False)

    def reset(self) -> None:
        """Forget this rule set's figures (after the player confirmed)."""
        self.app.records.reset_stats(self.key)
        self.grow = 0.0
        self.toasts = [Toast(self.app.texts("stats.reset_done", rules=self.name))]
        for notice in self.app.records.take_notices():
            self.toasts.append(
                Toast(notice.text(self.app.texts.lang), seconds=6.0, colour=PALETTE.orange)
            )

    def close(self) -> None:
        self.app.scenes.pop()

    def enter(self) -> None:
        shown = self.keys[min(self.index, len(self.keys) - 1)]
        self.keys = self._keys()
        self.index = self.keys.index(shown) if shown in self.keys else 0
        self._restyle()

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
        elif kind is Kind.COLUMN and intent.column is not None and intent.column <= len(VIEWS):
            self.show(intent.column - 1)
        else:  # Up and Down move among the buttons and tabs as in every menu
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
    def tiles(self) -> list[Tile]:
        """(label, value, colour) of each figure, in reading order."""
        if self.game == "six-card":
            return self._six_card_tiles()
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
            (t("stats.best_round"), rounds, p.lime),
        ]

    def _six_card_tiles(self) -> list[Tile]:
        """The person's six-card games: their totals (the lowest best) and their wins."""
        t, found, p = self.app.texts, self.series, PALETTE
        runs = "".join("1" if w else "0" for w in found.won).split("0")
        rate = None if not found.played else 100 * found.wins / found.played
        tiles: list[Tile] = [
            (t("stats.played"), str(found.played), p.white),
            (t("stats.won"), str(found.wins), p.gold),
            (
                t("stats.win_rate"),
                ("–" if rate is None else f"{figure_text(rate, t.lang, 0)} %"),
                p.cyan,
            ),
            (t("stats.best_total"), "–" if found.best is None else str(found.best), p.gold),
            (t("stats.average_total"), figure_text(found.average, t.lang), p.white),
        ]
        for window, colour in zip(WINDOWS, (p.pink, p.cyan), strict=True):
            last = found.rate(window)
            if last.full:
                value = f"{figure_text(last.percent, t.lang, 0)} %"
                tiles.append((t("stats.rate_tile", window=window), value, colour))
            else:
                label = t("stats.rate_tile_few", window=window, count=last.of)
                tiles.append((label, "–", colour))
        worst = "–" if found.worst is None else str(found.worst)
        tiles.append((t("stats.worst_total"), worst, p.orange))
        tiles.append((t("stats.streak"), f"{len(runs[-1])} / {max(map(len, runs))}", p.pink))
        return tiles

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
        r = look.type.blit(
            surface,
            self.name,
            12,
            p.white,
            (SCREEN_SIZE[0] // 2, 66),
            anchor="midtop",
            shadow=p.ink,
        )
        cy = r.centery
        for side in (-1, 1):
            x = (r.left - 28) if side < 0 else (r.right + 28)
            points = [(x + side * 10, cy), (x - side * 4, cy - 12), (x - side * 4, cy + 12)]
            pygame.draw.polygon(surface, p.ink, [(a + 2, b + 2) for a, b in points])
            pygame.draw.polygon(surface, p.gold, points)
        self._draw_tiles(surface)
        self._draw_chart(surface)
        if self.game == "solitaire":
            line = texts(
                "stats.daily",
                done=len(daily_dates(self.app.records.stats)),
                streak=self.app.records.daily_streak(),
                longest=self.app.records.longest_daily_streak(),
            )
        else:
            line = texts("stats.six_note")
        look.type.blit(
            surface, line, 8, p.label, (SCREEN_SIZE[0] // 2, 614), anchor="midtop", shadow=p.ink
        )
        self.menu.draw(surface, look, texts)
        for toast in self.toasts:
            toast.draw(surface, look, (SCREEN_SIZE[0] // 2, CHART.centery))

    def _draw_tiles(self, surface: pygame.Surface) -> None:
        look, p = self.app.look, PALETTE
        tiles = self.tiles()
        per_row = 5
        for i, (label, value, colour) in enumerate(tiles):
            row, col = divmod(i, per_row)
            in_row = min(per_row, len(tiles) - row * per_row)
            x0 = (SCREEN_SIZE[0] - (in_row * TILE_W + (in_row - 1) * TILE_GAP)) // 2
            rect = pygame.Rect(
                x0 + col * (TILE_W + TILE_GAP), TILES_TOP + row * (TILE_H + 8), TILE_W, TILE_H
            )
            chunky_panel(surface, rect)
            look.type.blit(
                surface,
                value,
                14,
                colour,
                (rect.centerx, rect.top + 6),
                anchor="midtop",
                shadow=p.ink,
            )
            size = 7 if look.type.width(label, 7) <= TILE_W - 24 else 6
            look.type.blit(
                surface,
                label,
                size,
                p.hud_label,
                (rect.centerx, rect.bottom - 8),
                anchor="midbottom",
                shadow=p.ink,
            )

    def _draw_chart(self, surface: pygame.Surface) -> None:
        texts, view = self.app.texts, VIEWS[self.view]
        if self.game == "six-card":
            axis = texts("stats.axis_total")
        else:
            axis = texts("stats.axis_strokes" if self.lower_better else "stats.axis_points")
        if view == "time":
            self.charts.time(surface, self.series, axis, self.grow)
        elif view == "scores":
            strokes = self.game == "solitaire" and self.lower_better
            self.charts.scores(surface, self.series, axis, strokes, self.grow)
        else:
            self.charts.recent(
                surface, self._recent(), self.lower_better, axis, self._legend(), self.grow
            )

    def _recent(self) -> tuple[RecentGame, ...]:
        """The last games as the bars draw them (six-card: won, or not)."""
        if self.game == "solitaire":
            return self.figures.recent
        found = self.series
        last = zip(found.scores[-RECENT_GAMES:], found.won[-RECENT_GAMES:], strict=True)
        return tuple(RecentGame(score, "won" if won else "blocked", 0) for score, won in last)

    def _legend(self) -> list[LegendItem]:
        texts, p = self.app.texts, PALETTE
        rate: LegendItem = (texts("stats.legend_rate"), p.cyan, True)
        if self.game == "six-card":
            return [
                (texts("stats.legend_won"), BAR_COLOURS["won"], False),
                (texts("stats.legend_not_won"), BAR_COLOURS["blocked"], False),
                rate,
            ]
        return [
            (texts("stats.legend_won"), BAR_COLOURS["won"], False),
            (texts("stats.legend_blocked"), BAR_COLOURS["blocked"], False),
            (texts("stats.legend_abandoned"), BAR_COLOURS["abandoned"], False),
            rate,
        ]


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
        return self.app.texts("stats.reset_title", rules=self.stats.name)

    def body(self) -> str:
        return self.app.texts("stats.reset_body")

    def confirm(self) -> None:
        self.stats.reset()
        self.close()

    def close(self) -> None:
        self.app.scenes.pop(fade=False)
