"""Moving a club between databases (file or PostgreSQL): ``director copy``.

The copy itself is the persistence layer's (``persistence.copy``); here every
event of the source and of the copy is replayed and must reach the same state.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from director.app.night.session import TournamentSession
from director.app.storage.library import Library
from director.persistence.copy import CopyResult, copy_database
from director.persistence.errors import StoreError


def replay_both(origin: Any, copied: Any) -> int:
    """Every event of ``origin`` opened in both databases, compared; the events checked."""
    events = [summary.id for summary in Library(origin).events()]
    for event_id in events:
        before = TournamentSession(origin, event_id, reading=True)
        after = TournamentSession(copied, event_id, reading=True)
        if before.state != after.state or before.history != after.history:
            raise StoreError(
                "copy_differs", path=copied.location, detail=f"event {event_id} replays apart"
            )
    return len(events)


def copy_club(source: str | Path, target: str | Path) -> CopyResult:
    """Copy the whole database ``source`` to ``target``, checked row for row and by
    replaying every event; the source is never changed."""
    return copy_database(source, target, replay=replay_both)
