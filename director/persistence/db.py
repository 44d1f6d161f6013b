"""Opening a director database safely.

Before anything is written, the file is checked read-only: it must be a
SQLite file marked as a director database (SQLite's ``application_id``) and
its schema must be one this version knows. A file that fails a check is left
byte-for-byte unchanged. A database opened for writing is locked, so a second
copy of the app is told that the file is in use instead of writing beside the
first one. Writes are durable: WAL journal and ``synchronous=FULL``.
"""

from __future__ import annotations

import contextlib
import sqlite3
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout
from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.pool import NullPool

APPLICATION_ID = 0x44495231  # "DIR1" in SQLite's header: this file is ours.
SQLITE_MAGIC = b"SQLite format 3\x00"
SCHEMA_REVISIONS = ("0001_baseline", "0002_players", "0003_drafts")
"""Every schema revision this version knows, oldest first; the last is current."""
SCHEMA_HEAD = SCHEMA_REVISIONS[-1]
BUSY_TIMEOUT_MS = 5_000


class StoreError(Exception):
    """A database that cannot be used, with a code for the message."""

    def __init__(self, code: str, **args: Any) -> None:
        super().__init__(code, args)
        self.code = code
        self.args_map: dict[str, Any] = dict(args)

    def __str__(self) -> str:
        details = ", ".join(f"{key}={value}" for key, value in sorted(self.args_map.items()))
        return f"{self.code} ({details})" if details else self.code


@dataclass
class FileCheck:
    """What a read-only look at a database file found."""

    exists: bool
    empty: bool = False
    revision: str | None = None


@dataclass
class Database:
    """An open database: its path, its SQLAlchemy engine and, if writable, its lock."""

    path: Path
    engine: Engine
    readonly: bool
    _lock: FileLock | None = field(default=None, repr=False)

    @contextlib.contextmanager
    def write(self) -> Iterator[Connection]:
        """A connection in one transaction, committed durably on success."""
        if self.readonly:
            raise StoreError("db_read_only", path=str(self.path))
        with self.engine.begin() as connection:
            yield connection

    @contextlib.contextmanager
    def read(self) -> Iterator[Connection]:
        """A connection for reading, in one transaction for a consistent view."""
        with self.engine.connect() as connection, connection.begin():
            yield connection

    def close(self) -> None:
        """Release the engine and the lock. Safe to call twice."""
        self.engine.dispose()
        if self._lock is not None:
            self._lock.release()
            self._lock = None


def check_file(path: Path) -> FileCheck:
    """Look at ``path`` without changing it; raise ``StoreError`` if it is unusable."""
    if not path.exists():
        return FileCheck(exists=False)
    if path.is_dir():
        raise StoreError("db_unreadable", path=str(path))
    try:
        with path.open("rb") as handle:
            header = handle.read(100)
    except OSError as error:
        raise StoreError("db_unreadable", path=str(path), detail=error.strerror) from error
    if not header:
        return FileCheck(exists=True, empty=True)
    if len(header) < 100 or not header.startswith(SQLITE_MAGIC):
        raise StoreError("db_not_director", path=str(path))
    application_id = int.from_bytes(header[68:72], "big")
    try:
        connection = sqlite3.connect(_read_only_uri(path), uri=True)
    except sqlite3.Error as error:
        raise StoreError("db_unreadable", path=str(path), detail=str(error)) from error
    try:
        tables = {
            row[0]
            for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        if application_id != APPLICATION_ID:
            if tables:
                raise StoreError("db_not_director", path=str(path))
            return FileCheck(exists=True, empty=True)
        if "alembic_version" not in tables:
            raise StoreError("db_not_director", path=str(path))
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.DatabaseError as error:
        raise StoreError("db_not_director", path=str(path), detail=str(error)) from error
    finally:
        connection.close()
    revision = row[0] if row else None
    if revision not in SCHEMA_REVISIONS:
        raise StoreError("db_newer", path=str(path), revision=str(revision))
    return FileCheck(exists=True, revision=revision)


def open_database(path: Path, *, create: bool = True, readonly: bool = False) -> Database:
    """Open (and if needed create or upgrade) the database at ``path``.

    ``create=False`` refuses a missing file; ``readonly=True`` never writes and
    refuses a file that would need an upgrade. Raises ``StoreError``.
    """
    path = Path(path).expanduser().absolute()
    found = check_file(path)
    if readonly:
        if not found.exists or found.empty:
            raise StoreError(
                "db_missing" if not found.exists else "db_not_director", path=str(path)
            )
        if found.revision != SCHEMA_HEAD:
            raise StoreError("db_older", path=str(path))
        uri = _read_only_uri(path)
        engine = create_engine(
            "sqlite://",
            creator=lambda: sqlite3.connect(uri, uri=True, check_same_thread=False),
            poolclass=NullPool,
        )
        _install_pragmas(engine, readonly=True)
        return Database(path=path, engine=engine, readonly=True)

    if not found.exists and not create:
        raise StoreError("db_missing", path=str(path))
    if found.exists and found.empty and not create:
        raise StoreError("db_not_director", path=str(path))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError("db_unreadable", path=str(path), detail=error.strerror) from error
    lock = FileLock(str(path) + ".lock", timeout=0)
    try:
        lock.acquire()
    except Timeout:
        raise StoreError("db_in_use", path=str(path)) from None
    except OSError as error:
        raise StoreError("db_unreadable", path=str(path), detail=error.strerror) from error
    try:
        if not found.exists or found.empty:
            _initialise(path)
        elif found.revision != SCHEMA_HEAD:
            from director.persistence.backup import safety_backup

            safety_backup(path, reason="before-upgrade")
        engine = create_engine(f"sqlite:///{path}")
        _install_pragmas(engine, readonly=False)
        if found.revision != SCHEMA_HEAD:
            from director.persistence.migrations import upgrade

            upgrade(engine)
    except BaseException:
        lock.release()
        raise
    return Database(path=path, engine=engine, readonly=False, _lock=lock)


def _read_only_uri(path: Path) -> str:
    return "file:" + urllib.parse.quote(str(path)) + "?mode=ro"


def _initialise(path: Path) -> None:
    """Mark a new or empty file as ours, and switch it to WAL once and for all."""
    connection = sqlite3.connect(path)
    try:
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.commit()
        connection.execute("PRAGMA journal_mode = WAL")
    finally:
        connection.close()


def _install_pragmas(engine: Engine, *, readonly: bool) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys = ON")
        if not readonly:
            # FULL makes each commit durable in WAL mode; NORMAL could lose the
            # last commands on a power cut.
            cursor.execute("PRAGMA synchronous = FULL")
        cursor.close()
