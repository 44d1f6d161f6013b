"""A follower of a club database rides out a lost connection: it says so, connects
again by itself (waiting longer after each failure), catches up, and hears every
change after; and sessions of one process share an event's lease."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from director.app.night.session import TournamentSession
from director.app.storage.library import Library
from director.core import commands as c
from director.persistence import postgres
from director.persistence.db import ANY_EVENT, StoreError, open_database


class Heard:
    """What a follower told, from its thread."""

    def __init__(self) -> None:
        self.changed: list[int] = []
        self.status: list[bool] = []
        self._lock = threading.Lock()

    def on_change(self, event: int) -> None:
        with self._lock:
            self.changed.append(event)

    def on_status(self, connected: bool) -> None:
        with self._lock:
            self.status.append(connected)

    def wait(self, test: Callable[[], bool], seconds: float = 10.0) -> None:
        deadline = time.monotonic() + seconds
        while not test():
            assert time.monotonic() < deadline, (self.changed, self.status)
            time.sleep(0.02)


def test_a_follower_reconnects_after_its_server_process_is_ended(pg_url: str, clock) -> None:
    from tests import pg

    database = open_database(pg_url)
    session = Library(database, clock=clock).create("Club night")
    heard = Heard()
    follower = database.follow(heard.on_change, heard.on_status)
    assert follower is not None and follower.connected
    first = follower.backend_pid
    assert first is not None

    pg.server().terminate(first)
    heard.wait(lambda: heard.status[:2] == [False, True])
    assert follower.connected and follower.reconnections == 1
    assert follower.backend_pid not in (None, first)
    heard.wait(lambda: ANY_EVENT in heard.changed)  # what it missed: reload everything

    heard.changed.clear()
    session.dispatch(c.RenameTournament(name="Club night, after the cut"))
    heard.wait(lambda: session.tournament_id in heard.changed, seconds=2)
    follower.close()
    session.close()
    database.close()


def test_a_follower_waits_out_a_server_restart(monkeypatch, clock) -> None:
    """The server stops (every client cut off) and comes back: the follower keeps
    trying, longer and longer apart, and hears the changes made after."""
    from tests import pg

    binaries = pg.postgres_bin()
    if binaries is None:
        pytest.skip("PostgreSQL server binaries not installed (apt-get install postgresql)")
    monkeypatch.setattr(postgres, "RECONNECT_MOST", 0.4)
    server = pg.PgServer(binaries).start()
    try:
        url = server.create_database()
        database = open_database(url)
        event = Library(database, clock=clock).create("Restart night")
        event_id = event.tournament_id
        event.close()
        database.close()
        watcher = open_database(url, readonly=True)
        heard = Heard()
        follower = watcher.follow(heard.on_change, heard.on_status)
        assert follower is not None

        server.stop_server()
        heard.wait(lambda: heard.status == [False])
        time.sleep(1.5)  # several attempts fail while the server is down
        assert not follower.connected and heard.status == [False]
        server.start_again()
        heard.wait(lambda: heard.status == [False, True])
        heard.wait(lambda: ANY_EVENT in heard.changed)

        heard.changed.clear()
        writer = open_database(url)
        again = TournamentSession(writer, event_id, clock=clock)
        again.dispatch(c.RenameTournament(name="Restart night, back on"))
        heard.wait(lambda: event_id in heard.changed, seconds=2)
        # What the follower reloads is what was written.
        assert TournamentSession(watcher, event_id, clock=clock).state == again.state
        again.close()
        writer.close()
        follower.close()
        watcher.close()
    finally:
        server.stop()


def test_closing_a_follower_while_cut_off_stops_its_attempts(pg_url: str) -> None:
    from tests import pg

    database = open_database(pg_url)
    heard = Heard()
    follower = database.follow(heard.on_change, heard.on_status)
    assert follower is not None
    pg.server().terminate(follower.backend_pid)  # type: ignore[arg-type]
    heard.wait(lambda: False in heard.status)
    started = time.monotonic()
    follower.close()
    assert time.monotonic() - started < 2
    assert not follower._thread.is_alive()  # type: ignore[attr-defined]
    database.close()


def test_a_server_out_of_reach_is_said_when_following_starts() -> None:
    with pytest.raises(StoreError) as refused:
        postgres.Follower("postgresql://nobody@/club?host=/nonexistent", lambda _event: None)
    assert refused.value.code == "db_server_unreachable"


def test_two_sessions_of_one_copy_share_the_lease_until_the_last_closes(pg_url: str, clock) -> None:
    database = open_database(pg_url)
    first = Library(database, clock=clock).create("Shared night")
    event_id = first.tournament_id
    second = TournamentSession(database, event_id, clock=clock)
    assert database.holds_lease(event_id)  # type: ignore[attr-defined]
    other_copy = open_database(pg_url)

    first.close()  # the other session still writes: the lease stays
    assert database.holds_lease(event_id)  # type: ignore[attr-defined]
    second.dispatch(c.RenameTournament(name="Shared night, one session left"))
    with pytest.raises(StoreError) as refused:
        TournamentSession(other_copy, event_id, clock=clock)
    assert refused.value.code == "event_leased"

    second.close()  # the last one: now another copy may write it
    assert not database.holds_lease(event_id)  # type: ignore[attr-defined]
    taken = TournamentSession(other_copy, event_id, clock=clock)
    assert taken.state.name == "Shared night, one session left"
    taken.close()
    other_copy.close()
    database.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_two_sessions_of_one_copy_never_write_over_each_other(kind, tmp_path, clock) -> None:
    from tests import pg

    target = tmp_path / "director.db" if kind == "sqlite" else pg.server().create_database()
    database = open_database(target)
    first = Library(database, clock=clock).create("Two windows")
    second = TournamentSession(database, first.tournament_id, clock=clock)
    first.dispatch(c.RenameTournament(name="Written by the first"))
    with pytest.raises(StoreError) as refused:
        second.dispatch(c.RenameTournament(name="Written by the second"))
    assert refused.value.code == "event_moved_on"
    second.reload()
    second.dispatch(c.RenameTournament(name="Written by the second, after reloading"))
    first.close()
    second.close()
    again = TournamentSession(database, first.tournament_id, clock=clock)
    assert again.state.name == "Written by the second, after reloading"
    again.close()
    database.close()
