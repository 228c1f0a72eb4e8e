"""Watching a replay: the real table, driven by the file instead of the player.

:class:`WatchScene` is the table (``scenes.solitaire.table``) with a :class:`Replayer` as its
driver: each step forward goes through the very play session a key press or a click uses (same
animation, sounds, refusal messages, undo and redo). The player only drives the playback — play/pause, one action forward or
back, speed 0.5×–8× or "as recorded", start and end, a click on the progress bar — and never the
game. A step back (or a jump) rebuilds the game from the start to that action, so stepping back
over an undo works too.

:func:`check` runs the same scene headless, one action per frame at a fixed ``dt`` with no clock,
and compares every position with the engine's playback and the end with the recorded result;
``main.py watch FILE --headless`` runs it (``golfcli.watch``) on :func:`headless_app`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from pathlib import Path

import pygame

from golf.core.cards import card_token
from golf.solitaire import engine
from golf.solitaire.engine import Position
from golf.solitaire.replay import Replay, Result, play
from golf.solitaire.session import Refusal
from scenes.core.input import Intent, Kind
from scenes.core.look import PALETTE, PIXEL, SCREEN_SIZE, Colour, Look
from scenes.core.manager import App, Loop
from scenes.core.playback import FRAME, SPEEDS, Playback
from scenes.core.settings import Settings, SettingsStore
from scenes.core.sound import SoundBoard
from scenes.core.textfit import fit_text
from scenes.core.widgets import Button
from scenes.solitaire.layout import BUTTON_Y
from scenes.solitaire.table import TableScene

__all__ = ["Replayer", "WatchScene", "check", "headless_app"]

log = logging.getLogger(__name__)

CONTROL_Y = BUTTON_Y - 8
CONTROL_H = 48
TRANSPORT_W = 64
SPEED_BUTTON_W = 48
SPEED_LABEL_W = 150
CLOSE_W = 150
GAP = 8
MARGIN = 20


class Replayer(Playback[Replay]):
    """A replay as a table's driver: its actions played on the table at the chosen pace, and
    the playback controls (``controls``: drawn and clickable; the demo has none).

    ``fastest`` (headless checks) plays one action per frame from the first frame.
    """

    def __init__(
        self,
        table: TableScene,
        replay: Replay,
        name: str = "",
        on_back: Callable[[], None] | None = None,
        fastest: bool = False,
        controls: bool = True,
    ) -> None:
        self.table = table
        self.app = table.app
        self.replay = replay
        self.name = replay.title or name
        self.on_back = on_back
        self.fastest = fastest
        self.progress_rect = pygame.Rect(0, 0, 0, 0)  # set by _controls
        self.play_button: Button | None = None
        self._buttons = self._controls() if controls else []
        self.index = 0  # actions played so far
        self.total = len(replay.actions)
        self.refusals: dict[int, Refusal] = {}  # by action number, as the table showed them
        self.has_times = any(t is not None for t in replay.times)
        self.speed = 0 if self.has_times else SPEEDS.index(1.0)
        self.playing = self.total > 0
        self.wait = self._pause_before(0)
        clock = [0.0]
        for t in replay.times:
            clock.append(clock[-1] + (t or 0.0))
        self._clock = clock  # the recorded time when each action had been played

    @property
    def buttons(self) -> list[Button]:
        return self._buttons

    # ----------------------------------------------------------------- controls
    def _controls(self) -> list[Button]:
        y, h = CONTROL_Y, CONTROL_H
        x = MARGIN
        specs: list[tuple[str, Callable[[], None], str, str]] = [
            ("watch.to_start", self.to_start, "", "cyan"),
            ("watch.step_back", self.step_back, "←", "cyan"),
            ("watch.play", self.toggle, "", "green"),
            ("watch.step", self.step_forward, "→", "cyan"),
            ("watch.to_end", self.to_end, "", "cyan"),
        ]
        buttons = []
        for key, action, hint, style in specs:
            buttons.append(
                Button(
                    pygame.Rect(x, y, TRANSPORT_W, h), key, action, style=style, hint=hint, size=11
                )
            )
            x += TRANSPORT_W + GAP
        self.play_button = buttons[2]
        x += 2 * GAP
        buttons.append(
            Button(
                pygame.Rect(x, y, SPEED_BUTTON_W, h),
                "watch.slower",
                self.slower,
                style="orange",
                hint="↓",
                size=11,
            )
        )
        x += SPEED_BUTTON_W + SPEED_LABEL_W
        buttons.append(
            Button(
                pygame.Rect(x, y, SPEED_BUTTON_W, h),
                "watch.faster",
                self.faster,
                style="orange",
                hint="↑",
                size=11,
            )
        )
        x += SPEED_BUTTON_W + 3 * GAP
        close = pygame.Rect(SCREEN_SIZE[0] - MARGIN - CLOSE_W, y, CLOSE_W, h)
        buttons.append(Button(close, "watch.close", self.back, style="pink", hint="Esc"))
        self.progress_rect = pygame.Rect(x, y + 8, close.left - 3 * GAP - x, h - 16)
        return buttons

    def _land(self) -> None:
        self.table.fast_forward()

    # ----------------------------------------------------------------- playback
    def _forward(self) -> None:
        """Play the next action of the file on the table, as the player did."""
        table = self.table
        action = self.replay.actions[self.index]
        refusal = table.act(action)
        self.index += 1
        if refusal is not None:
            self.refusals[self.index] = refusal
        table.ending = None  # no end dialogs while watching: the controls stay in charge
        if self.index < self.total:
            table.fountain = False  # only the very end of the replay celebrates
        toast = {engine.UNDO: "watch.undo_toast", engine.REDO: "watch.redo_toast"}
        if action.kind in toast and refusal is None:
            table.toast(self.app.texts(toast[action.kind]), PALETTE.cyan)

    def go_to(self, index: int) -> None:
        """Show the position after ``index`` actions; the cards fly there."""
        table = self.table
        index = max(0, min(self.total, index))
        game = self.replay.start()
        refusals: dict[int, Refusal] = {}
        for number, action in enumerate(self.replay.actions[:index], start=1):
            refused = game.apply(action)
            if refused is not None:
                refusals[number] = refused
        table.game = game
        self.index = index
        self.refusals = {k: v for k, v in self.refusals.items() if k <= index} | refusals
        table.ending = None
        table.fountain = False
        table.confetti = []
        table.shake = None
        table.toasts = []
        self.wait = self._pause_before(index)
        table.motion.fly_home()

    # ----------------------------------------------------------------- input and time
    def handle(self, intent: Intent) -> None:
        for button in self._buttons:
            if button.handle(intent):
                return
        kind = intent.kind
        if kind is Kind.CLICK and intent.pos is not None:
            if self.progress_rect.inflate(0, 16).collidepoint(intent.pos):
                self.playing = False
                self.go_to(self._index_at(intent.pos[0]))
            return
        self.control(kind)

    def _index_at(self, x: int) -> int:
        bar = self.progress_rect
        fraction = (x - bar.left) / max(1, bar.width)
        return round(max(0.0, min(1.0, fraction)) * self.total)

    def update(self, dt: float) -> None:
        table = self.table
        table.ending = None
        if self.playing and self.index < self.total:
            if self.fastest:
                self._forward()
            else:
                self.wait -= dt
                while self.playing and self.index < self.total and self.wait <= 0:
                    self._forward()
                    self.wait += self._pause_before(self.index)
        if self.index >= self.total:
            self.playing = False
        if self.has_times:
            table.elapsed = self._clock[self.index]
        enabled = {
            "watch.to_start": self.index > 0,
            "watch.step_back": self.index > 0,
            "watch.step": self.index < self.total,
            "watch.to_end": self.index < self.total,
            "watch.slower": self.speed > 0,
            "watch.faster": self.speed < len(SPEEDS) - 1,
        }
        for button in self._buttons:
            button.enabled = enabled.get(button.key, True)
        if self.play_button is not None:
            self.play_button.key = "watch.pause" if self.playing else "watch.play"
            self.play_button.enabled = self.total > 0

    # ----------------------------------------------------------------- drawing
    def action_text(self) -> str:
        """What the position on show came from: the last action played, in words."""
        if self.index == 0:
            return self.app.texts("watch.at_start")
        action = self.replay.actions[self.index - 1]
        texts = self.app.texts
        if action.kind == engine.DRAW:
            words = texts("watch.action_draw")
        elif action.kind == engine.UNDO:
            words = texts("watch.action_undo")
        elif action.kind == engine.REDO:
            words = texts("watch.action_redo")
        else:
            words = texts("watch.action_play", column=action.column)
        refusal = self.refusals.get(self.index)
        if refusal is not None:
            words += " — " + refusal.text(texts.lang)
        return words

    def progress_text(self) -> str:
        """ "12 / 56 · playing", "… · paused", or at the end how the game ended ("… · Won")."""
        texts = self.app.texts
        count = texts("watch.count", index=self.index, total=self.total)
        if self.index >= self.total:
            state = texts(f"replays.outcome.{self.table.game.status}")
        else:
            state = texts("watch.playing") if self.playing else texts("watch.paused")
        return f"{count} · {state}"

    def draw(self, surface: pygame.Surface) -> None:
        """The controls' labels, the progress bar, the keys and the replay's name in the HUD."""
        if not self._buttons:
            return
        look, texts, p = self.app.look, self.app.texts, PALETTE
        # the speed between its two buttons
        slower = next(b for b in self._buttons if b.key == "watch.slower")
        centre = (slower.rect.right + SPEED_LABEL_W // 2, slower.rect.centery - PIXEL)
        look.type.blit(
            surface,
            texts("watch.speed_label"),
            7,
            p.hud_label,
            (centre[0], slower.rect.top + 2),
            anchor="midtop",
            shadow=p.ink,
        )
        look.type.blit(
            surface,
            self.speed_text(),
            9,
            p.gold,
            (centre[0], centre[1] + 8),
            anchor="center",
            shadow=p.ink,
        )
        self._draw_progress(surface)
        # the badge and the replay's name, in the HUD's free middle: the name on a line of its
        # own below the badge, whole or cut with an ellipsis, never wider than the gap
        left, right = self.table.view.hud_gap()
        lines = badge_lines(look, texts("watch.badge"), self.name, right - left)
        for text, size, colour, y in lines:
            look.type.blit(
                surface,
                text,
                size,
                colour,
                ((left + right) // 2, y),
                anchor="midtop",
                shadow=p.ink,
            )

    def _draw_progress(self, surface: pygame.Surface) -> None:
        look, p = self.app.look, PALETTE
        bar = self.progress_rect
        pygame.draw.rect(surface, p.ink, bar.inflate(2 * PIXEL, 2 * PIXEL), border_radius=6)
        pygame.draw.rect(surface, p.panel, bar, border_radius=5)
        if self.total:
            filled = bar.copy()
            filled.width = round(bar.width * self.index / self.total) // PIXEL * PIXEL
            if filled.width > 0:
                pygame.draw.rect(
                    surface, p.cyan if self.playing else p.gold, filled, border_radius=5
                )
        # the count on a dark chip, readable over the filled and the empty part alike
        label = look.type.render(self.progress_text(), 8, p.white, shadow=p.ink)
        chip = label.get_rect(center=bar.center).inflate(8 * PIXEL, 0)
        chip.height = bar.height - 4 * PIXEL
        chip.centery = bar.centery
        pygame.draw.rect(surface, p.ink, chip, border_radius=4)
        surface.blit(label, label.get_rect(center=chip.center))

    def draw_captions(self, surface: pygame.Surface) -> None:
        """The last action in words above the progress bar and the keys at the bottom: on the
        felt, under the cards in flight (the table's view draws them before those)."""
        if not self._buttons:
            return
        look, texts, p = self.app.look, self.app.texts, PALETTE
        bar = self.progress_rect
        look.type.blit(
            surface,
            fit_text(look, self.action_text(), 7, bar.width),
            7,
            p.label,
            (bar.centerx, bar.top - 6),
            anchor="midbottom",
            shadow=p.ink,
        )
        look.type.blit(
            surface,
            texts("watch.keys"),
            6,
            p.label,
            (MARGIN, SCREEN_SIZE[1] - 4),
            anchor="bottomleft",
            shadow=p.ink,
        )


def badge_lines(
    look: Look, badge: str, name: str, width: int
) -> list[tuple[str, int, Colour, int]]:
    """The HUD's badge and the replay's name as (text, size, colour, top) lines within
    ``width``: the badge alone in the middle, or small above the name."""
    p = PALETTE
    width -= 2 * PIXEL  # the shadow's room
    if not name:
        return [(fit_text(look, badge, 8, width), 8, p.cyan, 16)]
    return [
        (fit_text(look, badge, 6, width), 6, p.cyan, 6),
        (fit_text(look, name, 8, width), 8, p.white, 24),
    ]


class WatchScene(TableScene):
    """A replay on the table, with playback controls instead of the game's buttons: the table
    driven by a :class:`Replayer`. The player drives only the playback, never the game."""

    def __init__(
        self,
        app: App,
        replay: Replay,
        name: str = "",
        on_back: Callable[[], None] | None = None,
        fastest: bool = False,
    ) -> None:
        super().__init__(app, replay.start(), deal_in=not fastest, record=False, hints=False)
        self.replay = replay
        self.playback = Replayer(self, replay, name, on_back, fastest)
        self.name = self.playback.name
        self.driver = self.playback
        self.view.keeps_frames = False  # the controls' labels are drawn over the table
        self.view.under_cards = self.playback.draw_captions  # under the win's cascade
        playback = self.playback
        # the playback's controls, as the screen's own (keys, buttons, tests)
        self.toggle, self.step_forward, self.step_back = (
            playback.toggle,
            playback.step_forward,
            playback.step_back,
        )
        self.to_start, self.to_end, self.back = playback.to_start, playback.to_end, playback.back
        self.faster, self.slower, self.go_to = playback.faster, playback.slower, playback.go_to
        self.speed_text, self.progress_text = playback.speed_text, playback.progress_text
        self.action_text = playback.action_text

    @property
    def index(self) -> int:
        """Actions played so far."""
        return self.playback.index

    @property
    def total(self) -> int:
        """Actions in the replay."""
        return self.playback.total

    @property
    def playing(self) -> bool:
        """Whether the replay plays on by itself."""
        return self.playback.playing

    @property
    def speed(self) -> int:
        """The speed chosen, an index in SPEEDS."""
        return self.playback.speed

    @property
    def speed_value(self) -> float | None:
        """The speed factor, or None for the recorded pace."""
        return self.playback.speed_value

    @property
    def refusals(self) -> dict[int, Refusal]:
        """The refused actions by number, as the table showed them."""
        return self.playback.refusals

    @property
    def progress_rect(self) -> pygame.Rect:
        """The progress bar (a click there jumps)."""
        return self.playback.progress_rect

    @property
    def play_button(self) -> Button | None:
        """Play / pause."""
        return self.playback.play_button


# --------------------------------------------------------------------------- headless check


def _cards(cards: Sequence[int]) -> str:
    return " ".join(card_token(c) for c in cards) or "nothing"


def position_difference(shown: Position, expected: Position) -> str | None:
    """The first place where two positions differ, in words (None when they are equal)."""
    for number, (got, want) in enumerate(zip(shown.columns, expected.columns, strict=True), 1):
        if got != want:
            return f"column {number} shows {_cards(got)}, the replay gives {_cards(want)}"
    if shown.waste != expected.waste:
        return f"the waste shows {_cards(shown.waste)}, the replay gives {_cards(expected.waste)}"
    if shown.stock != expected.stock:
        return (
            f"the stock holds {len(shown.stock)} cards ({_cards(shown.stock[:3])}…), "
            f"the replay gives {len(expected.stock)} ({_cards(expected.stock[:3])}…)"
        )
    return None


def _result_difference(shown: Result, expected: Result) -> str | None:
    for key in ("outcome", "score", "moves", "removed", "stock"):
        got, want = getattr(shown, key), getattr(expected, key)
        if got != want:
            return f"the table shows {key} {got}, the replay says {want}"
    return None


def check(app: App, replay: Replay, frame_limit: int | None = None) -> list[str]:
    """Play ``replay`` through a :class:`WatchScene` on ``app`` at a fixed ``dt``, headless.

    Returns the differences from the engine's playback (positions after every action, refused
    actions) and from the recorded result, first difference first; empty when all is equal.
    """
    expected = play(replay)
    scene = WatchScene(app, replay, fastest=True)
    app.scenes.reset(scene, fade=False)
    app.scenes.apply_pending()
    loop = Loop(app)
    total = len(replay.actions)
    limit = frame_limit if frame_limit is not None else total + 600
    problems: list[str] = []
    start = position_difference(scene.game.position, expected.positions[0])
    if start is not None:
        return [f"at the start: {start}"]
    frames = 0
    while scene.index < total and frames < limit:
        before = scene.index
        loop.step((), FRAME)
        frames += 1
        for number in range(before + 1, scene.index + 1):
            action = replay.actions[number - 1]
            where = f"after action {number} ({action})"
            shown_refusal = scene.refusals.get(number)
            wanted_refusal = expected.refusals.get(number)
            if (shown_refusal is None) != (wanted_refusal is None) or (
                shown_refusal is not None
                and wanted_refusal is not None
                and shown_refusal.reason != wanted_refusal.reason
            ):
                said = shown_refusal.text() if shown_refusal else "accepted"
                wanted = wanted_refusal.text() if wanted_refusal else "accepted"
                return [f"{where}: the table said {said!r}, the replay gives {wanted!r}"]
        if scene.index > before:
            diff = position_difference(scene.game.position, expected.positions[scene.index])
            if diff is not None:
                return [f"after action {scene.index}: {diff}"]
    if scene.index < total:
        return [f"the table stopped at action {scene.index} of {total}"]
    shown = Result.of_game(scene.game)
    recorded = replay.result if replay.result is not None else Result.of_game(expected.game)
    diff = _result_difference(shown, recorded)
    if diff is not None:
        problems.append(f"at the end (after action {total}): {diff}")
    return problems


def headless_app(lang: str = "en", config_dir: Path | None = None) -> App:
    """An app on the dummy display: default options (no sound), nothing saved."""
    if not pygame.display.get_init():
        pygame.display.init()
    if not pygame.font.get_init():
        pygame.font.init()
    screen = pygame.display.get_surface() or pygame.display.set_mode(SCREEN_SIZE)
    settings = Settings(language=lang, sound=False)
    return App(
        screen=screen,
        look=Look(lang),
        store=SettingsStore(config_dir),
        settings=settings,
        sound=SoundBoard(False, 0),
    )
