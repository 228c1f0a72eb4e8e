#!/usr/bin/env python3
"""Writes the game's icon files from its pixel art (``scenes/core/icon.py``) into ``assets/icon/``.

    python scripts/make_icon.py

``golf-N.png`` for each size of ``scenes.core.icon.SIZES`` (desktops: ``packaging/``, the README
says how to install them) and ``golf.ico`` with every size (the Windows program's icon,
``build.spec``). The ``.ico`` holds PNG images, as Windows reads them since Vista; no image
library beyond pygame is needed. The files are committed; ``tests/window/test_icon.py`` checks that
they are this script's output, so run it again after changing the pixel art.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the checkout's scenes/, installed or not
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from scenes.core.icon import SIZES, icon  # noqa: E402

FOLDER = ROOT / "assets" / "icon"


def png_bytes(surface: pygame.Surface) -> bytes:
    """The surface as a PNG file's bytes."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: list[tuple[int, bytes]]) -> bytes:
    """A Windows icon file holding each (size, PNG bytes) image: the ICONDIR header, one
    16-byte entry per image (a size of 256 is written as 0), then the images."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in images:
        side = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def main() -> int:
    FOLDER.mkdir(parents=True, exist_ok=True)
    images = []
    for size in SIZES:
        data = png_bytes(icon(size))
        (FOLDER / f"golf-{size}.png").write_bytes(data)
        images.append((size, data))
    (FOLDER / "golf.ico").write_bytes(ico_bytes(images))
    print(f"wrote {len(SIZES)} PNG files and golf.ico in {FOLDER.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
