"""The network page's server: a live, read-only clock for every phone and TV in the
room, the organizer's paired phone as a remote, and the tables' dealers' phones.

It runs in the app's own event loop (Qt's), with no thread, in parts:

- ``transport``: a ``QTcpServer`` bound to the one address the organizer chose;
  each request read within fixed limits (``http``), answered from memory;
- ``push``: the WebSocket every viewer holds, fed by the clock feed (Qt's
  ``QWebSocketServer`` takes a connection over once the transport checked it);
- ``security``: only requests addressed to this server's own address and port
  (no DNS rebinding), only from its own page (the Origin), with a strict
  Content-Security-Policy and no caching (``http.response``);
- ``routes`` and ``phones``: a request to a reply, without sockets; commands need
  a paired phone's token in the Authorization header, failures are counted per
  address.

Qt's ``QHttpServer`` was tried first: from Python its routes get no responder to
keep (no Server-Sent Events), its WebSocket upgrade is not bound, and it offers no
cap on connections nor a deadline for a slow request head, hence this small front.
Connections, heads, bodies, slow clients and silent viewers are all capped, so
nothing a client does can take the app down or stop its clock.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject, Signal

from director.app.night.notices import Subscription
from director.app.night.timesource import Now, wall_clock
from director.app.phones.dealers import DealerCodes, FloorCalls
from director.app.phones.devices import Devices
from director.app.phones.remote import PairingCode, PairingCodes, RateLimiter, Target
from director.app.storage.databases import StoreError
from director.app.views.feed import ClockFeed, Tick
from director.web.addresses import local_addresses, page_url
from director.web.door import DoorDesk
from director.web.limits import Limits
from director.web.phones import PhoneNews, Phones
from director.web.push import PushChannel
from director.web.routes import Routes
from director.web.sockets import Graveyard
from director.web.transport import HttpFront, ServeError

__all__ = ["Limits", "ServeError", "WebServer", "start_server"]

LOG = logging.getLogger(__name__)


class WebServer(QObject):
    """Serves the page, the JSON, the push channel and the phones for one open event
    at a time (``attach``); with none, the page says so."""

    viewers_changed = Signal(int)
    devices_changed = Signal()
    paired = Signal(str)
    """A phone was paired: its name."""
    floor_changed = Signal()
    """A table called the floor, or a call was answered."""
    arrivals_changed = Signal()
    """Someone checked in at the door."""

    def __init__(
        self,
        *,
        clock: Now = wall_clock,
        limits: Limits | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.clock = clock
        self.limits = limits or Limits()
        self._target: Target | None = None
        self._feed: ClockFeed | None = None
        self._listening: Subscription | None = None
        self._tables_seen: frozenset[int] | None = None
        graveyard = Graveyard()
        self.channel = PushChannel(
            self.limits, graveyard, clock=clock, before_push=self._check_tables, parent=self
        )
        """The viewers' WebSockets."""
        self.channel.viewers_changed.connect(self.viewers_changed.emit)
        news = PhoneNews(
            devices_changed=self.devices_changed.emit,
            paired=self.paired.emit,
            floor_changed=self.floor_changed.emit,
            tables_news=self._tables_news,
        )
        self.phones = Phones(clock, lambda: self._target, news)
        """The remote's and the dealers' routes, with their codes and book."""
        self.door_desk = DoorDesk(
            clock, lambda: self._target, lambda: self.phones.door, self.arrivals_changed.emit
        )
        """The door's public check-in page."""
        self.routes = Routes(
            self.phones,
            hosts=lambda: self.front.hosts,
            feed=lambda: self._feed,
            state_message=self.channel.state_message,
            door_desk=self.door_desk,
        )
        self.front = HttpFront(self.limits, graveyard, self.channel, self.routes.answer, self)
        """The listening socket and the requests."""

    # -- what the phones' side keeps (set by the window and ``director serve``) ---------

    @property
    def devices(self) -> Devices | None:
        return self.phones.devices

    @devices.setter
    def devices(self, devices: Devices | None) -> None:
        self.phones.devices = devices

    @property
    def remote_enabled(self) -> bool:
        """Whether paired phones may send commands (off until the organizer turns it on)."""
        return self.phones.remote_enabled

    @remote_enabled.setter
    def remote_enabled(self, on: bool) -> None:
        self.phones.remote_enabled = on

    @property
    def dealers_enabled(self) -> bool:
        """Whether tables' dealer phones may pair and report (off until turned on)."""
        return self.phones.dealers_enabled

    @dealers_enabled.setter
    def dealers_enabled(self, on: bool) -> None:
        if on != self.phones.dealers_enabled:
            self.phones.dealers_enabled = on
            self._tables_news()  # the phones learn it at once

    @property
    def helpers_enabled(self) -> bool:
        """Whether helpers' phones may pair and act (off until turned on)."""
        return self.phones.helpers_enabled

    @helpers_enabled.setter
    def helpers_enabled(self, on: bool) -> None:
        self.phones.helpers_enabled = on

    @property
    def limiter(self) -> RateLimiter:
        return self.phones.limiter

    @limiter.setter
    def limiter(self, limiter: RateLimiter) -> None:
        self.phones.limiter = limiter

    @property
    def codes(self) -> PairingCodes:
        return self.phones.codes

    @property
    def dealer_codes(self) -> DealerCodes:
        return self.phones.dealer_codes

    @property
    def floor(self) -> FloorCalls:
        return self.phones.floor

    # -- starting and stopping ----------------------------------------------------

    @property
    def running(self) -> bool:
        return self.front.tcp is not None

    @property
    def host(self) -> str:
        return self.front.host

    @property
    def port(self) -> int:
        return self.front.port

    @property
    def url(self) -> str:
        """The page's address, as the QR code carries it."""
        host = self.front.host
        if host in ("0.0.0.0", "::"):
            lan = [item.ip for item in local_addresses() if not item.loopback]
            host = lan[0] if lan else "127.0.0.1"
        return page_url(host, self.front.port)

    def start(self, host: str, port: int) -> None:
        """Listen on ``host`` (one address of this machine) and ``port``; ``ServeError``
        when that cannot be (the port is taken, the address is not this machine's)."""
        self.stop()
        self.front.start(host, port)
        self.channel.start()

    def stop(self) -> None:
        """Stop listening and close every connection (the viewers see "connection lost")."""
        self.front.stop()
        self.channel.stop()

    @property
    def served(self) -> int:
        """Requests answered (for tests and benchmarks)."""
        return self.front.served

    @property
    def pushed(self) -> int:
        """Display messages sent to viewers."""
        return self.channel.pushed

    # -- what is served -------------------------------------------------------------

    def attach(self, feed: ClockFeed, target: Target | None) -> None:
        """Serve ``feed``'s event; ``target`` takes the paired phones' commands (None:
        commands are refused, the page is read-only)."""
        same = (
            target is not None
            and self._target is not None
            and target.event_id == self._target.event_id
        )
        self.detach(push=False)
        if not same:  # the tables' codes and calls were for the other event
            self.phones.dealer_codes.cancel()
            self.phones.floor.clear()
        self._feed = feed
        self.channel.feed = feed
        self._target = target
        self._tables_seen = None
        self._listening = feed.subscribe(self._on_tick)
        self.channel.push(force=True)

    def detach(self, *, push: bool = True) -> None:
        """Serve no event (the one served was closed)."""
        if self._listening is not None:
            self._listening.cancel()
            self._listening = None
        self._feed = None
        self.channel.feed = None
        self._target = None
        if push:
            self.channel.push(force=True)

    @property
    def feed(self) -> ClockFeed | None:
        return self._feed

    @property
    def viewers(self) -> int:
        return self.channel.viewers

    @property
    def connections(self) -> int:
        """Open connections of every kind (viewers, requests, upgrades under way)."""
        return self.front.connections

    def new_pairing_code(self) -> PairingCode:
        """A one-time code for the console's pairing QR code (it replaces the last one)."""
        return self.phones.codes.issue(self.clock())

    def pairing_url(self, code: PairingCode) -> str:
        return f"{self.url}#pair={code.code}"

    # -- dealers' phones ------------------------------------------------------------

    def dealer_code(self, table: int, *, renew: bool = False) -> PairingCode | None:
        """Table ``table``'s pairing code for the event served (the one still waiting,
        else a new one); None when no event is served."""
        target = self._target
        if target is None:
            return None
        now = int(self.clock())
        if renew:
            return self.phones.dealer_codes.renew(target.event_id, table, now)
        return self.phones.dealer_codes.code_for(target.event_id, table, now)

    def dealer_url(self, code: PairingCode) -> str:
        return f"{self.url}dealer#code={code.code}"

    # -- helpers' phones ------------------------------------------------------------

    def helper_code(self) -> PairingCode | None:
        """The helpers' pairing code for the event served (the one still waiting, else
        a new one); None when no event is served."""
        if self._target is None:
            return None
        now = int(self.clock())
        return self.phones.helper_codes.current(now) or self.phones.helper_codes.issue(now)

    def helper_url(self, code: PairingCode) -> str:
        return f"{self.url}helper#code={code.code}"

    # -- the door ----------------------------------------------------------------------

    @property
    def door_open(self) -> bool:
        """Whether players may check in at ``/door`` (off until the organizer opens it)."""
        return self.door_desk.enabled

    @door_open.setter
    def door_open(self, on: bool) -> None:
        self.door_desk.enabled = on

    @property
    def door_url(self) -> str:
        return f"{self.url}door"

    def answer_floor(self, table: int) -> bool:
        """The organizer answers table ``table``'s call: its phone says he is coming."""
        answered = self.phones.floor.answer(table, int(self.clock()))
        if answered:
            self.floor_changed.emit()
            self._tables_news()
        return answered

    def _check_tables(self) -> None:
        """A table broken takes its dealers' phones with it (once, when it happens)."""
        target, devices = self._target, self.phones.devices
        if target is None or devices is None:
            return
        tables = frozenset(target.state.tables.tables)
        if tables == self._tables_seen:
            return
        self._tables_seen = tables
        try:
            gone = devices.revoke_broken_tables(target.event_id, tables, int(self.clock()))
        except StoreError as error:  # another copy writes: each request checks anyway
            LOG.info("dealers' phones of broken tables not revoked now: %s", error)
            self._tables_seen = None
            return
        if gone:
            self.devices_changed.emit()

    # -- the push channel -----------------------------------------------------------

    def _on_tick(self, tick: Tick) -> None:
        pushed = self.channel.push() if tick.fresh else False
        if tick.changes is not None and not pushed and self.dealers_enabled:
            # A hand done, a move, hand-for-hand: the display may be the same, but a
            # dealer's phone shows its table and must hear of it.
            self._tables_news()

    def _tables_news(self) -> None:
        self.channel.tables_news()


def start_server(
    host: str,
    port: int,
    *,
    clock: Now = wall_clock,
    limits: Limits | None = None,
    parent: QObject | None = None,
) -> WebServer:
    """A server listening on ``host``:``port`` (``ServeError`` if it cannot)."""
    server = WebServer(clock=clock, limits=limits, parent=parent)
    try:
        server.start(host, port)
    except ServeError:
        server.deleteLater()
        raise
    return server
