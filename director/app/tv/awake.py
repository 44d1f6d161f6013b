"""The screen kept awake while the clock runs or the TV is full screen (issue 34,
item 1): wakepy's ``keep.presenting`` mode holds off the screen saver and display
sleep; where the system refuses, the holder says so and why, and the night goes on.

Qt-free: the GUI says when it wants the screen awake and shows what it is told.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from director.core.frozen import Record, dataclass

if TYPE_CHECKING:
    from wakepy import Mode

log = logging.getLogger(__name__)

DETAIL_MAX = 2000
"""The system's own account of a refusal is kept this long at most (a tooltip)."""


@dataclass(frozen=True, eq=False, repr=False)
class AwakeState(Record):
    """Whether the screen is wanted awake, whether the system keeps it so, and why not."""

    wanted: bool = False
    held: bool = False
    refused_by: tuple[str, ...] = ()
    """The ways the system was asked (wakepy's methods) that refused; empty with a
    ``held`` screen, or where wakepy itself could not be loaded."""
    detail: str = ""
    """The system's own words for a refusal (English, technical), for a tooltip or a log."""

    @property
    def refused(self) -> bool:
        return self.wanted and not self.held

    def text(self) -> str:
        """The status bar's line: empty unless the system refused. Short: the ways
        tried and the system's reasons are the tooltip's (``detail``)."""
        from director.i18n import _

        if not self.refused:
            return ""
        if not self.refused_by:
            return _("The screen may go to sleep: it cannot be kept awake on this system.")
        return _("The screen may go to sleep: the system refused to keep it awake.")


class ScreenAwake:
    """Takes the screen's wake lock when wanted and releases it when not; each change
    asks the system once (a refusal is not asked again until wanted anew)."""

    def __init__(self) -> None:
        self._mode: Mode | None = None
        self.state = AwakeState()

    def want(self, awake: bool) -> AwakeState:
        """Keep the screen awake, or let it sleep again; the state that results."""
        if awake == self.state.wanted:
            return self.state
        if awake:
            self.state = self._take()
        else:
            self.release()
        return self.state

    def release(self) -> None:
        """Let the screen sleep again (at the event's close and the app's end too)."""
        mode, self._mode = self._mode, None
        if mode is not None:
            try:
                mode.__exit__(None, None, None)
            except Exception as error:  # the lock's end must never stop closing
                log.warning("could not release the screen's wake lock: %s", error)
        self.state = AwakeState()

    def _take(self) -> AwakeState:
        try:
            from wakepy import keep
        except ImportError as error:
            return AwakeState(wanted=True, detail=str(error)[:DETAIL_MAX])
        mode = keep.presenting(on_fail="pass")
        try:
            mode.__enter__()
        except Exception as error:  # a broken desktop bus must not stop the clock
            return AwakeState(wanted=True, detail=str(error)[:DETAIL_MAX])
        if mode.active:
            self._mode = mode
            return AwakeState(wanted=True, held=True)
        result = mode.result
        with_reason = result.list_methods(ignore_platform_fails=True)
        refused_by = tuple(method.method_name for method in with_reason if method.success is False)
        detail = result.get_failure_text(style="inline")[:DETAIL_MAX]
        log.info("the screen cannot be kept awake: %s", detail)
        mode.__exit__(None, None, None)
        return AwakeState(wanted=True, refused_by=refused_by, detail=detail)
