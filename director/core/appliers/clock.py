"""How the clock's events change the state: structure, start, pause, levels, time, hands."""

from __future__ import annotations

from director.core import clock as clk
from director.core import events as e
from director.core.apply import applies
from director.core.frozen import evolve
from director.core.ids import Instant
from director.core.state import Status, TournamentState


def _reanchored(state: TournamentState, at: Instant) -> clk.ClockState:
    return clk.reanchor(state.clock, state.structure, at)


@applies(e.StructureChanged)
def _structure_changed(state: TournamentState, event: e.StructureChanged) -> TournamentState:
    # Time already passed is counted with the old lengths, then the new ones apply.
    return evolve(state, clock=_reanchored(state, event.at), structure=event.structure)


@applies(e.ClockStarted)
def _started(state: TournamentState, event: e.ClockStarted) -> TournamentState:
    clock = clk.start(_reanchored(state, event.at), event.at)
    status = Status.RUNNING if state.status is Status.SETUP else state.status
    return evolve(state, clock=clock, status=status)


@applies(e.StartPlanned)
def _planned(state: TournamentState, event: e.StartPlanned) -> TournamentState:
    return evolve(state, clock=clk.plan_start(state.clock, event.planned, event.auto_start))


@applies(e.ClockPaused)
def _paused(state: TournamentState, event: e.ClockPaused) -> TournamentState:
    return evolve(state, clock=clk.pause(_reanchored(state, event.at)))


@applies(e.LevelChanged)
def _level(state: TournamentState, event: e.LevelChanged) -> TournamentState:
    return evolve(state, clock=clk.jump(_reanchored(state, event.at), event.index, event.at))


@applies(e.TimeAdjusted)
def _adjusted(state: TournamentState, event: e.TimeAdjusted) -> TournamentState:
    clock = clk.adjust(_reanchored(state, event.at), state.structure, event.delta_ms)
    return evolve(state, clock=clock)


@applies(e.TimeLeftSet)
def _time_set(state: TournamentState, event: e.TimeLeftSet) -> TournamentState:
    clock = clk.set_remaining(_reanchored(state, event.at), state.structure, event.remaining_ms)
    return evolve(state, clock=clock)


@applies(e.HandStarted)
def _hand(state: TournamentState, event: e.HandStarted) -> TournamentState:
    clock = clk.hand_started(_reanchored(state, event.at), state.structure, event.at)
    return evolve(state, clock=clock)


@applies(e.ClockOptionsChanged)
def _options_changed(state: TournamentState, event: e.ClockOptionsChanged) -> TournamentState:
    return evolve(state, clock=evolve(_reanchored(state, event.at), applies=event.applies))
