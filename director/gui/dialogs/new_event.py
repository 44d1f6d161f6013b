"""Create an event: name, kind, date and place. Bad input is shown inline."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from director.core.errors import RuleViolation
from director.core.state import EventKind
from director.gui.widgets import DateField
from director.i18n import _, describe_error

Creator = Callable[[str, EventKind, str, str], object]


class NewEventDialog(QDialog):
    """Calls ``create(name, kind, date, venue)``; a ``RuleViolation`` is shown inline."""

    def __init__(self, create: Creator, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("New event"))
        self._create = create
        self.created: object | None = None

        self.name = QLineEdit()
        self.name.setPlaceholderText(_("Friday night poker"))
        self.kind = QComboBox()
        self.kind.addItem(_("Tournament"), EventKind.TOURNAMENT)
        self.kind.addItem(_("Cash game"), EventKind.CASH)
        self.date = DateField(QDate.currentDate().toString("yyyy-MM-dd"))
        self.venue = QLineEdit()
        self.venue.setPlaceholderText(_("At Ann's"))
        self.error = QLabel()
        self.error.setStyleSheet("color: #c0392b; font-weight: bold;")
        self.error.setWordWrap(True)
        self.error.hide()

        form = QFormLayout()
        form.addRow(_("&Name"), self.name)
        form.addRow(_("&Kind"), self.kind)
        form.addRow(_("&Date"), self.date)
        form.addRow(_("&Place"), self.venue)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(_("Create"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.name.textChanged.connect(lambda _text: self.error.hide())

    def accept(self) -> None:
        try:
            self.created = self._create(
                self.name.text(),
                EventKind(self.kind.currentData()),
                self.date.iso(),
                self.venue.text(),
            )
        except RuleViolation as error:
            self.error.setText(describe_error(error))
            self.error.show()
            self.name.setFocus()
            return
        super().accept()
