"""Opening an event reads its log in one pass (the quick reading); anything out of
the ordinary is read again carefully, which names a damaged entry. The two must
agree on every log: the same state, history and position for a sound one, the
same error for a damaged one, and the quick reading must really be the one used
on a sound log."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from director.app.night.session import TournamentSession
from director.app.storage.library import Library
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import MoneySettings
from director.core.players import Bust
from director.core.structure import simple
from director.persistence.db import StoreError, open_database
from tests.conftest import FakeClock


def write_night(path: Path | str, *, snapshot: bool = False) -> int:
    """A night with several events per command, undo, redo, a new command after an
    undo and every kind of entry, with a snapshot in the middle if asked; returns
    the event's id."""
    clock = FakeClock()
    database = open_database(path)
    try:
        session = Library(database, clock=clock).create("Friday")
        session.dispatch(c.SetStructure(structure=simple([(100, 200), (200, 400)])))
        session.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)))
        for number, name in enumerate(("Ann", "Bob", "Cat", "Dan", "Eve"), start=1):
            session.dispatch(c.BuyIn(player=PlayerId(number), name=name))
        session.dispatch(c.DrawSeats())
        session.dispatch(c.RenameTournament(name="Friday night"))
        session.undo()
        if snapshot:
            session.snapshot()  # with a command undone: redo reaches before it
        session.redo()
        session.undo()
        session.dispatch(c.StartClock())
        clock.advance(60_000)
        session.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(5), eliminator=PlayerId(1)),)))
        session.undo()
        session.redo()
        session.dispatch(c.RenameTournament(name="Friday deepstack"))
        session.undo()
        session.undo()
        session.redo()
        session.dispatch(c.EditDetails(event_date="2026-11-21", venue="Bob's"))
        clock.advance(60_000)
        session.dispatch(c.PauseClock())
        event_id = session.tournament_id
    finally:
        database.close()
    if isinstance(path, Path):
        checkpoint(path)
    return event_id


def checkpoint(path: Path) -> None:
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()


def outcome(path: Path | str, event_id: int, *, quickly: bool) -> tuple[Any, ...]:
    """What opening the event gives: its state, history and position, or the error."""
    database = open_database(path, create=False, readonly=True)
    try:
        with pytest.MonkeyPatch.context() as patch:
            if not quickly:
                patch.setattr(TournamentSession, "_read_log_quickly", lambda *args: None)
            session = TournamentSession(database, event_id)
        return ("opened", session.state, session.history, session._last_entry, session._last_event)
    except StoreError as error:
        return ("refused", error.code, error.args_map)
    finally:
        database.close()


def same_either_way(path: Path | str, event_id: int) -> tuple[Any, ...]:
    careful = outcome(path, event_id, quickly=False)
    quick = outcome(path, event_id, quickly=True)
    assert quick == careful
    return quick


@pytest.fixture(scope="module")
def nights(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, int]]:
    folder = tmp_path_factory.mktemp("nights")
    plain, with_snapshot = folder / "plain.db", folder / "snapshot.db"
    return {
        "plain": (plain, write_night(plain)),
        "snapshot": (with_snapshot, write_night(with_snapshot, snapshot=True)),
    }


@pytest.fixture
def copy_of(nights, tmp_path: Path) -> Iterator[Any]:
    def copy(kind: str) -> tuple[Path, int]:
        source, event_id = nights[kind]
        target = tmp_path / f"{kind}-{len(list(tmp_path.iterdir()))}.db"
        shutil.copy(source, target)
        return target, event_id

    yield copy


@pytest.fixture
def quick_readings(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether each quick reading gave an answer (True) or left it to the careful one."""
    used: list[bool] = []
    quick = TournamentSession._read_log_quickly

    def spy(self: TournamentSession, *args: Any) -> Any:
        read = quick(self, *args)
        used.append(read is not None)
        return read

    monkeypatch.setattr(TournamentSession, "_read_log_quickly", spy)
    return used


@pytest.mark.parametrize("kind", ["plain", "snapshot"])
def test_a_sound_log_is_read_quickly_and_gives_what_the_careful_reading_gives(
    kind: str, copy_of, quick_readings: list[bool]
) -> None:
    path, event_id = copy_of(kind)
    opened = same_either_way(path, event_id)
    assert opened[0] == "opened"
    assert opened[1].name == "Friday"  # the rename was undone
    assert opened[1].venue == "Bob's"
    assert quick_readings == [True]


@pytest.mark.parametrize("snapshot", [False, True])
def test_a_sound_log_on_a_server_is_read_quickly_too(
    snapshot: bool, quick_readings: list[bool]
) -> None:
    """The quick reading's counting and filtering are plain SQL: PostgreSQL agrees."""
    from tests import pg

    url = pg.server().create_database()
    event_id = write_night(url, snapshot=snapshot)
    quick_readings.clear()  # creating the event opened it once
    opened = same_either_way(url, event_id)
    assert opened[0] == "opened" and opened[1].venue == "Bob's"
    assert quick_readings == [True]


def test_the_snapshot_night_has_a_snapshot(nights) -> None:
    path, _event_id = nights["snapshot"]
    connection = sqlite3.connect(path)
    assert connection.execute("SELECT count(*) FROM snapshot").fetchone()[0] >= 1
    connection.close()


DAMAGE = {
    "an entry deleted": ["DELETE FROM entry WHERE seq = 5"],
    "the last entry deleted": [
        "DELETE FROM event WHERE entry_seq = (SELECT max(seq) FROM entry)",
        "DELETE FROM entry WHERE seq = (SELECT max(seq) FROM entry)",
    ],
    "an entry moved past the end": ["UPDATE entry SET seq = 99 WHERE seq = 4"],
    "an unknown action": ["UPDATE entry SET action = 'bogus' WHERE seq = 6"],
    "an action that is not text": ["UPDATE entry SET action = x'636f6d6d616e64' WHERE seq = 6"],
    "an undo of the wrong entry": [
        "UPDATE entry SET target = 2 WHERE action = 'undo' AND seq = "
        "(SELECT min(seq) FROM entry WHERE action = 'undo')"
    ],
    "an undo without a target": [
        "UPDATE entry SET target = NULL WHERE seq = (SELECT min(seq) FROM entry "
        "WHERE action = 'undo')"
    ],
    "a command turned into a redo": [
        "UPDATE entry SET action = 'redo', target = seq - 1 WHERE seq = 3"
    ],
    "an event deleted": ["DELETE FROM event WHERE seq = 4"],
    "the last event deleted": ["DELETE FROM event WHERE seq = (SELECT max(seq) FROM event)"],
    "every event of a command deleted": ["DELETE FROM event WHERE entry_seq = 3"],
    "an event of another command": ["UPDATE event SET entry_seq = 4 WHERE seq = 3"],
    "an event of an undo entry": [
        "UPDATE event SET entry_seq = (SELECT min(seq) FROM entry WHERE action = 'undo') "
        "WHERE seq = (SELECT max(seq) FROM event)"
    ],
    "events of two commands interleaved": [
        "UPDATE event SET entry_seq = 100 WHERE seq = 3",
        "UPDATE event SET entry_seq = 3 WHERE seq = 4",
        "UPDATE event SET entry_seq = 4 WHERE entry_seq = 100",
    ],
    "an event numbered past the end": ["UPDATE event SET seq = 999 WHERE seq = 5"],
    "an event deleted, the summary following": [
        "DELETE FROM event WHERE seq = (SELECT max(seq) FROM event WHERE entry_seq = 4)",
        "UPDATE tournament SET last_event = last_event - 1",
    ],
    "the only event of a command moved to the undo after it": [
        "UPDATE event SET entry_seq = 11 WHERE entry_seq = 10"
    ],
    "an event of an unknown kind": ["UPDATE event SET type = 'Bogus' WHERE seq = 2"],
    "an event from a newer version": ["UPDATE event SET version = 99 WHERE seq = 2"],
    "a payload that is not JSON": ["UPDATE event SET payload = '{not json' WHERE seq = 6"],
    "a payload that is not an object": ["UPDATE event SET payload = '[]' WHERE seq = 6"],
    "a payload missing a field": ["UPDATE event SET payload = '{}' WHERE seq = 6"],
    "two payloads in one row": [
        "UPDATE event SET payload = payload || ',' || payload WHERE seq = 6"
    ],
    "two payloads in one row, one payload over two rows": [
        # Parsed together, the rows still give as many values as there are rows.
        "UPDATE event SET payload = payload || ',' || "
        "(SELECT payload FROM event WHERE seq = 7) WHERE seq = 6",
        """UPDATE event SET payload = '{"at":1795000000000,"player":3,"name":"Cat' """
        "WHERE seq = 7",
        """UPDATE event SET payload = '","nickname":""}' WHERE seq = 8""",
    ],
    "a summary ahead of the log": ["UPDATE tournament SET last_entry = last_entry + 1"],
    "a summary with more events": ["UPDATE tournament SET last_event = last_event + 1"],
    "a summary that is not a number": ["UPDATE tournament SET last_entry = 'x'"],
    "an entry number that is text": ["UPDATE entry SET seq = '5x' WHERE seq = 5"],
    "an event's entry that is text": ["UPDATE event SET entry_seq = '3x' WHERE entry_seq = 3"],
    "an event number that is text": ["UPDATE event SET seq = '7x' WHERE seq = 7"],
}


def damage(path: Path, statements: list[str]) -> None:
    connection = sqlite3.connect(path)
    for statement in statements:
        connection.execute(statement)
    connection.commit()
    connection.close()


@pytest.mark.parametrize("kind", ["plain", "snapshot"])
@pytest.mark.parametrize("what", sorted(DAMAGE))
def test_a_damaged_log_gets_the_careful_reading_s_answer(what: str, kind: str, copy_of) -> None:
    path, event_id = copy_of(kind)
    damage(path, DAMAGE[what])
    same_either_way(path, event_id)


def test_the_damage_above_is_refused(copy_of) -> None:
    """The list above is not harmless edits (the test of the list itself): on the
    plain night every one is an error naming an entry, but two the careful
    reading accepts: events of two commands interleaved, which still fold in
    order, and a summary that is not a number (only a cache of the log)."""
    accepted = set()
    for what, statements in DAMAGE.items():
        path, event_id = copy_of("plain")
        damage(path, statements)
        if outcome(path, event_id, quickly=True)[0] == "opened":
            accepted.add(what)
    assert accepted == {"events of two commands interleaved", "a summary that is not a number"}


def test_a_row_holding_two_payloads_cannot_shift_the_next_rows_payloads(copy_of) -> None:
    """Event 6 holds its own payload and event 7's after a top-level comma, and event
    7's and 8's payloads make one value when joined by a comma (inside a string): one
    parse of all the payloads together gives one value per row, each of the right
    kind for its row, but events 7 and 8 would get the wrong ones (Cat renamed
    "Cat,"). Both readings refuse the log, naming event 6 and its entry."""
    path, event_id = copy_of("plain")
    damage(path, DAMAGE["two payloads in one row, one payload over two rows"])
    refused = same_either_way(path, event_id)
    assert refused[:2] == ("refused", "log_damaged")
    assert refused[2]["entry"] == 5
    assert str(refused[2]["detail"]).startswith("event 6: Extra data")


@pytest.mark.parametrize(
    "texts",
    [
        ['{"a":[1', "2]}", '{"b":3},{"c":4}'],  # a bracket left open, then two values
        ['{"a":"', '","b":1}', "{},{}"],  # a string left open, then two values
        ["{},{}", '{"a":"}', '{","b":2}'],  # two values first, then a string left open
        ["[1", "2]", "3,4"],
    ],
)
def test_payloads_parsed_together_are_each_row_s_own_or_none(texts: list[str]) -> None:
    """Each set above gives one value per row when its texts are joined by commas,
    though no row's text but the sound ones is a value by itself."""
    import json

    from director.persistence.store import _payloads_together

    assert len(json.loads("[" + ",".join(texts) + "]")) == len(texts)
    rows = [(seq, 1, "Kind", 1, text) for seq, text in enumerate(texts, start=1)]
    assert _payloads_together(rows) is None
    sound = ['{"a":"},{"}', "[1,2]", '"x,y"', "3"]
    rows = [(seq, 1, "Kind", 1, text) for seq, text in enumerate(sound, start=1)]
    assert _payloads_together(rows) == [{"a": "},{"}, [1, 2], "x,y", 3]
    assert _payloads_together([]) == []


COLUMNS = {
    "entry": {
        "seq": st.integers(-1, 30) | st.just("4"),
        "action": st.sampled_from(["command", "undo", "redo", "bogus", ""]),
        "target": st.none() | st.integers(-1, 30) | st.just("x"),
    },
    "event": {
        "seq": st.integers(-1, 40) | st.just("2"),
        "entry_seq": st.integers(-1, 30) | st.just("3"),
        "type": st.sampled_from(["TournamentRenamed", "DetailsChanged", "MoneyMoved", "Bogus"]),
        "version": st.integers(0, 3),
        "payload": st.sampled_from(["{}", '{"at":1,"name":"X"}', "x", "[]", "null", '{"at":"1"}']),
    },
    "tournament": {
        "last_entry": st.integers(-1, 40),
        "last_event": st.integers(-1, 60),
    },
}


@st.composite
def mutations(draw: st.DrawFn) -> list[tuple[str, str, int, object]]:
    """One to three changes: (table, column, row number in the table, new value), or
    a deleted row (column None)."""
    changes = []
    for _ in range(draw(st.integers(1, 3))):
        table = draw(st.sampled_from(sorted(COLUMNS)))
        if table != "tournament" and draw(st.integers(0, 5)) == 0:
            changes.append((table, "", draw(st.integers(1, 40)), None))
            continue
        column = draw(st.sampled_from(sorted(COLUMNS[table])))
        changes.append((table, column, draw(st.integers(1, 40)), draw(COLUMNS[table][column])))
    return changes


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(changes=mutations(), kind=st.sampled_from(["plain", "snapshot"]))
def test_any_edit_of_the_log_gets_the_careful_reading_s_answer(changes, kind, copy_of) -> None:
    """On a file (below: on a club's server)."""
    path, event_id = copy_of(kind)
    connection = sqlite3.connect(path)
    try:
        for table, column, row, value in changes:
            where = f"rowid = (SELECT rowid FROM {table} ORDER BY rowid LIMIT 1 OFFSET {row - 1})"
            if column:
                connection.execute(f"UPDATE {table} SET {column} = ? WHERE {where}", (value,))
            else:
                connection.execute(f"DELETE FROM {table} WHERE {where}")
        connection.commit()
    except sqlite3.IntegrityError:
        assume(False)  # the schema itself refuses it (a duplicate number, NULL)
    finally:
        connection.close()
    same_either_way(path, event_id)


@pytest.fixture(scope="module")
def nights_on_a_server() -> dict[str, tuple[str, int, dict[str, Any]]]:
    """The two nights, each in a database of the tests' PostgreSQL server, with the
    rows of the tables an edit touches, to put them back after each edit."""
    import psycopg

    from tests import pg

    made = {}
    for kind in ("plain", "snapshot"):
        url = pg.server().create_database(prefix=f"night_{kind}")
        event_id = write_night(url, snapshot=kind == "snapshot")
        rows = {}
        with psycopg.connect(url) as connection:
            for table in ("tournament", "entry", "event"):
                cursor = connection.execute(f"SELECT * FROM {table} ORDER BY id")
                names = [column.name for column in cursor.description or ()]
                rows[table] = (names, cursor.fetchall())
        made[kind] = (url, event_id, rows)
    return made


@pytest.fixture
def copy_on_a_server(nights_on_a_server) -> Iterator[Any]:
    """The night on the server as it was written (the last edits undone)."""
    import psycopg

    def night_as_written(kind: str) -> tuple[str, int]:
        url, event_id, saved = nights_on_a_server[kind]
        with psycopg.connect(url) as connection:
            connection.execute("DELETE FROM event")
            connection.execute("DELETE FROM entry")
            for table in ("entry", "event"):
                names, rows = saved[table]
                marks = ", ".join("%s" for _ in names)
                with connection.cursor() as cursor:
                    cursor.executemany(
                        f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks})", rows
                    )
            names, rows = saved["tournament"]
            sets = ", ".join(f"{name} = %({name})s" for name in names if name != "id")
            for row in rows:
                values = dict(zip(names, row, strict=True))
                connection.execute(f"UPDATE tournament SET {sets} WHERE id = %(id)s", values)
        return url, event_id

    yield night_as_written


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
    ],
)
@given(changes=mutations(), kind=st.sampled_from(["plain", "snapshot"]))
def test_any_edit_of_the_log_on_a_server_gets_the_careful_reading_s_answer(
    changes, kind, copy_on_a_server
) -> None:
    """The same on PostgreSQL, whose columns refuse a value of the wrong type (those
    edits are skipped): what is left must still be read alike both ways."""
    import psycopg

    url, event_id = copy_on_a_server(kind)
    try:
        with psycopg.connect(url) as connection:
            for table, column, row, value in changes:
                where = f"id = (SELECT id FROM {table} ORDER BY id LIMIT 1 OFFSET {row - 1})"
                if column:
                    connection.execute(f"UPDATE {table} SET {column} = %s WHERE {where}", (value,))
                else:
                    connection.execute(f"DELETE FROM {table} WHERE {where}")
    except psycopg.Error:
        assume(False)  # the schema itself refuses it (a type, a duplicate number, NULL)
    same_either_way(url, event_id)
