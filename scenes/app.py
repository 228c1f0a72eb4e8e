"""The window's entry point: open the window, build the app context, run the frame loop.

The command line (``golfcli.window``) calls :func:`run` with a :class:`WindowOptions`: plain
values, the replay to watch already read. The user's folders come from ``golf.core.folders``
unless the options name others.
"""

from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from golf.core.folders import data_dir, replays_dir
from golf.replay_files import read_replay
from golf.solitaire.codes import CodeError, parse_code
from golf.solitaire.replay import Replay, ReplayError
from golf.solitaire.rules import PRESETS, Rules
from golf.solitaire.session import Game
from scenes.core.i18n import LANGUAGES, Notice
from scenes.core.icon import icon
from scenes.core.look import SCREEN_SIZE, Look
from scenes.core.manager import App, Loop
from scenes.core.records import Records
from scenes.core.settings import Settings, SettingsStore
from scenes.core.sound import SoundBoard
from scenes.core.viewport import Presenter, initial_window_size, open_display
from scenes.crash import CrashHooks, show_crash
from scenes.flow import Flow
from scenes.title import TitleScene

if TYPE_CHECKING:
    from golf.sixcard.replay import SixReplay

__all__ = ["WindowOptions", "build_app", "first_scene", "load_settings", "open_window", "run"]

log = logging.getLogger(__name__)

FPS = 60
# the command line's rule options; any of them given starts a game at once
RULE_SWITCHES = ("king_ace", "queen_on_king", "draw", "jokers", "empty_waste", "scoring")
MAX_DT = 0.1  # a long stall (window dragged, machine asleep) does not teleport the cards


@dataclass(frozen=True)
class WindowOptions:
    """What the command line may ask of the window."""

    code: str | None = None  # start straight into the game this code names
    rules: str | None = None  # start a random deal under this preset (easy, classic, strict)
    lang: str | None = None  # language for this run (overrides the saved option)
    fullscreen: bool | None = None  # overrides the saved option
    config_dir: Path | None = None  # where settings.yaml lives (default: the user's config dir)
    frames: int | None = None  # stop after this many frames (smoke tests, benchmarks)
    seed: int | None = None  # seeds the random deals and the cosmetic effects
    screenshot: Path | None = None  # save the last frame as PNG before closing
    game_rules: Rules | None = None  # the rules the command line settled on
    rules_given: bool = False  # whether any rule option was on the command line
    data_dir: Path | None = None  # statistics, high scores, saved round (run(): user data folder)
    record: Path | None = None  # play --record: also write the first game's replay here
    watch: Path | None = None  # open the window on this replay file (main.py watch FILE)
    watched: Replay | SixReplay | None = None  # that file, read (None: run() reads it)
    replays_dir: Path | None = None  # where games are saved (run(): the user's data folder)
    autoplay: int | None = None  # play random keys with this seed (crash tests: scenes.autoplay)
    autoplay_game: str | None = None  # the game autoplay plays: solitaire (None) or six-card
    crash: CrashHooks | None = None  # the crash report and exit status (golfcli.crash)

    @classmethod
    def from_any(cls, source: object) -> WindowOptions:
        """Read the fields from a namespace, a mapping or another options object."""
        if source is None:
            return cls()
        if isinstance(source, cls):
            return source
        values: dict[str, object] = {}
        for f in fields(cls):
            value = _read(source, f.name)
            if value is not None:
                values[f.name] = value
        for name in ("config_dir", "screenshot", "record", "watch", "replays_dir"):
            if name in values:
                values[name] = Path(str(values[name]))
        if "data_dir" in values:
            values["data_dir"] = Path(str(values["data_dir"]))
        if not isinstance(values.get("crash"), CrashHooks):
            values.pop("crash", None)
        if not isinstance(values.get("game_rules"), Rules):
            values.pop("game_rules", None)
        switches = ("rules", *RULE_SWITCHES)
        values["rules_given"] = any(_read(source, n) is not None for n in switches)
        return cls(**values)  # type: ignore[arg-type]


def _read(source: object, name: str) -> object:
    """An option from a mapping or an object with attributes (None when absent)."""
    if isinstance(source, dict):
        return source.get(name)
    return getattr(source, name, None)


def open_window(fullscreen: bool) -> Presenter:
    """A resizable window showing the logical 1280×720 screen whole at any size
    (``scenes.core.viewport``): the largest whole multiple that fits the desktop to begin with,
    exactly the logical size under the dummy video driver (tests, headless runs)."""
    pygame.display.set_caption("Golf")
    pygame.display.set_icon(icon(64))  # the pixel art at twice its size: crisp where scaled down
    desktop: tuple[int, int] | None = None
    if pygame.display.get_driver() not in ("dummy", "offscreen"):
        sizes = pygame.display.get_desktop_sizes()
        desktop = sizes[0] if sizes else None
    window = open_display(fullscreen, desktop)
    return Presenter(window, SCREEN_SIZE, initial_window_size(desktop))


def load_settings(options: WindowOptions) -> tuple[Settings, Notice | None]:
    """The saved options with any command-line overrides, and a notice if the file was bad."""
    settings, notice = SettingsStore(options.config_dir).load()
    if options.lang in LANGUAGES:
        settings = settings.with_(language=options.lang)
    if options.fullscreen is not None:
        settings = settings.with_(fullscreen=options.fullscreen)
    return settings, notice


def build_app(
    options: WindowOptions,
    screen: pygame.Surface,
    loaded: tuple[Settings, Notice | None] | None = None,
    presenter: Presenter | None = None,
) -> App:
    """The app context for ``screen`` with the saved settings (and overrides) applied; with a
    ``presenter``, ``screen`` is its logical screen and the window shows it at any size."""
    settings, notice = loaded if loaded is not None else load_settings(options)
    app = App(
        screen=screen if presenter is None else presenter.canvas,
        look=Look(settings.language, settings.four_colour),
        store=SettingsStore(options.config_dir),
        settings=settings,
        sound=SoundBoard(settings.sound, settings.volume),
        rng=random.Random(options.seed),
        deals=random.Random(options.seed),
        on_fullscreen=None if presenter is None else presenter.set_fullscreen,
        replays_dir=options.replays_dir,
        record_to=options.record,
        presenter=presenter,
    )
    app.navigation = Flow(app)
    if notice is not None:
        app.notices.append(notice)
    app.records = Records(options.data_dir)
    app.records.load()  # a bad file is kept aside; its notice shows on the first screen
    return app


def first_scene(app: App, options: WindowOptions) -> None:
    """The title, or straight into a game when the command line names one."""
    if options.watch is not None:

        def close() -> None:
            app.running = False

        replay = options.watched if options.watched is not None else read_replay(options.watch)
        app.flow.watch(replay, name=options.watch.name, on_back=close)
    elif options.code:
        code = parse_code(options.code)
        app.flow.start_game(Game.new(code.number, code.rules))
    elif options.rules_given or options.rules in PRESETS:
        rules = options.game_rules or PRESETS.get(options.rules or "", None)
        app.flow.new_game(rules)
    else:
        app.scenes.reset(TitleScene(app), fade=False)
    app.scenes.apply_pending()


def run(window_options: object = None) -> int:
    """Open the window and play until the player quits; the process exit status."""
    started = time.perf_counter()
    options = WindowOptions.from_any(window_options)  # the command line passes WindowOptions
    if options.data_dir is None:
        options = replace(options, data_dir=data_dir())
    if options.replays_dir is None:
        options = replace(options, replays_dir=replays_dir())
    if options.code:
        try:
            parse_code(options.code)
        except CodeError as error:
            log.error("%s", error)
            return 2
    if options.watch is not None and options.watched is None:
        try:
            options = replace(options, watched=read_replay(options.watch))
        except ReplayError as error:
            log.error("%s", error)
            return 2
    pygame.mixer.pre_init(44100, -16, 2, 512)
    pygame.init()
    try:
        return _play(options, started)
    finally:
        pygame.quit()


def _settings_summary(settings: Settings) -> str:
    """The options a bug report may need, on one line of the log."""
    return (
        f"language {settings.language}, fullscreen {settings.fullscreen}, "
        f"animation {settings.animation}, sound {settings.sound}, four colours "
        f"{settings.four_colour}"
    )


def _play(options: WindowOptions, started: float) -> int:
    """The window's life after ``pygame.init``: the frames until the player quits; an
    unexpected exception shows the crash screen (with the report ``options.crash`` writes)."""
    loaded = load_settings(options)
    log.info("window settings: %s", _settings_summary(loaded[0]))
    presenter = open_window(loaded[0].fullscreen)
    app: App | None = None
    frames = 0
    try:
        app = build_app(options, presenter.canvas, loaded, presenter)
        pygame.key.set_repeat(300, 60)
        first_scene(app, options)
        loop = Loop(app)  # its input mapper maps the pointer through the window's scale
        clock = pygame.time.Clock()
        autoplay = None
        if options.autoplay is not None:
            from scenes.autoplay import Autoplay

            autoplay = Autoplay(app, options.autoplay, game=options.autoplay_game or "solitaire")
        crash_at = None if options.crash is None else options.crash.crash_at
        while app.running:
            # the first frame is not held back to the frame rate: it shows as soon as drawn
            dt = min(clock.tick(FPS if frames else 0) / 1000.0, MAX_DT)
            if autoplay is not None:
                autoplay.post()
            if crash_at is not None and frames >= crash_at:
                raise RuntimeError(f"a deliberate fault at frame {frames} (GOLF_CRASH_TEST)")
            loop.step(pygame.event.get(), dt)
            if autoplay is not None:
                autoplay.observe()
            pygame.display.flip()
            frames += 1
            if frames == 1:
                log.info("first frame after %.0f ms", (time.perf_counter() - started) * 1000)
            if options.frames is not None and frames >= options.frames:
                break
        app.flow.leave_games(quitting=True)  # the window closes: save the game in play
        app.speech.close()
        status = record_status(app)
    except Exception as error:
        if options.crash is None:
            raise  # no one to write a report (tests calling run): the traceback as before
        # the autosave stays as the last action wrote it: nothing here saves or removes it,
        # since the game in play may be what broke
        report: Path | None
        try:
            report = options.crash.report(error)
        except Exception:
            log.exception("the crash report could not be written")
            report = None
        lang = app.settings.language if app is not None else loaded[0].language
        # --frames: the screen closes by itself (tests, smoke runs) after a second at most
        left = None if options.frames is None else min(max(options.frames - frames, 1), 30)
        presenter.follow()
        show_crash(presenter.canvas, lang, report, left, present=presenter.present)
        if options.screenshot is not None:
            pygame.image.save(presenter.window, str(options.screenshot))
        return options.crash.status
    if options.screenshot is not None:
        pygame.image.save(presenter.window, str(options.screenshot))  # as the player sees it
    return status


RECORD_FAILED = 1
"""The exit status when the file ``play --record`` names could not be written."""


def record_status(app: App) -> int:
    """0, or :data:`RECORD_FAILED` (said in the log and on stderr, with where the game is kept)
    when the last write of the ``play --record`` file failed; the player was told in the
    window when it first failed."""
    recorder = app.recording_to
    if recorder is None or recorder.extra_error is None:
        return 0
    kept = recorder.path if recorder.path is not None and recorder.path.is_file() else None
    log.error(
        "the replay could not be written to %s (%s); %s",
        recorder.extra,
        recorder.extra_error,
        f"the same replay is kept in {kept}" if kept else "the replays folder could not keep it",
    )
    return RECORD_FAILED
