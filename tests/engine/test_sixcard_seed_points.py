"""The seed's last points of six-card Golf (issue 17): the simultaneous opening, the cut for the
first dealer, the player counts per grid, the 2-card grid, the pair reading of lines of three,
and that codes and replay files written before them keep their meaning."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from golf.core.cards import DECK_SIZE, card_name, parse_card
from golf.core.translations import text
from golf.sixcard.actions import Action
from golf.sixcard.ai import LEVELS, make_opponent
from golf.sixcard.announce import Seats, action_said, cut_said, table_said
from golf.sixcard.codes import SixCodeError, format_code, parse_code
from golf.sixcard.game import (
    apply,
    cut_cards,
    cut_order,
    first_dealer,
    from_code,
    new_game,
)
from golf.sixcard.replay import SixReplay, dump, load, loads, verify
from golf.sixcard.rules import NEW_GAME, STANDARD, SixRules, base_card, grid_score
from golf.sixcard.simulate import play_game
from golf.sixcard.view import seat_view

REPLAYS = Path(__file__).resolve().parents[2] / "replays"


def _c(token: str) -> int:
    return parse_card(token)


# ----------------------------------------------------------------- the simultaneous opening
def test_no_seat_sees_another_seats_opening_choice_before_everyone_has_chosen() -> None:
    state = new_game(12345, 4)
    chosen: list[int] = []
    while state.phase == "opening":
        seat = state.to_move
        assert seat is not None
        for other in range(4):
            view = seat_view(state, other)
            for s in range(4):
                if s != other:
                    assert view.up[s] == 0 and all(c is None for c in view.grids[s])
            assert view.up[other] == state.up[other]  # one's own choices stay in sight
        state = apply(state, Action.parse("flip 1 1" if seat not in chosen else "flip 2 3"))
        chosen.append(seat)
    # the last choice made: every view shows every seat's two cards at once
    for other in range(4):
        view = seat_view(state, other)
        assert all(bin(u).count("1") == 2 for u in view.up)
        assert all(sum(c is not None for c in g) >= 2 for g in view.grids)


def test_the_computers_choose_without_seeing_the_others_choices() -> None:
    # Two games alike but for the opening cards the earlier seats chose: every later seat sees
    # the same view and every level decides the same.
    a = b = new_game(777, 4)
    first = a.to_move
    a = apply(apply(a, Action.parse("flip 1 1")), Action.parse("flip 1 2"))
    b = apply(apply(b, Action.parse("flip 2 3")), Action.parse("flip 1 3"))
    later = a.to_move
    assert later is not None and later != first and a.up != b.up
    assert seat_view(a, later) == seat_view(b, later)
    for level in LEVELS:
        one = make_opponent(level, 5).decide(seat_view(a, later))
        two = make_opponent(level, 5).decide(seat_view(b, later))
        assert one == two


# ----------------------------------------------------------------- the cut
def test_the_cut_gives_each_seat_a_card_of_one_deck_and_the_lowest_deals() -> None:
    seen_dealers = set()
    for number in range(200):
        cards = cut_cards(number, 5)
        assert len(set(cards)) == 5 and all(0 <= c < DECK_SIZE for c in cards)  # no joker
        assert cut_cards(number, 5) == cards  # from the code alone
        assert cut_cards(number, 3) == cards[:3]  # seat s always takes the s-th card
        dealer = first_dealer(number, 5, NEW_GAME)
        assert all(cut_order(cards[dealer]) < cut_order(c) for c in cards if c != cards[dealer])
        seen_dealers.add(dealer)
        state = new_game(number, 5, NEW_GAME)
        assert state.dealer == dealer and state.seats[0] == (dealer + 1) % 5
        assert new_game(number, 5, STANDARD).dealer == number % 5  # without the cut: as before
    assert seen_dealers == set(range(5))


def test_a_tie_of_ranks_in_the_cut_goes_to_the_lower_suit() -> None:
    # clubs, diamonds, hearts, spades (the bridge order); ace low, king high
    assert cut_order(_c("A♠")) < cut_order(_c("2♣"))
    assert cut_order(_c("7♣")) < cut_order(_c("7♦")) < cut_order(_c("7♥")) < cut_order(_c("7♠"))
    assert cut_order(_c("Q♠")) < cut_order(_c("K♣"))


def test_the_cut_is_the_code_letter_c_and_the_setup_windows_new_games_use_it() -> None:
    code = format_code(7, 4, NEW_GAME)
    assert code == "G6-4-AAAAAAH-VC"
    assert parse_code(code).rules == NEW_GAME
    assert parse_code("G6-4-AAAAAAH").rules == STANDARD  # a three-part code: no cut
    assert parse_code("g6-3-aaaaaab-v9kc").rules == SixRules(grid=9, knock=True, cut=True)
    assert from_code(code).dealer == first_dealer(7, 4, NEW_GAME)


# ----------------------------------------------------------------- players per grid
@pytest.mark.parametrize(("grid", "low", "high"), [(2, 2, 6), (4, 3, 7), (6, 2, 6), (9, 3, 6)])
def test_each_grid_seats_the_seeds_numbers_of_players(grid: int, low: int, high: int) -> None:
    rules = SixRules(grid=grid)  # type: ignore[arg-type]
    assert rules.player_range() == (low, high)
    for players in range(low, high + 1):
        code = format_code(3, players, rules)
        assert parse_code(code).players == players
        assert len(new_game(3, players, rules).grids) == players
    with pytest.raises(ValueError, match=f"{grid}-card game is for {low} to {high} players"):
        new_game(3, high + 1, rules)


def test_seven_players_of_polish_polka_play_with_two_decks() -> None:
    rules = SixRules(grid=4)
    code = format_code(99, 7, rules)
    assert code == "G6-7-AAAAADV-V4"
    state = from_code(code)
    assert rules.decks(7) == 2 and len(rules.deck(7)) == 108
    assert len(state.stock) == 108 - 7 * 4 - 1
    opponents = [make_opponent("medium", s) for s in range(7)]
    final, _log = play_game(state, opponents)
    assert final.over and len(final.scores[0]) == 7


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("G6-7-AAAAAAB", "7 players: the 6-card game is for 2 to 6"),
        ("G6-7-AAAAAAB-V9", "7 players: the 9-card game is for 3 to 6"),
        ("G6-8-AAAAAAB-V4", "8 players: the game is for 2 to 7"),
    ],
)
def test_a_code_with_more_players_than_its_grid_seats_is_refused(code: str, words: str) -> None:
    with pytest.raises(SixCodeError) as caught:
        parse_code(code)
    assert words in caught.value.text("en")
    assert "joueurs" in caught.value.text("fr")


def test_two_player_codes_of_4_and_9_cards_written_before_keep_their_game() -> None:
    # The seed asks 3 players at least for these grids; codes made before still play the same.
    for code in ("G6-2-AAAABVM-V4", "G6-2-AAAABVM-V9K"):
        state = from_code(code)
        assert state.players == 2 and state.dealer == parse_code(code).number % 2
        assert format_code(state.number, 2, state.rules) == code


# ----------------------------------------------------------------- the 2-card grid
def test_the_two_card_grid_is_one_column_of_two_with_one_card_turned_up() -> None:
    rules = SixRules(grid=2)
    assert (rules.rows, rules.columns) == (2, 1)
    assert rules.opening_cards == 1
    assert rules.lines == ((0, 1),)
    assert SixRules(grid=2, row_cancel=True).lines == ((0, 1),)  # a row of one card is no line
    assert grid_score([_c("9♣"), _c("9♥")], rules) == 0
    assert grid_score([_c("9♣"), _c("4♥")], rules) == 13
    assert grid_score([_c("K♣"), 52], rules) == -2
    state = from_code("G6-3-AAAAAAB-V2")
    assert state.rules == rules
    for _ in range(3):  # one card each, then play
        state = apply(state, Action.parse("flip 2 1"))
    assert state.phase == "turn" and all(u == 0b10 for u in state.up)
    with pytest.raises(Exception, match="no card there"):
        apply(state, Action.parse("discard flip 1 2"))


def test_a_whole_two_card_game_plays_and_replays() -> None:
    start = new_game(4242, 4, SixRules(grid=2, cut=True))
    opponents = [
        make_opponent(level, k) for k, level in enumerate(("hard", "medium", "easy", "easy"))
    ]
    final, log = play_game(start, opponents)
    assert final.over
    replay = SixReplay.record(start, log)
    back = loads(dump(replay), "two.yaml")
    assert back.code.endswith("-V2C") and verify(back) == []


# ----------------------------------------------------------------- lines of three: pairs
def test_a_pair_in_a_nine_card_column_cancels_only_with_the_pair_reading() -> None:
    ace, ace2, five = _c("A♣"), _c("A♦"), _c("5♠")
    fill = [_c("K♣"), _c("K♦")]  # columns 2 and 3 hold kings (0 points)
    grid = [ace, *fill, ace2, *fill, five, *fill]  # column 1: A, A, 5
    whole, pairs = SixRules(grid=9), SixRules(grid=9, pairs=True)
    assert grid_score(grid, whole) == 1 + 1 + 5
    assert grid_score(grid, pairs) == 5
    three = [ace, *fill, ace2, *fill, _c("A♥"), *fill]
    assert grid_score(three, whole) == grid_score(three, pairs) == 0


def test_a_pair_in_a_row_of_three_cancels_only_with_the_pair_reading() -> None:
    jack, jack2, four = _c("J♣"), _c("J♦"), _c("4♣")
    grid = [jack, jack2, four, _c("2♠"), _c("3♠"), _c("6♥")]  # no column cancels
    rows = SixRules(row_cancel=True)
    assert grid_score(grid, rows) == 10 + 10 + 4 + 2 + 3 + 6
    assert grid_score(grid, rows.with_(pairs=True)) == 4 + 2 + 3 + 6


def test_the_pair_reading_means_nothing_without_a_line_of_three() -> None:
    for rules in (SixRules(pairs=True), SixRules(grid=4, pairs=True), SixRules(grid=2, pairs=True)):
        assert not rules.pairs and format_code(1, 3, rules) == format_code(1, 3, rules.with_())
    assert SixRules(grid=9, pairs=True).pairs and SixRules(row_cancel=True, pairs=True).pairs
    assert format_code(1, 3, SixRules(grid=9, pairs=True)) == "G6-3-AAAAAAB-V9M"
    assert parse_code("G6-3-AAAAAAB-V9RMHSC").rules == SixRules(
        grid=9, row_cancel=True, pairs=True, holes=18, ties="shared", cut=True
    )


def test_a_game_with_the_pair_reading_replays_exactly(tmp_path: Path) -> None:
    rules = SixRules(grid=9, pairs=True, knock=True)
    start = new_game(31337, 3, rules)
    final, log = play_game(start, [make_opponent("medium", k) for k in range(3)])
    replay = SixReplay.record(start, log)
    path = tmp_path / "pairs.yaml"
    path.write_text(dump(replay), "utf-8")
    assert "pairs: true" in path.read_text("utf-8")
    back = load(path)
    assert back.rules == rules and verify(back) == []
    assert back.result.totals == tuple(
        sum(row[s] or 0 for row in final.scores[: rules.holes]) for s in range(3)
    )


# ----------------------------------------------------------------- old files and codes
def test_the_shipped_six_card_replay_keeps_its_meaning() -> None:
    path = REPLAYS / "six-card-two-computers.yaml"
    raw = path.read_text("utf-8")
    assert "pairs:" not in raw and "cut:" not in raw  # written before the new switches
    replay = load(path)
    assert replay.rules == STANDARD and verify(replay) == []
    assert replay.start().dealer == parse_code(replay.code).number % 2


def test_a_file_without_the_new_keys_reads_as_false_and_a_bad_value_is_named() -> None:
    rules = SixRules(grid=9)
    start = new_game(5, 3, rules)
    _final, log = play_game(start, [make_opponent("easy", k) for k in range(3)])
    data = dump(SixReplay.record(start, log))
    old = data.replace("  pairs: false\n", "").replace("  cut: false\n", "")
    assert old != data and loads(old, "old.yaml").rules == rules
    with pytest.raises(ValueError, match=r"rules\.pairs"):
        loads(data.replace("pairs: false", "pairs: maybe"), "bad.yaml")
    with pytest.raises(ValueError, match="rules do not match the code"):
        loads(data.replace("cut: false", "cut: true"), "bad.yaml")


def test_old_codes_deal_the_same_cards_as_before() -> None:
    # The first hole of a few codes (dealer, order, grids, stock, discard), hashed with the
    # engine as it was before the new switches (commit 5acc122) and pinned here.
    codes = [
        "G6-4-AAAAAAB",
        "G6-2-QWERTYU-V4K",
        "G6-3-ZZZZZZZ-V9RH",
        "G6-6-LUXLWWO-VPNDTS",
        "G6-5-BCDEFGH-V9J",
    ]
    digest = hashlib.sha256()
    for code in codes:
        s = from_code(code)
        digest.update(repr((s.dealer, s.seats, s.grids, s.stock, s.discard)).encode())
    assert digest.hexdigest() == (
        "98314e77ae6702cc60ff4ce6cf2891efbbfc228e476e691667dfdb487c375888"
    )


def test_the_four_card_grid_is_named_polish_polka_in_both_languages() -> None:
    assert "Polish Polka" in text("en", "six.grid.4")
    assert "Polish Polka" in text("fr", "six.grid.4")
    for lang in ("en", "fr"):
        about = text(lang, "six.grid_about.4")
        assert "Polish Poker" in about and "7" in about


# ----------------------------------------------------------------- the opening, said aloud
def test_another_seats_opening_choice_is_said_only_when_everyone_has_chosen() -> None:
    state = new_game(0, 3)  # seat 0 deals: seats 1 and 2 choose before the person (seat 0)
    assert state.seats == (1, 2, 0)
    seats = Seats(("You", "Ann", "Bob"), you=0, private=0)
    said: list[str] = []
    for seat, action in [(1, "flip 1 1"), (1, "flip 2 3"), (2, "flip 1 2"), (2, "flip 2 2")]:
        after = apply(state, Action.parse(action))
        said.append(action_said(state, after, Action.parse(action), seats))
        assert said[-1].startswith(("Ann has chosen a card.", "Bob has chosen a card."))
        for c in after.grids[seat]:
            assert card_name(base_card(c), "en") not in said[-1]  # neither card nor place
        assert "row" not in said[-1].split(".")[0]
        whole = table_said(after, seats)
        for other in (1, 2):
            for c in after.grids[other]:
                assert card_name(base_card(c), "en") not in whole
        state = after
    state = apply(state, Action.parse("flip 1 1"))
    last = Action.parse("flip 1 2")
    after = apply(state, last)
    sentence = action_said(state, after, last, seats)
    assert (
        "You turn up" in sentence and "Everyone has chosen; the chosen cards turn over." in sentence
    )
    for other in (1, 2):
        for slot in (s for s in range(6) if after.face_up(other, s)):
            assert card_name(base_card(after.grids[other][slot]), "en") in sentence
    french = action_said(state, after, last, seats, "fr")
    assert "Tout le monde a choisi" in french


def test_the_cut_is_said_while_the_first_hole_opens() -> None:
    state = new_game(2024, 3, NEW_GAME)
    seats = Seats(("You", "Ann", "Bob"), you=0, private=0)
    cards = cut_cards(2024, 3)
    said = cut_said(state, seats)
    assert said.startswith("The cut for the deal: You ")
    assert said.endswith(f"The lowest card deals: {seats.names[state.dealer]}.")
    assert all(card_name(c, "en") in said for c in cards)
    assert said in table_said(state, seats)
    assert "La carte la plus basse donne" in cut_said(state, seats, "fr")
    assert cut_said(new_game(2024, 3), seats) == ""  # no cut rule: nothing to say


@pytest.mark.parametrize(
    ("args", "code_start"),
    [
        (["--players", "7", "--grid", "4"], "G6-7-"),
        (["--players", "7"], None),
        (["--players", "2", "--grid", "4"], None),
        (["--players", "2", "--grid", "9"], None),
        (["--players", "6", "--grid", "9"], "G6-6-"),
    ],
)
@pytest.mark.processes
def test_a_new_code_on_the_command_line_seats_its_grids_range_or_says_why(
    args: list[str], code_start: str | None
) -> None:
    """``six-card new-code`` makes codes for new games only: a count the grid does not seat is
    one line and exit 2, never a traceback (older 2-player codes still read: test above)."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, str(root / "main.py"), "six-card", "new-code", "--seed", "1", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    if code_start is None:
        assert done.returncode == 2, done.stderr
        assert "Traceback" not in done.stderr
        assert done.stderr.count("\n") == 1 and "players" in done.stderr
    else:
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith(code_start)
        parse_code(done.stdout.strip())
