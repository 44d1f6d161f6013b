"""A league season's final: its qualifiers, each with the starting stack the
league's formula gives him, and the final's event created with them registered
(issue 33)."""

from __future__ import annotations

from dataclasses import dataclass

from director.app.club.leagues import Leagues, SeasonTable
from director.app.night.session import TournamentSession
from director.app.storage.databases import StoreError
from director.app.storage.library import Library
from director.core import commands as c
from director.core.apply import fold
from director.core.decide import decide
from director.core.errors import RuleViolation, require
from director.core.ids import Instant, PlayerId
from director.core.money import MoneySettings
from director.core.state import TournamentState
from director.core.structure import Structure


@dataclass(frozen=True)
class FinalSeat:
    """A qualifier for the final, as shown before the final is created."""

    player: PlayerId
    name: str
    rank: int
    points: int
    """Season points, in hundredths."""
    stack: int
    """His starting stack in chips."""


def final_seats(table: SeasonTable) -> list[FinalSeat]:
    """The season's qualifiers, best first, each with his starting stack;
    ``RuleViolation`` when the league has no qualification line or no final stacks,
    or nobody qualifies."""
    rule = table.league.rule
    require(rule.qualify_top > 0 or rule.qualify_events > 0, "final_no_line")
    require(rule.bonus_base > 0, "final_no_stacks")
    seats = [
        FinalSeat(row.player, row.name, row.rank, row.points, row.final_stack)
        for row in table.rows
        if row.qualified
    ]
    require(bool(seats), "final_no_qualifiers")
    return seats


def _season_structure(library: Library, table: SeasonTable) -> Structure | None:
    """The blinds of the season's latest event in this database, for its final
    (None when it has none or cannot be read)."""
    for event in reversed(table.events):
        if event.event <= 0:
            continue  # imported from a spreadsheet: no blinds kept
        try:
            session = library.read(event.event)
        except (StoreError, RuleViolation):  # a damaged event only gives no blinds
            return None
        try:
            return session.state.structure
        finally:
            session.close()
    return None


def create_final(
    library: Library,
    leagues: Leagues,
    table: SeasonTable,
    name: str,
    *,
    event_date: str = "",
) -> tuple[TournamentSession, list[FinalSeat]]:
    """Create the final's event: the qualifiers registered, each with his own
    starting stack (``SetStartingStack``), the season's latest blinds, starting
    chips the formula's base and no buy-in price (the organizer changes them as he
    likes); kept out of the season's standings. ``RuleViolation`` if refused, and
    then nothing is written."""
    seats = final_seats(table)
    structure = _season_structure(library, table)
    newcomers = tuple(
        c.Newcomer(player=seat.player, name=seat.name, stack=seat.stack) for seat in seats
    )
    money = MoneySettings(buy_in=0, chips=table.league.rule.bonus_base)
    setup = c.SetUpEvent(structure=structure, players=newcomers)
    steps: list[c.Command] = [setup, c.SetMoneySettings(settings=money)]
    # Checked on a scratch state before anything is written.
    now = Instant(library.now())
    state = fold(
        decide(TournamentState(), c.CreateTournament(name=name, event_date=event_date), now)
    )
    for step in steps:
        state = fold(decide(state, step, now), state)
    session = library.create(name, event_date=event_date)
    try:
        for step in steps:
            session.dispatch(step)
    except RuleViolation:
        session.close()
        raise
    if table.season is not None:
        leagues.choose_event(table.season.id, session.tournament_id, False)
    return session, seats
