"""How the shot clock's events change the state (see ``core.shot_clock``)."""

from __future__ import annotations

from director.core import events as e
from director.core import shot_clock as shot
from director.core.apply import applies
from director.core.frozen import evolve
from director.core.state import TournamentState


@applies(e.ShotClockOptionsChanged)
def _options(state: TournamentState, event: e.ShotClockOptionsChanged) -> TournamentState:
    return evolve(state, shot_clocks=evolve(state.shot_clocks, settings=event.settings))


@applies(e.ShotClockStarted)
def _started(state: TournamentState, event: e.ShotClockStarted) -> TournamentState:
    started = shot.ShotClock(
        player=event.player, table=event.table, started=event.at, duration_ms=event.duration_ms
    )
    return evolve(state, shot_clocks=shot.started(state.shot_clocks, started))


@applies(e.ShotClockStopped)
def _stopped(state: TournamentState, event: e.ShotClockStopped) -> TournamentState:
    return evolve(state, shot_clocks=shot.stopped(state.shot_clocks, event.table))


@applies(e.TimeBankUsed)
def _banked(state: TournamentState, event: e.TimeBankUsed) -> TournamentState:
    if event.table not in state.shot_clocks.running:
        return state
    return evolve(state, shot_clocks=shot.banked(state.shot_clocks, event.table, event.added_ms))
