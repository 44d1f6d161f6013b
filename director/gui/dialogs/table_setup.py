"""A table's name and its own number of seats (issue 34): "Ann's kitchen", 6 seats.
The dialog only builds the command; OK is greyed with the rules' reason while they
would refuse it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from director.core import commands as c
from director.core.buttons import MAX_SEATS
from director.core.errors import RuleViolation
from director.core.handlers.tables import MAX_TABLE_NAME, MAX_TABLES
from director.core.tables import TablesState
from director.gui.common import ok_cancel
from director.i18n import _, describe_error


class TableSetupDialog(QDialog):
    def __init__(
        self,
        tables: TablesState,
        table: int,
        refusal: Callable[[c.Command], RuleViolation | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Table name and seats"))
        self.tables = tables
        self.refusal = refusal
        self.number = QSpinBox()
        self.number.setRange(1, MAX_TABLES)
        self.number.setValue(table)
        self.name = QLineEdit()
        self.name.setMaxLength(MAX_TABLE_NAME + 10)  # typed too long: the rules say so
        self.name.setPlaceholderText(_("e.g. Ann's kitchen"))
        self.seats = QSpinBox()
        self.seats.setRange(0, MAX_SEATS)
        # 0 (shown as words): the event's seats per table.
        self.seats.setSpecialValueText(
            _("As every table ({seats})").format(seats=tables.seats_per_table)
        )
        self.reason = QLabel()
        self.reason.setWordWrap(True)
        self.reason.setStyleSheet("color: #b00020;")
        form = QFormLayout(self)
        form.addRow(_("Table number"), self.number)
        form.addRow(_("Name"), self.name)
        form.addRow(_("Seats"), self.seats)
        form.addRow(self.reason)
        self.buttons = ok_cancel(self)
        form.addRow(self.buttons)
        self.number.valueChanged.connect(self._load)
        self.name.textChanged.connect(self._check)
        self.seats.valueChanged.connect(self._check)
        self._load()

    def _load(self) -> None:
        setup = self.tables.setup(self.number.value())
        self.name.setText(setup.name)
        self.seats.setValue(setup.seats)
        self._check()

    def command(self) -> c.SetTableLayout:
        return c.SetTableLayout(
            table=self.number.value(), name=self.name.text(), seats=self.seats.value()
        )

    def _check(self) -> None:
        refused = self.refusal(self.command())
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(refused is None)
        self.reason.setText("" if refused is None else describe_error(refused))
