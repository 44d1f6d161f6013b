"""Undo and redo as a stack machine over the groups of the event log.

Every command appends one *group* of events. Undo and redo are recorded too,
as markers naming the group they undo or redo, so the log is append-only and
the money trail is never rewritten. The live state is the fold of the groups
that are *done*, in order.
"""

from __future__ import annotations

from collections.abc import Iterable

from director.core.errors import RuleViolation


class History:
    """Groups in force (``done``) and groups that redo would bring back.

    Mutable on purpose: replaying a long log records thousands of groups, and
    copying a tuple on each one would make opening an event quadratic.
    """

    __slots__ = ("_done", "_undone")

    def __init__(self, done: Iterable[int] = (), undone: Iterable[int] = ()) -> None:
        self._done = list(done)
        self._undone = list(undone)

    @property
    def done(self) -> tuple[int, ...]:
        return tuple(self._done)

    @property
    def done_count(self) -> int:
        """How many groups are in force (``len(done)`` without copying them)."""
        return len(self._done)

    @property
    def undone(self) -> tuple[int, ...]:
        return tuple(self._undone)

    def copy(self) -> History:
        return History(self._done, self._undone)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, History):
            return NotImplemented
        return self._done == other._done and self._undone == other._undone

    def __repr__(self) -> str:
        return f"History(done={self._done!r}, undone={self._undone!r})"

    def record(self, group: int) -> None:
        """A new command: it is done, and nothing can be redone any more."""
        self._done.append(group)
        self._undone.clear()

    def record_all(self, groups: Iterable[int]) -> None:
        """``record`` each of ``groups`` in order (replaying a log records thousands)."""
        before = len(self._done)
        self._done.extend(groups)
        if len(self._done) != before:
            self._undone.clear()

    def can_undo(self) -> bool:
        return bool(self._done)

    def can_redo(self) -> bool:
        return bool(self._undone)

    def next_undo(self) -> int:
        """The group the next undo takes back."""
        if not self._done:
            raise RuleViolation("nothing_to_undo")
        return self._done[-1]

    def next_redo(self) -> int:
        """The group the next redo brings back."""
        if not self._undone:
            raise RuleViolation("nothing_to_redo")
        return self._undone[-1]

    def undo(self, group: int) -> None:
        """Take back ``group``, which must be the last one done."""
        if self.next_undo() != group:
            raise RuleViolation("undo_out_of_order", group=group)
        self._done.pop()
        self._undone.append(group)

    def redo(self, group: int) -> None:
        """Bring back ``group``, which must be the last one undone."""
        if self.next_redo() != group:
            raise RuleViolation("redo_out_of_order", group=group)
        self._undone.pop()
        self._done.append(group)
