"""The Replays screen: saved games and samples, newest first; bad files listed with their error."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from golf.solitaire.replay import ReplayError, load, save
from scenes.core.paths import replays_root
from scenes.replays import VISIBLE, ReplaysScene, scan
from scenes.solitaire.watch import WatchScene
from scenes.title import TitleScene
from tests.window.test_ui_play import UI, make_ui

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "replays").glob("*.yaml"))


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A replays folder with two games of the player's and one broken file."""
    folder = tmp_path / "replays"
    folder.mkdir()
    replay = load(ROOT / "replays" / "easy-win.yaml")
    save(
        replace(replay, recorded="2031-05-01T10:00:00", title="Newest game"), folder / "newest.yaml"
    )
    save(replace(replay, recorded=None, title=None), folder / "no-date.yaml")
    os.utime(folder / "no-date.yaml", (0, 0))  # 1970: the oldest of all
    (folder / "broken.yaml").write_text(
        "format: 1\ncode: GO1-E-AAAAAAA\nactions: [jump 2]\n", encoding="utf-8"
    )
    (folder / "notes.txt").write_text("not a replay", encoding="utf-8")
    return folder


@pytest.fixture
def ui(tmp_path: Path, saved: Path) -> Iterator[UI]:
    yield make_ui(tmp_path, replays_dir=saved)
    pygame.event.clear()


def _open_list(ui: UI) -> ReplaysScene:
    title = ui.top
    assert isinstance(title, TitleScene)
    ui.click_button(title.menu.buttons, "title.replays")
    ui.settle()
    screen = ui.top
    assert isinstance(screen, ReplaysScene)
    return screen


def test_the_list_holds_saved_games_then_samples_newest_first(ui: UI, saved: Path) -> None:
    screen = _open_list(ui)
    names = [e.path.name for e in screen.entries]
    assert sorted(names) == sorted(
        ["newest.yaml", "no-date.yaml", "broken.yaml", *(p.name for p in SAMPLES)]
    )
    mine = [e for e in screen.entries if not e.sample]
    assert screen.entries[: len(mine)] == mine  # the player's games first
    assert [e.path.name for e in mine] == ["newest.yaml", "broken.yaml", "no-date.yaml"]
    for group in (mine, screen.entries[len(mine) :]):
        assert [e.when for e in group] == sorted((e.when for e in group), reverse=True)
    samples = {e.path.name for e in screen.entries if e.sample}
    assert samples == {p.name for p in SAMPLES}
    first = screen.entries[0]
    assert first.name == "Newest game"
    assert first.replay is not None and first.replay.code == "GO1-E-BRBOULL"
    assert first.result is not None and (first.result.outcome, first.result.score) == ("won", 350)
    assert screen.rules_text(first.replay) == "Easy"
    assert screen.outcome_text(first.result) == "Won · 350"


def test_a_file_that_cannot_be_read_is_listed_with_the_engines_error(ui: UI, saved: Path) -> None:
    screen = _open_list(ui)
    [broken] = [e for e in screen.entries if e.path.name == "broken.yaml"]
    with pytest.raises(ReplayError) as raised:
        load(saved / "broken.yaml")
    assert broken.replay is None
    assert broken.error == str(raised.value)
    screen.select(screen.entries.index(broken))
    ui.key(pygame.K_RETURN)
    assert isinstance(ui.top, ReplaysScene)  # nothing to watch: the whole error shows
    assert screen.message == str(raised.value)


def test_enter_watches_the_selected_replay_and_escape_comes_back(ui: UI) -> None:
    screen = _open_list(ui)
    ui.key(pygame.K_RETURN)
    ui.settle()
    watch = ui.top
    assert isinstance(watch, WatchScene)
    assert watch.name == "Newest game"
    ui.key(pygame.K_ESCAPE)
    ui.settle()
    assert ui.top is screen
    ui.key(pygame.K_ESCAPE)
    ui.settle()
    assert isinstance(ui.top, TitleScene)


def test_a_click_on_a_row_watches_it(ui: UI) -> None:
    screen = _open_list(ui)
    ui.click(screen.row_rect(2).center)
    ui.settle()
    watch = ui.top
    assert isinstance(watch, WatchScene)
    assert watch.replay == screen.entries[2].replay


def test_the_keys_move_the_selection_and_scroll(ui: UI) -> None:
    screen = _open_list(ui)
    assert len(screen.entries) > VISIBLE
    ui.key(pygame.K_DOWN)
    assert screen.selected == 1
    ui.key(pygame.K_END)
    assert screen.selected == len(screen.entries) - 1
    assert screen.first == len(screen.entries) - VISIBLE
    ui.key(pygame.K_LEFT)  # a page up
    assert screen.selected == len(screen.entries) - 1 - VISIBLE
    ui.key(pygame.K_HOME)
    assert (screen.selected, screen.first) == (0, 0)


def test_no_folder_yet_and_no_samples_give_an_empty_list(tmp_path: Path) -> None:
    assert scan([(tmp_path / "missing", False), (tmp_path / "also-missing", True)]) == []


def test_the_samples_are_found_through_the_asset_paths() -> None:
    # the checkout's replays/ (an editable install) or their installed copy (golf_samples)
    for sample in SAMPLES:
        assert (replays_root() / sample.name).read_bytes() == sample.read_bytes()
    assert {e.path.name for e in scan([(replays_root(), True)])} == {p.name for p in SAMPLES}


def test_a_hostile_file_never_takes_the_list_down(tmp_path: Path) -> None:
    (tmp_path / "laughs.yaml").write_text("a: &a [1]\nb: *a\n", encoding="utf-8")
    (tmp_path / "binary.yaml").write_bytes(b"\xff\xfe\x00garbage")
    (tmp_path / "huge.yml").write_bytes(b"#" * 1_000_001)
    (tmp_path / "folder.yaml").mkdir()
    entries = scan([(tmp_path, False)])
    assert sorted(e.path.name for e in entries) == ["binary.yaml", "huge.yml", "laughs.yaml"]
    assert all(e.replay is None and e.error for e in entries)


def test_a_game_saved_on_its_own_is_named_so(tmp_path: Path) -> None:
    replay = load(ROOT / "replays" / "easy-win.yaml")
    save(replace(replay, title=None), tmp_path / "2026-11-30T10-15-00_GO1-E-BRBOULL.yaml")
    save(replace(replay, title=None), tmp_path / "named by hand.yaml")
    entries = {e.path.stem: e for e in scan([(tmp_path, False)])}
    assert entries["2026-11-30T10-15-00_GO1-E-BRBOULL"].autosaved
    assert not entries["named by hand"].autosaved
    assert entries["named by hand"].name == "named by hand"
