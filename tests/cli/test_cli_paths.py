"""The command line's checks of the names it is given (``golfcli.paths``): a file to write is
tried without changing anything, a name is measured in bytes, and errors are one short line."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pytest

from golfcli.paths import folder, name_problem, os_error_text, output_file, shown


def test_a_file_to_write_is_tried_and_nothing_is_left(tmp_path: Path) -> None:
    kept = tmp_path / "kept.yaml"
    kept.write_text("the player's replay\n", encoding="utf-8")
    assert output_file(str(kept)) == kept
    assert output_file(str(tmp_path / "new.png")) == tmp_path / "new.png"
    assert kept.read_text(encoding="utf-8") == "the player's replay\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.yaml"]


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda t: t, "a folder"),
        (lambda t: t / "missing" / "x.png", "does not exist"),
        (lambda t: t / "a-file" / "x.png", "is not a folder"),
        (lambda t: t / "null", "not a regular file"),
        (lambda t: t / "pipe", "not a regular file"),
        (lambda t: t / ("x" * 256), "256 bytes long, more than 255"),
    ],
    ids=["folder", "missing-folder", "file-as-folder", "device", "fifo", "long-part"],
)
def test_a_file_that_cannot_be_written_is_refused(tmp_path: Path, make, said: str) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    (tmp_path / "null").symlink_to("/dev/null")
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(argparse.ArgumentTypeError, match=said):
        output_file(str(make(tmp_path)))


def test_a_name_is_measured_in_bytes() -> None:
    four_bytes = "\U0001f0a1"  # a playing card: 4 bytes in UTF-8
    assert name_problem(four_bytes * 63) is None  # 252 bytes
    assert name_problem(four_bytes * 64) == "a part of the name is 256 bytes long, more than 255"
    assert name_problem("a" * 5000) == "the name is 5,000 bytes long, more than 4,095"
    assert name_problem("") == "an empty name"


def test_a_folder_is_a_folder_or_nothing_yet(tmp_path: Path) -> None:
    assert folder(str(tmp_path / "to-make")) == tmp_path / "to-make"
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    with pytest.raises(argparse.ArgumentTypeError, match="not a folder"):
        folder(str(tmp_path / "a-file"))


def test_messages_name_a_long_path_shortly() -> None:
    long = "/tmp/" + "a" * 5000
    text = os_error_text(OSError(36, "File name too long", long))
    assert len(text) < 150 and "(5,005 characters): File name too long" in text
    assert shown("a\nb") == "a\\nb"
