"""A club's season built through the session API, for the lifetime results tests:
two tournaments and two cash games, a duplicate roster record, and nights that are
not (yet) results.

The figures, by hand (buy-in €20; 4 players share €80 as 65/35 %, 3 players pay the
winner alone; cash-game chips are worth a cent each):

=========  ==================  =============  =============  ===================
night      Ann                 Bob            Zoë            Dmitri
=========  ==================  =============  =============  ===================
T1 01-10   1st  in 20 out 52   2nd 20 / 28    3rd 20 / 0     4th 20 / 0
C1 01-17   in 50 out 20        50 / 90        50 / 40        (still seated)
T2 01-24   (as Annie) 2nd 20/0 3rd 20 / 0     1st 20 / 60    -
C2 01-31   -                   20 / 10        20 / 30        -
=========  ==================  =============  =============  ===================
"""

from __future__ import annotations

from director.app.club.roster import Roster, RosterPlayer
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import CashSettings, MoneySettings
from director.core.state import EventKind
from tests.app.league_helpers import STRUCTURE, play_event

CASH = CashSettings(chip_money=1, chip_count=1, min_buy_in=1000)


def cash_night(
    library,
    name: str,
    date: str,
    nights: list[tuple[RosterPlayer, int, int | None]],
):
    """A cash game: each ``(player, money brought, chips returned or None: still
    seated)``."""
    session = library.create(name, kind=EventKind.CASH, event_date=date)
    session.dispatch(c.SetCashSettings(settings=CASH))
    for player, amount, _chips in nights:
        session.dispatch(c.BuyIn(player=player.id, name=player.name, amount=amount))
    for player, _amount, chips in nights:
        if chips is not None:
            session.dispatch(c.CashOut(player=player.id, chips=chips))
    return session


def play_club(library, database, clock) -> dict[str, RosterPlayer]:
    """The season of the module's docstring; returns the roster records by name
    (Annie not yet merged into Ann)."""
    roster = Roster(database, clock=clock)
    people = {name: roster.add(name) for name in ("Ann", "Bob", "Zoë", "Dmitri", "Annie")}
    ann, bob, zoe, dmitri, annie = (people[n] for n in ("Ann", "Bob", "Zoë", "Dmitri", "Annie"))
    play_event(library, "T1", "2026-01-10", [ann, bob, zoe, dmitri]).close()
    cash_night(
        library,
        "C1",
        "2026-01-17",
        [(ann, 5000, 2000), (bob, 5000, 9000), (zoe, 5000, 4000), (dmitri, 3000, None)],
    ).close()
    play_event(library, "T2", "2026-01-24", [zoe, annie, bob]).close()
    cash_night(library, "C2", "2026-01-31", [(bob, 2000, 1000), (zoe, 2000, 3000)]).close()
    # Not nights: a tournament never started, one still under way.
    waiting = library.create("Not started", event_date="2026-02-07")
    waiting.dispatch(c.RegisterPlayer(player=ann.id, name=ann.name))
    waiting.close()
    running = library.create("Under way", event_date="2026-02-14")
    running.dispatch(
        c.SetUpEvent(
            structure=STRUCTURE,
            money=MoneySettings(buy_in=2000, chips=5000),
            players=tuple(c.Newcomer(player=p.id, name=p.name) for p in (ann, bob)),
        )
    )
    running.dispatch(c.StartClock())
    running.close()
    return people


def ids(people: dict[str, RosterPlayer]) -> dict[str, PlayerId]:
    return {name: person.id for name, person in people.items()}
