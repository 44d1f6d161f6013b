"""Copies of a database made with SQLite's online backup, and restoring one.

A backup is a complete, consistent database file even while the app writes,
because SQLite's backup API copies pages under its own locking; it is
checked (``quick_check``) before it takes its place, so a damaged database
never pushes a good backup out of the rotation. Files are named
``<db stem>-<id>-<YYYYmmdd-HHMMSS-micro>-<reason>.db`` in the backup folder:
``<id>`` starts the database's identity, so two databases with the same file
name sharing a folder never see (nor rotate away) each other's copies, and
the time stamp sorts the copies by time even within one second. The reason
tells the rotation ("auto") from safety copies made before a delete, a
restore or an upgrade, which rotate separately.
"""

from __future__ import annotations

import contextlib
import datetime
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from director.files import display_path, produce_atomic
from director.persistence.db import read_identity
from director.persistence.errors import StoreError
from director.persistence.sqlite import (
    sqlite_connect,
    sqlite_error_code,
    sqlite_quick_check_connection,
    sqlite_store_error,
)

KEEP = 10
AUTO = "auto"
TAG_LENGTH = 8
_AFTER_STEM = re.compile(
    r"^-(?:(?P<tag>[0-9a-f]{8})-)?(?P<stamp>\d{8}-\d{6}-\d{6})-(?P<reason>[a-z-]+)\.db$"
)
"""A backup's name after the database's stem."""
_STAMP = "%Y%m%d-%H%M%S-%f"
_SQLITE_FULL = 13


@dataclass(frozen=True)
class BackupInfo:
    """One backup file."""

    path: Path
    created: datetime.datetime
    reason: str
    size: int


def default_folder(database: Path) -> Path:
    """Where backups of ``database`` go unless the settings say otherwise."""
    return database.parent / "backups"


def tag_of(identity: str | None) -> str:
    """The part of a database's identity written in its backups' names."""
    return identity[:TAG_LENGTH] if identity else ""


def copy_database(source: Path, destination: Path) -> None:
    """Write a checked, consistent copy of ``source`` to ``destination`` (replaced if present).

    Raises ``StoreError``: ``backup_disk_full``, ``backup_failed`` or, when the
    copy is damaged (so the source is), ``db_damaged``. Nothing is left behind
    on failure.
    """
    folder = destination.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        produce_atomic(destination, lambda temporary: _copy_checked(source, temporary))
    except StoreError:
        raise
    except sqlite3.Error as error:
        if sqlite_error_code(error) == _SQLITE_FULL:
            raise StoreError("backup_disk_full", path=display_path(folder)) from error
        raise StoreError(
            "backup_failed", path=display_path(folder), detail=str(error).splitlines()[0]
        ) from error
    except OSError as error:
        raise StoreError(
            "backup_failed", path=display_path(folder), detail=error.strerror or str(error)
        ) from error


def _copy_checked(source: Path, target: Path) -> None:
    reader = sqlite_connect(source, mode="ro")
    try:
        writer = sqlite3.connect(target)
        try:
            reader.backup(writer)
            # A backup stands alone: no WAL beside it, so it is one file to copy.
            writer.execute("PRAGMA journal_mode = DELETE")
            problem = sqlite_quick_check_connection(writer)
        finally:
            writer.close()
    finally:
        reader.close()
    if problem is not None:
        raise StoreError("db_damaged", path=display_path(source), detail=problem)


def restore_database(backup: Path, live: Path) -> None:
    """Overwrite the database ``live`` with the content of ``backup``.

    The caller has closed every session on ``live``; its lock stays held.
    """
    try:
        reader = sqlite_connect(backup, mode="ro")
        try:
            writer = sqlite_connect(live)
            try:
                reader.backup(writer)
                writer.execute("PRAGMA journal_mode = WAL")
            finally:
                writer.close()
        finally:
            reader.close()
    except sqlite3.Error as error:
        raise sqlite_store_error(error, live) from error


def backup_name(database: Path, identity: str | None, reason: str, now: datetime.datetime) -> str:
    tag = tag_of(identity)
    return f"{database.stem}{'-' + tag if tag else ''}-{now.strftime(_STAMP)}-{reason}.db"


def make_backup(
    database: Path,
    folder: Path,
    reason: str,
    *,
    now: datetime.datetime,
    identity: str | None = None,
    source: str | None = None,
) -> Path:
    """Copy ``database`` into ``folder`` under a dated name; return the new file.

    ``source``: the URL of a database on a server, of which ``database`` is only
    the name its backups take; the copy is then a director database file made
    by ``director copy`` (portable: ``director copy`` puts it back anywhere).

    A copy is always named after the newest one already there (two copies in
    the same microsecond, or a clock set back, get the next microsecond), so
    the names sort by time.
    """
    latest = _latest_stamp(database, folder, identity)
    if latest is not None and now <= latest:
        now = latest + datetime.timedelta(microseconds=1)
    target = folder / backup_name(database, identity, reason, now)
    if source is not None:
        copy_from_server(source, target)
    else:
        copy_database(database, target)
    return target


def copy_from_server(source: str, destination: Path) -> None:
    """A checked copy of the server's database ``source`` as a file at ``destination``."""
    from director.persistence.copy import copy_database as copy_club

    def produce(temporary: Path) -> None:
        copy_club(source, temporary)
        connection = sqlite3.connect(temporary)
        try:
            connection.execute("PRAGMA journal_mode = DELETE")  # one file, standing alone
        finally:
            connection.close()

    folder = destination.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        produce_atomic(destination, produce)
    except OSError as error:
        raise StoreError(
            "backup_failed", path=display_path(folder), detail=error.strerror or str(error)
        ) from error


def _latest_stamp(database: Path, folder: Path, identity: str | None) -> datetime.datetime | None:
    """When the newest copy named for this database was made (by its name)."""
    if not folder.is_dir():
        return None
    tag = tag_of(identity)
    stamps = []
    for path in folder.glob(f"{glob_escape(database.stem)}-*.db"):
        match = _parse(database, path.name)
        if match and (match["tag"] or "") == tag:
            with contextlib.suppress(ValueError):
                stamps.append(datetime.datetime.strptime(match["stamp"], _STAMP))
    return max(stamps, default=None)


def safety_backup(
    database: Path,
    reason: str,
    folder: Path | None = None,
    *,
    identity: str | None = None,
    source: str | None = None,
) -> Path:
    """A copy made before something that cannot be undone (delete, restore, upgrade)."""
    folder = folder or default_folder(database)
    path = make_backup(
        database, folder, reason, now=datetime.datetime.now(), identity=identity, source=source
    )
    prune(database, folder, keep=KEEP, identity=identity)
    return path


def _parse(database: Path, name: str) -> re.Match[str] | None:
    stem = database.stem
    return _AFTER_STEM.match(name[len(stem) :]) if name.startswith(stem) else None


def adopt_backup(database: Path, backup: Path, identity: str) -> Path:
    """Name a copy made before the database had an identity (before its upgrade) as
    one of its backups; returns the new path."""
    match = _parse(database, backup.name)
    if match is None or match["tag"]:
        return backup
    named = backup.with_name(
        f"{database.stem}-{tag_of(identity)}-{match['stamp']}-{match['reason']}.db"
    )
    try:
        backup.replace(named)
    except OSError:
        return backup
    return named


def belongs_to(backup: Path, identity: str | None) -> bool:
    """Whether the file ``backup`` is a copy of the database with ``identity``.

    A copy made before the database had an identity has none inside; its name
    then says whose it is.
    """
    inside = read_identity(backup)
    return inside == identity or (inside is None and bool(identity))


def list_backups(database: Path, folder: Path, identity: str | None = None) -> list[BackupInfo]:
    """Backups of ``database`` (the one with ``identity``) in ``folder``, newest first."""
    return _list(database, folder, identity, any_identity=False)


def list_backups_by_name(database: Path, folder: Path) -> list[BackupInfo]:
    """Copies named after ``database``, whichever database made them, newest first
    (for a database too damaged to tell its identity)."""
    return _list(database, folder, None, any_identity=True)


def _list(
    database: Path, folder: Path, identity: str | None, *, any_identity: bool
) -> list[BackupInfo]:
    found: list[BackupInfo] = []
    if not folder.is_dir():
        return found
    tag = tag_of(identity)
    for path in folder.glob(f"{glob_escape(database.stem)}-*.db"):
        match = _parse(database, path.name)
        if not match:
            continue
        if not any_identity and ((match["tag"] or "") != tag or not belongs_to(path, identity)):
            continue
        try:
            created = datetime.datetime.strptime(match["stamp"], _STAMP)
            size = path.stat().st_size
        except (ValueError, OSError):
            continue
        found.append(BackupInfo(path=path, created=created, reason=match["reason"], size=size))
    found.sort(key=lambda info: (info.created, info.path.name), reverse=True)
    return found


def prune(
    database: Path, folder: Path, *, keep: int = KEEP, identity: str | None = None
) -> list[Path]:
    """Delete all but the ``keep`` newest automatic backups of this database, and
    likewise for its safety copies; other databases' copies are never touched."""
    removed = []
    backups = list_backups(database, folder, identity)
    automatic = [info for info in backups if info.reason == AUTO]
    safety = [info for info in backups if info.reason != AUTO]
    for group in (automatic, safety):
        for info in group[keep:]:
            try:
                info.path.unlink(missing_ok=True)
            except OSError:
                continue
            removed.append(info.path)
    return removed


def glob_escape(text: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", text)
