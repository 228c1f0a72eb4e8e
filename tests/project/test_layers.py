"""The layers, read from every import in the source: ``golfcli`` → ``scenes`` → ``golfnet`` →
``golf``.

Every import statement counts — at module level, inside functions, under ``if TYPE_CHECKING:``
and ``importlib.import_module("...")`` with a literal name — since a lazy import is still an
arrow between modules. (Whether pygame gets *loaded* by the headless parts is checked by running
them: tests/engine/test_engine.py, test_store.py, test_sixcard_game.py, test_cli.py.)
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("golf", "golfnet", "golfcli", "scenes", "golf_pytest")


@dataclass(frozen=True)
class Arrow:
    """One import: the importing module, the name imported (resolved) and where."""

    source: str
    target: str
    where: str

    def __str__(self) -> str:
        return f"{self.where}: {self.source} imports {self.target}"


def module_name(path: Path) -> str:
    """``golf/core/cards.py`` → ``golf.core.cards``; a package's ``__init__`` is the package."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules() -> dict[str, Path]:
    """Every module of the three packages, and ``main.py``."""
    found = {"main": ROOT / "main.py"}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


def _absolute(module: str, is_package: bool, level: int, name: str | None) -> str:
    """The absolute name of ``from <level dots><name> import ...`` written in ``module``."""
    if level == 0:
        return name or ""
    parts = module.split(".")
    if not is_package:
        parts = parts[:-1]  # a module's dots start from its package
    parts = parts[: len(parts) - (level - 1)]
    return ".".join([*parts, *([name] if name else [])])


def imported_names(source: str, module: str, is_package: bool = False) -> Iterator[tuple[str, int]]:
    """Every name ``source`` imports, resolved, with its line: ``import a.b`` gives ``a.b``;
    ``from a import b`` gives ``a`` and ``a.b`` (b may be a module); a literal
    ``importlib.import_module("a.b")`` (or ``__import__``) gives ``a.b``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(module, is_package, node.level, node.module)
            yield base, node.lineno
            for alias in node.names:
                if alias.name != "*":
                    yield f"{base}.{alias.name}", node.lineno
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            first = node.args[0] if node.args else None
            if (
                called in ("import_module", "__import__")
                and isinstance(first, ast.Constant)
                and isinstance(first.value, str)
            ):
                yield first.value, node.lineno


@functools.cache
def arrows() -> tuple[Arrow, ...]:
    """Every arrow from a project module: to another project module (the longest project name
    that the imported name starts with), or to an outside package (its top name). Read once
    per test process (the source does not change during a run)."""
    modules = project_modules()
    out: list[Arrow] = []
    for module, path in modules.items():
        source = path.read_text(encoding="utf-8")
        is_package = path.name == "__init__.py"
        for name, line in imported_names(source, module, is_package):
            target = name
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if not target:
                target = name.split(".")[0]  # outside the project: its top package
            if target != module:
                where = f"{path.relative_to(ROOT)}:{line}"
                out.append(Arrow(module, target, where))
    return tuple(out)


def _layer(module: str) -> str:
    return module.split(".")[0]


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


# --- the reader itself ----------------------------------------------------------------------------


def test_the_reader_sees_every_kind_of_import() -> None:
    source = (
        "from __future__ import annotations\n"
        "import importlib\n"
        "from typing import TYPE_CHECKING\n"
        "from . import sibling\n"
        "from ..core.cards import card_token\n"
        "if TYPE_CHECKING:\n"
        "    from scenes.core.manager import App\n"
        "def later() -> None:\n"
        "    import golfcli.commands\n"
        "    importlib.import_module('scenes.app')\n"
    )
    names = {name for name, _ in imported_names(source, "golf.solitaire.engine")}
    assert {
        "golf.solitaire",
        "golf.solitaire.sibling",
        "golf.core.cards",
        "golf.core.cards.card_token",
        "scenes.core.manager",
        "golfcli.commands",
        "scenes.app",
    } <= names
    # in a package's __init__, one dot is the package itself
    assert ("golf.core.cards", 1) in imported_names("from .cards import x\n", "golf.core", True)


def test_the_reader_finds_the_project() -> None:
    modules = project_modules()
    assert {"main", "golf.core.cards", "golfcli.main", "scenes.app"} <= set(modules)
    found = {(a.source, a.target) for a in arrows()}
    assert ("main", "golfcli.main") in found
    assert ("golfcli.commands", "golfcli.solver") in found  # an import inside a function


# --- the layers -----------------------------------------------------------------------------------


def test_the_engine_imports_neither_the_screens_nor_the_command_line_nor_pygame() -> None:
    wrong = [
        str(a)
        for a in arrows()
        if _layer(a.source) == "golf"
        and _layer(a.target) in ("scenes", "golfcli", "golfnet", "pygame", "websockets", "main")
    ]
    assert wrong == []


def test_the_network_layer_imports_neither_the_screens_nor_the_command_line_nor_pygame() -> None:
    wrong = [
        str(a)
        for a in arrows()
        if _layer(a.source) == "golfnet"
        and _layer(a.target) in ("scenes", "golfcli", "pygame", "main")
    ]
    assert wrong == []


def test_the_screens_never_import_the_command_line() -> None:
    wrong = [
        str(a)
        for a in arrows()
        if _layer(a.source) == "scenes" and _layer(a.target) in ("golfcli", "main")
    ]
    assert wrong == []


def test_only_the_entry_imports_main_py() -> None:
    assert [str(a) for a in arrows() if a.target == "main"] == []


def test_no_import_circle() -> None:
    modules = project_modules()
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for a in arrows():
        if a.target in modules:
            edges[a.source].add(a.target)
    assert circles(edges) == []


def test_the_circle_finder_finds_a_circle() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(edges) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


# --- the floors within the layers -----------------------------------------------------------------

GAMES = ("solitaire", "sixcard")


def floor(module: str) -> int:
    """How high a module sits (docs/architecture.md): the shared core of the engine (0), each
    game's engine (1), what reads both games (2); the network layer (3); the window's core (4),
    each game's screens (5), the screens both games share and the moves between screens (6);
    the command line and pytest's plugin for replays (7), ``main.py`` (8). An arrow may only go
    down or stay on its floor."""
    parts = module.split(".")
    top, second = parts[0], parts[1] if len(parts) > 1 else ""
    if top == "main":
        return 8
    if top in ("golfcli", "golf_pytest"):  # the entry layers: the command line, pytest's plugin
        return 7
    if top == "golf":
        return 0 if second == "core" else 1 if second in GAMES else 2
    if top == "golfnet":
        return 3
    return 4 if second in ("core", "") else 5 if second in GAMES else 6


def test_every_module_has_its_floor() -> None:
    assert floor("golf.core.cards") < floor("golf.sixcard.game") < floor("golf.replay_files")
    assert floor("golf.replay_files") < floor("golfnet.server") < floor("scenes.core.manager")
    assert floor("scenes.core.manager") < floor("scenes.solitaire.game")
    assert floor("scenes.solitaire.game") < floor("scenes.title") < floor("golfcli.main")
    assert floor("golfcli.main") < floor("main")


def test_no_arrow_climbs_back_up() -> None:
    modules = project_modules()
    up = [str(a) for a in arrows() if a.target in modules and floor(a.source) < floor(a.target)]
    assert up == []


def test_the_two_games_never_import_each_other() -> None:
    def game(module: str) -> str:
        parts = module.split(".")
        return parts[1] if len(parts) > 1 and parts[1] in GAMES else ""

    modules = project_modules()
    crossing = [
        str(a)
        for a in arrows()
        if a.target in modules and "" != game(a.source) != game(a.target) != ""
    ]
    assert crossing == []
