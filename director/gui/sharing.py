"""The clock on the local network, from the console: the server the app runs in its own
event loop (``director.web``), started and stopped as the organizer says and as the
settings remember, serving whichever event is open, with the paired phones of the
open database.

The server and its network modules are made on first use: an app that never shares
pays nothing for them at start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from director.app.night.timesource import Now, wall_clock
from director.i18n import _, describe_error

if TYPE_CHECKING:
    # The window makes its Sharing before the first paint: the feed and the remote's
    # rules (the commands) come with an event or a server.
    from director.app.phones.dealers import FloorCall
    from director.app.phones.remote import Device, PairingCode
    from director.app.views.feed import ClockFeed
    from director.web.server import WebServer

SaveSettings = Callable[..., None]
"""Keeps settings changes: ``save(share=True, share_address=..., ...)``."""


class Sharing(QObject):
    """Starts, stops and describes the network page; one per main window."""

    changed = Signal()
    """Started, stopped, viewers came or went, a phone was paired or revoked."""
    floor_changed = Signal()
    """A table called the floor from its dealer's phone, or a call was answered."""
    arrivals_changed = Signal()
    """Someone checked in at the door."""

    def __init__(
        self,
        database: Any,
        save: SaveSettings,
        *,
        clock: Now = wall_clock,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._database = database
        self._save = save
        self._clock = clock
        self._server: WebServer | None = None
        self._served: tuple[ClockFeed, Any] | None = None
        self._remote = False
        self._dealers = False
        self._helpers = False
        self._door_open = False
        self.problem = ""
        """Why the page is not served when it should be (a port taken), to show."""

    @property
    def server(self) -> WebServer:
        """The server (made, and the network modules imported, on first use)."""
        if self._server is None:
            from director.app.phones.devices import Devices
            from director.app.phones.door import Door
            from director.app.phones.remote import SessionTarget
            from director.web.server import WebServer

            server = WebServer(clock=self._clock, parent=self)
            server.devices = Devices.of(self._database)
            server.remote_enabled = self._remote
            server.dealers_enabled = self._dealers
            server.helpers_enabled = self._helpers
            server.phones.door = Door.of(self._database)
            server.door_open = self._door_open
            server.arrivals_changed.connect(self.arrivals_changed.emit)
            server.viewers_changed.connect(lambda _count: self.changed.emit())
            server.devices_changed.connect(self.changed.emit)
            server.floor_changed.connect(self.floor_changed.emit)
            if self._served is not None:
                feed, session = self._served
                server.attach(feed, SessionTarget(session))
            self._server = server
        return self._server

    # -- serving ------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._server is not None and self._server.running

    @property
    def url(self) -> str:
        return self.server.url if self.running else ""

    def start(self, address: str, port: int, *, remember: bool = True) -> str | None:
        """Serve on ``address``:``port``; the reason in one sentence when that cannot be
        (nothing else changes then)."""
        from director.web.server import ServeError

        try:
            self.server.start(address, port)
        except ServeError as error:
            self.problem = describe_error(error)
            self.changed.emit()
            return self.problem
        self.problem = ""
        if remember:
            self._save(share=True, share_address=address, share_port=port)
        self.changed.emit()
        return None

    def start_remembered(self, address: str, port: int) -> str | None:
        """At start-up: serve again as the last time (an address gone is said, never
        replaced by another one)."""
        if not address:
            return None
        return self.start(address, port, remember=False)

    def stop(self) -> None:
        if self._server is not None:
            self._server.stop()
        self.problem = ""
        self._save(share=False)
        self.changed.emit()

    def close(self) -> None:
        """The app is closing: stop without forgetting that the page was shared."""
        if self._server is not None:
            self._server.stop()
            self._server.detach(push=False)

    # -- what is served -----------------------------------------------------------

    def attach(self, feed: ClockFeed, session: Any) -> None:
        """Serve the event just opened."""
        self._served = (feed, session)
        if self._server is not None:
            from director.app.phones.remote import SessionTarget

            self._server.attach(feed, SessionTarget(session))

    def detach(self) -> None:
        self._served = None
        if self._server is not None:
            self._server.detach()

    def use_database(self, database: Any) -> None:
        """Another database was opened: its own paired phones."""
        self._database = database
        if self._server is not None:
            from director.app.phones.devices import Devices

            self._server.devices = Devices.of(database)
        self.changed.emit()

    # -- the remote -----------------------------------------------------------------

    @property
    def remote(self) -> bool:
        return self._remote

    def set_remote(self, on: bool, *, remember: bool = True) -> None:
        self._remote = on
        if self._server is not None:
            self._server.remote_enabled = on
            if not on:
                self._server.codes.cancel()
        if remember:
            self._save(remote=on)
        self.changed.emit()

    def pairing_code(self) -> PairingCode:
        return self.server.new_pairing_code()

    # -- dealers' phones -------------------------------------------------------------

    @property
    def dealers(self) -> bool:
        return self._dealers

    def set_dealers(self, on: bool, *, remember: bool = True) -> None:
        """Let tables' dealer phones pair and report (their codes stop when turned off)."""
        self._dealers = on
        if self._server is not None:
            self._server.dealers_enabled = on
            if not on:
                self._server.dealer_codes.cancel()
        if remember:
            self._save(dealers=on)
        self.changed.emit()

    def dealer_code(self, table: int, *, renew: bool = False) -> PairingCode | None:
        """Table ``table``'s code for the open event (None: no event open)."""
        return self.server.dealer_code(table, renew=renew)

    def dealer_url(self, code: PairingCode) -> str:
        return self.server.dealer_url(code)

    def dealer_phones(self, event: int) -> list[Device]:
        """The dealers' phones of ``event`` (``StoreError`` if they cannot be read)."""
        devices = self.server.devices
        return devices.dealers(event) if devices is not None else []

    # -- helpers' phones -------------------------------------------------------------

    @property
    def helpers(self) -> bool:
        return self._helpers

    def set_helpers(self, on: bool) -> None:
        """Let helpers' phones pair and take entries and payments (their code stops when
        turned off). Not remembered: off again at each start, until turned on."""
        self._helpers = on
        if self._server is not None:
            self._server.helpers_enabled = on
            if not on:
                self._server.phones.helper_codes.cancel()
        self.changed.emit()

    def helper_code(self, *, renew: bool = False) -> PairingCode | None:
        """The helpers' code for the open event (None: no event open)."""
        if renew:
            self.server.phones.helper_codes.cancel()
        return self.server.helper_code()

    def helper_url(self, code: PairingCode) -> str:
        return self.server.helper_url(code)

    def helper_phones(self, event: int) -> list[Device]:
        """The helpers' phones of ``event`` (``StoreError`` if they cannot be read)."""
        devices = self.server.devices
        return devices.helpers(event) if devices is not None else []

    # -- the door ------------------------------------------------------------------

    @property
    def door_open(self) -> bool:
        return self._door_open

    def set_door_open(self, on: bool) -> None:
        """Let players check in at the door's page (not remembered: closed again at
        each start, until opened)."""
        self._door_open = on
        if self._server is not None:
            self._server.door_open = on
        self.changed.emit()

    def door_url(self) -> str:
        """The check-in page's address ("" while the page is not served)."""
        return self.server.door_url if self.running else ""

    def floor_calls(self) -> list[FloorCall]:
        """Tables calling the floor, not answered yet, oldest first."""
        return self._server.floor.waiting() if self._server is not None else []

    def answer_floor(self, table: int) -> bool:
        """The organizer is on his way to ``table``: its phone says so."""
        return self._server is not None and self._server.answer_floor(table)

    def pairing_url(self, code: PairingCode) -> str:
        return self.server.pairing_url(code)

    # -- words --------------------------------------------------------------------

    def summary(self) -> str:
        """One line for the status bar: where the page is and who watches it."""
        if self.problem:
            return _("Not shared: {reason}").format(reason=self.problem)
        if not self.running:
            return ""
        return _("Shared at {url} · viewers: {count}").format(
            url=self.url, count=self.server.viewers
        )


def default_address() -> str:
    """The address offered the first time: the local network's, else loopback."""
    from director.web.addresses import local_addresses

    found = local_addresses()
    return found[0].ip if found else "127.0.0.1"
