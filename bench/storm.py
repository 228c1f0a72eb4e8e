"""Input storm: random events through every screen of the window, headless, checking the engine.

    python bench/storm.py --events 50000

The window is built as ``scenes.app`` builds it (SDL dummy drivers; settings, records and
replays in a temporary folder) and starts on the title. Each event — a click or a release
anywhere (on and off the screen, any button, the wheel), a motion, a key (game keys, arrows,
Enter, Esc, Backspace, F-keys, letters, digits, with and without modifiers), typed text, a
window resize, a focus change, a gamepad button or hat, or a quit — goes through the real
frame loop (``scenes.manager.Loop.step``) with a fixed ``dt``. A quit (the window's close box,
the title's Quit) is cancelled by the harness, as a player changing their mind would: the loop
goes on. Every few thousand events the window goes back to the title so that every screen
reachable from it keeps being visited.

After every event: no exception, and on every solitaire table of the scene stack the engine's
invariants hold — every card of the deal present exactly once (columns, waste, stock), the move
counter never lower than the undo depth, the position as the action log replays it. The
screens visited are counted and printed.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

FRAME = 1 / 60
W, H = 1280, 720


@dataclass
class StormReport:
    events: int = 0
    quits_cancelled: int = 0
    checks: int = 0
    scenes: Counter[str] = field(default_factory=Counter)
    actions: int = 0
    seconds: float = 0.0

    def line(self) -> str:
        seen = ", ".join(f"{name} {count}" for name, count in self.scenes.most_common())
        return (
            f"{self.events} events in {self.seconds:.1f} s, 0 exceptions, {self.checks} "
            f"invariant checks on tables ({self.actions} game actions taken), "
            f"{self.quits_cancelled} quits cancelled; frames per screen: {seen}"
        )


class InvariantError(AssertionError):
    """The engine's state on a table does not hold together."""


def check_table(scene: Any) -> None:
    """Every card of the deal once; moves and undo depth consistent; the log replays."""
    from golf.session import Game

    game = scene.game
    position = game.position
    start = game.start
    deck = sorted([c for col in start.columns for c in col] + list(start.waste) + list(start.stock))
    now = [c for col in position.columns for c in col] + list(position.waste) + list(position.stock)
    if sorted(now) != deck:
        raise InvariantError(f"cards lost or duplicated: {sorted(now)} against {deck}")
    if len(set(now)) != len(now):
        raise InvariantError("a card appears twice")
    if game.undo_depth > game.moves or game.moves > len(game.log):
        raise InvariantError(
            f"moves {game.moves}, undo depth {game.undo_depth}, log {len(game.log)}"
        )
    replayed = Game(start, game.rules, game.code)
    for action in game.log:
        if replayed.apply(action) is not None:
            raise InvariantError(f"the log does not replay at {action}")
    if replayed.position != position or replayed.moves != game.moves:
        raise InvariantError("the log replays to another position")


KEYS = [
    pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_BACKSPACE,
    pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME,
    pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_DELETE, pygame.K_F1, pygame.K_F2,
    pygame.K_F5, pygame.K_F11, pygame.K_F12, *(getattr(pygame, f"K_{d}") for d in range(10)),
    *(getattr(pygame, f"K_{ch}") for ch in "abcdefghijklmnopqrstuvwxyz"),
]  # fmt: skip
GAME_KEYS = [pygame.K_SPACE, pygame.K_u, *(getattr(pygame, f"K_{d}") for d in range(1, 8))]
MODS = [0, 0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT]
TEXT = [*list("abcdefghijklmnopqrstuvwxyz0123456789 .-_é♠/:*?"), "ab", "€", "\u200b"]


def random_event(rng: random.Random) -> pygame.event.Event:
    """One event a player, a window manager or a gamepad could send."""
    r = rng.random()
    pos = (rng.randint(-50, W + 50), rng.randint(-50, H + 50))
    if rng.random() < 0.8:
        pos = (rng.randrange(W), rng.randrange(H))
    if r < 0.30:
        kind = pygame.MOUSEBUTTONDOWN if rng.random() < 0.55 else pygame.MOUSEBUTTONUP
        button = rng.choice([1, 1, 1, 1, 2, 3, 4, 5])
        return pygame.event.Event(kind, pos=pos, button=button)
    if r < 0.40:
        return pygame.event.Event(
            pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-30, 30), rng.randint(-30, 30)),
            buttons=(rng.random() < 0.2, 0, 0),
        )  # fmt: skip
    if r < 0.75:
        kind = pygame.KEYDOWN if rng.random() < 0.7 else pygame.KEYUP
        key = rng.choice(GAME_KEYS if rng.random() < 0.5 else KEYS)  # the table's keys often
        name = pygame.key.name(key)
        text = name if len(name) == 1 else (" " if key == pygame.K_SPACE else "")
        return pygame.event.Event(kind, key=key, mod=rng.choice(MODS), unicode=text, scancode=0)
    if r < 0.82:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXT))
    if r < 0.85:
        return pygame.event.Event(
            pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False
        )
    if r < 0.88:
        size = (rng.randint(1, 3000), rng.randint(1, 2000))
        kind = rng.choice([pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED])
        if kind == pygame.VIDEORESIZE:
            return pygame.event.Event(kind, size=size, w=size[0], h=size[1])
        return pygame.event.Event(kind, x=size[0], y=size[1])
    if r < 0.92:
        kind = rng.choice(
            [pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWMINIMIZED,
             pygame.WINDOWRESTORED, pygame.WINDOWLEAVE, pygame.WINDOWENTER, pygame.ACTIVEEVENT]
        )  # fmt: skip
        if kind == pygame.ACTIVEEVENT:
            return pygame.event.Event(kind, gain=rng.randint(0, 1), state=rng.choice([1, 2, 4]))
        return pygame.event.Event(kind)
    if r < 0.97:
        if rng.random() < 0.7:
            return pygame.event.Event(
                pygame.CONTROLLERBUTTONDOWN, button=rng.randrange(16), instance_id=0
            )
        return pygame.event.Event(
            pygame.JOYHATMOTION, value=(rng.randint(-1, 1), rng.randint(-1, 1)), hat=0,
            instance_id=0, joy=0,
        )  # fmt: skip
    if r < 0.985:
        return pygame.event.Event(pygame.QUIT)
    return pygame.event.Event(pygame.WINDOWCLOSE)


def build(folder: Path, seed: int) -> Any:
    """The window on the title, its files in ``folder``."""
    from scenes.app import WindowOptions, build_app, first_scene
    from scenes.look import SCREEN_SIZE

    pygame.init()
    screen = pygame.display.set_mode(SCREEN_SIZE)
    options = WindowOptions(
        config_dir=folder / "config",
        data_dir=folder / "data",
        replays_dir=folder / "replays",
        seed=seed,
        lang="en",
    )
    app = build_app(options, screen)
    first_scene(app, options)
    pygame.event.clear()
    return app


def storm(
    events: int,
    seed: int = 1,
    folder: Path | None = None,
    back_every: int = 1000,
    progress: int = 0,
) -> StormReport:
    """Send ``events`` random events; raises on an exception or a broken invariant."""
    from scenes.game import GameScene
    from scenes.manager import Loop
    from scenes.title import TitleScene

    own = tempfile.TemporaryDirectory(prefix="golf-storm-") if folder is None else None
    work = Path(own.name) if own is not None else folder
    assert work is not None
    rng = random.Random(seed)
    report = StormReport()
    started = time.perf_counter()
    try:
        app = build(work, seed)
        loop = Loop(app)
        for n in range(events):
            event = random_event(rng)
            before = {id(s): len(s.game.log) for s in app.scenes.stack if isinstance(s, GameScene)}
            try:
                loop.step([event], FRAME)
            except Exception as error:
                raise RuntimeError(f"event {n} ({event}) on {app.scenes.top!r}") from error
            report.events += 1
            if progress and report.events % progress == 0:
                print(f"  {report.events} events, {report.checks} checks, no exception", flush=True)
            top = app.scenes.top
            report.scenes[type(top).__name__ if top is not None else "none"] += 1
            for scene in app.scenes.stack:
                if isinstance(scene, GameScene):
                    try:
                        check_table(scene)
                    except InvariantError as error:
                        raise InvariantError(f"event {n} ({event}): {error}") from None
                    report.checks += 1
                    if len(scene.game.log) != before.get(id(scene), len(scene.game.log)):
                        report.actions += 1
            if not app.running:  # a quit: the harness cancels it and goes on
                report.quits_cancelled += 1
                app.running = True
            if not app.scenes.stack and not app.scenes.busy:
                app.scenes.reset(TitleScene(app), fade=False)
                app.scenes.apply_pending()
            if back_every and n % back_every == back_every - 1:
                from scenes import flow

                flow.to_title(app)
                loop.step([], FRAME)
                for _ in range(60):
                    if not app.scenes.busy:
                        break
                    loop.step([], FRAME)
    finally:
        report.seconds = time.perf_counter() - started
        if own is not None:
            own.cleanup()
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=50_000, help="how many events (50000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the events")
    args = parser.parse_args(argv)
    import logging

    logging.disable(logging.WARNING)
    report = storm(args.events, args.seed, progress=5000)
    print(report.line())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
