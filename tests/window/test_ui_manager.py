"""The scene stack changes between frames, overlays draw over the scene below, input is never lost."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from scenes.core.input import Intent, Kind
from scenes.core.look import SCREEN_SIZE, Look
from scenes.core.manager import App, Loop, Scene
from scenes.core.settings import Settings, SettingsStore
from scenes.core.sound import SoundBoard


class Recorder(Scene):
    """A scene that remembers what happened to it and paints itself one colour."""

    def __init__(
        self,
        app: App,
        name: str,
        colour: tuple[int, int, int],
        journal: list[str],
        overlay: bool = False,
    ) -> None:
        super().__init__(app)
        self.name = name
        self.colour = colour
        self.journal = journal
        self.overlay = overlay
        self.on_update: Scene | None = None
        self.pop_on_update = False
        self.handled: list[Intent] = []

    def enter(self) -> None:
        self.journal.append(f"enter {self.name}")

    def pause(self) -> None:
        self.journal.append(f"pause {self.name}")

    def resume(self) -> None:
        self.journal.append(f"resume {self.name}")

    def exit(self, quitting: bool = False) -> None:
        self.journal.append(f"exit {self.name}" + (" quitting" if quitting else ""))

    def handle(self, intent: Intent) -> None:
        self.handled.append(intent)

    def update(self, dt: float) -> None:
        self.journal.append(f"update {self.name}")
        if self.on_update is not None:
            self.app.scenes.push(self.on_update)
            self.journal.append(f"asked to push from {self.name}")
            self.on_update = None
        if self.pop_on_update:
            self.pop_on_update = False
            self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        self.journal.append(f"draw {self.name}")
        if self.overlay:
            surface.fill(self.colour, (0, 0, 10, 10))
        else:
            surface.fill(self.colour)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.Surface(SCREEN_SIZE)
    yield App(
        screen=screen,
        look=Look(),
        store=SettingsStore(tmp_path),
        settings=Settings(animation="off"),
        sound=SoundBoard(enabled=False),
    )


def test_a_push_asked_during_update_happens_after_the_frame(app: App) -> None:
    journal: list[str] = []
    first = Recorder(app, "first", (255, 0, 0), journal)
    second = Recorder(app, "second", (0, 0, 255), journal)
    app.scenes.push(first)
    app.scenes.apply_pending()
    first.on_update = second
    loop = Loop(app)
    journal.clear()
    loop.step([], 1 / 60)
    assert journal == [
        "update first",
        "asked to push from first",
        "draw first",
        "pause first",
        "enter second",
    ]
    assert app.scenes.top is second
    journal.clear()
    loop.step([], 1 / 60)
    assert journal == ["update second", "draw second"]


def test_an_overlay_draws_over_the_scene_below(app: App) -> None:
    journal: list[str] = []
    base = Recorder(app, "base", (255, 0, 0), journal)
    dialog = Recorder(app, "dialog", (0, 255, 0), journal, overlay=True)
    app.scenes.push(base)
    app.scenes.push(dialog)
    app.scenes.apply_pending()
    journal.clear()
    Loop(app).step([], 1 / 60)
    assert journal == ["update dialog", "draw base", "draw dialog"]
    assert app.screen.get_at((5, 5))[:3] == (0, 255, 0)
    assert app.screen.get_at((500, 500))[:3] == (255, 0, 0)


def test_a_covered_scene_is_not_drawn(app: App) -> None:
    journal: list[str] = []
    app.scenes.push(Recorder(app, "under", (255, 0, 0), journal))
    app.scenes.push(Recorder(app, "over", (0, 0, 255), journal))
    app.scenes.apply_pending()
    journal.clear()
    Loop(app).step([], 1 / 60)
    assert "draw under" not in journal


def test_pop_uncovers_the_scene_below(app: App) -> None:
    journal: list[str] = []
    base = Recorder(app, "base", (255, 0, 0), journal)
    top = Recorder(app, "top", (0, 0, 255), journal)
    app.scenes.push(base)
    app.scenes.push(top)
    app.scenes.apply_pending()
    top.pop_on_update = True
    journal.clear()
    Loop(app).step([], 1 / 60)
    assert journal[-2:] == ["exit top", "resume base"]
    assert app.scenes.stack == [base]


def test_a_push_pauses_the_scene_it_covers(app: App) -> None:
    journal: list[str] = []
    base = Recorder(app, "base", (255, 0, 0), journal)
    app.scenes.push(base)
    app.scenes.apply_pending()
    journal.clear()
    app.scenes.push(Recorder(app, "top", (0, 0, 255), journal))
    app.scenes.apply_pending()
    assert journal == ["pause base", "enter top"]


def test_a_reset_exits_every_scene_once_top_first(app: App) -> None:
    journal: list[str] = []
    app.scenes.push(Recorder(app, "base", (255, 0, 0), journal))
    app.scenes.push(Recorder(app, "top", (0, 0, 255), journal))
    app.scenes.apply_pending()
    journal.clear()
    app.scenes.reset(Recorder(app, "next", (0, 255, 0), journal), fade=False)
    app.scenes.apply_pending()
    assert journal == ["exit top", "exit base", "enter next"]


def test_leaving_all_exits_now_and_not_again_when_the_scenes_go(app: App) -> None:
    journal: list[str] = []
    app.scenes.push(Recorder(app, "base", (255, 0, 0), journal))
    app.scenes.apply_pending()
    journal.clear()
    app.scenes.leave_all(quitting=True)
    assert journal == ["exit base quitting"]
    app.scenes.reset(Recorder(app, "next", (0, 255, 0), journal), fade=False)
    app.scenes.apply_pending()
    assert journal == ["exit base quitting", "enter next"]


def test_only_the_top_scene_gets_input(app: App) -> None:
    journal: list[str] = []
    base = Recorder(app, "base", (255, 0, 0), journal)
    top = Recorder(app, "top", (0, 0, 255), journal)
    app.scenes.push(base)
    app.scenes.push(top)
    app.scenes.apply_pending()
    Loop(app).step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0)], 1 / 60)
    assert top.handled == [Intent(Kind.COLUMN, column=3)]
    assert base.handled == []


def test_input_during_a_fade_is_held_then_delivered(app: App) -> None:
    app.change_settings(app.settings.with_(animation="normal"), save=False)
    journal: list[str] = []
    first = Recorder(app, "first", (255, 0, 0), journal)
    second = Recorder(app, "second", (0, 0, 255), journal)
    app.scenes.push(first)
    app.scenes.apply_pending()
    app.scenes.replace(second, fade=True)
    loop = Loop(app)
    loop.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0)], 0.05)
    assert first.handled == []
    assert second.handled == []
    for _ in range(20):
        loop.step([], 0.05)
    assert app.scenes.top is second
    assert second.handled == [Intent(Kind.DRAW)]
    assert first.handled == []


def test_the_fade_darkens_the_screen_half_way(app: App) -> None:
    app.change_settings(app.settings.with_(animation="normal"), save=False)
    journal: list[str] = []
    app.scenes.push(Recorder(app, "first", (200, 200, 200), journal))
    app.scenes.apply_pending()
    app.scenes.replace(Recorder(app, "second", (200, 200, 200), journal), fade=True)
    Loop(app).step([], 0.09)
    assert app.screen.get_at((100, 100))[0] < 150


def test_closing_the_window_stops_the_loop(app: App) -> None:
    app.scenes.push(Recorder(app, "only", (0, 0, 0), []))
    app.scenes.apply_pending()
    loop = Loop(app)
    loop.step([pygame.event.Event(pygame.QUIT)], 1 / 60)
    assert not app.running


def test_an_empty_stack_stops_the_loop(app: App) -> None:
    only = Recorder(app, "only", (0, 0, 0), [])
    app.scenes.push(only)
    app.scenes.apply_pending()
    only.pop_on_update = True
    Loop(app).step([], 1 / 60)
    assert not app.running


def test_changing_the_language_reaches_every_scene(app: App) -> None:
    seen: list[str] = []

    class Listener(Scene):
        def language_changed(self) -> None:
            seen.append(self.app.texts.lang)

    app.scenes.push(Listener(app))
    app.scenes.apply_pending()
    app.change_settings(app.settings.with_(language="fr"), save=False)
    assert seen == ["fr"]
    assert app.texts("game.stock") == "Pioche"


def test_the_pointer_resting_where_the_window_opens_does_not_move_the_focus(app: App) -> None:
    from scenes.core.widgets import Button, Menu

    buttons = [
        Button(pygame.Rect(0, 100 * i, 200, 50), "title.quit", lambda: None) for i in range(3)
    ]
    menu = Menu(buttons)
    menu.handle(Intent(Kind.POINT, pos=(10, 210)))  # first sighting: over the third button
    assert menu.focus == 0
    menu.handle(Intent(Kind.POINT, pos=(12, 110)))  # a real move onto the second
    assert menu.focus == 1
