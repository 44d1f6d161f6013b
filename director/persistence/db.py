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
import functools
import re
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

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
    "0005_leagues",
    "0006_club",
)
"""Every schema revision this version knows, oldest first; the last is current."""
SCHEMA_HEAD = SCHEMA_REVISIONS[-1]
IDENTITY_REVISION = "0004_identity"
"""The first revision that stores the database's identity."""
BUSY_TIMEOUT_MS = 5_000
_REVISION_NUMBER = re.compile(r"^(\d{4})_[a-z0-9_]+$")


class FileCheck(NamedTuple):
    """What a read-only look at a database file found."""

    exists: bool
    empty: bool = False
    revision: str | None = None
    identity: str | None = None


class Database:
    """An open database: its path, whether it is read-only, its identity and, if
    writable, its lock.

    The app's own reads and writes (``reading``, ``transaction``) go through the
    driver. ``read`` and ``write`` give SQLAlchemy connections, for the roster's
    ORM queries and the migrations; the engine is made on first use, on the same
    driver connection as ``transaction`` when the database is writable.
    """

    def __init__(
        self,
        path: Path,
        *,
        readonly: bool,
        identity: str | None = None,
        lock: SqliteWriterLock | None = None,
        reader: SqliteReader | None = None,
    ) -> None:
        self.path = path
        self.readonly = readonly
        self.identity = identity
        """The random id stored in the database (None in a file older than 0004)."""
        self._lock = lock
        self._reader = reader
        self._engine: Engine | None = None
        self._connection: sqlite3.Connection | None = None
        self.before_first_write: Callable[[], None] | None = None
        """Called once, just before the first write transaction begins (then
        forgotten): the app's start-up backup, when it is not made yet."""

    def __repr__(self) -> str:
        return f"Database(path={self.path!r}, readonly={self.readonly})"

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

    @property
    def engine(self) -> Engine:
        """SQLAlchemy's engine, made (and SQLAlchemy imported) on first use."""
        if self._engine is None:
            from sqlalchemy import create_engine
            from sqlalchemy.pool import NullPool, StaticPool

            if self.readonly:
                if self._reader is None:
                    raise StoreError("db_unreadable", path=display_path(self.path), detail="closed")
                reader = self._reader
                engine = create_engine("sqlite://", creator=reader.connect, poolclass=NullPool)
                _install_pragmas(engine, readonly=True)
            else:
                # One connection for both ways in: a SQLAlchemy transaction and a
                # driver one can never wait on each other.
                engine = create_engine("sqlite://", creator=self._driver, poolclass=StaticPool)
            self._engine = engine
        return self._engine

    def _driver(self) -> sqlite3.Connection:
        """The writable database's driver connection (opened again after the engine
        was disposed of, which closes it)."""
        connection = self._connection
        if connection is not None:
            try:
                connection.in_transaction  # noqa: B018 - raises once closed
            except sqlite3.ProgrammingError:
                connection = None
        if connection is None:
            if self._lock is None:
                raise StoreError("db_read_only", path=display_path(self.path))
            try:
                connection = sqlite_connect(self.path)
                _set_write_pragmas(connection)
            except sqlite3.Error as error:
                raise sqlite_store_error(error, self.path) from error
            self._connection = connection
        return connection

    def _about_to_write(self) -> None:
        hook = self.before_first_write
        if hook is not None:
            self.before_first_write = None
            hook()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """The driver's connection in one write transaction, committed durably on
        success; nothing of it is kept on failure (a ``StoreError`` for the file's)."""
        if self.readonly:
            raise StoreError("db_read_only", path=display_path(self.path))
        self._about_to_write()
        connection = self._driver()
        try:
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
            except BaseException:
                connection.rollback()
                raise
            connection.commit()
        except sqlite3.Error as error:
            with contextlib.suppress(sqlite3.Error):
                connection.rollback()
            raise sqlite_store_error(error, self.path) from error

    @contextlib.contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """The driver's connection in one read transaction, for a consistent view."""
        if self.readonly:
            with self._read_through_driver() as connection:
                yield connection
            return
        connection = self._driver()
        try:
            connection.execute("BEGIN")
            try:
                yield connection
            finally:
                connection.rollback()
        except sqlite3.Error as error:
            raise sqlite_store_error(error, self.path) from error

    @contextlib.contextmanager
    def write(self) -> Iterator[Connection]:
        """A SQLAlchemy connection in one transaction, committed durably on success.

        A failure of the file (full disk, damage) is a ``StoreError``; nothing
        of the transaction is kept.
        """
        if self.readonly:
            raise StoreError("db_read_only", path=display_path(self.path))
        self._about_to_write()
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
        """A connection for reading, in one transaction for a consistent view: a
        SQLAlchemy one, or the driver's own when the database is read-only (the
        store's reads are plain SQL and accept either)."""
        if self.readonly:
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
        """Release the engine, the connection and the lock. Safe to call twice."""
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None
        if self._connection is not None:
            with contextlib.suppress(sqlite3.Error):
                self._connection.close()
            self._connection = None
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
    database: Database | None = None
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
        database = Database(path, readonly=False, lock=lock)
        if found.revision != SCHEMA_HEAD:
            from sqlalchemy.exc import DBAPIError

            from director.persistence.migrations import upgrade

            try:
                upgrade(database.engine)
            except DBAPIError as error:
                database.close()
                raise sqlite_store_error(error, path) from error
        identity = _identity_of(database)
        database.identity = identity
        if before_upgrade is not None and found.identity is None and identity:
            from director.persistence.backup import adopt_backup

            adopt_backup(path, before_upgrade, identity)
    except BaseException:
        if database is not None:
            database.close()  # the lock too
        else:
            lock.release()
        raise
    return database


def _identity_of(database: Database) -> str:
    """The database's identity; one whose row was lost gets a new one (its older
    backups are then no longer offered: they cannot be proved to be its own)."""
    with database.transaction() as connection:
        row = connection.execute("SELECT uuid FROM database_identity").fetchone()
        if row is not None and isinstance(row[0], str) and row[0]:
            return str(row[0])
        import uuid  # here: it imports ``platform``, which reading never needs

        identity = uuid.uuid4().hex
        connection.execute("DELETE FROM database_identity")
        connection.execute("INSERT INTO database_identity (id, uuid) VALUES (1, ?)", (identity,))
        return identity


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
    return Database(path, readonly=True, identity=found.identity, reader=reader)


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
        else:
            _set_write_pragmas(dbapi_connection)


def _set_write_pragmas(connection: sqlite3.Connection) -> None:
    connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    connection.execute("PRAGMA foreign_keys = ON")
    # FULL makes each commit durable in WAL mode; NORMAL could lose the last
    # commands on a power cut.
    connection.execute("PRAGMA synchronous = FULL")


def _set_read_pragmas(connection: sqlite3.Connection) -> None:
    connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    connection.execute("PRAGMA foreign_keys = ON")
    # Text that is not UTF-8 (a file changed by hand) shows as "�" rather than
    # stopping a read; nothing read here is ever written back.
    connection.text_factory = _lenient_text


_lenient_text = functools.partial(str, encoding="utf-8", errors="replace")
"""``bytes`` -> ``str`` with "�" for what is not UTF-8; called by the driver for every
text value read (a C callable: a Python function here costs more than the read)."""
