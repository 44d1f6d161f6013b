"""The Club page's Expenses tab: every shared expense standing (not taken back), with
who paid, what for, how much, how it was split and each sharer's part, as the club's
PDF lists them. It shows what the club's book read; recording one is the Balances
tab's "Expense…" button."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from director.app.club.balances import ClubBalances, expense_header, expense_rows, expenses_of
from director.i18n import _

AMOUNT = 3
"""The column of the amount (right-aligned)."""


class ExpensesTab(QWidget):
    """The shared expenses of the club's journal, in the order recorded."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        header = expense_header()
        self.table = QTableWidget(0, len(header))
        self.table.setHorizontalHeaderLabels(header)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        heads = self.table.horizontalHeader()
        for column in range(len(header)):
            heads.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        heads.setSectionResizeMode(len(header) - 1, QHeaderView.ResizeMode.Stretch)
        self.empty = QLabel(_("No shared expense recorded."))
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty)

    def show_expenses(self, found: ClubBalances) -> None:
        """Fill the list from the balances just read."""
        rows = expense_rows(expenses_of(found.entries), found)[1:]
        self.table.setRowCount(len(rows))
        for row, cells in enumerate(rows):
            for column, text in enumerate(cells):
                cell = QTableWidgetItem(text)
                if column == AMOUNT:
                    cell.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(row, column, cell)
        self.empty.setVisible(not rows)

    def column(self, index: int) -> list[str]:
        """The texts of one column, top to bottom."""
        return [self.table.item(row, index).text() for row in range(self.table.rowCount())]
