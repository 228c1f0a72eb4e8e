"""Reading and writing the player's files safely.

Reading (:func:`read_bounded`) takes only regular files and never more than a bound: a FIFO, a
device (``/dev/zero``), a directory or a socket in place of a data file is refused before and
after it is opened (opened without blocking, so a FIFO never hangs the program), and a huge file
is never read whole.

Writing (:func:`atomic_write_text`) never leaves half a file: a temporary file in the target's
folder (the same filesystem), flushed and synced, replaces the target with one rename; if
anything fails the target is untouched. The target is resolved first: a symbolic link stays a
link (its target is written), and a target that exists but is not a regular file (a device, a
FIFO, a directory) is refused, as is a name whose temporary name would be too long in bytes.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path
from typing import Final

__all__ = [
    "MAX_NAME_BYTES",
    "NotRegularFileError",
    "atomic_write_text",
    "name_fits",
    "read_bounded",
    "remove_stale_temporaries",
    "resolved_target",
]

MAX_NAME_BYTES: Final = 255
"""The longest file name most file systems take (ext4, APFS, NTFS), in bytes."""
_TEMP_EXTRA: Final = 1 + 1 + 8 + 4
"""What the temporary name adds to the target's: a dot, a dot, mkstemp's 8 letters, ``.tmp``."""


class NotRegularFileError(OSError):
    """A path that is there but is not a regular file (a directory, FIFO, device, socket)."""

    def __init__(self, path: str | os.PathLike[str], mode: int) -> None:
        kind = (
            "a directory"
            if stat.S_ISDIR(mode)
            else "a FIFO"
            if stat.S_ISFIFO(mode)
            else "a device"
            if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket"
            if stat.S_ISSOCK(mode)
            else "not a regular file"
        )
        what = kind if kind.startswith("not") else f"{kind}, not a regular file"
        super().__init__(errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL, what, str(path))


def read_bounded(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    """At most ``max_bytes + 1`` bytes of the regular file ``path`` (one more than allowed tells
    the caller it is too long). Raises ``FileNotFoundError`` when it is not there,
    :class:`NotRegularFileError` when it is not a regular file, ``OSError`` when it cannot be
    opened or read."""
    before = Path(path).stat()  # follows a link: what the link names must be a regular file
    if not stat.S_ISREG(before.st_mode):
        raise NotRegularFileError(path, before.st_mode)
    # O_NONBLOCK: should a FIFO take the file's place between the stat and the open, the open
    # still returns at once, and fstat refuses it
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        after = os.fstat(fd)
        if not stat.S_ISREG(after.st_mode):
            raise NotRegularFileError(path, after.st_mode)
        chunks: list[bytes] = []
        left = max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def name_fits(name: str) -> bool:
    """Whether a file named ``name`` (and its temporary name while it is written) fits the
    file system's 255 bytes: counted in bytes, so 60 four-byte characters do not."""
    return len(os.fsencode(name)) + _TEMP_EXTRA <= MAX_NAME_BYTES


def resolved_target(path: str | os.PathLike[str]) -> Path:
    """Where a write of ``path`` really lands: the file a symbolic link names (followed to the
    end). Raises :class:`NotRegularFileError` when something other than a regular file is
    there, and ``OSError`` (``ENAMETOOLONG``) when the temporary name would be too long."""
    target = Path(path)
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        pass
    else:
        if not stat.S_ISREG(mode):
            raise NotRegularFileError(target, mode)
    if not name_fits(target.name):
        raise OSError(errno.ENAMETOOLONG, "File name too long", str(path))
    return target


def remove_stale_temporaries(path: str | os.PathLike[str]) -> None:
    """Remove the temporary files that writes of ``path`` cut short by a crash left beside it
    (the file itself is whole: the rename never happened)."""
    target = Path(path)
    with contextlib.suppress(OSError):
        target = resolved_target(target)
    with contextlib.suppress(OSError):
        for stale in target.parent.glob(f".{target.name}.*.tmp"):
            with contextlib.suppress(OSError):
                if stale.is_file() and not stale.is_symlink():
                    stale.unlink()


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8, ``\\n`` line ends) to ``path`` atomically (see the module)."""
    target = resolved_target(path)
    fd, tmp_name = tempfile.mkstemp(
        dir=target.parent if str(target.parent) else ".", prefix=f".{target.name}.", suffix=".tmp"
    )
    tmp = Path(tmp_name)
    try:
        # mkstemp makes the file private (0600); a saved game is an ordinary file.
        try:
            mode = target.stat().st_mode & 0o777
        except FileNotFoundError:
            mode = 0o644
        tmp.chmod(mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        # checked again just before the rename: what took the target's place meanwhile is
        # still not replaced unless it is a regular file
        resolved_target(target)
        tmp.replace(target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
