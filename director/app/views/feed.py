"""The clock feed: the one place that reads the clock for every view of an event.

The TV window, the console's clock page and the seat draw (and a web server
beside them) are views of one feed per open session. The feed works out the
display data once per change of the shown second, and at once when the event
changes (it follows the session's change notices); it finds the cues to
announce (one minute left, a new level, a break) exactly once per transition;
it says how long to sleep until the shown time next changes, and when an
"alive" mark is due while the clock runs. Its listeners get typed values.

It runs in no loop of its own: whatever drives it (the GUI's one QTimer, a web
server's event loop, a test's fake clock) calls ``advance`` when woken and
sleeps ``wake_in`` milliseconds after. No Qt here.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, Protocol

from director import i18n
from director.app.night.changes import Changes
from director.app.night.notices import Listener, Notifier, Subscription
from director.app.tv.tv_layout import shows_league_table
from director.app.views.display import (
    DisplayData,
    StateParts,
    display_data,
    display_json,
    next_display_change,
    state_parts,
)
from director.app.views.live_league import LeagueSource, league_source
from director.core import clock as clk
from director.core.frozen import Record, dataclass, evolve
from director.core.ids import Instant
from director.core.moments import Moments, moment_cues, moments
from director.core.state import TournamentState
from director.core.tv import TvLook

ALIVE_EVERY_MS = 2_000
"""How often the app marks itself alive while the clock runs (see ``app.night.resume``)."""

ONCE_A_NIGHT = frozenset({clk.CueKind.BUBBLE, clk.CueKind.FINAL_TABLE})
"""Moments announced once while the event is open, even if undone and done again."""


class Source(Protocol):
    """What the feed reads: an open session (``TournamentSession`` is one)."""

    @property
    def state(self) -> TournamentState: ...

    @property
    def following(self) -> bool: ...

    def now(self) -> int: ...

    def subscribe(self, listener: Callable[[Changes], object]) -> Subscription: ...


class ShotCueKind(StrEnum):
    WARNING = "warning"
    """A shot clock's last ten seconds begin."""
    TIME = "time"
    """A shot clock ran out."""


@dataclass(frozen=True, eq=False, repr=False)
class ShotCue(Record):
    """What a shot clock makes the room hear, once: ``kind`` at ``table``."""

    kind: ShotCueKind
    table: int


@dataclass(frozen=True, eq=False, repr=False)
class Tick(Record):
    """One reading of the feed: what to show, what to announce, when to wake."""

    data: DisplayData
    """What every view shows now (in the app's language)."""
    cues: tuple[clk.Cue, ...] = ()
    """What happened since the previous reading, to announce once, in order."""
    fresh: bool = False
    """``data`` was worked out anew (the shown second or the event changed)."""
    wake_in: int | None = None
    """Milliseconds until the next reading is due (at least 1); None: nothing changes
    until the event does (a paused clock, an event over)."""
    alive_due: bool = False
    """Mark the app alive now (the driver writes it through the session)."""
    changes: Changes | None = None
    """The change of the event that brought this reading (None: time passing)."""
    told: bool = False
    """The listeners were given this reading (new data or cues)."""
    shot_cues: tuple[ShotCue, ...] = ()
    """Shot clocks that began their last ten seconds or ran out since the previous
    reading, to sound once."""

    @property
    def at(self) -> int:
        return self.data.timing.computed_at


class ClockFeed:
    """The clock of one open session, for every view of it.

    ``advance(now)`` reads the clock and returns a ``Tick``; listeners (any
    callable taking a ``Tick``) are told each reading with new data or cues, so
    several views share one computation per second. ``close()`` stops following
    the session.
    """

    def __init__(
        self,
        source: Source,
        *,
        alive_every_ms: int = ALIVE_EVERY_MS,
        league: LeagueSource | bool | None = True,
        default_look: Callable[[], TvLook] | None = None,
    ) -> None:
        """``league``: the live league table's section of a state; True (the
        default) finds it for an open session's event (``live_league``), False or
        None shows none. It is shown only when the TV's look has it: the event's,
        else ``default_look()`` (by default the settings' look for new events)."""
        self.source = source
        self.alive_every_ms = alive_every_ms
        self._league: LeagueSource | None = (
            league_source(source) if league is True else league or None
        )
        self._default_look = default_look
        self._listeners: Notifier[Tick] = Notifier("the clock feed")
        self._view: clk.ClockView | None = None
        self._show_seats = False
        self._generation = 0
        """Bumped by each change notice: nothing worked out before is used again."""
        self._parts: dict[str, tuple[TournamentState, tuple[object, ...], StateParts]] = {}
        """The time-free parts of the display per language, with what they were made from."""
        self._made_from: tuple[TournamentState | None, tuple[object, ...]] = (None, ())
        """The state the last data was worked out from (compared by identity) and the
        rest of what it depends on: generation, language, currency."""
        self._valid_until: int | None = None
        self._other: dict[str, tuple[DisplayData, DisplayData]] = {}
        """Data in other languages, each with the app's data it was made beside."""
        self._payloads: dict[str, tuple[DisplayData, dict[str, Any]]] = {}
        self._last_alive: int | None = None
        self._moments: tuple[TournamentState, Moments] | None = None
        """The room's moments (bubble, final table, message) of the last state read."""
        self._announced: set[clk.CueKind] = set()
        self._shots: dict[int, tuple[int, int]] = {}
        """Each shown shot clock's table: (when it started, its phase: 0 counting, 1 its
        last ten seconds, 2 over), as last read."""
        self.computed = 0
        """How many times the display data was worked out (for tests and benchmarks)."""
        self._last: Tick | None = None
        self._subscription: Subscription | None = source.subscribe(self._on_change)
        self._read(Instant(source.now()), None, notify=False)

    # -- reading ------------------------------------------------------------

    @property
    def data(self) -> DisplayData:
        """What the views show, as of the last reading."""
        return self.tick.data

    @property
    def tick(self) -> Tick:
        """The last reading."""
        assert self._last is not None  # read once when made
        return self._last

    @property
    def showing_seats(self) -> bool:
        return self._show_seats

    def advance(self, now: int | None = None) -> Tick:
        """Read the clock at ``now`` (by default the session's time): the cues since the
        previous reading, the display data (worked out again only when the shown
        second moved or the event changed), when to wake next, whether an alive
        mark is due. Listeners are told when there is something new."""
        moment = Instant(self.source.now() if now is None else now)
        return self._read(moment, None, notify=True)

    def data_in(self, language: str) -> DisplayData:
        """The last reading's data in ``language`` (built once per reading and language,
        at the same instant, without changing the app's language)."""
        data = self.data
        if language == data.language:
            return data
        cached = self._other.get(language)
        if cached is not None and cached[0] is data:
            return cached[1]
        with i18n.in_language(language) as chosen:
            if chosen == data.language:
                return data
            state = self.source.state
            other = self._with_league(
                display_data(
                    state,
                    Instant(data.timing.computed_at),
                    parts=self._state_parts(state),
                    show_seats=self._show_seats,
                ),
                state,
            )
        self._other[language] = (data, other)
        return other

    def payload(self, language: str | None = None) -> dict[str, Any]:
        """The last reading as JSON-ready data (``display_json``) in ``language`` (by
        default the app's), made once per reading and language for every viewer."""
        data = self.data if language is None else self.data_in(language)
        cached = self._payloads.get(data.language)
        if cached is not None and cached[0] is data:
            return cached[1]
        made = display_json(data)
        self._payloads[data.language] = (data, made)
        return made

    # -- listening ----------------------------------------------------------

    def subscribe(self, listener: Listener[Tick]) -> Subscription:
        """Call ``listener(tick)`` for every reading with new data or cues."""
        return self._listeners.subscribe(listener)

    def unsubscribe(self, listener: Listener[Tick]) -> bool:
        return self._listeners.unsubscribe(listener)

    # -- what the room is shown ---------------------------------------------

    def show_seats(self, on: bool) -> Tick:
        """Put the seat draw on the TV instead of the clock (or the clock back)."""
        if on != self._show_seats:
            self._show_seats = on
            self._generation += 1
        return self._read(Instant(self.source.now()), None, notify=True, force=True)

    def close(self) -> None:
        """Stop following the session; the listeners are let go."""
        if self._subscription is not None:
            self._subscription.cancel()
            self._subscription = None
        self._listeners.clear()
        self._other.clear()
        self._payloads.clear()

    # -- internals ----------------------------------------------------------

    def _on_change(self, changes: Changes) -> None:
        self._generation += 1
        self._read(Instant(self.source.now()), changes, notify=True, force=True)

    def _read(
        self, now: Instant, changes: Changes | None, *, notify: bool, force: bool = False
    ) -> Tick:
        source = self.source
        state = source.state
        view = clk.view(state.clock, state.structure, now)
        cues = tuple(clk.cues(self._view, view)) if self._view is not None else ()
        self._view = view
        if self._moments is None or self._moments[0] is not state:
            cues += self._moment_cues(state, view.index)
        shot_cues = self._shot_cues(state, now)
        rest = (self._generation, i18n.language(), i18n.currency(), self._show_seats)
        previous = self._last
        fresh = (
            force
            or previous is None
            or state is not self._made_from[0]
            or rest != self._made_from[1]
            or now < previous.at
            or (self._valid_until is not None and now >= self._valid_until)
        )
        if fresh:
            parts = self._state_parts(state)
            data = display_data(state, now, parts=parts, show_seats=self._show_seats, view=view)
            data = self._with_league(data, state)
            self.computed += 1
            self._made_from = (state, rest)
            wait = next_display_change(state, now, view)
            self._valid_until = None if wait is None else now + wait
        else:
            assert previous is not None
            data = previous.data
        wake_in = None if self._valid_until is None else max(1, self._valid_until - now)
        tick = Tick(
            data=data,
            cues=cues,
            fresh=fresh,
            wake_in=wake_in,
            alive_due=self._alive_due(view, now),
            changes=changes,
            told=notify and (fresh or bool(cues) or bool(shot_cues)),
            shot_cues=shot_cues,
        )
        self._last = tick
        if tick.told:
            self._listeners.notify(tick)
        return tick

    def _with_league(self, data: DisplayData, state: TournamentState) -> DisplayData:
        """``data`` with the live league table's section when the night counts for a
        season and the TV's layout has the table (after the night's final standings
        once it is over)."""
        if self._league is None or not shows_league_table(self._tv_look(state)):
            return data
        section = self._league(state)
        if section is None:
            return data
        return evolve(data, sections=(*data.sections, section))

    def _tv_look(self, state: TournamentState) -> TvLook:
        """The TV's look: the event's own, else the default for events (as the TV
        window's)."""
        if state.tv_look is not None:
            return state.tv_look
        if self._default_look is None:
            from director.app.files.settings import load_settings

            found = load_settings().tv_look  # read once, when first needed
            self._default_look = lambda: found
        return self._default_look()

    def _moment_cues(self, state: TournamentState, index: int) -> tuple[clk.Cue, ...]:
        """The bubble, the final table or a new message, when this state newly reached
        them (nothing on the first reading: opening an event announces nothing)."""
        now = moments(state, self._state_parts(state).bubble.paid)
        before = self._moments
        self._moments = (state, now)
        if before is None:
            return ()
        found = []
        for cue in moment_cues(before[1], now, index):
            if cue.kind in ONCE_A_NIGHT:
                if cue.kind in self._announced:
                    continue
                self._announced.add(cue.kind)
            found.append(cue)
        return tuple(found)

    def _shot_cues(self, state: TournamentState, now: Instant) -> tuple[ShotCue, ...]:
        """The shot clocks that moved to their last ten seconds or ran out since the
        last reading. One first seen (just started, or the event just opened) sounds
        nothing; one a time-bank chip sent back above ten seconds warns again."""
        before = self._shots
        seen: dict[int, tuple[int, int]] = {}
        found = []
        for running in state.shot_clocks.shown(now):
            left = running.remaining_ms(now)
            phase = 2 if left == 0 else 1 if running.warning(now) else 0
            seen[running.table] = (running.started, phase)
            earlier = before.get(running.table)
            if earlier is None or earlier[0] != running.started or phase <= earlier[1]:
                continue
            kind = ShotCueKind.TIME if phase == 2 else ShotCueKind.WARNING
            found.append(ShotCue(kind, running.table))
        self._shots = seen
        return tuple(found)

    def _state_parts(self, state: TournamentState) -> StateParts:
        """The time-free parts of the display in the current language, kept until the
        state or the currency changes (payouts and figures are not redone each second)."""
        language = i18n.language()
        rest = (self._generation, i18n.currency())
        kept = self._parts.get(language)
        if kept is not None and kept[0] is state and kept[1] == rest:
            return kept[2]
        parts = state_parts(state)
        self._parts[language] = (state, rest, parts)
        return parts

    def _alive_due(self, view: clk.ClockView, now: Instant) -> bool:
        if not view.running or self.source.following:
            self._last_alive = None
            return False
        last = self._last_alive
        if last is None or now - last >= self.alive_every_ms or now < last:
            self._last_alive = now
            return True
        return False
