"""The clock feed driven by Qt's event loop without the GUI: one precise single-shot
timer that wakes the feed when the shown time next changes (``director serve``).

The app's window has its own driver (``gui.ticker``), which also marks the app
alive and plays the cues; a server that only follows an event needs neither.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer

from director.app.views.feed import ClockFeed, Tick

LATE_MARGIN_MS = 1
"""Wake just after the boundary, never just before it."""


class FeedDriver(QObject):
    """Calls ``feed.advance()`` whenever the feed says the display changes next."""

    def __init__(self, feed: ClockFeed, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.feed = feed
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.timeout.connect(self.update)
        self._listening = feed.subscribe(self._follow)
        self.update()

    def update(self) -> None:
        tick = self.feed.advance()
        if not tick.told:  # else ``_follow`` has seen it
            self._follow(tick)

    def _follow(self, tick: Tick) -> None:
        if tick.wake_in is None:
            self._timer.stop()
        else:
            self._timer.start(tick.wake_in + LATE_MARGIN_MS)

    def stop(self) -> None:
        self._timer.stop()
        self._listening.cancel()
