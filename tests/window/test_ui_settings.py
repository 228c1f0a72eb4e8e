"""Options are saved atomically as YAML; a corrupt file falls back to defaults and is kept aside."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from golf.solitaire.rules import CLASSIC, EASY, STRICT
from scenes.core.settings import SETTINGS_FILE, Settings, SettingsStore, rules_key


def test_saved_options_load_back(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    chosen = Settings(
        language="fr",
        interactive_rules=False,
        sound=False,
        volume=30,
        animation="fast",
        default_rules="strict",
        four_colour=True,
        fullscreen=True,
    )
    store.save(chosen)
    assert store.load() == (chosen, None)


def test_the_file_is_yaml_with_a_format_version(tmp_path: Path) -> None:
    SettingsStore(tmp_path).save(Settings(language="fr"))
    data = yaml.safe_load((tmp_path / SETTINGS_FILE).read_text(encoding="utf-8"))
    assert data["format"] == 1
    assert data["language"] == "fr"


def test_no_file_gives_the_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    settings, notice = SettingsStore(tmp_path / "new").load()
    assert notice is None
    assert settings == Settings(language="fr")
    assert settings.interactive_rules


def test_saving_leaves_no_temporary_file(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    store.save(Settings())
    store.save(Settings(volume=10))
    assert sorted(p.name for p in tmp_path.iterdir()) == [SETTINGS_FILE]


def test_a_failed_write_keeps_the_previous_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SettingsStore(tmp_path)
    store.save(Settings(volume=40))

    def broken_fsync(fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="disk full"):
        store.save(Settings(volume=90))
    monkeypatch.undo()
    assert store.load()[0].volume == 40
    assert sorted(p.name for p in tmp_path.iterdir()) == [SETTINGS_FILE]


@pytest.mark.parametrize(
    "content",
    [
        "language: [unclosed\n",
        "- just\n- a list\n",
        "a: &x [1]\nb: *x\n",
        "format: 99\nlanguage: fr\n",
    ],
)
def test_a_corrupt_file_falls_back_and_is_kept_aside(tmp_path: Path, content: str) -> None:
    (tmp_path / SETTINGS_FILE).write_text(content, encoding="utf-8")
    store = SettingsStore(tmp_path)
    settings, notice = store.load()
    assert settings == store.defaults()
    assert notice is not None
    assert notice.key == "settings.corrupt"
    assert notice.fields["name"] == f"{SETTINGS_FILE}.corrupt-1"
    assert (tmp_path / f"{SETTINGS_FILE}.corrupt-1").read_text(encoding="utf-8") == content
    assert not (tmp_path / SETTINGS_FILE).exists()


def test_undecodable_bytes_are_corrupt(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_bytes(b"\xff\xfe\x00garbage")
    _settings, notice = SettingsStore(tmp_path).load()
    assert notice is not None


def test_each_corrupt_file_gets_its_own_name(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    for _ in range(2):
        (tmp_path / SETTINGS_FILE).write_text("{{{", encoding="utf-8")
        store.load()
    assert (tmp_path / f"{SETTINGS_FILE}.corrupt-1").exists()
    assert (tmp_path / f"{SETTINGS_FILE}.corrupt-2").exists()


def test_one_bad_value_falls_back_for_that_value_only(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text(
        "format: 1\nlanguage: fr\nvolume: loud\nsound: 'yes'\nfour_colour: true\nfuture: 3\n",
        encoding="utf-8",
    )
    settings, notice = SettingsStore(tmp_path).load()
    # the player is told which values were refused; the file is kept aside as it was
    assert notice is not None and notice.key == "settings.values"
    assert notice.fields["values"] == "sound: yes, volume: loud"
    assert (tmp_path / f"{SETTINGS_FILE}.corrupt-1").exists()
    assert settings.language == "fr"
    assert settings.four_colour
    assert settings.volume == Settings().volume
    assert settings.sound is True


def test_winnable_deals_only_is_kept_per_rule_set(tmp_path: Path) -> None:
    one_joker = CLASSIC.with_(jokers=1)
    settings = Settings().with_winnable(CLASSIC, True).with_winnable(one_joker, True)
    assert settings.winnable(CLASSIC) and settings.winnable(one_joker)
    assert not settings.winnable(EASY) and not settings.winnable(STRICT)
    assert not settings.with_winnable(CLASSIC, False).winnable(CLASSIC)
    assert settings.with_winnable(CLASSIC, False).winnable(one_joker)
    store = SettingsStore(tmp_path)
    store.save(settings)
    saved = yaml.safe_load((tmp_path / SETTINGS_FILE).read_text(encoding="utf-8"))
    assert saved["winnable_deals"] == ["C", rules_key(one_joker)]
    assert rules_key(STRICT) == "C-VS" and rules_key(EASY) == "E"
    assert store.load() == (settings, None)


@pytest.mark.parametrize(("old", "easy", "strict"), [("true", True, True), ("false", False, False)])
def test_an_older_single_winnable_switch_still_reads(
    tmp_path: Path, old: str, easy: bool, strict: bool
) -> None:
    (tmp_path / SETTINGS_FILE).write_text(f"format: 1\nwinnable_deals: {old}\n", encoding="utf-8")
    settings, notice = SettingsStore(tmp_path).load()
    assert notice is None
    assert (settings.winnable(EASY), settings.winnable(STRICT)) == (easy, strict)
    assert not settings.winnable(EASY.with_(jokers=2))


def test_a_bad_winnable_list_falls_back_to_none(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text(
        "format: 1\nwinnable_deals: [E, 'rm -rf']\nsound: false\n", encoding="utf-8"
    )
    settings, _ = SettingsStore(tmp_path).load()
    assert settings.winnable_deals == () and settings.sound is False
