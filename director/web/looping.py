"""Slow work off Qt's thread, while its event loop goes on.

A write to a club's server usually takes a few milliseconds, but a server or a
network that stops answering can hold it for minutes. Run on the thread of Qt's
event loop, it would stop every timer with it: the TV's clock, the network page's
pushes to phones and TVs. ``run_looping`` runs the work on a thread of its own and
keeps the loop turning until it returns (the window's controller and
``director serve`` both use it); the caller still gets its result, or its error,
as if it had run in place.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from PySide6.QtCore import QEventLoop, QTimer

QUICK_S = 0.02
"""How long the work is waited for before the loop turns again (most commits on a
club server take a few milliseconds: nothing is said for them)."""
SAVING_SHOWN_MS = 150
"""After this, the caller is told the work is under way (``SAVING``)."""
NOT_ANSWERING_MS = 1500
"""After this, the caller is told the server does not answer (``NOT_ANSWERING``)."""

DONE, SAVING, NOT_ANSWERING = 0, 1, 2
"""What ``run_looping`` tells while it waits."""


def run_looping(work: Callable[[], None], tell: Callable[[int], None] | None = None) -> None:
    """Run ``work`` on a thread of its own while Qt's event loop keeps running here;
    return once it returned, raising what it raised. ``tell`` hears ``SAVING``, then
    ``NOT_ANSWERING``, then ``DONE``, for work slower than ``QUICK_S`` only.

    Events (timers, sockets, user input) are handled meanwhile: whatever they would
    change must be refused by the caller's own state until this returns."""
    failed: list[BaseException] = []
    finished = threading.Event()

    def run() -> None:
        try:
            work()
        except BaseException as error:  # handed to the loop's thread as it is
            failed.append(error)
        finally:
            finished.set()

    threading.Thread(target=run, name="slow-work", daemon=True).start()
    if not finished.wait(QUICK_S):
        _loop_until(finished, tell)
    if failed:
        raise failed[0]


def _loop_until(finished: threading.Event, tell: Callable[[int], None] | None) -> None:
    loop = QEventLoop()
    told = [DONE]

    def say(what: int) -> None:
        told[0] = what
        if tell is not None:
            tell(what)

    poll = QTimer()
    poll.setInterval(10)
    poll.timeout.connect(lambda: loop.quit() if finished.is_set() else None)
    saying = QTimer()
    saying.setSingleShot(True)
    saying.timeout.connect(lambda: say(SAVING))
    slow = QTimer()
    slow.setSingleShot(True)
    slow.timeout.connect(lambda: say(NOT_ANSWERING))
    poll.start()
    saying.start(SAVING_SHOWN_MS)
    slow.start(NOT_ANSWERING_MS)
    try:
        loop.exec()
    finally:
        for timer in (poll, saying, slow):
            timer.stop()
        if told[0] != DONE:
            say(DONE)
