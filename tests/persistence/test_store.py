"""The write path of the event store: one entry, its events and the summary, through
the driver, in the caller's transaction."""

from __future__ import annotations

from pathlib import Path

import pytest

from director.persistence import store
from director.persistence.db import StoreError, open_database

SUMMARY = store.Summary(
    name="Friday", kind="tournament", status="setup", archived=False, event_date=""
)


def entry(seq: int, action: str = "command", target: int | None = None) -> store.StoredEntry:
    return store.StoredEntry(
        seq=seq,
        action=action,
        target=target,
        type="RenameTournament" if action == "command" else "",
        version=1,
        payload={"name": "Zoé's night"} if action == "command" else {},
        label={"code": "label_rename"} if action == "command" else {},
        at=1000 + seq,
    )


def event(seq: int, entry_seq: int) -> store.StoredEvent:
    return store.StoredEvent(
        seq=seq, entry_seq=entry_seq, type="Renamed", version=2, payload={"n": seq}, at=7
    )


def test_append_writes_the_entry_its_events_and_the_summary(db_path: Path) -> None:
    database = open_database(db_path)
    with database.write() as connection:
        tournament = store.insert_tournament(connection, SUMMARY, at=5)
        store.append(
            connection,
            tournament,
            entry(1),
            [event(1, 1), event(2, 1)],
            store.Summary("Zoé's night", "tournament", "running", True, "2026-11-21"),
        )
        # An undo marker has no events: the last event stays where it was.
        store.append(connection, tournament, entry(2, "undo", 1), [], SUMMARY)
    database.close()

    database = open_database(db_path, create=False, readonly=True)
    with database.read() as connection:
        entries = store.load_entries(connection, tournament)
        events = store.load_events(connection, tournament)
        row = store.get_tournament(connection, tournament)
    database.close()
    assert entries == [entry(1), entry(2, "undo", 1)]
    assert events == [event(1, 1), event(2, 1)]
    assert row is not None
    assert (row.name, row.status, row.archived, row.updated_at) == ("Friday", "setup", 0, 1002)
    assert (row.last_entry, row.last_event) == (2, 2)


def test_a_failed_append_leaves_nothing_of_its_transaction(db_path: Path) -> None:
    database = open_database(db_path)
    with database.write() as connection:
        tournament = store.insert_tournament(connection, SUMMARY, at=5)
        store.append(connection, tournament, entry(1), [event(1, 1)], SUMMARY)
    with pytest.raises(StoreError), database.write() as connection:
        # Event 1 exists already: the whole entry is refused, its row included.
        store.append(connection, tournament, entry(2), [event(2, 2), event(1, 2)], SUMMARY)
    with database.read() as connection:
        assert [e.seq for e in store.load_entries(connection, tournament)] == [1]
        assert [e.seq for e in store.load_events(connection, tournament)] == [1]
        row = store.get_tournament(connection, tournament)
        assert row is not None and (row.last_entry, row.last_event) == (1, 1)
    database.close()


def test_a_driver_transaction_keeps_all_or_nothing_and_shares_the_engine(db_path: Path) -> None:
    database = open_database(db_path)
    with database.transaction() as connection:
        tournament = store.insert_tournament(connection, SUMMARY, at=5)
        store.append(connection, tournament, entry(1), [event(1, 1)], SUMMARY)
    with pytest.raises(StoreError), database.transaction() as connection:
        store.append(connection, tournament, entry(2), [event(2, 2), event(1, 2)], SUMMARY)
    with pytest.raises(RuntimeError), database.transaction() as connection:
        store.append(connection, tournament, entry(2), [event(2, 2)], SUMMARY)
        raise RuntimeError("the caller's own failure")
    with database.reading() as connection:
        assert [e.seq for e in store.load_entries(connection, tournament)] == [1]
    # SQLAlchemy's engine works on the same connection, and after it is disposed
    # of (a restored backup), the driver's connection opens again.
    with database.write() as connection:
        store.mark_alive(connection, tournament, 99)
    database.engine.dispose()
    with database.reading() as connection:
        row = store.get_tournament(connection, tournament)
    assert row is not None and row.alive_at == 99
    with database.transaction() as connection:
        store.append(connection, tournament, entry(2), [event(2, 2)], SUMMARY)
    database.close()
    database.close()  # twice is fine
    reopened = open_database(db_path, create=False, readonly=True)
    with reopened.reading() as connection:
        assert [e.seq for e in store.load_events(connection, tournament)] == [1, 2]
    with pytest.raises(StoreError), reopened.transaction():
        pass
    reopened.close()
