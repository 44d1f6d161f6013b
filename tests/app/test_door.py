"""The door's arrivals (issue 34, item 6): kept beside the event's log, so they
survive closing the app (a SIGKILL loses nothing written), one per person, never in
the event's log; the roster rule for the names offered."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from director.app.club.roster import Roster
from director.app.phones.door import Door, offered
from director.app.storage.library import Library
from director.persistence.db import open_database


def test_arrivals_survive_reopening_the_database_and_stay_out_of_the_log(
    tmp_path: Path, clock
) -> None:
    database = open_database(tmp_path / "door.db")
    session = Library(database, clock=clock).create("Friday")
    event = session.tournament_id
    entries = session.last_entry
    door = Door.of(database)
    arrival, new = door.check_in(session.state, event, "Zoé Durand", None, clock())
    assert new and arrival is not None
    assert door.check_in(session.state, event, "zoe  durand", None, clock())[1] is False
    assert session.last_entry == entries and not session.can_undo()
    session.close()
    database.close()
    reopened = open_database(tmp_path / "door.db")
    try:
        assert [(a.name, a.new) for a in Door.of(reopened).waiting(event)] == [("Zoé Durand", True)]
    finally:
        reopened.close()


def test_a_dismissed_arrival_is_kept_aside_across_a_restart_and_brought_back(
    tmp_path: Path, clock
) -> None:
    """A dismissal is undone from the door's list: the arrival is kept aside in the
    database (a restart loses nothing), brought back once, in his place."""
    database = open_database(tmp_path / "door.db")
    session = Library(database, clock=clock).create("Friday")
    event = session.tournament_id
    door = Door.of(database)
    first, _new = door.check_in(session.state, event, "Ann Martin", None, clock())
    clock.advance(60_000)
    door.check_in(session.state, event, "Zoé Durand", None, clock())
    assert first is not None and door.dismiss(event, first.id, clock())
    session.close()
    database.close()
    reopened = open_database(tmp_path / "door.db")
    try:
        door = Door.of(reopened)
        assert [a.name for a in door.waiting(event)] == ["Zoé Durand"]
        assert [a.name for a in door.dismissed(event)] == ["Ann Martin"]
        assert door.restore(event, first.id, clock())
        assert [a.name for a in door.waiting(event)] == ["Ann Martin", "Zoé Durand"]
        assert door.dismissed(event) == [] and not door.restore(event, first.id, clock())
    finally:
        reopened.close()


def test_only_the_name_or_its_start_is_offered_as_the_roster_rule(tmp_path: Path) -> None:
    """Roster rule (app.club.names): from the roster, only a name as typed or its start."""
    database = open_database(tmp_path / "door.db")
    try:
        roster = Roster(database)
        for name in ("Ann Martin", "Dan Annan", "Joanne Lee"):
            roster.add(name)
        assert [p.name for p in offered("ann", roster.all())] == ["Ann Martin"]
        assert offered("mart", roster.all()) == []  # a word inside: not the start
        assert offered("a", roster.all()) == []
    finally:
        database.close()


def test_director_report_door_writes_the_sign(tmp_path: Path) -> None:
    base = [sys.executable, "-m", "director"]
    db = str(tmp_path / "d.db")
    subprocess.run([*base, "demo", "--db", db], check=True, capture_output=True)
    out = tmp_path / "sign.pdf"
    url = "http://192.168.1.20:8765/door"
    done = subprocess.run(
        [*base, "report", "door", "1", "--db", db, "--out", str(out), "--url", url],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF")
    bad = subprocess.run(
        [*base, "report", "door", "1", "--db", db, "--out", str(out), "--url", "javascript:x"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2 and "--url" in bad.stderr
