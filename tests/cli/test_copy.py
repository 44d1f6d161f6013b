"""director copy: a whole club from SQLite to PostgreSQL and back, checked, the source
never touched."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from director.app.night.demo import create_demo
from director.app.night.session import TournamentSession
from director.app.storage.library import Library
from director.cli import main
from director.core import commands as c
from director.persistence.db import open_database


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def make_club(path: Path, clock) -> list[int]:
    database = open_database(path)
    demo = create_demo(database)
    library = Library(database, clock=clock)
    other = library.create("Cash Saturday")
    other.dispatch(c.RenameTournament(name="Cash Saturday night"))
    other.undo()
    ids = [demo.tournament_id, other.tournament_id]
    demo.close()
    other.snapshot()
    other.close()
    database.close()
    return ids


def states(target: str | Path, ids: list[int]) -> list[object]:
    database = open_database(target, create=False, readonly=True)
    try:
        return [
            (TournamentSession(database, i).state, TournamentSession(database, i).history)
            for i in ids
        ]
    finally:
        database.close()


def test_a_club_goes_to_postgresql_and_back_checked_and_the_source_untouched(
    tmp_path: Path, pg_url: str, clock, capsys
) -> None:
    source = tmp_path / "club.db"
    ids = make_club(source, clock)
    before = digest(source)
    assert main(["copy", "--from", str(source), "--to", pg_url]) == 0
    assert "checked by replaying" in capsys.readouterr().out
    assert digest(source) == before
    assert states(pg_url, ids) == states(source, ids)
    # The copy on the server is a working database: new events get new ids.
    server = open_database(pg_url)
    new = Library(server, clock=clock).create("Next week")
    assert new.tournament_id not in ids
    new.close()
    server.close()
    back = tmp_path / "back.db"
    assert main(["copy", "--from", pg_url, "--to", str(back)]) == 0
    assert states(back, ids) == states(source, ids)
    with open_database(source, readonly=True).read() as one:
        roster = one.execute("SELECT id, name, merged_into FROM player ORDER BY id").fetchall()
    copied = open_database(back, readonly=True)
    with copied.read() as two:
        assert two.execute("SELECT id, name, merged_into FROM player ORDER BY id").fetchall() == (
            roster
        )
    copied.close()
    # The identity goes with the copy: a copy made as a backup is the source's backup.
    assert (
        open_database(back, readonly=True).identity == open_database(source, readonly=True).identity
    )


def test_a_copy_never_writes_over_a_database_with_events(
    tmp_path: Path, pg_url: str, clock, capsys
) -> None:
    source = tmp_path / "club.db"
    make_club(source, clock)
    assert main(["copy", "--from", str(source), "--to", pg_url]) == 0
    capsys.readouterr()
    assert main(["copy", "--from", str(source), "--to", pg_url]) == 2
    error = capsys.readouterr().err
    assert "already holds a club's data" in error and error.count("\n") == 1
    assert main(["copy", "--from", str(source), "--to", str(source)]) == 2
    assert main(["copy", "--from", str(tmp_path / "missing.db"), "--to", pg_url]) == 2


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_events_and_status_read_a_club_database_by_url(
    kind: str, tmp_path: Path, pg_url: str, clock, capsys
) -> None:
    target = str(tmp_path / "club.db") if kind == "sqlite" else pg_url
    database = open_database(target)
    session = Library(database, clock=clock).create("Club night")
    session.close()
    database.close()
    assert main(["events", "--db", target]) == 0
    assert capsys.readouterr().out == "1\ttournament\tClub night\tsetup\n"
    assert main(["status", "1", "--db", target, "--json"]) == 0
    assert '"Club night"' in capsys.readouterr().out


def league_only(target: str | Path) -> None:
    """A database holding a league and nothing else (no event, no player, no picture)."""
    from director.app.club.leagues import Leagues

    database = open_database(target)
    try:
        Leagues(database).create("Winter league")
    finally:
        database.close()


def content_of(target: str | Path) -> dict[str, tuple[int, str]]:
    from director.persistence.copy import table_digests

    database = open_database(target, create=False, readonly=True)
    try:
        return table_digests(database)
    finally:
        database.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_target_holding_anything_of_a_club_is_refused_in_one_line_untouched(
    kind: str, tmp_path: Path, pg_url: str, clock, capsys
) -> None:
    """A league alone is a club's data too: refused before anything is written (it
    used to end in a duplicate key, or half merged and "does not match")."""
    source = tmp_path / "club.db"
    make_club(source, clock)
    target = str(tmp_path / "target.db") if kind == "sqlite" else pg_url
    league_only(target)
    before = content_of(target)
    assert main(["copy", "--from", str(source), "--to", target]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "already holds a club's data" in error, error
    assert content_of(target) == before


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_copy_that_fails_its_check_leaves_the_target_as_it_was(
    kind: str, tmp_path: Path, pg_url: str, clock, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The copy is checked before it is committed: a copy that does not match leaves
    nothing (a new file is removed, a server's database stays empty)."""
    from director.persistence import copy as copying

    source = tmp_path / "club.db"
    make_club(source, clock)
    target = str(tmp_path / "target.db") if kind == "sqlite" else pg_url
    original = copying._copy_table

    def damaging(source_connection, target_connection, table) -> int:
        count = original(source_connection, target_connection, table)
        if table.name == "entry":  # a log entry goes wrong on its way
            cursor = target_connection.connection.dbapi_connection.cursor()
            cursor.execute("UPDATE entry SET label = 'garbled' WHERE seq = 2")
            cursor.close()
        return count

    monkeypatch.setattr(copying, "_copy_table", damaging)
    assert main(["copy", "--from", str(source), "--to", target]) == 2
    error = capsys.readouterr().err
    assert "does not match its source" in error and error.count("\n") == 1, error
    if kind == "sqlite":
        assert sorted(path.name for path in tmp_path.iterdir()) == ["club.db"]
    else:
        assert all(count == 0 for count, _digest in content_of(target).values())
    # The same copy, unharmed, then goes through into the same target.
    monkeypatch.undo()
    assert main(["copy", "--from", str(source), "--to", target]) == 0
