"""The event's own details: name, date, place."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from director.app.night.changes import Changes
from director.core import commands as c
from director.gui.controller import SessionController
from director.gui.models.events_model import kind_text
from director.gui.pages.money_form import money_form
from director.gui.widgets import DateField
from director.i18n import _, format_datetime


class EventPage(QWidget):
    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.name = QLineEdit()
        rename = QPushButton(_("&Rename"))
        rename.clicked.connect(self._rename)
        self.name.returnPressed.connect(self._rename)
        name_row = QHBoxLayout()
        name_row.addWidget(self.name, 1)
        name_row.addWidget(rename)
        self.date = DateField()
        self.venue = QLineEdit()
        save = QPushButton(_("&Save date and place"))
        save.clicked.connect(self._save_details)
        self.kind = QLabel()
        self.created = QLabel()
        # Enabled when the rules would take the change (not when unchanged or empty).
        self.rename_button, self.save_button = rename, save
        guard = controller.guard
        guard.bind(rename, lambda: c.RenameTournament(name=self.name.text()))
        guard.bind(save, lambda: c.EditDetails(event_date=self.date.iso(), venue=self.venue.text()))
        self.name.textChanged.connect(lambda _text: guard.refresh())
        self.venue.textChanged.connect(lambda _text: guard.refresh())
        self.date.dateChanged.connect(lambda _date: guard.refresh())
        form = QFormLayout()
        form.addRow(_("Name"), name_row)
        form.addRow(_("Date"), self.date)
        form.addRow(_("Venue"), self.venue)
        form.addRow("", save)
        form.addRow(_("Kind"), self.kind)
        form.addRow(_("Created"), self.created)
        details = QVBoxLayout()
        details.addLayout(form)
        details.addStretch()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(money_form(controller))
        layout = QHBoxLayout(self)
        # The money form has the longer labels (French ones above all): more room.
        layout.addLayout(details, 2)
        layout.addWidget(scroll, 3)
        controller.changed.connect(self._on_changed)
        self.refresh()

    def refresh(self) -> None:
        state = self.controller.state
        self.name.setText(state.name)
        self.date.set_iso(state.event_date)
        self.venue.setText(state.venue)
        self.kind.setText(kind_text(state.kind))
        self.created.setText(format_datetime(state.created_at))

    def _rename(self) -> None:
        if self.name.text().strip() != self.controller.state.name:
            self.controller.dispatch(c.RenameTournament(name=self.name.text()), self)

    def _save_details(self) -> None:
        self.controller.dispatch(
            c.EditDetails(event_date=self.date.iso(), venue=self.venue.text()),
            self,
        )

    def _on_changed(self, changes: Changes) -> None:
        if changes.touches("name", "event_date", "venue"):
            self.refresh()
