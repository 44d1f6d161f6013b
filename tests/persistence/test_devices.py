"""Paired phones and the origin of log entries, on a file and on a PostgreSQL server."""

from __future__ import annotations

from director.app.night.changes import Origin
from director.app.night.session import TournamentSession
from director.app.phones.devices import Devices
from director.app.storage.library import Library
from director.core import commands as c
from director.persistence import devices as stored
from director.persistence import store
from director.persistence.db import open_database
from tests.conftest import FakeClock


def test_phones_are_paired_listed_seen_and_revoked(any_db: str, clock: FakeClock) -> None:
    database = open_database(any_db)
    try:
        devices = Devices.of(database)
        first, token = devices.pair("Ann's phone", clock())
        second, _other = devices.pair("Bob's phone", clock() + 5)
        assert devices.check(token, clock(), "10.0.0.2") is not None
        devices.note_seen(first, clock() + 7, "10.0.0.2")
        with database.reading() as connection:
            rows = stored.list_devices(connection)
        assert [(row.name, row.last_seen, row.last_address) for row in rows] == [
            ("Ann's phone", clock() + 7, "10.0.0.2"),
            ("Bob's phone", None, ""),
        ]
        assert all(len(row.token_hash) == 64 and token not in row.token_hash for row in rows)
        assert devices.revoke(first.id, clock())
        assert devices.check(token, clock()) is None
        assert [device.id for device in devices.listed()] == [second.id]
    finally:
        database.close()


def test_a_phone_seen_often_is_written_once_a_minute_and_listed_at_once(
    any_db: str, clock: FakeClock
) -> None:
    from director.app.phones.devices import SEEN_WRITTEN_MS

    database = open_database(any_db)
    try:
        devices = Devices.of(database)
        phone, _token = devices.pair("Table 2", clock(), event=1, table=2)

        def stored_seen() -> tuple[int | None, str]:
            with database.reading() as connection:
                (row,) = stored.list_devices(connection)
            return row.last_seen, row.last_address

        devices.note_seen(phone, clock() + 1, "10.0.0.2")
        assert stored_seen() == (clock() + 1, "10.0.0.2")
        devices.note_seen(phone, clock() + 2_000, "10.0.0.2")  # a hand later: memory only
        assert stored_seen() == (clock() + 1, "10.0.0.2")
        assert devices.listed()[0].last_seen == clock() + 2_000  # the console sees it
        devices.note_seen(phone, clock() + 3_000, "10.0.0.9")  # another address: written
        assert stored_seen() == (clock() + 3_000, "10.0.0.9")
        later = clock() + 3_000 + SEEN_WRITTEN_MS
        devices.note_seen(phone, later, "10.0.0.9")  # a minute on: written again
        assert stored_seen() == (later, "10.0.0.9")
    finally:
        database.close()


def test_the_origin_of_a_command_is_kept_with_its_log_entry(any_db: str, clock: FakeClock) -> None:
    database = open_database(any_db)
    try:
        session = Library(database, clock=clock).create("Origins")
        phone = Origin(device=3, name="Téléphone de Zoé")
        session.dispatch(c.RenameTournament(name="Renamed"), origin=phone)
        session.dispatch(c.RenameTournament(name="Again"))
        with database.reading() as connection:
            entries = store.load_entries(connection, session.tournament_id)
        assert [Origin.from_text(entry.origin) for entry in entries] == [None, phone, None]
        session.close()
        reopened = TournamentSession(database, session.tournament_id, clock=clock)
        reopened.undo()
        assert reopened.undo_origin() == phone
        reopened.close()
    finally:
        database.close()


def test_an_unreadable_origin_is_only_no_origin() -> None:
    for text in ("", "{", "[]", '{"device": "3", "name": "x"}', '{"device": 3}', None, 7):
        assert Origin.from_text(text) is None
