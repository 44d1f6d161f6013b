"""Side pots and splitting them (R21, R22)."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from director.core import pots
from director.core.errors import RuleViolation
from director.core.pots import Pot, award, build_pots


def test_doctests() -> None:
    assert doctest.testmod(pots).failed == 0


def test_sp1_three_all_ins() -> None:
    split = build_pots({"SB": 100, "BB": 300, "BTN": 500})
    assert split.pots == [
        Pot(300, frozenset({"SB", "BB", "BTN"})),
        Pot(400, frozenset({"BB", "BTN"})),
    ]
    assert split.returned == {"BTN": 200}
    won = award(split.pots, [["SB"], ["BB"], ["BTN"]], order=["SB", "BB", "BTN"])
    assert won == {"SB": 300, "BB": 400}


def test_seed_000_all_in_wins_at_most_what_he_put_in_from_each() -> None:
    # A all-in for 70 in all; B and C put in 140 each.
    split = build_pots({"A": 70, "B": 140, "C": 140})
    assert split.pots[0] == Pot(210, frozenset({"A", "B", "C"}))
    assert split.pots[1] == Pot(140, frozenset({"B", "C"}))
    assert award(split.pots, [["A"], ["B", "C"]], order=["A", "B", "C"]) == {
        "A": 210,
        "B": 70,
        "C": 70,
    }


def test_folded_chips_stay_in_the_pot() -> None:
    split = build_pots({"A": 200, "B": 600, "C": 600}, folded={"A"})
    assert split.pots == [Pot(1400, frozenset({"B", "C"}))]
    assert split.returned == {}


def test_r22_odd_chips_go_clockwise_from_the_button_one_each() -> None:
    pot = [Pot(125, frozenset({"A", "B", "C"}))]
    # Splitting 125 in 25s between three: 5 chips, 1 each and two odd chips.
    won = award(pot, [["C", "A", "B"]], order=["B", "C", "A"], unit=25)
    assert won == {"B": 50, "C": 50, "A": 25}
    assert award([Pot(11, frozenset({"A", "B"}))], [["A", "B"]], order=["B", "A"]) == {
        "B": 6,
        "A": 5,
    }


def test_a_pot_nobody_ranked_can_win_is_an_error() -> None:
    with pytest.raises(RuleViolation):
        award([Pot(10, frozenset({"A"}))], [["B"]], order=["A", "B"])
    with pytest.raises(RuleViolation):
        build_pots({"A": -5, "B": 10})


@given(
    contributions=st.dictionaries(st.sampled_from("ABCDEF"), st.integers(0, 1000), min_size=2),
    folded_mask=st.lists(st.booleans(), min_size=6, max_size=6),
    ranking_seed=st.randoms(use_true_random=False),
    unit=st.sampled_from([1, 5, 25]),
)
def test_chips_are_conserved_and_pots_go_to_players_who_covered_them(
    contributions, folded_mask, ranking_seed, unit
) -> None:
    players = sorted(contributions)
    folded = {p for p, out in zip(players, folded_mask, strict=False) if out}
    if folded >= set(players):
        folded = set(players[1:])
    # A player who folded was facing a bigger bet: someone still in put in at least as much.
    assume(
        max(contributions[p] for p in players if p not in folded)
        >= max((contributions[p] for p in folded), default=0)
    )
    split = build_pots(contributions, folded)
    total = sum(contributions.values())
    assert sum(p.amount for p in split.pots) + sum(split.returned.values()) == total
    assert len({pot.eligible for pot in split.pots}) == len(split.pots)
    live = [p for p in players if p not in folded]
    ranking_seed.shuffle(live)
    ranking = [[p] for p in live]
    won = award(split.pots, ranking, order=players, unit=unit)
    assert sum(won.values()) == sum(p.amount for p in split.pots)
    for player, amount in won.items():
        assert player not in folded
        # Nobody wins more from an opponent than they put in themselves (R21).
        limit = sum(min(contributions[player], c) for c in contributions.values())
        assert amount <= limit


def test_r8_antes_and_dead_money_go_to_the_main_pot() -> None:
    """RULES R8 ("optional ante or big-blind ante") and seed 002 §4.1.10: "Le reste est
    pris par le croupier et mis au centre du pot et ce montant ne fait pas partie de la
    mise du joueur"."""
    # Antes of 25 from each player count in what each put in; a big blind ante or a
    # dead small blind is dead money in the main pot.
    split = build_pots({"A": 125, "B": 525, "C": 525}, dead=50)
    assert [(pot.amount, sorted(pot.eligible)) for pot in split.pots] == [
        (425, ["A", "B", "C"]),
        (800, ["B", "C"]),
    ]
    assert sum(pot.amount for pot in split.pots) == 125 + 525 + 525 + 50
    only_dead = build_pots({"A": 0, "B": 0}, dead=75)
    assert [pot.amount for pot in only_dead.pots] == [75]
