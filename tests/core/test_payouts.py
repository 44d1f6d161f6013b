"""Payouts and deals (R23, R29-R31), with the examples of RULES.md."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.core import commands as c
from director.core import payouts
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.money import MoneySettings
from director.core.payouts import (
    FIXED,
    PERCENT,
    PayoutSettings,
    chip_chop,
    default_shares,
    even_chop,
    icm,
    payout_amounts,
    round_payouts,
)
from director.core.players import Bust
from director.core.results import bounty_money, player_results, propose_deal
from director.core.state import Status
from tests.core.helpers import T0, created, run


def test_doctests() -> None:
    assert doctest.testmod(payouts).failed == 0


def test_pay1_r30_rounding_adds_up_to_the_pool() -> None:
    assert round_payouts(195, [50, 30, 20], unit=1) == [98, 58, 39]


def test_r30_rounding_to_a_unit_gives_leftovers_by_largest_remainder_ties_higher() -> None:
    # 1000 in fives, 3 places equal: 66.67 units each -> 67, 67, 66 units.
    assert round_payouts(1000, [1, 1, 1], unit=5) == [335, 335, 330]
    # Less than a unit left over goes to first place.
    assert round_payouts(1003, [50, 30, 20], unit=5) == [503, 300, 200]


def test_icm1_malmuth_harville_equities() -> None:
    assert icm([5000, 3000, 2000], [50, 30, 20]) == [
        Fraction(1075, 28),
        Fraction(131, 4),
        Fraction(202, 7),
    ]


def test_the_default_table_is_50_30_20_for_a_home_game_and_always_pays_the_winner() -> None:
    assert default_shares(9) == (5000, 3000, 2000)
    assert default_shares(2) == (10000,)
    for entries in range(1, 400):
        shares = default_shares(entries)
        assert sum(shares) == 10_000
        assert len(shares) <= max(1, entries // 2)
        assert list(shares) == sorted(shares, reverse=True)


def test_fixed_amounts_give_first_place_the_rest_of_the_pool() -> None:
    settings = PayoutSettings(mode=FIXED, amounts=(0, 5000, 2000))
    assert payout_amounts(settings, 20000, 10) == [13000, 5000, 2000]
    with pytest.raises(RuleViolation) as caught:
        payout_amounts(settings, 6000, 10)
    assert caught.value.code == "fixed_payouts_exceed_pool"
    # The rules themselves take first place's box left empty (no amount faked to pass).
    stored = run(created(), c.SetPayouts(settings=settings), T0).payout
    assert stored.amounts == (0, 5000, 2000)
    with pytest.raises(RuleViolation) as refused:
        run(created(), c.SetPayouts(settings=PayoutSettings(mode=FIXED, amounts=(0, 0))), T0)
    assert refused.value.code == "payout_share_negative"


def test_percentages_that_do_not_add_up_are_refused() -> None:
    state = created()
    with pytest.raises(RuleViolation) as caught:
        run(
            state,
            c.SetPayouts(settings=PayoutSettings(mode=PERCENT, shares=(5000, 3000, 1500))),
            T0,
        )
    assert caught.value.code == "percentages_do_not_add_up"


def test_chops() -> None:
    assert even_chop(900, 3, unit=1) == [300, 300, 300]
    # Everyone gets third prize (200) first; the 400 left goes 50/30/20 by chips.
    assert chip_chop([5000, 3000, 2000], [500, 300, 200], unit=1) == [400, 320, 280]


NAMES = {n: f"P{n}" for n in range(1, 11)}


def tournament(count: int, **money):
    settings = MoneySettings(buy_in=1000, chips=1000, **money)
    state = run(created(), c.SetMoneySettings(settings=settings), T0)
    state = run(state, c.SetPayouts(settings=PayoutSettings(unit=1)), T0)
    for number in range(1, count + 1):
        state = run(state, c.BuyIn(player=PlayerId(number), name=NAMES[number]), T0)
    return state


def bust(state, player, eliminator=None, stack=None):
    return run(
        state,
        c.BustPlayers(
            busts=(
                Bust(
                    player=PlayerId(player),
                    eliminator=PlayerId(eliminator) if eliminator else None,
                    start_stack=stack,
                ),
            )
        ),
        T0,
    )


def prizes(state):
    return {r.name: r.prize for r in player_results(state) if r.prize}


def test_places_pay_and_r23_ties_share_the_places_they_cover() -> None:
    state = tournament(9)  # pool 9000: 4500 / 2700 / 1800
    for player in (9, 8, 7, 6, 5):
        state = bust(state, player)
    state = run(
        state,
        c.BustPlayers(
            busts=(
                Bust(player=PlayerId(3), start_stack=1000),
                Bust(player=PlayerId(4), start_stack=1000),
            )
        ),
        T0,
    )
    # P3 and P4 tie for 3rd-4th: 1800 + 0 shared.
    assert prizes(state) == {"P3": 900, "P4": 900}
    state = bust(state, 2)
    assert state.status is Status.FINISHED
    assert prizes(state) == {"P1": 4500, "P2": 2700, "P3": 900, "P4": 900}


def test_r31_deals_replace_the_places_they_cover() -> None:
    state = tournament(10)  # pool 10000: 5000 / 3000 / 2000
    for player in range(10, 3, -1):
        state = bust(state, player)
    stacks = {PlayerId(1): 5000, PlayerId(2): 3000, PlayerId(3): 2000}
    deal = propose_deal(state, "icm", stacks)
    assert [s.amount for s in deal.shares] == [3839, 3275, 2886]
    with pytest.raises(RuleViolation) as caught:
        run(state, c.AcceptDeal(deal=deal.__class__(method="custom", shares=deal.shares[:2])), T0)
    assert caught.value.code == "deal_stacks_for_every_player"
    state = run(state, c.AcceptDeal(deal=deal), T0)
    assert prizes(state) == {"P1": 3839, "P2": 3275, "P3": 2886}
    state = bust(state, 3)
    assert prizes(state)["P3"] == 2886


def test_r31_stacks_that_do_not_match_need_the_organizer_to_accept() -> None:
    state = tournament(3)
    wrong = propose_deal(state, "even", {PlayerId(1): 1000, PlayerId(2): 1000, PlayerId(3): 500})
    with pytest.raises(RuleViolation) as caught:
        run(state, c.AcceptDeal(deal=wrong), T0)
    assert caught.value.code == "stacks_do_not_match_chips"
    state = run(state, c.AcceptDeal(deal=wrong, chips_difference_accepted=True), T0)
    assert state.deal is not None


def test_keeping_an_amount_aside_to_play_for() -> None:
    state = tournament(10)
    for player in range(10, 2, -1):
        state = bust(state, player)  # two left: 5000 and 3000 to win
    deal = propose_deal(state, "even", {PlayerId(1): 5000, PlayerId(2): 5000}, kept_aside=1000)
    assert [s.amount for s in deal.shares] == [3500, 3500]
    state = run(state, c.AcceptDeal(deal=deal), T0)
    state = bust(state, 2, eliminator=1)
    assert prizes(state) == {"P1": 4500, "P2": 3500, "P3": 2000}


def test_r6_bounties_are_won_by_the_eliminator_and_the_winner_keeps_his_own() -> None:
    state = tournament(3, bounty=200)
    state = bust(state, 3, eliminator=1)
    state = bust(state, 2, eliminator=1)
    won, unclaimed = bounty_money(state)
    assert won == {PlayerId(1): 600} and unclaimed == 0
    results = {r.name: r for r in player_results(state)}
    assert results["P1"].bounties == 600 and results["P1"].knockouts == 2
    assert results["P1"].net == results["P1"].prize + 600 - 1000


def test_paying_a_winner_records_the_money_out() -> None:
    state = tournament(3)
    state = bust(state, 3)
    state = bust(state, 2)
    state = run(state, c.PayPrize(player=PlayerId(1)), T0)
    results = {r.name: r for r in player_results(state)}
    assert results["P1"].due == 0 and results["P1"].paid_out == results["P1"].prize
    with pytest.raises(RuleViolation):
        run(state, c.PayPrize(player=PlayerId(1)), T0)


@given(
    pool=st.integers(min_value=0, max_value=10**8),
    shares=st.lists(st.integers(min_value=1, max_value=10_000), min_size=1, max_size=20),
    unit=st.sampled_from([1, 5, 100, 500, 1000]),
)
def test_payouts_always_sum_to_the_pool(pool, shares, unit) -> None:
    amounts = round_payouts(pool, shares, unit=unit)
    assert sum(amounts) == pool
    assert all(amount >= 0 for amount in amounts)
    assert all(amount % unit == 0 for amount in amounts[1:])


@given(
    stacks=st.lists(st.integers(min_value=1, max_value=100_000), min_size=2, max_size=7),
    prizes_=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=7),
)
def test_icm_equities_sum_to_the_prizes_and_stay_between_the_smallest_and_largest(
    stacks, prizes_
) -> None:
    prizes_ = sorted(prizes_, reverse=True)
    equities = icm(stacks, prizes_)
    paid = prizes_[: len(stacks)] + [0] * max(0, len(stacks) - len(prizes_))
    assert sum(equities) == sum(paid)
    for equity in equities:
        assert min(paid) <= equity <= max(paid)


def icm_by_finishing_orders(stacks, prizes):
    """Harville by walking every finishing order: slow, plain, independent."""
    from itertools import permutations

    total = sum(stacks)
    equities = [Fraction(0)] * len(stacks)
    for order in permutations(range(len(stacks))):
        chance, remaining = Fraction(1), total
        for player in order:
            if remaining == 0:
                break
            chance *= Fraction(stacks[player], remaining)
            remaining -= stacks[player]
        for position, player in enumerate(order):
            if position < len(prizes):
                equities[player] += chance * prizes[position]
    return equities


@given(
    stacks=st.lists(st.integers(min_value=1, max_value=50_000), min_size=2, max_size=6),
    prizes_=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=6),
)
def test_icm_agrees_with_walking_every_finishing_order(stacks, prizes_) -> None:
    assert icm(stacks, prizes_) == icm_by_finishing_orders(stacks, prizes_[: len(stacks)])


def test_icm_players_without_chips_share_the_last_places() -> None:
    equities = icm([5000, 0, 3000, 0], [50, 30, 20, 10])
    assert equities[1] == equities[3] == Fraction(15)
    assert equities[0] + equities[2] == 80


def icm_by_finished_sets(stacks, prizes):
    """Harville visiting each set of players who finished ahead once, in fractions."""
    equities = [Fraction(0)] * len(stacks)
    level = {0: Fraction(1)}
    for place in range(min(len(prizes), len(stacks))):
        following: dict[int, Fraction] = {}
        for mask, chance in level.items():
            remaining = sum(s for i, s in enumerate(stacks) if not mask & (1 << i))
            for player, stack in enumerate(stacks):
                if not mask & (1 << player):
                    p = chance * Fraction(stack, remaining)
                    equities[player] += p * prizes[place]
                    following[mask | 1 << player] = following.get(mask | 1 << player, 0) + p
        level = following
    return equities


@pytest.mark.parametrize(
    ("players", "prizes_"),
    [
        # Prizes on a quadratic: only sets of at least n-3 others count (by complements).
        (9, [100 * (9 - k) ** 2 for k in range(9)]),
        # Top three paid: only sets of at most two others count.
        (16, [5000, 3000, 2000]),
        # Every place paid, irregular prizes: every size counts.
        (10, [3000, 2000, 1400, 1000, 800, 600, 500, 400, 300, 250]),
    ],
)
def test_icm_by_subsets_matches_the_finished_sets_for_larger_fields(players, prizes_) -> None:
    stacks = [1500 + 731 * i + (i * i * 97) % 1000 for i in range(players)]
    assert icm(stacks, prizes_) == icm_by_finished_sets(stacks, prizes_)


def test_r31_an_icm_chop_with_nothing_left_to_share_gives_each_player_nothing() -> None:
    """Every prize left already paid (all 0): the chop gives each player 0 instead of
    refusing (the audit found it raised)."""
    from director.core.payouts import icm_chop

    assert icm_chop([1000, 2000, 3000], [0, 0, 0]) == [0, 0, 0]
    assert icm_chop([1000, 2000], [0, 0, 500]) == [0, 0]
