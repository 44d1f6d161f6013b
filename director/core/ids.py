"""Typed identifiers and the time type used across the core."""

from __future__ import annotations

from typing import NewType

PlayerId = NewType("PlayerId", int)
"""A person in the roster shared by every event of a database."""

TableId = NewType("TableId", int)
"""A table number within one event, from 1."""

Instant = NewType("Instant", int)
"""A moment, in milliseconds since the Unix epoch (UTC)."""

MINUTE_MS = 60_000
SECOND_MS = 1_000
