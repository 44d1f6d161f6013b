"""The payouts page: live payouts, structure with inline errors, deals, paying."""

from __future__ import annotations

import pytest
from PySide6.QtTest import QAbstractItemModelTester

from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import MoneySettings
from director.core.players import Bust
from director.gui.pages.payouts_page import PayoutsPage
from director.i18n import parse_percent


@pytest.fixture
def window(event_window):
    return event_window(
        commands=[
            c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)),
            *(c.BuyIn(player=PlayerId(n), name=f"Player {n}") for n in range(1, 10)),
        ],
        page="payouts",
    )


def page_of(window) -> PayoutsPage:
    page = window.console.page("payouts")
    assert isinstance(page, PayoutsPage)
    return page


def test_payouts_follow_entries_live(qtbot, window) -> None:
    page = page_of(window)
    assert [page.now.item(r, 1).text() for r in range(page.now.rowCount())] == [
        "€90.00",
        "€54.00",
        "€36.00",
    ]
    window.controller.dispatch(c.BuyIn(player=PlayerId(10), name="Player 10"))
    assert page.now.item(0, 1).text() == "€100.00"


def test_percentages_must_add_up_shown_inline(qtbot, window) -> None:
    page = page_of(window)
    page.mode.setCurrentIndex(page.mode.findData("percent"))
    page._mode_changed()
    places = page.places_model
    QAbstractItemModelTester(places, QAbstractItemModelTester.FailureReportingMode.Fatal)
    for row, text in enumerate(("60", "30", "20")):
        places.setData(places.index(row, 1), text)
    assert "110%" in page.error.text() and not page.apply_button.isEnabled()
    assert not places.setData(places.index(0, 1), "half")
    assert "a percentage from 0 to 100" in page.error.text()
    places.setData(places.index(0, 1), "50")
    assert places.index(0, 1).data() == "50%"
    assert page.apply_button.isEnabled()
    page.apply()
    assert window.controller.state.payout.shares == (5000, 3000, 2000)
    assert parse_percent("12,5 %") == 1250
    # Fixed amounts: first place's box may stay empty (it gets the rest of the pool).
    page.mode.setCurrentIndex(page.mode.findData("fixed"))
    page._mode_changed()
    places.setData(places.index(1, 1), "20")
    places.setData(places.index(2, 1), "10")
    assert places.index(1, 1).data() == "€20.00"
    assert page.apply_button.isEnabled()
    page.apply()
    assert window.controller.state.payout.amounts == (0, 2000, 1000)


def test_bubble_and_deal_then_pay_the_winners(qtbot, window) -> None:
    page = page_of(window)
    for player in range(9, 4, -1):
        window.controller.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(player)),)))
    assert "Bubble" in page.bubble.text()
    window.controller.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(4)),)))
    model = page.deal_model
    QAbstractItemModelTester(model, QAbstractItemModelTester.FailureReportingMode.Fatal)
    assert [model.index(r, 4).data() for r in range(3)] == ["€36.00"] * 3  # if out next
    assert not page.accept_deal_button.isEnabled()
    assert page.accept_deal_button.toolTip() == "Work out the deal first."
    stacks = {"Player 1": "20,000", "Player 2": "15000", "Player 3": "10 000"}
    for row in range(model.rowCount()):
        model.setData(model.index(row, 1), stacks[model.index(row, 0).data()])
    assert not model.setData(model.index(0, 1), "-5")  # refused, said, nothing changed
    assert page.deal_note.text() == "Chips must be whole numbers."
    # One formatter: chips as everywhere else, 15,000 not 15000.
    assert [model.index(r, 1).data() for r in range(3)] == ["20,000", "15,000", "10,000"]
    page.method.setCurrentIndex(page.method.findData("icm"))
    page.work_out_deal()
    deal_amounts = [model.index(r, 2).data() for r in range(3)]
    icm_values = [model.index(r, 3).data() for r in range(3)]
    assert all(text.startswith("€") for text in deal_amounts + icm_values)
    assert page.accept_deal_button.isEnabled()
    page.accept_deal()
    assert page.deal_table.isColumnHidden(4)  # no "if out next" once the deal is made
    assert window.controller.state.deal is not None
    assert window.undo_action.text() == "&Undo: accept the deal"
    payments = [page.results.cellWidget(r, 7) for r in range(page.results.rowCount())]
    assert len(payments) == 3
    payments[0].click()
    first = page.results.item(0, 6).text()
    assert first == "€0.00"
