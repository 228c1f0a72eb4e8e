"""Issue 33's faults in real processes: ``bench/attack_cli.py``'s cases for the log file, the
crash reports and the options file (each fails on the code before: a start that hung on a FIFO
at ``golf.log``, 265 lines of tracebacks on a full disk, 31 reports kept, a crash that left
half-written reports, ``animation: off`` animated at "normal", a full disk that lost every
option). The in-process checks: ``tests/cli/test_logs_crash.py``,
``tests/window/test_settings_words.py``."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

_BENCH = Path(__file__).resolve().parents[2] / "bench" / "attack.py"
_spec = importlib.util.spec_from_file_location("attack", _BENCH)
assert _spec is not None and _spec.loader is not None
attack = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("attack", attack)
_spec.loader.exec_module(attack)

CASES = {case.__name__: case for case in attack.all_cases()}
FAULTS = (
    "log_fifo",
    "log_folder",
    "log_full_disk",
    "crash_folder_fifo",
    "crash_folder_file",
    "crash_folder_30_reports",
    "crash_full_disk",
    "settings_animation_off",
    "settings_wrong_type",
    "settings_wrong_type_full_disk",
)


@pytest.mark.parametrize("name", FAULTS)
def test_the_fault_is_held(name: str) -> None:
    result = attack.run_case(CASES[name])
    assert result.ok and result.lost == 0, result
