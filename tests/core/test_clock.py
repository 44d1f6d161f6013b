"""The blind clock (R8, R9): derived from events and the time, never ticked."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.core import clock as clk
from director.core import commands as c
from director.core.clock import CueKind, NewLevelApplies
from director.core.errors import RuleViolation
from director.core.structure import Break, Level, Structure
from tests.core.helpers import MIN, T0, created, run

STRUCTURE = Structure(
    items=(
        Level(small_blind=25, big_blind=50, seconds=20 * 60),
        Level(small_blind=50, big_blind=100, seconds=20 * 60),
        Break(seconds=10 * 60, note="colour up the 25s"),
        Level(small_blind=100, big_blind=200, ante=25, seconds=20 * 60, ante_kind="every_player"),
    )
)


def view(state, at):
    return clk.view(state.clock, state.structure, at)


def started(structure: Structure = STRUCTURE):
    return run(created(structure), c.StartClock(), T0)


def test_time_left_counts_down_from_the_start() -> None:
    state = started()
    assert view(state, T0 + 5 * MIN).remaining == 15 * MIN
    assert view(state, T0 + 5 * MIN + 1).remaining == 15 * MIN - 1


def test_the_clock_moves_on_by_itself_and_new_blinds_wait_for_the_next_hand_r9() -> None:
    state = started()
    later = view(state, T0 + 25 * MIN)
    assert later.index == 1 and later.remaining == 15 * MIN
    assert later.pending == STRUCTURE.items[1]
    assert later.in_force == STRUCTURE.items[0]
    state = run(state, c.NextHand(), T0 + 26 * MIN)
    confirmed = view(state, T0 + 26 * MIN)
    assert confirmed.pending is None
    assert confirmed.in_force == STRUCTURE.items[1]
    assert confirmed.remaining == 14 * MIN


def test_r9_at_once_option_applies_new_blinds_immediately() -> None:
    state = run(created(STRUCTURE), c.SetClockOptions(applies=NewLevelApplies.AT_ONCE), T0)
    state = run(state, c.StartClock(), T0)
    later = view(state, T0 + 21 * MIN)
    assert later.pending is None and later.in_force == STRUCTURE.items[1]


def test_a_level_after_a_break_applies_at_once() -> None:
    state = started()
    after_break = view(state, T0 + 51 * MIN)
    assert after_break.index == 3
    assert after_break.pending is None
    assert after_break.in_force == STRUCTURE.items[3]


def test_pause_freezes_and_resume_continues() -> None:
    state = run(started(), c.PauseClock(), T0 + 5 * MIN)
    assert view(state, T0 + 60 * MIN).remaining == 15 * MIN
    assert not view(state, T0 + 60 * MIN).running
    state = run(state, c.StartClock(), T0 + 60 * MIN)
    assert view(state, T0 + 61 * MIN).remaining == 14 * MIN


def test_pause_dated_in_the_past_resumes_where_the_clock_stood() -> None:
    state = started()
    state = run(state, c.PauseClock(at=T0 + 7 * MIN), T0 + 40 * MIN)
    assert view(state, T0 + 40 * MIN).remaining == 13 * MIN
    with pytest.raises(RuleViolation):
        run(started(), c.PauseClock(at=T0 + 2 * MIN), T0 + MIN)


def test_adding_and_removing_minutes_stay_within_the_level() -> None:
    state = started()
    state = run(state, c.AdjustTime(delta_ms=MIN), T0 + 5 * MIN)
    assert view(state, T0 + 5 * MIN).remaining == 16 * MIN
    state = run(state, c.AdjustTime(delta_ms=-2 * MIN), T0 + 5 * MIN)
    assert view(state, T0 + 5 * MIN).remaining == 14 * MIN
    fresh = started()
    with pytest.raises(RuleViolation) as caught:
        run(fresh, c.AdjustTime(delta_ms=MIN), T0)
    assert caught.value.code == "time_left_at_most_level_length"
    state = run(fresh, c.AdjustTime(delta_ms=MIN), T0 + 30_000)
    assert view(state, T0 + 30_000).remaining == 20 * MIN  # capped at the level's length


def test_set_time_left() -> None:
    state = run(started(), c.SetTimeLeft(remaining_ms=3 * MIN), T0 + MIN)
    assert view(state, T0 + 2 * MIN).remaining == 2 * MIN
    with pytest.raises(RuleViolation):
        run(started(), c.SetTimeLeft(remaining_ms=21 * MIN), T0)


def test_next_and_previous_level() -> None:
    state = run(started(), c.NextLevel(), T0 + 3 * MIN)
    assert view(state, T0 + 3 * MIN).index == 1
    assert view(state, T0 + 3 * MIN).remaining == 20 * MIN
    state = run(state, c.PreviousLevel(), T0 + 4 * MIN)
    assert view(state, T0 + 4 * MIN).index == 0
    with pytest.raises(RuleViolation) as caught:
        run(state, c.PreviousLevel(), T0 + 4 * MIN)
    assert caught.value.code == "no_previous_level"


def test_past_the_last_level_the_clock_shows_overtime_and_never_fails() -> None:
    state = started()
    end = T0 + 70 * MIN
    at_end = view(state, end)
    assert at_end.index == 3 and at_end.last_item
    assert at_end.remaining == 0 and at_end.overtime == 0
    much_later = view(state, end + 3 * 3600_000)
    assert much_later.index == 3
    assert much_later.remaining == 0
    assert much_later.overtime == 3 * 3600_000
    assert clk.next_change_in(much_later) == 1000


def test_levels_counted_in_hands_move_on_with_next_hand() -> None:
    structure = Structure(
        items=(
            Level(small_blind=1, big_blind=2, seconds=0, hands=3),
            Level(small_blind=2, big_blind=4, seconds=10 * 60),
        )
    )
    state = started(structure)
    for hand in range(1, 4):
        state = run(state, c.NextHand(), T0 + hand * MIN)
        assert view(state, T0 + hand * MIN).hands == hand
        assert view(state, T0 + 50 * MIN).index == 0  # time does not move a hand level
    assert view(state, T0 + 3 * MIN).remaining is None
    state = run(state, c.NextHand(), T0 + 10 * MIN)
    moved = view(state, T0 + 12 * MIN)
    assert moved.index == 1 and moved.remaining == 8 * MIN


def test_time_to_the_next_break() -> None:
    state = started()
    assert view(state, T0 + 5 * MIN).until_break == 35 * MIN
    assert view(state, T0 + 5 * MIN).next_break == STRUCTURE.items[2]
    assert view(state, T0 + 45 * MIN).until_break is None  # no break after this one


def test_cues_one_minute_level_and_break() -> None:
    state = started()
    before = view(state, T0 + 18 * MIN)
    assert [cue.kind for cue in clk.cues(before, view(state, T0 + 19 * MIN + 1))] == [
        CueKind.ONE_MINUTE
    ]
    assert [cue.kind for cue in clk.cues(before, view(state, T0 + 21 * MIN))] == [
        CueKind.LEVEL_START
    ]
    assert [
        cue.kind for cue in clk.cues(view(state, T0 + 39 * MIN), view(state, T0 + 41 * MIN))
    ] == [CueKind.BREAK_START]
    assert [
        cue.kind for cue in clk.cues(view(state, T0 + 49 * MIN), view(state, T0 + 51 * MIN))
    ] == [
        CueKind.BREAK_END,
        CueKind.LEVEL_START,
    ]


def test_next_change_wakes_the_display_when_the_shown_second_changes() -> None:
    state = started()
    assert clk.next_change_in(view(state, T0 + 250)) == 750
    assert clk.next_change_in(view(state, T0)) == 1000
    paused = run(state, c.PauseClock(), T0 + 100)
    assert clk.next_change_in(view(paused, T0 + 500)) is None


def test_changing_the_structure_during_play_keeps_past_levels() -> None:
    state = run(started(), c.NextLevel(), T0 + MIN)
    changed_past = Structure(items=(Level(small_blind=5, big_blind=10), *STRUCTURE.items[1:]))
    with pytest.raises(RuleViolation) as caught:
        run(state, c.SetStructure(structure=changed_past), T0 + 2 * MIN)
    assert caught.value.code == "past_levels_frozen"
    longer = Structure(
        items=(
            STRUCTURE.items[0],
            Level(small_blind=50, big_blind=100, seconds=30 * 60),
            *STRUCTURE.items[2:],
        )
    )
    state = run(state, c.SetStructure(structure=longer), T0 + 2 * MIN)
    assert view(state, T0 + 2 * MIN).remaining == 29 * MIN


def test_starting_without_levels_is_refused() -> None:
    with pytest.raises(RuleViolation) as caught:
        run(created(), c.StartClock(), T0)
    assert caught.value.code == "structure_without_levels"


# -- properties ----------------------------------------------------------------

items = st.lists(
    st.one_of(
        st.builds(
            Level,
            small_blind=st.just(10),
            big_blind=st.just(20),
            seconds=st.integers(min_value=1, max_value=30 * 60),
        ),
        st.builds(
            Level,
            small_blind=st.just(10),
            big_blind=st.just(20),
            seconds=st.just(0),
            hands=st.integers(min_value=1, max_value=4),
        ),
        st.builds(Break, seconds=st.integers(min_value=1, max_value=15 * 60)),
    ),
    min_size=1,
    max_size=6,
).filter(lambda found: any(isinstance(item, Level) for item in found))

clock_actions = st.lists(
    st.tuples(
        st.integers(min_value=0, max_value=25 * MIN),
        st.one_of(
            st.just(c.StartClock()),
            st.just(c.PauseClock()),
            st.just(c.NextLevel()),
            st.just(c.PreviousLevel()),
            st.just(c.NextHand()),
            st.builds(c.AdjustTime, delta_ms=st.sampled_from([-MIN, MIN, -7_000, 30_000])),
            st.builds(c.SetTimeLeft, remaining_ms=st.integers(min_value=0, max_value=30 * MIN)),
        ),
    ),
    max_size=25,
)


@given(
    structure_items=items,
    actions=clock_actions,
    probes=st.lists(st.integers(0, 40 * MIN), max_size=5),
)
def test_time_left_stays_within_the_level_and_pauses_freeze_it(
    structure_items, actions, probes
) -> None:
    structure = Structure(items=tuple(structure_items))
    state = created(structure)
    now = T0
    for delay, command in actions:
        now += delay
        try:
            state = run(state, command, now)
        except RuleViolation:
            continue
        for probe in [0, *probes]:
            seen = view(state, now + probe)
            item = seen.item
            if item is not None and item.timed:
                assert 0 <= seen.remaining <= item.duration_ms
                if seen.overtime:
                    assert seen.last_item and seen.remaining == 0
            else:
                assert seen.remaining is None
            if not state.clock.running:
                assert seen == view(state, now)  # a paused clock is frozen


@given(
    level_seconds=st.integers(min_value=60, max_value=3600),
    elapsed=st.integers(min_value=0, max_value=3600_000),
    deltas=st.lists(st.integers(min_value=-600_000, max_value=600_000).filter(bool), max_size=6),
)
def test_adjustments_add_up(level_seconds, elapsed, deltas) -> None:
    structure = Structure(items=(Level(small_blind=1, big_blind=2, seconds=level_seconds),))
    state = run(created(structure), c.StartClock(), T0)
    state = run(state, c.PauseClock(), T0 + min(elapsed, level_seconds * 1000))
    now = T0 + elapsed + 1
    expected = view(state, now).remaining
    length = level_seconds * 1000
    for delta in deltas:
        try:
            state = run(state, c.AdjustTime(delta_ms=delta), now)
        except RuleViolation:
            continue
        expected = min(max(expected + delta, 0), length)
        assert view(state, now).remaining == expected


TWO_SHORT = Structure(
    items=(
        Level(small_blind=25, big_blind=50, seconds=60),
        Level(small_blind=50, big_blind=100, seconds=60),
        Level(small_blind=100, big_blind=200, seconds=20 * 60),
    )
)


def test_r9_two_levels_run_out_in_one_hand_in_force_is_the_hand_being_played() -> None:
    """Seed 000: the increase "ne s'applique qu'au prochain tour de jeu ("main") et
    n'est jamais introduite dans un tour de jeu en cours"."""
    state = run(created(TWO_SHORT), c.StartClock(), T0)
    state = run(state, c.NextHand(), T0 + 1000)
    later = view(state, T0 + 150_000)
    assert later.index == 2
    assert later.in_force == TWO_SHORT.items[0]
    assert later.pending == TWO_SHORT.items[2]
    # The same after a clock event folded in between (the anchor moves on).
    paused = run(state, c.PauseClock(), T0 + 150_000)
    assert view(paused, T0 + 200_000).in_force == TWO_SHORT.items[0]
    assert view(paused, T0 + 200_000).pending == TWO_SHORT.items[2]
    dealt = run(paused, c.NextHand(), T0 + 200_000)
    assert view(dealt, T0 + 200_000).in_force == TWO_SHORT.items[2]
    assert view(dealt, T0 + 200_000).pending is None


def test_r9_a_break_run_through_during_a_hand_confirms_the_level_after_it() -> None:
    """Seed 000: "l'augmentation ne s'applique qu'au prochain tour de jeu"; no hand
    is played during a break, so the level after a break is the one in force."""
    structure = Structure(
        items=(
            Level(small_blind=25, big_blind=50, seconds=60),
            Break(seconds=60),
            Level(small_blind=50, big_blind=100, seconds=60),
            Level(small_blind=100, big_blind=200, seconds=20 * 60),
        )
    )
    state = run(created(structure), c.StartClock(), T0)
    later = view(state, T0 + 200_000)
    assert later.index == 3
    assert later.in_force == structure.items[2]
    assert later.pending == structure.items[3]
