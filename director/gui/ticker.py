"""The clock's heartbeat in the GUI: wakes exactly when the shown time changes.

No polling: after each reading of the clock it sleeps until the displayed
seconds next change (``clock.next_change_in``), with a precise timer. Each
reading also yields the cues to announce (one minute left, new level, break)
and, while the clock runs, a periodic "alive" mark so that after a crash the
organizer can resume the clock from where it stood.
"""

from __future__ import annotations

import contextlib

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from director.app.changes import Changes
from director.app.display import DisplayData, display_data
from director.core import clock as clk
from director.gui.controller import SessionController

ALIVE_EVERY_MS = 2_000
LATE_MARGIN_MS = 1
"""Wake just after the boundary, never just before it."""


class ClockTicker(QObject):
    """Emits ``tick`` when what the clock shows may have changed; ``data`` is then
    the display's content, worked out once for the console and the TV alike."""

    tick = Signal()
    cue = Signal(object)

    def __init__(self, controller: SessionController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self._last: clk.ClockView | None = None
        self.data: DisplayData
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.timeout.connect(self.update)
        self._alive = QTimer(self)
        self._alive.setInterval(ALIVE_EVERY_MS)
        self._alive.timeout.connect(self._mark_alive)
        controller.changed.connect(self._on_changed)
        self.update()

    def view(self) -> clk.ClockView:
        state = self.controller.state
        return clk.view(state.clock, state.structure, self.controller.now())

    def update(self) -> None:
        """Read the clock now, announce what happened, repaint, sleep until the next change."""
        state = self.controller.state
        now = self.controller.now()
        current = clk.view(state.clock, state.structure, now)
        for cue in clk.cues(self._last, current):
            self.cue.emit(cue)
        self._last = current
        self._publish(now)
        delay = clk.next_change_in(current)
        if delay is None and state.is_cash and not state.structure.items and state.cash.ends_at:
            # A cash game without levels counts down to its end time.
            delay = 1000 - now % 1000
        if delay is None:
            self._timer.stop()
        else:
            self._timer.start(delay + LATE_MARGIN_MS)
        running = current.running
        if running and not self._alive.isActive():
            self._mark_alive()
            self._alive.start()
        elif not running and self._alive.isActive():
            self._alive.stop()

    def stop(self) -> None:
        self._timer.stop()
        self._alive.stop()

    def _on_changed(self, changes: Changes) -> None:
        if changes.touches("clock", "structure", "name"):
            self.update()
        else:
            self._publish(self.controller.now())

    def _publish(self, now: int) -> None:
        self.data = display_data(self.controller.state, now)
        self.tick.emit()

    def _mark_alive(self) -> None:
        # A failed mark must never disturb the clock.
        with contextlib.suppress(Exception):
            self.controller.session.mark_alive(running=True)
