"""Bets and raises (R15-R19), with the examples of RULES.md and seed 001."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.core import betting
from director.core.betting import BettingRound
from director.core.errors import RuleViolation

DEEP = 1_000_000


def preflop(players=("UTG", "MP", "BTN", "SB", "BB"), small=100, big=200, stacks=None):
    stacks = stacks or {p: DEEP for p in players}
    return BettingRound(
        stacks=stacks,
        order=list(players),
        big_blind=big,
        posted={players[-2]: small, players[-1]: big},
    )


def postflop(players=("A", "B", "C"), big=200, stacks=None):
    stacks = stacks or {p: DEEP for p in players}
    return BettingRound(stacks=stacks, order=list(players), big_blind=big)


def test_doctests() -> None:
    assert doctest.testmod(betting).failed == 0


def test_mr1_first_raise_at_least_double_then_plus_the_last_raise() -> None:
    round_ = preflop()
    assert round_.call_amount("UTG") == 200
    assert round_.min_raise_to("UTG") == 400
    round_.raise_to("UTG", 400)
    assert round_.min_raise_to("MP") == 600


def test_mr2_a_raise_to_1000_means_at_least_1800_next() -> None:
    round_ = preflop()
    round_.raise_to("UTG", 1000)
    assert round_.min_raise_to("MP") == 1800
    with pytest.raises(RuleViolation) as caught:
        round_.raise_to("MP", 1700)
    assert caught.value.code == "raise_too_small" and caught.value.args_map["minimum"] == 1800


def test_mr3_after_the_flop_a_bet_of_600_means_1200_then_1800() -> None:
    round_ = postflop()
    assert round_.min_raise_to("A") == 200  # R15: the opening bet is at least the big blind
    round_.raise_to("A", 600)
    assert round_.min_raise_to("B") == 1200
    round_.raise_to("B", 1200)
    assert round_.min_raise_to("C") == 1800


def test_mr4_an_all_in_for_less_than_the_big_blind() -> None:
    round_ = postflop(big=2000, stacks={"A": 1500, "B": DEEP, "C": DEEP})
    round_.all_in("A")
    assert round_.call_amount("B") == 1500
    assert round_.min_raise_to("B") == 3500
    round_.raise_to("B", 3500)
    assert round_.min_raise_to("C") == 5500


def test_seed_001_reraise_by_the_last_raise_amount() -> None:
    # A bets 10; B raises to 24 (14 more); C must reach 38 (24 + 14).
    round_ = postflop(big=10)
    round_.raise_to("A", 10)
    round_.raise_to("B", 24)
    assert round_.min_raise_to("C") == 38


def test_r15_opening_bet_below_the_big_blind_is_refused_unless_all_in() -> None:
    round_ = postflop()
    with pytest.raises(RuleViolation) as caught:
        round_.raise_to("A", 150)
    assert caught.value.code == "bet_too_small"
    assert round_.to_act == "A" and round_.contributions["A"] == 0


def test_r17_a_short_all_in_does_not_reopen_the_betting() -> None:
    round_ = postflop(stacks={"A": DEEP, "B": 1500, "C": DEEP})
    round_.raise_to("A", 1000)
    round_.all_in("B")  # 500 more: less than a full raise of 1000
    assert round_.min_raise_to("C") == 2500  # C has not acted: may raise, by a full raise
    round_.call("C")
    assert round_.to_act == "A"
    assert round_.call_amount("A") == 500
    assert round_.min_raise_to("A") is None  # A faces only 500: may call or fold
    with pytest.raises(RuleViolation) as caught:
        round_.raise_to("A", 5000)
    assert caught.value.code == "raising_not_reopened"
    with pytest.raises(RuleViolation):
        round_.all_in("A")
    round_.call("A")
    assert round_.over()


def test_r17_short_all_ins_that_add_up_to_a_full_raise_reopen() -> None:
    round_ = postflop(
        players=("A", "B", "C", "D"), stacks={"A": DEEP, "B": 1400, "C": 2100, "D": DEEP}
    )
    round_.raise_to("A", 1000)
    round_.all_in("B")  # to 1400
    round_.all_in("C")  # to 2100: 1100 more than A's bet, a full raise for A
    round_.call("D")
    assert round_.to_act == "A"
    assert round_.min_raise_to("A") == 3100


def test_r18_a_short_big_blind_does_not_lower_the_call() -> None:
    round_ = BettingRound(
        stacks={"UTG": DEEP, "SB": DEEP, "BB": 150},
        order=["UTG", "SB", "BB"],
        big_blind=200,
        posted={"SB": 100, "BB": 150},
    )
    assert round_.call_amount("UTG") == 200
    assert round_.min_raise_to("UTG") == 400


def test_the_big_blind_has_the_option() -> None:
    round_ = preflop(players=("BTN", "SB", "BB"))
    round_.call("BTN")
    round_.call("SB")
    assert round_.to_act == "BB" and round_.call_amount("BB") == 0
    assert round_.min_raise_to("BB") == 400
    round_.check("BB")
    assert round_.over()


def test_r19_illegal_actions_change_nothing() -> None:
    round_ = preflop()
    before = (round_.contributions, round_.to_act)
    for action in (
        lambda: round_.check("UTG"),
        lambda: round_.call("MP"),
        lambda: round_.raise_to("UTG", 300),
        lambda: round_.raise_to("UTG", DEEP * 2),
    ):
        with pytest.raises(RuleViolation):
            action()
    assert (round_.contributions, round_.to_act) == before


def test_no_raise_when_nobody_could_call() -> None:
    round_ = postflop(players=("A", "B"), stacks={"A": 500, "B": DEEP})
    round_.all_in("A")
    assert round_.min_raise_to("B") is None
    round_.call("B")
    assert round_.over()


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["fold", "check", "call", "raise", "all_in"]),
            st.integers(min_value=0, max_value=5000),
        ),
        max_size=30,
    ),
    st.lists(st.integers(min_value=0, max_value=5000), min_size=4, max_size=4),
)
def test_chips_are_conserved_and_the_round_ends(actions, stacks) -> None:
    players = ["A", "B", "C", "D"]
    start = dict(zip(players, stacks, strict=True))
    round_ = BettingRound(stacks=start, order=players, big_blind=100, posted={"C": 50, "D": 100})
    for action, amount in actions:
        player = round_.to_act
        if player is None:
            break
        try:
            if action == "raise":
                round_.raise_to(player, round_.contributions[player] + amount)
            else:
                getattr(round_, action)(player)
        except RuleViolation:
            continue
        for p in players:
            assert round_.contributions[p] + round_.stack(p) == start[p]
            assert round_.stack(p) >= 0
    while round_.to_act is not None:
        player = round_.to_act
        if round_.call_amount(player):
            round_.call(player)
        else:
            round_.check(player)
    live = [p for p in players if p not in round_.folded and round_.stack(p) > 0]
    bets = {round_.contributions[p] for p in live}
    assert len(bets) <= 1 or all(
        round_.contributions[p] >= max(round_.contributions.values()) for p in live
    )


# -- limit hold'em ------------------------------------------------------------------


def limit_round(players=("A", "B", "C", "D"), *, bet=100, preflop_blinds=False, stacks=None):
    stacks = stacks or {p: DEEP for p in players}
    posted = {players[-2]: bet // 2, players[-1]: bet} if preflop_blinds else None
    return BettingRound(stacks=stacks, order=list(players), big_blind=bet, posted=posted, limit=bet)


def test_r8_limit_bets_and_raises_are_of_exactly_the_fixed_size() -> None:
    """Seed 000: "Il existe deux variétés de base de poker Texas Hold'em: No Limit
    Hold'em et Limit Hold'em. La différence est qu'avec la variante limite, le montant
    du pari est limité." Bets and raises of exactly the round's size."""
    round_ = limit_round(bet=200)
    assert round_.min_raise_to("A") == 200
    with pytest.raises(RuleViolation) as refused:
        round_.raise_to("A", 300)
    assert refused.value.code == "limit_bet_fixed"
    with pytest.raises(RuleViolation):
        round_.raise_to("A", 100)
    round_.raise_to("A", 200)
    assert round_.min_raise_to("B") == 400
    with pytest.raises(RuleViolation):
        round_.raise_to("B", 600)
    round_.raise_to("B", 400)
    assert round_.min_raise_to("C") == 600


def test_r8_limit_a_bet_and_three_raises_cap_the_round() -> None:
    """Seed 000: "avec la variante limite, le montant du pari est limité" (TDA: a bet
    and three raises per round)."""
    round_ = limit_round()
    round_.raise_to("A", 100)
    round_.raise_to("B", 200)
    round_.raise_to("C", 300)
    round_.raise_to("D", 400)
    assert round_.capped() and round_.min_raise_to("A") is None
    with pytest.raises(RuleViolation) as refused:
        round_.raise_to("A", 500)
    assert refused.value.code == "betting_capped"
    round_.call("A")


def test_r8_limit_preflop_the_big_blind_is_the_first_bet_of_the_cap() -> None:
    """Seed 000: "avec la variante limite, le montant du pari est limité"."""
    round_ = limit_round(preflop_blinds=True)
    assert round_.min_raise_to("A") == 200
    round_.raise_to("A", 200)
    round_.raise_to("B", 300)
    round_.raise_to("C", 400)
    assert round_.capped()


def test_r8_limit_no_cap_heads_up() -> None:
    """Seed 000: "avec la variante limite, le montant du pari est limité"; TDA: no cap
    when two players are left."""
    round_ = limit_round(("A", "B"))
    for step in range(6):
        player = "AB"[step % 2]
        round_.raise_to(player, 100 * (step + 1))
    assert not round_.capped() and round_.min_raise_to("A") == 700


def test_r8_limit_an_all_in_of_half_a_bet_reopens_and_a_smaller_one_does_not() -> None:
    """Seed 000: "avec la variante limite, le montant du pari est limité"; TDA 47: in
    limit an all-in of at least half a bet reopens the betting."""
    stacks = {"A": DEEP, "B": 160, "C": DEEP, "D": 130}
    round_ = limit_round(stacks=stacks)
    round_.raise_to("A", 100)
    round_.all_in("B")  # 160: 60 more, at least half a bet: a full raise
    assert round_.min_raise_to("C") == 260
    round_.call("C")
    round_.all_in("D")  # 130: less than a call of 160, only a call
    assert round_.reopened_for("A")  # A faces 60 more: reopened
    assert round_.min_raise_to("A") == 260


def test_r8_limit_a_short_all_in_below_half_a_bet_may_be_called_or_completed() -> None:
    """Seed 000: "avec la variante limite, le montant du pari est limité"."""
    round_ = limit_round(("A", "B", "C"), stacks={"A": 40, "B": DEEP, "C": DEEP})
    round_.all_in("A")  # 40: less than half a bet of 100
    assert round_.min_raise_to("B") == 100  # complete the bet
    round_.raise_to("B", 100)
    assert round_.min_raise_to("C") == 200
    round2 = limit_round(("A", "B", "C"), stacks={"A": DEEP, "B": 130, "C": DEEP})
    round2.raise_to("A", 100)
    round2.all_in("B")  # 30 more: not a raise for A
    round2.call("C")
    assert not round2.reopened_for("A") and round2.min_raise_to("A") is None
    assert round2.call_amount("A") == 30


def test_r8_limit_an_all_in_above_the_fixed_raise_is_refused() -> None:
    """Seed 000: "le montant du pari est limité"."""
    round_ = limit_round(("A", "B"), stacks={"A": 1000, "B": 1000})
    with pytest.raises(RuleViolation) as refused:
        round_.all_in("A")
    assert refused.value.code == "limit_bet_fixed"


# -- antes --------------------------------------------------------------------------


def test_r8_antes_are_dead_money_before_the_blinds_and_do_not_count_toward_a_call() -> None:
    """RULES R8: "optional ante or big-blind ante" (TDA: antes are dead money; a short
    big blind posts the blind before the ante)."""
    players = ("A", "B", "SB", "BB")
    round_ = BettingRound(
        stacks={p: 10_000 for p in players},
        order=list(players),
        big_blind=200,
        posted={"SB": 100, "BB": 200},
        antes={p: 25 for p in players},
    )
    assert round_.call_amount("A") == 200
    assert round_.min_raise_to("A") == 400
    assert round_.stack("A") == 9_975
    assert round_.hand_contributions()["BB"] == 225
    round_.call("A")
    round_.call("B")
    round_.call("SB")
    round_.check("BB")
    assert round_.over()
    assert sum(round_.hand_contributions().values()) == 4 * 225


def test_r8_a_short_big_blind_posts_the_blind_before_the_big_blind_ante() -> None:
    """RULES R8: "optional ante or big-blind ante"; TDA: a short big blind posts the
    blind before the ante."""
    round_ = BettingRound(
        stacks={"A": 10_000, "SB": 10_000, "BB": 250},
        order=["A", "SB", "BB"],
        big_blind=200,
        posted={"SB": 100, "BB": 200},
        antes={"BB": 200},
    )
    assert round_.contributions["BB"] == 200
    assert round_.antes["BB"] == 50
    assert round_.stack("BB") == 0
    assert round_.call_amount("A") == 200


def test_r8_limit_small_bet_on_the_first_two_rounds_big_bet_on_the_last_two() -> None:
    """Seed 000: "avec la variante limite, le montant du pari est limité" (pre-flop and
    flop at the small bet, turn and river at the big bet)."""
    assert [betting.limit_bet(100, 200, n) for n in (1, 2, 3, 4)] == [100, 100, 200, 200]
    with pytest.raises(RuleViolation):
        betting.limit_bet(100, 200, 5)


def test_r8_limit_a_fold_after_the_cap_does_not_lift_it() -> None:
    """Robert's Rules (betting): "Once the raising is capped on a betting round, it
    cannot be uncapped by a subsequent fold that leaves two players heads-up"."""
    round_ = limit_round(("A", "B", "C"))
    round_.raise_to("A", 100)
    round_.raise_to("B", 200)
    round_.raise_to("C", 300)
    round_.raise_to("A", 400)
    assert round_.capped()
    round_.fold("B")  # A and C are left heads-up
    assert round_.to_act == "C"
    assert round_.capped() and round_.min_raise_to("C") is None
    with pytest.raises(RuleViolation) as refused:
        round_.raise_to("C", 500)
    assert refused.value.code == "betting_capped"
    round_.call("C")
    assert round_.over()


def test_r16_no_raise_is_offered_that_nobody_could_call() -> None:
    """The rules API's contract: ``min_raise_to`` is None when nobody left could call
    a raise. X bets 200, Y calls (800 in all), Z goes all-in for 5,000: Y cannot cover
    5,000 and Z is all-in, so X may only call or fold (PokerKit agrees)."""
    round_ = BettingRound(
        stacks={"X": 20_000, "Y": 800, "Z": 5_000}, order=["X", "Y", "Z"], big_blind=100
    )
    round_.raise_to("X", 200)
    round_.call("Y")
    round_.all_in("Z")
    assert round_.to_act == "X"
    assert round_.min_raise_to("X") is None
    with pytest.raises(RuleViolation) as refused:
        round_.raise_to("X", 9_800)
    assert refused.value.code == "nobody_to_raise_against"
    with pytest.raises(RuleViolation):
        round_.all_in("X")
    round_.call("X")
    # Y, still with 600 behind, may go all-in for less: a call, not a raise.
    assert round_.to_act == "Y" and round_.min_raise_to("Y") is None
