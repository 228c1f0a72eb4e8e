"""Compile every text catalogue: golf/locale/<lang>/LC_MESSAGES/golf.po → golf.mo beside it.

Run after editing or merging a ``.po`` (``python scripts/compile_catalogues.py``);
``tests/engine/test_translations.py`` fails while a ``.mo`` differs from its ``.po``. With
``--check`` it only says which are out of date (exit 1).
"""

from __future__ import annotations

import sys
from pathlib import Path

from golf.core.pofile import compile_mo, read_po

LOCALE = Path(__file__).resolve().parent.parent / "golf" / "locale"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        data = compile_mo(read_po(po))
        if mo.is_file() and mo.read_bytes() == data:
            continue
        stale.append(mo)
        if not check:
            mo.write_bytes(data)
            print(f"compiled {mo.relative_to(LOCALE.parent.parent)}")
    if check and stale:
        print(
            "out of date: "
            + ", ".join(str(m) for m in stale)
            + " (run scripts/compile_catalogues.py)"
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
