"""The player's options, kept as YAML in the user's config folder.

Writes are atomic (``golf.core.fileio``: a temporary file in the same folder, fsync,
``os.replace``; a link stays a link), so a crash never leaves half a file. Reading takes at most
64 KB of a regular file (a FIFO or a device in its place is never read). A file whose content
cannot be used (any parse failure, a nesting bomb included) is renamed
``settings.yaml.corrupt-N``, the defaults are used and a :class:`~scenes.core.i18n.Notice` tells
the player. A file that cannot be opened is never written over: the options the player changes
go to ``settings.yaml.pending`` beside it, which is read first while it exists.

Each option is read on its own, as its type says: YAML 1.1's words for true and false (``yes``,
``no``, ``on``, ``off``, ``true``, ``false``) are a yes/no option's truth, and the word itself
for an option whose value is one of a few words, so ``animation: off`` is the speed "off"
(PyYAML read it as false, which was refused: the game animated at the normal speed, moved the
file aside and told the player of a value "false" never written; ``no`` and ``false`` are
"off" too). A single bad value (one of the wrong type or out of range; a
number written other than plainly, such as YAML 1.1's ``1_0`` or ``0x46``) falls back to that
value's default only, and the player is told which: the file is copied aside byte for byte as
``settings.yaml.corrupt-N``, then the options in use (every other one as the file had it) are
written in its place, in one rename. When either write fails (a full disk) the file is left as
it is, never removed or cut short, and the player is told that too.
"""

from __future__ import annotations

import logging
import re
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

import yaml

from golf.core.fileio import atomic_write_text, read_bounded
from golf.core.folders import config_dir
from golf.core.version import PROGRAM_KEY, stamp
from golf.solitaire.codes import format_code
from golf.solitaire.rules import PRESETS, Rules
from scenes.core.i18n import LANGUAGES, Notice, system_language

__all__ = [
    "ANIMATION_SPEEDS",
    "CARD_BACKS",
    "RULE_PRESETS",
    "SETTINGS_FILE",
    "TABLE_THEMES",
    "Settings",
    "SettingsStore",
    "default_config_dir",
    "rules_key",
]

log = logging.getLogger(__name__)

SETTINGS_FILE = "settings.yaml"
PENDING_FILE = SETTINGS_FILE + ".pending"
"""Where the options are kept while ``settings.yaml`` cannot be opened."""
FORMAT = 1
MAX_BYTES = 64 * 1024
ANIMATION_SPEEDS: tuple[str, ...] = ("off", "slow", "normal", "fast")
RULE_PRESETS: tuple[str, ...] = ("easy", "classic", "strict")
CARD_BACKS: tuple[str, ...] = ("flag", "tartan", "chequer", "star")
"""The card backs (``scenes.core.look`` draws each)."""
TABLE_THEMES: tuple[str, ...] = ("green", "blue", "contrast")
"""The table themes (``scenes.core.look.TABLES``); "contrast" is the high-contrast one."""


@dataclass(frozen=True)
class Settings:
    """Every option of the Options screen."""

    language: str = "en"
    interactive_rules: bool = True
    sound: bool = True
    volume: int = 70  # percent, in steps of 10
    animation: str = "normal"
    default_rules: str = "easy"  # the seeds: "On Easy … the default"
    four_colour: bool = False
    card_back: str = "flag"
    table: str = "green"
    fullscreen: bool = False
    winnable_deals: tuple[str, ...] = ()
    """The rule sets (as :func:`rules_key` names them) whose random deals the solver proves
    winnable first."""
    winnable_indicator: bool = False  # "still winnable / no longer winnable" in a game
    speak: bool = False  # every action announced aloud, and the board read on request
    net_name: str = ""
    """The name last given in the network lobby ("": the language's default name)."""
    net_address: str = ""
    """The server (``host[:port]``) last joined from the lobby."""
    net_server: str = ""
    """The server a room was last created on from the lobby ("": this machine)."""

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
MAX_NET_NAME = 24  # golfnet.protocol.MAX_NAME: the longest name a server takes
MAX_NET_ADDRESS = 80  # the lobby's fields take no more


_YES_NO: tuple[str, ...] = (
    "interactive_rules",
    "sound",
    "four_colour",
    "fullscreen",
    "winnable_indicator",
    "speak",
)


class _Word(str):
    """A plain YAML scalar that YAML 1.1 reads as a bool (``yes``, ``no``, ``on``, ``off``,
    ``true``, ``false`` in any of their three cases), kept as the word written, with its
    :attr:`truth`: a yes/no option takes the truth, an option of a few words the word
    (``animation: off``). A name or an address refuses it (the game writes such a one quoted)."""

    truth: bool


def _yes_no(value: object) -> bool | None:
    """A yes/no option's value: YAML's truth of a word of :class:`_Word` (None: not one)."""
    if isinstance(value, _Word):
        return value.truth
    return value if isinstance(value, bool) else None


def _text(value: object) -> str | None:
    """A text's value: the text, or the word YAML 1.1 would have read as a bool."""
    return str(value) if isinstance(value, str) else None


_CHOICES: dict[str, tuple[str, ...]] = {
    "language": LANGUAGES,
    "animation": ANIMATION_SPEEDS,
    "default_rules": RULE_PRESETS,
    "card_back": CARD_BACKS,
    "table": TABLE_THEMES,
}
"""The options whose value is one of a few words: the word written is taken as it is."""


def _read_value(name: str, value: object) -> tuple[bool, object]:
    """Whether option ``name`` can use ``value`` from the file, and the value it then has."""
    if name in _YES_NO:
        truth = _yes_no(value)
        return truth is not None, truth
    if name == "winnable_deals":
        legacy = _yes_no(value)
        if legacy is not None:
            # Files from before the option was kept per rule set: on meant every rule set.
            return True, tuple(rules_key(PRESETS[p]) for p in RULE_PRESETS) if legacy else ()
        ok = (
            isinstance(value, list)
            and len(value) <= 200
            and all(_text(k) is not None and _RULES_KEY_RE.fullmatch(k) for k in value)
        )
        return ok, tuple(sorted({str(k) for k in value})) if ok and isinstance(value, list) else ()
    if name == "volume":
        ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100
        return ok, value
    if name == "animation" and _yes_no(value) is False:
        return True, "off"  # "no" or "false": no animation, as "off" says
    choices = _CHOICES.get(name)
    if choices is not None:
        text = _text(value)
        return text in choices, text
    if not isinstance(value, str) or isinstance(value, _Word):
        return False, value  # a name or an address is written quoted when it is such a word
    if name == "net_name":
        return len(value) <= MAX_NET_NAME and value.isprintable(), value
    if name in ("net_address", "net_server"):
        ok = len(value) <= MAX_NET_ADDRESS and value.isprintable()
        return ok and not any(ch.isspace() for ch in value), value
    return False, value


def default_config_dir() -> Path:
    """The user's config folder for the game (not created here)."""
    return config_dir()


class CorruptSettingsError(ValueError):
    """The settings file is not a YAML mapping the game can read."""


class _StrictLoader(yaml.SafeLoader):
    """YAML read with whole numbers written plainly only: YAML 1.1 also reads ``1_0`` as 10,
    ``0x46`` as 70, ``010`` as 8 and ``1:10`` as 70, which the game never writes and the player
    cannot have meant as such; those stay text, so the option refuses them. No float either
    (no option is one)."""


_INT_TAG = "tag:yaml.org,2002:int"
FLOAT_TAG = "tag:yaml.org,2002:float"
_StrictLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag not in (_INT_TAG, FLOAT_TAG)]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_StrictLoader.add_implicit_resolver(
    _INT_TAG, re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$"), list("-+0123456789")
)


def _construct_word(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> _Word:
    word = _Word(loader.construct_scalar(node))
    truth = yaml.SafeLoader.bool_values.get(word.lower())
    if truth is None:  # an explicit !!bool on another word
        raise yaml.constructor.ConstructorError(
            None, None, f"not a bool: {word!r}", node.start_mark
        )
    word.truth = truth
    return word


_StrictLoader.add_constructor("tag:yaml.org,2002:bool", _construct_word)


class _ShownDumper(yaml.SafeDumper):
    """Shows a refused value as YAML (a word of :class:`_Word` as the word)."""


_ShownDumper.add_representer(
    _Word, lambda dumper, word: dumper.represent_scalar("tag:yaml.org,2002:bool", str(word))
)


def _parse(text: str) -> dict[str, Any]:
    if any(isinstance(e, yaml.AliasEvent) for e in yaml.parse(text, Loader=yaml.SafeLoader)):
        raise CorruptSettingsError("aliases are not allowed")
    data = yaml.load(text, Loader=_StrictLoader)
    if data is None:
        # The game always writes a whole file (atomically): an empty one was damaged elsewhere.
        raise CorruptSettingsError("the file is empty")
    if not isinstance(data, dict):
        raise CorruptSettingsError("expected a mapping of options")
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise CorruptSettingsError(f"unknown format {fmt!r}")
    return data


def _shown(value: object) -> str:
    """A refused value as the file has it, on one short line."""
    text = (
        str(value)
        if isinstance(value, str)
        else yaml.dump(value, Dumper=_ShownDumper, default_flow_style=True)
    )
    text = " ".join(text.split()).removesuffix(" ...")
    return text if len(text) <= 24 else text[:23] + "…"


class SettingsStore:
    """Reads and writes ``settings.yaml`` in one folder (the user's config folder by default)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = default_config_dir() if folder is None else Path(folder)
        self.path = self.folder / SETTINGS_FILE
        self.pending = self.folder / PENDING_FILE
        self.blocked = False
        """``settings.yaml`` is there but could not be opened (or kept aside): never written."""

    @property
    def target(self) -> Path:
        """The file the options are written to now."""
        return self.pending if self.blocked or self.pending.is_file() else self.path

    def defaults(self) -> Settings:
        """The options of a first start: the system's language, everything else as shipped."""
        return Settings(language=system_language())

    def load(self) -> tuple[Settings, Notice | None]:
        """The saved options, or the defaults; a notice when the file had to be put aside or
        could not be opened."""
        defaults = self.defaults()
        try:
            raw = read_bounded(self.path, MAX_BYTES)
        except FileNotFoundError:
            raw = None
        except OSError as error:
            # Left where it is (it was never read), and never written over: the options go
            # to the pending file; the player is told.
            log.warning("cannot read %s: %s", self.path, error)
            self.blocked = True
            kept, _ = self._read(self.pending, defaults)
            return kept, Notice("settings.unopenable", {"name": self.path.name})
        if self.pending.is_file():
            # options changed while settings.yaml could not be opened are the newer ones
            return self._read(self.pending, defaults)
        if raw is None:
            return defaults, None
        return self._values(self.path, raw, defaults)

    def _read(self, path: Path, defaults: Settings) -> tuple[Settings, Notice | None]:
        """The options of ``path`` (the defaults when it is missing or cannot be opened)."""
        try:
            raw = read_bounded(path, MAX_BYTES)
        except OSError as error:
            if not isinstance(error, FileNotFoundError):
                log.warning("cannot read %s: %s", path, error)
            return defaults, None
        return self._values(path, raw, defaults)

    def _values(self, path: Path, raw: bytes, defaults: Settings) -> tuple[Settings, Notice | None]:
        """The options in ``raw`` (the content of ``path``); a file that cannot be used is kept
        aside with a notice."""
        try:
            if len(raw) > MAX_BYTES:
                raise CorruptSettingsError(f"file larger than {MAX_BYTES} bytes")
            data = _parse(raw.decode("utf-8"))
        except (
            CorruptSettingsError,
            UnicodeDecodeError,
            yaml.YAMLError,
            RecursionError,
            MemoryError,
            ValueError,
            TypeError,
            OverflowError,
        ) as error:
            if isinstance(error, RecursionError | MemoryError):
                error = CorruptSettingsError("nested too deeply or too large")
            log.warning("settings file %s is unreadable: %s", path, error)
            kept = self._keep_aside(path)
            return defaults, Notice("settings.corrupt", {"name": kept})
        values: dict[str, Any] = {}
        refused: list[str] = []
        for f in fields(Settings):
            if f.name not in data:
                continue
            ok, value = _read_value(f.name, data[f.name])
            if ok:
                values[f.name] = value
            else:
                log.warning("ignoring option %s=%r in %s", f.name, _shown(data[f.name]), path)
                refused.append(f"{f.name}: {_shown(data[f.name])}")
        settings = replace(defaults, **values)
        if not refused:
            return settings, None
        return settings, self._refused(path, raw, settings, refused)

    def _refused(self, path: Path, raw: bytes, settings: Settings, refused: list[str]) -> Notice:
        """Options of ``path`` the game cannot use fall back to their defaults, the others are
        kept. The file is copied aside byte for byte (nothing the player wrote is lost), then
        the options in use are written in its place in one rename, so the player is told once;
        when either write fails the file stays as it is (told again at the next start)."""
        shown = ", ".join(refused[:3]) + (", …" if len(refused) > 3 else "")
        copy = self._aside_name(path)
        try:
            if path == self.path and self.blocked:
                raise OSError(f"{path.name} is not to be written over")
            atomic_write_text(copy, raw.decode("utf-8"))  # newline="\n": the bytes as they were
            try:
                atomic_write_text(path, self._document(settings))
            except OSError:
                copy.unlink(missing_ok=True)  # the file is still whole: no copy needed
                raise
        except OSError as error:
            log.warning("%s left as it is: %s", path, error)
            return Notice("settings.value_left", {"values": shown})
        key = "settings.value" if len(refused) == 1 else "settings.values"
        return Notice(key, {"name": copy.name, "values": shown})

    @staticmethod
    def _aside_name(path: Path) -> Path:
        """The first free ``settings.yaml.corrupt-N`` beside ``path``."""
        n = 1
        while True:
            target = path.with_name(f"{SETTINGS_FILE}.corrupt-{n}")
            if not target.exists() and not target.is_symlink():
                return target
            n += 1

    def _keep_aside(self, path: Path) -> str:
        target = self._aside_name(path)
        try:
            path.replace(target)
        except OSError as error:
            log.warning("cannot keep %s aside: %s", path, error)
            if path == self.path:
                self.blocked = True  # still there: never written over
        return target.name

    def save(self, settings: Settings) -> None:
        """Write the options atomically; raises ``OSError`` if the folder is not writable."""
        self.folder.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self.target, self._document(settings))

    @staticmethod
    def _document(settings: Settings) -> str:
        """The file's text for ``settings``."""
        document = {"format": FORMAT, PROGRAM_KEY: stamp(), **asdict(settings)}
        document["winnable_deals"] = list(settings.winnable_deals)
        return yaml.safe_dump(document, sort_keys=False, allow_unicode=True)
