"""Creating an event, its name, date, place and archive flag."""

from __future__ import annotations

from director.core import commands as c
from director.core import events as e
from director.core.apply import applies
from director.core.buttons import DEAD, MOVING
from director.core.decide import clean_date, clean_name, clean_venue, handles
from director.core.errors import require
from director.core.frozen import evolve
from director.core.ids import Instant
from director.core.state import EventKind, TournamentState
from director.core.structure import require_valid
from director.core.tables import TablesState


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


@applies(e.TournamentCreated)
def _created(state: TournamentState, event: e.TournamentCreated) -> TournamentState:
    return evolve(
        state,
        name=event.name,
        kind=event.kind,
        created_at=event.at,
        event_date=event.event_date,
        venue=event.venue,
        structure=event.structure,
        # R12: cash games move the button; tournaments use the dead button (R11).
        tables=TablesState(method=MOVING if event.kind is EventKind.CASH else DEAD),
    )


@applies(e.TournamentRenamed)
def _renamed(state: TournamentState, event: e.TournamentRenamed) -> TournamentState:
    return evolve(state, name=event.name)


@applies(e.DetailsChanged)
def _details_changed(state: TournamentState, event: e.DetailsChanged) -> TournamentState:
    return evolve(state, event_date=event.event_date, venue=event.venue)


@applies(e.ArchiveChanged)
def _archived(state: TournamentState, event: e.ArchiveChanged) -> TournamentState:
    return evolve(state, archived=event.archived)
