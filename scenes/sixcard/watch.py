"""Watching a six-card Golf replay: the six-card table, every seat played from the file.

:class:`SixWatchScene` drives a :class:`~scenes.sixcard.table.SixTableScene` of its own (built
``watching``: no person, no computer, no keeper) with the actions of a
:class:`~golf.sixcard.replay.SixReplay`: each step goes through the table's own ``act`` (same
flights, sounds, final-turn banner, scoreboards), no computer decides and no person acts.
The table shows the *public* view (``revealed = None``): every face-up card and the discard,
never a card only its player had looked at or drawn from the stock — what a spectator at the
table would see. The watcher drives the playback only: play/pause, one action forward or back,
start and end, speed 0.5×–8× or "as recorded", Esc to leave. The scoreboard shows after every
hole (it closes by itself while playing), and the final standings at the end.

A watched game is never saved: the six-card autosave (a game left in play) is neither written
nor removed, and no new replay file is written.

:func:`check` runs the same scene headless, one action per frame, and compares every state with
the engine's playback and the end with the recorded result; ``main.py watch --headless`` uses it
for six-card files.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

import pygame

from golf.core import translations
from golf.sixcard.actions import NEXT_HOLE
from golf.sixcard.ai import LEVELS, Opponent
from golf.sixcard.codes import parse_code
from golf.sixcard.game import Match, Refusal, State, totals
from golf.sixcard.pace import SCOREBOARD_PAUSE
from golf.sixcard.replay import Result, SixReplay, frames
from golf.sixcard.rules import MAX_PLAYERS
from golf.sixcard.seating import SixSetup
from golf.sixcard.view import SeatView
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, PIXEL, SCREEN_SIZE, chunky_panel
from scenes.core.manager import App, Loop, Scene
from scenes.core.playback import FRAME, SPEEDS, Playback
from scenes.core.textfit import fit_text, wrap_items
from scenes.core.widgets import Button, Menu
from scenes.sixcard.board import HUD_H
from scenes.sixcard.listeners import BANNER_SECONDS
from scenes.sixcard.overlays import ScoreboardScene
from scenes.sixcard.table import SixTableScene

__all__ = [
    "BOARD_SECONDS",
    "SixWatchScene",
    "WatchScoreboard",
    "check",
    "players_text",
    "state_difference",
    "winners_text",
]

log = logging.getLogger(__name__)

_LEVELLED = re.compile(rf"(.+) \(({'|'.join(LEVELS)})\)")
_YOU = frozenset(translations.text(lang, "six.you") for lang in translations.LANGUAGES)
BOARD_SECONDS = 4.0
"""How long the scoreboard between holes stays while playing at 1× (shorter when faster)."""
BOARD_BUTTON_W, BOARD_BUTTON_H, BOARD_GAP = 300, 52, 20


class SixWatchScene(Playback[SixReplay], Scene):
    """A six-card replay on the table, driven by its actions at their recorded pace.

    The scene is the replay's driver (the playback controls of :class:`Playback`, and the
    table's :class:`~scenes.sixcard.drivers.TableDriver`) over a table of its own, which it
    draws with the playback's side panel. ``fastest`` (headless checks) plays one action per
    frame, with no flights or pauses.
    """

    watching = True

    def __init__(
        self,
        app: App,
        replay: SixReplay,
        name: str = "",
        on_back: Callable[[], None] | None = None,
        fastest: bool = False,
    ) -> None:
        super().__init__(app)
        self.replay = replay
        self.title = replay.title or name
        self.on_back = on_back
        self.fastest = fastest
        self.index = 0  # actions played so far
        self.total = len(replay.actions)
        self.refusals: dict[int, Refusal] = {}  # by action number
        self.movers: dict[int, int | None] = {}  # who played each action, by its number
        self.has_times = any(t is not None for t in replay.times)
        self.speed = 0 if self.has_times else SPEEDS.index(1.0)
        self.playing = self.total > 0
        code = parse_code(replay.code)
        setup = SixSetup(
            players=code.players,
            kinds=("medium",) * MAX_PLAYERS,  # not people: nobody acts at this screen
            rules=code.rules,
            number=code.number,
        )
        table = SixTableScene(app, setup, watching=True, names=self, flight=self._flight_factor)
        self.table = table
        table.driver = self
        table.drawing.panels.side = self._draw_side
        table.menu_button = Button(
            table.board.menu, "watch.close", self.back, style="pink", size=7, hint=""
        )
        table.knock_button = Button(
            table.board.knock, "watch.play", self.toggle, style="green", size=10
        )
        self.wait = 0.0 if fastest else self._pause_before(0) + 0.6  # the deal lands first
        log.info("watching six-card %s (%d actions)", replay.code, self.total)

    # ----------------------------------------------------------------- the table watched
    @property
    def state(self) -> State:
        """The game as it stands on the table."""
        return self.table.state

    @property
    def view(self) -> SeatView:
        """What the table shows: the public view, what a spectator sees."""
        return self.table.view

    @property
    def revealed(self) -> int | None:
        """Whose private cards the table shows: nobody's."""
        return self.table.revealed

    @property
    def opponents(self) -> dict[int, Opponent]:
        """The computers deciding at the table: none, every seat plays from the file."""
        return self.table.opponents

    @property
    def person_to_act(self) -> int | None:
        """The person at the screen who may act: nobody."""
        return self.table.person_to_act

    @property
    def wait(self) -> float:
        """Seconds before the next action or the scoreboard (the table's pause)."""
        return self.table.wait

    @wait.setter
    def wait(self, seconds: float) -> None:
        self.table.wait = seconds

    def name(self, seat: int) -> str:
        """The seat's label from the file, or Player N."""
        return _label(self.app, self.replay, seat)

    def level(self, seat: int) -> str:
        """The computer's level when the file's label gives one ("Birdie (medium)")."""
        kind = _split_label(self._raw_label(seat))[1]
        return self.app.texts(f"six.level.{kind}") if kind else ""

    def _raw_label(self, seat: int) -> str:
        seats = self.replay.seats
        return seats[seat] if seat < len(seats) else ""

    def _flight_factor(self) -> float:
        """Flights shorten with the speed, so that 8× is not held back by the animation."""
        if self.fastest:
            return 0.0
        speed = self.speed_value
        faster = 1.0 if speed is None or speed <= 1.0 else 1.0 / speed
        return faster * self.app.animation_scale

    def hurry(self) -> None:
        """Land every card and cut the pause short."""
        self.table.hurry()

    # ----------------------------------------------------------------- controls
    def _land(self) -> None:
        self.hurry()

    # ----------------------------------------------------------------- playback
    def _forward(self) -> None:
        """Play the file's next action on the table, as its player did."""
        table = self.table
        action = self.replay.actions[self.index]
        mover = table.state.to_move
        refusal = table.act(action)
        self.index += 1
        self.movers[self.index] = mover
        if refusal is not None:
            self.refusals[self.index] = refusal
        ended = table.state.phase in ("hole_over", "game_over") and action.kind != NEXT_HOLE
        if ended:
            table.banner = 0.0  # the final-turn warning makes way for the revealed grids
        elif table.banner > 0:
            table.banner = min(table.banner, BANNER_SECONDS / max(1.0, self.speed_value or 1.0))
        pause = self._pause_before(self.index)
        self.wait = max(pause, SCOREBOARD_PAUSE) if ended else pause
        if self.fastest:
            self.wait = 0.0

    def go_to(self, index: int) -> None:
        """Show the state after ``index`` actions; the cards fly there (no scoreboard)."""
        index = max(0, min(self.total, index))
        match = Match(self.replay.start())
        refusals: dict[int, Refusal] = {}
        for number, action in enumerate(self.replay.actions[:index], start=1):
            self.movers[number] = match.state.to_move
            refused = match.apply(action)
            if refused is not None:
                refusals[number] = refused
        table = self.table
        table.restart(match)
        self.index = index
        self.refusals = refusals
        # no scoreboard for the holes jumped over; the final standings show at the end
        table.scored = len(match.state.scores) - (1 if match.state.over else 0)
        table.banner = 0.0
        table.toasts = []
        table.discarding = False
        self.wait = self._pause_before(index)
        table.sync()

    def drive(self, dt: float) -> None:
        """The file's next action in time; the scoreboard after every hole."""
        table = self.table
        if not self.fastest and table.pace.waiting(dt, table.animating):
            return
        state = table.state
        if state.phase in ("hole_over", "game_over") and table.scored < len(state.scores):
            table.scored = len(state.scores)
            self.app.scenes.push(
                WatchScoreboard(self.app, self, state.phase == "game_over"), fade=False
            )
            return
        if self.playing and self.index < self.total:
            self._forward()
        if self.index >= self.total:
            self.playing = False

    # ----------------------------------------------------------------- input and time
    def handle(self, intent: Intent) -> None:
        table = self.table
        if table.menu_button.handle(intent) or table.knock_button.handle(intent):
            return
        kind = intent.kind
        if kind is Kind.CLICK:
            self.hurry()
            return
        self.control(kind)

    def update(self, dt: float) -> None:
        table = self.table
        table.update(dt)
        table.knock_button.key = "watch.pause" if self.playing else "watch.play"
        table.knock_button.enabled = self.total > 0

    # ----------------------------------------------------------------- drawing
    def progress_text(self) -> str:
        """ "12 / 230 · playing", "… · paused", or "… · end"."""
        texts = self.app.texts
        count = texts("watch.count", index=self.index, total=self.total)
        if self.index >= self.total:
            state = texts("watch.finished")
        else:
            state = texts("watch.playing") if self.playing else texts("watch.paused")
        return f"{count} · {state}"

    def action_text(self) -> str:
        """The last action played, in words (with the refusal, if the table refused it)."""
        texts = self.app.texts
        if self.index == 0:
            return texts("watch.at_start")
        action = self.replay.actions[self.index - 1]
        mover = self.movers.get(self.index)
        name = self.name(mover) if mover is not None else ""
        key = "six.watch." + action.kind.replace(" ", "_")
        words = texts(key, name=name, row=action.row, column=action.column)
        refusal = self.refusals.get(self.index)
        if refusal is not None:
            words += " — " + refusal.text(texts.lang)
        return words

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        p = PALETTE
        bar = pygame.Rect(0, HUD_H, SCREEN_SIZE[0], 2 * PIXEL)
        pygame.draw.rect(surface, p.ink, bar)
        if self.total:
            filled = bar.copy()
            filled.width = round(bar.width * self.index / self.total)
            pygame.draw.rect(surface, p.cyan if self.playing else p.gold, filled)

    def _draw_side(self, surface: pygame.Surface) -> None:
        """The totals, the playback (count, speed, last action, keys) and play/pause."""
        look, texts, p = self.app.look, self.app.texts, PALETTE
        table = self.table
        side = table.board.side
        state = table.state
        chunky_panel(surface, side)
        x, width = side.left + 16, side.width - 32
        bottom = table.knock_button.rect.top - 8
        y = side.top + 10
        # the badge, then the replay's name on a line of its own: whole, or cut with an
        # ellipsis at the panel's edge
        badge = fit_text(look, texts("watch.badge"), 8, width)
        look.type.blit(surface, badge, 8, p.cyan, (x, y), shadow=p.ink)
        y += 22
        if self.title:
            name = fit_text(look, self.title, 7, width)
            look.type.blit(surface, name, 7, p.white, (x, y), shadow=p.ink)
            y += 20
        all_totals = totals(state)
        lines: list[tuple[str, int, tuple[int, int, int], str]] = []
        if bottom - y >= 60 + state.players * 20:
            for seat in range(state.players):
                colour = p.gold if seat == state.to_move else p.white
                lines.append((self.name(seat), 7, colour, str(all_totals[seat])))
        lines.append((self.progress_text(), 7, p.white, ""))
        lines.append((texts("watch.speed_label") + " " + self.speed_text(), 7, p.gold, ""))
        lines.append((self.action_text(), 6, p.label, ""))
        for line in wrap_items(look, texts("six.watch.keys"), 6, width):
            lines.append((line, 6, p.hud_label, ""))
        for text, size, colour, right in lines:
            if y + 18 > bottom:
                break
            room = width - (look.type.width(right, size) + 12 if right else 0)
            look.type.blit(
                surface, fit_text(look, text, size, room), size, colour, (x, y), shadow=p.ink
            )
            if right:
                look.type.blit(
                    surface, right, size, colour, (side.right - 16, y), anchor="topright"
                )
            y += 20 if size >= 7 else 16
        table.knock_button.draw(surface, look, texts)


class WatchScoreboard(ScoreboardScene):
    """The table's scoreboard over a replay: Continue (or by itself while playing) and Back;
    at the end, the final standings with Watch again and Back."""

    def __init__(self, app: App, table: SixWatchScene, final: bool) -> None:
        super().__init__(app, table.table, final)
        self.watch = table
        self.shown = 0.0
        specs: list[tuple[str, Callable[[], None], str]] = [
            ("six.watch.again" if final else "six.watch.continue", self.go_on, "green"),
            ("watch.close", self.leave, "pink"),
        ]
        total = len(specs) * BOARD_BUTTON_W + (len(specs) - 1) * BOARD_GAP
        left = (SCREEN_SIZE[0] - total) // 2
        top = self.panel.bottom - BOARD_BUTTON_H - 28
        self.menu = Menu(
            [
                Button(
                    pygame.Rect(
                        left + i * (BOARD_BUTTON_W + BOARD_GAP), top, BOARD_BUTTON_W, BOARD_BUTTON_H
                    ),
                    key,
                    action,
                    style=style,
                )
                for i, (key, action, style) in enumerate(specs)
            ]
        )

    def go_on(self) -> None:
        """Close the board: the replay carries on (from the start, after the last hole)."""
        self.app.scenes.pop(fade=False)
        if self.final:
            self.watch.go_to(0)
            self.watch.playing = self.watch.total > 0
        else:
            self.watch.playing = self.watch.index < self.watch.total

    def leave(self) -> None:
        """Close the board and leave the replay."""
        self.app.scenes.pop(fade=False)
        self.watch.back()

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CANCEL, Kind.MENU):
            self.leave()
            return
        super().handle(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.shown += dt
        if self.final:
            return
        if self.watch.fastest:
            self.app.scenes.pop(fade=False)
            return
        speed = self.watch.speed_value or 1.0
        if self.watch.playing and self.shown >= BOARD_SECONDS / max(1.0, speed):
            self.app.scenes.pop(fade=False)


# --------------------------------------------------------------------------- headless check


def state_difference(shown: State, expected: State) -> str | None:
    """The first place where two states differ, in words (None when they are equal)."""
    if shown == expected:
        return None
    for field in ("hole", "phase", "to_move", "grids", "up", "discard", "stock", "scores"):
        got, want = getattr(shown, field), getattr(expected, field)
        if got != want:
            return f"the table shows {field} {got}, the replay gives {want}"
    return "the table's state differs from the replay's"


def _result_difference(shown: Result, expected: Result) -> str | None:
    for key in ("outcome", "holes", "totals", "winners"):
        got, want = getattr(shown, key), getattr(expected, key)
        if got != want:
            return f"the table shows {key} {list(got) if isinstance(got, tuple) else got}, " + (
                f"the replay says {list(want) if isinstance(want, tuple) else want}"
            )
    return None


def check(app: App, replay: SixReplay, frame_limit: int | None = None) -> list[str]:
    """Play ``replay`` through a :class:`SixWatchScene` on ``app`` at a fixed ``dt``, headless.

    Returns the first difference from the engine's playback (a refused action, a state after an
    action) or from the recorded result; empty when all is equal.
    """
    # the engine's playback (a refused action leaves the state as it was: the table must
    # refuse it too, which is reported below)
    expected: list[State] = [replay.start(), *(frame.state for frame in frames(replay))]
    scene = SixWatchScene(app, replay, fastest=True)
    app.scenes.reset(scene, fade=False)
    app.scenes.apply_pending()
    loop = Loop(app)
    total = len(replay.actions)
    limit = frame_limit if frame_limit is not None else 2 * total + 600
    count = 0
    while scene.index < total and count < limit:
        before = scene.index
        loop.step((), FRAME)
        count += 1
        for number in range(before + 1, scene.index + 1):
            refusal = scene.refusals.get(number)
            if refusal is not None:
                action = replay.actions[number - 1]
                said = refusal.text("en")
                return [f"action {number} ({action}) refused on the table: {said}"]
        if scene.index > before:
            diff = state_difference(scene.state, expected[scene.index])
            if diff is not None:
                return [f"after action {scene.index}: {diff}"]
    if scene.index < total:
        return [f"the table stopped at action {scene.index} of {total}"]
    diff = _result_difference(Result.of_state(scene.state), replay.result)
    if diff is not None:
        return [f"at the end (after action {total}): {diff}"]
    return []


def _split_label(label: str) -> tuple[str, str]:
    """A seat label as the table saves it, "Birdie (medium)", as its name and level
    ("" when it gives none)."""
    match = _LEVELLED.fullmatch(label)
    return (match[1], match[2]) if match else (label, "")


def _label(app: App, replay: SixReplay, seat: int) -> str:
    """What the watch calls a seat: the name from the file, or Player N."""
    if seat < len(replay.seats) and replay.seats[seat].strip():
        name = _split_label(replay.seats[seat])[0]
        if name not in _YOU:  # "You" was the person at the screen: to a watcher, Player N
            return name
    return app.texts("six.player", n=seat + 1)


def players_text(app: App, replay: SixReplay) -> str:
    """ "2 players: Birdie (medium), Bogey (hard)" for the Replays list."""
    names = ", ".join(_label(app, replay, s) for s in range(replay.players))
    return app.texts("six.watch.players", count=replay.players, names=names)


def winners_text(app: App, replay: SixReplay, result: Result) -> str:
    """ "Birdie wins · 23 – 31" for the Replays list (or "Unfinished · …")."""
    texts = app.texts
    names = [_label(app, replay, s) for s in result.winners]
    scores = " – ".join(str(t) for t in result.totals)
    if result.outcome != "over":
        return f"{texts('replays.outcome.playing')} · {scores}"
    if len(names) > 1:
        return f"{texts('six.watch.shared', names=', '.join(names))} · {scores}"
    return f"{texts('six.watch.won', name=names[0])} · {scores}"
