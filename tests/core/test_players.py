"""Players and money in a tournament (R2-R6, R23, R29)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.ledger import figures
from director.core.money import AddonRule, Fee, MoneySettings, RebuyRule, Split, split
from director.core.players import Bust, EntrantStatus
from director.core.standings import Place, places
from director.core.state import Status
from director.core.structure import simple
from tests.core.helpers import MIN, T0, created, run

ANN, BOB, CAT, DAN, EVE = (PlayerId(n) for n in range(1, 6))
NAMES = {ANN: "Ann", BOB: "Bob", CAT: "Cat", DAN: "Dan", EVE: "Eve"}
STRUCTURE = simple([(25, 50), (50, 100), (75, 150), (100, 200), (150, 300), (200, 400)])
SETTINGS = MoneySettings(
    buy_in=2000,
    chips=5000,
    fee=Fee(fixed=200),
    bounty=500,
    rebuy=RebuyRule(price=1500, chips=5000, until_level=3, threshold=2500, max_per_player=2),
    addon=AddonRule(price=1000, chips=7500, from_level=3, until_level=3),
    late_until_level=2,
    reentry=True,
    max_reentries=1,
)


def tournament(*players: PlayerId, settings: MoneySettings = SETTINGS):
    state = run(created(STRUCTURE), c.SetMoneySettings(settings=settings), T0)
    for player in players:
        state = run(state, c.BuyIn(player=player, name=NAMES[player]), T0)
    return state


def refused(state, command, at=T0) -> str:
    with pytest.raises(RuleViolation) as caught:
        run(state, command, at)
    return caught.value.code


def test_r2_r6_r29_a_buy_in_splits_into_fee_bounty_and_prize_pool() -> None:
    assert split(2000, Fee(fixed=200), 500).prize == 1300
    assert split(2000, Fee(percent_bp=1000), 0).fee == 200
    state = tournament(ANN, BOB, CAT)
    numbers = figures(state.players, state.ledger)
    assert (numbers.entries, numbers.players_left) == (3, 3)
    assert numbers.prize_pool == 3 * 1300
    assert numbers.fees == 600 and numbers.bounty_pool == 1500
    assert numbers.chips_in_play == 15000 and numbers.average_stack == 5000
    assert numbers.money_in == 6000 and numbers.owed == 0


POT = MoneySettings(
    buy_in=2500,
    chips=5000,
    fee=Fee(fixed=200),
    bounty=500,
    season_pot=300,
    rebuy=RebuyRule(price=1500, chips=5000, until_level=3),
    addon=AddonRule(price=1000, chips=7500, from_level=1, until_level=3),
    late_until_level=2,
    reentry=True,
)


def test_r29_the_season_pot_comes_out_of_each_entry_like_the_fee() -> None:
    """A league's season pot: a part of each buy-in and re-entry, out of the prize
    pool; re-buys and add-ons give none; a refund gives it back."""
    assert split(2500, Fee(fixed=200), 500, 300) == Split(
        fee=200, bounty=500, prize=1500, season=300
    )
    state = tournament(ANN, BOB, CAT, settings=POT)
    numbers = figures(state.players, state.ledger)
    assert numbers.season_pot == 3 * 300 and numbers.prize_pool == 3 * 1500
    assert [m.season for m in state.ledger] == [300, 300, 300]
    state = run(state, c.StartClock(), T0)
    state = run(state, c.BustPlayers(busts=(Bust(player=CAT),)), T0 + MIN)
    state = run(state, c.Reentry(player=CAT), T0 + 2 * MIN)
    state = run(state, c.Rebuy(player=ANN, stack=0), T0 + 3 * MIN)
    state = run(state, c.Addon(player=BOB), T0 + 4 * MIN)
    numbers = figures(state.players, state.ledger)
    assert numbers.season_pot == 4 * 300  # three buy-ins and a re-entry
    assert numbers.prize_pool == 4 * 1500 + (1500 - 0) + 1000
    state = run(state, c.RemoveEntry(player=BOB), T0 + 5 * MIN)  # the add-on goes back
    state = run(state, c.RemoveEntry(player=BOB), T0 + 5 * MIN)  # then the buy-in
    assert state.ledger[-1].season == -300
    assert figures(state.players, state.ledger).season_pot == 3 * 300
    for movement in state.ledger:
        parts = movement.fee + movement.season + movement.bounty + movement.prize
        assert parts == movement.price


def test_a_season_pot_larger_than_what_the_buy_in_leaves_is_refused() -> None:
    state = created(STRUCTURE)
    too_much = MoneySettings(
        buy_in=2000, chips=5000, fee=Fee(fixed=200), bounty=500, season_pot=1400
    )
    with pytest.raises(RuleViolation) as caught:
        run(state, c.SetMoneySettings(settings=too_much), T0)
    assert caught.value.code == "season_pot_exceeds_buy_in"
    assert caught.value.args_map == {"pot": 1400, "most": 1300}
    with pytest.raises(RuleViolation):
        run(
            state,
            c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000, season_pot=-1)),
            T0,
        )


def test_an_event_logged_before_season_pots_replays_as_it_always_did() -> None:
    """Records written without the new fields read as "no season pot"."""
    from director.core.codec import decode, encode
    from director.core.events import MoneyMoved, MoneySettingsChanged

    state = tournament(ANN, BOB)
    moved = next(m for m in state.ledger)
    record = encode(MoneyMoved(at=T0, movement=moved))
    del record["movement"]["season"]
    assert decode(MoneyMoved, record).movement == moved
    settings = encode(MoneySettingsChanged(at=T0, settings=SETTINGS))
    del settings["settings"]["season_pot"]
    assert decode(MoneySettingsChanged, settings).settings == SETTINGS


def test_a_player_may_register_owing_and_pay_later() -> None:
    state = tournament(ANN)
    state = run(state, c.BuyIn(player=BOB, name="Bob", paid=False), T0)
    assert state.players[BOB].owed == 2000
    assert figures(state.players, state.ledger).owed == 2000
    assert refused(state, c.PayDebt(player=BOB, amount=2500)) == "payment_more_than_owed"
    state = run(state, c.PayDebt(player=BOB, amount=500), T0)
    state = run(state, c.PayDebt(player=BOB), T0)
    assert state.players[BOB].owed == 0
    assert refused(state, c.PayDebt(player=BOB)) == "nothing_owed"


def test_r5_late_registration_closes_after_its_level() -> None:
    state = run(tournament(ANN), c.StartClock(), T0)
    state = run(state, c.BuyIn(player=BOB, name="Bob"), T0 + 25 * MIN)  # level 2
    assert (
        refused(state, c.BuyIn(player=CAT, name="Cat"), T0 + 41 * MIN) == "late_registration_closed"
    )
    assert refused(state, c.BuyIn(player=ANN), T0 + MIN) == "already_bought_in"


def test_r3_rebuys_period_threshold_and_limit() -> None:
    state = run(tournament(ANN, BOB, CAT), c.StartClock(), T0)
    assert refused(state, c.Rebuy(player=ANN)) == "rebuy_needs_stack"
    assert refused(state, c.Rebuy(player=ANN, stack=3000)) == "rebuy_stack_above_threshold"
    state = run(state, c.Rebuy(player=ANN, stack=2500), T0 + MIN)
    state = run(state, c.BustPlayers(busts=(Bust(player=BOB, eliminator=ANN),)), T0 + 2 * MIN)
    state = run(state, c.Rebuy(player=BOB), T0 + 3 * MIN)
    assert state.players[BOB].status is EntrantStatus.PLAYING
    state = run(state, c.Rebuy(player=ANN, stack=0), T0 + 4 * MIN)
    assert refused(state, c.Rebuy(player=ANN, stack=0), T0 + 5 * MIN) == "rebuy_limit_reached"
    assert refused(state, c.Rebuy(player=CAT, stack=100), T0 + 61 * MIN) == "rebuy_period_over"
    numbers = figures(state.players, state.ledger)
    assert numbers.rebuys == 3
    assert numbers.prize_pool == 3 * 1300 + 3 * 1500


def test_r3_only_when_out_when_there_is_no_threshold() -> None:
    settings = MoneySettings(
        buy_in=1000, chips=1000, rebuy=RebuyRule(price=1000, chips=1000, until_level=2)
    )
    state = run(tournament(ANN, BOB, settings=settings), c.StartClock(), T0)
    assert refused(state, c.Rebuy(player=ANN, stack=100)) == "rebuy_only_when_out"
    assert refused(state, c.Rebuy(player=ANN)) == "rebuy_only_when_out"
    state = run(state, c.Rebuy(player=ANN, stack=0), T0)  # no chips left: out in all but name
    assert state.players[ANN].rebuys == 1


def test_r4_addon_once_and_only_when_offered() -> None:
    state = run(tournament(ANN, BOB), c.StartClock(), T0)
    assert refused(state, c.Addon(player=ANN), T0 + MIN) == "addon_not_now"
    state = run(state, c.Addon(player=ANN), T0 + 45 * MIN)  # level 3
    assert refused(state, c.Addon(player=ANN), T0 + 46 * MIN) == "addon_already_taken"
    assert figures(state.players, state.ledger).addons == 1


def test_r5_reentry_for_a_busted_player_within_late_registration() -> None:
    state = run(tournament(ANN, BOB, CAT), c.StartClock(), T0)
    assert refused(state, c.Reentry(player=ANN)) == "reentry_only_when_out"
    state = run(state, c.BustPlayers(busts=(Bust(player=ANN, eliminator=BOB),)), T0 + MIN)
    assert refused(state, c.BuyIn(player=ANN), T0 + MIN) == "busted_use_reentry"
    state = run(state, c.Reentry(player=ANN), T0 + 2 * MIN)
    assert state.players[ANN].entries == 2
    state = run(state, c.BustPlayers(busts=(Bust(player=ANN, eliminator=BOB),)), T0 + 3 * MIN)
    assert refused(state, c.Reentry(player=ANN), T0 + 4 * MIN) == "reentry_limit_reached"
    assert figures(state.players, state.ledger).entries == 4


def test_r6_bounties_record_who_knocked_out_whom() -> None:
    from director.core.standings import eliminations

    state = tournament(ANN, BOB, CAT)
    state = run(state, c.BustPlayers(busts=(Bust(player=BOB, eliminator=ANN),)), T0)
    state = run(state, c.BustPlayers(busts=(Bust(player=CAT, eliminator=ANN),)), T0)
    assert eliminations(state.busts) == {ANN: 2}


def test_places_are_given_from_the_bottom_and_the_last_player_wins() -> None:
    state = tournament(ANN, BOB, CAT, DAN)
    state = run(state, c.BustPlayers(busts=(Bust(player=DAN),)), T0)
    assert places(state.alive(), state.busts) == {DAN: Place(4, 4)}
    state = run(state, c.BustPlayers(busts=(Bust(player=CAT),)), T0)
    state = run(state, c.BustPlayers(busts=(Bust(player=BOB),)), T0)
    assert state.status is Status.FINISHED
    assert places(state.alive(), state.busts) == {
        ANN: Place(1, 1),
        BOB: Place(2, 2),
        CAT: Place(3, 3),
        DAN: Place(4, 4),
    }


def test_r23_busts_on_one_hand_finish_in_order_of_starting_stacks() -> None:
    state = tournament(ANN, BOB, CAT, DAN, EVE)
    state = run(
        state,
        c.BustPlayers(
            busts=(
                Bust(player=BOB, start_stack=3000),
                Bust(player=CAT, start_stack=8000),
                Bust(player=DAN, start_stack=3000),
            )
        ),
        T0,
    )
    assert places(state.alive(), state.busts) == {
        CAT: Place(3, 3),
        BOB: Place(4, 5),
        DAN: Place(4, 5),
    }


def test_r23_r27_hand_for_hand_busts_at_different_tables_tie() -> None:
    from director.core.players import BustRecord
    from director.core.standings import hand_groups

    record = BustRecord(
        hand=1,
        at=T0,
        hand_for_hand=True,
        busts=(
            Bust(player=ANN, start_stack=5000, table=1),
            Bust(player=BOB, start_stack=3000, table=1),
            Bust(player=CAT, start_stack=1000, table=2),
        ),
    )
    groups = [[b.player for b in group] for group in hand_groups(record)]
    assert groups == [[ANN, CAT], [BOB]]


def test_revert_bust_puts_places_back() -> None:
    state = tournament(ANN, BOB, CAT, DAN)
    state = run(state, c.BustPlayers(busts=(Bust(player=DAN),)), T0)
    state = run(state, c.BustPlayers(busts=(Bust(player=CAT),)), T0)
    state = run(state, c.RevertBust(player=DAN), T0)
    assert state.players[DAN].status is EntrantStatus.PLAYING
    assert places(state.alive(), state.busts) == {CAT: Place(4, 4)}
    assert refused(state, c.RevertBust(player=ANN)) == "player_not_out"


def test_bad_busts_are_refused_with_the_reason() -> None:
    state = tournament(ANN, BOB)
    assert refused(state, c.BustPlayers(busts=(Bust(player=EVE),))) == "player_not_in_event"
    assert (
        refused(state, c.BustPlayers(busts=(Bust(player=ANN), Bust(player=BOB))))
        == "cannot_bust_everyone"
    )
    assert (
        refused(state, c.BustPlayers(busts=(Bust(player=ANN, eliminator=ANN),)))
        == "eliminator_is_out"
    )
    state = run(tournament(ANN, BOB, CAT), c.BustPlayers(busts=(Bust(player=ANN),)), T0)
    assert refused(state, c.BustPlayers(busts=(Bust(player=ANN),))) == "player_already_out"
    assert (
        refused(state, c.BustPlayers(busts=(Bust(player=BOB, eliminator=ANN),)))
        == "eliminator_is_out"
    )


def test_removing_an_entry_refunds_it() -> None:
    state = tournament(ANN, BOB)
    state = run(state, c.RemoveEntry(player=BOB), T0)
    assert state.players[BOB].status is EntrantStatus.REMOVED
    numbers = figures(state.players, state.ledger)
    assert (numbers.entries, numbers.prize_pool, numbers.fees, numbers.bounty_pool) == (
        1,
        1300,
        200,
        500,
    )
    assert (numbers.money_in, numbers.money_out) == (4000, 2000)  # Bob's 2000 went back
    owing = run(tournament(ANN), c.BuyIn(player=BOB, name="Bob", paid=False), T0)
    owing = run(owing, c.RemoveEntry(player=BOB), T0)
    assert owing.players[BOB].owed == 0
    assert (
        figures(owing.players, owing.ledger).money_out == 0
    )  # nothing was paid, nothing goes back
    assert refused(owing, c.RemoveEntry(player=BOB)) == "nothing_to_refund"


def test_refunding_a_rebuy_after_a_bust_puts_the_player_out_again() -> None:
    state = run(tournament(ANN, BOB, CAT), c.StartClock(), T0)
    state = run(state, c.BustPlayers(busts=(Bust(player=BOB, eliminator=ANN),)), T0)
    state = run(state, c.Rebuy(player=BOB), T0)
    state = run(state, c.RemoveEntry(player=BOB), T0)
    assert state.players[BOB].status is EntrantStatus.BUSTED
    assert state.players[BOB].rebuys == 0


# -- properties -----------------------------------------------------------------

PLAYERS = [ANN, BOB, CAT, DAN, EVE]
actions = st.lists(
    st.tuples(
        st.integers(min_value=0, max_value=15 * MIN),
        st.sampled_from(PLAYERS),
        st.sampled_from(
            ["buy_in", "owe", "rebuy", "addon", "reentry", "bust", "revert", "remove", "pay"]
        ),
        st.integers(min_value=0, max_value=6000),
    ),
    max_size=40,
)


def command_for(kind, player, number, others):
    if kind == "buy_in":
        return c.BuyIn(player=player, name=NAMES[player])
    if kind == "owe":
        return c.BuyIn(player=player, name=NAMES[player], paid=False)
    if kind == "rebuy":
        return c.Rebuy(player=player, stack=number, paid=bool(number % 2))
    if kind == "addon":
        return c.Addon(player=player)
    if kind == "reentry":
        return c.Reentry(player=player)
    if kind == "bust":
        eliminator = others[number % len(others)] if others else None
        return c.BustPlayers(busts=(Bust(player=player, eliminator=eliminator),))
    if kind == "revert":
        return c.RevertBust(player=player)
    if kind == "remove":
        return c.RemoveEntry(player=player)
    return c.PayDebt(player=player)


@given(steps=actions, settings=st.sampled_from([SETTINGS, POT]))
def test_money_is_conserved_to_the_cent(steps, settings) -> None:
    state = run(created(STRUCTURE), c.SetMoneySettings(settings=settings), T0)
    state = run(state, c.StartClock(), T0)
    now = T0
    for delay, player, kind, number in steps:
        now += delay
        others = [p for p in state.alive() if p != player]
        try:
            state = run(state, command_for(kind, player, number, others), now)
        except RuleViolation:
            continue
        numbers = figures(state.players, state.ledger)
        sold = sum(m.price for m in state.ledger)
        assert sold == numbers.prize_pool + numbers.fees + numbers.bounty_pool + numbers.season_pot
        assert all(m.price == m.fee + m.season + m.bounty + m.prize for m in state.ledger)
        assert numbers.money_in - numbers.money_out + numbers.owed == sold
        assert numbers.chips_in_play == sum(e.chips for e in state.players.values())
        assert all(e.owed >= 0 for e in state.players.values())
        ranked = places(state.alive(), state.busts, state.status is Status.FINISHED)
        taken = sorted(p.best for p in ranked.values())
        assert len(set(ranked)) == len(ranked)
        assert all(place.best >= 1 for place in ranked.values()) and len(taken) == len(ranked)


def test_r3_the_rebuy_period_ends_with_its_level_or_after_the_break_as_chosen() -> None:
    """Seed 000: "après une phase dite de re-buy optionnelle, dans laquelle les joueurs
    peuvent re-buy-in"; the organizer says whether the phase ends with level N or with
    the break after it."""
    from director.core.handlers.players import rebuys_open
    from director.core.structure import Break, Level, Structure

    structure = Structure(
        items=(
            Level(small_blind=25, big_blind=50, seconds=20 * 60),
            Level(small_blind=50, big_blind=100, seconds=20 * 60),
            Break(seconds=10 * 60),
            Level(small_blind=100, big_blind=200, seconds=20 * 60),
        )
    )
    on_break = T0 + 45 * MIN
    for through_break, open_on_break in ((False, False), (True, True)):
        rule = RebuyRule(price=1000, chips=5000, until_level=2, through_break=through_break)
        settings = MoneySettings(buy_in=1000, chips=5000, rebuy=rule)
        state = run(created(structure), c.SetMoneySettings(settings=settings), T0)
        for player in (ANN, BOB, CAT):
            state = run(state, c.BuyIn(player=player, name=NAMES[player]), T0)
        state = run(state, c.StartClock(), T0)
        state = run(state, c.BustPlayers(busts=(Bust(player=CAT),)), T0 + MIN)
        assert rebuys_open(state, T0 + 39 * MIN)
        assert rebuys_open(state, on_break) is open_on_break
        if open_on_break:
            run(state, c.Rebuy(player=CAT), on_break)
        else:
            assert refused(state, c.Rebuy(player=CAT), on_break) == "rebuy_period_over"
        assert not rebuys_open(state, T0 + 51 * MIN)
        code = refused(state, c.Rebuy(player=CAT), T0 + 51 * MIN)
        assert code == ("rebuy_period_over_break" if through_break else "rebuy_period_over")
