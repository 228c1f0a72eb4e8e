"""Versioned document storage: atomic writes, upgrades, bad files kept aside with a message."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from golf.core.store import (
    MAX_BYTES,
    Data,
    Document,
    FormatError,
    Store,
    expect_int,
    expect_mapping,
)
from golf.core.version import stamp
from golf.solitaire.stats import STATS_DOCUMENT, GameResult, Stats, record_game

ROOT = Path(__file__).resolve().parents[2]


def _read_counter(body: Data) -> int:
    d = expect_mapping(body, "", ("count",))
    return expect_int(d["count"], "count", 0, 1000)


COUNTER: Document[int] = Document(
    name="counter.json",
    version=1,
    label="store.label.statistics",
    default=lambda: 0,
    read=_read_counter,
    write=lambda n: {"count": n},
)


def _v1_to_v2(body: Data) -> Data:
    return {"total": body["n"]}


def _v2_to_v3(body: Data) -> Data:
    return {"count": body["total"] * 10}


COUNTER_V3: Document[int] = Document(
    name="counter.json",
    version=3,
    label="store.label.statistics",
    default=lambda: 0,
    read=_read_counter,
    write=lambda n: {"count": n},
    upgrades={1: _v1_to_v2, 2: _v2_to_v3},
)


def _some_stats() -> Stats:
    stats = record_game(Stats(), "classic", GameResult("won", 350, 0, stock_left=4))
    stats = record_game(stats, "classic", GameResult("blocked", 120, 11, undos=2))
    return record_game(stats, "strict", GameResult("won", -3, 0, stock_left=3, date="2026-12-01"))


def test_save_then_load_gives_the_same_value(tmp_path: Path) -> None:
    store = Store(tmp_path / "data")
    store.save(COUNTER, 42)
    loaded = Store(tmp_path / "data").load(COUNTER)
    assert loaded.value == 42
    assert loaded.notice is None
    assert loaded.upgraded_from is None


def test_a_saved_file_starts_with_its_version_and_leaves_no_temporary_file(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path)
    store.save(COUNTER, 7)
    store.save(COUNTER, 8)
    text = (tmp_path / "counter.json").read_text(encoding="utf-8")
    assert text.startswith('{"version":1,')
    # and says which program wrote it (issue 16: every file the game writes)
    assert json.loads(text) == {"version": 1, "program": stamp(), "count": 8}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["counter.json"]


def test_a_missing_file_gives_the_default_without_a_notice(tmp_path: Path) -> None:
    loaded = Store(tmp_path / "nowhere").load(COUNTER)
    assert loaded.value == 0
    assert loaded.notice is None
    assert not (tmp_path / "nowhere").exists()


_ALIAS_BOMB = (
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
    "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
    "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
)

BAD_FILES: dict[str, bytes] = {
    "truncated": b'{"version": 1, "cou',
    "empty": b"",
    "not json": b"version: 1\ncount: 3\n",
    "alias bomb": _ALIAS_BOMB.encode(),
    "a list": b"[1, 2, 3]",
    "no version": b'{"count": 3}',
    "version zero": b'{"version": 0, "count": 3}',
    "version as text": b'{"version": "1", "count": 3}',
    "version true": b'{"version": true, "count": 3}',
    "count as text": b'{"version": 1, "count": "3"}',
    "count as float": b'{"version": 1, "count": 3.0}',
    "count as bool": b'{"version": 1, "count": true}',
    "count out of range": b'{"version": 1, "count": -1}',
    "unknown key": b'{"version": 1, "count": 3, "extra": 1}',
    "duplicate key": b'{"version": 1, "count": 3, "count": 4}',
    "NaN": b'{"version": 1, "count": NaN}',
    "huge number": b'{"version": 1, "count": ' + b"9" * 5000 + b"}",
    "deep nesting": b'{"version": 1, "count": ' + b"[" * 200_000 + b"]" * 200_000 + b"}",
    "bad utf-8": b'{"version": 1, "count": 3, "\xff": 1}',
    "too large": b'{"version": 1, "count": 3, "pad": "' + b"x" * MAX_BYTES + b'"}',
}


@pytest.mark.parametrize("content", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_bad_file_is_kept_aside_and_the_defaults_are_used(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "counter.json"
    path.write_bytes(content)
    loaded = Store(tmp_path).load(COUNTER)
    assert loaded.value == 0
    notice = loaded.notice
    assert notice is not None
    assert notice.kind == "corrupt"
    assert notice.kept_as == "counter.json.corrupt-1"
    assert not path.exists()
    assert (tmp_path / "counter.json.corrupt-1").read_bytes() == content
    assert "counter.json.corrupt-1" in notice.text("en")
    assert "could not be read" in notice.text("en")
    assert "counter.json.corrupt-1" in notice.text("fr")
    assert "illisible" in notice.text("fr")


def test_each_bad_file_gets_its_own_number(tmp_path: Path) -> None:
    store = Store(tmp_path)
    for n in (1, 2, 3):
        (tmp_path / "counter.json").write_text(f"broken {n}", encoding="utf-8")
        loaded = store.load(COUNTER)
        assert loaded.notice is not None
        assert loaded.notice.kept_as == f"counter.json.corrupt-{n}"
    assert (tmp_path / "counter.json.corrupt-2").read_text(encoding="utf-8") == "broken 2"


def test_after_a_bad_file_the_next_save_starts_afresh(tmp_path: Path) -> None:
    store = Store(tmp_path)
    (tmp_path / "counter.json").write_text("{", encoding="utf-8")
    loaded = store.load(COUNTER)
    store.save(COUNTER, loaded.value + 1)
    again = store.load(COUNTER)
    assert again.value == 1
    assert again.notice is None


def test_a_file_from_a_newer_version_is_kept_aside_with_its_own_message(
    tmp_path: Path,
) -> None:
    content = b'{"version": 2, "count": 3, "new": "field"}'
    (tmp_path / "counter.json").write_bytes(content)
    loaded = Store(tmp_path).load(COUNTER)
    assert loaded.value == 0
    assert loaded.notice is not None
    assert loaded.notice.kind == "future"
    assert (tmp_path / "counter.json.corrupt-1").read_bytes() == content
    assert "newer version" in loaded.notice.text("en")
    assert "version plus récente" in loaded.notice.text("fr")
    assert "counter.json.corrupt-1" in loaded.notice.text("fr")


def test_an_older_file_is_upgraded_step_by_step(tmp_path: Path) -> None:
    (tmp_path / "counter.json").write_text('{"version": 1, "n": 4}', encoding="utf-8")
    loaded = Store(tmp_path).load(COUNTER_V3)
    assert loaded.value == 40
    assert loaded.upgraded_from == 1
    assert loaded.notice is None
    (tmp_path / "counter.json").write_text('{"version": 2, "total": 5}', encoding="utf-8")
    assert Store(tmp_path).load(COUNTER_V3).value == 50


def test_an_upgraded_file_is_saved_in_the_new_version(tmp_path: Path) -> None:
    store = Store(tmp_path)
    (tmp_path / "counter.json").write_text('{"version": 1, "n": 4}', encoding="utf-8")
    store.save(COUNTER_V3, store.load(COUNTER_V3).value)
    assert json.loads((tmp_path / "counter.json").read_text(encoding="utf-8")) == {
        "version": 3,
        "program": stamp(),
        "count": 40,
    }


def test_an_upgrade_that_fails_keeps_the_file_aside(tmp_path: Path) -> None:
    (tmp_path / "counter.json").write_text('{"version": 1, "m": 4}', encoding="utf-8")
    loaded = Store(tmp_path).load(COUNTER_V3)
    assert loaded.value == 0
    assert loaded.notice is not None
    assert loaded.notice.kind == "corrupt"
    assert (tmp_path / "counter.json.corrupt-1").exists()


def test_a_document_must_upgrade_from_every_older_version() -> None:
    with pytest.raises(ValueError, match="no upgrade from version 2"):
        Document(
            name="x.json",
            version=3,
            label="store.label.statistics",
            default=lambda: 0,
            read=_read_counter,
            write=lambda n: {"count": n},
            upgrades={1: _v1_to_v2},
        )


def test_a_read_only_load_reports_a_bad_file_and_leaves_it_in_place(tmp_path: Path) -> None:
    (tmp_path / "counter.json").write_text("{", encoding="utf-8")
    loaded = Store(tmp_path).load(COUNTER, keep_aside=False)
    assert loaded.value == 0
    assert loaded.notice is not None
    assert loaded.notice.kept_as is None
    assert (tmp_path / "counter.json").read_text(encoding="utf-8") == "{"
    assert not (tmp_path / "counter.json.corrupt-1").exists()
    assert "left as it is" in loaded.notice.text("en")
    assert "laissé tel quel" in loaded.notice.text("fr")


def test_a_file_that_cannot_be_opened_gives_the_defaults_and_a_notice(tmp_path: Path) -> None:
    (tmp_path / "counter.json").mkdir()
    loaded = Store(tmp_path).load(COUNTER)
    assert loaded.value == 0
    assert loaded.notice is not None
    assert loaded.notice.kind == "unreadable"
    assert "could not be opened" in loaded.notice.text("en")
    assert (tmp_path / "counter.json").is_dir()


def test_a_failed_save_keeps_the_previous_file_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path)
    store.save(COUNTER, 5)

    def broken_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    notice = store.try_save(COUNTER, 6)
    assert notice is not None
    assert notice.kind == "unwritable"
    assert "no space left on the disk" in notice.text("en")  # the system's reason, as ours
    assert "n'a pas pu être enregistré" in notice.text("fr")
    assert "plus de place sur le disque" in notice.text("fr")  # not the English of the system
    monkeypatch.undo()
    assert store.load(COUNTER).value == 5
    assert sorted(p.name for p in tmp_path.iterdir()) == ["counter.json"]


def test_saving_into_a_folder_that_is_a_file_is_reported(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("not a folder", encoding="utf-8")
    notice = Store(tmp_path / "data").try_save(COUNTER, 1)
    assert notice is not None
    assert notice.kind == "unwritable"


def test_statistics_survive_a_save_and_a_restart(tmp_path: Path) -> None:
    stats = _some_stats()
    Store(tmp_path).save(STATS_DOCUMENT, stats)
    loaded = Store(tmp_path).load(STATS_DOCUMENT)
    assert loaded.notice is None
    assert loaded.value == stats


def _v1_rule_set(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "played": 3,
        "won": 2,
        "score_total": 820,
        "best_score": 350,
        "left_total": 6,
        "current_streak": 1,
        "longest_streak": 1,
        "perfect": 1,
        "recent": [[350, "won", 0], [120, "blocked", 6], [350, "won", 0]],
    }
    base.update(changes)
    return base


def test_statistics_of_version_1_are_upgraded_to_version_2(tmp_path: Path) -> None:
    v1 = {"version": 1, "rule_sets": {"classic": _v1_rule_set()}}
    (tmp_path / "stats.json").write_text(json.dumps(v1), encoding="utf-8")
    store = Store(tmp_path)
    loaded = store.load(STATS_DOCUMENT)
    assert loaded.notice is None
    assert loaded.upgraded_from == 1
    classic = loaded.value.get("classic")
    assert (classic.played, classic.won, classic.best_score, classic.perfect) == (3, 2, 350, 1)
    assert [g.outcome for g in classic.recent] == ["won", "blocked", "won"]
    assert classic.rounds_played == 0
    assert classic.best_round() is None
    assert classic.daily_done == ()
    store.save(STATS_DOCUMENT, loaded.value)
    saved = json.loads((tmp_path / "stats.json").read_text(encoding="utf-8"))
    assert saved["version"] == 2
    assert saved["rule_sets"]["classic"]["daily_done"] == []


def test_statistics_of_version_1_with_a_version_2_field_are_corrupt(tmp_path: Path) -> None:
    v1 = {"version": 1, "rule_sets": {"classic": _v1_rule_set(daily_done=[])}}
    (tmp_path / "stats.json").write_text(json.dumps(v1), encoding="utf-8")
    loaded = Store(tmp_path).load(STATS_DOCUMENT)
    assert loaded.notice is not None
    assert loaded.notice.kind == "corrupt"
    assert loaded.value == Stats()


def test_a_format_error_names_the_place_in_the_file() -> None:
    with pytest.raises(FormatError, match=r"rule_sets\.classic\.won: expected a whole number"):
        STATS_DOCUMENT.from_data({"version": 1, "rule_sets": {"classic": _v1_rule_set(won="2")}})


@pytest.mark.processes
def test_the_storage_modules_do_not_import_pygame() -> None:
    code = (
        "import sys\n"
        "import golf.core.store, golf.solitaire.stats, golf.solitaire.round, golf.solitaire.daily, golf.solitaire.highscores, golfcli.stats\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, env=env)


def test_the_message_for_a_corrupt_statistics_file_reads_as_documented(tmp_path: Path) -> None:
    (tmp_path / "stats.json").write_text("{", encoding="utf-8")
    notice = Store(tmp_path).load(STATS_DOCUMENT).notice
    assert notice is not None
    assert notice.text("en") == (
        "The statistics file (stats.json) could not be read. "
        "It was kept aside as stats.json.corrupt-1 and a new one was started."
    )
    assert notice.text("fr") == (
        "Le fichier des statistiques (stats.json) est illisible. "
        "Il a été mis de côté sous le nom stats.json.corrupt-1 et un nouveau a été commencé."
    )
    docs = (ROOT / "docs" / "rounds-and-stats.md").read_text(encoding="utf-8")
    assert notice.text("en") in docs
    assert notice.text("fr") in docs


def test_remove_takes_the_file_away_and_minds_nothing_missing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = Store(tmp_path)
    store.remove(COUNTER)  # nothing saved yet: nothing to do, nothing to tell
    store.save(COUNTER, 3)
    store.remove(COUNTER)
    assert not store.path(COUNTER).exists()
    store.path(COUNTER).mkdir()  # not a file of ours: left where it is
    store.remove(COUNTER)
    assert store.path(COUNTER).is_dir()
    assert not [r for r in caplog.records if r.levelno >= 30]


def test_stale_temporaries_of_a_document_go_and_nothing_else(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save(COUNTER, 5)
    stale = tmp_path / f".{COUNTER.name}.abc123.tmp"
    stale.write_text("{half a fi")
    other = tmp_path / ".other.json.abc123.tmp"
    other.write_text("{}")
    store.remove_stale_temporaries(COUNTER)
    assert not stale.exists() and other.exists()
    assert store.load(COUNTER).value == 5
