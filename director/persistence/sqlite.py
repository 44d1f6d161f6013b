"""A director database in a SQLite file: everything only SQLite needs.

The app, the sessions and the window see a ``db.Database``; this module is the
file's side of it: opening (checks before any write, the schema's upgrade),
pragmas, locks, read-only views, ``quick_check``, the online backup, errors.

- **Checked before written.** Before anything is written, the file is checked
  read-only: it must be a plain SQLite file marked as a director database
  (SQLite's ``application_id``) and its schema must be one this version
  knows. A file that fails a check is left byte-for-byte unchanged.
- **Durable.** WAL journal and ``synchronous=FULL``.
- **Read-only without SQLAlchemy.** A database opened read-only (the command
  line's ``events``, ``status`` and ``report``) is read through the driver
  alone: SQLAlchemy, whose import costs more than the whole command, is
  loaded only to write.
- **One writer.** The writer locks the database file itself (``flock`` on
  POSIX systems), not its name: a symbolic link or a hard link to the same
  file meets the same lock. Where ``flock`` does not exist (Windows), a lock
  file named after the file's real path is used.
- **Readers leave no trace.** A read-only view takes the same lock shared;
  when no writer holds it, nobody can write during the read, so the file is
  read as immutable and SQLite creates no ``-wal``/``-shm`` beside it. Files
  it had to create anyway (to read a log left by a crash) are removed after.
- **Damage is found before writing**: ``PRAGMA quick_check``.
- **Errors get names**: a full disk, a damaged file, a busy file.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sqlite3
import stat
import sys
import time
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from director.files import display_path
from director.persistence.db import (
    IDENTITY_REVISION,
    READABLE_OLDER,
    SCHEMA_HEAD,
    SCHEMA_REVISIONS,
    Pinned,
    revision_is_newer,
    schema_problem,
)
from director.persistence.errors import StoreError

if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine

try:  # POSIX systems
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

APPLICATION_ID = 0x44495231  # "DIR1" in SQLite's header: this file is ours.
BUSY_TIMEOUT_MS = 5_000
SQLITE_MAGIC = b"SQLite format 3\x00"
SIDE_SUFFIXES = ("-wal", "-shm", "-journal")
"""Files SQLite keeps beside a database while it is in use."""
WRITER_WAIT_SECONDS = 3.0
"""How long a writer waits for readers (a command-line read takes well under that)."""
_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6
_SQLITE_READONLY = 8
_SQLITE_IOERR = 10
_SQLITE_CORRUPT = 11
_SQLITE_FULL = 13
_SQLITE_CANTOPEN = 14
_SQLITE_NOTADB = 26


def sqlite_side_files(path: Path) -> list[Path]:
    """The journal files SQLite may keep beside ``path`` (``-wal``, ``-shm``,
    ``-journal``), named as SQLite names them: after the real file a symbolic
    link points to."""
    real = Path(os.path.realpath(path))
    return [real.with_name(real.name + suffix) for suffix in SIDE_SUFFIXES]


def sqlite_uri(path: Path, **parameters: str) -> str:
    """A ``file:`` URI for ``path``, whatever bytes its name holds.

    A name that is not valid UTF-8 (``caf\\xe9.db``) is percent-encoded byte
    by byte, so SQLite opens exactly that file.
    """
    if sys.platform == "win32":  # pragma: no cover - Windows
        location = "/" + urllib.parse.quote(str(path).replace("\\", "/"), safe="/:")
    else:
        location = urllib.parse.quote(os.fsencode(path))
    query = urllib.parse.urlencode(parameters)
    return f"file:{location}" + (f"?{query}" if query else "")


def sqlite_connect(path: Path, **parameters: str) -> sqlite3.Connection:
    """A driver connection to ``path`` (``mode=ro`` and the like as parameters)."""
    return sqlite3.connect(sqlite_uri(path, **parameters), uri=True, check_same_thread=False)


# -- errors ---------------------------------------------------------------------


def sqlite_error_code(error: BaseException) -> int | None:
    """SQLite's primary result code behind ``error`` (a driver or SQLAlchemy error)."""
    original = getattr(error, "orig", None) or error
    code = getattr(original, "sqlite_errorcode", None)
    return None if code is None else int(code) & 0xFF


def sqlite_store_error(error: BaseException, path: Path) -> StoreError:
    """``error`` from SQLite as a ``StoreError`` the user can read."""
    original = getattr(error, "orig", None) or error
    detail = str(original).splitlines()[0] if str(original) else type(original).__name__
    shown = display_path(path)
    code = sqlite_error_code(error)
    if code == _SQLITE_FULL or "disk is full" in detail:
        return StoreError("disk_full", path=shown)
    if code in (_SQLITE_CORRUPT, _SQLITE_NOTADB) or "malformed" in detail:
        return StoreError("db_damaged", path=shown, detail=detail)
    if code in (_SQLITE_BUSY, _SQLITE_LOCKED):
        return StoreError("db_busy", path=shown)
    if code == _SQLITE_READONLY:
        return StoreError("db_write_refused", path=shown, detail=detail)
    if code in (_SQLITE_IOERR, _SQLITE_CANTOPEN):
        if no_room_beside(path):
            return StoreError("disk_full", path=shown)
        if not os.access(path.parent, os.W_OK):  # a read-only disk or folder
            return StoreError("db_write_refused", path=shown, detail=detail)
        return StoreError("db_unreadable", path=shown, detail=detail)
    return StoreError("db_failed", path=shown, detail=detail)


ROOM_NEEDED = 1 << 20
"""Below this many free bytes beside a database, SQLite's I/O errors are taken as a
full disk: opening needs room for the write-ahead log and its index (tens of KiB),
and a write for its pages, and SQLite then says "disk I/O error", not "full"."""


def no_room_beside(path: Path) -> bool:
    """Whether the disk holding ``path`` is (almost) full."""
    import shutil  # (with its compression modules) only once SQLite reports an error

    try:
        return shutil.disk_usage(path.parent).free < ROOM_NEEDED
    except OSError:
        return False


# -- checks ---------------------------------------------------------------------


def sqlite_quick_check(path: Path) -> str | None:
    """What ``PRAGMA quick_check`` finds wrong with the database at ``path``, or None.

    The caller holds the writer's lock (it may replay a log left by a crash). When
    the check cannot run for a reason that is not the file's (a full or read-only
    disk, where SQLite cannot make its journal files), that is raised as a
    ``StoreError`` naming it: such a file is not damaged, and must never be
    replaced by a backup.
    """
    try:
        connection = sqlite_connect(path)
    except sqlite3.Error as error:
        return _problem_or_raise(error, path)
    try:
        rows = connection.execute("PRAGMA quick_check").fetchall()
    except sqlite3.Error as error:
        return _problem_or_raise(error, path)
    finally:
        connection.close()
    problems = [str(row[0]) for row in rows if row and row[0] != "ok"]
    return _one_problem(problems[0]) if problems else None


def _problem_or_raise(error: sqlite3.Error, path: Path) -> str:
    """``error`` met while checking ``path``: the file's problem, or raised when the
    disk is to blame."""
    found = sqlite_store_error(error, path)
    if found.code in ("disk_full", "db_write_refused"):
        raise found from error
    return str(error)


def sqlite_quick_check_connection(connection: sqlite3.Connection) -> str | None:
    """``PRAGMA quick_check`` on an open connection: the first problem, or None."""
    try:
        rows = connection.execute("PRAGMA quick_check").fetchall()
    except sqlite3.Error as error:
        return str(error)
    problems = [str(row[0]) for row in rows if row and row[0] != "ok"]
    return _one_problem(problems[0]) if problems else None


def _one_problem(text: str) -> str:
    """SQLite's report of a problem on one short line."""
    text = " ".join(text.replace("*** in database main ***", "").split())
    return text[:200]


def require_regular_file(path: Path) -> os.stat_result | None:
    """``path``'s status if it is a plain file, None if it does not exist.

    Anything else (a folder, a FIFO, a device) is refused before it is opened:
    opening a FIFO would wait forever.
    """
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise StoreError(
            "db_unreadable", path=display_path(path), detail=error.strerror or str(error)
        ) from error
    if not stat.S_ISREG(status.st_mode):
        raise StoreError("db_not_a_file", path=display_path(path))
    return status


# -- locks ----------------------------------------------------------------------


class SqliteWriterLock:
    """The lock of the one copy of the app that writes to a database file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._descriptor: int | None = None
        self._file_lock: Any = None

    def acquire(self, *, create: bool, wait: float = WRITER_WAIT_SECONDS) -> None:
        """Take the lock, waiting up to ``wait`` seconds for readers; ``StoreError``
        ``db_in_use`` when another copy writes to the same file under any name."""
        if fcntl is None:  # pragma: no cover - Windows
            self._acquire_lock_file()
            return
        flags = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | (os.O_CREAT if create else 0)
        deadline = time.monotonic() + wait
        while True:
            try:
                descriptor = os.open(self.path, flags, 0o666)
            except OSError as error:
                raise StoreError(
                    "db_unreadable", path=display_path(self.path), detail=error.strerror
                ) from error
            if _flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB):
                if _same_file(descriptor, self.path):
                    self._descriptor = descriptor
                    return
                # The name now points at another file (replaced meanwhile): lock that one.
                os.close(descriptor)
                continue
            # Readers share the lock for a moment; a writer keeps it: no use waiting.
            readers_only = _flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB)
            os.close(descriptor)
            if not readers_only or time.monotonic() >= deadline:
                raise StoreError("db_in_use", path=display_path(self.path))
            time.sleep(0.05)

    def _acquire_lock_file(self) -> None:  # pragma: no cover - Windows
        from filelock import FileLock, Timeout

        lock = FileLock(os.path.realpath(self.path) + ".lock", timeout=0)
        try:
            lock.acquire()
        except Timeout:
            raise StoreError("db_in_use", path=display_path(self.path)) from None
        except OSError as error:
            raise StoreError(
                "db_unreadable", path=display_path(self.path), detail=error.strerror
            ) from error
        self._file_lock = lock

    def release(self) -> None:
        """Let go of the lock. Safe to call twice."""
        if self._descriptor is not None:
            os.close(self._descriptor)  # closing the file drops its flock
            self._descriptor = None
        if self._file_lock is not None:  # pragma: no cover - Windows
            self._file_lock.release()
            self._file_lock = None


def sqlite_writer_elsewhere(path: Path) -> StoreError | None:
    """``db_in_use`` when a copy of the app holds the writer's lock on ``path`` now, else
    None. Only asks for the lock shared, for a moment, so readers (this process's
    own among them) never make it say yes, and no writer is kept out."""
    if fcntl is None:  # pragma: no cover - Windows: a writer keeps a lock file
        lock = SqliteWriterLock(path)
        try:
            lock.acquire(create=False, wait=0)
        except StoreError as error:
            return error
        lock.release()
        return None
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        return StoreError("db_unreadable", path=display_path(path), detail=error.strerror)
    try:
        if not _flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB):
            return StoreError("db_in_use", path=display_path(path))
        return None
    finally:
        os.close(descriptor)


def _flock(descriptor: int, operation: int) -> bool:
    try:
        fcntl.flock(descriptor, operation)
    except BlockingIOError:
        return False
    except OSError:
        # A file system without flock: SQLite's own locking still protects the file.
        return True
    return True


def _same_file(descriptor: int, path: Path) -> bool:
    try:
        named = os.stat(path)
    except OSError:
        return False
    opened = os.fstat(descriptor)
    return (named.st_dev, named.st_ino) == (opened.st_dev, opened.st_ino)


# -- read-only views ------------------------------------------------------------


class SqliteReader:
    """A read-only view of a database file that leaves its folder as it was.

    While it is open, no writer can start (it holds the writer's lock shared),
    unless a writer was already there: then it reads beside it the usual way.
    """

    def __init__(self, path: Path, *, ours: bool = False) -> None:
        """``ours``: this process holds the writer's lock on ``path``."""
        self.path = path
        self._descriptor: int | None = None
        self._existing: set[Path] = set()
        self.quiet = ours
        """Whether no writer can change the file while this view is open."""
        if fcntl is not None and not ours:
            try:
                descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
            except OSError as error:
                raise StoreError(
                    "db_unreadable", path=display_path(path), detail=error.strerror
                ) from error
            try:
                fcntl.flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB)
                locked = True
            except OSError:
                locked = False
            if locked:
                self._descriptor = descriptor
                self.quiet = True
            else:
                os.close(descriptor)
                if not sqlite_side_files(path)[0].exists():
                    # A writer holds the file but keeps no journal under this name: it
                    # opened the file under another name (a hard link), whose journal
                    # this name cannot see. Reading now could meet half-copied pages.
                    raise StoreError("db_in_use", path=display_path(path))
        self._existing = {side for side in sqlite_side_files(path) if side.exists()}
        self.uri_parameters = self._parameters()

    def _parameters(self) -> dict[str, str]:
        wal, shm, journal = sqlite_side_files(self.path)
        if self.quiet and not _has_content(wal) and not _has_content(journal):
            # Nobody writes and nothing waits in a journal: the file is all there is.
            return {"mode": "ro", "immutable": "1"}
        if _has_content(wal) and not shm.exists() and not os.access(self.path.parent, os.W_OK):
            raise StoreError("db_wal_unreadable", path=display_path(self.path))
        return {"mode": "ro"}

    def connect(self) -> sqlite3.Connection:
        try:
            return sqlite_connect(self.path, **self.uri_parameters)
        except sqlite3.Error as error:
            raise sqlite_store_error(error, self.path) from error

    def close(self) -> None:
        """Remove what reading had to create beside the file, then drop the lock."""
        if self._descriptor is None:
            return
        # Only while holding the shared lock: no writer can be using these files.
        for side in sqlite_side_files(self.path):
            if side not in self._existing:
                with contextlib.suppress(OSError):
                    side.unlink()
        os.close(self._descriptor)
        self._descriptor = None


def _has_content(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False


# -- pragmas --------------------------------------------------------------------


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


def _install_pragmas(engine: Engine, *, readonly: bool) -> None:
    from sqlalchemy import event

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        if readonly:
            _set_read_pragmas(dbapi_connection)
        else:
            _set_write_pragmas(dbapi_connection)


def set_journal(path: Path, mode: str) -> None:
    """Switch the file at ``path`` to the journal ``mode``: ``"wal"`` for a live
    database, ``"delete"`` for a copy that stands alone (one file, nothing beside)."""
    if mode not in ("wal", "delete"):
        raise ValueError(mode)
    try:
        connection = sqlite_connect(path)
        try:
            connection.execute(f"PRAGMA journal_mode = {mode.upper()}")
        finally:
            connection.close()
    except sqlite3.Error as error:
        raise sqlite_store_error(error, path) from error


# -- copies (SQLite's online backup) ----------------------------------------------


def online_copy(source: Path, target: Path, *, journal: str = "delete") -> None:
    """Copy the database ``source`` into ``target`` with SQLite's online backup (a
    consistent copy even while another connection writes) and leave ``target`` with
    the journal ``journal`` (``"delete"``: a copy standing alone, checked with
    ``quick_check``; ``"wal"``: a live database).

    Raises ``StoreError``: ``db_damaged`` (naming ``source``) when the copy fails its
    check, ``disk_full`` (naming ``target``), or another code of ``sqlite_store_error``.
    """
    problem = None
    try:
        reader = sqlite_connect(source, mode="ro")
        try:
            writer = sqlite_connect(target)
            try:
                reader.backup(writer)
                writer.execute(f"PRAGMA journal_mode = {'WAL' if journal == 'wal' else 'DELETE'}")
                if journal != "wal":
                    problem = sqlite_quick_check_connection(writer)
            finally:
                writer.close()
        finally:
            reader.close()
    except sqlite3.Error as error:
        raise sqlite_store_error(error, target) from error
    if problem is not None:
        raise StoreError("db_damaged", path=display_path(source), detail=problem)


def is_sqlite_file(path: Path) -> bool:
    """Whether the file at ``path`` starts as a SQLite database does."""
    try:
        with path.open("rb") as handle:
            return handle.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError:
        return False


# -- a look before opening ------------------------------------------------------


class FileCheck(NamedTuple):
    """What a read-only look at a database file found."""

    exists: bool
    empty: bool = False
    revision: str | None = None
    identity: str | None = None


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
        objects = connection.execute("SELECT type, name FROM sqlite_master").fetchall()
        tables = {
            str(name)
            for kind, name in objects
            if kind == "table" and not str(name).startswith("sqlite_")
        }
        if application_id != APPLICATION_ID:
            if objects:
                raise StoreError("db_not_director", path=shown)
            return FileCheck(exists=True, empty=True)
        foreign = _foreign_object(objects)
        if foreign is not None:
            # A trigger or a view runs or shows what director never wrote: refused
            # before anything is written, as a missing or unknown table is below.
            raise StoreError("db_foreign_schema", path=shown, detail=foreign)
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
        problem = schema_problem(revision, tables)
        if problem is not None:
            raise StoreError("db_foreign_schema", path=shown, detail=problem)
        identity = _identity_from(connection) if _has_identity(revision) else None
    except sqlite3.Error as error:
        raise sqlite_store_error(error, path) from error
    finally:
        connection.close()
    return FileCheck(exists=True, revision=revision, identity=identity)


KNOWN_INDEXES = frozenset({"ix_event_tournament_entry"})
"""The indexes director makes by name (SQLite names those of unique columns itself)."""


def _foreign_object(objects: list[tuple[object, object]]) -> str | None:
    """The first trigger, view or index in ``sqlite_master`` that director never makes."""
    for kind, name in sorted(objects, key=lambda row: (str(row[0]), str(row[1]))):
        shown = repr(str(name)[:60])
        if kind in ("trigger", "view"):
            return f"a {kind} {shown}"
        if kind == "index" and not (
            name in KNOWN_INDEXES or str(name).startswith("sqlite_autoindex_")
        ):
            return f"an unknown index {shown}"
    return None


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


# -- the database -----------------------------------------------------------------


class SqliteDatabase:
    """A director database in a file (``db.Database``): its path, whether it is
    read-only, its identity and, if writable, its lock.

    The app's own reads and writes (``reading``, ``transaction``) go through the
    driver. ``read`` and ``write`` give SQLAlchemy connections, for the roster's
    ORM queries and the migrations; the engine is made on first use, on the same
    driver connection as ``transaction`` when the database is writable.
    """

    kind = "sqlite"
    url: str | None = None
    """Not on a server."""

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
        self.before_first_write: Callable[[], object] | None = None
        """Called once, just before the first write transaction begins (then
        forgotten): the app's start-up backup, when it is not made yet."""
        self.upgraded_from: str | None = None
        """The schema revision this opening upgraded the file from, if it did."""
        self.upgrade_backup: Path | None = None
        """The copy made just before that upgrade."""

    def __repr__(self) -> str:
        return f"SqliteDatabase(path={self.path!r}, readonly={self.readonly})"

    @property
    def location(self) -> str:
        """Where the database is, to show."""
        return display_path(self.path)

    @property
    def target(self) -> Path:
        """What ``open_database`` takes to open this database again."""
        return self.path

    @property
    def key(self) -> str:
        """The database as settings remember it: the file's real path (a link and
        the file it points to are one database)."""
        return str(Path(self.path).expanduser().resolve())

    def take_lease(self, tournament_id: int) -> None:
        """Nothing to take: the writer holds the whole file (its lock)."""

    def release_lease(self, tournament_id: int) -> None:
        """Nothing to release (see ``take_lease``)."""

    def check_lease(self, connection: object, tournament_id: int) -> None:
        """Nothing to check (see ``take_lease``)."""

    def writer_elsewhere(self, tournament_id: int) -> StoreError | None:
        """Another copy holds the file's writer lock (it writes every event of it)."""
        if self._lock is not None:
            return None  # this copy is the writer
        return sqlite_writer_elsewhere(self.path)

    def follow(
        self, changed: Callable[[int], None], status: Callable[[bool], None] | None = None
    ) -> None:
        """A file has one writer, this copy: nobody else's changes to follow."""
        return None

    def writers_elsewhere(self) -> StoreError | None:
        """Another copy holds the file's writer lock (it writes every event of it)."""
        return self.writer_elsewhere(0)

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[Pinned]:
        """The file as it is at one moment: one read transaction, whose first read
        fixes what every later one sees (WAL keeps it while another copy writes)."""
        with self.reading() as connection:
            yield Pinned(self, connection, connection)

    def through(self, connection: Connection | sqlite3.Connection) -> Pinned:
        """The file seen through ``connection``'s transaction (its own writes included)."""
        if isinstance(connection, sqlite3.Connection):
            return Pinned(self, connection, connection)
        return Pinned(self, connection, connection.connection.dbapi_connection)

    def after_copy(self, connection: object) -> None:
        """Nothing to do after rows were written with their ids (SQLite numbers new
        rows after the largest id)."""

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

    def restore_from(self, backup: Path) -> None:
        """Replace the whole content of the database with the backup file ``backup``
        (checked by the caller; every session closed), upgrading it if it is older."""
        revision = check_file(backup).revision
        if self._engine is not None:
            self._engine.dispose()
        online_copy(backup, self.path, journal="wal")
        if revision is not None and revision != SCHEMA_HEAD:
            from director.persistence.migrations import upgrade

            upgrade(self.engine)
            self._keep_identity()

    def _keep_identity(self) -> None:
        """After restoring a copy made before the database had an identity, give it its
        own back (the upgrade just made a new one), so its backups stay its own."""
        if self.identity is None:
            return
        with self.transaction() as connection:
            connection.execute("UPDATE database_identity SET uuid = ?", (self.identity,))

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


# -- opening ----------------------------------------------------------------------


def open_sqlite(path: Path, *, create: bool = True, readonly: bool = False) -> SqliteDatabase:
    """Open (and if needed create or upgrade) the database file at ``path``.

    ``create=False`` refuses a missing file; ``readonly=True`` never writes
    (nor leaves any file beside the database) and refuses a file that would
    need an upgrade. Raises ``StoreError``.
    """
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
    database: SqliteDatabase | None = None
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
        database = SqliteDatabase(path, readonly=False, lock=lock)
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

            before_upgrade = adopt_backup(path, before_upgrade, identity)
        if found.revision is not None and found.revision != SCHEMA_HEAD:
            database.upgraded_from = found.revision
            database.upgrade_backup = before_upgrade
    except BaseException:
        if database is not None:
            database.close()  # the lock too
        else:
            lock.release()
        raise
    return database


def _identity_of(database: SqliteDatabase) -> str:
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


def _open_read_only(path: Path) -> SqliteDatabase:
    reader = _open_reader(path)
    if reader is None:
        raise StoreError("db_missing", path=display_path(path))
    try:
        found = _check_with(reader)
        if found.empty:
            raise StoreError("db_not_director", path=display_path(path))
        if found.revision != SCHEMA_HEAD and found.revision not in READABLE_OLDER:
            raise StoreError("db_older", path=display_path(path))
    except BaseException:
        reader.close()
        raise
    return SqliteDatabase(path, readonly=True, identity=found.identity, reader=reader)


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
