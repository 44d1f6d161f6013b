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
import os
import re
from dataclasses import dataclass
from pathlib import Path

from director.files import display_path, produce_atomic
from director.persistence.errors import StoreError
from director.persistence.sqlite import (
    SqliteWriterLock,
    check_file,
    online_copy,
    read_identity,
    set_journal,
    sqlite_quick_check,
    sqlite_side_files,
)

KEEP = 10
AUTO = "auto"
TAG_LENGTH = 8
_AFTER_STEM = re.compile(
    r"^-(?:(?P<tag>[0-9a-f]{8})-)?(?P<stamp>\d{8}-\d{6}-\d{6})-(?P<reason>[a-z-]+)\.db$"
)
"""A backup's name after the database's stem."""
_STAMP = "%Y%m%d-%H%M%S-%f"


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
        # A backup stands alone: no WAL beside it, so it is one file to copy.
        produce_atomic(
            destination, lambda temporary: online_copy(source, temporary, journal="delete")
        )
    except StoreError as error:
        if error.code == "disk_full":
            raise StoreError("backup_disk_full", path=display_path(folder)) from error
        if error.code == "db_damaged":
            raise StoreError(
                "db_damaged", path=display_path(source), detail=error.args_map.get("detail", "")
            ) from error
        detail = error.args_map.get("detail") or error.code
        raise StoreError("backup_failed", path=display_path(folder), detail=detail) from error
    except OSError as error:
        raise StoreError(
            "backup_failed", path=display_path(folder), detail=error.strerror or str(error)
        ) from error


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

    shown = display_path(destination)

    def produce(temporary: Path) -> None:
        try:
            copy_club(source, temporary, shown_as=shown)
            set_journal(temporary, "delete")  # one file, standing alone
        except StoreError as error:
            # The temporary file is nothing the user knows: the backup's name is.
            if error.args_map.get("path") in (display_path(temporary), str(temporary)):
                error.args_map["path"] = shown
            raise

    folder = destination.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        produce_atomic(destination, produce)
    except StoreError as error:
        if error.code == "disk_full":
            raise StoreError("backup_disk_full", path=display_path(folder)) from error
        raise
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


def check_backup(backup: Path, identity: str | None) -> None:
    """Refuse (``StoreError``) a file to restore that is not a whole, undamaged backup
    of the database with ``identity``."""
    found = check_file(backup)
    if not found.exists or found.empty:
        raise StoreError("db_not_director", path=display_path(backup))
    if not belongs_to(backup, identity):
        raise StoreError("backup_not_ours", path=display_path(backup))
    problem = sqlite_quick_check(backup)
    if problem is not None:
        raise StoreError("db_damaged", path=display_path(backup), detail=problem)


# -- a damaged database file --------------------------------------------------------


def newest_good_backup(database: Path, folder: Path | None = None) -> BackupInfo | None:
    """The newest backup of the (damaged) database file ``database`` that passes the
    check, or None. When the damage hides the database's identity, copies with its
    file name are considered."""
    folder = folder or default_folder(database)
    identity = read_identity(database)
    candidates = list_backups(database, folder, identity)
    if identity is None:
        candidates = list_backups_by_name(database, folder)
    for info in candidates:
        try:
            if sqlite_quick_check(info.path) is None:
                return info
        except StoreError:
            continue  # a copy that cannot be checked is not a good one
    return None


def replace_damaged(database: Path, backup: Path, *, now: datetime.datetime | None = None) -> Path:
    """Put ``backup`` in place of the damaged database file ``database``.

    The damaged file (and its journal files) is renamed aside, never deleted;
    returns its new name. Refused with ``db_in_use`` while another copy of the
    app has the database open.
    """
    from director.persistence.db import open_database

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
            copy_database(backup, restoring)
            set_journal(restoring, "wal")  # a backup has no WAL journal; the live database does
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
