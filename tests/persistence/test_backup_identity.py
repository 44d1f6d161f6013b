"""Backups belong to the database that made them, and sort by time."""

from __future__ import annotations

import datetime
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from director.app.storage.backups import BackupManager
from director.app.storage.library import Library
from director.persistence import backup as files
from director.persistence import migrations
from director.persistence.db import SCHEMA_REVISIONS, StoreError, open_database
from director.persistence.sqlite import APPLICATION_ID, read_identity
from tests.conftest import KINDS, database_of_kind

START = datetime.datetime(2026, 11, 21, 20, 0, 0)


def names_in(path: Path) -> list[str]:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [row[0] for row in connection.execute("SELECT name FROM tournament ORDER BY id")]
    finally:
        connection.close()


@pytest.fixture(params=KINDS)
def two_clubs(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Path | str, Path | str]:
    """Two databases of one kind: files of the same name in two folders, or two
    databases of a server."""
    if request.param == "sqlite":
        return tmp_path / "a" / "director.db", tmp_path / "b" / "director.db"
    return database_of_kind("postgresql", tmp_path), database_of_kind("postgresql", tmp_path)


def open_both(two_clubs: tuple[Path | str, Path | str]) -> tuple[Any, Any]:
    """Both open; on a server, the second's backups take the first's name (as two
    servers' databases called alike would), so that only the identity tells them apart."""
    first, second = (open_database(target) for target in two_clubs)
    if second.url is not None:  # a file's is its own path, named alike already
        second.path = first.path
    return first, second


def test_every_database_has_its_own_identity(two_clubs) -> None:
    first, second = open_both(two_clubs)
    assert first.identity and second.identity and first.identity != second.identity
    identity = first.identity
    first.close()
    second.close()
    again = open_database(two_clubs[0])
    assert again.identity == identity
    again.close()


def test_two_databases_with_the_same_name_and_folder_keep_their_own_backups(
    two_clubs, tmp_path: Path, clock
) -> None:
    shared = tmp_path / "backups"
    club_a, club_b = open_both(two_clubs)
    Library(club_a, clock=clock).create("Club A night").close()
    Library(club_b, clock=clock).create("Club B night").close()
    manager_a = BackupManager(club_a, shared)
    manager_b = BackupManager(club_b, shared)
    for minute in range(3):
        manager_a.back_up(now=START + datetime.timedelta(minutes=minute))
    for minute in range(13):
        manager_b.back_up(now=START + datetime.timedelta(minutes=10 + minute))
    backups_a, backups_b = manager_a.backups(), manager_b.backups()
    assert len(backups_a) == 3 and len(backups_b) == 10
    assert all(names_in(info.path) == ["Club A night"] for info in backups_a)
    assert all(names_in(info.path) == ["Club B night"] for info in backups_b)
    # A's restore never loads B's data.
    with pytest.raises(StoreError) as caught:
        manager_a.restore(backups_b[0].path)
    assert caught.value.code == "backup_not_ours"
    assert [s.name for s in Library(club_a).events()] == ["Club A night"]
    club_a.close()
    club_b.close()


def test_a_copy_renamed_to_look_like_ours_is_not_listed(two_clubs, tmp_path: Path) -> None:
    shared = tmp_path / "backups"
    club_a, club_b = open_both(two_clubs)
    manager_a = BackupManager(club_a, shared)
    ours = manager_a.back_up(now=START)
    theirs = BackupManager(club_b, shared).back_up(now=START)
    disguised = ours.with_name(ours.name.replace("20261121-200000", "20261121-210000"))
    theirs.replace(disguised)
    assert [info.path for info in manager_a.backups()] == [ours]
    club_a.close()
    club_b.close()


def test_backups_made_in_the_same_second_rotate_by_time(db_path: Path, clock) -> None:
    database = open_database(db_path)
    library = Library(database, clock=clock)
    manager = BackupManager(database)
    made = []
    for number in range(1, 13):
        library.create(f"Event {number}").close()
        made.append(manager.back_up(now=START))  # all in the same second
    assert [path.name for path in made] == sorted(path.name for path in made)
    kept = manager.backups()
    assert [info.path for info in kept] == list(reversed(made[2:]))
    assert len(names_in(kept[0].path)) == 12 and len(names_in(kept[-1].path)) == 3
    database.close()


def make_old_database(path: Path, revision: str) -> None:
    from sqlalchemy import create_engine

    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path)
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    connection.commit()
    connection.close()
    engine = create_engine(f"sqlite:///{path}")
    migrations.upgrade(engine, revision)
    with engine.begin() as connection:
        connection.exec_driver_sql(
            "INSERT INTO tournament (name, kind, status, archived, event_date, created_at, "
            "updated_at, last_entry, last_event) VALUES ('Old night', 'tournament', 'setup', "
            "0, '', 0, 0, 0, 0)"
        )
    engine.dispose()


def test_an_older_database_gets_an_identity_and_keeps_its_copy_from_before(
    file_path: Path,
) -> None:
    """An old file (a server's database was made after identities existed)."""
    db_path = file_path
    make_old_database(db_path, "0003_drafts")
    assert read_identity(db_path) is None
    database = open_database(db_path)
    assert database.identity is not None
    manager = BackupManager(database)
    backups = manager.backups()
    assert [info.reason for info in backups] == ["before-upgrade"]
    assert files.tag_of(database.identity) in backups[0].path.name
    # Restoring the copy from before the upgrade keeps the database's identity.
    identity = database.identity
    manager.restore(backups[0].path)
    reopened = check_identity(db_path)
    assert reopened == identity
    assert len(manager.backups()) == 2  # the copy from before the restore, and the old one
    database.close()


def check_identity(path: Path) -> str | None:
    connection = sqlite3.connect(path)
    try:
        return connection.execute("SELECT uuid FROM database_identity").fetchone()[0]
    finally:
        connection.close()


def test_the_identity_migration_is_known() -> None:
    assert "0004_identity" in SCHEMA_REVISIONS
