"""The shot clocks over the TV's clock, where the face can spare the room and the
blinds line stays readable (its side column, else the time's band): one large box
per table whose player is on the clock, with the seconds left (in the theme's
warning colour for the last ten, "Time!" once run out), who it is and where he
sits, and his time-bank chips left.

It paints what the display data says (``DisplayData.shot_clocks``, worked out by the
clock feed at each shown second): nothing is counted here.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from director.app.views.display import ShotRow
from director.core.tv import Theme
from director.gui.clock_face import fitted_font
from director.i18n import _

MOST_SHOWN = 3
"""Side by side on the TV at most (more tables on the clock at once: the first three)."""


class ShotClockPanel(QWidget):
    """The shot clocks over the clock (hidden while none is shown)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: tuple[ShotRow, ...] = ()
        self.theme = Theme()
        self.family = QFont().family()
        self.room: QRect | None = None
        """Where it was last placed (None: across the window's lower half)."""
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.hide()

    def set_theme(self, theme: Theme, family: str) -> None:
        self.theme = theme
        self.family = family
        self.update()

    def set_rows(self, rows: Sequence[ShotRow], room: QRect | None = None) -> None:
        """Show ``rows`` (the first three) inside ``room`` (see ``place``)."""
        shown = tuple(rows[:MOST_SHOWN])
        if shown == self.rows and self.isVisible() == bool(shown):
            if shown:
                self.place(room)
            return
        self.rows = shown
        self.setVisible(bool(shown))
        if shown:
            self.place(room)
            self.raise_()
            self.update()

    def place(self, room: QRect | None = None) -> None:
        """Inside ``room`` (the window's part the clock face can spare, the blinds line
        left readable): side by side in a wide room; one under the other from the top of
        a tall one (the side column, covered whole), no box much taller than it is wide.
        Without a room: across the lower half."""
        self.room = room
        window = self.parentWidget()
        if window is None:
            return
        count = max(1, len(self.rows))
        if room is None or room.isEmpty():
            width = int(window.width() * min(0.9, 0.42 * count))
            height = int(window.height() * 0.5)
            margin = int(window.height() * 0.04)
            self.setGeometry(
                (window.width() - width) // 2, window.height() - height - margin, width, height
            )
            return
        if room.height() > room.width():
            # The whole column, its lines hidden (none cut in half between two boxes).
            self.setGeometry(room)
        else:
            width = min(room.width(), int(room.height() * count * 1.3))
            self.setGeometry(
                room.left() + (room.width() - width) // 2, room.top(), width, room.height()
            )

    @staticmethod
    def seconds_text(row: ShotRow) -> str:
        return _("Time!") if row.over else str(row.seconds)

    def paintEvent(self, _event: QPaintEvent) -> None:
        if not self.rows:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        count = len(self.rows)
        if self.height() > self.width():  # one under the other (the side column)
            painter.fillRect(self.rect(), QColor(self.theme.panel))
            gap = self.height() * 0.02
            box_height = min((self.height() - gap * (count - 1)) / count, self.width() * 1.05)
            boxes = [
                QRectF(0, number * (box_height + gap), self.width(), box_height)
                for number in range(count)
            ]
        else:
            gap = self.width() * 0.02
            box_width = (self.width() - gap * (count - 1)) / count
            boxes = [
                QRectF(number * (box_width + gap), 0, box_width, self.height())
                for number in range(count)
            ]
        for box, row in zip(boxes, self.rows, strict=True):
            self._paint_row(painter, box, row)
        painter.end()

    def _paint_row(self, painter: QPainter, box: QRectF, row: ShotRow) -> None:
        theme = self.theme
        colour = theme.alert if row.over else theme.warn if row.warning else theme.text
        border = max(4.0, box.height() * 0.025)
        painter.setPen(QPen(QColor(colour if row.warning else theme.accent), border))
        painter.setBrush(QColor(theme.panel))
        inner = box.adjusted(border / 2, border / 2, -border / 2, -border / 2)
        painter.drawRoundedRect(inner, border * 3, border * 3)
        pad = box.width() * 0.05
        width = box.width() - 2 * pad
        lines = (
            (0.04, 0.13, _("Shot clock"), theme.accent, True),
            (0.17, 0.14, row.name, theme.text, True),
            (0.31, 0.1, row.place, theme.next, False),
            (0.41, 0.44, self.seconds_text(row), colour, True),
        )
        if row.banks_left:
            banks = _("Time bank: {count}").format(count=row.banks_left)
            lines += ((0.85, 0.1, banks, theme.dim, False),)
        for top, share, text, tint, bold in lines:
            rect = QRectF(
                box.left() + pad, box.top() + box.height() * top, width, box.height() * share
            )
            painter.setFont(
                fitted_font(text, self.family, rect.height() * 0.9, width, bold=bold, narrowest=80)
            )
            painter.setPen(QColor(tint))
            painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), text)
