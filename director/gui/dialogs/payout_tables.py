"""Payout tables by field size: choose one (shipped or the organizer's own), edit it
in a grid (a row per band of entries, a column per paid place, each band's sum
checked), see what it pays the current field, import and export it as JSON, keep
it for other nights, or use it for this event."""

from __future__ import annotations

import contextlib
from pathlib import Path

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from director.app.files import payout_templates
from director.app.storage.databases import StoreError
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.ledger import figures
from director.core.payout_tables import BASIS_POINTS, Band, PayoutTable, band_for, table_problems
from director.core.payouts import DEFAULT_UNIT, TABLE, PayoutSettings
from director.core.prize_pool import prize_pool
from director.core.results import prize_amounts
from director.gui.common import confirm, show_error
from director.gui.controller import SessionController
from director.gui.widgets import InlineError
from director.i18n import _, describe_error, format_money, format_percent, parse_percent

FIRST, LAST, SUM = 0, 1, 2
PLACES = 3
"""The first place's column."""
WRONG = QBrush(QColor("#f8d7da"))
RIGHT = QBrush(QColor("#d4edda"))


class GridError(ValueError):
    """A cell that is not a number, with the sentence naming it."""


def ordinal(place: int) -> str:
    return _("Place {place}").format(place=place)


class PayoutTablesDialog(QDialog):
    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Payout tables by field size"))
        self.resize(1100, 620)
        self.controller = controller
        self.tables = QListWidget()
        self.tables.setMinimumWidth(220)
        self.tables.currentRowChanged.connect(lambda _row: self._chosen())
        self.name = QLineEdit()
        self.grid = QTableWidget(0, PLACES)
        self.grid.verticalHeader().hide()
        self.grid.setEditTriggers(QAbstractItemView.EditTrigger.AllEditTriggers)
        self.grid.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.grid.itemChanged.connect(lambda _item: self.check())
        self.error = InlineError()
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        self.preview.setTextFormat(Qt.TextFormat.RichText)
        buttons = {}
        edit_row = QHBoxLayout()
        for key, text, slot in (
            ("add_band", _("Add a band"), self.add_band),
            ("remove_band", _("Remove the last band"), self.remove_band),
            ("add_place", _("Add a place"), self.add_place),
            ("remove_place", _("Remove the last place"), self.remove_place),
        ):
            button = QPushButton(text)
            button.setAutoDefault(False)
            button.clicked.connect(slot)
            buttons[key] = button
            edit_row.addWidget(button)
        edit_row.addStretch()
        file_row = QHBoxLayout()
        for key, text, slot in (
            ("import", _("&Import…"), self.import_table),
            ("export", _("E&xport…"), self.export_table),
            ("save", _("&Keep as my table"), self.keep),
            ("delete", _("&Delete my table"), self.delete),
            ("use", _("&Use for this event"), self.use),
            ("close", _("Close"), self.reject),
        ):
            button = QPushButton(text)
            button.setAutoDefault(False)
            button.clicked.connect(slot)
            buttons[key] = button
            file_row.addWidget(button)
        self.buttons = buttons
        name_row = QHBoxLayout()
        name_row.addWidget(QLabel(_("Name")))
        name_row.addWidget(self.name, 1)
        right = QVBoxLayout()
        right.addLayout(name_row)
        hint = QLabel(
            _(
                "One row per band of entries (leave “To” empty on the last: and more), "
                "the percentage of the prize pool for each paid place."
            )
        )
        hint.setWordWrap(True)
        right.addWidget(hint)
        right.addWidget(self.grid, 1)
        right.addLayout(edit_row)
        right.addWidget(self.error)
        right.addWidget(self.preview)
        body = QHBoxLayout()
        body.addWidget(self.tables)
        body.addLayout(right, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(body, 1)
        layout.addLayout(file_row)
        self.fill_list()

    # -- the list of tables ------------------------------------------------------------

    def fill_list(self, select: str | None = None) -> None:
        current = self.controller.state.payout.table
        entries: list[tuple[str, PayoutTable, bool]] = []
        if current is not None:
            entries.append((_("{name} (this event)").format(name=current.name), current, False))
        for table in payout_templates.shipped_tables():
            entries.append((_("{name} (shipped)").format(name=table.name), table, True))
        for template in payout_templates.templates():
            if template.settings.mode == TABLE and template.settings.table is not None:
                entries.append((template.name, template.settings.table, False))
        with QSignalBlocker(self.tables):
            self.tables.clear()
            for text, table, shipped in entries:
                item = QListWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, (table, shipped))
                self.tables.addItem(item)
        row = 0
        if select is not None:
            row = next((i for i, (_t, table, _s) in enumerate(entries) if table.name == select), 0)
        self.tables.setCurrentRow(row)
        self._chosen()

    def _chosen(self) -> None:
        item = self.tables.currentItem()
        if item is None:
            return
        table, shipped = item.data(Qt.ItemDataRole.UserRole)
        self.load(table)
        self.buttons["delete"].setEnabled(not shipped and self._is_kept(table.name))

    def _is_kept(self, name: str) -> bool:
        return any(template.name == name for template in payout_templates.templates())

    # -- the grid ------------------------------------------------------------------------

    def load(self, table: PayoutTable) -> None:
        self.name.setText(table.name)
        places = max((len(band.shares) for band in table.bands), default=1)
        with QSignalBlocker(self.grid):
            self.grid.setRowCount(0)
            self.grid.setColumnCount(PLACES + places)
            self._headers()
            for band in table.bands:
                self._append(band)
        self.check()

    def _headers(self) -> None:
        labels = [_("From"), _("To"), _("Sum")]
        labels += [ordinal(place) for place in range(1, self.grid.columnCount() - PLACES + 1)]
        self.grid.setHorizontalHeaderLabels(labels)

    def _append(self, band: Band) -> None:
        row = self.grid.rowCount()
        self.grid.insertRow(row)
        self._set(row, FIRST, str(band.first))
        self._set(row, LAST, str(band.last) if band.last else "")
        total = QTableWidgetItem()
        total.setFlags(Qt.ItemFlag.ItemIsEnabled)
        self.grid.setItem(row, SUM, total)
        for column in range(PLACES, self.grid.columnCount()):
            place = column - PLACES
            shown = format_percent(band.shares[place]) if place < len(band.shares) else ""
            self._set(row, column, shown)

    def _set(self, row: int, column: int, text: str) -> None:
        item = QTableWidgetItem(text)
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.grid.setItem(row, column, item)

    def _text(self, row: int, column: int) -> str:
        item = self.grid.item(row, column)
        return item.text().strip() if item is not None else ""

    def add_band(self) -> None:
        last = self.grid.rowCount() - 1
        first = 2
        if last >= 0:
            try:
                before = int(self._text(last, LAST) or self._text(last, FIRST) or "1")
            except ValueError:
                before = 1
            first = before + 1
            if not self._text(last, LAST):
                with QSignalBlocker(self.grid), contextlib.suppress(ValueError):
                    self._set(last, LAST, str(max(before, int(self._text(last, FIRST) or "1"))))
        with QSignalBlocker(self.grid):
            self._append(Band(first, 0, (10_000,)))
        self.check()

    def remove_band(self) -> None:
        if self.grid.rowCount() > 1:
            self.grid.removeRow(self.grid.rowCount() - 1)
            self.check()

    def add_place(self) -> None:
        column = self.grid.columnCount()
        self.grid.insertColumn(column)
        self._headers()
        self.check()

    def remove_place(self) -> None:
        if self.grid.columnCount() > PLACES + 1:
            self.grid.removeColumn(self.grid.columnCount() - 1)
            self._headers()
            self.check()

    def table(self) -> PayoutTable:
        """The table as typed; ``GridError`` names a cell that is not a number."""
        bands = []
        for row in range(self.grid.rowCount()):
            try:
                first = int(self._text(row, FIRST))
                last_text = self._text(row, LAST)
                last = int(last_text) if last_text else 0
            except ValueError:
                raise GridError(
                    _("Row {row}: the entries must be whole numbers.").format(row=row + 1)
                ) from None
            shares = []
            gap = 0
            for column in range(PLACES, self.grid.columnCount()):
                text = self._text(row, column)
                if not text:
                    gap = gap or column - PLACES + 1
                    continue
                if gap:
                    raise GridError(
                        _("Row {row}: {place} is empty but a later place is paid.").format(
                            row=row + 1, place=ordinal(gap)
                        )
                    )
                try:
                    shares.append(parse_percent(text))
                except ValueError:
                    raise GridError(
                        _(
                            "Row {row}, {place}: “{text}” is not a percentage from 0 to 100 "
                            "(such as 50 or 12.5)."
                        ).format(row=row + 1, place=ordinal(column - PLACES + 1), text=text[:20])
                    ) from None
            bands.append(Band(first, last, tuple(shares)))
        return PayoutTable(name=" ".join(self.name.text().split()), bands=tuple(bands))

    def check(self) -> PayoutTable | None:
        """Show each band's sum, the first problem and the preview; the table if usable."""
        with QSignalBlocker(self.grid):  # unblocked again whatever happens
            for row in range(self.grid.rowCount()):
                total = 0
                for column in range(PLACES, self.grid.columnCount()):
                    with contextlib.suppress(ValueError):
                        total += parse_percent(self._text(row, column))
                item = self.grid.item(row, SUM)
                if item is not None:
                    item.setText(format_percent(total))
                    item.setBackground(RIGHT if total == BASIS_POINTS else WRONG)
        try:
            table = self.table()
        except GridError as error:
            self._problem(str(error))
            return None
        problems = table_problems(table)
        if problems:
            self._problem(describe_error(problems[0]))
            return None
        self.error.clear()
        self.buttons["use"].setEnabled(True)
        self.buttons["save"].setEnabled(True)
        self.buttons["export"].setEnabled(True)
        self.preview.setText(self._preview(table))
        return table

    def _problem(self, text: str) -> None:
        self.error.say(text)
        self.preview.setText("")
        for key in ("use", "save", "export"):
            self.buttons[key].setEnabled(False)

    def _preview(self, table: PayoutTable) -> str:
        """What the table pays the field as it stands now."""
        state = self.controller.state
        entries = figures(state.players, state.ledger).entries
        pool = prize_pool(state).total
        band = band_for(table, max(entries, 1))
        unit = state.payout.unit or DEFAULT_UNIT
        settings = PayoutSettings(mode=TABLE, table=table, unit=unit)
        amounts = prize_amounts(state, settings) if pool else []
        paid = " · ".join(
            _("{place}. {amount}").format(place=place, amount=format_money(amount))
            for place, amount in enumerate(amounts, start=1)
        )
        heading = _("For this field ({entries} entries, prize pool {pool}): band {band}").format(
            entries=entries, pool=format_money(pool), band=band.label
        )
        return f"<b>{heading}</b><br>{paid}"

    # -- files and using ------------------------------------------------------------------

    def _template(self, table: PayoutTable) -> payout_templates.PayoutTemplate:
        return payout_templates.table_template(table, self.controller.state.payout.unit)

    def keep(self) -> None:
        table = self.check()
        if table is None:
            return
        try:
            payout_templates.save(self._template(table))
        except RuleViolation as error:
            show_error(self, error, title=_("Not saved"))
            return
        except OSError as error:
            show_error(self, RuleViolation("payout_file_invalid", path=str(error)))
            return
        self.fill_list(select=table.name)

    def delete(self) -> None:
        name = self.name.text().strip()
        if self._is_kept(name) and confirm(
            self,
            _("Delete a payout table"),
            _("Delete your table “{name}”?").format(name=name),
            yes=_("Delete"),
        ):
            payout_templates.delete(name)
            self.fill_list()

    def import_table(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self, _("Import a payout table"), str(Path.home()), _("Payout tables (*.json)")
        )
        if path:
            self.import_path(Path(path))

    def import_path(self, path: Path) -> bool:
        """Load the table in ``path`` into the grid (refused with the problem named)."""
        try:
            template = payout_templates.import_file(path)
        except RuleViolation as error:
            self._problem(describe_error(error))
            return False
        table = template.settings.table
        if template.settings.mode != TABLE or table is None:
            self._problem(
                describe_error(
                    RuleViolation(
                        "payout_table_file_invalid",
                        path=path.name,
                        detail=_("a payout structure, not a table by field size"),
                    )
                )
            )
            return False
        self.load(table)
        return True

    def export_table(self) -> None:
        table = self.check()
        if table is None:
            return
        path, _filter = QFileDialog.getSaveFileName(
            self,
            _("Export the payout table"),
            str(Path.home() / f"{table.name or 'payouts'}.json"),
            _("Payout tables (*.json)"),
        )
        if path:
            self.export_path(table, Path(path))

    def export_path(self, table: PayoutTable, path: Path) -> bool:
        try:
            payout_templates.export_file(
                self._template(table), path, self.controller.session.database.path
            )
        except (RuleViolation, StoreError) as error:
            show_error(self, error, title=_("Not exported"))
            return False
        return True

    def use(self) -> None:
        table = self.check()
        if table is None:
            return
        settings = PayoutSettings(mode=TABLE, table=table, unit=self.controller.state.payout.unit)
        if settings == self.controller.state.payout or self.controller.dispatch(
            c.SetPayouts(settings=settings), self
        ):
            self.accept()
