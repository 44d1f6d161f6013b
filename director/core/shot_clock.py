"""The shot clock (a hand timer): a decision clock of some seconds started for one
player at a table, and the time-bank chips that add time to it.

At most one runs per table (one player acts at a time: starting another replaces
it). Each is dated by its event in the log, so the time left is worked out from
the log and the time only, like the main clock's: after a crash and a restart, one
still running resumes where it was, one run out is shown as over for
``SHOWN_AFTER_MS``, then is gone. The time-bank chips each player used are in the
state, from the log.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field

from director.core.frozen import Record, dataclass, evolve
from director.core.ids import Instant, PlayerId

DEFAULT_SECONDS = 30
MIN_SECONDS = 5
MAX_SECONDS = 600
"""Ten minutes: longer is no decision clock (and a phone's "huge N" is refused)."""
MAX_BANK_CHIPS = 20
WARNING_MS = 10_000
"""The last ten seconds: shown in the warning colour, with a sound as they begin."""
SHOWN_AFTER_MS = 10_000
"""How long a shot clock that ran out stays on the screens ("Time!")."""


@dataclass(frozen=True, eq=False, repr=False)
class ShotClockSettings(Record):
    """The event's shot clock: its length, and the time-bank chips each player has
    (``bank_chips`` of ``bank_seconds`` each; 0 chips: no time bank)."""

    seconds: int = DEFAULT_SECONDS
    bank_chips: int = 0
    bank_seconds: int = DEFAULT_SECONDS


@dataclass(frozen=True, eq=False, repr=False)
class ShotClock(Record):
    """One running shot clock: for ``player`` at ``table``, from ``started``."""

    player: PlayerId
    table: int
    started: Instant
    duration_ms: int
    banked_ms: int = 0
    """Time added by time-bank chips."""

    @property
    def ends_at(self) -> Instant:
        return Instant(self.started + self.duration_ms + self.banked_ms)

    def remaining_ms(self, now: Instant) -> int:
        """Milliseconds left at ``now`` (0 once run out)."""
        return max(0, self.ends_at - now)

    def shown_seconds(self, now: Instant) -> int:
        """The whole seconds shown at ``now``, rounded up like the main clock's."""
        return -(-self.remaining_ms(now) // 1000)

    def warning(self, now: Instant) -> bool:
        """In its last ten seconds (or run out)."""
        return self.remaining_ms(now) <= WARNING_MS

    def shown(self, now: Instant) -> bool:
        """Still on the screens at ``now``: running, or run out a moment ago."""
        return now < self.ends_at + SHOWN_AFTER_MS


@dataclass(frozen=True, eq=False, repr=False)
class ShotClocks(Record):
    """The shot clocks of an event: settings, the running ones by table, and the
    time-bank chips each player used."""

    settings: ShotClockSettings = ShotClockSettings()
    running: Mapping[int, ShotClock] = field(default_factory=dict)
    banks_used: Mapping[PlayerId, int] = field(default_factory=dict)

    def banks_left(self, player: PlayerId) -> int:
        return max(0, self.settings.bank_chips - self.banks_used.get(player, 0))

    def of_player(self, player: PlayerId) -> ShotClock | None:
        return next((shot for shot in self.running.values() if shot.player == player), None)

    def shown(self, now: Instant) -> list[ShotClock]:
        """The shot clocks on the screens at ``now``, by table."""
        return [shot for _table, shot in sorted(self.running.items()) if shot.shown(now)]


def started(shots: ShotClocks, shot: ShotClock) -> ShotClocks:
    return evolve(shots, running={**shots.running, shot.table: shot})


def stopped(shots: ShotClocks, table: int) -> ShotClocks:
    if table not in shots.running:
        return shots
    return evolve(shots, running={k: v for k, v in shots.running.items() if k != table})


def banked(shots: ShotClocks, table: int, added_ms: int) -> ShotClocks:
    """A time-bank chip of ``added_ms`` used on ``table``'s shot clock."""
    shot = shots.running[table]
    used = dict(shots.banks_used)
    used[shot.player] = used.get(shot.player, 0) + 1
    running = {**shots.running, table: evolve(shot, banked_ms=shot.banked_ms + added_ms)}
    return evolve(shots, running=running, banks_used=used)


def next_change_in(shots: ShotClocks, now: Instant) -> int | None:
    """Milliseconds from ``now`` until a shown shot clock's second (or its leaving the
    screens) changes; None when none is shown."""
    soonest: int | None = None
    for shot in shots.shown(now):
        left = shot.remaining_ms(now)
        wait = (left % 1000 or 1000) if left > 0 else shot.ends_at + SHOWN_AFTER_MS - now
        soonest = wait if soonest is None else min(soonest, wait)
    return soonest
