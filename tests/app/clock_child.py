"""Child for the clock restart tests: starts the clock (or, with ``planned``, plans
its start a moment ahead, starting by itself; with ``shot``, also seats two players
and starts a shot clock for player 1, who uses a time-bank chip), stays alive until
killed."""

from __future__ import annotations

import sys
import time

from director.app.files import structures
from director.app.storage.library import Library
from director.core import commands as c
from director.core.ids import Instant, PlayerId
from director.core.money import MoneySettings
from director.core.shot_clock import ShotClockSettings
from director.persistence.db import database_target, open_database

PLANNED_AHEAD_MS = 500


def main() -> None:
    database = open_database(database_target(sys.argv[1]))
    session = Library(database).create("Killed night")
    session.dispatch(c.SetStructure(structure=structures.find("regular-5000").template.structure))
    if sys.argv[2:] == ["planned"]:
        planned = Instant(session.now() + PLANNED_AHEAD_MS)
        session.dispatch(c.PlanStart(planned=planned, auto_start=True))
        print(f"planned {session.tournament_id} {planned}", flush=True)
    elif sys.argv[2:] == ["shot"]:
        session.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)))
        for number in (1, 2):
            session.dispatch(c.BuyIn(player=PlayerId(number), name=f"Player {number}"))
        session.dispatch(c.DrawSeats())
        settings = ShotClockSettings(seconds=20, bank_chips=2, bank_seconds=30)
        session.dispatch(c.SetShotClockOptions(settings=settings))
        session.dispatch(c.StartClock())
        session.dispatch(c.StartShotClock(player=PlayerId(1)))
        started = session.state.shot_clocks.of_player(PlayerId(1))
        assert started is not None
        session.dispatch(c.UseTimeBank(player=PlayerId(1)))
        print(f"shot {session.tournament_id} {started.started} {started.table}", flush=True)
    else:
        session.dispatch(c.StartClock())
        print(f"started {session.tournament_id} {session.state.clock.anchor}", flush=True)
    while True:
        session.mark_alive(running=True)
        time.sleep(0.05)


if __name__ == "__main__":
    main()
