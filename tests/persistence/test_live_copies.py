"""Copies, backups, restores and deletes while another copy of director writes the
club's data: a copy and its check read the same moment; a restore or a delete never
pulls an event from under the copy writing it (a club's server: leases)."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from director.app.night.session import TournamentSession
from director.app.storage.backups import BackupManager
from director.app.storage.library import Library
from director.app.storage.transfer import copy_club
from director.core import commands as c
from director.i18n import describe_error
from director.persistence import copy as copying
from director.persistence.db import StoreError, open_database
from tests.app.night import night


def write_once_during_the_copy(monkeypatch: pytest.MonkeyPatch, write: Any) -> list[str]:
    """After the copy has read its first table, ``write()`` (another copy writes the
    source); the tables copied are returned, in order."""
    copied: list[str] = []
    original = copying._copy_table

    def copy_table(source: Any, target: Any, table: Any) -> int:
        count = original(source, target, table)
        copied.append(table.name)
        if len(copied) == 1:
            write()
        return count

    monkeypatch.setattr(copying, "_copy_table", copy_table)
    return copied


def test_a_copy_and_its_check_read_the_same_moment_while_another_copy_writes(
    any_db: str, tmp_path: Path, clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``director copy`` from a club in use: a command written between the copy's
    reading and its check changes neither (it used to fail as "does not match")."""
    database = open_database(any_db)
    session = night(database, clock)
    before = session.history.done_count
    copied = write_once_during_the_copy(monkeypatch, lambda: session.dispatch(c.NextLevel()))
    target = tmp_path / "copy.db"
    result = copy_club(any_db, target)
    assert copied and result.events == 1
    assert session.history.done_count == before + 1
    check = open_database(target, readonly=True)
    try:
        # The copy is the source as it was when the copy began reading it.
        assert TournamentSession(check, session.tournament_id).history.done_count == before
    finally:
        check.close()
    session.close()
    database.close()


def test_a_backup_on_a_server_is_complete_even_while_writing(
    pg_url: str, tmp_path: Path, clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Back up now (and the hourly, start-up and safety copies) on a club's server
    while another copy writes: a write between the copy and its check used to fail
    the backup."""
    writer = open_database(pg_url)
    session = night(writer, clock)
    mine = open_database(pg_url)
    manager = BackupManager(mine, tmp_path / "backups")
    write_once_during_the_copy(monkeypatch, lambda: session.dispatch(c.NextLevel()))
    backup = manager.back_up(reason="manual")
    monkeypatch.undo()
    connection = sqlite3.connect(backup)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert connection.execute("SELECT name FROM tournament").fetchall() == [("Friday night",)]
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    finally:
        connection.close()

    # And for real: a writer going on at full speed in a thread, several backups.
    stop = threading.Event()
    failures: list[BaseException] = []

    def write() -> None:
        try:
            while not stop.is_set():
                session.dispatch(c.PauseClock())
                session.dispatch(c.StartClock())
        except BaseException as error:  # pragma: no cover - said by the test
            failures.append(error)

    thread = threading.Thread(target=write)
    thread.start()
    try:
        backups = [manager.back_up(reason="manual") for _ in range(4)]
    finally:
        stop.set()
        thread.join()
    assert not failures
    counts = []
    for path in backups:
        copy = open_database(path, readonly=True)
        try:
            counts.append(TournamentSession(copy, session.tournament_id).history.done_count)
        finally:
            copy.close()
    assert counts == sorted(counts) and counts[-1] <= session.history.done_count
    session.close()
    writer.close()
    mine.close()


def test_a_failed_backup_names_the_backup_not_its_temporary_file(
    pg_url: str, tmp_path: Path, clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = open_database(pg_url)
    Library(database, clock=clock).create("Friday").close()
    original = copying._copy_table

    def damaging(source: Any, target: Any, table: Any) -> int:
        count = original(source, target, table)
        if table.name == "tournament":
            target.exec_driver_sql("UPDATE tournament SET name = 'damaged'")
        return count

    monkeypatch.setattr(copying, "_copy_table", damaging)
    manager = BackupManager(database, tmp_path / "backups")
    with pytest.raises(StoreError) as failed:
        manager.back_up(reason="manual")
    said = describe_error(failed.value)
    assert failed.value.code == "copy_differs"
    assert ".partial" not in said and "-manual.db" in said, said
    assert list((tmp_path / "backups").iterdir()) == []
    database.close()


# -- a restore, a delete -----------------------------------------------------------


def two_copies(pg_url: str, clock) -> tuple[TournamentSession, Any]:
    """Copy A writes an event (holds its lease); copy B's database."""
    first = open_database(pg_url)
    session = night(first, clock)
    return session, open_database(pg_url)


def test_a_restore_is_refused_while_another_copy_writes_an_event(
    pg_url: str, tmp_path: Path, clock
) -> None:
    session, other = two_copies(pg_url, clock)
    manager = BackupManager(other, tmp_path / "backups")
    backup = manager.back_up(reason="manual")
    backed_up = session.state.clock.index
    session.dispatch(c.NextLevel())
    with pytest.raises(StoreError) as refused:
        manager.restore(backup)
    error = refused.value
    assert error.code == "restore_event_leased"
    assert error.args_map["machine"] == session.database.holder  # type: ignore[attr-defined]
    said = describe_error(error)
    assert "Friday night" in said and "nothing was restored" in said
    assert "1970" not in said and "?" not in said
    # Nothing was replaced, not even a safety copy made: copy A goes on writing.
    assert [info.path for info in manager.backups()] == [backup]
    written = session.history.done_count
    session.dispatch(c.NextLevel())
    assert session.history.done_count == written + 1
    # Once A has closed the event, the restore goes through.
    session.close()
    manager.restore(backup)
    check = Library(other, clock=clock).read(session.tournament_id)
    assert check.state.clock.index == backed_up
    session.database.close()
    other.close()


def test_a_restore_checks_the_leases_again_as_it_replaces_the_content(
    pg_url: str, tmp_path: Path, clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy that opens an event between the first check and the restore itself is
    seen too (the leases are locked while the content is replaced)."""
    session, other = two_copies(pg_url, clock)
    manager = BackupManager(other, tmp_path / "backups")
    backup = manager.back_up(reason="manual")
    monkeypatch.setattr(other, "writers_elsewhere", lambda: None)  # the early check passes
    with pytest.raises(StoreError) as refused:
        manager.restore(backup)
    assert refused.value.code == "restore_event_leased"
    session.dispatch(c.NextLevel())  # still written by A, on top of what it had
    session.close()
    session.database.close()
    other.close()


def test_a_writer_whose_event_was_replaced_is_told_so_never_by_whom_since_1970(
    pg_url: str, tmp_path: Path, clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy whose lease lapsed (it stopped renewing it: a network cut) and whose
    event another copy restored is told plainly at its next write."""
    session, other = two_copies(pg_url, clock)
    manager = BackupManager(other, tmp_path / "backups")
    backup = manager.back_up(reason="manual")
    first = session.database
    first._stop.set()  # type: ignore[attr-defined]  # A stops renewing its lease...
    first._renewer.join()  # type: ignore[attr-defined]
    with other.transaction() as connection:  # ... which lapses
        connection.execute("UPDATE lease SET expires = 0")
    manager.restore(backup)
    with pytest.raises(StoreError) as refused:
        session.dispatch(c.NextLevel())
    said = describe_error(refused.value)
    assert refused.value.code == "event_lease_removed", said
    assert "1970" not in said and "?" not in said
    session.database.close()
    other.close()


def test_deleting_an_event_another_copy_writes_is_refused_naming_it(
    pg_url: str, tmp_path: Path, clock
) -> None:
    session, other = two_copies(pg_url, clock)
    library = Library(other, clock=clock, backup_folder=tmp_path / "backups")
    with pytest.raises(StoreError) as refused:
        library.delete(session.tournament_id)
    error = refused.value
    assert error.code == "delete_event_leased"
    assert error.args_map["machine"] == session.database.holder  # type: ignore[attr-defined]
    said = describe_error(error)
    assert "Friday night" in said and "not deleted" in said
    assert [event.name for event in library.events()] == ["Friday night"]
    assert not (tmp_path / "backups").exists() or not list((tmp_path / "backups").iterdir())
    # A writes on and closes as usual (it used to fail on a foreign key).
    session.dispatch(c.NextLevel())
    session.close()
    # Closed there, the event can be deleted here; B holds no lease afterwards.
    library.delete(session.tournament_id)
    assert library.events() == []
    assert not other.holds_lease(session.tournament_id)
    session.database.close()
    other.close()


def test_deleting_an_event_no_other_copy_writes_on_either_kind(db_path: Path | str, clock) -> None:
    """On either kind, deleting an event no other copy writes works as before."""
    database = open_database(db_path)
    library = Library(database, clock=clock)
    session = library.create("Friday")
    session.close()
    library.delete(session.tournament_id)
    assert library.events() == []
    database.close()
