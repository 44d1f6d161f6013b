"""The first night from the welcome steps: one function, checked before anything is
written, and one undo step for the whole set-up (blinds, prices, players)."""

from __future__ import annotations

from dataclasses import dataclass

from director.app.club.roster import Roster
from director.app.files import structures
from director.app.night.session import TournamentSession
from director.app.storage.library import Library
from director.core import commands as c
from director.core.apply import fold
from director.core.decide import decide
from director.core.ids import Instant, PlayerId
from director.core.money import CashSettings, MoneySettings
from director.core.state import EventKind, TournamentState


@dataclass(frozen=True)
class FirstNight:
    """What the welcome steps collect."""

    name: str
    kind: EventKind = EventKind.TOURNAMENT
    event_date: str = ""
    buy_in: int = 0
    """Minor units: the tournament's buy-in, or the cash game's money per ``chips``."""
    chips: int = 0
    template: str = ""
    """A blind structure template's key (tournaments)."""
    players: tuple[str, ...] = ()


def setup_of(night: FirstNight, newcomers: tuple[c.Newcomer, ...]) -> c.SetUpEvent:
    """The one set-up command for ``night`` with the players as ``newcomers``."""
    if night.kind is EventKind.TOURNAMENT:
        entry = structures.find(night.template) if night.template else None
        return c.SetUpEvent(
            structure=entry.template.structure if entry is not None else None,
            money=MoneySettings(buy_in=night.buy_in, chips=night.chips) if night.chips else None,
            players=newcomers,
        )
    cash = (
        CashSettings(chip_money=night.buy_in, chip_count=night.chips, min_buy_in=0)
        if night.buy_in and night.chips
        else None
    )
    return c.SetUpEvent(cash=cash, players=newcomers)


def check_first_night(night: FirstNight, now: Instant) -> None:
    """Raise ``RuleViolation`` if the rules would refuse ``night``; writes nothing."""
    create = c.CreateTournament(name=night.name, kind=night.kind, event_date=night.event_date)
    state = fold(decide(TournamentState(), create, now))
    stand_ins = tuple(
        c.Newcomer(player=PlayerId(number), name=name)
        for number, name in enumerate(night.players, start=1)
    )
    decide(state, setup_of(night, stand_ins), now)


def create_first_night(library: Library, roster: Roster, night: FirstNight) -> TournamentSession:
    """Create the event of ``night`` with everything set: the event, then one command
    (one undo) for its blinds, prices and players. ``RuleViolation`` if refused, and
    then nothing is written (not even the new names in the players list)."""
    check_first_night(night, Instant(library.now()))
    people = [roster.find_or_add(name) for name in night.players]
    newcomers = tuple(
        c.Newcomer(player=person.id, name=person.name, nickname=person.nickname)
        for person in people
    )
    session = library.create(night.name, night.kind, event_date=night.event_date)
    setup = setup_of(night, newcomers)
    if setup != c.SetUpEvent():
        session.dispatch(setup)
    return session
