"""Building states for rule tests without a database."""

from __future__ import annotations

from director.core import commands as c
from director.core.apply import fold
from director.core.decide import decide
from director.core.ids import Instant
from director.core.state import EventKind, TournamentState
from director.core.structure import Structure

T0 = Instant(1_800_000_000_000)
MIN = 60_000


def created(
    structure: Structure | None = None, *, kind: EventKind = EventKind.TOURNAMENT, at: int = T0
) -> TournamentState:
    command = c.CreateTournament(name="Test", kind=kind, structure=structure or Structure())
    return fold(decide(TournamentState(), command, Instant(at)))


def run(state: TournamentState, command: c.Command, at: int) -> TournamentState:
    """Decide and apply one command at time ``at``."""
    return fold(decide(state, command, Instant(at)), state)
