"""Finished tournaments built through the session API, for league tests."""

from __future__ import annotations

from collections.abc import Sequence

from director.core import commands as c
from director.core.money import AddonRule, MoneySettings
from director.core.players import Bust
from director.core.structure import simple

STRUCTURE = simple([(25, 50), (50, 100), (100, 200)])


def play_event(
    library,
    name: str,
    date: str,
    players: Sequence,
    *,
    buy_in: int = 2000,
    bounty: int = 0,
    season_pot: int = 0,
    eliminator_of=None,
    addons: Sequence[int] = (),
):
    """A finished tournament: ``players`` (roster records) finish in this order,
    first = winner; each bust's eliminator is ``eliminator_of(index)`` (an index
    in ``players``) or the winner; the players at ``addons`` (indexes) take an
    add-on of half the buy-in."""
    session = library.create(name, event_date=date)
    session.dispatch(
        c.SetUpEvent(
            structure=STRUCTURE,
            money=MoneySettings(
                buy_in=buy_in,
                chips=5000,
                bounty=bounty,
                season_pot=season_pot,
                addon=AddonRule(price=buy_in // 2, chips=5000, from_level=1, until_level=3)
                if addons
                else None,
            ),
            players=tuple(c.Newcomer(player=p.id, name=p.name) for p in players),
        )
    )
    session.dispatch(c.StartClock())
    for index in addons:
        session.dispatch(c.Addon(player=players[index].id))
    for index in range(len(players) - 1, 0, -1):
        killer = 0 if eliminator_of is None else eliminator_of(index)
        session.dispatch(
            c.BustPlayers(busts=(Bust(player=players[index].id, eliminator=players[killer].id),))
        )
    return session
