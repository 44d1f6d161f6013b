"""Rotating backups of the open database, and restoring one.

The app backs up on start and then at least hourly while an event is open;
the last ``KEEP`` automatic copies are kept. Restoring first saves the current
database as a safety copy, so a restore can itself be taken back. Only this
database's own copies are listed, rotated and restored (its identity is in
each copy). A damaged database can be replaced by its newest good backup; the
damaged file is kept aside, never deleted.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path

from director.persistence import backup as files
from director.persistence.db import Database, StoreError

KEEP = files.KEEP
INTERVAL = datetime.timedelta(hours=1)


class BackupManager:
    """Backups of one database in one folder."""

    def __init__(self, database: Database, folder: Path | None = None, *, keep: int = KEEP) -> None:
        self.database = database
        self.folder = folder or files.default_folder(database.path)
        self.keep = keep
        self._last: datetime.datetime | None = None
        self._pending = False
        self._on_failure: Callable[[Exception], None] | None = None

    def backups(self) -> list[files.BackupInfo]:
        """Every backup of this database, newest first."""
        return files.list_backups(self.database.path, self.folder, self.database.identity)

    def back_up(self, reason: str = files.AUTO, *, now: datetime.datetime | None = None) -> Path:
        """Make a copy now and drop the oldest beyond ``keep``.

        Raises ``StoreError`` (``backup_disk_full``, ``backup_failed``,
        ``db_damaged``); nothing is left behind then, and no copy is removed.
        """
        now = now or datetime.datetime.now()
        path = files.make_backup(
            self.database.path,
            self.folder,
            reason,
            now=now,
            identity=self.database.identity,
            source=self.database.url,
        )
        files.prune(
            self.database.path, self.folder, keep=self.keep, identity=self.database.identity
        )
        if reason == files.AUTO:
            self._last = now
        return path

    def back_up_later(self, on_failure: Callable[[Exception], None]) -> None:
        """Arrange the backup made on opening without making it now (the window
        paints first): ``back_up_pending`` makes it, or the database's first write
        does, just before it begins, whichever comes first. Either way the copy is
        of the file as it was opened. A failure (a full disk) goes to
        ``on_failure``; the night goes on."""
        self._pending = True
        self._on_failure = on_failure
        self.database.before_first_write = self.back_up_pending

    @property
    def pending(self) -> bool:
        """Whether the backup arranged by ``back_up_later`` is still to be made."""
        return self._pending

    def back_up_pending(self) -> Path | None:
        """Make the backup arranged by ``back_up_later``, if it is still to be made."""
        if not self._pending:
            return None
        self._pending = False
        if self.database.before_first_write == self.back_up_pending:
            self.database.before_first_write = None
        try:
            return self.back_up()
        except (StoreError, OSError) as error:
            if self._on_failure is None:
                raise
            self._on_failure(error)
            return None

    def due(self, now: datetime.datetime | None = None) -> bool:
        """Whether the hourly backup is due."""
        now = now or datetime.datetime.now()
        return self._last is None or now - self._last >= INTERVAL

    def back_up_if_due(self, now: datetime.datetime | None = None) -> Path | None:
        if self.due(now):
            return self.back_up(now=now)
        return None

    def restore(self, backup: Path) -> Path:
        """Replace the database's content with ``backup``; returns the safety copy made first.

        Every session on the database must be closed before, and reopened after.
        A file that is not a backup of this database is refused, and so is a restore
        while another copy of director writes one of its events (on a club's server).
        """
        files.check_backup(backup, self.database.identity)
        # On a club's server, refused at once while another copy writes an event (the
        # restore checks again, with the leases locked, as it replaces the content).
        elsewhere = self.database.writers_elsewhere()
        if elsewhere is not None:
            raise elsewhere
        safety = self.back_up(reason="before-restore")
        self.database.restore_from(backup)
        return safety


def newest_good_backup(database: Path, folder: Path | None = None) -> files.BackupInfo | None:
    """The newest backup of the (damaged) database file ``database`` that passes the
    check, or None."""
    return files.newest_good_backup(database, folder)


def replace_damaged(database: Path, backup: Path, *, now: datetime.datetime | None = None) -> Path:
    """Put ``backup`` in place of the damaged database file ``database``; the damaged
    file is renamed aside (returned), never deleted."""
    return files.replace_damaged(database, backup, now=now)
