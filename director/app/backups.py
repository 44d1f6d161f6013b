"""Rotating backups of the open database, and restoring one.

The app backs up on start and then at least hourly while an event is open;
the last ``KEEP`` automatic copies are kept. Restoring first saves the current
database as a safety copy, so a restore can itself be taken back.
"""

from __future__ import annotations

import datetime
from pathlib import Path

from director.persistence import backup as files
from director.persistence.db import Database, StoreError, check_file

KEEP = files.KEEP
INTERVAL = datetime.timedelta(hours=1)


class BackupManager:
    """Backups of one database in one folder."""

    def __init__(self, database: Database, folder: Path | None = None, *, keep: int = KEEP) -> None:
        self.database = database
        self.folder = folder or files.default_folder(database.path)
        self.keep = keep
        self._last: datetime.datetime | None = None

    def backups(self) -> list[files.BackupInfo]:
        """Every backup of this database, newest first."""
        return files.list_backups(self.database.path, self.folder)

    def back_up(self, reason: str = files.AUTO, *, now: datetime.datetime | None = None) -> Path:
        """Make a copy now and drop the oldest beyond ``keep``."""
        now = now or datetime.datetime.now()
        path = files.make_backup(self.database.path, self.folder, reason, now=now)
        files.prune(self.database.path, self.folder, keep=self.keep)
        if reason == files.AUTO:
            self._last = now
        return path

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
        """
        check = check_file(backup)
        if not check.exists or check.empty:
            raise StoreError("db_not_director", path=str(backup))
        safety = self.back_up(reason="before-restore")
        self.database.engine.dispose()
        files.restore_database(backup, self.database.path)
        if check.revision is not None and check.revision != _head():
            from director.persistence.migrations import upgrade

            upgrade(self.database.engine)
        return safety


def _head() -> str:
    from director.persistence.db import SCHEMA_HEAD

    return SCHEMA_HEAD
