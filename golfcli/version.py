"""The game's version, written once: pyproject.toml's ``version``, read where it is installed."""

from __future__ import annotations

from pathlib import Path

__all__ = ["version"]


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
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        with pyproject.open("rb") as file:
            return str(tomllib.load(file)["project"]["version"])
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError):
        return "unknown"
