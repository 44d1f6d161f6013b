"""Copying a whole director database to another one, file or server, either way.

Every table of the club's data is copied row for row, ids kept (events refer to
roster players by id): events, their logs, snapshots, drafts, roster players and
whatever later versions add to ``tables``; not the leases (they belong to the
copies of director that write the source) nor the schema version (the target has
its own, the same). The target takes the source's identity, so that a copy made
as a backup is known as the source's backup.

The source is opened read-only and never changed. The target must hold no
events yet. The copy is verified: the target is read back and every table must
hold the same rows, and every event replayed in both must reach the same state;
every picture and sound of the TV's looks (``tv_asset``) is checked against its
name (the hash of its bytes): one damaged in the source is copied as it is (the
copy is exact) and named in the result, so that it is said.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from director.persistence.errors import StoreError

NOT_COPIED = {"alembic_version", "lease", "database_identity"}
_BATCH = 2_000


@dataclass
class CopyResult:
    """What was copied: rows per table, and the events checked by replay."""

    rows: dict[str, int] = field(default_factory=dict)
    events: int = 0
    damaged_assets: list[str] = field(default_factory=list)
    """Pictures and sounds whose bytes do not match their name, in the source as in
    the copy."""


def copied_tables() -> list[Any]:
    """The tables a copy carries, parents before children."""
    from sqlmodel import SQLModel

    from director.persistence import tables  # noqa: F401  (registers the tables)

    return [t for t in SQLModel.metadata.sorted_tables if t.name not in NOT_COPIED]


def _self_references(table: Any) -> list[str]:
    """Columns that point at their own table (written once every row is in)."""
    return [
        column.name
        for column in table.columns
        if any(key.column.table is table for key in column.foreign_keys)
    ]


def _rows(connection: Any, table: Any) -> Iterator[list[tuple[Any, ...]]]:
    from director.persistence.store import _driver_cursor

    names = ", ".join(column.name for column in table.columns)
    keys = ", ".join(column.name for column in table.primary_key.columns)
    cursor = _driver_cursor(connection)
    try:
        cursor.execute(f"SELECT {names} FROM {table.name} ORDER BY {keys}")
        rows = cursor.fetchall()
    finally:
        cursor.close()
    for start in range(0, len(rows), _BATCH):
        yield [tuple(row) for row in rows[start : start + _BATCH]]


def _normalised(table: Any, row: tuple[Any, ...]) -> tuple[Any, ...]:
    """A row's values as the target's driver takes them (booleans as booleans)."""
    from sqlalchemy import Boolean

    return tuple(
        (None if value is None else bool(value)) if isinstance(column.type, Boolean) else value
        for column, value in zip(table.columns, row, strict=True)
    )


def copy_database(
    source: str | Path,
    target: str | Path,
    *,
    replay: Callable[[Any, Any], int] | None = None,
    shown_as: str | None = None,
) -> CopyResult:
    """Copy every event, log entry, snapshot, draft and roster player from ``source``
    to ``target`` (files or PostgreSQL URLs), then verify it: the same rows in every
    table, and ``replay(source database, copy)`` (the app's check that every event
    replays to the same state; it returns the events checked). Raises ``StoreError``,
    naming the target ``shown_as`` when given (a backup's temporary file is not what
    the user knows).

    The source is read at one moment (``Database.snapshot``) for both the copy and
    its check, so that another copy writing it meanwhile changes neither. The copy is
    checked before it is committed: a copy that fails leaves the target as it was (a
    file that did not exist is removed)."""
    from director.persistence.db import is_url, open_database

    if str(source) == str(target):
        raise StoreError("copy_same", path=str(source))
    new_file = not is_url(target) and not Path(target).exists()
    origin = open_database(source, create=False, readonly=True)
    try:
        destination = open_database(target)
        try:
            return _copy(origin, destination, replay, shown_as or destination.location)
        finally:
            destination.close()
    except BaseException:
        if new_file:
            _remove_database_file(Path(target))
        raise
    finally:
        origin.close()


def _copy(
    origin: Any, destination: Any, replay: Callable[[Any, Any], int] | None, shown: str
) -> CopyResult:
    from director.persistence.store import _driver_cursor

    result = CopyResult()
    with destination.write() as out:
        refuse_unless_empty(out, shown)
        with origin.snapshot() as seen, seen.read() as into:
            for table in copied_tables():
                result.rows[table.name] = _copy_table(into, out, table)
            if origin.identity:
                cursor = _driver_cursor(out)
                try:
                    cursor.execute("DELETE FROM database_identity")
                    cursor.execute(
                        "INSERT INTO database_identity (id, uuid) VALUES (1, ?)",
                        (origin.identity,),
                    )
                finally:
                    cursor.close()
            destination.after_copy(out)
            result.events, result.damaged_assets = verify_copy(
                seen, destination.through(out), replay, shown=shown
            )
    return result


def refuse_unless_empty(connection: Any, shown: str) -> None:
    """``StoreError("copy_target_not_empty")`` unless every table a copy writes is
    empty (events, players, leagues, pictures: any of them would clash or mix)."""
    from director.persistence.store import _driver_cursor

    cursor = _driver_cursor(connection)
    try:
        for table in copied_tables():
            if cursor.execute(f"SELECT 1 FROM {table.name} LIMIT 1").fetchone() is not None:
                raise StoreError("copy_target_not_empty", path=shown, table=table.name)
    finally:
        cursor.close()


def _remove_database_file(path: Path) -> None:
    """A database file a failed copy made, with whatever journal it left beside it."""
    from director.persistence.db import files_beside

    for made in (path, *files_beside(path)):
        with contextlib.suppress(OSError):
            made.unlink()


def _copy_table(source: Any, target: Any, table: Any) -> int:
    from director.persistence.store import _driver_cursor

    names = [column.name for column in table.columns]
    later = _self_references(table)
    written = [None if name in later else name for name in names]
    placeholders = ", ".join("?" for _ in names)
    insert = f"INSERT INTO {table.name} ({', '.join(names)}) VALUES ({placeholders})"
    count = 0
    pending: list[tuple[Any, ...]] = []
    cursor = _driver_cursor(target)
    try:
        for batch in _rows(source, table):
            rows = [_normalised(table, row) for row in batch]
            if later:
                pending += [
                    (*(row[names.index(name)] for name in later), row[names.index("id")])
                    for row in rows
                ]
                rows = [
                    tuple(None if w is None else v for w, v in zip(written, row, strict=True))
                    for row in rows
                ]
            cursor.executemany(insert, rows)
            count += len(rows)
        if pending:
            sets = ", ".join(f"{name} = ?" for name in later)
            cursor.executemany(f"UPDATE {table.name} SET {sets} WHERE id = ?", pending)
    finally:
        cursor.close()
    return count


def _digestible(value: Any) -> Any:
    """A value as the digest takes it: bytes (a picture) by their own hash."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return "sha256:" + hashlib.sha256(value).hexdigest()
    return value


def table_digests(database: Any) -> dict[str, tuple[int, str]]:
    """Each copied table's row count and a digest of its rows, whatever the server."""
    digests = {}
    with database.read() as connection:
        for table in copied_tables():
            digest = hashlib.sha256()
            count = 0
            for batch in _rows(connection, table):
                for row in batch:
                    values = [_digestible(value) for value in _normalised(table, row)]
                    digest.update(json.dumps(values, default=str).encode())
                    count += 1
            digests[table.name] = (count, digest.hexdigest())
    return digests


def verify_copy(
    origin: Any,
    copied: Any,
    replay: Callable[[Any, Any], int] | None = None,
    *,
    shown: str | None = None,
) -> tuple[int, list[str]]:
    """Check the copy ``copied`` (a database, or a ``Pinned`` view of one) against
    ``origin``: the same rows in every table, then ``replay``, then each picture's
    and sound's bytes against its name. Returns the events checked by replay and the
    assets found damaged (in both: the copy is exact). ``origin`` must be read at
    the moment the copy was (its ``snapshot``), or a write made since would tell
    them apart."""
    from director.persistence import assets

    theirs, ours = table_digests(origin), table_digests(copied)
    for name, (count, digest) in theirs.items():
        if ours.get(name) != (count, digest):
            raise StoreError(
                "copy_differs", path=shown or copied.location, detail=f"{name}: rows differ"
            )
    events = replay(origin, copied) if replay is not None else 0
    with copied.read() as connection:
        damaged = assets.damaged(connection)
    return events, damaged


def restore_into(
    database: Any, backup: Path, *, before: Callable[[Any], None] | None = None
) -> None:
    """Put the content of the backup file ``backup`` in place of everything in the open
    server database ``database``, in one transaction (every event must be closed).
    ``before(connection)`` runs first in that transaction: it may refuse (raise)."""
    from director.persistence.db import open_database
    from director.persistence.store import _driver_cursor

    origin = open_database(backup, create=False, readonly=True)
    try:
        with database.write() as out:
            if before is not None:
                before(out)
            cursor = _driver_cursor(out)
            try:
                for table in reversed(copied_tables()):
                    cursor.execute(f"DELETE FROM {table.name}")
            finally:
                cursor.close()
            with origin.read() as into:
                for table in copied_tables():
                    _copy_table(into, out, table)
            database.after_copy(out)
    finally:
        origin.close()
