"""Phones paired as remotes or as a table's dealer phone: their rows in
``remote_device``.

Only a hash of each phone's token is stored; the token itself is shown to the
phone once and never kept here. Plain SQL through the driver, in the caller's
transaction, like the event store.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from director.persistence.store import AnyConnection, _driver_cursor, _raw_rows


@dataclass(frozen=True)
class DeviceRow:
    """A paired phone as stored (its token's hash stays in the database)."""

    id: int
    name: str
    paired_at: int
    last_seen: int | None
    last_address: str
    revoked_at: int | None
    token_hash: str = ""
    event_id: int | None = None
    table_number: int | None = None
    """A dealer's phone: the event and table it deals for (None for a remote)."""

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None


_COLUMNS = (
    "id, name, paired_at, last_seen, last_address, revoked_at, token_hash, event_id, table_number"
)


def _row(values: Any) -> DeviceRow:
    return DeviceRow(
        id=int(values[0]),
        name=str(values[1]),
        paired_at=int(values[2]),
        last_seen=None if values[3] is None else int(values[3]),
        last_address=str(values[4] or ""),
        revoked_at=None if values[5] is None else int(values[5]),
        token_hash=str(values[6]),
        event_id=None if values[7] is None else int(values[7]),
        table_number=None if values[8] is None else int(values[8]),
    )


def add_device(
    connection: AnyConnection,
    *,
    name: str,
    token_hash: str,
    at: int,
    event_id: int | None = None,
    table_number: int | None = None,
) -> int:
    """Record a newly paired phone (a dealer's: with its event and table); returns its
    id."""
    cursor = _driver_cursor(connection)
    try:
        row = cursor.execute(
            "INSERT INTO remote_device "
            "(name, token_hash, paired_at, last_address, event_id, table_number) "
            "VALUES (?, ?, ?, '', ?, ?) RETURNING id",
            (name, token_hash, at, event_id, table_number),
        ).fetchone()
    finally:
        cursor.close()
    return int(row[0])


def list_devices(connection: AnyConnection, *, include_revoked: bool = False) -> list[DeviceRow]:
    """The paired phones, oldest first (the revoked ones too when asked)."""
    where = "" if include_revoked else " WHERE revoked_at IS NULL"
    rows = _raw_rows(
        connection, f"SELECT {_COLUMNS} FROM remote_device{where} ORDER BY paired_at, id", {}
    )
    return [_row(row) for row in rows]


def touch_device(connection: AnyConnection, device_id: int, *, at: int, address: str) -> None:
    """Note when and from where a phone was last seen."""
    cursor = _driver_cursor(connection)
    try:
        cursor.execute(
            "UPDATE remote_device SET last_seen = ?, last_address = ? WHERE id = ?",
            (at, address, device_id),
        )
    finally:
        cursor.close()


def revoke_device(connection: AnyConnection, device_id: int, *, at: int) -> bool:
    """Stop a phone's token from working; whether it was paired and not yet revoked."""
    cursor = _driver_cursor(connection)
    try:
        cursor.execute(
            "UPDATE remote_device SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
            (at, device_id),
        )
        return bool(cursor.rowcount)
    finally:
        cursor.close()
