"""Open an event with 10,000 stored events, and dispatch durable commands.

Targets (issue 20), each a ratio to a floor measured in the same run, since
absolute times vary from machine to machine: open by full replay at most 2x
reading the raw rows (SELECT + json.loads), dispatch at most 1.5x a bare
INSERT + COMMIT with the same pragmas (WAL, synchronous=FULL). The first
targets still hold too: open under 200 ms, dispatch under 20 ms.

Run: python -m bench.bench_session
"""

from __future__ import annotations

import gc
import json
import sqlite3
import statistics
import tempfile
from collections.abc import Callable
from pathlib import Path

from bench.common import ms, repeat, report, timed
from director.app.night import session as session_module
from director.app.night.session import TournamentSession
from director.app.storage.library import Library
from director.core import commands as c
from director.core import events as kinds
from director.core.apply import fold
from director.core.decide import decide
from director.core.events import Event
from director.core.state import TournamentState
from director.persistence import store
from director.persistence.db import Database, open_database

EVENTS = 10_000
OPEN_TARGET = 1.5  # issue 36 (issue 20: 2x)
DISPATCH_TARGET = 1.5


def fill(path: Path) -> int:
    """An event whose log holds ``EVENTS`` events, written in one transaction."""
    database = open_database(path)
    session = Library(database).create("Bench night")
    state = session.state
    now = session.now()
    entries, events = [], []
    last_event = 1
    for seq in range(2, EVENTS + 1):
        command = (
            c.RenameTournament(name=f"Night {seq}")
            if seq % 2
            else c.EditDetails(event_date="2026-11-21", venue=f"Room {seq}")
        )
        new_events = decide(state, command, now + seq)
        state = fold(new_events, state)
        entries.append(
            TournamentSession._entry(seq, "command", None, command, command.label(state), now)
        )
        events.append(TournamentSession._stored_events(seq, last_event, new_events))
        last_event += len(new_events)
    with database.write() as connection:
        for entry, stored in zip(entries, events, strict=True):
            store.append(
                connection, session.tournament_id, entry, stored, session_module.summary_of(state)
            )
    event_id = session.tournament_id
    database.close()
    return event_id


class ReplayParts:
    """What a replay is made of, each part alone on the same log: reading the rows with
    their payloads parsed (what the floor does, with the columns a replay needs), then
    decoding each event into its class, then folding them into the state. The floor
    reads and parses only: the parts' ratios to it say how near to it a replay that
    decodes and applies every event can come."""

    def __init__(self, database: Database, event_id: int) -> None:
        self.database = database
        self.event_id = event_id
        with database.reading() as connection:
            read = store.load_event_rows(connection, event_id)
        assert read is not None
        self.rows, self.payloads = read
        self.decoders: dict[tuple[str, int], Callable[[dict[str, object]], Event]] = {}
        for _seq, _entry, kind, version, _text in self.rows:
            if (kind, version) not in self.decoders:
                self.decoders[kind, version] = kinds.EVENTS.decoder(
                    kind, version, plain_errors=True
                )
        self.events = self.decode()
        self.start = TournamentState()

    def read(self) -> None:
        with self.database.reading() as connection:
            store.load_event_rows(connection, self.event_id)

    def decode(self) -> list[Event]:
        decoders = self.decoders
        return [
            decoders[kind, version](payload)
            for (_seq, _entry, kind, version, _text), payload in zip(
                self.rows, self.payloads, strict=True
            )
        ]

    def fold(self) -> None:
        fold(self.events, self.start)


def replay_parts(parts: ReplayParts, raw_read: Callable[[], None]) -> None:
    """Each part of the replay timed in turn with the raw read, the parts' own data
    (ten thousand events and their payloads, kept for the decoding and the fold) set
    aside from the garbage collector meanwhile: else each collection during the raw
    read would go through them, as the replay's never does, and slow the floor."""
    samples: dict[str, list[float]] = {"raw": [], "read": [], "decode": [], "fold": []}
    gc.collect()
    gc.freeze()
    try:
        for _ in range(15):
            samples["raw"].append(timed(raw_read))
            samples["read"].append(timed(parts.read))
            samples["decode"].append(timed(parts.decode))
            samples["fold"].append(timed(parts.fold))
    finally:
        gc.unfreeze()
    floor = statistics.median(samples["raw"])
    read = report("  its reading alone (rows, payloads parsed)", samples["read"])
    decode = report("  decoding the events alone", samples["decode"])
    fold = report("  folding them alone", samples["fold"])
    print(
        f"  parts / raw read of the same rounds ({ms(floor)}): reading {read / floor:.2f}x, "
        f"decoding and folding {(decode + fold) / floor:.2f}x "
        f"({(decode + fold) / len(parts.events) * 1e6:.2f} us per event)"
    )


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        event_id = fill(path)
        database = open_database(path)

        def raw_read() -> None:
            connection = sqlite3.connect(path)
            for (payload,) in connection.execute("SELECT payload FROM event"):
                json.loads(payload)
            connection.close()

        # Alternated, the raw read and the replay, in turn first: a slow or busy
        # moment of the machine (its speed changes by a third from one minute to
        # the next) falls on the floor and on the replay alike.
        read_samples, replay_samples = [], []
        for index in range(15):
            if index % 2:
                read_samples.append(timed(raw_read))
            replay_samples.append(timed(lambda: TournamentSession(database, event_id)))
            if not index % 2:
                read_samples.append(timed(raw_read))
        baseline = report("baseline: read and parse the raw event rows", read_samples)
        open_replay = report(
            f"open with {EVENTS:,} events, no snapshot (full replay)", replay_samples
        )
        replay_parts(ReplayParts(database, event_id), raw_read)
        session = TournamentSession(database, event_id)
        session.snapshot()
        open_snapshot = report(
            f"open with {EVENTS:,} events, from a snapshot",
            repeat(lambda: TournamentSession(database, event_id), 15),
        )
        print(f"ratio open (replay) / raw read: {open_replay / baseline:.1f}x")
        print(f"ratio open (snapshot) / raw read: {open_snapshot / baseline:.2f}x")

        raw = sqlite3.connect(Path(folder) / "raw.db")
        raw.execute("PRAGMA journal_mode=WAL")
        raw.execute("PRAGMA synchronous=FULL")
        raw.execute("PRAGMA busy_timeout=5000")
        raw.execute("PRAGMA foreign_keys=ON")
        raw.execute("CREATE TABLE t (x TEXT)")

        def raw_commit() -> None:
            raw.execute("INSERT INTO t VALUES ('x')")
            raw.commit()

        # Alternated, a bare commit and a command, in turn first: a busy moment of
        # the machine falls on both alike, and so does a commit following another
        # (the second of two fsyncs in a row often waits on the first's journal).
        bare_samples, samples = [], []
        for index in range(200):
            command = c.RenameTournament(name=f"Dispatch {index}")
            if index % 2:
                bare_samples.append(timed(raw_commit))
            samples.append(timed(lambda command=command: session.dispatch(command)))
            if not index % 2:
                bare_samples.append(timed(raw_commit))
        commit_baseline = report("baseline: one bare durable SQLite commit", bare_samples)
        dispatch = report("dispatch one command (durable commit included)", samples)
        print(f"ratio dispatch / bare commit: {dispatch / commit_baseline:.1f}x")
        verdict = (
            "met" if open_replay < 0.2 and open_snapshot < 0.2 and dispatch < 0.02 else "MISSED"
        )
        print(
            f"targets (open < 200 ms, dispatch < 20 ms): {verdict} "
            f"[{ms(open_replay)}, {ms(open_snapshot)}, {ms(dispatch)}]"
        )
        open_ratio, dispatch_ratio = open_replay / baseline, dispatch / commit_baseline
        print(
            f"target open (replay) <= {OPEN_TARGET}x raw read: "
            f"{'met' if open_ratio <= OPEN_TARGET else 'MISSED'} ({open_ratio:.2f}x)"
        )
        print(
            f"target dispatch <= {DISPATCH_TARGET}x bare INSERT + COMMIT: "
            f"{'met' if dispatch_ratio <= DISPATCH_TARGET else 'MISSED'} ({dispatch_ratio:.2f}x)"
        )
        database.close()


if __name__ == "__main__":
    main()
