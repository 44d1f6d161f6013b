"""A damaged database is found before anything is written to it (SQLite's
quick_check), and never pushes a good backup out of the rotation."""

from __future__ import annotations

import datetime
import hashlib
from pathlib import Path

import pytest

from director.app.storage.backups import BackupManager, newest_good_backup, replace_damaged
from director.app.storage.library import Library
from director.cli import main
from director.persistence.db import StoreError, open_database
from tests.corpus import corrupt_index_page

START = datetime.datetime(2026, 11, 21, 20, 0, 0)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def backed_up(file_path: Path, clock) -> tuple[Path, list[Path]]:
    """A database with two good backups, then damaged."""
    database = open_database(file_path)
    library = Library(database, clock=clock)
    manager = BackupManager(database)
    library.create("Friday").close()
    made = [manager.back_up(now=START)]
    library.create("Saturday").close()
    made.append(manager.back_up(now=START + datetime.timedelta(hours=1)))
    database.close()
    corrupt_index_page(file_path)
    return file_path, made


def test_a_damaged_database_is_read_but_never_written(backed_up, capsys) -> None:
    path, made = backed_up
    before = digest(path)
    assert main(["events", "--db", str(path)]) == 0  # reading what is still readable
    capsys.readouterr()
    assert main(["demo", "--db", str(path)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "is damaged" in error and "nothing was written to it" in error
    assert made[-1].name in error  # the newest good backup, named
    assert digest(path) == before
    with pytest.raises(StoreError) as caught:
        open_database(path)
    assert caught.value.code == "db_damaged"
    assert digest(path) == before


def test_a_damaged_backup_is_never_offered(backed_up) -> None:
    path, made = backed_up
    corrupt_index_page(made[-1])
    found = newest_good_backup(path)
    assert found is not None and found.path == made[0]


def test_a_damaged_database_makes_no_backup(file_path: Path, clock) -> None:
    database = open_database(file_path)
    Library(database, clock=clock).create("Friday").close()
    manager = BackupManager(database)
    good = manager.back_up(now=START)
    database.engine.dispose()
    import sqlite3

    connection = sqlite3.connect(file_path)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    corrupt_index_page(file_path)
    with pytest.raises(StoreError) as caught:
        manager.back_up(now=START + datetime.timedelta(hours=1))
    assert caught.value.code == "db_damaged"
    assert [info.path for info in manager.backups()] == [good]
    assert sorted(path.name for path in good.parent.iterdir()) == [good.name]
    database.close()


def test_the_damaged_file_is_kept_aside_when_a_backup_replaces_it(backed_up, clock) -> None:
    path, made = backed_up
    damaged = path.read_bytes()
    aside = replace_damaged(path, made[-1], now=START)
    assert aside.read_bytes() == damaged
    database = open_database(path)
    assert sorted(s.name for s in Library(database, clock=clock).events()) == [
        "Friday",
        "Saturday",
    ]
    with database.read() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    database.close()
