"""Looking after the database the window works on: the hourly backup and restoring
one, switching to another database (a file or a club's server), following what
other copies write there and saying when that news stops, and the open event's
hold on a club's server (lost: closed here, offered to follow).

The database work itself is the workspace's (``director/app/storage/workspace.py``, no Qt);
this host times it, asks the organizer and redraws.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QWidget

from director.app.files.settings import KeptSettings
from director.app.storage.databases import ANY_EVENT, StoreError
from director.app.storage.workspace import Workspace
from director.gui.common import confirm, show_error
from director.i18n import _, describe_error

if TYPE_CHECKING:
    from director.gui.window.events_page import EventList
    from director.gui.window.network_host import NetworkHost
    from director.gui.window.session_host import SessionHost
    from director.gui.window.tv_host import TvHost

BACKUP_CHECK_MS = 60_000
LEASE_CHECK_MS = 2_000
"""How often the open event is checked to be still this copy's to write (a club's
server: its lease may lapse and go to another copy)."""


class ClubNews(QObject):
    """News from a club's database, brought to Qt's thread: the workspace's follower
    calls ``emit`` on its own thread, the slots run on the window's."""

    followed_changed = Signal(int)
    """An event followed live changed in the database (from the follower's thread);
    ``ANY_EVENT`` after the follower was cut off for a while."""
    club_connection = Signal(bool)
    """The notices from the club database stopped (False) or came back (True)."""


class Maintenance(QObject):
    """Backups, the database in use, and the news from a club's server."""

    def __init__(
        self,
        workspace: Workspace,
        news: ClubNews,
        settings: KeptSettings,
        sessions: SessionHost,
        events: EventList,
        tv: TvHost,
        network: NetworkHost,
        *,
        warn: Callable[[str], None],
        unwarn: Callable[[], None],
        say: Callable[[str, int], None],
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self._settings = settings
        self.sessions = sessions
        self.events = events
        self.tv = tv
        self.network = network
        self.warn = warn
        self._unwarn = unwarn
        self.say = say
        self._parent = parent
        self._backup_failing = False
        self.connection_note = QLabel()
        """Shown while the notices from a club database are cut off."""
        self.connection_note.setStyleSheet("color: #b3261e; font-weight: bold;")
        self.connection_note.hide()
        news.followed_changed.connect(self._on_followed_changed, Qt.ConnectionType.QueuedConnection)
        news.club_connection.connect(self.show_connection, Qt.ConnectionType.QueuedConnection)
        sessions.stopped_following.connect(self._stopped_following)
        self.backup_timer = QTimer(self)
        self.backup_timer.setInterval(BACKUP_CHECK_MS)
        self.backup_timer.timeout.connect(self.hourly_backup)
        self.backup_timer.start()
        self.lease_timer = QTimer(self)
        self.lease_timer.setInterval(LEASE_CHECK_MS)
        self.lease_timer.timeout.connect(self.check_lease)
        self.lease_timer.start()

    # -- backups -------------------------------------------------------------------

    def hourly_backup(self) -> None:
        if self.sessions.controller is None:
            return
        made_now: list[object] = []

        def back_up() -> None:
            made_now.append(self.workspace.back_up_if_due())

        try:
            if self.workspace.database.kind == "postgresql":
                from director.web.looping import run_looping

                # A club server that stalls must not stop the clock for the backup.
                run_looping(back_up)
            else:
                back_up()
        except (OSError, StoreError) as error:
            self.backup_failed(error)
            return
        made = made_now[0]
        if made is not None and self._backup_failing:
            self._backup_failing = False
            self._unwarn()

    def backup_failed(self, error: Exception) -> None:
        """Say once that a backup failed; the night goes on, and the next hourly
        backup tries again (the warning goes once one succeeds)."""
        self._backup_failing = True
        text = describe_error(error) if isinstance(error, StoreError) else str(error)
        self.warn(_("Backup failed: {error}").format(error=text))

    def show_backups(self) -> None:
        from director.gui.dialogs.backups import BackupsDialog

        BackupsDialog(self.workspace.backups, self.restore_backup, self._parent).exec()

    def restore_backup(self, path: Path) -> None:
        controller = self.sessions.controller
        open_id = controller.session.tournament_id if controller else None
        self.sessions.close_session()
        try:
            self.workspace.backups.restore(path)
        except (StoreError, OSError) as error:
            show_error(self._parent, error)
        self.tv.forget_missing_pictures()
        self.events.refresh()
        if open_id is not None and self.events.page.model.row_of(open_id) >= 0:
            self.sessions.open_event(open_id)
        else:
            self.events.show()

    # -- the database in use -----------------------------------------------------------

    def ask_database(self) -> None:
        """File > Open database: a file, or a club database on a PostgreSQL server."""
        from PySide6.QtWidgets import QInputDialog

        location = self.workspace.database.location
        text, accepted = QInputDialog.getText(
            self._parent,
            _("Open database"),
            _(
                "A database file, or a PostgreSQL URL such as postgresql://user@host/club "
                "(the password comes from ~/.pgpass or PGPASSWORD):"
            ),
            text=location,
        )
        if accepted and text.strip() and text.strip() != location:
            self.open_database(text.strip())

    def open_database(self, target: str) -> bool:
        """Work on another database from now on; the open event is closed first.
        A database that cannot be used is explained, and the current one kept."""
        controller = self.sessions.controller
        if controller is not None:
            controller.wait_for_write()  # its outcome first: it may refuse the switch
        try:
            database = self.workspace.switch(
                target, backup_folder=self._settings.current.backup_folder
            )
        except StoreError as error:
            show_error(self._parent, error)
            return False
        self.sessions.close_session()
        self.network.use_database(database)
        self.tv.forget_missing_pictures()
        self.tv.adopt_assets()
        self.say(database.location, 0)
        self.events.show()
        self.events.refresh()
        return True

    # -- other copies' news ------------------------------------------------------------

    def show_connection(self, connected: bool) -> None:
        """While the notices from the club database are cut off, say so (a follower
        connects again by itself, then everything shown is read again, the TV's
        pictures that could not be read included)."""
        if connected:
            self.connection_note.hide()
            if self.tv.missing_pictures():
                self.tv.forget_missing_pictures()
                self.tv.apply_tv_look()
            return
        self.connection_note.setText(
            _(
                "Connection to the club database lost: reconnecting… "
                "Changes made by other copies show once it is back."
            )
        )
        self.connection_note.show()

    def _stopped_following(self) -> None:
        self.say(self.workspace.database.location, 0)
        self.show_connection(self.workspace.connected)

    def check_lease(self) -> None:
        """The open event went to another copy (this copy's hold on it lapsed) or was
        deleted or replaced there: close it here, say so, and offer to follow it."""
        controller = self.sessions.controller
        if controller is None or self.sessions.following is not None or not self.workspace.shared:
            return
        lost = controller.session.written_elsewhere()
        if lost is None:
            return
        event_id = controller.session.tournament_id
        name = controller.state.name
        self.sessions.close_session()
        self.events.show()
        with contextlib.suppress(StoreError):
            self.events.refresh(select=event_id)
        if lost.code != "event_leased":
            show_error(self._parent, lost)
            return
        text = _(
            "This copy no longer writes “{event}”: it could not renew its hold on it in "
            "time, and another copy of director took it over.\n\n{why}"
        ).format(event=name, why=describe_error(lost))
        if confirm(self._parent, _("Event written elsewhere"), text, yes=_("Follow live")):
            self.sessions.follow_event(event_id)

    def _on_followed_changed(self, event_id: int) -> None:
        if self.events.shown():
            with contextlib.suppress(StoreError):
                self.events.refresh()
        controller = self.sessions.controller
        if controller is None or self.sessions.following is None:
            return
        if event_id not in (ANY_EVENT, controller.session.tournament_id):
            return
        try:
            controller.session.reload()  # every view hears of it from the session
        except StoreError as error:
            self.warn(describe_error(error))

    def stop(self) -> None:
        """The window closes: no more backups, no more news."""
        self.workspace.stop_listening()
        self.backup_timer.stop()
