"""CSV files handed to ``director import`` (issue 35, tests/hostile_files.py): a FIFO
or a device is refused without waiting, every number is bounded, a row with too
many values names its row and column, old-Mac line endings (CR only) are read.
Refused: one line on stderr, exit 2, the database byte for byte as it was."""

from __future__ import annotations

import hashlib
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from director.app.club.roster import Roster
from director.app.storage.library import Library
from director.cli import main
from director.persistence.db import open_database
from tests.app.league_helpers import play_event
from tests.hostile_files import CSV_ITEMS, CsvItem


class Hang(Exception):
    pass


def _alarm(_signal: int, _frame: object) -> None:
    raise Hang


@pytest.fixture
def alarm() -> Iterator[None]:
    previous = signal.signal(signal.SIGALRM, _alarm)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def club_db(db_path: Path, clock) -> Path:
    database = open_database(db_path)
    roster = Roster(database, clock=clock)
    players = [roster.add(name) for name in ("Ann", "Bob")]
    play_event(Library(database, clock=clock), "Night 1", "2026-01-10", players)
    database.close()
    main(["league", "create", "L", "--db", str(db_path)])
    return db_path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("item", CSV_ITEMS, ids=lambda item: item.name)
def test_a_hostile_csv_is_refused_in_one_line_or_read(
    club_db: Path, tmp_path: Path, capsys, alarm: None, item: CsvItem
) -> None:
    folder = tmp_path / "file"
    folder.mkdir()
    path = item.build(folder)
    extra = ["--league", "L"] if item.kind == "results" else []
    capsys.readouterr()
    before = digest(club_db)
    signal.alarm(20)
    try:
        status = main(["import", item.kind, str(path), *extra, "--db", str(club_db)])
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    except Hang:
        pytest.fail(f"{item.name}: no answer in 20 s")
    finally:
        signal.alarm(0)
    captured = capsys.readouterr()
    if item.refusal is None:
        assert status == 0, captured.err
        assert "Imported" in captured.out
        return
    assert status == 2
    assert captured.err.count("\n") == 1 and item.refusal in captured.err, captured.err
    assert digest(club_db) == before
