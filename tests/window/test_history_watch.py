"""A finished game written again by ``golf history --replay N FILE`` plays in the watch: a
headless watch of the file passes for both games, as ``verify`` does."""

from __future__ import annotations

from pathlib import Path

import pytest

from golf.core import folders
from golf.journal.journal import Journal
from golfcli import commands as cli
from tests.cli.test_history_cli import BLOCKED, SOLITAIRE, finish_six_card, finish_solitaire


def test_the_written_replays_play_in_a_headless_watch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv(folders.DATA_DIR_ENV, str(data))
    journal = Journal(data)
    numbers = [
        finish_solitaire(journal, SOLITAIRE, "2026-12-01T11:00:00"),
        finish_solitaire(journal, BLOCKED, "2026-12-01T12:00:00", rules="classic"),
        finish_six_card(journal, "2026-12-02T10:00:00"),
    ]
    journal.close()
    out = tmp_path / "replays"
    out.mkdir()
    for n in numbers:
        assert cli.main(["history", "--replay", str(n), str(out / f"game-{n}.yaml")]) == 0
    capsys.readouterr()
    assert cli.main(["watch", "--headless", str(out)]) == 0
    watched = capsys.readouterr().out
    assert watched.count("ok   ") == 3 and "FAIL" not in watched
