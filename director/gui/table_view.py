"""One table drawn as seen from above: seats around an oval, names, the button
and the blinds. A dead button or dead small blind sits on an empty seat and is
marked "dead"; a newcomer dealt out of this hand is greyed."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from director.app.views.table_texts import seat_lock_text, seat_tags, table_label
from director.core.state import TournamentState
from director.core.structure import Level
from director.core.tables import TableState

FELT = QColor("#1f6f43")
RAIL = QColor("#5a3a1a")
SEAT = QColor("#f5f5f5")
EMPTY = QColor("#9aa5a0")
BUTTON = QColor("#ffffff")
SMALL = QColor("#58a6ff")
BIG = QColor("#f0b429")
DEAD = QColor("#ff6b6b")


def seat_angle(seat: int, seats: int) -> float:
    """Seat 1 sits left of the dealer's place at the top; seats go clockwise."""
    return -math.pi / 2 + 2 * math.pi * seat / (seats + 1)


def fit_name(text: str, metrics: QFontMetrics, width: int) -> str:
    """The name as it fits: whole, else "Paul M.", else cut with an ellipsis."""
    if metrics.horizontalAdvance(text) <= width:
        return text
    words = text.split()
    if len(words) > 1 and "(" not in text:
        short = f"{words[0]} {words[-1][0]}."
        if metrics.horizontalAdvance(short) <= width:
            return short
    return metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)


def fit_lines(text: str, metrics: QFontMetrics, width: int) -> list[str]:
    """The name on one line if it fits, else on two lines split between words
    (the first line as long as fits), else the last name whole under the first
    ones cut, else shortened on one line."""
    if metrics.horizontalAdvance(text) <= width:
        return [text]
    words = text.split()
    for cut in range(len(words) - 1, 0, -1):
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        if metrics.horizontalAdvance(first) <= width and metrics.horizontalAdvance(second) <= width:
            return [first, second]
    # "Maximilienne-Alexandrine de Montmorillon" on a laptop: "Maximilienne-Al…"
    # over "Montmorillon" tells the room more than "Maxi…".
    if len(words) > 1 and metrics.horizontalAdvance(words[-1]) <= width:
        first = metrics.elidedText(" ".join(words[:-1]), Qt.TextElideMode.ElideRight, width)
        return [first, words[-1]]
    return [fit_name(text, metrics, width)]


class TableView(QWidget):
    """Paints one table; emits ``seat_clicked(table, seat)`` on a right-click."""

    seat_clicked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table: TableState | None = None
        self.names: dict[int, str] = {}
        self.seats = 9
        self.title = ""
        self.cash = False
        self.setMinimumSize(240, 190)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.seat_points: dict[int, QPointF] = {}
        self.tags: dict[int, list[str]] = {}
        self.marker_fits: dict[str, tuple[float, float]] = {}
        """Per marker drawn (D, SB, BB): its label's width and its disc's diameter."""

    def set_table(
        self, state: TournamentState, table: TableState, level: Level | None = None
    ) -> None:
        """Show ``table``; ``level``: the blinds in force, for the amounts owed."""
        self.table = table
        self.seats = state.tables.seats_at(table.number)
        self.title = table_label(state.tables, table.number)
        self.cash = state.is_cash
        self.names = {
            seat: state.players[player].name if player in state.players else str(player)
            for seat, player in table.seats.items()
        }
        self.tags = {seat: seat_tags(table, seat, level) for seat in table.seats}
        names = {int(player): entrant.name for player, entrant in state.players.items()}
        for seat in range(1, self.seats + 1):
            # Issue 34: a locked seat, or one reserved for a player, says so.
            lock = seat_lock_text(state.tables, table.number, seat, names)
            if lock:
                self.tags.setdefault(seat, []).append(lock)
        self.update()

    def markers(self) -> dict[int, list[str]]:
        """What is shown beside each seat: D, SB, BB, dead, out, away..."""
        found: dict[int, list[str]] = {}
        table = self.table
        if table is None:
            return found
        positions = table.positions
        if positions is not None:
            found.setdefault(positions.button, []).append("D")
            if positions.small_blind != positions.button:
                found.setdefault(positions.small_blind, []).append("SB")
            found.setdefault(positions.big_blind, []).append("BB")
        return found

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        table = self.table
        width, height = float(self.width()), float(self.height())
        if table is None:
            painter.end()
            return
        centre = QPointF(width / 2, height / 2)
        radius_x, radius_y = width * 0.22, height * 0.25
        rail = QRectF(centre.x() - radius_x, centre.y() - radius_y, 2 * radius_x, 2 * radius_y)
        painter.setBrush(QBrush(RAIL))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawEllipse(rail)
        painter.setBrush(QBrush(FELT))
        painter.drawEllipse(rail.adjusted(5, 5, -5, -5))
        title = QFont(self.font())
        title.setBold(True)
        title.setPixelSize(max(10, int(min(height * 0.085, width * 0.06))))
        # A table's name ("Table Ann's kitchen") stays inside the felt: on two lines,
        # smaller when it must.
        inside = int(rail.width() * 0.8)
        lines = fit_lines(self.title, QFontMetrics(title), inside)
        while any(line.endswith("…") for line in lines) and title.pixelSize() > 9:
            title.setPixelSize(title.pixelSize() - 1)
            lines = fit_lines(self.title, QFontMetrics(title), inside)
        painter.setFont(title)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(rail, int(Qt.AlignmentFlag.AlignCenter), "\n".join(lines))
        small = QFont(self.font())
        small.setPixelSize(max(9, int(min(width, height) * 0.055)))
        painter.setFont(small)
        metrics = QFontMetrics(small)
        tag_font = QFont(self.font())
        tag_font.setPixelSize(max(8, int(small.pixelSize() * 0.6)))
        tag_metrics = QFontMetrics(tag_font)
        markers = self.markers()
        seat_radius = max(8.0, min(width, height) * 0.042)
        gap = seat_radius * 0.4
        self.seat_points = {}
        for seat in range(1, self.seats + 1):
            angle = seat_angle(seat, self.seats)
            cos, sin = math.cos(angle), math.sin(angle)
            point = QPointF(
                centre.x() + (radius_x + seat_radius * 0.9) * cos,
                centre.y() + (radius_y + seat_radius * 0.9) * sin,
            )
            self.seat_points[seat] = point
            occupied = seat in table.seats
            out = seat in table.dealt_out or seat in table.sitting_out
            painter.setPen(QPen(QColor("#333333"), 1))
            painter.setBrush(QBrush(SEAT if occupied and not out else EMPTY))
            painter.drawEllipse(point, seat_radius, seat_radius)
            painter.setPen(QColor("#111111"))
            painter.drawText(
                QRectF(
                    point.x() - seat_radius,
                    point.y() - seat_radius,
                    2 * seat_radius,
                    2 * seat_radius,
                ),
                int(Qt.AlignmentFlag.AlignCenter),
                str(seat),
            )
            text = self.names.get(seat, "")
            tags = ", ".join(self.tags.get(seat, []))
            line = float(metrics.height())
            tag_line = float(tag_metrics.height())
            # The name goes beside its seat, on the outside, within the drawing;
            # on two lines when the drawing is narrow, so that names stay whole.
            # What is said of the seat (sits out, owes...) goes under it, smaller.
            if abs(cos) > 0.35:
                room = (
                    point.x() - seat_radius - gap
                    if cos < 0
                    else width - (point.x() + seat_radius + gap)
                )
                left = 0.0 if cos < 0 else point.x() + seat_radius + gap
                align = Qt.AlignmentFlag.AlignRight if cos < 0 else Qt.AlignmentFlag.AlignLeft
            else:
                room = width * 0.44
                left = point.x() - room / 2
                align = Qt.AlignmentFlag.AlignHCenter
            lines = fit_lines(text, metrics, int(room)) if text else []
            name_font = small
            if any(cut.endswith("…") for cut in lines) and not text.endswith("…"):
                # A long name cut short at this size: smaller, so the room can read it.
                name_font = QFont(small)
                name_font.setPixelSize(max(8, int(small.pixelSize() * 0.7)))
                smaller = QFontMetrics(name_font)
                lines = fit_lines(text, smaller, int(room))
                line = float(smaller.height())
            tag_lines = fit_lines(tags, tag_metrics, int(room)) if tags else []
            tall = line * len(lines) + tag_line * len(tag_lines)
            if abs(cos) > 0.35:
                top = point.y() - tall / 2
            else:
                top = point.y() - seat_radius - tall if sin < 0 else point.y() + seat_radius
            painter.setPen(QColor("#8b949e") if out or not occupied else QColor("#111111"))
            if lines:
                painter.setFont(name_font)
                box = QRectF(left, top, room, line * len(lines))
                painter.drawText(box, int(align | Qt.AlignmentFlag.AlignVCenter), "\n".join(lines))
                painter.setFont(small)
            if tag_lines:
                painter.setFont(tag_font)
                painter.setPen(QColor("#8a4b00"))
                box = QRectF(left, top + line * len(lines), room, tag_line * len(tag_lines))
                painter.drawText(
                    box, int(align | Qt.AlignmentFlag.AlignVCenter), "\n".join(tag_lines)
                )
                painter.setFont(small)
            for number, marker in enumerate(markers.get(seat, [])):
                self._marker(painter, point, angle, number, marker, occupied, seat_radius)
        painter.end()

    def _marker(
        self,
        painter: QPainter,
        seat: QPointF,
        angle: float,
        number: int,
        marker: str,
        occupied: bool,
        seat_radius: float,
    ) -> None:
        """A disc toward the table's centre: D white, SB blue, BB gold; red ring when dead."""
        distance = seat_radius * (1.9 + 1.5 * number)
        point = QPointF(
            seat.x() - distance * math.cos(angle), seat.y() - distance * math.sin(angle)
        )
        colour = {"D": BUTTON, "SB": SMALL, "BB": BIG}[marker]
        dead = not occupied and marker in ("D", "SB")
        painter.setBrush(QBrush(colour))
        painter.setPen(QPen(DEAD if dead else QColor("#222222"), 3 if dead else 1))
        size = seat_radius * 0.85
        painter.drawEllipse(point, size, size)
        painter.setPen(QColor("#111111"))
        text = marker if not dead else marker.lower()
        # The label fits inside its disc: at most 72% of the diameter wide.
        painter.save()
        font = QFont(painter.font())
        font.setBold(True)
        font.setPixelSize(max(6, int(size * 0.95)))
        width = QFontMetricsF(font).horizontalAdvance(text)
        if width > 1.44 * size:
            font.setPixelSize(max(6, int(font.pixelSize() * 1.44 * size / width)))
            width = QFontMetricsF(font).horizontalAdvance(text)
        painter.setFont(font)
        painter.drawText(
            QRectF(point.x() - size, point.y() - size, 2 * size, 2 * size),
            int(Qt.AlignmentFlag.AlignCenter),
            text,
        )
        painter.restore()
        self.marker_fits[marker] = (width, 2 * size)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.table is None:
            return
        position = event.position()
        for seat, point in self.seat_points.items():
            if math.hypot(point.x() - position.x(), point.y() - position.y()) < 16:
                self.seat_clicked.emit(self.table.number, seat)
                return
        super().mousePressEvent(event)
