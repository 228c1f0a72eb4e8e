"""The test layers, enforced: a test that starts a program or a process, opens a socket or a
window without its layer's marker fails at once, saying which marker it needs.

The layers (docs/development.md): a test with none of the markers below (nor ``slow``) is in
the fast layer, which ``make test-fast`` runs first; the others say what they need.

- ``window``: opens a pygame display, even under SDL's dummy driver;
- ``processes``: starts programs or processes (a subprocess, a process pool, kill -9);
- ``network``: opens sockets (a server, a client, a proxy);
- ``build``: builds a package (wheel, sdist, the standalone program).

A test's folder gives its usual markers (``tests/window/`` → window and processes,
``tests/net/`` → network and processes, ``tests/packaging/`` → build, ``tests/bench/`` →
processes: :data:`FOLDER_MARKERS`); a test marks anything more itself. The guard is one audit hook (``subprocess.Popen``, ``os.fork``,
``os.posix_spawn``, ``os.exec``, ``socket.bind``, ``socket.connect``), a wrapper around
``multiprocessing``'s process start (which raises no audit event of its own), and a look at
pygame's display after the test.
"""

from __future__ import annotations

import multiprocessing.popen_fork
import multiprocessing.process
import sys
from collections.abc import Callable, Iterator
from typing import Any, Final

LAYER_MARKERS: Final = {
    "window": "opens a pygame display (SDL's dummy driver too)",
    "processes": "starts programs or processes (subprocess, process pools, kill -9)",
    "network": "opens sockets (servers, clients, proxies)",
    "build": "builds a package (wheel, sdist, the standalone program)",
}
"""Every layer marker, with what a test marked so may do (registered in tests/conftest.py)."""

SLOW: Final = (
    "slow",
    "a deep check that takes seconds (every variant, thousands of games): it needs nothing "
    "the fast layer lacks, but runs in the second part of the suite; one case of it stays fast",
)
"""Not a layer of its own: a test that needs nothing but time, kept out of the fast layer."""

FOLDER_MARKERS: Final = {
    # the window starts the solver's processes as it does for a player (spawned, at the title)
    "window": ("window", "processes"),
    # servers and clients; bots and servers in processes of their own
    "net": ("network", "processes"),
    "packaging": ("build", "processes"),
    "bench": ("processes",),
}
"""The markers every test of a folder of tests/ has."""


_EVENTS: Final = {
    "subprocess.Popen": "processes",
    "os.fork": "processes",
    "os.forkpty": "processes",
    "os.posix_spawn": "processes",
    "os.exec": "processes",
    "os.system": "processes",
    "socket.bind": "network",
    "socket.connect": "network",
}

_allowed: frozenset[str] | None = None
"""The markers of the test now running (None between tests: anything goes)."""


class LayerError(BaseException):
    """A test did what its layer does not allow (a BaseException: no `except Exception` of the
    code under test may take it for one of its own errors)."""


def _refuse(need: str, what: str) -> None:
    if _allowed is not None and need not in _allowed:
        raise LayerError(
            f"this test {what}: mark it @pytest.mark.{need} or move it to its layer's folder "
            "(docs/development.md, tests/layer_guard.py)"
        )


def _audit(event: str, args: tuple[Any, ...]) -> None:
    need = _EVENTS.get(event)
    if need is not None and _allowed is not None and need not in _allowed:
        if need == "network" and _is_local_unix(args):
            return
        _refuse(need, f"raised the audit event {event}")


def _is_local_unix(args: tuple[Any, ...]) -> bool:
    """A socket bound or connected to a path (asyncio's own socket pair never binds)."""
    return len(args) >= 2 and isinstance(args[1], str | bytes)


_real_start: Callable[[multiprocessing.process.BaseProcess], None] | None = None


def _start(self: multiprocessing.process.BaseProcess) -> None:
    _refuse("processes", "starts a process")
    assert _real_start is not None
    _real_start(self)


def _no_fork(self: Any, process_obj: Any) -> None:
    """Forking a test process can deadlock: pygame's mixer and other threads run in it."""
    raise LayerError(
        "a process started with the fork method: use multiprocessing.get_context('spawn') "
        "(forking a process with threads can deadlock)"
    )


def install() -> None:
    """The audit hook and the process start's wrapper, once per test process."""
    global _real_start
    if _real_start is not None:
        return
    sys.addaudithook(_audit)
    _real_start = multiprocessing.process.BaseProcess.start
    multiprocessing.process.BaseProcess.start = _start  # type: ignore[method-assign]
    multiprocessing.popen_fork.Popen._launch = _no_fork  # type: ignore[method-assign]


def _display_open() -> bool:
    pygame = sys.modules.get("pygame")
    display = getattr(pygame, "display", None)
    return bool(display is not None and display.get_init())


def guarded(markers: frozenset[str]) -> Iterator[None]:
    """Run one test under the guard of its markers (a generator for a pytest fixture)."""
    global _allowed
    opened_before = _display_open()
    _allowed = markers
    try:
        yield
    finally:
        _allowed = None
    if "window" not in markers and not opened_before and _display_open():
        raise LayerError(
            "this test opened a pygame display: mark it @pytest.mark.window or move it "
            "to tests/window/ (docs/development.md)"
        )
