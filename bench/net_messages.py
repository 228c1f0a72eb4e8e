"""What reading and writing the network's messages costs: ``golfnet.protocol``'s decode and
encode of a typical message of each kind, in microseconds of CPU a call.

    python bench/net_messages.py [--quick] [--against REV]

Each figure is the best of several rounds (``--quick``: fewer, shorter). With ``--against REV``
the same texts also go through the protocol of that git revision (``git show
REV:golfnet/protocol.py``, loaded beside this one), rounds interleaved so that the machine's
other work weighs on both alike; a revision from before the typed messages (2e050b0~1) is
called as it was (``encode(kind, **fields)``). ``encode_updates``, the update of one action
for four seats at once, is timed too.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import subprocess
import sys
import tempfile
import time
import timeit
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from golf.sixcard.game import new_game  # noqa: E402
from golf.sixcard.rules import SixRules  # noqa: E402
from golf.sixcard.view import seat_view  # noqa: E402
from golfnet import protocol  # noqa: E402


def _texts() -> dict[str, tuple[str, Any]]:
    """A typical message of each kind timed: its wire text and its typed value."""
    p = protocol
    view = p.view_data(seat_view(new_game(12345, 4, SixRules()), 0))
    seat = p.SeatInfo("Ann", "person", "medium", True, True, False)
    values: dict[str, Any] = {
        "act": p.Act(action="replace 1 2", at=17),
        "join": p.Join(code="ABCDEFGHJ", name="Bob"),
        "create": p.Create(
            name="Ann", seats=("person", "person", "easy"), rules={"cut": True}, timer=30, pause=0.5
        ),
        "update": p.Update(
            at=17, view=view, last=p.Last(seat=1, action="take stock", auto=False), deadline=12.5
        ),
        "room": p.RoomInfo(
            code="ABCDEFGHJ", seats=(seat,) * 4, rules=SixRules(), timer=30.0, host=0, started=True
        ),
    }
    return {kind: (p.encode(value), value) for kind, value in values.items()}


def _revision(rev: str) -> ModuleType:
    text = subprocess.run(
        ["git", "show", f"{rev}:golfnet/protocol.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    path = Path(tempfile.mkdtemp(prefix="golf-protocol-")) / "protocol_then.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("protocol_then", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["protocol_then"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _calls(module: ModuleType, texts: dict[str, tuple[str, Any]]) -> dict[str, Callable[[], Any]]:
    """What is timed, for ``module`` (this protocol, or a revision's)."""
    server, client = module.TO_SERVER, module.TO_CLIENT
    typed = hasattr(module, "Act")
    calls: dict[str, Callable[[], Any]] = {}
    for kind, (text, value) in texts.items():
        direction = server if kind in ("act", "join", "create") else client
        calls[f"decode {kind}"] = functools.partial(module.decode, text, direction, 1 << 20)
        if kind in ("act", "update"):
            if typed:  # the module's own value of the text
                own = module.decode(text, direction, 1 << 20) if module is not protocol else value
                calls[f"encode {kind}"] = functools.partial(module.encode, own)
            else:  # the dict protocol: a type and its fields
                fields = {k: v for k, v in json.loads(text).items() if k not in ("v", "type")}
                calls[f"encode {kind}"] = functools.partial(module.encode, kind, **fields)
    update = json.loads(texts["update"][0])
    views, lasts = [update["view"]] * 4, [update["last"]] * 4
    calls["encode_updates x4"] = lambda: module.encode_updates(17, views, lasts, 12.5)
    return calls


def _best(call: Callable[[], Any], number: int) -> float:
    return timeit.timeit(call, number=number, timer=time.process_time) / number


def main(quick: bool, against: str | None) -> int:
    rounds, scale = (3, 0.1) if quick else (15, 1.0)
    texts = _texts()
    now = _calls(protocol, texts)
    then = _calls(_revision(against), texts) if against else {}
    head = f"{'':<20} {'µs':>8}" + (f" {against[:12]:>14}" if against else "")
    print(f"{head}   (CPU µs a call, best of {rounds} rounds)")
    for name, call in now.items():
        number = max(10, int((500 if "room" in name or "updates" in name else 5000) * scale))
        best = best_then = float("inf")
        for _ in range(rounds):
            best = min(best, _best(call, number))
            if name in then:
                best_then = min(best_then, _best(then[name], number))
        line = f"{name:<20} {best * 1e6:8.2f}"
        if name in then:
            line += f" {best_then * 1e6:14.2f}"
        print(line)
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer and shorter rounds (CI)")
    parser.add_argument("--against", metavar="REV", help="also time this git revision's protocol")
    args = parser.parse_args()
    sys.exit(main(args.quick, args.against))
