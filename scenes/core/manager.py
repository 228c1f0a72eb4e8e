"""The scene stack, the app context every scene receives, and a loop that can be stepped.

Scenes ask for ``push``/``pop``/``replace`` while they handle input or update; the manager applies
those requests between frames, with an optional fade. The top scene gets the input; scenes marked
``overlay`` are drawn over the scene below them. :meth:`Loop.step` runs one frame from a list of
events and a fixed ``dt``, so a test drives the window without a clock.
"""

from __future__ import annotations

import logging
import random
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from golf.core.store import reason
from scenes.core.i18n import Notice, Texts
from scenes.core.input import InputMapper, Intent, Kind
from scenes.core.look import PALETTE
from scenes.core.navigation import Navigation
from scenes.core.records import Records
from scenes.core.settings import Settings, SettingsStore
from scenes.core.sound import SoundBoard
from scenes.core.speech import Speech
from scenes.core.widgets import Toast

if TYPE_CHECKING:
    from scenes.core.look import Look
    from scenes.core.recorder import Recorder
    from scenes.core.viewport import Presenter

__all__ = ["App", "Loop", "Scene", "SceneManager"]

log = logging.getLogger(__name__)

FADE_SECONDS = 0.18
ANIMATION_SCALES = {"off": 0.0, "slow": 1.6, "normal": 1.0, "fast": 0.55}
# after these the window's pixels are not trusted to be the last frame's (see SceneManager.shows)
WINDOW_EVENTS = frozenset(
    (
        pygame.VIDEORESIZE,
        pygame.VIDEOEXPOSE,
        pygame.WINDOWSIZECHANGED,
        pygame.WINDOWEXPOSED,
        pygame.WINDOWSHOWN,
        pygame.WINDOWRESTORED,
        pygame.WINDOWMAXIMIZED,
        pygame.WINDOWDISPLAYCHANGED,
    )
)


class Scene:
    """One screen. Subclasses override what they need."""

    overlay = False  # True: the scene below stays visible underneath

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """The scene joined the stack (pushed, or put in place of others)."""

    def pause(self) -> None:
        """Another scene was pushed over this one; it stays on the stack, below."""

    def resume(self) -> None:
        """The scenes over this one were removed: it is the top again."""

    def exit(self, quitting: bool = False) -> None:
        """The scene leaves the stack for good. ``quitting``: the window closes or the player
        goes back to the title, and a game still in play is kept to continue. Keep what must
        not be lost. Called once per scene."""

    def handle(self, intent: Intent) -> None:
        """React to one player intent (only the top scene receives them)."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene on the logical screen."""

    def language_changed(self) -> None:
        """The language was switched: drop any text rendered in the old one."""


@dataclass
class _Change:
    op: str  # "push", "pop", "replace", "reset"
    scene: Scene | None
    fade: bool


class SceneManager:
    """A stack of scenes whose changes take effect between frames."""

    def __init__(self) -> None:
        self.stack: list[Scene] = []
        self._gone: weakref.WeakSet[Scene] = weakref.WeakSet()  # exit already called
        self._pending: list[_Change] = []
        self._fade_out = 0.0  # seconds left fading to black before the change
        self._fade_in = 0.0  # seconds left fading back in after it
        self._fade_total = FADE_SECONDS
        self._held: list[Intent] = []  # input that arrived during a fade, replayed after it
        self.fades_enabled = True
        self.serial = 0  # counts the draws; see shows()
        # per target surface: (the surface, the scene it shows alone and unfaded or None, the
        # draw's serial), for the few surfaces drawn on last
        self._left: dict[int, tuple[pygame.Surface, Scene | None, int]] = {}
        self._reported: list[pygame.Rect] | None = None
        self.changed: list[pygame.Rect] | None = None
        """The places the last draw changed from the frame before (None: anywhere): a scene
        drawing alone says them with :meth:`changed_only`."""

    @property
    def top(self) -> Scene | None:
        """The scene that receives input."""
        return self.stack[-1] if self.stack else None

    @property
    def busy(self) -> bool:
        """Whether a change is pending or a fade is running."""
        return bool(self._pending) or self._fade_out > 0 or self._fade_in > 0

    def _request(self, op: str, scene: Scene | None, fade: bool) -> None:
        fade = fade and self.fades_enabled
        self._pending.append(_Change(op, scene, fade))
        if fade and self._fade_out <= 0:
            self._fade_out = self._fade_total

    def push(self, scene: Scene, fade: bool = False) -> None:
        """Put ``scene`` on top (next frame)."""
        self._request("push", scene, fade)

    def pop(self, fade: bool = False) -> None:
        """Remove the top scene (next frame)."""
        self._request("pop", None, fade)

    def replace(self, scene: Scene, fade: bool = True) -> None:
        """Swap the top scene for ``scene`` (next frame)."""
        self._request("replace", scene, fade)

    def reset(self, scene: Scene, fade: bool = True) -> None:
        """Empty the stack and start again from ``scene`` (next frame)."""
        self._request("reset", scene, fade)

    def handle(self, intent: Intent) -> None:
        """Give an intent to the top scene, or hold it while a change is under way."""
        if self.busy:
            self._held.append(intent)
            return
        top = self.top
        if top is not None:
            top.handle(intent)

    def update(self, dt: float) -> None:
        """Advance the fades and the top scene (scenes below an overlay are frozen)."""
        if self._fade_out > 0:
            self._fade_out = max(0.0, self._fade_out - dt)
        elif self._fade_in > 0:
            self._fade_in = max(0.0, self._fade_in - dt)
        top = self.top
        if top is not None:
            top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the top scene and, under any overlays, the scenes they cover."""
        self.serial += 1
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        drawn = self.stack[max(first, 0) :]
        self._reported = None
        for scene in drawn:
            scene.draw(surface)
        alpha = 0.0
        if self._fade_out > 0:
            alpha = 1.0 - self._fade_out / self._fade_total
        elif self._fade_in > 0:
            alpha = self._fade_in / self._fade_total
        if alpha > 0:
            # towards black by multiplying, as blending black at that alpha does: a fill costs
            # a fifth of a screen-sized alpha blit (0.3 ms against 1.5 at 1280x720)
            keep = 255 - int(255 * alpha)
            surface.fill((keep, keep, keep), special_flags=pygame.BLEND_MULT)
        self._left.pop(id(surface), None)
        alone = drawn[0] if len(drawn) == 1 and alpha <= 0 else None
        self.changed = self._reported if alone is not None else None
        self._left[id(surface)] = (surface, alone, self.serial)
        if len(self._left) > 4:
            del self._left[next(iter(self._left))]  # the surface drawn on longest ago

    def shows(self, surface: pygame.Surface, scene: Scene, serial: int) -> bool:
        """Whether ``surface`` holds what ``scene`` drew on it in the draw numbered ``serial``
        and nothing else: that draw was the last on it, with the scene alone and unfaded.

        A scene may then redraw only what changed since (see ``GameScene.draw``).
        """
        left = self._left.get(id(surface))
        return left is not None and left[0] is surface and left[1] is scene and left[2] == serial

    def changed_only(self, areas: list[pygame.Rect]) -> None:
        """Said by a scene drawing alone on a surface that held its last frame: only
        ``areas`` differ from that frame (the window then copies only them: ``changed``)."""
        self._reported = areas

    def forget_surfaces(self) -> None:
        """The window's pixels may have been lost (fullscreen switched, window shown again):
        every scene draws its next frame whole."""
        self._left.clear()

    def apply_pending(self) -> None:
        """Carry out the requested changes; called between frames."""
        if not self._pending or self._fade_out > 0:
            return
        faded = any(change.fade for change in self._pending)
        changes, self._pending = self._pending, []
        before = list(self.stack)
        for change in changes:
            if change.op == "push" and change.scene is not None:
                self.stack.append(change.scene)
            elif change.op == "pop":
                if self.stack:
                    self.stack.pop()
            elif change.op == "replace" and change.scene is not None:
                if self.stack:
                    self.stack.pop()
                self.stack.append(change.scene)
            elif change.op == "reset" and change.scene is not None:
                self.stack = [change.scene]
        if faded:
            self._fade_in = self._fade_total
        self._lifecycle(before)
        if not self.busy and self._held:
            held, self._held = self._held, []
            for intent in held:
                self.handle(intent)

    def _lifecycle(self, before: list[Scene]) -> None:
        """Tell the scenes what the changes did to them: exit for the removed (top first),
        pause for the old top now covered, enter for the new, resume for an uncovered top."""
        now = {id(scene) for scene in self.stack}
        for scene in reversed(before):
            if id(scene) not in now:
                self._exit(scene, quitting=False)
        old = {id(scene) for scene in before}
        old_top = before[-1] if before else None
        top = self.top
        if old_top is not None and old_top is not top and id(old_top) in now:
            old_top.pause()
        for scene in self.stack:
            if id(scene) not in old:
                scene.enter()
        if top is not None and id(top) in old and top is not old_top:
            top.resume()

    def _exit(self, scene: Scene, quitting: bool) -> None:
        if scene not in self._gone:
            self._gone.add(scene)
            scene.exit(quitting)

    def leave_all(self, quitting: bool = False) -> None:
        """Every scene on the stack exits now (before a reset, or as the window closes): the
        games in them save and settle themselves at once."""
        for scene in reversed(self.stack):
            self._exit(scene, quitting)

    def flush_held(self) -> None:
        """Deliver held input once the fade-in is over."""
        if not self.busy and self._held:
            held, self._held = self._held, []
            for intent in held:
                self.handle(intent)


@dataclass
class App:
    """What every scene may use: the screen, looks, options, sound, texts and the scene stack.

    It is created once by ``scenes.app`` (or by a test) and passed to each scene's constructor.
    """

    screen: pygame.Surface
    look: Look
    store: SettingsStore
    settings: Settings = field(default_factory=Settings)
    sound: SoundBoard = field(default_factory=SoundBoard)
    scenes: SceneManager = field(default_factory=SceneManager)
    rng: random.Random = field(default_factory=random.Random)  # cosmetic randomness only
    deals: random.Random = field(default_factory=random.Random)  # picks random deal numbers
    running: bool = True
    notices: list[Notice] = field(default_factory=list)  # messages waiting to be shown
    on_fullscreen: Callable[[bool], bool] | None = None  # switches the real window; returns success
    records: Records = field(default_factory=Records)  # statistics, high scores, saved round
    replays_dir: Path | None = None  # where every game's replay is saved (None: not saved)
    record_to: Path | None = None  # the next game's replay is also written here (play --record)
    recording_to: Recorder | None = None  # the recorder that took ``record_to``
    navigation: Navigation | None = None  # how scenes reach each other: scenes.flow.Flow
    speech: Speech = field(default_factory=Speech)  # the "speak" option's voice
    # the real window when it is not ``screen`` (scenes.core.viewport); None: tests drawing on
    # a plain surface, where ``screen`` is all there is
    presenter: Presenter | None = None

    @property
    def flow(self) -> Navigation:
        """The way to every other screen (set when the app is built: ``scenes.app.build_app``)."""
        if self.navigation is None:
            raise RuntimeError("this app context has no navigation (scenes.flow.Flow)")
        return self.navigation

    def __post_init__(self) -> None:
        self.texts = Texts(self.settings.language)
        self._apply()

    def _apply(self) -> None:
        self.sound.configure(self.settings.sound, self.settings.volume)
        self.speech.configure(self.settings.speak)
        self.scenes.fades_enabled = self.settings.animation != "off"
        settings = self.settings
        self.look.restyle(
            settings.language, settings.four_colour, settings.card_back, settings.table
        )

    def change_settings(self, settings: Settings, save: bool = True) -> Notice | None:
        """Adopt new options (language, sound, …) and save them; a notice if saving failed."""
        old = self.settings
        self.settings = settings
        if settings.language != old.language:
            self.texts = Texts(settings.language)
            for scene in self.scenes.stack:
                scene.language_changed()
        if settings.fullscreen != old.fullscreen and self.on_fullscreen is not None:
            self.on_fullscreen(settings.fullscreen)
            self.scenes.forget_surfaces()
        self._apply()
        if save:
            try:
                self.store.save(settings)
            except OSError as error:
                log.warning("cannot save options: %s", error)
                why = reason(self.texts.lang, error.errno, error.strerror or str(error))
                return Notice("options.save_failed", {"error": why})
        return None

    def toggle_fullscreen(self) -> None:
        """F11: switch fullscreen and remember it."""
        self.change_settings(self.settings.with_(fullscreen=not self.settings.fullscreen))

    @property
    def animation_scale(self) -> float:
        """Multiplier for animation durations (0 means no animation)."""
        return ANIMATION_SCALES.get(self.settings.animation, 1.0)


class Loop:
    """Runs frames: events to intents, update, draw, then scene changes.

    With a presenter (``scenes.core.viewport``) the frame is drawn on the logical screen and
    shown in the window at its current size, and pointer positions are mapped back through the
    same scale.
    """

    def __init__(self, app: App, mapper: InputMapper | None = None) -> None:
        self.app = app
        presenter = app.presenter
        self.mapper = mapper or InputMapper()
        self.told: list[Toast] = []
        """What the records had to tell (a save that failed during play), shown over whatever
        screen is up, at once: not kept for the next title screen."""
        if presenter is not None and self.mapper.devices.to_logical is None:
            self.mapper.devices.to_logical = presenter.to_logical  # window pixels to logical

    def step(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        """One frame with the given events and ``dt`` seconds of time."""
        scenes = self.app.scenes
        for event in events:
            if event.type in WINDOW_EVENTS:
                scenes.forget_surfaces()
                self.follow_window()
            for intent in self.mapper.translate(event):
                self.dispatch(intent)
        scenes.flush_held()
        self.app.speech.pump()
        scenes.update(dt)
        self._tell(dt)
        self.follow_window()
        scenes.draw(self.app.screen)
        if self.told:
            self._draw_told()
        if self.app.presenter is not None:
            # a notice drawn over the frame is not among the places the scenes changed
            self.app.presenter.present(None if self.told else scenes.changed)
        scenes.apply_pending()
        self.app.speech.follow_focus(scenes.top, self.app.texts)
        if not scenes.stack and not scenes.busy:
            self.app.running = False

    def _tell(self, dt: float) -> None:
        """Take the records' notices that no screen took (the title and the statistics show
        them themselves) and age the ones showing."""
        records = self.app.records
        if records.notices and self.app.scenes.stack:
            lang = self.app.texts.lang
            self.told += [
                Toast(n.text(lang), seconds=9.0, colour=PALETTE.orange)
                for n in records.take_notices()
            ]
        for toast in self.told:
            toast.update(dt)
        if self.told and not self.told[0].alive:
            self.told.pop(0)
            self.app.scenes.forget_surfaces()  # the screen below draws its whole frame again

    def _draw_told(self) -> None:
        """The oldest notice, low over the screen; the screen below redraws whole next frame
        (its cache of what is on the window no longer holds)."""
        screen = self.app.screen
        self.told[0].draw(
            screen, self.app.look, (screen.get_width() // 2, screen.get_height() - 130)
        )
        self.app.scenes.forget_surfaces()

    def follow_window(self) -> None:
        """The window was resized or switched to or from fullscreen: the logical screen may be
        another surface now, and the scenes draw their next frame whole on it."""
        presenter = self.app.presenter
        if presenter is not None and presenter.follow():
            self.app.screen = presenter.canvas
            self.app.scenes.forget_surfaces()

    def dispatch(self, intent: Intent) -> None:
        """Intents every screen shares (quit, fullscreen) here; the rest to the top scene."""
        if intent.kind is Kind.QUIT:
            self.app.running = False
        elif intent.kind is Kind.FULLSCREEN:
            self.app.toggle_fullscreen()
        else:
            self.app.scenes.handle(intent)
