"""The live league table on the TV (issue 33): during a night that counts for a
league's season, the season's standings "if it ended now", the night's current
places counted as provisional results, worked out again with each bust.

The standings come from ``director.app.club.leagues`` (``live_season``, ``live_table``:
one implementation of the league's rules); this module turns them into the side
column's section, which the TV window and the network page's TV draw.

A night opens (and its clock face paints) before anything of the leagues is
imported: a database without any season (most home games) is told by one small
query, and the leagues' rules and standings are loaded only when one exists."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from director.app.views.display_data import LeagueRow, Section, SectionKind
from director.core.state import TournamentState
from director.i18n import _, decimal_mark, language
from director.persistence import league_store

if TYPE_CHECKING:
    from director.app.club.leagues import Leagues, LiveSeason
    from director.app.night.timesource import Now
    from director.persistence.db import Database

ROWS = 10
"""Players shown at most: the top of the table (the side column pages through them)."""


class LiveLeague:
    """The live league table of one event of ``database``, for its clock feed."""

    def __init__(self, database: Database, event: int, clock: Now | None = None) -> None:
        self.database = database
        self.event = event
        self._clock = clock
        self._leagues: Leagues | None = None
        self._season: tuple[str, LiveSeason | None] | None = None
        """The season found for the event's date (found again if the date changes)."""
        self._made: tuple[object, Section | None] | None = None

    @property
    def leagues(self) -> Leagues:
        """The database's leagues, made (and their module imported) when first asked."""
        if self._leagues is None:
            from director.app.club.leagues import Leagues

            clock = self._clock
            self._leagues = (
                Leagues(self.database) if clock is None else Leagues(self.database, clock=clock)
            )
        return self._leagues

    def season(self, state: TournamentState) -> LiveSeason | None:
        if self._season is None or self._season[0] != state.event_date:
            try:
                found = self._find_season(state.event_date)
            except Exception:
                # Whatever the database says, the clock goes on without the table
                # (the league page says what is wrong when opened).
                found = None
            self._season = (state.event_date, found)
        return self._season[1]

    def _find_season(self, event_date: str) -> LiveSeason | None:
        if not any_season(self.database):
            return None
        from director.app.club.leagues import live_season

        return live_season(self.leagues, self.event, event_date)

    def section(self, state: TournamentState) -> Section | None:
        """The side column's league section now, in the app's language; None when the
        night counts for no season (or is a cash game)."""
        if state.is_cash:
            return None
        live = self.season(state)
        if live is None:
            return None
        from director.app.club.leagues import provisional_results

        night = provisional_results(state, self.event)
        # Worked out again only when the night's places or the language changed.
        key = (night.lines, language())
        if self._made is not None and self._made[0] == key:
            return self._made[1]
        made = league_section(live, state, self.event)
        self._made = (key, made)
        return made


def league_section(live: LiveSeason, state: TournamentState, event: int) -> Section:
    from director.app.club.leagues import live_table

    alive = set(state.alive())
    rows = [row for row in live_table(live, state, event) if row.ranked][:ROWS]
    return Section(
        SectionKind.LEAGUE,
        _("{league}, live").format(league=live.league.name),
        tuple(_row(row.rank, row.name, row.points, row.player in alive) for row in rows),
    )


def _row(rank: int, name: str, centipoints: int, playing: bool) -> LeagueRow:
    from director.core.leagues import points_text

    points = points_text(centipoints).replace(".", decimal_mark())
    return LeagueRow(
        rank=rank,
        name=name,
        points=points,
        text=_("{rank}. {player} · {points} pts").format(rank=rank, player=name, points=points),
        playing=playing,
    )


LeagueSource = Callable[[TournamentState], Section | None]
"""What a clock feed asks for the league section of the state it shows."""


def league_source(source: object) -> LeagueSource | None:
    """The live league table of an open session (one with a database and an event
    number), or None for anything else (a test's stand-in)."""
    database = getattr(source, "database", None)
    event = getattr(source, "tournament_id", None)
    if database is None or not isinstance(event, int):
        return None
    clock = getattr(source, "now", None)
    return LiveLeague(database, event, clock if callable(clock) else None).section


def any_season(database: Database) -> bool:
    """Whether ``database`` holds any league season: without one, no night counts for
    a season (one small query; the leagues' rules are not loaded for it)."""
    with database.reading() as connection:
        return bool(league_store.rows(connection, "SELECT 1 FROM season LIMIT 1"))
