"""How the payout table and deals change the state."""

from __future__ import annotations

from director.core import events as e
from director.core.apply import applies
from director.core.frozen import evolve
from director.core.state import TournamentState


@applies(e.PayoutsChanged)
def _changed(state: TournamentState, event: e.PayoutsChanged) -> TournamentState:
    return evolve(state, payout=event.settings)


@applies(e.DealAccepted)
def _accepted(state: TournamentState, event: e.DealAccepted) -> TournamentState:
    return evolve(state, deal=event.deal)
