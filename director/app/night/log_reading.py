"""Reading an event's log back: its snapshot, then the entries after it, checked
and folded into the state (``session`` opens an event through this).

Two readings give the same history and state for a sound log: a quick one (the
database counts the entries and returns only the undo and redo markers, each event
decoded once per kind and applied at once) and a careful one that reads and
checks every row, for a log the quick one finds out of the ordinary; it names the
entry that is damaged or missing.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import NamedTuple

from director.core import codec
from director.core.apply import fold
from director.core.errors import RuleViolation
from director.core.events import EVENTS, Event
from director.core.history import History
from director.core.state import TournamentState
from director.persistence import store

COMMAND = "command"
UNDO = "undo"
REDO = "redo"


@contextlib.contextmanager
def paused_garbage_collector() -> Iterator[None]:
    """No cyclic garbage collection inside (it is turned back on after, if it was on)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


DAMAGE = (RuleViolation, KeyError, TypeError, ValueError, AttributeError, IndexError)
"""What reading or replaying a damaged log row can raise."""


def decode_events(stored: Iterable[store.StoredEvent], tournament_id: int = 0) -> list[Event]:
    stored = list(stored)
    try:
        plans: dict[tuple[str, int], Callable[[dict[str, object]], Event]] = {}
        events = []
        for item in stored:
            kind = (item.type, item.version)
            plan = plans.get(kind)
            if plan is None:
                plan = plans[kind] = EVENTS.decoder(item.type, item.version)
            events.append(plan(item.payload))
        return events
    except DAMAGE:
        pass  # find the row, to name it (off the fast path)
    for item in stored:
        try:
            EVENTS.from_record(item.type, item.version, item.payload)
        except DAMAGE as error:
            raise store.log_damaged(
                tournament_id, item.entry_seq, f"event {item.seq}: {error}"
            ) from None
    raise store.log_damaged(tournament_id, "?", "unreadable events")


class Read(NamedTuple):
    """An event as read up to an entry: its history and state, and the last entry
    and event read (a snapshot's, or the whole log's)."""

    history: History
    state: TournamentState
    last_entry: int
    last_event: int


class Log(NamedTuple):
    """The log after a snapshot (or from the start), read and checked but not yet
    folded: the history, each command's events, the last entry and event."""

    history: History
    groups: dict[int, list[Event]]
    last_entry: int
    last_event: int


def read_quickly(
    connection: store.AnyConnection, tournament: int, row: store.RawTournament, start: Read
) -> Read | None:
    """The log after ``start`` read and folded into its state in one pass, with
    the database counting the entries rather than returning them; None at the
    first thing out of the ordinary, for ``read_carefully`` to name (or
    accept).

    Every entry between the undo and redo entries is a command: the database
    says how many entries there are, that their numbers are distinct and
    follow ``start`` without a gap, and returns only the entries that are not
    commands, from which the history is worked out. Then each event is checked,
    decoded (each kind planned once) and, if its command is in force, applied
    at once: the groups in force are in the order of the log. What this
    accepts, the careful reading accepts too, with the same history and state.
    """
    after = start.last_entry
    span = store.entry_span(connection, tournament, after)
    count = span.count
    if type(count) is not int or span.distinct != count:
        return None
    end = after + count
    if count and (span.first != after + 1 or span.last != end):
        return None
    if type(row.last_entry) is int and row.last_entry > end:
        return None  # entries missing at the end
    markers = store.load_markers(connection, tournament, after)
    history = start.history.copy()
    marker_seqs: set[int] = set()
    position = after + 1
    try:
        for seq, action, target in markers:
            if type(seq) is not int or type(target) is not int:
                return None
            history.record_all(range(position, seq))
            if action == UNDO:
                history.undo(target)
            elif action == REDO:
                history.redo(target)
            else:
                return None
            marker_seqs.add(seq)
            position = seq + 1
        history.record_all(range(position, end + 1))
    except RuleViolation:
        return None
    base_done = start.history.done
    done = history.done
    if done[: len(base_done)] != base_done or (
        len(done) > len(base_done) and done[len(base_done)] <= after
    ):
        return None  # a group from before the snapshot is back in force
    in_force = set(done[len(base_done) :])

    read = store.load_event_rows(connection, tournament, after)
    if read is None:
        return None
    rows, payloads = read
    state = start.state
    plans: dict[tuple[str, int], Callable[[dict[str, object]], Event]] = {}
    expected = start.last_event + 1
    current = after
    commands_with_events = 0
    applying = False
    in_force_events: list[Event] = []
    try:
        for (seq, entry_seq, kind, version, _text), payload in zip(rows, payloads, strict=True):
            if seq != expected:
                return None
            expected += 1
            if entry_seq != current:
                # A new command's events: later than the previous one's, a
                # command of this log.
                if (
                    type(entry_seq) is not int
                    or entry_seq <= current
                    or entry_seq > end
                    or entry_seq in marker_seqs
                ):
                    return None
                current = entry_seq
                commands_with_events += 1
                applying = entry_seq in in_force
            plan = plans.get((kind, version))
            if plan is None:
                plan = plans[(kind, version)] = EVENTS.decoder(kind, version, plain_errors=True)
            event = plan(payload)
            if applying:
                in_force_events.append(event)
        state = fold(in_force_events, state)
    except DAMAGE:
        return None
    if commands_with_events != count - len(marker_seqs):
        return None  # a command without events
    if type(row.last_event) is int and row.last_event >= expected:
        return None  # events missing at the end
    return Read(history=history, state=state, last_entry=end, last_event=expected - 1)


def read_carefully(
    connection: store.AnyConnection, tournament: int, row: store.RawTournament, start: Read
) -> Log:
    """The log after ``start``, every row read and checked: a damaged or missing
    row is an error naming its entry."""
    entries = store.load_history(connection, tournament, after=start.last_entry)
    stored_events = store.load_events(connection, tournament, after_entry=start.last_entry)
    check_log(tournament, entries, stored_events, row, start.last_entry, start.last_event)

    # Every event decoded in one pass (each kind planned once), then grouped.
    grouped: dict[int, list[Event]] = {}
    for item, decoded in zip(stored_events, decode_events(stored_events, tournament), strict=True):
        group_events = grouped.get(item.entry_seq)
        if group_events is None:
            grouped[item.entry_seq] = [decoded]
        else:
            group_events.append(decoded)
    history = start.history.copy()
    groups: dict[int, list[Event]] = {}
    for seq, action, target in entries:
        try:
            if action == COMMAND:
                history.record(seq)
                groups[seq] = grouped[seq]
            elif target is None:
                # Refused by _check_log already: an undo or a redo names its entry.
                raise store.log_damaged(tournament, seq, f"{action} of no entry")
            elif action == UNDO:
                history.undo(target)
            else:
                history.redo(target)
        except RuleViolation as error:
            raise store.log_damaged(tournament, seq, error) from None
    return Log(
        history=history,
        groups=groups,
        last_entry=entries[-1][0] if entries else start.last_entry,
        last_event=stored_events[-1].seq if stored_events else start.last_event,
    )


def from_snapshot(
    snapshot: store.StoredSnapshot | None, row: store.RawTournament
) -> tuple[TournamentState, History, int] | None:
    """The state, history and last event a snapshot holds; None if it is unusable
    (then the whole log is replayed: a snapshot is only a cache)."""
    if snapshot is None:
        return None
    try:
        state = codec.decode(TournamentState, snapshot.state)
        history = History(
            whole_numbers(snapshot.history["done"]),
            whole_numbers(snapshot.history["undone"]),
        )
        if type(snapshot.entry_seq) is not int or type(snapshot.event_seq) is not int:
            raise TypeError("snapshot position")
        if type(row.last_entry) is int and snapshot.entry_seq > row.last_entry:
            raise ValueError("snapshot after the end of the log")
    except DAMAGE:
        return None
    return state, history, snapshot.event_seq


def check_log(
    tournament: int,
    entries: Sequence[tuple[int, str, int | None]],
    events: Sequence[store.StoredEvent],
    row: store.RawTournament,
    last_entry: int,
    last_event: int,
) -> None:
    """Refuse a log with a gap or a row this version cannot read, naming the entry.

    Every entry follows the previous one, is a command, an undo or a redo, and
    every command has its events, numbered without a gap: a row that was
    deleted or changed by hand is found here rather than silently missing.
    """
    commands: set[int] = set()
    expected = last_entry + 1
    for seq, action, target in entries:
        if seq != expected:
            raise store.log_damaged(tournament, expected, "entry missing")
        if action == COMMAND:
            commands.add(seq)
        elif action not in (UNDO, REDO) or type(target) is not int:
            raise store.log_damaged(tournament, seq, f"unknown action {action!r}")
        expected += 1
    summary_entry = row.last_entry if type(row.last_entry) is int else None
    if summary_entry is not None and summary_entry >= expected:
        raise store.log_damaged(tournament, expected, "entry missing")
    expected_event = last_event + 1
    with_events: set[int] = set()
    for item in events:
        if item.seq != expected_event:
            raise store.log_damaged(tournament, item.entry_seq, f"event {expected_event} missing")
        if item.entry_seq not in commands:
            raise store.log_damaged(tournament, item.entry_seq, f"event {item.seq} has no command")
        with_events.add(item.entry_seq)
        expected_event += 1
    summary_event = row.last_event if type(row.last_event) is int else None
    if summary_event is not None and summary_event >= expected_event:
        entry = max(commands) if commands else expected - 1
        raise store.log_damaged(tournament, entry, f"event {expected_event} missing")
    for seq in sorted(commands - with_events):
        raise store.log_damaged(tournament, seq, "events missing")


def whole_numbers(values: object) -> list[int]:
    if not isinstance(values, list) or any(type(value) is not int for value in values):
        raise TypeError("expected a list of whole numbers")
    return values
