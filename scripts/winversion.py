"""The Windows program's version resource (Properties → Details), made from the game's version.

``build.spec`` writes :func:`version_file` into PyInstaller's work folder and passes it as
``EXE(version=...)`` on Windows, with the version read from ``pyproject.toml`` (the one place it
is written): file and product version, company, product and file names, copyright. It is
PyInstaller's version-file form (what ``pyi-grab_version`` prints for a built program), text
that PyInstaller reads on Windows only; ``python scripts/winversion.py`` prints it on any system.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

__all__ = ["COMPANY", "PRODUCT", "numbers", "project_version", "version_file"]

ROOT = Path(__file__).resolve().parents[1]
COMPANY = "The Golf authors"
PRODUCT = "Golf"
DESCRIPTION = "Golf solitaire and six-card Golf"


def project_version() -> str:
    """The game's version as ``pyproject.toml`` writes it."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        return str(tomllib.load(file)["project"]["version"])


def numbers(version: str) -> tuple[int, int, int, int]:
    """The four numbers Windows keeps of a version: ``0.1.0`` → (0, 1, 0, 0); a suffix
    (``1.2.0rc1``, ``1.2.0.dev3``) is dropped, the text fields keep it whole."""
    match = re.match(r"\d+(?:\.\d+){0,3}", version)
    found = [int(n) for n in match.group(0).split(".")] if match else []
    found += [0] * (4 - len(found))
    return (found[0], found[1], found[2], found[3])


def version_file(version: str, program: str = "golf.exe") -> str:
    """PyInstaller's version file for ``program`` at ``version``."""
    fixed = numbers(version)
    strings = {
        "CompanyName": COMPANY,
        "FileDescription": DESCRIPTION,
        "FileVersion": version,
        "InternalName": Path(program).stem,
        "LegalCopyright": f"© {COMPANY}. MIT licence.",
        "OriginalFilename": program,
        "ProductName": PRODUCT,
        "ProductVersion": version,
    }
    table = ",\n".join(f"          StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return f"""# UTF-8
# The version resource of {program}, made by scripts/winversion.py from pyproject.toml.
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={fixed},
    prodvers={fixed},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable('040904B0', [
{table}
      ])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


if __name__ == "__main__":
    print(version_file(sys.argv[1] if len(sys.argv) > 1 else project_version()), end="")
