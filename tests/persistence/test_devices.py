"""Paired phones and the origin of log entries, on a file and on a PostgreSQL server."""

from __future__ import annotations

from director.app.changes import Origin
from director.app.devices import Devices
from director.app.library import Library
from director.app.session import TournamentSession
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
