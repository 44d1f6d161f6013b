"""Opening an event only to read it never writes to it: a session opened to read
(leagues, reports, the command line) takes no lease and writes nothing, not even at
close; a writer's session that only looked writes no snapshot either."""

from __future__ import annotations

import pytest

from director.app.club.leagues import Leagues
from director.app.storage.library import Library
from director.core import commands as c
from director.core.errors import RuleViolation
from director.persistence import league_store
from director.persistence.copy import table_digests
from director.persistence.db import open_database
from tests.app.league_helpers import play_event


def unclosed_event(db_path, clock) -> int:
    """An event with commands after its last snapshot (its session never closed)."""
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Looked at")
    for number in range(5):
        session.dispatch(c.RenameTournament(name=f"Looked at {number}"))
    database.close()
    return session.tournament_id


def leases(database) -> list[tuple[int]]:
    with database.read() as connection:
        return [
            tuple(row) for row in league_store.rows(connection, "SELECT tournament_id FROM lease")
        ]


def test_a_session_opened_to_read_writes_nothing_and_refuses_every_change(db_path, clock) -> None:
    event_id = unclosed_event(db_path, clock)
    database = open_database(db_path)
    before = table_digests(database)
    session = Library(database, clock=clock).read(event_id)
    assert session.reading and session.state.name == "Looked at 4"
    assert leases(database) == []  # no lease: another copy may be writing it
    refusal = session.refusal(c.RenameTournament(name="No"))
    assert refusal is not None and refusal.code == "session_read_only"
    assert session.undo_refusal().code == "session_read_only"  # type: ignore[union-attr]
    for write in (
        lambda: session.dispatch(c.RenameTournament(name="No")),
        lambda: session.undo(),
        lambda: session.save_draft("floor", {}),
        lambda: session.mark_alive(running=True),
        lambda: session.snapshot(),
    ):
        with pytest.raises(RuleViolation) as refused:
            write()
        assert refused.value.code == "session_read_only"
    session.close()
    assert table_digests(database) == before
    database.close()


def test_a_writer_that_only_looked_writes_no_snapshot_and_one_that_wrote_does(
    db_path, clock
) -> None:
    event_id = unclosed_event(db_path, clock)
    database = open_database(db_path)
    before = table_digests(database)
    looked = Library(database, clock=clock).open(event_id)
    looked.close()
    assert table_digests(database) == before
    wrote = Library(database, clock=clock).open(event_id)
    wrote.dispatch(c.RenameTournament(name="Changed"))
    wrote.close()
    with database.read() as connection:
        snapshots = league_store.rows(connection, "SELECT entry_seq FROM snapshot")
    assert [tuple(row) for row in snapshots] == [(7,)]
    database.close()


def test_a_league_reads_an_event_another_copy_is_writing(pg_url: str, clock) -> None:
    """On a club server: the league's copy rebuilds a finished event's results while
    another copy holds the event open, without taking its lease or stopping it."""
    writer_db = open_database(pg_url)
    library = Library(writer_db, clock=clock)
    from director.app.club.roster import Roster

    roster = Roster(writer_db, clock=clock)
    players = [roster.add(f"Player {n}") for n in range(1, 4)]
    holder = play_event(library, "Club final", "2026-05-02", players)  # kept open
    with writer_db.write() as connection:  # its summary lost: the league must rebuild it
        league_store.delete_summary(connection, holder.tournament_id)

    league_db = open_database(pg_url)
    found = Leagues(league_db, clock=clock).finished_events()
    assert [event.event for event in found] == [holder.tournament_id]
    assert leases(league_db) == [(holder.tournament_id,)]  # still the writer's alone
    holder.dispatch(c.EditDetails(event_date="2026-05-03", venue="The club"))  # not stopped
    holder.close()
    league_db.close()
    writer_db.close()
