"""The one place the app reads the wall clock; tests pass their own."""

from __future__ import annotations

import datetime
import time
from collections.abc import Callable

from director.core.ids import Instant

Now = Callable[[], Instant]


def wall_clock() -> Instant:
    """Milliseconds since the epoch, now."""
    return Instant(time.time_ns() // 1_000_000)


def next_time_of_day(hour: int, minute: int, now: Instant) -> Instant:
    """The next moment the local clock reads ``hour``:``minute`` after ``now`` (today,
    or tomorrow once today's has passed): what "the night starts at 20:30" means."""
    here = datetime.datetime.fromtimestamp(now / 1000).astimezone()
    moment = here.replace(hour=hour, minute=minute, second=0, microsecond=0)
    if moment <= here:
        moment = (moment + datetime.timedelta(days=1)).replace(hour=hour, minute=minute)
    return Instant(int(moment.timestamp()) * 1000)
