"""Soak: many games played through the window's scenes in one process; memory growth reported.

    python bench/soak.py --games 1000
    python bench/soak.py --quick        # 12 games, sampled after 4 (for CI)

The window is built as ``scenes.app`` builds it (SDL dummy drivers; settings, records, replays
and the autosave in a temporary folder). Each game: Enter on the title (Play Easy), then keys
— Space to draw, 1-7 to play a column, now and then U to undo — chosen among the legal moves,
every key through the real frame loop (``Loop.step``, drawing every frame), until the game is
won or blocked (or 200 keys), then back to the title (the game is counted, its replay saved).

Memory is measured as the Python heap (allocator blocks, or ``tracemalloc`` with ``--trace``),
the resident set size and the number of live objects after the warm-up games and every tenth of
the run (animations off: no fades to wait for); the run fails (status 1) when the heap grew by more than
``--limit-mb`` between the two. Sprites, card faces, sounds and text caches are all in the
Python heap or pygame surfaces owned by it.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import os
import random
import resource
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from golf.solitaire import engine  # noqa: E402
from golf.solitaire.session import Game  # noqa: E402
from scenes.core.manager import App, Loop  # noqa: E402
from scenes.solitaire.game import GameScene  # noqa: E402

FRAME = 1 / 60


def rss_mb() -> float:
    """The resident set size now, in MB (Linux: /proc; elsewhere the peak from getrusage)."""
    try:
        with Path("/proc/self/statm").open(encoding="ascii") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def malloc_trim() -> bool:
    """Ask the C allocator (glibc) to give its free memory back to the system; False elsewhere."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.malloc_trim(0)  # returns whether memory was released: either way it was asked
    except (OSError, AttributeError):
        return False
    return True


def sample(trace: bool, trim: bool = False) -> tuple[float, float, int, float]:
    """(Python heap MB, RSS MB, live objects, RSS MB after ``malloc_trim``) after a collection.

    The heap is what ``tracemalloc`` traces when ``trace``, else the blocks the allocator holds
    (``sys.getallocatedblocks``, times an average block of 64 bytes: a cheap estimate). The
    last figure is the RSS once glibc has returned its free pages (``trim``; else the RSS): what
    the C allocator keeps but does not use shows as the gap between the two.
    """
    gc.collect()
    if trace:
        heap = tracemalloc.get_traced_memory()[0] / 2**20
    else:
        heap = sys.getallocatedblocks() * 64 / 2**20
    rss = rss_mb()
    trimmed = rss_mb() if trim and malloc_trim() else rss
    return heap, rss, len(gc.get_objects()), trimmed


@dataclass
class SoakReport:
    games: int = 0
    won: int = 0
    blocked: int = 0
    keys: int = 0
    seconds: float = 0.0
    trimmed: bool = False
    """Whether the samples include the RSS after ``malloc_trim`` (``--trim``)."""
    samples: list[tuple[int, float, float, int, float]] = field(default_factory=list)
    """(games played, heap MB, RSS MB, live objects, RSS MB after ``malloc_trim``) after the
    warm-up and every ``every`` games."""

    @property
    def heap_growth(self) -> float:
        return self.samples[-1][1] - self.samples[0][1] if len(self.samples) > 1 else 0.0

    @property
    def rss_growth(self) -> float:
        return self.samples[-1][2] - self.samples[0][2] if len(self.samples) > 1 else 0.0

    @property
    def trimmed_growth(self) -> float:
        return self.samples[-1][4] - self.samples[0][4] if len(self.samples) > 1 else 0.0

    def line(self) -> str:
        first, last = self.samples[0], self.samples[-1]
        return (
            f"{self.games} games ({self.won} won, {self.blocked} blocked) with {self.keys} keys "
            f"in {self.seconds:.0f} s; Python heap {first[1]:.1f} MB after game {first[0]} -> "
            f"{last[1]:.1f} MB after game {last[0]} (growth {self.heap_growth:+.2f} MB); "
            f"RSS {first[2]:.0f} -> {last[2]:.0f} MB ({self.rss_growth:+.1f} MB); live objects "
            f"{first[3]} -> {last[3]} ({last[3] - first[3]:+d})"
            + (
                f"; RSS after malloc_trim {first[4]:.1f} -> {last[4]:.1f} MB "
                f"({self.trimmed_growth:+.1f} MB)"
                if self.trimmed
                else ""
            )
        )


class _Player:
    """Plays the soak's games through the window's keys: Enter on the title starts a game, then
    random plays, draws and undos until it ends (or 200 keys)."""

    def __init__(self, app: App, loop: Loop, rng: random.Random, report: SoakReport) -> None:
        self.app, self.loop, self.rng, self.report = app, loop, rng, report

    def press(self, key: int, text: str = "") -> None:
        down = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0)
        up = pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text, scancode=0)
        self.loop.step([down, up], FRAME)
        self.report.keys += 1

    def table(self) -> GameScene | None:
        top = self.app.scenes.top
        return top if isinstance(top, GameScene) else None

    def play_one(self, n: int) -> None:
        """Game number ``n`` (from 0), from the title to its end; counted in the report."""
        loop, report = self.loop, self.report
        for _ in range(30):  # the title is up (once any fade is over)
            loop.step([], FRAME)
            if not self.app.scenes.busy:
                break
        self.press(pygame.K_RETURN, "\r")
        for _ in range(60):
            loop.step([], FRAME)
            if self.table() is not None and not self.app.scenes.busy:
                break
        scene = self.table()
        if scene is None:
            raise RuntimeError(f"game {n + 1}: Enter on the title did not start a game")
        for _ in range(200):
            game = scene.game
            if game.status != "playing":
                break
            self.move(game)
            if self.table() is not scene:  # a dialog on top (the pause menu): close it
                self.press(pygame.K_ESCAPE)
        status = scene.game.status
        report.won += status == "won"
        report.blocked += status == "blocked"
        for _ in range(5):
            loop.step([], FRAME)

    def move(self, game: Game) -> None:
        """One random key: an undo now and then, mostly a play, else a draw."""
        if game.can_undo and self.rng.random() < 0.05:
            self.press(pygame.K_u, "u")
            return
        plays = [a for a in game.legal_actions() if a.kind == engine.PLAY]
        action = self.rng.choice(plays) if plays and self.rng.random() < 0.85 else None
        if action is not None:
            self.press(getattr(pygame, f"K_{action.column}"), str(action.column))
        else:
            self.press(pygame.K_SPACE, " ")


def _print_sample(sampled: tuple[int, float, float, int, float], trim: bool) -> None:
    done, heap, rss, objects, trimmed = sampled
    print(
        f"  after {done:5d} games: heap {heap:7.2f} MB, RSS {rss:7.1f} MB"
        + (f" ({trimmed:7.1f} MB after malloc_trim)" if trim else "")
        + f", {objects} objects",
        flush=True,
    )


def soak(
    games: int,
    seed: int = 1,
    warmup: int = 20,
    folder: Path | None = None,
    trace: bool = False,
    progress: bool = False,
    every: int = 0,
    trim: bool = False,
) -> SoakReport:
    """Play ``games`` games; sample memory after ``warmup`` games and every ``every`` games
    (default: a tenth of the run), trimming the C allocator at each sample when ``trim``."""
    from scenes.app import WindowOptions, build_app, first_scene
    from scenes.core.look import SCREEN_SIZE

    own = tempfile.TemporaryDirectory(prefix="golf-soak-") if folder is None else None
    work = Path(own.name) if own is not None else folder
    assert work is not None
    rng = random.Random(seed)
    report = SoakReport(trimmed=trim)
    if trace:
        tracemalloc.start()
    started = time.perf_counter()
    try:
        pygame.init()
        screen = pygame.display.set_mode(SCREEN_SIZE)
        options = WindowOptions(
            config_dir=work / "config",
            data_dir=work / "data",
            replays_dir=work / "replays",
            seed=seed,
            lang="en",
        )
        app = build_app(options, screen)
        app.change_settings(app.settings.with_(animation="off", sound=True), save=False)
        first_scene(app, options)
        player = _Player(app, Loop(app), rng, report)
        for n in range(games):
            player.play_one(n)
            app.flow.to_title()
            report.games += 1
            if report.games == warmup or (
                report.games > warmup and report.games % (every or max(1, games // 10)) == 0
            ):
                report.samples.append((report.games, *sample(trace, trim)))
                if progress:
                    _print_sample(report.samples[-1], trim)
        if not report.samples or report.samples[-1][0] != report.games:
            report.samples.append((report.games, *sample(trace, trim)))
    finally:
        report.seconds = time.perf_counter() - started
        if trace:
            tracemalloc.stop()
        if own is not None:
            own.cleanup()
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="how many games (1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the moves")
    parser.add_argument("--warmup", type=int, default=20, help="games before the first sample")
    parser.add_argument(
        "--trace", action="store_true", help="measure the heap with tracemalloc (slower)"
    )
    parser.add_argument(
        "--limit-mb", type=float, default=8.0, help="largest heap growth allowed (8 MB)"
    )
    parser.add_argument(
        "--every", type=int, default=0, help="games between samples (default: a tenth of the run)"
    )
    parser.add_argument(
        "--trim",
        action="store_true",
        help="call glibc's malloc_trim(0) at every sample and report the RSS after it too",
    )
    parser.add_argument("--quick", action="store_true", help="12 games, warm-up 4 (for CI)")
    args = parser.parse_args(argv)
    if args.quick:  # the quick sizes, unless given
        parser.set_defaults(games=12, warmup=4)
        args = parser.parse_args(argv)
    import logging

    logging.disable(logging.WARNING)
    report = soak(
        args.games,
        args.seed,
        args.warmup,
        trace=args.trace,
        progress=True,
        every=args.every,
        trim=args.trim,
    )
    print(report.line())
    if report.heap_growth > args.limit_mb:
        print(f"heap grew by {report.heap_growth:.2f} MB, more than {args.limit_mb} MB")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
