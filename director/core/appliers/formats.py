"""How mystery bounty draws and the event's chip set change the state."""

from __future__ import annotations

from director.core import events as e
from director.core.apply import applies
from director.core.frozen import evolve
from director.core.players import busts_of
from director.core.state import TournamentState


@applies(e.EnvelopesDrawn)
def _drawn(state: TournamentState, event: e.EnvelopesDrawn) -> TournamentState:
    # A draw from an older log does not say which bust drew it: the bust just applied.
    draws = tuple(
        draw if draw.bust else evolve(draw, bust=busts_of(state.busts, draw.busted))
        for draw in event.draws
    )
    return evolve(state, draws=(*state.draws, *draws))


@applies(e.ChipSetChanged)
def _chip_set_changed(state: TournamentState, event: e.ChipSetChanged) -> TournamentState:
    return evolve(state, chip_set=event.chip_set)
