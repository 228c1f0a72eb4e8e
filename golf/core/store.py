"""Versioned JSON documents in the player's data folder: statistics, high scores, a round in play.

Each document is one file, written atomically (``golf.core.fileio``) with a ``version`` field first.
Reading never fails: a file from an older version is upgraded step by step; a file that is
corrupt, truncated, of the wrong shape, too large or from a *newer* version of the game is kept
aside as ``<name>.corrupt-<n>``, the defaults are used and a :class:`StoreNotice` tells the player
what happened, in English or French. ``docs/rounds-and-stats.md`` says why the files are JSON.

The folder is injected (the game passes the platformdirs user data folder); nothing here reads
the environment or the clock.
"""

from __future__ import annotations

import contextlib
import errno as errnos
import json
import logging
import os
import weakref
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import IO, Any, Final, Generic, Literal, NoReturn, TypeVar

from golf.core.fileio import atomic_write_text, read_bounded, remove_stale_temporaries
from golf.core.translations import text
from golf.core.version import PROGRAM_KEY, stamp

try:  # POSIX: advisory locks on the folder's lock files
    import fcntl
except ImportError:  # pragma: no cover - Windows: one copy at a time is not enforced there
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

MAX_BYTES: Final = 1_000_000
"""No document the game writes comes near this; a larger file is not read at all."""

T = TypeVar("T")
Data = dict[str, Any]
NoticeKind = Literal["corrupt", "future", "unreadable", "unwritable", "busy"]

PENDING_SUFFIX: Final = ".pending"
"""``stats.json.pending``: where a document is written while ``stats.json`` cannot be read."""
OWNER_FILE: Final = "owner.lock"
"""Locked by the copy of the game that owns the folder (its games in progress); holds its pid."""
WRITE_LOCK_FILE: Final = "write.lock"
"""Locked for the time of one read-change-write of a document, by any copy of the game."""


class FormatError(ValueError):
    """A document whose content is not what its version says (raised by readers and upgrades)."""


def fail(where: str, what: str) -> NoReturn:
    """Raise :class:`FormatError` naming the place in the document and what was expected."""
    raise FormatError(f"{where}: {what}" if where else what)


# --- checks shared by the documents' readers -----------------------------------------------------


def expect_mapping(value: object, where: str, keys: tuple[str, ...] | None = None) -> Data:
    """A JSON object; with ``keys``, exactly those keys (none missing, none unknown)."""
    if not isinstance(value, dict):
        fail(where, "expected an object")
    if keys is not None:
        missing = [k for k in keys if k not in value]
        unknown = sorted(k for k in value if k not in keys)
        if missing:
            fail(where, f"missing {', '.join(missing)}")
        if unknown:
            fail(where, f"unknown key {unknown[0]!r}")
    return value


def expect_int(value: object, where: str, low: int, high: int) -> int:
    """An integer (not a boolean) in ``low..high``."""
    if not isinstance(value, int) or isinstance(value, bool):
        fail(where, "expected a whole number")
    if not low <= value <= high:
        fail(where, f"expected {low} to {high}, not {value}")
    return value


def expect_optional_int(value: object, where: str, low: int, high: int) -> int | None:
    return None if value is None else expect_int(value, where, low, high)


def expect_bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        fail(where, "expected true or false")
    return value


def expect_str(value: object, where: str, max_len: int) -> str:
    if not isinstance(value, str):
        fail(where, "expected text")
    if len(value) > max_len:
        fail(where, f"text longer than {max_len} characters")
    return value


def expect_list(value: object, where: str, max_len: int) -> list[Any]:
    if not isinstance(value, list):
        fail(where, "expected a list")
    if len(value) > max_len:
        fail(where, f"more than {max_len} items")
    return value


# --- documents -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Document(Generic[T]):
    """How one kind of file is named, read, written and upgraded.

    ``read`` turns the body of a file at the current ``version`` into a value (raising
    :class:`FormatError`, ``ValueError`` or ``TypeError`` when it cannot); ``write`` is its
    inverse. ``upgrades[n]`` turns a body of version ``n`` into one of version ``n + 1``.
    ``label`` is the catalogue key of the file's name for the player ("the {label} file").

    ``merge(old, new)`` adds what was kept in the pending file (``new``, started from the
    default while the file could not be read) to the file's value once it can be read again;
    without it (a game in progress) the pending file is the document while it exists and the
    file is left as it is. ``owned``: only the copy of the game that owns the folder writes it
    (a game in progress: two copies would write their own games over each other).
    """

    name: str
    version: int
    label: str
    default: Callable[[], T]
    read: Callable[[Data], T]
    write: Callable[[T], Data]
    upgrades: Mapping[int, Callable[[Data], Data]] = field(default_factory=dict)
    merge: Callable[[T, T], T] | None = None
    owned: bool = False

    def __post_init__(self) -> None:
        missing = [n for n in range(1, self.version) if n not in self.upgrades]
        if missing:
            raise ValueError(f"{self.name}: no upgrade from version {missing[0]}")
        if "/" in self.name or "\\" in self.name or self.name.startswith("."):
            raise ValueError(f"{self.name!r} is not a plain file name")

    def from_data(self, data: object) -> tuple[T, int]:
        """The value of a whole parsed file, upgraded; and the version the file had."""
        body = expect_mapping(data, "")
        if "version" not in body:
            fail("", "no version field")
        version = body["version"]
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            fail("version", "expected a whole number from 1")
        if version > self.version:
            raise FutureVersionError(version)
        body = {k: v for k, v in body.items() if k not in ("version", PROGRAM_KEY)}
        for n in range(version, self.version):
            body = self.upgrades[n](body)
        return self.read(body), version

    def to_text(self, value: T) -> str:
        """The file's text: ``version`` first, ``program`` (which program wrote it; readers
        ignore it), then the body."""
        body = self.write(value)
        # Compact: the files are the game's, and the size cap must hold for the largest history.
        text = json.dumps(
            {"version": self.version, PROGRAM_KEY: stamp(), **body},
            ensure_ascii=False,
            separators=(",", ":"),
        )
        return text + "\n"


class FutureVersionError(FormatError):
    """A file written by a newer version of the game."""

    def __init__(self, version: int) -> None:
        super().__init__(f"version {version} is newer than this game reads")
        self.version = version


# --- what the player is told ---------------------------------------------------------------------

_REASONS: Final[Mapping[int, str]] = MappingProxyType(
    {
        number: key
        for name, key in (
            ("EACCES", "oserror.permission"),
            ("EPERM", "oserror.permission"),
            ("ENOSPC", "oserror.no_space"),
            ("EDQUOT", "oserror.no_space"),
            ("EROFS", "oserror.read_only"),
            ("EISDIR", "oserror.is_directory"),
            ("ENOTDIR", "oserror.not_directory"),
            ("ENAMETOOLONG", "oserror.name_too_long"),
        )
        if (number := getattr(errnos, name, None)) is not None
    }
)
"""The system's common reasons a file cannot be read or written, as catalogue keys: the
player reads them in their language; any other reason is shown as the system gives it."""


def reason(lang: str, error_no: int | None, detail: str) -> str:
    """Why a file could not be read or written, in ``lang``: the catalogue's short text for a
    common system error (``error_no``), else ``detail`` as the system said it."""
    key = _REASONS.get(error_no) if error_no is not None else None
    return text(lang, key) if key is not None else detail


@dataclass(frozen=True)
class StoreNotice:
    """Something the player should be told about a file.

    ``kind``: ``corrupt`` (unreadable content), ``future`` (a newer format), ``unreadable``
    (the file could not be opened, or is not a regular file), ``unwritable`` (saving failed),
    ``busy`` (another copy of the game owns the folder; ``detail`` is its pid). ``kept_as`` is
    the name the file was moved to, if it was (for ``unreadable``: the pending file where what
    is new is kept). ``detail`` is the technical reason, for the log.
    """

    kind: NoticeKind
    file: str
    label: str
    """The catalogue key of the file's name for the player (``store.label.…``)."""
    kept_as: str | None = None
    moved: bool = True
    """False when the file was deliberately left in place (a read-only load)."""
    detail: str = ""
    error_no: int | None = None
    """The system's error number behind ``detail``, when there was one: a common one is told
    in the player's language (:func:`reason`)."""

    def text(self, lang: str = "en") -> str:
        """What happened, in ``lang``: the catalogues' ``store.<kind>`` and what became of it."""
        label = text(lang, self.label) if self.label else ""
        if self.kind in ("corrupt", "future"):
            out = text(lang, f"store.{self.kind}", label=label, file=self.file)
            if not self.moved:
                return out + text(lang, "store.left")
            if self.kept_as is not None:
                return out + text(lang, "store.kept", kept=self.kept_as)
            return out + text(lang, "store.not_kept")
        error = reason(lang, self.error_no, self.detail)
        out = text(lang, f"store.{self.kind}", label=label, file=self.file, error=error)
        if self.kind == "unreadable" and self.kept_as is not None:
            out += text(lang, "store.pending", kept=self.kept_as)
        return out


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """A document's value, with the notice to show (None when all went well)."""

    value: T
    notice: StoreNotice | None = None
    upgraded_from: int | None = None
    """The older version the file had, when it was upgraded on reading."""


# --- parsing -------------------------------------------------------------------------------------


def _object(pairs: list[tuple[str, Any]]) -> Data:
    out: Data = {}
    for key, value in pairs:
        if key in out:
            raise FormatError(f"duplicate key {key!r}")
        out[key] = value
    return out


def _no_constant(name: str) -> NoReturn:
    raise FormatError(f"{name} is not a number")


def parse_json(raw: bytes) -> object:
    """Strict JSON: UTF-8, no duplicate keys, no NaN/Infinity; raises ``ValueError``."""
    if len(raw) > MAX_BYTES:
        raise FormatError(f"larger than {MAX_BYTES} bytes")
    text = raw.decode("utf-8")
    try:
        return json.loads(text, object_pairs_hook=_object, parse_constant=_no_constant)
    except RecursionError:
        raise FormatError("nested too deeply") from None


# --- the store -----------------------------------------------------------------------------------


class Store:
    """The documents of one folder (the user data folder in the game, a temporary one in tests).

    A document whose file is there but cannot be read (permissions, a directory, a FIFO or a
    device in its place) is never written over: what is new goes to ``<name>.pending`` beside
    it, and is merged back (``Document.merge``) once the file can be read again. Every change
    of the records goes through :meth:`update`, which reads the file again under a lock and
    changes what is on disk, so two copies of the game on one folder add to each other's
    statistics instead of writing their own view over them. A document that is ``owned`` (a
    game in progress) is written only by the copy that owns the folder (:meth:`claim`).
    """

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)
        self._blocked: set[str] = set()
        """Documents whose file could not be read: they are written to their pending file."""
        self._owner: IO[str] | None = None
        self.other_owner: int | None = None
        """The pid of the copy that owns the folder, when :meth:`claim` found one (else None)."""

    def path(self, document: Document[Any]) -> Path:
        return self.folder / document.name

    def pending_path(self, document: Document[Any]) -> Path:
        """Where the document is kept while its file cannot be read."""
        return self.folder / (document.name + PENDING_SUFFIX)

    def _active(self, document: Document[Any]) -> Path:
        """The file the document is read from and written to now."""
        pending = self.pending_path(document)
        if document.name in self._blocked:
            return pending
        if document.merge is None and pending.is_file():
            return pending  # a game kept there while the file could not be read: the newer
        return self.path(document)

    # --- reading ---------------------------------------------------------------------------------

    def _read(self, document: Document[T], path: Path) -> tuple[T, int]:
        """The value of one file; raises ``OSError`` (cannot be opened) or ``ValueError`` and
        friends (cannot be used)."""
        raw = read_bounded(path, MAX_BYTES)
        try:
            return document.from_data(parse_json(raw))
        except (RecursionError, MemoryError):
            raise FormatError("nested too deeply or too large") from None

    def load(self, document: Document[T], *, keep_aside: bool = True) -> Loaded[T]:
        """The saved value, or the default with a notice; never raises for a bad file.

        With ``keep_aside=False`` (the command line), nothing is moved, merged or written: a bad
        file is reported as it is.
        """
        path = self.path(document)
        pending = self.pending_path(document)
        try:
            value, version = self._read(document, path)
        except FileNotFoundError:
            if keep_aside and pending.is_file() and not os.path.lexists(path):
                # the file that could not be read is gone: what was kept beside it takes over
                try:
                    pending.replace(path)
                except OSError as error:
                    log.warning("cannot move %s back: %s", pending, error)
                else:
                    self._blocked.discard(document.name)
                    return self.load(document)
            return self._pending_value(document, keep_aside) or Loaded(document.default())
        except OSError as error:
            return self._unreadable(document, path, error, keep_aside)
        except (ValueError, TypeError, KeyError) as error:
            return self._corrupt(document, path, error, keep_aside)
        self._blocked.discard(document.name)
        upgraded = version if version < document.version else None
        if upgraded is not None:
            log.info("%s upgraded from version %d to %d", path, version, document.version)
        if pending.is_file():
            kept = self._pending_value(document, keep_aside)
            if kept is not None and kept.notice is None:
                if document.merge is None:
                    return kept  # the newer game in progress; the file stays as it is
                value = document.merge(value, kept.value)
                if keep_aside and self.try_save(document, value) is None:
                    log.info("%s merged into %s", pending, path)
                    with contextlib.suppress(OSError):
                        pending.unlink()
        return Loaded(value, None, upgraded)

    def _pending_value(self, document: Document[T], keep_aside: bool) -> Loaded[T] | None:
        """What the pending file holds (None: no pending file)."""
        pending = self.pending_path(document)
        try:
            value, _ = self._read(document, pending)
        except FileNotFoundError:
            return None
        except OSError as error:
            return self._unreadable(document, pending, error, keep_aside)
        except (ValueError, TypeError, KeyError) as error:
            return self._corrupt(document, pending, error, keep_aside)
        return Loaded(value)

    def _unreadable(
        self, document: Document[T], path: Path, error: OSError, keep_aside: bool
    ) -> Loaded[T]:
        """The file is there but cannot be opened: left alone, what is new goes beside it."""
        log.warning("cannot read %s: %s", path, error)
        detail = error.strerror or type(error).__name__
        if path != self.path(document):  # the pending file itself: nothing more to do
            return Loaded(
                document.default(),
                StoreNotice(
                    "unreadable", path.name, document.label, detail=detail, error_no=error.errno
                ),
            )
        if keep_aside:
            self._blocked.add(document.name)
        kept = self._pending_value(document, keep_aside)
        value = kept.value if kept is not None and kept.notice is None else document.default()
        return Loaded(
            value,
            StoreNotice(
                "unreadable",
                document.name,
                document.label,
                kept_as=self.pending_path(document).name if keep_aside else None,
                detail=detail,
                error_no=error.errno,
            ),
        )

    def _corrupt(
        self, document: Document[T], path: Path, error: Exception, keep_aside: bool
    ) -> Loaded[T]:
        """The file was read but cannot be used: kept aside (renamed), the default used."""
        kind: NoticeKind = "future" if isinstance(error, FutureVersionError) else "corrupt"
        detail = str(error) or type(error).__name__
        log.warning("%s is unusable: %s", path, detail)
        if not keep_aside:
            notice = StoreNotice(kind, path.name, document.label, moved=False, detail=detail)
        else:
            kept = self._keep_aside(path)
            if kept is None and path == self.path(document):
                self._blocked.add(document.name)  # still there: never written over
            notice = StoreNotice(kind, path.name, document.label, kept, detail=detail)
        return Loaded(document.default(), notice)

    # --- writing ---------------------------------------------------------------------------------

    def save(self, document: Document[T], value: T) -> None:
        """Write ``value`` atomically, creating the folder; raises ``OSError`` on failure.

        Written to the pending file while the document's file cannot be read; an ``owned``
        document is not written by a copy that does not own the folder.
        """
        if document.owned and self.other_owner is not None:
            return
        text = document.to_text(value)
        if len(text.encode("utf-8")) > MAX_BYTES:
            raise ValueError(f"{document.name} would be larger than {MAX_BYTES} bytes")
        self.folder.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self._active(document), text)

    def try_save(self, document: Document[T], value: T) -> StoreNotice | None:
        """:meth:`save`, returning a notice for the player instead of raising."""
        try:
            self.save(document, value)
        except (OSError, ValueError) as error:
            log.warning("cannot save %s: %s", self._active(document), error)
            detail = (error.strerror if isinstance(error, OSError) else None) or str(error)
            number = error.errno if isinstance(error, OSError) else None
            return StoreNotice(
                "unwritable", document.name, document.label, detail=detail, error_no=number
            )
        return None

    def update(
        self, document: Document[T], change: Callable[[T], T], mine: T
    ) -> tuple[T, StoreNotice | None]:
        """Apply ``change`` to what is on disk now and save it, under the folder's write lock:
        another copy of the game's changes are kept. ``mine`` (the value this copy holds) is
        changed instead when the file was read but cannot be used now (it was kept aside: this
        copy's value is the best there is). The new value, and a notice."""
        with self._write_lock():
            loaded = self.load(document)
            notice = loaded.notice
            # a file that cannot be opened: what is kept beside it (``loaded``) is the truth
            base = mine if notice is not None and notice.kind != "unreadable" else loaded.value
            value = change(base)
            saved = self.try_save(document, value)
        return value, loaded.notice or saved

    def remove(self, document: Document[Any]) -> None:
        """Remove the document's file (a game left or finished). No file is fine; a file that
        cannot be removed is logged (anything but a regular file is not ours to remove)."""
        if document.owned and self.other_owner is not None:
            return
        path = self._active(document)
        try:
            if path.is_symlink() or path.is_file():
                path.unlink()
        except FileNotFoundError:
            pass
        except OSError as error:
            log.warning("cannot remove %s: %s", path, error)

    def remove_stale_temporaries(self, document: Document[Any]) -> None:
        """The temporary files of writes of ``document`` cut short by a crash."""
        remove_stale_temporaries(self.path(document))
        remove_stale_temporaries(self.pending_path(document))

    def _keep_aside(self, path: Path) -> str | None:
        n = 1
        while os.path.lexists(path.with_name(f"{path.name}.corrupt-{n}")):
            n += 1
        target = path.with_name(f"{path.name}.corrupt-{n}")
        try:
            path.replace(target)
        except OSError as error:
            log.warning("cannot keep %s aside: %s", path, error)
            return None
        return target.name

    # --- two copies of the game ------------------------------------------------------------------

    @contextlib.contextmanager
    def _write_lock(self) -> Iterator[None]:
        """The folder's write lock, for one read-change-write (none when it cannot be had)."""
        handle: IO[str] | None = None
        if fcntl is not None:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                handle = (self.folder / WRITE_LOCK_FILE).open("a", encoding="utf-8")
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
            except OSError as error:
                log.info("no write lock in %s: %s", self.folder, error)
                if handle is not None:
                    handle.close()
                handle = None
        try:
            yield
        finally:
            if handle is not None:
                handle.close()  # closing the file releases the lock

    def claim(self) -> StoreNotice | None:
        """Own the folder for as long as this store lives (the window's copy of the game), so
        that its games in progress are saved; a notice when another copy owns it: this copy
        then leaves the ``owned`` documents alone. The lock goes with the process, even after
        ``kill -9``."""
        if fcntl is None or self._owner is not None:
            return None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle = (self.folder / OWNER_FILE).open("a+", encoding="utf-8")
        except OSError as error:
            log.info("cannot own %s: %s", self.folder, error)
            return None
        try:
            # a POSIX record lock: per process (a copy that opens its folder twice still owns
            # it), gone with the process
            fcntl.lockf(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            pid = handle.read(32).strip()
            handle.close()
            self.other_owner = int(pid) if pid.isdigit() else 0
            log.warning("%s is owned by process %s", self.folder, pid or "?")
            return StoreNotice("busy", OWNER_FILE, "", detail=pid or "?")
        with contextlib.suppress(OSError):
            handle.truncate(0)
            handle.write(str(os.getpid()))
            handle.flush()
        self._owner = handle
        self.other_owner = None
        # owned for as long as this store lives: a store dropped (a test's app) lets go
        weakref.finalize(self, handle.close)
        return None

    def release(self) -> None:
        """Stop owning the folder (the window closes)."""
        if self._owner is not None:
            self._owner.close()
            self._owner = None
