"""Copying a whole director database to another one, file or server, either way.

Every table of the club's data is copied row for row, ids kept (events refer to
roster players by id): events, their logs, snapshots, drafts, roster players and
whatever later versions add to ``tables``; not the leases (they belong to the
copies of director that write the source) nor the schema version (the target has
its own, the same). The target takes the source's identity, so that a copy made
as a backup is known as the source's backup.

The source is opened read-only and never changed. The target must hold no
events yet. The copy is verified: the target is read back and every table must
hold the same rows, and every event replayed in both must reach the same state.
"""

from __future__ import annotations

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
) -> CopyResult:
    """Copy every event, log entry, snapshot, draft and roster player from ``source``
    to ``target`` (files or PostgreSQL URLs), then verify it: the same rows in every
    table, and ``replay(source database, copy)`` (the app's check that every event
    replays to the same state; it returns the events checked). Raises ``StoreError``."""
    from director.persistence.db import open_database
    from director.persistence.store import _driver_cursor

    if str(source) == str(target):
        raise StoreError("copy_same", path=str(source))
    origin = open_database(source, create=False, readonly=True)
    try:
        destination = open_database(target)
        try:
            result = CopyResult()
            with destination.write() as out:
                cursor = _driver_cursor(out)
                try:
                    found = cursor.execute("SELECT COUNT(*) FROM tournament").fetchone()[0]
                    players = cursor.execute("SELECT COUNT(*) FROM player").fetchone()[0]
                finally:
                    cursor.close()
                if found or players:
                    raise StoreError("copy_target_not_empty", path=destination.location)
                with origin.read() as into:
                    for table in copied_tables():
                        result.rows[table.name] = _copy_table(into, out, table)
                    identity = origin.identity
                if identity:
                    cursor = _driver_cursor(out)
                    try:
                        cursor.execute("DELETE FROM database_identity")
                        cursor.execute(
                            "INSERT INTO database_identity (id, uuid) VALUES (1, ?)", (identity,)
                        )
                    finally:
                        cursor.close()
                destination.after_copy(out)
        finally:
            destination.close()
        result.events = verify_copy(origin, target, replay)
    finally:
        origin.close()
    return result


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


def table_digests(database: Any) -> dict[str, tuple[int, str]]:
    """Each copied table's row count and a digest of its rows, whatever the server."""
    digests = {}
    with database.read() as connection:
        for table in copied_tables():
            digest = hashlib.sha256()
            count = 0
            for batch in _rows(connection, table):
                for row in batch:
                    values = _normalised(table, row)
                    digest.update(json.dumps(values, default=str).encode())
                    count += 1
            digests[table.name] = (count, digest.hexdigest())
    return digests


def verify_copy(
    origin: Any, target: str | Path, replay: Callable[[Any, Any], int] | None = None
) -> int:
    """Check the copy at ``target`` against ``origin``: the same rows in every table,
    then ``replay``. Returns the events checked by replay."""
    from director.persistence.db import open_database

    copied = open_database(target, create=False, readonly=True)
    try:
        theirs, ours = table_digests(origin), table_digests(copied)
        for name, (count, digest) in theirs.items():
            if ours.get(name) != (count, digest):
                raise StoreError(
                    "copy_differs", path=copied.location, detail=f"{name}: rows differ"
                )
        return replay(origin, copied) if replay is not None else 0
    finally:
        copied.close()


def restore_into(database: Any, backup: Path) -> None:
    """Put the content of the backup file ``backup`` in place of everything in the open
    server database ``database``, in one transaction (every event must be closed)."""
    from director.persistence.db import open_database
    from director.persistence.store import _driver_cursor

    origin = open_database(backup, create=False, readonly=True)
    try:
        with database.write() as out:
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
