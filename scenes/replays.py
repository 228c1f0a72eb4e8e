"""The Replays screen: the player's saved games and the samples shipped in ``replays/``.

Every file is read with the engine's strict reader and checked by the one check of a replay
(``golf.replay_files``: ``verify`` and ``watch --headless`` use the same). The list shows, newest
first, each replay's name, code, rules, date and the outcome and score its actions produce —
never the result the file claims; a replay that does not check is marked with its first
difference. A file that cannot be read is listed with the engine's one-line error instead, and
opening it shows the whole message. Opening a readable one watches it
(``scenes.solitaire.watch``, ``scenes.sixcard.watch``).
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pygame

from golf.core.messages import one_line
from golf.replay_files import Verdict, check, read_replay
from golf.sixcard.replay import Result as SixResult
from golf.sixcard.replay import SixReplay
from golf.solitaire.replay import Replay, ReplayError, Result
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, PIXEL, SCREEN_SIZE, chunky_panel
from scenes.core.manager import App, Scene
from scenes.core.paths import replays_root
from scenes.core.textfit import fit_text, wrap_text
from scenes.core.widgets import ButtonSpec, button_row
from scenes.sixcard.watch import players_text, winners_text
from scenes.solitaire.recorder import default_replays_dir

__all__ = ["Entry", "ReplaysScene", "scan"]

log = logging.getLogger(__name__)

SUFFIXES = (".yaml", ".yml")
AUTOSAVED = re.compile(r"\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d_.+")  # see scenes.solitaire.recorder
LIST_TOP = 120
ROW_H = 46
VISIBLE = 10
LEFT = 56
# column left edges: name, code, rules, result, date
COLUMN_X = (LEFT + 16, 490, 730, 890, 1050)
CELL = 7  # type size of the columns after the name
NAME_W = COLUMN_X[1] - COLUMN_X[0] - 16
SIX_CARD = "six-card"  # the subfolder of six-card Golf replays (scenes.sixcard.table)


@dataclass(frozen=True)
class Entry:
    """One file of the list: its replay and what the list shows, or the error reading it.

    ``result`` (solitaire) and ``six_result`` are what the actions produce; ``problem`` is the
    first difference between the file and its game played again (None: the replay is true).
    They come from the one check of a replay, made when a row first asks for them (the rows
    shown, the one selected), not for every file when the list opens: playing costs more than
    reading.
    """

    path: Path
    sample: bool
    when: datetime
    replay: Replay | None = None
    error: str | None = None
    six: SixReplay | None = None  # a six-card Golf replay (``replay`` is then None)

    @functools.cached_property
    def verdict(self) -> Verdict | None:
        """The one check of the replay (None: no replay, or it could not be checked)."""
        either = self.replay if self.replay is not None else self.six
        if either is None:
            return None
        try:
            return check(either)
        except Exception:  # a hostile file must never take the list down
            log.warning("cannot check replay %s", self.path, exc_info=True)
            return None

    @property
    def result(self) -> Result | None:
        """What a solitaire replay's actions produce."""
        played = self.verdict.played if self.verdict is not None else None
        return played if isinstance(played, Result) else None

    @property
    def six_result(self) -> SixResult | None:
        """What a six-card replay's actions produce."""
        played = self.verdict.played if self.verdict is not None else None
        return played if isinstance(played, SixResult) else None

    @property
    def problem(self) -> str | None:
        """Why the replay does not check (None: it does, or it is not a replay)."""
        if self.verdict is None:
            return None if self.error is not None else "the game could not be played again"
        return one_line(self.verdict.problems[0]) if self.verdict.problems else None

    @property
    def name(self) -> str:
        """The replay's title, or the file name."""
        title = self.replay.title if self.replay is not None else None
        if self.six is not None:
            title = self.six.title
        return title or self.path.stem

    @property
    def autosaved(self) -> bool:
        """Whether this is a game the window saved on its own (named by its date and code)."""
        untitled = (self.replay is not None and not self.replay.title) or (
            self.six is not None and not self.six.title
        )
        return untitled and not self.sample and AUTOSAVED.fullmatch(self.path.stem) is not None


def _local(moment: datetime) -> datetime:
    """A date-time without a time zone, in local time (so that all dates compare)."""
    return moment.astimezone().replace(tzinfo=None) if moment.tzinfo is not None else moment


def _read(path: Path, sample: bool) -> Entry:
    try:
        modified = datetime.fromtimestamp(path.stat().st_mtime)
    except OSError:
        modified = datetime.min
    try:
        either = read_replay(path)
    except ReplayError as error:
        return Entry(path, sample, modified, error=one_line(str(error)))
    except Exception as error:  # a hostile file must never take the list down
        log.warning("cannot read replay %s", path, exc_info=True)
        return Entry(path, sample, modified, error=one_line(f"{path}: cannot be read ({error})"))
    when = modified
    if either.recorded is not None:
        when = _local(datetime.fromisoformat(either.recorded))
    if isinstance(either, SixReplay):
        return Entry(path, sample, when, six=either)
    return Entry(path, sample, when, replay=either)


def scan(folders: Sequence[tuple[Path, bool]]) -> list[Entry]:
    """Every replay file of ``folders`` and of their ``six-card`` subfolders (where the
    six-card table saves its games), each with whether it holds samples.

    The player's own games come first, then the samples; each newest first. (A sample without
    a date would otherwise pass for new after every install, its file being new.)
    """
    entries: list[Entry] = []
    seen: set[Path] = set()
    every = [(f, sample) for folder, sample in folders for f in (folder, folder / SIX_CARD)]
    for folder, sample in every:
        try:
            paths = sorted(p for p in folder.iterdir() if p.suffix.lower() in SUFFIXES)
        except OSError:
            continue  # no folder yet (nothing saved), or unreadable: nothing to list
        for path in paths:
            key = path.resolve()
            if key in seen or not path.is_file():
                continue
            seen.add(key)
            entries.append(_read(path, sample))
    entries.sort(key=lambda e: (not e.sample, e.when, e.path.name), reverse=True)
    return entries


class ReplaysScene(Scene):
    """The list; Enter or a click watches the replay, Esc goes back."""

    def __init__(self, app: App, folders: Sequence[tuple[Path, bool]] | None = None) -> None:
        super().__init__(app)
        self.folder = app.replays_dir or default_replays_dir()
        self.folders = (
            list(folders) if folders is not None else [(self.folder, False), (replays_root(), True)]
        )
        self.entries: list[Entry] = scan(self.folders)
        self.selected = 0
        self.first = 0  # the entry shown on the top row
        self.hover: int | None = None
        y = SCREEN_SIZE[1] - 66
        specs: list[ButtonSpec] = [
            ("replays.page_up", self.page_up, "cyan"),
            ("replays.page_down", self.page_down, "cyan"),
            ("replays.watch", self.open_selected, "green"),
            ("common.back", self.close, "pink"),
        ]
        hints = ("←", "→", "Enter", "Esc")
        self.buttons = button_row(specs, y, 220, gap=16, height=48, hints=hints, size=9)
        self.message = ""  # the whole error of a file that cannot be opened

    # ----------------------------------------------------------------- moving
    def select(self, index: int) -> None:
        """Select entry ``index`` and scroll it into view."""
        if not self.entries:
            return
        self.selected = max(0, min(len(self.entries) - 1, index))
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + VISIBLE:
            self.first = self.selected - VISIBLE + 1
        self.message = ""

    def page_up(self) -> None:
        """The previous page of the list."""
        self.select(self.selected - VISIBLE)

    def page_down(self) -> None:
        """The next page of the list."""
        self.select(self.selected + VISIBLE)

    def open_selected(self) -> None:
        """Watch the selected replay (or show why it cannot be read)."""
        if not self.entries:
            return
        entry = self.entries[self.selected]
        if entry.six is not None:
            self.app.flow.watch(entry.six, name=entry.name)
            return
        if entry.replay is None:
            self.message = entry.error or ""
            self.app.sound.play("refusal")
            return
        self.app.flow.watch(entry.replay, name=entry.name)

    def selected_problem(self) -> str:
        """Why the selected replay does not check, in full ("" when it does)."""
        if not self.entries or self.entries[self.selected].problem is None:
            return ""
        return self.app.texts("replays.false", error=self.entries[self.selected].problem)

    def close(self) -> None:
        """Back to the title."""
        self.app.scenes.pop(fade=True)

    def focus_words(self) -> str | None:
        """The selected replay's title and date, read aloud with the speak option on."""
        if not self.entries:
            return None
        entry = self.entries[self.selected]
        return f"{entry.name}, {entry.when:%Y-%m-%d}"

    def row_rect(self, row: int) -> pygame.Rect:
        """Where visible row ``row`` (0 = top) is drawn."""
        return pygame.Rect(LEFT, LIST_TOP + row * ROW_H, SCREEN_SIZE[0] - 2 * LEFT, ROW_H - 4)

    def entry_at(self, pos: tuple[int, int]) -> int | None:
        """The entry under the pointer, if any."""
        for row in range(min(VISIBLE, len(self.entries) - self.first)):
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
        moves = {Kind.UP: -1, Kind.DOWN: 1, Kind.LEFT: -VISIBLE, Kind.RIGHT: VISIBLE}
        if kind in moves or kind in (Kind.FIRST, Kind.LAST):
            self.hover = None  # the keys lead now: one highlighted row, the selected one
        if kind in moves:
            self.select(self.selected + moves[kind])
        elif kind is Kind.FIRST:
            self.select(0)
        elif kind is Kind.LAST:
            self.select(len(self.entries) - 1)
        elif kind in (Kind.CONFIRM, Kind.DRAW):
            self.open_selected()
        elif kind in (Kind.CANCEL, Kind.MENU) or (kind is Kind.UNDO and intent.erase):
            self.close()

    def update(self, dt: float) -> None:
        for button in self.buttons:
            button.update(dt)
        self.buttons[0].enabled = self.selected > 0
        self.buttons[1].enabled = self.selected < len(self.entries) - 1
        self.buttons[2].enabled = bool(self.entries)

    # ----------------------------------------------------------------- drawing
    def outcome_text(self, result: Result) -> str:
        """ "won · 350", in the current language."""
        return f"{self.app.texts('replays.outcome.' + result.outcome)} · {result.score}"

    def rules_text(self, replay: Replay) -> str:
        """The preset's name, or Custom."""
        name = replay.rules.preset_name()
        return self.app.texts(f"rules.{name}" if name else "rules.custom")

    def draw(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        surface.blit(look.felt(), (0, 0))
        panel = pygame.Rect(LEFT - 24, 16, SCREEN_SIZE[0] - 2 * (LEFT - 24), SCREEN_SIZE[1] - 100)
        chunky_panel(surface, panel)
        look.type.blit(
            surface,
            texts("replays.title"),
            16,
            p.gold,
            (SCREEN_SIZE[0] // 2, 30),
            anchor="midtop",
            shadow=p.ink,
        )
        headers = (
            "replays.name",
            "replays.code",
            "replays.rules",
            "replays.result",
            "replays.date",
        )
        for x, key in zip(COLUMN_X, headers, strict=True):
            look.type.blit(surface, texts(key), 7, p.hud_label, (x, LIST_TOP - 22), shadow=p.ink)
        if not self.entries:
            look.type.blit(
                surface,
                texts("replays.empty"),
                9,
                p.white,
                (SCREEN_SIZE[0] // 2, LIST_TOP + 60),
                anchor="midtop",
                shadow=p.ink,
            )
        for row in range(min(VISIBLE, len(self.entries) - self.first)):
            self._draw_row(surface, row, self.first + row)
        self._draw_scrollbar(surface)
        self._draw_footer(surface, panel)
        for button in self.buttons:
            button.draw(surface, look, texts)

    def _draw_row(self, surface: pygame.Surface, row: int, index: int) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        entry = self.entries[index]
        rect = self.row_rect(row)
        if index == self.selected:
            pygame.draw.rect(surface, p.gold, rect.inflate(2 * PIXEL, 2 * PIXEL), border_radius=6)
            pygame.draw.rect(surface, (58, 50, 96), rect, border_radius=5)
        elif index == self.hover:
            pygame.draw.rect(surface, (44, 38, 74), rect, border_radius=5)
        top = rect.top + 4
        below = rect.top + 24
        source = texts("replays.sample") if entry.sample else texts("replays.saved")
        small = f"{source} · {entry.path.name}"
        if entry.six is not None and entry.six_result is not None:
            self._draw_six(surface, rect, entry, entry.six, entry.six_result, source)
            return
        if entry.replay is None or entry.result is None:  # unreadable, or it could not be played
            look.type.blit(
                surface,
                fit_text(look, entry.path.name, 8, NAME_W),
                8,
                p.orange,
                (COLUMN_X[0], top),
                shadow=p.ink,
            )
            error = fit_text(
                look,
                texts("replays.unreadable", error=entry.error or entry.problem or ""),
                6,
                rect.right - COLUMN_X[0] - 16,
            )
            look.type.blit(surface, error, 6, p.orange, (COLUMN_X[0], below), shadow=p.ink)
            return
        replay = entry.replay
        won = (110, 214, 128)
        outcome_colour = {"won": won, "blocked": p.orange}.get(entry.result.outcome, p.white)
        self._draw_cells(
            surface,
            rect,
            entry,
            small,
            (
                (replay.code or texts("replays.layout"), p.cyan),
                (self.rules_text(replay), p.gold),
                (self.outcome_text(entry.result), outcome_colour),
            ),
        )

    def _draw_six(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        entry: Entry,
        six: SixReplay,
        result: SixResult,
        source: str,
    ) -> None:
        """A six-card row: name, source and players; code, "Six-card Golf", winner and totals,
        date."""
        texts, p = self.app.texts, PALETTE
        over = result.outcome == "over"
        self._draw_cells(
            surface,
            rect,
            entry,
            f"{source} · {players_text(self.app, six)}",
            (
                (six.code, p.cyan),
                (texts("six.watch.rules"), p.gold),
                (winners_text(self.app, six, result), (110, 214, 128) if over else p.white),
            ),
        )

    def _draw_cells(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        entry: Entry,
        small: str,
        cells: tuple[tuple[str, tuple[int, int, int]], ...],
    ) -> None:
        """A readable row: the name over ``small`` (where it comes from), then ``cells`` (code,
        rules, result, each with its colour) and the date, each cut to its column."""
        look, texts, p = self.app.look, self.app.texts, PALETTE
        top, below = rect.top + 4, rect.top + 24
        name = texts("replays.autosaved") if entry.autosaved else entry.name
        look.type.blit(
            surface, fit_text(look, name, 8, NAME_W), 8, p.white, (COLUMN_X[0], top), shadow=p.ink
        )
        colour = p.hud_label
        if entry.problem is not None:  # the file claims what its actions do not give
            small, colour = texts("replays.false", error=entry.problem), p.orange
        look.type.blit(
            surface, fit_text(look, small, 6, NAME_W), 6, colour, (COLUMN_X[0], below), shadow=p.ink
        )
        dated = (*cells, (entry.when.strftime("%Y-%m-%d %H:%M"), p.white))
        edges = (*COLUMN_X[1:], rect.right - 8)
        for (text, colour), x, right in zip(dated, COLUMN_X[1:], edges[1:], strict=True):
            shown = fit_text(look, text, CELL, right - x - 10)
            look.type.blit(surface, shown, CELL, colour, (x, top + 8), shadow=p.ink)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        count = len(self.entries)
        if count <= VISIBLE:
            return
        p = PALETTE
        track = pygame.Rect(SCREEN_SIZE[0] - LEFT + 6, LIST_TOP, 3 * PIXEL, VISIBLE * ROW_H - 4)
        pygame.draw.rect(surface, p.grey_dark, track, border_radius=3)
        thumb = track.copy()
        thumb.height = max(12, track.height * VISIBLE // count)
        thumb.top = track.top + (track.height - thumb.height) * self.first // (count - VISIBLE)
        pygame.draw.rect(surface, p.gold, thumb, border_radius=3)

    def _draw_footer(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        y = LIST_TOP + VISIBLE * ROW_H + 4
        width = panel.width - 64
        message = self.message or self.selected_problem()
        if message:
            for i, line in enumerate(wrap_text(look, message, 7, width)[:3]):
                look.type.blit(
                    surface, line, 7, p.orange, (panel.left + 32, y + i * 18), shadow=p.ink
                )
            return
        count = texts("replays.count", count=len(self.entries))
        look.type.blit(surface, count, 7, p.label, (panel.left + 32, y), shadow=p.ink)
        where = fit_text(look, texts("replays.folder", folder=str(self.folder)), 7, width)
        look.type.blit(surface, where, 7, p.label, (panel.left + 32, y + 20), shadow=p.ink)
