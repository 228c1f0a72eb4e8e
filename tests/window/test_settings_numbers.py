"""Numbers in ``settings.yaml`` are read strictly: YAML 1.1 reads ``1_0`` as 10, ``0x46`` as 70,
``010`` as 8 and ``1:10`` as 70, which the game never writes. Such a value is refused like any
other it cannot use: its default is used, the player is told, the file is kept aside byte for
byte and the options in use are written in its place (``docs/robustness.md``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from scenes.core.settings import SETTINGS_FILE, Settings, SettingsStore
from tests.window.test_hostile_files import driver_for, toast_texts

ROOT = Path(__file__).resolve().parents[2]
STRANGE = ("1_0", "0x46", "010", "1:10", "0o70", "7_0", "1.5", "+0x10")


@pytest.mark.parametrize("number", STRANGE)
def test_a_number_not_written_plainly_is_refused(tmp_path: Path, number: str) -> None:
    original = f"format: 1\nlanguage: fr\nvolume: {number}\nfour_colour: true\n".encode()
    (tmp_path / SETTINGS_FILE).write_bytes(original)
    settings, notice = SettingsStore(tmp_path).load()
    assert settings.volume == Settings().volume
    assert settings.language == "fr" and settings.four_colour
    assert notice is not None and notice.key == "settings.value"
    assert notice.fields == {"name": f"{SETTINGS_FILE}.corrupt-1", "values": f"volume: {number}"}
    assert (tmp_path / f"{SETTINGS_FILE}.corrupt-1").read_bytes() == original
    rewritten = yaml.safe_load((tmp_path / SETTINGS_FILE).read_text(encoding="utf-8"))
    assert rewritten["volume"] == Settings().volume and rewritten["language"] == "fr"
    assert SettingsStore(tmp_path).load() == (settings, None)  # told once


@pytest.mark.parametrize("number", ["0", "70", "100", "+50"])
def test_a_number_written_plainly_is_read(tmp_path: Path, number: str) -> None:
    (tmp_path / SETTINGS_FILE).write_text(f"format: 1\nvolume: {number}\n", encoding="utf-8")
    settings, notice = SettingsStore(tmp_path).load()
    assert notice is None
    assert settings.volume == int(number)


def test_a_format_not_written_plainly_is_not_the_format(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text("format: 0x1\nvolume: 30\n", encoding="utf-8")
    settings, notice = SettingsStore(tmp_path).load()
    assert notice is not None and notice.key == "settings.corrupt"
    assert settings.volume == Settings().volume


def test_the_window_tells_the_refused_number(tmp_path: Path) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / SETTINGS_FILE).write_text("format: 1\nvolume: 1_0\n", encoding="utf-8")
    assert toast_texts(driver_for(tmp_path)) == [
        "Your options file had a value the game cannot use (volume: 1_0); its default is used, "
        f"your other options are kept. The old file was kept as {SETTINGS_FILE}.corrupt-1."
    ]


def test_a_real_start_with_an_underscore_number(tmp_path: Path) -> None:
    config = tmp_path / "config"
    config.mkdir()
    original = b"format: 1\nlanguage: fr\nvolume: 1_0\nsound: false\n"
    (config / SETTINGS_FILE).write_bytes(original)
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "GOLF_DATA_DIR": str(tmp_path / "data"),
        "GOLF_LOG_DIR": str(tmp_path / "logs"),
        "XDG_DATA_HOME": str(tmp_path / "share"),
    }
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "play",
            "--config-dir",
            str(config),
            "--frames",
            "20",
        ],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "ignoring option volume='1_0'" in done.stderr
    assert "ignoring option volume='1_0'" in (tmp_path / "logs" / "golf.log").read_text("utf-8")
    assert (config / f"{SETTINGS_FILE}.corrupt-1").read_bytes() == original
    kept = yaml.safe_load((config / SETTINGS_FILE).read_text(encoding="utf-8"))
    assert kept["volume"] == Settings().volume
    assert kept["language"] == "fr" and kept["sound"] is False
