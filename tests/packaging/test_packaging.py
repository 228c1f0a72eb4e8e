"""The package as pip installs it: the version's one source, the ``golf`` command, the licence,
the dependency ranges and the lock file that pins them.

The tests of the installed metadata run only when the environment's ``golf-solitaire`` is this
checkout (an editable install, as ``make`` makes): a shared environment installed from another
checkout would describe that one. Under CI (``CI`` set) they never skip: ``make test`` installs
the clone it runs in.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from golf.core import folders
from golf.core import version as version_module
from golfcli import commands
from scenes.core.paths import assets_root, replays_root

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT: dict[str, Any] = PYPROJECT["project"]
LOCK = ROOT / "requirements.lock"
DISTRIBUTION: str = PROJECT["name"]


def run(args: list[str], cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, capture_output=True, text=True, encoding="utf-8", cwd=cwd, timeout=60, check=False
    )


def installed_here() -> importlib.metadata.Distribution:
    """The installed distribution, when it is this checkout's; skips otherwise (not under CI).

    Every copy on the path is looked at: run from the checkout, the ``golf_solitaire.egg-info``
    the editable install leaves in it comes first, and it does not say where it was installed from.
    """
    urls = []
    for dist in importlib.metadata.distributions(name=DISTRIBUTION):
        url = json.loads(dist.read_text("direct_url.json") or "{}").get("url", "")
        if url == ROOT.as_uri():
            return dist
        urls.append(url)
    if os.environ.get("CI"):
        pytest.fail(f"{DISTRIBUTION} is not installed from {ROOT} (found {urls})")
    pytest.skip(f"{DISTRIBUTION} here is installed from {urls}, not from {ROOT}")


# --- the version: written once, in pyproject.toml ------------------------------------------------


def test_main_py_prints_the_version_of_the_metadata() -> None:
    done = run([sys.executable, str(ROOT / "main.py"), "--version"])
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"golf {importlib.metadata.version(DISTRIBUTION)}\n"
    assert done.stdout == f"golf {PROJECT['version']}\n"
    assert done.stderr == ""


def test_python_m_golfcli_prints_the_version_too() -> None:
    done = run([sys.executable, "-m", "golfcli", "--version"])
    assert (done.returncode, done.stdout) == (0, f"golf {PROJECT['version']}\n"), done.stderr


def test_the_installed_version_is_pyprojects() -> None:
    assert installed_here().version == PROJECT["version"]
    assert commands.version() == PROJECT["version"]


def test_the_package_is_named_as_the_games_folders() -> None:
    assert folders.APP_NAME == DISTRIBUTION  # version() looks the metadata up by that name


def test_version_looks_like_a_release_number() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+", PROJECT["version"])


def test_without_metadata_the_checkouts_pyproject_gives_the_version(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def missing(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", missing)
    assert commands.version() == PROJECT["version"]


def test_without_metadata_or_pyproject_the_version_is_unknown(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def missing(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", missing)
    monkeypatch.setattr(version_module, "__file__", str(tmp_path / "golf" / "core" / "version.py"))
    assert commands.version() == "unknown"
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    assert commands.version() == "unknown"
    (tmp_path / "pyproject.toml").write_text("not toml [", encoding="utf-8")
    assert commands.version() == "unknown"


def test_version_wins_over_a_command_and_loads_no_command_module() -> None:
    probe = (
        "import sys\n"
        "from golfcli import commands\n"
        "try:\n"
        "    commands.main(['--version', 'solve', 'nonsense'])\n"
        "except SystemExit as e:\n"
        "    print('exit', e.code)\n"
        "print(sorted(m for m in sys.modules if m in ('pygame', 'golfcli.solver', 'golfcli.stats',"
        " 'golfcli.sixcard')))\n"
    )
    done = run([sys.executable, "-c", probe])
    assert done.stdout.splitlines() == [f"golf {PROJECT['version']}", "exit 0", "[]"], done.stderr


def test_help_lists_the_version_option() -> None:
    done = run([sys.executable, str(ROOT / "main.py"), "--help"])
    assert done.returncode == 0
    assert "--version" in done.stdout


# --- the golf command ------------------------------------------------------------------------------


def test_pyproject_declares_the_golf_command() -> None:
    assert PROJECT["scripts"] == {"golf": "golfcli.main:start"}


def test_the_installed_metadata_has_the_golf_command() -> None:
    dist = installed_here()
    golf = [e for e in dist.entry_points if e.group == "console_scripts" and e.name == "golf"]
    assert [e.value for e in golf] == ["golfcli.main:start"]
    everywhere = importlib.metadata.entry_points(group="console_scripts")
    assert "golf" in everywhere.names
    assert everywhere["golf"].value == "golfcli.main:start"


def test_the_golf_commands_target_prints_the_version() -> None:
    installed_here()
    probe = (
        "import importlib.metadata, sys\n"
        "target = importlib.metadata.entry_points(group='console_scripts')['golf'].load()\n"
        "sys.argv = ['golf', '--version']\n"
        "target()\n"
    )
    done = run([sys.executable, "-c", probe], cwd=ROOT.parent)
    assert (done.returncode, done.stdout) == (0, f"golf {PROJECT['version']}\n"), done.stderr


def test_the_installed_golf_script_runs() -> None:
    installed_here()
    script = Path(sysconfig.get_path("scripts")) / ("golf.exe" if os.name == "nt" else "golf")
    assert script.exists(), f"no {script}: the package was installed without its command"
    done = run([str(script), "--version"], cwd=ROOT.parent)
    assert (done.returncode, done.stdout) == (0, f"golf {PROJECT['version']}\n"), done.stderr


# --- licence and metadata --------------------------------------------------------------------------


def test_the_licence_is_mit_and_the_fonts_keep_theirs() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert "Copyright (c) " in text and "the Golf authors" in text
    assert "WITHOUT WARRANTY OF ANY KIND" in text
    assert PROJECT["license"] == "MIT"
    assert "LICENSE" in PROJECT["license-files"]
    fonts = [p for p in (ROOT / "assets" / "fonts").glob("LICENSE*") if p.is_file()]
    assert fonts and "Bitstream" in fonts[0].read_text(encoding="utf-8")


def test_the_installed_metadata_carries_licence_readme_and_classifiers() -> None:
    meta = installed_here().metadata
    assert meta["License-Expression"] == "MIT"
    assert meta["Requires-Python"] == PROJECT["requires-python"]
    assert meta["Description-Content-Type"] == "text/markdown"
    assert "Golf" in (meta.get_payload() or meta["Description"] or "")  # type: ignore[attr-defined]
    assert set(meta.get_all("Classifier") or []) == set(PROJECT["classifiers"])


def test_metadata_has_readme_python_and_classifiers() -> None:
    assert PROJECT["readme"] == "README.md" and (ROOT / "README.md").is_file()
    assert PROJECT["requires-python"] == ">=3.11"
    classifiers = PROJECT["classifiers"]
    assert "Programming Language :: Python :: 3.11" in classifiers
    assert any(c.startswith("Topic :: Games/Entertainment") for c in classifiers)
    assert not any(c.startswith("License ::") for c in classifiers)  # the SPDX field says it


# --- dependencies: ranges in the package, exact versions with hashes in the lock ------------------


def lock_pins() -> dict[str, str]:
    """Each package the lock pins, by canonical name, with its version."""
    pins = {}
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        found = re.match(r"^([A-Za-z0-9._-]+)==(\S+)", line)
        if found:
            pins[canonicalize_name(found[1])] = found[2]
    return pins


def test_dependencies_are_ranges_not_pins() -> None:
    for text in PROJECT["dependencies"] + PROJECT["optional-dependencies"]["dev"]:
        requirement = Requirement(text)
        operators = {s.operator for s in requirement.specifier}
        assert "==" not in operators and "===" not in operators, text
        assert ">=" in operators and "<" in operators, f"{text}: give a lower and an upper bound"


def test_the_lock_pins_every_package_with_hashes() -> None:
    text = LOCK.read_text(encoding="utf-8")
    assert "pip-compile" in text and "--generate-hashes" in text
    blocks = re.split(r"\n(?=[A-Za-z0-9._-]+==)", text)[1:]  # each pin with its hash lines
    assert len(blocks) == len(lock_pins()) > 3
    for block in blocks:
        assert "--hash=sha256:" in block, block.splitlines()[0]


LOCK_PLATFORM = {"sys_platform": "linux", "platform_system": "Linux", "os_name": "posix"}
"""Where requirements.lock is made (the Makefile's lock target, on Linux)."""


def test_the_lock_satisfies_pyprojects_ranges() -> None:
    pins = lock_pins()
    for text in PROJECT["dependencies"] + PROJECT["optional-dependencies"]["dev"]:
        requirement = Requirement(text)
        name = canonicalize_name(requirement.name)
        marker = requirement.marker
        if marker is not None and not marker.evaluate(LOCK_PLATFORM):
            assert name not in pins, f"{name} is for another platform than {LOCK.name}'s"
            continue  # e.g. Windows' speech engine: the lock is made on Linux
        assert name in pins, f"{name} is not in {LOCK.name}"
        assert requirement.specifier.contains(pins[name], prereleases=True), (text, pins[name])
    assert "pygame" not in pins  # legacy pygame would overwrite pygame-ce's files


def test_the_makefile_installs_from_the_lock() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "--require-hashes -r requirements.lock" in makefile
    assert "--no-deps -e ." in makefile


@pytest.mark.parametrize(
    ("argv0", "frozen", "shown"),
    [
        ("/venv/bin/golf", False, "golf"),
        ("C:\\Golf\\GOLF.EXE", False, "golf"),
        ("/any/where/golf", True, "golf"),
        ("/src/golfcli/__main__.py", False, "python -m golfcli"),
        ("main.py", False, "main.py"),
        ("/venv/lib/pytest/__main__.py", False, "main.py"),
    ],
)
def test_usage_lines_name_the_program_as_it_was_started(
    argv0: str, frozen: bool, shown: str
) -> None:
    assert commands._program_name(argv0, frozen) == shown


def test_the_installed_command_names_itself_golf_in_its_messages() -> None:
    script = Path(sysconfig.get_path("scripts")) / "golf"
    if not script.exists():
        pytest.skip("no installed golf command in this environment")
    done = subprocess.run([str(script), "--bogus"], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr.startswith("golf: ")


def test_the_package_list_names_every_package_folder_of_the_checkout() -> None:
    setuptools = PYPROJECT["tool"]["setuptools"]
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("golf", "golfcli", "golfnet", "scenes", "golf_pytest")
        for init in (ROOT / top).rglob("__init__.py")
    }
    shipped = {
        name
        for name in setuptools["packages"]
        if name.split(".")[0] in ("golf", "golfcli", "golfnet", "scenes", "golf_pytest")
    }
    assert shipped == found


def test_the_shipped_files_are_packages_of_data_read_where_they_are_installed() -> None:
    setuptools = PYPROJECT["tool"]["setuptools"]
    assert setuptools["package-dir"] == {"golf_assets": "assets", "golf_samples": "replays"}
    fonts = assets_root() / "fonts"
    assert {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono-Bold.ttf"} <= {
        p.name for p in fonts.iterdir()
    }
    assert (replays_root() / "easy-win.yaml").is_file()
