"""A demo event with made-up players, to try everything without risk.

The demo is a tournament half an hour in: 27 players at three tables, the
clock running in level 2, a few players already out, a re-buy, money still
owed by two players, and a table move waiting to be confirmed. It is a
progressive knockout with a guaranteed prize pool, played with a chip set, so
the bounties, the guarantee and the chips in play show on the TV. Its players
are added to the roster with the nickname "demo" so they are easy to spot.
"""

from __future__ import annotations

import datetime

from director.app.club.roster import Roster
from director.app.files import structures
from director.app.night.session import TournamentSession
from director.app.night.timesource import Now, wall_clock
from director.app.storage.library import Library
from director.core import commands as c
from director.core.chip_sets import Chip, ChipSet
from director.core.ids import Instant, PlayerId
from director.core.money import (
    PROGRESSIVE,
    AddonRule,
    BountySettings,
    Fee,
    MoneySettings,
    RebuyRule,
)
from director.core.players import Bust
from director.i18n import _
from director.persistence.db import Database

FIRST_NAMES = (
    "Alba",
    "Bruno",
    "Chiara",
    "Dmitri",
    "Elena",
    "Farid",
    "Greta",
    "Hugo",
    "Ines",
    "Jonas",
    "Kaito",
    "Lena",
    "Marek",
    "Nadia",
    "Oscar",
    "Priya",
    "Quentin",
    "Rosa",
    "Sven",
    "Tessa",
    "Umar",
    "Vera",
    "Wim",
    "Xiu",
    "Yann",
    "Zoë",
    "Łucja",
)
LAST_NAMES = (
    "Moreau",
    "Costa",
    "Nowak",
    "Berg",
    "Silva",
    "Dubois",
    "Keller",
    "Rossi",
    "Novak",
)
MINUTE = 60_000
DEMO_NICKNAME = "demo"


def demo_names() -> list[str]:
    return [
        f"{first} {LAST_NAMES[index % len(LAST_NAMES)]}" for index, first in enumerate(FIRST_NAMES)
    ]


def create_demo(database: Database, *, clock: Now = wall_clock) -> TournamentSession:
    """Create the demo event (a new one each time) and return a session on it."""
    now = clock()
    moment = [Instant(now - 40 * MINUTE)]

    def scripted() -> Instant:
        return moment[0]

    def later(minutes: int) -> None:
        moment[0] = Instant(moment[0] + minutes * MINUTE)

    roster = Roster(database, clock=clock)
    people = []
    for name in demo_names():
        person = roster.find(name) or roster.add(name, nickname=DEMO_NICKNAME)
        people.append(person)
    library = Library(database, clock=scripted)
    template = structures.find("regular-5000")
    today = datetime.date.fromtimestamp(now / 1000).isoformat()
    session = library.create(_("Demo night"), event_date=today, venue=_("Anywhere: try everything"))
    if template is not None:
        session.dispatch(c.SetStructure(structure=template.template.structure))
    session.dispatch(
        c.SetMoneySettings(
            settings=MoneySettings(
                buy_in=2000,
                chips=5000,
                fee=Fee(fixed=200),
                bounty=500,
                late_until_level=4,
                rebuy=RebuyRule(price=2000, chips=5000, until_level=4, bounty=500),
                addon=AddonRule(price=1000, chips=5000, from_level=4, until_level=4),
                bounties=BountySettings(kind=PROGRESSIVE),
                guarantee=40_000,
            )
        )
    )
    session.dispatch(
        c.SetChipSet(
            chip_set=ChipSet(
                name=_("Demo chips"),
                chips=(
                    Chip(25, 300, _("white")),
                    Chip(100, 300, _("red")),
                    Chip(500, 200, _("green")),
                    Chip(1000, 100, _("black")),
                ),
            )
        )
    )
    for index, person in enumerate(people):
        session.dispatch(
            c.BuyIn(
                player=person.id,
                name=person.name,
                nickname=person.nickname,
                paid=index not in (5, 11),
            )
        )
    session.dispatch(c.DrawSeats())
    session.dispatch(c.DrawForButton())
    later(3)
    session.dispatch(c.StartClock())
    knocked = [(people[20], people[3]), (people[14], people[8]), (people[25], people[3])]
    for out, winner in knocked:
        later(8)
        for table in sorted(session.state.tables.tables):
            session.dispatch(c.HandDone(table=table))
        session.dispatch(
            c.BustPlayers(busts=(Bust(player=PlayerId(out.id), eliminator=PlayerId(winner.id)),))
        )
    later(2)
    session.dispatch(c.Rebuy(player=people[14].id))
    if session.state.tables.pending:
        session.dispatch(c.ConfirmMove())
    session.close()  # the session returned is read from the database, as an open would
    database_session = TournamentSession(database, session.tournament_id, clock=clock)
    # The demo's clock was started just now, not interrupted by a crash:
    # opening it must not ask whether to catch up, now or later (``director demo``).
    database_session.mark_alive(running=True)
    from director.app.night.resume import mark_never_opened

    mark_never_opened(database_session)
    return database_session
