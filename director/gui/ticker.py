"""The clock feed in the GUI: one precise QTimer that wakes it when the shown time changes.

The feed (``director.app.views.feed``) does the work: it reads the clock, finds the
cues, works out the display data once for every view and says when to wake
next. This adapter only sleeps that long (no polling), writes the "alive" mark
when the feed says it is due, and turns the feed's readings into Qt signals so
that widgets are let go with their Qt lifetime.
"""

from __future__ import annotations

import contextlib

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from director.app.views.display import DisplayData
from director.app.views.feed import ClockFeed, Tick
from director.core import clock as clk
from director.gui.controller import SessionController

LATE_MARGIN_MS = 1
"""Wake just after the boundary, never just before it."""


class ClockTicker(QObject):
    """Emits ``tick`` when what the clock shows changed (``data`` is then the display's
    content, worked out once for the console and the TV alike), ``cue`` for each
    moment to announce, ``shot_cue`` for each shot clock's last ten seconds and end."""

    tick = Signal()
    cue = Signal(object)
    shot_cue = Signal(object)

    def __init__(
        self,
        controller: SessionController,
        feed: ClockFeed | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self._owns_feed = feed is None
        self.feed = feed if feed is not None else ClockFeed(controller.session)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.timeout.connect(self.update)
        self._listening = self.feed.subscribe(self._on_tick)
        self.update()

    @property
    def data(self) -> DisplayData:
        return self.feed.data

    def view(self) -> clk.ClockView:
        state = self.controller.state
        return clk.view(state.clock, state.structure, self.controller.now())

    def update(self) -> None:
        """Read the clock now: announce, repaint, sleep until the next change."""
        tick = self.feed.advance()
        if not tick.told:  # else ``_on_tick`` has seen it
            self._follow(tick)

    def stop(self) -> None:
        self._timer.stop()
        self._listening.cancel()
        if self._owns_feed:
            self.feed.close()

    def _on_tick(self, tick: Tick) -> None:
        for cue in tick.cues:
            self.cue.emit(cue)
        for shot in tick.shot_cues:
            self.shot_cue.emit(shot)
        self.tick.emit()
        self._follow(tick)

    def _follow(self, tick: Tick) -> None:
        if tick.wake_in is None:
            self._timer.stop()
        else:
            self._timer.start(tick.wake_in + LATE_MARGIN_MS)
        if tick.alive_due:
            # A failed mark must never disturb the clock.
            with contextlib.suppress(Exception):
                self.controller.session.mark_alive(running=True)
