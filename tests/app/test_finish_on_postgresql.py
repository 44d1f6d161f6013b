"""The last bust of a tournament on a club database (PostgreSQL) keeps the event's
results summary for the leagues, as on SQLite: the dispatch must not fail."""

from __future__ import annotations

from director.app.storage.library import Library
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import MoneySettings
from director.core.players import Bust
from director.persistence import league_store
from director.persistence.db import open_database
from tests.conftest import FakeClock


def test_the_last_bust_on_postgresql_finishes_the_event_and_keeps_its_summary() -> None:
    from tests import pg

    database = open_database(pg.server().create_database())
    try:
        session = Library(database, clock=FakeClock()).create("Club night")
        session.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=1000, chips=5000)))
        for number in (1, 2):
            session.dispatch(c.BuyIn(player=PlayerId(number), name=f"Player {number}"))
        session.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(2), eliminator=PlayerId(1)),)))
        assert session.state.status.value == "finished"
        with database.reading() as connection:
            finished = league_store.finished_events(connection)
        assert [row[0] for row in finished] == [session.tournament_id]
        assert finished[0][5] is not None  # the summary is there
        session.undo()
        with database.reading() as connection:
            assert league_store.finished_events(connection) == []
    finally:
        database.close()
