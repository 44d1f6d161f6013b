"""What only a SQLite database file needs: locks, read-only views, checks, errors.

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
import os
import sqlite3
import stat
import sys
import time
import urllib.parse
from pathlib import Path
from typing import Any

from director.files import display_path
from director.persistence.errors import StoreError

try:  # POSIX systems
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

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
        return StoreError("db_unreadable", path=shown, detail=detail)
    return StoreError("db_failed", path=shown, detail=detail)


# -- checks ---------------------------------------------------------------------


def sqlite_quick_check(path: Path) -> str | None:
    """What ``PRAGMA quick_check`` finds wrong with the database at ``path``, or None.

    The caller holds the writer's lock (it may replay a log left by a crash).
    """
    try:
        connection = sqlite_connect(path)
    except sqlite3.Error as error:
        return str(error)
    try:
        return sqlite_quick_check_connection(connection)
    finally:
        connection.close()


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
                locked = fcntl.flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB) is None
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
