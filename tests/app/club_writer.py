"""Child process for the club test: one copy of director writing one event of a
PostgreSQL club database at a steady rate.

Waits for the event's lease (another copy may still hold it), then prints
``ready``; after each command returns it prints ``ack NAME`` (the command is
then acknowledged: it must be in the database whatever happens next).
"""

from __future__ import annotations

import sys
import time

from director.app.night.session import TournamentSession
from director.core import commands as c
from director.persistence.db import StoreError, open_database


def main() -> None:
    url, event_id, seconds, rate, tag = sys.argv[1:6]
    database = open_database(url)
    deadline = time.monotonic() + 30
    while True:
        try:
            session = TournamentSession(database, int(event_id))
            break
        except StoreError as error:
            if error.code != "event_leased" or time.monotonic() > deadline:
                raise
            time.sleep(0.02)
    print("ready", flush=True)
    interval = 1 / float(rate)
    end = time.monotonic() + float(seconds)
    number = 0
    next_at = time.monotonic()
    while time.monotonic() < end:
        number += 1
        name = f"{tag}-{number}"
        session.dispatch(c.RenameTournament(name=name))
        print(f"ack {name}", flush=True)
        next_at += interval
        time.sleep(max(0.0, next_at - time.monotonic()))
    session.close()
    database.close()
    print("done", flush=True)


if __name__ == "__main__":
    main()
