"""Every file the game reads, made hostile: the window still opens on the title, the player is told,
the bad file is kept aside (or left alone when it cannot even be opened), nothing else is lost.

Files: settings (YAML, config folder), statistics, high scores, the saved round and the autosave
(JSON documents, data folder) and replays (YAML, the replays folder, listed on the Replays
screen). Cases: truncated, empty, binary garbage, wrong types, huge, an alias (or nesting) bomb, a
file that cannot be opened (a directory where the file should be, or ``open`` raising
``PermissionError``: the tests run as root, so ``chmod 000`` would not stop a read) and a format
from a future version.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pygame
import pytest

from golf.core.store import Document, Store
from golf.core.translations import text
from golf.journal.kept_solitaire import AUTOSAVE_DOCUMENT, Snapshot
from golf.solitaire.engine import Action
from golf.solitaire.highscores import HIGHSCORES_DOCUMENT, Entry, HighScores, add_score
from golf.solitaire.replay import Replay, save
from golf.solitaire.round import ROUND_DOCUMENT, Round
from golf.solitaire.session import Game
from golf.solitaire.stats import STATS_DOCUMENT, rules_key
from scenes.core.records import Records
from scenes.core.settings import SETTINGS_FILE, Settings, SettingsStore
from scenes.replays import ReplaysScene
from scenes.title import TitleScene
from tests.ui_driver import WIN_CODE, Driver, make_driver

DOCUMENTS: dict[str, Document[object]] = {
    "stats": STATS_DOCUMENT,  # type: ignore[dict-item]
    "highscores": HIGHSCORES_DOCUMENT,  # type: ignore[dict-item]
    "round": ROUND_DOCUMENT,  # type: ignore[dict-item]
    "autosave": AUTOSAVE_DOCUMENT,  # type: ignore[dict-item]
}
FILES = ("settings", *DOCUMENTS)
CASES = (
    "truncated",
    "empty",
    "garbage",
    "wrong_types",
    "huge",
    "bomb",
    "directory",
    "permission",
    "future",
)
BILLION_LAUGHS = "a: &a ['lol','lol','lol','lol','lol','lol','lol','lol','lol']\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)}]\n"
    for i in range(8)
)


def write_valid_files(config: Path, data: Path) -> None:
    """One good file of each kind, with values that differ from the defaults."""
    SettingsStore(config).save(Settings(language="en", volume=30, four_colour=True))
    records = Records(data, today=lambda: date(2026, 11, 30))
    game = Game.from_code(WIN_CODE)
    game.apply(Action.draw())
    records.record(game)  # stats.json
    store = Store(data)
    entry = Entry.make("ABC", 30, date(2026, 11, 1), WIN_CODE)
    store.save(HIGHSCORES_DOCUMENT, add_score(HighScores(), rules_key(game.rules), entry)[0])
    rnd = Round(seed=5)
    assert rnd.game is not None
    rnd.game.apply(Action.draw())
    store.save(ROUND_DOCUMENT, rnd)
    store.save(AUTOSAVE_DOCUMENT, Snapshot.of(game, [1.5], 0.25, 12.0, "2026-11-30T08:00:00"))


def path_of(name: str, config: Path, data: Path) -> Path:
    if name == "settings":
        return config / SETTINGS_FILE
    return data / DOCUMENTS[name].name


def hostile(name: str, case: str, good: bytes) -> bytes | None:
    """The bytes of the hostile file (None: the case is not about content)."""
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
        return BILLION_LAUGHS.encode() if yaml_file else b"[" * 200_000 + b"]" * 200_000
    if case == "future":
        if yaml_file:
            return good.replace(b"format: 1", b"format: 99")
        body = json.loads(good)
        body["version"] = 99
        return json.dumps(body).encode()
    return None


def driver_for(tmp_path: Path) -> Driver:
    driver = make_driver(tmp_path / "data", tmp_path / "config")
    driver.app.replays_dir = tmp_path / "replays"
    driver.frames(3)
    return driver


def toast_texts(driver: Driver) -> list[str]:
    title = driver.top
    assert isinstance(title, TitleScene), f"the game did not reach the title: {title}"
    return [toast.text for toast in title.toasts]


def label(name: str) -> str:
    return "options file" if name == "settings" else f"The {text('en', DOCUMENTS[name].label)} file"


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("name", FILES)
def test_a_hostile_file_is_survived(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, case: str
) -> None:
    config, data = tmp_path / "config", tmp_path / "data"
    write_valid_files(config, data)
    target = path_of(name, config, data)
    others = {other: path_of(other, config, data).read_bytes() for other in FILES if other != name}
    good = target.read_bytes()
    content = hostile(name, case, good)
    if content is not None:
        target.write_bytes(content)
    elif case == "directory":
        target.unlink()
        target.mkdir()
        (target / "inside").write_text("not a file")
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

    driver = driver_for(tmp_path)  # the window opens on the title
    texts = toast_texts(driver)
    told = [t for t in texts if label(name) in t]
    kept = target.with_name(target.name + ".corrupt-1")
    unopenable = case in ("directory", "permission")
    if name == "settings":
        assert driver.app.settings.volume == Settings().volume
    assert told, f"no message about the {name} file among {texts}"
    if unopenable:
        assert not kept.exists()  # nothing to keep aside: it was never read
        assert "could not be opened" in told[0]
    else:
        assert kept.exists() and kept.read_bytes() == content, "the bad file was not kept aside"
        if name != "settings":
            assert "kept aside" in told[0]
    # nothing else is lost: every other file is unchanged and its values are in use
    for other, before in others.items():
        assert path_of(other, config, data).read_bytes() == before, f"{other} changed"
    app = driver.app
    if name != "settings":
        assert app.settings.volume == 30 and app.settings.four_colour
    if name != "stats":
        assert app.records.stats.rule_sets, "the statistics were lost"
    if name != "highscores":
        assert any(app.records.scores.tables.values()), "the high scores were lost"
    if name != "round":
        assert app.records.saved_round is not None, "the saved round was lost"
    if name != "autosave":
        title = driver.top
        assert isinstance(title, TitleScene) and title.saved is not None, "the saved game lost"
    # and the game plays on: a new game, a move, back to the title, quit
    app.flow.new_game()
    driver.frames(3)
    driver.key(pygame.K_SPACE, text=" ")
    app.flow.to_title()
    driver.frames(3)
    app.flow.leave_games(quitting=True)


@pytest.mark.parametrize("case", [c for c in CASES if c != "permission"])
def test_hostile_replays_are_listed_with_their_error(tmp_path: Path, case: str) -> None:
    folder = tmp_path / "replays"
    folder.mkdir()
    game = Game.from_code(WIN_CODE)
    game.apply(Action.draw())
    save(Replay.from_game(game, [1.0]), folder / "good.yaml")
    good = (folder / "good.yaml").read_bytes()
    bad = folder / "bad.yaml"
    content = hostile("replay", case, good) if case != "future" else None
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
