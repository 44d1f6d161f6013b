"""The players page: type a name and Enter, one click per action, reasons shown."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from director.app.club.roster import Roster
from director.app.files import structures
from director.app.views.display import SectionKind, display_data
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import CashSettings, Fee, MoneySettings, RebuyRule
from director.core.players import Bust, EntrantStatus
from director.core.state import EventKind
from director.gui.dialogs.bust import BustDialog
from director.gui.dialogs.settlement import SettlementDialog, payment_lines
from director.gui.pages import players_page as page_module
from director.gui.pages.money_form import CashMoneyForm, TournamentMoneyForm
from director.gui.pages.players_page import PlayersPage
from tests.core.helpers import MIN

SETTINGS = MoneySettings(
    buy_in=2000,
    chips=5000,
    fee=Fee(fixed=200),
    bounty=500,
    late_until_level=4,
    rebuy=RebuyRule(price=2000, chips=5000, until_level=2, threshold=0),
)


@pytest.fixture
def window(event_window, monkeypatch):
    made = event_window(
        commands=[
            c.SetStructure(structure=structures.find("regular-5000").template.structure),
            c.SetMoneySettings(settings=SETTINGS),
        ],
        page="players",
    )
    monkeypatch.setattr(page_module, "confirm", lambda *a, **k: True)
    return made


def page_of(window) -> PlayersPage:
    page = window.console.page("players")
    assert isinstance(page, PlayersPage)
    return page


def type_name(qtbot, page: PlayersPage, text: str) -> None:
    page.entry.setText(text)
    qtbot.keyClick(page.entry, Qt.Key.Key_Return)


def test_typing_a_new_name_adds_and_buys_in(qtbot, window) -> None:
    page = page_of(window)
    type_name(qtbot, page, "Zoë Martin")
    state = window.controller.state
    (entrant,) = state.players.values()
    assert entrant.name == "Zoë Martin" and entrant.status is EntrantStatus.PLAYING
    assert Roster(window.database).find("zoe martin") is not None
    assert page.figure_labels["prize_pool"].text() == "€13.00"
    assert page.entry.text() == ""
    assert window.undo_action.text() == "&Undo: buy-in of Zoë Martin"


def test_a_known_player_buys_in_without_a_question(qtbot, window, monkeypatch) -> None:
    Roster(window.database).add("Ann Smith")
    asked = []
    monkeypatch.setattr(page_module, "confirm", lambda *a, **k: asked.append(a[2]) or False)
    page = page_of(window)
    type_name(qtbot, page, "ann s")
    assert [e.name for e in window.controller.state.players.values()] == ["Ann Smith"]
    assert asked == []
    type_name(qtbot, page, "Bob")  # a new name asks once; "No" adds nobody
    assert len(asked) == 1 and "Bob" in asked[0]
    assert [e.name for e in window.controller.state.players.values()] == ["Ann Smith"]
    assert Roster(window.database).find("Bob") is None


def test_typing_a_name_already_in_the_event_selects_it(qtbot, window) -> None:
    page = page_of(window)
    for name in ("Ann", "Bob", "Cat"):
        type_name(qtbot, page, name)
    type_name(qtbot, page, "bob")
    assert len(window.controller.state.players) == 3
    selected = page.selected()
    assert window.controller.state.players[selected].name == "Bob"


def test_a_refused_action_says_why(qtbot, window, monkeypatch) -> None:
    shown = []
    monkeypatch.setattr(
        "director.gui.controller.show_error", lambda parent, error, **k: shown.append(error.code)
    )
    page = page_of(window)
    type_name(qtbot, page, "Ann")
    page.rebuy()
    assert shown == ["rebuy_only_when_out"]
    assert "still in" in page.buttons["rebuy"].toolTip()


def test_bust_with_eliminator_then_rebuy_and_figures(qtbot, window, clock) -> None:
    page = page_of(window)
    for name in ("Ann", "Bob", "Cat"):
        type_name(qtbot, page, name)
    state = window.controller.state
    ids = {e.name: e.player for e in state.players.values()}
    window.controller.dispatch(c.StartClock())
    dialog = BustDialog(state, ids["Cat"], page)
    qtbot.addWidget(dialog)
    _out, eliminator, _stack = dialog.rows[0]
    eliminator.setCurrentIndex(eliminator.findData(int(ids["Ann"])))
    dialog.accept()
    window.controller.dispatch(c.BustPlayers(busts=dialog.busts))
    assert window.controller.state.players[ids["Cat"]].status is EntrantStatus.BUSTED
    page.select(ids["Cat"])
    page.rebuy()
    assert window.controller.state.players[ids["Cat"]].rebuys == 1
    assert page.figure_labels["rebuys"].text() == "1"
    data = display_data(window.controller.state, window.controller.now())
    assert ("Players", "3 / 3") in [(s.caption, s.value) for s in data.stats]
    assert ("Re-buys to the end of level 2", "Open") in [(s.caption, s.value) for s in data.stats]
    (section,) = [s for s in data.sections if s.kind is SectionKind.FIGURES]
    # Three entries and a re-buy at 5,000 chips; a 5.00 bounty in each entry (none in re-buys).
    assert [row.text for row in section.rows] == ["Re-buys 1", "Chips 20,000", "Bounties €15.00"]
    assert [(f.key, f.value) for row in section.rows for f in row.figures] == [
        ("rebuys", 1),
        ("chips", 20_000),
        ("bounties", 1500),
    ]
    texts = " ".join(row.text for s in data.sections for row in s.rows).lower()
    assert "owed" not in texts and "fee" not in texts
    clock.advance(45 * MIN)
    data = display_data(window.controller.state, window.controller.now())
    assert ("Re-buys", "Closed") in [(s.caption, s.value) for s in data.stats]


def test_several_busts_on_one_hand_need_stacks(qtbot, window) -> None:
    page = page_of(window)
    for name in ("Ann", "Bob", "Cat", "Dan"):
        type_name(qtbot, page, name)
    state = window.controller.state
    ids = {e.name: e.player for e in state.players.values()}
    dialog = BustDialog(state, ids["Bob"], page)
    qtbot.addWidget(dialog)
    dialog.add_row(ids["Cat"])
    dialog.accept()
    assert not dialog.error.isHidden() and dialog.busts == ()
    dialog.rows[0][2].setText("4,000")
    dialog.rows[1][2].setText("2000")
    dialog.accept()
    window.controller.dispatch(c.BustPlayers(busts=dialog.busts))
    page.refresh()
    rows = {row.entrant.name: row.place.best for row in page.model.rows if row.place}
    assert rows == {"Bob": 3, "Cat": 4}


def test_remove_entry_refunds(qtbot, window) -> None:
    page = page_of(window)
    type_name(qtbot, page, "Mistake")
    page.remove()
    (entrant,) = window.controller.state.players.values()
    assert entrant.status is EntrantStatus.REMOVED
    assert page.figure_labels["prize_pool"].text() == "€0.00"


def test_money_form_shows_bad_input_inline_and_saves(qtbot, window) -> None:
    window.console.show_page("event")
    form = window.console.page("event").findChild(TournamentMoneyForm)
    form.buy_in.setText("twenty")
    form.save()
    assert not form.error.isHidden()
    assert window.controller.state.money == SETTINGS
    form.buy_in.setText("25.50")
    form.bounty.setText("30")
    form.save()
    assert "more than the price" in form.error.text()
    form.bounty.setText("5")
    form.save()
    assert form.error.isHidden() and form.saved.text() == "Saved."
    assert window.controller.state.money.buy_in == 2550
    form.save()
    assert form.saved.text() == "Nothing changed: these are the settings saved."
    window.undo_action.trigger()
    # Every amount shown alike, with the currency: the buy-in as the fee.
    assert form.buy_in.text() == "€20.00" and form.fee.amount.text() == "€2.00"


def test_the_season_pot_is_set_in_the_money_form_and_shown_in_the_figures(
    qtbot, window, monkeypatch
) -> None:
    """Set, refused when too large (inline), saved as an undoable command, taken from
    each entry and shown among the figures; hidden while the event has none."""
    page = page_of(window)
    figure = page.figure_labels["season_pot"]
    assert not page.figures_form.isRowVisible(figure)
    window.console.show_page("event")
    form = window.console.page("event").findChild(TournamentMoneyForm)
    form.season_pot.setText("14")  # 20 - 2 fee - 5 bounty leaves 13
    form.save()
    assert "cannot be more than what the fee and the bounty leave" in form.error.text()
    assert window.controller.state.money.season_pot == 0
    form.season_pot.setText("3")
    form.save()
    assert form.error.isHidden() and window.controller.state.money.season_pot == 300
    assert window.undo_action.text() == "&Undo: change the buy-in and re-buy settings"
    window.console.show_page("players")
    type_name(qtbot, page, "Ann")
    type_name(qtbot, page, "Bob")
    assert page.figures_form.isRowVisible(figure)
    assert figure.text() == "€6.00"
    assert page.figure_labels["prize_pool"].text() == "€20.00"  # 2 x (20 - 2 - 5 - 3)
    window.undo_action.trigger()  # Bob's buy-in
    window.undo_action.trigger()  # Ann's
    window.undo_action.trigger()  # the season pot itself
    assert window.controller.state.money.season_pot == 0
    assert not page.figures_form.isRowVisible(figure)
    window.console.show_page("event")
    assert form.season_pot.value() == 0


def test_cash_game_buy_in_cash_out_and_settlement(qtbot, window_factory, monkeypatch) -> None:
    window = window_factory()
    session = window.library.create("Cash night", EventKind.CASH)
    window.open_session(session)
    window.console.show_page("players")
    monkeypatch.setattr(page_module, "confirm", lambda *a, **k: True)
    answers = iter([("50", True), ("50", True)])
    monkeypatch.setattr(page_module.QInputDialog, "getText", lambda *a, **k: next(answers))
    page = page_of(window)
    type_name(qtbot, page, "Ann")
    page.paid.setChecked(False)
    type_name(qtbot, page, "Bob")
    state = window.controller.state
    ids = {e.name: e.player for e in state.players.values()}
    assert state.players[ids["Bob"]].owed == 5000
    chips = iter([(8000, True), (2000, True)])
    monkeypatch.setattr(page_module.QInputDialog, "getInt", lambda *a, **k: next(chips))
    page.select(ids["Ann"])
    page.cash_out()
    page.select(ids["Bob"])
    page.cash_out()
    lines = payment_lines(window.controller.state)
    assert lines  # Bob never paid, the bank and Bob settle with Ann
    dialog = SettlementDialog(window.controller.state)
    qtbot.addWidget(dialog)
    assert dialog.chip_check.text().startswith("✔")
    form = window.console.page("event").findChild(CashMoneyForm)
    assert form is not None


def test_cash_game_players_list_counts_top_ups_and_shows_no_tournament_column(
    qtbot, window_factory
) -> None:
    """R32: each top-up is counted in the cash game's Top-ups column (it stayed empty:
    the column read the tournament's re-buys); the columns a cash game has nothing for
    (add-on, knock-outs, bounty, prize) are not shown as blank columns."""
    from director.gui.models.players_model import CASH_HIDDEN, REBUYS

    window = window_factory()
    session = window.library.create("Cash night", EventKind.CASH)
    session.dispatch(c.SetCashSettings(settings=CashSettings(chip_money=5, chip_count=5)))
    for number in (1, 2):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=f"P{number}", amount=5000))
    window.open_session(session)
    window.console.show_page("players")
    window.controller.dispatch(c.TopUp(player=PlayerId(1), amount=2000))
    window.controller.dispatch(c.TopUp(player=PlayerId(1), amount=3000))
    page = page_of(window)
    model = page.model
    counts = {
        model.data(model.index(row, 0)): model.data(model.index(row, REBUYS))
        for row in range(model.rowCount())
    }
    assert counts == {"P1": "2", "P2": ""}
    assert model.headerData(REBUYS, Qt.Orientation.Horizontal) == "Top-ups"
    assert all(page.table.isColumnHidden(column) for column in CASH_HIDDEN)
    shown = [
        column for column in range(model.columnCount()) if not page.table.isColumnHidden(column)
    ]
    assert all(model.headerData(column, Qt.Orientation.Horizontal) for column in shown)


def test_register_only_then_enter_buys_in(qtbot, window) -> None:
    page = page_of(window)
    page.entry.setText("Early Bird")
    page.register_button.click()
    (entrant,) = window.controller.state.players.values()
    assert entrant.status is EntrantStatus.REGISTERED and entrant.entries == 0
    type_name(qtbot, page, "early bird")
    (entrant,) = window.controller.state.players.values()
    assert entrant.status is EntrantStatus.PLAYING


def test_cash_game_display_counts_down_to_the_end(qtbot, window_factory, clock) -> None:
    from director.core.money import CashSettings

    window = window_factory()
    session = window.library.create("Cash night", EventKind.CASH)
    session.dispatch(
        c.SetCashSettings(
            settings=CashSettings(
                starts_at=clock.now, ends_at=clock.now + 3 * 3600_000, chip_money=1, chip_count=1
            )
        )
    )
    clock.advance(30 * MIN)
    data = display_data(session.state, clock.now)
    assert data.level_label == "Cash game" and data.time_text == "2:30:00"
    assert [s.caption for s in data.stats] == ["Started", "Game ends"]


def test_r3_the_money_form_chooses_whether_rebuys_run_through_the_break(qtbot, window) -> None:
    """Seed 000: "après une phase dite de re-buy optionnelle"; the form says when the
    phase ends, and the choice survives a reload of the form."""
    window.console.show_page("event")
    form = window.console.page("event").findChild(TournamentMoneyForm)
    assert form.rebuy_end.currentData() is False  # the common practice by default
    form.rebuy_end.setCurrentIndex(1)
    form.save()
    assert form.error.isHidden()
    assert window.controller.state.money.rebuy.through_break
    form.load()
    assert form.rebuy_end.currentData() is True
    data = display_data(window.controller.state, window.controller.now())
    captions = [stat.caption for stat in data.stats]
    assert "Re-buys to the break after level 2" in captions


def test_name_enter_enter_adds_a_new_player(qtbot, window, monkeypatch) -> None:
    """The question for a new name takes Enter as "Add" (it once took it as Cancel:
    name, Enter, Enter added nobody); Escape still cancels."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from director.gui import common

    monkeypatch.setattr(page_module, "confirm", common.confirm)  # the real question
    page = page_of(window)
    seen: list[str] = []

    def answer(key: Qt.Key) -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, lambda: answer(key))
            return
        seen.append(box.defaultButton().text())
        qtbot.keyClick(box, key)

    QTimer.singleShot(0, lambda: answer(Qt.Key.Key_Escape))
    type_name(qtbot, page, "Nora Quist")
    assert window.controller.state.players == {}
    QTimer.singleShot(0, lambda: answer(Qt.Key.Key_Return))
    type_name(qtbot, page, "Nora Quist")
    (entrant,) = window.controller.state.players.values()
    assert entrant.name == "Nora Quist" and entrant.status is EntrantStatus.PLAYING
    assert seen == ["Add", "Add"]


def test_the_bust_dialog_records_with_one_enter_after_a_completed_name(qtbot, window) -> None:
    """Type a few letters of who knocked the player out, press Enter once: recorded
    (the first Enter once only accepted the name's completion, as the guide says not)."""
    page = page_of(window)
    for name in ("Ann Lee", "Bob", "Cat"):
        type_name(qtbot, page, name)
    state = window.controller.state
    ids = {e.name: e.player for e in state.players.values()}
    dialog = BustDialog(state, ids["Cat"], page)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    _out, eliminator, _stack = dialog.rows[0]
    qtbot.keyClicks(eliminator.lineEdit(), "an")
    assert eliminator.lineEdit().selectedText()  # the rest of "Ann Lee" offered inline
    qtbot.keyClick(eliminator.lineEdit(), Qt.Key.Key_Return)
    assert not dialog.isVisible() and dialog.result() == 1
    assert [(b.player, b.eliminator) for b in dialog.busts] == [(ids["Cat"], ids["Ann Lee"])]
    # A name that names nobody still in: one Enter says so and the dialog stays.
    again = BustDialog(state, ids["Cat"], page)
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    qtbot.keyClicks(again.rows[0][1].lineEdit(), "zed")
    qtbot.keyClick(again.rows[0][1].lineEdit(), Qt.Key.Key_Return)
    assert again.isVisible() and "“zed” is not one player still in" in again.error.text()


def test_every_action_says_it_was_done_and_the_line_never_goes_stale(qtbot, window) -> None:
    """The line under the list says each action (busts, re-buys, undo...), names the
    moves a bust brings, and never keeps saying someone is in after they went out."""
    page = page_of(window)
    names = [f"Player {n:02d}" for n in range(1, 13)]
    for name in names:
        type_name(qtbot, page, name)
    assert page.status.text() == "Player 12 is in."
    controller = window.controller
    controller.dispatch(c.SetTableOptions(seats_per_table=6))
    controller.dispatch(c.DrawSeats())
    controller.dispatch(c.StartClock())
    state = controller.state
    ids = {e.name: e.player for e in state.players.values()}
    table_one = sorted(
        (seat, player) for player, (table, seat) in state.tables.seated().items() if table == 1
    )
    first, second = (player for _seat, player in table_one[:2])
    controller.dispatch(c.BustPlayers(busts=(Bust(player=first),)))
    assert page.status.text() == f"Recorded: bust of {state.player_name(first)}."
    controller.dispatch(c.BustPlayers(busts=(Bust(player=second),)))
    line = page.status.text()
    assert line.startswith(f"Recorded: bust of {state.player_name(second)}. Move ")
    assert "to table 1 seat" in line
    controller.undo()
    assert page.status.text() == f"Undone: bust of {state.player_name(second)}."
    page.select(ids["Player 12"])
    controller.dispatch(c.BustPlayers(busts=(Bust(player=ids["Player 12"]),)))
    assert "Player 12 is in" not in page.status.text()


def test_a_pots_rake_set_in_the_cash_form_taken_from_the_players_page(
    qtbot, window_factory, monkeypatch
) -> None:
    """The cash game's form sets the rake (5% of each pot, at most €3.00); the Rake…
    button, refused while the game has no rake, takes it from a pot's chips; the
    settlement says the house's takings and the chip count still balances."""
    window = window_factory()
    session = window.library.create("Cash night", EventKind.CASH)
    window.open_session(session)
    window.console.show_page("players")
    page = page_of(window)
    assert not page.buttons["rake"].isEnabled()  # no rake yet: refused, with why
    form = window.console.page("event").findChild(CashMoneyForm)
    form.rake_kind.setCurrentIndex(form.rake_kind.findData("pot"))
    assert form.rake_cap.isVisibleTo(form) and not form.rake_amount.isVisibleTo(form)
    form.rake_percent.setValue(5)
    form.rake_cap.setText("3")
    form.save()
    rule = window.controller.state.cash.rake
    assert (rule.kind, rule.percent_bp, rule.cap) == ("pot", 500, 300)
    monkeypatch.setattr(page_module, "confirm", lambda *a, **k: True)
    monkeypatch.setattr(page_module.QInputDialog, "getText", lambda *a, **k: ("100", True))
    type_name(qtbot, page, "Ann")
    type_name(qtbot, page, "Bob")
    window.controller.guard.refresh()
    assert page.buttons["rake"].isEnabled()
    monkeypatch.setattr(page_module.QInputDialog, "getInt", lambda *a, **k: (10_000, True))
    page.take_rake()  # 5% of 10,000 chips is 500: capped at 300 (€3.00 at a cent a chip)
    dialog = SettlementDialog(window.controller.state)
    qtbot.addWidget(dialog)
    assert dialog.rake.text() == "The house's rake: €3.00, for the club's own account."


def test_players_list_in_alphabetical_order_with_accents(qtbot, window) -> None:
    """A player looks for his name: "Éloïse" among the E's and "Géraldine" before
    "Gwendoline" (a plain comparison put accented letters after z)."""
    page = page_of(window)
    for name in ("Zoé", "Gwendoline", "Éloïse", "Géraldine", "Eric"):
        type_name(qtbot, page, name)
    model = page.model
    shown = [model.data(model.index(row, 0)) for row in range(model.rowCount())]
    assert shown == ["Éloïse", "Eric", "Géraldine", "Gwendoline", "Zoé"]
