"""The button and the blinds (R11-R14), with every example of RULES.md."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.core import buttons
from director.core.buttons import DEAD, MOVING, Positions, dealt_out, first_hand, next_hand
from director.core.errors import RuleViolation

NINE = range(1, 10)


def test_doctests() -> None:
    assert doctest.testmod(buttons).failed == 0


def test_db1_nobody_busts() -> None:
    assert next_hand(Positions(3, 4, 5), NINE, seats=9) == Positions(4, 5, 6)


def test_db2_r11_small_blind_busts_dead_button() -> None:
    occupied = [seat for seat in NINE if seat != 4]
    assert next_hand(Positions(3, 4, 5), occupied, seats=9) == Positions(4, 5, 6)


def test_db3_r11_big_blind_busts_dead_small_blind_then_dead_button() -> None:
    occupied = [seat for seat in NINE if seat != 5]
    after = next_hand(Positions(3, 4, 5), occupied, seats=9)
    assert after == Positions(4, 5, 6)  # seat 5 is empty: no small blind is posted
    assert next_hand(after, occupied, seats=9) == Positions(5, 6, 7)  # button 5 is dead


def test_hu1_r13_heads_up_the_last_big_blind_gets_the_button() -> None:
    assert next_hand(Positions(2, 5, 8), [5, 8], seats=9) == Positions(8, 8, 5)
    assert next_hand(Positions(8, 8, 5), [5, 8], seats=9) == Positions(5, 5, 8)


def test_r13_heads_up_when_the_big_blind_busts() -> None:
    # Three left: button 2, SB 5, BB 8; seat 8 busts. Of the two left, seat 5
    # had the big blind most recently (the hand before), so 5 gets the button.
    assert next_hand(Positions(2, 5, 8), [2, 5], seats=9) == Positions(5, 5, 2)


def test_r12_moving_button_always_moves_to_the_next_player() -> None:
    occupied = [seat for seat in NINE if seat != 4]
    assert next_hand(Positions(3, 4, 5), occupied, seats=9, method=MOVING) == Positions(5, 6, 7)


def test_first_hand_and_heads_up_start() -> None:
    assert first_hand(9, NINE, seats=9) == Positions(9, 1, 2)
    assert first_hand(4, [4, 7], seats=9) == Positions(4, 4, 7)
    with pytest.raises(RuleViolation):
        first_hand(5, [1, 2, 3], seats=9)


def test_r14_newcomer_between_small_blind_and_button_sits_out() -> None:
    positions = Positions(2, 5, 6)  # seats 3 and 4 empty before the newcomers came
    assert dealt_out(positions, {3, 4, 7}, seats=9) == {3, 4}
    assert dealt_out(Positions(5, 5, 8), {6}, seats=9) == frozenset()


@st.composite
def table_story(draw):
    seats = draw(st.integers(min_value=2, max_value=10))
    start = draw(st.sets(st.integers(1, seats), min_size=2, max_size=seats))
    button = draw(st.sampled_from(sorted(start)))
    busts = draw(st.lists(st.integers(1, seats), max_size=12))
    hands = draw(st.integers(min_value=1, max_value=40))
    return seats, start, button, busts, hands


@given(table_story())
def test_the_big_blind_never_skips_a_player_still_in(story) -> None:
    seats, occupied, button, busts, hands = story
    occupied = set(occupied)
    positions = first_hand(button, occupied, seats=seats)
    for hand in range(hands):
        if busts and len(occupied) > 2:
            occupied.discard(busts[hand % len(busts)])
        previous = positions
        positions = next_hand(previous, occupied, seats=seats, method=DEAD)
        assert positions.big_blind in occupied
        # Nobody still in sits strictly between the last big blind and the new one.
        skipped = buttons.between(previous.big_blind, positions.big_blind, seats=seats)
        assert not (set(skipped) & occupied)
        if len(occupied) == 2:
            assert positions.button == positions.small_blind != positions.big_blind


@given(
    seats=st.integers(min_value=3, max_value=10),
    data=st.data(),
)
def test_under_the_dead_button_every_player_posts_the_big_blind_once_per_round(seats, data) -> None:
    occupied = data.draw(st.sets(st.integers(1, seats), min_size=3, max_size=seats))
    button = data.draw(st.sampled_from(sorted(occupied)))
    positions = first_hand(button, occupied, seats=seats)
    posted = []
    for _hand in range(len(occupied) * 3):
        posted.append(positions.big_blind)
        positions = next_hand(positions, occupied, seats=seats)
    for start in range(0, len(posted) - len(occupied) + 1):
        round_ = posted[start : start + len(occupied)]
        assert sorted(round_) == sorted(occupied)
