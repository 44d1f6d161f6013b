"""Charts in the PDFs, drawn with ReportLab's own graphics from the app layer's
chart data: the night's players left (the standings) and a season's points race
(the league standings), in the palette every renderer shares."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib import colors

from director.app.views.charts import PALETTE, RACE_LINES, NightChart, PointsRace, steps
from director.i18n import _, format_time
from director.reports.base import FONT, FONT_BOLD

Line = tuple[str, Sequence[tuple[float, float]]]
"""A line's name in the legend and its points (x, y)."""

NAME_TEXT = 14
"""Characters of an event's name under the axis."""


def lines_drawing(
    title: str,
    y_title: str,
    lines: Sequence[Line],
    *,
    width: float,
    height: float,
    x_label: Callable[[float], str],
    x_steps: Sequence[float] | None = None,
) -> Drawing:
    """Named lines with a title, a y axis title and the legend under the plot."""
    drawing = Drawing(width, height)
    legend_rows = (len(lines) + 3) // 4
    bottom = 34 + 12 * legend_rows
    plot = LinePlot()
    plot.x, plot.y = 44, bottom
    plot.width, plot.height = width - 60, height - bottom - 26
    plot.data = [list(points) or [(0.0, 0.0)] for _name, points in lines]
    for index in range(len(lines)):
        line = plot.lines[index]
        line.strokeColor = colors.HexColor(PALETTE[index % len(PALETTE)])
        line.strokeWidth = 2.2 if index == 0 else 1.5
    tops = [y for _name, points in lines for _x, y in points]
    plot.yValueAxis.valueMin = 0
    plot.yValueAxis.valueMax = max([1.0, *tops]) * 1.05
    for axis in (plot.xValueAxis, plot.yValueAxis):
        axis.labels.fontName = FONT
        axis.labels.fontSize = 7
        axis.strokeColor = colors.HexColor("#333333")
    plot.yValueAxis.labelTextFormat = "%d"
    plot.yValueAxis.visibleGrid = True
    plot.yValueAxis.gridStrokeColor = colors.HexColor("#dddddd")
    plot.xValueAxis.labelTextFormat = x_label
    if x_steps is not None:
        plot.xValueAxis.valueSteps = list(x_steps)
        if len(x_steps) == 1:
            plot.xValueAxis.valueMin = x_steps[0] - 0.5
            plot.xValueAxis.valueMax = x_steps[0] + 0.5
    drawing.add(plot)
    drawing.add(
        String(width / 2, height - 12, title, fontName=FONT_BOLD, fontSize=10, textAnchor="middle")
    )
    drawing.add(String(4, height - 24, y_title, fontName=FONT, fontSize=7))
    legend = Legend()
    legend.x, legend.y = 44, bottom - 26
    legend.fontName, legend.fontSize = FONT, 8
    legend.columnMaximum = legend_rows or 1
    legend.alignment = "right"
    legend.deltax = max(60.0, (width - 60) / 4)
    legend.dxTextSpace = 4
    legend.colorNamePairs = [
        (colors.HexColor(PALETTE[index % len(PALETTE)]), name)
        for index, (name, _points) in enumerate(lines)
    ]
    drawing.add(legend)
    return drawing


def night_drawing(chart: NightChart, width: float, height: float) -> Drawing | None:
    """Players left, entries and re-buys over the night (None: nothing to draw)."""
    if len(chart.points) < 2:
        return None
    lines = [
        (
            name,
            steps([(float(point.at), float(count(point))) for point in chart.points]),
        )
        for name, count in (
            (_("Players left"), lambda point: point.players_left),
            (_("Entries"), lambda point: point.entries),
            (_("Re-buys"), lambda point: point.rebuys),
        )
    ]
    return lines_drawing(
        _("Players left, entries and re-buys"),
        _("Players"),
        lines,
        width=width,
        height=height,
        x_label=lambda value: format_time(int(value)),
    )


def race_drawing(race: PointsRace, width: float, height: float) -> Drawing | None:
    """The leaders' season points after each event (None: no event yet)."""
    if not race.events or not race.lines:
        return None
    names = race.events

    def event_name(value: float) -> str:
        index = round(value)
        if not 0 <= index < len(names) or abs(value - index) > 1e-6:
            return ""
        name = names[index]
        return name if len(name) <= NAME_TEXT else name[: NAME_TEXT - 1] + "…"

    lines = [
        (line.name, [(float(step), value / 100) for step, value in enumerate(line.points)])
        for line in race.lines[:RACE_LINES]
    ]
    every = max(1, len(names) // 10)  # at most ten names under the axis
    return lines_drawing(
        _("Points race"),
        _("Points"),
        lines,
        width=width,
        height=height,
        x_label=event_name,
        x_steps=[float(step) for step in range(0, len(names), every)],
    )
