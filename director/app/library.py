"""The events stored in one database: list, create, open, delete."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from director.app.session import TournamentSession
from director.app.timesource import Now, wall_clock
from director.core.commands import CreateTournament
from director.core.ids import Instant
from director.core.state import EventKind, Status
from director.persistence import store
from director.persistence.backup import safety_backup
from director.persistence.db import Database, StoreError


@dataclass(frozen=True)
class EventSummary:
    """One line of the event list."""

    id: int
    name: str
    kind: EventKind
    status: Status
    archived: bool
    event_date: str
    created_at: Instant
    updated_at: Instant


class Library:
    """Every event in ``database``."""

    def __init__(
        self, database: Database, *, clock: Now = wall_clock, backup_folder: Path | None = None
    ) -> None:
        self.database = database
        self._clock = clock
        self.backup_folder = backup_folder

    def events(self, *, include_archived: bool = True) -> list[EventSummary]:
        """The events, newest first."""
        with self.database.read() as connection:
            rows = store.list_tournaments(connection)
        summaries = [
            EventSummary(
                id=row.id or 0,
                name=row.name,
                kind=EventKind(row.kind),
                status=Status(row.status),
                archived=row.archived,
                event_date=row.event_date,
                created_at=Instant(row.created_at),
                updated_at=Instant(row.updated_at),
            )
            for row in rows
        ]
        return [s for s in summaries if include_archived or not s.archived]

    def get(self, event_id: int) -> EventSummary:
        """One event's summary; ``StoreError("event_unknown")`` if there is none."""
        for summary in self.events():
            if summary.id == event_id:
                return summary
        raise StoreError("event_unknown", event=event_id)

    def create(
        self,
        name: str,
        kind: EventKind = EventKind.TOURNAMENT,
        *,
        event_date: str = "",
        venue: str = "",
    ) -> TournamentSession:
        """Create an event and return a session on it. Raises ``RuleViolation`` on bad input."""
        command = CreateTournament(name=name, kind=kind, event_date=event_date, venue=venue)
        return TournamentSession.create(self.database, command, clock=self._clock)

    def open(self, event_id: int) -> TournamentSession:
        """A session on an existing event."""
        return TournamentSession(self.database, event_id, clock=self._clock)

    def delete(self, event_id: int) -> Path:
        """Delete an event after backing the database up; returns the backup's path.

        The event can be recovered by restoring that backup.
        """
        self.get(event_id)
        backup = safety_backup(
            self.database.path, reason="before-delete", folder=self.backup_folder
        )
        with self.database.write() as connection:
            store.delete_tournament(connection, event_id)
        return backup
