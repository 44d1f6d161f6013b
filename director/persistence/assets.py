"""The TV's pictures and sounds as the database keeps them (``tv_asset``).

Each row is one file by content: its name (the SHA-256 of its bytes and its kind,
``<hex>.png``, as looks name it), its kind, its size, its bytes and when it was
first stored. Plain SQL through the driver, in the caller's transaction, like
``store``; the same statements on SQLite and PostgreSQL (a BLOB there, ``bytea``
here). What is done with them (checks, caches, the cap) is the app's.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from director.persistence.store import AnyConnection, _driver_cursor, _raw_rows

if TYPE_CHECKING:
    from director.persistence.db import Database

NAME = re.compile(r"[0-9a-f]{64}\.(png|jpg|svg|wav)")
"""A stored picture's or sound's name (``core.tv.ASSET_NAME``; the persistence layer
does not import the core)."""
LOOK_EVENTS = ("TvLookChanged",)
"""The events that name pictures and sounds (a look set, or taken back)."""
_CHUNK = 500
"""Names per ``IN (...)``: well under every server's limit on parameters."""


@dataclass(frozen=True)
class StoredAsset:
    """A row of ``tv_asset``, without its bytes."""

    name: str
    kind: str
    size: int
    stored_at: int


def matches(name: str, data: bytes) -> bool:
    """Whether ``data`` are the bytes ``name`` says (its hash, and a known kind)."""
    return bool(NAME.fullmatch(name)) and hashlib.sha256(data).hexdigest() == name[:64]


def _bytes(value: Any) -> bytes:
    """A BLOB as the driver gives it (``bytes``, or a ``memoryview``) as bytes."""
    return value if isinstance(value, bytes) else bytes(value)


def insert(connection: AnyConnection, name: str, kind: str, data: bytes, *, at: int) -> bool:
    """Store ``data`` under ``name`` unless a row has that name already; returns
    whether it was added."""
    cursor = _driver_cursor(connection)
    try:
        cursor.execute(
            "INSERT INTO tv_asset (name, kind, size, data, stored_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (name) DO NOTHING",
            (name, kind, len(data), data, at),
        )
        return int(cursor.rowcount or 0) == 1
    finally:
        cursor.close()


def repair(connection: AnyConnection, name: str, data: bytes) -> None:
    """Put the right bytes back in a damaged row (``data`` checked by the caller)."""
    cursor = _driver_cursor(connection)
    try:
        cursor.execute(
            "UPDATE tv_asset SET data = ?, size = ? WHERE name = ?", (data, len(data), name)
        )
    finally:
        cursor.close()


def read(connection: AnyConnection, name: str) -> bytes | None:
    """The bytes stored under ``name`` (unchecked), or None."""
    rows = _raw_rows(connection, "SELECT data FROM tv_asset WHERE name = :n", {"n": name})
    return _bytes(rows[0][0]) if rows else None


def listing(connection: AnyConnection) -> list[StoredAsset]:
    """Every stored asset (without its bytes), oldest first."""
    rows = _raw_rows(
        connection,
        "SELECT name, kind, size, stored_at FROM tv_asset ORDER BY stored_at, name",
        {},
    )
    return [StoredAsset(str(row[0]), str(row[1]), int(row[2]), int(row[3])) for row in rows]


def present(connection: AnyConnection, names: Iterable[str]) -> set[str]:
    """Which of ``names`` have a row."""
    wanted = sorted(set(names))
    found: set[str] = set()
    for start in range(0, len(wanted), _CHUNK):
        chunk = wanted[start : start + _CHUNK]
        marks = ", ".join("?" for _ in chunk)
        cursor = _driver_cursor(connection)
        try:
            rows = cursor.execute(
                f"SELECT name FROM tv_asset WHERE name IN ({marks})", tuple(chunk)
            ).fetchall()
        finally:
            cursor.close()
        found.update(str(row[0]) for row in rows)
    return found


def total_size(connection: AnyConnection) -> int:
    """The bytes every stored asset takes together."""
    rows = _raw_rows(connection, "SELECT COALESCE(SUM(size), 0) FROM tv_asset", {})
    return int(rows[0][0])


def delete(connection: AnyConnection, names: Collection[str]) -> int:
    """Remove the rows of ``names``; returns how many went."""
    gone = 0
    wanted = sorted(set(names))
    for start in range(0, len(wanted), _CHUNK):
        chunk = wanted[start : start + _CHUNK]
        marks = ", ".join("?" for _ in chunk)
        cursor = _driver_cursor(connection)
        try:
            cursor.execute(f"DELETE FROM tv_asset WHERE name IN ({marks})", tuple(chunk))
            gone += int(cursor.rowcount or 0)
        finally:
            cursor.close()
    return gone


def named_in_logs(connection: AnyConnection) -> set[str]:
    """Every asset name any event's log names, in every look it ever set (taken back
    ones too: a redo brings them back)."""
    marks = ", ".join("?" for _ in LOOK_EVENTS)
    cursor = _driver_cursor(connection)
    try:
        rows = cursor.execute(
            f"SELECT payload FROM event WHERE type IN ({marks})", LOOK_EVENTS
        ).fetchall()
    finally:
        cursor.close()
    names: set[str] = set()
    for (payload,) in rows:
        names.update(match[0] for match in NAME.finditer(str(payload)))
    return names


def damaged(connection: AnyConnection) -> list[str]:
    """The names whose stored bytes are not the bytes the name says, read one row at
    a time (the whole table may hold tens of megabytes)."""
    found = []
    for asset in listing(connection):
        data = read(connection, asset.name)
        if data is None or not matches(asset.name, data) or len(data) != asset.size:
            found.append(asset.name)
    return found


def remove_unused(database: Database, keep: Iterable[str]) -> list[StoredAsset]:
    """Remove every asset that no event's log names and that is not in ``keep``, in
    one transaction; returns what went.

    On a server, new log entries wait meanwhile (``postgres.lock_logs``): a look
    recorded by another copy at this moment is either seen here, or finds its
    pictures gone and stores them again in its own transaction.
    """
    kept = set(keep)
    with database.transaction() as connection:
        if database.kind == "postgresql":
            from director.persistence.postgres import lock_logs

            lock_logs(connection)
        used = named_in_logs(connection) | kept
        unused = [asset for asset in listing(connection) if asset.name not in used]
        delete(connection, [asset.name for asset in unused])
    return unused
