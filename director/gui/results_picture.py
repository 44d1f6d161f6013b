"""A night's standings as a picture for a chat message (issue 33).

1080 pixels wide, as chat apps show a picture across a phone's screen without
shrinking it; the text is large enough to read there. Drawn with Qt's QPainter
from the same results as the standings (the core's), nothing private: places,
names, prizes and bounties.
"""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRect, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter

from director.app.summary import place_text
from director.core.prize_pool import prize_pool
from director.core.results import player_results
from director.core.state import TournamentState
from director.i18n import _, format_date, format_money, ngettext

WIDTH = 1080
"""Pixels across: a chat message's picture shown full width on a phone."""
ROWS = 20
"""Places drawn at most: the paid ones and the first of the others."""
MARGIN, TITLE, LINE = 48, 120, 64


def night_picture(state: TournamentState) -> QImage:
    """The night's title, size and prize pool, then one line per place."""
    results = [result for result in player_results(state) if result.bought > 0][:ROWS]
    players = sum(1 for result in player_results(state) if result.bought > 0)
    height = MARGIN * 2 + TITLE + LINE * len(results)
    image = QImage(WIDTH, height, QImage.Format.Format_RGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        font = QFont()
        font.setPixelSize(52)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#111111"))
        inner = WIDTH - 2 * MARGIN
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(QRect(MARGIN, MARGIN, inner, 64), left, state.name)
        facts = [
            ngettext("{count} player", "{count} players", players).format(count=players),
            _("Prize pool {pool}").format(pool=format_money(prize_pool(state).total)),
        ]
        if state.event_date:
            facts.insert(0, format_date(state.event_date))
        font.setPixelSize(34)
        font.setBold(False)
        painter.setFont(font)
        painter.setPen(QColor("#444444"))
        painter.drawText(QRect(MARGIN, MARGIN + 66, inner, 48), left, " · ".join(facts))
        top = MARGIN + TITLE
        font.setPixelSize(38)
        for index, result in enumerate(results):
            y = top + LINE * index
            if index % 2 == 0:
                painter.fillRect(QRect(0, y, WIDTH, LINE), QColor("#eef3f8"))
            font.setBold(result.place is not None and result.place.best == 1)
            painter.setFont(font)
            painter.setPen(QColor("#111111"))
            place = (
                "" if result.place is None else place_text(result.place.best, result.place.worst)
            )
            painter.drawText(QRect(MARGIN, y, 90, LINE), right, place)
            painter.drawText(QRect(MARGIN + 120, y, 520, LINE), left, result.name)
            money = result.total
            if money:
                painter.drawText(
                    QRect(MARGIN + 640, y, inner - 640, LINE), right, format_money(money)
                )
    finally:
        painter.end()
    return image


def png_bytes(image: QImage) -> bytes:
    """The picture as a PNG file's bytes (written by the caller, atomically)."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())
