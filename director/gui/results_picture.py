"""A night's standings, or a season's top of the table, as a picture for a chat message.

1080 pixels wide, as chat apps show a picture across a phone's screen without
shrinking it; the text is large enough to read there. Drawn with Qt's QPainter
from the same results as the standings (the core's), nothing private: places,
names, prizes and bounties.
"""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRect, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter

from director.app.club.leagues import SeasonTable
from director.app.views.summary import place_text
from director.core.prize_pool import prize_pool
from director.core.results import player_results
from director.core.state import TournamentState
from director.i18n import _, format_date, format_money, ngettext
from director.reports.league_cells import points_cell, season_summary

WIDTH = 1080
"""Pixels across: a chat message's picture shown full width on a phone."""
ROWS = 20
"""Places drawn at most: the paid ones and the first of the others."""
MARGIN, TITLE, LINE = 48, 120, 64


def night_picture(state: TournamentState) -> QImage:
    """The night's title, size and prize pool, then one line per place."""
    entered = [result for result in player_results(state) if result.bought > 0]
    facts = [
        ngettext("{count} player", "{count} players", len(entered)).format(count=len(entered)),
        _("Prize pool {pool}").format(pool=format_money(prize_pool(state).total)),
    ]
    if state.event_date:
        facts.insert(0, format_date(state.event_date))
    rows = [
        (
            "" if result.place is None else place_text(result.place.best, result.place.worst),
            result.name,
            format_money(result.total) if result.total else "",
            result.place is not None and result.place.best == 1,
        )
        for result in entered[:ROWS]
    ]
    return _table_picture(state.name, " · ".join(facts), rows)


def season_picture(table: SeasonTable) -> QImage:
    """The top of a season's table: rank, name and points."""
    title = table.league.name
    if table.season is not None:
        title += f" — {table.season.name}"
    rows = [
        (str(row.rank), row.name, points_cell(row.points), row.rank == 1)
        for row in table.rows[:ROWS]
    ]
    return _table_picture(title, season_summary(len(table.events), table.pot), rows)


def _table_picture(title: str, facts: str, rows: list[tuple[str, str, str, bool]]) -> QImage:
    height = MARGIN * 2 + TITLE + LINE * len(rows)
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
        painter.drawText(QRect(MARGIN, MARGIN, inner, 64), left, title)
        font.setPixelSize(34)
        font.setBold(False)
        painter.setFont(font)
        painter.setPen(QColor("#444444"))
        painter.drawText(QRect(MARGIN, MARGIN + 66, inner, 48), left, facts)
        top = MARGIN + TITLE
        font.setPixelSize(38)
        for index, (place, name, value, first) in enumerate(rows):
            y = top + LINE * index
            if index % 2 == 0:
                painter.fillRect(QRect(0, y, WIDTH, LINE), QColor("#eef3f8"))
            font.setBold(first)
            painter.setFont(font)
            painter.setPen(QColor("#111111"))
            painter.drawText(QRect(MARGIN, y, 90, LINE), right, place)
            painter.drawText(QRect(MARGIN + 120, y, 520, LINE), left, name)
            if value:
                painter.drawText(QRect(MARGIN + 640, y, inner - 640, LINE), right, value)
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
