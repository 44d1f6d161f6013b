"""``director serve``: the network page without the GUI, in Qt's core event loop.

For a Raspberry Pi beside the TV, or a second laptop: it follows the event as the
app writes it (PostgreSQL's notices; a file's change of size or time, looked at
four times a second), serves the page on the one address given, and takes paired
phones' commands when no other copy writes the event. Ctrl+C or SIGTERM stops it
cleanly.
"""

from __future__ import annotations

import contextlib
import logging
import signal
import socket
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TextIO

from PySide6.QtCore import QCoreApplication, QObject, QSocketNotifier, QTimer, Signal

from director.app.night.timesource import Now, wall_clock
from director.app.phones.devices import Devices
from director.app.phones.door import Door
from director.app.phones.serving import FollowedEvent, ServeTarget
from director.app.storage.databases import ANY_EVENT, StoreError, open_database
from director.app.views.feed import ClockFeed
from director.i18n import _, describe_error
from director.web.driver import FeedDriver
from director.web.looping import run_looping
from director.web.qr import terminal_qr
from director.web.server import WebServer

WATCH_MS = 250
"""How often a followed file's size and time are looked at."""
LOG = logging.getLogger(__name__)


class _Changed(QObject):
    """Carries a server's notices (from the follower's thread) into Qt's loop."""

    changed = Signal(int)
    """An event changed (its id; ``ANY_EVENT``: any may have)."""
    connection = Signal(bool)


@contextlib.contextmanager
def _opened(target: Path | str, *, write: bool) -> Iterator[Any]:
    database = open_database(target, create=False, readonly=not write)
    try:
        yield database
    finally:
        database.close()


def devices_of(target: Path | str, followed: Any) -> Devices:
    """The paired phones of the database: read through the follower's view, written by
    opening it for that moment (refused while another copy holds the file)."""

    def reading() -> contextlib.AbstractContextManager[Any]:
        return contextlib.nullcontext(followed)

    def writing() -> contextlib.AbstractContextManager[Any]:
        return _opened(target, write=True)

    return Devices(reading, writing)


def door_of(target: Path | str, followed: Any) -> Door:
    """The door of the database: the roster read through the follower's view, the
    arrivals written by opening it for that moment (as the paired phones)."""

    def reading() -> contextlib.AbstractContextManager[Any]:
        return contextlib.nullcontext(followed)

    def writing() -> contextlib.AbstractContextManager[Any]:
        return _opened(target, write=True)

    return Door(reading, writing)


class Serving(QObject):
    """The server, the followed event and what keeps it up to date."""

    def __init__(
        self,
        followed: FollowedEvent,
        host: str,
        port: int,
        *,
        clock: Now = wall_clock,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.followed = followed
        self.feed = ClockFeed(followed.session)
        self.driver = FeedDriver(self.feed, self)
        self.server = WebServer(clock=clock, parent=self)
        self.server.start(host, port)  # ServeError: said by the caller
        self.server.devices = devices_of(followed.target, followed.database)
        self.server.phones.door = door_of(followed.target, followed.database)
        self.server.remote_enabled = True  # only paired phones: read-only otherwise
        target = ServeTarget(followed)
        target.write_runner = run_looping  # viewers' clocks go on while a write waits
        self.server.attach(self.feed, target)
        self._notices = _Changed(self)
        self._notices.changed.connect(self._on_notice)
        self._notices.connection.connect(self._on_connection)
        self._follower: Any = None
        self._watch = QTimer(self)
        self._watch.setInterval(WATCH_MS)
        self._watch.timeout.connect(self._look)
        self.problem = ""
        follow = getattr(followed.database, "follow", None)
        if follow is not None:
            self._follower = follow(self._notices.changed.emit, self._notices.connection.emit)
        # A file is looked at; on a server, a reload that failed is tried again.
        self._watch.start()

    def _on_notice(self, event_id: int) -> None:
        # ANY_EVENT: the follower was cut off and is back; what changed meanwhile is
        # unknown, so the event is read again.
        if event_id in (ANY_EVENT, self.followed.event_id):
            self._reload()

    def _on_connection(self, connected: bool) -> None:
        """Say once that the notices stopped (the viewers keep the event as it was),
        and once that they are back (the event is then read again)."""
        location = getattr(self.followed.database, "location", "")
        if connected:
            text = _(
                "The connection to {location} is back: the event is read again and followed live."
            ).format(location=location)
        else:
            text = _(
                "The connection to {location} was lost: reconnecting… Viewers see the "
                "event as it was until it is back."
            ).format(location=location)
        print(f"director: {text}", file=sys.stderr, flush=True)

    def _look(self) -> None:
        if self.problem or self.followed.changed_on_disk():
            self._reload()  # a reload that failed is tried again at the next look

    def _reload(self) -> None:
        try:
            self.followed.reload()  # the feed, and the viewers, hear of it
        except StoreError as error:
            text = describe_error(error)
            if text != self.problem:  # said once, not four times a second
                self.problem = text
                print(f"director: {text}", file=sys.stderr, flush=True)
            return
        self.problem = ""

    def stop(self) -> None:
        self._watch.stop()
        if self._follower is not None:
            with contextlib.suppress(Exception):
                self._follower.close()
            self._follower = None
        self.server.stop()
        self.server.detach(push=False)
        self.driver.stop()
        self.feed.close()


def print_dealer_codes(serving: Serving, out: TextIO) -> None:
    """Turn on the tables' dealer phones: each table's code and QR code, and the calls
    for the floor said as they come."""
    server = serving.server
    server.dealers_enabled = True
    tables = sorted(serving.followed.state.tables.tables)
    if not tables:
        print(_("No tables yet: draw the seats, then start serve again."), file=out)
    for table in tables:
        code = server.dealer_code(table)
        if code is None:
            continue
        print(
            _(
                "Table {table}: its dealer's phone scans this, or opens {url}dealer and "
                "types the code {code} (it works once, for ten minutes):"
            ).format(table=table, url=server.url, code=code.shown),
            file=out,
        )
        print(terminal_qr(server.dealer_url(code)), file=out)

    heard: set[tuple[int, int]] = set()

    def said() -> None:
        # Each call said once. It is not answered here: nobody may be reading this
        # terminal, and the phone must not say the floor is coming when it is not.
        for call in server.floor.waiting():
            if (call.table, call.called_at) in heard:
                continue
            heard.add((call.table, call.called_at))
            print(
                _("Table {table} calls the floor ({phone}).").format(
                    table=call.table, phone=call.by
                ),
                file=out,
                flush=True,
            )

    server.floor_changed.connect(said)


def stop_on_signals(app: QCoreApplication) -> Callable[[], None]:
    """Ctrl+C and SIGTERM quit Qt's loop at once (Python's handlers run when the loop
    wakes: a socket pair wakes it). Returns what puts things back."""
    reader, writer = socket.socketpair()
    reader.setblocking(False)
    writer.setblocking(False)
    previous_fd = signal.set_wakeup_fd(writer.fileno())
    notifier = QSocketNotifier(reader.fileno(), QSocketNotifier.Type.Read)

    def wake() -> None:
        with contextlib.suppress(OSError):
            reader.recv(64)
        app.quit()

    notifier.activated.connect(wake)
    previous = {
        number: signal.signal(number, lambda *_args: None)
        for number in (signal.SIGINT, signal.SIGTERM)
    }

    def restore() -> None:
        notifier.setEnabled(False)
        signal.set_wakeup_fd(previous_fd)
        for number, handler in previous.items():
            signal.signal(number, handler)
        reader.close()
        writer.close()

    return restore


def serve(
    target: Path | str,
    followed: FollowedEvent,
    host: str,
    port: int,
    *,
    pair: bool = False,
    dealers: bool = False,
    door: bool = False,
    out: TextIO = sys.stdout,
) -> int:
    """Run until Ctrl+C or SIGTERM; 0 when stopped so. ``ServeError`` if the address
    or the port cannot be used. ``dealers``: each table's dealer phone may pair (its
    code printed) and report; a call for the floor is printed."""
    app = QCoreApplication.instance() or QCoreApplication(sys.argv[:1])
    serving: Serving | None = None
    restore: Callable[[], None] | None = None
    try:
        serving = Serving(followed, host, port)
        restore = stop_on_signals(app)
        url = serving.server.url
        print(
            _("Serving “{event}” at {url} (Ctrl+C stops).").format(
                event=followed.state.name, url=url
            ),
            file=out,
        )
        print(terminal_qr(url), file=out)
        if pair:
            code = serving.server.new_pairing_code()
            print(
                _(
                    "To pair the organizer's phone as a remote, scan this or open {url} and "
                    "type the code {code} (it works once, for two minutes):"
                ).format(url=url, code=code.shown),
                file=out,
            )
            print(terminal_qr(serving.server.pairing_url(code)), file=out)
        if dealers:
            print_dealer_codes(serving, out)
        if door:
            serving.server.door_open = True
            door_url = serving.server.door_url
            print(
                _("The door is open: players check in at {url} (scan this):").format(url=door_url),
                file=out,
            )
            print(terminal_qr(door_url), file=out)
        out.flush()
        app.exec()
    finally:
        if restore is not None:
            restore()
        if serving is not None:
            serving.stop()
        followed.close()
    print(_("Stopped."), file=out, flush=True)
    return 0
