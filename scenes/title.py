"""The title screen: a bouncing pixel logo over falling cards, and the main menu."""

from __future__ import annotations

import functools
import logging
import math
import threading
from typing import TYPE_CHECKING, Final

import pygame

from golf.core.version import version
from golf.solitaire.rules import CLASSIC, EASY
from scenes.continuing import left_game
from scenes.core.input import Intent, Kind
from scenes.core.look import CARD_H, CARD_W, PALETTE, PIXEL, SCREEN_SIZE
from scenes.core.manager import App, Scene
from scenes.core.widgets import Button, Menu, Toast
from scenes.title_panels import TitleSides

if TYPE_CHECKING:
    from scenes.solitaire.attract import AttractTimer

__all__ = ["TitleScene"]

LOGO = "GOLF"
LOGO_COLOURS = (PALETTE.gold, PALETTE.orange, PALETTE.pink, PALETTE.cyan)
MENU_TOP = 284
RAIN_BOTTOM = 680  # the falling cards stop short of the help line at the bottom
BUTTON_W, BUTTON_H, GAP = 380, 40, 8


log = logging.getLogger(__name__)

TIMER_AFTER: Final = 3.0
"""Seconds of no input on the title before the attract mode's timer takes over the count."""

_preparing = threading.Lock()
_prepared = False


def _prepare() -> None:
    """Load the attract mode's modules (the table, the replays, the solver) and start the
    solver processes, so that neither the demo's timer nor the first hint waits for them."""
    try:
        from scenes.solitaire import attract, solver_worker

        solver_worker.warm_up()
        log.debug("attract mode ready: %s", attract.__name__)
    except Exception:  # a nicety only: the title goes on without it, the timer loads it again
        log.exception("the attract mode could not be prepared in the background")


def _prepare_in_background() -> None:
    """:func:`_prepare` on a daemon thread, once per process."""
    global _prepared
    with _preparing:
        if _prepared:
            return
        _prepared = True
    threading.Thread(target=_prepare, name="prepare-attract", daemon=True).start()


@functools.cache
def _dim() -> pygame.Surface:
    """The felt-green veil over a falling card (made once, not every frame)."""
    dim = pygame.Surface((CARD_W, CARD_H), pygame.SRCALPHA)
    dim.fill((18, 84, 58, 150))
    return dim


class TitleScene(Scene):
    """Play Easy, Play Classic, New game…, Six-card Golf…, How to play, Replays, Options,
    Quit."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.clock = 0.0
        self.program = f"v{version()}"
        specs: list[tuple[str, object, str, bool]] = [
            ("title.play_easy", lambda: app.flow.new_game(EASY), "green", True),
            ("title.play_classic", lambda: app.flow.new_game(CLASSIC), "orange", True),
            ("title.new_game", lambda: app.flow.open_new_game(), "orange", True),
            ("title.six_card", lambda: app.flow.open_six_card(), "pink", True),
            ("title.how_to_play", lambda: app.flow.open_tutorial(), "green", True),
            ("title.replays", lambda: app.flow.open_replays(), "cyan", True),
            ("title.options", lambda: app.flow.open_options(), "cyan", True),
            ("title.quit", self.quit, "pink", True),
        ]
        # the game left in play last (back to the title, the window closed, a crash), of
        # either game or a round: Continue
        self.left = left_game(app)
        self.saved = None if self.left is None else self.left.saved
        height, gap = BUTTON_H, GAP
        if self.left is not None:
            specs.insert(0, ("title.continue", self.left.resume, "green", True))
            height, gap = BUTTON_H - 4, GAP - 4  # one more button in the same space
        x = (SCREEN_SIZE[0] - BUTTON_W) // 2
        buttons = []
        for i, (key, action, style, enabled) in enumerate(specs):
            assert callable(action)
            rect = pygame.Rect(x, MENU_TOP + i * (height + gap), BUTTON_W, height)
            buttons.append(Button(rect, key, action, style=style, enabled=enabled))
        self.menu = Menu(buttons)
        self.sides = TitleSides(app, self.menu)  # daily deal, round, high scores, stats, history
        # the solver's demo after 20 s without input: its modules and the solver processes
        # load on a thread once the title shows (its frames go on meanwhile), and its timer
        # takes over the idle count a few seconds later, when they are ready
        self._attract: AttractTimer | None = None
        self.idle = 0.0
        self.shown = False
        self.toasts = [Toast(app.texts.notice(n), seconds=6.0) for n in app.notices]
        app.notices.clear()
        self.toasts += [
            Toast(n.text(app.texts.lang), seconds=9.0, colour=PALETTE.orange)
            for n in app.records.take_notices()
        ]
        rng = app.rng
        # falling cards behind the logo: (card, x, y, speed, face up)
        self.rain = [
            [
                float(rng.randrange(52)),
                rng.uniform(-CARD_W, SCREEN_SIZE[0]),
                rng.uniform(-SCREEN_SIZE[1], SCREEN_SIZE[1]),
                rng.uniform(30, 90),
                float(rng.random() < 0.7),
            ]
            for _ in range(14)
        ]

    @property
    def attract(self) -> AttractTimer:
        """The idle clock of the attract mode (made on first use)."""
        if self._attract is None:
            from scenes.solitaire.attract import AttractTimer

            self._attract = AttractTimer(self.app)
        return self._attract

    def quit(self) -> None:
        """Close the game."""
        self.app.running = False

    def handle(self, intent: Intent) -> None:
        self.idle = 0.0
        if self._attract is not None:
            self._attract.reset()
        if self.sides.handle(intent):
            return
        if intent.kind is Kind.CANCEL:
            self.sides.focus(0)
            self.menu.focus = len(self.menu.buttons) - 1
            return
        if intent.kind is Kind.NEW:
            self.app.flow.open_new_game()
            return
        self.menu.handle(intent)
        if self.menu.pointed:  # the pointer moved onto the main menu: the focus follows
            self.sides.focus(0)

    def update(self, dt: float) -> None:
        if self.shown:  # the game's faces, drawn while the title idles (not before it shows)
            self.app.look.warm(2)
        self.clock += dt
        if self.shown:
            _prepare_in_background()
            if self._attract is not None:
                self._attract.tick(dt)
            else:
                self.idle += dt
                if self.idle >= TIMER_AFTER:
                    self.attract.idle = self.idle
        self.menu.update(dt)
        self.sides.update(dt)
        for toast in self.toasts:
            toast.update(dt)
        self.toasts = [t for t in self.toasts if t.alive]
        for drop in self.rain:
            drop[2] += drop[3] * dt * (self.app.animation_scale and 1.0)
            if drop[2] > SCREEN_SIZE[1]:
                drop[2] = -CARD_H - self.app.rng.uniform(0, 200)
                drop[1] = self.app.rng.uniform(-CARD_W, SCREEN_SIZE[0])
                drop[0] = float(self.app.rng.randrange(52))

    def draw(self, surface: pygame.Surface) -> None:
        self.shown = True
        look, p = self.app.look, PALETTE
        surface.blit(look.felt(), (0, 0))
        dim = _dim()
        # the falling cards sink out of sight above the line of help at the bottom, which
        # stays on the plain felt
        surface.set_clip(pygame.Rect(0, 0, SCREEN_SIZE[0], RAIN_BOTTOM))
        for card, x, y, _speed, face_up in self.rain:
            pos = (int(x) // PIXEL * PIXEL, int(y) // PIXEL * PIXEL)
            if pos[1] <= -CARD_H:
                continue  # still above the screen: its face is drawn when it comes in
            image = look.cards.face(int(card)) if face_up else look.cards.back()
            surface.blit(image, pos)
            surface.blit(dim, pos)
        surface.set_clip(None)
        self._draw_logo(surface)
        self.menu.draw(surface, look, self.app.texts)
        self.sides.draw(surface)
        look.type.blit(
            surface,
            self.app.texts("title.help"),
            8,
            p.label,
            (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] - 14),
            anchor="midbottom",
            shadow=p.ink,
        )
        # Which version this is, for a bug report (the log and crash reports say it too).
        look.type.blit(
            surface,
            self.program,
            8,
            p.label,
            (SCREEN_SIZE[0] - 8, SCREEN_SIZE[1] - 14),
            anchor="bottomright",
            shadow=p.ink,
        )
        for toast in self.toasts:
            # over the subtitle, clear of the menu below it (its first button: Continue)
            toast.draw(surface, look, (SCREEN_SIZE[0] // 2, MENU_TOP - 20))

    def _draw_logo(self, surface: pygame.Surface) -> None:
        look, p = self.app.look, PALETTE
        type_ = look.type
        letters = [
            type_.render(ch, 44, colour, scale=PIXEL * 2)
            for ch, colour in zip(LOGO, LOGO_COLOURS, strict=True)
        ]
        outlines = [type_.render(ch, 44, p.ink, scale=PIXEL * 2) for ch in LOGO]
        width = sum(s.get_width() for s in letters) + 8 * (len(letters) - 1)
        x = (SCREEN_SIZE[0] - width) // 2
        for i, (letter, outline) in enumerate(zip(letters, outlines, strict=True)):
            wave = math.sin(self.clock * 3.0 - i * 0.7) if self.app.animation_scale else 0.0
            y = 24 + round(wave * 6) * PIXEL
            step = PIXEL * 2
            for dx, dy in ((-step, 0), (step, 0), (0, -step), (0, step), (step, step * 2)):
                surface.blit(outline, (x + dx, y + dy))
            surface.blit(letter, (x, y))
            x += letter.get_width() + 8
        type_.blit(
            surface,
            self.app.texts("app.subtitle"),
            14,
            p.white,
            (SCREEN_SIZE[0] // 2, 226),
            anchor="midtop",
            shadow=p.ink,
        )
        # two suit pips either side of the subtitle, blinking in turn
        sub = type_.render(self.app.texts("app.subtitle"), 14, p.white, shadow=p.ink)
        half = sub.get_width() // 2 + 30
        blink = int(self.clock * 2) % 2
        pips = (
            ("♠♥"[blink], (p.black, p.red)[blink], -half),
            ("♦♣"[blink], (p.red, p.black)[blink], half),
        )
        for pip, colour, dx in pips:
            # each on a little card of paper: red on the felt would not read (1.4:1)
            at = (SCREEN_SIZE[0] // 2 + dx, 226)
            card = type_.render(pip, 14, colour).get_rect(midtop=at).inflate(6 * PIXEL, 2 * PIXEL)
            card.x -= card.x % PIXEL
            card.y -= card.y % PIXEL
            pygame.draw.rect(surface, p.ink, card.inflate(2 * PIXEL, 2 * PIXEL), border_radius=6)
            pygame.draw.rect(surface, p.paper, card, border_radius=4)
            type_.blit(surface, pip, 14, colour, at, anchor="midtop")
