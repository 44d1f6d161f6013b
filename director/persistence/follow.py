"""Following a database file that another copy of director writes (``director serve``).

The writer holds the file's lock all night, so a follower only reads, and must
not hold even a reader's shared lock between two reads (the writer could not
start while it did): each read opens the file read-only, reads, and lets go.
Changes are noticed cheaply by the files' status: every commit grows or rewrites
the ``-wal`` file (or the file itself), which changes its size or time.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from director.files import display_path
from director.persistence.db import Database, open_database
from director.persistence.errors import StoreError
from director.persistence.sqlite import sqlite_side_files, sqlite_writer_elsewhere


class FollowedFile:
    """A database file read a moment at a time; the same reading interface as
    ``Database`` (read-only: no transaction, no lease)."""

    kind = "sqlite"
    readonly = True

    def __init__(self, path: Path) -> None:
        self.path = Path(path).expanduser().absolute()
        self.identity: str | None = None
        self._seen: tuple[Any, ...] | None = None

    @property
    def location(self) -> str:
        return display_path(self.path)

    def take_lease(self, tournament_id: int) -> None:
        """Nothing to take: it only reads."""

    def release_lease(self, tournament_id: int) -> None:
        """Nothing to release."""

    def check_lease(self, connection: object, tournament_id: int) -> None:
        """Nothing to check."""

    def writer_elsewhere(self, tournament_id: int) -> StoreError | None:
        """The copy of the app that writes the file now, if one does (its lock)."""
        return sqlite_writer_elsewhere(self.path)

    @contextlib.contextmanager
    def opened(self) -> Iterator[Database]:
        """The file opened read-only for a moment (``StoreError`` if it cannot be)."""
        database = open_database(self.path, create=False, readonly=True)
        try:
            self.identity = database.identity
            yield database
        finally:
            database.close()

    @contextlib.contextmanager
    def reading(self) -> Iterator[Any]:
        with self.opened() as database, database.reading() as connection:
            yield connection

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Any]:
        from director.persistence.errors import StoreError

        raise StoreError("db_read_only", path=self.location)
        yield  # pragma: no cover - never reached

    def signature(self) -> tuple[Any, ...]:
        """What the files look like now (size, time, inode of the file and its journal)."""
        parts: list[Any] = []
        for path in (self.path, *sqlite_side_files(self.path)[:1]):
            try:
                status = os.stat(path)
            except OSError:
                parts.append(None)
                continue
            parts.append((status.st_ino, status.st_size, status.st_mtime_ns))
        return tuple(parts)

    def changed(self) -> bool:
        """Whether the file changed since the last time this was asked."""
        now = self.signature()
        if now == self._seen:
            return False
        self._seen = now
        return True

    def close(self) -> None:
        """Nothing is held between reads."""
