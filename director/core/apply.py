"""``apply``: fold one event into the state. Pure and total for stored events."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from director.core import events as e
from director.core.errors import RuleViolation
from director.core.frozen import evolve, evolves_in_place
from director.core.state import TournamentState

_new = object.__new__
_set = object.__setattr__

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


@evolves_in_place
class _Folding(TournamentState):
    """The state ``fold`` folds events into: ``evolve`` changes it in place. Only
    ``fold`` holds one; an applier evolves the state it is given and returns the
    result, and keeps no reference to it."""

    __slots__ = ()


def fold(events: Iterable[e.Event], state: TournamentState | None = None) -> TournamentState:
    """Apply ``events`` in order, from ``state`` or from an empty state: the state
    ``apply`` would reach one event at a time. ``state`` itself is never changed.

    The events are folded into one draft state of fold's own, changed in place by
    each applier's ``evolve``: replaying a long log then copies the state once,
    not once per event (the state's parts are still replaced, never changed)."""
    current = state if state is not None else TournamentState()
    draft: _Folding | None = None
    values: dict[str, Any] = {}
    version = current.version
    for event in events:
        applier = _APPLIERS.get(type(event))
        if applier is None:
            raise RuleViolation("unknown_event", type=type(event).__name__)
        if draft is None:
            draft, values = _draft_of(current)
        folded = applier(draft, event)
        if folded is not draft:  # a state the applier built from nothing
            draft, values = _draft_of(folded)
        version += 1
        values["version"] = version
    if draft is None:
        return current
    result = _new(TournamentState)
    _set(result, "__dict__", values)
    return result


def _draft_of(state: TournamentState) -> tuple[_Folding, dict[str, Any]]:
    values = state.__dict__.copy()
    draft = _new(_Folding)
    _set(draft, "__dict__", values)
    return draft, values


# Importing the appliers registers them.
from director.core import appliers  # noqa: E402, F401
