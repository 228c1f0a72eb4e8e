"""Where the game's shipped files live, from a source checkout or from a PyInstaller bundle.

Every asset is looked up through :func:`asset_path`, so that the one place that knows about
``sys._MEIPASS`` is this module. The bundle maps the checkout's ``assets/`` folder to ``assets/``
inside the bundle (``datas=[("assets", "assets")]`` in ``build.spec``).
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["FONT_BOLD", "FONT_MONO", "FONT_REGULAR", "asset_path", "assets_root", "replays_root"]

FONT_REGULAR = ("fonts", "DejaVuSans.ttf")
FONT_BOLD = ("fonts", "DejaVuSans-Bold.ttf")
FONT_MONO = ("fonts", "DejaVuSansMono-Bold.ttf")


def assets_root() -> Path:
    """The folder holding the shipped assets, wherever the game runs from."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parents[2] / "assets"


def replays_root() -> Path:
    """The sample replays shipped with the game: ``replays/`` in the checkout and in the bundle
    (``datas=[("replays", "replays")]`` in ``build.spec``)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        return Path(bundle) / "replays"
    return Path(__file__).resolve().parents[2] / "replays"


def asset_path(*parts: str) -> Path:
    """The path of one shipped file, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``."""
    return assets_root().joinpath(*parts)
