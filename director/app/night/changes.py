"""What a dispatch, an undo or a redo changed, so views redraw only what they must."""

from __future__ import annotations

import json
from typing import NamedTuple

from director.core.events import Event
from director.core.frozen import fields_of
from director.core.messages import Message
from director.core.state import TournamentState
from director.i18n import N_, _


class Origin(NamedTuple):
    """Where a command came from when not from this copy's console: a paired phone
    (its id and the name it was paired under; a dealer's phone: the table it deals
    for). Stored with the command's log entry."""

    device: int
    name: str
    table: int | None = None

    def to_text(self) -> str:
        data: dict[str, object] = {"device": self.device, "name": self.name}
        if self.table is not None:
            data["table"] = self.table
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def from_text(cls, text: object) -> Origin | None:
        """The origin stored as ``text``; None for "" or anything unreadable (an origin
        is only a note beside the command)."""
        if not isinstance(text, str) or not text:
            return None
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            return None
        if not isinstance(data, dict):
            return None
        device, name, table = data.get("device"), data.get("name"), data.get("table")
        if type(device) is not int or not isinstance(name, str):
            return None
        return cls(device=device, name=name, table=table if type(table) is int else None)

    @property
    def shown(self) -> str:
        """How the console names it: "Ann's phone", "table 2 (Bob's phone)"."""
        if self.table is None:
            return self.name
        return _("table {table} ({device})").format(table=self.table, device=self.name)


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
    origin: Origin | None = None
    """The paired phone that sent the command (None: this copy's console)."""

    def touches(self, *aspects: str) -> bool:
        """Whether any of ``aspects`` changed."""
        return not self.aspects.isdisjoint(aspects)


_ASPECTS = tuple(field.name for field in fields_of(TournamentState) if field.name != "version")
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


_SAID = {
    "command": N_("Recorded: {what}."),
    "undo": N_("Undone: {what}."),
    "redo": N_("Redone: {what}."),
}
MOVES_SAID = 2
"""Moves named in a confirmation line at most (the Tables page lists them all)."""


def confirmation(changes: Changes, state: TournamentState) -> str:
    """One line saying what was just done ("Recorded: bust of Cat."), and the moves
    it leaves for the organizer; empty when there is nothing to say."""
    from director.app.views.display import move_text
    from director.i18n import render

    said = _SAID.get(changes.action)
    if said is None or changes.label is None:
        return ""
    line = _(said).format(what=render(changes.label))
    if changes.touches("tables") and state.tables.pending:
        moves = [move_text(state, move) for move in state.tables.pending[:MOVES_SAID]]
        more = len(state.tables.pending) - len(moves)
        if more:
            moves.append(_("{count} more on the Tables page").format(count=more))
        line += " " + _("; ").join(moves) + "."
    return line
