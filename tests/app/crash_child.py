"""Child process for the crash test: dispatches commands until it is killed.

Before each action it prints ``start``; after the action returns it prints
``done`` with the log length and the encoded state, so the parent knows
exactly which state each moment of death must leave on disk.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from director.app.night import session as session_module
from director.app.night.session import TournamentSession
from director.core import codec
from director.core import commands as c
from director.core.errors import RuleViolation
from director.persistence.db import open_database


def main() -> None:
    target = sys.argv[1]
    path = target if target.startswith("postgresql://") else Path(target)
    event_id, seed = int(sys.argv[2]), int(sys.argv[3])
    session_module.SNAPSHOT_EVERY = 7  # so that some kills land while a snapshot is written
    rng = random.Random(seed)
    database = open_database(path)
    session = TournamentSession(database, event_id)
    print("ready", flush=True)
    step = 0
    while True:
        roll = rng.random()
        print(f"start {step}", flush=True)
        try:
            if roll < 0.15 and session.can_undo():
                session.undo()
            elif roll < 0.25 and session.can_redo():
                session.redo()
            elif roll < 0.6:
                session.dispatch(c.RenameTournament(name=f"name {step} {rng.randint(0, 99)}"))
            elif roll < 0.9:
                session.dispatch(
                    c.EditDetails(event_date=f"2026-11-{rng.randint(1, 28):02d}", venue=f"v{step}")
                )
            else:
                session.dispatch(c.SetArchived(archived=not session.state.archived))
        except RuleViolation:
            pass
        entries = session._last_entry
        state = json.dumps(codec.encode(session.state), sort_keys=True)
        print(f"done {step} {entries} {state}", flush=True)
        step += 1


if __name__ == "__main__":
    main()
