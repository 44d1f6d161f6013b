"""``apply``: fold one event into the state. Pure and total for stored events."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from director.core import events as e
from director.core.errors import RuleViolation
from director.core.frozen import evolve
from director.core.state import TournamentState

Applier = Callable[[TournamentState, Any], TournamentState]
_APPLIERS: dict[type[e.Event], Applier] = {}

E = TypeVar("E", bound=e.Event)


def applies(
    event_type: type[E],
) -> Callable[[Callable[[TournamentState, E], TournamentState]], Applier]:
    """Register the fold function for one event type."""

    def add(function: Callable[[TournamentState, E], TournamentState]) -> Applier:
        _APPLIERS[event_type] = function
        return function

    return add


def apply(state: TournamentState, event: e.Event) -> TournamentState:
    """The state after ``event``; ``state`` itself is never changed.

    An applier returns either the state it was given or a new state it has just
    built (with ``evolve``) and shared with nobody. In the second case the new
    version is written into that new state before it is returned, rather than
    copying the state a second time: replaying a long log copies the state once
    per event, not twice.
    """
    applier = _APPLIERS.get(type(event))
    if applier is None:
        raise RuleViolation("unknown_event", type=type(event).__name__)
    new_state = applier(state, event)
    if new_state is state or type(new_state) is not TournamentState:
        return evolve(new_state, version=state.version + 1)
    new_state.__dict__["version"] = state.version + 1
    return new_state


def fold(events: Iterable[e.Event], state: TournamentState | None = None) -> TournamentState:
    """Apply ``events`` in order, from ``state`` or from an empty state."""
    current = state if state is not None else TournamentState()
    for event in events:
        current = apply(current, event)
    return current


# Importing the appliers registers them.
from director.core import appliers  # noqa: E402, F401
