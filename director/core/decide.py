"""``decide``: check a command against the rules and return the events it causes.

Pure: the state, the command and the current time go in, a list of events
comes out, or ``RuleViolation`` is raised and nothing happens.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from director.core import commands as c
from director.core import events as e
from director.core.apply import fold
from director.core.clock import start_due
from director.core.errors import RuleViolation, require
from director.core.ids import Instant
from director.core.state import Status, TournamentState
from director.core.text import (
    NAME_MAX_LENGTH,
    VENUE_MAX_LENGTH,
    clean_line,
    require_plain_texts,
)

__all__ = [
    "NAME_MAX_LENGTH",
    "VENUE_MAX_LENGTH",
    "clean_date",
    "clean_line",
    "clean_name",
    "clean_venue",
    "decide",
    "handles",
    "open_after_the_end",
    "reacts",
]

Handler = Callable[[TournamentState, Any, Instant], list[e.Event]]
_HANDLERS: dict[type[c.Command], Handler] = {}
Reaction = Callable[[TournamentState, Sequence[e.Event], Instant], list[e.Event]]
_REACTIONS: list[Reaction] = []

C = TypeVar("C", bound=c.Command)


def handles(
    command_type: type[C],
) -> Callable[[Callable[[TournamentState, C, Instant], list[e.Event]]], Handler]:
    """Register the decision function for one command type."""

    def add(function: Callable[[TournamentState, C, Instant], list[e.Event]]) -> Handler:
        _HANDLERS[command_type] = function
        return function

    return add


def reacts(function: Reaction) -> Reaction:
    """Register a reaction: after every command, it may add the events that
    follow from the command's events (seats follow busts, for instance)."""
    _REACTIONS.append(function)
    return function


def decide(state: TournamentState, command: c.Command, now: Instant) -> list[e.Event]:
    """The events ``command`` causes in ``state`` at time ``now``.

    Raises ``RuleViolation`` when the rules forbid it.
    """
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise RuleViolation("unknown_command", type=type(command).__name__)
    if not state.created and not isinstance(command, c.CreateTournament):
        raise RuleViolation("event_not_created")
    require_plain_texts(command)
    if state.status is Status.FINISHED and not open_after_the_end(command):
        raise RuleViolation("event_finished")
    started = due_start(state, now)
    if started:
        # The planned start came while nothing was stored: it is stored first, at
        # its own moment, so this command meets the clock as everyone saw it.
        state = fold(started, state)
    events = handler(state, command, now)
    if events:
        for reaction in _REACTIONS:
            events = [*events, *reaction(state, events, now)]
    return [*started, *events]


def due_start(state: TournamentState, now: Instant) -> list[e.Event]:
    """The automatic planned start, once its moment has come and before it is stored."""
    planned = state.clock.planned
    if planned is None or not start_due(state.clock, now) or not state.structure.levels():
        return []
    return [e.ClockStarted(at=planned)]


OPEN_AFTER_THE_END: frozenset[type[c.Command]] = frozenset(
    {
        c.RenameTournament,
        c.EditDetails,
        c.SetArchived,
        c.SetPayouts,
        c.PayPrize,
        c.PayDebt,
        c.PayOutDue,
        c.RevertBust,
        c.SetTvLook,
        c.SetRoomMessage,
    }
)
"""What may still be done once the winner is known: name and details, archiving,
the payout table, paying prizes and debts, putting back in a player busted
by mistake (which reopens the event), and the TV's look and message line (the
room still looks at the final standings). Everything else (the clock, entries,
re-buys, busts, seats, hands) is refused with "event_finished"; undo works."""


def open_after_the_end(command: c.Command) -> bool:
    """Whether ``command`` may be sent for an event that is over."""
    return type(command) in OPEN_AFTER_THE_END


def clean_name(name: str) -> str:
    """A name on one line with surrounding blanks removed; empty, too long or with a
    control character (a tab, a line break, an escape) is refused."""
    cleaned = clean_line(name, maximum=NAME_MAX_LENGTH, too_long="name_too_long")
    require(bool(cleaned), "name_empty")
    return cleaned


def clean_venue(venue: str) -> str:
    """The place on one line, at most ``VENUE_MAX_LENGTH`` characters (may be empty)."""
    return clean_line(venue, maximum=VENUE_MAX_LENGTH, too_long="venue_too_long")


def clean_date(text: str) -> str:
    """An ISO date (``2026-11-21``), or empty for none."""
    text = text.strip()
    if not text:
        return ""
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise RuleViolation("bad_date", value=text) from None


# Importing the handlers registers them.
from director.core import handlers  # noqa: E402, F401
