"""Register 300 players, record 200 re-buys and 299 busts, each through the
session with its durable write: the median and worst time per action.

The baseline is a bare durable SQLite commit measured in the same run, so the
ratio shows what the rules and the event log add to the disk's own cost.

Run: python -m bench.bench_players
"""

from __future__ import annotations

import random
import sqlite3
import statistics
import tempfile
from pathlib import Path

from bench.common import ms, repeat, timed
from director.app.club.roster import Roster
from director.app.storage.library import Library
from director.core import commands as c
from director.core.money import Fee, MoneySettings, RebuyRule
from director.core.players import Bust
from director.core.structure import simple
from director.persistence.db import open_database

PLAYERS = 300
REBUYS = 200


def report(name: str, samples: list[float]) -> float:
    median = statistics.median(samples)
    print(f"{name}: {len(samples)} actions, median {ms(median)}, worst {ms(max(samples))}")
    return median


def main() -> None:
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as folder:
        database = open_database(Path(folder) / "bench.db")
        roster = Roster(database)
        people = [roster.add(f"Player {number:03d}") for number in range(1, PLAYERS + 1)]
        session = Library(database).create("Big night")
        session.dispatch(c.SetStructure(structure=simple([(25 * n, 50 * n) for n in range(1, 30)])))
        session.dispatch(
            c.SetMoneySettings(
                settings=MoneySettings(
                    buy_in=2000,
                    chips=5000,
                    fee=Fee(fixed=200),
                    bounty=500,
                    late_until_level=10,
                    rebuy=RebuyRule(price=2000, chips=5000, until_level=10, threshold=5000),
                )
            )
        )
        buy_ins = [
            timed(lambda p=p: session.dispatch(c.BuyIn(player=p.id, name=p.name))) for p in people
        ]
        session.dispatch(c.StartClock())
        rebuyers = rng.sample(people, REBUYS)
        rebuys = [
            timed(lambda p=p: session.dispatch(c.Rebuy(player=p.id, stack=1000))) for p in rebuyers
        ]
        order = list(people)
        rng.shuffle(order)
        busts = []
        for person in order[:-1]:
            winner = order[-1].id
            busts.append(
                timed(
                    lambda p=person, w=winner: session.dispatch(
                        c.BustPlayers(busts=(Bust(player=p.id, eliminator=w),))
                    )
                )
            )
        raw = sqlite3.connect(Path(folder) / "raw.db")
        raw.execute("PRAGMA journal_mode=WAL")
        raw.execute("PRAGMA synchronous=FULL")
        raw.execute("CREATE TABLE t (x TEXT)")

        def raw_commit() -> None:
            raw.execute("INSERT INTO t VALUES ('x')")
            raw.commit()

        baseline = statistics.median(repeat(raw_commit, 200))
        print(f"baseline: one bare durable SQLite commit, median {ms(baseline)}")
        report("buy-in (registering 300 players)", buy_ins)
        report("re-buy", rebuys)
        report("bust", busts)
        everything = buy_ins + rebuys + busts
        overall = report("all actions", everything)
        print(f"ratio median action / bare commit: {overall / baseline:.1f}x")
        print(
            f"state after: {session.state.status.value}, {len(session.state.ledger)} ledger lines"
        )
        database.close()


if __name__ == "__main__":
    main()
