"""The console's Club page: balances across nights, sortable; a payment and a write-off
recorded through their dialogs (a bad amount said inline, nothing recorded); undo;
settle up copied; and a buy-in that says what the player owes from an earlier night."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from director.app.club.balances import ClubBook
from director.app.club.roster import Roster
from director.core import commands as c
from director.gui.pages import players_page as players_module
from director.gui.pages.club_page import ClubPage
from director.gui.pages.players_page import PlayersPage
from tests.app.club_helpers import cash_night, tournament_night


@pytest.fixture
def window(qtbot, window_factory, clock, monkeypatch):
    """Ann owes €20 from 14 November, Cat was not paid her €60 prize, Bob owes €30 from
    a cash game on 21 November; tonight's tournament is open in the console."""
    made = window_factory()
    roster = Roster(made.database, clock=clock)
    ann, bob, cat = (roster.add(name) for name in ("Ann", "Bob", "Cat"))
    tournament_night(made.library, "2026-11-14", [cat, ann, bob], unpaid=[1]).close()
    cash_night(made.library, "2026-11-21", [(bob, 5000, 2000, False, False)]).close()
    tonight = tournament_night(made.library, "2026-11-28", [], finish=False)
    made.open_session(tonight)
    made.console.show_page("club")
    monkeypatch.setattr(players_module, "confirm", lambda *a, **k: True)
    return made


def test_opening_the_club_page_reads_the_balances_once(
    qtbot, window_factory, clock, monkeypatch
) -> None:
    """The page reads the club's balances when it is built; its first show does not
    read every night of the club a second time (a long season's page opens on it)."""
    made = window_factory()
    made.show()
    roster = Roster(made.database, clock=clock)
    ann, bob = roster.add("Ann"), roster.add("Bob")
    tournament_night(made.library, "2026-11-14", [bob, ann], unpaid=[1]).close()
    made.open_session(tournament_night(made.library, "2026-11-28", [], finish=False))
    reads: list[int] = []
    real = ClubBook.balances

    def counted(self, **options):
        reads.append(1)
        return real(self, **options)

    monkeypatch.setattr(ClubBook, "balances", counted)
    made.console.show_page("club")
    assert "Ann" in column(club_page(made), 0)
    assert len(reads) == 1
    made.console.show_page("event")
    made.console.show_page("club")  # shown again: another copy may have paid
    assert len(reads) == 2


def club_page(window) -> ClubPage:
    page = window.console.page("club")
    assert isinstance(page, ClubPage)
    return page


def column(page: ClubPage, index: int) -> list[str]:
    return [page.table.item(row, index).text() for row in range(page.table.rowCount())]


def test_the_balances_show_every_open_account_and_sort_by_amount(window) -> None:
    page = club_page(window)
    assert column(page, 0) == ["Ann", "Bob", "Cat"]
    assert column(page, 1) == ["-€20.00", "-€30.00", "€60.00"]
    page.table.sortItems(1, Qt.SortOrder.AscendingOrder)
    assert column(page, 0) == ["Bob", "Ann", "Cat"]  # by amount, not by text
    page.table.sortItems(4, Qt.SortOrder.DescendingOrder)
    assert column(page, 0)[0] == "Bob"  # the latest night first
    assert "the club: -€10.00" in page.totals.text()


def test_a_payment_through_the_dialog_then_undo(window) -> None:
    page = club_page(window)
    page.table.selectRow(0)  # Ann
    dialog = page.payment_dialog(write_off=False)
    assert dialog.payer.currentText() == "Ann" and dialog.payee.currentText() == "The club"
    dialog.amount.setText("twenty")
    dialog.accept()
    assert dialog.error.isVisibleTo(dialog) and "“twenty”" in dialog.error.text()
    assert ClubBook(window.database).entries() == []  # nothing recorded
    dialog.amount.setText("12.50")
    dialog.method.setCurrentIndex(dialog.method.findData("bank transfer"))
    dialog.accept()
    assert dialog.result() == dialog.DialogCode.Accepted
    page.refresh()
    assert column(page, 1)[0] == "-€7.50"
    (entry,) = ClubBook(window.database).entries()
    assert entry.method == "bank transfer"
    page.undo()
    assert column(page, 1)[0] == "-€20.00"
    assert page.status.text().startswith("Taken back: Ann paid the club €12.50")


def test_an_expense_through_the_dialog_split_between_chosen_players(window) -> None:
    page = club_page(window)
    page.table.selectRow(2)  # Cat paid
    dialog = page.expense_dialog()
    assert dialog.payer.currentText() == "Cat"
    dialog.amount.setText("30")
    dialog.night.setCurrentIndex(0)  # no night in particular
    dialog.accept()  # everyone at the night, but no night: said in the dialog
    assert dialog.error.text() == "Say which night the expense is shared at."
    dialog.split.setCurrentIndex(dialog.split.findData("chosen"))
    assert dialog.sharers.isVisibleTo(dialog)
    for row in range(dialog.sharers.count()):
        dialog.sharers.item(row).setCheckState(Qt.CheckState.Checked)
    dialog.note.setText("pizza")
    dialog.accept()
    assert dialog.result() == dialog.DialogCode.Accepted
    page.refresh()
    assert column(page, 1) == ["-€30.00", "-€40.00", "€80.00"]
    (entry,) = ClubBook(window.database).entries()
    assert entry.note == "pizza" and sum(part for _p, part in entry.shares) == 3000
    page.undo()
    assert column(page, 1) == ["-€20.00", "-€30.00", "€60.00"]


def test_an_expense_shared_by_everyone_at_a_night(window) -> None:
    page = club_page(window)
    dialog = page.expense_dialog()
    dialog.payer.setCurrentIndex(dialog.payer.findText("Ann"))
    dialog.amount.setText("9")
    dialog.night.setCurrentIndex(dialog.night.findData(1))  # Ann, Bob and Cat played
    dialog.accept()
    assert dialog.result() == dialog.DialogCode.Accepted
    page.refresh()
    assert column(page, 1) == ["-€14.00", "-€33.00", "€57.00"]


def test_the_expenses_tab_lists_each_expense_with_how_it_was_split(window) -> None:
    """Issue 32: each shared expense "with who paid and how it is split (everyone
    present, chosen players, by hours played)": recorded through the dialog, the rule
    is kept and the Expenses tab says it; undo takes the expense off the list."""
    page = club_page(window)
    expenses = page.expenses
    assert expenses.table.rowCount() == 0 and expenses.empty.isVisibleTo(expenses)
    dialog = page.expense_dialog()
    dialog.payer.setCurrentIndex(dialog.payer.findText("Ann"))
    dialog.amount.setText("9")
    dialog.note.setText("pizza")
    dialog.night.setCurrentIndex(dialog.night.findData(1))  # Ann, Bob and Cat played
    dialog.accept()
    page.refresh()
    dialog = page.expense_dialog()
    dialog.payer.setCurrentIndex(dialog.payer.findText("Cat"))
    dialog.amount.setText("4")
    dialog.night.setCurrentIndex(0)
    dialog.split.setCurrentIndex(dialog.split.findData("chosen"))
    for row in range(dialog.sharers.count()):
        if dialog.sharers.item(row).text() in ("Bob", "Cat"):
            dialog.sharers.item(row).setCheckState(Qt.CheckState.Checked)
    dialog.accept()
    page.refresh()
    assert [entry.split for entry in ClubBook(window.database).entries()] == ["all", "chosen"]
    assert expenses.column(1) == ["Ann", "Cat"]
    assert expenses.column(2) == ["pizza", ""]
    assert expenses.column(3) == ["€9.00", "€4.00"]
    assert expenses.column(4) == ["split between everyone present", "split between Bob, Cat"]
    assert expenses.column(5) == ["Ann €3.00, Bob €3.00, Cat €3.00", "Bob €2.00, Cat €2.00"]
    assert not expenses.empty.isVisibleTo(expenses)
    page.undo()
    assert expenses.column(1) == ["Ann"]
    assert page.status.text().startswith("Taken back: Expense paid by Cat: €4.00, split between")
    assert page.buttons["redo"].isEnabled()
    page.redo()  # recorded again as it was
    assert expenses.column(4) == ["split between everyone present", "split between Bob, Cat"]
    assert page.status.text().startswith("Done again: Expense paid by Cat: €4.00, split between")
    assert not page.buttons["redo"].isEnabled()


def test_a_write_off_too_large_is_said_in_the_dialog(window) -> None:
    page = club_page(window)
    page.table.selectRow(1)  # Bob
    dialog = page.payment_dialog(write_off=True)
    dialog.amount.setText("31")
    dialog.accept()
    assert dialog.error.text() == "Only €30.00 is open."
    dialog.amount.setText("")  # all of it
    dialog.accept()
    page.refresh()
    assert column(page, 0) == ["Ann", "Cat"]


def test_settle_up_all_or_one_night_and_copy(window) -> None:
    page = club_page(window)
    page.tabs.setCurrentIndex(1)
    assert page.settlement.toPlainText().splitlines() == [
        "Settle up",
        "Bob pays Cat €30.00",
        "Ann pays Cat €20.00",
        "The club pays Cat €10.00",
    ]
    page.night.setCurrentIndex(page.night.findData(2))
    assert page.settlement.toPlainText().splitlines()[1:] == ["Bob pays the club €30.00"]
    page.copy()
    assert QGuiApplication.clipboard().text() == page.settlement.toPlainText()


def test_a_buy_in_says_what_the_player_owes_from_an_earlier_night(window) -> None:
    window.console.show_page("players")
    page = window.console.page("players")
    assert isinstance(page, PlayersPage)
    page.entry.setText("Ann")
    page.enter_name()
    assert page.status.text() == "Ann is in. Ann owes €20.00 from Nov 14, 2026."


def test_settle_up_saved_as_pdf_and_csv(window, tmp_path) -> None:
    from pypdf import PdfReader

    page = club_page(window)
    page.night.setCurrentIndex(page.night.findData(2))
    page.save_pdf(tmp_path / "night.pdf")
    text = PdfReader(tmp_path / "night.pdf").pages[0].extract_text()
    assert "Settle up" in text and "Bob" in text and "€30.00" in text
    page.night.setCurrentIndex(0)
    page.save_csv(tmp_path / "all.csv")
    lines = (tmp_path / "all.csv").read_text(encoding="utf-8-sig").splitlines()
    assert lines[0] == "Who pays,Who is paid,Amount" and len(lines) == 4


def test_deleting_a_night_with_open_money_is_refused_saying_who_owes_what(
    window, monkeypatch
) -> None:
    """Deleting a night whose money is not settled is refused (not asked), naming who
    owes or is owed what; nothing is deleted. A settled night is asked as before."""
    from director.gui.window import events_page
    from director.i18n import describe_error

    asked: list[str] = []
    refused: list[str] = []
    monkeypatch.setattr(
        events_page, "confirm", lambda _parent, _title, text, **_k: asked.append(text)
    )
    monkeypatch.setattr(
        events_page,
        "show_error",
        lambda _parent, error, **_k: refused.append(describe_error(error)),
    )
    window.close_session()
    window.refresh_events()
    window.events_page.select(1)
    window.event_list.delete_selected()
    assert asked == []
    assert refused[-1] == (
        "“Friday 2026-11-14” was not deleted: its money is not settled (Ann owes €20.00; "
        "Cat is owed €60.00). Settle it or write it off on the Club page first, or archive "
        "the event instead."
    )
    assert len(window.library.events()) == 3
    window.events_page.select(3)  # tonight: nothing open
    window.event_list.delete_selected()
    assert asked[-1].endswith("to get the event back.")


def test_the_club_page_shows_every_players_lifetime_results_when_asked(window) -> None:
    """The Club page's fourth tab: lifetime results, read when the tab is shown."""
    from director.gui.lifetime_view import LifetimeView

    page = club_page(window)
    titles = [page.tabs.tabText(index) for index in range(page.tabs.count())]
    assert titles == ["Balances", "Settle up", "Expenses", "Lifetime results"]
    view = page.tabs.widget(3)
    assert isinstance(view, LifetimeView)
    assert view.lines == ()  # not read before it is asked for
    page.tabs.setCurrentIndex(3)
    names = sorted(line.name for line in view.lines)
    assert names == ["Ann", "Bob", "Cat"]


def test_redo_of_a_write_off_no_longer_open_is_disabled_and_says_why(window) -> None:
    """Cat's unpaid prize written off, then undone; the prize is then paid in its own
    event. Redoing the write-off would have the club keep a prize it paid: the book
    refuses it, so the button is disabled and its tooltip says why."""
    page = club_page(window)
    book = ClubBook(window.database)
    cat = next(player.player for player in book.balances().players if player.name == "Cat")
    book.write_off(cat)
    book.undo()
    page.refresh()
    assert page.buttons["redo"].isEnabled() and page.buttons["redo"].toolTip() == ""
    first_night = window.library.events()[-1].id  # 14 November
    night = window.library.open(first_night)
    night.dispatch(c.PayPrize(player=cat))
    night.close()
    page.refresh()
    assert not page.buttons["redo"].isEnabled()
    assert page.buttons["redo"].toolTip() == "Cat owes nothing and is owed nothing."


def test_a_night_square_but_for_its_pizza_is_offered_and_settled_alone(
    qtbot, window_factory, clock, monkeypatch
) -> None:
    """A night whose own money is square (prize and buy-ins paid) but whose shared
    pizza is not paid back: the Settle-up tab offers it by its title, and settling it
    alone lists who pays Bob back, then the pizza."""
    made = window_factory()
    roster = Roster(made.database, clock=clock)
    ann, bob, cat = (roster.add(name) for name in ("Ann", "Bob", "Cat"))
    night = tournament_night(made.library, "2026-11-14", [cat, bob, ann], pay_prize=True)
    event = night.tournament_id
    night.close()
    ClubBook(made.database, clock=clock).expense(
        bob.id, 3000, split="all", event=event, note="pizza"
    )
    made.open_session(tournament_night(made.library, "2026-11-28", [], finish=False))
    made.console.show_page("club")
    page = club_page(made)
    titles = [page.night.itemText(row) for row in range(page.night.count())]
    assert titles == ["All open balances", "Nov 14, 2026 — Friday 2026-11-14"]
    page.night.setCurrentIndex(1)
    lines = page.settlement.toPlainText().splitlines()
    assert lines[:3] == [
        "Nov 14, 2026 — Friday 2026-11-14",
        "Cat pays Bob €10.00",
        "Ann pays Bob €10.00",
    ]
    assert any("(pizza)" in line for line in lines[3:])
