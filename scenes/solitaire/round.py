"""A round of golf on the screen: the holes on the table, the scorecard between them, the set-up.

Each hole is played in a :class:`RoundGameScene`, the table driven by the player under a round's
rules: no restart and no new deal, no undo (nor redo) once the hole is over, the hole and the
running total in the HUD; its end is a :class:`RoundOutcome` (the scorecard) instead of the result dialogs. When
the hole ends the scorecard (:class:`ScorecardScene`) shows strokes, labels and totals, and the
round is saved (``scenes.core.records``) so that it can be left and resumed from the title.
"""

from __future__ import annotations

import logging
import math

import pygame

from golf.solitaire.round import HOLE_COUNTS, Round, ScorecardRow, to_par_text
from golf.solitaire.rules import PRESETS, Rules
from scenes.core import widgets
from scenes.core.dialog import draw_frame
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, PIXEL, SCREEN_SIZE, Colour, chunky_panel
from scenes.core.manager import App, Scene
from scenes.core.records import HighScoreChance, HoleRecord
from scenes.core.textfit import wrap_text
from scenes.core.widgets import Button, ButtonSpec, Choice, Form, Menu, Toast
from scenes.solitaire import kept
from scenes.solitaire.dialogs import _Overlay, _stack
from scenes.solitaire.layout import HUD_H
from scenes.solitaire.player import Commands, Player, button_row
from scenes.solitaire.table import TableScene

__all__ = [
    "RoundGameScene",
    "RoundPauseMenu",
    "RoundSetupScene",
    "ScorecardScene",
    "open_round_setup",
    "play_round",
    "resume_round",
]

log = logging.getLogger(__name__)

ROUND_RULES = ("strict", "classic", "easy")
"""The rules a round may be played under, the traditional ones first."""
MAX_SEED = (1 << 64) - 1
NOTE_LINE_H = 20  # the pause menu's note, wrapped to its panel


def rules_name(app: App, rules: Rules) -> str:
    """``Strict``, ``Classic``, … or ``Custom``, in the current language."""
    name = rules.preset_name()
    return app.texts(f"rules.{name}") if name else app.texts("rules.custom")


# --------------------------------------------------------------------------- moving between holes


def play_round(app: App, rnd: Round) -> None:
    """Leave whatever shows and play the hole in play of ``rnd`` (its scorecard if it is over)."""
    app.flow.leave_games()
    if rnd.hole_over:
        # saved after its game ended but before it was scored: score it now
        app.scenes.reset(ScorecardScene(app, rnd, app.records.finish_hole(rnd)))
    elif rnd.over:
        app.scenes.reset(ScorecardScene(app, rnd))
    else:
        app.scenes.reset(RoundGameScene(app, rnd))


def new_round(app: App, rules: Rules, holes: int) -> None:
    """A new round with a random seed; it replaces the saved one."""
    seed = app.deals.randint(0, MAX_SEED)
    play_round(app, app.records.new_round(seed, rules, holes))


def resume_round(app: App) -> bool:
    """Play on the saved round; False when there is none."""
    rnd = app.records.saved_round
    if rnd is None:
        return False
    play_round(app, rnd)
    return True


def open_round_setup(app: App) -> None:
    """The round window over the title: resume, or the rules and length of a new round."""
    app.scenes.push(RoundSetupScene(app), fade=False)


# --------------------------------------------------------------------------- a hole on the table


class RoundOutcome:
    """A hole ends with the scorecard, and counts in the statistics as it finishes; a hole left
    unfinished keeps the round, to be resumed."""

    def __init__(self, table: RoundGameScene) -> None:
        self.table = table

    def finish(self) -> None:
        table = self.table
        app, rnd = table.app, table.round
        times: list[float] = []
        if table.recorder is not None:
            table.recorder.note()
            times = table.recorder.times
        record = app.records.finish_hole(rnd, table.kept, times, table.elapsed)
        app.scenes.replace(ScorecardScene(app, rnd, record))

    def settle(self) -> HighScoreChance | None:
        """The player leaves the hole (title, quit): the round stays in the journal, every
        action of the hole in play with it, to be resumed."""
        if not self.table.round.over:
            kept.save(self.table)
        return None


class RoundGameScene(TableScene):
    """One hole of a round on the table, driven by the player under a round's rules: no restart
    and no new deal, no undo (nor redo) once the hole is over, the scorecard on S."""

    def __init__(self, app: App, rnd: Round, deal_in: bool = True) -> None:
        assert rnd.game is not None
        self.round = rnd
        super().__init__(app, rnd.game, deal_in)
        self.kept = app.records.hole_game(rnd) if self.recorder is not None else None
        self.outcome = RoundOutcome(self)
        buttons = button_row(
            [
                ("button.undo", self.undo, "U", "cyan"),
                ("button.redo", self.redo, "CTRL+Y", "cyan"),
                ("button.hint", self.show_hint, "H", "green"),
                ("round.scorecard", self.show_scorecard, "S", "orange"),
                ("button.menu", self.open_menu, "Esc", "pink"),
            ],
            width=220,  # "Rétablir" clears its key "CTRL+Y" in the corner
            gap=16,
        )
        commands = Commands(
            {Kind.HINT: self.show_hint, Kind.CANCEL: self.open_menu, Kind.MENU: self.open_menu},
            letters={"s": self.show_scorecard},
            undo_after_end=False,  # the hole is over: its strokes stand
        )
        self.driver = Player(self, buttons, commands)
        self.view.hud_extra = self._draw_round_hud

    def open_menu(self) -> None:
        """The round's pause menu."""
        self.app.scenes.push(RoundPauseMenu(self.app, self), fade=False)

    def show_scorecard(self) -> None:
        """The scorecard so far, over the table."""
        if self.ending is None:
            self.app.scenes.push(ScorecardScene(self.app, self.round, peek=True), fade=False)

    def leave(self) -> None:
        """Save the round and go back to the title."""
        self.settle()
        self.app.flow.to_title()

    def _draw_round_hud(self, surface: pygame.Surface) -> None:
        """The hole and the total against par, on the HUD."""
        look, texts, p = self.app.look, self.app.texts, PALETTE
        rnd = self.round
        hole = look.type.render(
            texts("round.hole", hole=rnd.hole, holes=rnd.holes), 10, p.gold, shadow=p.ink
        )
        label = look.type.render(texts("round.hud_to_par"), 8, p.hud_label, shadow=p.ink)
        total = look.type.render(
            to_par_text(rnd.to_par, texts.lang), 12, _to_par_colour(rnd.to_par), shadow=p.ink
        )
        # between the time on the left and the rules and code on the right
        code_w = look.type.render(self.game.code or "", 10, p.white, shadow=p.ink).get_width()
        rules_w = look.type.render(texts(self.rules_key), 8, p.gold, shadow=p.ink).get_width()
        right = SCREEN_SIZE[0] - 20 - code_w - 20 - rules_w - 28
        width = hole.get_width() + 20 + label.get_width() + 10 + total.get_width()
        x = min(SCREEN_SIZE[0] // 2 + 40, right - width)
        pygame.draw.line(surface, p.panel_edge, (x - 20, 12), (x - 20, HUD_H - 14), PIXEL)
        surface.blit(hole, (x, 10))
        x += hole.get_width() + 20
        surface.blit(label, (x, 14))
        x += label.get_width() + 10
        surface.blit(total, (x, 8))


def _to_par_colour(diff: int) -> Colour:
    p = PALETTE
    return p.lime if diff < 0 else p.white if diff == 0 else p.orange


class RoundPauseMenu(_Overlay):
    """Esc during a hole: resume, the scorecard, the options, or leave the round (it is kept)."""

    def __init__(self, app: App, table: RoundGameScene) -> None:
        specs: list[ButtonSpec] = [
            ("pause.resume", self.close, "green"),
            ("round.scorecard", self.scorecard, "orange"),
            ("title.options", lambda: app.flow.open_options(), "cyan"),
            ("round.leave", table.leave, "pink"),
        ]
        top = 220
        panel = pygame.Rect(0, 0, 480, 150 + len(specs) * 68)
        panel.midtop = (SCREEN_SIZE[0] // 2, top - 96)
        super().__init__(app, table, panel, Menu(_stack(specs, top)))
        self.round_table = table

    def scorecard(self) -> None:
        self.app.scenes.push(
            ScorecardScene(self.app, self.round_table.round, peek=True), fade=False
        )

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CANCEL, Kind.MENU):
            self.close()
            return
        self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.title(surface, self.app.texts("pause.title"), PALETTE.gold)
        rnd = self.round_table.round
        note = self.app.texts("round.left_note", hole=rnd.hole, holes=rnd.holes)
        lines = wrap_text(self.app.look, note, 8, self.panel.width - 48)
        y = self.panel.bottom - 40 - (len(lines) - 1) * NOTE_LINE_H  # the last line ends there
        for line in lines:
            self.app.look.type.blit(
                surface,
                line,
                8,
                PALETTE.grey,
                (self.panel.centerx, y),
                anchor="midtop",
                shadow=PALETTE.ink,
            )
            y += NOTE_LINE_H


# --------------------------------------------------------------------------- the scorecard

ROW_H = 34
CARD_TOP = 104


class ScorecardScene(Scene):
    """The scorecard: every hole's strokes and label, running totals, the best round so far.

    After a hole (``record`` given) it says how the hole went and leads to the next one; at the
    end of the round it gives the result. With ``peek`` it is only looked at, over the table.
    """

    def __init__(
        self, app: App, rnd: Round, record: HoleRecord | None = None, peek: bool = False
    ) -> None:
        super().__init__(app)
        self.round = rnd
        self.record = record
        self.peek = peek
        self.clock = 0.0
        best = record.best_before if record is not None else app.records.best_round(rnd)
        self.best_before = best
        self.new_best = rnd.over and record is not None and best is not None and rnd.total < best
        self.toasts = [
            Toast(n.text(app.texts.lang), seconds=6.0, colour=PALETTE.orange)
            for n in app.records.take_notices()
        ]
        if peek:
            specs: list[ButtonSpec] = [("common.back", self.close, "pink")]
        elif rnd.over:
            specs = [
                ("round.new", self.again, "green"),
                ("title.stats", self.statistics, "cyan"),
                ("over.title", lambda: app.flow.to_title(), "pink"),
            ]
        else:
            specs = [
                ("round.next", self.next_hole, "green"),
                ("round.leave", self.leave, "pink"),
            ]
        self.menu = Menu(widgets.button_row(specs, 640, 300, gap=24))
        if record is not None:
            sound = "win" if record.result.strokes <= 4 or self.new_best else "click"
            app.sound.play(sound)

    # ------------------------------------------------------------------ actions
    def close(self) -> None:
        """Back to the hole."""
        self.app.scenes.pop(fade=False)

    def next_hole(self) -> None:
        """Deal the next hole."""
        self.app.scenes.replace(RoundGameScene(self.app, self.round))

    def leave(self) -> None:
        """Back to the title; the round is in the journal and waits there."""
        self.app.flow.to_title()

    def again(self) -> None:
        """Another round, same rules and length."""
        new_round(self.app, self.round.rules, self.round.holes)

    def statistics(self) -> None:
        self.app.flow.open_stats(self.round.rules_key)

    # ------------------------------------------------------------------ input and time
    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CANCEL, Kind.MENU):
            if self.peek:
                self.close()
            elif not self.round.over:
                self.leave()
            else:
                self.app.flow.to_title()
            return
        if intent.kind is Kind.TEXT and intent.text.lower() == "s" and self.peek:
            self.close()
            return
        self.menu.handle(intent)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.menu.update(dt)
        for toast in self.toasts:
            toast.update(dt)
        self.toasts = [t for t in self.toasts if t.alive]

    def enter(self) -> None:
        # the card's headline and summary, read aloud (speak option) after the last move's words
        words = f"{self.headline()[0]}. {self.summary().replace('   ·   ', '. ')}."
        self.app.speech.say(words, self.app.texts.lang, interrupt=False)

    # ------------------------------------------------------------------ drawing
    def headline(self) -> tuple[str, Colour]:
        """The big line over the card: the hole just played, or the result of the round."""
        texts, rnd = self.app.texts, self.round
        if rnd.over:
            return texts(
                "round.finished", total=rnd.total, to_par=to_par_text(rnd.to_par, texts.lang)
            ), PALETTE.gold
        if self.record is not None:
            result = self.record.result
            key = "round.hole_done_good" if result.strokes < 5 else "round.hole_done"
            return (
                texts(key, hole=result.hole, label=result.label(texts.lang)),
                _headline_colour(result.strokes),
            )
        return texts("round.scorecard"), PALETTE.gold

    def summary(self) -> str:
        """The line under the card: total against par, and the best round so far."""
        texts, rnd = self.app.texts, self.round
        card = rnd.scorecard(texts.lang, self.best_before)
        played_par = 5 * card.holes_played
        parts = [texts("round.summary", total=card.total, par=played_par, to_par=card.to_par_text)]
        if self.new_best:
            parts.append(texts("round.new_best"))
        elif self.best_before is None:
            parts.append(texts("round.no_best"))
        else:
            parts.append(texts("round.best", best=self.best_before))
        return "   ·   ".join(parts)

    def draw(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        surface.blit(look.felt(), (0, 0))
        text, colour = self.headline()
        bounce = abs(math.sin(self.clock * 4)) if self.app.animation_scale else 0.0
        y = 22 - round(bounce * 3) * PIXEL if self.record is not None else 22
        look.type.blit(
            surface, text, 18, colour, (SCREEN_SIZE[0] // 2, y), anchor="midtop", shadow=p.ink
        )
        rules = f"{rules_name(self.app, self.round.rules)} · " + texts(
            "round.length", holes=self.round.holes
        )
        look.type.blit(
            surface, rules, 8, p.label, (SCREEN_SIZE[0] // 2, 74), anchor="midtop", shadow=p.ink
        )
        card = self.round.scorecard(texts.lang, self.best_before)
        if self.round.holes == 9:
            self._draw_card(
                surface,
                pygame.Rect(130, CARD_TOP, 1020, ROW_H * 11 + 8),
                list(card.rows),
                True,
                texts("round.total"),
            )
        else:
            rows = list(card.rows)
            self._draw_card(
                surface,
                pygame.Rect(40, CARD_TOP, 590, ROW_H * 11 + 8),
                rows[:9],
                False,
                texts("round.out"),
            )
            self._draw_card(
                surface,
                pygame.Rect(650, CARD_TOP, 590, ROW_H * 11 + 8),
                rows[9:],
                False,
                texts("round.in"),
            )
        summary_colour = p.gold if self.new_best and int(self.clock * 3) % 2 == 0 else p.white
        look.type.blit(
            surface,
            self.summary(),
            10,
            summary_colour,
            (SCREEN_SIZE[0] // 2, CARD_TOP + ROW_H * 11 + 36),
            anchor="midtop",
            shadow=p.ink,
        )
        if not self.round.over and not self.peek:
            hint = texts("round.saved_note")
            look.type.blit(
                surface, hint, 7, p.label, (SCREEN_SIZE[0] // 2, 608), anchor="midtop", shadow=p.ink
            )
        self.menu.draw(surface, look, texts)
        for toast in self.toasts:
            toast.draw(surface, look, (SCREEN_SIZE[0] // 2, 580))

    def _columns(self, show_code: bool, width: int) -> list[tuple[str, int]]:
        """(heading, width) of each column; the room left over is shared out evenly, so no
        column stands apart behind a wide gap."""
        texts = self.app.texts
        cols = [(texts("round.col_hole"), 84)]
        if show_code:
            cols.append((texts("round.col_code"), 250))
        cols += [
            (texts("round.col_par"), 70),
            (texts("round.col_strokes"), 104),
            (texts("round.col_result"), 150),
            (texts("round.col_total"), 90),
            (texts("round.col_to_par"), 84),
        ]
        spare = width - 24 - sum(w for _, w in cols)
        share, rest = divmod(max(0, spare), len(cols))
        widened = [(h, w + share) for h, w in cols]
        heading, last = widened[-1]
        widened[-1] = (heading, last + rest)
        return widened

    def _draw_card(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        rows: list[ScorecardRow],
        show_code: bool,
        total_name: str,
    ) -> None:
        """A paper scorecard: a green heading band, one line a hole, a total line."""
        look, texts, p = self.app.look, self.app.texts, PALETTE
        chunky_panel(surface, rect, fill=p.paper, edge=p.paper_shade)
        inner = rect.inflate(-24, -8)
        columns = self._columns(show_code, rect.width)
        head = pygame.Rect(inner.left, inner.top, inner.width, ROW_H)
        pygame.draw.rect(surface, p.felt_dark, head, border_radius=4)
        x = inner.left
        for heading, width in columns:
            if heading:
                look.type.blit(
                    surface, heading, 7, p.paper, (x + width // 2, head.centery), anchor="center"
                )
            x += width
        last_hole = self.record.result.hole if self.record is not None else self.round.hole
        blink = int(self.clock * 2.5) % 2 == 0
        total_strokes = 0
        played = 0
        for i, row in enumerate(rows):
            line = pygame.Rect(inner.left, inner.top + ROW_H * (i + 1), inner.width, ROW_H)
            if i % 2:
                pygame.draw.rect(surface, (238, 230, 208), line)
            if row.hole == last_hole:
                pygame.draw.rect(surface, (255, 232, 150) if blink else (250, 220, 120), line)
            if row.strokes is not None:
                total_strokes += row.strokes
                played += 1
            self._draw_row(surface, line, row, columns, show_code)
            pygame.draw.line(surface, p.paper_shade, line.bottomleft, line.bottomright)
        # the total line
        line = pygame.Rect(inner.left, inner.top + ROW_H * (len(rows) + 1), inner.width, ROW_H)
        pygame.draw.rect(surface, p.felt_dark, line, border_radius=4)
        values = [total_name]
        if show_code:
            values.append("")
        diff = total_strokes - 5 * played
        values += [
            str(5 * len(rows)),
            str(total_strokes) if played else "–",
            "",
            "",
            to_par_text(diff, texts.lang) if played else "–",
        ]
        x = inner.left
        for (_heading, width), value in zip(columns, values, strict=True):
            if value:
                look.type.blit(
                    surface, value, 9, p.gold, (x + width // 2, line.centery), anchor="center"
                )
            x += width

    def _draw_row(
        self,
        surface: pygame.Surface,
        line: pygame.Rect,
        row: ScorecardRow,
        columns: list[tuple[str, int]],
        show_code: bool,
    ) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        cells: list[tuple[str, Colour, str]] = [(str(row.hole), p.ink, "bold")]
        if show_code:
            cells.append((row.code, p.grey_dark, "code"))
        played = row.strokes is not None
        cells += [
            (str(row.par), p.grey_dark, "bold"),
            (str(row.strokes) if played else "·", p.ink, "bold"),
            (row.label or "", _label_colour(row.strokes) if played else p.ink, "bold"),
            (str(row.total) if row.total is not None else "", p.ink, "bold"),
            (
                to_par_text(row.to_par, texts.lang) if row.to_par is not None else "",
                _to_par_ink(row.to_par),
                "bold",
            ),
        ]
        x = line.left
        for index, ((_heading, width), (value, colour, face)) in enumerate(
            zip(columns, cells, strict=True)
        ):
            centre = (x + width // 2, line.centery)
            strokes_column = index == (3 if show_code else 2)
            if strokes_column and played and row.strokes is not None:
                _mark_strokes(surface, centre, row.strokes)
            if value:
                size = 7 if face == "code" else 9
                look.type.blit(surface, value, size, colour, centre, anchor="center")
            x += width


def _label_colour(strokes: int | None) -> Colour:
    """Under par in red, as golfers write birdies; par in ink; over par in blue."""
    p = PALETTE
    if strokes is None:
        return p.ink
    if strokes < 5:
        return p.red
    return p.ink if strokes == 5 else p.blue


def _headline_colour(strokes: int) -> Colour:
    """On the felt: gold under par, white for par, orange over par."""
    p = PALETTE
    return p.gold if strokes < 5 else p.white if strokes == 5 else p.orange


def _to_par_ink(diff: int | None) -> Colour:
    p = PALETTE
    if diff is None or diff == 0:
        return p.ink
    return p.red if diff < 0 else p.blue


def _mark_strokes(surface: pygame.Surface, centre: tuple[int, int], strokes: int) -> None:
    """A circle round a score under par and a square round one over par, as on a real card."""
    cx, cy = centre
    if strokes < 5:  # a double circle from an eagle down
        pygame.draw.circle(surface, PALETTE.red, (cx, cy), 16, PIXEL)
        if strokes < 4:
            pygame.draw.circle(surface, PALETTE.red, (cx, cy), 13, PIXEL)
    elif strokes > 5:  # a double square from a double bogey up
        box = pygame.Rect(0, 0, 46 if strokes > 9 else 34, 30)
        box.center = (cx, cy)
        pygame.draw.rect(surface, PALETTE.blue, box, PIXEL)
        if strokes > 6:
            pygame.draw.rect(surface, PALETTE.blue, box.inflate(-6, -6), PIXEL)


# --------------------------------------------------------------------------- the set-up window


class RoundSetupScene(Scene):
    """Resume the saved round, or choose the rules and the length of a new one."""

    overlay = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        width = 640
        x = (SCREEN_SIZE[0] - width) // 2
        y = 170
        items: list[Choice | Button] = []
        saved = app.records.saved_round
        self.resume_button: Button | None = None
        if saved is not None:
            self.resume_button = Button(
                pygame.Rect(x, y, width, 52), "round.resume", self.play_saved, style="green"
            )
            self.resume_button.fields = {
                "hole": str(saved.hole),
                "holes": str(saved.holes),
                "to_par": to_par_text(saved.to_par, app.texts.lang),
                "rules": rules_name(app, saved.rules),
            }
            items.append(self.resume_button)
            y += 84
        self.rules_choice = Choice(
            pygame.Rect(x, y, width, 46),
            "new.rules",
            list(ROUND_RULES),
            0,
            lambda v: app.texts(f"rules.{v}"),
            self._changed,
        )
        self.holes_choice = Choice(
            pygame.Rect(x, y + 54, width, 46),
            "round.holes",
            list(HOLE_COUNTS),
            0,
            str,
            self._changed,
        )
        items += [self.rules_choice, self.holes_choice]
        y += 54 + 46 + 34
        half = (width - 20) // 2
        self.start_button = Button(
            pygame.Rect(x, y, half, 52),
            "round.start",
            self.start,
            style="orange" if saved is not None else "green",
        )
        back = Button(
            pygame.Rect(x + half + 20, y, half, 52), "common.back", self.close, style="pink"
        )
        items += [self.start_button, back]
        self.form = Form(items)
        self.panel = pygame.Rect(x - 40, 70, width + 80, y + 52 + (70 if saved else 40) - 70)

    def _changed(self, _value: object) -> None:
        self.app.sound.play("click")

    @property
    def rules(self) -> Rules:
        return PRESETS[str(self.rules_choice.value)]

    @property
    def holes(self) -> int:
        value = self.holes_choice.value
        assert isinstance(value, int)
        return value

    def play_saved(self) -> None:
        """Play on the saved round. (Not named ``resume``: that is the scene's lifecycle call
        when a dialog over this window closes.)"""
        resume_round(self.app)

    def start(self) -> None:
        """A new round under the rules and length shown (after asking, when it replaces the
        round kept for Continue)."""
        rules, holes = self.rules, self.holes
        self.app.flow.replacing("round", lambda: new_round(self.app, rules, holes))

    def close(self) -> None:
        self.app.scenes.pop(fade=False)

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CANCEL, Kind.MENU) or (intent.kind is Kind.UNDO and intent.erase):
            self.close()
            return
        self.form.handle(intent)

    def update(self, dt: float) -> None:
        self.form.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        draw_frame(surface, look, self.panel, texts("round.setup_title"))
        look.type.blit(
            surface,
            texts("round.setup_body"),
            8,
            p.label,
            (self.panel.centerx, self.panel.top + 62),
            anchor="midtop",
            shadow=p.ink,
        )
        self.form.draw(surface, look, texts)
        if self.resume_button is not None:
            look.type.blit(
                surface,
                texts("round.replaces"),
                7,
                p.grey,
                (self.panel.centerx, self.start_button.rect.bottom + 18),
                anchor="midtop",
                shadow=p.ink,
            )
