"""A tournament running on the tests' fake clock: 12 players at two tables, level 1."""

from __future__ import annotations

from director.app.files import structures
from director.app.night.session import TournamentSession
from director.app.storage.library import Library
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import MoneySettings, RebuyRule
from director.persistence.db import Database
from tests.conftest import FakeClock


def night(
    database: Database,
    clock: FakeClock,
    players: int = 12,
    *,
    names: dict[int, str] | None = None,
    name: str = "Friday night",
) -> TournamentSession:
    """``players`` players named "Player N" (or as ``names`` says), seated, clock running."""
    session = Library(database, clock=clock).create(name)
    template = structures.find("regular-5000")
    assert template is not None
    session.dispatch(c.SetStructure(structure=template.template.structure))
    session.dispatch(
        c.SetMoneySettings(
            settings=MoneySettings(
                buy_in=2000,
                chips=5000,
                late_until_level=4,
                rebuy=RebuyRule(price=2000, chips=5000, until_level=4),
            )
        )
    )
    for number in range(1, players + 1):
        shown = (names or {}).get(number, f"Player {number}")
        session.dispatch(c.BuyIn(player=PlayerId(number), name=shown))
    session.dispatch(c.SetTableOptions(seats_per_table=6))
    session.dispatch(c.DrawSeats())
    session.dispatch(c.DrawForButton())
    session.dispatch(c.StartClock())
    return session
