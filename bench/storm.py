"""Input storm: random events through every screen of the window, headless, checking the engine.

    python bench/storm.py --events 50000
    python bench/storm.py --quick       # every place of the tour once, 8 events at each (CI)

The window is built as ``scenes.app`` builds it (SDL dummy drivers; settings, records and
replays in a temporary folder) and starts on the title. Each event — a click or a release
anywhere (on and off the screen, any button, the wheel), a motion, a key (game keys, arrows,
Enter, Esc, Backspace, F-keys, letters, digits, with and without modifiers), typed text, a
window resize, a focus change, a gamepad button or hat, or a quit — goes through the real
frame loop (``scenes.core.manager.Loop.step``) with a fixed ``dt``. A quit (the window's close box,
the title's Quit) is cancelled by the harness, as a player changing their mind would: the loop
goes on. A quarter of the events are a click aimed at something the scene on top shows (a
button, a card, a six-card target), the rest fall anywhere.

Random input alone rarely reaches the deeper screens, so every ``--burst`` events (200) the storm
takes the window to the next place of :func:`places`, through the window's own flow (the
``scenes.flow`` helpers, keys, the buttons' actions, frames of 0.1 s while it waits): the title,
the attract demo, new game, the winnable-deal search, a table, its pause menu, the blocked dialog
(a pinned deal drawn out), the game-over screen and the initials (a pinned deal won by keys), the
analysis, save replay and watch from the game-over screen, options, replays, the tutorial, the
rules, statistics, its reset dialog, high scores, a round's setup, table, pause menu and
scorecard, six-card setup, table, pause menu, the curtain between two people and the final
scoreboard (two computers play a whole game). The storm then goes on from there.

After every event (and every frame of a trip): no exception, and every table on the scene stack
holds together. Solitaire: every card of the deal present exactly once (columns, waste, stock),
the move counter never lower than the undo depth, the position as the action log replays it.
Six-card Golf: every card of the hole exactly once (grids, stock, discard, the card in hand),
every playing seat's grid whole, the face-up marks inside it, one score per hole played, and
the state as the action log replays it. The events each scene received are counted and printed,
with the trips that did not end on their place.
"""

from __future__ import annotations

import argparse
import contextlib
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
DRIVE = 0.1  # the frame time while the storm takes the window somewhere (the loop's longest)
W, H = 1280, 720


@dataclass
class StormReport:
    events: int = 0
    quits_cancelled: int = 0
    checks: int = 0
    scenes: Counter[str] = field(default_factory=Counter)
    """Events received by each scene (the one on top when the event came)."""
    places: Counter[str] = field(default_factory=Counter)
    """Times the storm took the window to each place of the tour."""
    missed: Counter[str] = field(default_factory=Counter)
    """Times the way to a place did not end on it."""
    actions: int = 0
    seconds: float = 0.0

    def line(self) -> str:
        missed = ", ".join(f"{name} {count}" for name, count in sorted(self.missed.items()))
        return (
            f"{self.events} events in {self.seconds:.1f} s, 0 exceptions, {self.checks} "
            f"invariant checks on tables ({self.actions} game actions taken), "
            f"{self.quits_cancelled} quits cancelled; {len(self.scenes)} scenes received events; "
            f"{sum(self.places.values())} trips to a place, missed: {missed or 'none'}"
        )

    def table(self) -> str:
        """Events received per scene, one line each."""
        return "\n".join(f"  {name:<24} {count:7d}" for name, count in self.scenes.most_common())


class InvariantError(AssertionError):
    """The engine's state on a table does not hold together."""


def check_table(scene: Any) -> None:
    """Every card of the deal once; moves and undo depth consistent; the log replays."""
    from golf.solitaire.session import Game

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
    from scenes.core.look import SCREEN_SIZE

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


def scene_name(scene: Any) -> str:
    """The name a scene is counted under (the final six-card scoreboard apart)."""
    if scene is None:
        return "none"
    name = type(scene).__name__
    if name == "ScoreboardScene" and getattr(scene, "final", False):
        return "ScoreboardScene(final)"
    return name


def clickables(scene: Any) -> list[pygame.Rect]:
    """What a player could aim at on ``scene``: buttons, menus, cards, six-card targets."""
    rects: list[pygame.Rect] = []

    def take(value: Any) -> None:
        if isinstance(value, pygame.Rect):
            rects.append(value)
            return
        rect = getattr(value, "rect", None)
        if isinstance(rect, pygame.Rect):
            rects.append(rect)
        for button in getattr(value, "buttons", None) or ():
            take(button)

    for value in list(vars(scene).values()):
        if isinstance(value, dict):
            for item in list(value.values())[:60]:
                take(item)
        elif isinstance(value, list | tuple):
            for item in value[:60]:
                take(item)
        else:
            take(value)
    if hasattr(scene, "targets") and hasattr(scene, "target_rect"):
        with contextlib.suppress(Exception):  # a table between states: aim elsewhere
            rects += [scene.target_rect(t) for t in scene.targets()]
    return [r for r in rects if r.w > 0 and r.h > 0]


def aimed_click(rng: random.Random, scene: Any) -> list[pygame.Event]:
    """A press and a release on something of ``scene`` (random when it has nothing)."""
    rects = clickables(scene) if scene is not None else []
    if not rects:
        return [random_event(rng)]
    rect = rng.choice(rects)
    pos = (rng.randint(rect.left, rect.right - 1), rng.randint(rect.top, rect.bottom - 1))
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    button = 1 if rng.random() < 0.9 else 3
    return [
        motion,
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ]


def check_six(scene: Any) -> None:
    """Six-card Golf: every card of the hole once, grids whole, the log replays to the state."""
    from golf.sixcard.game import Match

    match = scene.match
    state = match.state
    rules = state.rules
    held = [c for grid in state.grids for c in grid] + list(state.stock) + list(state.discard)
    if state.drawn is not None:
        held.append(state.drawn)
    if sorted(held) != sorted(rules.deck(state.players)):
        raise InvariantError(f"six-card: cards lost or duplicated in hole {state.hole}")
    full = (1 << rules.grid) - 1
    for seat in state.seats:
        if len(state.grids[seat]) != rules.grid:
            raise InvariantError(f"six-card: seat {seat} holds {len(state.grids[seat])} cards")
    if any(up & ~full for up in state.up):
        raise InvariantError("six-card: a face-up mark outside the grid")
    if len(state.scores) not in (state.hole - 1, state.hole):
        raise InvariantError(f"six-card: {len(state.scores)} scores in hole {state.hole}")
    replayed = Match(match.start)
    for action in match.log:
        if replayed.apply(action) is not None:
            raise InvariantError(f"six-card: the log does not replay at {action}")
    if replayed.state != state:
        raise InvariantError("six-card: the log replays to another state")


def check_stack(app: Any) -> int:
    """Check every table on the scene stack; how many were checked."""
    from scenes.sixcard.table import SixTableScene
    from scenes.solitaire.table import TableScene as GameScene

    checked = 0
    for scene in app.scenes.stack:
        if isinstance(scene, GameScene):
            check_table(scene)
            checked += 1
        elif isinstance(scene, SixTableScene):
            check_six(scene)
            checked += 1
    return checked


# The pinned deals of the window's tests (deals never change, SPEC §1): GO1-E-AAAAAAA is won by
# WIN_LINE (a column number plays it, d draws); GO1-C-AAAAAAC is blocked after 16 draws.
WIN_CODE = "GO1-E-AAAAAAA"
WIN_LINE = "241d241d123d426577d5d14d6dd6d745dd1576326d73ddd35d3"
BLOCK_CODE = "GO1-C-AAAAAAC"


class Driver:
    """Takes the window somewhere through its own flow: frames, keys and the buttons' actions."""

    def __init__(self, app: Any, loop: Any) -> None:
        self.app = app
        self.loop = loop

    @property
    def top(self) -> Any:
        return self.app.scenes.top

    def frames(self, count: int = 1, dt: float = DRIVE) -> None:
        for _ in range(count):
            self.loop.step([], dt)
            check_stack(self.app)

    def until(self, *names: str, limit: int = 240, dt: float = DRIVE) -> bool:
        """Frames until the top scene is one of ``names`` and no fade runs (at most ``limit``)."""
        for _ in range(limit):
            if scene_name(self.top) in names and not self.app.scenes.busy:
                return True
            self.frames(1, dt)
        return scene_name(self.top) in names

    def key(self, key: int, text: str = "") -> None:
        down = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0)
        up = pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text, scancode=0)
        self.loop.step([down, up], FRAME)
        check_stack(self.app)

    def settle(self, limit: int = 120) -> None:
        """Frames until no scene change runs and no input is held for after one."""
        for _ in range(limit):
            if not self.app.scenes.busy and not self.app.scenes._held:
                return
            self.frames()

    def call(self, name: str, method: str) -> None:
        """Run a button's action of the scene on top, if it is ``name`` (else stay)."""
        if scene_name(self.top) == name:
            getattr(self.top, method)()

    def table(self) -> Any:
        from scenes.solitaire.table import TableScene as GameScene

        return next((s for s in self.app.scenes.stack if isinstance(s, GameScene)), None)

    def settle_table(self, limit: int = 120) -> None:
        for _ in range(limit):
            table = self.table()
            if table is None or (not table.animating and not self.app.scenes.busy):
                return
            self.frames()

    # ------------------------------------------------------------------ the places
    def title(self) -> None:

        self.app.flow.to_title()

    def attract(self) -> None:
        self.title()
        self.until("TitleScene")
        # idle on the title: the demo starts once its deal is solved in a helper process,
        # which takes wall time (more on a loaded machine) however fast the frames are driven
        deadline = time.monotonic() + 60.0
        while not self.until("AttractScene", limit=100) and time.monotonic() < deadline:
            time.sleep(0.05)

    def past_question(self, *names: str) -> None:
        """A new game over one kept for Continue asks first (scenes.replacing): start the new
        one, then wait for one of ``names``."""
        self.until("ReplaceKeptDialog", *names)
        self.call("ReplaceKeptDialog", "confirm")
        self.until(*names)

    def replacing(self) -> None:
        """A game kept by going back to the title (a game is kept from its first action), then a
        new one asked for over it."""
        from golf.solitaire.engine import Action
        from golf.solitaire.rules import EASY

        self.game()
        self.app.scenes.top.act(Action.draw())
        self.title()
        self.until("TitleScene")
        self.app.flow.new_game(EASY)

    def game(self, code: str | None = None) -> None:
        from golf.solitaire.rules import CLASSIC, EASY
        from golf.solitaire.session import Game

        if code is None:
            self.app.flow.new_game(EASY if len(self.app.scenes.stack) % 2 else CLASSIC)
        else:
            self.app.flow.start_game(Game.from_code(code))
        self.past_question("GameScene")
        self.settle_table()

    def pause(self) -> None:
        self.game()
        self.key(pygame.K_ESCAPE)

    def blocked(self) -> None:
        self.game(BLOCK_CODE)
        for _ in range(40):
            if scene_name(self.top) == "BlockedDialog":
                return
            self.key(pygame.K_SPACE, " ")
            self.settle_table()
            self.frames(2)
        self.until("BlockedDialog")

    def over(self, keep_initials: bool = False) -> None:
        self.game(WIN_CODE)
        for token in WIN_LINE:
            if token == "d":
                self.key(pygame.K_SPACE, " ")
            else:
                self.key(getattr(pygame, f"K_{token}"), token)
            self.settle_table()
        self.until("GameOverScene", "InitialsScene")  # the fountain, then the game-over
        if scene_name(self.top) == "InitialsScene" and not keep_initials:
            self.key(pygame.K_ESCAPE)  # a high score: no initials this time
            self.until("GameOverScene", limit=30)

    def initials(self) -> None:
        from datetime import date

        from scenes.core.records import HighScoreChance
        from scenes.highscores import open_initials

        self.over(keep_initials=True)
        table = self.table()
        if scene_name(self.top) == "GameOverScene" and table is not None:  # the table is full
            chance = HighScoreChance("easy", table.game.score, WIN_CODE, date.today(), 1)
            open_initials(self.app, chance)

    def over_then(self, method: str) -> None:
        self.over()
        self.call("GameOverScene", method)

    def analysis(self) -> None:
        self.over_then("open_analysis")

    def save_replay(self) -> None:

        self.over()
        self.app.flow.open_save_replay()

    def watch(self) -> None:

        self.over()
        self.app.flow.watch_game()

    def simple(self, opener: str) -> None:

        self.title()
        self.until("TitleScene")
        getattr(self.app.flow, opener)()

    def finding(self) -> None:
        from golf.solitaire.rules import EASY
        from scenes.solitaire.finding import FindDealScene

        self.title()
        self.until("TitleScene")
        self.app.scenes.push(FindDealScene(self.app, EASY), fade=False)

    def stats(self, then: str | None = None) -> None:
        from scenes.stats_screen import open_stats

        self.title()
        self.until("TitleScene")
        open_stats(self.app)
        self.until("StatsScene")
        if then is not None:
            self.call("StatsScene", then)

    def round(self, then: str | None = None) -> None:
        from scenes.solitaire.round import open_round_setup

        self.title()
        self.until("TitleScene")
        open_round_setup(self.app)
        self.until("RoundSetupScene")
        if then is None:
            return
        self.call("RoundSetupScene", "start")
        self.past_question("RoundGameScene")
        self.settle_table()
        if then != "start":
            self.call("RoundGameScene", then)

    def six(self, then: str | None = None) -> None:

        self.title()
        self.until("TitleScene")
        self.app.flow.open_six_card()
        self.until("SixSetupScene")
        if then is None:
            return
        self.call("SixSetupScene", "start")
        self.past_question("SixTableScene")
        if then == "menu":
            self.frames(30)
            self.call("SixTableScene", "open_menu")

    def six_table(self, kinds: tuple[str, ...]) -> None:
        """A six-card table of these seats (a person or a computer level), fast pace."""
        from scenes.sixcard.setup import SixSetup
        from scenes.sixcard.table import SixTableScene

        self.title()
        self.until("TitleScene")
        setup = SixSetup(
            players=len(kinds),
            kinds=(*kinds, "easy", "easy", "easy", "easy", "easy", "easy")[:6],
            speed="fast",
            number=self.app.deals.randrange(26**7),
        )
        self.app.scenes.reset(SixTableScene(self.app, setup), fade=False)
        self.until("SixTableScene")

    def six_curtain(self) -> None:
        from scenes.sixcard.setup import HUMAN

        self.six_table((HUMAN, HUMAN))
        self.until("CurtainScene", limit=400)

    def six_over(self) -> None:
        """Two computers play a whole game, Enter on each hole's scoreboard, to the final one."""
        self.six_table(("easy", "easy"))
        for _ in range(40):
            self.until("ScoreboardScene", "ScoreboardScene(final)", limit=1000)
            if scene_name(self.top) != "ScoreboardScene":
                return
            self.frames(8)
            self.key(pygame.K_RETURN, "\r")


def places() -> list[tuple[str, Any]]:
    """Where the storm goes, in turn: the scene expected on top, and how to get there."""
    return [
        ("TitleScene", lambda d: d.title()),
        ("GameScene", lambda d: d.game()),
        ("NewGameScene", lambda d: d.simple("open_new_game")),
        ("PauseMenu", lambda d: d.pause()),
        ("BlockedDialog", lambda d: d.blocked()),
        ("GameOverScene", lambda d: d.over()),
        ("OptionsScene", lambda d: d.simple("open_options")),
        ("AnalysisScene", lambda d: d.analysis()),
        ("ReplaysScene", lambda d: d.simple("open_replays")),
        ("WatchScene", lambda d: d.watch()),
        ("SaveReplayDialog", lambda d: d.save_replay()),
        ("TutorialScene", lambda d: d.simple("open_tutorial")),
        ("RulesScene", lambda d: d.simple("open_rules")),
        ("StatsScene", lambda d: d.stats()),
        ("HighScoresScene", lambda d: d.stats("high_scores")),
        ("ConfirmReset", lambda d: d.stats("ask_reset")),
        ("InitialsScene", lambda d: d.initials()),
        ("RoundSetupScene", lambda d: d.round()),
        ("RoundGameScene", lambda d: d.round("start")),
        ("RoundPauseMenu", lambda d: d.round("open_menu")),
        ("ScorecardScene", lambda d: d.round("show_scorecard")),
        ("SixSetupScene", lambda d: d.six()),
        ("SixTableScene", lambda d: d.six("table")),
        ("SixPauseMenu", lambda d: d.six("menu")),
        ("CurtainScene", lambda d: d.six_curtain()),
        ("ScoreboardScene(final)", lambda d: d.six_over()),
        ("FindDealScene", lambda d: d.finding()),
        ("ReplaceKeptDialog", lambda d: d.replacing()),
        ("AttractScene", lambda d: d.attract()),
    ]


def storm(
    events: int,
    seed: int = 1,
    folder: Path | None = None,
    burst: int = 200,
    aim: float = 0.25,
    progress: int = 0,
) -> StormReport:
    """Send ``events`` random events; raises on an exception or a broken invariant.

    Every ``burst`` events the window is taken to the next place of :func:`places` (through its
    own flow); ``aim`` is the share of events that are clicks aimed at what the top scene shows.
    """
    from scenes.title import TitleScene

    own = tempfile.TemporaryDirectory(prefix="golf-storm-") if folder is None else None
    work = Path(own.name) if own is not None else folder
    assert work is not None
    rng = random.Random(seed)
    report = StormReport()
    tour = places()
    started = time.perf_counter()
    try:
        app = build(work, seed)
        from scenes.core.manager import Loop

        loop = Loop(app)
        driver = Driver(app, loop)
        pending: list[pygame.Event] = []
        n = 0
        trips = 0
        while report.events < events:
            if burst and report.events >= trips * burst and not pending:
                target, go = tour[trips % len(tour)]
                trips += 1
                try:
                    driver.settle()  # input held during a fade reaches its scene first
                    go(driver)
                    driver.until(target, limit=60)
                except Exception as error:
                    raise RuntimeError(f"taking the window to {target}") from error
                reached = scene_name(app.scenes.top)
                if reached == target:
                    report.places[target] += 1
                else:
                    report.missed[f"{target} (got {reached})"] += 1
            if not pending:
                top = app.scenes.top
                pending = aimed_click(rng, top) if rng.random() < aim else [random_event(rng)]
            event = pending.pop(0)
            top = app.scenes.top
            before = {
                id(s): len(s.game.log)
                for s in app.scenes.stack
                if hasattr(getattr(s, "game", None), "log")  # a table's game (not a screen's kind)
            }
            report.scenes[scene_name(top)] += 1
            try:
                loop.step([event], FRAME)
            except Exception as error:
                raise RuntimeError(f"event {n} ({event}) on {top!r}") from error
            n += 1
            report.events += 1
            if progress and report.events % progress == 0:
                print(f"  {report.events} events, {report.checks} checks, no exception", flush=True)
            try:
                report.checks += check_stack(app)
            except InvariantError as error:
                raise InvariantError(f"event {n} ({event}) on {top!r}: {error}") from None
            for scene in app.scenes.stack:
                if id(scene) in before and len(scene.game.log) != before[id(scene)]:
                    report.actions += 1
            if not app.running:  # a quit: the harness cancels it and goes on
                report.quits_cancelled += 1
                app.running = True
            if not app.scenes.stack and not app.scenes.busy:
                app.scenes.reset(TitleScene(app), fade=False)
                app.scenes.apply_pending()
    finally:
        report.seconds = time.perf_counter() - started
        if own is not None:
            own.cleanup()
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=50_000, help="how many events (50000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the events")
    parser.add_argument(
        "--burst", type=int, default=200, help="events before the next trip to a place (200)"
    )
    parser.add_argument(
        "--quick", action="store_true", help="each place once, 8 events at each (for CI)"
    )
    args = parser.parse_args(argv)
    if args.quick:  # the quick sizes, unless given: the whole tour, a short burst at each place
        parser.set_defaults(events=8 * len(places()), burst=8)
        args = parser.parse_args(argv)
    import logging

    logging.disable(logging.WARNING)
    report = storm(args.events, args.seed, burst=args.burst, progress=5000)
    print(report.line())
    print("events received per scene:")
    print(report.table())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
