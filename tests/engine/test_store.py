"""Version 0.1.0's JSON documents as the journal's import reads them (golf.core.store's
Document, parse_json and StoreNotice; golf.journal.legacy): strict JSON, older versions upgraded
step by step, bad or newer files refused with a message — and left as they are, never moved,
changed or removed — while the other files of the folder are imported."""

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
    FutureVersionError,
    StoreNotice,
    expect_int,
    expect_mapping,
    parse_json,
)
from golf.core.version import stamp
from golf.journal.figures import high_scores, statistics
from golf.journal.legacy import open_journal
from golf.solitaire.highscores import HIGHSCORES_DOCUMENT, Entry, HighScores
from golf.solitaire.stats import STATS_DOCUMENT, Stats

ROOT = Path(__file__).resolve().parents[2]
WHEN = "2026-12-06T10:00:00"


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


def _import(folder: Path) -> tuple[Stats, HighScores, list[StoreNotice]]:
    """What the journal holds once ``folder``'s 0.1.0 files are imported, and what it told."""
    journal = open_journal(folder, WHEN)
    try:
        return statistics(journal.db), high_scores(journal.db), journal.take_notices()
    finally:
        journal.close()


# --- the reader ----------------------------------------------------------------------------------


def test_a_file_of_version_0_1_0_reads_back_as_written() -> None:
    text = COUNTER.to_text(42)
    assert text.startswith('{"version":1,')
    assert json.loads(text) == {"version": 1, "program": stamp(), "count": 42}
    assert COUNTER.from_data(parse_json(text.encode("utf-8"))) == (42, 1)


def test_the_program_that_wrote_a_file_is_ignored_on_reading() -> None:
    body = {"version": 1, "program": "golf 0.0.9", "count": 3}
    assert COUNTER.from_data(body) == (3, 1)
    assert COUNTER.from_data({"version": 1, "count": 3}) == (3, 1)  # written before it existed


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
def test_a_bad_file_is_refused_by_the_reader(content: bytes) -> None:
    """Every bad file raises ``ValueError`` (what the import catches), nothing else."""
    with pytest.raises(ValueError):
        COUNTER.from_data(parse_json(content))


@pytest.mark.parametrize("content", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_bad_file_is_not_imported_told_and_left_as_it_is(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "stats.json").write_bytes(content)
    scores = HighScores({"classic": (Entry("ACE", 350, "2026-12-01", "GO1-C-AAAAAAB"),)})
    (tmp_path / "highscores.json").write_text(HIGHSCORES_DOCUMENT.to_text(scores))
    stats, imported, notices = _import(tmp_path)
    assert stats == Stats()  # nothing of it
    assert imported == scores  # the folder's other files are imported all the same
    (notice,) = notices
    assert notice.kind == "corrupt" and notice.file == "stats.json" and notice.kept_as is None
    assert not notice.moved
    assert (tmp_path / "stats.json").read_bytes() == content
    assert not (tmp_path / "stats.json.corrupt-1").exists()
    assert "could not be read" in notice.text("en") and "left as it is" in notice.text("en")
    assert "illisible" in notice.text("fr") and "laissé tel quel" in notice.text("fr")


def test_a_bad_file_is_told_once_not_at_every_start(tmp_path: Path) -> None:
    (tmp_path / "stats.json").write_text("{", encoding="utf-8")
    assert len(_import(tmp_path)[2]) == 1
    assert _import(tmp_path)[2] == []  # imported once: the folder's files are not read again
    assert (tmp_path / "stats.json").read_text(encoding="utf-8") == "{"


def test_a_folder_without_files_of_0_1_0_imports_nothing_and_tells_nothing(
    tmp_path: Path,
) -> None:
    stats, scores, notices = _import(tmp_path)
    assert (stats, scores, notices) == (Stats(), HighScores(), [])


def test_a_file_from_a_newer_version_is_refused_with_its_own_message(tmp_path: Path) -> None:
    content = b'{"version": 3, "rule_sets": {}, "new": "field"}'
    with pytest.raises(FutureVersionError):
        STATS_DOCUMENT.from_data(parse_json(content))
    (tmp_path / "stats.json").write_bytes(content)
    _, _, (notice,) = _import(tmp_path)
    assert notice.kind == "future"
    assert (tmp_path / "stats.json").read_bytes() == content
    assert "newer version" in notice.text("en") and "left as it is" in notice.text("en")
    assert "version plus récente" in notice.text("fr")


def test_an_older_file_is_upgraded_step_by_step() -> None:
    assert COUNTER_V3.from_data(parse_json(b'{"version": 1, "n": 4}')) == (40, 1)
    assert COUNTER_V3.from_data(parse_json(b'{"version": 2, "total": 5}')) == (50, 2)
    assert COUNTER_V3.from_data(parse_json(b'{"version": 3, "count": 6}')) == (6, 3)


def test_an_upgrade_that_fails_refuses_the_file() -> None:
    with pytest.raises(KeyError):  # the import catches it as it catches ValueError
        COUNTER_V3.from_data(parse_json(b'{"version": 1, "m": 4}'))


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


def test_a_file_that_cannot_be_opened_is_told_and_the_others_are_imported(
    tmp_path: Path,
) -> None:
    (tmp_path / "stats.json").mkdir()  # a folder in its place
    scores = HighScores({"classic": (Entry("ACE", 350, "2026-12-01", "GO1-C-AAAAAAB"),)})
    (tmp_path / "highscores.json").write_text(HIGHSCORES_DOCUMENT.to_text(scores))
    stats, imported, (notice,) = _import(tmp_path)
    assert notice.kind == "unreadable" and notice.file == "stats.json"
    assert "could not be opened" in notice.text("en")
    assert stats == Stats() and imported == scores
    assert (tmp_path / "stats.json").is_dir()


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


def test_statistics_of_version_1_are_upgraded_and_imported(tmp_path: Path) -> None:
    v1 = {"version": 1, "rule_sets": {"classic": _v1_rule_set()}}
    value, version = STATS_DOCUMENT.from_data(v1)
    assert version == 1
    (tmp_path / "stats.json").write_text(json.dumps(v1), encoding="utf-8")
    stats, _, notices = _import(tmp_path)
    assert notices == [] and stats == value
    classic = stats.get("classic")
    assert (classic.played, classic.won, classic.best_score, classic.perfect) == (3, 2, 350, 1)
    assert [g.outcome for g in classic.recent] == ["won", "blocked", "won"]
    assert classic.rounds_played == 0
    assert classic.best_round() is None
    assert classic.daily_done == ()
    assert json.loads((tmp_path / "stats.json").read_text(encoding="utf-8")) == v1  # untouched


def test_statistics_of_version_1_with_a_version_2_field_are_refused(tmp_path: Path) -> None:
    v1 = {"version": 1, "rule_sets": {"classic": _v1_rule_set(daily_done=[])}}
    with pytest.raises(FormatError):
        STATS_DOCUMENT.from_data(v1)
    (tmp_path / "stats.json").write_text(json.dumps(v1), encoding="utf-8")
    stats, _, (notice,) = _import(tmp_path)
    assert notice.kind == "corrupt" and stats == Stats()


def test_a_format_error_names_the_place_in_the_file() -> None:
    with pytest.raises(FormatError, match=r"rule_sets\.classic\.won: expected a whole number"):
        STATS_DOCUMENT.from_data({"version": 1, "rule_sets": {"classic": _v1_rule_set(won="2")}})


@pytest.mark.processes
def test_the_storage_modules_do_not_import_pygame() -> None:
    code = (
        "import sys\n"
        "import golf.core.store, golf.solitaire.stats, golf.solitaire.round, golf.solitaire.daily,"
        " golf.solitaire.highscores, golfcli.stats\n"
        "import golf.journal.journal, golf.journal.figures, golf.journal.legacy\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, env=env)


def test_the_message_for_a_corrupt_statistics_file_reads_as_documented(tmp_path: Path) -> None:
    (tmp_path / "stats.json").write_text("{", encoding="utf-8")
    _, _, (notice,) = _import(tmp_path)
    assert notice.text("en") == (
        "The statistics file (stats.json) could not be read. "
        "It was left as it is; the defaults are shown."
    )
    assert notice.text("fr") == (
        "Le fichier des statistiques (stats.json) est illisible. "
        "Il a été laissé tel quel ; les valeurs par défaut sont affichées."
    )
    docs = " ".join((ROOT / "docs" / "rounds-and-stats.md").read_text(encoding="utf-8").split())
    assert notice.text("en") in docs
    assert notice.text("fr") in docs
