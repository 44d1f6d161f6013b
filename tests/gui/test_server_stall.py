"""A club server that stalls freezes nothing (issue 35, part 1).

On a real PostgreSQL server of its own (paused with SIGSTOP, stopped and started
again, a table locked by another copy): the window's timers keep running while a
command waits, the command is never shown as done before its commit returned, what
is refused meanwhile says why, and nothing is lost or written twice.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QTimer

from director.core import commands as c
from director.core.errors import RuleViolation
from director.persistence import postgres
from director.persistence.db import open_database
from tests import pg, pg_faults

PAUSE_S = 2.0
TICK_MS = 20


@pytest.fixture(scope="module")
def own_server() -> Iterator[pg.PgServer]:
    """A server of this module's own: pausing it must not touch the other tests'."""
    binaries = pg.postgres_bin()
    if binaries is None:
        pytest.skip("PostgreSQL server binaries not installed (apt-get install postgresql)")
    server = pg.PgServer(binaries).start()
    yield server
    server.stop()


@pytest.fixture
def db_path(own_server: pg.PgServer) -> str:
    return own_server.create_database("stall")


class Ticks:
    """A timer of the window's own thread, as the TV's clock is: when it fired."""

    def __init__(self) -> None:
        self.at: list[float] = []
        self.timer = QTimer()
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(lambda: self.at.append(time.monotonic()))
        self.timer.start()

    def between(self, start: float, end: float) -> list[float]:
        return [moment for moment in self.at if start <= moment <= end]

    def longest_gap(self, start: float, end: float) -> float:
        moments = [start, *self.between(start, end), end]
        return max(b - a for a, b in itertools.pairwise(moments))


def log_length(url: str, event: int) -> int:
    import psycopg

    with psycopg.connect(url) as connection:
        row = connection.execute(
            "SELECT count(*) FROM entry WHERE tournament_id = %s", (event,)
        ).fetchone()
    return int(row[0])


def test_a_paused_server_freezes_nothing_and_the_command_lands_once(
    qtbot, window_factory, own_server, db_path
) -> None:
    """Issue 35: "The clock on the TV, the console's clock and the LAN page keep
    running, painted on time, whatever the database does" and "a command waiting for
    the database is shown as waiting ... and is never shown as done before its commit
    returned"."""
    from director.web.looping import NOT_ANSWERING, SAVING

    window = window_factory()
    session = window.library.create("Club night")
    window.open_session(session)
    window.show()
    controller = window.controller
    before = log_length(db_path, session.tournament_id)
    told: list[int] = []
    controller.waiting.connect(told.append)
    seen_meanwhile: dict[str, object] = {}

    def look_meanwhile() -> None:
        # While the write waits: the window answers, shows the wait, refuses changes.
        seen_meanwhile["note"] = (
            window.sessions.saving_note.text() if window.sessions.saving_note.isVisible() else ""
        )
        seen_meanwhile["name"] = controller.state.name
        seen_meanwhile["refusal"] = session.refusal(c.RenameTournament(name="Other"))
        try:
            controller.run(c.RenameTournament(name="Other"))
        except RuleViolation as refused:
            seen_meanwhile["second"] = refused.code

    ticks = Ticks()
    qtbot.wait(100)
    pids = pg_faults.pause(own_server)
    threading.Timer(PAUSE_S, pg_faults.resume, args=(pids,)).start()
    QTimer.singleShot(int(PAUSE_S * 1000 * 0.9), look_meanwhile)
    start = time.monotonic()
    try:
        changes = controller.run(c.RenameTournament(name="Club night, table 2"))
    finally:
        pg_faults.resume(pids)
    end = time.monotonic()
    ticks.timer.stop()

    assert end - start >= PAUSE_S * 0.9  # it did wait for the server
    # The window's timers ran all along: no gap of more than a few ticks.
    assert len(ticks.between(start, end)) >= (end - start) * 1000 / TICK_MS / 2
    assert ticks.longest_gap(start, end) < 0.25
    # Meanwhile: the old name (nothing shown as done), the wait said, changes refused.
    assert seen_meanwhile["name"] == "Club night"
    assert seen_meanwhile["note"] == "Saving… the club server does not answer"
    assert getattr(seen_meanwhile["refusal"], "code", None) == "saving_pending"
    assert seen_meanwhile["second"] == "saving_pending"
    assert told[:2] == [SAVING, NOT_ANSWERING] and told[-1] == 0
    assert not window.sessions.saving_note.isVisible()
    # Then done, once.
    assert changes.label is not None
    assert controller.state.name == "Club night, table 2"
    assert log_length(db_path, session.tournament_id) == before + 1
    assert session.refusal(c.RenameTournament(name="Next")) is None


def test_a_lock_held_by_another_copy_is_refused_in_seconds_and_nothing_is_written(
    qtbot, window_factory, monkeypatch, db_path
) -> None:
    """Issue 35: "a stalled statement is abandoned cleanly (rolled back) and retried or
    refused with a clear line"; here another copy holds the event's table locked."""
    from director.gui.controller import SaveFailed

    monkeypatch.setattr(postgres, "LOCK_TIMEOUT_MS", 400)
    window = window_factory()
    session = window.library.create("Club night")
    window.open_session(session)
    controller = window.controller
    before = log_length(db_path, session.tournament_id)
    ticks = Ticks()
    start = time.monotonic()
    with pg_faults.table_locked(db_path, "tournament"), pytest.raises(SaveFailed) as refused:
        controller.run(c.RenameTournament(name="Club night, table 2"))
    end = time.monotonic()
    ticks.timer.stop()
    assert "is busy: another copy holds what this change needs" in str(refused.value)
    assert end - start < 5
    assert ticks.longest_gap(start, end) < 0.25
    assert controller.state.name == "Club night"
    assert log_length(db_path, session.tournament_id) == before
    # The lock gone, the same command lands, once.
    controller.run(c.RenameTournament(name="Club night, table 2"))
    assert log_length(db_path, session.tournament_id) == before + 1


def test_a_server_stopped_and_started_again_takes_the_next_command(
    qtbot, window_factory, own_server, db_path
) -> None:
    """Issue 35: "the server stopped and restarted": while it is down a command is
    refused at once with a clear line and changes nothing; once it is back, the next
    command lands without the organizer doing anything else (the dropped connection
    is replaced before anything is sent)."""
    from director.gui.controller import SaveFailed

    window = window_factory()
    session = window.library.create("Club night")
    window.open_session(session)
    controller = window.controller
    controller.run(c.RenameTournament(name="Before"))
    before = log_length(db_path, session.tournament_id)
    own_server.stop_server()
    try:
        with pytest.raises(SaveFailed) as refused:
            controller.run(c.RenameTournament(name="While down"))
        assert "cannot be reached" in str(refused.value)
        assert controller.state.name == "Before"
    finally:
        own_server.start_again()
    controller.run(c.RenameTournament(name="After"))
    assert controller.state.name == "After"
    assert log_length(db_path, session.tournament_id) == before + 1


def test_a_server_restarted_between_two_commands_goes_unnoticed(
    qtbot, window_factory, own_server, db_path
) -> None:
    """The server restarted while nothing was being written (an update, a reboot):
    the connection kept from before is dead, and is replaced before the next command
    is sent, so that command lands at the first try, once."""
    window = window_factory()
    session = window.library.create("Club night")
    window.open_session(session)
    controller = window.controller
    controller.run(c.RenameTournament(name="Before"))
    before = log_length(db_path, session.tournament_id)
    own_server.stop_server()
    own_server.start_again()
    controller.run(c.RenameTournament(name="After"))
    assert controller.state.name == "After"
    assert log_length(db_path, session.tournament_id) == before + 1


def test_closing_while_a_change_waits_for_the_server_waits_for_it(
    qtbot, window_factory, own_server, db_path
) -> None:
    """Quitting while a command waits would leave it in doubt: the window stays open,
    says why, and closes by itself once the server answered."""
    window = window_factory()
    session = window.library.create("Club night")
    window.open_session(session)
    window.show()
    closes: list[bool] = []

    def try_to_close() -> None:
        closes.append(window.close())

    pids = pg_faults.pause(own_server)
    threading.Timer(1.0, pg_faults.resume, args=(pids,)).start()
    QTimer.singleShot(300, try_to_close)
    try:
        window.controller.run(c.RenameTournament(name="Renamed"))
    finally:
        pg_faults.resume(pids)
    assert closes == [False]
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=2000)
    reopened = open_database(db_path)
    try:
        from director.app.storage.library import Library

        names = [event.name for event in Library(reopened).events()]
    finally:
        reopened.close()
    assert names == ["Renamed"]


def test_director_serve_keeps_its_loop_running_while_a_phone_command_waits(
    qtbot, own_server, db_path
) -> None:
    """Issue 35: "`director serve` and the command line behave the same way": a paired
    phone's command waits for a paused server off serve's event loop, so the pushes to
    every viewer go on; a second phone's command meanwhile is refused saying why."""
    from director.app.night.changes import Origin
    from director.app.phones.serving import FollowedEvent, ServeTarget
    from director.app.storage.library import Library
    from director.web.looping import run_looping

    writing = open_database(db_path)
    event = Library(writing).create("Club night")
    event_id = event.tournament_id
    event.close()
    writing.close()
    database = open_database(db_path, create=False, readonly=True)
    followed = FollowedEvent(db_path, database, event_id)
    target = ServeTarget(followed)
    target.write_runner = run_looping
    phone = Origin(device=1, name="Ann's phone")
    target.dispatch(c.RenameTournament(name="Warmed up"), origin=phone)  # connections made
    second: list[object] = []

    def second_phone() -> None:
        second.append(target.refusal(c.RenameTournament(name="Other")))
        try:
            target.dispatch(c.RenameTournament(name="Other"), origin=phone)
        except RuleViolation as refused:
            second.append(refused.code)

    ticks = Ticks()
    pids = pg_faults.pause(own_server)
    threading.Timer(PAUSE_S, pg_faults.resume, args=(pids,)).start()
    QTimer.singleShot(500, second_phone)
    start = time.monotonic()
    try:
        target.dispatch(c.RenameTournament(name="From the phone"), origin=phone)
    finally:
        pg_faults.resume(pids)
        end = time.monotonic()
        ticks.timer.stop()
    try:
        assert end - start >= PAUSE_S * 0.9
        assert ticks.longest_gap(start, end) < 0.25
        assert [getattr(second[0], "code", None), second[1]] == ["saving_pending"] * 2
        assert followed.state.name == "From the phone"
        assert log_length(db_path, event_id) == 3  # created, warmed up, from the phone
    finally:
        followed.session.close()
        database.close()


def test_the_hourly_backup_of_a_paused_server_stops_no_clock(
    qtbot, window_factory, own_server, db_path, monkeypatch
) -> None:
    """The hourly backup reads the whole club database: on a paused server it waits
    off the window's thread, and the timers go on meanwhile."""
    window = window_factory()
    session = window.library.create("Club night")
    window.open_session(session)
    monkeypatch.setattr(window.backups, "due", lambda now=None: True)
    made_before = len(window.backups.backups())
    ticks = Ticks()
    pids = pg_faults.pause(own_server)
    threading.Timer(1.0, pg_faults.resume, args=(pids,)).start()
    start = time.monotonic()
    try:
        window.maintenance.hourly_backup()
    finally:
        pg_faults.resume(pids)
    end = time.monotonic()
    ticks.timer.stop()
    assert end - start >= 0.9
    assert ticks.longest_gap(start, end) < 0.25
    assert not window.warning.isVisible()  # the backup was made once the server answered
    assert len(window.backups.backups()) == made_before + 1
