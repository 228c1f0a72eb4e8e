"""The player's options, kept as YAML in the user's config folder.

Writes are atomic (a temporary file in the same folder, fsync, ``os.replace``), so a crash never
leaves half a file. A file that cannot be read is renamed ``settings.yaml.corrupt-N``, the defaults
are used and a :class:`~scenes.core.i18n.Notice` tells the player. A single bad value only falls back to
that value's default.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import tempfile
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

import yaml

from golf.core.folders import config_dir
from golf.core.version import PROGRAM_KEY, stamp
from golf.solitaire.codes import format_code
from golf.solitaire.rules import PRESETS, Rules
from scenes.core.i18n import LANGUAGES, Notice, system_language

__all__ = [
    "ANIMATION_SPEEDS",
    "RULE_PRESETS",
    "SETTINGS_FILE",
    "Settings",
    "SettingsStore",
    "default_config_dir",
    "rules_key",
]

log = logging.getLogger(__name__)

SETTINGS_FILE = "settings.yaml"
FORMAT = 1
MAX_BYTES = 64 * 1024
ANIMATION_SPEEDS: tuple[str, ...] = ("off", "slow", "normal", "fast")
RULE_PRESETS: tuple[str, ...] = ("easy", "classic", "strict")


@dataclass(frozen=True)
class Settings:
    """Every option of the Options screen."""

    language: str = "en"
    interactive_rules: bool = True
    sound: bool = True
    volume: int = 70  # percent, in steps of 10
    animation: str = "normal"
    default_rules: str = "classic"
    four_colour: bool = False
    fullscreen: bool = False
    winnable_deals: tuple[str, ...] = ()
    """The rule sets (as :func:`rules_key` names them) whose random deals the solver proves
    winnable first."""
    winnable_indicator: bool = False  # "still winnable / no longer winnable" in a game

    def with_(self, **changes: Any) -> Settings:
        """A copy with some options changed."""
        return replace(self, **changes)

    def winnable(self, rules: Rules) -> bool:
        """Whether random deals under ``rules`` are only those the solver proves winnable."""
        return rules_key(rules) in self.winnable_deals

    def with_winnable(self, rules: Rules, on: bool) -> Settings:
        """A copy with "winnable deals only" turned on or off for ``rules`` alone."""
        key = rules_key(rules)
        others = tuple(k for k in self.winnable_deals if k != key)
        return replace(self, winnable_deals=tuple(sorted((*others, key))) if on else others)


def rules_key(rules: Rules) -> str:
    """A rule set's name in the settings file: its code's rule letter and fourth part
    (``E``, ``C``, ``C-VS`` for the strict rules, ``E-VJ`` for Easy with one joker...)."""
    parts = format_code(0, rules).split("-")
    return "-".join([parts[1], *parts[3:]])


_RULES_KEY_RE = re.compile(r"[ECN](?:-V[A-Z]{0,8})?")


def _valid(name: str, value: object) -> bool:
    if name in ("interactive_rules", "sound", "four_colour", "fullscreen", "winnable_indicator"):
        return isinstance(value, bool)
    if name == "winnable_deals":
        return (
            isinstance(value, list)
            and len(value) <= 200
            and all(isinstance(k, str) and _RULES_KEY_RE.fullmatch(k) for k in value)
        )
    if name == "volume":
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100
    if name == "language":
        return value in LANGUAGES
    if name == "animation":
        return value in ANIMATION_SPEEDS
    if name == "default_rules":
        return value in RULE_PRESETS
    return False


def default_config_dir() -> Path:
    """The user's config folder for the game (not created here)."""
    return config_dir()


class CorruptSettingsError(ValueError):
    """The settings file is not a YAML mapping the game can read."""


def _parse(text: str) -> dict[str, Any]:
    if any(isinstance(e, yaml.AliasEvent) for e in yaml.parse(text, Loader=yaml.SafeLoader)):
        raise CorruptSettingsError("aliases are not allowed")
    data = yaml.load(text, Loader=yaml.SafeLoader)
    if data is None:
        # The game always writes a whole file (atomically): an empty one was damaged elsewhere.
        raise CorruptSettingsError("the file is empty")
    if not isinstance(data, dict):
        raise CorruptSettingsError("expected a mapping of options")
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise CorruptSettingsError(f"unknown format {fmt!r}")
    return data


class SettingsStore:
    """Reads and writes ``settings.yaml`` in one folder (the user's config folder by default)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = default_config_dir() if folder is None else Path(folder)
        self.path = self.folder / SETTINGS_FILE

    def defaults(self) -> Settings:
        """The options of a first start: the system's language, everything else as shipped."""
        return Settings(language=system_language())

    def load(self) -> tuple[Settings, Notice | None]:
        """The saved options, or the defaults; a notice when the file had to be put aside."""
        defaults = self.defaults()
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return defaults, None
        except OSError as error:
            # Left where it is (it was never read); the player is told the defaults are in use.
            log.warning("cannot read %s: %s", self.path, error)
            return defaults, Notice("settings.unopenable", {"name": self.path.name})
        try:
            if len(raw) > MAX_BYTES:
                raise CorruptSettingsError(f"file larger than {MAX_BYTES} bytes")
            data = _parse(raw.decode("utf-8"))
        except (CorruptSettingsError, UnicodeDecodeError, yaml.YAMLError) as error:
            log.warning("settings file %s is unreadable: %s", self.path, error)
            kept = self._keep_aside()
            return defaults, Notice("settings.corrupt", {"name": kept})
        values: dict[str, Any] = {}
        for f in fields(Settings):
            if f.name not in data:
                continue
            value = data[f.name]
            if f.name == "winnable_deals" and isinstance(value, bool):
                # Files from before the option was kept per rule set: on meant every rule set.
                value = [rules_key(PRESETS[name]) for name in RULE_PRESETS] if value else []
            if _valid(f.name, value):
                if isinstance(value, list):
                    value = tuple(sorted(set(value)))
                values[f.name] = value
            else:
                log.warning("ignoring option %s=%r in %s", f.name, value, self.path)
        return replace(defaults, **values), None

    def _keep_aside(self) -> str:
        n = 1
        while True:
            target = self.path.with_name(f"{SETTINGS_FILE}.corrupt-{n}")
            if not target.exists():
                break
            n += 1
        try:
            self.path.replace(target)
        except OSError as error:
            log.warning("cannot keep %s aside: %s", self.path, error)
        return target.name

    def save(self, settings: Settings) -> None:
        """Write the options atomically; raises ``OSError`` if the folder is not writable."""
        self.folder.mkdir(parents=True, exist_ok=True)
        document = {"format": FORMAT, PROGRAM_KEY: stamp(), **asdict(settings)}
        document["winnable_deals"] = list(settings.winnable_deals)
        text = yaml.safe_dump(document, sort_keys=False, allow_unicode=True)
        fd, tmp_name = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=self.folder)
        tmp = Path(tmp_name)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            tmp.replace(self.path)  # os.replace: atomic on one filesystem
        except BaseException:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise
