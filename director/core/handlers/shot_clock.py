"""The shot clock: deciding the commands that start, stop and extend a player's
decision clock, and the event's shot clock settings (see ``core.shot_clock``)."""

from __future__ import annotations

from director.core import commands as c
from director.core import events as e
from director.core import shot_clock as shot
from director.core.decide import handles
from director.core.errors import require
from director.core.ids import Instant
from director.core.state import TournamentState


def _seconds_ok(seconds: int) -> bool:
    return shot.MIN_SECONDS <= seconds <= shot.MAX_SECONDS


@handles(c.SetShotClockOptions)
def _options(state: TournamentState, command: c.SetShotClockOptions, now: Instant) -> list[e.Event]:
    settings = command.settings
    for seconds in (settings.seconds, settings.bank_seconds):
        require(
            _seconds_ok(seconds),
            "shot_clock_bad_seconds",
            minimum=shot.MIN_SECONDS,
            maximum=shot.MAX_SECONDS,
        )
    require(
        0 <= settings.bank_chips <= shot.MAX_BANK_CHIPS,
        "time_bank_bad_chips",
        maximum=shot.MAX_BANK_CHIPS,
    )
    require(settings != state.shot_clocks.settings, "options_unchanged")
    return [e.ShotClockOptionsChanged(at=now, settings=settings)]


@handles(c.StartShotClock)
def _start(state: TournamentState, command: c.StartShotClock, now: Instant) -> list[e.Event]:
    entrant = state.entrant(command.player)
    require(entrant is not None, "player_not_in_event")
    assert entrant is not None
    name = entrant.name
    require(entrant.in_play, "shot_clock_not_playing", player=name)
    where = state.tables.where(command.player)
    require(where is not None, "shot_clock_not_seated", player=name)
    assert where is not None
    seconds = state.shot_clocks.settings.seconds if command.seconds is None else command.seconds
    require(
        _seconds_ok(seconds),
        "shot_clock_bad_seconds",
        minimum=shot.MIN_SECONDS,
        maximum=shot.MAX_SECONDS,
    )
    return [
        e.ShotClockStarted(
            at=now, player=command.player, table=where[0], duration_ms=seconds * 1000
        )
    ]


@handles(c.StopShotClock)
def _stop(state: TournamentState, command: c.StopShotClock, now: Instant) -> list[e.Event]:
    running = state.shot_clocks.running.get(command.table)
    require(running is not None and running.shown(now), "shot_clock_none", table=command.table)
    return [e.ShotClockStopped(at=now, table=command.table)]


@handles(c.UseTimeBank)
def _bank(state: TournamentState, command: c.UseTimeBank, now: Instant) -> list[e.Event]:
    shots = state.shot_clocks
    name = state.player_name(command.player)
    require(shots.settings.bank_chips > 0, "time_bank_off")
    running = shots.of_player(command.player)
    require(
        running is not None and running.remaining_ms(now) > 0,
        "time_bank_no_shot_clock",
        player=name,
    )
    assert running is not None
    require(shots.banks_left(command.player) > 0, "time_bank_used_up", player=name)
    added = shots.settings.bank_seconds * 1000
    return [e.TimeBankUsed(at=now, table=running.table, added_ms=added)]
