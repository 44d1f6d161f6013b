"""A player's own starting stack: a season final's qualifiers start with the
chips their season earned them (issue 33)."""

from __future__ import annotations

import pytest

from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.ledger import figures
from director.core.money import CashSettings, MoneySettings, RebuyRule
from director.core.players import Bust
from director.core.state import EventKind
from tests.core.helpers import T0, created, run
from tests.core.test_players import STRUCTURE

ANN, BOB, CAT = PlayerId(1), PlayerId(2), PlayerId(3)
FINAL = MoneySettings(
    buy_in=0, chips=10_000, rebuy=RebuyRule(price=1000, chips=5000, until_level=3)
)


def registered():
    state = run(created(STRUCTURE), c.SetMoneySettings(settings=FINAL), T0)
    for player, name in ((ANN, "Ann"), (BOB, "Bob"), (CAT, "Cat")):
        state = run(state, c.RegisterPlayer(player=player, name=name), T0)
    return state


def test_a_buy_in_gives_the_players_own_starting_stack() -> None:
    state = registered()
    state = run(state, c.SetStartingStack(player=ANN, chips=14_500), T0)
    state = run(state, c.SetStartingStack(player=BOB, chips=12_000), T0)
    for player in (ANN, BOB, CAT):
        state = run(state, c.BuyIn(player=player), T0)
    assert [state.players[p].chips for p in (ANN, BOB, CAT)] == [14_500, 12_000, 10_000]
    numbers = figures(state.players, state.ledger)
    assert numbers.chips_in_play == 36_500
    assert numbers.average_stack == 36_500 // 3
    # A re-buy is the event's re-buy, not the player's stack again.
    state = run(state, c.BustPlayers(busts=(Bust(player=ANN, eliminator=BOB),)), T0)
    state = run(state, c.Rebuy(player=ANN), T0)
    assert figures(state.players, state.ledger).chips_in_play == 36_500 + 5000


def test_a_starting_stack_is_refused_once_bought_in_or_bad() -> None:
    state = registered()
    state = run(state, c.BuyIn(player=ANN), T0)
    with pytest.raises(RuleViolation) as caught:
        run(state, c.SetStartingStack(player=ANN, chips=20_000), T0)
    assert caught.value.code == "starting_stack_after_buy_in"
    with pytest.raises(RuleViolation):
        run(state, c.SetStartingStack(player=BOB, chips=-1), T0)
    with pytest.raises(RuleViolation) as caught:
        run(state, c.SetStartingStack(player=PlayerId(99), chips=1000), T0)
    assert caught.value.code == "player_not_in_event"
    cash = run(
        created(STRUCTURE, kind=EventKind.CASH),
        c.SetCashSettings(settings=CashSettings(chip_money=100, chip_count=100)),
        T0,
    )
    cash = run(cash, c.RegisterPlayer(player=ANN, name="Ann"), T0)
    with pytest.raises(RuleViolation) as caught:
        run(cash, c.SetStartingStack(player=ANN, chips=1000), T0)
    assert caught.value.code == "not_in_a_cash_game"


def test_zero_gives_the_events_stack_back() -> None:
    state = registered()
    state = run(state, c.SetStartingStack(player=ANN, chips=14_500), T0)
    state = run(state, c.SetStartingStack(player=ANN, chips=0), T0)
    state = run(state, c.BuyIn(player=ANN), T0)
    assert state.players[ANN].chips == 10_000


def test_a_set_up_with_stacks_registers_sets_and_buys_in_as_one_command() -> None:
    state = created(STRUCTURE)
    state = run(
        state,
        c.SetUpEvent(
            money=FINAL,
            players=(
                c.Newcomer(player=ANN, name="Ann", stack=15_000),
                c.Newcomer(player=BOB, name="Bob"),
            ),
        ),
        T0,
    )
    assert state.players[ANN].chips == 15_000
    assert state.players[BOB].chips == 10_000
    assert figures(state.players, state.ledger).chips_in_play == 25_000
