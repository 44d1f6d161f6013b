"""A club database on PostgreSQL: opening by URL, safe appends with several writers,
leases per event, followers told of changes (a throwaway server, tests/pg.py)."""

from __future__ import annotations

import threading
import time

import pytest

from director.app.night.session import TournamentSession
from director.app.storage.library import Library
from director.core import commands as c
from director.persistence import store
from director.persistence.db import StoreError, open_database
from director.persistence.postgres import PostgresDatabase, shown_url, translate

SUMMARY = store.Summary(
    name="Friday", kind="tournament", status="setup", archived=False, event_date=""
)


def entry(seq: int) -> store.StoredEntry:
    return store.StoredEntry(
        seq=seq,
        action="command",
        target=None,
        type="RenameTournament",
        version=1,
        payload={"name": f"Night {seq}"},
        label={"code": "rename_tournament"},
        at=1_795_000_000_000 + seq,
    )


def test_the_store_sql_is_put_in_psycopg_style() -> None:
    assert translate("SELECT a FROM t WHERE x = ? AND y = ?") == (
        "SELECT a FROM t WHERE x = %s AND y = %s"
    )
    assert translate("WHERE t = :t AND s > :after LIMIT :limit") == (
        "WHERE t = %(t)s AND s > %(after)s LIMIT %(limit)s"
    )
    assert translate("SELECT '50%' ::text") == "SELECT '50%%' ::text"


def test_a_password_is_never_shown() -> None:
    assert shown_url("postgresql://ann:secret@db.club:5433/club") == (
        "postgresql://ann@db.club:5433/club"
    )
    assert shown_url("postgresql://ann@db.club/club") == "postgresql://ann@db.club/club"


def test_an_event_lives_on_the_server_and_survives_a_restart(pg_url: str, clock) -> None:
    database = open_database(pg_url)
    assert isinstance(database, PostgresDatabase)
    assert database.identity
    session = Library(database, clock=clock).create("Club night")
    session.dispatch(c.RenameTournament(name="Club night in May"))
    session.dispatch(c.EditDetails(event_date="2026-05-02", venue="The club"))
    session.undo()
    session.close()
    database.close()

    again = open_database(pg_url, readonly=True)
    reopened = TournamentSession(again, session.tournament_id, clock=clock)
    assert reopened.state == session.state
    assert reopened.redo_label() == session.redo_label()
    assert [e.name for e in Library(again, clock=clock).events()] == ["Club night in May"]
    with pytest.raises(StoreError) as refused:
        reopened.dispatch(c.RenameTournament(name="No"))
    assert refused.value.code == "db_read_only"
    again.close()


def test_a_database_of_another_program_or_a_newer_version_is_refused(pg_url: str) -> None:
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as connection:
        connection.execute("CREATE TABLE accounts (id int)")
    with pytest.raises(StoreError) as refused:
        open_database(pg_url)
    assert refused.value.code == "db_not_director"
    with psycopg.connect(pg_url, autocommit=True) as connection:
        connection.execute("DROP TABLE accounts")
    open_database(pg_url).close()
    with psycopg.connect(pg_url, autocommit=True) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0099_future'")
    with pytest.raises(StoreError) as newer:
        open_database(pg_url)
    assert newer.value.code == "db_newer"
    with psycopg.connect(pg_url) as connection:
        assert connection.execute("SELECT version_num FROM alembic_version").fetchone() == (
            "0099_future",
        )


def test_an_append_that_finds_the_event_moved_on_writes_nothing(pg_url: str) -> None:
    first, second = open_database(pg_url), open_database(pg_url)
    with first.write() as connection:
        event_id = store.insert_tournament(connection, SUMMARY, at=1)
        store.append(connection, event_id, entry(1), [], SUMMARY)
    with first.write() as connection:
        store.append(connection, event_id, entry(2), [], SUMMARY)
    # The second copy still believes entry 1 is the last one.
    with pytest.raises(StoreError) as refused, second.write() as connection:
        store.append(connection, event_id, entry(2), [], SUMMARY)
    assert refused.value.code == "event_moved_on"
    with second.read() as connection:
        entries = store.load_entries(connection, event_id)
    assert [e.payload["name"] for e in entries] == ["Night 1", "Night 2"]
    first.close()
    second.close()


def test_two_writers_racing_on_one_event_never_leave_a_gap_or_a_duplicate(pg_url: str) -> None:
    """Each writer appends "the next entry" as it last read it; refused ones retry."""
    setup = open_database(pg_url)
    with setup.write() as connection:
        event_id = store.insert_tournament(connection, SUMMARY, at=1)
    setup.close()
    written: list[int] = []
    refusals = [0]

    def writer() -> None:
        database = open_database(pg_url)
        for _ in range(40):
            while True:
                with database.read() as connection:
                    row = store.get_tournament(connection, event_id)
                assert row is not None
                try:
                    with database.write() as connection:
                        store.append(connection, event_id, entry(row.last_entry + 1), [], SUMMARY)
                    written.append(row.last_entry + 1)
                    break
                except StoreError as error:
                    assert error.code == "event_moved_on"
                    refusals[0] += 1
        database.close()

    threads = [threading.Thread(target=writer) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    check = open_database(pg_url, readonly=True)
    with check.read() as connection:
        seqs = [e.seq for e in store.load_entries(connection, event_id)]
    check.close()
    assert seqs == list(range(1, 81))
    assert sorted(written) == seqs


def test_a_second_copy_is_told_who_writes_the_event(pg_url: str, clock) -> None:
    first = open_database(pg_url)
    session = Library(first, clock=clock).create("Club night")
    second = open_database(pg_url)
    with pytest.raises(StoreError) as refused:
        TournamentSession(second, session.tournament_id, clock=clock)
    assert refused.value.code == "event_leased"
    assert refused.value.args_map["machine"] == first.holder
    assert refused.value.args_map["since"][:4].isdigit()
    # Following (read-only) needs no lease.
    follower = open_database(pg_url, readonly=True)
    assert TournamentSession(follower, session.tournament_id, clock=clock).state == session.state
    # Closed: the second copy may write it now.
    session.close()
    taken = TournamentSession(second, session.tournament_id, clock=clock)
    taken.dispatch(c.RenameTournament(name="Second copy"))
    taken.close()
    for database in (first, second, follower):
        database.close()


def test_a_lapsed_lease_is_taken_over(pg_url: str, clock, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DIRECTOR_LEASE_SECONDS", "0.6")
    first = open_database(pg_url)
    assert isinstance(first, PostgresDatabase)
    session = Library(first, clock=clock).create("Club night")
    session.dispatch(c.RenameTournament(name="Before the crash"))
    second = open_database(pg_url)
    time.sleep(1.0)  # renewed meanwhile: still held
    with pytest.raises(StoreError):
        TournamentSession(second, session.tournament_id, clock=clock)
    # The first copy stops renewing (as if it crashed): the lease lapses.
    first._stop.set()
    first._renewer.join()  # type: ignore[union-attr]
    deadline = time.monotonic() + 5
    while True:
        try:
            taken = TournamentSession(second, session.tournament_id, clock=clock)
            break
        except StoreError:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    assert taken.state.name == "Before the crash"
    taken.dispatch(c.RenameTournament(name="After the takeover"))
    # The crashed copy's next command is refused: nothing written on top.
    with pytest.raises(StoreError) as refused:
        session.dispatch(c.RenameTournament(name="Stale"))
    assert refused.value.code == "event_leased"
    assert refused.value.args_map["machine"] == second.holder
    assert session.tournament_id in first.lost_leases
    check = open_database(pg_url, readonly=True)
    assert TournamentSession(check, session.tournament_id).state.name == "After the takeover"
    check.close()
    taken.close()
    first.close()
    second.close()


def test_a_follower_is_told_of_each_change_within_a_second(pg_url: str, clock) -> None:
    writer = open_database(pg_url)
    session = Library(writer, clock=clock).create("Club night")
    follower_db = open_database(pg_url, readonly=True)
    assert isinstance(follower_db, PostgresDatabase)
    told: list[tuple[int, float]] = []
    follower = follower_db.follow(lambda event: told.append((event, time.monotonic())))
    lags = []
    for number in range(5):
        sent = time.monotonic()
        session.dispatch(c.RenameTournament(name=f"Name {number}"))
        deadline = sent + 1.0
        while not told and time.monotonic() < deadline:
            time.sleep(0.002)
        assert told, "no notice within a second"
        event, at = told.pop()
        told.clear()
        assert event == session.tournament_id
        lags.append(at - sent)
        followed = TournamentSession(follower_db, event, clock=clock)
        assert followed.state == session.state
    assert max(lags) < 1.0
    follower.close()
    session.close()
    writer.close()
    follower_db.close()


def test_back_up_now_and_restore_on_a_server(pg_url: str, tmp_path, clock) -> None:
    from director.app.storage.backups import BackupManager

    database = open_database(pg_url)
    library = Library(database, clock=clock)
    session = library.create("Club night")
    session.dispatch(c.RenameTournament(name="Before the backup"))
    session.close()
    manager = BackupManager(database, tmp_path / "backups")
    backup = manager.back_up()
    assert backup.exists() and backup.suffix == ".db"
    assert [info.path for info in manager.backups()] == [backup]
    # The backup is a director database of its own, readable anywhere.
    copy = open_database(backup, readonly=True)
    assert [e.name for e in Library(copy).events()] == ["Before the backup"]
    copy.close()
    again = library.open(session.tournament_id)
    again.dispatch(c.RenameTournament(name="After the backup"))
    again.close()
    library.create("Another").close()
    manager.restore(backup)
    assert [e.name for e in library.events()] == ["Before the backup"]
    reopened = library.open(session.tournament_id)
    assert reopened.state.name == "Before the backup"
    reopened.dispatch(c.RenameTournament(name="Restored and going on"))
    reopened.close()
    assert library.create("New after restore").tournament_id == session.tournament_id + 1
    database.close()


def test_the_driver_style_connection_takes_the_store_statements(pg_url: str) -> None:
    database = open_database(pg_url)
    with database.transaction() as connection:
        event_id = store.insert_tournament(connection, SUMMARY, at=1)
        store.append(connection, event_id, entry(1), [], SUMMARY)
    with database.reading() as connection:
        rows = connection.execute("SELECT id, name FROM tournament WHERE id = ?", (event_id,))
        assert rows.fetchall() == [(event_id, "Friday")]
        assert [e.seq for e in store.load_entries(connection, event_id)] == [1]
    database.close()


def test_a_database_missing_on_the_server_is_named_not_called_unreachable(pg_url: str) -> None:
    from director.i18n import describe_error

    missing = pg_url.replace("/club_", "/nothing_here_")
    with pytest.raises(StoreError) as refused:
        open_database(missing)
    said = describe_error(refused.value)
    assert refused.value.code == "db_server_no_database", said
    name = missing.split("?")[0].rsplit("/", 1)[1]
    assert f"no database called {name}" in said and "createdb" in said
    assert "cannot be reached" not in said


def test_a_password_refused_at_connection_is_said_as_such() -> None:
    """Refused while connecting, the driver gives no SQLSTATE: the server's words tell."""
    import psycopg

    from director.persistence.postgres import pg_store_error

    error = psycopg.OperationalError(
        'connection failed: connection to server at "10.0.0.5", port 5432 failed: '
        'FATAL:  password authentication failed for user "director"'
    )
    said = pg_store_error(error, "postgresql://director@10.0.0.5/club")
    assert said.code == "db_server_refused"


def test_the_alive_mark_alone_tells_no_follower_a_command_does(pg_url: str, clock) -> None:
    """While a clock runs the writer marks the event alive every 2 s (for its own next
    start): followers and events lists used to read everything again each time."""
    writer = open_database(pg_url)
    session = Library(writer, clock=clock).create("Club night")
    follower_db = open_database(pg_url, readonly=True)
    told: list[int] = []
    follower = follower_db.follow(told.append)
    try:
        for _ in range(5):
            session.mark_alive(running=True)
        session.mark_alive(running=False)
        session.dispatch(c.RenameTournament(name="Club night, table two"))
        deadline = time.monotonic() + 5
        while not told and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.2)  # anything sent before the command has come by now
        assert told == [session.tournament_id]
    finally:
        follower.close()
        session.close()
        writer.close()
        follower_db.close()
