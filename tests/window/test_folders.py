"""The player's folders come from one module (golf.core.folders) for the window and the
command line alike, with the same overrides as before."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from golf.core import folders
from scenes.core.settings import SettingsStore, default_config_dir
from scenes.solitaire.recorder import default_replays_dir

linux_only = pytest.mark.skipif(sys.platform != "linux", reason="XDG folders are the Linux way")


@linux_only
def test_the_settings_live_in_the_config_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    assert folders.config_dir() == tmp_path / "cfg" / "golf-solitaire"
    assert default_config_dir() == folders.config_dir()
    assert SettingsStore().folder == tmp_path / "cfg" / "golf-solitaire"


@linux_only
def test_the_replays_stay_in_the_user_data_folder_whatever_golf_data_dir_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv(folders.DATA_DIR_ENV, str(tmp_path / "records"))
    assert folders.replays_dir() == tmp_path / "data" / "golf-solitaire" / "replays"
    assert default_replays_dir() == folders.replays_dir()
    assert folders.data_dir() == tmp_path / "records"


def test_the_game_folder_name_is_spelled_in_one_module() -> None:
    root = Path(__file__).resolve().parents[2]
    spelled = [
        str(path.relative_to(root))
        for package in ("golf", "golfcli", "scenes")
        for path in sorted((root / package).rglob("*.py"))
        if f'"{folders.APP_NAME}"' in path.read_text(encoding="utf-8")
    ]
    assert spelled == ["golf/core/folders.py"]
