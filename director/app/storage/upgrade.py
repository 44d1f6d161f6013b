"""Upgrading a database written by an older version without the window:
``director upgrade`` and ``director serve --upgrade``.

The same steps as the app's opening (a copy first, then the migrations), then a
check that every event still replays from its log. A database already current is
only read; a newer or damaged one is refused as on opening; one in use by another
copy (the file's writer lock, an event's lease on a server) is refused naming it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from director.app.night.session import TournamentSession
from director.app.storage.library import Library
from director.core.history import History
from director.core.state import TournamentState
from director.persistence import store
from director.persistence.db import (
    SCHEMA_HEAD,
    Database,
    StoreError,
    is_url,
    location_of,
    open_database,
    schema_revision,
)


@dataclass(frozen=True)
class UpgradeResult:
    """What ``upgrade`` did: nothing (``before == after``), or the upgrade."""

    location: str
    before: str
    after: str
    backup: Path | None = None
    events: int = 0

    @property
    def upgraded(self) -> bool:
        return self.before != self.after


def needs_upgrade(target: Path | str) -> bool:
    """Whether the database at ``target`` was written by an older version (read
    without writing; a newer or damaged one is a ``StoreError``)."""
    return schema_revision(target) != SCHEMA_HEAD


def upgrade(target: Path | str) -> UpgradeResult:
    """Back up, upgrade and check the database at ``target``; an up-to-date one is
    only read. Raises ``StoreError``."""
    before = schema_revision(target)
    if before == SCHEMA_HEAD:
        return UpgradeResult(location_of(target), before, before)
    if is_url(target):
        return _upgrade_server(str(target))
    database = open_database(target, create=False)  # the lock, the copy, the migrations
    try:
        backup = getattr(database, "upgrade_backup", None)
        events = replay_every_event(database, backup)
        # Another copy may have upgraded it since it was read: then this one did not.
        before = getattr(database, "upgraded_from", None) or SCHEMA_HEAD
        return UpgradeResult(database.location, before, SCHEMA_HEAD, backup, events)
    finally:
        database.close()


def _upgrade_server(url: str) -> UpgradeResult:
    """On a server the migrations run in one transaction (nothing is kept if one
    fails), refused while another copy holds an event. The copy is made just after,
    once every event replays: a server's database is copied by reading it with this
    version's tables, which an older schema does not have."""
    from director.persistence import backup as files

    database = open_database(url, create=False, exclusive=True)
    try:
        before = getattr(database, "upgraded_from", None) or SCHEMA_HEAD
        events = replay_every_event(database, None)
        backup = files.safety_backup(
            database.path, reason="after-upgrade", identity=database.identity, source=url
        )
        return UpgradeResult(database.location, before, SCHEMA_HEAD, backup, events)
    finally:
        database.close()


class _ReplayedSession(TournamentSession):
    """An event read from the first entry of its log, its saved snapshot ignored."""

    def _from_snapshot(
        self, snapshot: store.StoredSnapshot | None, row: store.RawTournament
    ) -> tuple[TournamentState, History, int] | None:
        return None


def replay_every_event(database: Database, backup: Path | None) -> int:
    """Replay every event from the first entry of its log, and compare it with the
    event as it opens (from its snapshot): the events checked."""
    from director.files import display_path

    def failed(event_id: int, detail: str) -> StoreError:
        if backup is None:
            return StoreError(
                "upgrade_replay_failed_server",
                path=database.location,
                event=event_id,
                detail=detail,
            )
        return StoreError(
            "upgrade_replay_failed",
            path=database.location,
            event=event_id,
            detail=detail,
            backup=display_path(backup),
        )

    events = [summary.id for summary in Library(database).events()]
    for event_id in events:
        try:
            opened = TournamentSession(database, event_id, reading=True)
            replayed = _ReplayedSession(database, event_id, reading=True)
        except StoreError as error:
            raise failed(event_id, error.code) from error
        if opened.state != replayed.state or opened.history != replayed.history:
            raise failed(event_id, "its snapshot differs from its log")
    return len(events)
