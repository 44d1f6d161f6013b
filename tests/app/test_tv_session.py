"""The TV's look and message in an event's log, and the room's moments on the feed:
saved, undone, replayed after a restart, and announced once, never on opening."""

from __future__ import annotations

from pathlib import Path

from director.app.storage.library import Library
from director.app.views.feed import ClockFeed, Tick
from director.core import clock as clk
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import MoneySettings
from director.core.players import Bust
from director.core.tv import PRESETS, THEMES, TvLook
from director.persistence.db import open_database
from tests.conftest import FakeClock

ROOM = {clk.CueKind.BUBBLE, clk.CueKind.FINAL_TABLE, clk.CueKind.MESSAGE}


def heard(ticks: list[Tick]) -> list[clk.CueKind]:
    return [cue.kind for tick in ticks for cue in tick.cues if cue.kind in ROOM]


def night(library: Library):
    """Fourteen players at two tables of eight; three places paid."""
    session = library.create("Moments")
    session.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)))
    for number in range(1, 15):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=f"Player {number}"))
    session.dispatch(c.SetTableOptions(seats_per_table=8))
    session.dispatch(c.DrawSeats())
    return session


def bust(session, count: int) -> None:
    for _ in range(count):
        out, winner = sorted(session.state.alive())[:2]
        session.dispatch(c.BustPlayers(busts=(Bust(player=out, eliminator=winner),)))
        if session.state.tables.pending:
            session.dispatch(c.ConfirmAllMoves())


def test_the_final_table_and_the_bubble_are_announced_once_and_never_on_opening(
    db_path: Path | str, clock: FakeClock
) -> None:
    database = open_database(db_path)
    library = Library(database, clock=clock)
    session = night(library)
    from director.core.results import bubble

    paid = bubble(session.state).paid
    assert paid >= 2
    feed = ClockFeed(session)
    told: list[Tick] = []
    feed.subscribe(told.append)
    bust(session, 14 - 8)  # eight left: they fit at one table of eight
    assert heard(told) == [clk.CueKind.FINAL_TABLE]
    bust(session, 8 - (paid + 1))
    assert heard(told) == [clk.CueKind.FINAL_TABLE, clk.CueKind.BUBBLE]
    # Undone and done again: the room has heard it already.
    session.undo()
    session.redo()
    assert heard(told) == [clk.CueKind.FINAL_TABLE, clk.CueKind.BUBBLE]
    feed.close()
    event = session.tournament_id
    session.close()
    # A restart on the bubble: the state is replayed, nothing is announced.
    reopened = library.open(event)
    again = ClockFeed(reopened)
    after: list[Tick] = []
    again.subscribe(after.append)
    clock.advance(1000)
    again.advance()
    assert reopened.state.tables.tables and heard(after) == []
    # Going into the money is no bubble to announce.
    bust(reopened, 1)
    assert heard(after) == []
    again.close()
    reopened.close()
    database.close()


def test_the_message_is_spoken_once_when_shown_and_kept_over_a_restart(
    db_path: Path | str, clock: FakeClock
) -> None:
    database = open_database(db_path)
    library = Library(database, clock=clock)
    session = library.create("Message")
    feed = ClockFeed(session)
    told: list[Tick] = []
    feed.subscribe(told.append)
    session.dispatch(c.SetRoomMessage(text="Last orders at the bar"))
    assert heard(told) == [clk.CueKind.MESSAGE]
    assert feed.data.message == "Last orders at the bar"
    assert feed.payload()["display"]["message"] == "Last orders at the bar"
    session.dispatch(c.SetRoomMessage(text=""))
    assert feed.data.message == "" and heard(told) == [clk.CueKind.MESSAGE]
    session.undo()  # the message is back on the TV: the room hears it again
    assert feed.data.message == "Last orders at the bar"
    assert heard(told) == [clk.CueKind.MESSAGE, clk.CueKind.MESSAGE]
    feed.close()
    event = session.tournament_id
    session.close()
    reopened = library.open(event)
    again = ClockFeed(reopened)
    after: list[Tick] = []
    again.subscribe(after.append)
    again.advance()
    assert again.data.message == "Last orders at the bar" and heard(after) == []
    again.close()
    reopened.close()
    database.close()


def test_the_look_is_saved_in_the_event_undone_and_replayed(
    db_path: Path | str, clock: FakeClock
) -> None:
    database = open_database(db_path)
    library = Library(database, clock=clock)
    session = library.create("Look")
    look = TvLook(theme=THEMES["light"], layout=PRESETS["clock_only"])
    changes = session.dispatch(c.SetTvLook(look=look))
    assert changes.touches("tv_look")
    assert session.undo_label() is not None
    session.undo()
    assert session.state.tv_look is None
    session.redo()
    assert session.state.tv_look == look
    event = session.tournament_id
    session.close()
    reopened = library.open(event)
    assert reopened.state.tv_look == look
    reopened.close()
    database.close()
