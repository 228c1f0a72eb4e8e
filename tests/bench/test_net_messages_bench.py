"""bench/net_messages.py: it times decode and encode of each kind of message, and the same
texts through an earlier revision's protocol when asked."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench" / "net_messages.py"
TIMED = [
    "decode act",
    "encode act",
    "decode join",
    "decode create",
    "decode update",
    "encode update",
    "decode room",
    "encode_updates x4",
]


def _figures(*options: str) -> dict[str, list[float]]:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--quick", *options],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    lines = done.stdout.splitlines()
    assert "CPU µs a call" in lines[0]
    out = {}
    for line in lines[1:]:
        name, numbers = re.match(r"(.+?)\s+([\d. ]+)$", line).groups()  # type: ignore[union-attr]
        out[name.strip()] = [float(n) for n in numbers.split()]
    return out


def test_the_quick_run_times_each_kind_of_message() -> None:
    figures = _figures()
    assert list(figures) == TIMED
    assert all(len(f) == 1 and 0 < f[0] < 10_000 for f in figures.values())


def test_an_earlier_revision_is_timed_beside_it() -> None:
    if subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True).returncode:
        pytest.skip("not a git checkout")
    figures = _figures("--against", "HEAD")
    assert list(figures) == TIMED and all(len(f) == 2 for f in figures.values())
