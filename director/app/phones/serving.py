"""The event ``director serve`` follows, and where its paired phones' commands go.

Serve reads the event as another copy of director writes it (the app on the
laptop): a read-only session, read again whenever the database says it changed
(PostgreSQL's notices; a file's change of size or time). It writes only for a
paired phone, and only when no other copy writes the event: the file's lock or
the event's lease is taken for that one command, then let go. When another copy
holds it, the phone is told so in the usual words ("in use by machine X since...").
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from director.app.night.changes import Changes, Origin
from director.app.night.session import TournamentSession, WriteRunner, write_here
from director.app.night.timesource import Now, wall_clock
from director.app.storage.library import Library
from director.core.commands import Command
from director.core.decide import decide
from director.core.errors import RuleViolation
from director.core.state import Status, TournamentState
from director.persistence import store
from director.persistence.db import is_url, open_database
from director.persistence.errors import StoreError
from director.persistence.follow import FollowedFile

CHECK_EVERY_S = 3.0
"""How often a followed file's event is read to check its last entry."""
BUSY_KEPT_S = 1.0
"""How long "another copy writes it" is trusted before asking again (a phone's screen
asks about every button at once)."""


def open_followed(target: Path | str) -> Any:
    """The database ``target`` names, to follow: a file read a moment at a time, or a
    server's database opened read-only."""
    if is_url(target):
        return open_database(target, create=False, readonly=True)
    followed = FollowedFile(Path(target))
    with followed.opened():  # a missing or foreign file is said now, not at the first read
        pass
    followed.changed()
    return followed


def event_to_follow(database: Any) -> int:
    """The event to follow when none is named: the newest one still going (not
    archived, not over), else the newest of all."""
    events = Library(database).events()
    if not events:
        raise StoreError("serve_no_event")
    going = [e for e in events if not e.archived and e.status is not Status.FINISHED]
    return (going or events)[0].id


class FollowedEvent:
    """A read-only session on the event, and a writer for one command at a time."""

    def __init__(
        self, target: Path | str, database: Any, event_id: int, *, clock: Now = wall_clock
    ) -> None:
        self.target = target
        self.database = database
        self.event_id = event_id
        self.clock = clock
        self.session = TournamentSession(database, event_id, clock=clock)
        self._busy: tuple[float, StoreError | None] | None = None
        self._checked = time.monotonic()

    @property
    def state(self) -> TournamentState:
        return self.session.state

    def changed_on_disk(self) -> bool:
        """For a file: whether it changed since last asked (a server's database tells
        its followers itself). Its size and time say so at once; every few seconds the
        event's last log entry is read too, in case a write left both as they were
        (the journal rewritten in place within the file system's time resolution)."""
        changed = getattr(self.database, "changed", None)
        if changed is None:
            return False
        if changed():
            return True
        moment = time.monotonic()
        if moment - self._checked < CHECK_EVERY_S:
            return False
        self._checked = moment
        try:
            with self.database.reading() as connection:
                row = store.get_tournament(connection, self.event_id)
        except StoreError:
            return False  # said when reloading, if it lasts
        return row is not None and row.last_entry != self.session.last_entry

    def reload(self) -> Changes:
        self._busy = None
        return self.session.reload()

    @contextlib.contextmanager
    def writer(self) -> Iterator[TournamentSession]:
        """A session that may write the event, for one command: ``StoreError`` when
        another copy writes it (the file's lock, the event's lease)."""
        database = open_database(self.target, create=False)
        try:
            session = TournamentSession(database, self.event_id, clock=self.clock)
            try:
                yield session
            finally:
                session.close()
        finally:
            database.close()

    def busy(self) -> StoreError | None:
        """Another copy writes the event now (then a command would be refused)."""
        moment = time.monotonic()
        if self._busy is not None and moment - self._busy[0] < BUSY_KEPT_S:
            return self._busy[1]
        found = self._probe()
        self._busy = (moment, found)
        return found

    def _probe(self) -> StoreError | None:
        found: StoreError | None = self.database.writer_elsewhere(self.event_id)
        return found

    def close(self) -> None:
        self.session.close()
        self.database.close()


class ServeTarget:
    """Where a paired phone's commands go in ``director serve``: the same rules, then
    the event written for that command alone."""

    def __init__(self, followed: FollowedEvent) -> None:
        self.followed = followed
        self.write_runner: WriteRunner = write_here
        """How a command's write runs: ``director serve`` runs it off its event loop,
        so that a server that stalls stops no viewer's clock."""
        self._writing = False

    @property
    def state(self) -> TournamentState:
        return self.followed.state

    @property
    def event_id(self) -> int:
        return self.followed.event_id

    def refusal(self, command: Command) -> Exception | None:
        try:
            decide(self.followed.state, command, self.followed.clock())
        except RuleViolation as violation:
            return violation
        if self._writing:
            return RuleViolation("saving_pending")
        return self.followed.busy()

    def dispatch(self, command: Command, *, origin: Origin) -> Changes:
        if self._writing:  # another phone's command still waits for the database
            raise RuleViolation("saving_pending")
        done: list[Changes] = []

        def write() -> None:
            # The whole turn (open, hold the event, write, let go) talks to the
            # database: all of it runs where ``write_runner`` says.
            with self.followed.writer() as session:
                done.append(session.dispatch(command, origin=origin))

        self._writing = True
        try:
            self.write_runner(write)
        finally:
            self._writing = False
        self.followed.reload()  # every viewer hears of it at once
        return done[0]
