"""A running clock survives the process being killed: the time left is right after
restart (on a file, and on a server, where the killed copy's lease lapses first)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from director.app.night.session import TournamentSession
from director.core import clock as clk
from director.core import commands as c
from director.core.ids import PlayerId
from director.persistence.db import StoreError, open_database
from tests.conftest import KINDS, database_of_kind

CHILD = Path(__file__).with_name("clock_child.py")
ROOT = Path(__file__).resolve().parents[2]
LEVEL_MS = 20 * 60_000


@pytest.mark.parametrize("kind", KINDS)
def test_a_killed_running_clock_comes_back_with_the_right_time(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = database_of_kind(kind, tmp_path)
    monkeypatch.setenv("DIRECTOR_LEASE_SECONDS", "1")  # a killed copy's lease lapses soon
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert child.stdout is not None
    line = child.stdout.readline().split()
    assert line and line[0] == "started", child.stderr.read() if child.stderr else ""
    event_id, started_at = int(line[1]), int(line[2])
    time.sleep(1.2)
    child.send_signal(signal.SIGKILL)
    child.communicate()

    database = open_database(path)
    deadline = time.monotonic() + 10
    while True:
        try:
            session = TournamentSession(database, event_id)
            break
        except StoreError as error:  # on a server, until the killed copy's lease lapses
            assert error.code == "event_leased" and time.monotonic() < deadline
            time.sleep(0.05)
    now = session.now()
    view = clk.view(session.state.clock, session.state.structure, now)
    # Catching up: the clock ran on while the app was dead, to the millisecond.
    assert view.running
    assert view.remaining == LEVEL_MS - (now - started_at)
    assert now - started_at >= 1200

    # Resuming where it stood: back to the last moment the app was seen alive.
    alive = session.alive_at()
    assert alive is not None and started_at < alive <= now
    session.dispatch(c.PauseClock(at=alive))
    later = clk.view(session.state.clock, session.state.structure, session.now() + 60_000)
    assert not later.running
    assert later.remaining == LEVEL_MS - (alive - started_at)
    database.close()


def test_a_planned_start_passed_while_the_app_was_killed_finds_the_clock_running(
    tmp_path: Path,
) -> None:
    """Issue 34: a restart after the planned time has the clock already running from
    the planned time when it starts by itself (nothing was stored at that moment: the
    start is derived from the log and the time)."""
    path = database_of_kind("sqlite", tmp_path)
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(path), "planned"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert child.stdout is not None
    line = child.stdout.readline().split()
    assert line and line[0] == "planned", child.stderr.read() if child.stderr else ""
    event_id, planned = int(line[1]), int(line[2])
    while time.time() * 1000 < planned + 300:  # killed after the planned moment
        time.sleep(0.05)
    child.send_signal(signal.SIGKILL)
    child.communicate()

    database = open_database(path)
    session = TournamentSession(database, event_id)
    assert not session.state.clock.started  # no start was stored
    now = session.now()
    view = clk.view(session.state.clock, session.state.structure, now)
    assert view.started and view.running
    assert view.remaining == LEVEL_MS - (now - planned)
    # The first command stores the start at the planned moment, not at this one.
    session.dispatch(c.PauseClock())
    assert session.state.clock.started
    paused = clk.view(session.state.clock, session.state.structure, session.now() + 60_000)
    assert paused.remaining == LEVEL_MS - (session.state.clock.anchor - planned)
    database.close()


def test_a_shot_clock_running_when_the_app_was_killed_resumes_with_its_time_bank(
    tmp_path: Path,
) -> None:
    """Issue 34: the shot clock is in the log ("persisted and replayed after a
    SIGKILL"): after a restart it runs on from its logged start, the time-bank chip
    used still counted."""
    path = database_of_kind("sqlite", tmp_path)
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(path), "shot"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert child.stdout is not None
    line = child.stdout.readline().split()
    assert line and line[0] == "shot", child.stderr.read() if child.stderr else ""
    event_id, started, table = int(line[1]), int(line[2]), int(line[3])
    time.sleep(1.2)
    child.send_signal(signal.SIGKILL)
    child.communicate()

    database = open_database(path)
    session = TournamentSession(database, event_id)
    shots = session.state.shot_clocks
    running = shots.running[table]
    now = session.now()
    assert running.player == PlayerId(1)
    assert running.remaining_ms(now) == 20_000 + 30_000 - (now - started)
    assert now - started >= 1200
    assert shots.banks_left(PlayerId(1)) == 1
    database.close()
