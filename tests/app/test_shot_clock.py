"""The shot clock (issue 34, item 4): a decision clock of N seconds for one seated
player, dated by the log like the main clock, with time-bank chips that survive a
restart; the feed shows it and sounds its last ten seconds and its end once."""

from __future__ import annotations

import pytest

from director.app.night.session import TournamentSession
from director.app.views.feed import ClockFeed, ShotCue, ShotCueKind
from director.core import commands as c
from director.core import shot_clock as shot
from director.core.errors import RuleViolation
from director.core.events import ShotClockStopped
from director.core.ids import PlayerId
from director.core.shot_clock import ShotClockSettings
from director.persistence.db import Database
from tests.app.night import night
from tests.conftest import FakeClock


def _seat(session: TournamentSession, player: int) -> tuple[int, int]:
    where = session.state.tables.where(PlayerId(player))
    assert where is not None
    return where


def test_a_shot_clock_counts_down_from_the_logged_start(
    database: Database, clock: FakeClock
) -> None:
    session = night(database, clock)
    table, _seat_number = _seat(session, 3)
    session.dispatch(c.StartShotClock(player=PlayerId(3)))
    running = session.state.shot_clocks.running[table]
    assert running.player == PlayerId(3)
    assert running.started == clock.now
    assert running.duration_ms == shot.DEFAULT_SECONDS * 1000
    clock.advance(12_400)
    assert running.shown_seconds(clock.now) == 18
    assert not running.warning(clock.now)
    clock.advance(8_000)
    assert running.warning(clock.now)


def test_a_shot_clock_is_in_the_log_and_comes_back_after_reopening(
    database: Database, clock: FakeClock
) -> None:
    """Crash-safe: the shot clock and the time-bank chips used are read back from the
    log, the time left from its date."""
    session = night(database, clock)
    session.dispatch(
        c.SetShotClockOptions(settings=ShotClockSettings(seconds=40, bank_chips=2, bank_seconds=30))
    )
    table, _seat_number = _seat(session, 5)
    session.dispatch(c.StartShotClock(player=PlayerId(5)))
    clock.advance(35_000)
    session.dispatch(c.UseTimeBank(player=PlayerId(5)))
    event = session.tournament_id
    session.close()
    clock.advance(5_000)

    reopened = TournamentSession(database, event, clock=clock)
    shots = reopened.state.shot_clocks
    assert shots.settings.seconds == 40
    assert shots.banks_used == {PlayerId(5): 1}
    assert shots.banks_left(PlayerId(5)) == 1
    assert shots.running[table].remaining_ms(clock.now) == 40_000 + 30_000 - 40_000
    reopened.close()


def test_starting_for_another_player_replaces_the_tables_shot_clock(
    database: Database, clock: FakeClock
) -> None:
    session = night(database, clock)
    table, _seat_number = _seat(session, 1)
    other = next(
        int(p) for p, (t, _s) in session.state.tables.seated().items() if t == table and p != 1
    )
    session.dispatch(c.StartShotClock(player=PlayerId(1), seconds=20))
    session.dispatch(c.StartShotClock(player=PlayerId(other)))
    assert [s.player for s in session.state.shot_clocks.running.values()] == [PlayerId(other)]


@pytest.mark.parametrize("seconds", [0, 4, 601, 10**9])
def test_a_shot_clock_of_a_wrong_length_is_refused(
    database: Database, clock: FakeClock, seconds: int
) -> None:
    session = night(database, clock)
    with pytest.raises(RuleViolation) as refused:
        session.dispatch(c.StartShotClock(player=PlayerId(1), seconds=seconds))
    assert refused.value.code == "shot_clock_bad_seconds"
    assert not session.state.shot_clocks.running


def test_no_shot_clock_for_a_player_out_or_not_seated(database: Database, clock: FakeClock) -> None:
    session = night(database, clock)
    with pytest.raises(RuleViolation) as unknown:
        session.dispatch(c.StartShotClock(player=PlayerId(99)))
    assert unknown.value.code == "player_not_in_event"
    session.dispatch(c.BustPlayers(busts=(c.Bust(player=PlayerId(2)),)))
    with pytest.raises(RuleViolation) as busted:
        session.dispatch(c.StartShotClock(player=PlayerId(2)))
    assert busted.value.code == "shot_clock_not_playing"


def test_time_bank_chips_are_counted_and_run_out(database: Database, clock: FakeClock) -> None:
    session = night(database, clock)
    with pytest.raises(RuleViolation) as off:
        session.dispatch(c.UseTimeBank(player=PlayerId(4)))
    assert off.value.code == "time_bank_off"
    session.dispatch(
        c.SetShotClockOptions(settings=ShotClockSettings(seconds=30, bank_chips=1, bank_seconds=60))
    )
    with pytest.raises(RuleViolation) as none:
        session.dispatch(c.UseTimeBank(player=PlayerId(4)))
    assert none.value.code == "time_bank_no_shot_clock"
    table, _seat_number = _seat(session, 4)
    session.dispatch(c.StartShotClock(player=PlayerId(4)))
    session.dispatch(c.UseTimeBank(player=PlayerId(4)))
    assert session.state.shot_clocks.running[table].remaining_ms(clock.now) == 90_000
    with pytest.raises(RuleViolation) as used:
        session.dispatch(c.UseTimeBank(player=PlayerId(4)))
    assert used.value.code == "time_bank_used_up"
    session.undo()
    assert session.state.shot_clocks.banks_left(PlayerId(4)) == 1


def test_stop_takes_the_shot_clock_off_and_undo_brings_it_back(
    database: Database, clock: FakeClock
) -> None:
    session = night(database, clock)
    table, _seat_number = _seat(session, 6)
    with pytest.raises(RuleViolation) as none:
        session.dispatch(c.StopShotClock(table=table))
    assert none.value.code == "shot_clock_none"
    session.dispatch(c.StartShotClock(player=PlayerId(6)))
    session.dispatch(c.StopShotClock(table=table))
    assert not session.state.shot_clocks.running
    session.undo()
    assert table in session.state.shot_clocks.running


def test_the_feed_shows_the_shot_clock_and_sounds_ten_seconds_and_zero_once(
    database: Database, clock: FakeClock
) -> None:
    session = night(database, clock)
    feed = ClockFeed(session)
    table, seat = _seat(session, 2)
    session.dispatch(c.StartShotClock(player=PlayerId(2), seconds=15))
    (row,) = feed.data.shot_clocks
    assert (row.table, row.name, row.seconds, row.warning) == (table, "Player 2", 15, False)
    assert f"Seat {seat}" in row.place
    heard: list[ShotCue] = []
    for _ in range(60):  # half-seconds: past the end and off the screens
        clock.advance(500)
        heard += feed.advance().shot_cues
    assert heard == [ShotCue(ShotCueKind.WARNING, table), ShotCue(ShotCueKind.TIME, table)]
    assert feed.data.shot_clocks == ()


def test_the_feed_wakes_each_second_of_a_shot_clock(database: Database, clock: FakeClock) -> None:
    session = night(database, clock)
    session.dispatch(c.PauseClock())
    feed = ClockFeed(session)
    assert feed.tick.wake_in is None  # a paused clock: nothing to wake for
    session.dispatch(c.StartShotClock(player=PlayerId(2)))
    clock.advance(300)
    tick = feed.advance()
    assert tick.wake_in == 700
    assert tick.data.shot_clocks[0].seconds == 30


def test_hand_done_clears_the_tables_shot_clock_logged_undone_and_replayed(
    database: Database, clock: FakeClock
) -> None:
    """ "Hand done" ends the hand, and the decision its shot clock timed: the table's
    shot clock goes off with it (a logged stop, undone with the hand done, read
    back the same after reopening); another table's keeps running."""
    session = night(database, clock)
    table, _seat_number = _seat(session, 1)
    other_player = next(
        int(p) for p, (t, _s) in session.state.tables.seated().items() if t != table
    )
    other_table, _other_seat = _seat(session, other_player)
    session.dispatch(c.StartShotClock(player=PlayerId(1)))
    session.dispatch(c.StartShotClock(player=PlayerId(other_player)))
    clock.advance(4_000)
    session.dispatch(c.HandDone(table=table))
    assert set(session.state.shot_clocks.running) == {other_table}
    session.undo()
    assert set(session.state.shot_clocks.running) == {table, other_table}
    assert session.state.shot_clocks.running[table].remaining_ms(clock.now) == 26_000
    session.redo()
    assert set(session.state.shot_clocks.running) == {other_table}
    event = session.tournament_id
    session.close()

    reopened = TournamentSession(database, event, clock=clock)
    assert set(reopened.state.shot_clocks.running) == {other_table}
    reopened.close()


def test_hand_done_logs_a_stop_only_where_a_shot_clock_runs(
    database: Database, clock: FakeClock
) -> None:
    session = night(database, clock)
    table, _seat_number = _seat(session, 1)

    def stops() -> int:
        last = session.groups_in_force()[-1]
        return sum(isinstance(event, ShotClockStopped) for event in last)

    session.dispatch(c.HandDone(table=table))
    assert stops() == 0
    session.dispatch(c.StartShotClock(player=PlayerId(1)))
    session.dispatch(c.HandDone(table=table))
    assert stops() == 1
    assert not session.state.shot_clocks.running
