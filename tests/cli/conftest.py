"""The command line's tests read its English unless they ask for another language: the
environment's language variables, which name the language of a run that has no ``--lang``
(``golfcli.language``), are set to the C locale for every test here."""

from __future__ import annotations

import pytest

from golfcli.language import ENVIRONMENT


@pytest.fixture(autouse=True)
def english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
