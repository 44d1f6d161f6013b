"""A planned start with its countdown, and the end in sight: each item's start time
and the night's estimated end, from the structure, the breaks and the clock as it
stands, pauses included (issue 34, items 2 and 3)."""

from __future__ import annotations

import pytest

from director.core import clock as clk
from director.core import commands as c
from director.core import events as e
from director.core.decide import decide
from director.core.errors import RuleViolation
from director.core.ids import Instant
from director.core.state import Status
from director.core.structure import Break, Level, Structure
from tests.core.helpers import MIN, T0, created, run

STRUCTURE = Structure(
    items=(
        Level(small_blind=25, big_blind=50, seconds=20 * 60),
        Level(small_blind=50, big_blind=100, seconds=20 * 60),
        Break(seconds=10 * 60, note="colour up"),
        Level(small_blind=100, big_blind=200, seconds=15 * 60),
    )
)
NIGHT_MS = (20 + 20 + 10 + 15) * MIN


def planned(at: int, *, auto: bool = True):
    return run(created(STRUCTURE), c.PlanStart(planned=Instant(at), auto_start=auto), T0)


def test_the_schedule_of_a_running_clock_counts_the_levels_and_the_breaks() -> None:
    state = run(created(STRUCTURE), c.StartClock(), T0)
    plan = clk.schedule(state.clock, state.structure, Instant(T0 + 5 * MIN))
    assert plan.starts == (T0, T0 + 20 * MIN, T0 + 40 * MIN, T0 + 50 * MIN)
    assert plan.end == T0 + NIGHT_MS
    assert plan.starts_at is None
    later = clk.schedule(state.clock, state.structure, Instant(T0 + 45 * MIN))
    assert later.starts == (None, None, T0 + 40 * MIN, T0 + 50 * MIN)
    assert later.end == T0 + NIGHT_MS


def test_a_pause_pushes_the_coming_levels_and_the_end_back() -> None:
    state = run(created(STRUCTURE), c.StartClock(), T0)
    state = run(state, c.PauseClock(), T0 + 5 * MIN)
    # Seven minutes into the pause, every coming time is seven minutes later.
    plan = clk.schedule(state.clock, state.structure, Instant(T0 + 12 * MIN))
    assert plan.starts[1] == T0 + 27 * MIN
    assert plan.end == T0 + NIGHT_MS + 7 * MIN
    state = run(state, c.StartClock(), T0 + 12 * MIN)
    resumed = clk.schedule(state.clock, state.structure, Instant(T0 + 30 * MIN))
    assert resumed.end == T0 + NIGHT_MS + 7 * MIN


def test_added_time_and_a_level_counted_in_hands_move_the_estimate() -> None:
    state = run(created(STRUCTURE), c.StartClock(), T0)
    state = run(state, c.AdjustTime(delta_ms=-5 * MIN), T0 + MIN)
    assert clk.schedule(state.clock, state.structure, Instant(T0 + MIN)).end == (
        T0 + NIGHT_MS - 5 * MIN
    )
    hands = Structure(items=(*STRUCTURE.items[:2], Level(small_blind=75, big_blind=150, hands=10)))
    state = run(created(hands), c.StartClock(), T0)
    plan = clk.schedule(state.clock, state.structure, Instant(T0))
    assert plan.starts == (T0, T0 + 20 * MIN, T0 + 40 * MIN)
    assert plan.end is None


def test_overtime_in_the_last_level_ends_the_night_now() -> None:
    state = run(created(STRUCTURE), c.StartClock(), T0)
    now = Instant(T0 + NIGHT_MS + 3 * MIN)
    assert clk.schedule(state.clock, state.structure, now).end == now


def test_before_a_planned_start_the_schedule_counts_from_it() -> None:
    state = planned(T0 + 30 * MIN)
    plan = clk.schedule(state.clock, state.structure, Instant(T0 + MIN))
    assert plan.starts_at == T0 + 30 * MIN
    assert plan.starts[0] == T0 + 30 * MIN
    assert plan.end == T0 + 30 * MIN + NIGHT_MS
    # Without a planned start, from now (the night starts when the organizer says).
    state = created(STRUCTURE)
    assert clk.schedule(state.clock, state.structure, Instant(T0 + MIN)).end == (
        T0 + MIN + NIGHT_MS
    )


def test_an_automatic_planned_start_runs_the_clock_from_the_planned_moment() -> None:
    state = planned(T0 + 30 * MIN)
    before = clk.view(state.clock, state.structure, Instant(T0 + 29 * MIN))
    assert not before.started
    # Nothing stored since: the clock still runs from the planned moment.
    after = clk.view(state.clock, state.structure, Instant(T0 + 35 * MIN))
    assert after.started and after.running
    assert after.remaining == 15 * MIN


def test_the_first_command_after_the_planned_start_stores_the_start_at_that_moment() -> None:
    state = planned(T0 + 30 * MIN)
    events = decide(state, c.PauseClock(), Instant(T0 + 35 * MIN))
    assert isinstance(events[0], e.ClockStarted) and events[0].at == T0 + 30 * MIN
    assert isinstance(events[1], e.ClockPaused)
    state = run(state, c.PauseClock(), T0 + 35 * MIN)
    assert state.status is Status.RUNNING
    assert clk.view(state.clock, state.structure, Instant(T0 + 90 * MIN)).remaining == 15 * MIN


def test_a_start_awaiting_the_organizer_does_not_run_by_itself() -> None:
    state = planned(T0 + 30 * MIN, auto=False)
    late = clk.view(state.clock, state.structure, Instant(T0 + 35 * MIN))
    assert not late.started
    state = run(state, c.StartClock(), T0 + 36 * MIN)
    assert clk.view(state.clock, state.structure, Instant(T0 + 40 * MIN)).remaining == 16 * MIN


def test_a_planned_start_is_in_the_future_and_only_before_the_start() -> None:
    state = created(STRUCTURE)
    with pytest.raises(RuleViolation) as refused:
        run(state, c.PlanStart(planned=Instant(T0 - MIN)), T0)
    assert refused.value.code == "planned_start_past"
    started = run(state, c.StartClock(), T0)
    with pytest.raises(RuleViolation) as refused:
        run(started, c.PlanStart(planned=Instant(T0 + MIN)), T0)
    assert refused.value.code == "clock_already_started"
    due = planned(T0 + 30 * MIN)
    with pytest.raises(RuleViolation) as refused:
        run(due, c.PlanStart(planned=Instant(T0 + 60 * MIN)), T0 + 31 * MIN)
    assert refused.value.code == "clock_already_started"
    # Taken back: no planned start any more.
    cleared = run(due, c.PlanStart(planned=None), T0 + MIN)
    assert cleared.clock.planned is None and not cleared.clock.auto_start
