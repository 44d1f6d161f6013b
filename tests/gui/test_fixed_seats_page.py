"""The tables page's controls for seats that never move (issue 34, item 5): lock a
seat, reserve it, free it, name a table and set its seats; each greyed with the
rules' reason when refused."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from director.core import commands as c
from director.core.ids import PlayerId
from director.gui.dialogs.table_setup import TableSetupDialog
from tests.gui.test_tables_page import _action, page_of
from tests.gui.test_tables_page import window as window


@pytest.fixture
def drawn(window):
    # Table 1 has a tenth seat: 18 players at 9 and 9 leave one open there.
    window.controller.dispatch(c.SetTableLayout(table=1, seats=10))
    page_of(window).draw_seats()
    return window


def _free_seat(window, table: int = 1) -> int:
    tables = window.controller.state.tables
    return next(
        s for s in range(1, tables.seats_at(table) + 1) if s not in tables.tables[table].seats
    )


def test_the_seat_menu_locks_an_empty_seat_and_greys_it_on_a_taken_one(qtbot, drawn) -> None:
    page = page_of(drawn)
    taken = next(iter(drawn.controller.state.tables.tables[1].seats))
    refused = _action(page.seat_menu(1, taken), "Lock this seat")
    assert not refused.isEnabled() and "is taken" in refused.toolTip()
    free = _free_seat(drawn)
    _action(page.seat_menu(1, free), "Lock this seat").trigger()
    assert free in drawn.controller.state.tables.setup(1).locked
    assert "locked" in page.cards[0].view.tags[free]


def test_the_seat_menu_reserves_a_seat_for_the_player_sitting_there(qtbot, drawn) -> None:
    page = page_of(drawn)
    seat, player = next(iter(drawn.controller.state.tables.tables[1].seats.items()))
    name = drawn.controller.state.player_name(player)
    other = next(p for p in drawn.controller.state.tables.tables[2].seats.values() if p != player)
    elsewhere = _action(page.seat_menu(1, seat), drawn.controller.state.player_name(other))
    assert not elsewhere.isEnabled() and "sits elsewhere" in elsewhere.toolTip()
    _action(page.seat_menu(1, seat), name).trigger()
    assert drawn.controller.state.tables.reserved_seat(player) == (1, seat)
    assert f"reserved for {name}" in page.cards[0].view.tags[seat]


def test_the_seat_menu_frees_a_locked_seat_and_greys_it_when_nothing_is_locked(
    qtbot, drawn
) -> None:
    page = page_of(drawn)
    free = _free_seat(drawn)
    assert not _action(page.seat_menu(1, free), "Free this seat").isEnabled()
    drawn.controller.dispatch(c.LockSeat(table=1, seat=free))
    _action(page.seat_menu(1, free), "Free this seat").trigger()
    assert drawn.controller.state.tables.setup(1).locked == frozenset()


def test_moving_a_player_into_a_locked_seat_is_greyed_with_the_reason(qtbot, drawn) -> None:
    page = page_of(drawn)
    free = _free_seat(drawn)
    drawn.controller.dispatch(c.LockSeat(table=1, seat=free))
    move = _action(page.seat_menu(1, free), "Move ")
    assert not move.isEnabled() and "locked" in move.toolTip()


def test_a_cards_name_button_names_the_table_and_sets_its_seats(qtbot, drawn, monkeypatch) -> None:
    page = page_of(drawn)

    def answer(dialog: TableSetupDialog) -> int:
        dialog.name.setText("Ann's kitchen")
        dialog.seats.setValue(10)
        return 1

    monkeypatch.setattr(TableSetupDialog, "exec", answer)
    page.cards[1].setup.click()
    tables = drawn.controller.state.tables
    assert tables.setup(2).name == "Ann's kitchen" and tables.seats_at(2) == 10
    assert page.cards[1].view.title == "Table Ann's kitchen"
    assert page.cards[1].view.seats == 10


def test_the_table_setup_dialog_greys_ok_with_the_reason(qtbot, drawn) -> None:
    session = drawn.controller.session
    dialog = TableSetupDialog(drawn.controller.state.tables, 2, session.refusal)
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled() and dialog.reason.text() == "Nothing to change."
    dialog.seats.setValue(3)  # fewer seats than players at table 2
    assert not ok.isEnabled() and "more players" in dialog.reason.text()
    dialog.seats.setValue(0)
    dialog.name.setText("Kitchen")
    assert ok.isEnabled() and dialog.reason.text() == ""


def test_the_names_and_seats_button_sets_a_table_before_the_draw(
    qtbot,
    window,
    monkeypatch,
) -> None:
    page = page_of(window)

    def answer(dialog: TableSetupDialog) -> int:
        dialog.number.setValue(2)
        dialog.seats.setValue(6)
        return 1

    monkeypatch.setattr(TableSetupDialog, "exec", answer)
    page.layout_button.click()
    assert window.controller.state.tables.seats_at(2) == 6
    page.draw_seats()
    assert max(window.controller.state.tables.tables[2].seats) <= 6
    assert window.controller.state.tables.where(PlayerId(1)) is not None
