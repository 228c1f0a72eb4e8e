"""The rules of one variant as a page to read, in the player's language.

The page is built from the :class:`~golf.solitaire.rules.Rules` switches themselves (King–Ace link, Queen on
a King, drawing, jokers, empty waste, scoring), so it always says what the engine does. Left and
right pick another variant; up and down scroll; "Play these rules" deals a game under them.
"""

from __future__ import annotations

import pygame

from golf.solitaire.rules import PRESETS, Rules
from scenes.core.i18n import Texts
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, PIXEL, SCREEN_SIZE, chunky_panel
from scenes.core.manager import App, Scene
from scenes.core.textfit import wrap_text
from scenes.core.widgets import ButtonSpec, button_row

__all__ = ["RulesScene", "rules_page"]

PANEL = pygame.Rect(60, 16, SCREEN_SIZE[0] - 120, SCREEN_SIZE[1] - 100)
TEXT_TOP = 124
TEXT_BOTTOM = PANEL.bottom - 44
TEXT_LEFT = PANEL.left + 48
TEXT_W = PANEL.width - 96
BODY, HEADING = 8, 10
LINE = 21
HEADING_LINE = 30
GAP_LINE = 12  # after a paragraph
SCROLL_STEP = 3 * LINE


def rules_page(rules: Rules, texts: Texts) -> list[tuple[str, str]]:
    """The page as (heading, paragraph) pairs, in ``texts``' language."""

    def t(key: str) -> str:
        return texts(f"rulespage.{key}")

    playing = [t("play_text"), t("king_ace_on") if rules.king_ace else t("king_ace_off")]
    if rules.queen_on_king:
        playing.append(t("queen_on"))
    else:
        playing.append(t("queen_off_ace") if rules.king_ace else t("queen_off"))
    if rules.jokers:
        playing.append(t("jokers_one") if rules.jokers == 1 else t("jokers_two"))
    return [
        (t("goal"), t("goal_text")),
        (t("deal"), t("deal_empty_waste") if rules.empty_waste else t("deal_text")),
        (t("play_title"), " ".join(playing)),
        (t("draw"), t("draw_any") if rules.draw_any_time else t("draw_stuck")),
        (t("end"), t("end_text")),
        (t("score"), t("score_points") if rules.scoring == "points" else t("score_strokes")),
        (t("undo"), t("undo_text")),
        (t("controls"), t("controls_text")),
    ]


def _height(text: str, heading: bool) -> int:
    """The height of one line of the page."""
    if heading:
        return HEADING_LINE
    return LINE if text else GAP_LINE


class RulesScene(Scene):
    """The rules of ``rules``; the presets (and ``rules`` itself when it is none) to pick from."""

    def __init__(self, app: App, rules: Rules) -> None:
        super().__init__(app)
        self.choices: list[Rules] = list(PRESETS.values())
        if rules not in self.choices:
            self.choices.append(rules)
        self.index = self.choices.index(rules)
        self.scroll = 0
        self._lines: list[tuple[str, bool]] | None = None  # (text, heading), for this language
        y = SCREEN_SIZE[1] - 66
        specs: list[ButtonSpec] = [
            ("rulespage.play", self.play, "green"),
            ("common.back", self.close, "pink"),
        ]
        self.buttons = button_row(specs, y, 300, gap=20, height=48, hints=("Enter", "Esc"), size=9)
        self.left_arrow = pygame.Rect(PANEL.centerx - 330, 70, 48, 40)
        self.right_arrow = pygame.Rect(PANEL.centerx + 282, 70, 48, 40)

    @property
    def rules(self) -> Rules:
        """The variant shown."""
        return self.choices[self.index]

    def variant_name(self) -> str:
        """The variant's name in the current language."""
        name = self.rules.preset_name()
        return self.app.texts(f"rules.{name}" if name else "rules.custom")

    def lines(self) -> list[tuple[str, bool]]:
        """The page wrapped to the panel: each line and whether it is a heading."""
        if self._lines is None:
            look = self.app.look
            out: list[tuple[str, bool]] = []
            for heading, paragraph in rules_page(self.rules, self.app.texts):
                out.append((heading, True))
                out.extend(
                    (line, False) for line in wrap_text(look, paragraph, BODY, TEXT_W, "regular")
                )
                out.append(("", False))  # the gap after the paragraph
            self._lines = out
        return self._lines

    @property
    def max_scroll(self) -> int:
        """How far the page can scroll, in pixels."""
        height = sum(_height(text, heading) for text, heading in self.lines())
        return max(0, height - (TEXT_BOTTOM - TEXT_TOP))

    def pick(self, step: int) -> None:
        """Show the previous or next variant."""
        self.index = (self.index + step) % len(self.choices)
        self._lines = None
        self.scroll = 0

    def scroll_by(self, pixels: int) -> None:
        """Scroll the page (clamped)."""
        self.scroll = max(0, min(self.max_scroll, self.scroll + pixels))

    def play(self) -> None:
        """A new deal under the rules shown."""
        self.app.flow.new_game(self.rules)

    def close(self) -> None:
        """Back to where the page was opened from."""
        self.app.scenes.pop(fade=True)

    def language_changed(self) -> None:
        self._lines = None

    def handle(self, intent: Intent) -> None:
        for button in self.buttons:
            if button.handle(intent):
                return
        kind = intent.kind
        if kind is Kind.CLICK and intent.pos is not None:
            if self.left_arrow.collidepoint(intent.pos):
                self.pick(-1)
            elif self.right_arrow.collidepoint(intent.pos):
                self.pick(1)
            elif intent.pos[1] < TEXT_BOTTOM and intent.pos[1] > TEXT_TOP:
                # a click on the lower half of the text pages down, on the upper half up
                middle = (TEXT_TOP + TEXT_BOTTOM) // 2
                self.scroll_by(SCROLL_STEP * 3 if intent.pos[1] > middle else -SCROLL_STEP * 3)
            return
        if kind is Kind.LEFT:
            self.pick(-1)
        elif kind is Kind.RIGHT:
            self.pick(1)
        elif kind is Kind.UP:
            self.scroll_by(-SCROLL_STEP)
        elif kind is Kind.DOWN:
            self.scroll_by(SCROLL_STEP)
        elif kind is Kind.FIRST:
            self.scroll = 0
        elif kind is Kind.LAST:
            self.scroll = self.max_scroll
        elif kind is Kind.CONFIRM:
            self.play()
        elif kind in (Kind.CANCEL, Kind.MENU) or (kind is Kind.UNDO and intent.erase):
            self.close()

    def update(self, dt: float) -> None:
        for button in self.buttons:
            button.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        look, texts, p = self.app.look, self.app.texts, PALETTE
        surface.blit(look.felt(), (0, 0))
        chunky_panel(surface, PANEL)
        look.type.blit(
            surface,
            texts("rulespage.title"),
            14,
            p.gold,
            (PANEL.centerx, 30),
            anchor="midtop",
            shadow=p.ink,
        )
        # the variant picker: ◀ Classic ▶
        look.type.blit(
            surface,
            self.variant_name(),
            12,
            p.white,
            (PANEL.centerx, self.left_arrow.centery),
            anchor="center",
            shadow=p.ink,
        )
        for rect, points in (
            (self.left_arrow, ((36, 6), (12, 20), (36, 34))),
            (self.right_arrow, ((12, 6), (36, 20), (12, 34))),
        ):
            pygame.draw.polygon(surface, p.gold, [(rect.x + x, rect.y + y) for x, y in points])
        clip = pygame.Rect(PANEL.left + 8, TEXT_TOP, PANEL.width - 16, TEXT_BOTTOM - TEXT_TOP)
        surface.set_clip(clip)
        y = TEXT_TOP - self.scroll
        for text, heading in self.lines():
            if TEXT_TOP - HEADING_LINE <= y <= TEXT_BOTTOM and text:
                if heading:
                    look.type.blit(surface, text, HEADING, p.gold, (TEXT_LEFT, y + 2), shadow=p.ink)
                else:
                    look.type.blit(
                        surface, text, BODY, p.white, (TEXT_LEFT, y), shadow=p.ink, face="regular"
                    )
            y += _height(text, heading)
        surface.set_clip(None)
        if self.max_scroll:
            track = pygame.Rect(PANEL.right - 28, TEXT_TOP, 3 * PIXEL, TEXT_BOTTOM - TEXT_TOP)
            pygame.draw.rect(surface, p.grey_dark, track, border_radius=3)
            thumb = track.copy()
            thumb.height = max(16, track.height * track.height // (track.height + self.max_scroll))
            thumb.top = track.top + (track.height - thumb.height) * self.scroll // self.max_scroll
            pygame.draw.rect(surface, p.gold, thumb, border_radius=3)
        look.type.blit(
            surface,
            texts("rulespage.scroll"),
            7,
            p.label,
            (PANEL.centerx, PANEL.bottom - 32),
            anchor="midtop",
            shadow=p.ink,
        )
        for button in self.buttons:
            button.draw(surface, look, texts)
