"""The licence texts of everything the built program bundles, gathered into one folder.

``build.spec`` calls :func:`gather` with the binaries PyInstaller is about to bundle; the folder it
fills ships beside the program as ``licences/`` (``README.txt`` there says which text covers
which file). The texts come from:

* the game's own (MIT, and DejaVu's for its fonts): ``pyproject.toml``'s ``license-files``;
* the Python packages' own metadata (``*.dist-info/licenses``): PyYAML, platformdirs,
  websockets;
* pygame-ce, whose wheel carries no licence file in its metadata: the LGPL 2.1 text its wheel
  ships as ``pygame/docs/generated/LGPL.txt``;
* the interpreter: Python's ``LICENSE.txt`` from the standard library's folder (it also lists
  the third-party code inside CPython);
* the C libraries pygame-ce's wheel brings (SDL2, SDL2_image/mixer/ttf, FreeType, HarfBuzz,
  libpng, libjpeg, …): the project's copies in ``packaging/licences/`` (where each came from:
  ``packaging/licences/SOURCES.md``), matched by the library's file name (:data:`LIBRARIES`);
* system libraries the interpreter links (libffi, zlib, …): on Debian and its derivatives, the
  package's ``/usr/share/doc/<package>/copyright``, found with ``dpkg-query``.

A bundled binary none of these covers is a *problem*: the build stops on a system with
``dpkg-query`` (where every case can be settled), and warns elsewhere.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from collections.abc import Iterable
from pathlib import Path

__all__ = ["DISTRIBUTIONS", "LIBRARIES", "TEXTS", "gather", "library_stem"]

TEXTS = Path(__file__).resolve().parents[1] / "packaging" / "licences"
"""The project's copies of the C libraries' licence texts."""

ROOT = Path(__file__).resolve().parents[1]
DISTRIBUTIONS = ("pygame-ce", "PyYAML", "platformdirs", "websockets", "prometheus-client")
"""The Python packages the program bundles besides the game: its runtime dependencies."""

LIBRARIES: dict[str, tuple[str, ...]] = {
    "sdl2": ("sdl2.txt",),
    "sdl2_image": ("sdl2_image.txt",),
    "sdl2_mixer": ("sdl2_mixer.txt",),
    "sdl2_ttf": ("sdl2_ttf.txt",),
    "freetype": ("freetype.txt",),
    "harfbuzz": ("harfbuzz.txt",),
    "png16": ("png.txt",),
    "jpeg": ("jpeg.txt",),
    "tiff": ("tiff.txt",),
    "webp": ("webp.txt",),
    "webpdemux": ("webp.txt",),
    "sharpyuv": ("webp.txt",),
    "brotlicommon": ("brotli.txt",),
    "brotlidec": ("brotli.txt",),
    "flac": ("FLAC.txt",),
    "ogg": ("ogg-vorbis.txt",),
    "vorbis": ("ogg-vorbis.txt",),
    "vorbisenc": ("ogg-vorbis.txt",),
    "vorbisfile": ("ogg-vorbis.txt",),
    "opus": ("opus.txt",),
    "opusfile": ("opusfile.txt",),
    "mpg123": ("mpg123.txt",),
    "sndfile": ("sndfile.txt",),
    "fluidsynth": ("fluidsynth.txt",),
    "wavpack": ("wavpack.txt",),
    "xmp": ("xmp.txt",),
    "portmidi": ("portmidi.txt",),
    "asound": ("alsa-lib.txt",),
    "z": ("zlib.txt",),
    "zlib1": ("zlib.txt",),
}
"""A library's file name stem (:func:`library_stem`) and the texts in ``packaging/licences/``
that cover it: the libraries pygame-ce's wheels bundle."""


def library_stem(file_name: str) -> str:
    """The library a shared object is, from its file name: ``libSDL2_ttf-2-e69a.so.0`` and
    ``SDL2_ttf.dll`` are ``sdl2_ttf``, ``libpng16-16.dll`` is ``png16``."""
    name = file_name.lower()
    if name.startswith("lib"):
        name = name[3:]
    return re.split(r"[-.]", name, maxsplit=1)[0]


def _distribution_texts(name: str) -> list[Path]:
    """The licence files a distribution's metadata names (or holds under ``licenses/``)."""
    dist = importlib.metadata.distribution(name)
    found = []
    for file in dist.files or ():
        parts = file.parts
        if any(p.endswith(".dist-info") for p in parts[:1]) and (
            "licenses" in parts or "license_files" in parts
        ):
            found.append(Path(str(dist.locate_file(file))))
    pygame_dir = _package_dir("pygame")
    if not found and name == "pygame-ce" and pygame_dir is not None:
        found.append(pygame_dir / "docs" / "generated" / "LGPL.txt")
    return [p for p in found if p.is_file()]


def _python_licence() -> Path | None:
    """CPython's LICENSE.txt: in the standard library's folder, or the installation's top."""
    for candidate in (
        Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt",
        Path(sys.base_prefix) / "LICENSE.txt",
    ):
        if candidate.is_file():
            return candidate
    return None


def _debian_package(path: Path) -> str | None:
    """The Debian package that installed ``path`` (the merged /usr spelling tried too)."""
    if shutil.which("dpkg-query") is None:
        return None
    real = path.resolve()
    tries = {str(path), str(real)}
    for p in list(tries):
        if p.startswith("/usr/"):
            tries.add(p[4:])
        elif p.startswith("/lib"):
            tries.add("/usr" + p)
    for p in sorted(tries):
        done = subprocess.run(["dpkg-query", "-S", p], capture_output=True, text=True, check=False)
        if done.returncode == 0 and ":" in done.stdout:
            return done.stdout.split(":", 1)[0].strip()
    return None


def _is_module(name: str) -> bool:
    """Whether a bundled binary is a Python extension module rather than a shared library."""
    base = Path(name).name
    return ".cpython-" in base or ".abi3." in base or base.endswith(".pyd")


def _package_dir(module: str) -> Path | None:
    """The folder of an installed package (None when it is not installed)."""
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))).resolve()


def gather(dest: Path, binaries: Iterable[tuple[str, str]], version: str) -> list[str]:
    """Fill ``dest`` (emptied first) with the licence texts covering the program and each of
    ``binaries`` (its name in the bundle, its source path); write ``README.txt`` there saying
    which text covers what. Returns the problems: binaries no text was found for."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    covers: list[tuple[str, str]] = []
    problems: list[str] = []

    def copy(source: Path, name: str) -> str:
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        return name

    with (ROOT / "pyproject.toml").open("rb") as file:
        project = tomllib.load(file)["project"]
    own = sorted({p for pattern in project["license-files"] for p in ROOT.glob(pattern)})
    names = [copy(p, f"golf-solitaire/{p.name}") for p in own]
    if not own:
        problems.append("no licence file of the game (pyproject.toml's license-files)")
    covers.append((f"Golf {version} (this program)", ", ".join(names)))
    for dist in DISTRIBUTIONS:
        texts = _distribution_texts(dist)
        if not texts:
            problems.append(f"no licence text in the metadata of {dist}")
        names = [copy(t, f"{dist}/{t.name}") for t in texts]
        covers.append(
            (f"{dist} {importlib.metadata.version(dist)} (Python package)", ", ".join(names))
        )
    python = _python_licence()
    python_text = copy(python, "Python/LICENSE.txt") if python is not None else ""
    if python is None:
        problems.append("no LICENSE.txt of the Python installation")
    covers.append(
        (f"Python {sysconfig.get_python_version()} (the interpreter and its modules)", python_text)
    )
    libyaml = copy(TEXTS / "libyaml.txt", "libraries/libyaml.txt")
    covers.append(("libyaml (built into PyYAML's _yaml module)", libyaml))

    owners = [  # where a Python module (an extension module) comes from, and its text
        (_package_dir("pygame"), "pygame-ce", "pygame-ce/"),
        (_package_dir("yaml"), "PyYAML", f"PyYAML/, {libyaml}"),
        (_package_dir("websockets"), "websockets", "websockets/"),
        (Path(sys.base_prefix).resolve(), "Python", python_text),
    ]
    modules: dict[str, list[str]] = {}
    for name, source in sorted(binaries):
        path = Path(source).resolve()
        stem = library_stem(Path(name).name)
        owner = next((o for o in owners if o[0] is not None and path.is_relative_to(o[0])), None)
        if _is_module(name) and owner is not None:
            modules.setdefault(owner[1], []).append(Path(name).name.split(".")[0])
        elif stem in LIBRARIES:
            texts = [copy(TEXTS / t, f"libraries/{t}") for t in LIBRARIES[stem]]
            covers.append((name, ", ".join(dict.fromkeys(texts))))
        elif owner is not None and owner[1] == "Python":  # libpython
            covers.append((name, python_text))
        elif (package := _debian_package(path)) is not None:
            copyright_file = Path("/usr/share/doc") / package / "copyright"
            if copyright_file.is_file():
                covers.append((name, copy(copyright_file, f"system/{package}.txt")))
            else:
                problems.append(f"{name}: Debian package {package} has no copyright file")
        else:
            problems.append(f"{name} ({source}): no licence text known")
    for _folder, owner_name, text in owners:
        if owner_name in modules:
            names = modules[owner_name]
            covers.append((f"{len(names)} compiled modules of {owner_name}", text))
    _write_index(dest, covers, version)
    return problems


def _write_index(dest: Path, covers: list[tuple[str, str]], version: str) -> None:
    width = max(len(what) for what, _ in covers)
    lines = [
        f"Golf {version}: the licence texts of everything this program bundles.",
        "",
        "Golf itself is under the MIT licence (golf-solitaire/LICENSE); its fonts, DejaVu, under",
        "their own (golf-solitaire/LICENSE-DejaVu.txt). pygame-ce and some of the libraries it",
        "brings are under the GNU LGPL 2.1: you may replace them with your own builds (the program",
        "folder holds them as separate shared libraries) and get their sources from their",
        "projects (https://github.com/pygame-community/pygame-ce, https://libsdl.org, ...).",
        "",
        f"{'What':<{width}}  Its licence text (in this folder)",
        "",
    ]
    lines += [f"{what:<{width}}  {text or '-'}" for what, text in covers]
    (dest / "README.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
