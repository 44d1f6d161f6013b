"""Notices that any part of the app can follow, without Qt: a list of listeners.

The session tells its listeners what each dispatch, undo, redo or reload
changed; the clock feed tells its listeners each new reading of the clock. The
GUI forwards them to Qt signals for its widgets; a web server or a test
listens directly.

A listener that raises is reported in the log and the others are still told:
one broken view must never stop the clock or undo a command already written.
Listeners may subscribe or unsubscribe (themselves or others) while a notice is
being delivered: one added then hears from the next notice on, one removed is
not called again, not even later in the same notice. A notice sent while
another is being delivered (a listener that runs a command) waits until every
listener has had the first: all of them hear the notices in the order they
were sent, never an old one after a newer one.
"""

from __future__ import annotations

import functools
import itertools
from collections import deque
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")

Listener = Callable[[T], object]


class Subscription:
    """A listener's place in a ``Notifier``: ``cancel()`` takes it off (again is harmless)."""

    def __init__(self, cancel: Callable[[], None]) -> None:
        self._cancel: Callable[[], None] | None = cancel

    @property
    def active(self) -> bool:
        return self._cancel is not None

    def cancel(self) -> None:
        cancel, self._cancel = self._cancel, None
        if cancel is not None:
            cancel()


class Notifier(Generic[T]):
    """Calls each listener, in the order they subscribed, with every value notified."""

    def __init__(self, name: str) -> None:
        self.name = name
        """Names the notices in the log when a listener fails."""
        self._listeners: dict[int, Listener[T]] = {}
        self._numbers = itertools.count()
        self._waiting: deque[T] = deque()
        self._delivering = False

    def subscribe(self, listener: Listener[T]) -> Subscription:
        """Call ``listener(value)`` for every notice from now on."""
        number = next(self._numbers)
        self._listeners[number] = listener
        return Subscription(functools.partial(self._drop, number))

    def _drop(self, number: int) -> None:
        self._listeners.pop(number, None)

    def unsubscribe(self, listener: Listener[T]) -> bool:
        """Take ``listener`` off (the first place it holds, compared with ``==`` as bound
        methods are); whether it was there."""
        for number, held in self._listeners.items():
            if held == listener:
                del self._listeners[number]
                return True
        return False

    def __len__(self) -> int:
        return len(self._listeners)

    def clear(self) -> None:
        self._listeners.clear()

    def notify(self, value: T) -> int:
        """Tell every listener about ``value``; returns how many of them raised (sent
        from inside a listener, it is delivered after the notice being delivered,
        and counted there: 0 here)."""
        self._waiting.append(value)
        if self._delivering:
            return 0
        self._delivering = True
        failed = 0
        try:
            while self._waiting:
                failed += self._deliver(self._waiting.popleft())
        finally:
            self._delivering = False
            self._waiting.clear()  # only left over when a listener stopped the program
        return failed

    def _deliver(self, value: T) -> int:
        failed = 0
        for number, listener in list(self._listeners.items()):
            if number not in self._listeners:
                continue  # taken off by an earlier listener of this same notice
            try:
                listener(value)
            except Exception:
                failed += 1
                # logging is imported when a listener fails, not by every command
                # (``director status`` starts faster without it).
                import logging

                logging.getLogger(__name__).exception(
                    "a listener of %s failed: %r", self.name, listener
                )
        return failed
