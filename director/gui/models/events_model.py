"""The event list as a table: name, kind, date, status."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from director.app.storage.library import EventSummary
from director.core.kinds import EventKind, Status
from director.i18n import _, format_date

Index = QModelIndex | QPersistentModelIndex


def kind_text(kind: EventKind) -> str:
    return _("Tournament") if kind is EventKind.TOURNAMENT else _("Cash game")


def status_text(status: Status, archived: bool = False) -> str:
    if archived:
        return _("Archived")
    return {
        Status.SETUP: _("Not started"),
        Status.RUNNING: _("Running"),
        Status.FINISHED: _("Finished"),
    }[status]


class EventsModel(QAbstractTableModel):
    """Rows are ``EventSummary`` values; call ``set_events`` to refresh."""

    NAME, KIND, DATE, STATUS = range(4)

    def __init__(self) -> None:
        super().__init__()
        self._events: list[EventSummary] = []

    def set_events(self, events: list[EventSummary]) -> None:
        self.beginResetModel()
        self._events = list(events)
        self.endResetModel()

    def event_at(self, row: int) -> EventSummary | None:
        return self._events[row] if 0 <= row < len(self._events) else None

    def row_of(self, event_id: int) -> int:
        for row, summary in enumerate(self._events):
            if summary.id == event_id:
                return row
        return -1

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._events)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 4

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return [_("Name"), _("Kind"), _("Date"), _("Status")][section]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._events):
            return None
        summary = self._events[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            column = index.column()
            if column == self.NAME:
                return summary.name
            if column == self.KIND:
                return "" if summary.damaged else kind_text(summary.kind)
            if column == self.DATE:
                return "" if summary.damaged else format_date(summary.event_date)
            if column == self.STATUS:
                if summary.damaged:
                    return _("Damaged")
                return status_text(summary.status, summary.archived)
        if role == Qt.ItemDataRole.UserRole:
            return summary.id
        if role == Qt.ItemDataRole.ForegroundRole and summary.archived:
            return Qt.GlobalColor.gray
        return None
