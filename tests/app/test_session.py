from __future__ import annotations

from pathlib import Path

import pytest

from director.app.night import session as session_module
from director.app.night.session import TournamentSession
from director.app.storage.library import Library
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.messages import Message
from director.persistence.db import StoreError, open_database


def reopen(db_path: Path, event_id: int, clock) -> tuple[object, TournamentSession]:
    database = open_database(db_path)
    return database, TournamentSession(database, event_id, clock=clock)


def test_dispatch_reports_what_changed_and_persists(db_path: Path, clock) -> None:
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Friday")
    changes = session.dispatch(c.RenameTournament(name="Saturday"))
    assert changes.aspects == {"name"}
    assert changes.label == Message("rename_tournament")
    database.close()
    database, again = reopen(db_path, session.tournament_id, clock)
    assert again.state == session.state
    database.close()


def test_a_refused_command_writes_nothing(db_path: Path, clock) -> None:
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Friday")
    before = session.state
    with pytest.raises(RuleViolation):
        session.dispatch(c.RenameTournament(name=" "))
    assert session.state is before
    with database.read() as connection:
        assert connection.exec_driver_sql("SELECT COUNT(*) FROM entry").scalar() == 1
    database.close()


def test_undo_and_redo_are_labelled_and_survive_a_restart(db_path: Path, clock) -> None:
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Friday")
    assert not session.can_undo()  # creating the event is not undoable
    session.dispatch(c.RenameTournament(name="Saturday"))
    session.dispatch(c.EditDetails(event_date="2026-11-21", venue="Ann's"))
    assert session.undo_label() == Message("edit_details")
    session.undo()
    assert session.undo_label() == Message("rename_tournament")
    assert session.redo_label() == Message("edit_details")
    database.close()

    database, again = reopen(db_path, session.tournament_id, clock)
    assert again.state.venue == ""
    assert again.state.name == "Saturday"
    assert again.redo_label() == Message("edit_details")
    again.redo()
    assert again.state.venue == "Ann's"
    again.undo()
    again.undo()
    assert again.state.name == "Friday"
    assert not again.can_undo()
    database.close()


def test_a_new_command_after_undo_drops_the_redo(db_path: Path, clock) -> None:
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Friday")
    session.dispatch(c.RenameTournament(name="A"))
    session.undo()
    session.dispatch(c.RenameTournament(name="B"))
    assert not session.can_redo()
    with pytest.raises(RuleViolation):
        session.redo()
    database.close()


def test_snapshots_give_the_same_state_and_undo_reaches_past_them(
    db_path: Path, clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(session_module, "SNAPSHOT_EVERY", 5)
    monkeypatch.setattr(session_module, "STATES_KEPT", 3)
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Friday")
    for index in range(23):
        session.dispatch(c.RenameTournament(name=f"Name {index}"))
    with database.read() as connection:
        assert connection.exec_driver_sql("SELECT COUNT(*) FROM snapshot").scalar() >= 1
    for _ in range(10):
        session.undo()
    assert session.state.name == "Name 12"
    database.close()
    database, again = reopen(db_path, session.tournament_id, clock)
    assert again.state == session.state
    for _ in range(12):
        again.undo()
    assert again.state.name == "Name 0"
    for _ in range(5):
        again.redo()
    assert again.state.name == "Name 5"
    database.close()


def test_an_unknown_event_is_an_error(db_path: Path, clock) -> None:
    database = open_database(db_path)
    with pytest.raises(StoreError) as caught:
        TournamentSession(database, 42, clock=clock)
    assert caught.value.code == "event_unknown"
    database.close()


def test_library_lists_newest_first_and_deletes_with_a_backup(db_path: Path, clock) -> None:
    database = open_database(db_path)
    library = Library(database, clock=clock)
    first = library.create("First")
    clock.advance(1000)
    library.create("Second", event_date="2026-11-21")
    assert [s.name for s in library.events()] == ["Second", "First"]
    first.dispatch(c.SetArchived(archived=True))
    assert [s.name for s in library.events(include_archived=False)] == ["Second"]
    backup = library.delete(first.tournament_id)
    assert backup.exists()
    assert [s.name for s in library.events()] == ["Second"]
    with database.read() as connection:
        assert connection.exec_driver_sql("SELECT COUNT(*) FROM event").scalar() == 1
    database.close()


def test_refusal_says_why_a_command_would_fail_and_writes_nothing(db_path: Path, clock) -> None:
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Friday")
    with database.read() as connection:
        entries = connection.exec_driver_sql("SELECT COUNT(*) FROM entry").scalar()
    refused = session.refusal(c.RenameTournament(name=" "))
    assert refused is not None and refused.code == "name_empty"
    assert session.refusal(c.RenameTournament(name="Saturday")) is None
    assert session.state.name == "Friday"
    with database.read() as connection:
        assert connection.exec_driver_sql("SELECT COUNT(*) FROM entry").scalar() == entries
    undo = session.undo_refusal()
    assert undo is not None and undo.code == "nothing_to_undo"
    session.dispatch(c.RenameTournament(name="Saturday"))
    assert session.undo_refusal() is None
    redo = session.redo_refusal()
    assert redo is not None and redo.code == "nothing_to_redo"
    with pytest.raises(RuleViolation):
        session.redo()
    database.close()


def test_the_refusal_moment_moves_with_the_level_not_with_each_second(db_path, clock) -> None:
    """A view that asks "may I?" every second may skip the seconds where this holds:
    it changes when the level changes (re-buys close with a level) and when the state
    changes, not from one second to the next within a level."""
    from director.app.files import structures
    from director.app.storage.library import Library
    from director.core import commands as cmd
    from director.core.money import MoneySettings
    from director.persistence.db import open_database

    database = open_database(db_path)
    session = Library(database, clock=clock).create("Moments")
    template = structures.find("regular-5000")
    assert template is not None
    session.dispatch(cmd.SetStructure(structure=template.template.structure))
    session.dispatch(cmd.SetMoneySettings(settings=MoneySettings(buy_in=1000, chips=5000)))
    session.dispatch(cmd.StartClock())
    clock.advance(1_000)
    first = session.refusal_moment()
    clock.advance(30_000)
    assert session.refusal_moment() == first
    length = session.state.structure.items[0].duration_ms
    clock.advance(length)
    assert session.refusal_moment() != first
    later = session.refusal_moment()
    session.dispatch(cmd.RenameTournament(name="Moments 2"))
    assert session.refusal_moment() != later
    database.close()
