"""Every process pool of the product, the benchmarks and the tests starts its processes with
spawn (or forkserver), never fork: the window and a test run have threads (pygame's mixer among
them), and a forked copy of a process with threads can deadlock. Read from the source, so a new
pool that forgets it fails here at once (the test run's guard, tests/layer_guard.py, refuses a
fork-started process too, but only on the paths the tests take)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("golf", "golfcli", "golfnet", "scenes", "bench", "scripts", "tests")
SAFE = {"spawn", "forkserver"}


def forks(source: str) -> list[tuple[int, str]]:
    """The lines of ``source`` that start processes with the default or the fork method."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        owner = func.value if isinstance(func, ast.Attribute) else None
        owner_name = getattr(owner, "id", "")
        if name in ("Pool", "Process") and owner_name == "multiprocessing":
            out.append((node.lineno, f"multiprocessing.{name} (the default method)"))
        elif name == "ProcessPoolExecutor" and not any(
            k.arg == "mp_context" for k in node.keywords
        ):
            out.append((node.lineno, "ProcessPoolExecutor without mp_context"))
        elif name in ("get_context", "set_start_method"):
            method = node.args[0] if node.args else None
            if not (isinstance(method, ast.Constant) and method.value in SAFE):
                out.append((node.lineno, f"{name} without spawn or forkserver"))
    return out


def test_the_reader_finds_each_kind_of_fork() -> None:
    source = (
        "import multiprocessing\n"
        "from concurrent.futures import ProcessPoolExecutor\n"
        "multiprocessing.Pool(2)\n"
        "ProcessPoolExecutor(max_workers=2)\n"
        "multiprocessing.get_context('fork').Pool(2)\n"
        "multiprocessing.get_context().Pool(2)\n"
        "multiprocessing.get_context('spawn').Pool(2)\n"
        "ProcessPoolExecutor(2, mp_context=multiprocessing.get_context('spawn'))\n"
    )
    assert [line for line, _ in forks(source)] == [3, 4, 5, 6]


def test_every_pool_spawns() -> None:
    found = []
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for line, what in forks(path.read_text(encoding="utf-8")):
                found.append(f"{path.relative_to(ROOT)}:{line}: {what}")
    assert found == []
