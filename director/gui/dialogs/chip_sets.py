"""The organizer's chips: a grid of values, colours and counts, kept as his sets for
every night, imported and exported; the starting stack checked against the set
for the players of this event; "Use for this event" makes them the event's chips
(the structure's denominations and the chip race follow)."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from director.app.files import chip_set_files
from director.app.storage.databases import StoreError
from director.app.views.format_display import event_stack_check, stack_check_text
from director.core import commands as c
from director.core.chip_sets import Chip, ChipSet, check_chip_set, shown_colour
from director.core.errors import RuleViolation
from director.gui.common import confirm, show_error
from director.gui.controller import SessionController
from director.gui.widgets import InlineError
from director.i18n import _, describe_error, format_number, parse_chips

VALUE, COLOUR, COUNT = range(3)


def colour_of(name: str) -> QColor | None:
    """The colour a chip's colour stands for (a name the app knows, in English or
    French, or #rrggbb); None for none or for one the app does not know."""
    paint = shown_colour(name)[1]
    return QColor(paint) if paint else None


class ChipSetDialog(QDialog):
    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Chip set"))
        self.resize(640, 560)
        self.controller = controller
        self.kept = QComboBox()
        load = QPushButton(_("&Load"))
        load.setAutoDefault(False)
        load.clicked.connect(self.load_kept)
        self.name = QLineEdit()
        self.grid = QTableWidget(0, 3)
        self.grid.setHorizontalHeaderLabels([_("Value"), _("Colour"), _("How many")])
        self.grid.verticalHeader().hide()
        self.grid.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.grid.setEditTriggers(QAbstractItemView.EditTrigger.AllEditTriggers)
        self.grid.itemChanged.connect(lambda _item: self.check())
        add = QPushButton(_("Add a chip"))
        add.setAutoDefault(False)
        add.clicked.connect(lambda: self._append(Chip(0, 0)))
        remove = QPushButton(_("Remove the chip"))
        remove.setAutoDefault(False)
        remove.clicked.connect(self.remove_row)
        self.error = InlineError()
        self.stack = QLabel()
        self.stack.setWordWrap(True)
        self.stack.setTextFormat(Qt.TextFormat.RichText)
        self.buttons: dict[str, QPushButton] = {}
        bottom = QHBoxLayout()
        for key, text, slot in (
            ("import", _("&Import…"), self.import_set),
            ("export", _("E&xport…"), self.export_set),
            ("keep", _("&Keep as my set"), self.keep),
            ("delete", _("&Delete my set"), self.delete),
            ("use", _("&Use for this event"), self.use),
            ("close", _("Close"), self.reject),
        ):
            button = QPushButton(text)
            button.setAutoDefault(False)
            button.clicked.connect(slot)
            self.buttons[key] = button
            bottom.addWidget(button)
        top = QHBoxLayout()
        top.addWidget(QLabel(_("Your sets:")))
        top.addWidget(self.kept, 1)
        top.addWidget(load)
        name_row = QHBoxLayout()
        name_row.addWidget(QLabel(_("Name")))
        name_row.addWidget(self.name, 1)
        rows = QHBoxLayout()
        rows.addWidget(add)
        rows.addWidget(remove)
        rows.addStretch()
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(name_row)
        layout.addWidget(self.grid, 1)
        layout.addLayout(rows)
        layout.addWidget(self.error)
        layout.addWidget(self.stack)
        layout.addLayout(bottom)
        self.fill_kept()
        current = controller.state.chip_set
        if current is not None:
            self.load(current)
        else:
            chips = controller.state.structure.chips or (25, 100, 500, 1000)
            self.load(ChipSet(name=_("My chips"), chips=tuple(Chip(value, 0) for value in chips)))

    # -- the grid ----------------------------------------------------------------------

    def fill_kept(self) -> None:
        self.kept.clear()
        for chip_set in chip_set_files.chip_sets():
            self.kept.addItem(chip_set.name, chip_set)

    def load_kept(self) -> None:
        chip_set = self.kept.currentData()
        if chip_set is not None:
            self.load(chip_set)

    def load(self, chip_set: ChipSet) -> None:
        self.name.setText(chip_set.name)
        with QSignalBlocker(self.grid):
            self.grid.setRowCount(0)
            for chip in sorted(chip_set.chips, key=lambda chip: chip.value):
                self._append(chip, check=False)
        self.check()

    def _append(self, chip: Chip, *, check: bool = True) -> None:
        with QSignalBlocker(self.grid):
            row = self.grid.rowCount()
            self.grid.insertRow(row)
            for column, text in (
                (VALUE, format_number(chip.value) if chip.value else ""),
                (COLOUR, chip.colour),
                (COUNT, format_number(chip.count) if chip.count else ""),
            ):
                item = QTableWidgetItem(text)
                if column != COLOUR:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.grid.setItem(row, column, item)
        if check:
            self.check()

    def remove_row(self) -> None:
        row = self.grid.currentRow()
        if row < 0:
            row = self.grid.rowCount() - 1
        if row >= 0:
            self.grid.removeRow(row)
            self.check()

    def _text(self, row: int, column: int) -> str:
        item = self.grid.item(row, column)
        return item.text().strip() if item is not None else ""

    def chip_set(self) -> ChipSet:
        """The set as typed; ``ValueError`` with a sentence for a cell not a number."""
        chips = []
        for row in range(self.grid.rowCount()):
            value_text, count_text = self._text(row, VALUE), self._text(row, COUNT)
            colour = self._text(row, COLOUR)
            if not value_text and not count_text and not colour:
                continue
            try:
                value = parse_chips(value_text)
                count = parse_chips(count_text) if count_text else 0
            except ValueError:
                raise ValueError(
                    _("Row {row}: the value and the count must be whole numbers.").format(
                        row=row + 1
                    )
                ) from None
            chips.append(Chip(value=value, count=count, colour=colour))
        return ChipSet(name=" ".join(self.name.text().split()), chips=tuple(chips))

    def check(self) -> ChipSet | None:
        """Colour the swatches, check the set and the starting stack; the set if usable."""
        with QSignalBlocker(self.grid):
            for row in range(self.grid.rowCount()):
                item = self.grid.item(row, COLOUR)
                if item is not None:
                    colour = colour_of(item.text())
                    item.setBackground(QBrush(colour) if colour is not None else QBrush())
                    if colour is None:
                        item.setForeground(QBrush())
                    else:
                        dark = colour.lightness() < 140
                        item.setForeground(QBrush(QColor("#ffffff" if dark else "#000000")))
        try:
            chip_set = self.chip_set()
            check_chip_set(chip_set)
        except RuleViolation as error:
            self._refuse(describe_error(error))
            return None
        except ValueError as error:
            self._refuse(str(error))
            return None
        self.error.clear()
        for key in ("keep", "export", "use"):
            self.buttons[key].setEnabled(True)
        self.buttons["delete"].setEnabled(
            any(kept.name == chip_set.name for kept in chip_set_files.chip_sets())
        )
        self.stack.setText(self._stack_text(chip_set))
        return chip_set

    def _refuse(self, text: str) -> None:
        self.error.say(text)
        self.stack.setText("")
        for key in ("keep", "export", "use"):
            self.buttons[key].setEnabled(False)

    def _stack_text(self, chip_set: ChipSet) -> str:
        stack = self.controller.state.money.chips
        if stack <= 0:
            return _("Set the starting stack in the money settings to check it against the set.")
        check = event_stack_check(self.controller.state, chip_set, stack)
        text = html.escape(stack_check_text(check))
        return text if check.ok else f"<span style='color:#c0392b'>{text}</span>"

    # -- files and using ------------------------------------------------------------------

    def keep(self) -> None:
        chip_set = self.check()
        if chip_set is None:
            return
        try:
            chip_set_files.save(chip_set)
        except RuleViolation as error:
            show_error(self, error, title=_("Not saved"))
            return
        except OSError as error:
            show_error(self, RuleViolation("structure_file_unwritable", detail=str(error)))
            return
        self.fill_kept()
        self.kept.setCurrentIndex(self.kept.findText(chip_set.name))
        self.check()

    def delete(self) -> None:
        name = self.name.text().strip()
        if confirm(
            self,
            _("Delete a chip set"),
            _("Delete your chip set “{name}”?").format(name=name),
            yes=_("Delete"),
        ):
            chip_set_files.delete(name)
            self.fill_kept()
            self.check()

    def import_set(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self, _("Import a chip set"), str(Path.home()), _("Chip sets (*.json)")
        )
        if path:
            self.import_path(Path(path))

    def import_path(self, path: Path) -> bool:
        try:
            chip_set = chip_set_files.import_file(path)
        except RuleViolation as error:
            self._refuse(describe_error(error))
            return False
        self.load(chip_set)
        return True

    def export_set(self) -> None:
        chip_set = self.check()
        if chip_set is None:
            return
        path, _filter = QFileDialog.getSaveFileName(
            self,
            _("Export the chip set"),
            str(Path.home() / f"{chip_set.name or 'chips'}.json"),
            _("Chip sets (*.json)"),
        )
        if path:
            try:
                chip_set_files.export_file(
                    chip_set, Path(path), self.controller.session.database.path
                )
            except (RuleViolation, StoreError) as error:
                show_error(self, error, title=_("Not exported"))

    def use(self) -> None:
        chip_set = self.check()
        if chip_set is None:
            return
        stack = self.controller.state.money.chips
        if stack > 0 and chip_set != self.controller.state.chip_set:
            check = event_stack_check(self.controller.state, chip_set, stack)
            # Advisory: the organizer may have more chips than he typed, or plan a
            # colour-up; he is told plainly before the set becomes the event's.
            if not check.ok and not confirm(
                self,
                _("Chips short"),
                _(
                    "“{name}” cannot make every stack given out: {problem}\n\n"
                    "Use it for this event anyway?"
                ).format(name=chip_set.name, problem=stack_check_text(check)),
                yes=_("Use anyway"),
            ):
                return
        if chip_set == self.controller.state.chip_set or self.controller.dispatch(
            c.SetChipSet(chip_set=chip_set), self
        ):
            self.accept()
