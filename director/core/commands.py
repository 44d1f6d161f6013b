"""Commands: what the organizer asks for. ``decide`` turns them into events.

Commands are stored beside the events they produced, as an audit trail, and
each has a label (a ``Message``) for the Edit menu: "Undo: rename event".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from director.core.clock import NewLevelApplies
from director.core.ids import Instant
from director.core.messages import Message
from director.core.records import Registry, Versioned
from director.core.state import EventKind, TournamentState
from director.core.structure import Structure

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
    structure: Structure = Structure()


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


# -- the blind structure and the clock -----------------------------------------


@COMMANDS.register
@dataclass(frozen=True, kw_only=True)
class SetStructure(Command):
    """Replace the structure; ``change`` names the edit for the undo label."""

    structure: Structure
    change: str = "edit_structure"

    def label(self, state: TournamentState) -> Message:
        return Message(self.change if self.change.endswith("_structure") else "edit_structure")


@COMMANDS.register
@dataclass(frozen=True, kw_only=True)
class StartClock(Command):
    def label(self, state: TournamentState) -> Message:
        return Message("resume_clock" if state.clock.started else "start_clock")


@COMMANDS.register
@dataclass(frozen=True, kw_only=True)
class PauseClock(Command):
    """Pause now, or at ``at`` (a moment in the past, when resuming after a crash)."""

    at: Instant | None = None


@COMMANDS.register
@dataclass(frozen=True, kw_only=True)
class NextLevel(Command):
    pass


@COMMANDS.register
@dataclass(frozen=True, kw_only=True)
class PreviousLevel(Command):
    pass


@COMMANDS.register
@dataclass(frozen=True, kw_only=True)
class GoToLevel(Command):
    """Move the clock to the start of item ``index`` of the structure."""

    index: int

    def label(self, state: TournamentState) -> Message:
        return Message("go_to_level", {"level": state.structure.level_number(self.index)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True)
class AdjustTime(Command):
    """Add (or, negative, remove) time left."""

    delta_ms: int

    def label(self, state: TournamentState) -> Message:
        return Message("add_time" if self.delta_ms >= 0 else "remove_time")


@COMMANDS.register
@dataclass(frozen=True, kw_only=True)
class SetTimeLeft(Command):
    remaining_ms: int


@COMMANDS.register
@dataclass(frozen=True, kw_only=True)
class NextHand(Command):
    pass


@COMMANDS.register
@dataclass(frozen=True, kw_only=True)
class SetClockOptions(Command):
    applies: NewLevelApplies
