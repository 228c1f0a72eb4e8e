"""Property-based fuzzing (Hypothesis) of the replay loader, the code parser and the command line,
and a short run of ``bench/fuzz.py`` (the long one: ``python bench/fuzz.py --cases 100000``)."""

from __future__ import annotations

import importlib.util
import logging
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("golf_bench_fuzz", ROOT / "bench" / "fuzz.py")
assert _spec is not None and _spec.loader is not None
fuzz = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("golf_bench_fuzz", fuzz)
_spec.loader.exec_module(fuzz)

FUZZ = settings(max_examples=150, suppress_health_check=list(HealthCheck))

# YAML-ish text: the characters that matter to the reader, and some that should not
yaml_text = st.text(
    alphabet=st.sampled_from(list("abcdefgpryu0123456789 -:,.'\"[]{}#&*!|>?%@\n\t\\éé♠")),
    max_size=300,
)


@pytest.fixture(autouse=True)
def _quiet(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    logging.disable(logging.WARNING)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    yield
    logging.disable(logging.NOTSET)


@FUZZ
@given(st.one_of(yaml_text, st.text(max_size=200)))
def test_replay_loader_takes_any_text(text: str) -> None:
    assert fuzz.replay_case(text) in ("ok", "refused")


@FUZZ
@given(st.sampled_from(fuzz.SAMPLES), st.randoms(use_true_random=False))
def test_replay_loader_takes_mutated_samples(sample: str, rng: object) -> None:
    import random

    assert isinstance(rng, random.Random)
    assert fuzz.replay_case(fuzz.mutate(rng, sample)) in ("ok", "refused")


@FUZZ
@given(st.sampled_from(fuzz.SAMPLES), st.integers(0, 10_000), st.text(max_size=10))
def test_replay_loader_takes_cut_and_patched_samples(sample: str, cut: int, patch: str) -> None:
    cut %= len(sample) + 1
    assert fuzz.replay_case(sample[:cut] + patch + sample[cut:]) in ("ok", "refused")
    assert fuzz.replay_case(sample[:cut]) in ("ok", "refused")


def test_the_samples_load() -> None:
    """The mutations start from files that do load (else the fuzzing would test little)."""
    assert fuzz.SAMPLES and all(fuzz.replay_case(s) == "ok" for s in fuzz.SAMPLES)


@FUZZ
@given(st.one_of(st.text(max_size=30), st.from_regex(r"[gG][oO]1-[A-Z]{1,2}-[A-Z]{0,9}")))
def test_code_parser_takes_any_text(text: str) -> None:
    assert fuzz.code_case(text) in ("ok", "refused")


@FUZZ
@given(st.sampled_from(fuzz.CODES), st.randoms(use_true_random=False))
def test_code_parser_takes_mutated_codes(code: str, rng: object) -> None:
    import random

    assert isinstance(rng, random.Random)
    assert fuzz.code_case(fuzz.mutate(rng, code)) in ("ok", "refused")


@settings(max_examples=120, suppress_health_check=list(HealthCheck))
@given(st.randoms(use_true_random=False))
def test_command_line_ends_with_0_1_or_2(tmp_path: Path, rng: object) -> None:
    import random

    assert isinstance(rng, random.Random)
    argv = fuzz.random_argv(rng, tmp_path)
    assert fuzz.cli_case(argv) in ("exit 0", "exit 1", "exit 2")


@settings(max_examples=80, suppress_health_check=list(HealthCheck))
@given(st.lists(st.text(max_size=12), max_size=6))
def test_command_line_takes_any_tokens(tmp_path: Path, argv: list[str]) -> None:
    if argv[:1] == ["watch"]:
        argv.append("--headless")
    assert fuzz.cli_case(argv) in ("exit 0", "exit 1", "exit 2")


def test_cli_case_reports_a_bad_exit_status(monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness itself: an exit status other than 0, 1, 2 is a finding."""
    monkeypatch.setattr(fuzz.cli, "main", lambda argv, window=None: 3)
    with pytest.raises(AssertionError):
        fuzz.cli_case(["play"])


def test_short_bench_run_finds_no_uncaught_exception() -> None:
    lines: list[str] = []
    assert fuzz.run(600, seed=5, log=lines.append) == 0, "\n".join(lines)
    assert "600 cases" in lines[-1]
