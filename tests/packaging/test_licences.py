"""What ships with the built program and the Linux install, checked without building: the licence
texts (scripts/licences.py, packaging/licences/), the Windows version resource
(scripts/winversion.py) and the desktop entry (packaging/golf.desktop, scripts/install_desktop.sh).
`make dist-check` (scripts/exe_smoke.sh) checks the built program itself."""

from __future__ import annotations

import configparser
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
VERSION: str = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
    "version"
]


def script(name: str) -> ModuleType:
    """One of scripts/*.py, imported from its file."""
    spec = importlib.util.spec_from_file_location(
        f"golf_script_{name}", ROOT / "scripts" / f"{name}.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- licence texts ---------------------------------------------------------------------------------


def test_every_runtime_dependency_of_this_platform_has_its_licence_gathered() -> None:
    """The built program bundles every runtime dependency pyproject.toml names for the platform
    it is built on: each one's licence text is gathered (a new dependency must be listed)."""
    from packaging.markers import Marker
    from packaging.requirements import Requirement

    licences = script("licences")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    here = {
        Requirement(d).name.lower()
        for d in project["dependencies"]
        if Requirement(d).marker is None or Marker(str(Requirement(d).marker)).evaluate()
    }
    assert here <= {d.lower() for d in licences.DISTRIBUTIONS}
    assert "websockets" in here


def test_every_library_of_the_installed_pygame_wheel_has_a_licence_text() -> None:
    licences = script("licences")
    found = importlib.util.find_spec("pygame")
    assert found is not None and found.submodule_search_locations
    libs = Path(next(iter(found.submodule_search_locations))).parent / "pygame_ce.libs"
    if not libs.is_dir():
        pytest.skip("this pygame-ce wheel keeps its libraries elsewhere (not a manylinux wheel)")
    names = sorted(p.name for p in libs.iterdir())
    assert len(names) > 10
    unmatched = [n for n in names if licences.library_stem(n) not in licences.LIBRARIES]
    assert unmatched == []


def test_every_text_the_table_names_is_there_and_its_source_is_said() -> None:
    licences = script("licences")
    sources = (ROOT / "packaging" / "licences" / "SOURCES.md").read_text(encoding="utf-8")
    texts = {t for names in licences.LIBRARIES.values() for t in names} | {"libyaml.txt"}
    for text in sorted(texts):
        assert (ROOT / "packaging" / "licences" / text).stat().st_size > 100, text
        assert f"| `{text}` |" in sources, text
    shipped = {p.name for p in (ROOT / "packaging" / "licences").glob("*.txt")}
    assert shipped == texts  # no text lies there unused


@pytest.mark.parametrize(
    ("file_name", "stem"),
    [
        ("libSDL2_ttf-2-e69aa315.0.so.0.2400.0", "sdl2_ttf"),
        ("libSDL2-2-50d19f93.0.so.0.3200.10", "sdl2"),
        ("SDL2_image.dll", "sdl2_image"),
        ("libpng16-16.dll", "png16"),
        ("libz.so.1", "z"),
    ],
)
def test_a_library_is_known_by_its_file_name(file_name: str, stem: str) -> None:
    assert script("licences").library_stem(file_name) == stem


def test_gathering_covers_each_binary_and_reports_what_it_cannot(tmp_path: Path) -> None:
    licences = script("licences")
    lib = tmp_path / "libSDL2-2-abc.so.0"
    unknown = tmp_path / "libmystery-1.so"
    lib.write_bytes(b"\x7fELF")
    unknown.write_bytes(b"\x7fELF")
    problems = licences.gather(
        tmp_path / "licences", [(lib.name, str(lib)), (unknown.name, str(unknown))], VERSION
    )
    assert problems == [f"{unknown.name} ({unknown}): no licence text known"]
    index = (tmp_path / "licences" / "README.txt").read_text(encoding="utf-8")
    assert index.startswith(f"Golf {VERSION}: the licence texts")
    assert re.search(r"^libSDL2-2-abc\.so\.0 +libraries/sdl2\.txt$", index, re.M)
    for text in (
        "golf-solitaire/LICENSE",
        "golf-solitaire/LICENSE-DejaVu.txt",
        "Python/LICENSE.txt",
        "pygame-ce/LGPL.txt",
        "PyYAML/LICENSE",
        "platformdirs/LICENSE",
        "libraries/sdl2.txt",
        "libraries/libyaml.txt",
    ):
        assert (tmp_path / "licences" / text).stat().st_size > 100, text
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in (
        tmp_path / "licences" / "pygame-ce" / "LGPL.txt"
    ).read_text(encoding="utf-8")


# --- the Windows version resource ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("version", "numbers"),
    [
        ("0.1.0", (0, 1, 0, 0)),
        ("1.2.0rc1", (1, 2, 0, 0)),
        ("2.0", (2, 0, 0, 0)),
        ("1.2.3.4.5", (1, 2, 3, 4)),
    ],
)
def test_windows_keeps_four_numbers_of_the_version(version: str, numbers: tuple[int, ...]) -> None:
    assert script("winversion").numbers(version) == numbers


def test_the_version_resource_says_the_projects_version_and_names() -> None:
    winversion = script("winversion")
    assert winversion.project_version() == VERSION
    text = winversion.version_file(VERSION)
    # PyInstaller evaluates the file on Windows: here, the same call tree with stand-ins
    calls: dict[str, list[tuple[tuple[object, ...], dict[str, object]]]] = {}

    def recorder(name: str) -> object:
        def call(*args: object, **kwargs: object) -> str:
            calls.setdefault(name, []).append((args, kwargs))
            return name

        return call

    names = [
        "VSVersionInfo",
        "FixedFileInfo",
        "StringFileInfo",
        "StringTable",
        "StringStruct",
        "VarFileInfo",
        "VarStruct",
    ]
    eval(compile(text, "version_info.txt", "eval"), {n: recorder(n) for n in names})
    strings = dict(args for args, _ in calls["StringStruct"])  # type: ignore[arg-type]
    assert strings["FileVersion"] == strings["ProductVersion"] == VERSION
    assert strings["CompanyName"] == "The Golf authors" and strings["ProductName"] == "Golf"
    assert strings["OriginalFilename"] == "golf.exe" and "MIT" in strings["LegalCopyright"]
    fixed = calls["FixedFileInfo"][0][1]
    assert fixed["filevers"] == fixed["prodvers"] == winversion.numbers(VERSION)


def test_the_spec_gives_the_windows_program_its_icon_and_version() -> None:
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert 'common["icon"] = str(ROOT / "assets" / "icon" / "golf.ico")' in spec
    assert "winversion.version_file(VERSION" in spec and 'common["version"]' in spec
    assert "licences.gather(" in spec


# --- the Linux desktop entry ---------------------------------------------------------------------


def desktop_entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def test_the_desktop_entry_has_the_keys_a_menu_needs() -> None:
    entry = desktop_entry(ROOT / "packaging" / "golf.desktop")
    assert entry["Type"] == "Application" and entry["Name"] == "Golf"
    assert entry["Exec"] == "golf" and entry["Terminal"] == "false"
    assert entry["Icon"] == "golf-solitaire"  # the name scripts/install_desktop.sh installs
    assert "Game" in entry["Categories"].split(";") and "CardGame" in entry["Categories"].split(";")
    assert entry["Comment[fr]"] and entry["GenericName[fr]"]


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="no desktop-file-utils")
def test_the_desktop_entry_passes_freedesktops_validator() -> None:
    done = subprocess.run(
        ["desktop-file-validate", str(ROOT / "packaging" / "golf.desktop")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stdout == "", done.stdout + done.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="a shell script for Linux desktops")
def test_the_install_script_puts_the_entry_and_icons_in_the_users_folders(tmp_path: Path) -> None:
    program = tmp_path / "games" / "golf"
    program.parent.mkdir()
    program.write_text("#!/bin/sh\n", encoding="utf-8")
    program.chmod(0o755)
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"))
    run = ["bash", str(ROOT / "scripts" / "install_desktop.sh")]
    done = subprocess.run(
        [*run, str(program)], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    entry = desktop_entry(tmp_path / "data" / "applications" / "golf.desktop")
    assert entry["Exec"] == str(program) and entry["Icon"] == "golf-solitaire"
    for size in (16, 32, 48, 64, 128, 256):
        icon = (
            tmp_path
            / "data"
            / "icons"
            / "hicolor"
            / f"{size}x{size}"
            / "apps"
            / "golf-solitaire.png"
        )
        assert icon.read_bytes() == (ROOT / "assets" / "icon" / f"golf-{size}.png").read_bytes()
    bad = subprocess.run(
        [*run, str(tmp_path / "nothing")], env=env, capture_output=True, text=True, check=False
    )
    assert bad.returncode == 2 and "no program at" in bad.stderr
    gone = subprocess.run([*run, "--remove"], env=env, capture_output=True, text=True, check=False)
    assert gone.returncode == 0
    assert sorted(p.name for p in (tmp_path / "data").rglob("*") if p.is_file()) == []


def test_the_game_never_draws_with_pygames_default_font() -> None:
    """build.spec leaves pygame's freesansbold.ttf out of the program (its licence is not in
    licences/): safe only while no code asks pygame for its default or a system font."""
    root = Path(__file__).resolve().parents[2]
    asks = re.compile(r"Font\(\s*None|SysFont\(|get_default_font\(|freesansbold")
    users = [
        str(path.relative_to(root))
        for package in ("golf", "golfcli", "scenes")
        for path in sorted((root / package).rglob("*.py"))
        if asks.search(path.read_text(encoding="utf-8"))
    ]
    assert users == []
    spec = (root / "build.spec").read_text(encoding="utf-8")
    assert 'UNUSED_DATAS = ("freesansbold.ttf",)' in spec
