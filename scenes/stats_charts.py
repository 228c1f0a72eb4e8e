"""The statistics screen's charts, in the game's look: three views of one rule set's games.

- **Last 50** (``recent``): the last games as bars, coloured by how each ended, their height the
  score, with the win rate over those games as a line on the right-hand scale.
- **Over time** (``time``): every game's score as a dot, oldest first (a game won in gold), and
  the win rate over the last 10 and over the last 100 games after each game as two lines.
- **Scores** (``scores``): how many games scored each range of scores (a histogram, the
  average marked).

Each chart has its axes with a few round ticks (:func:`nice_ticks`) and says what it shows and
of how many games; a win rate over fewer games than its window says so. The figures come from
``golf.journal.series`` and ``golf.solitaire.stats``: nothing is computed here but where things
go. The dots of the time chart are drawn once into a layer kept while the series is the same.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

import pygame

from golf.core.translations import decimal
from golf.journal.series import WINDOWS, Series, WinRate
from golf.solitaire.stats import RECENT_GAMES, RecentGame, running_win_rate
from scenes.core.i18n import Texts
from scenes.core.look import PALETTE, PIXEL, Colour, Look, chunky_panel

__all__ = [
    "BAR_COLOURS",
    "CHART",
    "CHART_FRAME",
    "RATE_COLOURS",
    "VIEWS",
    "Charts",
    "Plot",
    "chart_bars",
    "figure_text",
    "nice_ticks",
    "rate_text",
    "tab_rects",
    "time_points",
]

VIEWS: Final = ("recent", "time", "scores")
"""The charts, in the order of their tabs (keys 1, 2, 3)."""
CHART_FRAME = pygame.Rect(52, 258, 1176, 346)
CHART = pygame.Rect(150, 338, 960, 176)
"""Where the charts plot: the scales' labels go left and right of it, the games' below."""
TAB_W, TAB_H, TAB_GAP = 200, 34, 12
MIN_SLOTS = 20  # a few games get wide bars; 50 fill the chart
NUB = 3 * PIXEL  # the height of a bar for a score of 0
POINTS_TOP = 350  # a won game's points: the top of a points chart
GRID: Colour = (48, 44, 78)
BAR_COLOURS: dict[str, Colour] = {
    "won": PALETTE.gold,
    "blocked": PALETTE.orange,
    "abandoned": PALETTE.grey,
}
RATE_COLOURS: dict[int, Colour] = {10: PALETTE.pink, 100: PALETTE.cyan}
LINE_WIDTHS: dict[int, int] = {10: PIXEL, 100: 2 * PIXEL}
"""The line of the win rate over the last 10 games, and over the last 100: the longer view
the bolder, the quick one thin over it."""
DOT_SIZES: tuple[tuple[int, float], ...] = ((8, 120), (6, 400), (4, 1500), (2, math.inf))
"""A game's dot in the time chart: the fewer the games, the bigger (pixels, up to games)."""
HISTOGRAM: Colour = (120, 196, 150)
LEGEND_Y = (CHART_FRAME.bottom - 50, CHART_FRAME.bottom - 24)
"""The two lines of legend at the foot of the frame."""


def tab_rects() -> list[pygame.Rect]:
    """The view tabs along the top of the chart's frame, from its left edge."""
    left, top = CHART_FRAME.left + 18, CHART_FRAME.top + 14
    return [pygame.Rect(left + i * (TAB_W + TAB_GAP), top, TAB_W, TAB_H) for i in range(3)]


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


def rate_text(texts: Texts, rate: WinRate) -> str:
    """``Win rate, last 100 games: 34 % (34 of 100)``, or with fewer games than the window,
    that there were fewer."""
    key = "stats.rate_last" if rate.full else "stats.rate_few"
    percent = figure_text(rate.percent, texts.lang, 0)
    return texts(key, window=rate.window, percent=percent, won=rate.won, of=rate.of, count=rate.of)


def nice_ticks(low: float, high: float, most: int = 6) -> list[int]:
    """Round values from ``low`` to ``high`` (at most ``most``): the multiples of the smallest
    step of 1, 2, 2.5 or 5 × 10ⁿ (a whole number) that gives no more."""
    for power in range(12):
        for mantissa in (1, 2, 2.5, 5):
            step = mantissa * 10**power
            if step != int(step):
                continue
            first, last = math.ceil(low / step), math.floor(high / step)
            if last - first + 1 <= most:
                return [int(k * step) for k in range(first, last + 1)]
    return [int(low), int(high)]


def _dotted(surface: pygame.Surface, left: int, right: int, y: int) -> None:
    for x in range(left, right, 4 * PIXEL):
        surface.fill(GRID, (x, y, 2 * PIXEL, PIXEL))


@dataclass(frozen=True)
class Plot:
    """Where a chart puts a game and a score: ``count`` games across ``area``, scores from
    ``low`` to ``high`` up it."""

    area: pygame.Rect
    count: int
    low: int
    high: int

    @classmethod
    def of(cls, scores: Sequence[int], lower_better: bool, area: pygame.Rect = CHART) -> Plot:
        """Points from 0 to 350 (more if a score is higher); strokes and totals from the best
        clear (below zero) to the worst game."""
        top = 5 if lower_better else POINTS_TOP
        low = min([0, *scores])
        return cls(area, len(scores), low, max([top, *scores]))

    def x(self, index: int) -> int:
        """The middle of game ``index``'s slot, on the 2-pixel grid."""
        x = self.area.left + (2 * index + 1) * self.area.width // (2 * max(1, self.count))
        return x - x % PIXEL

    def y(self, score: float) -> int:
        y = self.area.bottom - round(
            (score - self.low) / max(1, self.high - self.low) * self.area.height
        )
        return y - y % PIXEL

    def rate_y(self, percent: float) -> int:
        y = self.area.bottom - round(percent / 100 * self.area.height)
        return y - y % PIXEL


def time_points(
    found: Series, plot: Plot
) -> tuple[list[tuple[int, int, bool]], dict[int, list[tuple[int, int]]]]:
    """The dots of the time chart — (x, y, won) once each where many games share a place —
    and each window's line: from the game that fills the window on, one point per column
    (the last game there)."""
    count = found.played
    ys = list(map({score: plot.y(score) for score in set(found.scores)}.__getitem__, found.scores))
    columns = plot.area.width // PIXEL
    if count <= columns:
        dots = list(dict.fromkeys(zip(map(plot.x, range(count)), ys, found.won, strict=True)))
    else:  # many games a column: each column's games in one pass of C loops
        dots = []
        for column in range(columns):
            first, end = column * count // columns, (column + 1) * count // columns
            x = plot.x((first + end - 1) // 2)
            here = dict.fromkeys(zip(ys[first:end], found.won[first:end], strict=True))
            dots += [(x, y, won) for y, won in here]
    lines: dict[int, list[tuple[int, int]]] = {}
    for window in WINDOWS:
        if found.played < window:
            lines[window] = []
            continue
        if found.played > columns:
            last = {
                min(found.played - 1, (c + 1) * found.played // columns - 1) for c in range(columns)
            }
            indices = sorted(i for i in last if i >= window - 1)
        else:
            indices = list(range(window - 1, found.played))
        lines[window] = [(plot.x(i), plot.rate_y(found.percent(window, i))) for i in indices]
    return dots, lines


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
        low, high = 0, POINTS_TOP
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


LegendItem = tuple[str, Colour, bool]
"""A legend's entry: its text, its colour, and whether it is a line (else a square)."""


class Charts:
    """Draws the chart of one view of one rule set inside the statistics screen's frame."""

    def __init__(self, look: Look, texts: Callable[[], Texts]) -> None:
        self.look = look
        self._texts = texts
        self._layer: tuple[int, pygame.Surface] | None = None  # (id of the series, its dots)
        self.said: list[str] = []
        """Every text the last chart drew, in order (what a test reads)."""

    @property
    def texts(self) -> Texts:
        return self._texts()

    # ------------------------------------------------------------------ shared parts
    def _text(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        colour: Colour,
        pos: tuple[int, int],
        anchor: str,
        shadow: bool = False,
    ) -> pygame.Rect:
        self.said.append(text)
        return self.look.type.blit(
            surface, text, size, colour, pos, anchor=anchor, shadow=PALETTE.ink if shadow else None
        )

    def frame(self, surface: pygame.Surface, title: str) -> None:
        """The frame, and what the chart shows at its top right."""
        self.said = []
        chunky_panel(surface, CHART_FRAME, fill=PALETTE.board)
        right = CHART_FRAME.right - 24
        self._text(
            surface, title, 7, PALETTE.hud_label, (right, tab_rects()[0].centery), "midright"
        )

    def empty(self, surface: pygame.Surface) -> None:
        self._text(
            surface,
            self.texts("stats.no_games"),
            10,
            PALETTE.grey,
            CHART.center,
            "center",
            shadow=True,
        )

    def legend(self, surface: pygame.Surface, items: Sequence[LegendItem], row: int) -> None:
        """A line of legend, centred under the chart (``row`` 0 or 1); in smaller type when it
        would not fit in the frame (French runs longer)."""
        look, p = self.look, PALETTE
        for size in (7, 6):
            rendered = [look.type.render(t, size, p.white, shadow=p.ink) for t, _, _ in items]
            width = sum(r.get_width() + 40 for r in rendered) - 16
            if width <= CHART_FRAME.width - 48:
                break
        x = CHART_FRAME.centerx - width // 2
        y = LEGEND_Y[row]
        for (label, colour, line), text in zip(items, rendered, strict=True):
            self.said.append(label)
            if line:
                pygame.draw.rect(surface, p.ink, (x - PIXEL, y - 2 * PIXEL, 24, 4 * PIXEL))
                pygame.draw.rect(surface, colour, (x, y - PIXEL, 20, 2 * PIXEL))
            else:
                pygame.draw.rect(surface, p.ink, (x - PIXEL, y - 7, 16, 16))
                pygame.draw.rect(surface, colour, (x, y - 6, 12, 12))
            surface.blit(text, text.get_rect(midleft=(x + 24, y)))
            x += text.get_width() + 40

    def score_axis(self, surface: pygame.Surface, plot: Plot, name: str, grid: bool) -> None:
        """The scores' round ticks on the left (with faint lines when ``grid``), the axis's
        name above them."""
        area = plot.area
        for tick in nice_ticks(plot.low, plot.high, 5):
            y = plot.y(tick)
            if grid:
                _dotted(surface, area.left, area.right, y)
            self._text(surface, str(tick), 6, PALETTE.hud_label, (area.left - 10, y), "midright")
        self._text(surface, name, 7, PALETTE.hud_label, (area.left - 60, area.top - 22), "topleft")

    def rate_axis(self, surface: pygame.Surface, area: pygame.Rect, grid: bool) -> None:
        """0 % to 100 % on the right, a faint line at each quarter when ``grid``."""
        for quarter in range(5):
            y = area.bottom - round(quarter / 4 * area.height)
            y -= y % PIXEL
            if grid:
                _dotted(surface, area.left, area.right, y)
            self._text(
                surface, f"{quarter * 25} %", 6, PALETTE.cyan, (area.right + 10, y), "midleft"
            )

    # ------------------------------------------------------------------ the last games
    def recent(
        self,
        surface: pygame.Surface,
        recent: tuple[RecentGame, ...],
        lower_better: bool,
        axis_name: str,
        legend: Sequence[LegendItem],
        grow: float,
    ) -> None:
        """The last games as bars, the win rate over them as a line."""
        texts, p, area = self.texts, PALETTE, CHART
        count = len(recent)
        title = (
            ""
            if not count
            else texts("stats.chart_one" if count == 1 else "stats.chart", count=count)
        )
        self.frame(surface, title)
        self.rate_axis(surface, area, grid=True)
        self._text(surface, axis_name, 7, p.hud_label, (area.left - 60, area.top - 22), "topleft")
        if not recent:
            self.empty(surface)
            return
        bars, zero = chart_bars(recent, area, lower_better)
        scores = [g.score for g in recent]
        low, high = (0, POINTS_TOP) if not lower_better else (min([0, *scores]), max([5, *scores]))
        self._text(surface, str(high), 6, p.hud_label, (area.left - 10, area.top), "midright")
        self._text(surface, str(low), 6, p.hud_label, (area.left - 10, area.bottom), "midright")
        if lower_better and zero != area.bottom:
            self._text(surface, "0", 6, p.hud_label, (area.left - 10, zero), "midright")
        for rect, outcome in bars:
            colour = BAR_COLOURS.get(outcome, p.grey)
            grown = rect.copy()
            if grow < 1.0:
                grown.height = max(PIXEL, round(rect.height * grow))
                if rect.bottom == zero or rect.top < zero:
                    grown.bottom = rect.bottom if rect.bottom <= zero else zero
                else:
                    grown.top = zero
            _bar(surface, grown, colour)
        surface.fill(p.white, (area.left, zero - PIXEL // 2, area.width, PIXEL))
        self._rate_line(surface, recent, bars, grow)
        self.legend(surface, legend, 1)

    def _rate_line(
        self,
        surface: pygame.Surface,
        recent: tuple[RecentGame, ...],
        bars: list[tuple[pygame.Rect, str]],
        grow: float,
    ) -> None:
        p, area = PALETTE, CHART
        rates = running_win_rate(recent)
        shown = max(1, round(len(rates) * grow))
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
            text = f"{figure_text(rates[shown - 1], self.texts.lang, 0)} %"
            label_y = max(area.top + 8, min(area.bottom - 12, y - 14))
            near_end = x > area.right - 80  # keep clear of the percentages on the right
            pos = (x - 10, label_y - 14) if near_end else (x + 10, label_y)
            anchor = "midright" if near_end else "midleft"
            # on an ink plate: the label may stand over the bars, whatever their colour
            plate = self.look.type.render(text, 8, p.cyan, shadow=p.ink).get_rect(**{anchor: pos})
            surface.fill(p.ink, plate.inflate(4 * PIXEL, 2 * PIXEL))
            self._text(surface, text, 8, p.cyan, pos, anchor, shadow=True)

    # ------------------------------------------------------------------ over time
    def time(self, surface: pygame.Surface, found: Series, axis_name: str, grow: float) -> None:
        """Every game's score as a dot, and the win rates over the last 10 and 100 games."""
        texts, p = self.texts, PALETTE
        self.frame(surface, texts("stats.time_title", count=found.played) if found.played else "")
        plot = Plot.of(found.scores, found.lower_better)
        area = plot.area
        self.rate_axis(surface, area, grid=False)
        self.score_axis(surface, plot, axis_name, grid=True)
        if not found.played:
            self.empty(surface)
            return
        if found.lower_better and plot.low < 0:
            surface.fill(p.grey_dark, (area.left, plot.y(0), area.width, PIXEL))
        for tick in nice_ticks(1, found.played, 6):
            x = plot.x(tick - 1)
            surface.fill(p.hud_label, (x, area.bottom + 2, PIXEL, 3 * PIXEL))
            self._text(surface, str(tick), 6, p.hud_label, (x, area.bottom + 10), "midtop")
        self._text(
            surface,
            texts("stats.axis_games"),
            7,
            p.hud_label,
            (area.right + 10, area.bottom + 10),
            "topleft",
        )
        layer = self._time_layer(found, plot)
        shown = layer.get_width() if grow >= 1 else max(PIXEL, round(layer.get_width() * grow))
        surface.blit(
            layer, (area.left - 8, area.top - 8), pygame.Rect(0, 0, shown, layer.get_height())
        )
        dots: list[LegendItem] = [
            (texts("stats.legend_won"), p.gold, False),
            (texts("stats.legend_not_won"), p.orange, False),
        ]
        self.legend(surface, dots, 0)
        self.legend(
            surface, [(rate_text(texts, found.rate(w)), RATE_COLOURS[w], True) for w in WINDOWS], 1
        )

    def _time_layer(self, found: Series, plot: Plot) -> pygame.Surface:
        """The dots and the lines of the time chart, drawn once for a series."""
        if self._layer is not None and self._layer[0] == id(found):
            return self._layer[1]
        area = plot.area
        layer = pygame.Surface((area.width + 16, area.height + 16), pygame.SRCALPHA)
        origin = (area.left - 8, area.top - 8)
        dots, lines = time_points(found, plot)
        size = next(s for s, most in DOT_SIZES if found.played <= most)
        for won in (False, True):  # the games won on top
            dot = pygame.Surface((size + PIXEL, size + PIXEL), pygame.SRCALPHA)
            if size > 2:
                dot.fill(PALETTE.ink)
            dot.fill(PALETTE.gold if won else PALETTE.orange, (PIXEL // 2, PIXEL // 2, size, size))
            corner = (origin[0] + size // 2 + PIXEL // 2, origin[1] + size // 2 + PIXEL // 2)
            layer.fblits([(dot, (x - corner[0], y - corner[1])) for x, y, w in dots if w == won])
        for window in sorted(WINDOWS, reverse=True):  # the last 10 over the last 100
            points = [(x - origin[0], y - origin[1]) for x, y in lines[window]]
            width = LINE_WIDTHS[window]
            if len(points) >= 2:
                shadow = [(x + PIXEL, y + PIXEL) for x, y in points]
                pygame.draw.lines(layer, PALETTE.ink, False, shadow, width + PIXEL)
                pygame.draw.lines(layer, RATE_COLOURS[window], False, points, width)
            elif points:
                x, y = points[0]
                layer.fill(RATE_COLOURS[window], (x - 3, y - 3, 6, 6))
        self._layer = (id(found), layer)
        return layer

    # ------------------------------------------------------------------ the scores' spread
    def scores(
        self, surface: pygame.Surface, found: Series, axis_name: str, strokes: bool, grow: float
    ) -> None:
        """How many games scored each range: a bar a bin, the average marked."""
        texts, p, area = self.texts, PALETTE, CHART
        self.frame(surface, texts("stats.scores_title", count=found.played) if found.played else "")
        self._text(
            surface,
            texts("stats.axis_games"),
            7,
            p.hud_label,
            (area.left - 60, area.top - 22),
            "topleft",
        )
        if not found.bins:
            self.empty(surface)
            return
        most = max(b.count for b in found.bins)
        for tick in nice_ticks(0, most, 5):
            y = area.bottom - round(tick / max(1, most) * area.height)
            y -= y % PIXEL
            _dotted(surface, area.left, area.right, y)
            self._text(surface, str(tick), 6, p.hud_label, (area.left - 10, y), "midright")
        slot = area.width // len(found.bins)
        left = area.left + (area.width - slot * len(found.bins)) // 2
        bar_w = max(PIXEL, (slot - 2 * PIXEL) // PIXEL * PIXEL)
        width = found.bin_width
        label_every = max(
            1, math.ceil((self.look.type.width(str(found.bins[-1].high + 1), 6) + 16) / slot)
        )
        for i, b in enumerate(found.bins):
            x = left + i * slot
            height = round(b.count / max(1, most) * area.height * min(1.0, grow))
            if b.count:
                rect = pygame.Rect(
                    x + (slot - bar_w) // 2,
                    area.bottom - max(PIXEL, height),
                    bar_w,
                    max(PIXEL, height),
                )
                _bar(surface, rect, HISTOGRAM)
                if slot >= 34 and grow >= 1:
                    self._text(
                        surface, str(b.count), 6, p.white, (rect.centerx, rect.top - 4), "midbottom"
                    )
            if i % label_every == 0:
                if width == 1:
                    self._text(
                        surface,
                        str(b.low),
                        6,
                        p.hud_label,
                        (x + slot // 2, area.bottom + 10),
                        "midtop",
                    )
                else:
                    surface.fill(p.hud_label, (x, area.bottom + 2, PIXEL, 3 * PIXEL))
                    self._text(surface, str(b.low), 6, p.hud_label, (x, area.bottom + 10), "midtop")
        surface.fill(p.white, (area.left, area.bottom, area.width, PIXEL))
        self._text(surface, axis_name, 7, p.hud_label, (area.right, area.bottom + 28), "topright")
        if found.average is not None and grow >= 1:
            self._average(surface, found.average, found.bins[0].low, width, left, slot)
        if width == 1:
            unit = texts("stats.bin_one_stroke" if strokes else "stats.bin_one")
        else:
            unit = texts("stats.bin_strokes" if strokes else "stats.bin_points", count=width)
        self.legend(surface, [(unit, HISTOGRAM, False)], 1)

    def _average(
        self, surface: pygame.Surface, average: float, low: int, width: int, left: int, slot: int
    ) -> None:
        """A dashed line at the average score over the bars (``low``: the first bar's lowest
        score, each bar ``width`` scores wide and ``slot`` pixels apart from ``left``), named."""
        texts, p, area = self.texts, PALETTE, CHART
        x = left + round((average - low + (0.5 if width == 1 else 0)) / width * slot)
        x -= x % PIXEL
        for y in range(area.top - 6, area.bottom, 4 * PIXEL):
            surface.fill(p.white, (x, y, PIXEL, 2 * PIXEL))
        mark = texts("stats.average_mark", value=figure_text(average, texts.lang))
        half = self.look.type.width(mark, 7) // 2 + 4
        at = max(area.left + half, min(area.right - half, x))
        self._text(surface, mark, 7, p.white, (at, area.top - 22), "midtop", shadow=True)


def _bar(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """A chunky bar: an ink outline, a darker right side."""
    shade = (max(0, colour[0] - 70), max(0, colour[1] - 70), max(0, colour[2] - 70))
    pygame.draw.rect(surface, PALETTE.ink, rect.inflate(PIXEL * 2, PIXEL * 2))
    pygame.draw.rect(surface, colour, rect)
    side = rect.copy()
    side.width = PIXEL
    side.right = rect.right
    pygame.draw.rect(surface, shade, side)
