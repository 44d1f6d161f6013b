"""director upgrade: a database written by an older version is backed up, upgraded and
checked (every event replayed) without the window, on a file and on a club's server;
``director serve`` and the read-only commands name it instead of "open it in the app"."""

from __future__ import annotations

import hashlib
import os
import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from director.app.club.balances import ClubBook
from director.app.night.demo import create_demo
from director.app.night.session import TournamentSession
from director.app.storage.library import Library
from director.cli import main
from director.core import commands as c
from director.persistence.db import SCHEMA_HEAD, is_url, open_database
from tests.conftest import KINDS, database_of_kind

OLDER = "0010_dealer_phones"
"""Older still: its schema lacks what the newest reads (results' format)."""
ONE_OLDER = "0014_club_expenses"
"""One version older, the same tables for reading (shared expenses without how each
was split: read as "shares as given")."""


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def files_in(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` with its content's digest."""
    return {
        str(path.relative_to(folder)): digest(path)
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def engine_for(target: Path | str):  # type: ignore[no-untyped-def]
    from sqlalchemy import create_engine

    if is_url(target):
        from director.persistence.postgres import driver_url

        return create_engine("postgresql+psycopg://" + driver_url(str(target))[13:])
    return create_engine(f"sqlite:///{target}")


def downgrade(target: Path | str, revision: str) -> None:
    """Take the schema back to ``revision``, as an older version left it."""
    from alembic import command

    from director.persistence.migrations import alembic_config

    engine = engine_for(target)
    try:
        with engine.begin() as connection:
            config = alembic_config()
            config.attributes["connection"] = connection
            command.downgrade(config, revision)
    finally:
        engine.dispose()


def execute(target: Path | str, sql: str) -> None:
    engine = engine_for(target)
    try:
        with engine.begin() as connection:
            connection.exec_driver_sql(sql)
    finally:
        engine.dispose()


def revision_of(target: Path | str) -> str:
    """The schema revision stored in the database, read with SQL alone."""
    engine = engine_for(target)
    try:
        with engine.connect() as connection:
            return str(
                connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
            )
    finally:
        engine.dispose()


def make_club(target: Path | str, clock) -> None:  # type: ignore[no-untyped-def]
    """Two events with a log: the demo, and one renamed then taken back."""
    database = open_database(target)
    create_demo(database).close()
    other = Library(database, clock=clock).create("Cash Saturday")
    other.dispatch(c.RenameTournament(name="Cash Saturday night"))
    other.undo()
    other.close()
    database.close()


def states(target: Path | str) -> list[object]:
    database = open_database(target, create=False, readonly=True)
    try:
        return [
            (session.state, session.history)
            for session in (
                TournamentSession(database, e.id, reading=True)
                for e in sorted(Library(database).events(), key=lambda e: e.id)
            )
        ]
    finally:
        database.close()


@pytest.fixture(params=KINDS)
def club(request: pytest.FixtureRequest, tmp_path: Path, clock) -> Path | str:  # type: ignore[no-untyped-def]
    """A club's database at the newest schema, on a file then on a server."""
    target = database_of_kind(request.param, tmp_path)
    make_club(target, clock)
    return target


def arg(target: Path | str) -> str:
    return str(target)


def test_an_older_database_is_backed_up_upgraded_and_every_event_replayed(
    club: Path | str, capsys
) -> None:
    expected = states(club)
    downgrade(club, OLDER)
    assert main(["upgrade", "--db", arg(club)]) == 0
    out = capsys.readouterr().out
    assert f"from schema {OLDER} to {SCHEMA_HEAD}" in out
    assert "2 events were replayed" in out
    assert revision_of(club) == SCHEMA_HEAD
    assert states(club) == expected
    found = re.search(r"^Backup: (.+)$", out, re.MULTILINE)
    assert found is not None
    backup = Path(found[1])
    assert backup.is_file()
    # The backup opens, and holds every event.
    copy = open_database(backup, create=False)
    try:
        assert len(Library(copy).events()) == 2
    finally:
        copy.close()


def test_an_up_to_date_database_is_only_read(club: Path | str, tmp_path: Path, capsys) -> None:
    if isinstance(club, Path):
        before = files_in(tmp_path)
    assert main(["upgrade", "--db", arg(club)]) == 0
    assert "already up to date" in capsys.readouterr().out
    if isinstance(club, Path):
        assert files_in(tmp_path) == before
    assert revision_of(club) == SCHEMA_HEAD


def test_a_newer_database_is_refused_and_left_unchanged(
    club: Path | str, tmp_path: Path, capsys
) -> None:
    execute(club, "UPDATE alembic_version SET version_num = '0099_from_the_future'")
    if isinstance(club, Path):
        before = files_in(tmp_path)
    assert main(["upgrade", "--db", arg(club)]) == 2
    err = capsys.readouterr().err
    assert "newer version" in err and err.count("\n") == 1
    if isinstance(club, Path):
        assert files_in(tmp_path) == before
    assert revision_of(club) == "0099_from_the_future"


HOLD_LOCK = """
import sys
from pathlib import Path
from director.persistence.sqlite import SqliteWriterLock

lock = SqliteWriterLock(Path(sys.argv[1]))
lock.acquire(create=False)
print("held", flush=True)
sys.stdin.read()
lock.release()
"""


@pytest.fixture
def older_file(tmp_path: Path, clock) -> Path:  # type: ignore[no-untyped-def]
    target = tmp_path / "director.db"
    make_club(target, clock)
    downgrade(target, OLDER)
    return target


@pytest.fixture
def one_older_file(tmp_path: Path, clock) -> Path:  # type: ignore[no-untyped-def]
    """A file as the version before this one left it, with a league and a season."""
    target = tmp_path / "director.db"
    make_club(target, clock)
    assert main(["league", "create", "Friday", "--db", str(target)]) == 0
    assert main(["league", "season", "Friday", "2026", "--db", str(target)]) == 0
    # A payment in the club's journal, as that version wrote it.
    database = open_database(target)
    owing = next(p for p in ClubBook(database).balances().players if p.owes)
    database.close()
    assert main(["pay", owing.name, "1", "--db", str(target)]) == 0
    assert (
        main(["expense", "2", "--paid-by", owing.name, "--split", owing.name, "--db", str(target)])
        == 0
    )
    downgrade(target, ONE_OLDER)
    return target


@pytest.fixture
def older_file_in_use(older_file: Path) -> Iterator[Path]:
    """Another copy of director holds the file's writer lock (the app has it open)."""
    process = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, str(older_file)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stdout.readline().strip() == "held"
    yield older_file
    process.communicate(timeout=30)


def test_a_file_open_in_another_copy_is_refused_naming_it(
    older_file_in_use: Path, tmp_path: Path, capsys
) -> None:
    before = files_in(tmp_path)
    assert main(["upgrade", "--db", str(older_file_in_use)]) == 2
    err = capsys.readouterr().err
    assert "already open in another copy of director" in err
    assert older_file_in_use.name in err
    assert files_in(tmp_path) == before


def test_a_server_database_whose_event_another_copy_writes_is_refused_naming_it(
    pg_url: str, clock, capsys
) -> None:
    make_club(pg_url, clock)
    downgrade(pg_url, OLDER)
    # An older copy of the app has the demo open: its lease has not lapsed.
    execute(
        pg_url,
        "INSERT INTO lease (tournament_id, holder, token, since, expires) SELECT id, "
        "'club-pc (pid 42)', 'other', 0, "
        "(extract(epoch FROM clock_timestamp()) * 1000)::bigint + 600000 "
        "FROM tournament ORDER BY id LIMIT 1",
    )
    assert main(["upgrade", "--db", pg_url]) == 2
    err = capsys.readouterr().err
    assert "club-pc (pid 42)" in err and "nothing was upgraded" in err
    assert revision_of(pg_url) == OLDER


def test_serve_on_an_older_database_names_director_upgrade(
    club: Path | str, tmp_path: Path, capsys
) -> None:
    downgrade(club, OLDER)
    if isinstance(club, Path):
        before = files_in(tmp_path)
    assert main(["serve", "--db", arg(club)]) == 2
    err = capsys.readouterr().err
    assert "director upgrade" in err and "--upgrade" in err
    assert "open it in the app" not in err
    if isinstance(club, Path):
        assert files_in(tmp_path) == before
    assert revision_of(club) == OLDER


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_with_upgrade_upgrades_first_then_serves(club: Path | str) -> None:
    downgrade(club, OLDER)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "director",
            "serve",
            "--upgrade",
            "--db",
            arg(club),
            "--port",
            str(free_port()),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert f"from schema {OLDER} to {SCHEMA_HEAD}" in first, first
        assert revision_of(club) == SCHEMA_HEAD
    finally:
        process.terminate()
        process.communicate(timeout=30)


READING = [
    ("events",),
    ("status", "1"),
    ("export", "standings", "1"),
    ("leagues",),
    ("league", "standings", "Friday"),
    ("balances",),
    ("settle",),
    ("export", "ledger"),
]


@pytest.mark.parametrize("command", READING, ids=lambda argv: argv[0])
def test_read_only_commands_read_a_database_one_version_older_without_writing(
    one_older_file: Path, tmp_path: Path, command: tuple[str, ...], capsys
) -> None:
    before = files_in(tmp_path)
    assert main([*command, "--db", str(one_older_file)]) == 0, capsys.readouterr().err
    assert files_in(tmp_path) == before
    assert revision_of(one_older_file) == ONE_OLDER


def test_an_expense_of_a_database_one_version_older_reads_as_its_shares_as_given(
    one_older_file: Path, capsys
) -> None:
    """A shared expense recorded before its split was kept reads as "shares as given",
    read as it is and once upgraded (its shares, and so the balances, unchanged)."""
    capsys.readouterr()
    assert main(["settle", "--db", str(one_older_file)]) == 0
    before = capsys.readouterr().out
    assert ", shares as given: " in before
    assert main(["upgrade", "--db", str(one_older_file)]) == 0
    capsys.readouterr()
    assert main(["settle", "--db", str(one_older_file)]) == 0
    assert capsys.readouterr().out == before


def test_a_report_reads_a_database_one_version_older_without_writing(
    one_older_file: Path, tmp_path: Path
) -> None:
    before = files_in(tmp_path)
    out = tmp_path.parent / f"{tmp_path.name}-report.pdf"
    assert main(["report", "standings", "1", "--db", str(one_older_file), "--out", str(out)]) == 0
    assert out.is_file()
    assert files_in(tmp_path) == before


@pytest.mark.parametrize(
    "command",
    [*READING, ("report", "standings", "1", "--out", "/nonexistent/r.pdf")],
    ids=lambda argv: argv[0],
)
def test_read_only_commands_refuse_an_older_database_naming_director_upgrade(
    older_file: Path, tmp_path: Path, command: tuple[str, ...], capsys
) -> None:
    before = files_in(tmp_path)
    assert main([*command, "--db", str(older_file)]) == 2
    err = capsys.readouterr().err
    assert "director upgrade" in err and err.count("\n") == 1
    assert files_in(tmp_path) == before


def test_an_older_database_on_a_server_is_read_one_version_older_or_refused(
    pg_url: str, clock, capsys
) -> None:
    make_club(pg_url, clock)
    downgrade(pg_url, ONE_OLDER)
    assert main(["events", "--db", pg_url]) == 0
    downgrade(pg_url, OLDER)
    capsys.readouterr()
    assert main(["events", "--db", pg_url]) == 2
    assert "director upgrade" in capsys.readouterr().err
    assert revision_of(pg_url) == OLDER
