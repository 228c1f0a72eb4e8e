"""Each option of ``settings.yaml`` is read on its own, as its type says (issue 33).

YAML 1.1 reads the plain words ``yes``, ``no``, ``on``, ``off``, ``true`` and ``false`` as
bools: ``animation: off``, the player's spelling of the speed "off", came out as false, was
refused, animated at the normal speed and moved the file aside. A value the game cannot use
falls back to its default alone, the others are kept, the player is told which; the file is
copied aside and rewritten in one rename, or left as it was when that cannot be done (a full
disk): never removed before its replacement is whole.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
import yaml

from scenes.core.i18n import Notice, Texts
from scenes.core.settings import SETTINGS_FILE, Settings, SettingsStore

OTHERS = "format: 1\nlanguage: fr\nvolume: 30\nfour_colour: true\nsound: false\n"


def _kept_others(settings: Settings) -> None:
    assert settings.language == "fr" and settings.volume == 30
    assert settings.four_colour is True and settings.sound is False


@pytest.mark.parametrize("word", ["off", "Off", "OFF", "no", "false", "'off'"])
def test_animation_off_is_the_speed_off_and_the_file_is_left_alone(
    tmp_path: Path, word: str
) -> None:
    original = f"{OTHERS}animation: {word}\n".encode()
    (tmp_path / SETTINGS_FILE).write_bytes(original)
    settings, notice = SettingsStore(tmp_path).load()
    assert notice is None
    assert settings.animation == "off"
    _kept_others(settings)
    assert [p.name for p in tmp_path.iterdir()] == [SETTINGS_FILE]
    assert (tmp_path / SETTINGS_FILE).read_bytes() == original


def test_animation_off_saved_by_the_game_reads_back(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    store.save(Settings(animation="off", sound=False))
    assert store.load() == (Settings(animation="off", sound=False), None)


def test_animation_on_names_no_speed_and_is_told_as_written(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text(f"{OTHERS}animation: on\n", encoding="utf-8")
    settings, notice = SettingsStore(tmp_path).load()
    assert settings.animation == Settings().animation
    _kept_others(settings)
    assert notice == Notice(
        "settings.value", {"name": f"{SETTINGS_FILE}.corrupt-1", "values": "animation: on"}
    )


@pytest.mark.parametrize(
    ("word", "truth"), [("yes", True), ("No", False), ("on", True), ("OFF", False)]
)
def test_a_yes_no_option_takes_yamls_words(tmp_path: Path, word: str, truth: bool) -> None:
    (tmp_path / SETTINGS_FILE).write_text(f"format: 1\nspeak: {word}\n", encoding="utf-8")
    settings, notice = SettingsStore(tmp_path).load()
    assert notice is None and settings.speak is truth
    assert isinstance(settings.speak, bool)


def test_a_name_that_yaml_reads_as_a_bool_is_refused_as_written(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text(f"{OTHERS}net_name: No\n", encoding="utf-8")
    settings, notice = SettingsStore(tmp_path).load()
    assert settings.net_name == ""
    _kept_others(settings)
    assert notice is not None and notice.fields["values"] == "net_name: No"


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("volume: loud", "volume: loud"),
        ("volume: true", "volume: true"),
        ("speak: 3", "speak: 3"),
        ("language: [en]", "language: [en]"),
        ("winnable_deals: [E, 'yes']", "winnable_deals: [E, 'yes']"),
        ("winnable_deals: [on]", "winnable_deals: [on]"),
    ],
)
def test_one_wrong_typed_value_resets_that_option_alone(
    tmp_path: Path, line: str, shown: str
) -> None:
    option = line.split(":")[0]
    text = OTHERS.replace("volume: 30\n", "") if option == "volume" else OTHERS
    original = f"{text}{line}\n".encode()
    (tmp_path / SETTINGS_FILE).write_bytes(original)
    store = SettingsStore(tmp_path)
    settings, notice = store.load()
    assert getattr(settings, option) == getattr(store.defaults(), option)
    assert settings.four_colour is True and settings.sound is False
    assert option == "language" or settings.language == "fr"
    assert notice == Notice(
        "settings.value", {"name": f"{SETTINGS_FILE}.corrupt-1", "values": shown}
    )
    # nothing the player wrote is lost: the copy is byte for byte, the file has every other
    assert (tmp_path / f"{SETTINGS_FILE}.corrupt-1").read_bytes() == original
    rewritten = yaml.safe_load((tmp_path / SETTINGS_FILE).read_text(encoding="utf-8"))
    assert rewritten["four_colour"] is True and rewritten["sound"] is False
    assert SettingsStore(tmp_path).load() == (settings, None)  # told once


def test_a_link_to_the_options_stays_a_link_when_a_value_is_reset(tmp_path: Path) -> None:
    real = tmp_path / "elsewhere.yaml"
    real.write_text(f"{OTHERS}volume: loud\n", encoding="utf-8")
    (tmp_path / SETTINGS_FILE).symlink_to(real)
    settings, notice = SettingsStore(tmp_path).load()
    assert notice is not None and notice.key == "settings.value"
    assert (tmp_path / SETTINGS_FILE).is_symlink()
    assert yaml.safe_load(real.read_text(encoding="utf-8"))["language"] == "fr"
    assert settings.volume == Settings().volume


def test_a_full_disk_leaves_the_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Today's code moved the file aside, then could not write the new one: at the next start
    every option was back to its default."""
    original = f"{OTHERS}animation: fast\nvolume: loud\n".encode()
    (tmp_path / SETTINGS_FILE).write_bytes(original)

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    settings, notice = SettingsStore(tmp_path).load()
    assert notice == Notice("settings.value_left", {"values": "volume: loud"})
    assert settings.animation == "fast" and settings.language == "fr"
    assert [p.name for p in tmp_path.iterdir()] == [SETTINGS_FILE]  # no copy, no temporary
    assert (tmp_path / SETTINGS_FILE).read_bytes() == original
    monkeypatch.undo()
    again, notice = SettingsStore(tmp_path).load()  # room again: told, copied, rewritten
    assert again == settings
    assert notice is not None and notice.key == "settings.value"
    assert (tmp_path / f"{SETTINGS_FILE}.corrupt-1").read_bytes() == original


@pytest.mark.parametrize(
    ("key", "fields"),
    [
        ("settings.value", {"name": "settings.yaml.corrupt-1", "values": "volume: loud"}),
        ("settings.values", {"name": "settings.yaml.corrupt-1", "values": "a: 1, b: 2"}),
        ("settings.value_left", {"values": "volume: loud"}),
    ],
)
def test_each_notice_names_the_values_in_both_languages(key: str, fields: dict[str, str]) -> None:
    english = Texts("en").notice(Notice(key, fields))
    french = Texts("fr").notice(Notice(key, fields))
    assert english != french and english != key
    for text in (english, french):
        assert fields["values"] in text and "{" not in text
