"""The game's version, written once (``pyproject.toml``'s ``version``), and the stamp every file
the game writes carries.

Here, at the bottom of the layers, because the engine writes files too: replays and the
documents of the data folder say which program wrote them (``program: golf 0.1.0``), for a bug
report; readers accept that key and ignore it. ``golf --version``, the log and crash reports
read the same function (``golfcli.version`` passes it on).
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["PROGRAM_KEY", "stamp", "version"]

PROGRAM_KEY = "program"
"""The key that names the program that wrote a file (replays, data documents, settings)."""


def version() -> str:
    """The game's version, written once: pyproject.toml's ``version``.

    Read from the installed package's metadata (pip, pipx, an editable install; the built program
    bundles that metadata). A checkout run without installing it has none: then pyproject.toml
    beside the packages is read; "unknown" when neither is there.
    """
    # Imported here, not at the top: the window's start does not pay for them.
    import importlib.metadata
    import tomllib

    # The package is named as the game's folders (pyproject.toml's ``name``; a test checks it).
    from golf.core.folders import APP_NAME

    try:
        return importlib.metadata.version(APP_NAME)
    except importlib.metadata.PackageNotFoundError:
        pass
    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    try:
        with pyproject.open("rb") as file:
            return str(tomllib.load(file)["project"]["version"])
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError):
        return "unknown"


def stamp() -> str:
    """What a written file says of the program that wrote it: ``golf 0.1.0`` (as ``golf
    --version`` prints it)."""
    return f"golf {version()}"
