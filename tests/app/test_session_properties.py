"""Property tests over random command sequences: the log is the truth.

Each action is a command, an undo, a redo or a restart; after every step the
state held in memory must equal the fold of the stored log, and undo followed
by redo must return the same state. Later parts of the product add their own
commands to ``COMMAND_STRATEGIES``.
"""

from __future__ import annotations

import contextlib
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from director.app.night import session as session_module
from director.app.night.session import TournamentSession
from director.app.storage.library import Library
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.money import Fee, MoneySettings, RebuyRule
from director.core.players import Bust
from director.core.structure import simple
from director.persistence.db import open_database
from tests.conftest import FakeClock

names = st.text(alphabet="abcdeéŁ ", min_size=0, max_size=8)
COMMAND_STRATEGIES = [
    st.builds(c.RenameTournament, name=names),
    st.builds(
        c.EditDetails,
        event_date=st.sampled_from(["", "2026-11-21", "2026-12-31", "bad"]),
        venue=names,
    ),
    st.builds(c.SetArchived, archived=st.booleans()),
]
players = st.sampled_from([PlayerId(n) for n in range(1, 6)])
COMMAND_STRATEGIES += [
    st.just(c.StartClock()),
    st.just(c.PauseClock()),
    st.just(c.NextLevel()),
    st.just(c.NextHand()),
    st.builds(c.AdjustTime, delta_ms=st.sampled_from([-60_000, 60_000])),
    st.builds(c.BuyIn, player=players, name=st.just("P"), paid=st.booleans()),
    st.builds(c.Rebuy, player=players, stack=st.sampled_from([None, 0, 100])),
    st.builds(
        c.BustPlayers,
        busts=st.lists(
            st.builds(Bust, player=players, eliminator=st.none() | players), min_size=1, max_size=2
        ).map(tuple),
    ),
    st.builds(c.RevertBust, player=players),
    st.builds(c.RemoveEntry, player=players),
    st.builds(c.PayDebt, player=players),
    st.just(c.DrawSeats()),
    st.just(c.DrawForButton()),
    st.builds(c.HandDone, table=st.sampled_from([1, 2])),
    st.just(c.ConfirmMove()),
    st.builds(c.SetHandForHand, on=st.booleans()),
    st.builds(c.SetTableOptions, seats_per_table=st.sampled_from([2, 3, 9])),
]
SETUP = [
    c.SetStructure(structure=simple([(25, 50), (50, 100), (100, 200)], level_minutes=1)),
    c.SetMoneySettings(
        settings=MoneySettings(
            buy_in=1000,
            chips=5000,
            fee=Fee(fixed=100),
            rebuy=RebuyRule(price=1000, chips=5000, until_level=2, threshold=500),
        )
    ),
]
actions = st.lists(
    st.one_of(
        st.tuples(st.just("command"), st.one_of(*COMMAND_STRATEGIES)),
        st.tuples(st.sampled_from(["undo", "redo", "reopen", "undo_redo"]), st.none()),
    ),
    max_size=30,
)


def replay_from_scratch(database, event_id: int, clock) -> object:
    """The state rebuilt from the log alone, ignoring snapshots."""
    saved = session_module.STATE_FORMAT
    session_module.STATE_FORMAT = -1  # no snapshot has this format
    try:
        return TournamentSession(database, event_id, clock=clock).state
    finally:
        session_module.STATE_FORMAT = saved


@given(steps=actions, snapshot_every=st.integers(min_value=1, max_value=6))
def test_replaying_the_log_gives_the_live_state(steps, snapshot_every) -> None:
    with tempfile.TemporaryDirectory() as folder:
        check_replay(steps, snapshot_every, Path(folder) / "d.db")


@settings(max_examples=25)
@given(steps=actions, snapshot_every=st.integers(min_value=1, max_value=6))
def test_replaying_the_log_gives_the_live_state_on_postgresql(steps, snapshot_every) -> None:
    from tests import pg

    check_replay(steps, snapshot_every, pg.server().create_database())


def check_replay(steps, snapshot_every, path) -> None:
    saved = session_module.SNAPSHOT_EVERY
    session_module.SNAPSHOT_EVERY = snapshot_every
    try:
        clock = FakeClock()
        database = open_database(path)
        session = Library(database, clock=clock).create("Start")
        for command in SETUP:
            session.dispatch(command)
        event_id = session.tournament_id
        for action, command in steps:
            clock.advance(1000)
            if action == "command":
                with contextlib.suppress(RuleViolation):
                    session.dispatch(command)
            elif action == "undo" and session.can_undo():
                session.undo()
            elif action == "redo" and session.can_redo():
                session.redo()
            elif action == "undo_redo" and session.can_undo():
                before = session.state
                session.undo()
                session.redo()
                assert session.state == before
            elif action == "reopen":
                live = session.state
                session.close()
                database.close()
                database = open_database(path)
                session = TournamentSession(database, event_id, clock=clock)
                assert session.state == live
            assert replay_from_scratch(database, event_id, clock) == session.state
        database.close()
    finally:
        session_module.SNAPSHOT_EVERY = saved
