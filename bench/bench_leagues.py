"""Season standings for 10 seasons x 50 events x 60 players (target: under 200 ms
for the slowest season).

The events' results summaries are written straight into the database (as a
finished event's session writes them), then each season's standings are read
through the league service: summaries selected and decoded, merges followed,
points worked out with a square-root formula and bonuses, best 40 of 50, ranked.

The floor, measured in the same run, is one pass over one season's result
lines already in memory (summing the prizes): what any standings must at least
touch. Beside it, reading one season's 50 summaries from the database (SELECT and
json.loads, nothing decoded into results): what any standings kept in the
database must at least read.

Run: python -m bench.bench_leagues
"""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

from bench.common import ms, repeat, report
from director.app.club.leagues import Leagues
from director.app.club.roster import fold
from director.core.ids import PlayerId
from director.core.leagues import (
    RESULTS_FORMAT,
    EventResults,
    PointsRule,
    ResultLine,
    encode_results,
)
from director.persistence import league_store as sql
from director.persistence.db import open_database

SEASONS = 10
EVENTS = 50
PLAYERS = 60
TARGET_MS = 200.0


def fill(
    database,
    rng: random.Random,
    *,
    seasons: int = SEASONS,
    events: int = EVENTS,
    players: int = PLAYERS,
) -> None:
    """``seasons`` years of ``events`` finished events of ``players`` roster players
    each, every event's summary written as a finished event's session writes it."""
    with database.write() as connection:
        ids = [
            PlayerId(
                sql.insert(
                    connection,
                    "INSERT INTO player (name, name_key, nickname, contact, created_at) "
                    "VALUES (:n, :k, '', '', 0)",
                    {"n": f"Player {number}", "k": fold(f"Player {number}")},
                )
            )
            for number in range(1, players + 1)
        ]
        for season in range(seasons):
            for event in range(events):
                date = f"{2010 + season}-{event // 28 + 1:02d}-{event % 28 + 1:02d}"
                # ``insert`` returns the new event's id (``execute`` only a row count).
                tournament = sql.insert(
                    connection,
                    "INSERT INTO tournament (name, kind, status, archived, event_date, "
                    "created_at, updated_at, last_entry, last_event) "
                    "VALUES (:n, 'tournament', 'finished', :no, :d, 0, 0, 1, 1)",
                    {"n": f"Night {event}", "d": date, "no": False},
                )
                order = list(ids)
                rng.shuffle(order)
                lines = tuple(
                    ResultLine(
                        player=player,
                        name=f"Player {player}",
                        best=place,
                        worst=place,
                        prize=(10 - place) * 1000 if place < 10 else 0,
                        knockouts=rng.randrange(3),
                        money_in=2000,
                        money_out=(10 - place) * 1000 if place < 10 else 0,
                    )
                    for place, player in enumerate(order, start=1)
                )
                results = EventResults(
                    tournament, f"Night {event}", date, players, players, 9, 2000, lines
                )
                sql.save_summary(connection, tournament, 1, encode_results(results), RESULTS_FORMAT)


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    database = open_database(folder / "bench.db")
    fill(database, random.Random(18))
    leagues = Leagues(database)
    rule = PointsRule(
        kind="expression",
        expression="10 * sqrt(entrants) / sqrt(place) * (1 + buyin / 100)",
        participation=100,
        knockout=50,
        bubble=200,
        best_of=40,
    )
    league = leagues.create("Bench", rule)
    seasons = [
        leagues.add_season(league.id, f"{2010 + n}", f"{2010 + n}-01-01", f"{2010 + n}-12-31")
        for n in range(SEASONS)
    ]
    worst = 0.0
    for season in seasons:
        table = leagues.table(league.id, season.id)
        assert len(table.events) == EVENTS and len(table.rows) == PLAYERS
        median = report(
            f"season {season.name} standings",
            repeat(lambda s=season: leagues.table(league.id, s.id), 5),
        )
        worst = max(worst, median)
    lines = [
        line for event in leagues.table(league.id, seasons[0].id).events for line in event.lines
    ]
    floor = report(
        "floor: one pass over a season's result lines",
        repeat(lambda: sum(line.prize for line in lines), 50),
    )

    def read_season() -> list[object]:
        with database.read() as connection:
            found = sql.rows(
                connection,
                "SELECT s.data FROM result_summary s JOIN tournament t "
                "ON t.id = s.tournament_id WHERE t.event_date BETWEEN :a AND :b",
                {"a": "2010-01-01", "b": "2010-12-31"},
            )
        return [json.loads(row[0]) for row in found]

    assert len(read_season()) == EVENTS
    reading = report(
        "reference: a season's summaries read (SELECT + json.loads)",
        repeat(read_season, 20),
    )
    print(
        f"slowest season: {ms(worst)} (target {TARGET_MS:.0f} ms), "
        f"{worst / floor:.0f}x the floor of {ms(floor)}, "
        f"{worst / reading:.1f}x reading the summaries ({ms(reading)})"
    )
    print(
        json.dumps(
            {
                "slowest_ms": round(worst * 1000, 2),
                "floor_ms": round(floor * 1000, 3),
                "reading_ms": round(reading * 1000, 2),
            }
        )
    )
    database.close()


if __name__ == "__main__":
    main()
