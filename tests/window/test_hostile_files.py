"""Every file the game reads, made hostile: the window still opens on the title, the player is told,
nothing else is lost.

Files: settings (YAML, config folder), the journal of play (``journal.sqlite3``, data folder:
statistics, high scores, the round and the games in progress), version 0.1.0's JSON files
(statistics, high scores, the saved round, the two autosaves: read once, when the journal
imports them at the first start) and replays (YAML, the replays folder, listed on the Replays
screen). Cases: truncated, empty, binary garbage, wrong types, huge, an alias (or nesting) bomb, a
file that cannot be opened (a directory where the file should be, a FIFO, or ``open`` raising
``PermissionError``: the tests run as root, so ``chmod 000`` would not stop a read) and a format
from a future version.

A bad settings file is kept aside as ``.corrupt-1``. A journal that is not a database is kept
aside too and a new one is started; one that cannot be opened, or was written by a newer
version, is left as it is and play goes on in memory. A 0.1.0 file that cannot be imported is
left as it is (never moved: it is that version's) and the other files are imported.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import zlib
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pygame
import pytest

from golf.core.store import Document
from golf.core.translations import text
from golf.journal.database import FILE_NAME
from golf.journal.kept_sixcard import SIX_AUTOSAVE_DOCUMENT
from golf.journal.kept_solitaire import AUTOSAVE_DOCUMENT
from golf.solitaire.engine import Action
from golf.solitaire.highscores import HIGHSCORES_DOCUMENT
from golf.solitaire.replay import Replay, save
from golf.solitaire.round import ROUND_DOCUMENT
from golf.solitaire.rules import CLASSIC
from golf.solitaire.session import Game
from golf.solitaire.stats import STATS_DOCUMENT
from scenes.core.records import Records
from scenes.core.settings import SETTINGS_FILE, Settings, SettingsStore
from scenes.replacing import ReplaceKeptDialog
from scenes.replays import ReplaysScene
from scenes.title import TitleScene
from tests.ui_driver import WIN_CODE, WIN_LINE, Driver, make_driver

FIXTURE_0_1_0 = Path(__file__).resolve().parents[1] / "fixtures" / "data-0.1.0"
LEGACY: dict[str, Document[object]] = {
    "stats": STATS_DOCUMENT,  # type: ignore[dict-item]
    "highscores": HIGHSCORES_DOCUMENT,  # type: ignore[dict-item]
    "round": ROUND_DOCUMENT,  # type: ignore[dict-item]
    "autosave": AUTOSAVE_DOCUMENT,  # type: ignore[dict-item]
    "six-card-autosave": SIX_AUTOSAVE_DOCUMENT,  # type: ignore[dict-item]
}
CASES = (
    "truncated",
    "empty",
    "garbage",
    "wrong_types",
    "huge",
    "bomb",
    "directory",
    "fifo",
    "permission",
    "future",
)
UNOPENABLE = ("directory", "fifo", "permission")
BILLION_LAUGHS = "a: &a ['lol','lol','lol','lol','lol','lol','lol','lol','lol']\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)}]\n"
    for i in range(8)
)
NESTING_BOMB = b"[" * 200_000 + b"]" * 200_000


def _action(token: str) -> Action:
    return Action.draw() if token == "d" else Action.play(int(token))


def write_settings(config: Path) -> None:
    """Settings that differ from the defaults."""
    SettingsStore(config).save(Settings(language="en", volume=30, four_colour=True))


def write_journal(data: Path) -> None:
    """A journal with something of each kind: a game counted in the statistics, a signed high
    score, a round with its hole in play, a solitaire game in progress."""
    records = Records(data, today=lambda: date(2026, 11, 30), clock=lambda: 1_000.0)
    left = Game.from_code(WIN_CODE)
    left.apply(Action.draw())
    records.record(left, seconds=5.0)  # abandoned: counted
    won = Game.from_code(WIN_CODE)
    for token in WIN_LINE:
        assert won.apply(_action(token)) is None
    chance = records.record(won, seconds=60.0)
    assert chance is not None
    records.add_high_score(chance, "ABC")
    rnd = records.new_round(5, CLASSIC, 9)
    assert rnd.game is not None and rnd.game.apply(Action.draw()) is None
    hole = records.hole_game(rnd)
    assert hole is not None
    hole.sync(["draw"], [1.0], 1.0)
    kept = Game.from_code(WIN_CODE)
    kept.apply(Action.draw())
    game = records.solitaire(kept, "2026-11-30T08:00:00")
    assert game is not None
    game.sync(["draw"], [1.5], 12.0)
    game.leave(12.0, 0.25, {})
    records.close()


def hostile_text(name: str, case: str, good: bytes) -> bytes | None:
    """The bytes of a hostile settings, 0.1.0 or replay file (None: the case is not about
    content)."""
    yaml_file = name == "settings"
    if case == "truncated":
        if yaml_file:  # cut inside a key, so that the cut never leaves a shorter valid file
            return good[: good.rindex(b":", 0, len(good) // 2)]
        return good[: len(good) // 2]
    if case == "empty":
        return b""
    if case == "garbage":
        return random.Random(f"{name}").randbytes(400)
    if case == "wrong_types":
        return b"- 1\n- two\n- [3]\n" if yaml_file else b'[1, "two", {"three": 3}]'
    if case == "huge":
        filler = b"#" + b"x" * 100 + b"\n" if yaml_file else b" " * 101
        return good + filler * 20_000  # 2 MB
    if case == "bomb":
        return BILLION_LAUGHS.encode() if yaml_file else NESTING_BOMB
    if case == "future":
        if yaml_file:
            return good.replace(b"format: 1", b"format: 99")
        body = json.loads(good)
        body["version"] = 99
        return json.dumps(body).encode()
    return None


def make_hostile_journal(path: Path, case: str) -> None:
    """``journal.sqlite3`` made hostile (the cases not about the file's place)."""
    good = path.read_bytes()
    if case == "truncated":
        path.write_bytes(good[: len(good) // 2])
    elif case == "empty":
        path.write_bytes(b"")
    elif case == "garbage":
        path.write_bytes(random.Random("journal").randbytes(4000))
    elif case == "wrong_types":  # another program's database, its own table called games
        path.unlink()
        other = sqlite3.connect(path)
        other.execute("CREATE TABLE games(name TEXT, rating REAL)")
        other.execute("INSERT INTO games VALUES ('chess', 4.5)")
        other.commit()
        other.close()
    elif case == "huge":
        path.write_bytes(good + b"\0" * 2_000_000)  # 2 MB after the database's last page
    elif case == "bomb":  # a finished hole of the round in progress: a nesting bomb, zipped
        db = sqlite3.connect(path)
        db.execute(
            "INSERT INTO games(game, code, rules, status, round_id, hole, started, ended, score,"
            " moves, actions, counted, kept) SELECT 'solitaire', code, rules, 'blocked',"
            " round_id, 1, started, started, 3, 1, ?, 0, 0 FROM games WHERE round_id IS NOT NULL",
            (zlib.compress(NESTING_BOMB),),
        )
        db.commit()
        db.close()
    elif case == "future":
        db = sqlite3.connect(path)
        db.execute("PRAGMA user_version = 99")
        db.close()
    else:
        raise AssertionError(case)


def make_unopenable(monkeypatch: pytest.MonkeyPatch, target: Path, case: str) -> None:
    """``target`` made a directory, a FIFO, or a file every read of which is refused."""
    if case == "directory":
        target.unlink()
        target.mkdir()
        (target / "inside").write_text("not a file")
    elif case == "fifo":
        target.unlink()
        os.mkfifo(target)
    elif case == "permission":
        real_open: Callable[..., object] = Path.open
        real_read: Callable[..., bytes] = Path.read_bytes

        def refuse_open(self: Path, *args: object, **kwargs: object) -> object:
            if self == target and (not args or "r" in str(args[0])):
                raise PermissionError(13, "Permission denied", str(self))
            return real_open(self, *args, **kwargs)

        def refuse_read(self: Path) -> bytes:
            if self == target:
                raise PermissionError(13, "Permission denied", str(self))
            return real_read(self)

        real_os_open = os.open

        def refuse_os_open(path: object, flags: int, *args: int, **kwargs: object) -> int:
            if Path(str(path)) == target and not flags & (os.O_WRONLY | os.O_RDWR):
                raise PermissionError(13, "Permission denied", str(path))
            return real_os_open(path, flags, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(Path, "open", refuse_open)
        monkeypatch.setattr(Path, "read_bytes", refuse_read)
        monkeypatch.setattr(os, "open", refuse_os_open)
    else:
        raise AssertionError(case)


def state_of(path: Path) -> object:
    """What is at ``path``: a file's bytes (read past the refusals of ``make_unopenable``), what
    kind of thing it is, or another program's database: its tables and rows."""
    if path.is_fifo():
        return "fifo"
    if path.is_dir():
        return sorted(p.name for p in path.iterdir())
    with open(path, "rb") as file:  # noqa: PTH123 - Path.open may be refusing
        content = file.read()
    if path.name == FILE_NAME and b"chess" in content:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            return (
                db.execute("SELECT type, name, sql FROM sqlite_master").fetchall(),
                db.execute("SELECT * FROM games").fetchall(),
            )
        finally:
            db.close()
    return content


def driver_for(tmp_path: Path) -> Driver:
    driver = make_driver(tmp_path / "data", tmp_path / "config")
    driver.app.replays_dir = tmp_path / "replays"
    driver.frames(3)
    return driver


def toast_texts(driver: Driver) -> list[str]:
    title = driver.top
    assert isinstance(title, TitleScene), f"the game did not reach the title: {title}"
    return [toast.text for toast in title.toasts]


def play_on(driver: Driver) -> str:
    """The game plays on: a new game (over the kept one, if the window asks), a move, back to
    the title (the game left in play), the window closed; the code of the game played."""
    app = driver.app
    app.flow.new_game()
    driver.frames(3)
    if isinstance(driver.top, ReplaceKeptDialog):
        driver.top.confirm()
        driver.frames(3)
    driver.key(pygame.K_SPACE, text=" ")
    driver.frames(2)
    game = driver.table.game
    assert game.log and game.code is not None, "the move was not played"
    app.flow.to_title()
    driver.frames(3)
    app.flow.leave_games(quitting=True)
    return game.code


def journal_whole(driver: Driver) -> None:
    """Everything ``write_journal`` wrote is in use."""
    records = driver.app.records
    assert records.stats.rule_sets, "the statistics were lost"
    assert any(records.scores.tables.values()), "the high scores were lost"
    assert records.saved_round is not None, "the round in progress was lost"
    title = driver.top
    assert isinstance(title, TitleScene) and title.saved is not None, "the game in play lost"


@pytest.mark.parametrize("case", CASES)
def test_a_hostile_settings_file_is_survived(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    config, data = tmp_path / "config", tmp_path / "data"
    write_settings(config)
    write_journal(data)
    target = config / SETTINGS_FILE
    good = target.read_bytes()
    content = hostile_text("settings", case, good)
    if content is not None:
        target.write_bytes(content)
    else:
        make_unopenable(monkeypatch, target, case)
    driver = driver_for(tmp_path)  # the window opens on the title
    texts = toast_texts(driver)
    told = [t for t in texts if "options file" in t]
    assert told, f"no message about the settings among {texts}"
    assert driver.app.settings.volume == Settings().volume
    kept = target.with_name(target.name + ".corrupt-1")
    if case in UNOPENABLE:
        assert not kept.exists()  # nothing to keep aside: it was never read
        assert "could not be opened" in told[0]
    else:
        assert kept.exists() and kept.read_bytes() == content, "the bad file was not kept aside"
    journal_whole(driver)  # nothing else is lost
    play_on(driver)


JOURNAL_KEPT_ASIDE = ("truncated", "garbage")
"""Not a database: moved aside as journal.sqlite3.corrupt-1, a new journal started."""
JOURNAL_LEFT = (*UNOPENABLE, "wrong_types", "future")
"""Left as it is, play going on in memory."""


@pytest.mark.parametrize("case", CASES)
def test_a_hostile_journal_is_survived(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    config, data = tmp_path / "config", tmp_path / "data"
    write_settings(config)
    write_journal(data)
    target = data / FILE_NAME
    assert not (data / (FILE_NAME + "-wal")).exists()  # all of it in the file
    if case in UNOPENABLE:
        make_unopenable(monkeypatch, target, case)
    else:
        make_hostile_journal(target, case)
    before = state_of(target)
    driver = driver_for(tmp_path)  # the window opens on the title
    texts = toast_texts(driver)
    told = [t for t in texts if f"journal of play file ({FILE_NAME})" in t]
    kept = target.with_name(FILE_NAME + ".corrupt-1")
    records = driver.app.records
    assert driver.app.settings.volume == 30 and driver.app.settings.four_colour
    if case in JOURNAL_KEPT_ASIDE:
        assert told and "kept aside as journal.sqlite3.corrupt-1" in told[0], texts
        assert kept.read_bytes() == before, "the bad journal was not kept aside as it was"
        assert not records.journal.in_memory and records.keeps_games  # a new journal
        assert not records.stats.rule_sets
    elif case in JOURNAL_LEFT:
        assert told, f"no message about the journal among {texts}"
        if case == "future":
            assert "newer version" in told[0]
            journal_whole(driver)  # read from a copy in memory, the file untouched
        else:
            assert "could not be opened" in told[0]
            assert not records.stats.rule_sets
        assert records.journal.in_memory
        assert not kept.exists()
    elif case == "empty":  # what SQLite makes before its first write: a new journal
        assert not told, texts
        assert not kept.exists() and not records.journal.in_memory and records.keeps_games
    elif case == "huge":  # bytes after the database's last page are never read
        assert not told, texts
        journal_whole(driver)
    elif case == "bomb":  # the round cannot be played again: it is not offered, the rest is
        assert not told, texts
        assert records.saved_round is None
        assert records.stats.rule_sets and any(records.scores.tables.values())
        title = driver.top
        assert isinstance(title, TitleScene) and title.left is not None
        assert title.left.kind == "solitaire"
    code = play_on(driver)
    again = driver_for(tmp_path).app.records  # the window opens again on the same folder
    left = [k.code for k in again.journal.kept()]
    if case in JOURNAL_LEFT:  # played in memory
        assert state_of(target) == before, "a journal that could not be used was changed"
        assert again.journal.in_memory and code not in left
    else:  # the game left in play is kept in the journal for Continue
        assert code in left


LEGACY_CASES = CASES


@pytest.mark.parametrize("case", LEGACY_CASES)
@pytest.mark.parametrize("name", LEGACY)
def test_a_hostile_0_1_0_file_is_left_and_the_others_imported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, case: str
) -> None:
    config, data = tmp_path / "config", tmp_path / "data"
    write_settings(config)
    shutil.copytree(FIXTURE_0_1_0, data)
    target = data / LEGACY[name].name
    others = {p.name: p.read_bytes() for p in data.iterdir() if p != target}
    content = hostile_text(name, case, target.read_bytes())
    if content is not None:
        target.write_bytes(content)
    else:
        make_unopenable(monkeypatch, target, case)
    before = state_of(target)
    driver = driver_for(tmp_path)  # the window opens on the title
    texts = toast_texts(driver)
    label = f"The {text('en', LEGACY[name].label)} file ({target.name})"
    told = [t for t in texts if label in t]
    assert told, f"no message about {target.name} among {texts}"
    if case in UNOPENABLE:
        assert "could not be opened" in told[0]
    elif case == "future":
        assert "newer version" in told[0]
    else:
        assert "could not be read" in told[0]
    assert "left as it is" in told[0] or case in UNOPENABLE
    monkeypatch.undo()
    assert state_of(target) == before, "a file of 0.1.0 was changed"
    assert not target.with_name(target.name + ".corrupt-1").exists()
    for other, was in others.items():
        assert (data / other).read_bytes() == was, f"{other} changed"
    # nothing else is lost: every other file was imported
    records = driver.app.records
    assert not records.journal.in_memory
    assert bool(records.stats.rule_sets) == (name != "stats")
    assert any(records.scores.tables.values()) == (name != "highscores")
    assert (records.saved_round is not None) == (name != "round")
    kept = [k for k in records.journal.kept() if k.round_id is None]
    assert any(k.game == "solitaire" for k in kept) == (name != "autosave")
    assert any(k.game == "six-card" for k in kept) == (name != "six-card-autosave")
    play_on(driver)


@pytest.mark.parametrize("case", [c for c in CASES if c not in ("permission", "fifo")])
def test_hostile_replays_are_listed_with_their_error(tmp_path: Path, case: str) -> None:
    folder = tmp_path / "replays"
    folder.mkdir()
    game = Game.from_code(WIN_CODE)
    game.apply(Action.draw())
    save(Replay.from_game(game, [1.0]), folder / "good.yaml")
    good = (folder / "good.yaml").read_bytes()
    bad = folder / "bad.yaml"
    content = hostile_text("replay", case, good) if case != "future" else None
    if case == "future":
        content = good.replace(b"format: 1", b"format: 99")
    elif case == "bomb":
        content = BILLION_LAUGHS.encode()
    elif case == "wrong_types":
        content = b"- 1\n- two\n"
    if content is not None:
        bad.write_bytes(content)
    else:
        bad.mkdir()
    driver = driver_for(tmp_path)
    driver.app.flow.open_replays()
    driver.frames(3)
    screen = driver.top
    assert isinstance(screen, ReplaysScene)
    mine = {e.path.name: e for e in screen.entries if not e.sample}
    assert mine["good.yaml"].replay is not None and mine["good.yaml"].error is None
    if case != "directory":
        assert mine["bad.yaml"].replay is None and mine["bad.yaml"].error
        screen.select(screen.entries.index(mine["bad.yaml"]))
        screen.open_selected()
        assert screen.message == mine["bad.yaml"].error  # opening it shows why, no crash
    driver.frames(3)
    assert (folder / "good.yaml").read_bytes() == good
