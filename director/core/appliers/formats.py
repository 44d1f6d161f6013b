"""How mystery bounty draws and the event's chip set change the state."""

from __future__ import annotations

from director.core import events as e
from director.core.apply import applies
from director.core.frozen import evolve
from director.core.state import TournamentState


@applies(e.EnvelopesDrawn)
def _drawn(state: TournamentState, event: e.EnvelopesDrawn) -> TournamentState:
    return evolve(state, draws=(*state.draws, *event.draws))


@applies(e.ChipSetChanged)
def _chip_set_changed(state: TournamentState, event: e.ChipSetChanged) -> TournamentState:
    return evolve(state, chip_set=event.chip_set)
