"""Screenshots of the real game: the README's (docs/images/*.png, made again whenever the look
changes, so the pictures stay true), and every screen at every window size in both languages.

    python scripts/screenshots.py [--out DIR] [--lang en|fr] [--games N] [--check]
    python scripts/screenshots.py --all DIR [--only NAME] [--size WxH] [--lang en|fr] [--table T]

The game runs headless (SDL's dummy driver) in this process, built as the window builds it
(``scenes.app.build_app`` and ``first_scene``, the title first) and driven as a player drives it:
key presses posted to pygame's queue and read by the window's own loop (``Loop.step``), frame
after frame. Only the clock is fixed — frames of 1/60 s and the calendar day — so the same game
gives the same pixels on every run. The player's data folder is a new one, with a journal of
``--games`` games (300) played beforehand on real deals through ``Journal.begin``, ``act`` and
``finish``, as the tables write them: solitaire under Easy and Classic by a player who gets
better, and six-card Golf against the computers.

What it writes (the logical 1280×720 screen, as the window shows it at that size):

- ``title.png``: the title screen;
- ``game.png``: a deal of Easy dealt from the title's *Play Easy*, a few moves played by keys;
- ``statistics.png``: the statistics screen's *Over time* chart (key 2), and
  ``statistics-scores.png`` its *Scores* chart (key 3).

The PNG files are written here from the screen's pixels with the standard library's zlib at its
best compression (about a quarter smaller than ``pygame.image.save``'s), and read back to check
that every pixel survived. ``--check`` writes nothing: it says which pictures in ``--out`` differ
from the game's (exit status 1), for a change that moved the look.

``--all DIR`` writes every screen of the screens' tour (``bench/contrast.py``'s ``screens``: the
one list of screens the contrast bench, the layout test and these pictures share) as the window
shows it at 800×600, 1280×720, 1920×1080 and 3840×2160 (the logical screen scaled into the
window by the window's own ``Presenter``, the bars black), in English and French, to
``DIR/<screen>-<size>-<lang>.png``, and ``DIR/index.html``, a contact sheet of them all, to look
at them. An overlay (a dialog, a menu, a setup panel) is drawn over the screen it opens on.
The journal holds ``--games`` games played beforehand, as for the README's pictures but signed,
so the statistics, the high scores and the history have something to show. ``--only`` keeps
the screens whose file name contains NAME, ``--size`` and ``--lang`` one size or language (each
may be given again), ``--table`` another table theme.
"""

from __future__ import annotations

import argparse
import html
import importlib.util
import os
import random
import re
import struct
import sys
import tempfile
import zlib
from collections.abc import Callable, Iterator
from datetime import date, datetime, timedelta
from pathlib import Path
from types import ModuleType

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from golf.journal.journal import Ending, Journal  # noqa: E402
from golf.sixcard.ai import make_opponent  # noqa: E402
from golf.sixcard.codes import format_code as six_code  # noqa: E402
from golf.sixcard.game import new_game, totals, winners  # noqa: E402
from golf.sixcard.simulate import play_game  # noqa: E402
from golf.solitaire import engine  # noqa: E402
from golf.solitaire.rules import PRESETS, Rules  # noqa: E402
from golf.solitaire.session import Game  # noqa: E402
from golf.solitaire.stats import GameResult  # noqa: E402
from scenes.app import WindowOptions, build_app, first_scene  # noqa: E402
from scenes.core.look import SCREEN_SIZE  # noqa: E402
from scenes.core.manager import App, Loop, Scene  # noqa: E402
from scenes.core.settings import TABLE_THEMES  # noqa: E402
from scenes.core.viewport import Presenter  # noqa: E402

OUT = ROOT / "docs" / "images"
DAY = date(2026, 12, 1)
"""The calendar day the game is shown on (the title's daily deals)."""
FIRST = datetime(2025, 12, 1, 19, 0)
"""When the journal's first game was played; one or two a day after it."""
FRAME = 1 / 60
GAME_MOVES = 14
SIZES: tuple[tuple[int, int], ...] = ((800, 600), (1280, 720), (1920, 1080), (3840, 2160))
"""The window sizes every screen is shown at (``--all``), as the layout test checks them."""
LANGS = ("en", "fr")


# --- the journal of a player -----------------------------------------------------------------


def _run(position: engine.Position, rules: Rules, depth: int, seen: dict[object, int]) -> int:
    """The most cards that can be played in a row from ``position`` without a draw (looking
    ``depth`` cards ahead)."""
    if depth == 0:
        return 0
    key = (position, depth)
    if key not in seen:
        seen[key] = max(
            (
                1 + _run(engine.apply(position, a, rules), rules, depth - 1, seen)
                for a in engine.legal_actions(position, rules)
                if a.kind == "play"
            ),
            default=0,
        )
    return seen[key]


def _solitaire(
    journal: Journal, number: int, rules_key: str, skill: float, rng: random.Random, start: datetime
) -> tuple[int, str]:
    """A deal played to its end by a player who, with chance ``skill``, plays the card that
    starts the longest run of cards, else any card (a draw when none plays); a game in twelve
    is left half way. Written action by action, then finished, as the table does. The game's
    id in the journal and how it ended."""
    rules = PRESETS[rules_key]
    game = Game.new(number, rules)
    leave_at = rng.randrange(6, 20) if rng.random() < 1 / 12 else None
    while not game.over and (leave_at is None or len(game.log) < leave_at):
        legal = game.legal_actions()
        plays = [a for a in legal if a.kind == "play"]
        if plays and rng.random() < skill:
            seen: dict[object, int] = {}
            position = game.position
            action = max(
                plays, key=lambda a: _run(engine.apply(position, a, rules), rules, 7, seen)
            )
        elif plays and rng.random() < 0.8:
            action = rng.choice(plays)
        else:
            action = next((a for a in legal if a.kind == "draw"), legal[0])
        game.apply(action)
    assert game.code is not None
    gid = journal.begin("solitaire", game.code, rules_key, start.isoformat(timespec="seconds"))
    actions = tuple(str(a) for a in game.log)
    pauses = tuple(round(rng.uniform(0.6, 3.0), 2) for _ in actions)
    elapsed = 0.0
    for seq, (action_text, pause) in enumerate(zip(actions, pauses, strict=True)):
        elapsed += pause
        journal.act(gid, seq, action_text, pause, elapsed, elapsed)
    result = GameResult.of_game(game)
    outcome = "abandoned" if leave_at is not None and not game.over else result.outcome
    journal.finish(
        gid,
        Ending(
            outcome=outcome,
            ended=(start + timedelta(seconds=elapsed)).isoformat(timespec="seconds"),
            actions=actions,
            times=pauses,
            seconds=elapsed,
            moves=result.moves,
            score=result.score,
            cards_left=result.left,
            stock_left=result.stock_left,
            undos=result.undos,
        ),
    )
    return gid, outcome


def _six_card(journal: Journal, number: int, rng: random.Random, start: datetime) -> None:
    """A six-card game of 2 to 4 seats, the person's seat the first, played to its end (the
    person's moves as a medium computer would make them)."""
    players = rng.choice((2, 3, 4))
    kinds = ["human", *(rng.choice(("easy", "medium", "hard")) for _ in range(players - 1))]
    levels = ["medium", *kinds[1:]]
    opponents = [make_opponent(level, rng.randrange(2**32)) for level in levels]
    final, log = play_game(new_game(number, players), opponents)
    actions = tuple(str(a) for a in log)
    pauses = tuple(round(rng.uniform(0.5, 2.5), 2) for _ in actions)
    gid = journal.begin(
        "six-card",
        six_code(number, players),
        "standard",
        start.isoformat(timespec="seconds"),
        setup={"kinds": kinds, "speed": "normal"},
    )
    scores = totals(final)
    journal.finish(
        gid,
        Ending(
            outcome="finished",
            ended=(start + timedelta(seconds=sum(pauses))).isoformat(timespec="seconds"),
            actions=actions,
            times=pauses,
            seconds=sum(pauses),
            moves=len(actions),
            score=scores[0],
            result={"totals": list(scores), "winners": list(winners(final)), "seats": kinds},
        ),
    )


SIGNERS = ("ACE", "JOE", "ZOE")
"""The initials on the signed games (``fill_journal(signed=True)``), in turn."""


def fill_journal(folder: Path, count: int, seed: int = 2026, signed: bool = False) -> None:
    """``count`` finished games, oldest first: Easy mostly, Classic now and then, six-card
    Golf one game in eight; the solitaire player's skill grows from a third to nineteen in
    twenty. ``signed``: every solitaire game won or blocked signed with initials, as the
    high-score tables' entries are (the README's pictures have none)."""
    rng = random.Random(seed)
    journal = Journal(folder)
    try:
        for index in range(count):
            start = FIRST + timedelta(
                days=index // 2, hours=index % 2 * 2, minutes=rng.randrange(50)
            )
            number = rng.randrange(26**7)
            if index % 8 == 5:
                _six_card(journal, number, rng, start)
            else:
                skill = 0.3 + 0.65 * index / max(1, count - 1)
                rules = "classic" if index % 5 == 2 else "easy"
                gid, outcome = _solitaire(journal, number, rules, skill, rng, start)
                if signed and outcome in ("won", "blocked"):
                    journal.sign(gid, SIGNERS[index % len(SIGNERS)])
    finally:
        journal.close()


# --- the window, driven by keys --------------------------------------------------------------


class Window:
    """The game's app on the dummy display, driven frame by frame with posted keys."""

    def __init__(self, folder: Path, lang: str) -> None:
        pygame.init()
        screen = pygame.display.set_mode(SCREEN_SIZE)
        options = WindowOptions(
            config_dir=folder / "config",
            data_dir=folder / "data",
            replays_dir=folder / "replays",
            seed=7,
            lang=lang,
        )
        self.app: App = build_app(options, screen)
        self.app.records.today = lambda: DAY
        first_scene(self.app, options)
        self.loop = Loop(self.app)
        pygame.event.clear()

    def frames(self, count: int) -> None:
        for _ in range(count):
            self.loop.step(pygame.event.get(), FRAME)

    def key(self, key: int, text: str = "", frames: int = 1) -> None:
        """A key pressed and let go, as SDL sends it (with the text it types)."""
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0)
        )
        if text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        pygame.event.post(
            pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text, scancode=0)
        )
        self.frames(frames)

    def until(self, done: Callable[[], bool], limit: int = 600) -> None:
        for _ in range(limit):
            if done():
                return
            self.frames(1)
        raise SystemExit(f"the screen expected did not come: {self.app.scenes.stack}")

    def picture(self) -> pygame.Surface:
        return self.app.screen.copy()

    def close(self) -> None:
        self.app.flow.leave_games(quitting=True)
        self.app.speech.close()
        self.app.records.close()
        pygame.quit()


def _top(window: Window) -> str:
    return type(window.app.scenes.top).__name__


def take(folder: Path, lang: str) -> dict[str, pygame.Surface]:
    """Every picture, by file name, from one run of the game."""
    window = Window(folder, lang)
    shots: dict[str, pygame.Surface] = {}
    try:
        window.until(lambda: _top(window) == "TitleScene" and not window.app.scenes.busy)
        window.frames(150)  # the cards have started to fall
        shots["title.png"] = window.picture()
        window.key(pygame.K_RETURN)  # Play Easy
        window.until(lambda: _top(window) == "GameScene" and not window.app.scenes.busy)
        table = window.app.scenes.top
        for _ in range(GAME_MOVES):
            game = table.game  # type: ignore[union-attr]
            if game.over:
                break
            legal = game.legal_actions()
            plays = [a for a in legal if a.kind == "play"]
            if plays:
                column = plays[0].column
                window.key(getattr(pygame, f"K_{column}"), str(column), frames=30)
            else:
                window.key(pygame.K_SPACE, " ", frames=30)
        window.frames(60)
        shots["game.png"] = window.picture()
        window.app.flow.to_title()  # as the pause menu's "back to the title"
        window.until(lambda: _top(window) == "TitleScene" and not window.app.scenes.busy)
        window.key(pygame.K_RIGHT)  # the right-hand column: Statistics
        window.key(pygame.K_RETURN)
        window.until(lambda: _top(window) == "StatsScene" and not window.app.scenes.busy)
        window.key(pygame.K_2, "2", frames=90)
        shots["statistics.png"] = window.picture()
        window.key(pygame.K_3, "3", frames=90)
        shots["statistics-scores.png"] = window.picture()
    finally:
        window.close()
    return shots


# --- small PNG files -------------------------------------------------------------------------


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def png_bytes(surface: pygame.Surface, level: int = 9) -> bytes:
    """``surface`` as a PNG file: 8-bit RGB, rows unfiltered (the felt's grain defeats the
    filters), deflated at zlib's ``level`` (its best unless asked)."""
    width, height = surface.get_size()
    pixels = pygame.image.tobytes(surface, "RGB")
    stride = 3 * width
    rows = b"".join(b"\x00" + pixels[y * stride : (y + 1) * stride] for y in range(height))
    packer = zlib.compressobj(level, zlib.DEFLATED, 15, 9)
    body = packer.compress(rows) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", body)
        + _chunk(b"IEND", b"")
    )


def same_pixels(surface: pygame.Surface, path: Path) -> bool:
    """Whether the PNG file at ``path`` holds exactly ``surface``'s pixels."""
    if not path.is_file():
        return False
    found = pygame.image.load(str(path))
    return found.get_size() == surface.get_size() and pygame.image.tobytes(
        found, "RGB"
    ) == pygame.image.tobytes(surface, "RGB")


# --- every screen at every size --------------------------------------------------------------


def _tour() -> ModuleType:
    """``bench/contrast.py``, whose ``screens`` builds every screen the person meets."""
    name = "contrast_bench"
    module = sys.modules.get(name)
    if module is None:
        spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / "contrast.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # its dataclasses look their module up
        spec.loader.exec_module(module)
    return module


def file_name(screen: str) -> str:
    """A screen's name as the start of a file name: "title, a game to continue" is
    ``title-a-game-to-continue``."""
    return re.sub(r"[^a-z0-9]+", "-", screen.lower()).strip("-")


def tour_screens(
    folder: Path, lang: str, table: str, games: int = 0
) -> Iterator[tuple[str, pygame.Surface]]:
    """Every screen of the tour by its file name, drawn on the logical screen as the contrast
    bench and the layout test draw it (one surface, drawn again for each; an overlay over the
    screen below it), on a journal of ``games`` games played beforehand and signed (the
    statistics, the high scores and the history filled)."""
    tour = _tour()
    if games:
        fill_journal(folder / "data", games, signed=True)
    app: App = tour.make_app(folder, lang, table)
    surface = pygame.Surface(SCREEN_SIZE)
    title: Scene | None = None
    try:
        for name, scene in tour.screens(app):
            title = title or scene  # the tour starts at the title
            surface.fill((0, 0, 0))
            if scene.overlay:  # over the screen it opens on, as the window shows it
                _below(scene, title).draw(surface)
            scene.draw(surface)
            yield file_name(name), surface
    finally:
        app.flow.leave_games(quitting=True)
        app.speech.close()
        app.records.close()


def _below(overlay: Scene, title: Scene) -> Scene:
    """The screen an overlay of the tour is drawn over: the one it was opened on (a pause
    menu's table, the reset dialog's statistics), else the title."""
    for value in vars(overlay).values():
        if isinstance(value, Scene) and value is not overlay:
            return value
    return title


def in_window(logical: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """The logical screen as a window of ``size`` shows it: the window's own presenter scales
    it in (nearest neighbour or smooth, as it would) between black bars."""
    window = pygame.Surface(size)
    presenter = Presenter(window)
    if presenter.canvas is not logical:
        presenter.canvas.blit(logical, (0, 0))
    presenter.present()
    return window


def _size_text(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


def contact_sheet(names: list[str], sizes: list[tuple[int, int]], langs: list[str]) -> str:
    """``index.html``: each screen a row of its pictures, every size in every language, each
    small and linked to the whole picture."""
    rows = []
    for name in names:
        cells = []
        for lang in langs:
            for size in sizes:
                picture = html.escape(f"{name}-{_size_text(size)}-{lang}.png")
                label = html.escape(f"{size[0]}×{size[1]} {lang}")
                cells.append(
                    f'<figure><a href="{picture}"><img src="{picture}" loading="lazy" '
                    f'alt="{html.escape(name)} {label}"></a><figcaption>{label}</figcaption>'
                    "</figure>"
                )
        rows.append(
            f'<section id="{html.escape(name)}"><h2>{html.escape(name)}</h2>{"".join(cells)}</section>'
        )
    links = " · ".join(f'<a href="#{html.escape(n)}">{html.escape(n)}</a>' for n in names)
    return (
        '<!doctype html>\n<html><head><meta charset="utf-8"><title>Golf: every screen</title>'
        "<style>body{background:#222;color:#eee;font-family:sans-serif}"
        "figure{display:inline-block;margin:4px;text-align:center}"
        "img{width:240px;border:1px solid #555;image-rendering:auto}"
        "a{color:#9cf}</style></head><body>"
        f"<h1>Golf: every screen ({len(names)} screens, {len(sizes)} sizes, "
        f"{len(langs)} languages)</h1><p>{links}</p>" + "".join(rows) + "</body></html>\n"
    )


def write_all(
    out: Path,
    only: list[str],
    sizes: list[tuple[int, int]],
    langs: list[str],
    table: str = "green",
    games: int = 0,
) -> list[Path]:
    """Every screen of the tour (those whose file name contains one of ``only``, when given)
    at each of ``sizes`` in each of ``langs``, as PNG files in ``out``, and the contact sheet;
    the pictures written."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    names: list[str] = []
    for lang in langs:
        with tempfile.TemporaryDirectory(prefix="golf-screens-") as tmp:
            for name, logical in tour_screens(Path(tmp), lang, table, games):
                if only and not any(part in name for part in only):
                    continue
                if name not in names:
                    names.append(name)
                for size in sizes:
                    path = out / f"{name}-{_size_text(size)}-{lang}.png"
                    path.write_bytes(png_bytes(in_window(logical, size), level=6))
                    written.append(path)
        pygame.quit()
    (out / "index.html").write_text(contact_sheet(names, sizes, langs), encoding="utf-8")
    return written


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    try:
        size = int(width), int(height)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size (WIDTHxHEIGHT): {text}") from None
    if min(size) < 1:
        raise argparse.ArgumentTypeError(f"not a size (WIDTHxHEIGHT): {text}")
    return size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where the pictures go (docs/images)")
    parser.add_argument(
        "--lang",
        choices=LANGS,
        action="append",
        help="the language (the README's: en; --all: each given, else both)",
    )
    parser.add_argument("--games", type=int, default=300, help="games in the journal (300)")
    parser.add_argument(
        "--check", action="store_true", help="write nothing: exit 1 if a picture is not the game's"
    )
    parser.add_argument(
        "--all",
        type=Path,
        metavar="DIR",
        help="every screen at every size in both languages, and DIR/index.html to look at them",
    )
    parser.add_argument(
        "--only", action="append", default=[], metavar="NAME", help="--all: screens named so"
    )
    parser.add_argument(
        "--size", type=_size, action="append", metavar="WxH", help="--all: this size alone"
    )
    parser.add_argument("--table", choices=TABLE_THEMES, default="green", help="--all: the table")
    args = parser.parse_args(argv)
    if args.all is not None:
        written = write_all(
            args.all,
            args.only,
            args.size or list(SIZES),
            args.lang or list(LANGS),
            args.table,
            args.games,
        )
        if not written:
            print(f"no screen of the tour is named {' or '.join(args.only)}", file=sys.stderr)
            return 1
        print(f"{len(written)} pictures written to {args.all}; look at {args.all / 'index.html'}")
        return 0
    lang = args.lang[0] if args.lang else "en"
    with tempfile.TemporaryDirectory(prefix="golf-screenshots-") as tmp:
        folder = Path(tmp)
        fill_journal(folder / "data", args.games)
        shots = take(folder, lang)
        pygame.init()  # to read the files back
        try:
            stale = [name for name, shot in shots.items() if not same_pixels(shot, args.out / name)]
            if args.check:
                for name in stale:
                    print(
                        f"{args.out / name} is not what the game shows now: run {Path(__file__).name}"
                    )
                return 1 if stale else 0
            args.out.mkdir(parents=True, exist_ok=True)
            for name, shot in shots.items():
                path = args.out / name
                if name not in stale:
                    print(f"{path}: unchanged")
                    continue
                path.write_bytes(png_bytes(shot))
                if not same_pixels(shot, path):
                    raise SystemExit(f"{path} did not read back as written")
                print(f"{path}: {path.stat().st_size // 1000} KB")
        finally:
            pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
