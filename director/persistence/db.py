"""Opening a director database safely.

Before anything is written, the file is checked read-only: it must be a
plain SQLite file marked as a director database (SQLite's
``application_id``) and its schema must be one this version knows. A file
that fails a check is left byte-for-byte unchanged. A database opened for
writing is locked (the file itself, whatever its name), so a second copy of
the app is told that the file is in use instead of writing beside the first
one; it is checked for damage (``quick_check``) before the first write.
Writes are durable: WAL journal and ``synchronous=FULL``. Every database
has an identity (a random id stored in it), so its backups can be told from
another database's.

A database opened read-only (the command line's ``events``, ``status`` and
``report``) is read through the driver alone: SQLAlchemy, whose import costs
more than the whole command, is loaded only to write.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from director.files import display_path
from director.persistence.errors import StoreError
from director.persistence.sqlite import (
    SQLITE_MAGIC,
    SqliteReader,
    SqliteWriterLock,
    require_regular_file,
    sqlite_connect,
    sqlite_quick_check,
    sqlite_store_error,
)

if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine

    from director.persistence.postgres import PostgresDatabase


def is_url(target: object) -> bool:
    """Whether ``target`` names a database on a server (a URL) rather than a file."""
    return isinstance(target, str) and target.startswith(
        ("postgresql://", "postgres://", "postgresql+psycopg://")
    )


def database_target(text: str) -> Path | str:
    """What the user typed for ``--db``: a URL as it is, else a file's path."""
    return text if is_url(text) else Path(text)


__all__ = [
    "APPLICATION_ID",
    "SCHEMA_HEAD",
    "SCHEMA_REVISIONS",
    "Database",
    "FileCheck",
    "StoreError",
    "check_file",
    "open_database",
    "read_identity",
]

APPLICATION_ID = 0x44495231  # "DIR1" in SQLite's header: this file is ours.
SCHEMA_REVISIONS = (
    "0001_baseline",
    "0002_players",
    "0003_drafts",
    "0004_identity",
    "0005_club",
)
"""Every schema revision this version knows, oldest first; the last is current."""
SCHEMA_HEAD = SCHEMA_REVISIONS[-1]
IDENTITY_REVISION = "0004_identity"
"""The first revision that stores the database's identity."""
BUSY_TIMEOUT_MS = 5_000
_REVISION_NUMBER = re.compile(r"^(\d{4})_[a-z0-9_]+$")


@dataclass
class FileCheck:
    """What a read-only look at a database file found."""

    exists: bool
    empty: bool = False
    revision: str | None = None
    identity: str | None = None


@dataclass
class Database:
    """An open database: its path, its SQLAlchemy engine (None when opened read-only)
    and, if writable, its lock."""

    path: Path
    engine: Engine | None
    readonly: bool
    identity: str | None = None
    """The random id stored in the database (None in a file older than 0004)."""
    _lock: SqliteWriterLock | None = field(default=None, repr=False)
    _reader: SqliteReader | None = field(default=None, repr=False)
    kind = "sqlite"

    @property
    def location(self) -> str:
        """Where the database is, to show."""
        return display_path(self.path)

    def take_lease(self, tournament_id: int) -> None:
        """Nothing to take: the writer holds the whole file (its lock)."""

    def release_lease(self, tournament_id: int) -> None:
        """Nothing to release (see ``take_lease``)."""

    def check_lease(self, connection: object, tournament_id: int) -> None:
        """Nothing to check (see ``take_lease``)."""

    @contextlib.contextmanager
    def write(self) -> Iterator[Connection]:
        """A connection in one transaction, committed durably on success.

        A failure of the file (full disk, damage) is a ``StoreError``; nothing
        of the transaction is kept.
        """
        if self.readonly or self.engine is None:
            raise StoreError("db_read_only", path=display_path(self.path))
        from sqlalchemy.exc import DBAPIError, IntegrityError

        try:
            with self.engine.begin() as connection:
                yield connection
        except IntegrityError:
            raise  # a constraint the caller checks for (a duplicate name)
        except (DBAPIError, sqlite3.Error) as error:
            raise sqlite_store_error(error, self.path) from error

    @contextlib.contextmanager
    def read(self) -> Iterator[Connection | sqlite3.Connection]:
        """A connection for reading, in one transaction for a consistent view.

        Read-only, it is the driver's own connection (the store's reads are
        plain SQL and accept either).
        """
        if self.engine is None:
            with self._read_through_driver() as driver:
                yield driver
            return
        from sqlalchemy.exc import DBAPIError

        try:
            with self.engine.connect() as connection, connection.begin():
                yield connection
        except (DBAPIError, sqlite3.Error) as error:  # the driver's own, from raw reads
            raise sqlite_store_error(error, self.path) from error

    @contextlib.contextmanager
    def _read_through_driver(self) -> Iterator[sqlite3.Connection]:
        if self._reader is None:
            raise StoreError("db_unreadable", path=display_path(self.path), detail="closed")
        connection = self._reader.connect()
        try:
            _set_read_pragmas(connection)
            connection.execute("BEGIN")
            yield connection
        except sqlite3.Error as error:
            raise sqlite_store_error(error, self.path) from error
        finally:
            connection.close()

    def close(self) -> None:
        """Release the engine and the lock. Safe to call twice."""
        if self.engine is not None:
            self.engine.dispose()
        if self._lock is not None:
            self._lock.release()
            self._lock = None
        if self._reader is not None:
            self._reader.close()
            self._reader = None


def check_file(path: Path, *, ours: bool = False) -> FileCheck:
    """Look at ``path`` without changing it; raise ``StoreError`` if it is unusable.

    ``ours``: this process holds the writer's lock on ``path``.
    """
    reader = _open_reader(path, ours=ours)
    if reader is None:
        return FileCheck(exists=False)
    try:
        return _check_with(reader)
    finally:
        reader.close()


def _open_reader(path: Path, *, ours: bool = False) -> SqliteReader | None:
    """A read-only view of ``path`` after a look at its type and header; None if missing."""
    if require_regular_file(path) is None:
        return None
    try:
        with path.open("rb") as handle:
            header = handle.read(100)
    except OSError as error:
        raise StoreError(
            "db_unreadable", path=display_path(path), detail=error.strerror or str(error)
        ) from error
    if header and (len(header) < 100 or not header.startswith(SQLITE_MAGIC)):
        raise StoreError("db_not_director", path=display_path(path))
    return SqliteReader(path, ours=ours)


def _check_with(reader: SqliteReader) -> FileCheck:
    path = reader.path
    shown = display_path(path)
    if path.stat().st_size == 0:
        return FileCheck(exists=True, empty=True)
    try:
        connection = reader.connect()
    except StoreError as error:
        if error.code == "db_damaged":
            raise StoreError("db_not_director", path=shown) from error
        raise
    try:
        application_id = connection.execute("PRAGMA application_id").fetchone()[0]
        tables = {
            row[0]
            for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        if application_id != APPLICATION_ID:
            if tables:
                raise StoreError("db_not_director", path=shown)
            return FileCheck(exists=True, empty=True)
        if not tables:
            return FileCheck(exists=True, empty=True)  # marked ours, never filled
        if "alembic_version" not in tables:
            raise StoreError("db_damaged", path=shown, detail="no schema version")
        rows = connection.execute("SELECT version_num FROM alembic_version").fetchall()
        if len(rows) != 1 or not isinstance(rows[0][0], str):
            raise StoreError("db_damaged", path=shown, detail="no schema version")
        revision = rows[0][0]
        if revision not in SCHEMA_REVISIONS:
            if revision_is_newer(revision):
                raise StoreError("db_newer", path=shown, revision=revision)
            raise StoreError("db_damaged", path=shown, detail=f"schema {revision!r}")
        identity = _identity_from(connection) if _has_identity(revision) else None
    except sqlite3.Error as error:
        raise sqlite_store_error(error, path) from error
    finally:
        connection.close()
    return FileCheck(exists=True, revision=revision, identity=identity)


def revision_is_newer(revision: str) -> bool:
    """Whether an unknown schema revision is one of a newer version of director."""
    number = _REVISION_NUMBER.match(revision)
    return bool(number) and int(number[1]) > len(SCHEMA_REVISIONS)  # type: ignore[index]


def _has_identity(revision: str) -> bool:
    return SCHEMA_REVISIONS.index(revision) >= SCHEMA_REVISIONS.index(IDENTITY_REVISION)


def _identity_from(connection: sqlite3.Connection) -> str | None:
    row = connection.execute("SELECT uuid FROM database_identity").fetchone()
    return row[0] if row and isinstance(row[0], str) else None


def read_identity(path: Path) -> str | None:
    """The identity stored in the database file at ``path`` (None if it has none or
    cannot be read); reads without changing anything."""
    try:
        return check_file(path).identity
    except StoreError:
        return None


def open_database(
    path: Path | str, *, create: bool = True, readonly: bool = False
) -> Database | PostgresDatabase:
    """Open (and if needed create or upgrade) the database at ``path``: a file, or a
    PostgreSQL URL (``postgresql://user@host/club``, see ``postgres``).

    ``create=False`` refuses a missing file; ``readonly=True`` never writes
    (nor leaves any file beside the database) and refuses a file that would
    need an upgrade. Raises ``StoreError``.
    """
    if is_url(path):
        from director.persistence.postgres import open_postgres

        return open_postgres(str(path), create=create, readonly=readonly)
    path = Path(path).expanduser().absolute()
    if readonly:
        return _open_read_only(path)

    found = check_file(path)
    if not found.exists and not create:
        raise StoreError("db_missing", path=display_path(path))
    if found.exists and found.empty and not create:
        raise StoreError("db_not_director", path=display_path(path))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError("db_unreadable", path=display_path(path), detail=error.strerror) from error
    lock = SqliteWriterLock(path)
    lock.acquire(create=create)
    try:
        found = check_file(path, ours=True)  # again: it may have changed before the lock
        if found.exists and not found.empty:
            problem = sqlite_quick_check(path)
            if problem is not None:
                raise StoreError("db_damaged", path=display_path(path), detail=problem)
        before_upgrade = None
        if not found.exists or found.empty:
            _initialise(path)
        elif found.revision != SCHEMA_HEAD:
            from director.persistence.backup import safety_backup

            before_upgrade = safety_backup(path, reason="before-upgrade", identity=found.identity)
        from sqlalchemy import create_engine
        from sqlalchemy.pool import QueuePool

        engine = create_engine(
            "sqlite://", creator=lambda: sqlite_connect(path), poolclass=QueuePool
        )
        _install_pragmas(engine, readonly=False)
        if found.revision != SCHEMA_HEAD:
            from sqlalchemy.exc import DBAPIError

            from director.persistence.migrations import upgrade

            try:
                upgrade(engine)
            except DBAPIError as error:
                engine.dispose()
                raise sqlite_store_error(error, path) from error
        identity = _identity_of(engine, path)
        if before_upgrade is not None and found.identity is None and identity:
            from director.persistence.backup import adopt_backup

            adopt_backup(path, before_upgrade, identity)
    except BaseException:
        lock.release()
        raise
    return Database(path=path, engine=engine, readonly=False, identity=identity, _lock=lock)


def _identity_of(engine: Engine, path: Path) -> str:
    """The database's identity; one whose row was lost gets a new one (its older
    backups are then no longer offered: they cannot be proved to be its own)."""
    from sqlalchemy.exc import DBAPIError

    try:
        with engine.begin() as connection:
            row = connection.exec_driver_sql("SELECT uuid FROM database_identity").first()
            if row is not None and isinstance(row[0], str) and row[0]:
                return str(row[0])
            identity = uuid.uuid4().hex
            connection.exec_driver_sql("DELETE FROM database_identity")
            connection.exec_driver_sql(
                "INSERT INTO database_identity (id, uuid) VALUES (1, ?)", (identity,)
            )
            return identity
    except DBAPIError as error:
        engine.dispose()
        raise sqlite_store_error(error, path) from error


def _open_read_only(path: Path) -> Database:
    reader = _open_reader(path)
    if reader is None:
        raise StoreError("db_missing", path=display_path(path))
    try:
        found = _check_with(reader)
        if found.empty:
            raise StoreError("db_not_director", path=display_path(path))
        if found.revision != SCHEMA_HEAD:
            raise StoreError("db_older", path=display_path(path))
    except BaseException:
        reader.close()
        raise
    return Database(path=path, engine=None, readonly=True, identity=found.identity, _reader=reader)


def _initialise(path: Path) -> None:
    """Mark a new or empty file as ours, and switch it to WAL once and for all."""
    try:
        connection = sqlite_connect(path)
        try:
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            connection.commit()
            connection.execute("PRAGMA journal_mode = WAL")
        finally:
            connection.close()
    except sqlite3.Error as error:
        raise sqlite_store_error(error, path) from error


def _install_pragmas(engine: Engine, *, readonly: bool) -> None:
    from sqlalchemy import event

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        if readonly:
            _set_read_pragmas(dbapi_connection)
            return
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys = ON")
        # FULL makes each commit durable in WAL mode; NORMAL could lose the
        # last commands on a power cut.
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.close()


def _set_read_pragmas(connection: sqlite3.Connection) -> None:
    connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    connection.execute("PRAGMA foreign_keys = ON")
    # Text that is not UTF-8 (a file changed by hand) shows as "�" rather than
    # stopping a read; nothing read here is ever written back.
    connection.text_factory = _lenient_text


def _lenient_text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")
