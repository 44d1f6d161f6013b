"""The event store: append a log entry with its events, read them back, snapshots.

Its records are named tuples, not dataclasses: they only carry rows, and a
named tuple is made several times faster when the module is imported (the app
and the command line import this at start).

Every statement is plain SQL through the driver (the tables are declared once,
with SQLModel, in ``tables``): opening an event replays thousands of rows, every
command writes three statements, and the ORM's cost was several times the work.
Each function takes the driver's connection or a SQLAlchemy one.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, Union

from director.persistence.errors import StoreError

if TYPE_CHECKING:
    from sqlalchemy import Connection


class DriverConnection(Protocol):
    """The connection ``Database.transaction`` and ``reading`` give: the driver's own
    (SQLite's), or one that takes the statements as written here (PostgreSQL's)."""

    def cursor(self) -> Any: ...

    def execute(self, sql: str, parameters: Any = ..., /) -> Any: ...


AnyConnection = Union["Connection", DriverConnection]
"""What the reads and writes accept: a SQLAlchemy connection, or a driver one (a
database opened read-only is read without SQLAlchemy)."""


class StoredEntry(NamedTuple):
    """One log line as stored: a command (with its type and payload), undo or redo."""

    seq: int
    action: str
    target: int | None
    type: str
    version: int
    payload: dict[str, Any]
    label: dict[str, Any]
    at: int
    origin: str = ""
    """Where the command came from when not from this copy's console (JSON), or ""."""


class StoredEvent(NamedTuple):
    """One row of an event log (a named tuple: opening an event reads thousands)."""

    seq: int
    entry_seq: int
    type: str
    version: int
    payload: dict[str, Any]
    at: int


class StoredSnapshot(NamedTuple):
    """A state and history saved after an entry, so that opening replays little."""

    entry_seq: int
    event_seq: int
    state_format: int
    state: dict[str, Any]
    history: dict[str, Any]


class Summary(NamedTuple):
    """The columns of ``tournament`` that mirror the state, for the event list."""

    name: str
    kind: str
    status: str
    archived: bool
    event_date: str


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
"""Made once: ``json.dumps`` with options builds an encoder on every call, and every
command writes three values."""


def _dumps(value: Any) -> str:
    return _ENCODER.encode(value)


def insert_tournament(connection: AnyConnection, summary: Summary, *, at: int) -> int:
    """Add an event's row; its log starts empty. Returns its id."""
    cursor = _driver_cursor(connection)
    try:
        row = cursor.execute(
            "INSERT INTO tournament (name, kind, status, archived, event_date, created_at, "
            "updated_at, last_entry, last_event) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0) "
            "RETURNING id",
            (
                summary.name,
                summary.kind,
                summary.status,
                bool(summary.archived),
                summary.event_date,
                at,
                at,
            ),
        ).fetchone()
    finally:
        cursor.close()
    return int(row[0])


_INSERT_ENTRY = (
    "INSERT INTO entry (tournament_id, seq, action, target, type, version, payload, label, at, "
    "origin) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_INSERT_EVENT = (
    "INSERT INTO event (tournament_id, seq, entry_seq, type, version, payload, at) "
    "VALUES (?, ?, ?, ?, ?, ?, ?)"
)
_UPDATE_SUMMARY = (
    "UPDATE tournament SET name = ?, kind = ?, status = ?, archived = ?, event_date = ?, "
    "updated_at = ?, last_entry = ?, last_event = COALESCE(?, last_event) "
    "WHERE id = ? AND last_entry = ?"
)


def append(
    connection: AnyConnection,
    tournament_id: int,
    entry: StoredEntry,
    events: Sequence[StoredEvent],
    summary: Summary,
) -> None:
    """Append one log entry and its events, and update the summary, in the caller's transaction.

    Every command comes through here, so the statements go straight to the
    driver, written once (the tables themselves are still declared in
    ``tables``): building and compiling them through the ORM cost several
    times the durable commit itself.
    """
    cursor = _driver_cursor(connection)
    try:
        # The summary first: on a server this locks the event's row, so two
        # writers of one event take turns, and the second finds it moved on.
        cursor.execute(
            _UPDATE_SUMMARY,
            (
                summary.name,
                summary.kind,
                summary.status,
                bool(summary.archived),
                summary.event_date,
                entry.at,
                entry.seq,
                events[-1].seq if events else None,
                tournament_id,
                entry.seq - 1,
            ),
        )
        if cursor.rowcount != 1:
            # Another copy wrote this event meanwhile (or it is gone): nothing of
            # this entry is kept, and the caller reloads.
            raise StoreError("event_moved_on", event=tournament_id, entry=entry.seq)
        cursor.execute(
            _INSERT_ENTRY,
            (
                tournament_id,
                entry.seq,
                entry.action,
                entry.target,
                entry.type,
                entry.version,
                _dumps(entry.payload),
                _dumps(entry.label),
                entry.at,
                entry.origin,
            ),
        )
        if events:
            cursor.executemany(
                _INSERT_EVENT,
                [
                    (
                        tournament_id,
                        stored.seq,
                        stored.entry_seq,
                        stored.type,
                        stored.version,
                        _dumps(stored.payload),
                        stored.at,
                    )
                    for stored in events
                ],
            )
    finally:
        cursor.close()


def _driver_cursor(connection: AnyConnection) -> Any:
    """A cursor that takes the statements as written here, in the connection's
    transaction: the driver connection's own, or (for a SQLAlchemy connection) one of
    the driver connection under it."""
    own = getattr(connection, "cursor", None)  # a driver connection
    if own is not None:
        return own()
    driver = connection.connection.dbapi_connection  # type: ignore[union-attr]
    assert driver is not None  # a connection in a transaction has its driver's
    if connection.dialect.name == "postgresql":  # type: ignore[union-attr]
        from director.persistence.postgres import PgCursor  # the store's SQL in psycopg's style

        return PgCursor(driver.cursor())
    return driver.cursor()


class RawTournament(NamedTuple):
    """A ``tournament`` row as stored, unchecked: a damaged row must not hide the others."""

    id: Any
    name: Any
    kind: Any
    status: Any
    archived: Any
    event_date: Any
    created_at: Any
    updated_at: Any
    last_entry: Any
    last_event: Any
    alive_at: Any


_TOURNAMENT_COLUMNS = ", ".join(RawTournament._fields)


def get_tournament(connection: AnyConnection, tournament_id: int) -> RawTournament | None:
    rows = _raw_rows(
        connection,
        f"SELECT {_TOURNAMENT_COLUMNS} FROM tournament WHERE id = :t",
        {"t": tournament_id},
    )
    return RawTournament(*rows[0]) if rows else None


def list_tournament_rows(connection: AnyConnection) -> list[RawTournament]:
    """Every event's row, newest first."""
    rows = _raw_rows(
        connection,
        f"SELECT {_TOURNAMENT_COLUMNS} FROM tournament ORDER BY created_at DESC, id DESC",
        {},
    )
    return [RawTournament(*row) for row in rows]


def delete_tournament(connection: AnyConnection, tournament_id: int) -> bool:
    """Remove an event with its log and snapshots. Returns whether it existed."""
    cursor = _driver_cursor(connection)
    try:
        cursor.execute("DELETE FROM tournament WHERE id = ?", (tournament_id,))
        return bool(cursor.rowcount)
    finally:
        cursor.close()


def mark_alive(connection: AnyConnection, tournament_id: int, at: int | None) -> None:
    _execute(connection, "UPDATE tournament SET alive_at = ? WHERE id = ?", (at, tournament_id))


def _execute(connection: AnyConnection, sql: str, parameters: Any) -> None:
    cursor = _driver_cursor(connection)
    try:
        cursor.execute(sql, parameters)
    finally:
        cursor.close()


def load_entries(
    connection: AnyConnection, tournament_id: int, after: int = 0, limit: int = -1
) -> list[StoredEntry]:
    """Whole entries (commands with payload and label) after ``after``."""
    rows = _raw_rows(
        connection,
        "SELECT seq, action, target, type, version, payload, label, at, origin FROM entry "
        "WHERE tournament_id = :t AND seq > :after ORDER BY seq"
        + (" LIMIT :limit" if limit >= 0 else ""),
        {"t": tournament_id, "after": after, "limit": limit},
    )
    entries = []
    for row in rows:
        try:
            payload, label = json.loads(row[5]), json.loads(row[6])
        except (TypeError, ValueError, RecursionError) as error:
            raise log_damaged(tournament_id, row[0], error) from None
        entries.append(
            StoredEntry(
                seq=row[0],
                action=row[1],
                target=row[2],
                type=row[3],
                version=row[4],
                payload=payload,
                label=label,
                at=row[7],
                origin=row[8] if isinstance(row[8], str) else "",
            )
        )
    return entries


def log_damaged(tournament_id: int, entry: object, detail: object) -> StoreError:
    """The error for a damaged or missing row of an event's log."""
    text = str(detail).splitlines()[0] if str(detail) else type(detail).__name__
    return StoreError("log_damaged", event=tournament_id, entry=entry, detail=text[:200])


def _raw_rows(connection: AnyConnection, sql: str, parameters: dict[str, Any]) -> list[Any]:
    """Rows as plain tuples from the driver, in the connection's transaction.

    Opening an event reads every row of its log; SQLAlchemy's row objects cost
    more than the query itself there.
    """
    cursor = _driver_cursor(connection)
    try:
        return list(cursor.execute(sql, parameters).fetchall())
    finally:
        cursor.close()


def load_history(
    connection: AnyConnection, tournament_id: int, after: int = 0
) -> list[tuple[int, str, int | None]]:
    """``(seq, action, target)`` of the entries after ``after``: all that replay needs."""
    return _raw_rows(
        connection,
        "SELECT seq, action, target FROM entry "
        "WHERE tournament_id = :t AND seq > :after ORDER BY seq",
        {"t": tournament_id, "after": after},
    )


def load_entry(connection: AnyConnection, tournament_id: int, seq: int) -> StoredEntry | None:
    entries = load_entries(connection, tournament_id, after=seq - 1, limit=1)
    return entries[0] if entries and entries[0].seq == seq else None


def load_events(
    connection: AnyConnection,
    tournament_id: int,
    *,
    after_entry: int = 0,
    entries: Sequence[int] | None = None,
) -> list[StoredEvent]:
    """Events after entry ``after_entry``, or only those of the given entries, in order."""
    rows = _event_rows(connection, tournament_id, after_entry if entries is None else 0)
    wanted = None if entries is None else set(entries)
    if wanted is not None:
        rows = [row for row in rows if row[1] in wanted]
    payloads = _payloads_together(rows)
    if payloads is None:
        payloads = _payloads_one_by_one(tournament_id, rows)
    if len(payloads) != len(rows):
        raise log_damaged(tournament_id, "?", "payloads do not match rows")
    # Positional: a named tuple built by keywords costs twice as much, per row.
    return [
        StoredEvent(row[0], row[1], row[2], row[3], payload, row[5])
        for row, payload in zip(rows, payloads)  # noqa: B905 - lengths checked above
    ]


def load_event_rows(
    connection: AnyConnection, tournament_id: int, after_entry: int = 0
) -> tuple[list[Any], list[Any]] | None:
    """The events after entry ``after_entry`` as read for a replay: the rows
    ``(seq, entry_seq, type, version, payload)`` in order, unchecked, and their
    payloads parsed. None when the payloads cannot be parsed together:
    ``load_events`` then names the row that cannot be read.

    No ``StoredEvent`` is built, nor the time read (the payload has it): opening
    an event reads every row of its log.
    """
    rows = _event_rows(connection, tournament_id, after_entry, columns=_REPLAY_COLUMNS)
    payloads = _payloads_together(rows)
    return None if payloads is None else (rows, payloads)


_EVENT_COLUMNS = "seq, entry_seq, type, version, payload, at"
_REPLAY_COLUMNS = "seq, entry_seq, type, version, payload"


def _event_rows(
    connection: AnyConnection,
    tournament_id: int,
    after_entry: int,
    *,
    columns: str = _EVENT_COLUMNS,
) -> list[Any]:
    return _raw_rows(
        connection,
        f"SELECT {columns} FROM event WHERE tournament_id = :t AND entry_seq > :after ORDER BY seq",
        {"t": tournament_id, "after": after_entry},
    )


def _payloads_together(rows: Sequence[Any]) -> list[Any] | None:
    """Every row's payload, parsed by one ``json.loads`` (several times faster than
    one call per row); None if that fails or if any row's text is not exactly one
    value, for the careful reading to name that row.

    Counting the values is not enough: a row holding two values after a top-level
    comma, beside two rows whose texts make one value only once joined (a string or
    a bracket left open in the first), still gives one value per row, and each row
    between them another row's payload. So a mark follows each row's text: a string
    drawn at random for this reading, which no stored text can hold. Only if the
    values alternate with the mark, one after every row, is each row's text known to
    be one value, its own.
    """
    if not rows:
        return []
    token = os.urandom(16).hex()
    mark = f'"{token}"'
    try:
        values = json.loads("[" + f",{mark},".join([row[4] for row in rows]) + f",{mark}]")
    except (TypeError, ValueError, RecursionError):
        return None
    if type(values) is not list or len(values) != 2 * len(rows):
        return None
    if values[1::2].count(token) != len(rows):
        return None
    payloads: list[Any] = values[::2]
    return payloads


class EntrySpan(NamedTuple):
    """The entries after a position as the database counts them: how many rows, how
    many distinct numbers, the lowest and the highest (None when there are none)."""

    count: Any
    distinct: Any
    first: Any
    last: Any


def entry_span(connection: AnyConnection, tournament_id: int, after: int = 0) -> EntrySpan:
    """Counted in the database, without reading the rows: when the numbers are
    ``after + 1`` to ``last`` without a gap, replay reads only the entries that are
    not commands (``load_markers``)."""
    rows = _raw_rows(
        connection,
        "SELECT count(*), count(DISTINCT seq), min(seq), max(seq) FROM entry "
        "WHERE tournament_id = :t AND seq > :after",
        {"t": tournament_id, "after": after},
    )
    return EntrySpan(*rows[0])


def load_markers(
    connection: AnyConnection, tournament_id: int, after: int = 0
) -> list[tuple[Any, Any, Any]]:
    """``(seq, action, target)`` of the entries after ``after`` that are not commands
    (undo and redo, or a damaged action), in order."""
    return _raw_rows(
        connection,
        "SELECT seq, action, target FROM entry "
        "WHERE tournament_id = :t AND seq > :after AND action <> 'command' ORDER BY seq",
        {"t": tournament_id, "after": after},
    )


def _payloads_one_by_one(tournament_id: int, rows: Sequence[Any]) -> list[Any]:
    """Decode each payload alone, to name the row that cannot be read."""
    payloads = []
    for row in rows:
        try:
            payload = json.loads(row[4])
        except (TypeError, ValueError, RecursionError) as error:
            raise log_damaged(tournament_id, row[1], f"event {row[0]}: {error}") from None
        if not isinstance(payload, dict):
            raise log_damaged(tournament_id, row[1], f"event {row[0]}: not an object")
        payloads.append(payload)
    return payloads


def latest_snapshot(
    connection: AnyConnection, tournament_id: int, state_format: int
) -> StoredSnapshot | None:
    """The newest snapshot written in ``state_format``; older formats are ignored."""
    rows = _raw_rows(
        connection,
        "SELECT entry_seq, event_seq, state_format, state, history FROM snapshot "
        "WHERE tournament_id = :t AND state_format = :f ORDER BY entry_seq DESC LIMIT 1",
        {"t": tournament_id, "f": state_format},
    )
    if not rows:
        return None
    row = rows[0]
    try:
        state, history = json.loads(row[3]), json.loads(row[4])
    except (TypeError, ValueError, RecursionError) as error:
        raise SnapshotDamaged(str(error)) from None
    if not isinstance(state, dict) or not isinstance(history, dict):
        raise SnapshotDamaged("not an object")
    return StoredSnapshot(
        entry_seq=row[0],
        event_seq=row[1],
        state_format=row[2],
        state=state,
        history=history,
    )


class SnapshotDamaged(Exception):
    """A snapshot that cannot be read. Snapshots are a cache: the log still has it all."""


def save_snapshot(
    connection: AnyConnection,
    tournament_id: int,
    snapshot: StoredSnapshot,
    *,
    at: int,
    keep: int = 3,
) -> None:
    """Store a snapshot and drop all but the ``keep`` newest."""
    _execute(
        connection,
        "INSERT INTO snapshot (tournament_id, entry_seq, event_seq, state_format, state, "
        "history, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (tournament_id, entry_seq) DO UPDATE SET "
        "event_seq = excluded.event_seq, state_format = excluded.state_format, "
        "state = excluded.state, history = excluded.history, "
        "created_at = excluded.created_at",
        (
            tournament_id,
            snapshot.entry_seq,
            snapshot.event_seq,
            snapshot.state_format,
            _dumps(snapshot.state),
            _dumps(snapshot.history),
            at,
        ),
    )
    _execute(
        connection,
        "DELETE FROM snapshot WHERE tournament_id = :t AND entry_seq NOT IN "
        "(SELECT entry_seq FROM snapshot WHERE tournament_id = :t "
        "ORDER BY entry_seq DESC LIMIT :keep)",
        {"t": tournament_id, "keep": keep},
    )


def save_draft(
    connection: AnyConnection, tournament_id: int, name: str, data: Any, *, at: int
) -> None:
    """Keep a page's work in progress (replacing the previous one)."""
    _execute(
        connection,
        "INSERT INTO draft (tournament_id, name, payload, updated_at) "
        "VALUES (:t, :n, :p, :at) ON CONFLICT (tournament_id, name) "
        "DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at",
        {"t": tournament_id, "n": name, "p": _dumps(data), "at": at},
    )


def load_draft(connection: AnyConnection, tournament_id: int, name: str) -> Any:
    """A page's work in progress, or None (also when it cannot be read: a draft is
    not part of the event's record, and the page starts afresh)."""
    rows = _raw_rows(
        connection,
        "SELECT payload FROM draft WHERE tournament_id = :t AND name = :n",
        {"t": tournament_id, "n": name},
    )
    if not rows:
        return None
    try:
        return json.loads(rows[0][0])
    except (TypeError, ValueError, RecursionError):
        return None
