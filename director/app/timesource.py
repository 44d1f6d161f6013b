"""The one place the app reads the wall clock; tests pass their own."""

from __future__ import annotations

import time
from collections.abc import Callable

from director.core.ids import Instant

Now = Callable[[], Instant]


def wall_clock() -> Instant:
    """Milliseconds since the epoch, now."""
    return Instant(time.time_ns() // 1_000_000)
