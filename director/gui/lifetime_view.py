"""Lifetime results as a table to sort, search and export (issue 32).

The view takes the Qt-free lines (``director.app.club.lifetime``) and never reads a
database: the page hosting it (the Club page, the lifetime window) gives them.
Columns sort by their values (amounts, counts, the ROI), not by their text, and
the search keeps the players whose name holds what is typed (without case or
accents).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from director.app.club.lifetime import LifetimeLine
from director.app.club.names import fold
from director.app.storage.databases import StoreError
from director.core.errors import RuleViolation
from director.gui.common import show_error
from director.i18n import _, ngettext
from director.reports.lifetime_cells import (
    COLUMNS,
    lifetime_cells,
    lifetime_header,
    lifetime_tooltips,
    nights_tooltip,
    sort_keys,
)

if TYPE_CHECKING:
    from director.gui.pages.club_page import ClubPage

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
"""Each cell's value to sort by (a number for amounts and counts)."""
NET = COLUMNS.index("net")
NIGHTS = COLUMNS.index("nights")
BIGGEST = COLUMNS.index("biggest_win")


class _Search(QSortFilterProxyModel):
    """Sorts by ``SORT_ROLE``; keeps the rows whose player's name holds the search."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.wanted = ""
        self.setSortRole(SORT_ROLE)

    def search(self, text: str) -> None:
        self.beginFilterChange()
        self.wanted = fold(text)
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def lessThan(
        self,
        source_left: QModelIndex | QPersistentModelIndex,
        source_right: QModelIndex | QPersistentModelIndex,
    ) -> bool:
        # Compared in Python: Qt would not order a small amount (a C++ int)
        # against a large one (a long long).
        left, right = source_left.data(SORT_ROLE), source_right.data(SORT_ROLE)
        if left != right:
            return bool(left < right)
        # Equal values: by name, A to Z whichever way the column is sorted.
        model = self.sourceModel()
        names = (
            str(model.index(source_left.row(), 0).data(SORT_ROLE)),
            str(model.index(source_right.row(), 0).data(SORT_ROLE)),
        )
        if self.sortOrder() is Qt.SortOrder.DescendingOrder:
            return names[0] > names[1]
        return names[0] < names[1]

    def filterAcceptsRow(
        self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex
    ) -> bool:
        if not self.wanted:
            return True
        name = self.sourceModel().index(source_row, 0, source_parent).data()
        return self.wanted in fold(str(name))


class LifetimeView(QWidget):
    """A sortable, searchable table of lifetime results, with Export CSV."""

    def __init__(self, lines: Sequence[LifetimeLine] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lines: tuple[LifetimeLine, ...] = ()
        self.search = QLineEdit()
        self.search.setPlaceholderText(_("Search a player"))
        self.search.setClearButtonEnabled(True)
        self.export_button = QPushButton(_("Export as &CSV…"))
        self.export_button.setToolTip(_("The rows shown, in their order, as a spreadsheet file"))
        self.export_button.clicked.connect(lambda: self.export_csv())
        self.count = QLabel()
        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(self.count)
        top.addWidget(self.export_button)

        self.model = QStandardItemModel(0, len(COLUMNS), self)
        for column, (text, tip) in enumerate(
            zip(lifetime_header(), lifetime_tooltips(), strict=True)
        ):
            item = QStandardItem(text)
            item.setToolTip(tip)
            self.model.setHorizontalHeaderItem(column, item)
        self.proxy = _Search(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.search.textChanged.connect(self._search)
        self.empty = QLabel(_("No night has been played yet."))

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty)
        self.set_lines(lines)
        self.table.sortByColumn(NET, Qt.SortOrder.DescendingOrder)

    def set_lines(self, lines: Sequence[LifetimeLine]) -> None:
        """Show ``lines`` (the sort and the search stay as chosen)."""
        self.lines = tuple(lines)
        self.model.removeRows(0, self.model.rowCount())
        for line in self.lines:
            row = []
            for column, (text, key) in enumerate(
                zip(lifetime_cells(line), sort_keys(line), strict=True)
            ):
                item = QStandardItem(text)
                item.setData(key, SORT_ROLE)
                if column:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                if column == NIGHTS:
                    item.setToolTip(nights_tooltip(line))
                elif column == BIGGEST and line.biggest_win_event:
                    item.setToolTip(line.biggest_win_event)
                row.append(item)
            self.model.appendRow(row)
        self.empty.setVisible(not self.lines)
        self._counted()

    def _search(self, text: str) -> None:
        self.proxy.search(text)
        self._counted()

    def _counted(self) -> None:
        shown = self.proxy.rowCount()
        self.count.setText(ngettext("{count} player", "{count} players", shown).format(count=shown))

    def shown_lines(self) -> list[LifetimeLine]:
        """The lines as the table shows them: searched and sorted."""
        return [
            self.lines[self.proxy.mapToSource(self.proxy.index(row, 0)).row()]
            for row in range(self.proxy.rowCount())
        ]

    def export_csv(self, path: Path | None = None) -> None:
        """The rows shown, in their order, as CSV (UTF-8 with a BOM, the language's
        delimiter): the same cells as ``director lifetime --csv``."""
        from director.app.files.csv_io import delimiter_for, write_table
        from director.i18n import language

        if path is None:
            chosen, _filter = QFileDialog.getSaveFileName(
                self,
                _("Export as CSV"),
                str(Path.home() / "lifetime.csv"),
                _("CSV files (*.csv)"),
            )
            if not chosen:
                return
            path = Path(chosen)
        rows = [lifetime_cells(line) for line in self.shown_lines()]
        try:
            write_table(path, lifetime_header(), rows, delimiter=delimiter_for(language()))
        except (StoreError, RuleViolation) as error:
            show_error(self, error)


def add_lifetime_tab(page: ClubPage, lines: Callable[[], Sequence[LifetimeLine]]) -> LifetimeView:
    """A "Lifetime results" tab on the Club page, read when it is shown (every night
    of the database is read: not before it is asked for) and again each time."""
    view = LifetimeView()
    page.add_tab("lifetime", view, _("Lifetime results"))

    def shown(index: int) -> None:
        if page.tabs.widget(index) is not view:
            return
        try:
            view.set_lines(lines())
        except StoreError as error:
            show_error(page, error)

    page.tabs.currentChanged.connect(shown)
    return view
