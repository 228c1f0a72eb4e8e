"""Every text of every screen against what is behind it: WCAG contrast, measured on real renders.

Usage: ``python bench/contrast.py [--quick] [--lang en|fr]`` (``--quick``: English only),
in every table theme (``scenes.core.settings.TABLE_THEMES``).
Each screen the person meets is built as the window builds it and drawn on a surface under the
dummy driver (the network's screens from the messages a client is sent, decoded as the client
decodes them, without a server; the solver's screens with their answers given, without its
processes); every text drawn through ``look.type.blit`` (the one way the screens write) is
caught as it is drawn: its colour, and the colour most of the pixels right under its letters had
just before (on the screen, or on a button's picture: the button's face). The WCAG 2 ratio of
the two (relative luminance, (L1 + 0.05) / (L2 + 0.05)) is the pair's figure. It prints each
screen's lowest pair, then the overall lowest pair last. A text drawn on a clear layer (nothing
behind it yet) is counted and left out; ``tests/window/test_ui_contrast.py`` asserts that every
pair found stands at 4.5:1 or more.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from concurrent.futures import Future

import pygame

from golf.replay_files import read_replay
from golf.sixcard.actions import NEXT_HOLE_ACTION
from golf.sixcard.actions import Action as SixAction
from golf.sixcard.ai import make_opponent
from golf.sixcard.announce import table_said
from golf.sixcard.game import State, apply, legal_actions, new_game
from golf.sixcard.replay import SixReplay, frames
from golf.sixcard.rules import SixRules
from golf.sixcard.view import seat_view
from golf.solitaire.describe import describe
from golf.solitaire.engine import Action
from golf.solitaire.hint_figure import Figure, Known, Tally
from golf.solitaire.postmortem import Around
from golf.solitaire.replay import Replay
from golf.solitaire.rules import CLASSIC, EASY, STRICT
from golf.solitaire.session import Game
from golfnet.client import MAX_RECEIVED, Client
from golfnet.protocol import (
    TO_CLIENT,
    Last,
    Over,
    RoomInfo,
    SeatInfo,
    ToClient,
    ToServer,
    Update,
    Welcome,
    decode,
    encode,
    last_for,
    public_view,
    update_text,
    view_data,
)
from scenes.app import WindowOptions, build_app, first_scene
from scenes.core import widgets
from scenes.core.board_text import BoardTextScene
from scenes.core.look import PIXEL, SCREEN_SIZE, Colour
from scenes.core.manager import App, Scene
from scenes.core.records import HighScoreChance
from scenes.core.settings import TABLE_THEMES
from scenes.crash import draw_crash
from scenes.highscores import HighScoresScene, InitialsScene
from scenes.history import HistoryScene
from scenes.options import OptionsScene
from scenes.replacing import KINDS, ReplaceKeptDialog
from scenes.replays import ReplaysScene
from scenes.sixcard.lobby import NetLobbyScene
from scenes.sixcard.netroom import NetRoomScene, RoomChoice
from scenes.sixcard.netshow import NetPauseMenu, NetScoreboard
from scenes.sixcard.nettable import NetTableScene
from scenes.sixcard.overlays import CurtainScene, ScoreboardScene, SixPauseMenu
from scenes.sixcard.setup import HUMAN, SixSetup, SixSetupScene
from scenes.sixcard.table import SixTableScene
from scenes.sixcard.watch import SixWatchScene, WatchScoreboard
from scenes.solitaire import kept
from scenes.solitaire.analysis import AnalysisScene
from scenes.solitaire.attract import AttractScene
from scenes.solitaire.dialogs import BlockedDialog, GameOverScene, PauseMenu
from scenes.solitaire.finding import FindDealScene
from scenes.solitaire.game import GameScene
from scenes.solitaire.newgame import NewGameScene
from scenes.solitaire.round import RoundGameScene, RoundPauseMenu, RoundSetupScene, ScorecardScene
from scenes.solitaire.rules_screen import RulesScene
from scenes.solitaire.save_replay import SaveReplayDialog
from scenes.solitaire.solver_worker import Job, analyse_game
from scenes.solitaire.tutorial import TutorialScene, load_tutorial
from scenes.solitaire.watch import WatchScene
from scenes.stats_charts import VIEWS
from scenes.stats_screen import ConfirmReset, StatsScene
from scenes.title import TitleScene

WIN_CODE = "GO1-E-AAAAAAA"  # a deal won (tests/ui_driver.py): its game over is a win
# its winning line (tests/ui_driver.py's WIN_LINE; a column to play, or d to draw)
WIN_LINE = "241d241d123d426577d5d14d6dd6d745dd1576326d73ddd35d3"
SAMPLES = Path(__file__).resolve().parent.parent / "replays"
LEAST = 4.5  # WCAG AA for text


def luminance(colour: Colour) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: Colour, b: Colour) -> float:
    """WCAG 2 contrast ratio of two colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@dataclass(frozen=True)
class Pair:
    """One text drawn: its colour, the colour behind its letters, and the ratio of the two."""

    screen: str
    text: str
    colour: Colour
    background: Colour

    @property
    def ratio(self) -> float:
        return ratio(self.colour, self.background)

    def line(self) -> str:
        return (
            f"{self.ratio:5.2f}:1  {self.screen}: {self.text!r} "
            f"{_hex(self.colour)} on {_hex(self.background)}"
        )


def _hex(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour[:3])


def behind(target: pygame.Surface, glyphs: pygame.Surface, place: pygame.Rect) -> Colour | None:
    """The colour most pixels of ``target`` have under the letters of ``glyphs`` put at
    ``place`` (None when that is a clear layer: nothing is behind the text yet)."""
    mask = pygame.mask.from_surface(glyphs, 128)
    clip = place.clip(target.get_rect())
    if not clip.width or not clip.height:
        return None
    seen: Counter[tuple[int, ...]] = Counter()
    step = max(1, (clip.width * clip.height) // 4000)  # a sample of a big text's pixels
    index = 0
    for y in range(clip.top, clip.bottom):
        for x in range(clip.left, clip.right):
            index += 1
            if index % step or not mask.get_at((x - place.x, y - place.y)):
                continue
            seen[tuple(target.get_at((x, y)))] += 1
    if not seen:
        return None
    colour = seen.most_common(1)[0][0]
    if len(colour) == 4 and colour[3] < 255:
        return None  # a clear layer: what shows through is not known here
    return (colour[0], colour[1], colour[2])


class Recorder:
    """While installed on ``app.look.type``: every text drawn, as a :class:`Pair`."""

    def __init__(self, app: App) -> None:
        self.type = app.look.type
        self.screen = ""
        self.pairs: list[Pair] = []
        self.unknown = 0

    def __enter__(self) -> Recorder:
        original, type_ = self.type.blit, self.type

        def blit(
            target: pygame.Surface,
            text: str,
            size: int,
            colour: Colour,
            pos: tuple[float, float],
            *,
            anchor: str = "topleft",
            shadow: Colour | None = None,
            face: str = "bold",
            scale: int = PIXEL,
        ) -> pygame.Rect:
            if text.strip():
                glyphs = type_.render(text, size, colour, face=face, scale=scale)
                whole = type_.render(text, size, colour, shadow=shadow, face=face, scale=scale)
                place = whole.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
                place.x -= place.x % PIXEL
                place.y -= place.y % PIXEL
                back = behind(target, glyphs, glyphs.get_rect(topleft=place.topleft))
                if back is None:
                    self.unknown += 1
                else:
                    self.pairs.append(Pair(self.screen, text, colour[:3], back))
            return original(
                target,
                text,
                size,
                colour,
                pos,
                anchor=anchor,
                shadow=shadow,
                face=face,
                scale=scale,
            )

        self.type.blit = blit  # type: ignore[method-assign]
        return self

    def __exit__(self, *_: object) -> None:
        del self.type.blit


def make_app(folder: Path, lang: str, table: str = "green") -> App:
    """The window's app on the dummy display, as ``scenes.app`` builds it, on ``table``."""
    pygame.init()
    screen = pygame.display.set_mode(SCREEN_SIZE)
    window = WindowOptions(
        config_dir=folder / "config",
        data_dir=folder / "data",
        seed=7,
        lang=lang,
        replays_dir=folder / "replays",
    )
    app = build_app(window, screen)
    app.change_settings(app.settings.with_(animation="off", table=table), save=False)
    first_scene(app, window)
    app.scenes.apply_pending()
    pygame.event.clear()
    return app


def screens(app: App) -> Iterator[tuple[str, Scene]]:
    """Every screen the person meets, built as the window builds it."""
    top = app.scenes.top
    assert top is not None
    yield "title", top
    yield "new game", NewGameScene(app)
    yield "options", OptionsScene(app)
    for rules in (EASY, CLASSIC, STRICT):
        yield f"rules {rules.preset_name()}", RulesScene(app, rules)
    yield "replays", ReplaysScene(app)
    stats = StatsScene(app)
    stats.update(0.0)  # the chart grown (the animations are off)
    yield "statistics", stats
    for view in range(1, len(VIEWS)):
        stats.show(view)
        stats.update(0.0)
        yield f"statistics {VIEWS[view]}", stats
    stats.show(0)
    stats.update(0.0)
    yield "reset statistics", ConfirmReset(app, stats)
    for kind in KINDS:
        yield f"replace a kept {kind} game", ReplaceKeptDialog(app, kind, lambda: None)
    yield "high scores", HighScoresScene(app, "easy")
    yield "history", HistoryScene(app)
    chance = HighScoreChance("classic", 350, WIN_CODE, date(2026, 12, 1), 1)
    yield "initials", InitialsScene(app, chance)
    yield "tutorial", TutorialScene(app, load_tutorial())
    yield "watch", WatchScene(app, Replay.from_game(_won()))  # a won game to watch
    yield "demo", AttractScene(app, Replay.from_game(_won(), title=app.texts("attract.title")))
    six_replay = read_replay(SAMPLES / "six-card-two-computers.yaml", six_card=True)
    assert isinstance(six_replay, SixReplay)
    six_watch = SixWatchScene(app, six_replay, "six-card-two-computers")
    yield "six-card watch", six_watch
    six_watch.go_to(_first_hole_over(six_replay))
    yield "six-card watch, scoreboard", WatchScoreboard(app, six_watch, final=False)
    six_watch.go_to(six_watch.total)
    yield "six-card watch, final standings", WatchScoreboard(app, six_watch, final=True)
    yield "crash", CrashScreen(app, CRASH_REPORT)
    yield "round setup", RoundSetupScene(app)
    app.flow.start_game(Game.from_code(WIN_CODE))
    app.scenes.apply_pending()
    table = app.scenes.top
    assert isinstance(table, GameScene)
    yield "game", table
    _hint(table)
    yield "game, hint", table
    yield "game, the last card", _last_card(app)
    assert table.act(Action.draw()) is None
    kept.save(table)
    yield "title, a game to continue", TitleScene(app)
    yield "pause", PauseMenu(app, table)
    yield "blocked", BlockedDialog(app, table)
    yield "game over", GameOverScene(app, table)
    assert table.recorder is not None
    yield "save replay", SaveReplayDialog(app, table.recorder)
    yield (
        "board description",
        BoardTextScene(app, describe(table.game.position, app.texts.lang), copied=True),
    )
    yield "find a winnable deal", FindDealScene(app, EASY, Job(EASY, Future()))
    yield "analysis", _analysis(app)
    rnd = app.records.new_round(11, STRICT, 18)
    hole = RoundGameScene(app, rnd)
    yield "round hole", hole
    yield "round pause", RoundPauseMenu(app, hole)
    yield "scorecard", ScorecardScene(app, rnd, peek=True)
    yield "six-card setup", SixSetupScene(app)
    six = SixTableScene(app, SixSetup(players=4, kinds=(HUMAN, HUMAN) + ("medium",) * 4))
    yield "six-card table", six
    yield "six-card scoreboard", ScoreboardScene(app, six, final=False)
    yield "six-card final scoreboard", ScoreboardScene(app, six, final=True)
    yield "six-card pause", SixPauseMenu(app, six)
    yield "six-card curtain", CurtainScene(app, six, 1)
    yield (
        "six-card board description",
        BoardTextScene(
            app, table_said(six.state, six.announcing.seats(), app.texts.lang), copied=True
        ),
    )
    yield "network lobby", NetLobbyScene(app)
    yield "network room", NetRoomScene(app, RoomChoice(), lambda choice: None, here=True)
    yield from _network(app)
    assert six.act(legal_actions(six.state)[0]) is None


NET_RULES = SixRules(knock=True)
NET_TIMER = 30.0
NET_CODE = "KPLMRTXWZ"


class _Link:
    """A network table's link with nothing behind it: its client has been given the server's
    messages (decoded as a client decodes them), nothing more arrives, what the table sends
    goes nowhere."""

    def __init__(self, client: Client) -> None:
        self.client = client

    def poll(self) -> list[ToClient]:
        return []

    def send(self, message: ToServer) -> None:
        """Sent nowhere: no server."""

    def close(self) -> None:
        """Nothing to close."""


def _received(message: ToClient) -> ToClient:
    """``message`` as a client has it: written as the server writes it, read by its decoder."""
    return decode(encode(message), TO_CLIENT, MAX_RECEIVED)


def _net_game(seed: int = 12) -> tuple[State, list[tuple[State, SixAction, int | None]]]:
    """A whole three-seat game of :data:`NET_RULES` (knocking), every seat played by a
    computer: its start, then each state with the action that led to it and its seat."""
    rng = random.Random(seed)
    state = new_game(rng.randrange(26**7), 3, NET_RULES)
    start, steps = state, []
    players = [make_opponent("medium", rng.randrange(2**32)) for _ in range(3)]
    while state.phase != "game_over":
        seat = state.to_move
        if state.phase == "hole_over":
            action, seat = NEXT_HOLE_ACTION, None
        else:
            assert seat is not None
            action = players[seat].decide(seat_view(state, seat))
        state = apply(state, action)
        steps.append((state, action, seat))
    return start, steps


def _net_update(
    state: State, at: int, seat: int | None, last: Last | None, opening: bool
) -> Update:
    """The update the server sends ``seat`` (None: a spectator) after action ``at``, written
    as the room writes it: a person to move has the turn timer, a computer its pause."""
    told: dict[str, Any] | None = None
    if last is not None:
        told = {"seat": last.seat, "action": last.action, "auto": last.auto}
    view = view_data(seat_view(state, seat)) if seat is not None else public_view(state)
    deadline = None
    if state.phase in ("opening", "turn") and state.to_move is not None:
        deadline = NET_TIMER if state.to_move < 2 else 1.0
    text = update_text(at, view, last_for(told, seat, opening), deadline)
    message = decode(text, TO_CLIENT, MAX_RECEIVED)
    assert isinstance(message, Update)
    return message


def _net_room() -> RoomInfo:
    """The room of the network screens, its game started: you (Max), Ann (a person) and a
    computer."""
    person = {"kind": "person", "level": "medium", "ready": True, "connected": True, "gone": False}
    seats = (
        SeatInfo(name="Max", **person),  # type: ignore[arg-type]
        SeatInfo(name="Ann", **person),  # type: ignore[arg-type]
        SeatInfo(name="", kind="computer", level="hard", ready=True, connected=True, gone=False),
    )
    room = _received(
        RoomInfo(code=NET_CODE, seats=seats, rules=NET_RULES, timer=NET_TIMER, host=0, started=True)
    )
    assert isinstance(room, RoomInfo)
    return room


class _Follower:
    """One client of the game of :func:`_net_game` (``seat`` None: a spectator) and its
    network table, which takes each update as it takes the server's."""

    def __init__(self, app: App, seat: int | None) -> None:
        self.start, self.steps = _net_game()
        self.seat = seat
        client = Client(None)  # type: ignore[arg-type]  # no connection: the messages are given
        token = "t" * 24 if seat is not None else None
        client.take_in(_received(Welcome(code=NET_CODE, seat=seat, token=token)))
        client.take_in(_net_room())
        client.take_in(_net_update(self.start, 0, seat, None, True))
        self.client = client
        self.table = NetTableScene(app, _Link(client))  # type: ignore[arg-type]
        self.at = 0

    def feed(self, until: int) -> None:
        """The updates up to action ``until``, taken by the client and the table."""
        while self.at < until:
            before = self.steps[self.at - 1][0] if self.at else self.start
            after, action, by = self.steps[self.at]
            self.at += 1
            last = Last(seat=by, action=str(action), auto=False) if by is not None else None
            update = _net_update(after, self.at, self.seat, last, before.phase == "opening")
            self.client.take_in(update)
            self.table.take(update)
        self.table.update(0.0)  # the cards landed (the animations are off)

    def when(self, wanted: Callable[[State, int | None], bool], nth: int = 0) -> int:
        """The number of the ``nth`` action (from 0) whose state and seat ``wanted`` accepts."""
        found = [i for i, (s, _a, by) in enumerate(self.steps, 1) if wanted(s, by)]
        return found[nth]

    def over(self) -> None:
        """The game's end: the record of play, as the server sends it (the replay saved)."""
        record = {
            "code": self.start.code,
            "actions": [str(a) for _s, a, _by in self.steps],
            "times": [1.0] * len(self.steps),
            "seats": ["Max", "Ann", "computer (hard)"],
        }
        self.table.take(_received(Over(record=record)))


def _network(app: App) -> Iterator[tuple[str, Scene]]:
    """The network table of a game in play as its first seat sees it, its pause menu, the
    scoreboard after the first hole and the final standings; and a spectator's table and
    scoreboard. Built from the messages a client is sent (decoded as the client decodes
    them), without a server."""
    for seat in (0, None):
        game = _Follower(app, seat)
        table = game.table
        # in the first hole, Ann to move after the first seat's second turn: her timer runs
        game.feed(game.when(lambda s, by: s.phase == "turn" and s.to_move == 1 and by == 0, 1))
        name = "network table" if seat == 0 else "network table, watching"
        yield name, table
        if seat == 0:
            yield "network pause", NetPauseMenu(app, table)
        game.feed(game.when(lambda s, _by: s.phase == "hole_over"))
        yield f"{name}, scoreboard", NetScoreboard(app, table, final=False)
        if seat == 0:
            game.feed(len(game.steps))
            game.over()
            yield "network final standings", NetScoreboard(app, table, final=True)


class CrashScreen(Scene):
    """The crash screen (``scenes.crash``, drawn without a scene when the window fails) as a
    screen of the tour: drawn with the app's look and texts, naming ``report``."""

    def __init__(self, app: App, report: Path) -> None:
        super().__init__(app)
        self.report = report

    def draw(self, surface: pygame.Surface) -> None:
        draw_crash(surface, self.app.look, self.app.texts, self.report)


CRASH_REPORT = Path("/home/alex/.local/state/golf/logs/crash-20261201-190000.txt")
"""A crash report's path as the logs folder gives it on Linux (a fixed home: the same pictures)."""

LOST_AFTER = 3
"""The lost game of the analysis screen: the won deal's first moves, then only draws."""
LOST_CHANCES = Around(
    before=Figure(0.125, 0.0693, 0.742, exact=False),
    after=Figure(0.0147, 0.0026, 0.531, exact=False),
    positions=31488,
    orders=148,
)
"""What a player who cannot see the stock could win around that game's losing move, as the
solver's process estimated it in 5 s (given here: the search takes seconds)."""


def _analysis(app: App) -> AnalysisScene:
    """The analysis of a game lost on the won deal, answered: the solver's verdict worked
    out here (a fifth of a second, no process), the chances around the losing move given."""
    game = _won(LOST_AFTER)
    while game.apply(Action.draw()) is None:
        pass
    table = GameScene(app, game, deal_in=False, record=False)
    verdict = analyse_game(game.start, game.rules, tuple(game.log))
    return AnalysisScene(app, table, answer=(verdict, LOST_CHANCES))


def _first_hole_over(replay: SixReplay) -> int:
    """The number of the replay's action that ends its first hole."""
    return next(i for i, frame in enumerate(frames(replay), 1) if frame.state.phase == "hole_over")


def _hint(table: GameScene) -> None:
    """The hint's bubble and the card it lights, as the table shows an exact answer (the
    deal's first winning move; the figure is the OCR check's, not this deal's)."""
    action = Action.play(int(WIN_LINE[0]))
    known = Known(action, Figure.exactly(0.37), Tally())
    table.solver._show_hint(known, again=False)
    for toast in table.toasts:
        toast.update(0.5)  # popped in (its first frame is smaller), not fading


def _won(moves: int = len(WIN_LINE)) -> Game:
    """The won deal after the first ``moves`` of its winning line."""
    game = Game.from_code(WIN_CODE)
    for token in WIN_LINE[:moves]:
        assert game.apply(Action.draw() if token == "d" else Action.play(int(token))) is None
    return game


def _last_card(app: App) -> GameScene:
    """The won deal one card from its end: the stock empty (its ∅), six empty columns, and
    the keyboard's cursor on the last card (its column's badge lit)."""
    game = _won(len(WIN_LINE) - 1)
    table = GameScene(app, game, deal_in=False, record=False)
    table.cursor = int(WIN_LINE[-1]) - 1
    table.cursor_visible = True
    return table


def measure(app: App) -> tuple[list[Pair], int]:
    """Every text pair of every screen, and how many texts were drawn on clear layers."""
    surface = pygame.Surface(SCREEN_SIZE)
    with Recorder(app) as recorder:
        for name, scene in screens(app):
            widgets._PICTURES.clear()  # buttons drawn afresh, their labels caught
            surface.fill((0, 0, 0))
            recorder.screen = name
            scene.draw(surface)
    return recorder.pairs, recorder.unknown


def lowest(pairs: list[Pair]) -> dict[str, Pair]:
    """Each screen's lowest pair, in the order the screens came."""
    worst: dict[str, Pair] = {}
    for pair in pairs:
        if pair.screen not in worst or pair.ratio < worst[pair.screen].ratio:
            worst[pair.screen] = pair
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="English only")
    parser.add_argument("--lang", choices=["en", "fr"], action="append")
    args = parser.parse_args()
    langs = args.lang or (["en"] if args.quick else ["en", "fr"])
    everything: list[Pair] = []
    for table in TABLE_THEMES:
        for lang in langs:
            with tempfile.TemporaryDirectory() as folder:
                app = make_app(Path(folder), lang, table)
                pairs, unknown = measure(app)
            everything += pairs
            below = sum(1 for pair in pairs if pair.ratio < LEAST)
            tag = f"[{table} {lang}]"
            print(f"{tag} {len(pairs)} texts, {below} under {LEAST}:1, {unknown} on clear layers")
            for pair in lowest(pairs).values():
                print(f"{tag} {pair.line()}")
    print("lowest:", min(everything, key=lambda pair: pair.ratio).line())


if __name__ == "__main__":
    main()
