"""The calls for the floor from the tables' dealer phones: a red band across the top
of the window, one line per table calling, each with "On my way" (the table's phone
then says the floor is coming). A new call also sounds on the console."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from director.gui.common import scaled_font
from director.i18n import _, format_time

if TYPE_CHECKING:  # the window shows this bar before any event (and its rules) loads
    from director.app.phones.dealers import FloorCall

ALERT = "#b3261e"


class FloorCallBar(QFrame):
    """Shows the calls not answered yet; hidden when there are none."""

    answered = Signal(int)
    """The organizer answers a table's call: its number."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("floorCalls")
        self.setStyleSheet(
            f"#floorCalls {{ background: {ALERT}; }} #floorCalls QLabel {{ color: white; }}"
        )
        self.rows = QVBoxLayout(self)
        self.rows.setContentsMargins(8, 4, 8, 4)
        self.rows.setSpacing(2)
        self.calls: list[FloorCall] = []
        self.hide()

    def show_calls(self, calls: list[FloorCall]) -> None:
        self.calls = list(calls)
        while self.rows.count():
            item = self.rows.takeAt(0)
            widget = item.widget()
            if widget is not None:
                widget.setParent(None)  # gone at once, not at the next loop
                widget.deleteLater()
        for call in calls:
            text = QLabel(
                _("Table {table} calls the floor ({phone}, {moment})").format(
                    table=call.table, phone=call.by, moment=format_time(call.called_at)
                )
            )
            text.setFont(scaled_font(self.font(), 1.3, bold=True))
            button = QPushButton(_("On my way"))
            button.setToolTip(_("The table's phone says the floor is coming."))
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(
                lambda _checked=False, table=call.table: self.answered.emit(table)
            )
            row = QHBoxLayout()
            row.addWidget(text, 1)
            row.addWidget(button)
            holder = QWidget()
            holder.setLayout(row)
            self.rows.addWidget(holder)
        self.setVisible(bool(calls))
