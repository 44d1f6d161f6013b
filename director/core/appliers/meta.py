"""How creating an event, its name, date, place and archive flag change the state."""

from __future__ import annotations

from director.core import events as e
from director.core.apply import applies
from director.core.buttons import DEAD, MOVING
from director.core.frozen import evolve
from director.core.state import EventKind, TournamentState
from director.core.tables import TablesState


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
