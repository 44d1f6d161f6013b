"""R28: the chip race (colour-up) when a denomination leaves the table (TDA 24)."""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.core import chip_race
from director.core import commands as c
from director.core.chip_race import Holding, card_strength, chips_going, race
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.structure import Break, Level, Structure
from tests.core.helpers import T0, run
from tests.core.test_tables import field

STRUCTURE = Structure(
    items=(
        Level(small_blind=25, big_blind=50),
        Level(small_blind=50, big_blind=100),
        Break(seconds=600),
        Level(small_blind=100, big_blind=200),
        Level(small_blind=200, big_blind=400),
        Break(seconds=600),
        Level(small_blind=500, big_blind=1000),
    ),
    chips=(25, 100, 500, 1000),
)


def test_doctests() -> None:
    assert doctest.testmod(chip_race).failed == 0


def test_r28_the_program_says_which_chips_go_at_each_break() -> None:
    """R28 (the seeds leave the colour-up to the TDA): "when a denomination is removed,
    whole chips are changed up"; the program names the chips that go from the
    structure's chip set."""
    assert chips_going(STRUCTURE, 2) == (25,)
    assert chips_going(STRUCTURE, 5) == (100,)
    assert chips_going(Structure(items=STRUCTURE.items), 2) == ()


def test_r28_whole_chips_change_up_and_the_odd_ones_are_raced_one_chip_per_player() -> None:
    """R28: "whole chips are changed up; leftovers are raced off with one card per
    leftover chip, highest card first, at most one chip per player"."""
    holdings = [
        Holding("A", 1, 7),  # one 100 whole, 3 odd
        Holding("B", 3, 3),
        Holding("C", 5, 2),
        Holding("D", 8, 0),
    ]
    result = race(holdings, denomination=25, next_denomination=100, rng=random.Random(3))
    by_player = {entry.player: entry for entry in result.entries}
    assert by_player["A"].changed == 1 and by_player["A"].odd == 3
    assert [len(by_player[p].cards) for p in "ABCD"] == [3, 3, 2, 0]
    # 8 odd 25s are worth 200: two 100s raced, to the two best cards of different players.
    assert result.raced == 2
    winners = [entry.player for entry in result.entries if entry.won]
    assert len(winners) == 2 and all(by_player[p].won <= 1 for p in "ABCD")
    ranked = sorted(
        ((card, p) for p in "ABC" for card in by_player[p].cards),
        key=lambda pair: card_strength(pair[0]),
        reverse=True,
    )
    assert ranked[0][1] in winners
    cards = [card for entry in result.entries for card in entry.cards]
    assert len(cards) == len(set(cards))


def test_r28_nobody_is_raced_out_of_the_tournament() -> None:
    """R28: "nobody is raced out of the tournament (TDA 24)"."""
    for seed in range(30):
        holdings = [Holding("A", 1, 1, nothing_else=True), Holding("B", 2, 3), Holding("C", 4, 3)]
        result = race(holdings, denomination=25, next_denomination=100, rng=random.Random(seed))
        a = next(entry for entry in result.entries if entry.player == "A")
        assert a.won == 1 or a.kept_in


@given(
    counts=st.lists(st.integers(0, 12), min_size=2, max_size=10),
    seed=st.integers(0, 10_000),
)
def test_r28_chips_raced_are_the_odd_chips_rounded_and_each_wins_one_at_most(counts, seed) -> None:
    """R28: leftovers raced, at most one chip per player."""
    holdings = [Holding(f"p{i}", i + 1, n) for i, n in enumerate(counts)]
    result = race(holdings, denomination=25, next_denomination=100, rng=random.Random(seed))
    odd = sum(n % 4 for n in counts)
    assert result.raced == (2 * odd + 4) // 8
    won = sum(entry.won for entry in result.entries)
    assert won == min(result.raced, sum(1 for n in counts if n % 4))
    assert all(entry.won in (0, 1) for entry in result.entries)
    assert all(len(entry.cards) == entry.odd for entry in result.entries)


def test_r28_a_chip_race_is_recorded_at_a_table() -> None:
    """R28: the program records the race: each player's odd chips and who won."""
    state = run(field(6), c.SetStructure(structure=STRUCTURE), T0)
    state = run(state, c.DrawSeats(), T0)
    seated = sorted(state.tables.tables[1].seats.values())
    holdings = tuple(
        c.RaceChips(player=p, chips=n) for p, n in zip(seated, [5, 2, 3, 0, 1, 6], strict=True)
    )
    state = run(state, c.ChipRace(table=1, denomination=25, holdings=holdings), T0)
    (record,) = state.tables.races
    assert record.table == 1 and record.result.next_denomination == 100
    assert {entry.player for entry in record.result.entries} == {str(p) for p in seated}
    with pytest.raises(RuleViolation) as refused:
        run(state, c.ChipRace(table=1, denomination=1000, holdings=holdings), T0)
    assert refused.value.code == "chip_is_the_largest"
    with pytest.raises(RuleViolation) as refused:
        bad = (c.RaceChips(player=PlayerId(999), chips=1),)
        run(state, c.ChipRace(table=1, denomination=25, holdings=bad), T0)
    assert refused.value.code == "player_not_at_table"
