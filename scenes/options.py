"""The options screen: every option changes at once and is saved straight away."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.core.board_text import speak
from scenes.core.dialog import draw_frame
from scenes.core.i18n import LANGUAGES
from scenes.core.input import Intent, Kind
from scenes.core.look import CARD_H, CARD_W, PIXEL, SCREEN_SIZE, chunky_panel
from scenes.core.manager import App, Scene
from scenes.core.settings import (
    ANIMATION_SPEEDS,
    CARD_BACKS,
    RULE_PRESETS,
    TABLE_THEMES,
    Settings,
)
from scenes.core.widgets import Button, Choice, Form, Toast

__all__ = ["OptionsScene"]

ROW_W, ROW_H, ROW_GAP = 760, 38, 4
PATCH = (CARD_W + 40, 64)  # the preview's patch of felt
TOP = 110


class OptionsScene(Scene):
    """Language, interactive rules, sound, volume, animation, default rules, deck, card back,
    table, fullscreen, winnable indicator, speech; beside them, a preview of the card back and
    a patch of the table's felt as chosen."""

    overlay = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.toasts: list[Toast] = []

        def on_off(value: object) -> str:
            return app.texts("common.on" if value else "common.off")

        rows: list[tuple[str, str, list[object], Callable[[object], str]]] = [
            ("options.language", "language", list(LANGUAGES), lambda v: app.texts(f"language.{v}")),
            ("options.interactive", "interactive_rules", [True, False], on_off),
            ("options.sound", "sound", [True, False], on_off),
            ("options.volume", "volume", list(range(0, 101, 10)), lambda v: f"{v} %"),
            (
                "options.animation",
                "animation",
                list(ANIMATION_SPEEDS),
                lambda v: app.texts(f"anim.{v}"),
            ),
            (
                "options.default_rules",
                "default_rules",
                list(RULE_PRESETS),
                lambda v: app.texts(f"rules.{v}"),
            ),
            ("options.four_colour", "four_colour", [False, True], on_off),
            ("options.card_back", "card_back", list(CARD_BACKS), lambda v: app.texts(f"back.{v}")),
            ("options.table", "table", list(TABLE_THEMES), lambda v: app.texts(f"table.{v}")),
            ("options.fullscreen", "fullscreen", [False, True], on_off),
            ("options.winnable_indicator", "winnable_indicator", [False, True], on_off),
            ("options.speak", "speak", [False, True], on_off),
        ]
        x = (SCREEN_SIZE[0] - ROW_W) // 2
        items: list[Choice | Button] = []
        for i, (key, name, values, show) in enumerate(rows):
            rect = pygame.Rect(x, TOP + i * (ROW_H + ROW_GAP), ROW_W, ROW_H)
            current = getattr(app.settings, name)
            index = values.index(current) if current in values else 0
            items.append(Choice(rect, key, values, index, show, self._setter(name)))
        back = pygame.Rect(0, 0, 300, 52)
        back.midtop = (SCREEN_SIZE[0] // 2, TOP + len(rows) * (ROW_H + ROW_GAP) + 18)
        items.append(Button(back, "common.back", self.close, style="pink"))
        self.form = Form(items)
        self.panel = pygame.Rect(x - 40, TOP - 90, ROW_W + 80, back.bottom - TOP + 110)
        preview = pygame.Rect(0, 0, PATCH[0] + 8 * PIXEL, CARD_H + PATCH[1] + 28 * PIXEL)
        preview.midleft = (self.panel.right + 6 * PIXEL, self.panel.centery)
        self.preview = preview

    def _setter(self, name: str) -> Callable[[object], None]:
        def change(value: object) -> None:
            settings: Settings = self.app.settings.with_(**{name: value})
            problem = self.app.change_settings(settings)
            if problem is not None:
                self.toasts = [Toast(self.app.texts.notice(problem), seconds=4.0)]
            self.app.sound.play("click")
            if name == "speak" and value:  # the option's new value is read as it has the focus
                speak(self.app, "", self._tell)  # only says when there is no speech engine

        return change

    def _tell(self, text: str) -> None:
        self.toasts = [Toast(text, seconds=4.0)]

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """The card back and a patch of felt as the options now have them."""
        look = self.app.look
        box = self.preview
        chunky_panel(surface, box)
        card = look.cards.back().get_rect(midtop=(box.centerx, box.top + 8 * PIXEL))
        patch = pygame.Rect((0, 0), PATCH)
        patch.midtop = (box.centerx, card.bottom + 6 * PIXEL)
        pygame.draw.rect(surface, look.palette.ink, patch.inflate(2 * PIXEL, 2 * PIXEL))
        felt = look.felt()
        surface.blit(felt, patch, pygame.Rect((felt.get_width() // 2, 40), PATCH))
        surface.blit(look.cards.back(), card)

    def close(self) -> None:
        """Back to where the options were opened from."""
        self.app.scenes.pop(fade=False)

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CANCEL, Kind.MENU) or (intent.kind is Kind.UNDO and intent.erase):
            self.close()
            return
        self.form.handle(intent)

    def update(self, dt: float) -> None:
        self.form.update(dt)
        for toast in self.toasts:
            toast.update(dt)
        self.toasts = [t for t in self.toasts if t.alive]

    def draw(self, surface: pygame.Surface) -> None:
        look = self.app.look
        draw_frame(surface, look, self.panel, self.app.texts("options.title"))
        self.form.draw(surface, look, self.app.texts)
        self._draw_preview(surface)
        for toast in self.toasts:
            toast.draw(surface, look, (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] - 40))
