"""The clock display for the TV: a separate, read-only window.

It opens on the chosen screen (by default a second screen when there is one)
and goes full screen with F11 or a double-click; Esc leaves full screen.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent, QGuiApplication, QKeyEvent, QMouseEvent, QScreen
from PySide6.QtWidgets import QVBoxLayout, QWidget

from director.app.display import DisplayData
from director.gui.clock_face import ClockFace
from director.i18n import _


def choose_screen(name: str) -> QScreen:
    """The screen called ``name``; else a second screen if any; else the primary one."""
    screens = QGuiApplication.screens()
    for screen in screens:
        if name and screen.name() == name:
            return screen
    primary = QGuiApplication.primaryScreen()
    others = [screen for screen in screens if screen is not primary]
    return others[0] if others else primary


class ClockDisplayWindow(QWidget):
    """Shows the clock; closing it only hides it (``hidden`` is emitted)."""

    hidden = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(_("director — clock"))
        self.face = ClockFace()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.face)
        self.setStyleSheet("background: #0d1117;")
        self.resize(1280, 720)

    def set_data(self, data: DisplayData) -> None:
        self.face.set_data(data)

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

    def closeEvent(self, event: QCloseEvent) -> None:
        self.hidden.emit()
        super().closeEvent(event)
