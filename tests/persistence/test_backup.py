from __future__ import annotations

import datetime
import sqlite3
from pathlib import Path

from director.app.storage.backups import BackupManager
from director.app.storage.library import Library
from director.persistence import backup as files
from director.persistence.db import open_database
from tests.conftest import names_in


def test_backups_rotate_keeping_the_last_ten(db_path: Path) -> None:
    database = open_database(db_path)
    manager = BackupManager(database)
    start = datetime.datetime(2026, 11, 21, 20, 0, 0)
    for minute in range(13):
        manager.back_up(now=start + datetime.timedelta(minutes=minute))
    manager.back_up(reason="manual", now=start)
    backups = manager.backups()
    automatic = [info for info in backups if info.reason == "auto"]
    assert len(automatic) == 10
    assert automatic[0].created == start + datetime.timedelta(minutes=12)
    assert any(info.reason == "manual" for info in backups)
    database.close()


def test_a_backup_is_a_complete_database_even_while_writing(file_path: Path, clock) -> None:
    """SQLite's online backup (a server's database is copied row by row instead: its
    twin is ``test_live_copies.py::test_a_backup_on_a_server_is_complete_even_while_writing``)."""
    db_path = file_path
    database = open_database(db_path)
    library = Library(database, clock=clock)
    library.create("Friday").close()
    copy = db_path.parent / "copy.db"
    files.copy_database(db_path, copy)
    connection = sqlite3.connect(copy)
    assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert connection.execute("SELECT name FROM tournament").fetchall() == [("Friday",)]
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    connection.close()
    database.close()


def test_hourly_backup_is_due_after_an_hour(db_path: Path) -> None:
    database = open_database(db_path)
    manager = BackupManager(database)
    start = datetime.datetime(2026, 11, 21, 20, 0, 0)
    assert manager.back_up_if_due(start) is not None
    assert manager.back_up_if_due(start + datetime.timedelta(minutes=59)) is None
    assert manager.back_up_if_due(start + datetime.timedelta(minutes=60)) is not None
    database.close()


def test_deleted_event_comes_back_by_restoring_the_backup(db_path: Path, clock) -> None:
    database = open_database(db_path)
    library = Library(database, clock=clock)
    session = library.create("Friday")
    event_id = session.tournament_id
    session.close()
    library.create("Saturday").close()
    backup = library.delete(event_id)
    assert [s.name for s in library.events()] == ["Saturday"]
    manager = BackupManager(database)
    safety = manager.restore(backup)
    assert sorted(s.name for s in library.events()) == ["Friday", "Saturday"]
    assert library.open(event_id).state.name == "Friday"
    # The state before the restore was kept too.
    manager.restore(safety)
    assert [s.name for s in library.events()] == ["Saturday"]
    database.close()


def _names_in(path: Path) -> list[str]:
    connection = sqlite3.connect(path)
    try:
        return [name for (name,) in connection.execute("SELECT name FROM tournament")]
    finally:
        connection.close()


def test_the_start_up_backup_is_made_before_the_first_write(db_path: Path, clock) -> None:
    database = open_database(db_path)
    Library(database, clock=clock).create("Friday").close()
    database.close()
    database = open_database(db_path)
    manager = BackupManager(database)
    failures: list[Exception] = []
    manager.back_up_later(failures.append)
    assert manager.pending and manager.backups() == []
    library = Library(database, clock=clock)
    assert [s.name for s in library.events()] == ["Friday"]  # reading makes no copy
    assert manager.backups() == []
    library.create("Saturday").close()  # the first write makes it, just before
    assert not manager.pending and failures == []
    (backup,) = manager.backups()
    assert _names_in(backup.path) == ["Friday"]  # the file as it was opened
    library.create("Sunday").close()
    assert len(manager.backups()) == 1  # once only
    assert manager.back_up_pending() is None
    database.close()


def test_the_start_up_backup_made_later_is_made_once(db_path: Path, clock) -> None:
    database = open_database(db_path)
    manager = BackupManager(database)
    manager.back_up_later(lambda error: None)
    assert manager.back_up_pending() is not None
    assert manager.back_up_pending() is None
    Library(database, clock=clock).create("Friday").close()
    assert len(manager.backups()) == 1
    database.close()


def test_a_failed_start_up_backup_is_reported_and_the_write_goes_on(
    db_path: Path, clock, monkeypatch
) -> None:
    database = open_database(db_path)
    manager = BackupManager(database)
    failures: list[Exception] = []
    manager.back_up_later(failures.append)

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files, "make_backup", full_disk)
    Library(database, clock=clock).create("Friday").close()
    assert [type(error) for error in failures] == [OSError]
    assert names_in(db_path) == ["Friday"]
    database.close()
