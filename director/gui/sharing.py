"""The clock on the local network, from the console: the server the app runs in its own
event loop (``director.web``), started and stopped as the organizer says and as the
settings remember, serving whichever event is open, with the paired phones of the
open database.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from director.app.devices import Devices
from director.app.feed import ClockFeed
from director.app.remote import PairingCode, SessionTarget
from director.app.timesource import Now, wall_clock
from director.i18n import _, describe_error
from director.web.addresses import DEFAULT_PORT, local_addresses
from director.web.server import ServeError, WebServer

SaveSettings = Callable[..., None]
"""Keeps settings changes: ``save(share=True, share_address=..., ...)``."""


class Sharing(QObject):
    """Starts, stops and describes the network page; one per main window."""

    changed = Signal()
    """Started, stopped, viewers came or went, a phone was paired or revoked."""

    def __init__(
        self,
        database: Any,
        save: SaveSettings,
        *,
        clock: Now = wall_clock,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.server = WebServer(clock=clock, parent=self)
        self.server.devices = Devices.of(database)
        self.server.viewers_changed.connect(lambda _count: self.changed.emit())
        self.server.devices_changed.connect(self.changed.emit)
        self._save = save
        self.problem = ""
        """Why the page is not served when it should be (a port taken), to show."""

    # -- serving ------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.server.running

    @property
    def url(self) -> str:
        return self.server.url if self.server.running else ""

    def start(self, address: str, port: int, *, remember: bool = True) -> str | None:
        """Serve on ``address``:``port``; the reason in one sentence when that cannot be
        (nothing else changes then)."""
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
        self.server.stop()
        self.problem = ""
        self._save(share=False)
        self.changed.emit()

    def close(self) -> None:
        """The app is closing: stop without forgetting that the page was shared."""
        self.server.stop()
        self.server.detach(push=False)

    # -- what is served -----------------------------------------------------------

    def attach(self, feed: ClockFeed, session: Any) -> None:
        """Serve the event just opened."""
        self.server.attach(feed, SessionTarget(session))

    def detach(self) -> None:
        self.server.detach()

    def use_database(self, database: Any) -> None:
        """Another database was opened: its own paired phones."""
        self.server.devices = Devices.of(database)
        self.changed.emit()

    # -- the remote -----------------------------------------------------------------

    @property
    def remote(self) -> bool:
        return self.server.remote_enabled

    def set_remote(self, on: bool, *, remember: bool = True) -> None:
        self.server.remote_enabled = on
        if not on:
            self.server.codes.cancel()
        if remember:
            self._save(remote=on)
        self.changed.emit()

    def pairing_code(self) -> PairingCode:
        return self.server.new_pairing_code()

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
    found = local_addresses()
    return found[0].ip if found else "127.0.0.1"


__all__ = ["DEFAULT_PORT", "Sharing", "default_address"]
