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
    assert kinds == ["payouts", "standings", "ledger", "structure", "seating"]
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
