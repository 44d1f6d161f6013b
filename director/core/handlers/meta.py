"""Creating an event, its name, date, place and archive flag."""

from __future__ import annotations

from director.core import commands as c
from director.core import events as e
from director.core.decide import clean_date, clean_name, clean_venue, handles
from director.core.errors import require
from director.core.ids import Instant
from director.core.state import TournamentState
from director.core.structure import require_valid


@handles(c.CreateTournament)
def _create(state: TournamentState, command: c.CreateTournament, now: Instant) -> list[e.Event]:
    require(not state.created, "event_already_created")
    if command.structure.items:
        require_valid(command.structure)
    return [
        e.TournamentCreated(
            at=now,
            name=clean_name(command.name),
            kind=command.kind,
            event_date=clean_date(command.event_date),
            venue=clean_venue(command.venue),
            structure=command.structure,
        )
    ]


@handles(c.RenameTournament)
def _rename(state: TournamentState, command: c.RenameTournament, now: Instant) -> list[e.Event]:
    name = clean_name(command.name)
    require(name != state.name, "name_unchanged")
    return [e.TournamentRenamed(at=now, name=name)]


@handles(c.EditDetails)
def _details(state: TournamentState, command: c.EditDetails, now: Instant) -> list[e.Event]:
    event_date = clean_date(command.event_date)
    venue = clean_venue(command.venue)
    require((event_date, venue) != (state.event_date, state.venue), "details_unchanged")
    return [e.DetailsChanged(at=now, event_date=event_date, venue=venue)]


@handles(c.SetArchived)
def _archive(state: TournamentState, command: c.SetArchived, now: Instant) -> list[e.Event]:
    require(command.archived != state.archived, "archive_unchanged")
    return [e.ArchiveChanged(at=now, archived=command.archived)]
