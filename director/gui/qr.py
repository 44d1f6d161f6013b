"""A QR code painted module by module: crisp at any size, dark on a white quiet zone."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

DARK = QColor("#000000")
LIGHT = QColor("#ffffff")


def paint_qr(painter: QPainter, rect: QRectF, rows: tuple[tuple[bool, ...], ...]) -> None:
    """Paint ``rows`` (from ``qr_rows``) as large as fits in ``rect``, centred, on white."""
    if not rows:
        return
    count = len(rows)
    module = int(min(rect.width(), rect.height()) // count)
    if module < 1:
        return
    side = module * count
    left = rect.left() + (rect.width() - side) / 2
    top = rect.top() + (rect.height() - side) / 2
    painter.fillRect(QRectF(left, top, side, side), LIGHT)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                painter.fillRect(QRectF(left + x * module, top + y * module, module, module), DARK)


class QrCode(QWidget):
    """Shows the QR code of a text (an address); empty shows nothing."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = ""
        self.rows: tuple[tuple[bool, ...], ...] = ()
        self.setMinimumSize(160, 160)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.set_text(text)

    def set_text(self, text: str) -> None:
        if text != self.text:
            self.text = text
            from director.web.qr import qr_rows  # segno, on first use

            self.rows = qr_rows(text) if text else ()
            self.setToolTip(text)
            self.update()

    def sizeHint(self) -> QSize:
        return QSize(220, 220)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return width

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        paint_qr(painter, QRectF(self.rect()), self.rows)
        painter.end()
