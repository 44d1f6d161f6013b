"""Child for the clock restart test: starts the clock, stays alive until killed."""

from __future__ import annotations

import sys
import time

from director.app import structures
from director.app.library import Library
from director.core import commands as c
from director.persistence.db import database_target, open_database


def main() -> None:
    database = open_database(database_target(sys.argv[1]))
    session = Library(database).create("Killed night")
    session.dispatch(c.SetStructure(structure=structures.find("regular-5000").template.structure))
    session.dispatch(c.StartClock())
    print(f"started {session.tournament_id} {session.state.clock.anchor}", flush=True)
    while True:
        session.mark_alive(running=True)
        time.sleep(0.05)


if __name__ == "__main__":
    main()
