"""The player's real folders, and the test run's own in their place.

A test run must never write where the player keeps their games, options and logs. The conftest
(``tests/conftest.py``) points every folder the game finds through the environment at a
temporary folder of the run, once, before any test: ``$XDG_DATA_HOME``, ``$XDG_CONFIG_HOME``,
and ``$XDG_STATE_HOME`` (the log folder; the game has no cache); ``$GOLF_DATA_DIR`` and
``$GOLF_LOG_DIR`` are unset. A subprocess inherits that; a test that builds an environment from
nothing takes these variables with :func:`session_env`. :class:`Guard` (an audit hook) refuses
any write into the real folders, in the test process and in a subprocess whose environment would
lead there; ``tests/window/test_real_folders.py`` checks all of it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

APP: Final = "golf-solitaire"
SESSION_VARS: Final = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME")
"""The variables the test run points at its own folder (each at a folder of that name)."""
GAME_VARS: Final = ("GOLF_DATA_DIR", "GOLF_LOG_DIR")
"""The game's own overrides: unset for the run (a test sets them for itself)."""
XDG_DEFAULTS: Final = {
    "XDG_DATA_HOME": ".local/share",
    "XDG_CONFIG_HOME": ".config",
    "XDG_STATE_HOME": ".local/state",
}


def game_folders(env: Mapping[str, str]) -> list[Path]:
    """The folders the game writes to under ``env`` (Linux: the XDG rules platformdirs
    follows, and the game's own overrides)."""
    home = env.get("HOME") or str(Path("~").expanduser())  # no HOME: the password database's
    out = [Path(env[var]) for var in GAME_VARS if env.get(var)]
    for var, default in XDG_DEFAULTS.items():
        base = env.get(var, "")
        root = Path(base) if Path(base).is_absolute() else Path(home) / default
        out.append(root / APP)
    return [_absolute(p) for p in out]


def _absolute(path: Path | str) -> Path:
    """``path`` made absolute and normal, without touching the disk (no audit events)."""
    return Path(os.path.normpath(Path(path).absolute()))


def session_env() -> dict[str, str]:
    """The test run's folder variables, for an environment built from nothing."""
    return {var: os.environ[var] for var in SESSION_VARS if var in os.environ}


class RealFolderWrite(RuntimeError):
    """A test wrote (or started a program that would write) into the player's real folders."""


_WRITE_FLAGS: Final = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
_PATH_EVENTS: Final = {
    "os.mkdir": (0,),
    "os.rename": (0, 1),
    "os.replace": (0, 1),
    "os.remove": (0,),
    "os.rmdir": (0,),
    "os.symlink": (1,),
    "os.link": (1,),
    "os.truncate": (0,),
    "os.chmod": (0,),
    "shutil.rmtree": (0,),
    "shutil.copyfile": (1,),
}


class Guard:
    """An audit hook: refuses a write into ``real`` folders (the player's) and a subprocess
    whose environment leads there."""

    def __init__(self, real: list[Path]) -> None:
        self.real = real

    def inside(self, path: object) -> bool:
        if isinstance(path, int) or path is None:
            return False
        try:
            name = os.fsdecode(path)  # type: ignore[arg-type]
        except TypeError:
            return False
        candidate = _absolute(name)
        return any(candidate == r or r in candidate.parents for r in self.real)

    def __call__(self, event: str, args: tuple[Any, ...]) -> None:
        if not self.real:
            return
        if event == "open":
            path, mode, flags = args
            writes = (
                any(c in mode for c in "wax+")
                if isinstance(mode, str)
                else bool(isinstance(flags, int) and flags & _WRITE_FLAGS)
            )
            if writes and self.inside(path):
                raise RealFolderWrite(f"a test opened {path!r} for writing: a real folder")
        elif event in _PATH_EVENTS:
            for i in _PATH_EVENTS[event]:
                if i < len(args) and self.inside(args[i]):
                    raise RealFolderWrite(f"a test changed {args[i]!r} ({event}): a real folder")
        elif event == "subprocess.Popen":
            env = args[3] if args[3] is not None else os.environ
            bad = [str(p) for p in game_folders(env) if self.inside(p)]
            if bad:
                raise RealFolderWrite(
                    f"a test started {args[1]!r} with the real folders {bad}: give it "
                    "tests.folders.session_env() or its own folders"
                )


def install(real: list[Path]) -> Guard:
    """Add the guard for the rest of the process (audit hooks cannot be removed)."""
    guard = Guard(real)
    sys.addaudithook(guard)
    return guard
