"""Create an event: name, kind, date and place. Bad input is shown inline."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from director.core.errors import RuleViolation
from director.core.state import EventKind
from director.gui.common import ok_cancel
from director.gui.widgets import DateField, InlineError
from director.i18n import _

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
        self.error = InlineError()

        form = QFormLayout()
        form.addRow(_("&Name"), self.name)
        form.addRow(_("&Kind"), self.kind)
        form.addRow(_("&Date"), self.date)
        form.addRow(_("&Place"), self.venue)
        buttons = ok_cancel(self, _("Create"))
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
            self.error.say(error)
            self.name.setFocus()
            return
        super().accept()
