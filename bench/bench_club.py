"""A club database on PostgreSQL next to the SQLite file (issue 19).

For each kind of database: open an event of 2,000 log entries (from its
snapshot and by full replay) and dispatch durable commands, median and p99,
each next to its floor measured in the same run on the same server: a bare
INSERT + COMMIT through the driver (SQLite: WAL, synchronous=FULL; PostgreSQL:
a throwaway server started here with fsync on, on a Unix socket). Then, on
PostgreSQL: how long a follower waits for the notice of a change, how long
one cut off by the server takes to be connected again, and how long a takeover
waits after a writer stops renewing its lease (1 s leases).

Run: python -m bench.bench_club   (needs Debian's postgresql binaries)
"""

from __future__ import annotations

import os
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from bench.common import ms, repeat
from director.app.night.session import TournamentSession
from director.app.storage.library import Library
from director.core import commands as c
from director.persistence.db import StoreError, open_database

ENTRIES = 2_000
DISPATCHES = 300


def p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def line(name: str, samples: list[float], floor: float | None = None) -> float:
    median = statistics.median(samples)
    text = f"  {name}: median {ms(median)}, p99 {ms(p99(samples))} ({len(samples)} runs)"
    if floor:
        text += f" = {median / floor:.1f}x the floor"
    print(text)
    return median


def bare_sqlite(folder: Path) -> list[float]:
    raw = sqlite3.connect(folder / "raw.db")
    raw.execute("PRAGMA journal_mode=WAL")
    raw.execute("PRAGMA synchronous=FULL")
    raw.execute("CREATE TABLE t (x TEXT)")

    def commit() -> None:
        raw.execute("INSERT INTO t VALUES ('x')")
        raw.commit()

    repeat(commit, 100)  # the journal grown first, as the app's is by then
    samples = repeat(commit, DISPATCHES)
    raw.close()
    return samples


def bare_postgres(url: str) -> list[float]:
    import psycopg

    with psycopg.connect(url) as raw:
        raw.execute("CREATE TABLE bare (x TEXT)")
        raw.commit()

        def commit() -> None:
            raw.execute("INSERT INTO bare VALUES ('x')")
            raw.commit()

        repeat(commit, 100)
        return repeat(commit, DISPATCHES)


def measure(kind: str, target: str | Path, floor_samples: list[float]) -> None:
    print(f"{kind}:")
    floor = line("floor: bare INSERT + COMMIT", floor_samples)
    database = open_database(target)
    session = Library(database).create("Bench night")
    for index in range(ENTRIES - 1):
        session.dispatch(c.RenameTournament(name=f"Night {index}"))
    event_id = session.tournament_id
    session.close()  # writes a snapshot
    database.close()
    opens = []
    for _ in range(10):
        start = time.perf_counter()
        database = open_database(target)
        TournamentSession(database, event_id).close()
        opens.append(time.perf_counter() - start)
        database.close()
    line(f"open the database and an event of {ENTRIES:,} entries (snapshot)", opens)
    database = open_database(target)
    with database.write() as connection:
        connection.exec_driver_sql("DELETE FROM snapshot")
    replays = []
    for _ in range(5):
        start = time.perf_counter()
        session = TournamentSession(database, event_id)
        replays.append(time.perf_counter() - start)
        database.release_lease(event_id)
    line(f"open an event of {ENTRIES:,} entries by full replay", replays)
    session = TournamentSession(database, event_id)
    samples = []
    for index in range(DISPATCHES):
        command = c.RenameTournament(name=f"Dispatch {index}")
        start = time.perf_counter()
        session.dispatch(command)
        samples.append(time.perf_counter() - start)
    line("dispatch one command (durable commit included)", samples, floor)
    session.close()
    database.close()


def follower_and_takeover(url: str) -> None:
    os.environ["DIRECTOR_LEASE_SECONDS"] = "1"
    writer = open_database(url)
    session = Library(writer).create("Followed")
    follower_db = open_database(url, readonly=True)
    told: list[float] = []
    follower = follower_db.follow(lambda _event: told.append(time.perf_counter()))
    lags = []
    for index in range(100):
        told.clear()
        sent = time.perf_counter()
        session.dispatch(c.RenameTournament(name=f"Live {index}"))
        while not told and time.perf_counter() - sent < 2:
            time.sleep(0.0005)
        if told:
            lags.append(told[0] - sent)
    print("PostgreSQL, follower (LISTEN/NOTIFY):")
    line("from dispatch returned to the follower told", lags)
    # Its connection ended by the server (as a restart would): back and caught up.
    from tests.pg import PgServer

    back: list[float] = []
    connected: list[bool] = []
    follower.close()
    follower = follower_db.follow(
        lambda _event: None, lambda up: connected.append(up) or back.append(time.perf_counter())
    )
    cuts = []
    for _ in range(5):
        connected.clear()
        back.clear()
        cut = time.perf_counter()
        PgServer.terminate_at(url, follower.backend_pid)
        while connected[-1:] != [True] and time.perf_counter() - cut < 10:
            time.sleep(0.001)
        cuts.append(back[-1] - cut)
    line("cut off by the server to connected again (first try after 0.2 s)", cuts)
    follower.close()
    # A writer that stops renewing (as if killed): how long until another copy writes.
    writer._stop.set()
    writer._renewer.join()
    stopped = time.perf_counter()
    other = open_database(url)
    while True:
        try:
            TournamentSession(other, session.tournament_id).close()
            break
        except StoreError:
            time.sleep(0.01)
    print(
        f"  takeover after the writer stopped renewing (1 s lease): "
        f"{time.perf_counter() - stopped:.2f} s"
    )
    other.close()
    follower_db.close()
    writer._engine.dispose()


def main() -> None:
    from tests.pg import PgServer, postgres_bin

    binaries = postgres_bin()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "club.db"
        measure("SQLite file", path, bare_sqlite(Path(folder)))
        if binaries is None:
            print("PostgreSQL: binaries not installed, not measured")
            return
        server = PgServer(binaries, durable=True).start()
        try:
            measure(
                "PostgreSQL (fsync on)",
                server.create_database(),
                bare_postgres(server.create_database()),
            )
            follower_and_takeover(server.create_database())
        finally:
            server.stop()


if __name__ == "__main__":
    main()
