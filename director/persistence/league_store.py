"""Reads and writes of the league tables (plain SQL through the driver, in the
caller's transaction, like ``store``)."""

from __future__ import annotations

import json
from typing import Any

from director.persistence.store import AnyConnection, _driver_cursor, _dumps, _raw_rows


def execute(connection: AnyConnection, sql: str, parameters: dict[str, Any]) -> int:
    """Run one statement; returns how many rows it changed."""
    cursor = _driver_cursor(connection)
    try:
        cursor.execute(sql, parameters)
        return int(cursor.rowcount or 0)
    finally:
        cursor.close()


def insert(connection: AnyConnection, sql: str, parameters: dict[str, Any]) -> int:
    """Run one ``INSERT`` of one row; returns the new row's id (``RETURNING``, which
    every database here has: a driver's ``lastrowid`` is SQLite's alone)."""
    cursor = _driver_cursor(connection)
    try:
        row = cursor.execute(sql + " RETURNING id", parameters).fetchone()
        return int(row[0])
    finally:
        cursor.close()


def run(connection: AnyConnection, sql: str, parameters: dict[str, Any]) -> None:
    """Run one statement that returns nothing (no row id asked: PostgreSQL's cursor
    has none)."""
    cursor = _driver_cursor(connection)
    try:
        cursor.execute(sql, parameters)
    finally:
        cursor.close()


def rows(
    connection: AnyConnection, sql: str, parameters: dict[str, Any] | None = None
) -> list[Any]:
    return _raw_rows(connection, sql, parameters or {})


def save_summary(
    connection: AnyConnection,
    tournament_id: int,
    last_entry: int,
    data: dict[str, Any],
    results_format: int,
) -> None:
    """Keep ``data``, the results of the event up to ``last_entry`` as the results
    logic of ``results_format`` works them out."""
    run(
        connection,
        "INSERT INTO result_summary (tournament_id, last_entry, data, results_format) "
        "VALUES (:t, :e, :d, :f) "
        "ON CONFLICT (tournament_id) DO UPDATE SET last_entry = excluded.last_entry, "
        "data = excluded.data, results_format = excluded.results_format",
        {"t": tournament_id, "e": last_entry, "d": _dumps(data), "f": results_format},
    )


def delete_summary(connection: AnyConnection, tournament_id: int) -> None:
    run(connection, "DELETE FROM result_summary WHERE tournament_id = :t", {"t": tournament_id})


def finished_events(
    connection: AnyConnection,
) -> list[tuple[int, str, str, int, Any, Any, Any]]:
    """``(id, name, date, last_entry, summary's last_entry, summary data, summary's
    results format)`` of every finished tournament; the summary columns are None when
    it has none."""
    return rows(
        connection,
        "SELECT t.id, t.name, t.event_date, t.last_entry, s.last_entry, s.data, "
        "s.results_format "
        "FROM tournament t LEFT JOIN result_summary s ON s.tournament_id = t.id "
        "WHERE t.kind = 'tournament' AND t.status = 'finished' "
        "ORDER BY t.event_date, t.id",
    )


def loads(text: Any) -> Any:
    """JSON from a column; None when it cannot be read."""
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return None
