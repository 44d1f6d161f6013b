"""``decide``: check a command against the rules and return the events it causes.

Pure: the state, the command and the current time go in, a list of events
comes out, or ``RuleViolation`` is raised and nothing happens.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any, TypeVar

from director.core import commands as c
from director.core import events as e
from director.core.errors import RuleViolation, require
from director.core.ids import Instant
from director.core.state import TournamentState

NAME_MAX_LENGTH = 120

Handler = Callable[[TournamentState, Any, Instant], list[e.Event]]
_HANDLERS: dict[type[c.Command], Handler] = {}

C = TypeVar("C", bound=c.Command)


def handles(
    command_type: type[C],
) -> Callable[[Callable[[TournamentState, C, Instant], list[e.Event]]], Handler]:
    """Register the decision function for one command type."""

    def add(function: Callable[[TournamentState, C, Instant], list[e.Event]]) -> Handler:
        _HANDLERS[command_type] = function
        return function

    return add


def decide(state: TournamentState, command: c.Command, now: Instant) -> list[e.Event]:
    """The events ``command`` causes in ``state`` at time ``now``.

    Raises ``RuleViolation`` when the rules forbid it.
    """
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise RuleViolation("unknown_command", type=type(command).__name__)
    if not state.created and not isinstance(command, c.CreateTournament):
        raise RuleViolation("event_not_created")
    return handler(state, command, now)


def clean_name(name: str) -> str:
    """A name with surrounding blanks removed; empty or too long is refused."""
    cleaned = " ".join(name.split())
    require(bool(cleaned), "name_empty")
    require(len(cleaned) <= NAME_MAX_LENGTH, "name_too_long", maximum=NAME_MAX_LENGTH)
    return cleaned


def clean_date(text: str) -> str:
    """An ISO date (``2026-11-21``), or empty for none."""
    text = text.strip()
    if not text:
        return ""
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise RuleViolation("bad_date", value=text) from None


@handles(c.CreateTournament)
def _create(state: TournamentState, command: c.CreateTournament, now: Instant) -> list[e.Event]:
    require(not state.created, "event_already_created")
    return [
        e.TournamentCreated(
            at=now,
            name=clean_name(command.name),
            kind=command.kind,
            event_date=clean_date(command.event_date),
            venue=command.venue.strip(),
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
    venue = " ".join(command.venue.split())
    require((event_date, venue) != (state.event_date, state.venue), "details_unchanged")
    return [e.DetailsChanged(at=now, event_date=event_date, venue=venue)]


@handles(c.SetArchived)
def _archive(state: TournamentState, command: c.SetArchived, now: Instant) -> list[e.Event]:
    require(command.archived != state.archived, "archive_unchanged")
    return [e.ArchiveChanged(at=now, archived=command.archived)]
