"""Building states for rule tests without a database."""

from __future__ import annotations

from director.core import commands as c
from director.core.apply import apply, fold
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
    """Decide and apply one command at time ``at``.

    Checked on the way, for every command of every rule test: ``fold``, which writes
    the events into one draft changed in place, reaches the state that applying them
    one at a time (a new state each) reaches, and leaves ``state`` as it was. An
    applier that read the state it had just evolved would tell them apart."""
    events = decide(state, command, Instant(at))
    before = dict(state.__dict__)
    folded = fold(events, state)
    stepped = state
    for event in events:
        stepped = apply(stepped, event)
    assert folded == stepped, f"fold and apply disagree after {command!r}"
    assert state.__dict__ == before, f"fold changed the state it was given ({command!r})"
    return folded
