"""What the console asks the app instead of computing: the floor's blinds, the one
chip reader."""

from __future__ import annotations

import pytest

from director.app.files import structures
from director.app.night import floor
from director.core import commands as c
from director.core.frozen import evolve
from director.core.ids import PlayerId
from director.core.money import MoneySettings
from director.core.structure import Structure
from director.i18n import parse_chips
from tests.core.helpers import MIN, T0, created, run


def test_the_floor_blinds_follow_the_level_and_halve_a_typed_big_blind() -> None:
    template = structures.find("regular-5000").template.structure
    state = created(template)
    first = template.levels()[0][1]
    # Before the clock starts: the first level.
    before = floor.blinds_now(state, T0)
    assert (before.big, before.small) == (first.minimum_bet, first.small_blind)
    assert before.level == first and before.limit_bet == 0  # its ante fills the floor too
    state = run(state, c.StartClock(), T0)
    second = template.levels()[1][1]
    # The time ran out but the new blinds wait for the next hand (R9): still level 1.
    assert floor.blinds_now(state, T0 + 21 * MIN).big == first.minimum_bet
    state = run(state, c.NextHand(), T0 + 21 * MIN)
    assert floor.blinds_now(state, T0 + 21 * MIN).big == second.minimum_bet
    # No level at all: the typed big blind and half of it, else 200 / 100.
    empty = created(Structure())
    assert floor.blinds_now(empty, T0, fallback_big=300) == floor.Blinds(300, 150)
    assert floor.blinds_now(empty, T0) == floor.Blinds(200, 100)


def test_r9_the_floor_takes_the_blinds_of_the_hand_the_table_plays() -> None:
    """R9: a new level "ne s'applique qu'au prochain tour de jeu" (seed 000): the
    floor filled from a table takes the blinds its hand is played at; a table waiting
    in hand-for-hand (R27) deals its next hand at the level then in force."""
    template = structures.find("regular-5000").template.structure
    state = run(created(template), c.SetMoneySettings(settings=MoneySettings(chips=5000)), T0)
    for number in range(1, 13):
        state = run(state, c.BuyIn(player=PlayerId(number), name=f"P{number}"), T0)
    for command in (c.SetTableOptions(seats_per_table=6), c.DrawSeats(), c.DrawForButton()):
        state = run(state, command, T0)
    state = run(state, c.StartClock(), T0)
    state = run(state, c.SetHandForHand(on=True), T0)
    first, second = (level for _index, level in template.levels()[:2])
    state = run(state, c.HandDone(table=1), T0 + 9 * MIN)  # table 1 waits for table 2
    later = T0 + 21 * MIN  # level 2 began at 20:00
    assert floor.blinds_now(state, later, table=1).big == second.minimum_bet
    assert floor.blinds_now(state, later, table=2).big == first.minimum_bet
    state = run(state, c.HandDone(table=2), later)
    assert {floor.blinds_now(state, later, table=n).big for n in (1, 2)} == {second.minimum_bet}


def test_one_chip_reader() -> None:
    assert parse_chips("12,500") == parse_chips("12 500") == parse_chips("12.500") == 12_500
    assert parse_chips("") == 0
    assert parse_chips("1,250,000") == parse_chips("1\u202f250\u202f000") == 1_250_000
    assert parse_chips(" 25 ") == 25
    # A separator groups thousands; decimals are no number of chips (never 255 or 15).
    for bad in ("-5", "1.5k", "twelve", "12,5e3", "25.5", "1.5", "1,50", "12,5000", "1,,000"):
        with pytest.raises(ValueError):
            parse_chips(bad)


def test_pot_limit_counts_the_dead_blinds_posted_with_missed_blinds() -> None:
    """Blinds 50/100; a player back from missing his blinds posts a live big blind
    and a dead small blind of 50. Before the flop the pot is 50 + 100 + 100 + 50 = 300:
    the first to act may raise to 100 + 300 + 100 = 500 (it said 450)."""
    players = (
        floor.FloorPlayer(name="UTG", stack=10_000),
        floor.FloorPlayer(name="Back", stack=10_000, posted=100),
        floor.FloorPlayer(name="SB", stack=10_000, posted=50),
        floor.FloorPlayer(name="BB", stack=10_000, posted=100),
    )
    draft = floor.FloorDraft(big_blind=100, players=players, pot_limit=True, dead_blinds=50)
    round_ = floor.start_round(draft)
    assert round_.max_raise_to("UTG") == 500
    assert floor.advice(round_).pot_after_call == 400
    # With antes too: every ante is in the pot as well (4 x 10).
    with_antes = floor.start_round(evolve(draft, ante=10))
    assert with_antes.max_raise_to("UTG") == 540
