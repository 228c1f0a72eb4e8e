"""The course of a six-card game at a table without a screen (golf.sixcard.pace): the pauses
between actions in seconds of play, what the table does next, who still has a last turn."""

from __future__ import annotations

import random

from golf.sixcard.actions import flip
from golf.sixcard.game import Match, State, apply, legal_actions, new_game
from golf.sixcard.pace import (
    HANDOVER_PAUSE,
    PACES,
    PERSON_PAUSE,
    SCOREBOARD_PAUSE,
    Pace,
    last_turn_seats,
    next_step,
    pause_after,
    standings,
    starts_turn,
)


def _opening() -> State:
    return new_game(4242, 3)


def test_the_pause_counts_down_in_seconds_of_play_and_waits_for_cards_in_flight() -> None:
    pace = Pace(0.5)
    assert pace.waiting(0.2, busy=True) and pace.wait == 0.5  # cards in flight: time stands
    assert pace.waiting(0.2, busy=False) and pace.wait == 0.5 - 0.2
    assert not pace.waiting(0.4, busy=False)
    assert not pace.waiting(0.1, busy=False)  # nothing left to wait for


def test_a_computer_pauses_at_its_pace_and_a_person_briefly() -> None:
    before = _opening()
    mover = before.to_move
    assert mover is not None
    after = apply(before, flip(1, 1))
    for speed, (_flight, pause) in PACES.items():
        assert pause_after(before, after, speed, {mover}, ()) == pause
    assert pause_after(before, after, "normal", (), (mover,)) == PERSON_PAUSE


def test_the_screen_changing_hands_waits_for_the_move_to_be_seen() -> None:
    state = _opening()
    while state.to_move == state.seats[0]:
        before, state = state, apply(state, legal_actions(state)[0])
    assert before.to_move != state.to_move
    people = (before.to_move, state.to_move)
    assert pause_after(before, state, "fast", (), people) == HANDOVER_PAUSE


def test_the_end_of_a_hole_waits_for_the_revealed_grids() -> None:
    rng = random.Random(5)
    match = Match.new(31, 2)
    while match.state.phase != "hole_over":
        before = match.state
        match.apply(rng.choice(legal_actions(before)))
    assert pause_after(before, match.state, "fast", (0, 1), ()) == SCOREBOARD_PAUSE
    assert next_step(match.state, 0, (0, 1), (), None, None) == "scoreboard"
    assert next_step(match.state, 1, (0, 1), (), None, None) == ""  # already shown


def test_what_the_table_does_next() -> None:
    state = _opening()
    seat = state.to_move
    assert seat is not None
    assert next_step(state, 0, {seat}, (), None, None) == "driven"
    assert next_step(state, 0, (), (seat,), None, None) == "reveal"
    assert next_step(state, 0, (), (seat, seat + 1), None, None) == "curtain"
    assert next_step(state, 0, (), (seat, seat + 1), None, seat) == ""  # the curtain is up
    assert next_step(state, 0, (), (seat,), seat, None) == ""  # the person's turn


def test_a_turn_starts_when_the_player_changes_or_a_hole_is_dealt() -> None:
    before = _opening()
    after = apply(before, flip(1, 1))
    assert not starts_turn(before, after, flip(1, 1))  # two flips each in the opening
    after2 = apply(after, flip(1, 2))
    assert starts_turn(after, after2, flip(1, 2))


def test_nobody_has_a_last_turn_until_the_hole_ends_and_standings_list_every_seat() -> None:
    rng = random.Random(9)
    match = Match.new(77, 3)
    seen_last_turns = False
    while not match.state.over:
        state = match.state
        seats = last_turn_seats(state)
        if not state.ending:
            assert seats == ()
        else:
            seen_last_turns = True
            assert state.to_move in seats and len(seats) == state.last_turns
        match.apply(rng.choice(legal_actions(state)))
    assert seen_last_turns
    places = standings(match.state)
    assert sorted(seat for _, seat, _ in places) == [0, 1, 2]
    assert places[0][0] == 1 and [p for p, _, _ in places] == sorted(p for p, _, _ in places)
