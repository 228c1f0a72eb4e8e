"""Where the game's shipped files live: an installed copy, a checkout or a PyInstaller bundle.

Every asset is looked up through :func:`asset_path` (the samples through :func:`replays_root`), so
this module is the one place that knows where they are. Installed (pip, pipx, an editable
install) they are the packages ``golf_assets`` and ``golf_samples``, read through
``importlib.resources`` (``pyproject.toml`` installs the checkout's ``assets/`` and ``replays/``
under those names); the bundle maps them to ``assets/`` and ``replays/`` inside it
(``build.spec``, ``sys._MEIPASS``); a checkout run without installing it reads its own folders.
"""

from __future__ import annotations

import importlib.resources
import sys
from pathlib import Path

__all__ = ["FONT_BOLD", "FONT_MONO", "FONT_REGULAR", "asset_path", "assets_root", "replays_root"]

FONT_REGULAR = ("fonts", "DejaVuSans.ttf")
FONT_BOLD = ("fonts", "DejaVuSans-Bold.ttf")
FONT_MONO = ("fonts", "DejaVuSansMono-Bold.ttf")


def _shipped(package: str, folder: str) -> Path:
    """The folder of shipped files installed as ``package`` (``folder`` in the checkout and in
    the bundle)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        return Path(bundle) / folder
    try:
        root = importlib.resources.files(package)
    except ModuleNotFoundError:  # a checkout that was never installed
        return Path(__file__).resolve().parents[2] / folder
    return Path(str(root))


def assets_root() -> Path:
    """The folder holding the shipped assets, wherever the game runs from."""
    return _shipped("golf_assets", "assets")


def replays_root() -> Path:
    """The sample replays shipped with the game, wherever it runs from."""
    return _shipped("golf_samples", "replays")


def asset_path(*parts: str) -> Path:
    """The path of one shipped file, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``."""
    return assets_root().joinpath(*parts)
