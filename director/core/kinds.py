"""What kind of night an event is, and where it stands.

Apart from the state: the list of events shows both for every event, and is
drawn before any event's state (and its many parts) is imported.
"""

from __future__ import annotations

from enum import StrEnum


class EventKind(StrEnum):
    """What kind of poker night an event is (R1)."""

    TOURNAMENT = "tournament"
    CASH = "cash"


class Status(StrEnum):
    """Where an event stands: set up, under way, or over."""

    SETUP = "setup"
    RUNNING = "running"
    FINISHED = "finished"
