"""The clock feed without Qt, driven by a fake clock: a whole night of ticks, levels,
breaks, pauses, busts and undo, checked against a reading of the clock every
quarter second and against ``display_data`` at each instant."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from director.app.night.changes import Changes
from director.app.night.session import TournamentSession
from director.app.storage.library import Library
from director.app.views.display import (
    DisplayData,
    MoveRow,
    SectionKind,
    display_data,
    display_from_json,
)
from director.app.views.feed import ALIVE_EVERY_MS, ClockFeed, Tick
from director.core import clock as clk
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import CashSettings, MoneySettings, RebuyRule
from director.core.players import Bust
from director.core.state import EventKind
from director.core.structure import Break, Level, Structure
from director.i18n import language
from director.persistence.db import open_database
from tests.conftest import FakeClock

SECOND = 1000
MINUTE = 60 * SECOND
QUARTER = 250


def night_structure() -> Structure:
    """Ten-minute levels with a five-minute break after every third: a night's
    transitions in a few simulated hours."""
    items: list[Level | Break] = []
    for number in range(1, 25):
        items.append(Level(small_blind=25 * number, big_blind=50 * number, seconds=600))
        if number % 3 == 0:
            items.append(Break(seconds=300))
    return Structure(items=tuple(items))


@pytest.fixture
def night(db_path: Path | str, clock: FakeClock) -> Iterator[TournamentSession]:
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Feed night")
    session.dispatch(c.SetStructure(structure=night_structure()))
    money = MoneySettings(
        buy_in=2000, chips=5000, bounty=500, rebuy=RebuyRule(price=2000, chips=5000, until_level=3)
    )
    session.dispatch(c.SetMoneySettings(settings=money))
    for number in range(1, 19):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=f"Player {number}"))
    session.dispatch(c.DrawSeats())
    session.dispatch(c.DrawForButton())
    yield session
    session.close()
    database.close()


class Reference:
    """The clock read every quarter second, the way no real display would: the cues
    it finds are every transition there was, each once."""

    def __init__(self, session: TournamentSession, now: int) -> None:
        self.session = session
        self.now = now
        self.previous = self.read(now)
        self.cues: list[tuple[clk.CueKind, int]] = []

    def read(self, now: int) -> clk.ClockView:
        state = self.session.state
        return clk.view(state.clock, state.structure, now)

    def until(self, now: int) -> None:
        moment = self.now
        while moment < now:
            moment = min(now, moment + QUARTER)
            self.at(moment)

    def at(self, now: int) -> None:
        current = self.read(now)
        self.cues += [(cue.kind, cue.index) for cue in clk.cues(self.previous, current)]
        self.previous, self.now = current, now


def test_a_whole_night_cues_once_each_in_order_never_wakes_late_and_shows_the_truth(
    night: TournamentSession, clock: FakeClock
) -> None:
    session = night
    feed = ClockFeed(session)
    told: list[Tick] = []
    feed.subscribe(told.append)
    reference = Reference(session, clock.now)
    chosen = random.Random(17)
    start = clock.now
    script: dict[int, str] = {0: "start", 25: "pause", 31: "resume", 47: "next level"}
    script |= {52: "undo", 53: "redo", 70: "plus a minute", 95: "previous level"}
    script |= {120: "seats on", 122: "seats off", 150: "pause", 150 + 1: "resume"}
    script |= {minute: "bust" for minute in range(9, 170, 9)}
    script |= {minute: "rebuy" for minute in (18, 27)}
    done_at: dict[int, str] = {}
    ticks = alive_marks = checked_between = 0
    last_alive: int | None = None
    busted: list[PlayerId] = []
    end = start + 3 * 60 * MINUTE

    def act(what: str) -> bool:
        """Do what the room does at this minute; whether anything was done."""
        state = session.state
        if what == "start" or what == "resume":
            session.dispatch(c.StartClock())
        elif what == "pause":
            session.dispatch(c.PauseClock())
        elif what == "next level":
            session.dispatch(c.NextLevel())
        elif what == "previous level":
            session.dispatch(c.PreviousLevel())
        elif what == "plus a minute":
            session.dispatch(c.AdjustTime(delta_ms=MINUTE))
        elif what == "undo":
            session.undo()
        elif what == "redo":
            session.redo()
        elif what in ("seats on", "seats off"):
            feed.show_seats(what == "seats on")
        elif what == "bust" and len(state.alive()) > 3:
            out, winner = chosen.sample(sorted(state.alive()), 2)
            session.dispatch(c.BustPlayers(busts=(Bust(player=out, eliminator=winner),)))
            busted.append(out)
            if session.state.tables.pending:
                session.dispatch(c.ConfirmAllMoves())
        elif what == "rebuy" and busted:
            command = c.Rebuy(player=busted.pop(0))
            if session.refusal(command) is not None:
                return False
            session.dispatch(command)
        else:
            return False
        return True

    now = clock.now
    act("start")
    done_at[0] = "start"
    reference.at(now)
    tick = feed.tick
    while now < end:
        # The next moment something happens: the feed's wake-up or the room's action.
        pending = [start + m * MINUTE for m in script if start + m * MINUTE > now]
        wake = now + tick.wake_in if tick.wake_in is not None else None
        assert wake is None or wake > now, "a wake-up in the past"
        action_at = min(pending, default=end)
        now = min(wake, action_at) if wake is not None else action_at
        reference.until(now)
        clock.set(now)
        tick = feed.advance()
        ticks += 1
        if tick.fresh:
            assert tick.at == now
        # What every view shows is what the display shows at that very instant.
        shown = display_data(session.state, tick.at, show_seats=feed.showing_seats)
        assert tick.data == shown
        if ticks % 7 == 0 and tick.wake_in is not None and tick.wake_in > 1:
            # Until the wake-up nothing shown changes: the feed sleeps exactly enough.
            between = now + chosen.randrange(1, tick.wake_in)
            later = display_data(session.state, between, show_seats=feed.showing_seats)
            assert later.same_screen(tick.data)
            checked_between += 1
        if tick.alive_due:
            assert tick.data.running
            assert last_alive is None or now - last_alive >= ALIVE_EVERY_MS
            last_alive = now
            alive_marks += 1
        if not tick.data.running:
            last_alive = None
        assert tick.data.running == (tick.wake_in is not None) or tick.data.sections
        minute = (now - start) // MINUTE
        if now == start + minute * MINUTE and minute in script and minute not in done_at:
            done_at[minute] = script[minute]
            acted = act(script[minute])
            reference.at(now)  # the organizer's change is read at once, as the feed does
            tick = feed.tick
            if acted:
                assert tick.fresh and tick.at == now
                assert tick.changes is not None or script[minute].startswith("seats")
            assert tick.data == display_data(session.state, tick.at, show_seats=feed.showing_seats)
    assert ticks > 9000  # about one per second of a three-hour night, pauses aside
    assert len(done_at) == len(script)
    assert checked_between > 1000
    # Cues: every transition the quarter-second reading saw, once each, in order.
    room = {clk.CueKind.BUBBLE, clk.CueKind.FINAL_TABLE, clk.CueKind.MESSAGE}
    heard = [(cue.kind, cue.index) for t in told for cue in t.cues if cue.kind not in room]
    assert heard == reference.cues
    # The room's moments come from the players: once each, from the bust that made them.
    moments = [(cue.kind, t.changes) for t in told for cue in t.cues if cue.kind in room]
    assert [kind for kind, _changes in moments] == [
        clk.CueKind.FINAL_TABLE,
        clk.CueKind.BUBBLE,
    ]
    assert all(changes is not None and changes.touches("players") for _k, changes in moments)
    kinds = [kind for kind, _index in heard]
    assert kinds.count(clk.CueKind.BREAK_START) >= 4
    assert kinds.count(clk.CueKind.ONE_MINUTE) >= 12
    # Only the organizer's jumps visit an item twice.
    assert len(heard) - len(set(heard)) <= 4
    # Alive marks every two seconds while the clock ran, and none while paused.
    assert alive_marks > 2000
    # The display was worked out once per shown second and per change, no more.
    assert feed.computed == sum(1 for t in told if t.fresh) + 1
    feed.close()


def test_reading_again_within_the_same_second_works_nothing_out_again(
    night: TournamentSession, clock: FakeClock
) -> None:
    night.dispatch(c.StartClock())
    feed = ClockFeed(night)
    views: list[DisplayData] = []
    feed.subscribe(lambda tick: views.append(tick.data))
    computed = feed.computed
    first = feed.advance()
    assert not first.fresh and feed.computed == computed and views == []
    clock.advance(first.wake_in - 1)
    assert not feed.advance().fresh
    clock.advance(1)
    second = feed.advance()
    assert second.fresh and second.data.time_text != first.data.time_text
    assert views == [second.data] and feed.computed == computed + 1
    # Several views share the one reading: the same object for all of them.
    other: list[DisplayData] = []
    feed.subscribe(lambda tick: other.append(tick.data))
    clock.advance(second.wake_in)
    feed.advance()
    assert other[-1] is views[-1] is feed.data
    feed.close()


def test_a_change_is_shown_at_once_and_a_paused_clock_sleeps(
    night: TournamentSession, clock: FakeClock
) -> None:
    feed = ClockFeed(night)
    heard: list[Tick] = []
    feed.subscribe(heard.append)
    assert feed.tick.wake_in is None and not feed.data.started
    night.dispatch(c.StartClock())
    (started,) = heard
    assert started.changes is not None and started.changes.touches("clock")
    assert started.data.running and started.wake_in == 1000 and started.alive_due
    assert started.data.timing.ends_at == clock.now + 600_000
    clock.advance(90 * SECOND)
    night.dispatch(c.PauseClock())
    assert heard[-1].wake_in is None and heard[-1].data.paused and not heard[-1].alive_due
    assert heard[-1].data.timing.remaining_ms == 510_000 and heard[-1].data.timing.ends_at is None
    clock.advance(10 * MINUTE)
    assert not feed.advance().fresh  # nothing moves while paused


def test_cues_come_once_per_transition_whatever_reads_the_clock(
    night: TournamentSession, clock: FakeClock
) -> None:
    """A change notice and the timer reading at the same moment: one cue, not two."""
    night.dispatch(c.StartClock())
    feed = ClockFeed(night)
    heard: list[clk.Cue] = []
    feed.subscribe(lambda tick: heard.extend(tick.cues))
    clock.advance(9 * MINUTE)
    feed.advance()
    night.dispatch(c.RenameTournament(name="Renamed at the last minute"))
    feed.advance()
    assert [cue.kind for cue in heard] == [clk.CueKind.ONE_MINUTE]
    clock.advance(MINUTE)
    night.dispatch(c.NextHand())  # the level's end and a command at the same instant
    feed.advance()
    feed.advance()
    assert [cue.kind for cue in heard] == [clk.CueKind.ONE_MINUTE, clk.CueKind.LEVEL_START]


def test_a_table_move_leaves_the_screen_when_its_time_is_up_even_when_paused(
    night: TournamentSession, clock: FakeClock
) -> None:
    feed = ClockFeed(night)
    state = night.state
    table_two = sorted(p for p, (t, _s) in state.tables.seated().items() if t == 2)
    for player in table_two[:2]:
        night.dispatch(c.BustPlayers(busts=(Bust(player=player),)))
    moves = feed.data.sections[0]
    assert moves.kind is SectionKind.MOVES
    assert isinstance(moves.rows[0], MoveRow) and not moves.rows[0].done
    night.dispatch(c.ConfirmAllMoves())
    assert feed.data.sections[0].rows[0].done
    tick = feed.tick
    assert tick.wake_in == 2 * MINUTE  # the clock is not running: only the move wakes it
    clock.advance(tick.wake_in)
    later = feed.advance()
    assert later.fresh and all(s.kind is not SectionKind.MOVES for s in later.data.sections)
    assert later.wake_in is None


def test_a_cash_game_counts_down_to_its_end_then_sleeps(db_path: Path | str, clock) -> None:
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Cash", kind=EventKind.CASH)
    ends = clock.now + 3 * 3600_000 + 500  # not on a whole second of the wall clock
    session.dispatch(c.SetCashSettings(settings=CashSettings(starts_at=clock.now, ends_at=ends)))
    feed = ClockFeed(session)
    assert feed.data.time_text == "3:00:01" and feed.tick.wake_in == 500
    assert feed.data.timing.cash_ends_at == ends
    clock.advance(500)
    assert feed.advance().data.time_text == "3:00:00"
    clock.set(ends - 1)
    assert feed.advance().data.time_text == "00:01"
    clock.set(ends)
    tick = feed.advance()
    assert tick.data.time_text == "00:00" and tick.wake_in is None
    feed.close()
    session.close()
    database.close()


def test_the_alive_mark_is_never_due_for_a_copy_that_only_follows(
    db_path: Path | str, clock
) -> None:
    writer_db = open_database(db_path)
    writer = Library(writer_db, clock=clock).create("Followed")
    writer.dispatch(c.SetStructure(structure=night_structure()))
    writer.dispatch(c.StartClock())
    follower_db = open_database(db_path, readonly=True)
    follower = TournamentSession(follower_db, writer.tournament_id, clock=clock)
    feed = ClockFeed(follower)
    heard: list[Tick] = []
    feed.subscribe(heard.append)
    for _ in range(10):
        clock.advance(SECOND)
        assert not feed.advance().alive_due
    writer.dispatch(c.NextLevel())
    follower.reload()
    assert heard[-1].changes is not None
    assert [cue.kind for cue in heard[-1].cues] == [clk.CueKind.LEVEL_START]
    assert heard[-1].data.level == 2 and not heard[-1].alive_due
    feed.close()
    follower.close()
    writer.close()
    follower_db.close()
    writer_db.close()


def test_a_raising_view_does_not_stop_the_clock_or_the_other_views(
    night: TournamentSession, clock: FakeClock, caplog
) -> None:
    feed = ClockFeed(night)
    seen: list[str] = []

    def broken(_tick: Tick) -> None:
        raise RuntimeError("a view that fails every second")

    feed.subscribe(broken)
    feed.subscribe(lambda tick: seen.append(tick.data.time_text))
    night.dispatch(c.StartClock())
    for _ in range(5):
        clock.advance(SECOND)
        feed.advance()
    assert seen == ["10:00", "09:59", "09:58", "09:57", "09:56", "09:55"]
    assert night.state.clock.running
    assert sum(r.name == "director.app.night.notices" for r in caplog.records) == 6
    caplog.clear()


def test_views_come_and_go_while_the_feed_tells_them(
    night: TournamentSession, clock: FakeClock
) -> None:
    feed = ClockFeed(night)
    heard: list[str] = []
    holder = {}

    def once(tick: Tick) -> None:
        heard.append("once")
        holder["once"].cancel()
        holder["late"] = feed.subscribe(lambda _tick: heard.append("late"))

    holder["once"] = feed.subscribe(once)
    feed.subscribe(lambda _tick: heard.append("steady"))
    night.dispatch(c.StartClock())
    clock.advance(SECOND)
    feed.advance()
    assert heard == ["once", "steady", "steady", "late"]
    feed.close()
    night.dispatch(c.PauseClock())
    assert heard == ["once", "steady", "steady", "late"]  # a closed feed tells nobody


def test_other_languages_are_built_at_the_same_instant_and_kept_per_reading(
    night: TournamentSession, clock: FakeClock
) -> None:
    night.dispatch(c.StartClock())
    feed = ClockFeed(night)
    french = feed.data_in("fr")
    assert language() == "en" and feed.data.language == "en"
    assert french.language == "fr" and french.level_label == "Niveau 1"
    assert french.timing == feed.data.timing and french.room.currency == "EUR"
    assert feed.data_in("fr") is french  # once per reading, for every French viewer
    assert feed.data_in("en") is feed.data
    payload = feed.payload("fr")
    assert feed.payload("fr") is payload
    assert display_from_json(json.loads(json.dumps(payload))) == french
    clock.advance(SECOND)
    feed.advance()
    assert feed.data_in("fr") is not french and feed.data_in("fr").time_text == "09:59"
    assert feed.data.level_label == "Level 1"


def test_an_announced_change_redraws_at_once(night: TournamentSession) -> None:
    """A change outside the log (the currency) is worked out again at once."""
    from director.i18n import set_currency

    feed = ClockFeed(night)
    before = feed.data
    set_currency("USD")
    night.announce(Changes(action="settings", aspects=frozenset({"ledger"})))
    assert feed.data is not before and feed.data.room.currency == "USD"
    pool = next(stat for stat in feed.data.stats if stat.key == "prize_pool")
    assert pool.value.startswith("$")


def test_a_view_that_runs_a_command_never_leaves_another_on_old_data(
    night: TournamentSession, clock: FakeClock
) -> None:
    """A view acting on a cue (a command from inside the feed's notice): the views
    after it get the reading it answered, then the new one, in that order."""
    night.dispatch(c.StartClock())
    feed = ClockFeed(night)

    def renames_on_the_last_minute(tick: Tick) -> None:
        if any(cue.kind is clk.CueKind.ONE_MINUTE for cue in tick.cues):
            night.dispatch(c.RenameTournament(name="Last minute of level 1"))

    shown: list[DisplayData] = []
    feed.subscribe(renames_on_the_last_minute)
    feed.subscribe(lambda tick: shown.append(tick.data))
    clock.advance(9 * MINUTE)
    feed.advance()
    assert [data.event_name for data in shown] == ["Feed night", "Last minute of level 1"]
    assert shown[-1] is feed.data


def test_a_planned_start_counts_down_each_second_then_the_clock_runs_by_itself(
    db_path: Path | str, clock: FakeClock
) -> None:
    """Issue 34: the TV wakes for each second of "Starts in", and at the planned
    moment shows the running clock, nobody pressing anything (nothing stored)."""
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Countdown")
    session.dispatch(c.SetStructure(structure=night_structure()))
    planned = clock.now + 90_000 + 300  # not on a whole second
    session.dispatch(c.PlanStart(planned=planned, auto_start=True))
    feed = ClockFeed(session)
    heard: list[clk.Cue] = []
    feed.subscribe(lambda tick: heard.extend(tick.cues))
    tick = feed.tick
    assert tick.data.time_caption == "Starts in"
    assert tick.data.time_text == "01:31" and tick.wake_in == 300
    clock.advance(300)
    assert feed.advance().data.time_text == "01:30"
    clock.set(planned - 1)
    assert feed.advance().data.time_text == "00:01"
    clock.set(planned)
    running = feed.advance()
    assert running.data.running and running.data.level_label == "Level 1"
    assert running.data.time_text == "10:00" and running.wake_in == 1000
    assert not session.state.clock.started  # derived from the plan and the time
    feed.close()
    session.close()
    database.close()
