"""The game's version for the command line, the log and crash reports: ``golf.core.version``'s,
written once in pyproject.toml (the engine stamps the files it writes with it too)."""

from __future__ import annotations

from golf.core.version import version

__all__ = ["version"]
