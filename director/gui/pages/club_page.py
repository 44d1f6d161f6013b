"""The Club page of the console: the club's money across nights.

Tabs: Balances (each player's open balance, sortable, with Record payment,
Write off, Expense, Undo and Redo), Settle up (the fewest payments, all or one night's, to
copy into the group chat) and Expenses (the shared expenses and how each was
split). Other views of the club (lifetime results) are added as tabs with
``add_tab``. The page shows what ``ClubBook`` works out and sends it
the payments; it computes nothing itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from director.app.club.balances import (
    ClubBalances,
    ClubBook,
    balance_cells,
    balance_header,
    entry_text,
    method_label,
    settle_rows,
    settle_text,
    settled_expenses,
)
from director.app.club.roster import fold
from director.app.files.settings import DEFAULT_PAYMENT_METHODS, load_settings
from director.app.storage.databases import StoreError
from director.core.club import CLUB, undoable
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.gui.common import ok_cancel, show_error
from director.gui.dialogs.expense import ExpenseDialog
from director.gui.pages.club_expenses import ExpensesTab
from director.gui.widgets import DateField, InlineError, MoneyEdit
from director.i18n import _, describe_error, format_money, language

SORT_ROLE = Qt.ItemDataRole.UserRole + 1


class _Cell(QTableWidgetItem):
    """A cell that sorts by its value (money as a number, a date as ISO text)."""

    def __lt__(self, other: QTableWidgetItem) -> bool:
        mine, theirs = self.data(SORT_ROLE), other.data(SORT_ROLE)
        if type(mine) is type(theirs) and mine is not None:
            return bool(mine < theirs)
        return super().__lt__(other)


class PaymentDialog(QDialog):
    """Record a payment (or, with ``write_off``, forgive a balance); a refusal is said
    in the dialog, which stays open."""

    def __init__(
        self,
        book: ClubBook,
        found: ClubBalances,
        parent: QWidget | None = None,
        *,
        player: PlayerId | None = None,
        write_off: bool = False,
        methods: Sequence[str] = DEFAULT_PAYMENT_METHODS,
    ) -> None:
        """``methods``: the organizer's ways to pay (the settings'); any other may be
        typed."""
        super().__init__(parent)
        self.book = book
        self.found = found
        self.write_off = write_off
        self.recorded: object | None = None
        self.setWindowTitle(_("Write off") if write_off else _("Record a payment"))
        self.payer = QComboBox()
        self.payee = QComboBox()
        parties = [(player.name, player.player) for player in found.players]
        known = {party for _name, party in parties}
        parties += sorted(
            (name, party) for party, name in found.names.items() if party not in known
        )
        for name, party in parties:
            self.payer.addItem(name, int(party))
            self.payee.addItem(name, int(party))
        self.payer.insertItem(0, _("The club"), int(CLUB))
        self.payee.insertItem(0, _("The club"), int(CLUB))
        self.payee.setCurrentIndex(0)
        if player is not None:
            self.payer.setCurrentIndex(max(0, self.payer.findData(int(player))))
        self.amount = MoneyEdit()
        self.amount.setPlaceholderText(_("all of it") if write_off else "20")
        self.method = QComboBox()
        self.method.setEditable(True)
        for method in methods:
            self.method.addItem(method_label(method), method)
        self.date = DateField(book.today())
        self.note = QLineEdit()
        self.error = InlineError()
        form = QFormLayout()
        form.addRow(_("&Player") if write_off else _("&Who pays"), self.payer)
        if not write_off:
            form.addRow(_("&To"), self.payee)
        form.addRow(_("&Amount"), self.amount)
        if not write_off:
            form.addRow(_("&How"), self.method)
        form.addRow(_("&Date"), self.date)
        form.addRow(_("&Note"), self.note)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(ok_cancel(self, _("Write off") if write_off else _("Record")))
        self.amount.textChanged.connect(lambda _text: self.error.clear())

    def _method(self) -> str:
        text = self.method.currentText().strip()
        index = self.method.findText(text)
        found = self.method.itemData(index) if index >= 0 else None
        return found if isinstance(found, str) else text

    def accept(self) -> None:
        amount = self.amount.checked(self.error)
        if amount is None:
            return
        payer = PlayerId(int(self.payer.currentData()))
        try:
            if self.write_off:
                self.recorded = self.book.write_off(
                    payer,
                    amount,
                    date=self.date.iso(),
                    note=self.note.text(),
                    expected=self.found.last_seq,
                )
            else:
                self.recorded = self.book.pay(
                    payer,
                    amount,
                    payee=PlayerId(int(self.payee.currentData())),
                    method=self._method(),
                    date=self.date.iso(),
                    note=self.note.text(),
                    expected=self.found.last_seq,
                )
        except (RuleViolation, StoreError) as error:
            self.error.say(error)
            return
        super().accept()


class ClubPage(QWidget):
    """The club's balances and settling up, as tabs."""

    def __init__(
        self,
        book: ClubBook,
        parent: QWidget | None = None,
        *,
        paper: str = "A4",
        methods: Callable[[], Sequence[str]] | None = None,
    ) -> None:
        """``methods``: the organizer's ways to pay now (by default, the saved
        settings' list, read each time a payment is recorded)."""
        super().__init__(parent)
        self.book = book
        self.paper = paper
        self.methods = methods or (lambda: load_settings().payment_methods)
        self.found: ClubBalances | None = None
        self.tabs = QTabWidget()
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)

        # -- balances --
        balances = QWidget()
        self.table = QTableWidget(0, len(balance_header()))
        self.table.setHorizontalHeaderLabels(balance_header())
        self.table.horizontalHeader().setSortIndicator(0, Qt.SortOrder.AscendingOrder)
        self.table.setSortingEnabled(True)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.totals = QLabel()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.buttons = {
            "pay": QPushButton(_("Record &payment…")),
            "write_off": QPushButton(_("&Write off…")),
            "expense": QPushButton(_("&Expense…")),
            "undo": QPushButton(_("&Undo last")),
            "redo": QPushButton(_("Re&do")),
            "refresh": QPushButton(_("Re&fresh")),
        }
        self.buttons["pay"].clicked.connect(self.record_payment)
        self.buttons["write_off"].clicked.connect(self.record_write_off)
        self.buttons["expense"].clicked.connect(self.record_expense)
        self.buttons["undo"].clicked.connect(self.undo)
        self.buttons["redo"].clicked.connect(self.redo)
        self.buttons["refresh"].clicked.connect(self.refresh)
        row = QHBoxLayout()
        for button in self.buttons.values():
            row.addWidget(button)
        row.addStretch(1)
        box = QVBoxLayout(balances)
        box.addLayout(row)
        box.addWidget(self.table, 1)
        box.addWidget(self.totals)
        box.addWidget(self.status)
        self.add_tab("balances", balances, _("Balances"))

        # -- settle up --
        settle = QWidget()
        self.night = QComboBox()
        # A long season lists a thousand open nights: sized by a typical line, not by
        # measuring every one of them when first shown.
        self.night.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.night.setMinimumContentsLength(32)
        self.night.currentIndexChanged.connect(lambda _index: self.show_settlement())
        self.settlement = QPlainTextEdit()
        self.settlement.setReadOnly(True)
        self.copy_button = QPushButton(_("&Copy"))
        self.copy_button.clicked.connect(self.copy)
        self.pdf_button = QPushButton(_("P&DF…"))
        self.pdf_button.clicked.connect(lambda: self.save_pdf())
        self.csv_button = QPushButton(_("C&SV…"))
        self.csv_button.clicked.connect(lambda: self.save_csv())
        top = QHBoxLayout()
        top.addWidget(QLabel(_("Settle")))
        top.addWidget(self.night, 1)
        top.addWidget(self.copy_button)
        top.addWidget(self.pdf_button)
        top.addWidget(self.csv_button)
        box = QVBoxLayout(settle)
        box.addLayout(top)
        box.addWidget(self.settlement, 1)
        self.add_tab("settle", settle, _("Settle up"))

        # -- expenses --
        self.expenses = ExpensesTab()
        self.add_tab("expenses", self.expenses, _("Expenses"))
        self.refresh()  # built when first shown or asked for
        self._just_read = True
        """The balances were read just now: the first show does not read them again."""

    def add_tab(self, key: str, widget: QWidget, title: str) -> None:
        """Add a view of the club (another part of the product adds its own here)."""
        widget.setObjectName(f"club-{key}")
        self.tabs.addTab(widget, title)

    def showEvent(self, event: QShowEvent) -> None:
        """Shown again: another copy (or the players page) may have changed the money."""
        if self.found is not None and not event.spontaneous() and not self._just_read:
            self.refresh()
        self._just_read = False
        super().showEvent(event)

    # -- reading -----------------------------------------------------------------------

    def refresh(self) -> None:
        try:
            found = self.book.balances()
        except (StoreError, RuleViolation) as error:
            show_error(self, error)
            return
        self.found = found
        self.expenses.show_expenses(found)
        self.table.setSortingEnabled(False)
        self.table.setRowCount(len(found.players))
        for row, player in enumerate(found.players):
            values: list[object] = [
                fold(player.name),
                player.balance,
                player.owes,
                player.owed,
                player.since,
            ]
            for column, (text, value) in enumerate(zip(balance_cells(player), values, strict=True)):
                cell = _Cell(text)
                cell.setData(SORT_ROLE, value)
                cell.setData(Qt.ItemDataRole.UserRole, int(player.player))
                if column:
                    cell.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(row, column, cell)
        self.table.setSortingEnabled(True)
        owing = sum(player.owes for player in found.players)
        owed = sum(player.owed for player in found.players)
        self.totals.setText(
            _("Players owe {owing}; players are owed {owed}; the club: {club}").format(
                owing=format_money(owing), owed=format_money(owed), club=format_money(found.club)
            )
        )
        if not found.players:
            self.status.setText(_("Everyone is square."))
        self.buttons["undo"].setEnabled(undoable(found.entries) is not None)
        # Disabled when the book would refuse it; a write-off it can no longer redo
        # says why (its balance changed since the undo).
        refused = self.book.redo_refused(found)
        self.buttons["redo"].setEnabled(refused is None)
        why = ""
        if refused is not None and refused.code != "club_nothing_to_redo":
            why = describe_error(refused)
        self.buttons["redo"].setToolTip(why)
        self.buttons["write_off"].setEnabled(bool(found.players))
        wanted = self.night.currentData()
        self.night.blockSignals(True)
        self.night.clear()
        self.night.addItem(_("All open balances"), 0)
        for event, title in found.open_nights():
            self.night.addItem(title, event)
        self.night.setCurrentIndex(max(0, self.night.findData(wanted)))
        self.night.blockSignals(False)
        self.show_settlement()

    def selected(self) -> PlayerId | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        item = self.table.item(rows[0].row(), 0)
        return PlayerId(int(item.data(Qt.ItemDataRole.UserRole))) if item else None

    def show_settlement(self) -> None:
        if self.found is None:
            return
        event = self.night.currentData() or None
        payments = self.book.settle(event, self.found)
        title = _("Settle up") if event is None else self.night.currentText()
        expenses = settled_expenses(self.found, event)
        self.settlement.setPlainText(settle_text(payments, self.found, title, expenses))

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.settlement.toPlainText())
        self.status.setText(_("Copied: paste it in the group chat."))

    def _save_path(self, title: str, name: str, kind: str) -> Path | None:
        chosen, _filter = QFileDialog.getSaveFileName(self, title, str(Path.home() / name), kind)
        return Path(chosen) if chosen else None

    def save_pdf(self, path: Path | None = None) -> None:
        """What the Settle up tab shows as PDF (every open balance first, when it shows
        them all): the same file as ``director report balances|settle``."""
        from director.app.files.outputs import write_output
        from director.reports.club import club_pdf
        from director.reports.options import RenderOptions

        if self.found is None:
            return
        event = self.night.currentData() or None
        path = path or self._save_path(_("Save the report"), "settle-up.pdf", _("PDF (*.pdf)"))
        if path is None:
            return
        try:
            pdf = club_pdf(
                self.found,
                self.book.settle(event, self.found),
                self.book.now(),
                night=self.night.currentText() if event else "",
                event=event,
                options=RenderOptions(paper=self.paper),
            )
            write_output(path, pdf, self.book.database.path)
        except (StoreError, RuleViolation) as error:  # never over the database; a full disk
            show_error(self, error)

    def save_csv(self, path: Path | None = None) -> None:
        """The payments the Settle up tab shows, as CSV (``director settle --csv``)."""
        from director.app.files.csv_io import delimiter_for, write_table

        if self.found is None:
            return
        path = path or self._save_path(_("Export as CSV"), "settle-up.csv", _("CSV files (*.csv)"))
        if path is None:
            return
        rows = settle_rows(
            self.book.settle(self.night.currentData() or None, self.found), self.found
        )
        try:
            write_table(path, rows[0], rows[1:], delimiter=delimiter_for(language()))
        except (StoreError, RuleViolation) as error:
            show_error(self, error)

    # -- recording ---------------------------------------------------------------------

    def record_payment(self) -> None:
        self._record(write_off=False)

    def record_write_off(self) -> None:
        self._record(write_off=True)

    def payment_dialog(self, *, write_off: bool) -> PaymentDialog:
        assert self.found is not None
        return PaymentDialog(
            self.book,
            self.found,
            self,
            player=self.selected(),
            write_off=write_off,
            methods=self.methods(),
        )

    def expense_dialog(self) -> ExpenseDialog:
        assert self.found is not None
        return ExpenseDialog(self.book, self.found, self, player=self.selected())

    def record_expense(self) -> None:
        if self.found is None:
            self.refresh()
        self._run(self.expense_dialog())

    def _record(self, *, write_off: bool) -> None:
        if self.found is None:
            self.refresh()
        self._run(self.payment_dialog(write_off=write_off))

    def _run(self, dialog: PaymentDialog | ExpenseDialog) -> None:
        if dialog.exec() and dialog.recorded is not None:
            self.refresh()
            assert self.found is not None
            self.status.setText(entry_text(dialog.recorded, self.found))  # type: ignore[arg-type]

    def undo(self) -> None:
        self._take_back(redo=False)

    def redo(self) -> None:
        """Record again what the latest undo took back."""
        self._take_back(redo=True)

    def _take_back(self, *, redo: bool) -> None:
        expected = self.found.last_seq if self.found is not None else None
        take = self.book.redo if redo else self.book.undo
        try:
            entry = take(expected=expected)
        except (RuleViolation, StoreError) as error:
            show_error(self, error)
            self.refresh()
            return
        self.refresh()
        assert self.found is not None
        text = entry_text(entry, self.found)
        self.status.setText(_("Done again: {entry}").format(entry=text) if redo else text)
