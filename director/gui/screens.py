"""Qt's screens by a stable identity, and the screen the clock display goes to.

Apart from the clock display itself: the main window places itself by these
at start, before any event (or the display) is open.
"""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication, QScreen

from director.app.tv.screens import ScreenId, choose_display


def screen_id(screen: QScreen) -> ScreenId:
    """The stable identity of a Qt screen: name, maker, model, serial and geometry."""
    box = screen.geometry()
    return ScreenId(
        name=screen.name(),
        manufacturer=screen.manufacturer(),
        model=screen.model(),
        serial=screen.serialNumber(),
        geometry=(box.x(), box.y(), box.width(), box.height()),
    )


def choose_screen(wanted: str, console: QScreen | None = None) -> QScreen:
    """The screen ``wanted`` names (a ``ScreenId`` key, or an old bare name) unless
    it is the console's own; else another screen than the console's; else the primary."""
    screens = QGuiApplication.screens()
    if not screens:
        return QGuiApplication.primaryScreen()
    if console is None:
        console = QGuiApplication.primaryScreen()
    console_index = screens.index(console) if console in screens else None
    return screens[choose_display(wanted, [screen_id(s) for s in screens], console_index)]
