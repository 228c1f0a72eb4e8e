"""The six-card seed, exact (issue 36, item 8): the players per grid asked in one place, the cut
and the glossary's column pair in every new game (older codes keeping their meaning), and one
French word for a move.

The seed's lines (``../shared/seeds/rules-six-card-golf-fr.txt``): "De 2 à 6 joueurs pour le
Golf à 6 cartes", Polish Polka "De 3 à 7 joueurs", the 9-card grid "pour 3 à 6 joueurs"; "le
premier donneur est désigné par une coupe (la carte la plus basse donne)"; "Paire de colonne :
deux cartes de même rang dans la même colonne de votre grille ; elles s'annulent à 0."
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from golf.core.cards import parse_card
from golf.core.pofile import read_po
from golf.sixcard.codes import format_code, parse_code
from golf.sixcard.game import cut_cards, first_dealer, lowest_cut, new_game
from golf.sixcard.rules import NEW_GAME, STANDARD, SixRules, grid_score, new_rules
from golfnet.protocol import BadMessage, Create
from golfnet.room import RoomConfig

ROOT = Path(__file__).resolve().parents[2]
FRENCH = ROOT / "golf" / "locale" / "fr" / "LC_MESSAGES" / "golf.po"


# ----------------------------------------------------------------- players per grid
@pytest.mark.parametrize(("grid", "low", "high"), [(2, 2, 6), (4, 3, 7), (6, 2, 6), (9, 3, 6)])
def test_a_new_game_seats_the_seeds_range_and_nothing_else(grid: int, low: int, high: int) -> None:
    rules = new_rules(grid=grid)
    assert [p for p in range(1, 9) if rules.seats_new(p)] == list(range(low, high + 1))
    for players in (low - 1, high + 1):
        with pytest.raises(ValueError, match=f"^a {grid}-card game is for {low} to {high}"):
            rules.check_new_table(players)


def test_a_refused_count_is_one_line_in_english_and_in_french() -> None:
    rules = new_rules(grid=9)
    assert rules.players_refused(2) == "a 9-card game is for 3 to 6 players, not 2"
    assert rules.players_refused(2, "fr") == "une partie à 9 cartes se joue de 3 à 6 joueurs, pas 2"
    assert new_rules(grid=4).players_refused(2, "fr") == (
        "une partie à 4 cartes se joue de 3 à 7 joueurs, pas 2"
    )


def test_older_two_player_codes_still_read_but_no_new_game_seats_them() -> None:
    for grid in (4, 9):
        old = SixRules(grid=grid)  # type: ignore[arg-type]
        assert old.seats_players(2) and not old.seats_new(2)
        assert parse_code(format_code(5, 2, old)).players == 2


@pytest.mark.parametrize(("grid", "players"), [(9, 2), (4, 2), (6, 7), (9, 7)])
def test_a_network_room_refuses_a_count_its_grid_does_not_seat(grid: int, players: int) -> None:
    create = Create(name="Ann", seats=("person",) * players, rules={"grid": grid})
    with pytest.raises(BadMessage, match=f"{grid}-card game is for"):
        RoomConfig.read(create)


# ----------------------------------------------------------------- the cut
def test_every_new_game_is_dealt_after_the_seeds_cut_and_its_code_says_so() -> None:
    assert NEW_GAME.cut and not STANDARD.cut
    for grid in (2, 4, 6, 9):
        rules = new_rules(grid=grid)
        assert rules.cut
        code = format_code(11, 3, rules)
        assert code.endswith("C") and parse_code(code).rules == rules
        state = new_game(11, 3, rules)
        assert state.cut == cut_cards(11, 3)
        assert state.dealer == lowest_cut(cut_cards(11, 3)) == first_dealer(11, 3, rules)


def test_a_network_room_that_leaves_the_rules_out_gets_a_new_games() -> None:
    config = RoomConfig.read(Create("Ann", ("person", "easy", "easy"), rules={"grid": 9}))
    assert config.rules == new_rules(grid=9) and config.rules.cut and config.rules.pairs
    config = RoomConfig.read(Create("Ann", ("person", "easy")))
    assert config.rules == NEW_GAME
    asked = RoomConfig.read(Create("Ann", ("person", "easy"), rules={"cut": False}))
    assert not asked.rules.cut  # a rule given stays as given


def test_codes_written_before_keep_their_first_dealer() -> None:
    assert parse_code("G6-4-AAAAAAH").rules == STANDARD
    assert new_game(7, 4).dealer == 7 % 4  # no cut: seat n mod players, as before


# ----------------------------------------------------------------- the column of three
def _c(token: str) -> int:
    return parse_card(token)


def test_a_new_nine_card_game_reads_a_pair_in_a_column_as_the_glossary() -> None:
    fill = [_c("K♣"), _c("K♦")]  # columns 2 and 3 hold kings (0 points)
    grid = [_c("A♣"), *fill, _c("A♦"), *fill, _c("5♠"), *fill]  # column 1: A, A, 5
    assert new_rules(grid=9).pairs
    assert grid_score(grid, new_rules(grid=9)) == 5  # the pair cancels, the 5 counts
    assert grid_score(grid, new_rules(grid=9, pairs=False)) == 7  # the switch: three alike
    assert format_code(1, 3, new_rules(grid=9)) == "G6-3-AAAAAAB-V9MC"
    assert format_code(1, 3, new_rules(grid=9, pairs=False)) == "G6-3-AAAAAAB-V9C"


def test_an_older_code_without_m_keeps_the_three_alike_reading() -> None:
    assert not parse_code("G6-3-AAAAAAB-V9").rules.pairs
    assert not parse_code("G6-3-AAAAAAB-V9C").rules.pairs
    assert parse_code("G6-3-AAAAAAB-V9MC").rules == new_rules(grid=9)


def test_a_form_that_makes_a_line_of_three_starts_it_with_the_glossarys_pair() -> None:
    assert NEW_GAME.changed(grid=9).pairs  # the 6-card grid had no line of three
    assert NEW_GAME.changed(row_cancel=True).pairs  # rows of three with the row rule
    assert not NEW_GAME.changed(grid=9, pairs=False).pairs  # the switch chosen stays
    chosen = new_rules(grid=9, pairs=False)
    assert not chosen.changed(knock=True).pairs  # other changes keep the reading chosen
    assert not NEW_GAME.changed(grid=4).pairs  # no line of three: no letter M


# ----------------------------------------------------------------- one French word for a move
def test_the_french_catalogue_calls_a_move_coup_never_action() -> None:
    """The French board description says "Plus aucun coup possible" (SPEC §4): every French
    text says "coup(s)" for a move; ``{action}`` placeholders are no words."""
    found = []
    for entry in read_po(FRENCH):
        for value in entry.msgstr.values():
            words = re.sub(r"\{[^}]*\}", "", value)
            if re.search(r"\bactions?\b", words, re.IGNORECASE):
                found.append((entry.key, value))
    assert found == []


def test_the_french_move_counter_and_history_say_coups() -> None:
    entries = {e.key: e for e in read_po(FRENCH)}
    for key in ("hud.moves", "over.moves", "scores.moves", "history.col.moves"):
        assert entries[key].msgstr[0] == "Coups"
    assert entries["history.moves"].msgstr == {0: "{count} coup", 1: "{count} coups"}
    assert entries["hud.moves"].msgid == "Moves"  # English unchanged
