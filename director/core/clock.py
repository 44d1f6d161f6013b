"""The blind clock, derived from its stored events and the current time (R8, R9).

Only what the organizer does is stored: start, pause, level jumps, time
adjustments, hands. The state keeps the position at the last such event (item
index and time elapsed in it, the *anchor*); where the clock stands at any
moment is computed from that and the time given. A crash or a restart
therefore loses nothing, and the display never drifts.

When a timed level runs out the clock moves on by itself. Under R9 the new
blinds do not apply to a hand in progress: until the organizer confirms the
next hand (``HandStarted``), the view reports them as *pending* ("next hand:
200/400"), unless the event applies new levels at once. Past the last item
the clock stays on it and counts overtime.
"""

from __future__ import annotations

from enum import StrEnum

from director.core.frozen import Record, dataclass, evolve
from director.core.ids import Instant
from director.core.structure import Break, Level, Structure

ONE_MINUTE_MS = 60_000


class NewLevelApplies(StrEnum):
    """R9: new blinds wait for the next hand (confirmed by the organizer), or apply at once."""

    NEXT_HAND = "next_hand"
    AT_ONCE = "at_once"


@dataclass(frozen=True, eq=False, repr=False)
class ClockState(Record):
    """The clock at its anchor: item ``index``, ``elapsed`` ms into it, at ``anchor``."""

    started: bool = False
    running: bool = False
    index: int = 0
    elapsed: int = 0
    anchor: Instant = Instant(0)
    hands: int = 0
    confirmed: int = 0
    applies: NewLevelApplies = NewLevelApplies.NEXT_HAND
    planned: Instant | None = None
    """The planned start, before the clock is started (None: none planned)."""
    auto_start: bool = False
    """At ``planned`` the clock starts by itself (else it waits for the organizer)."""


def start_due(clock: ClockState, now: Instant) -> bool:
    """Whether a planned start that needs no press has come at ``now`` and is not stored yet."""
    return (
        not clock.started
        and clock.auto_start
        and clock.planned is not None
        and now >= clock.planned
    )


def effective(clock: ClockState, now: Instant) -> ClockState:
    """``clock`` as it stands at ``now``: once an automatic planned start has come,
    running from the planned moment, whether or not an event stored the start yet.

    Derived from the log and the time alone, so a restart after the planned
    moment finds the clock already running from it.
    """
    planned = clock.planned
    if planned is None or not start_due(clock, now):
        return clock
    return evolve(clock, started=True, running=True, anchor=planned)


@dataclass(frozen=True, eq=False, repr=False)
class Position(Record):
    """Where the clock stands at a moment: item, ms elapsed in it, hands counted."""

    index: int
    elapsed: int
    hands: int


def position(clock: ClockState, structure: Structure, now: Instant) -> Position:
    """Where ``clock`` stands at ``now``; timed items that ran out are left behind."""
    clock = effective(clock, now)
    items = structure.items
    if not items:
        return Position(0, clock.elapsed, clock.hands)
    index = min(clock.index, len(items) - 1)
    elapsed = clock.elapsed
    hands = clock.hands
    if clock.running and now > clock.anchor:
        elapsed += now - clock.anchor
    while index < len(items) - 1:
        item = items[index]
        if not item.timed or elapsed < item.duration_ms:
            break
        elapsed -= item.duration_ms
        index += 1
        hands = 0
    return Position(index, elapsed, hands)


def reanchor(clock: ClockState, structure: Structure, at: Instant) -> ClockState:
    """The same clock described from ``at``: what every clock event does first.

    A moment before the anchor (a system clock set back) counts as no time passed.
    """
    clock = effective(clock, at)
    here = position(clock, structure, at)
    anchor = Instant(max(at, clock.anchor)) if clock.running else clock.anchor
    return evolve(
        clock,
        index=here.index,
        elapsed=here.elapsed,
        hands=here.hands,
        anchor=anchor,
        confirmed=_auto_confirmed(clock, structure, here.index),
    )


def _auto_confirmed(clock: ClockState, structure: Structure, index: int) -> int:
    """The last item whose blinds a hand has used, as seen from item ``index``.

    Levels apply without the organizer under AT_ONCE, and a level right after
    a break applies at once (no hand can be in progress during a break), even
    when the clock ran through further levels since (R9)."""
    if index <= clock.confirmed:
        return clock.confirmed
    if clock.applies is NewLevelApplies.AT_ONCE:
        return index
    items = structure.items
    for candidate in range(min(index, len(items) - 1), clock.confirmed, -1):
        if not _pending_possible(structure, candidate):
            return candidate
    return clock.confirmed


def _pending_possible(structure: Structure, index: int) -> bool:
    items = structure.items
    return (
        0 < index < len(items)
        and isinstance(items[index], Level)
        and isinstance(items[index - 1], Level)
    )


# -- changes, each applied after ``reanchor`` ---------------------------------


def start(clock: ClockState, at: Instant) -> ClockState:
    if clock.started:
        return evolve(clock, running=True, anchor=at)
    return evolve(clock, started=True, running=True, anchor=at, planned=None, auto_start=False)


def plan_start(clock: ClockState, planned: Instant | None, auto_start: bool) -> ClockState:
    return evolve(clock, planned=planned, auto_start=auto_start and planned is not None)


def pause(clock: ClockState) -> ClockState:
    return evolve(clock, running=False)


def jump(clock: ClockState, index: int, at: Instant) -> ClockState:
    """Go to the start of item ``index``; the organizer's jump applies at once."""
    return evolve(clock, index=index, elapsed=0, hands=0, anchor=at, confirmed=index)


def adjust(clock: ClockState, structure: Structure, delta_ms: int) -> ClockState:
    """Add ``delta_ms`` to the time left (negative removes time), within the item."""
    item = structure.items[clock.index]
    elapsed = min(max(clock.elapsed - delta_ms, 0), max(item.duration_ms, clock.elapsed))
    return evolve(clock, elapsed=elapsed)


def set_remaining(clock: ClockState, structure: Structure, remaining_ms: int) -> ClockState:
    item = structure.items[clock.index]
    return evolve(clock, elapsed=max(0, item.duration_ms - remaining_ms))


def hand_started(clock: ClockState, structure: Structure, at: Instant) -> ClockState:
    """A new hand is dealt: count it in a hand-counted level (moving on when the
    level's hands are all played), and make pending blinds apply (R9)."""
    items = structure.items
    index, hands, elapsed = clock.index, clock.hands, clock.elapsed
    item = items[index]
    if (
        not item.timed
        and isinstance(item, Level)
        and hands >= item.hands
        and index + 1 < len(items)
    ):
        # Every hand of this level has been dealt: this hand opens the next item.
        index, elapsed = index + 1, 0
        hands = 0 if items[index].timed else 1
    elif not item.timed:
        hands += 1
    return evolve(clock, index=index, hands=hands, elapsed=elapsed, anchor=at, confirmed=index)


# -- reading ------------------------------------------------------------------


@dataclass(frozen=True, eq=False, repr=False)
class ClockView(Record):
    """Everything a display needs about the clock at one moment."""

    started: bool
    running: bool
    index: int
    item: Level | Break | None
    level_number: int
    elapsed: int
    remaining: int | None
    overtime: int
    hands: int
    in_force: Level | None
    pending: Level | None
    next_level: Level | None
    next_level_number: int | None
    until_break: int | None
    next_break: Break | None
    last_item: bool

    @property
    def on_break(self) -> bool:
        return isinstance(self.item, Break)


def view(clock: ClockState, structure: Structure, now: Instant) -> ClockView:
    """The clock at ``now`` (see ``ClockView``)."""
    clock = effective(clock, now)
    here = position(clock, structure, now)
    items = structure.items
    if not items:
        return ClockView(
            started=clock.started,
            running=clock.running,
            index=0,
            item=None,
            level_number=0,
            elapsed=here.elapsed,
            remaining=None,
            overtime=0,
            hands=0,
            in_force=None,
            pending=None,
            next_level=None,
            next_level_number=None,
            until_break=None,
            next_break=None,
            last_item=True,
        )
    index = here.index
    item = items[index]
    last = index == len(items) - 1
    if item.timed:
        remaining: int | None = max(0, item.duration_ms - here.elapsed)
        overtime = max(0, here.elapsed - item.duration_ms) if last else 0
    else:
        remaining, overtime = None, 0
    confirmed = _auto_confirmed(clock, structure, index) if clock.running else clock.confirmed
    in_force: Level | None
    pending: Level | None = None
    if isinstance(item, Level):
        if index > confirmed and _pending_possible(structure, index):
            # R9: the hand being played keeps the blinds it was dealt at, however
            # many levels ran out since; the next hand takes this item's.
            played = items[min(confirmed, len(items) - 1)]
            in_force = played if isinstance(played, Level) else item
            pending = item
        else:
            in_force = item
    else:
        in_force = None
    next_index = structure.next_level_index(index)
    next_level = items[next_index] if next_index is not None else None
    until_break, next_break = _until_break(structure, index, remaining)
    return ClockView(
        started=clock.started,
        running=clock.running,
        index=index,
        item=item,
        level_number=structure.level_number(index),
        elapsed=here.elapsed,
        remaining=remaining,
        overtime=overtime,
        hands=here.hands,
        in_force=in_force,
        pending=pending,
        next_level=next_level if isinstance(next_level, Level) else None,
        next_level_number=structure.level_number(next_index) if next_index is not None else None,
        until_break=until_break,
        next_break=next_break,
        last_item=last,
    )


def blinds_level(clock: ClockState, structure: Structure, now: Instant) -> Level | None:
    """The blinds a player pays at ``now``: those in force, or before the clock
    starts (or on a break) the first level's."""
    in_force = view(clock, structure, now).in_force
    if in_force is not None:
        return in_force
    return next((level for _index, level in structure.levels()), None)


def level_dealt(clock: ClockState, structure: Structure, now: Instant) -> Level | None:
    """R9: the blinds a hand dealt at ``now`` is played at: the new level once its
    predecessor's time ran out (the hand just finished was the last at the old
    blinds), else the level in force (before the clock starts, the first level)."""
    shown = view(clock, structure, now)
    if shown.pending is not None:
        return shown.pending
    if shown.in_force is not None:
        return shown.in_force
    return blinds_level(clock, structure, now)


def _until_break(
    structure: Structure, index: int, remaining: int | None
) -> tuple[int | None, Break | None]:
    """Milliseconds until the next break starts, if only timed items lie before it."""
    if remaining is None:
        return None, None
    total = remaining
    for item in structure.items[index + 1 :]:
        if isinstance(item, Break):
            return total, item
        if not item.timed:
            return None, None
        total += item.duration_ms
    return None, None


@dataclass(frozen=True, eq=False, repr=False)
class Schedule(Record):
    """When each item of the structure starts and when the night ends, as the clock stands."""

    starts: tuple[Instant | None, ...]
    """Each item's start: the current item's (as if it had run without a pause), then
    the coming ones; None for an item already played, or one after a level counted
    in hands (its length is not known)."""
    end: Instant | None
    """When the last item ends (None after a level counted in hands)."""
    starts_at: Instant | None
    """The event's planned start while it is still to come (None once started)."""


def schedule(clock: ClockState, structure: Structure, now: Instant) -> Schedule:
    """Each item's start and the estimated end, from the structure and the clock at ``now``.

    A running clock counts from now on; a paused clock as if it resumed now (each
    second of pause pushes every coming time back); before the start, from the
    planned start, or from now when none is planned or the organizer's press is
    awaited.
    """
    clock = effective(clock, now)
    items = structure.items
    planned = clock.planned if not clock.started else None
    starts_at = planned if planned is not None and planned > now else None
    if not items:
        return Schedule((), None, starts_at)
    if clock.started:
        here = position(clock, structure, now)
        index, elapsed, base = here.index, here.elapsed, now
    else:
        index = min(clock.index, len(items) - 1)
        elapsed, base = clock.elapsed, starts_at if starts_at is not None else now
    starts: list[Instant | None] = [None] * len(items)
    starts[index] = Instant(base - elapsed)
    cursor: int | None = None
    if items[index].timed:
        cursor = max(base, base - elapsed + items[index].duration_ms)
    for later in range(index + 1, len(items)):
        if cursor is None:
            break
        starts[later] = Instant(cursor)
        cursor = cursor + items[later].duration_ms if items[later].timed else None
    return Schedule(tuple(starts), None if cursor is None else Instant(cursor), starts_at)


class CueKind(StrEnum):
    """Moments the room hears: a sound, and optionally a spoken announcement."""

    ONE_MINUTE = "one_minute"
    LEVEL_START = "level_start"
    BREAK_START = "break_start"
    BREAK_END = "break_end"
    BUBBLE = "bubble"
    """One player from the money (found from the players left, not from the clock)."""
    FINAL_TABLE = "final_table"
    """The players left fit at one table."""
    MESSAGE = "message"
    """A new message line for the room (spoken, no sound)."""


@dataclass(frozen=True, eq=False, repr=False)
class Cue(Record):
    kind: CueKind
    index: int


def cues(previous: ClockView | None, current: ClockView) -> list[Cue]:
    """What to announce between two readings of the clock, whatever moved it
    (time passing, or the organizer changing level)."""
    if previous is None or not current.started:
        return []
    found: list[Cue] = []
    if current.index != previous.index:
        if isinstance(current.item, Break):
            found.append(Cue(CueKind.BREAK_START, current.index))
        elif isinstance(current.item, Level):
            if isinstance(previous.item, Break):
                found.append(Cue(CueKind.BREAK_END, current.index))
            found.append(Cue(CueKind.LEVEL_START, current.index))
    if (
        current.running
        and current.remaining is not None
        and current.item is not None
        and current.item.duration_ms > ONE_MINUTE_MS
        and 0 < current.remaining <= ONE_MINUTE_MS
        and (
            current.index != previous.index
            or previous.remaining is None
            or previous.remaining > ONE_MINUTE_MS
        )
    ):
        found.append(Cue(CueKind.ONE_MINUTE, current.index))
    return found


def next_change_in(view_now: ClockView) -> int | None:
    """Milliseconds until the displayed seconds next change (None when frozen).

    A display sleeps exactly this long instead of polling, which keeps it both
    precise and idle.
    """
    if not view_now.running:
        return None
    if view_now.remaining is None:
        return 1_000 - view_now.elapsed % 1_000
    if view_now.overtime:
        return 1_000 - view_now.overtime % 1_000
    # Whole seconds are shown rounded up, so the text changes when the time
    # left crosses a multiple of a second; at zero it changes item.
    rest = view_now.remaining % 1_000
    return rest if rest else 1_000
