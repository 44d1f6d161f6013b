"""The GUI's handle on a session: runs commands and tells the widgets what changed."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from PySide6.QtCore import QEventLoop, QObject, QTimer, Signal
from PySide6.QtWidgets import QWidget

from director.app.night.changes import Changes
from director.app.night.session import TournamentSession
from director.app.storage.databases import StoreError
from director.core.commands import Command
from director.core.errors import RuleViolation
from director.core.state import TournamentState
from director.gui.common import show_error
from director.gui.guard import Guard
from director.i18n import describe_error
from director.web.looping import DONE, SAVING, run_looping


class SaveFailed(Exception):
    """The database refused a write (disk full, file removed...)."""

    code = "save_failed"

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.args_map = {"detail": detail}


class SessionController(QObject):
    """Owns the open session; every change to an event goes through here.

    ``changed`` carries the ``Changes`` of each dispatch, undo, redo or reload: it
    forwards the session's own change notices (``TournamentSession.subscribe``) to
    the widgets, which redraw from ``state`` when the aspects they show are touched.
    """

    changed = Signal(object)
    waiting = Signal(int)
    """A write is waiting for the database: ``SAVING``, then ``NOT_ANSWERING``, then
    ``DONE`` once it returned (see ``web.looping``; nothing for a quick write)."""

    def __init__(self, session: TournamentSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._forwarding = session.subscribe(self.changed.emit)
        self.guard = Guard(self, self)
        """Enables every control exactly when the rules would accept its command."""
        if getattr(session.database, "kind", "") == "postgresql" and not session.reading:
            # A club server that stalls must not freeze the window (and the TV): its
            # writes run on a thread while the window goes on painting. A local file
            # is written where it is (its one connection is not shared across threads).
            session.write_runner = self.write_painting

    def write_painting(self, write: Callable[[], None]) -> None:
        """Run ``write`` off the window's thread; meanwhile the window keeps running its
        timers, the TV and the network page (every change is refused: the session is
        *saving*), and says so once it takes long (``waiting``)."""
        run_looping(write, self._tell_waiting)

    def _tell_waiting(self, what: int) -> None:
        self.waiting.emit(what)
        if what == SAVING:
            self.guard.refresh()  # every control now says why it waits
        elif what == DONE:
            # Asked again once the session is no longer saving (a failed write
            # tells no change of its own).
            QTimer.singleShot(0, self.guard.refresh)

    def wait_for_write(self) -> None:
        """Return once no write is under way (the window keeps painting meanwhile)."""
        while self.session.saving:
            loop = QEventLoop()
            QTimer.singleShot(10, loop.quit)
            loop.exec()

    @property
    def state(self) -> TournamentState:
        return self.session.state

    def now(self) -> int:
        return self.session.now()

    def run(self, command: Command) -> Changes:
        """Dispatch ``command``; raises ``RuleViolation`` or ``SaveFailed``. For dialogs
        that show the refusal inline."""
        try:
            changes = self.session.dispatch(command)
        except StoreError as error:  # a full disk, a damaged file, another copy's change
            if error.code == "event_moved_on":
                # Another copy wrote the event meanwhile: show what it holds now (the
                # reload tells every listener).
                with contextlib.suppress(StoreError):
                    self.session.reload()
            raise SaveFailed(describe_error(error)) from error
        return changes

    def dispatch(self, command: Command, parent: QWidget | None = None) -> Changes | None:
        """Dispatch ``command``; a refusal is shown in a dialog. Returns None if refused."""
        try:
            return self.run(command)
        except (RuleViolation, StoreError, SaveFailed) as error:
            show_error(parent, error)
            return None

    def undo(self, parent: QWidget | None = None) -> Changes | None:
        return self._step(self.session.undo, parent)

    def redo(self, parent: QWidget | None = None) -> Changes | None:
        return self._step(self.session.redo, parent)

    def _step(self, action: object, parent: QWidget | None) -> Changes | None:
        try:
            changes = action()  # type: ignore[operator]
        except (RuleViolation, StoreError) as error:
            show_error(parent, error)
            return None
        return changes  # type: ignore[no-any-return]

    def announce(self, changes: Changes) -> None:
        """Tell every listener of the session (widgets, the clock feed) about a change
        outside the event's log that changes how it reads (the currency)."""
        self.session.announce(changes)

    def close(self) -> None:
        self._forwarding.cancel()
        self.session.close()
