"""A season's results page (issue 33) for 50 events x 60 players, next to the
season's standings alone.

One season of 50 finished events of 60 roster players is written straight into
the database (each event's results summary, as a finished event's session writes
it; ``bench_leagues.fill``). Then, each the median of several runs:

- the floor: the season's standings through the league service, what any page of
  the season must at least compute (summaries read and decoded, points, ranking);
- the page: the standings, the points race (each player's points after each
  event) and the self-contained HTML page with its inline SVG chart, as
  ``director report html --league L`` writes it;
- the TV's live league table at a bust, during a 51st night of 60 players in the
  season (the clock feed works it out again with each bust).

Run: python -m bench.bench_season_page
"""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

from bench.bench_leagues import fill
from bench.common import ms, repeat, report, timed
from director.app.club.leagues import Leagues
from director.app.views.charts import season_race
from director.core.leagues import PointsRule
from director.persistence.db import open_database
from director.reports.html_page import season_html

EVENTS = 50
PLAYERS = 60


def live_table_at_a_bust(database: object, leagues: Leagues) -> float:
    """The median time the TV's league section takes after a bust, tonight being
    the season's 51st night of 60 players (30 busts)."""
    from director.app.storage.library import Library
    from director.app.views.live_league import LiveLeague
    from director.core import commands as c
    from director.core.ids import PlayerId
    from director.core.money import MoneySettings
    from director.core.players import Bust
    from director.core.structure import simple

    session = Library(database).create("Tonight", event_date="2010-12-30")
    session.dispatch(
        c.SetUpEvent(
            structure=simple([(25, 50), (50, 100)]),
            money=MoneySettings(buy_in=2000, chips=5000),
            players=tuple(
                c.Newcomer(player=PlayerId(n), name=f"Player {n}") for n in range(1, PLAYERS + 1)
            ),
        )
    )
    session.dispatch(c.StartClock())
    live = LiveLeague(leagues, session.tournament_id)
    assert live.section(session.state) is not None
    samples = []
    for player in range(PLAYERS, PLAYERS // 2, -1):
        session.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(player)),)))
        samples.append(timed(lambda: live.section(session.state)))
    session.close()
    return report("the TV's live league table at a bust", samples)


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    database = open_database(folder / "bench.db")
    fill(database, random.Random(33), seasons=1, events=EVENTS, players=PLAYERS)
    leagues = Leagues(database)
    rule = PointsRule(
        kind="expression",
        expression="10 * sqrt(entrants) / sqrt(place) * (1 + buyin / 100)",
        participation=100,
        knockout=50,
        bubble=200,
        best_of=40,
        qualify_top=20,
        bonus_base=10_000,
        bonus_per_point=100,
    )
    league = leagues.create("Bench", rule)
    season = leagues.add_season(league.id, "2010", "2010-01-01", "2010-12-31")
    table = leagues.table(league.id, season.id)
    assert len(table.events) == EVENTS and len(table.rows) == PLAYERS

    def page() -> str:
        found = leagues.table(league.id, season.id)
        return season_html(found, season_race(leagues, found))

    size = len(page().encode("utf-8"))
    floor = report(
        "floor: the season's standings alone",
        repeat(lambda: leagues.table(league.id, season.id), 9),
    )
    race = report(
        "the standings and the points race",
        repeat(lambda: season_race(leagues, leagues.table(league.id, season.id)), 9),
    )
    whole = report("the season's HTML page (standings, race, page)", repeat(page, 9))
    bust = live_table_at_a_bust(database, leagues)
    print(
        f"season page: {ms(whole)}, {whole / floor:.1f}x the standings alone ({ms(floor)}); "
        f"with the race {ms(race)}; page {size / 1024:.0f} KiB; "
        f"the TV's live table at a bust {ms(bust)}"
    )
    print(
        json.dumps(
            {
                "page_ms": round(whole * 1000, 2),
                "race_ms": round(race * 1000, 2),
                "standings_ms": round(floor * 1000, 2),
                "page_bytes": size,
                "live_table_ms": round(bust * 1000, 2),
            }
        )
    )
    database.close()


if __name__ == "__main__":
    main()
