"""Seats that never move through the session (issue 34, item 5): undoable, kept in
the log, and named on a dealer's phone."""

from __future__ import annotations

from director.app.phones import dealers
from director.app.phones.remote import SessionTarget
from director.app.storage.library import Library
from director.core import commands as c
from tests.app.night import night


def test_locking_a_seat_and_naming_a_table_are_undone_and_read_back_from_the_log(
    database, clock
) -> None:
    session = night(database, clock)
    where = session.state.tables.seated()
    table = next(iter(session.state.tables.tables.values()))
    session.dispatch(c.SetTableLayout(table=table.number, name="Ann's kitchen", seats=10))
    free = next(seat for seat in range(1, 11) if seat not in table.seats)
    session.dispatch(c.LockSeat(table=table.number, seat=free))
    phone = dealers.view(SessionTarget(session), table.number, now=clock())
    assert phone["label"] == "Table Ann's kitchen"
    reopened = Library(database, clock=clock).open(session.tournament_id)
    assert reopened.state.tables.setup(table.number).locked == frozenset({free})
    assert reopened.state.tables.setup(table.number).name == "Ann's kitchen"
    assert reopened.state.tables.seats_at(table.number) == 10
    session.undo()
    assert session.state.tables.setup(table.number).locked == frozenset()
    session.undo()
    assert session.state.tables.setup(table.number).name == ""
    assert session.state.tables.seated() == where
