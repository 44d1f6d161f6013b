"""A club server that stalls: the TV's lateness, the time to notice, 200 faults (issue 35).

On a throwaway PostgreSQL server started here (fsync on, Unix socket), an event's
session writes as the window does (``web.looping.run_looping``: the write on a
thread, Qt's loop turning meanwhile) while a 50 ms timer stands for the TV's clock.

1. **Lateness**: how late the timer fires (worst and p99) during 3 s with no
   command (the floor), with a command every 100 ms (no fault), and with one
   command held 3 s by a paused server (SIGSTOP on every process of it).
2. **Time to notice**: until the window says "the club server does not answer"
   (paused server), until a lock held by another copy is refused, until a
   command to a stopped server is refused.
3. **Faults**: 200 commands, each under a fault (the server paused for 50-800 ms;
   a table locked by another copy for 0-600 ms; the server stopped and started
   again, between two commands or during one); then every command acknowledged
   must be in the log exactly once, and every one refused at most once ("in
   doubt": refused, yet its commit had reached the server).

Run: QT_QPA_PLATFORM=offscreen python -m bench.server_stall [--faults 200]
(needs Debian's postgresql binaries; runs as root or as the server's user).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import threading
import time
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QTimer

from bench.bench_club import p99
from director.app.night.session import TournamentSession, write_here
from director.app.storage.library import Library
from director.core import commands as c
from director.persistence.db import StoreError, open_database
from director.web.looping import NOT_ANSWERING, run_looping

TICK_MS = 50


class Lateness:
    """A timer of the loop's own thread, as the TV's clock is: how late it fires."""

    def __init__(self) -> None:
        self.late: list[float] = []
        self._due = 0.0
        self.timer = QTimer()
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._fired)

    def _fired(self) -> None:
        now = time.monotonic()
        self.late.append(max(0.0, now - self._due))
        self._due = now + TICK_MS / 1000

    def start(self) -> None:
        self.late.clear()
        self._due = time.monotonic() + TICK_MS / 1000
        self.timer.start()

    def stop(self) -> list[float]:
        self.timer.stop()
        return list(self.late)


def spin(seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        QCoreApplication.processEvents()
        time.sleep(0.001)


def say(name: str, late: list[float]) -> None:
    print(
        f"  {name}: worst {max(late) * 1000:.1f} ms, p99 {p99(late) * 1000:.1f} ms, "
        f"median {statistics.median(late) * 1000:.2f} ms ({len(late)} ticks)"
    )


def lateness(session: TournamentSession, server: object) -> None:
    from tests import pg_faults

    print(f"1. The TV's timer ({TICK_MS} ms) lateness, 3 s each:")
    meter = Lateness()
    meter.start()
    spin(3.0)
    say("floor, no command", meter.stop())
    meter.start()
    end = time.monotonic() + 3.0
    count = 0
    while time.monotonic() < end:
        count += 1
        session.dispatch(c.RenameTournament(name=f"Steady {count}"))
        spin(0.1)
    say(f"{count} commands, no fault", meter.stop())
    meter.start()
    pids = pg_faults.pause(server)  # type: ignore[arg-type]
    threading.Timer(3.0, pg_faults.resume, args=(pids,)).start()
    start = time.monotonic()
    try:
        session.dispatch(c.RenameTournament(name="Held by a paused server"))
    finally:
        pg_faults.resume(pids)
    held = time.monotonic() - start
    spin(0.2)
    say(f"one command held {held:.1f} s by a paused server", meter.stop())
    # As before issue 35: the write on the loop's own thread.
    session.write_runner = write_here
    meter.start()
    pids = pg_faults.pause(server)  # type: ignore[arg-type]
    threading.Timer(3.0, pg_faults.resume, args=(pids,)).start()
    try:
        session.dispatch(c.RenameTournament(name="Held in place"))
    finally:
        pg_faults.resume(pids)
        session.write_runner = run_looping
    spin(0.2)  # the tick held back fires now: its lateness counts
    say("the same, written on the loop's thread (before)", meter.stop())


def time_to_notice(session: TournamentSession, server: object, url: str) -> None:
    from tests import pg_faults

    print("2. Time to notice:")
    told: list[float] = []
    start = time.monotonic()

    def tell(what: int) -> None:
        if what == NOT_ANSWERING:
            told.append(time.monotonic() - start)

    session.write_runner = lambda write: run_looping(write, tell)
    pids = pg_faults.pause(server)  # type: ignore[arg-type]
    threading.Timer(2.5, pg_faults.resume, args=(pids,)).start()
    try:
        session.dispatch(c.RenameTournament(name="Noticed"))
    finally:
        pg_faults.resume(pids)
    session.write_runner = run_looping
    print(f"  paused server, until the window says it does not answer: {told[0] * 1000:.0f} ms")
    start = time.monotonic()
    with pg_faults.table_locked(url, "tournament"):
        try:
            session.dispatch(c.RenameTournament(name="Locked out"))
        except StoreError as error:
            print(
                f"  a lock held by another copy, until refused ({error.code}): "
                f"{(time.monotonic() - start) * 1000:.0f} ms"
            )
    server.stop_server()  # type: ignore[attr-defined]
    start = time.monotonic()
    try:
        session.dispatch(c.RenameTournament(name="Server down"))
    except StoreError as error:
        print(
            f"  a stopped server, until refused ({error.code}): "
            f"{(time.monotonic() - start) * 1000:.0f} ms"
        )
    finally:
        server.start_again()  # type: ignore[attr-defined]


def faults(session: TournamentSession, server: object, url: str, count: int) -> None:
    from tests import pg_faults

    print(f"3. {count} commands, each under a fault:")
    chance = random.Random(35)
    acknowledged: list[str] = []
    refused: list[str] = []
    kinds: dict[str, int] = {}
    start = time.monotonic()
    for number in range(count):
        name = f"Fault {number}"
        kind = chance.choice(("pause", "pause", "lock", "restart between", "restart during"))
        kinds[kind] = kinds.get(kind, 0) + 1
        cleanup: Callable[[], None] = lambda: None  # noqa: E731
        if kind == "pause":
            pids = pg_faults.pause(server)  # type: ignore[arg-type]
            threading.Timer(chance.uniform(0.05, 0.8), pg_faults.resume, args=(pids,)).start()
            cleanup = lambda pids=pids: pg_faults.resume(pids)  # type: ignore[misc]  # noqa: E731
        elif kind == "lock":
            hold = chance.uniform(0.0, 0.6)
            locked = threading.Event()

            def hold_lock(hold: float = hold, locked: threading.Event = locked) -> None:
                with pg_faults.table_locked(url, "tournament"):
                    locked.set()
                    time.sleep(hold)

            holder = threading.Thread(target=hold_lock)
            holder.start()
            locked.wait()
            cleanup = holder.join
        elif kind == "restart between":
            server.stop_server()  # type: ignore[attr-defined]
            server.start_again()  # type: ignore[attr-defined]
        else:
            stopper = threading.Timer(
                chance.uniform(0.0, 0.01),
                lambda: (server.stop_server(), server.start_again()),  # type: ignore[attr-defined]
            )
            stopper.start()
            cleanup = stopper.join
        try:
            session.dispatch(c.RenameTournament(name=name))
        except StoreError:
            refused.append(name)
        finally:
            cleanup()
        if refused and refused[-1] == name:
            # What the log holds now decides (a refused command may have landed):
            # the next command starts from it, as the window does after a refusal.
            with contextlib.suppress(StoreError):
                session.reload()
        else:
            if session.state.name != name:
                raise AssertionError(f"{name} acknowledged, not shown")
            acknowledged.append(name)
    elapsed = time.monotonic() - start
    import psycopg

    with psycopg.connect(url) as connection:
        rows = connection.execute(
            "SELECT payload FROM entry WHERE tournament_id = %s AND action = 'command'",
            (session.tournament_id,),
        ).fetchall()
    logged = [str(json.loads(row[0]).get("name", "")) for row in rows]
    lost = [name for name in acknowledged if name not in logged]
    doubled = [name for name in set(logged) if name.startswith("Fault ") and logged.count(name) > 1]
    in_doubt = [name for name in refused if name in logged]
    print(f"  faults: {', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))} in {elapsed:.0f} s")
    print(
        f"  acknowledged {len(acknowledged)}, refused {len(refused)} "
        f"(of which in the log after all: {len(in_doubt)}); "
        f"lost {len(lost)}, written twice {len(doubled)}"
    )
    if lost or doubled:
        raise SystemExit(f"lost {lost}, doubled {doubled}")


def main() -> None:
    from tests.pg import PgServer, postgres_bin

    parser = argparse.ArgumentParser()
    parser.add_argument("--faults", type=int, default=200)
    arguments = parser.parse_args()
    binaries = postgres_bin()
    if binaries is None:
        raise SystemExit("needs Debian's postgresql binaries (apt-get install postgresql)")
    QCoreApplication.instance() or QCoreApplication([])
    server = PgServer(binaries, durable=True).start()
    try:
        url = server.create_database("stall")
        database = open_database(url)
        session = Library(database).create("Club night")
        session.write_runner = run_looping
        lateness(session, server)
        time_to_notice(session, server, url)
        faults(session, server, url, arguments.faults)
        session.close()
        database.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
