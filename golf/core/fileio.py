"""Writing files so that a crash never leaves half a file: a temporary file, then one rename.

The temporary file lives in the target's folder (the same filesystem), is flushed and synced,
and replaces the target with ``os.replace``; if anything fails the target is untouched.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def remove_stale_temporaries(path: str | os.PathLike[str]) -> None:
    """Remove the temporary files that writes of ``path`` cut short by a crash left beside it
    (the file itself is whole: the rename never happened)."""
    target = Path(path)
    with contextlib.suppress(OSError):
        for stale in target.parent.glob(f".{target.name}.*.tmp"):
            with contextlib.suppress(OSError):
                stale.unlink()


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8, ``\\n`` line ends) to ``path`` atomically."""
    target = Path(path)
    fd, tmp_name = tempfile.mkstemp(
        dir=target.parent if str(target.parent) else ".", prefix=f".{target.name}.", suffix=".tmp"
    )
    tmp = Path(tmp_name)
    try:
        # mkstemp makes the file private (0600); a saved game is an ordinary file.
        mode = target.stat().st_mode & 0o777 if target.exists() else 0o644
        tmp.chmod(mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        tmp.replace(target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
