"""Copies of a database made with SQLite's online backup, and restoring one.

A backup is a complete, consistent database file even while the app writes,
because SQLite's backup API copies pages under its own locking. Files are
named ``<db stem>-<YYYYmmdd-HHMMSS>-<reason>.db`` in the backup folder; the
reason tells the rotation apart ("auto") from safety copies made before a
delete, a restore or an upgrade, which rotate separately.
"""

from __future__ import annotations

import datetime
import re
import sqlite3
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

KEEP = 10
AUTO = "auto"
_NAME = re.compile(r"^(?P<stem>.+)-(?P<stamp>\d{8}-\d{6}(?:-\d+)?)-(?P<reason>[a-z-]+)\.db$")


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


def copy_database(source: Path, destination: Path) -> None:
    """Write a consistent copy of ``source`` to ``destination`` (replaced if present)."""
    destination.parent.mkdir(parents=True, exist_ok=True)
    partial = destination.with_name(destination.name + ".partial")
    partial.unlink(missing_ok=True)
    reader = sqlite3.connect("file:" + urllib.parse.quote(str(source)) + "?mode=ro", uri=True)
    writer = sqlite3.connect(partial)
    try:
        reader.backup(writer)
        # A backup stands alone: no WAL beside it, so it is one file to copy.
        writer.execute("PRAGMA journal_mode = DELETE")
    finally:
        writer.close()
        reader.close()
    partial.replace(destination)


def restore_database(backup: Path, live: Path) -> None:
    """Overwrite the database ``live`` with the content of ``backup``.

    The caller has closed every session on ``live``; its lock stays held.
    """
    reader = sqlite3.connect("file:" + urllib.parse.quote(str(backup)) + "?mode=ro", uri=True)
    writer = sqlite3.connect(live)
    try:
        reader.backup(writer)
        writer.execute("PRAGMA journal_mode = WAL")
    finally:
        writer.close()
        reader.close()


def make_backup(database: Path, folder: Path, reason: str, *, now: datetime.datetime) -> Path:
    """Copy ``database`` into ``folder`` under a dated name; return the new file."""
    stamp = now.strftime("%Y%m%d-%H%M%S")
    target = folder / f"{database.stem}-{stamp}-{reason}.db"
    counter = 1
    while target.exists():
        counter += 1
        target = folder / f"{database.stem}-{stamp}-{counter}-{reason}.db"
    copy_database(database, target)
    return target


def safety_backup(database: Path, reason: str, folder: Path | None = None) -> Path:
    """A copy made before something that cannot be undone (delete, restore, upgrade)."""
    folder = folder or default_folder(database)
    path = make_backup(database, folder, reason, now=datetime.datetime.now())
    prune(database, folder, keep=KEEP)
    return path


def list_backups(database: Path, folder: Path) -> list[BackupInfo]:
    """Backups of ``database`` in ``folder``, newest first."""
    found = []
    if not folder.is_dir():
        return found
    for path in folder.glob(f"{glob_escape(database.stem)}-*.db"):
        match = _NAME.match(path.name)
        if not match or match["stem"] != database.stem:
            continue
        stamp = match["stamp"][:15]
        created = datetime.datetime.strptime(stamp, "%Y%m%d-%H%M%S")
        found.append(
            BackupInfo(path=path, created=created, reason=match["reason"], size=path.stat().st_size)
        )
    found.sort(key=lambda info: (info.created, info.path.name), reverse=True)
    return found


def prune(database: Path, folder: Path, *, keep: int = KEEP) -> list[Path]:
    """Delete all but the ``keep`` newest automatic backups, and likewise for safety copies."""
    removed = []
    backups = list_backups(database, folder)
    automatic = [info for info in backups if info.reason == AUTO]
    safety = [info for info in backups if info.reason != AUTO]
    for group in (automatic, safety):
        for info in group[keep:]:
            info.path.unlink(missing_ok=True)
            removed.append(info.path)
    return removed


def glob_escape(text: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", text)
