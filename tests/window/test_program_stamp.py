"""Every text file the game writes says which program wrote it (``program: golf X.Y.Z``, the
version ``golf --version`` prints): both games' replay files and the settings file, as version
0.1.0's documents of the data folder did (they are read once now, when the journal of play
imports them). Readers accept the key and ignore it; files written before it existed still read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from golf.core.version import stamp, version
from golf.core.yamlfile import ReplayError
from golf.sixcard import replay as six_replay
from golf.solitaire import replay as solitaire_replay
from golf.solitaire.stats import STATS_DOCUMENT
from golfcli import commands
from scenes.core.records import Records
from scenes.core.settings import Settings, SettingsStore

ROOT = Path(__file__).resolve().parents[2]
SOLITAIRE_SAMPLE = ROOT / "replays" / "easy-win.yaml"
SIX_SAMPLE = ROOT / "replays" / "six-card-two-computers.yaml"
FIXTURE_0_1_0 = ROOT / "tests" / "fixtures" / "data-0.1.0"


def test_the_stamp_is_what_golf_version_prints() -> None:
    assert stamp() == f"golf {version()}" == f"golf {commands.version()}"
    assert version() != "unknown"


@pytest.mark.parametrize(
    ("module", "sample"), [(solitaire_replay, SOLITAIRE_SAMPLE), (six_replay, SIX_SAMPLE)]
)
def test_a_written_replay_says_which_program_wrote_it_and_reads_back_the_same(
    module: object, sample: Path, tmp_path: Path
) -> None:
    load, save, dump = module.load, module.save, module.dump  # type: ignore[attr-defined]
    text = sample.read_text(encoding="utf-8")
    assert "program:" not in text  # the samples were written before the key: they still read
    replay = load(sample)
    save(replay, tmp_path / "again.yaml")
    written = (tmp_path / "again.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(written)
    assert data["program"] == stamp()
    keys = list(data)
    assert keys[0] == "format" and keys.index("program") == keys.index("actions") - 1
    assert load(tmp_path / "again.yaml") == replay  # ignored for the result
    assert dump(load(tmp_path / "again.yaml")) == written


def test_a_replay_written_by_another_version_is_read_the_same() -> None:
    text = SOLITAIRE_SAMPLE.read_text(encoding="utf-8")
    other = text.replace("actions:", "program: golf 99.0.0-whatever\nactions:", 1)
    assert solitaire_replay.loads(other) == solitaire_replay.loads(text)
    assert solitaire_replay.verify(solitaire_replay.loads(other)) == []


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            "[1, 2]",
            r"bad.yaml: program \(line \d+\): expected the program that wrote it, got a list",
        ),
        ("'" + "x" * 101 + "'", "at most 100 characters"),
    ],
)
def test_a_program_that_is_not_a_short_text_is_refused(value: str, message: str) -> None:
    text = SIX_SAMPLE.read_text(encoding="utf-8")
    text = text.replace("actions:", f"program: {value}\nactions:", 1)
    with pytest.raises(ReplayError, match=message):
        six_replay.loads(text, "bad.yaml")


def test_a_data_document_is_imported_the_same_whichever_program_wrote_it(tmp_path: Path) -> None:
    body = json.loads((FIXTURE_0_1_0 / STATS_DOCUMENT.name).read_text(encoding="utf-8"))
    assert list(body)[:2] == ["version", "program"] and body["program"] == "golf 0.1.0"
    imported = []
    # written by 0.1.0, by another version, or before the key existed: imported the same
    for program in ("golf 0.1.0", "golf 99.1.0", None):
        folder = tmp_path / str(program)
        folder.mkdir()
        other = (
            dict(body, program=program)
            if program
            else {k: v for k, v in body.items() if k != "program"}
        )
        (folder / STATS_DOCUMENT.name).write_text(json.dumps(other), encoding="utf-8")
        records = Records(folder)
        records.load()
        assert records.take_notices() == []
        imported.append(records.stats)
        records.close()
    assert imported[0].rule_sets and imported[0] == imported[1] == imported[2]


def test_the_settings_file_says_which_program_wrote_it(tmp_path: Path) -> None:
    settings_store = SettingsStore(tmp_path)
    settings = Settings(language="fr")
    settings_store.save(settings)
    data = yaml.safe_load(settings_store.path.read_text(encoding="utf-8"))
    assert list(data)[:2] == ["format", "program"] and data["program"] == stamp()
    loaded, notice = settings_store.load()
    assert notice is None and loaded == settings


def test_the_title_screen_shows_the_version_in_its_corner(tmp_path: Path) -> None:
    """The version a player reads off the title is the one ``golf --version`` prints: the corner
    shows exactly its text (rendered apart and compared pixel for pixel)."""
    import pygame

    from scenes.core.look import PALETTE, SCREEN_SIZE
    from tests.ui_driver import make_driver

    driver = make_driver(tmp_path / "data", tmp_path / "config")
    app = driver.app
    title = app.scenes.top
    assert title is not None
    assert getattr(title, "program", None) == f"v{version()}"
    frame = pygame.Surface(SCREEN_SIZE)
    title.draw(frame)
    alone = pygame.Surface(SCREEN_SIZE)
    alone.fill((1, 2, 3))
    rect = app.look.type.blit(
        alone,
        f"v{version()}",
        8,
        PALETTE.label,
        (SCREEN_SIZE[0] - 8, SCREEN_SIZE[1] - 14),
        anchor="bottomright",
        shadow=PALETTE.ink,
    )
    assert rect.right <= SCREEN_SIZE[0] and rect.bottom <= SCREEN_SIZE[1]
    drawn = [
        (x, y)
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
        if alone.get_at((x, y))[:3] == PALETTE.label[:3]
    ]
    assert drawn, "the version text draws no pixel"
    assert all(frame.get_at(p)[:3] == PALETTE.label[:3] for p in drawn)
