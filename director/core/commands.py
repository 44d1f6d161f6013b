"""Commands: what the organizer asks for. ``decide`` turns them into events.

Commands are stored beside the events they produced, as an audit trail, and
each has a label (a ``Message``) for the Edit menu: "Undo: rename event".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from director.core.messages import Message
from director.core.records import Registry, Versioned
from director.core.state import EventKind, TournamentState

COMMANDS: Registry[Command] = Registry("command")


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@dataclass(frozen=True, kw_only=True)
class Command(Versioned):
    """Base of every command."""

    def label(self, state: TournamentState) -> Message:
        """What undoing this command takes back, for the Edit menu."""
        return Message(_snake(type(self).__name__))


@COMMANDS.register
@dataclass(frozen=True, kw_only=True)
class CreateTournament(Command):
    name: str
    kind: EventKind = EventKind.TOURNAMENT
    event_date: str = ""
    venue: str = ""


@COMMANDS.register
@dataclass(frozen=True, kw_only=True)
class RenameTournament(Command):
    name: str


@COMMANDS.register
@dataclass(frozen=True, kw_only=True)
class EditDetails(Command):
    event_date: str
    venue: str


@COMMANDS.register
@dataclass(frozen=True, kw_only=True)
class SetArchived(Command):
    archived: bool

    def label(self, state: TournamentState) -> Message:
        return Message("archive_event" if self.archived else "unarchive_event")
