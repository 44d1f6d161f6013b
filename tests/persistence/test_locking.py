"""One writer per database file, whatever name it is opened under; readers leave
no trace beside the file."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from director.app.storage.library import Library
from director.cli import main
from director.persistence.db import StoreError, open_database

HOLDER = """
import sys
from director.app.storage.library import Library
from director.core import commands as c
from director.persistence.db import open_database

database = open_database(sys.argv[1])
session = Library(database).open(1)
print("open", flush=True)
for line in sys.stdin:
    session.dispatch(c.RenameTournament(name=line.strip()))
    print("renamed", flush=True)
database.close()
"""

CRASHER = """
import os, sys
from director.app.storage.library import Library
from director.persistence.db import open_database

database = open_database(sys.argv[1])
Library(database).create("Only in the journal")
os._exit(0)  # no checkpoint, no clean-up: as after a crash or a power cut
"""


def director(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "director", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.fixture
def one_event(file_path: Path, clock) -> Path:
    database = open_database(file_path)
    Library(database, clock=clock).create("Friday").close()
    database.close()
    return file_path


@pytest.fixture
def holder(one_event: Path) -> Iterator[subprocess.Popen[str]]:
    """Another copy of the app with the database open for writing."""
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(one_event)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stdout.readline().strip() == "open"
    yield process
    process.communicate(timeout=30)  # closes its input: it closes the database and ends


def rename_in(process: subprocess.Popen[str], name: str) -> None:
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(name + "\n")
    process.stdin.flush()
    assert process.stdout.readline().strip() == "renamed"


@pytest.mark.parametrize("link", ["hard", "symbolic"])
def test_a_second_name_for_the_open_file_is_refused_as_in_use(
    one_event: Path, holder: subprocess.Popen[str], link: str
) -> None:
    other = one_event.with_name(f"{link}.db")
    if link == "hard":
        os.link(one_event, other)
    else:
        other.symlink_to(one_event)
    result = director("demo", "--db", str(other))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "is already open in another copy of director" in result.stderr
    assert "Traceback" not in result.stderr
    # The first copy keeps writing; nothing of the second one got in.
    rename_in(holder, "Friday deepstack")
    holder.communicate(timeout=30)
    connection = sqlite3.connect(one_event)
    assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert connection.execute("SELECT name FROM tournament").fetchall() == [("Friday deepstack",)]
    connection.close()
    assert not other.with_name(other.name + "-wal").exists()


def test_reading_under_a_hard_link_while_the_app_writes_is_refused_cleanly(
    one_event: Path, holder: subprocess.Popen[str]
) -> None:
    """SQLite names the journal after the name it was given: a reader under another
    name would not see the writer's journal, and would read half-copied pages."""
    other = one_event.with_name("hard.db")
    os.link(one_event, other)
    before = sorted(os.listdir(one_event.parent))
    result = director("events", "--db", str(other))
    assert result.returncode == 2 and "already open" in result.stderr
    assert sorted(os.listdir(one_event.parent)) == before


def test_reading_under_a_symbolic_link_while_the_app_writes_sees_its_changes(
    one_event: Path, holder: subprocess.Popen[str]
) -> None:
    rename_in(holder, "Friday renamed")
    other = one_event.with_name("link.db")
    other.symlink_to(one_event)
    result = director("events", "--db", str(other))
    assert result.returncode == 0, result.stderr
    assert "Friday renamed" in result.stdout


def test_the_lock_goes_with_the_writer(one_event: Path) -> None:
    other = one_event.with_name("hard.db")
    os.link(one_event, other)
    first = open_database(one_event)
    with pytest.raises(StoreError) as caught:
        open_database(other)
    assert caught.value.code == "db_in_use"
    first.close()
    second = open_database(other)
    with pytest.raises(StoreError):
        open_database(one_event)
    second.close()


def listing(folder: Path) -> list[str]:
    return sorted(os.listdir(folder))


def test_read_only_commands_leave_nothing_beside_the_database(
    one_event: Path, tmp_path_factory: pytest.TempPathFactory, capsys
) -> None:
    folder = one_event.parent
    before = listing(folder)
    assert main(["events", "--db", str(one_event)]) == 0
    assert main(["status", "1", "--db", str(one_event)]) == 0
    assert main(["status", "1", "--json", "--db", str(one_event)]) == 0
    out = tmp_path_factory.mktemp("reports") / "standings.pdf"
    assert main(["report", "standings", "1", "--db", str(one_event), "--out", str(out)]) == 0
    assert listing(folder) == before
    assert listing(out.parent) == ["standings.pdf"]


def crash_leaving_a_journal(path: Path) -> None:
    subprocess.run([sys.executable, "-c", CRASHER, str(path)], check=True, timeout=60)
    assert Path(str(path) + "-wal").stat().st_size > 0


def test_a_journal_left_by_a_crash_is_read_and_reading_adds_nothing(
    one_event: Path, capsys
) -> None:
    crash_leaving_a_journal(one_event)
    Path(str(one_event) + "-shm").unlink()  # as when copied from another machine
    before = listing(one_event.parent)
    assert main(["events", "--db", str(one_event)]) == 0
    assert "Only in the journal" in capsys.readouterr().out
    assert listing(one_event.parent) == before


def test_read_only_media(small_disk, clock, capsys) -> None:
    """A database on a read-only medium reads fine; with a journal left by a crash
    but not the -shm file SQLite needs beside it, the message says so."""
    path = small_disk.root / "club.db"
    database = open_database(path)
    Library(database, clock=clock).create("Friday").close()
    database.close()
    crashed = small_disk.root / "crashed.db"
    database = open_database(crashed)
    Library(database, clock=clock).create("Friday").close()
    database.close()
    crash_leaving_a_journal(crashed)
    Path(str(crashed) + "-shm").unlink()
    remounted = subprocess.run(
        ["mount", "-o", "remount,ro", str(small_disk.root)], capture_output=True, check=False
    )
    if remounted.returncode:
        pytest.skip("cannot remount read-only here")
    try:
        assert main(["events", "--db", str(path)]) == 0
        assert "Friday" in capsys.readouterr().out
        assert main(["events", "--db", str(crashed)]) == 2
        error = capsys.readouterr().err
        assert error.count("\n") == 1
        assert "-shm" in error and "not a director database" not in error
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(small_disk.root)], check=False)
