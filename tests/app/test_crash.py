"""Kill a process in the middle of dispatching, many times: nothing committed is lost.

After each SIGKILL the database must open, pass ``PRAGMA integrity_check``,
and hold exactly the state after the last action whose call returned (or,
if the kill came during an action, either the state before it or the state
with that one action more).
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from director.app.night.session import TournamentSession
from director.app.storage.library import Library
from director.core import codec
from director.persistence.db import StoreError, open_database

KILLS = 50
CHILD = Path(__file__).with_name("crash_child.py")
ROOT = Path(__file__).resolve().parents[2]


def run_child_until_killed(
    path: Path, event_id: int, seed: int, rng: random.Random, errors: Path
) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with errors.open("w") as error_file:
        child = subprocess.Popen(
            [sys.executable, str(CHILD), str(path), str(event_id), str(seed)],
            stdout=subprocess.PIPE,
            stderr=error_file,
            text=True,
            env=env,
        )
    assert child.stdout is not None
    first = child.stdout.readline()
    if first.strip() != "ready":
        child.kill()
        child.wait()
        raise AssertionError(f"child failed to start: {first!r} {errors.read_text()[-2000:]}")
    # Let a random number of actions return first, then kill at a random moment:
    # counting actions rather than sleeping keeps the kills among the writes even
    # when the machine is busy and the child gets little time.
    seen: list[str] = []
    for _ in range(rng.randint(0, 12)):
        seen.append(child.stdout.readline())
        while seen[-1].startswith("start"):
            seen.append(child.stdout.readline())
    time.sleep(rng.uniform(0.0, 0.01))
    child.send_signal(signal.SIGKILL)
    # Read through the same buffered stream as readline(): lines it already
    # buffered would be lost to communicate(), which reads the raw pipe.
    out = child.stdout.read()
    child.stdout.close()
    child.wait()
    assert child.returncode == -signal.SIGKILL, (
        f"child ended by itself: {errors.read_text()[-2000:]}"
    )
    return [line.rstrip("\n") for line in [*seen, *out.splitlines()] if line.strip()]


def reopen(path: Path | str, event_id: int) -> tuple[object, TournamentSession]:
    """The database and a session on the event; on a server, once the killed writer's
    lease has lapsed (a second at most here)."""
    database = open_database(path)
    deadline = time.monotonic() + 10
    while True:
        try:
            return database, TournamentSession(database, event_id)
        except StoreError as error:
            if error.code != "event_leased" or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_sigkill_never_loses_a_returned_command(
    tmp_path: Path, clock, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    kills = KILLS
    path: Path | str = tmp_path / "crash.db"
    if kind == "postgresql":
        from tests import pg

        path = pg.server().create_database()
        kills = 15  # each waits for the killed writer's lease to lapse
        monkeypatch.setenv("DIRECTOR_LEASE_SECONDS", "0.3")
    database = open_database(path)
    session = Library(database, clock=clock).create("Crash test")
    event_id = session.tournament_id
    expected_state = json.dumps(codec.encode(session.state), sort_keys=True)
    expected_entries = 1
    database.close()
    rng = random.Random(20261121)
    commands_seen = 0
    for kill in range(kills):
        lines = run_child_until_killed(path, event_id, kill, rng, tmp_path / "child.err")
        in_flight = False
        for line in lines:
            if line.startswith("start"):
                in_flight = True
            elif line.startswith("done"):
                _word, _step, entries, state = line.split(" ", 3)
                expected_entries, expected_state = int(entries), state
                in_flight = False
                commands_seen += 1

        if kind == "sqlite":
            raw = sqlite3.connect(path)
            assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            raw.close()
        database, reopened = reopen(path, event_id)
        state = json.dumps(codec.encode(reopened.state), sort_keys=True)
        entries = reopened._last_entry
        if in_flight and entries == expected_entries + 1:
            # The action in flight was committed just before the kill: that is
            # the "one more action" case; its state is what the log now says.
            expected_entries, expected_state = entries, state
        else:
            last = [line[:60] for line in lines[-3:]]
            detail = f"kill {kill}, in flight {in_flight}, last lines {last}"
            assert entries == expected_entries, f"log length {entries}; {detail}"
            assert state == expected_state, f"state {state} != {expected_state}; {detail}"
        database.close()
    assert commands_seen > kills  # the kills really landed among many actions
