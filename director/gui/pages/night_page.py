"""The night in charts: players left, entries and re-buys over the night, the
average stack in big blinds, and who knocked out whom.

The numbers are the app layer's (``director.app.views.charts``): this page draws them
and redraws when the ledger, the busts or the clock change, on screen at once,
off screen when it is next shown.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from director.app.night.changes import Changes
from director.app.views.charts import NightBlinds, NightChart
from director.gui.charts_view import LinesChart, average_line, night_lines
from director.gui.controller import SessionController
from director.i18n import _, format_number, format_time

REDRAWN_ON = ("ledger", "busts", "players", "clock", "structure")
"""The parts of the state the charts are drawn from."""


class NightPage(QWidget):
    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.blinds = NightBlinds(controller.session)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.counts = LinesChart(_("Players left, entries and re-buys"), _("Players"), times=True)
        self.average = LinesChart(_("Average stack in big blinds"), _("Big blinds"), times=True)
        self.knockouts = QTableWidget(0, 3)
        self.knockouts.setHorizontalHeaderLabels([_("Time"), _("Player"), _("Knocked out by")])
        self.knockouts.verticalHeader().hide()
        self.knockouts.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.knockouts.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        self.knockouts.horizontalHeader().setStretchLastSection(True)
        charts = QSplitter(Qt.Orientation.Vertical)
        charts.addWidget(self.counts)
        charts.addWidget(self.average)
        side = QVBoxLayout()
        side.addWidget(QLabel(_("Knock-outs")))
        side.addWidget(self.knockouts, 1)
        body = QHBoxLayout()
        body.addWidget(charts, 3)
        body.addLayout(side, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addLayout(body, 1)
        self._stale = True
        controller.changed.connect(self._on_changed)
        self.redraw()

    def showEvent(self, event: QShowEvent) -> None:
        if self._stale:
            self.redraw()
        super().showEvent(event)

    def _on_changed(self, changes: Changes) -> None:
        if not changes.touches(*REDRAWN_ON):
            return
        self._stale = True
        if self.isVisible():
            self.redraw()

    def redraw(self) -> None:
        self._stale = False
        chart = self.blinds.chart()
        self.note.setText(night_note(chart))
        self.counts.set_lines(night_lines(chart), bold_first=True)
        self.average.set_lines(average_line(chart))
        rows = list(reversed(chart.knockouts))
        self.knockouts.setRowCount(len(rows))
        for row, knockout in enumerate(rows):
            for column, text in enumerate(
                (format_time(knockout.at), knockout.player, knockout.by or "")
            ):
                item = self.knockouts.item(row, column)
                if item is None:
                    self.knockouts.setItem(row, column, QTableWidgetItem(text))
                else:
                    item.setText(text)


def night_note(chart: NightChart) -> str:
    """One line over the charts: where the night stands, or why they are empty."""
    if not chart.points:
        return _("The charts fill in as players buy in and bust.")
    last = chart.points[-1]
    parts = [
        _("Players left: {count}").format(count=format_number(last.players_left)),
        _("Entries: {count}").format(count=format_number(last.entries)),
        _("Re-buys: {count}").format(count=format_number(last.rebuys)),
    ]
    average = last.average_big_blinds
    if average is not None:
        parts.append(
            _("Average stack: {count} big blinds").format(count=format_number(round(average)))
        )
    return " · ".join(parts)
