"""The clock face: paints ``DisplayData`` scaled to any size, dark theme.

Every element has its own band of the window, sized as a fraction of the
height and shrunk to fit the width, so nothing overlaps from 1024x576 to
3840x2160. The time's digits are at least a quarter of the window's height.
The same widget is the TV display and the preview on the console's clock page.
"""

from __future__ import annotations

import math
from enum import Enum

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from director.app.display import (
    DisplayData,
    FigureRow,
    MoreRow,
    MoveRow,
    NoteRow,
    PlaceRow,
    Section,
)
from director.i18n import _

BACKGROUND = QColor("#0d1117")
PANEL = QColor("#161b22")
TEXT = QColor("#f0f3f6")
DIM = QColor("#8b949e")
NEXT = QColor("#d0d7de")
"""The "Next:" line: bright enough to read from 5 m (DIM was too faint)."""
ACCENT = QColor("#58a6ff")
WARN = QColor("#f0b429")
ALERT = QColor("#ff4d4f")
BREAK = QColor("#3fb950")

MIN_TEXT_FRACTION = 0.03
"""No text on the TV is smaller than this share of the screen's height (readable at
5 m on a 1080-line TV): a text too long for its place wraps or is shortened."""

TIME_FONT_FRACTION = 0.40
"""Font pixel size of the time as a share of the height; digits come out at
about 0.72 of it, so above a quarter of the screen."""


class LineStyle(Enum):
    """How a line of the side column looks."""

    HEADING = "heading"
    """A section's title: accent colour, bold."""
    ROW = "row"
    """A name, a paid place, a figure: bright, bold."""
    DETAIL = "detail"
    """Where a player goes, the bubble: warm colour, after an arrow."""


def side_lines(sections: tuple[Section, ...]) -> list[tuple[str, LineStyle]]:
    """The side column's lines, top to bottom, from the typed sections: a title, then
    each row (a move takes two lines: the name, then where to)."""
    lines: list[tuple[str, LineStyle]] = []
    for section in sections:
        lines.append((section.title, LineStyle.HEADING))
        for row in section.rows:
            if isinstance(row, MoveRow):
                lines.append((row.name, LineStyle.ROW))
                lines.append(("→ " + row.destination, LineStyle.DETAIL))
            elif isinstance(row, NoteRow):
                lines.append(("→ " + row.text, LineStyle.DETAIL))
            elif isinstance(row, PlaceRow | FigureRow | MoreRow):
                lines.append((row.text, LineStyle.ROW))
    return lines


def fitted_font(text: str, family: str, max_pixels: float, width: float, *, bold: bool) -> QFont:
    """The largest font up to ``max_pixels`` high whose ``text`` fits ``width``."""
    font = QFont(family)
    font.setBold(bold)
    font.setPixelSize(max(1, int(max_pixels)))
    if text:
        advance = QFontMetricsF(font).horizontalAdvance(text)
        if advance > width > 0:
            # A little under the exact fit: glyph overhangs must stay inside too.
            font.setPixelSize(max(1, int(max_pixels * 0.96 * width / advance)))
    return font


LINE_COLOURS = {LineStyle.HEADING: ACCENT, LineStyle.ROW: TEXT, LineStyle.DETAIL: WARN}


class ClockFace(QWidget):
    """Paints whatever ``DisplayData`` it was last given."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data: DisplayData | None = None
        self.setAutoFillBackground(False)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(320, 180)
        self.family = QFont().family()
        self.regions: dict[str, QRectF] = {}
        self.font_pixels: dict[str, int] = {}
        """The pixel size each text was drawn at, last paint (for the 3% rule's test)."""

    def set_data(self, data: DisplayData) -> None:
        """Show ``data``; repainted only when something shown differs (not when only
        the instant it was read did)."""
        if not data.same_screen(self.data):
            self.update()
        self.data = data

    # -- painting -------------------------------------------------------------

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.fillRect(self.rect(), BACKGROUND)
        if self.data is not None:
            self.paint_data(painter, self.data)
        painter.end()

    def _text(
        self,
        painter: QPainter,
        key: str,
        rect: QRectF,
        text: str,
        *,
        size: float,
        color: QColor,
        bold: bool = False,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter,
    ) -> None:
        self.regions[key] = rect
        if not text:
            return
        font = fitted_font(text, self.family, size, rect.width(), bold=bold)
        flags = int(align | Qt.AlignmentFlag.AlignVCenter)
        least = math.ceil(self.height() * MIN_TEXT_FRACTION)
        if font.pixelSize() < least:
            # Never smaller than 3% of the height: on two lines if they fit, else shortened.
            font.setPixelSize(least)
            metrics = QFontMetricsF(font)
            wrapped = flags | int(Qt.TextFlag.TextWordWrap)
            needed = metrics.boundingRect(rect, wrapped, text)
            if needed.height() <= rect.height() + 1 and needed.width() <= rect.width() + 1:
                flags = wrapped
            else:
                text = metrics.elidedText(text, Qt.TextElideMode.ElideRight, rect.width())
        self.font_pixels[key] = font.pixelSize()
        painter.setFont(font)
        painter.setPen(QPen(color))
        painter.drawText(rect, flags, text)

    def paint_data(self, painter: QPainter, data: DisplayData) -> None:
        self.regions = {}
        self.font_pixels = {}
        width, height = float(self.width()), float(self.height())
        margin = height * 0.025
        lines = side_lines(data.sections)
        side = width * 0.32 if lines else 0.0
        main = QRectF(margin, 0, width - side - 2 * margin, height)

        def band(top: float, bottom: float, rect: QRectF = main) -> QRectF:
            return QRectF(rect.left(), height * top, rect.width(), height * (bottom - top))

        accent = BREAK if data.on_break else ACCENT
        # Title band: event name left, level right.
        title = band(0.015, 0.105)
        half = title.width() / 2
        self._text(
            painter,
            "event",
            QRectF(title.left(), title.top(), half, title.height()),
            data.event_name,
            size=height * 0.05,
            color=DIM,
            align=Qt.AlignmentFlag.AlignLeft,
        )
        self._text(
            painter,
            "level",
            QRectF(title.left() + half, title.top(), half, title.height()),
            data.level_label.upper(),
            size=height * 0.075,
            color=accent,
            bold=True,
            align=Qt.AlignmentFlag.AlignRight,
        )

        # Caption above the time (overtime, break, not started).
        self._text(
            painter,
            "caption",
            band(0.105, 0.16),
            data.time_caption.upper(),
            size=height * 0.045,
            color=WARN if data.overtime or data.finished else DIM,
            bold=True,
        )

        # The time, as large as the screen allows.
        time_rect = band(0.16, 0.57)
        time_colour = TEXT
        if data.finished:
            time_colour = WARN  # the winner's name, in gold
        elif data.paused:
            time_colour = DIM
        elif data.overtime:
            time_colour = WARN
        elif data.on_break:
            time_colour = BREAK
        time_size = height * (0.2 if data.hands_level else TIME_FONT_FRACTION)
        self._text(
            painter, "time", time_rect, data.time_text, size=time_size, color=time_colour, bold=True
        )

        # Blinds and ante (or the break's note).
        if data.on_break:
            self._text(
                painter,
                "blinds",
                band(0.58, 0.70),
                data.note,
                size=height * 0.07,
                color=TEXT,
                bold=True,
            )
        else:
            self._text(
                painter,
                "blinds",
                band(0.575, 0.715),
                data.blinds_text,
                size=height * 0.135,
                color=TEXT,
                bold=True,
            )
            self._text(
                painter, "ante", band(0.715, 0.77), data.ante_text, size=height * 0.05, color=TEXT
            )

        # Next hand banner (R9), or the next level.
        pending = band(0.77, 0.83)
        if data.pending_text:
            painter.fillRect(pending, WARN)
            self._text(
                painter,
                "next",
                pending,
                data.pending_text.upper(),
                size=height * 0.052,
                color=BACKGROUND,
                bold=True,
            )
        else:
            self._text(painter, "next", pending, data.next_text, size=height * 0.046, color=NEXT)

        # Bottom band: figures.
        self._paint_stats(painter, data, band(0.835, 0.99), height)
        if lines:
            self._paint_lines(
                painter, lines, QRectF(width - side, 0, side - margin, height), height
            )
        if data.paused:
            self._paint_paused(painter, time_rect, height)

    def _paint_stats(
        self, painter: QPainter, data: DisplayData, rect: QRectF, height: float
    ) -> None:
        stats = data.stats
        self.regions["stats"] = rect
        if not stats:
            return
        painter.fillRect(rect, PANEL)
        cell = rect.width() / len(stats)
        for number, stat in enumerate(stats):
            cell_rect = QRectF(rect.left() + number * cell, rect.top(), cell, rect.height())
            inner = cell_rect.adjusted(cell * 0.04, 0, -cell * 0.04, 0)
            # The caption has room for two lines at 3% of the height (AVERAGE · 133 BB).
            caption_rect = QRectF(inner.left(), inner.top(), inner.width(), inner.height() * 0.5)
            value_rect = QRectF(
                inner.left(),
                inner.top() + inner.height() * 0.48,
                inner.width(),
                inner.height() * 0.52,
            )
            self._text(
                painter,
                f"stat{number}.caption",
                caption_rect,
                stat.caption.upper(),
                size=height * 0.032,
                color=NEXT,
            )
            self._text(
                painter,
                f"stat{number}",
                value_rect,
                stat.value,
                size=height * 0.05,
                color=TEXT,
                bold=True,
            )

    def _paint_lines(
        self,
        painter: QPainter,
        lines: list[tuple[str, LineStyle]],
        rect: QRectF,
        height: float,
    ) -> None:
        self.regions["lines"] = rect
        painter.fillRect(rect, PANEL)
        count = max(len(lines), 8)
        # Lines at 3% of the height or more: those that do not fit are left out (the
        # moves come first, then the payouts, then the figures).
        line_height = max(min(height * 0.06, rect.height() * 0.92 / count), height * 0.041)
        top = rect.top() + height * 0.03
        fitting = int((rect.bottom() - top) // line_height)
        for number, (line, style) in enumerate(lines[:fitting]):
            line_rect = QRectF(
                rect.left() + rect.width() * 0.05,
                top + number * line_height,
                rect.width() * 0.9,
                line_height,
            )
            self._text(
                painter,
                f"line{number}",
                line_rect,
                line,
                size=line_height * 0.75,
                color=LINE_COLOURS[style],
                bold=style is not LineStyle.DETAIL,
                align=Qt.AlignmentFlag.AlignLeft,
            )

    def _paint_paused(self, painter: QPainter, time_rect: QRectF, height: float) -> None:
        banner = QRectF(
            time_rect.left(),
            time_rect.center().y() - height * 0.085,
            time_rect.width(),
            height * 0.17,
        )
        painter.fillRect(banner, ALERT)
        self._text(
            painter, "paused", banner, _("PAUSED"), size=height * 0.14, color=TEXT, bold=True
        )
