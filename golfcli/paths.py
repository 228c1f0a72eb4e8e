"""The file and folder names the command line is given, checked before any work starts.

A name the system cannot take (a part over 255 bytes, the whole over 4,095), a file to write in
a folder that is missing or cannot be written, or in place of a device, a folder or a pipe, is
bad input: one line naming it and what is wrong (exit 2), never a traceback or a crash report
after the work is done. :func:`os_error_text` says an ``OSError`` met later in one line, with
a long name shortened (:func:`shown`).

Each check is an argparse type (``type=output_file``): argparse turns its refusal into the
command's one-line usage error.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import stat
from pathlib import Path
from typing import Final

from golf.core.translations import grouped
from golfcli.language import say, spoken

__all__ = [
    "MAX_NAME_BYTES",
    "MAX_PATH_BYTES",
    "folder",
    "name_problem",
    "os_error_text",
    "output_file",
    "readable_file",
    "shown",
]

MAX_NAME_BYTES: Final = 255
"""The longest file or folder name (one part of a path) the usual file systems take."""
MAX_PATH_BYTES: Final = 4_095
"""The longest whole path Linux takes (PATH_MAX less the final zero byte)."""
SHOWN: Final = 80
"""A name longer than this is shortened in messages (its start and its end)."""


def shown(name: object) -> str:
    """``name`` as a message shows it: on one line, a long one cut in the middle."""
    text = os.fsdecode(name) if isinstance(name, (str, bytes, os.PathLike)) else str(name)
    text = text.replace("\n", "\\n").replace("\r", "\\r")
    if len(text) <= SHOWN:
        return text
    half = (SHOWN - 5) // 2
    count = grouped(len(text), spoken())
    return say("cli.path.shortened", start=text[:half], end=text[-half:], count=count)


def name_problem(name: str) -> str | None:
    """What makes ``name`` a path no file can have (None: nothing)."""
    if not name:
        return say("cli.path.empty")
    if "\0" in name:
        return say("cli.path.zero_byte")
    raw = os.fsencode(name)
    if len(raw) > MAX_PATH_BYTES:
        lang = spoken()
        return say(
            "cli.path.too_long", count=grouped(len(raw), lang), most=grouped(MAX_PATH_BYTES, lang)
        )
    longest = max(raw.split(b"/"), key=len)
    if len(longest) > MAX_NAME_BYTES:
        return say("cli.path.part_too_long", count=len(longest), most=MAX_NAME_BYTES)
    return None


def os_error_text(error: OSError, name: object = None) -> str:
    """An ``OSError`` in one line: the name it is about (shortened) and the system's reason."""
    about = error.filename if error.filename is not None else name
    reason = error.strerror or str(error) or type(error).__name__
    reason = " ".join(reason.split())
    return (
        say("cli.path.problem", name=shown(about), problem=reason) if about is not None else reason
    )


def _usable(text: str) -> Path:
    problem = name_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(say("cli.path.problem", name=shown(text), problem=problem))
    return Path(text)


def _existing_kind(path: Path) -> int | None:
    """The file type bits of what ``path`` names (links followed), or None when nothing is
    there; a name the system refuses is a usage error."""
    try:
        return stat.S_IFMT(path.stat().st_mode)
    except (FileNotFoundError, NotADirectoryError):
        # nothing there (a file standing where the path needs a folder is said of the folder)
        return None
    except OSError as error:
        raise argparse.ArgumentTypeError(os_error_text(error, path)) from None


def output_file(text: str) -> Path:
    """A file the program will write (``--record``, ``--screenshot``, ``six-card record``):
    its folder exists and takes a new file, and the name is free or a regular file that may
    be written over."""
    path = _usable(text)
    kind = _existing_kind(path)
    if kind is not None and kind != stat.S_IFREG:
        what = say("cli.path.a_folder" if kind == stat.S_IFDIR else "cli.path.not_regular")
        raise argparse.ArgumentTypeError(say("cli.path.not_to_write", name=shown(text), what=what))
    parent = path.parent
    parent_kind = _existing_kind(parent)
    if parent_kind is None:
        raise argparse.ArgumentTypeError(
            say("cli.path.no_parent", name=shown(text), parent=shown(parent))
        )
    if parent_kind != stat.S_IFDIR:
        raise argparse.ArgumentTypeError(
            say("cli.path.parent_not_folder", name=shown(text), parent=shown(parent))
        )
    if kind is not None and not os.access(path, os.W_OK):
        raise argparse.ArgumentTypeError(say("cli.path.not_writable", name=shown(text)))
    _try_writing(path, kind is None)
    return path


def _try_writing(path: Path, free: bool) -> None:
    """Create a file where ``path`` will be written, and remove it: the name itself when it is
    free (the system checks its length and the folder), else a temporary one beside it (the
    file is replaced through one)."""
    try:
        if free:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            os.close(fd)
            with contextlib.suppress(OSError):
                path.unlink()
        else:
            import tempfile  # only here: the commands that write no file start without it

            with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".golf-probe-"):
                pass
    except OSError as error:
        reason = " ".join((error.strerror or str(error)).split())
        raise argparse.ArgumentTypeError(
            say("cli.path.cannot_write", name=shown(path), reason=reason)
        ) from None


def folder(text: str) -> Path:
    """A folder the program reads and writes (``--config-dir``): a usable name, and a folder
    when something is already there (the program makes a missing one)."""
    path = _usable(text)
    kind = _existing_kind(path)
    if kind is not None and kind != stat.S_IFDIR:
        raise argparse.ArgumentTypeError(say("cli.path.not_folder", name=shown(text)))
    return path


def readable_file(text: str) -> Path:
    """A file the program will read whole before its work starts (``serve --tls-cert``): a
    usable name, a regular file there (never a pipe or a device: nothing is opened to find
    out), that this user may read."""
    path = _usable(text)
    kind = _existing_kind(path)
    if kind is None:
        raise argparse.ArgumentTypeError(say("cli.path.no_file", name=shown(text)))
    if kind != stat.S_IFREG:
        what = say("cli.path.a_folder" if kind == stat.S_IFDIR else "cli.path.not_regular")
        raise argparse.ArgumentTypeError(say("cli.path.not_to_read", name=shown(text), what=what))
    if not os.access(path, os.R_OK):
        raise argparse.ArgumentTypeError(say("cli.path.not_readable", name=shown(text)))
    return path
