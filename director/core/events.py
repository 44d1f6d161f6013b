"""Events: the facts stored in an event's log, from which its state is folded.

Each event is a frozen dataclass registered under its class name with a
schema version (see ``records``). Events record outcomes, including any
randomness already drawn (a seat draw stores the seats), so replaying a log
always gives the same state.
"""

from __future__ import annotations

from dataclasses import dataclass

from director.core.ids import Instant
from director.core.records import Registry, Versioned
from director.core.state import EventKind

EVENTS: Registry[Event] = Registry("event")


@dataclass(frozen=True, kw_only=True)
class Event(Versioned):
    """Base of every event; ``at`` is when it happened."""

    at: Instant


@EVENTS.register
@dataclass(frozen=True, kw_only=True)
class TournamentCreated(Event):
    """The first event of every log."""

    name: str
    kind: EventKind
    event_date: str
    venue: str = ""


@EVENTS.register
@dataclass(frozen=True, kw_only=True)
class TournamentRenamed(Event):
    name: str


@EVENTS.register
@dataclass(frozen=True, kw_only=True)
class DetailsChanged(Event):
    """Date and place, as printed on every report."""

    event_date: str
    venue: str


@EVENTS.register
@dataclass(frozen=True, kw_only=True)
class ArchiveChanged(Event):
    archived: bool
