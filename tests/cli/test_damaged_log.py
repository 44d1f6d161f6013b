"""A damaged or incomplete log is an error naming the event and the entry, never
a quiet success; a damaged snapshot or event-list line is worked around."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from director.app.storage.library import Library
from director.cli import main
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import MoneySettings
from director.persistence.db import open_database


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def logged(db_path: Path, clock) -> Path:
    """Event 1 has seven entries and no snapshot; event 2 has a snapshot."""
    database = open_database(db_path)
    library = Library(database, clock=clock)
    first = library.create("Friday")  # entry 1
    first.dispatch(c.RenameTournament(name="Friday deepstack"))  # 2
    first.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)))  # 3
    first.dispatch(c.BuyIn(player=PlayerId(1), name="Ann"))  # 4
    first.dispatch(c.BuyIn(player=PlayerId(2), name="Bob"))  # 5
    first.undo()  # 6
    first.dispatch(c.BuyIn(player=PlayerId(3), name="Cat"))  # 7
    second = library.create("Saturday")
    second.dispatch(c.RenameTournament(name="Saturday cash"))
    second.close()  # writes its snapshot
    database.close()
    return db_path


def change(path: Path, *statements: str) -> None:
    connection = sqlite3.connect(path)
    for statement in statements:
        connection.execute(statement)
    connection.commit()
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()


def refused(path: Path, capsys, *, entry: int, command: str = "status") -> str:
    before = digest(path)
    assert main([command, "1", "--db", str(path)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "The log of event 1 is damaged at entry" in error
    assert f"entry {entry} " in error
    assert digest(path) == before
    return error


def test_the_intact_log_reads(logged: Path, capsys) -> None:
    assert main(["status", "1", "--json", "--db", str(logged)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["name"] == "Friday deepstack"
    assert sorted(player["name"] for player in document["player_list"]) == ["Ann", "Cat"]


def test_an_unknown_action_on_the_last_entry_is_an_error(logged: Path, capsys) -> None:
    change(logged, "UPDATE entry SET action = 'bogus' WHERE tournament_id = 1 AND seq = 7")
    assert "unknown action 'bogus'" in refused(logged, capsys, entry=7)


def test_an_undo_of_an_entry_that_is_not_the_last_is_an_error(logged: Path, capsys) -> None:
    change(logged, "UPDATE entry SET target = 2 WHERE tournament_id = 1 AND seq = 6")
    refused(logged, capsys, entry=6)


def test_a_deleted_event_row_in_the_middle_is_an_error(logged: Path, capsys) -> None:
    change(
        logged,
        "DELETE FROM event WHERE tournament_id = 1 AND seq = "
        "(SELECT min(seq) FROM event WHERE tournament_id = 1 AND entry_seq = 4)",
    )
    refused(logged, capsys, entry=4)


def test_the_deleted_last_event_row_is_an_error(logged: Path, capsys) -> None:
    change(
        logged,
        "DELETE FROM event WHERE tournament_id = 1 AND seq = "
        "(SELECT max(seq) FROM event WHERE tournament_id = 1)",
    )
    refused(logged, capsys, entry=7)


def test_a_deleted_entry_in_the_middle_is_an_error(logged: Path, capsys) -> None:
    change(
        logged,
        "DELETE FROM event WHERE tournament_id = 1 AND entry_seq = 3",
        "DELETE FROM entry WHERE tournament_id = 1 AND seq = 3",
    )
    assert "entry missing" in refused(logged, capsys, entry=3)


def test_the_deleted_last_entry_is_an_error(logged: Path, capsys) -> None:
    change(
        logged,
        "DELETE FROM event WHERE tournament_id = 1 AND entry_seq = 7",
        "DELETE FROM entry WHERE tournament_id = 1 AND seq = 7",
    )
    assert "entry missing" in refused(logged, capsys, entry=7)


@pytest.mark.parametrize(
    "payload", ["{not json", "", "[]", "1", '{"player": "nobody"}', '{"a":1},{"b":2}']
)
def test_an_unreadable_event_payload_is_an_error(logged: Path, capsys, payload: str) -> None:
    change(
        logged,
        "UPDATE event SET payload = '" + payload.replace("'", "''") + "' WHERE tournament_id = 1 "
        "AND seq = (SELECT min(seq) FROM event WHERE tournament_id = 1 AND entry_seq = 4)",
    )
    refused(logged, capsys, entry=4)


def test_an_unknown_event_type_is_an_error(logged: Path, capsys) -> None:
    change(logged, "UPDATE event SET type = 'Bogus' WHERE tournament_id = 1 AND entry_seq = 2")
    refused(logged, capsys, entry=2)


def test_a_damaged_snapshot_is_skipped_and_said_once(logged: Path, capsys) -> None:
    assert main(["status", "2", "--json", "--db", str(logged)]) == 0
    expected = json.loads(capsys.readouterr().out)
    for state, history in (("{broken", "{}"), ('{"name": 5}', "{}"), ("{}", '{"done": "x"}')):
        change(logged, f"UPDATE snapshot SET state = '{state}', history = '{history}'")
        before = digest(logged)
        assert main(["status", "2", "--json", "--db", str(logged)]) == 0
        captured = capsys.readouterr()
        assert json.loads(captured.out) == expected
        assert captured.err.count("\n") == 1 and "snapshot" in captured.err
        assert digest(logged) == before


def test_the_app_replaces_a_damaged_snapshot(logged: Path, clock, capsys) -> None:
    change(logged, "UPDATE snapshot SET state = '{broken'")
    database = open_database(logged)
    session = Library(database, clock=clock).open(2)
    assert [notice.code for notice in session.notices] == ["snapshot_damaged"]
    session.close()
    database.close()
    assert main(["status", "2", "--db", str(logged)]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    "damage",
    [
        "kind = 'bogus'",
        "status = 'exploded'",
        "created_at = 'yesterday'",
        "archived = 'perhaps'",
        "name = x'ff00'",  # bytes, not text
    ],
)
def test_a_damaged_line_of_the_event_list_hides_nothing_else(
    logged: Path, capsys, damage: str
) -> None:
    change(logged, "PRAGMA foreign_keys = OFF", f"UPDATE tournament SET {damage} WHERE id = 2")
    assert main(["events", "--db", str(logged)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert "1\ttournament\tFriday deepstack\tsetup" in lines
    damaged = next(line for line in lines if "Friday" not in line)
    assert damaged.startswith("2\t") and damaged.endswith("\tdamaged")
    # The log is the truth: the event itself still opens.
    assert main(["status", "2", "--json", "--db", str(logged)]) == 0
    assert json.loads(capsys.readouterr().out)["name"] == "Saturday cash"


def test_text_that_is_not_utf8_is_shown_not_fatal(logged: Path, capsys) -> None:
    change(logged, "UPDATE tournament SET name = CAST(x'436166e9' AS TEXT) WHERE id = 2")
    assert main(["events", "--db", str(logged)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "2\tcash\tCaf\ufffd\tsetup" in lines or "2\ttournament\tCaf\ufffd\tsetup" in lines
