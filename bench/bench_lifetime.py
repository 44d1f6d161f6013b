"""Lifetime results of a club with many cash nights (issue 32): how long
``lifetime_results`` takes when each cash game's results are read from what is
kept beside the night (``club_night``) rather than by replaying its log.

200 cash games of 8 players (each buys in, tops up once and cashes out), written
through the session API and closed (each close keeps its snapshot and its night).
Beside it, the floor measured in the same run: replaying one cash game's log,
times the number of games, is what reading every night from its log costs.

Run: python -m bench.bench_lifetime
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from bench.common import ms, repeat, report
from director.app.club.lifetime import lifetime_results
from director.app.club.roster import Roster
from director.app.storage.library import Library
from director.core import commands as c
from director.core.kinds import EventKind
from director.core.money import CashSettings
from director.persistence.db import open_database

GAMES = 200
AT_A_GAME = 8


def fill(database) -> list[int]:
    library, roster = Library(database), Roster(database)
    people = [roster.add(f"Player {number}") for number in range(1, 41)]
    events = []
    for number in range(GAMES):
        session = library.create(
            f"Cash {number}", kind=EventKind.CASH, event_date=f"2026-{number % 12 + 1:02d}-01"
        )
        session.dispatch(c.SetCashSettings(settings=CashSettings(min_buy_in=1)))
        seated = [people[(number + seat * 5) % len(people)] for seat in range(AT_A_GAME)]
        for player in seated:
            session.dispatch(c.BuyIn(player=player.id, name=player.name, amount=5000))
        for player in seated:
            session.dispatch(c.TopUp(player=player.id, amount=2000))
        for index, player in enumerate(seated):
            session.dispatch(c.CashOut(player=player.id, chips=7000 + (500 if index % 2 else -500)))
        events.append(session.tournament_id)
        session.close()
    return events


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    database = open_database(folder / "bench.db")
    events = fill(database)
    lines = lifetime_results(database)
    assert len(lines) == 40 and sum(line.net for line in lines) == 0
    median = report(
        "lifetime results, every cash night", repeat(lambda: lifetime_results(database), 5)
    )
    library = Library(database)

    def replay_one() -> None:
        library.read(events[0]).close()

    one = report("floor: one cash game replayed from its log", repeat(replay_one, 10))
    print(
        f"lifetime: {ms(median)} for {GAMES} cash games; replaying them all would take "
        f"about {ms(one * GAMES)}"
    )
    print(
        json.dumps(
            {"lifetime_ms": round(median * 1000, 2), "replay_all_ms": round(one * GAMES * 1000, 2)}
        )
    )
    database.close()


if __name__ == "__main__":
    main()
