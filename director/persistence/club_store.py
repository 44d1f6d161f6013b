"""The club's journal rows (payments, write-offs, their undos): ``app.club.balances``
decides, this writes. The same statements serve SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from director.persistence.db import Database


def append_entry(
    database: Database,
    expected: int | None,
    row: dict[str, Any],
    also: Callable[[Any], None],
) -> int | None:
    """Write ``row`` as the journal's next entry, and ``also(connection)`` in the same
    transaction; its number, or None when another copy wrote an entry first (the last
    entry is not ``expected``, or the number was taken meanwhile on a server)."""
    from sqlalchemy import func, select
    from sqlalchemy.exc import IntegrityError

    from director.persistence.club_tables import ClubEntryRow

    table: Any = ClubEntryRow.__table__  # type: ignore[attr-defined]
    try:
        with database.write() as connection:
            last = int(connection.execute(select(func.max(table.c.seq))).scalar() or 0)
            seq = (expected if expected is not None else last) + 1
            if seq != last + 1:
                return None
            connection.execute(table.insert().values(seq=seq, **row))
            also(connection)
    except IntegrityError:
        return None
    return seq
