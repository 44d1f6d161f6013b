"""What one client may take of the network page's server."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """What one client may take of the server."""

    connections: int = 256
    """Open connections at once, viewers included."""
    per_address: int = 32
    head_ms: int = 10_000
    """A request's head and body must arrive within this (a slow client is cut off)."""
    idle_ms: int = 15_000
    """A kept-alive connection with nothing asked is closed after this."""
    heartbeat_ms: int = 2_000
    ping_ms: int = 10_000
    silent_ms: int = 35_000
    """A viewer that answers no ping for this long is gone (a half-open connection)."""
    backlog_bytes: int = 1_000_000
    """A viewer this far behind reading is dropped rather than let fill the memory."""
    messages_per_second: int = 20
    message_bytes: int = 4_096
