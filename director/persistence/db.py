"""What every director database shares, whatever holds it: the ``Database``
interface the sessions, the app and the window work with, the schema's
revisions, and ``open_database``, which opens a file or a server from what the
user typed.

A database is a SQLite file on the laptop (``sqlite``: pragmas, the file's
lock, ``quick_check``, the online backup) or a club database on a PostgreSQL
server (``postgres``: per-event leases, LISTEN/NOTIFY). Only those two modules
know their kind's SQL; everything above them sees this interface.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from director.persistence.errors import StoreError

if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine

__all__ = [
    "ANY_EVENT",
    "READABLE_OLDER",
    "SCHEMA_HEAD",
    "SCHEMA_REVISIONS",
    "Database",
    "Follower",
    "Pinned",
    "StoreError",
    "database_target",
    "is_url",
    "location_of",
    "open_database",
]

URL_SCHEMES = ("postgresql://", "postgres://", "postgresql+psycopg://")
SCHEMA_REVISIONS = (
    "0001_baseline",
    "0002_players",
    "0003_drafts",
    "0004_identity",
    "0005_leagues",
    "0006_club",
    "0007_season_imports",
    "0008_remote_devices",
    "0009_tv_assets",
    "0010_dealer_phones",
    "0011_results_format",
    "0012_quiet_alive_mark",
    "0013_club_journal",
    "0014_club_expenses",
    "0015_expense_split",
)
"""Every schema revision this version knows, oldest first; the last is current."""
SCHEMA_HEAD = SCHEMA_REVISIONS[-1]
TABLES_ADDED = {
    "0001_baseline": ("alembic_version", "tournament", "entry", "event", "snapshot"),
    "0002_players": ("player",),
    "0003_drafts": ("draft",),
    "0004_identity": ("database_identity",),
    "0005_leagues": (
        "league",
        "season",
        "season_event",
        "result_summary",
        "import_batch",
        "imported_event",
    ),
    "0006_club": ("lease",),
    "0007_season_imports": ("season_import",),
    "0008_remote_devices": ("remote_device",),
    "0009_tv_assets": ("tv_asset",),
    "0013_club_journal": ("club_entry", "club_night"),
}
"""The tables each revision adds (none is ever dropped): a database at a revision
has exactly those of it and the ones before, no more, no fewer."""
READABLE_OLDER = ("0012_quiet_alive_mark", "0013_club_journal", "0014_club_expenses")
"""Older schemas that the read-only commands read as they are, without upgrading:
0015 only kept how each shared expense was split (read as "shares as given"), 0014
only added the shared expenses to the club's journal (read as none), 0013 only
added the club's journal, which such a database cannot have entries in
(the club's book reads it as empty), and a cache of each night's money (read from
the logs instead), so every other table reads the same. Older
ones are refused, naming ``director upgrade``."""
IDENTITY_REVISION = "0004_identity"
"""The first revision that stores the database's identity."""
ANY_EVENT = 0
"""What a follower passes for "any event may have changed" (after it was cut off
from the server for a while and could not hear of them)."""
_REVISION_NUMBER = re.compile(r"^(\d{4})_[a-z0-9_]+$")


def is_url(target: object) -> bool:
    """Whether ``target`` names a database on a server (a URL) rather than a file."""
    return isinstance(target, str) and target.startswith(URL_SCHEMES)


def database_target(text: str) -> Path | str:
    """What the user typed for ``--db``: a URL as it is, else a file's path."""
    return text if is_url(text) else Path(text)


def revision_is_newer(revision: str) -> bool:
    """Whether an unknown schema revision is one of a newer version of director (its
    number is past the newest this version knows)."""
    number = _REVISION_NUMBER.match(revision)
    newest = max(int(known[:4]) for known in SCHEMA_REVISIONS)
    return bool(number) and int(number[1]) > newest  # type: ignore[index]


def expected_tables(revision: str) -> frozenset[str]:
    """The tables a director database at ``revision`` (a known one) has."""
    known = SCHEMA_REVISIONS[: SCHEMA_REVISIONS.index(revision) + 1]
    return frozenset(table for name in known for table in TABLES_ADDED.get(name, ()))


def schema_problem(revision: str, tables: set[str]) -> str | None:
    """What makes the tables of a database at ``revision`` other than director's (a
    table it lacks, one it does not know), or None when they are exactly those."""
    expected = expected_tables(revision)
    missing = sorted(expected - tables)
    if missing:
        return f"no table {missing[0]!r}"
    foreign = sorted(tables - expected)
    if foreign:
        return f"an unknown table {foreign[0][:60]!r}"
    return None


def location_of(target: Path | str) -> str:
    """Where the database ``target`` names is, to show (a URL without its password)."""
    if is_url(target):
        from director.persistence.postgres import shown_url

        return shown_url(str(target))
    from director.files import display_path

    return display_path(Path(target))


class Follower(Protocol):
    """Tells of other copies' changes until closed (see ``Database.follow``)."""

    @property
    def connected(self) -> bool:
        """Whether notices can arrive now (False while the server is out of reach)."""
        ...

    def close(self) -> None: ...


class Database(Protocol):
    """An open director database, a file or a server's.

    ``transaction`` and ``reading`` give the driver's connection (``execute`` and
    ``cursor`` take the store's statements, written once in SQLite's parameter
    style); ``write`` and ``read`` give SQLAlchemy connections (the roster's ORM
    queries, the migrations). Every failure of the database is a ``StoreError``.
    """

    kind: str
    """``"sqlite"`` or ``"postgresql"``."""
    readonly: bool
    identity: str | None
    """The random id stored in the database (its backups carry it)."""
    path: Path
    """The name its backup files take (for a server's database, no such file exists)."""
    url: str | None
    """The server's URL (with any password), or None for a file."""
    before_first_write: Callable[[], object] | None
    """Called once, just before the first write transaction begins."""

    @property
    def location(self) -> str:
        """Where the database is, to show (never a password)."""
        ...

    @property
    def key(self) -> str:
        """The database as the settings remember it."""
        ...

    @property
    def target(self) -> Path | str:
        """What ``open_database`` takes to open this database again."""
        ...

    @property
    def engine(self) -> Engine: ...

    def transaction(self) -> AbstractContextManager[Any]: ...

    def reading(self) -> AbstractContextManager[Any]: ...

    def write(self) -> AbstractContextManager[Connection]: ...

    def read(self) -> AbstractContextManager[Any]: ...

    def take_lease(self, tournament_id: int) -> None:
        """Become the event's one writer, or ``StoreError("event_leased")``."""
        ...

    def release_lease(self, tournament_id: int) -> None: ...

    def check_lease(self, connection: Any, tournament_id: int) -> None:
        """In the writer's transaction: this copy still writes the event."""
        ...

    def writer_elsewhere(self, tournament_id: int) -> StoreError | None:
        """Whether another copy writes the event now (the error a write would meet,
        naming it), without taking anything: None when this copy could write it."""
        ...

    def follow(
        self, changed: Callable[[int], None], status: Callable[[bool], None] | None = None
    ) -> Follower | None:
        """Call ``changed(event id)`` whenever another copy changes an event, and
        ``status(connected)`` when the notices stop or come back; None when nobody
        else can write this database (a file)."""
        ...

    def writers_elsewhere(self) -> StoreError | None:
        """Whether another copy writes any event of the database now (the error a
        restore meets, naming one of them); None when none does."""
        ...

    def snapshot(self) -> AbstractContextManager[Pinned]:
        """The whole database as it is at one moment, for as long as the ``with``
        lasts: every read through it sees that moment, whatever other copies write
        meanwhile (a copy and its check read the same rows)."""
        ...

    def through(self, connection: Any) -> Pinned:
        """The database seen through ``connection``, a write transaction of its own
        (what it wrote but has not committed included): a copy checked before it is
        committed."""
        ...

    def restore_from(self, backup: Path) -> None:
        """Replace the whole content with the backup file ``backup``."""
        ...

    def after_copy(self, connection: Any) -> None:
        """After rows were written with their ids: new rows get the next free ids."""
        ...

    def close(self) -> None: ...


class Pinned:
    """A database read through one connection in one transaction (``Database.snapshot``,
    ``Database.through``): the reading part of ``Database``, every read seeing the
    same rows. Sessions opened on it only read (``readonly``)."""

    readonly = True
    before_first_write: Callable[[], object] | None = None

    def __init__(self, database: Database, connection: Any, driver: Any) -> None:
        """``connection``: what ``read`` gives (a SQLAlchemy connection, or the driver's);
        ``driver``: the driver's connection under it, what ``reading`` gives."""
        self.kind = database.kind
        self.identity = database.identity
        self.path = database.path
        self.url = database.url
        self.location = database.location
        self.key = database.key
        self.target = database.target
        self._connection = connection
        self._driver = driver

    def __repr__(self) -> str:
        return f"Pinned({self.location!r})"

    @contextlib.contextmanager
    def read(self) -> Iterator[Any]:
        yield self._connection

    @contextlib.contextmanager
    def reading(self) -> Iterator[Any]:
        yield self._driver

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Any]:
        raise StoreError("db_read_only", path=self.location)
        yield  # pragma: no cover - never reached

    write = transaction

    def take_lease(self, tournament_id: int) -> None:
        """Nothing to take: it only reads."""

    def release_lease(self, tournament_id: int) -> None:
        """Nothing to release."""

    def check_lease(self, connection: object, tournament_id: int) -> None:
        """Nothing to check."""

    def writer_elsewhere(self, tournament_id: int) -> StoreError | None:
        return None

    def close(self) -> None:
        """The connection belongs to the ``with`` that made the view."""


def open_database(
    target: Path | str, *, create: bool = True, readonly: bool = False, exclusive: bool = False
) -> Database:
    """Open (and if needed create or upgrade) the database at ``target``: a file, or
    a PostgreSQL URL (``postgresql://user@host/club``).

    ``create=False`` refuses a missing file (or a server database without
    director's tables); ``readonly=True`` never writes and refuses a schema that
    would need an upgrade; ``exclusive`` refuses to upgrade a server's database
    while another copy holds an event (a file's lock is exclusive already).
    Raises ``StoreError``.
    """
    if is_url(target):
        from director.persistence.postgres import open_postgres

        return open_postgres(str(target), create=create, readonly=readonly, exclusive=exclusive)
    from director.persistence.sqlite import open_sqlite

    return open_sqlite(Path(target), create=create, readonly=readonly)


def schema_revision(target: Path | str) -> str:
    """The schema revision of the director database at ``target``, read without
    writing anything (nor leaving a file beside it). Raises ``StoreError``: missing,
    not a director database, newer, damaged."""
    if is_url(target):
        from director.persistence.postgres import postgres_revision

        return postgres_revision(str(target))
    from director.files import display_path
    from director.persistence.sqlite import check_file

    path = Path(target).expanduser().absolute()
    found = check_file(path)
    if not found.exists:
        raise StoreError("db_missing", path=display_path(path))
    if found.revision is None:
        raise StoreError("db_not_director", path=display_path(path))
    return found.revision


def is_database_file(path: Path) -> bool:
    """Whether the file at ``path`` is a database file (any SQLite file: never written
    over by a report or an export)."""
    from director.persistence.sqlite import is_sqlite_file

    return is_sqlite_file(path)


def files_beside(path: Path) -> list[Path]:
    """The files a database file at ``path`` keeps beside it while in use (its
    journals), named as the database engine names them."""
    from director.persistence.sqlite import sqlite_side_files

    return sqlite_side_files(path)
