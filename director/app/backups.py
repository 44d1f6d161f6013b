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
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

from director.files import display_path
from director.persistence import backup as files
from director.persistence.db import (
    SCHEMA_HEAD,
    Database,
    StoreError,
    check_file,
    open_database,
    read_identity,
)
from director.persistence.sqlite import (
    SqliteWriterLock,
    sqlite_connect,
    sqlite_quick_check,
    sqlite_side_files,
    sqlite_store_error,
)

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
            source=getattr(self.database, "url", None),
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
        A file that is not a backup of this database is refused.
        """
        check = check_file(backup)
        if not check.exists or check.empty:
            raise StoreError("db_not_director", path=display_path(backup))
        if not files.belongs_to(backup, self.database.identity):
            raise StoreError("backup_not_ours", path=display_path(backup))
        problem = sqlite_quick_check(backup)
        if problem is not None:
            raise StoreError("db_damaged", path=display_path(backup), detail=problem)
        safety = self.back_up(reason="before-restore")
        if self.database.kind == "postgresql":
            from director.persistence.copy import restore_into

            restore_into(self.database, backup)
            return safety
        self.database.engine.dispose()
        files.restore_database(backup, self.database.path)
        if check.revision is not None and check.revision != SCHEMA_HEAD:
            from director.persistence.migrations import upgrade

            upgrade(self.database.engine)
            _keep_identity(self.database)
        return safety


def _keep_identity(database: Database) -> None:
    """After restoring a copy made before the database had an identity, give it its
    own back (the upgrade just made a new one), so its backups stay its own."""
    if database.identity is None:
        return
    with database.write() as connection:
        connection.exec_driver_sql("UPDATE database_identity SET uuid = ?", (database.identity,))


def newest_good_backup(database: Path, folder: Path | None = None) -> files.BackupInfo | None:
    """The newest backup of the (damaged) database at ``database`` that passes SQLite's
    check, or None. When the damage hides the database's identity, copies with
    its file name are considered."""
    folder = folder or files.default_folder(database)
    identity = read_identity(database)
    candidates = files.list_backups(database, folder, identity)
    if identity is None:
        candidates = files.list_backups_by_name(database, folder)
    for info in candidates:
        if sqlite_quick_check(info.path) is None:
            return info
    return None


def replace_damaged(database: Path, backup: Path, *, now: datetime.datetime | None = None) -> Path:
    """Put ``backup`` in place of the damaged database file at ``database``.

    The damaged file (and its journal files) is renamed aside, never deleted;
    returns its new name. Refused with ``db_in_use`` while another copy of the
    app has the database open.
    """
    now = now or datetime.datetime.now()
    problem = sqlite_quick_check(backup)
    if problem is not None:
        raise StoreError("db_damaged", path=display_path(backup), detail=problem)
    lock = SqliteWriterLock(database)
    lock.acquire(create=False)
    try:
        aside = database.with_name(f"{database.name}.damaged-{now.strftime('%Y%m%d-%H%M%S')}")
        try:
            restoring = database.with_name(database.name + ".restoring")
            files.copy_database(backup, restoring)
            _use_wal(restoring)
            os.replace(database, aside)
            for side in sqlite_side_files(database):
                if side.exists():
                    # A journal of the damaged file must never be replayed into the copy.
                    os.replace(side, aside.with_name(aside.name + side.name[len(database.name) :]))
            os.replace(restoring, database)
        except OSError as error:
            raise StoreError(
                "backup_failed", path=display_path(database), detail=error.strerror or str(error)
            ) from error
    finally:
        lock.release()
    # Opening it once upgrades a copy made by an older version.
    open_database(database, create=False).close()
    return aside


def _use_wal(path: Path) -> None:
    """A backup has no WAL journal; the live database does."""
    try:
        connection = sqlite_connect(path)
        try:
            connection.execute("PRAGMA journal_mode = WAL")
        finally:
            connection.close()
    except sqlite3.Error as error:
        raise sqlite_store_error(error, path) from error
