"""The clock display for the TV: a separate, read-only window.

It opens on the chosen screen (by default a second screen when there is one)
and goes full screen with F11 or a double-click; Esc leaves full screen.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QColor,
    QFont,
    QFontMetricsF,
    QHideEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QScreen,
    QShowEvent,
)
from PySide6.QtWidgets import QStackedLayout, QWidget

from director.app.views.display import DisplayData, SeatRow
from director.core.tv import Theme, TvLook
from director.gui.clock_face import (
    MIN_TEXT_FRACTION,
    SIDE_PAGE_MS,
    ClockFace,
    fitted_font,
    monotonic_ms,
)
from director.gui.media import LoadedPicture
from director.gui.qr import paint_qr
from director.gui.shot_clock_panel import ShotClockPanel
from director.i18n import _

ADDRESS_SHOWN_MS = 60_000
"""How long the page's address stays over the clock when asked for."""
CLOCK_BAND = 0.15
"""The share of the seat draw's height that keeps the clock (level, time, blinds)."""


def window_title() -> str:
    """The TV window's title. It ends with the application's name, so Qt does not
    add the name again ("director — clock — director")."""
    return _("Clock — director")


@dataclass(frozen=True)
class SeatingLayout:
    """How the seat draw fills the screen: columns, rows in each, the text's pixel
    size, and the pages it takes (more than one: they turn)."""

    columns: int
    per_column: int
    size: float
    pages: int


class SeatingBoard(QWidget):
    """The seat draw for the room: every name with its table and seat, in as many
    columns as make the text largest; when that would be under 3% of the height (a
    big field on a small screen), over pages that turn every few seconds."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: tuple[SeatRow, ...] = ()
        self.title = _("Seats")
        self.font_pixels = 0
        self.theme = Theme()
        self.page = 0
        """The page shown at the last paint (from 0)."""
        self.shown: tuple[SeatRow, ...] = ()
        """The rows on that page."""
        self.clock: Callable[[], int] = monotonic_ms
        """Milliseconds, for the page shown (a test sets its own)."""
        self.family = QFont().family()
        self.time_line: tuple[str, str, str, str] | None = None
        """The clock kept over the seat draw: the level, the time, the blinds and
        "PAUSED" or "" (None: no clock, the whole screen is the draw)."""
        self._turn = QTimer(self)
        self._turn.setInterval(SIDE_PAGE_MS)
        self._turn.timeout.connect(self.update)

    def set_theme(self, theme: Theme) -> None:
        if theme != self.theme:
            self.theme = theme
            self.update()

    def set_rows(self, rows: Sequence[SeatRow]) -> None:
        rows = tuple(rows)
        if rows != self.rows:
            self.rows = rows
            self.update()
            self._sync_turning()

    def set_clock(self, data: DisplayData | None) -> None:
        """Keep ``data``'s level, time and blinds in a band over the seat draw: the room
        never loses the time while the seats show."""
        line = None
        if data is not None and not data.finished:
            line = (
                data.level_label,
                data.time_text,
                "" if data.on_break else data.blinds_text,
                _("PAUSED") if data.paused else "",
            )
        if line != self.time_line:
            self.time_line = line
            self.update()

    def _top(self) -> float:
        """The share of the height above the seat draw's title (the clock's band)."""
        return CLOCK_BAND if self.time_line is not None else 0.0

    def layout_for(self, width: float, height: float) -> tuple[int, float]:
        """(columns, font pixel size) at ``width`` x ``height`` (see ``arrangement``)."""
        made = self.arrangement(width, height)
        return made.columns, made.size

    def arrangement(self, width: float, height: float) -> SeatingLayout:
        """The columns, rows and size that show every row largest, on one page when
        the text stays at least 3% of the height, else on as few pages as keep it so."""
        count = max(1, len(self.rows))
        least = math.ceil(height * MIN_TEXT_FRACTION)
        share = 0.86 - self._top()
        probe = QFont()
        probe.setPixelSize(100)
        metrics = QFontMetricsF(probe)
        widest = max(
            (metrics.horizontalAdvance(f"{row.name}   {row.text}") for row in self.rows),
            default=metrics.horizontalAdvance("M" * 20),
        )

        def size_for(columns: int, per_column: int) -> float:
            by_height = (height * share) / per_column * 0.78
            by_width = (width / columns * 0.92) / widest * 100
            return min(by_height, by_width, height * 0.07)

        best = SeatingLayout(1, count, 0.0, 1)
        for columns in range(1, 7):
            per_column = math.ceil(count / columns)
            size = size_for(columns, per_column)
            if size > best.size:
                best = SeatingLayout(columns, per_column, size, 1)
        if best.size >= least:
            return best
        # Pages: the fewest that keep the text at 3% or more, then the largest text.
        paged: SeatingLayout | None = None
        most_rows = max(1, int(height * share * 0.78 / least))
        for columns in range(1, 7):
            if size_for(columns, 1) < least:
                continue
            pages = math.ceil(count / (columns * most_rows))
            per_column = math.ceil(math.ceil(count / pages) / columns)
            made = SeatingLayout(columns, per_column, size_for(columns, per_column), pages)
            if paged is None or (made.pages, -made.size) < (paged.pages, -paged.size):
                paged = made
        return paged or best

    def _sync_turning(self) -> None:
        if self.width() <= 0 or self.height() <= 0:
            return
        turning = self.isVisible() and self.arrangement(self.width(), self.height()).pages > 1
        if turning and not self._turn.isActive():
            self._turn.start()
        elif not turning and self._turn.isActive():
            self._turn.stop()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._sync_turning()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._turn.stop()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._sync_turning()

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        width, height = float(self.width()), float(self.height())
        theme = self.theme
        painter.fillRect(self.rect(), QColor(theme.background))
        made = self.arrangement(width, height)
        self.page = (self.clock() // SIDE_PAGE_MS) % made.pages
        top = self._top() * height
        if self.time_line is not None:
            self._paint_clock(painter, QRectF(0, 0, width, top))
        title = QFont()
        title.setBold(True)
        title.setPixelSize(int(height * 0.07))
        painter.setFont(title)
        painter.setPen(QColor(theme.accent))
        heading = self.title.upper()
        if made.pages > 1:
            heading = _("{title} · {page}/{pages}").format(
                title=heading, page=self.page + 1, pages=made.pages
            )
        painter.drawText(
            QRectF(0, top, width, height * 0.1), int(Qt.AlignmentFlag.AlignCenter), heading
        )
        self.font_pixels = max(1, int(made.size))
        font = QFont()
        font.setPixelSize(self.font_pixels)
        painter.setFont(font)
        per_page = made.columns * made.per_column
        self.shown = self.rows[self.page * per_page : (self.page + 1) * per_page]
        line = (height * (0.86 - self._top())) / made.per_column
        column_width = width / made.columns
        for index, seated in enumerate(self.shown):
            column, row = divmod(index, made.per_column)
            rect = QRectF(
                column * column_width + column_width * 0.04,
                top + height * 0.12 + row * line,
                column_width * 0.92,
                line,
            )
            painter.setPen(QColor(theme.text))
            painter.drawText(
                rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), seated.name
            )
            painter.setPen(QColor(theme.next))  # bright enough to read from across the room
            painter.drawText(
                rect, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), seated.text
            )
        painter.end()
        self._sync_turning()

    def _paint_clock(self, painter: QPainter, band: QRectF) -> None:
        """The level at the left, the time in the middle, the blinds at the right."""
        assert self.time_line is not None
        level, time_text, blinds, paused = self.time_line
        theme = self.theme
        painter.fillRect(band, QColor(theme.panel))
        height = float(self.height())
        least = math.ceil(height * MIN_TEXT_FRACTION)
        third = band.width() / 3
        pad = band.width() * 0.02
        left = f"{level.upper()} · {paused}" if paused else level.upper()
        parts = (
            (
                QRectF(pad, band.top(), third - pad, band.height()),
                left,
                0.45,
                theme.accent,
                Qt.AlignmentFlag.AlignLeft,
            ),
            (
                QRectF(third, band.top(), third, band.height()),
                time_text,
                0.8,
                theme.dim if paused else theme.text,
                Qt.AlignmentFlag.AlignHCenter,
            ),
            (
                QRectF(2 * third, band.top(), third - pad, band.height()),
                blinds,
                0.45,
                theme.text,
                Qt.AlignmentFlag.AlignRight,
            ),
        )
        for rect, text, share, colour, align in parts:
            if not text:
                continue
            font = fitted_font(
                text, self.family, max(least, band.height() * share), rect.width(), bold=True
            )
            font.setPixelSize(max(least, font.pixelSize()))
            painter.setFont(font)
            painter.setPen(QColor(colour))
            painter.drawText(rect, int(align | Qt.AlignmentFlag.AlignVCenter), text)


class AddressPanel(QWidget):
    """The network page's address and its QR code over the clock, for a minute: the
    room scans it from their seats. (Never the remote's pairing code: that one is
    shown on the console only.)"""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.url = ""
        self.rows: tuple[tuple[bool, ...], ...] = ()
        self.caption = ""
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.hide()

    def set_url(self, url: str) -> None:
        from director.web.qr import qr_rows  # segno, on first use

        self.url = url
        self.rows = qr_rows(url) if url else ()
        self.caption = _("The clock on your phone:")
        self.update()

    def place(self) -> None:
        """Bottom right of the window, about half its height."""
        window = self.parentWidget()
        if window is None:
            return
        height = int(window.height() * 0.62)
        width = int(height * 0.82)
        margin = int(window.height() * 0.03)
        self.setGeometry(
            window.width() - width - margin, window.height() - height - margin, width, height
        )

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        width, height = float(self.width()), float(self.height())
        painter.fillRect(self.rect(), QColor("#ffffff"))
        pad = width * 0.06
        text_height = height * 0.09
        font = QFont()
        font.setBold(True)
        font.setPixelSize(max(1, int(text_height * 0.55)))
        painter.setFont(font)
        painter.setPen(QColor("#0d1117"))
        painter.drawText(
            QRectF(pad, pad * 0.5, width - 2 * pad, text_height),
            int(Qt.AlignmentFlag.AlignCenter),
            self.caption,
        )
        code = QRectF(pad, pad * 0.5 + text_height, width - 2 * pad, height - 2 * text_height - pad)
        paint_qr(painter, code, self.rows)
        metrics = QFontMetricsF(font)
        size = font.pixelSize()
        while size > 8 and metrics.horizontalAdvance(self.url) > width - 2 * pad:
            size -= 1
            font.setPixelSize(size)
            metrics = QFontMetricsF(font)
        painter.setFont(font)
        painter.drawText(
            QRectF(pad, height - text_height - pad * 0.5, width - 2 * pad, text_height),
            int(Qt.AlignmentFlag.AlignCenter),
            self.url,
        )
        painter.end()


class ClockDisplayWindow(QWidget):
    """Shows the clock, or the seat draw when the data says so; closing it only hides it
    (``hidden`` is emitted)."""

    hidden = Signal()
    full_screen_changed = Signal()
    """Full screen on or off (F11, Escape, a double click): the screen is kept awake
    while the TV is full screen."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(window_title())
        self.face = ClockFace()
        self.seating = SeatingBoard()
        self.stack = QStackedLayout(self)
        self.stack.setContentsMargins(0, 0, 0, 0)
        self.stack.addWidget(self.face)
        self.stack.addWidget(self.seating)
        self.setStyleSheet(f"background: {Theme().background};")
        self.address = AddressPanel(self)
        self.shot_clocks = ShotClockPanel(self)
        self._address_timer = QTimer(self)
        self._address_timer.setSingleShot(True)
        self._address_timer.timeout.connect(self.hide_address)
        self.resize(1280, 720)

    def set_look(self, look: TvLook, pictures: Mapping[str, LoadedPicture] | None = None) -> None:
        """Show the clock and the seat draw in ``look`` (its pictures decoded)."""
        self.face.set_look(look, pictures)
        self.seating.set_theme(look.theme)
        self.shot_clocks.set_theme(look.theme, self.face.family)
        self.setStyleSheet(f"background: {look.theme.background};")

    def show_address(self, url: str, milliseconds: int = ADDRESS_SHOWN_MS) -> None:
        """Show the page's address and QR code over the clock for ``milliseconds``."""
        self.address.set_url(url)
        self.address.place()
        self.address.show()
        self.address.raise_()
        self._address_timer.start(milliseconds)

    def hide_address(self) -> None:
        self._address_timer.stop()
        self.address.hide()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.address.place()
        self.shot_clocks.place(self.shot_clock_room())

    def shot_clock_room(self) -> QRect | None:
        """Where the shot clocks go: the part of the clock face that leaves the blinds
        line readable (over the seat draw, none: across the lower half)."""
        if self.stack.currentWidget() is not self.face:
            return None
        room = self.face.shot_clock_room()
        if room is None:
            return None
        return room.translated(self.face.pos())

    def set_data(self, data: DisplayData) -> None:
        """Show ``data``: the clock, or the seat draw while ``data.show_seats``."""
        self.face.set_data(data)
        self.seating.set_rows(data.seats)
        self.seating.set_clock(data if data.show_seats else None)
        shown = self.seating if data.show_seats else self.face
        if self.stack.currentWidget() is not shown:
            self.stack.setCurrentWidget(shown)
        self.shot_clocks.set_rows(data.shot_clocks, self.shot_clock_room())
        if self.address.isVisible():
            self.address.raise_()  # the page's address asked for stays on top

    def show_on(self, screen: QScreen, *, full_screen: bool = True) -> None:
        """Open on ``screen``, full screen by default."""
        self.setScreen(screen)
        geometry = screen.availableGeometry()
        self.move(geometry.topLeft())
        if full_screen:
            self.showFullScreen()
        else:
            self.resize(min(1280, geometry.width()), min(720, geometry.height()))
            self.show()
        self.raise_()

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_F11:
            self.toggle_full_screen()
        elif event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.showNormal()
        else:
            super().keyPressEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self.toggle_full_screen()
        event.accept()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.WindowStateChange:
            self.full_screen_changed.emit()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.hidden.emit()
        super().closeEvent(event)
