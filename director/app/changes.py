"""What a dispatch, an undo or a redo changed, so views redraw only what they must."""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

from director.core.events import Event
from director.core.messages import Message
from director.core.state import TournamentState


class Changes(NamedTuple):
    """The outcome of one session action.

    ``aspects`` names the parts of the state that changed (field names of
    ``TournamentState``: ``"name"``, ``"clock"``...); ``events`` are the events
    just applied (empty for undo and redo); ``label`` is what was done or undone.
    """

    action: str
    aspects: frozenset[str]
    events: tuple[Event, ...] = ()
    label: Message | None = None

    def touches(self, *aspects: str) -> bool:
        """Whether any of ``aspects`` changed."""
        return not self.aspects.isdisjoint(aspects)


_ASPECTS = tuple(
    field.name for field in dataclasses.fields(TournamentState) if field.name != "version"
)
"""The parts of the state a change can touch (looked up once, not on every command)."""


def changed_aspects(old: TournamentState, new: TournamentState) -> frozenset[str]:
    """Fields of the state that differ; parts are compared by identity first (cheap)."""
    changed = set()
    for name in _ASPECTS:
        before = getattr(old, name)
        after = getattr(new, name)
        if before is not after and before != after:
            changed.add(name)
    return frozenset(changed)
