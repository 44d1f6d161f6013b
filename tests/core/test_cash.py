"""Cash games (R1, R32): buy-ins, top-ups, cash-outs, and the settlement."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.ids import Instant, PlayerId
from director.core.ledger import BANK, fewest_payments, settle
from director.core.money import CashSettings
from director.core.players import EntrantStatus
from director.core.state import EventKind
from tests.core.helpers import T0, created, run

ANN, BOB, CAT, DAN = (PlayerId(n) for n in range(1, 5))
NAMES = {ANN: "Ann", BOB: "Bob", CAT: "Cat", DAN: "Dan"}
# 1 chip = 5 cents.
SETTINGS = CashSettings(starts_at=T0, ends_at=T0 + 5 * 3600_000, chip_money=5, chip_count=1)


def game():
    return run(created(kind=EventKind.CASH), c.SetCashSettings(settings=SETTINGS), T0)


def test_r32_buy_ins_top_ups_and_cash_outs_settle_to_zero() -> None:
    state = game()
    state = run(state, c.BuyIn(player=ANN, name="Ann", amount=5000), T0)
    state = run(state, c.BuyIn(player=BOB, name="Bob", amount=5000), T0)
    state = run(state, c.BuyIn(player=CAT, name="Cat", amount=2000), T0)
    state = run(state, c.TopUp(player=CAT, amount=3000), T0)
    assert state.players[CAT].chips == 1000
    state = run(state, c.CashOut(player=ANN, chips=2400), T0)  # 120.00
    state = run(state, c.CashOut(player=BOB, chips=0), T0)
    state = run(state, c.CashOut(player=CAT, chips=600), T0)  # 30.00
    assert state.players[ANN].status is EntrantStatus.LEFT
    result = settle(state.players, state.ledger)
    nets = {r.player: r.net for r in result.results}
    assert nets == {ANN: 7000, BOB: -5000, CAT: -2000}
    assert result.net_total == 0 and result.chip_difference == 0
    assert result.money_in == 15000 and result.money_out == 15000
    assert result.payments == ()  # everything went through the bank


def test_money_that_did_not_pass_through_the_bank_is_settled_in_fewest_payments() -> None:
    state = game()
    state = run(state, c.BuyIn(player=ANN, name="Ann", amount=5000), T0)
    state = run(state, c.BuyIn(player=BOB, name="Bob", amount=5000, paid=False), T0)
    state = run(state, c.BuyIn(player=CAT, name="Cat", amount=5000), T0)
    state = run(state, c.CashOut(player=ANN, chips=2400, paid=False), T0)
    state = run(state, c.CashOut(player=CAT, chips=600, paid=False), T0)
    state = run(state, c.CashOut(player=BOB, chips=0), T0)
    result = settle(state.players, state.ledger)
    assert result.balances == {ANN: 12000, CAT: 3000, BOB: -5000, BANK: -10000}
    assert len(result.payments) == 3
    paid = {}
    for payment in result.payments:
        paid[payment.payer] = paid.get(payment.payer, 0) - payment.amount
        paid[payment.payee] = paid.get(payment.payee, 0) + payment.amount
    assert paid == dict(result.balances)


def test_a_chip_count_that_does_not_balance_is_shown() -> None:
    state = game()
    state = run(state, c.BuyIn(player=ANN, name="Ann", amount=5000), T0)
    state = run(state, c.BuyIn(player=BOB, name="Bob", amount=5000), T0)
    state = run(state, c.CashOut(player=ANN, chips=1500), T0)
    state = run(state, c.CashOut(player=BOB, chips=450), T0)
    result = settle(state.players, state.ledger)
    assert result.chip_difference == -50
    assert result.net_total == -250


def test_cash_rules_refuse_bad_amounts() -> None:
    state = run(game(), c.BuyIn(player=ANN, name="Ann", amount=5000), T0)
    for command, code in [
        (c.BuyIn(player=BOB, name="Bob", amount=-5), "amount_negative"),
        (c.BuyIn(player=BOB, name="Bob", amount=3), "amount_not_whole_chips"),
        (c.BuyIn(player=ANN, amount=100), "already_seated"),
        (c.TopUp(player=BOB, amount=100), "player_not_in_event"),
        (c.CashOut(player=ANN, chips=-1), "amount_negative"),
        (c.Rebuy(player=ANN), "not_in_a_cash_game"),
        (c.BustPlayers(busts=()), "not_in_a_cash_game"),
    ]:
        with pytest.raises(RuleViolation) as caught:
            run(state, command, T0)
        assert caught.value.code == code, command


def brute_force_fewest(balances: dict[int, int]) -> int:
    """The fewest payments, by trying every split into zero-sum groups."""
    parties = [p for p, a in balances.items() if a]

    # Minimum payments = parties - max number of disjoint zero-sum groups.
    def max_groups(remaining: tuple[int, ...]) -> int:
        if not remaining:
            return 0
        first, rest = remaining[0], remaining[1:]
        result = 0
        for count in range(len(rest) + 1):
            for combo in itertools.combinations(rest, count):
                if balances[first] + sum(balances[p] for p in combo) == 0:
                    left = tuple(p for p in rest if p not in combo)
                    result = max(result, 1 + max_groups(left))
        return result

    return len(parties) - max_groups(tuple(parties))


@given(st.lists(st.integers(min_value=-50, max_value=50).filter(bool), min_size=1, max_size=8))
def test_fewest_payments_settle_everyone_with_the_fewest_transfers(amounts) -> None:
    balances = {PlayerId(index + 1): amount for index, amount in enumerate(amounts)}
    balances[PlayerId(100)] = -sum(amounts)
    payments = fewest_payments(balances)
    settled: dict[int, int] = {}
    for payment in payments:
        assert payment.amount > 0
        settled[payment.payer] = settled.get(payment.payer, 0) - payment.amount
        settled[payment.payee] = settled.get(payment.payee, 0) + payment.amount
    assert {p: a for p, a in settled.items() if a} == {p: a for p, a in balances.items() if a}
    assert len(payments) == brute_force_fewest(balances)


@given(
    buys=st.lists(
        st.tuples(st.sampled_from([ANN, BOB, CAT, DAN]), st.integers(1, 40), st.booleans()),
        min_size=1,
        max_size=12,
    ),
    shares=st.lists(st.integers(min_value=0, max_value=10), min_size=4, max_size=4),
)
def test_nets_sum_to_zero_when_the_chips_balance(buys, shares) -> None:
    state = game()
    for player, units, paid in buys:
        amount = units * 500
        entrant = state.players.get(player)
        command = (
            c.TopUp(player=player, amount=amount, paid=paid)
            if entrant is not None and entrant.status is EntrantStatus.PLAYING
            else c.BuyIn(player=player, name=NAMES[player], amount=amount, paid=paid)
        )
        state = run(state, command, T0)
    seated = [p for p in state.alive()]
    total_chips = sum(state.players[p].chips for p in state.players) - sum(
        -m.chips for m in state.ledger if m.chips < 0
    )
    weights = [shares[i % 4] + 1 for i in range(len(seated))]
    given_out = 0
    for index, player in enumerate(seated):
        chips = (
            total_chips - given_out
            if index == len(seated) - 1
            else total_chips * weights[index] // sum(weights)
        )
        given_out += chips
        state = run(state, c.CashOut(player=player, chips=chips, paid=index % 2 == 0), T0)
    result = settle(state.players, state.ledger)
    assert result.chip_difference == 0
    assert result.net_total == 0
    assert result.unsettled == 0
    # The bank never pays out more than it holds.
    assert sum(p.amount for p in result.payments if p.payer == BANK) <= max(0, result.bank_holds)
    moved: dict[int, int] = {}
    for payment in result.payments:
        moved[payment.payer] = moved.get(payment.payer, 0) - payment.amount
        moved[payment.payee] = moved.get(payment.payee, 0) + payment.amount
    assert {p: a for p, a in moved.items() if a} == dict(result.balances)


def test_r32_top_ups_counted_per_player_from_the_ledger() -> None:
    """R32: every top-up is recorded; the count per player is the ledger's top-ups less
    any taken back, players with none left out."""
    from director.core.ledger import purchase_counts
    from director.core.players import Movement, MovementKind

    ann, bob = PlayerId(1), PlayerId(2)
    ledger = [
        Movement(at=Instant(1), kind=MovementKind.BUY_IN, player=ann, price=5000),
        Movement(at=Instant(2), kind=MovementKind.TOP_UP, player=ann, price=2000),
        Movement(at=Instant(3), kind=MovementKind.TOP_UP, player=bob, price=2000),
        Movement(at=Instant(4), kind=MovementKind.TOP_UP, player=ann, price=1000),
        Movement(
            at=Instant(5),
            kind=MovementKind.REFUND,
            player=bob,
            price=-2000,
            refunded=MovementKind.TOP_UP,
        ),
    ]
    assert purchase_counts(ledger, MovementKind.TOP_UP) == {ann: 2}
    assert purchase_counts(ledger, MovementKind.BUY_IN) == {ann: 1}
