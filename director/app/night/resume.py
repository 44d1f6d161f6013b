"""Opening an event whose clock was running: what happened while no window had it,
and the two ways to go on. The window only asks and shows; the decision is here.

- The app was alive a moment ago (a language switch, a quick reopen): nothing to ask.
- A demo made by ``director demo`` and never opened: its clock goes on from where
  it stood when it was made, without a question (nobody was playing).
- Otherwise the organizer chooses: *catch up* (the clock ran all along, as on a
  wall clock: the levels that ended are over) or *resume paused* where it stood
  when the app was last seen alive.
"""

from __future__ import annotations

from director.app.night.changes import Changes
from director.app.night.session import TournamentSession
from director.core import clock as clk
from director.core import commands as c
from director.core.frozen import Record, dataclass
from director.core.ids import Instant

RESUME_CHOICE_AFTER_MS = 10_000
"""A running clock not seen alive for this long was interrupted: ask how to resume."""

NEVER_OPENED = "demo_never_opened"
"""The draft a demo made outside the window carries until it is first opened."""


@dataclass(frozen=True, eq=False, repr=False)
class Interruption(Record):
    """A running clock that no window kept for a while."""

    closed_ms: int
    """How long the event was closed (since the app was last seen alive with it)."""
    stood_at: Instant
    """When the clock was last seen: resuming paused puts it back there."""
    if_caught_up: clk.ClockView
    """The clock now if it ran all along."""
    if_paused: clk.ClockView
    """The clock paused where it stood."""


def interruption(session: TournamentSession) -> Interruption | None:
    """The interruption to ask about on opening ``session``, or None."""
    state = session.state
    clock_state = state.clock
    if not clock_state.running:
        return None
    alive = session.alive_at()
    now = session.now()
    if alive is not None and now - alive < RESUME_CHOICE_AFTER_MS:
        return None
    stood = Instant(max(alive or clock_state.anchor, clock_state.anchor))
    return Interruption(
        closed_ms=max(0, now - stood),
        stood_at=stood,
        if_caught_up=clk.view(clock_state, state.structure, Instant(now)),
        if_paused=clk.view(clock_state, state.structure, stood),
    )


def mark_never_opened(session: TournamentSession) -> None:
    """Called by the demo: until a window opens it, its clock waits where it stood."""
    session.save_draft(NEVER_OPENED, True)


def open_fresh_demo(session: TournamentSession) -> Changes | None:
    """A demo never opened goes on from where it stood when made: no question.

    Returns the change made (None for any other event)."""
    if session.load_draft(NEVER_OPENED) is not True:
        return None
    session.save_draft(NEVER_OPENED, False)
    found = interruption(session)
    if found is None:
        return None
    session.dispatch(c.PauseClock(at=found.stood_at))
    return session.dispatch(c.StartClock())


def resume_paused(session: TournamentSession, found: Interruption) -> Changes:
    """Put the clock back where it stood, paused (the choice not to catch up)."""
    return session.dispatch(c.PauseClock(at=found.stood_at))
