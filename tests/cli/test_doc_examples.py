"""The docs' ``describe`` examples run as written (README's command line, and the actions of
docs/replay-format.md's): a doc is a reference that stays true."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from golfcli import commands as cli

ROOT = Path(__file__).resolve().parents[2]


def _readme_examples(command: str) -> list[list[str]]:
    """The README's ``python main.py COMMAND …`` lines, as argument lists."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Command line", 1)[1].split("\n## ", 1)[0]
    prefix = f"python main.py {command} "
    return [
        shlex.split(line, comments=True)[2:]
        for line in section.splitlines()
        if line.startswith(prefix)
    ]


DESCRIBE = _readme_examples("describe")


def test_the_readme_has_describe_examples_with_actions() -> None:
    assert len(DESCRIBE) >= 2 and any("--actions" in argv for argv in DESCRIBE)


@pytest.mark.parametrize("argv", DESCRIBE, ids=" ".join)
def test_a_readme_describe_example_runs(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(argv) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.splitlines()[0] == argv[1]


def test_the_replay_format_describe_actions_are_the_readme_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = (ROOT / "docs" / "replay-format.md").read_text(encoding="utf-8")
    found = re.search(r'python main\.py describe CODE .*--actions "([^"]+)"', text)
    assert found is not None
    readme = next(argv for argv in DESCRIBE if "--actions" in argv)
    assert readme[readme.index("--actions") + 1] == found.group(1)
    assert cli.main(["describe", readme[1], "--actions", found.group(1)]) == 0
    assert capsys.readouterr().err == ""
