"""Rules the console asks about instead of computing them: the first night's set-up in
one command, the deal preview with ICM values, "if out next", the re-buy stack question."""

from __future__ import annotations

import pytest

from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.handlers.players import rebuy_stack_question
from director.core.ids import PlayerId
from director.core.money import MoneySettings, RebuyRule
from director.core.players import Bust, EntrantStatus
from director.core.results import (
    out_next_prize,
    preview_deal,
    prize_amounts,
    propose_deal,
    remaining_prizes,
)
from director.core.structure import Level, Structure
from tests.core.helpers import T0, created, run

STRUCTURE = Structure(items=(Level(small_blind=25, big_blind=50, seconds=1200),))


def newcomers(count: int) -> tuple[c.Newcomer, ...]:
    return tuple(c.Newcomer(player=PlayerId(n), name=f"P{n}") for n in range(1, count + 1))


def test_the_set_up_is_one_command_with_each_steps_rules() -> None:
    state = created()
    setup = c.SetUpEvent(
        structure=STRUCTURE,
        money=MoneySettings(buy_in=2000, chips=5000),
        players=newcomers(3),
    )
    after = run(state, setup, T0)
    assert after.structure == STRUCTURE and after.money.chips == 5000
    assert [e.status for e in after.players.values()] == [EntrantStatus.PLAYING] * 3
    assert setup.label(state).args == {"players": 3}
    # No chips: the players are registered, not bought in.
    registered = run(state, c.SetUpEvent(players=newcomers(2)), T0)
    assert {e.status for e in registered.players.values()} == {EntrantStatus.REGISTERED}
    # Each step keeps its rules; and a second set-up over players is refused.
    with pytest.raises(RuleViolation) as refused:
        run(state, c.SetUpEvent(money=MoneySettings(buy_in=-5, chips=10)), T0)
    assert refused.value.code
    with pytest.raises(RuleViolation) as twice:
        run(after, c.SetUpEvent(players=newcomers(1)), T0)
    assert twice.value.code == "event_already_set_up"


def _three_left() -> object:
    state = run(created(STRUCTURE), c.SetMoneySettings(settings=MoneySettings(2000, 5000)), T0)
    for player in newcomers(6):
        state = run(state, c.BuyIn(player=player.player, name=player.name), T0)
    for number in (6, 5, 4):
        state = run(state, c.BustPlayers(busts=(Bust(player=PlayerId(number)),)), T0)
    return state


def test_deal_preview_has_icm_values_and_the_chip_check() -> None:
    state = _three_left()
    stacks = {PlayerId(1): 15_000, PlayerId(2): 10_000, PlayerId(3): 4_000}
    preview = preview_deal(state, "icm", stacks)
    assert preview.deal == propose_deal(state, "icm", stacks)
    assert preview.chips_in_play == 30_000 and preview.chips_difference == -1_000
    values = preview.icm_values
    assert values[PlayerId(1)] > values[PlayerId(2)] > values[PlayerId(3)]
    prizes = remaining_prizes(state)
    assert sum(prizes) - 3 <= sum(values.values()) <= sum(prizes)
    assert out_next_prize(state) == prizes[2]
    made = run(state, c.AcceptDeal(deal=preview.deal, chips_difference_accepted=True), T0)
    assert out_next_prize(made) is None  # after a deal nobody is "out next" for money


def test_the_rebuy_stack_question() -> None:
    money = MoneySettings(
        buy_in=2000,
        chips=5000,
        rebuy=RebuyRule(price=2000, chips=5000, until_level=2, threshold=3000),
    )
    state = run(created(STRUCTURE), c.SetMoneySettings(settings=money), T0)
    state = run(state, c.BuyIn(player=PlayerId(1), name="Ann"), T0)
    assert rebuy_stack_question(state, PlayerId(1)) == 3000
    state = run(state, c.BuyIn(player=PlayerId(2), name="Bob"), T0)
    state = run(state, c.BustPlayers(busts=(Bust(player=PlayerId(1)),)), T0)
    assert rebuy_stack_question(state, PlayerId(1)) is None  # out: no stack to give


def test_one_bubble_text_for_the_console_and_the_tv() -> None:
    from director.app.views.display import NoteRow, bubble_text, payouts_section

    state = run(created(STRUCTURE), c.SetMoneySettings(settings=MoneySettings(2000, 5000)), T0)
    for player in newcomers(10):
        state = run(state, c.BuyIn(player=player.player, name=player.name), T0)
    texts = []
    for number in range(10, 1, -1):
        texts.append(bubble_text(state))
        section = payouts_section(state)
        notes = [row.text for row in section.rows if isinstance(row, NoteRow)] if section else []
        assert notes == ([texts[-1]] if texts[-1] else [])
        state = run(state, c.BustPlayers(busts=(Bust(player=PlayerId(number)),)), T0)
    paid = len([amount for amount in prize_amounts(state) if amount])
    assert "Bubble: next out wins nothing" in texts
    assert texts.index("Bubble: next out wins nothing") == 10 - paid - 1
    assert "In the money" in texts and "2 players to the money" in texts
