"""The arcade high-score tables: entering three initials, the table of a rule set, the title ticker.

Initials are entered as on an arcade cabinet: type the letters, or move along the three places
with left/right and turn the wheel of characters with up/down (keyboard, mouse on the arrows, or a
gamepad's d-pad); Enter (or the pad's A) moves on and confirms on OK. The tables themselves are
``golf.solitaire.highscores`` values held by ``scenes.core.records``.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from golf.journal.replays import duration_text
from golf.solitaire.highscores import (
    INITIALS_ALPHABET,
    INITIALS_LENGTH,
    TABLE_SIZE,
    Entry,
    InitialsError,
    cycle_initial,
    validate_initials,
)
from golf.solitaire.rules import PRESETS
from scenes.core.dialog import draw_frame
from scenes.core.input import Intent, Kind
from scenes.core.look import (
    PALETTE,
    PIXEL,
    SCREEN_SIZE,
    Colour,
    Look,
    chunky_panel,
    titled_panel,
)
from scenes.core.manager import App, Scene
from scenes.core.records import HighScoreChance
from scenes.core.widgets import Button, Menu

__all__ = ["HighScoreTicker", "HighScoresScene", "InitialsScene", "open_initials"]

BOX_W, BOX_H, BOX_GAP = 96, 112, 28
BOXES_TOP = 300
SKIP = INITIALS_LENGTH + 1  # the cursor on the Skip button (one past OK)
ARROW = 22  # half the width of an arrow
RANK_COLOURS: tuple[Colour, ...] = (PALETTE.gold, PALETTE.cyan, PALETTE.pink, PALETTE.orange)
NEW_ENTRY: tuple[Colour, Colour] = ((70, 56, 120), (48, 40, 88))  # a new entry's row, blinking
TICKER_SECONDS = 5.0
COLUMNS: tuple[tuple[str, int], ...] = (
    ("rank", 80),
    ("initials", 140),
    ("score", 130),
    ("moves", 120),
    ("time", 140),
    ("date", 190),
    ("code", 280),
)
"""The table's columns: each head's key (``scores.<name>``) and its width."""
TABLE_W = sum(width for _, width in COLUMNS) + 40


def open_initials(app: App, chance: HighScoreChance) -> None:
    """Ask for initials over the screen showing (the game-over screen)."""
    app.scenes.push(InitialsScene(app, chance), fade=False)


class InitialsScene(Scene):
    """NEW HIGH SCORE: three initials, then the table with the new line in it."""

    overlay = True

    def __init__(
        self, app: App, chance: HighScoreChance, on_done: Callable[[int | None], None] | None = None
    ) -> None:
        super().__init__(app)
        self.chance = chance
        self.on_done = on_done
        start = app.records.initials
        self.letters = list(start if len(start) == INITIALS_LENGTH else "AAA")
        self.cursor = 0  # 0..2: a letter; 3: the OK button; 4: Skip (SKIP)
        self.pointer: tuple[int, int] | None = None  # the pointer's last place seen
        self.clock = 0.0
        self.error = ""
        self.done = False
        x0 = (SCREEN_SIZE[0] - (INITIALS_LENGTH * BOX_W + (INITIALS_LENGTH - 1) * BOX_GAP)) // 2
        self.boxes = [
            pygame.Rect(x0 + i * (BOX_W + BOX_GAP), BOXES_TOP, BOX_W, BOX_H)
            for i in range(INITIALS_LENGTH)
        ]
        width = 220
        y = BOXES_TOP + BOX_H + 74
        self.ok = Button(
            pygame.Rect(SCREEN_SIZE[0] // 2 - width - 12, y, width, 52),
            "initials.ok",
            self.submit,
            style="green",
        )
        self.skip = Button(
            pygame.Rect(SCREEN_SIZE[0] // 2 + 12, y, width, 52),
            "initials.skip",
            self.cancel,
            style="grey",
        )
        # wider and taller than the game-over panel it opens over, so no edge of it shows
        self.panel = pygame.Rect(0, 0, 820, 588)
        self.panel.midtop = (SCREEN_SIZE[0] // 2, 56)

    @property
    def initials(self) -> str:
        return "".join(self.letters)

    def enter(self) -> None:
        # said for a player who does not see the screen: what this is and how to answer it
        texts, chance = self.app.texts, self.chance
        place = texts(
            "initials.place",
            place=chance.place,
            rules=texts.rule_set(chance.rules_key),
            score=chance.score,
        )
        said = f"{texts('initials.title')} {place}. {texts('initials.prompt')}: {texts('initials.help')}"
        self.app.speech.say(said, texts.lang, interrupt=False)

    def focus_words(self) -> str | None:
        """The place under the cursor and its letter, or the OK button (read aloud)."""
        if self.cursor >= INITIALS_LENGTH:
            return self.app.texts("initials.skip" if self.cursor == SKIP else "initials.ok")
        letter, spelt = self.letters[self.cursor], " ".join(self.letters)
        return self.app.texts("initials.letter", n=self.cursor + 1, ch=letter, initials=spelt)

    # ------------------------------------------------------------------ editing
    def put(self, ch: str) -> None:
        """A character typed: into the place under the cursor, then on to the next."""
        # one ASCII character: upper() folds the long s onto S and the dotless i onto I
        if len(ch) != 1 or not ch.isascii() or self.cursor >= INITIALS_LENGTH:
            return
        ch = ch.upper()
        if ch not in INITIALS_ALPHABET:
            return
        self.letters[self.cursor] = ch
        self.cursor += 1
        self.error = ""
        self.app.sound.play("play", self.cursor)

    def turn(self, step: int) -> None:
        """Up/down: the next or previous character at the cursor."""
        if self.cursor >= INITIALS_LENGTH:
            return
        self.letters[self.cursor] = cycle_initial(self.letters[self.cursor], step)
        self.error = ""
        self.app.sound.play("click")

    def move(self, step: int) -> None:
        """Left/right along the three places and the OK and Skip buttons."""
        self.cursor = max(0, min(SKIP, self.cursor + step))

    def submit(self) -> None:
        """Write the entry in the table and show the table."""
        if self.done:
            return
        try:
            validate_initials(self.initials)
        except InitialsError as error:
            self.error = error.text(self.app.texts.lang)
            self.app.sound.play("refusal")
            self.cursor = 0
            return
        self.done = True
        place = self.app.records.add_high_score(self.chance, self.initials)
        self.app.sound.play("win")
        scenes = self.app.scenes
        scenes.pop(fade=False)
        scenes.push(HighScoresScene(self.app, self.chance.rules_key, highlight=place))
        if self.on_done is not None:
            self.on_done(place)

    def cancel(self) -> None:
        """Leave without an entry."""
        if self.done:
            return
        self.done = True
        self.app.scenes.pop(fade=False)
        if self.on_done is not None:
            self.on_done(None)

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if kind is Kind.TEXT:
            for ch in intent.text:
                self.put(ch)
        elif kind is Kind.UNDO and intent.erase:
            self.move(-1)
        elif kind is Kind.UP:
            self.turn(1)
        elif kind is Kind.DOWN:
            self.turn(-1)
        elif kind is Kind.LEFT:
            self.move(-1)
        elif kind is Kind.RIGHT:
            self.move(1)
        elif kind is Kind.CONFIRM:
            if self.cursor < INITIALS_LENGTH:
                self.move(1)
            elif self.cursor == SKIP:
                self.cancel()
            else:
                self.submit()
        elif kind is Kind.MENU:
            self.submit()
        elif kind is Kind.CANCEL:
            self.cancel()
        elif kind is Kind.CLICK and intent.pos is not None:
            self.click(intent.pos)
        elif kind is Kind.POINT and intent.pos is not None:
            self.point(intent.pos)
        # other keys (U, N, R, H, digits, Space) also arrive as TEXT: the TEXT is what counts

    def point(self, pos: tuple[int, int]) -> None:
        """The pointer moving onto OK or Skip takes the cursor there: one highlight at a time,
        the cursor's (the buttons' own hover is never set). Where the pointer rested when the
        pop-up opened takes nothing."""
        before, self.pointer = self.pointer, pos
        if before is None or before == pos:
            return
        for index, button in ((INITIALS_LENGTH, self.ok), (SKIP, self.skip)):
            if button.hit(pos):
                self.cursor = index

    def click(self, pos: tuple[int, int]) -> None:
        """On an arrow: turn that place; on a place: put the cursor there; or the buttons."""
        for i, box in enumerate(self.boxes):
            if self._arrow_rect(box, up=True).collidepoint(pos):
                self.cursor = i
                self.turn(1)
                return
            if self._arrow_rect(box, up=False).collidepoint(pos):
                self.cursor = i
                self.turn(-1)
                return
            if box.collidepoint(pos):
                self.cursor = i
                return
        if not self.ok.handle(Intent(Kind.CLICK, pos=pos)):
            self.skip.handle(Intent(Kind.CLICK, pos=pos))

    @staticmethod
    def _arrow_rect(box: pygame.Rect, up: bool) -> pygame.Rect:
        rect = pygame.Rect(0, 0, box.width, 40)
        if up:
            rect.midbottom = (box.centerx, box.top - 4)
        else:
            rect.midtop = (box.centerx, box.bottom + 4)
        return rect

    def update(self, dt: float) -> None:
        self.clock += dt
        self.ok.update(dt)
        self.skip.update(dt)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        flash = (p.gold, p.orange, p.pink, p.cyan)[int(self.clock * 6) % 4]
        draw_frame(
            surface,
            look,
            self.panel,
            texts("initials.title"),
            alpha=190,
            size=20,
            colour=flash,
            top=36,
        )
        chance = self.chance
        line = texts(
            "initials.place",
            place=chance.place,
            rules=self.app.texts.rule_set(chance.rules_key),
            score=chance.score,
        )
        look.type.blit(
            surface,
            line,
            10,
            p.white,
            (self.panel.centerx, self.panel.top + 100),
            anchor="midtop",
            shadow=p.ink,
        )
        look.type.blit(
            surface,
            texts("initials.prompt"),
            9,
            p.label,
            (self.panel.centerx, self.panel.top + 138),
            anchor="midtop",
            shadow=p.ink,
        )
        for i, box in enumerate(self.boxes):
            self._draw_box(surface, look, i, box)
        self.ok.draw(surface, look, texts, focused=self.cursor == INITIALS_LENGTH)
        self.skip.draw(surface, look, texts, focused=self.cursor == SKIP)
        if self.error:
            look.type.blit(
                surface,
                self.error,
                8,
                p.orange,
                (self.panel.centerx, self.ok.rect.top - 24),
                anchor="midbottom",
                shadow=p.ink,
            )
        look.type.blit(
            surface,
            texts("initials.help"),
            8,
            p.grey,
            (self.panel.centerx, self.panel.bottom - 44),
            anchor="midbottom",
            shadow=p.ink,
        )

    def _draw_box(self, surface: pygame.Surface, look: Look, i: int, box: pygame.Rect) -> None:
        p = PALETTE
        active = self.cursor == i
        blink = int(self.clock * 3) % 2 == 0
        edge = p.gold if active else p.panel_edge
        pygame.draw.rect(surface, p.ink, box.inflate(4 * PIXEL, 4 * PIXEL), border_radius=8)
        pygame.draw.rect(surface, edge, box.inflate(2 * PIXEL, 2 * PIXEL), border_radius=7)
        pygame.draw.rect(surface, (14, 12, 26), box, border_radius=6)
        ch = self.letters[i]
        colour = p.gold if active and blink else p.white
        look.type.blit(
            surface, ch if ch != " " else "_", 40, colour, box.center, anchor="center", shadow=p.ink
        )
        for up in (True, False):
            arrow = self._arrow_rect(box, up)
            cx = arrow.centerx
            if up:
                points = [
                    (cx, arrow.top + 8),
                    (cx - ARROW, arrow.bottom - 6),
                    (cx + ARROW, arrow.bottom - 6),
                ]
            else:
                points = [
                    (cx, arrow.bottom - 8),
                    (cx - ARROW, arrow.top + 6),
                    (cx + ARROW, arrow.top + 6),
                ]
            pygame.draw.polygon(surface, p.ink, [(x + PIXEL, y + PIXEL) for x, y in points])
            pygame.draw.polygon(surface, p.gold if active else p.grey, points)


def _table_keys(app: App) -> list[str]:
    have = app.records.scores.keys()
    return [*PRESETS, *(k for k in have if k not in PRESETS)]


class HighScoresScene(Scene):
    """The top 10 of one rule set; ← → other rule sets; a new entry blinks."""

    def __init__(self, app: App, key: str, highlight: int | None = None) -> None:
        super().__init__(app)
        self.keys = _table_keys(app)
        if key not in self.keys:
            self.keys.append(key)
        self.index = self.keys.index(key)
        self.highlight = highlight
        self.clock = 0.0
        back = Button(pygame.Rect(0, 0, 300, 52), "common.back", self.close, style="green")
        back.rect.midtop = (SCREEN_SIZE[0] // 2, 640)
        self.menu = Menu([back])

    @property
    def key(self) -> str:
        return self.keys[self.index]

    def close(self) -> None:
        self.app.scenes.pop()

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if kind in (Kind.CANCEL, Kind.MENU) or (kind is Kind.UNDO and intent.erase):
            self.close()
        elif kind in (Kind.LEFT, Kind.RIGHT):
            self.index = (self.index + (-1 if kind is Kind.LEFT else 1)) % len(self.keys)
            self.highlight = None
        else:
            self.menu.handle(intent)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.menu.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        surface.blit(look.felt(), (0, 0))
        look.type.blit(
            surface,
            texts("scores.title"),
            18,
            p.gold,
            (SCREEN_SIZE[0] // 2, 20),
            anchor="midtop",
            shadow=p.ink,
        )
        name = self.app.texts.rule_set(self.key)
        r = look.type.blit(
            surface, name, 12, p.white, (SCREEN_SIZE[0] // 2, 80), anchor="midtop", shadow=p.ink
        )
        for side in (-1, 1):
            x = (r.left - 28) if side < 0 else (r.right + 28)
            cy = r.centery
            points = [(x + side * 10, cy), (x - side * 4, cy - 12), (x - side * 4, cy + 12)]
            pygame.draw.polygon(surface, p.gold, points)
        panel = pygame.Rect(0, 0, TABLE_W, 480)
        panel.midtop = (SCREEN_SIZE[0] // 2, 130)
        chunky_panel(surface, panel, fill=p.board)
        self._draw_table(surface, panel)
        self.menu.draw(surface, look, texts)

    def _draw_table(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        """The ten places of this rule set's table in ``panel``: heads, then one row each."""
        look, texts, p = self.app.look, self.app.texts, PALETTE
        table = self.app.records.scores.table(self.key)
        heads = [texts(f"scores.{name}") for name, _ in COLUMNS]
        y = panel.top + 18
        x = panel.left + 20
        for head, (_, width) in zip(heads, COLUMNS, strict=True):
            look.type.blit(surface, head, 7, p.hud_label, (x + width // 2, y), anchor="midtop")
            x += width
        y += 34
        if not table.entries:
            look.type.blit(
                surface,
                texts("scores.none"),
                10,
                p.grey,
                (panel.centerx, y + 150),
                anchor="midtop",
                shadow=p.ink,
            )
            look.type.blit(
                surface,
                texts("scores.be_first"),
                8,
                p.label,
                (panel.centerx, y + 190),
                anchor="midtop",
                shadow=p.ink,
            )
        for i in range(TABLE_SIZE):
            entry = table.entries[i] if i < len(table.entries) else None
            new = self.highlight == i + 1
            if new:
                lit = int(self.clock * 4) % 2 == 0
                pygame.draw.rect(
                    surface,
                    NEW_ENTRY[0] if lit else NEW_ENTRY[1],
                    (panel.left + 12, y - 4, panel.width - 24, 38),
                    border_radius=4,
                )
            self._draw_line(surface, panel.left + 20, y + 15, i, entry, new)
            y += 42

    def _draw_line(
        self,
        surface: pygame.Surface,
        left: int,
        middle: int,
        i: int,
        entry: Entry | None,
        new: bool,
    ) -> None:
        """Place ``i + 1`` of the table, its cells centred on ``middle``: rank, initials, score,
        the moves and time that break a tie (– when not known: an entry of version 0.1.0),
        date, deal."""
        look, p = self.app.look, PALETTE
        colour = RANK_COLOURS[i] if i < len(RANK_COLOURS) else p.white
        cells: list[tuple[str, str, int, Colour]] = [(f"{i + 1}.", "bold", 11, colour)]
        if entry is None:
            cells.append(("- - -", "bold", 11, p.grey))
        else:
            moves = "–" if entry.moves is None else str(entry.moves)
            time = "–"
            if entry.seconds is not None:
                time = self.app.texts.number(duration_text(entry.seconds, tenths=True))
            cells += [
                (entry.initials, "bold", 11, colour),
                (str(entry.score), "bold", 11, colour),
                (moves, "bold", 9, colour),
                (time, "bold", 9, colour),
                (entry.date, "bold", 11, colour),
                # the deal: quiet, but as clear as the rest on a new entry
                (entry.code, "mono", 8, p.white if new else p.grey),
            ]
        x = left
        for (text, face, size, tint), (_, width) in zip(cells, COLUMNS, strict=False):
            look.type.blit(
                surface,
                text,
                size,
                tint,
                (x + width // 2, middle),
                anchor="center",
                shadow=p.ink,
                face=face,
            )
            x += width


class HighScoreTicker:
    """The title's attract panel: each rule set's table in turn."""

    def __init__(self, app: App, rect: pygame.Rect) -> None:
        self.app = app
        self.rect = rect
        self.clock = 0.0

    @property
    def keys(self) -> list[str]:
        """The rule sets with entries, presets first."""
        have = self.app.records.scores.keys()
        return [k for k in PRESETS if k in have] + [k for k in have if k not in PRESETS]

    @property
    def key(self) -> str | None:
        keys = self.keys
        if not keys:
            return None
        return keys[int(self.clock // TICKER_SECONDS) % len(keys)]

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        rect = self.rect
        flash = p.gold if int(self.clock * 2) % 2 == 0 else p.orange
        titled_panel(
            surface, look, rect, texts("scores.title"), size=11, colour=flash, top=14, fill=p.board
        )
        key = self.key
        if key is None:
            look.type.blit(
                surface,
                texts("scores.none"),
                8,
                p.grey,
                (rect.centerx, rect.top + 90),
                anchor="midtop",
                shadow=p.ink,
            )
            look.type.blit(
                surface,
                texts("scores.be_first_short"),
                7,
                p.label,
                (rect.centerx, rect.top + 122),
                anchor="midtop",
                shadow=p.ink,
            )
            return
        look.type.blit(
            surface,
            self.app.texts.rule_set(key),
            8,
            p.white,
            (rect.centerx, rect.top + 46),
            anchor="midtop",
            shadow=p.ink,
        )
        entries = self.app.records.scores.table(key).entries
        y = rect.top + 80
        step = min(26, (rect.bottom - 14 - y) // TABLE_SIZE)
        for i in range(TABLE_SIZE):
            entry = entries[i] if i < len(entries) else None
            colour = RANK_COLOURS[i] if i < len(RANK_COLOURS) else p.white
            if entry is None:
                colour = p.grey  # an empty place, as on a cabinet
            initials = entry.initials if entry is not None else "- - -"
            score = str(entry.score) if entry is not None else ""
            look.type.blit(
                surface,
                f"{i + 1}.",
                8,
                colour,
                (rect.left + 60, y),
                anchor="topright",
                shadow=p.ink,
            )
            look.type.blit(surface, initials, 8, colour, (rect.left + 84, y), shadow=p.ink)
            look.type.blit(
                surface, score, 8, colour, (rect.right - 36, y), anchor="topright", shadow=p.ink
            )
            y += step
