"""A corpus of bad input for every command: built by code, not kept as binaries.

Foreign files, truncated and damaged databases, damaged rows of each table,
newer and older schemas, odd paths, hostile names and JSON. Each item is a
function that lays its file(s) out in an empty folder and returns what to
pass as ``--db``. ``usable`` items are databases that may rightly be written
to (``director demo`` adds its event, or upgrades an older schema); every
other item must be left byte for byte as it was by every command.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from director.persistence.sqlite import APPLICATION_ID


@dataclass(frozen=True)
class Item:
    name: str
    build: Callable[[Path, Path], Path]
    """``build(folder, base)``: lay the item out in ``folder`` (``base`` is a healthy
    database with two events to start from); returns the ``--db`` path."""
    usable: bool = False


ITEMS: list[Item] = []


def item(name: str, *, usable: bool = False) -> Callable[[Callable[[Path, Path], Path]], None]:
    def register(build: Callable[[Path, Path], Path]) -> None:
        ITEMS.append(Item(name, build, usable))

    return register


def build_base(path: Path) -> None:
    """The healthy database the damaged ones start from: event 1 is the demo (a
    long log, no snapshot), event 2 a small cash game with a snapshot."""
    from director.app.night.demo import create_demo
    from director.app.storage.library import Library
    from director.core.state import EventKind
    from director.persistence.db import open_database

    database = open_database(path)
    create_demo(database)
    session = Library(database).create("Cash Saturday", EventKind.CASH, venue="Ann's")
    session.snapshot()
    database.close()


def copy_base(folder: Path, base: Path, name: str = "club.db") -> Path:
    target = folder / name
    shutil.copyfile(base, target)
    return target


def sql(path: Path, *statements: str) -> None:
    """Change a database behind the app's back, then fold the journal into the file."""
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA foreign_keys = OFF")
        for statement in statements:
            connection.execute(statement)
        connection.commit()
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()
    for suffix in ("-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)


def page_of(path: Path, name: str) -> int:
    connection = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    try:
        row = connection.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (name,))
        return int(row.fetchone()[0])
    finally:
        connection.close()


def poke(path: Path, offset: int, data: bytes) -> None:
    with path.open("r+b") as handle:
        handle.seek(offset)
        handle.write(data)


def corrupt_index_page(path: Path, index: str = "ix_event_tournament_entry") -> None:
    """Give an index's page an impossible type: reading events still works, but the
    file is damaged (``quick_check`` says so)."""
    page_size = int.from_bytes(path.read_bytes()[16:18], "big")
    poke(path, (page_of(path, index) - 1) * page_size, b"\xff")


# -- foreign files ------------------------------------------------------------------


@item("text file")
def _(folder: Path, base: Path) -> Path:
    (folder / "notes.db").write_text("shopping list\nmilk\n")
    return folder / "notes.db"


@item("empty file", usable=True)
def _(folder: Path, base: Path) -> Path:
    (folder / "empty.db").touch()
    return folder / "empty.db"


@item("random bytes")
def _(folder: Path, base: Path) -> Path:
    (folder / "random.db").write_bytes(bytes(range(256)) * 64)
    return folder / "random.db"


@item("a PNG image")
def _(folder: Path, base: Path) -> Path:
    (folder / "photo.db").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 500)
    return folder / "photo.db"


@item("a PDF report")
def _(folder: Path, base: Path) -> Path:
    (folder / "report.db").write_bytes(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n" + b"0" * 2000)
    return folder / "report.db"


@item("a structure file")
def _(folder: Path, base: Path) -> Path:
    (folder / "structure.db").write_text('{"format": "director-structure", "version": 1}')
    return folder / "structure.db"


@item("another program's SQLite database")
def _(folder: Path, base: Path) -> Path:
    connection = sqlite3.connect(folder / "recipes.db")
    connection.execute("CREATE TABLE recipes (name TEXT)")
    connection.execute("INSERT INTO recipes VALUES ('soup')")
    connection.commit()
    connection.close()
    return folder / "recipes.db"


@item("a backup file (no WAL journal)", usable=True)
def _(folder: Path, base: Path) -> Path:
    target = folder / "copy.db"
    source = sqlite3.connect(f"file:{base}?mode=ro", uri=True)
    copy = sqlite3.connect(target)
    source.backup(copy)
    copy.execute("PRAGMA journal_mode = DELETE")
    copy.close()
    source.close()
    return target


# -- truncated and damaged databases ------------------------------------------------


@item("truncated to its header")
def _(folder: Path, base: Path) -> Path:
    target = copy_base(folder, base)
    target.write_bytes(target.read_bytes()[:100])
    return target


@item("truncated to one page")
def _(folder: Path, base: Path) -> Path:
    target = copy_base(folder, base)
    target.write_bytes(target.read_bytes()[:4096])
    return target


@item("truncated in the middle")
def _(folder: Path, base: Path) -> Path:
    target = copy_base(folder, base)
    data = target.read_bytes()
    target.write_bytes(data[: len(data) // 2 + 123])
    return target


@item("an impossible page size")
def _(folder: Path, base: Path) -> Path:
    target = copy_base(folder, base)
    poke(target, 16, b"\x00\x03")
    return target


@item("a damaged index page")
def _(folder: Path, base: Path) -> Path:
    target = copy_base(folder, base)
    corrupt_index_page(target)
    return target


@item("a damaged table page")
def _(folder: Path, base: Path) -> Path:
    target = copy_base(folder, base)
    page_size = int.from_bytes(target.read_bytes()[16:18], "big")
    poke(target, (page_of(target, "event") - 1) * page_size + 8, b"\xff\xfe" * 300)
    return target


@item("the second half zeroed")
def _(folder: Path, base: Path) -> Path:
    target = copy_base(folder, base)
    size = target.stat().st_size
    poke(target, size // 2, b"\0" * (size - size // 2))
    return target


@item("a garbage -wal file beside it", usable=True)  # SQLite ignores and replaces it
def _(folder: Path, base: Path) -> Path:
    target = copy_base(folder, base)
    Path(str(target) + "-wal").write_bytes(b"garbage" * 1000)
    return target


@item("a garbage -shm file beside it", usable=True)  # SQLite rebuilds it
def _(folder: Path, base: Path) -> Path:
    target = copy_base(folder, base)
    Path(str(target) + "-shm").write_bytes(b"\xff" * 32768)
    return target


# -- damaged rows of each table -----------------------------------------------------


def damaged(*statements: str) -> Callable[[Path, Path], Path]:
    def build(folder: Path, base: Path) -> Path:
        target = copy_base(folder, base)
        sql(target, *statements)
        return target

    return build


ROWS = {
    "tournament.kind unknown": "UPDATE tournament SET kind = 'bogus' WHERE id = 1",
    "tournament.status unknown": "UPDATE tournament SET status = 'exploded' WHERE id = 2",
    "tournament.created_at not a number": "UPDATE tournament SET created_at = 'soon'",
    "tournament.name not text": "UPDATE tournament SET name = x'00ff' WHERE id = 1",
    "tournament.last_entry beyond the log": "UPDATE tournament SET last_entry = 9999 WHERE id = 1",
    "entry.action unknown": "UPDATE entry SET action = 'bogus' WHERE tournament_id = 1 "
    "AND seq = (SELECT max(seq) FROM entry WHERE tournament_id = 1)",
    "entry deleted": "DELETE FROM entry WHERE tournament_id = 1 AND seq = 5",
    "entry label not JSON": "UPDATE entry SET label = '{oops' WHERE tournament_id = 1",
    "entry seq not a number": "UPDATE entry SET seq = 'x' WHERE tournament_id = 1 AND seq = 3",
    "event deleted": "DELETE FROM event WHERE tournament_id = 1 AND seq = 10",
    "event payload not JSON": "UPDATE event SET payload = '{\"at\": ' WHERE tournament_id = 1 "
    "AND seq = 7",
    "event payload two objects": "UPDATE event SET payload = '{},{}' WHERE tournament_id = 1 "
    "AND seq = 7",
    "event payload null": "UPDATE event SET payload = 'null' WHERE tournament_id = 1 AND seq = 3",
    "event type unknown": "UPDATE event SET type = 'Bogus' WHERE tournament_id = 1 AND seq = 4",
    "event version from the future": "UPDATE event SET version = 999 WHERE tournament_id = 1 "
    "AND seq = 4",
    "event payload nested 100000 deep": "UPDATE event SET payload = '{\"a\": ' || "
    "replace(hex(zeroblob(100000)), '00', '[') || '}' WHERE tournament_id = 1 AND seq = 2",
    "event payload with a 5000-digit number": "UPDATE event SET payload = '{\"at\": 1' || "
    "replace(hex(zeroblob(2500)), '0', '9') || '}' WHERE tournament_id = 1 AND seq = 2",
    "event text not UTF-8": "UPDATE event SET payload = CAST(x'7b2261223a22ff227d' AS TEXT) "
    "WHERE tournament_id = 1 AND seq = 2",
    "event time in the year 300000": "UPDATE event SET at = 9999999999999999, "
    "payload = json_set(payload, '$.at', 9999999999999999) WHERE tournament_id = 1 AND seq = 1",
    "event time negative": "UPDATE event SET at = -5, payload = json_set(payload, '$.at', -5) "
    "WHERE tournament_id = 1",
    "event for a player never registered": "UPDATE event SET payload = json_set(payload, "
    "'$.player', 987654321) WHERE tournament_id = 1 AND type = 'PlayerSeated'",
    "undo of an entry from the future": "UPDATE entry SET target = 99999 WHERE tournament_id = 1 "
    "AND action = 'undo'",
    "snapshot not JSON": "UPDATE snapshot SET state = '{broken'",
    "snapshot of another shape": "UPDATE snapshot SET state = '[1, 2]', history = '{}'",
    "snapshot beyond the log": "UPDATE snapshot SET entry_seq = 999",
    "player.name not text": "UPDATE player SET name = x'00' WHERE id = 1",
    "player.created_at not a number": "UPDATE player SET created_at = 'long ago'",
    "draft payload not JSON": "INSERT INTO draft (tournament_id, name, payload, updated_at) "
    "VALUES (1, 'floor', '{oops', 0)",
    "identity missing": "DELETE FROM database_identity",
    "schema version missing": "DELETE FROM alembic_version",
    "two schema versions": "INSERT INTO alembic_version VALUES ('0001_baseline')",
    "schema version garbage": "UPDATE alembic_version SET version_num = 'garbage'",
    "schema from a newer version": "UPDATE alembic_version SET version_num = '9999_future'",
}
ROWS_USABLE = {
    # The damage is confined to one event's rows (or a convenience such as the
    # roster or a draft): the database itself is sound, and demo may add to it.
    "tournament.kind unknown",
    "tournament.status unknown",
    "tournament.created_at not a number",
    "tournament.name not text",
    "tournament.last_entry beyond the log",
    "entry.action unknown",
    "entry deleted",
    "entry label not JSON",
    "entry seq not a number",
    "event deleted",
    "event payload not JSON",
    "event payload two objects",
    "event payload null",
    "event type unknown",
    "event version from the future",
    "event payload nested 100000 deep",
    "event payload with a 5000-digit number",
    "event text not UTF-8",
    "event time in the year 300000",
    "event time negative",
    "event for a player never registered",
    "undo of an entry from the future",
    "snapshot not JSON",
    "snapshot of another shape",
    "snapshot beyond the log",
    "player.name not text",
    "player.created_at not a number",
    "draft payload not JSON",
    "identity missing",  # given a new one: its old backups are no longer offered
}
for _name, _statement in ROWS.items():
    ITEMS.append(Item(_name, damaged(_statement), usable=_name in ROWS_USABLE))


# -- not exactly director's schema ---------------------------------------------------

SHAPES = {
    "a table dropped": "DROP TABLE draft",
    "the log's table dropped": "DROP TABLE event",
    "an unknown table": "CREATE TABLE notes (text TEXT)",
    "a foreign trigger": "CREATE TRIGGER spy AFTER INSERT ON entry BEGIN DELETE FROM player; END",
    "a trigger that refuses every write": "CREATE TRIGGER nope BEFORE INSERT ON tournament "
    "BEGIN SELECT RAISE(ABORT, 'no'); END",
    "a view": "CREATE VIEW everyone AS SELECT name FROM player",
    "an unknown index": "CREATE INDEX ix_player_contact ON player (contact)",
}
"""A database marked as director's whose schema is not exactly director's: refused
by every command before anything is written (issue 35)."""
for _name, _statement in SHAPES.items():
    ITEMS.append(Item(_name, damaged(_statement)))


# -- older schemas ----------------------------------------------------------------


def older(revision: str) -> Callable[[Path, Path], Path]:
    def build(folder: Path, base: Path) -> Path:
        from sqlalchemy import create_engine

        from director.persistence import migrations

        target = folder / "old.db"
        connection = sqlite3.connect(target)
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.commit()
        connection.execute("PRAGMA journal_mode = WAL")
        connection.close()
        engine = create_engine(f"sqlite:///{target}")
        migrations.upgrade(engine, revision)
        engine.dispose()
        sql(target)
        return target

    return build


for _revision in ("0001_baseline", "0003_drafts"):
    ITEMS.append(Item(f"older schema {_revision}", older(_revision), usable=True))


@item("marked ours but never filled", usable=True)
def _(folder: Path, base: Path) -> Path:
    connection = sqlite3.connect(folder / "new.db")
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    connection.commit()
    connection.close()
    return folder / "new.db"


# -- odd paths ----------------------------------------------------------------------


@item("a folder")
def _(folder: Path, base: Path) -> Path:
    (folder / "folder.db").mkdir()
    return folder / "folder.db"


@item("a FIFO")
def _(folder: Path, base: Path) -> Path:
    os.mkfifo(folder / "pipe.db")
    return folder / "pipe.db"


@item("a device")
def _(folder: Path, base: Path) -> Path:
    return Path("/dev/null")


@item("a symbolic link to nothing", usable=True)
def _(folder: Path, base: Path) -> Path:
    (folder / "dangling.db").symlink_to(folder / "nowhere.db")
    return folder / "dangling.db"


@item("a symbolic link loop")
def _(folder: Path, base: Path) -> Path:
    (folder / "loop.db").symlink_to(folder / "loop.db")
    return folder / "loop.db"


@item("a missing file in a missing folder", usable=True)
def _(folder: Path, base: Path) -> Path:
    return folder / "not" / "there.db"


@item("a path through a file")
def _(folder: Path, base: Path) -> Path:
    (folder / "plain.txt").write_text("x")
    return folder / "plain.txt" / "club.db"


@item("a name that is not UTF-8", usable=True)
def _(folder: Path, base: Path) -> Path:
    target = Path(os.fsdecode(os.fsencode(str(folder)) + b"/caf\xe9.db"))
    shutil.copyfile(base, target)
    return target


@item("a name with a line break and an escape", usable=True)
def _(folder: Path, base: Path) -> Path:
    return copy_base(folder, base, "club\n\x1b[31m night.db")


@item("a very long name", usable=True)
def _(folder: Path, base: Path) -> Path:
    return copy_base(folder, base, "n" * 240 + ".db")


# -- hostile names and JSON ---------------------------------------------------------


HOSTILE_NAME = "Evil\x1b]0;pwned\x07\x1b[2J\r\nline\x9b31m\u202eeman\ud800"


@item("hostile names written by hand", usable=True)
def _(folder: Path, base: Path) -> Path:
    target = copy_base(folder, base)
    escaped = HOSTILE_NAME.replace("\ud800", "")
    sql(
        target,
        f"UPDATE tournament SET name = '{escaped}' WHERE id = 1",
        f"UPDATE player SET name = '{escaped}', nickname = '{escaped}'",
        # The log holds names too: the first event of event 1 creates it.
        "UPDATE event SET payload = json_set(payload, '$.name', "
        f"'{escaped}', '$.venue', '{escaped}' || hex(zeroblob(50000))) "
        "WHERE tournament_id = 1 AND seq = 1",
        "UPDATE event SET payload = json_set(payload, '$.name', "
        f"'{escaped}' || '\\ud800') WHERE tournament_id = 1 AND type = 'PlayerRegistered'",
    )
    return target


@item("JSON escapes of lone surrogates in the log", usable=True)
def _(folder: Path, base: Path) -> Path:
    target = copy_base(folder, base)
    sql(
        target,
        'UPDATE event SET payload = replace(payload, \'"name":"\', \'"name":"\\ud800\') '
        "WHERE tournament_id = 1",
    )
    return target
