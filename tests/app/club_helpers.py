"""Nights with money left to settle, built through the session API, for the club's
balances tests."""

from __future__ import annotations

from collections.abc import Sequence

from director.core import commands as c
from director.core.kinds import EventKind
from director.core.money import CashSettings, MoneySettings
from director.core.players import Bust
from director.core.structure import simple

STRUCTURE = simple([(25, 50), (50, 100), (100, 200)])


def tournament_night(
    library,
    date: str,
    players: Sequence,
    *,
    unpaid: Sequence[int] = (),
    buy_in: int = 2000,
    finish: bool = True,
    pay_prize: bool = False,
):
    """A tournament of ``players`` (roster records) who finish in this order (first =
    winner); those at the indexes ``unpaid`` buy in on credit. One place is paid."""
    session = library.create(f"Friday {date}", event_date=date)
    session.dispatch(
        c.SetUpEvent(structure=STRUCTURE, money=MoneySettings(buy_in=buy_in, chips=5000))
    )
    for index, player in enumerate(players):
        session.dispatch(c.BuyIn(player=player.id, name=player.name, paid=index not in unpaid))
    if finish:
        session.dispatch(c.StartClock())
        for index in range(len(players) - 1, 0, -1):
            session.dispatch(
                c.BustPlayers(busts=(Bust(player=players[index].id, eliminator=players[0].id),))
            )
        if pay_prize:
            session.dispatch(c.PayPrize(player=players[0].id))
    return session


def cash_night(library, date: str, sittings: Sequence[tuple[object, int, int, bool, bool]]):
    """A cash game: each ``(player, bought, cashed out, paid for, paid out)`` in money
    (one cent a chip)."""
    session = library.create(f"Cash {date}", kind=EventKind.CASH, event_date=date)
    session.dispatch(
        c.SetCashSettings(settings=CashSettings(chip_money=1, chip_count=1, min_buy_in=1))
    )
    for player, bought, _cashed, paid_for, _paid_out in sittings:
        session.dispatch(c.BuyIn(player=player.id, name=player.name, amount=bought, paid=paid_for))
    for player, _bought, cashed, _paid_for, paid_out in sittings:
        session.dispatch(c.CashOut(player=player.id, chips=cashed, paid=paid_out))
    return session
