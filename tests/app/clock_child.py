"""Child for the clock restart tests: starts the clock (or, with ``planned``, plans
its start a moment ahead, starting by itself), stays alive until killed."""

from __future__ import annotations

import sys
import time

from director.app import structures
from director.app.library import Library
from director.core import commands as c
from director.core.ids import Instant
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
    else:
        session.dispatch(c.StartClock())
        print(f"started {session.tournament_id} {session.state.clock.anchor}", flush=True)
    while True:
        session.mark_alive(running=True)
        time.sleep(0.05)


if __name__ == "__main__":
    main()
