"""Opening an event in the window only to look at it, then closing it, writes
nothing: the database file is byte for byte the same, and so are its log and
snapshot rows (on a file and on a club server)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from director.app.club.roster import Roster
from director.app.storage.library import Library
from director.core import commands as c
from director.core.money import MoneySettings
from director.core.structure import simple
from director.persistence.copy import table_digests
from director.persistence.db import files_beside, open_database
from tests.conftest import KINDS, database_of_kind


@pytest.fixture(params=KINDS)
def db_path(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    return database_of_kind(request.param, tmp_path)


def file_digest(target: Path | str) -> str | None:
    if not isinstance(target, Path):
        return None
    assert not any(side.exists() for side in files_beside(target))  # all in the file
    return hashlib.sha256(target.read_bytes()).hexdigest()


def test_open_look_and_close_in_the_window_writes_nothing(
    qtbot, window_factory, db_path, clock
) -> None:

    # An event with commands after its last snapshot, clock paused: the case where
    # closing used to write a snapshot.
    database = open_database(db_path)
    roster = Roster(database, clock=clock)
    players = [roster.add(f"Player {n}") for n in range(1, 9)]
    session = Library(database, clock=clock).create("Looked at")
    session.dispatch(
        c.SetUpEvent(
            structure=simple([(25, 50), (50, 100)]),
            money=MoneySettings(buy_in=2000, chips=5000),
            players=tuple(c.Newcomer(player=p.id, name=p.name) for p in players),
        )
    )
    session.dispatch(c.StartClock())
    clock.advance(60_000)
    session.dispatch(c.PauseClock())
    database.close()  # its session never closed: no snapshot of these commands
    before_file = file_digest(db_path)
    reader = open_database(db_path, readonly=True)
    before_rows = table_digests(reader)
    reader.close()

    window = window_factory()
    database = window.database
    window.open_event(session.tournament_id)
    assert window.controller is not None and window.console is not None
    for key in list(window.console.keys()):  # every page drawn, as an organizer looks
        window.console.show_page(key)
        qtbot.wait(1)
    window.show_events()
    window.close_session()
    window.close()
    database.close()

    assert file_digest(db_path) == before_file
    reader = open_database(db_path, readonly=True)
    assert table_digests(reader) == before_rows
    reader.close()
