from __future__ import annotations

import datetime
import sqlite3
from pathlib import Path

from director.app.backups import BackupManager
from director.app.library import Library
from director.persistence import backup as files
from director.persistence.db import open_database


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


def test_a_backup_is_a_complete_database_even_while_writing(db_path: Path, clock) -> None:
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
