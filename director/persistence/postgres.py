"""What only a club database on a PostgreSQL server needs.

- **Where.** A ``postgresql://user@host/club`` URL. The password comes from the
  usual places (``~/.pgpass``, ``PGPASSWORD``), read by the driver itself;
  director never stores it, and shows the URL without it.
- **One writer per event.** Several copies of director share one database; a
  copy that opens an event for writing takes its *lease* (a ``lease`` row:
  machine, since when, until when), renews it while the event is open and
  releases it at close. A lease not renewed lapses (a crash), and the next
  copy takes it over. Another copy is refused with the holder's machine and
  since when. Times are the server's, so the machines' clocks do not matter.
- **Appends.** The store's append updates the event's row first, only if its
  last entry is the one expected (``WHERE last_entry = :expected``): the row
  lock makes two writers take turns, and the second is refused (the event
  moved on) instead of writing on top; the log's unique keys stand behind it.
- **Followers.** Each change of an event's row notifies ``director`` with its
  id (a trigger, delivered at commit): a copy following an event LISTENs and
  reloads within a moment, without polling.
- The store's statements are written once, in SQLite's parameter style;
  ``PgCursor`` puts them in psycopg's.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import socket
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from director.persistence.errors import StoreError

if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine

URL_SCHEMES = ("postgresql://", "postgres://", "postgresql+psycopg://")
LEASE_SECONDS = 30.0
"""How long a lease lasts unless renewed (renewed every third of it)."""
NOTIFY_CHANNEL = "director"
_LOCK_MIGRATIONS = 0x44495231  # advisory lock: one copy upgrades the schema at a time


def is_url(target: object) -> bool:
    """Whether ``target`` names a PostgreSQL database rather than a file."""
    return isinstance(target, str) and target.startswith(URL_SCHEMES)


def shown_url(url: str) -> str:
    """``url`` without its password, to show or remember."""
    parts = urllib.parse.urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if parts.port:
        host += f":{parts.port}"
    user = f"{parts.username}@" if parts.username else ""
    return urllib.parse.urlunsplit(parts._replace(netloc=user + host))


def driver_url(url: str) -> str:
    """The URL for psycopg (a plain ``postgresql://`` one)."""
    for scheme in URL_SCHEMES:
        if url.startswith(scheme):
            return "postgresql://" + url[len(scheme) :]
    return url


def lease_seconds() -> float:
    """The lease's length (``DIRECTOR_LEASE_SECONDS`` overrides it, for tests)."""
    try:
        return float(os.environ.get("DIRECTOR_LEASE_SECONDS", LEASE_SECONDS))
    except ValueError:
        return LEASE_SECONDS


# -- the store's SQL in psycopg's style -------------------------------------------

_NAMED = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")
_translated: dict[str, str] = {}


def translate(sql: str) -> str:
    """``?`` and ``:name`` parameters as psycopg's ``%s`` and ``%(name)s``."""
    done = _translated.get(sql)
    if done is None:
        done = sql.replace("%", "%%").replace("?", "%s")
        done = _NAMED.sub(r"%(\1)s", done)
        _translated[sql] = done
    return done


class PgCursor:
    """A psycopg cursor that takes the store's statements as written for SQLite."""

    def __init__(self, cursor: Any) -> None:
        self._cursor = cursor

    def execute(self, sql: str, parameters: Any = None) -> PgCursor:
        self._cursor.execute(translate(sql), parameters)
        return self

    def executemany(self, sql: str, rows: Any) -> PgCursor:
        self._cursor.executemany(translate(sql), rows)
        return self

    def fetchall(self) -> list[Any]:
        return list(self._cursor.fetchall())

    def fetchone(self) -> Any:
        return self._cursor.fetchone()

    @property
    def rowcount(self) -> int:
        return int(self._cursor.rowcount)

    def close(self) -> None:
        self._cursor.close()


class PgConnection:
    """A SQLAlchemy connection's driver connection, used as SQLite's is: ``execute``
    and ``cursor`` take the store's statements as written."""

    def __init__(self, connection: Connection) -> None:
        self.sqlalchemy = connection

    def driver_cursor(self) -> PgCursor:
        return PgCursor(self.sqlalchemy.connection.dbapi_connection.cursor())  # type: ignore[union-attr]

    cursor = driver_cursor

    def execute(self, sql: str, parameters: Any = None) -> PgCursor:
        return self.driver_cursor().execute(sql, parameters)


# -- errors -----------------------------------------------------------------------


def pg_store_error(error: BaseException, location: str) -> StoreError:
    """An error from the server or the driver as a ``StoreError`` the user can read."""
    original = getattr(error, "orig", None) or error
    detail = str(original).strip().splitlines()[0] if str(original).strip() else ""
    detail = detail or type(original).__name__
    state = getattr(original, "sqlstate", None) or ""
    if state == "53100":
        return StoreError("disk_full", path=location)
    if state.startswith("08") or "connection" in detail.lower():
        return StoreError("db_server_unreachable", path=location, detail=detail)
    if state.startswith("28"):
        return StoreError("db_server_refused", path=location, detail=detail)
    return StoreError("db_failed", path=location, detail=detail)


# -- the database -----------------------------------------------------------------


class PostgresDatabase:
    """An open club database on a PostgreSQL server (the same interface as ``Database``)."""

    kind = "postgresql"

    def __init__(self, url: str, engine: Engine, *, readonly: bool, identity: str | None):
        self.url = url
        self.location = shown_url(url)
        """Where the database is, to show (no password)."""
        self.readonly = readonly
        self.identity = identity
        self._engine: Engine | None = engine
        parts = urllib.parse.urlsplit(url)
        from director import paths

        name = re.sub(r"[^\w.-]+", "_", f"{parts.hostname or 'local'}-{parts.path.strip('/')}")
        self.path = paths.data_dir() / "club" / f"{name}.db"
        """The name its backups take on this machine (no such file: the database is on
        the server); they go in a ``backups`` folder beside it unless set otherwise."""
        self.holder = f"{socket.gethostname()} (pid {os.getpid()})"
        """This copy, as other copies are told when it holds an event."""
        self._token = secrets.token_hex(16)
        self._leases: set[int] = set()
        self._lease_lock = threading.Lock()
        self._renewer: threading.Thread | None = None
        self._stop = threading.Event()
        self.lost_leases: set[int] = set()
        """Events whose lease lapsed and went to another copy while open here."""

    def __repr__(self) -> str:
        return f"PostgresDatabase({self.location!r}, readonly={self.readonly})"

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            raise StoreError("db_failed", path=self.location, detail="closed")
        return self._engine

    @contextlib.contextmanager
    def write(self) -> Iterator[Connection]:
        """A connection in one transaction, committed on success; nothing kept on failure."""
        if self.readonly:
            raise StoreError("db_read_only", path=self.location)
        from sqlalchemy.exc import DBAPIError, IntegrityError

        try:
            with self.engine.begin() as connection:
                yield connection
        except IntegrityError:
            raise
        except DBAPIError as error:
            raise pg_store_error(error, self.location) from error

    @contextlib.contextmanager
    def transaction(self) -> Iterator[PgConnection]:
        """Like ``write``, as the driver's connection: ``execute`` takes the store's SQL
        (SQLite's parameter style) and returns a cursor."""
        with self.write() as connection:
            yield PgConnection(connection)

    @contextlib.contextmanager
    def read(self) -> Iterator[Connection]:
        """A connection in one read transaction (a consistent view)."""
        from sqlalchemy.exc import DBAPIError

        try:
            with self.engine.connect() as connection, connection.begin():
                connection.exec_driver_sql(
                    "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY"
                )
                yield connection
        except DBAPIError as error:
            raise pg_store_error(error, self.location) from error

    @contextlib.contextmanager
    def reading(self) -> Iterator[PgConnection]:
        """Like ``read``, as the driver's connection (see ``transaction``)."""
        with self.read() as connection:
            yield PgConnection(connection)

    # -- leases ---------------------------------------------------------------

    def take_lease(self, tournament_id: int) -> None:
        """Become the one writer of the event, or ``StoreError("event_leased")``
        naming the copy that is (its machine, since when)."""
        if self.readonly:
            return
        seconds = lease_seconds()
        with self.write() as connection:
            cursor = PgCursor(connection.connection.dbapi_connection.cursor())  # type: ignore[union-attr]
            try:
                now = _server_now(cursor)
                if not cursor.execute(
                    "SELECT 1 FROM tournament WHERE id = :t", {"t": tournament_id}
                ).fetchall():
                    raise StoreError("event_unknown", event=tournament_id)
                row = cursor.execute(
                    "INSERT INTO lease (tournament_id, holder, token, since, expires) "
                    "VALUES (:t, :holder, :token, :now, :expires) "
                    "ON CONFLICT (tournament_id) DO UPDATE SET holder = excluded.holder, "
                    "token = excluded.token, since = excluded.since, expires = excluded.expires "
                    "WHERE lease.expires < excluded.since OR lease.token = excluded.token "
                    "RETURNING since",
                    {
                        "t": tournament_id,
                        "holder": self.holder,
                        "token": self._token,
                        "now": now,
                        "expires": now + int(seconds * 1000),
                    },
                ).fetchone()
                if row is None:
                    held = cursor.execute(
                        "SELECT holder, since FROM lease WHERE tournament_id = :t",
                        {"t": tournament_id},
                    ).fetchone()
                    holder, since = held if held else ("?", now)
                    raise StoreError(
                        "event_leased",
                        event=tournament_id,
                        machine=holder,
                        since=time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(since / 1000)),
                    )
            finally:
                cursor.close()
        with self._lease_lock:
            self._leases.add(tournament_id)
            self.lost_leases.discard(tournament_id)
        self._start_renewing()

    def check_lease(self, connection: Connection | PgConnection, tournament_id: int) -> None:
        """In the writer's transaction: the lease is still this copy's (locked until the
        commit), else ``StoreError("event_leased")`` naming the copy that took it over."""
        from director.persistence.store import _driver_cursor

        cursor = _driver_cursor(connection)
        try:
            rows = cursor.execute(
                "SELECT holder, since, token FROM lease WHERE tournament_id = :t FOR SHARE",
                {"t": tournament_id},
            ).fetchall()
        finally:
            cursor.close()
        if rows and rows[0][2] == self._token:
            return
        holder, since = (rows[0][0], rows[0][1]) if rows else ("?", 0)
        with self._lease_lock:
            if tournament_id in self._leases:
                self._leases.discard(tournament_id)
                self.lost_leases.add(tournament_id)
        raise StoreError(
            "event_leased",
            event=tournament_id,
            machine=holder,
            since=time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(since / 1000)),
        )

    def release_lease(self, tournament_id: int) -> None:
        """Let another copy write the event. Safe to call twice."""
        with self._lease_lock:
            held = tournament_id in self._leases
            self._leases.discard(tournament_id)
        if not held or self._engine is None:
            return
        with contextlib.suppress(StoreError), self.write() as connection:
            connection.exec_driver_sql(
                "DELETE FROM lease WHERE tournament_id = %(t)s AND token = %(token)s",
                {"t": tournament_id, "token": self._token},
            )

    def holds_lease(self, tournament_id: int) -> bool:
        with self._lease_lock:
            return tournament_id in self._leases

    def renew_leases(self) -> None:
        """Push back the end of every lease held (the renewer calls it every third of
        a lease); a lease found taken over is dropped and noted in ``lost_leases``."""
        with self._lease_lock:
            held = sorted(self._leases)
        if not held:
            return
        with self.write() as connection:
            cursor = PgCursor(connection.connection.dbapi_connection.cursor())  # type: ignore[union-attr]
            try:
                now = _server_now(cursor)
                rows = cursor.execute(
                    "UPDATE lease SET expires = :expires WHERE token = :token "
                    "AND tournament_id = ANY(:held) RETURNING tournament_id",
                    {
                        "expires": now + int(lease_seconds() * 1000),
                        "token": self._token,
                        "held": held,
                    },
                ).fetchall()
            finally:
                cursor.close()
        kept = {row[0] for row in rows}
        with self._lease_lock:
            for lost in set(held) - kept:
                self._leases.discard(lost)
                self.lost_leases.add(lost)

    def _start_renewing(self) -> None:
        if self._renewer is not None:
            return
        self._stop.clear()
        self._renewer = threading.Thread(target=self._renew_loop, name="lease", daemon=True)
        self._renewer.start()

    def _renew_loop(self) -> None:
        while not self._stop.wait(lease_seconds() / 3):
            with contextlib.suppress(Exception):  # unreachable for a moment: next time
                self.renew_leases()

    # -- following ------------------------------------------------------------

    def follow(self, changed: Callable[[int], None]) -> Follower:
        """Call ``changed(event id)`` (on another thread) whenever an event changes."""
        return Follower(driver_url(self.url), changed)

    def close(self) -> None:
        """Release the leases and the connections. Safe to call twice."""
        self._stop.set()
        if self._renewer is not None:
            self._renewer.join(timeout=5)
            self._renewer = None
        with self._lease_lock:
            held = sorted(self._leases)
        for tournament_id in held:
            self.release_lease(tournament_id)
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None


def _server_now(cursor: PgCursor) -> int:
    row = cursor.execute("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint").fetchone()
    return int(row[0])


class Follower:
    """LISTENs on its own connection; calls ``changed(event id)`` for each notice."""

    def __init__(self, url: str, changed: Callable[[int], None]) -> None:
        import psycopg

        self._connection = psycopg.connect(url, autocommit=True)
        self._connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
        self._changed = changed
        self._running = True
        self._thread = threading.Thread(target=self._loop, name="follower", daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while self._running:
            try:
                for notice in self._connection.notifies(timeout=0.2):
                    with contextlib.suppress(ValueError):
                        self._changed(int(notice.payload))
            except Exception:
                if not self._running:
                    return
                time.sleep(0.2)

    def close(self) -> None:
        self._running = False
        self._thread.join(timeout=2)
        with contextlib.suppress(Exception):
            self._connection.close()


# -- opening ----------------------------------------------------------------------


def open_postgres(url: str, *, create: bool = True, readonly: bool = False) -> PostgresDatabase:
    """Open (and if needed create the tables of, or upgrade) the club database at ``url``.

    The database itself must exist on the server (``createdb``). ``readonly``
    never writes and refuses a schema that would need an upgrade.
    """
    from sqlalchemy import create_engine
    from sqlalchemy.exc import DBAPIError

    from director.persistence.db import SCHEMA_HEAD, SCHEMA_REVISIONS, revision_is_newer

    location = shown_url(url)
    engine = create_engine(
        "postgresql+psycopg://" + driver_url(url)[len("postgresql://") :],
        pool_size=2,
        max_overflow=4,
        # No ping before each use (a round trip per command): a connection the
        # server dropped fails once, as a StoreError, and the pool replaces it.
        pool_pre_ping=False,
    )
    try:
        with engine.begin() as connection:
            if not readonly:
                connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_LOCK_MIGRATIONS})")
            tables = {
                row[0]
                for row in connection.exec_driver_sql(
                    "SELECT table_name FROM information_schema.tables "
                    "WHERE table_schema = current_schema()"
                )
            }
            revision = None
            if tables and "alembic_version" not in tables:
                raise StoreError("db_not_director", path=location)
            if tables:
                rows = connection.exec_driver_sql("SELECT version_num FROM alembic_version").all()
                if len(rows) != 1:
                    raise StoreError("db_damaged", path=location, detail="no schema version")
                revision = str(rows[0][0])
                if revision not in SCHEMA_REVISIONS:
                    if revision_is_newer(revision):
                        raise StoreError("db_newer", path=location, revision=revision)
                    raise StoreError("db_damaged", path=location, detail=f"schema {revision!r}")
            if revision is None and (readonly or not create):
                raise StoreError("db_not_director", path=location)
            if readonly and revision != SCHEMA_HEAD:
                raise StoreError("db_older", path=location)
            if revision != SCHEMA_HEAD:
                from alembic import command

                from director.persistence.migrations import alembic_config

                config = alembic_config()
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
            row = connection.exec_driver_sql("SELECT uuid FROM database_identity").first()
            identity = str(row[0]) if row else None
    except DBAPIError as error:
        engine.dispose()
        raise pg_store_error(error, location) from error
    except BaseException:
        engine.dispose()
        raise
    return PostgresDatabase(url, engine, readonly=readonly, identity=identity)
