"""Reports: choose one, see its pages, save it as a PDF or print it.

The preview shows the very PDF that is saved; printing draws those same pages
onto the printer (QPrinter), so what comes out of the printer is what was
seen on the screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QPainter, QShowEvent
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from director import reports
from director.app.files.outputs import write_output
from director.app.files.settings import PAPER_SIZES
from director.app.files.structures import slug
from director.app.storage.databases import StoreError
from director.core.errors import RuleViolation
from director.gui.common import show_error
from director.gui.controller import SessionController
from director.i18n import _
from director.reports.options import RenderOptions

if TYPE_CHECKING:
    from director.app.club.balances import NightExpense

PRINT_DPI = 300


def print_pdf(document: QPdfDocument, printer: QPrinter) -> int:
    """Draw every page of ``document`` on ``printer``; returns the pages printed."""
    painter = QPainter()
    if not painter.begin(printer):
        return 0
    try:
        for page in range(document.pageCount()):
            if page:
                printer.newPage()
            target = printer.pageLayout().paintRectPixels(printer.resolution())
            size = document.pagePointSize(page)
            scale = min(target.width() / size.width(), target.height() / size.height())
            # Rendered at 300 dpi and scaled by the painter: sharp on paper,
            # and far quicker than rendering at a printer's full resolution.
            dots = PRINT_DPI / 72
            image = document.render(
                page, QSize(int(size.width() * dots), int(size.height() * dots))
            )
            painter.drawImage(
                QRect(0, 0, int(size.width() * scale), int(size.height() * scale)), image
            )
    finally:
        painter.end()
    return document.pageCount()


class ReportsPage(QWidget):
    """Preview, save and print the event's reports; ``paper`` is the settings' choice."""

    def __init__(
        self, controller: SessionController, paper: str = "A4", parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.pdf_bytes = b""
        self.kinds = QListWidget()
        self.kinds.setEditTriggers(QListWidget.EditTrigger.NoEditTriggers)
        self.kinds.setFixedWidth(230)
        for kind in reports.available(controller.state):
            item = QListWidgetItem(_(reports.KINDS[kind][0]))
            item.setData(Qt.ItemDataRole.UserRole, kind)
            self.kinds.addItem(item)
        self.kinds.currentRowChanged.connect(lambda _row: self.refresh())
        self.paper = QComboBox()
        self.paper.addItems(list(PAPER_SIZES))
        self.paper.setCurrentText(paper)
        self.paper.currentTextChanged.connect(lambda _text: self.refresh())
        refresh = QPushButton(_("&Refresh"))
        refresh.setToolTip(_("The preview follows every change; this draws it again"))
        refresh.clicked.connect(self.refresh)
        save = QPushButton(_("&Save as PDF…"))
        save.clicked.connect(self.save)
        print_button = QPushButton(_("&Print…"))
        print_button.clicked.connect(self.print_report)
        self.export_button = QPushButton(_("Export as &CSV…"))
        self.export_button.setToolTip(_("The standings or the ledger as a spreadsheet file"))
        self.export_button.clicked.connect(self.export_csv)
        self.summary_button = QPushButton(_("Copy the &results for the group chat"))
        self.summary_button.setToolTip(
            _("The night's results in a few lines, ready to paste in a message")
        )
        self.summary_button.clicked.connect(self.copy_summary)
        self.page_button = QPushButton(_("Save results pa&ge…"))
        self.page_button.setToolTip(
            _("The night's results as one web page, for a phone or the club's site")
        )
        self.page_button.clicked.connect(lambda: self.save_results_page())
        self.picture_button = QPushButton(_("Save results p&icture…"))
        self.picture_button.setToolTip(_("The standings as a picture for a chat message"))
        self.picture_button.clicked.connect(lambda: self.save_results_picture())
        self.lifetime_button = QPushButton(_("&Lifetime results of every player…"))
        self.lifetime_button.setToolTip(
            _("Every player's results over all the nights of this database")
        )
        self.lifetime_button.clicked.connect(lambda: self.show_lifetime())
        self.pages = QLabel()
        self.pages.setWordWrap(True)
        self.pages.setFixedWidth(230)
        left = QVBoxLayout()
        left.addWidget(self.kinds, 1)
        left.addWidget(QLabel(_("Paper")))
        left.addWidget(self.paper)
        for widget in (
            refresh,
            save,
            print_button,
            self.export_button,
            self.summary_button,
            self.page_button,
            self.picture_button,
            self.lifetime_button,
            self.pages,
        ):
            left.addWidget(widget)
        self.document = QPdfDocument(self)
        self.view = QPdfView()
        self.view.setDocument(self.document)
        self.view.setPageMode(QPdfView.PageMode.MultiPage)
        self.view.setZoomMode(QPdfView.ZoomMode.FitToWidth)
        self._buffer: QBuffer | None = None
        layout = QHBoxLayout(self)
        layout.addLayout(left)
        layout.addWidget(self.view, 1)
        self.stale = False
        """The event changed since the preview was drawn (it is redrawn when shown)."""
        self._redraw = QTimer(self)
        self._redraw.setSingleShot(True)
        self._redraw.setInterval(0)
        self._redraw.timeout.connect(self._refresh_if_stale)
        controller.changed.connect(self._on_changed)
        if self.kinds.count():
            # The first preview is made when the page is first shown: opening an
            # event does not render a report (nor import the report library).
            self.kinds.blockSignals(True)
            self.kinds.setCurrentRow(0)
            self.kinds.blockSignals(False)
            self.stale = True

    def copy_summary(self) -> str:
        """Put the night's results as text on the clipboard (and say so)."""
        from PySide6.QtGui import QGuiApplication

        from director.app.views.summary import night_summary

        text = night_summary(self.controller.state)
        QGuiApplication.clipboard().setText(text)
        self.pages.setText(_("The results are on the clipboard: paste them in a message."))
        return text

    def show_lifetime(self, *, modal: bool = True) -> QDialog:
        """Every player's lifetime results (the whole database, not only this event)."""
        from director.app.club.lifetime import lifetime_results
        from director.gui.dialogs.lifetime import LifetimeDialog

        database = self.controller.session.database
        dialog = LifetimeDialog(
            lifetime_results(database),
            self.controller.now(),
            database_path=database.path,
            paper=self.paper.currentText(),
            parent=self,
        )
        if modal:
            dialog.exec()
        else:
            dialog.show()
        return dialog

    def _on_changed(self, _changes: object) -> None:
        """The preview is never stale: redrawn after any change while on screen
        (once for a burst of changes), or as soon as the page is shown again."""
        self.stale = True
        if self.isVisible():
            self._redraw.start()

    def _refresh_if_stale(self) -> None:
        if self.stale:
            self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._refresh_if_stale()

    def kind(self) -> str | None:
        item = self.kinds.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def expenses(self) -> list[NightExpense]:
        """The night's shared expenses, from the club's journal (the ledger lists them)."""
        from director.app.club.balances import ClubBook, night_expenses

        session = self.controller.session
        return night_expenses(ClubBook(session.database), session.tournament_id)

    def refresh(self) -> None:
        """Render the chosen report afresh from the event as it is now."""
        kind = self.kind()
        if kind is None:
            return
        from director.reports.table_cells import TABLES

        self.export_button.setEnabled(kind in TABLES)
        self.export_button.setToolTip(
            _("The standings or the ledger as a spreadsheet file")
            if kind in TABLES
            else _("Only the standings and the ledger are tables to export.")
        )
        self.stale = False
        try:
            self.pdf_bytes = reports.render(
                kind,
                self.controller.state,
                self.controller.now(),
                RenderOptions(paper=self.paper.currentText()),
                expenses=self.expenses() if kind == "ledger" else (),
            )
        except (RuleViolation, StoreError) as error:
            show_error(self, error)
            return
        self.document.close()
        self._buffer = QBuffer(self)
        self._buffer.setData(QByteArray(self.pdf_bytes))
        self._buffer.open(QIODevice.OpenModeFlag.ReadOnly)
        self.document.load(self._buffer)
        self.pages.setText(_("{pages} page(s)").format(pages=self.document.pageCount()))

    def export_csv(self, path: Path | None = None) -> None:
        """The chosen table (standings or ledger) as CSV: UTF-8 with a BOM and the
        language's delimiter."""
        from director.app.files.csv_io import delimiter_for, write_table
        from director.i18n import language
        from director.reports.table_cells import TABLES, event_table

        kind = self.kind()
        if kind not in TABLES:
            show_error(self, RuleViolation("csv_not_for_report"))
            return
        if path is None:
            name = f"{slug(self.controller.state.name)}-{kind}.csv"
            chosen, _filter = QFileDialog.getSaveFileName(
                self, _("Export as CSV"), str(Path.home() / name), _("CSV files (*.csv)")
            )
            if not chosen:
                return
            path = Path(chosen)
        expenses = self.expenses() if kind == "ledger" else ()
        header, rows = event_table(kind, self.controller.state, self.controller.now(), expenses)
        try:
            write_table(path, header, rows, delimiter=delimiter_for(language()))
        except (StoreError, RuleViolation) as error:
            show_error(self, error)

    def save_results_page(self, path: Path | None = None) -> None:
        """The night's results as one self-contained HTML file."""
        from director.reports.html_page import night_html

        self._save_results(
            path, "html", _("HTML pages (*.html)"), night_html(self.controller.state).encode()
        )

    def save_results_picture(self, path: Path | None = None) -> None:
        """The night's standings as a PNG picture for a chat message."""
        from director.gui.results_picture import night_picture, png_bytes

        self._save_results(
            path, "png", _("PNG pictures (*.png)"), png_bytes(night_picture(self.controller.state))
        )

    def _save_results(self, path: Path | None, suffix: str, kinds: str, data: bytes) -> None:
        if path is None:
            name = f"{slug(self.controller.state.name)}-results.{suffix}"
            chosen, _filter = QFileDialog.getSaveFileName(
                self, _("Save the results"), str(Path.home() / name), kinds
            )
            if not chosen:
                return
            path = Path(chosen)
        try:
            write_output(path, data, self.controller.session.database.path)
        except StoreError as error:  # never over the database; a full disk
            show_error(self, error)

    def default_name(self) -> str:
        return f"{slug(self.controller.state.name)}-{self.kind()}.pdf"

    def save(self) -> None:
        self.refresh()
        path, _filter = QFileDialog.getSaveFileName(
            self, _("Save the report"), str(Path.home() / self.default_name()), _("PDF (*.pdf)")
        )
        if path:
            try:
                write_output(Path(path), self.pdf_bytes, self.controller.session.database.path)
            except StoreError as error:  # never over the database; a full disk
                show_error(self, error)

    def print_report(self) -> None:
        self.refresh()
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self)
        if dialog.exec():
            print_pdf(self.document, printer)
