"""A session on one event: every change goes through ``dispatch``, ``undo`` or ``redo``.

Each action writes one log entry (with its events) in a single SQLite
transaction and only then updates the state held in memory, so what the
screen shows is never ahead of what is on disk. Undo and redo are log
entries too: nothing already written is ever changed.

Opening an event reads its latest snapshot and replays the entries after it
(``log_reading``); what is written beside the log in the same transaction (the
event list's line, a finished tournament's results) is ``beside_log``'s. States
after recent entries are kept in memory, so undo and redo are instant; an undo
reaching further back than that replays the log from the start.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from director.app.night.beside_log import keep_look_assets, keep_results_summary, summary_of
from director.app.night.changes import Changes, Origin, changed_aspects
from director.app.night.log_reading import (
    COMMAND,
    DAMAGE,
    REDO,
    UNDO,
    Log,
    Read,
    decode_events,
    from_snapshot,
    paused_garbage_collector,
    read_carefully,
    read_quickly,
)
from director.app.night.notices import Listener, Notifier, Subscription
from director.app.night.timesource import Now, wall_clock
from director.core import codec
from director.core.apply import fold
from director.core.errors import RuleViolation
from director.core.events import EVENTS, Event
from director.core.history import History
from director.core.ids import Instant
from director.core.messages import Message
from director.core.state import TournamentState
from director.persistence import store
from director.persistence.db import Database, StoreError

if TYPE_CHECKING:
    # Imported when a command comes (``_decide``, ``_entry``): reading an event
    # (``director status``, a follower) needs the events only, not the ~50
    # command classes and their rules.
    from director.core.commands import Command, CreateTournament

STATE_FORMAT = 6
"""Bump when ``TournamentState`` changes shape or meaning: older snapshots are then
ignored. 2: a finished event's clock is stopped at the last bust. 3: each level
carries its betting; bounty draws, chip set and prize money settings. 4: each
envelope drawn knows which of the player's busts drew it, each bust record where
it stands among the ledger's movements and whether it came after a deal (an old
snapshot lacks them: the log, replayed, has them). 5: each table knows when its
hand began; hand-for-hand no longer waits for a table that cannot deal. 6: the clock
keeps the planned start."""
SNAPSHOT_EVERY = 1_000
"""Events between snapshots."""
STATES_KEPT = 256
"""States kept in memory for instant undo."""

WriteRunner = Callable[[Callable[[], None]], None]
"""Runs one write to the database (the function it is given) and returns once it is
done, raising what it raised. The window runs a club server's writes on a thread of
their own and keeps painting meanwhile (``gui.controller``); ``write_here`` runs it
on the caller's thread (the command line, ``director serve``, the tests)."""


def write_here(write: Callable[[], None]) -> None:
    """Run ``write`` at once, on this thread."""
    write()


def _label_data(message: Message) -> dict[str, object]:
    return {"code": message.code, "args": dict(message.args)}


def _label_from(data: dict[str, object]) -> Message | None:
    code = data.get("code")
    if not isinstance(code, str):
        return None
    args = data.get("args")
    return Message(code, dict(args) if isinstance(args, dict) else {})


def _decide(state: TournamentState, command: Command, now: Instant) -> list[Event]:
    """The rules' ``decide``, imported on the first command (see the imports above)."""
    from director.core.decide import decide

    return decide(state, command, now)


@dataclass
class _Loaded:
    state: TournamentState
    history: History
    last_entry: int
    last_event: int
    snapshot_event: int
    notices: list[Message]


class TournamentSession:
    """The live state of one event and the only way to change it."""

    def __init__(
        self,
        database: Database,
        tournament_id: int,
        *,
        clock: Now = wall_clock,
        reading: bool = False,
    ) -> None:
        """Open the event ``tournament_id`` of ``database``.

        ``reading``: only to read it (a league's standings, a report, the command
        line): no lease is taken, nothing can be changed, and nothing is ever written
        to the database, not even at close. A database opened read-only gives such
        a session whatever ``reading`` says.
        """
        self.database = database
        self.tournament_id = tournament_id
        self._clock = clock
        self._reading = reading or bool(database.readonly)
        self._appended = False
        """Whether this session wrote to the event's log (then its close snapshots)."""
        self.write_runner: WriteRunner = write_here
        """How writes run (see ``WriteRunner``)."""
        self._saving = False
        self._labels: dict[int, Message] = {}
        self._origins: dict[int, Origin | None] = {}
        self._group_events: dict[int, list[Event]] = {}
        self._listeners: Notifier[Changes] = Notifier(f"event {tournament_id}")
        # On a shared server, this copy becomes the event's one writer (or is told
        # which copy is); only reading, it takes nothing. Then the log is read.
        if not self._reading:
            database.take_lease(tournament_id)
        try:
            loaded = self._load()
        except BaseException:
            if not self._reading:
                database.release_lease(tournament_id)
            raise
        self.notices: list[Message] = loaded.notices
        """What opening the event had to work around (a damaged snapshot), to say once."""
        self._take(loaded)

    def _take(self, loaded: _Loaded) -> None:
        self._state = loaded.state
        self._history = loaded.history
        self._last_entry = loaded.last_entry
        self._last_event = loaded.last_event
        self._snapshot_event = loaded.snapshot_event
        # _states[k] is the state after the first k groups of done + reversed(undone).
        self._states: dict[int, TournamentState] = {len(self._history.done): self._state}
        self._states_top = len(self._history.done)
        """The highest key of ``_states``: a command checks it, not every key."""

    def reload(self) -> Changes:
        """Read the event again from the database: a copy that follows an event written
        by another copy calls this when told it changed. Returns what changed."""
        if self._saving:
            raise RuleViolation("saving_pending")  # the write under way decides first
        old_state = self._state
        loaded = self._load()
        self._labels.clear()
        self._origins.clear()
        self._group_events.clear()
        self._take(loaded)
        return self._told(Changes(action=COMMAND, aspects=changed_aspects(old_state, self._state)))

    # -- listening ----------------------------------------------------------

    def subscribe(self, listener: Listener[Changes]) -> Subscription:
        """Call ``listener(changes)`` after every dispatch, undo, redo and reload, once
        the change is written and the state updated: views, the clock feed and a
        web server follow the event this way, without Qt. A listener that raises is
        logged; the others are still told and the change stands."""
        return self._listeners.subscribe(listener)

    def unsubscribe(self, listener: Listener[Changes]) -> bool:
        return self._listeners.unsubscribe(listener)

    def announce(self, changes: Changes) -> None:
        """Tell the listeners about a change that is not in the event's log but changes
        how it reads (the currency, the language): they redraw ``changes.aspects``."""
        self._listeners.notify(changes)

    def _told(self, changes: Changes) -> Changes:
        self._listeners.notify(changes)
        return changes

    @property
    def following(self) -> bool:
        """Whether this copy only follows the event (read-only): nothing can be changed."""
        return bool(self.database.readonly)

    def written_elsewhere(self) -> StoreError | None:
        """Whether this copy lost the event on a club's server: its hold on it lapsed
        (it could not renew it in time) and another copy writes it now, or another
        copy deleted or replaced it. Returns the error a write would now meet (naming
        the copy that writes it), else None. Asking costs nothing until then."""
        if self._reading or self.tournament_id not in getattr(self.database, "lost_leases", ()):
            return None
        try:
            found = self.database.writer_elsewhere(self.tournament_id)
        except StoreError as error:
            return error
        return found or StoreError("event_lease_removed", event=self.tournament_id)

    @property
    def reading(self) -> bool:
        """Whether this session only reads the event: it never writes to the database."""
        return self._reading

    @property
    def saving(self) -> bool:
        """Whether a write is under way (the database has not answered yet): nothing
        else can be changed until it has, and nothing is shown as done before."""
        return self._saving

    def _read_only_refusal(self) -> RuleViolation | None:
        if self.following:
            return RuleViolation("following_read_only")
        if self._reading:
            return RuleViolation("session_read_only")
        if self._saving:
            return RuleViolation("saving_pending")
        return None

    def _require_writing(self) -> None:
        """Refuse any write from a session opened only to read its event, or while
        another write is waiting for the database."""
        if self._reading and not self.following:
            raise RuleViolation("session_read_only")
        if self._saving:
            raise RuleViolation("saving_pending")

    def _run_write(self, write: Callable[[], None]) -> None:
        """Run one write through ``write_runner``; the session is *saving* meanwhile."""
        self._saving = True
        try:
            self.write_runner(write)
        finally:
            self._saving = False

    # -- creating -----------------------------------------------------------

    @classmethod
    def create(
        cls, database: Database, command: CreateTournament, *, clock: Now = wall_clock
    ) -> TournamentSession:
        """Create a new event from ``command`` and open a session on it."""
        now = clock()
        events = _decide(TournamentState(), command, now)
        state = fold(events)
        with database.transaction() as connection:
            tournament_id = store.insert_tournament(connection, summary_of(state), at=now)
            store.append(
                connection,
                tournament_id,
                cls._entry(1, COMMAND, None, command, command.label(state), now),
                cls._stored_events(1, 0, events),
                summary_of(state),
            )
        session = cls(database, tournament_id, clock=clock)
        session._appended = True  # it wrote the event's first entry: its close snapshots
        return session

    # -- reading ------------------------------------------------------------

    @property
    def state(self) -> TournamentState:
        return self._state

    @property
    def last_entry(self) -> int:
        """The last entry of the event's log this session has read or written."""
        return self._last_entry

    @property
    def history(self) -> History:
        return self._history.copy()

    def now(self) -> int:
        return self._clock()

    def can_undo(self) -> bool:
        return self._history.can_undo() and self._history.next_undo() != 1

    def can_redo(self) -> bool:
        return self._history.can_redo()

    def undo_label(self) -> Message | None:
        """What undo would take back, or None."""
        return self._label_of(self._history.next_undo()) if self.can_undo() else None

    def redo_label(self) -> Message | None:
        """What redo would bring back, or None."""
        return self._label_of(self._history.next_redo()) if self.can_redo() else None

    def undo_origin(self) -> Origin | None:
        """The paired phone that sent what undo would take back (None: the console)."""
        return self._origin_of(self._history.next_undo()) if self.can_undo() else None

    def redo_origin(self) -> Origin | None:
        """The paired phone that sent what redo would bring back (None: the console)."""
        return self._origin_of(self._history.next_redo()) if self.can_redo() else None

    def refusal(self, command: Command) -> RuleViolation | None:
        """Why the rules would refuse ``command`` now, or None if they would accept it.

        Runs the same pure ``decide`` as ``dispatch`` and writes nothing, so a
        button, a hotkey, a menu entry or a remote can be enabled exactly when
        the action would succeed, with the reason as its hint.
        """
        refused = self._read_only_refusal()
        if refused is not None:
            return refused
        try:
            _decide(self._state, command, self._clock())
        except RuleViolation as violation:
            return violation
        return None

    def refusal_moment(self) -> tuple[int, ...]:
        """A value that changes whenever the passing of time alone could change an
        answer of ``refusal``: the rules read the clock only through its level (the
        re-buy period, late entries) and whether the level's time is untouched or
        spent (adjusting it), so a view asking again each second can skip the
        seconds where this stays the same."""
        from director.core import clock as clk

        state = self._state
        here = clk.view(state.clock, state.structure, self._clock())
        spent = here.remaining is not None and here.remaining <= 0
        return (id(state), here.index, int(here.elapsed == 0), int(spent), int(self._saving))

    def undo_refusal(self) -> RuleViolation | None:
        """Why undo would be refused now (nothing to undo), or None."""
        refused = self._read_only_refusal()
        if refused is not None:
            return refused
        return None if self.can_undo() else RuleViolation("nothing_to_undo")

    def redo_refusal(self) -> RuleViolation | None:
        """Why redo would be refused now (nothing to redo), or None."""
        refused = self._read_only_refusal()
        if refused is not None:
            return refused
        return None if self.can_redo() else RuleViolation("nothing_to_redo")

    # -- changing -----------------------------------------------------------

    def dispatch(self, command: Command, *, origin: Origin | None = None) -> Changes:
        """Apply ``command``: decide, write durably, then update the state.

        ``origin``: the paired phone that sent it, kept with its log entry (None: the
        console). Raises ``RuleViolation`` (nothing written) when the rules refuse it.
        """
        self._require_writing()
        now = self._clock()
        events = _decide(self._state, command, now)
        if not events:
            return self._told(Changes(action=COMMAND, aspects=frozenset()))
        new_state = fold(events, self._state)
        seq = self._last_entry + 1
        label = command.label(self._state)
        self._write(
            self._entry(seq, COMMAND, None, command, label, now, origin),
            self._stored_events(seq, self._last_event, events),
            new_state,
        )
        self._last_event += len(events)
        old_state = self._state
        self._history.record(seq)
        self._labels[seq] = label
        self._origins[seq] = origin
        self._group_events[seq] = events
        self._forget_states_beyond(self._history.done_count - 1)
        self._remember(new_state)
        self._maybe_snapshot()
        return self._told(
            Changes(
                action=COMMAND,
                aspects=changed_aspects(old_state, new_state),
                events=tuple(events),
                label=label,
                origin=origin,
            )
        )

    def undo(self) -> Changes:
        """Take back the last command still in force."""
        refused = self.undo_refusal()
        if refused is not None:
            raise refused
        target = self._history.next_undo()
        done = self._history.done[:-1]
        new_state = self._state_after(done)
        now = self._clock()
        seq = self._last_entry + 1
        self._write(self._marker(seq, UNDO, target, now), [], new_state)
        self._history.undo(target)
        return self._moved_to(new_state, UNDO, self._label_of(target))

    def redo(self) -> Changes:
        """Bring back the last command undone."""
        refused = self.redo_refusal()
        if refused is not None:
            raise refused
        target = self._history.next_redo()
        done = (*self._history.done, target)
        new_state = self._state_after(done)
        now = self._clock()
        seq = self._last_entry + 1
        self._write(self._marker(seq, REDO, target, now), [], new_state)
        self._history.redo(target)
        return self._moved_to(new_state, REDO, self._label_of(target))

    def mark_alive(self, *, running: bool) -> None:
        """Note that the app is alive (while the clock runs), or clear the mark."""
        if self._saving:
            return  # a courtesy mark: the write under way says the app is alive
        self._require_writing()
        at = self._clock() if running else None

        def write() -> None:
            with self.database.transaction() as connection:
                store.mark_alive(connection, self.tournament_id, at)

        self._run_write(write)

    def alive_at(self) -> int | None:
        """When the app last said it was alive with this event's clock running."""
        with self.database.reading() as connection:
            row = store.get_tournament(connection, self.tournament_id)
        alive = None if row is None else row.alive_at
        return alive if type(alive) is int else None

    def save_draft(self, name: str, data: object) -> None:
        """Keep a page's work in progress for this event (not part of its record)."""
        self._require_writing()
        at = self._clock()

        def write() -> None:
            with self.database.transaction() as connection:
                store.save_draft(connection, self.tournament_id, name, data, at=at)

        self._run_write(write)

    def load_draft(self, name: str) -> object:
        with self.database.reading() as connection:
            return store.load_draft(connection, self.tournament_id, name)

    def close(self) -> None:
        """Write a snapshot if this session wrote to the log since the last one, or
        found the last one damaged (a session that only looked at a sound event writes
        nothing), and let go of the event."""
        if self._saving:
            raise RuleViolation("saving_pending")  # its outcome is not known yet
        self._listeners.clear()
        if self._reading:
            return
        try:
            # A damaged snapshot found on opening is replaced too (the app repairs it,
            # so the next open neither replays it all nor warns again).
            repair = any(notice.code == "snapshot_damaged" for notice in self.notices)
            if (self._appended or repair) and self._last_event > self._snapshot_event:
                self.snapshot()
        finally:
            self.database.release_lease(self.tournament_id)

    def snapshot(self) -> None:
        """Store the current state and history, so the next open replays little."""
        self._require_writing()
        snapshot = store.StoredSnapshot(
            entry_seq=self._last_entry,
            event_seq=self._last_event,
            state_format=STATE_FORMAT,
            state=codec.encode(self._state),
            history={"done": list(self._history.done), "undone": list(self._history.undone)},
        )
        from director.app.club.balances import keep_night

        at, state, last_entry = self._clock(), self._state, self._last_entry

        def write() -> None:
            with self.database.transaction() as connection:
                # Only the event's writer: not into an event deleted or taken over.
                self.database.check_lease(connection, self.tournament_id)
                store.save_snapshot(connection, self.tournament_id, snapshot, at=at)
                # What the club's balances read of this night, kept with the snapshot.
                keep_night(connection, self.tournament_id, last_entry, state)

        self._run_write(write)
        self._snapshot_event = self._last_event

    # -- internals ----------------------------------------------------------

    @staticmethod
    def _entry(
        seq: int,
        action: str,
        target: int | None,
        command: Command,
        label: Message,
        at: int,
        origin: Origin | None = None,
    ) -> store.StoredEntry:
        from director.core.commands import COMMANDS

        name, version, payload = COMMANDS.to_record(command)
        return store.StoredEntry(
            seq=seq,
            action=action,
            target=target,
            type=name,
            version=version,
            payload=payload,
            label=_label_data(label),
            at=at,
            origin=origin.to_text() if origin is not None else "",
        )

    @staticmethod
    def _marker(seq: int, action: str, target: int, at: int) -> store.StoredEntry:
        return store.StoredEntry(
            seq=seq, action=action, target=target, type="", version=1, payload={}, label={}, at=at
        )

    @staticmethod
    def _stored_events(
        entry_seq: int, last_event: int, events: Sequence[Event]
    ) -> list[store.StoredEvent]:
        stored = []
        for offset, event in enumerate(events, start=1):
            name, version, payload = EVENTS.to_record(event)
            stored.append(
                store.StoredEvent(
                    seq=last_event + offset,
                    entry_seq=entry_seq,
                    type=name,
                    version=version,
                    payload=payload,
                    at=event.at,
                )
            )
        return stored

    def _write(
        self,
        entry: store.StoredEntry,
        events: Sequence[store.StoredEvent],
        new_state: TournamentState,
    ) -> None:
        look = new_state.tv_look
        names = look.assets() if look is not None and look != self._state.tv_look else ()
        old_state, summary = self._state, summary_of(new_state)

        def write() -> None:
            # Runs on the writer's thread: it reads only what is given here, and the
            # session changes nothing until it returns (every change is refused
            # while ``saving``).
            event, database = self.tournament_id, self.database
            with database.transaction() as connection:
                database.check_lease(connection, event)
                store.append(connection, event, entry, events, summary)
                keep_results_summary(connection, event, entry.seq, old_state, new_state)
                if names:
                    keep_look_assets(connection, database, names, strict=entry.action == COMMAND)

        self._run_write(write)
        self._last_entry = entry.seq
        self._appended = True

    def _moved_to(self, new_state: TournamentState, action: str, label: Message | None) -> Changes:
        old_state = self._state
        self._remember(new_state)
        return self._told(
            Changes(action=action, aspects=changed_aspects(old_state, new_state), label=label)
        )

    def _remember(self, state: TournamentState) -> None:
        self._state = state
        states = self._states
        key = self._history.done_count
        states[key] = state
        self._states_top = max(self._states_top, key)
        if len(states) > STATES_KEPT + STATES_KEPT // 8:
            # The lowest go, several at a time: looking for the lowest of hundreds
            # of keys on every command would cost more than the rest of its
            # bookkeeping.
            for old in sorted(states)[: len(states) - STATES_KEPT]:
                del states[old]

    def _forget_states_beyond(self, length: int) -> None:
        if self._states_top <= length:
            return  # the usual case: nothing was undone
        for key in [key for key in self._states if key > length]:
            del self._states[key]
        self._states_top = length

    def _state_after(self, done: Sequence[int]) -> TournamentState:
        cached = self._states.get(len(done))
        if cached is not None:
            return cached
        return self._rebuild(done)

    def groups_in_force(self) -> list[list[Event]]:
        """The events of each command in force, in the log's order (those not read
        yet are read from the log once): what the state is the fold of."""
        done = self._history.done
        self._read_groups(done)
        return [self._group_events[group] for group in done]

    def _rebuild(self, done: Sequence[int]) -> TournamentState:
        self._read_groups(done)
        state = TournamentState()
        for group in done:
            state = fold(self._group_events[group], state)
        return state

    def _read_groups(self, done: Sequence[int]) -> None:
        missing = [group for group in done if group not in self._group_events]
        if missing:
            with self.database.reading() as connection:
                stored = store.load_events(connection, self.tournament_id, entries=missing)
            grouped: dict[int, list[store.StoredEvent]] = {}
            for item in stored:
                grouped.setdefault(item.entry_seq, []).append(item)
            for group in missing:
                self._group_events[group] = decode_events(
                    grouped.get(group, []), self.tournament_id
                )

    def _label_of(self, seq: int) -> Message | None:
        if seq not in self._labels:
            self._read_entry_notes(seq)
        return self._labels.get(seq)

    def _origin_of(self, seq: int) -> Origin | None:
        if seq not in self._origins:
            self._read_entry_notes(seq)
        return self._origins.get(seq)

    def _read_entry_notes(self, seq: int) -> None:
        """The label and origin of entry ``seq``, read from the log once."""
        try:
            with self.database.reading() as connection:
                entry = store.load_entry(connection, self.tournament_id, seq)
        except StoreError:
            return  # a label and an origin are only words for the Edit menu
        if entry is None:
            return
        label = _label_from(entry.label)
        if label is not None:
            self._labels[seq] = label
        self._origins[seq] = Origin.from_text(entry.origin)

    def _maybe_snapshot(self) -> None:
        if self._last_event - self._snapshot_event >= SNAPSHOT_EVERY:
            self.snapshot()

    def _load(self) -> _Loaded:
        # Replay allocates tens of thousands of objects and frees none of them in
        # cycles; the garbage collector's passes over them would only add time.
        with paused_garbage_collector():
            return self._load_now()

    def _load_now(self) -> _Loaded:
        notices: list[Message] = []
        with self.database.reading() as connection:
            row = store.get_tournament(connection, self.tournament_id)
            if row is None:
                raise StoreError("event_unknown", event=self.tournament_id)
            try:
                snapshot = store.latest_snapshot(connection, self.tournament_id, STATE_FORMAT)
            except store.SnapshotDamaged:
                snapshot = None
                notices.append(Message("snapshot_damaged", {"event": self.tournament_id}))
            base = from_snapshot(snapshot, row)
            if base is None and snapshot is not None:
                snapshot = None
                notices.append(Message("snapshot_damaged", {"event": self.tournament_id}))
            state, history, snapshot_event = base or (TournamentState(), History(), 0)
            start = Read(
                history=history,
                state=state,
                last_entry=snapshot.entry_seq if snapshot else 0,
                last_event=snapshot.event_seq if snapshot else 0,
            )
            read = self._read_log_quickly(connection, row, start)
            log = self._read_log_carefully(connection, row, start) if read is None else None
        if log is not None:
            # Folded once the reading is over: a group from before the snapshot
            # is read again in a reading of its own.
            read = self._fold_log(start, log)
        assert read is not None
        self._history = read.history
        return _Loaded(
            state=read.state,
            history=read.history,
            last_entry=read.last_entry,
            last_event=read.last_event,
            snapshot_event=snapshot_event,
            notices=notices,
        )

    def _read_log_quickly(
        self, connection: store.AnyConnection, row: store.RawTournament, start: Read
    ) -> Read | None:
        """See ``log_reading.read_quickly``."""
        return read_quickly(connection, self.tournament_id, row, start)

    def _read_log_carefully(
        self, connection: store.AnyConnection, row: store.RawTournament, start: Read
    ) -> Log:
        """See ``log_reading.read_carefully``."""
        return read_carefully(connection, self.tournament_id, row, start)

    def _fold_log(self, start: Read, log: Log) -> Read:
        """The state after a log read carefully: the groups in force folded in turn
        (a group from before the snapshot read again), a fold that fails naming its
        group."""
        self._group_events.update(log.groups)
        base_done = start.history.done
        done = log.history.done
        state = start.state
        group = 0
        try:
            if done[: len(base_done)] == base_done:
                for group in done[len(base_done) :]:
                    if group not in self._group_events:
                        state = self._rebuild_groups_into(state, [group])
                    else:
                        state = fold(self._group_events[group], state)
            else:
                state = self._rebuild(done)
        except StoreError:
            raise
        except DAMAGE as error:
            raise store.log_damaged(self.tournament_id, group or "?", error) from None
        return Read(
            history=log.history,
            state=state,
            last_entry=log.last_entry,
            last_event=log.last_event,
        )

    def _rebuild_groups_into(self, state: TournamentState, groups: list[int]) -> TournamentState:
        with self.database.reading() as connection:
            stored = store.load_events(connection, self.tournament_id, entries=groups)
        for group in groups:
            self._group_events[group] = decode_events(
                (item for item in stored if item.entry_seq == group), self.tournament_id
            )
            state = fold(self._group_events[group], state)
        return state
