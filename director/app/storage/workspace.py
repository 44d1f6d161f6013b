"""The database this copy of director works on, and what comes with it.

The library of its events, its backups, and on a club's server the notices of
other copies' changes and the events followed live. No Qt: the window holds one
and redraws when told, and the tests drive one without a window.

Notices from a club's server arrive on the follower's own thread: ``changed``
and ``connection`` are called there, and a window hands them to its own thread
(a queued Qt signal) before touching anything.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from director.app.night.timesource import Now, wall_clock
from director.app.storage.backups import BackupManager
from director.app.storage.databases import (
    Database,
    StoreError,
    backup_folder,
    is_url,
    open_database,
)
from director.app.storage.library import Library

if TYPE_CHECKING:
    from datetime import datetime

    from director.app.night.session import TournamentSession
    from director.persistence.db import Follower


@dataclass
class Followed:
    """An event another copy writes, shown here read-only: its session, on a database
    opened read-only for it, and the follower that says when it changed."""

    session: TournamentSession
    database: Database
    follower: Follower | None

    def close(self) -> None:
        """Let go of the follower and the read-only database (the session is closed
        by whoever shows it, first)."""
        if self.follower is not None:
            with contextlib.suppress(Exception):
                self.follower.close()
        with contextlib.suppress(Exception):
            self.database.close()


class Workspace:
    """One database at a time: its library, its backups, and what other copies do."""

    def __init__(
        self,
        database: Database,
        *,
        clock: Now = wall_clock,
        backups: BackupManager | None = None,
        changed: Callable[[int], None] = lambda _event: None,
        connection: Callable[[bool], None] = lambda _connected: None,
    ) -> None:
        """``changed(event id)`` and ``connection(connected)``: told when another copy
        changes an event (``ANY_EVENT``: any may have) or the notices stop or come
        back; from the follower's thread (see the module's note)."""
        self.clock = clock
        self._changed = changed
        self._connection = connection
        self._listening: Follower | None = None
        self.database = database
        self.library = Library(database, clock=clock)
        self.backups = backups or BackupManager(database)
        self.library.backup_folder = self.backups.folder
        self.listen()

    # -- the database --------------------------------------------------------------

    def switch(self, target: str, *, backup_folder: str = "") -> Database:
        """Work on the database at ``target`` (a file or a PostgreSQL URL) from now on;
        ``StoreError`` (and nothing changed) when it cannot be used. The database left
        is closed; the caller closes its open event first."""
        where: Path | str = target if is_url(target) else Path(target).expanduser()
        database = open_database(where)
        old = self.database
        self.database = database
        self.library = Library(database, clock=self.clock)
        folder = Path(backup_folder).expanduser() if backup_folder else None
        self.backups = BackupManager(database, folder)
        self.library.backup_folder = self.backups.folder
        with contextlib.suppress(Exception):
            old.close()
        self.listen()
        return database

    def use_backup_folder(self, folder: str) -> None:
        """Back up into ``folder`` from now on ("": beside the database, the default)."""
        self.backups.folder = (
            Path(folder).expanduser() if folder else backup_folder(self.database.path)
        )
        self.library.backup_folder = self.backups.folder

    def back_up_if_due(self, now: datetime | None = None) -> Path | None:
        """The hourly backup, when an hour has passed since the last one."""
        return self.backups.back_up_if_due(now)

    # -- other copies ----------------------------------------------------------------

    @property
    def shared(self) -> bool:
        """Whether other copies may write this database (a club's server)."""
        return self.database.url is not None

    @property
    def follower(self) -> Follower | None:
        """What hears other copies' changes (None: a file, or the server unreachable)."""
        return self._listening

    @property
    def connected(self) -> bool:
        """Whether notices from other copies arrive now (always, for a file)."""
        return bool(getattr(self._listening, "connected", True))

    def listen(self) -> None:
        """Hear of other copies' changes to any event (a file: nobody else writes)."""
        self.stop_listening()
        self._connection(True)
        with contextlib.suppress(Exception):  # the list still refreshes when shown
            self._listening = self.database.follow(self._changed, self._connection)

    def stop_listening(self) -> None:
        follower, self._listening = self._listening, None
        if follower is not None:
            with contextlib.suppress(Exception):
                follower.close()

    def follow(
        self,
        event_id: int,
        changed: Callable[[int], None],
        connection: Callable[[bool], None] | None = None,
    ) -> Followed:
        """Open ``event_id``, which another copy writes, read-only, with a follower
        calling ``changed`` when it changes; ``StoreError`` or ``RuleViolation`` when
        it cannot be (on a file, ``StoreError("db_not_shared")``)."""
        if not self.shared:
            raise StoreError("db_not_shared", path=self.database.location)
        from director.app.night.session import TournamentSession

        database = open_database(self.database.target, readonly=True)
        try:
            session = TournamentSession(database, event_id, clock=self.clock)
            try:
                follower = database.follow(changed, connection)
            except BaseException:
                session.close()
                raise
        except BaseException:
            database.close()
            raise
        return Followed(session, database, follower)

    def close(self) -> None:
        """Stop hearing other copies and close the database."""
        self.stop_listening()
        with contextlib.suppress(Exception):
            self.database.close()
