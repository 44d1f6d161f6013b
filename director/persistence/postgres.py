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
  reloads within a moment, without polling. A follower whose connection drops
  (the server restarted, the network went) says so and connects again by
  itself, waiting longer after each failure; once back, it tells that any event
  may have changed meanwhile, so its copy reloads.
- **One process, one lease.** Sessions of one process on one event share the
  lease: it is released when the last of them closes.
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

from director.persistence.db import (
    ANY_EVENT,
    READABLE_OLDER,
    SCHEMA_HEAD,
    SCHEMA_REVISIONS,
    URL_SCHEMES,
    Pinned,
    revision_is_newer,
    schema_problem,
)
from director.persistence.errors import StoreError

if TYPE_CHECKING:
    from pathlib import Path

    from sqlalchemy import Connection, Engine

LEASE_SECONDS = 30.0
"""How long a lease lasts unless renewed (renewed every third of it)."""
NOTIFY_CHANNEL = "director"
_LOCK_MIGRATIONS = 0x44495231  # advisory lock: one copy upgrades the schema at a time


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


# -- the schema's PostgreSQL-only parts (used by the migrations) ---------------------


def widen_columns_sql(columns: dict[str, list[str]]) -> list[str]:
    """Statements making the given columns 64-bit (``{table: [column, ...]}``)."""
    return [
        f"ALTER TABLE {table} ALTER COLUMN {column} TYPE BIGINT"
        for table, names in columns.items()
        for column in names
    ]


NOTICES_SQL = (
    # Followers LISTEN on "director": the event's id, sent when its row changes
    # (every append updates it), delivered at commit.
    "CREATE FUNCTION director_notify() RETURNS trigger LANGUAGE plpgsql AS $$ "
    "BEGIN PERFORM pg_notify('director', NEW.id::text); RETURN NEW; END $$",
    "CREATE TRIGGER director_notify AFTER INSERT OR UPDATE ON tournament "
    "FOR EACH ROW EXECUTE FUNCTION director_notify()",
)
"""The trigger that tells followers of a change (migration 0006; never change these:
a later migration adds its own statements)."""
NOTICES_QUIET_ALIVE_SQL = (
    # Migration 0011: the alive mark alone (every 2 s while a clock runs, read only by
    # the writer's own next start) would make every follower read the event again.
    "CREATE OR REPLACE FUNCTION director_notify() RETURNS trigger LANGUAGE plpgsql AS $$ "
    "BEGIN IF TG_OP = 'UPDATE' AND "
    "(to_jsonb(NEW) - 'alive_at') = (to_jsonb(OLD) - 'alive_at') THEN RETURN NEW; END IF; "
    "PERFORM pg_notify('director', NEW.id::text); RETURN NEW; END $$"
)
"""The trigger's function from migration 0011 on (never change it either)."""
NOTICES_UNDO_SQL = (
    "DROP TRIGGER director_notify ON tournament",
    "DROP FUNCTION director_notify()",
)


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


def lock_logs(connection: PgConnection) -> None:
    """Hold back new log entries until the caller's transaction ends (entries being
    written now are waited for first): ``SHARE`` mode lets reads through but no
    insert into ``event``. SQLite needs nothing of the kind: its one writer already
    has the whole file."""
    cursor = connection.cursor()
    try:
        cursor.execute("LOCK TABLE event IN SHARE MODE")
    finally:
        cursor.close()


# -- errors -----------------------------------------------------------------------


_NO_DATABASE = re.compile(r'database "([^"]*)" does not exist')
_REFUSED = re.compile(r"password authentication failed|no pg_hba\.conf entry|no password supplied")


def pg_store_error(error: BaseException, location: str) -> StoreError:
    """An error from the server or the driver as a ``StoreError`` the user can read."""
    original = getattr(error, "orig", None) or error
    detail = str(original).strip().splitlines()[0] if str(original).strip() else ""
    detail = detail or type(original).__name__
    state = getattr(original, "sqlstate", None) or ""
    if state == "53100":
        return StoreError("disk_full", path=location)
    if state == "55P03":  # lock_timeout: another copy holds what the write needs
        return StoreError("db_server_busy", path=location)
    if state in {"57014", "25P03"}:  # a statement or a transaction taking too long
        return StoreError("db_server_slow", path=location)
    # Refused at connection, the server's words are all there is (no SQLSTATE).
    missing = _NO_DATABASE.search(str(original))
    if state == "3D000" or missing:
        name = missing[1] if missing else urllib.parse.urlsplit(location).path.strip("/")
        return StoreError("db_server_no_database", path=location, name=name)
    if state.startswith("28") or _REFUSED.search(str(original)):
        return StoreError("db_server_refused", path=location, detail=detail)
    if state.startswith("08") or "connection" in detail.lower():
        return StoreError("db_server_unreachable", path=location, detail=detail)
    return StoreError("db_failed", path=location, detail=detail)


# -- the database -----------------------------------------------------------------


class PostgresDatabase:
    """An open club database on a PostgreSQL server (a ``db.Database``)."""

    kind = "postgresql"

    def __init__(self, url: str, engine: Engine, *, readonly: bool, identity: str | None):
        self.url: str | None = url
        self._url = url
        self.location = shown_url(url)
        """Where the database is, to show (no password)."""
        self.readonly = readonly
        self.identity = identity
        self.before_first_write: Callable[[], object] | None = None
        """Called once, just before this copy's first write transaction begins (then
        forgotten): the app's start-up backup, when it is not made yet."""
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
        self._leases: dict[int, int] = {}
        """Events whose lease this copy holds, with how many sessions of it hold each."""
        self._lease_lock = threading.Lock()
        self._renewer: threading.Thread | None = None
        self._stop = threading.Event()
        self.lost_leases: set[int] = set()
        """Events whose lease lapsed and went to another copy while open here."""
        self.upgraded_from: str | None = None
        """The schema revision this opening upgraded the database from, if it did."""

    def __repr__(self) -> str:
        return f"PostgresDatabase({self.location!r}, readonly={self.readonly})"

    @property
    def key(self) -> str:
        """The database as settings remember it: the URL without its password."""
        return self.location

    @property
    def target(self) -> str:
        """What ``open_database`` takes to open this database again."""
        return self._url

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
        hook = self.before_first_write
        if hook is not None:
            self.before_first_write = None
            hook()
        import psycopg
        from sqlalchemy.exc import DBAPIError, IntegrityError

        for attempt in (1, 2):
            stack = contextlib.ExitStack()
            try:
                connection = stack.enter_context(self.engine.connect())
                stack.enter_context(connection.begin())
                # The transaction's first round trip: a connection the server dropped
                # (it restarted) is found here, before anything is written, and
                # replaced once; a write can never be sent twice by this.
                connection.exec_driver_sql("SELECT 1")
            except DBAPIError as error:
                with contextlib.suppress(Exception):
                    stack.close()
                if attempt == 1 and error.connection_invalidated:
                    continue
                raise pg_store_error(error, self.location) from error
            break
        try:
            with stack:
                yield connection
        except IntegrityError:
            raise  # a constraint the caller checks for (a duplicate name)
        except (DBAPIError, psycopg.Error) as error:  # the driver's own, from raw writes
            raise pg_store_error(error, self.location) from error

    @contextlib.contextmanager
    def transaction(self) -> Iterator[PgConnection]:
        """Like ``write``, as the driver's connection: ``execute`` takes the store's SQL
        (SQLite's parameter style) and returns a cursor."""
        with self.write() as connection:
            yield PgConnection(connection)

    @contextlib.contextmanager
    def read(self) -> Iterator[Connection]:
        """A connection in one read transaction (a consistent view).

        A connection the server dropped (it restarted) is found by the transaction's
        first statement and replaced, once, before anything is read: a read after the
        server came back (a follower catching up) does not fail for it."""
        from sqlalchemy.exc import DBAPIError

        for attempt in (1, 2):
            stack = contextlib.ExitStack()
            try:
                connection = stack.enter_context(self.engine.connect())
                stack.enter_context(connection.begin())
                connection.exec_driver_sql(
                    "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY"
                )
            except DBAPIError as error:
                with contextlib.suppress(Exception):
                    stack.close()
                if attempt == 1 and error.connection_invalidated:
                    continue  # the pool now holds no connection older than this
                raise pg_store_error(error, self.location) from error
            break
        try:
            with stack:
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
        naming the copy that is (its machine, since when). A second session of this
        copy on the same event shares the lease (``release_lease`` counts them)."""
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
                    "token = excluded.token, since = CASE WHEN lease.token = excluded.token "
                    "THEN lease.since ELSE excluded.since END, expires = excluded.expires "
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
                    # The other copy's lease, as the insert just met it (locked by it
                    # until this transaction ends: it cannot be gone meanwhile).
                    holder, since = cursor.execute(
                        "SELECT holder, since FROM lease WHERE tournament_id = :t",
                        {"t": tournament_id},
                    ).fetchone()
                    raise leased(tournament_id, holder, since)
            finally:
                cursor.close()
        with self._lease_lock:
            self._leases[tournament_id] = self._leases.get(tournament_id, 0) + 1
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
        with self._lease_lock:
            if tournament_id in self._leases:
                del self._leases[tournament_id]
                self.lost_leases.add(tournament_id)
        if not rows:
            # Nobody holds it: another copy deleted the event or restored a backup
            # over the club's data (either removes the leases), or it was released
            # by hand. Nothing to name: no machine, no time.
            raise StoreError("event_lease_removed", event=tournament_id)
        raise leased(tournament_id, rows[0][0], rows[0][1])

    def writer_elsewhere(self, tournament_id: int) -> StoreError | None:
        """Another copy holds the event's lease and it has not lapsed."""
        with self.reading() as connection:
            rows = connection.execute(
                "SELECT holder, since, token FROM lease WHERE tournament_id = ? AND expires > "
                "(extract(epoch FROM clock_timestamp()) * 1000)::bigint",
                (tournament_id,),
            ).fetchall()
        if not rows or rows[0][2] == self._token:
            return None
        return leased(tournament_id, rows[0][0], rows[0][1])

    def writers_elsewhere(self) -> StoreError | None:
        """Another copy holds a lease on some event, not lapsed: the oldest such, as
        ``StoreError("restore_event_leased")`` naming the event, the machine and since
        when."""
        with self.reading() as connection:
            return _lease_held_elsewhere(connection.cursor(), self._token)

    def release_lease(self, tournament_id: int) -> None:
        """One session of this copy lets go of the event; once the last one has, another
        copy may write it. Safe to call more often than ``take_lease``."""
        with self._lease_lock:
            holders = self._leases.get(tournament_id, 0)
            if holders > 1:
                self._leases[tournament_id] = holders - 1
                return
            self._leases.pop(tournament_id, None)
        if not holders or self._engine is None:
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
                self._leases.pop(lost, None)
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

    # -- following, copies, restoring -------------------------------------------

    def follow(
        self, changed: Callable[[int], None], status: Callable[[bool], None] | None = None
    ) -> Follower:
        """Call ``changed(event id)`` (on another thread) whenever an event changes, and
        ``status(connected)`` when the notices stop or come back (see ``Follower``)."""
        return Follower(driver_url(self._url), changed, status, location=self.location)

    def after_copy(self, connection: Any) -> None:
        """After rows were written with their ids, new rows get the next free one."""
        from director.persistence.copy import copied_tables

        for table in copied_tables():
            if [c.name for c in table.primary_key.columns] != ["id"]:
                continue
            connection.exec_driver_sql(
                f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                f"COALESCE((SELECT MAX(id) FROM {table.name}), 0) + 1, false)"
            )

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[Pinned]:
        """The database at one moment: one ``REPEATABLE READ`` read-only transaction
        (see ``read``), held for as long as the ``with`` lasts."""
        with self.read() as connection:
            yield Pinned(self, connection, PgConnection(connection))

    def through(self, connection: Connection) -> Pinned:
        """The database seen through ``connection``'s transaction (its own writes
        included)."""
        return Pinned(self, connection, PgConnection(connection))

    def restore_from(self, backup: Path) -> None:
        """Put the content of the backup file ``backup`` in place of everything here, in
        one transaction (every event closed). Refused (``restore_event_leased``) while
        another copy writes an event: taking or renewing a lease waits meanwhile, and a
        copy whose lease lapsed is told, at its next write, that the event was replaced."""
        from director.persistence.copy import restore_into

        def refuse_while_written(connection: Connection) -> None:
            cursor = PgConnection(connection).cursor()
            try:
                cursor.execute("LOCK TABLE lease IN EXCLUSIVE MODE")
                held = _lease_held_elsewhere(cursor, self._token)
            finally:
                cursor.close()
            if held is not None:
                raise held

        restore_into(self, backup, before=refuse_while_written)

    def close(self) -> None:
        """Release the leases and the connections. Safe to call twice."""
        self._stop.set()
        if self._renewer is not None:
            self._renewer.join(timeout=5)
            self._renewer = None
        with self._lease_lock:
            held = sorted(self._leases)
            for tournament_id in held:
                self._leases[tournament_id] = 1  # every session's share goes at once
        for tournament_id in held:
            self.release_lease(tournament_id)
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None


def shown_time(milliseconds: int) -> str:
    """A server time (milliseconds since the epoch) as this machine shows it."""
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(int(milliseconds) / 1000))


def leased(tournament_id: int, holder: str, since: int) -> StoreError:
    """The refusal of a write to an event whose lease ``holder`` took at ``since``."""
    return StoreError("event_leased", event=tournament_id, machine=holder, since=shown_time(since))


_FIRST_LIVE_LEASE = (
    "SELECT lease.tournament_id, tournament.name, lease.holder, lease.since "
    "FROM lease JOIN tournament ON tournament.id = lease.tournament_id "
    "WHERE lease.expires > (extract(epoch FROM clock_timestamp()) * 1000)::bigint{also} "
    "ORDER BY lease.since, lease.tournament_id LIMIT 1"
)
"""The oldest lease that has not lapsed (another copy holds that event)."""


def _leased(code: str, row: Any) -> StoreError:
    tournament_id, name, holder, since = row
    return StoreError(code, event=tournament_id, name=name, machine=holder, since=shown_time(since))


def _lease_held_elsewhere(cursor: PgCursor, token: str) -> StoreError | None:
    sql = _FIRST_LIVE_LEASE.format(also=" AND lease.token <> :token")
    row = cursor.execute(sql, {"token": token}).fetchone()
    return None if row is None else _leased("restore_event_leased", row)


def _server_now(cursor: PgCursor) -> int:
    row = cursor.execute("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint").fetchone()
    return int(row[0])


RECONNECT_FIRST = 0.2
"""Seconds a follower waits after losing its connection before its first attempt to
connect again..."""
RECONNECT_MOST = 5.0
"""... then twice as long after each failure, up to this."""
PING_EVERY = 5.0
"""Seconds without a notice after which a follower checks its connection is alive
(a server gone without closing the connection sends nothing)."""


class Follower:
    """LISTENs on its own connection and calls ``changed(event id)`` for each notice.

    When the connection drops, ``status(False)`` is called once; the follower
    connects again by itself (``RECONNECT_FIRST`` seconds later, then twice as
    long after each failure, up to ``RECONNECT_MOST``), then calls
    ``status(True)`` and ``changed(ANY_EVENT)``: what changed while it could not
    hear is unknown, so its copy reloads what it shows.
    """

    def __init__(
        self,
        url: str,
        changed: Callable[[int], None],
        status: Callable[[bool], None] | None = None,
        *,
        location: str = "",
    ) -> None:
        self._url = url
        self._location = location or shown_url(url)
        self._changed = changed
        self._status = status
        self._running = True
        self._wake = threading.Event()
        self._connection: Any = None
        self.connected = False
        """Whether notices can arrive now."""
        self.reconnections = 0
        """How many times the connection was made again after a loss."""
        try:
            self._connection = self._connect()
        except Exception as error:
            raise pg_store_error(error, self._location) from error
        self.connected = True
        self._thread = threading.Thread(target=self._loop, name="follower", daemon=True)
        self._thread.start()

    def _connect(self) -> Any:
        import psycopg

        # Over a network, a peer gone silent is noticed within seconds.
        connection = psycopg.connect(self._url, autocommit=True, **connect_arguments())
        try:
            connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
        except BaseException:
            connection.close()
            raise
        return connection

    @property
    def backend_pid(self) -> int | None:
        """The server process serving this follower's connection (None while cut off)."""
        connection = self._connection
        try:
            return int(connection.info.backend_pid) if connection is not None else None
        except Exception:
            return None

    def _say(self, connected: bool) -> None:
        if connected == self.connected:
            return
        self.connected = connected
        if self._status is not None:
            with contextlib.suppress(Exception):
                self._status(connected)

    def _loop(self) -> None:
        wait = RECONNECT_FIRST
        quiet_since = time.monotonic()
        while self._running:
            connection = self._connection
            if connection is None:
                # A moment first (a server restarting is not back at once), longer
                # after each failure.
                self._wake.wait(wait)
                wait = min(wait * 2, RECONNECT_MOST)
                if not self._running:
                    return
                try:
                    connection = self._connect()
                except Exception:
                    continue
                if not self._running:
                    connection.close()
                    return
                self._connection = connection
                self.reconnections += 1
                wait = RECONNECT_FIRST
                quiet_since = time.monotonic()
                self._say(True)
                with contextlib.suppress(Exception):
                    self._changed(ANY_EVENT)
            try:
                heard = False
                for notice in connection.notifies(timeout=0.2):
                    heard = True
                    with contextlib.suppress(ValueError):
                        self._changed(int(notice.payload))
                if heard:
                    quiet_since = time.monotonic()
                elif time.monotonic() - quiet_since >= PING_EVERY:
                    connection.execute("SELECT 1")
                    quiet_since = time.monotonic()
                if connection.closed:
                    raise ConnectionError("closed")
            except Exception:
                if not self._running:
                    return
                self._drop()
                self._say(False)

    def _drop(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            with contextlib.suppress(Exception):
                connection.close()

    def close(self) -> None:
        self._running = False
        self._wake.set()
        self._thread.join(timeout=2)
        self._drop()


# -- opening ----------------------------------------------------------------------


def _foreign_trigger(connection: Connection) -> str | None:
    """A trigger on the database's tables that director never makes (one runs at
    every write, whatever it does), or None."""
    row = connection.exec_driver_sql(
        "SELECT trigger_name FROM information_schema.triggers "
        "WHERE event_object_schema = current_schema() AND trigger_name <> 'director_notify' "
        "ORDER BY 1 LIMIT 1"
    ).first()
    return None if row is None else f"a trigger {str(row[0])[:60]!r}"


CONNECT_TIMEOUT_S = 5
"""How long a connection to the server may take to open before it is given up."""
SILENT_PEER_MS = 10_000
"""How long data sent to the server may go unacknowledged before the connection is
given up (the network went: a Wi-Fi drop, a cable pulled)."""
LOCK_TIMEOUT_MS = 10_000
"""How long a statement waits for a lock another copy holds before it is refused
(rolled back, nothing written) instead of waiting for good."""
IDLE_IN_TRANSACTION_MS = 120_000
"""How long the server keeps a transaction its client left open: a copy that
vanished mid-write (its laptop slept) does not hold its locks for good."""


def connect_arguments() -> dict[str, Any]:
    """The driver's settings for every connection that may write: a server or a
    network that stops answering is noticed within seconds, a lock held elsewhere
    is waited for a bounded time, and the server lets go of an abandoned write.

    A server that is paused (its processes stopped) still has its machine answer
    for it at the TCP level: nothing on the client can tell it from a slow commit,
    so that wait is shown to the organizer (the window keeps running) rather than
    cut short, which would leave the write in doubt."""
    return {
        "connect_timeout": CONNECT_TIMEOUT_S,
        "keepalives": 1,
        "keepalives_idle": 5,
        "keepalives_interval": 2,
        "keepalives_count": 2,
        "tcp_user_timeout": SILENT_PEER_MS,
        "options": (
            f"-c lock_timeout={LOCK_TIMEOUT_MS}"
            f" -c idle_in_transaction_session_timeout={IDLE_IN_TRANSACTION_MS}"
        ),
    }


def _engine_for(url: str) -> Engine:
    from sqlalchemy import create_engine

    return create_engine(
        "postgresql+psycopg://" + driver_url(url)[len("postgresql://") :],
        pool_size=2,
        max_overflow=4,
        # No ping before each use (a round trip per read): a connection the server
        # dropped fails at its first statement and is replaced, once (``read``,
        # ``write``).
        pool_pre_ping=False,
        connect_args=connect_arguments(),
    )


def _tables_and_revision(connection: Connection, location: str) -> tuple[set[str], str | None]:
    """The tables of the database, and its schema revision (None: no tables at all);
    a foreign, newer or damaged schema is a ``StoreError``."""
    tables = {
        row[0]
        for row in connection.exec_driver_sql(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
        )
    }
    if tables and "alembic_version" not in tables:
        raise StoreError("db_not_director", path=location)
    if not tables:
        return tables, None
    rows = connection.exec_driver_sql("SELECT version_num FROM alembic_version").all()
    if len(rows) != 1:
        raise StoreError("db_damaged", path=location, detail="no schema version")
    revision = str(rows[0][0])
    if revision not in SCHEMA_REVISIONS:
        if revision_is_newer(revision):
            raise StoreError("db_newer", path=location, revision=revision)
        raise StoreError("db_damaged", path=location, detail=f"schema {revision!r}")
    # Not exactly director's (a table, view or trigger of someone else's, one
    # missing): refused before any write.
    problem = schema_problem(revision, tables) or _foreign_trigger(connection)
    if problem is not None:
        raise StoreError("db_foreign_schema", path=location, detail=problem)
    return tables, revision


def postgres_revision(url: str) -> str:
    """The schema revision of the club database at ``url``, read without writing."""
    from sqlalchemy.exc import DBAPIError

    location = shown_url(url)
    engine = _engine_for(url)
    try:
        with engine.connect() as connection:
            _tables, revision = _tables_and_revision(connection, location)
            connection.rollback()
    except DBAPIError as error:
        raise pg_store_error(error, location) from error
    finally:
        engine.dispose()
    if revision is None:
        raise StoreError("db_not_director", path=location)
    return revision


def _refuse_upgrade_if_leased(connection: Connection, tables: set[str]) -> None:
    """Another copy holds an event (its lease has not lapsed): its schema is not
    changed under it. A schema older than the leases (0006) has none to hold."""
    if "lease" not in tables:
        return
    row = connection.exec_driver_sql(_FIRST_LIVE_LEASE.format(also="")).first()
    if row is not None:
        raise _leased("upgrade_event_leased", row)


def open_postgres(
    url: str, *, create: bool = True, readonly: bool = False, exclusive: bool = False
) -> PostgresDatabase:
    """Open (and if needed create the tables of, or upgrade) the club database at ``url``.

    The database itself must exist on the server (``createdb``). ``readonly``
    never writes and refuses a schema that would need an upgrade (but those of
    ``READABLE_OLDER``); ``exclusive`` refuses to upgrade while another copy holds
    an event (``director upgrade``).
    """
    from sqlalchemy.exc import DBAPIError

    location = shown_url(url)
    engine = _engine_for(url)
    upgraded_from = None
    try:
        with engine.begin() as connection:
            if not readonly:
                # Another copy upgrading the schema is waited for, however long.
                connection.exec_driver_sql("SET LOCAL lock_timeout = 0")
                connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_LOCK_MIGRATIONS})")
            tables, revision = _tables_and_revision(connection, location)
            if revision is None and (readonly or not create):
                raise StoreError("db_not_director", path=location)
            if readonly and revision != SCHEMA_HEAD and revision not in READABLE_OLDER:
                raise StoreError("db_older", path=location)
            if not readonly and revision != SCHEMA_HEAD:
                from alembic import command

                from director.persistence.migrations import alembic_config

                if exclusive and revision is not None:
                    _refuse_upgrade_if_leased(connection, tables)
                config = alembic_config()
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
                upgraded_from = revision
            row = connection.exec_driver_sql("SELECT uuid FROM database_identity").first()
            identity = str(row[0]) if row else None
    except DBAPIError as error:
        engine.dispose()
        raise pg_store_error(error, location) from error
    except BaseException:
        engine.dispose()
        raise
    database = PostgresDatabase(url, engine, readonly=readonly, identity=identity)
    database.upgraded_from = upgraded_from
    return database
