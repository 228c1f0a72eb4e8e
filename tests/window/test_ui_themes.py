"""Card backs and table themes (issue 36, item 3): four backs and three tables, chosen in
Options, kept in ``settings.yaml``, shown in the Options screen's preview."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pygame
import pytest

from scenes.core import look as look_module
from scenes.core.input import Intent, Kind
from scenes.core.look import BACK, CARD_BACKS, TABLES, CardArt, Look, Type
from scenes.core.settings import CARD_BACKS as SETTING_BACKS
from scenes.core.settings import SETTINGS_FILE, TABLE_THEMES, Settings, SettingsStore
from scenes.core.widgets import Choice
from scenes.options import OptionsScene

BENCH = Path(__file__).resolve().parents[2] / "bench" / "contrast.py"
spec = importlib.util.spec_from_file_location("contrast_bench_themes", BENCH)
assert spec is not None and spec.loader is not None
contrast = importlib.util.module_from_spec(spec)
sys.modules["contrast_bench_themes"] = contrast
spec.loader.exec_module(contrast)


def test_the_settings_words_are_the_looks() -> None:
    assert SETTING_BACKS == CARD_BACKS and len(CARD_BACKS) >= 4
    assert tuple(TABLES) == TABLE_THEMES and len(TABLE_THEMES) >= 3


def test_every_back_is_its_own_picture() -> None:
    pygame.init()
    pictures = set()
    for back in CARD_BACKS:
        art = CardArt(Type(), back=back).plain(BACK)
        pictures.add(pygame.image.tobytes(art, "RGBA"))
    assert len(pictures) == len(CARD_BACKS)


def test_every_table_is_its_own_felt() -> None:
    pygame.init()
    centres = {tuple(Look(table=table).felt().get_at((640, 360)))[:3] for table in TABLES}
    assert len(centres) == len(TABLES)
    assert look_module._felt.cache_info().maxsize >= len(TABLES)


@pytest.mark.parametrize("name,value", [("card_back", "star"), ("table", "contrast")])
def test_a_choice_is_kept_and_a_bad_one_resets_that_option_alone(
    tmp_path: Path, name: str, value: str
) -> None:
    store = SettingsStore(tmp_path)
    store.save(Settings(volume=30).with_(**{name: value}))
    settings, notice = store.load()
    assert notice is None and getattr(settings, name) == value
    text = (tmp_path / SETTINGS_FILE).read_text(encoding="utf-8")
    (tmp_path / SETTINGS_FILE).write_text(text.replace(f"{name}: {value}", f"{name}: plaid"))
    settings, notice = store.load()
    assert notice is not None and name in str(notice.fields)
    assert getattr(settings, name) == getattr(Settings(), name) and settings.volume == 30


def test_options_change_the_back_and_the_table_and_show_them(tmp_path: Path) -> None:
    app = contrast.make_app(tmp_path, "en")
    scene = OptionsScene(app)
    rows = {item.key: item for item in scene.form.items if isinstance(item, Choice)}
    before_felt = app.look.felt().get_at((640, 360))
    before_back = pygame.image.tobytes(app.look.cards.plain(BACK), "RGBA")
    rows["options.card_back"].step(1)
    rows["options.table"].step(1)
    assert (app.settings.card_back, app.settings.table) == ("tartan", "blue")
    assert SettingsStore(tmp_path / "config").load()[0].table == "blue"
    assert app.look.felt().get_at((640, 360)) != before_felt
    assert pygame.image.tobytes(app.look.cards.plain(BACK), "RGBA") != before_back
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    preview = scene.preview
    assert not scene.panel.colliderect(preview) and surface.get_rect().contains(preview)
    felt = TABLES["blue"].felt
    seen = {
        surface.get_at((x, preview.bottom - 30))[:3] for x in range(preview.left, preview.right)
    }
    assert felt in seen  # the patch of felt, as the table now is
    scene.handle(Intent(Kind.CANCEL))
