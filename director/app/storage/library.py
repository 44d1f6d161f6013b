"""The events stored in one database: list, create, open, delete."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from director.app.night.timesource import Now, wall_clock
from director.core.errors import RuleViolation
from director.core.ids import Instant
from director.core.kinds import EventKind, Status
from director.persistence import store
from director.persistence.db import Database, StoreError

if TYPE_CHECKING:
    # The list of events reads summaries only; a session (the events, the state,
    # the rules) is imported when an event is opened or created.
    from director.app.night.changes import Changes
    from director.app.night.session import TournamentSession
    from director.core.commands import Command


class EventSummary(NamedTuple):
    """One line of the event list.

    ``damaged``: the line could not be read in full (its event's log may
    still be fine: the line is only a summary of it).
    """

    id: int
    name: str
    kind: EventKind
    status: Status
    archived: bool
    event_date: str
    created_at: Instant
    updated_at: Instant
    damaged: bool = False


def _summary(row: store.RawTournament) -> EventSummary:
    """A line of the event list from a raw row, marked damaged if a value is unusable."""
    try:
        return EventSummary(
            id=_whole(row.id),
            name=_text(row.name),
            kind=EventKind(row.kind),
            status=Status(row.status),
            archived=_flag(row.archived),
            event_date=_text(row.event_date),
            created_at=Instant(_whole(row.created_at)),
            updated_at=Instant(_whole(row.updated_at)),
        )
    except (TypeError, ValueError):
        return EventSummary(
            id=row.id if type(row.id) is int else 0,
            name=row.name if isinstance(row.name, str) else "",
            kind=EventKind.TOURNAMENT,
            status=Status.SETUP,
            archived=False,
            event_date="",
            created_at=Instant(0),
            updated_at=Instant(0),
            damaged=True,
        )


def _whole(value: object) -> int:
    if type(value) is not int:
        raise TypeError(value)
    return value


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(value)
    return value


def _flag(value: object) -> bool:
    if value not in (0, 1) or isinstance(value, float):
        raise TypeError(value)
    return bool(value)


class Library:
    """Every event in ``database``."""

    def __init__(
        self, database: Database, *, clock: Now = wall_clock, backup_folder: Path | None = None
    ) -> None:
        self.database = database
        self._clock = clock
        self.backup_folder = backup_folder

    def now(self) -> int:
        """The library's clock (the sessions it opens share it)."""
        return self._clock()

    def events(self, *, include_archived: bool = True) -> list[EventSummary]:
        """The events, newest first.

        A damaged line of the list (a kind or status this version does not know,
        a value of the wrong type) is listed as damaged, and the others as usual.
        """
        with self.database.reading() as connection:
            rows = store.list_tournament_rows(connection)
        summaries = [_summary(row) for row in rows]
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
        from director.app.night.session import TournamentSession
        from director.core.commands import CreateTournament

        command = CreateTournament(name=name, kind=kind, event_date=event_date, venue=venue)
        return TournamentSession.create(self.database, command, clock=self._clock)

    def open(self, event_id: int) -> TournamentSession:
        """A session on an existing event."""
        from director.app.night.session import TournamentSession

        return TournamentSession(self.database, event_id, clock=self._clock)

    def dispatch(self, event_id: int, command: Command) -> Changes:
        """Run ``command`` on an event that is not open here (opened for it, closed
        after, refused or not: ``RuleViolation``/``StoreError`` say why)."""
        session = self.open(event_id)
        try:
            return session.dispatch(command)
        finally:
            session.close()

    def read(self, event_id: int) -> TournamentSession:
        """A session on an existing event only to read it: it never writes to the
        database (no lease taken, no snapshot at close)."""
        from director.app.night.session import TournamentSession

        return TournamentSession(self.database, event_id, clock=self._clock, reading=True)

    def delete_refusal(self, event_id: int) -> RuleViolation | None:
        """Why ``event_id`` may not be deleted, or None: a night whose money is not
        settled (a player still owes, or is owed, money from it) is refused, naming
        who and how much; it may be archived instead. Nothing is deleted that would
        quietly change the club's balances."""
        from director.app.club.balances import ClubBook

        summary = self.get(event_id)
        book = ClubBook(self.database, clock=self._clock)
        found = book.balances()  # read once: a long club history takes a while
        open_money = book.open_from(event_id, found)
        if open_money:
            return RuleViolation("delete_open_money", name=summary.name, balances=open_money)
        if found.night(event_id) is not None:
            # Its money was settled later, by payments in the club's journal: without
            # the night those payments would stand alone and change the balances.
            return RuleViolation("delete_settled_in_journal", name=summary.name)
        return None

    def delete(self, event_id: int) -> Path:
        """Delete an event after backing the database up; returns the backup's path.

        The event can be recovered by restoring that backup. A night whose money is
        not settled is refused (``delete_refusal``). On a club's server, another copy
        writing the event refuses it (``delete_event_leased``, naming that copy and
        since when): this copy takes the event's lease first, so that none can start
        writing it meanwhile.
        """
        from director.persistence.backup import safety_backup

        summary = self.get(event_id)
        refusal = self.delete_refusal(event_id)
        if refusal is not None:
            raise refusal
        try:
            self.database.take_lease(event_id)
        except StoreError as error:
            if error.code != "event_leased":
                raise
            raise StoreError(
                "delete_event_leased",
                event=event_id,
                name=summary.name,
                machine=error.args_map.get("machine", ""),
                since=error.args_map.get("since", ""),
            ) from error
        try:
            backup = safety_backup(
                self.database.path,
                reason="before-delete",
                folder=self.backup_folder,
                identity=self.database.identity,
                source=self.database.url,
            )
            with self.database.transaction() as connection:
                store.delete_tournament(connection, event_id)
        finally:
            self.database.release_lease(event_id)  # gone with the event, or kept
        return backup
