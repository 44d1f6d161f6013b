"""The state of an event as a JSON document, for ``director status --json``.

Each part of the product adds its own section here, built from the state
(never from the screen), so scripts see what the organizer sees.
"""

from __future__ import annotations

import datetime
from typing import Any

from director.app.session import TournamentSession


def iso_moment(epoch_ms: int) -> str:
    """Epoch milliseconds as an ISO 8601 moment in UTC."""
    moment = datetime.datetime.fromtimestamp(epoch_ms / 1000, tz=datetime.UTC)
    return moment.isoformat(timespec="seconds")


def status_document(session: TournamentSession) -> dict[str, Any]:
    """The event's current state, for scripts."""
    state = session.state
    return {
        "id": session.tournament_id,
        "name": state.name,
        "kind": state.kind.value,
        "status": state.status.value,
        "archived": state.archived,
        "created": iso_moment(state.created_at),
        "date": state.event_date or None,
        "venue": state.venue or None,
    }
