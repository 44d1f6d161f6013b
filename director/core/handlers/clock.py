"""The blind structure and the clock: deciding the organizer's clock actions and
folding their events (R8, R9)."""

from __future__ import annotations

from director.core import clock as clk
from director.core import commands as c
from director.core import events as e
from director.core.apply import fold
from director.core.decide import handles
from director.core.errors import RuleViolation, require
from director.core.frozen import evolve
from director.core.ids import Instant
from director.core.state import TournamentState
from director.core.structure import Break, Level, frozen_prefix_kept, require_valid

MAX_ADJUST_MS = 24 * 60 * 60 * 1000


def _here(state: TournamentState, now: Instant) -> clk.ClockState:
    return clk.reanchor(state.clock, state.structure, now)


def _require_structure(state: TournamentState) -> None:
    require(bool(state.structure.levels()), "structure_without_levels")


def table_counts_hands(state: TournamentState, now: Instant) -> bool:
    """R8: in a game at one table, whether the clock's item is a level counted in
    hands: that table's "Hand done" deals the next hand and counts it (one action
    counts one hand)."""
    occupied = [table for table in state.tables.tables.values() if table.seats]
    if len(occupied) != 1 or not state.clock.started or not state.structure.items:
        return False
    item = state.structure.items[_here(state, now).index]
    return isinstance(item, Level) and not item.timed


# -- decide ---------------------------------------------------------------------


@handles(c.SetStructure)
def _set_structure(state: TournamentState, command: c.SetStructure, now: Instant) -> list[e.Event]:
    structure = command.structure
    require_valid(structure)
    chip_set = state.chip_set
    if chip_set is not None and structure.chips != chip_set.denominations:
        # The chips on the table are the event's chip set's, whatever a template or
        # a file says: the chip race (R28) and the TV's chips in play follow them.
        structure = evolve(structure, chips=chip_set.denominations)
    require(structure != state.structure, "structure_unchanged")
    if state.clock.started:
        here = _here(state, now)
        # Levels already played are history: they stay as they were.
        require(
            frozen_prefix_kept(state.structure, structure, here.index)
            and len(structure.items) > here.index,
            "past_levels_frozen",
            level=state.structure.level_number(here.index),
        )
    return [e.StructureChanged(at=now, structure=structure)]


@handles(c.StartClock)
def _start(state: TournamentState, command: c.StartClock, now: Instant) -> list[e.Event]:
    _require_structure(state)
    require(not state.clock.running, "clock_running")
    started: list[e.Event] = [e.ClockStarted(at=now)]
    placed = any(table.positions is not None for table in state.tables.tables.values())
    if not state.clock.started and placed and table_counts_hands(fold(started, state), now):
        # R8: the first hand is dealt as the clock starts: at one table whose
        # level is counted in hands, it is the level's first hand.
        started.append(e.HandStarted(at=now))
    return started


@handles(c.PlanStart)
def _plan(state: TournamentState, command: c.PlanStart, now: Instant) -> list[e.Event]:
    require(not clk.effective(state.clock, now).started, "clock_already_started")
    if command.planned is not None:
        require(command.planned > now, "planned_start_past")
    auto_start = command.auto_start and command.planned is not None
    require(
        (command.planned, auto_start) != (state.clock.planned, state.clock.auto_start),
        "options_unchanged",
    )
    return [e.StartPlanned(at=now, planned=command.planned, auto_start=auto_start)]


@handles(c.PauseClock)
def _pause(state: TournamentState, command: c.PauseClock, now: Instant) -> list[e.Event]:
    require(state.clock.running, "clock_not_running")
    at = now if command.at is None else command.at
    require(at <= now, "pause_in_future")
    # A pause dated before the last clock event would rewrite what followed it.
    at = Instant(max(at, state.clock.anchor))
    return [e.ClockPaused(at=at)]


@handles(c.NextLevel)
def _next(state: TournamentState, command: c.NextLevel, now: Instant) -> list[e.Event]:
    _require_structure(state)
    here = _here(state, now)
    require(here.index + 1 < len(state.structure.items), "no_next_level")
    return [e.LevelChanged(at=now, index=here.index + 1)]


@handles(c.PreviousLevel)
def _previous(state: TournamentState, command: c.PreviousLevel, now: Instant) -> list[e.Event]:
    _require_structure(state)
    here = _here(state, now)
    require(here.index > 0, "no_previous_level")
    return [e.LevelChanged(at=now, index=here.index - 1)]


@handles(c.GoToLevel)
def _go_to(state: TournamentState, command: c.GoToLevel, now: Instant) -> list[e.Event]:
    _require_structure(state)
    require(0 <= command.index < len(state.structure.items), "no_such_level")
    return [e.LevelChanged(at=now, index=command.index)]


def _timed_item(state: TournamentState, now: Instant) -> tuple[clk.ClockState, Level | Break]:
    _require_structure(state)
    here = _here(state, now)
    item = state.structure.items[here.index]
    require(item.timed, "level_counted_in_hands")
    return here, item


@handles(c.AdjustTime)
def _adjust(state: TournamentState, command: c.AdjustTime, now: Instant) -> list[e.Event]:
    require(command.delta_ms != 0 and abs(command.delta_ms) <= MAX_ADJUST_MS, "bad_time")
    here, item = _timed_item(state, now)
    remaining = item.duration_ms - here.elapsed
    if command.delta_ms > 0:
        require(remaining < item.duration_ms, "time_left_at_most_level_length")
    else:
        require(remaining > 0, "no_time_left")
    return [e.TimeAdjusted(at=now, delta_ms=command.delta_ms)]


@handles(c.SetTimeLeft)
def _set_time(state: TournamentState, command: c.SetTimeLeft, now: Instant) -> list[e.Event]:
    _here_clock, item = _timed_item(state, now)
    require(command.remaining_ms >= 0, "bad_time")
    if command.remaining_ms > item.duration_ms:
        raise RuleViolation(
            "time_left_at_most_level_length", maximum=item.duration_ms, value=command.remaining_ms
        )
    return [e.TimeLeftSet(at=now, remaining_ms=command.remaining_ms)]


@handles(c.NextHand)
def _next_hand(state: TournamentState, command: c.NextHand, now: Instant) -> list[e.Event]:
    _require_structure(state)
    require(state.clock.started, "clock_not_started")
    here = _here(state, now)
    require(not isinstance(state.structure.items[here.index], Break), "on_break")
    if table_counts_hands(state, now):
        (table,) = (t for t in state.tables.tables.values() if t.seats)
        # "Hand done" at the table counts each hand already: once is enough.
        require(table.positions is None, "hands_counted_with_hand_done", table=table.number)
    return [e.HandStarted(at=now)]


@handles(c.SetClockOptions)
def _options(state: TournamentState, command: c.SetClockOptions, now: Instant) -> list[e.Event]:
    require(command.applies != state.clock.applies, "options_unchanged")
    return [e.ClockOptionsChanged(at=now, applies=command.applies)]
