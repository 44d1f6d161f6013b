from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from director.persistence import migrations
from director.persistence.db import SCHEMA_HEAD, SCHEMA_REVISIONS, StoreError, open_database
from director.persistence.sqlite import APPLICATION_ID


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_new_database_is_marked_ours_in_wal_mode_with_durable_settings(file_path: Path) -> None:
    database = open_database(file_path)
    with database.read() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
        assert connection.exec_driver_sql("PRAGMA application_id").scalar() == APPLICATION_ID
        revision = connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
        assert revision == SCHEMA_HEAD
    database.close()


def test_the_revision_list_matches_the_migration_scripts() -> None:
    assert tuple(migrations.known_revisions()) == SCHEMA_REVISIONS


def test_the_migrated_schema_matches_the_tables(any_db: str) -> None:
    """On SQLite and on PostgreSQL."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from sqlmodel import SQLModel

    from director.persistence import tables  # noqa: F401

    database = open_database(any_db)
    with database.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    database.close()
    assert differences == []


def test_a_file_that_is_not_sqlite_is_refused_and_left_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("shopping list\n")
    before = digest(path)
    with pytest.raises(StoreError) as caught:
        open_database(path)
    assert caught.value.code == "db_not_director"
    assert digest(path) == before
    assert not (tmp_path / "notes.db-wal").exists()


def test_another_sqlite_database_is_refused_and_left_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE recipes (name TEXT)")
    connection.commit()
    connection.close()
    before = digest(path)
    with pytest.raises(StoreError) as caught:
        open_database(path)
    assert caught.value.code == "db_not_director"
    assert digest(path) == before


def test_a_database_from_a_newer_version_is_refused_and_never_altered(file_path: Path) -> None:
    open_database(file_path).close()
    connection = sqlite3.connect(file_path)
    connection.execute("UPDATE alembic_version SET version_num = '9999_future'")
    connection.commit()
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    before = digest(file_path)
    for readonly in (False, True):
        with pytest.raises(StoreError) as caught:
            open_database(file_path, readonly=readonly)
        assert caught.value.code == "db_newer"
    assert digest(file_path) == before


def test_a_second_copy_is_told_the_database_is_in_use(file_path: Path) -> None:
    first = open_database(file_path)
    with pytest.raises(StoreError) as caught:
        open_database(file_path)
    assert caught.value.code == "db_in_use"
    reader = open_database(file_path, readonly=True)  # reading beside it is fine
    reader.close()
    first.close()
    open_database(file_path).close()


def test_missing_file_is_refused_when_not_creating(tmp_path: Path) -> None:
    for kwargs in ({"create": False}, {"readonly": True}):
        with pytest.raises(StoreError) as caught:
            open_database(tmp_path / "none.db", **kwargs)
        assert caught.value.code == "db_missing"
    assert not (tmp_path / "none.db").exists()


def test_an_empty_file_becomes_a_database(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    path.touch()
    open_database(path).close()
    assert path.stat().st_size > 0


def test_an_older_database_is_backed_up_then_upgraded(file_path: Path) -> None:
    from sqlalchemy import create_engine

    file_path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(file_path)
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    connection.commit()
    connection.close()
    engine = create_engine(f"sqlite:///{file_path}")
    migrations.upgrade(engine, SCHEMA_REVISIONS[0])
    engine.dispose()
    database = open_database(file_path)
    with database.read() as connection:
        assert (
            connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
            == SCHEMA_HEAD
        )
    database.close()
    if len(SCHEMA_REVISIONS) > 1:
        assert list((file_path.parent / "backups").glob("*before-upgrade.db"))
