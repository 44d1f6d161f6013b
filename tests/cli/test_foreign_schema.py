"""A database that is not exactly director's (issue 35): a table dropped or added, a
trigger, a view, an index of someone else's. Every command that writes (``demo``,
``import``, the app's open) refuses it before anything is written, in one line,
and leaves it byte for byte as it was; on PostgreSQL too."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from director.cli import main
from director.persistence.db import SCHEMA_REVISIONS, open_database
from director.persistence.errors import StoreError
from tests import corpus


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("base") / "base.db"
    corpus.build_base(path)
    return path


def files_of(folder: Path) -> dict[str, str]:
    """Every file in ``folder`` and a hash of its bytes (a -wal or -shm left counts)."""
    return {
        path.name: hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.iterdir())
        if path.is_file()
    }


def run(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 1


@pytest.mark.parametrize("shape", sorted(corpus.SHAPES))
@pytest.mark.parametrize(
    "command", [["demo"], ["import", "players", "{players}"], ["events"]], ids=" ".join
)
def test_a_database_not_exactly_directors_is_refused_and_left_unchanged(
    base: Path, tmp_path: Path, capsys, shape: str, command: list[str]
) -> None:
    folder = tmp_path / "db"
    folder.mkdir()
    db = corpus.damaged(corpus.SHAPES[shape])(folder, base)
    players = tmp_path / "players.csv"
    players.write_text("name\nNew Player\n", encoding="utf-8")
    before = files_of(folder)
    argv = [part.format(players=players) for part in command]
    assert run([*argv, "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not exactly a director database" in err, err
    assert files_of(folder) == before


@pytest.mark.parametrize("shape", sorted(corpus.SHAPES))
def test_the_app_refuses_to_open_a_database_not_exactly_directors(
    base: Path, tmp_path: Path, shape: str
) -> None:
    db = corpus.damaged(corpus.SHAPES[shape])(tmp_path, base)
    before = files_of(tmp_path)
    with pytest.raises(StoreError) as refused:
        open_database(db)
    assert refused.value.code == "db_foreign_schema"
    assert files_of(tmp_path) == before


@pytest.mark.parametrize("revision", SCHEMA_REVISIONS)
def test_director_s_own_databases_of_every_age_still_open(
    base: Path, tmp_path: Path, revision: str
) -> None:
    """The check knows each revision's tables: an older schema is upgraded, not refused."""
    database = open_database(corpus.older(revision)(tmp_path, base))
    database.close()
    open_database(tmp_path / "old.db", readonly=True).close()


PG_SHAPES = {
    "a table dropped": "DROP TABLE draft",
    "an unknown table": "CREATE TABLE notes (text TEXT)",
    "a view": "CREATE VIEW everyone AS SELECT name FROM player",
    "a foreign trigger": "CREATE FUNCTION spy() RETURNS trigger LANGUAGE plpgsql AS "
    "$$ BEGIN DELETE FROM player; RETURN NEW; END $$; "
    "CREATE TRIGGER spy AFTER INSERT ON entry FOR EACH ROW EXECUTE FUNCTION spy()",
}


def pg_content(url: str) -> list[object]:
    """The schema's tables and every table's rows, as the server has them."""
    import psycopg

    from director.persistence.postgres import driver_url

    with psycopg.connect(driver_url(url)) as connection:
        tables = [
            row[0]
            for row in connection.execute(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = current_schema() ORDER BY 1"
            )
        ]
        return [tables] + [
            sorted(map(repr, connection.execute(f'SELECT * FROM "{table}"'))) for table in tables
        ]


@pytest.mark.parametrize("shape", sorted(PG_SHAPES))
def test_a_club_database_not_exactly_directors_is_refused_and_left_unchanged(
    pg_url: str, capsys, shape: str
) -> None:
    import psycopg

    from director.persistence.postgres import driver_url

    open_database(pg_url).close()
    with psycopg.connect(driver_url(pg_url)) as connection:
        connection.execute(PG_SHAPES[shape])
    before = pg_content(pg_url)
    assert run(["demo", "--db", pg_url]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not exactly a director database" in err, err
    assert pg_content(pg_url) == before
    with pytest.raises(StoreError):
        open_database(pg_url)
