"""The reports page: preview, save, and print through QPrinter with the same pages."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from PySide6.QtPrintSupport import QPrinter

from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import MoneySettings
from director.gui.pages import reports_page as page_module
from director.gui.pages.reports_page import ReportsPage, print_pdf


def test_preview_save_and_print(qtbot, window_factory, tmp_path: Path, monkeypatch) -> None:
    window = window_factory()
    session = window.library.create("Print night")
    session.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=1000, chips=5000)))
    for number in range(1, 60):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=f"Player {number}"))
    session.dispatch(c.DrawSeats())
    window.open_session(session)
    window.console.show_page("reports")
    page = window.console.page("reports")
    assert isinstance(page, ReportsPage)
    kinds = [page.kinds.item(row).data(256) for row in range(page.kinds.count())]
    # A tournament has its settlement too (who still pays whom, prizes and bounties).
    assert kinds == [
        "payouts",
        "standings",
        "ledger",
        "structure",
        "seating",
        "settlement",
        "receipts",
        "sign-in",
    ]
    page.kinds.setCurrentRow(kinds.index("seating"))
    preview_pages = page.document.pageCount()
    assert preview_pages >= 9  # the chart, then 59 seat cards at 8 a page
    target = tmp_path / "seating.pdf"
    monkeypatch.setattr(
        page_module.QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), "")
    )
    page.save()
    assert len(PdfReader(str(target)).pages) == preview_pages
    printed = tmp_path / "printed.pdf"
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(printed))
    assert print_pdf(page.document, printer) == preview_pages
    assert len(PdfReader(str(printed)).pages) == preview_pages


def test_the_preview_is_always_current(qtbot, window_factory) -> None:
    """After a deal and the winner, the payouts sheet on screen shows them without Refresh."""
    import io

    from director.core.players import Bust
    from director.core.results import propose_deal

    window = window_factory()
    session = window.library.create("Deal night")
    session.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=1000, chips=5000)))
    for number in range(1, 7):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=f"Player {number}"))
    window.open_session(session)
    window.show()
    qtbot.waitExposed(window)
    window.console.show_page("reports")
    page = window.console.page("reports")
    assert isinstance(page, ReportsPage)
    page.kinds.setCurrentRow(0)
    assert page.kind() == "payouts"

    def text() -> str:
        return "".join(p.extract_text() for p in PdfReader(io.BytesIO(page.pdf_bytes)).pages)

    assert "Player 1" not in text()
    for number in (6, 5, 4):
        window.controller.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(number)),)))
    state = window.controller.state
    deal = propose_deal(state, "even", {p: 10_000 for p in state.alive()})
    window.controller.dispatch(c.AcceptDeal(deal=deal, chips_difference_accepted=True))
    qtbot.waitUntil(lambda: not page.stale)
    assert "Player 1" in text() and "deal" in text().lower()
    # Changes while another page shows: redrawn as soon as the page is shown again.
    window.console.show_page("players")
    window.controller.dispatch(c.RenameTournament(name="Deal night in May"))
    assert page.stale
    window.console.show_page("reports")
    assert not page.stale and "Deal night in May" in text()


def test_the_first_preview_waits_for_the_page_to_show(qtbot, window_factory) -> None:
    """Opening an event renders no report; showing the page does."""
    window = window_factory()
    window.show()
    session = window.library.create("Quiet night")
    window.open_session(session)
    page = window.console.page("reports")
    assert isinstance(page, ReportsPage)
    assert page.pdf_bytes == b""
    window.console.show_page("reports")
    qtbot.waitUntil(lambda: page.pdf_bytes.startswith(b"%PDF"))
    assert page.document.pageCount() >= 1


def test_the_results_go_to_the_clipboard_for_the_group_chat(qtbot, window_factory) -> None:
    from PySide6.QtGui import QGuiApplication

    from director.app.views.summary import night_summary

    window = window_factory()
    window.open_demo()
    window.console.show_page("reports")
    page = window.console.page("reports")
    assert isinstance(page, ReportsPage)
    QGuiApplication.clipboard().clear()
    page.summary_button.click()
    text = QGuiApplication.clipboard().text()
    assert text == night_summary(window.controller.state)
    assert text.startswith("Demo night, ") and "players left" in text
    assert "clipboard" in page.pages.text()


def test_the_results_page_and_picture_are_saved_from_the_reports_page(
    qtbot, window_factory, tmp_path: Path, monkeypatch
) -> None:
    from PySide6.QtGui import QImage

    from director.core.results import player_results

    window = window_factory()
    window.open_demo()
    window.console.show_page("reports")
    page = window.console.page("reports")
    assert isinstance(page, ReportsPage)
    target = tmp_path / "night.html"
    monkeypatch.setattr(
        page_module.QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), "")
    )
    page.page_button.click()
    text = target.read_text(encoding="utf-8")
    assert "<script" not in text
    for result in player_results(window.controller.state):
        if result.bought:
            assert result.name in text
    picture = tmp_path / "night.png"
    monkeypatch.setattr(
        page_module.QFileDialog, "getSaveFileName", lambda *a, **k: (str(picture), "")
    )
    page.picture_button.click()
    assert QImage(str(picture)).width() == 1080


def ledger_of_a_night_with_an_expense(window_factory, clock) -> ReportsPage:
    """The Reports page showing the ledger of a night where Ann paid €20 of pizza,
    split between everyone present (Ann and Bob)."""
    from director.app.club.balances import SPLIT_ALL, ClubBook
    from director.app.club.roster import Roster
    from tests.app.club_helpers import tournament_night

    window = window_factory()
    roster = Roster(window.database, clock=clock)
    ann, bob = roster.add("Ann"), roster.add("Bob")
    night = tournament_night(window.library, "2026-11-14", [bob, ann], pay_prize=True)
    ClubBook(window.database, clock=clock).expense(
        ann.id, 2000, split=SPLIT_ALL, event=night.tournament_id, note="pizza"
    )
    window.open_session(night)
    window.console.show_page("reports")
    page = window.console.page("reports")
    assert isinstance(page, ReportsPage)
    kinds = [page.kinds.item(row).data(256) for row in range(page.kinds.count())]
    page.kinds.setCurrentRow(kinds.index("ledger"))
    return page


def test_the_ledger_on_the_reports_page_lists_the_nights_shared_expenses(
    qtbot, window_factory, clock
) -> None:
    """Issue 32: the night's shared expenses, recorded in the club's journal, are on
    the ledger the console previews and saves."""
    import io

    page = ledger_of_a_night_with_an_expense(window_factory, clock)
    reader = PdfReader(io.BytesIO(page.pdf_bytes))
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    assert "Ann pizza €20.00 split between everyone present Ann €10.00, Bob €10.00" in text


def test_the_ledger_exported_as_csv_lists_the_nights_shared_expenses(
    qtbot, window_factory, clock, tmp_path
) -> None:
    """The ledger's CSV, as ``director export ledger EVENT`` writes it: the night's
    lines, an empty row, then its shared expenses, a row per share, with the rule."""
    import csv

    page = ledger_of_a_night_with_an_expense(window_factory, clock)
    page.export_csv(tmp_path / "ledger.csv")
    with (tmp_path / "ledger.csv").open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0][:3] == ["Time", "Player", "What"]
    gap = rows.index([])
    expense = ["1", "2026-11-14", "Ann", "pizza", "€20.00", "split between everyone present"]
    assert rows[gap + 1 :] == [
        ["Expense", "Date", "Paid by", "For", "Amount", "Split", "Player", "Share"],
        [*expense, "Ann", "€10.00"],
        [*expense, "Bob", "€10.00"],
    ]
