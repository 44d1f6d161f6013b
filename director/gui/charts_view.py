"""Charts drawn with Qt's charts module from the app layer's chart data.

Each chart keeps its series and axes and refills them on every redraw, so a
night of redraws adds no object; the lines take the app layer's colour-blind-safe
palette in the same order as the SVG pages and the PDFs. Nothing is counted
here: the numbers come from ``director.app.views.charts``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from PySide6.QtCharts import (
    QAbstractAxis,
    QBarCategoryAxis,
    QBarSeries,
    QBarSet,
    QChart,
    QChartView,
    QDateTimeAxis,
    QLineSeries,
    QValueAxis,
)
from PySide6.QtCore import QDateTime, QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QShowEvent
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from director.app.club.leagues import League, Leagues, Season, SeasonTable
from director.app.storage.databases import StoreError
from director.app.views.charts import (
    PALETTE,
    RACE_LINES,
    NightChart,
    PlayerSeason,
    PointsRace,
    season_player,
    season_race,
    steps,
)
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.i18n import _, currency, currency_digits, describe_error, language

Line = tuple[str, Sequence[tuple[float, float]]]
"""A line's name in the legend and its points (x, y)."""

CATEGORY_TEXT = 16
"""Characters of an event's name under the axis (the legend and tables say more)."""


def colour(index: int) -> QColor:
    return QColor(PALETTE[index % len(PALETTE)])


def short(text: str, limit: int = CATEGORY_TEXT) -> str:
    """An event's name under an axis: cut to ``limit`` characters, and escaped (the
    axis reads its labels as rich text)."""
    return escape(text if len(text) <= limit else text[: limit - 1] + "…")


class LinesChart(QChartView):
    """Named lines over times (``times``) or over the events of a season."""

    def __init__(
        self, title: str, y_title: str, *, times: bool = False, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        chart = QChart()
        chart.setTitle(title)
        chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
        self.setChart(chart)
        self.x_axis: QAbstractAxis
        if times:
            axis = QDateTimeAxis()
            # The hours as the tables write them (format_time): 12-hour in English.
            axis.setFormat("h:mm AP" if language() == "en" else "HH:mm")
            self.x_axis = axis
        else:
            self.x_axis = QBarCategoryAxis()
        self.y_axis = QValueAxis()
        self.y_axis.setTitleText(y_title)
        self.y_axis.setLabelFormat("%d")
        chart.addAxis(self.x_axis, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(self.y_axis, Qt.AlignmentFlag.AlignLeft)
        self.lines: list[QLineSeries] = []

    def set_lines(
        self, lines: Sequence[Line], *, categories: Sequence[str] = (), bold_first: bool = False
    ) -> None:
        """Draw ``lines`` (reusing the series drawn before); ``categories`` name the
        steps 0, 1, 2... of a chart over events."""
        chart = self.chart()
        while len(self.lines) > len(lines):
            series = self.lines.pop()
            chart.removeSeries(series)
            series.deleteLater()
        while len(self.lines) < len(lines):
            series = QLineSeries()
            chart.addSeries(series)
            series.attachAxis(self.x_axis)
            series.attachAxis(self.y_axis)
            self.lines.append(series)
        top = 0.0
        for index, ((name, points), series) in enumerate(zip(lines, self.lines, strict=True)):
            series.setName(name)
            pen = QPen(colour(index))
            pen.setWidthF(3.5 if bold_first and index == 0 else 2.5)
            series.setPen(pen)
            series.replace([QPointF(x, y) for x, y in points])
            top = max([top, *(y for _x, y in points)])
        self.y_axis.setRange(0, nice_top(top))
        self.y_axis.applyNiceNumbers()
        if isinstance(self.x_axis, QDateTimeAxis):
            xs = [x for _name, points in lines for x, _y in points]
            if xs:
                first, last = min(xs), max(xs)
                self.x_axis.setRange(
                    QDateTime.fromMSecsSinceEpoch(int(first)),
                    QDateTime.fromMSecsSinceEpoch(int(max(last, first + 60_000))),
                )
        elif isinstance(self.x_axis, QBarCategoryAxis):
            self.x_axis.clear()
            self.x_axis.append([short(text) for text in categories] or [""])

    def series_count(self) -> int:
        return len(self.chart().series())


def nice_top(value: float) -> float:
    """The y axis's top: the highest value, at least 1 (an empty chart)."""
    return max(float(value), 1.0)


def night_lines(chart: NightChart) -> list[Line]:
    """Players left, entries and re-buys after each change of the night."""
    points = chart.points
    return [
        (name, steps([(float(point.at), float(value(point))) for point in points]))
        for name, value in (
            (_("Players left"), lambda point: point.players_left),
            (_("Entries"), lambda point: point.entries),
            (_("Re-buys"), lambda point: point.rebuys),
        )
    ]


def average_line(chart: NightChart) -> list[Line]:
    """The average stack in big blinds, where the big blind is known."""
    points = [
        (float(point.at), point.average_big_blinds)
        for point in chart.points
        if point.average_big_blinds is not None
    ]
    return [(_("Average stack"), steps([(x, y) for x, y in points if y is not None]))]


def race_lines(race: PointsRace) -> list[Line]:
    """The leaders' season points after each event (points, not hundredths)."""
    return [
        (line.name, [(float(step), value / 100) for step, value in enumerate(line.points)])
        for line in race.lines[:RACE_LINES]
    ]


def major(amount: int) -> float:
    """Money in whole units of the currency, to place on an axis."""
    return amount / 10 ** currency_digits()


def event_label(name: str, best: int | None) -> str:
    """An event under the axis, the player's place on a second line."""
    if best is None:
        return short(name)
    return short(name) + "<br>" + escape(_("Place {place}").format(place=best))


class MoneyChart(QChartView):
    """A player's net at each event (bars) and the net so far (a line)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        chart = QChart()
        chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
        self.setChart(chart)
        self.x_axis = QBarCategoryAxis()
        self.y_axis = QValueAxis()
        self.y_axis.setLabelFormat("%d")
        chart.addAxis(self.x_axis, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(self.y_axis, Qt.AlignmentFlag.AlignLeft)
        self.bars = QBarSeries()
        self.net = QBarSet(_("Net at the event"))
        self.net.setColor(colour(0))
        self.bars.append(self.net)
        self.total = QLineSeries()
        self.total.setName(_("Net so far"))
        pen = QPen(colour(1))
        pen.setWidthF(3)
        self.total.setPen(pen)
        for series in (self.bars, self.total):
            chart.addSeries(series)
            series.attachAxis(self.x_axis)
            series.attachAxis(self.y_axis)

    def show_season(self, season: PlayerSeason | None) -> None:
        events = season.events if season is not None else ()
        chart = self.chart()
        chart.setTitle(
            _("{player}: results and money over the season").format(player=season.name)
            if season is not None
            else ""
        )
        self.y_axis.setTitleText(_("Money ({currency})").format(currency=currency()))
        if self.net.count():
            self.net.remove(0, self.net.count())
        self.net.append([major(event.net) for event in events])
        self.total.replace([QPointF(step, major(e.total)) for step, e in enumerate(events)])
        values = [major(event.net) for event in events] + [major(e.total) for e in events]
        low, high = min([0.0, *values]), max([0.0, *values])
        self.y_axis.setRange(low, high if high > low else low + 1)
        self.y_axis.applyNiceNumbers()
        self.x_axis.clear()
        self.x_axis.append([event_label(event.name, event.best) for event in events] or [""])

    def series_count(self) -> int:
        return len(self.chart().series())


class SeasonCharts(QWidget):
    """The league page's charts: the points race of the leaders and one player's
    results and money over the season (the league and season are the page's)."""

    def __init__(
        self,
        leagues: Leagues,
        league: Callable[[], League | None],
        season: Callable[[], Season | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.leagues = leagues
        self._league = league
        self._season = season
        self.race = LinesChart(_("Points race"), _("Points"))
        self.player_box = QComboBox()
        self.player_box.currentIndexChanged.connect(lambda _i: self.redraw_player())
        self.money = MoneyChart()
        self.note = QLabel()
        self.note.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(QLabel(_("Player")))
        row.addWidget(self.player_box, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addWidget(self.race, 1)
        layout.addLayout(row)
        layout.addWidget(self.money, 1)
        self._table: SeasonTable | None = None
        self._points: PointsRace | None = None

    def showEvent(self, event: QShowEvent) -> None:
        self.redraw()
        super().showEvent(event)

    def redraw_if_shown(self) -> None:
        """Redraw now if the charts are on screen (else when they are shown)."""
        if self.isVisible():
            self.redraw()

    def redraw(self) -> None:
        league = self._league()
        self._points = None
        self._table = None
        if league is None:
            self.note.setText(_("Create a league to see its charts."))
            self.race.set_lines([])
            self.fill_players()
            return
        season = self._season()
        try:
            table = self.leagues.table(league.id, season.id if season else None)
            race = season_race(self.leagues, table)
        except (RuleViolation, StoreError) as error:
            self.note.setText(describe_error(error))
            return
        self._table, self._points = table, race
        self.note.setText(
            _("The season points of the {count} leaders after each event.").format(
                count=min(RACE_LINES, len(race.lines))
            )
            if race.events
            else _("No event counts in this season yet.")
        )
        self.race.set_lines(race_lines(race), categories=race.events, bold_first=True)
        self.fill_players()

    def fill_players(self) -> None:
        current = self.player_box.currentData()
        self.player_box.blockSignals(True)
        self.player_box.clear()
        if self._points is not None:
            for line in self._points.lines:
                self.player_box.addItem(line.name, int(line.player))
        index = self.player_box.findData(current)
        self.player_box.setCurrentIndex(max(0, index))
        self.player_box.blockSignals(False)
        self.redraw_player()

    def redraw_player(self) -> None:
        player = self.player_box.currentData()
        table, race = self._table, self._points
        if player is None or race is None or table is None:
            self.money.show_season(None)
            return
        try:
            season = season_player(self.leagues, table, race, PlayerId(int(player)))
        except (RuleViolation, StoreError) as error:
            self.note.setText(describe_error(error))
            return
        self.money.show_season(season)
