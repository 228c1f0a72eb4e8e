"""A replay file the reader refuses, said in each language (``ReplayError.said``): the place
and what is wrong, in English exactly as ``str()`` has it after the file's name, and in
French; a message that is another module's text stays English whole, never half translated."""

from __future__ import annotations

import pytest

from golf.solitaire.replay import ReplayError, loads
from tests.engine.test_bad_input import LAYOUT, RULES_EASY, doc, script


def error_of(text: str) -> ReplayError:
    with pytest.raises(ReplayError) as info:
        loads(text, "bad.yaml")
    return info.value


CASES = [
    (
        doc(rules=RULES_EASY.replace("  draw: any\n", "")),
        "rules (ligne 4) : clé manquante 'draw' (attendu : king_ace, queen_on_king, draw, "
        "jokers, empty_waste, scoring)",
    ),
    (
        doc(head="format: 1\ncode: no\n"),
        "code (ligne 2) : attendu : un code de partie comme GO1-E-AAAAAAA, obtenu : no : "
        "YAML lit no comme false ; mettez-le entre guillemets",
    ),
    (
        doc(actions="actions:\n  - draw\n  - jump 2\n"),
        "actions[1] (ligne 12) : 'jump 2' n'est pas un coup (attendu : draw, undo, redo, "
        "play N avec N de 1 à 7, ou play N row R avec R de 1 à 5 ; ou {do: action, t: seconds})",
    ),
    (
        doc(head="format: 1\ncode: GO1-C-AAAAAAB\n"),
        "rules (ligne 2) : les règles ne correspondent pas au code GO1-C-AAAAAAB : king_ace "
        "vaut true mais le code dit false",
    ),
    (doc(head="format: 1\ncode: GO1-E-AAAAAAB\n", actions="actions: [*a]\n"), None),
]


@pytest.mark.parametrize(("text", "french"), CASES)
def test_a_refused_file_says_where_and_what_in_each_language(text: str, french: str | None) -> None:
    err = error_of(text)
    assert f"bad.yaml: {err.said('en')}" == str(err)
    said = err.said("fr")
    assert said != err.said("en")
    if french is not None:
        assert said == french


def test_another_module_s_text_stays_english_whole() -> None:
    err = error_of(script(LAYOUT.replace("6♥]", "11♥]")))
    assert "'11♥' is not a card" in err.what
    assert err.said("fr") == err.said("en") == str(err).removeprefix("bad.yaml: ")
