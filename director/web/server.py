"""The network page's server: a live, read-only clock for every phone and TV in the
room, and the organizer's paired phone as a remote.

It runs in the app's own event loop (Qt's), with no thread: a ``QTcpServer``
bound to the one address the organizer chose; each request is read within
fixed limits (``web.http``) and answered from memory; the push channel is a
WebSocket (Qt's ``QWebSocketServer`` takes the connection over once the
upgrade request has been checked here). Qt's ``QHttpServer`` was tried first:
from Python its routes get no responder to keep (no Server-Sent Events), its
WebSocket upgrade is not bound, and it offers no cap on connections nor a
deadline for a slow request head, hence this small front.

What the server pushes is a listener of the clock feed: a viewer gets the whole
display when it connects and whenever anything but the passing seconds changes,
and a heartbeat every two seconds with the server's time; the page counts down
by itself from the end of the level and that time.

Security: the server answers only requests addressed to its own address and
port (the Host header: no DNS rebinding), only from its own page (the Origin of
a WebSocket or a command), with a strict Content-Security-Policy and no caching.
Commands need a paired phone's token in the Authorization header (never a
cookie); failures are counted per address. Connections, heads, bodies, slow
clients and silent viewers are all capped, so nothing a client does can take
the app down or stop its clock.
"""

from __future__ import annotations

import contextlib
import json
import logging
import time
from dataclasses import dataclass, field, replace

import shiboken6
from PySide6.QtCore import QByteArray, QObject, QTimer, Signal, Slot
from PySide6.QtNetwork import QAbstractSocket, QHostAddress, QTcpServer, QTcpSocket
from PySide6.QtWebSockets import QWebSocket, QWebSocketProtocol, QWebSocketServer

from director import paths
from director.app import dealers
from director.app.dealers import DealerCodes, FloorCalls, NotAllowed
from director.app.devices import Devices
from director.app.display import DisplayData, Stat, Timing
from director.app.feed import ClockFeed, Tick
from director.app.lookup import players_json
from director.app.notices import Subscription
from director.app.remote import (
    BadRequest,
    Device,
    PairingCode,
    PairingCodes,
    RateLimiter,
    Target,
    command_for,
    controls,
    device_name,
    looks_like_code,
    run,
)
from director.app.timesource import Now, wall_clock
from director.core.commands import Command
from director.core.errors import RuleViolation
from director.i18n import LANGUAGES, _, describe_error, in_language, language, render
from director.persistence.errors import StoreError
from director.web import http
from director.web.addresses import authority, local_addresses, page_url
from director.web.texts import page_texts

LOG = logging.getLogger(__name__)

PROTOCOL = 1
"""The push channel's version: a page from another version reloads itself."""
REFUSED_STORE_CODES = frozenset(
    {"db_in_use", "event_leased", "event_moved_on", "db_read_only", "following_read_only"}
)
"""A database that another copy writes: the command is refused like a rule's refusal."""

STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/app.css": ("app.css", "text/css; charset=utf-8"),
    "/icon.svg": ("icon.svg", "image/svg+xml"),
    "/live.js": ("live.js", "text/javascript; charset=utf-8"),
    "/live.css": ("live.css", "text/css; charset=utf-8"),
    "/dealer": ("dealer.html", "text/html; charset=utf-8"),
    "/dealer.js": ("dealer.js", "text/javascript; charset=utf-8"),
    "/dealer.css": ("dealer.css", "text/css; charset=utf-8"),
}
GETS = ("/api/state", "/api/texts", "/api/players", "/api/controls", "/api/dealer")
POSTS = (
    "/api/pair",
    "/api/control",
    "/api/unpair",
    "/api/dealer/pair",
    "/api/dealer/act",
    "/api/dealer/unpair",
)
DEALER_PATHS = frozenset(path for path in (*GETS, *POSTS) if path.startswith("/api/dealer"))
SOCKET_PATH = "/ws"


@dataclass(frozen=True)
class Limits:
    """What one client may take of the server."""

    connections: int = 256
    """Open connections at once, viewers included."""
    per_address: int = 32
    head_ms: int = 10_000
    """A request's head and body must arrive within this (a slow client is cut off)."""
    idle_ms: int = 15_000
    """A kept-alive connection with nothing asked is closed after this."""
    heartbeat_ms: int = 2_000
    ping_ms: int = 10_000
    silent_ms: int = 35_000
    """A viewer that answers no ping for this long is gone (a half-open connection)."""
    backlog_bytes: int = 1_000_000
    """A viewer this far behind reading is dropped rather than let fill the memory."""
    messages_per_second: int = 20
    message_bytes: int = 4_096


class ServeError(Exception):
    """The page cannot be served (a port in use, an address not of this machine)."""

    def __init__(self, code: str, **args: object) -> None:
        super().__init__(code)
        self.code = code
        self.args_map = args


@dataclass
class _Connection:
    socket: QTcpSocket
    address: str
    since: float
    """When the current request began (or the connection, or the last answer)."""
    request: http.Request | None = None
    closing: bool = False


@dataclass
class _Viewer:
    socket: QWebSocket
    address: str
    language: str
    heard: float
    """When the viewer was last heard from (a message or a pong)."""
    window: list[float] = field(default_factory=list)


@dataclass(frozen=True)
class Reply:
    status: int
    body: bytes = b""
    content_type: str = "application/json; charset=utf-8"
    headers: tuple[tuple[str, str], ...] = ()


def _json(status: int, data: object, headers: tuple[tuple[str, str], ...] = ()) -> Reply:
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return Reply(status, body, headers=headers)


def _error(status: int, text: str, headers: tuple[tuple[str, str], ...] = ()) -> Reply:
    return _json(status, {"ok": False, "error": text}, headers)


def signature(data: DisplayData | None) -> object:
    """What a viewer must be sent anew when it changes: everything but the passing of
    the seconds, which the page counts by itself (the time left, the time to the
    break, the instant read)."""
    if data is None:
        return None
    timing = data.timing
    counting = (
        (data.running and not data.hands_level)
        or timing.cash_ends_at is not None
        or (timing.starts_at is not None and not data.started)
    )
    return replace(
        data,
        time_text="" if counting else data.time_text,
        stats=tuple(
            Stat(stat.caption, "", stat.key) if stat.key == "next_break" else stat
            for stat in data.stats
        ),
        timing=Timing(
            computed_at=0,
            ends_at=timing.ends_at,
            hand=timing.hand,
            hands=timing.hands,
            cash_ends_at=timing.cash_ends_at,
            starts_at=timing.starts_at,
            remaining_ms=None if counting else timing.remaining_ms,
            overtime_ms=0 if counting else timing.overtime_ms,
        ),
    )


def _load_static() -> dict[str, bytes]:
    found = {}
    for path, (name, _kind) in STATIC.items():
        with contextlib.suppress(OSError):
            found[path] = paths.resource("web", name).read_bytes()
    return found


class WebServer(QObject):
    """Serves the page, the JSON, the push channel and the remote for one open event
    at a time (``attach``); with none, the page says so."""

    viewers_changed = Signal(int)
    devices_changed = Signal()
    paired = Signal(str)
    """A phone was paired: its name."""
    floor_changed = Signal()
    """A table called the floor, or a call was answered."""

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
        self.codes = PairingCodes()
        self.limiter = RateLimiter()
        self.devices: Devices | None = None
        self.remote_enabled = False
        """Whether paired phones may send commands (off until the organizer turns it on)."""
        self._dealers_enabled = False
        self.dealer_codes = DealerCodes()
        self.floor = FloorCalls()
        self._tables_seen: frozenset[int] | None = None
        self._target: Target | None = None
        self._feed: ClockFeed | None = None
        self._listening: Subscription | None = None
        self._static = _load_static()
        self._tcp: QTcpServer | None = None
        self._sockets = QWebSocketServer("director", QWebSocketServer.SslMode.NonSecureMode, self)
        self._sockets.setHandshakeTimeout(self.limits.head_ms)
        self._sockets.newConnection.connect(self._on_viewer)
        self._connections: dict[QTcpSocket, _Connection] = {}
        self._upgrades: list[tuple[float, QTcpSocket]] = []
        """Connections handed to Qt's WebSocket server, with when: each goes to its
        WebSocket once the handshake is done, or is let go after its deadline."""
        self._graveyard: list[list[QObject]] = [[], []]
        """Sockets let go (``deleteLater``), kept referenced until Qt has deleted them."""
        self._viewers: dict[QWebSocket, _Viewer] = {}
        self._hosts: frozenset[str] = frozenset()
        self._host = ""
        self._port = 0
        self._signature: object = None
        self._revision = 0
        self.served = 0
        """Requests answered (for tests and benchmarks)."""
        self.pushed = 0
        """Display messages sent to viewers."""
        self._beat = QTimer(self)
        self._beat.setInterval(self.limits.heartbeat_ms)
        self._beat.timeout.connect(self._heartbeat)
        self._sweep = QTimer(self)
        self._sweep.setInterval(1000)
        self._sweep.timeout.connect(self._sweep_connections)
        self._last_ping = 0.0

    # -- starting and stopping ----------------------------------------------------

    @property
    def running(self) -> bool:
        return self._tcp is not None

    @property
    def host(self) -> str:
        return self._host

    @property
    def port(self) -> int:
        return self._port

    @property
    def url(self) -> str:
        """The page's address, as the QR code carries it."""
        host = self._host
        if host in ("0.0.0.0", "::"):
            lan = [item.ip for item in local_addresses() if not item.loopback]
            host = lan[0] if lan else "127.0.0.1"
        return page_url(host, self._port)

    def start(self, host: str, port: int) -> None:
        """Listen on ``host`` (one address of this machine) and ``port``; ``ServeError``
        when that cannot be (the port is taken, the address is not this machine's)."""
        self.stop()
        if type(port) is not int or not 0 <= port <= 65535:
            raise ServeError("serve_bad_port", port=port)
        address = QHostAddress(host)
        if address.isNull():
            raise ServeError(
                "serve_bad_address",
                address=host,
                addresses=", ".join(item.ip for item in local_addresses()),
            )
        server = QTcpServer(self)
        server.setMaxPendingConnections(64)
        if not server.listen(address, port):
            error = server.serverError()
            detail = server.errorString()
            server.deleteLater()
            errors = QAbstractSocket.SocketError
            if error == errors.AddressInUseError:
                raise ServeError("serve_port_in_use", port=port, address=host)
            if error == errors.SocketAddressNotAvailableError:
                raise ServeError("serve_address_unavailable", address=host)
            if error == errors.SocketAccessError:
                raise ServeError("serve_port_refused", port=port)
            raise ServeError("serve_failed", address=host, port=port, detail=detail)
        server.newConnection.connect(self._on_connection)
        self._tcp = server
        self._host = host
        self._port = server.serverPort()
        self._hosts = self._allowed_hosts(host, self._port)
        self._beat.start()
        self._sweep.start()

    def stop(self) -> None:
        """Stop listening and close every connection (the viewers see "connection lost")."""
        server, self._tcp = self._tcp, None
        if server is not None:
            server.close()
            server.deleteLater()
        self._beat.stop()
        self._sweep.stop()
        viewers, self._viewers = list(self._viewers), {}
        for socket in viewers:
            socket.abort()
            self._let_go(socket)
        connections, self._connections = list(self._connections.values()), {}
        for connection in connections:
            connection.socket.abort()
            self._let_go(connection.socket)
        upgrades, self._upgrades = self._upgrades, []
        for _since, socket in upgrades:
            if shiboken6.isValid(socket) and not isinstance(socket.parent(), QWebSocket):
                socket.abort()
                self._let_go(socket)
        self.viewers_changed.emit(0)

    @staticmethod
    def _allowed_hosts(host: str, port: int) -> frozenset[str]:
        """The Host headers this server answers: its own address and port (on every
        address of the machine when bound to all of them), "localhost" on loopback."""
        ips = [host]
        if host in ("0.0.0.0", "::"):
            ips = [item.ip for item in local_addresses()]
        names = {authority(ip, port) for ip in ips}
        if port == 80:
            names |= {f"[{ip}]" if ":" in ip else ip for ip in ips}
        if any(ip.startswith("127.") or ip == "::1" for ip in ips):
            names.add(f"localhost:{port}")
        return frozenset(name.lower() for name in names)

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
            self.dealer_codes.cancel()
            self.floor.clear()
        self._feed = feed
        self._target = target
        self._tables_seen = None
        self._listening = feed.subscribe(self._on_tick)
        self._push(force=True)

    def detach(self, *, push: bool = True) -> None:
        """Serve no event (the one served was closed)."""
        if self._listening is not None:
            self._listening.cancel()
            self._listening = None
        self._feed = None
        self._target = None
        if push:
            self._push(force=True)

    @property
    def feed(self) -> ClockFeed | None:
        return self._feed

    @property
    def viewers(self) -> int:
        return len(self._viewers)

    @property
    def connections(self) -> int:
        """Open connections of every kind (viewers, requests, upgrades under way)."""
        self._forget_upgrades()
        return len(self._connections) + len(self._upgrades) + len(self._viewers)

    def _forget_upgrades(self) -> None:
        """Handshakes older than Qt's deadline failed: their connections are let go."""
        deadline = time.monotonic() - 2 * self.limits.head_ms / 1000
        while self._upgrades and self._upgrades[0][0] < deadline:
            _since, socket = self._upgrades.pop(0)
            if shiboken6.isValid(socket):
                socket.abort()
                self._let_go(socket)

    def _let_go(self, socket: QObject) -> None:
        """Delete a socket Qt gave us, and let its Python wrapper go with it.

        A socket Qt made is its server's child, and PySide keeps the wrapper of every
        child of a wrapped object for as long as the parent lives: all night, for the
        server. Taken off its parent, it is ours alone; it is kept referenced until
        Qt has deleted it (a sweep or two later), then forgotten.
        """
        if not shiboken6.isValid(socket):
            return
        socket.setParent(None)
        socket.deleteLater()
        self._graveyard[-1].append(socket)

    def new_pairing_code(self) -> PairingCode:
        """A one-time code for the console's pairing QR code (it replaces the last one)."""
        return self.codes.issue(self.clock())

    def pairing_url(self, code: PairingCode) -> str:
        return f"{self.url}#pair={code.code}"

    # -- dealers' phones ------------------------------------------------------------

    @property
    def dealers_enabled(self) -> bool:
        """Whether tables' dealer phones may pair and report (off until turned on)."""
        return self._dealers_enabled

    @dealers_enabled.setter
    def dealers_enabled(self, on: bool) -> None:
        if on != self._dealers_enabled:
            self._dealers_enabled = on
            self._tables_news()  # the phones learn it at once

    def dealer_code(self, table: int, *, renew: bool = False) -> PairingCode | None:
        """Table ``table``'s pairing code for the event served (the one still waiting,
        else a new one); None when no event is served."""
        target = self._target
        if target is None:
            return None
        now = int(self.clock())
        if renew:
            return self.dealer_codes.renew(target.event_id, table, now)
        return self.dealer_codes.code_for(target.event_id, table, now)

    def dealer_url(self, code: PairingCode) -> str:
        return f"{self.url}dealer#code={code.code}"

    def answer_floor(self, table: int) -> bool:
        """The organizer answers table ``table``'s call: its phone says he is coming."""
        answered = self.floor.answer(table, int(self.clock()))
        if answered:
            self.floor_changed.emit()
            self._tables_news()
        return answered

    def _check_tables(self) -> None:
        """A table broken takes its dealers' phones with it (once, when it happens)."""
        target, devices = self._target, self.devices
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
        pushed = self._push() if tick.fresh else False
        if tick.changes is not None and not pushed and self.dealers_enabled:
            # A hand done, a move, hand-for-hand: the display may be the same, but a
            # dealer's phone shows its table and must hear of it.
            self._tables_news()

    def _tables_news(self) -> None:
        """Tell every viewer that the event changed without the display changing (a
        dealer's phone then reads its table again; the public page ignores it)."""
        if not self._viewers:
            return
        news = json.dumps({"type": "tables", "now": self._now(), "revision": self._revision})
        for socket, viewer in list(self._viewers.items()):
            self._send(socket, viewer, news)

    def _state_message(self, viewer_language: str) -> str:
        feed = self._feed
        display = feed.payload(viewer_language) if feed is not None else None
        return json.dumps(
            {
                "type": "state",
                "protocol": PROTOCOL,
                "now": self._now(),
                "revision": self._revision,
                "display": display,
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )

    def _now(self) -> int:
        feed = self._feed
        return int(feed.source.now()) if feed is not None else int(self.clock())

    def _push(self, *, force: bool = False) -> bool:
        """Send the display to every viewer if it changed (or ``force``); whether sent."""
        feed = self._feed
        made = signature(feed.data if feed is not None else None)
        if not force and made == self._signature:
            return False
        self._check_tables()
        self._signature = made
        self._revision += 1
        texts: dict[str, str] = {}
        for socket, viewer in list(self._viewers.items()):
            text = texts.get(viewer.language)
            if text is None:
                text = texts[viewer.language] = self._state_message(viewer.language)
            self._send(socket, viewer, text)
        self.pushed += len(self._viewers)
        return True

    def _send(self, socket: QWebSocket, viewer: _Viewer, text: str) -> None:
        if socket.bytesToWrite() > self.limits.backlog_bytes:
            LOG.info("dropping a viewer at %s: too far behind", viewer.address)
            self._drop_viewer(socket, abort=True)
            return
        socket.sendTextMessage(text)

    def _heartbeat(self) -> None:
        if not self._viewers:
            return
        beat = json.dumps({"type": "beat", "now": self._now(), "revision": self._revision})
        moment = time.monotonic()
        ping = moment - self._last_ping >= self.limits.ping_ms / 1000
        if ping:
            self._last_ping = moment
        for socket, viewer in list(self._viewers.items()):
            if moment - viewer.heard > self.limits.silent_ms / 1000:
                LOG.info("dropping a silent viewer at %s", viewer.address)
                self._drop_viewer(socket, abort=True)
                continue
            self._send(socket, viewer, beat)
            if ping and socket in self._viewers:
                socket.ping(b"")

    def _on_viewer(self) -> None:
        while self._sockets.hasPendingConnections():
            socket = self._sockets.nextPendingConnection()
            if socket is None:
                break
            query = dict(
                item.split("=", 1) if "=" in item else (item, "")
                for item in socket.requestUrl().query().split("&")
                if item
            )
            chosen = query.get("lang", "")
            viewer = _Viewer(
                socket=socket,
                address=socket.peerAddress().toString(),
                language=chosen if chosen in LANGUAGES else language(),
                heard=time.monotonic(),
            )
            socket.setMaxAllowedIncomingMessageSize(self.limits.message_bytes)
            socket.setMaxAllowedIncomingFrameSize(self.limits.message_bytes)
            socket.textMessageReceived.connect(self._viewer_text)
            socket.binaryMessageReceived.connect(self._viewer_binary)
            socket.pong.connect(self._viewer_pong)
            socket.disconnected.connect(self._viewer_gone)
            self._viewers[socket] = viewer
            self._adopt_connection(socket)
            socket.sendTextMessage(self._state_message(viewer.language))
            self.viewers_changed.emit(len(self._viewers))

    def _adopt_connection(self, socket: QWebSocket) -> None:
        """The WebSocket now holds the connection handed over: make it the parent, so
        that both go together (and their wrappers with them)."""
        for index, (_since, tcp) in enumerate(self._upgrades):
            if not shiboken6.isValid(tcp):
                continue
            if tcp.peerPort() == socket.peerPort() and tcp.peerAddress() == socket.peerAddress():
                del self._upgrades[index]
                tcp.setParent(socket)
                return

    @Slot(str)
    def _viewer_text(self, text: str) -> None:
        socket = self.sender()
        if isinstance(socket, QWebSocket):
            self._on_viewer_message(socket, text)

    @Slot(QByteArray)
    def _viewer_binary(self, _data: QByteArray) -> None:
        socket = self.sender()
        if isinstance(socket, QWebSocket):
            self._misbehaved(socket)

    @Slot(int, QByteArray)
    def _viewer_pong(self, _elapsed: int, _payload: QByteArray) -> None:
        socket = self.sender()
        if isinstance(socket, QWebSocket):
            self._heard(socket)

    @Slot()
    def _viewer_gone(self) -> None:
        socket = self.sender()
        if isinstance(socket, QWebSocket):
            self._drop_viewer(socket)

    def _heard(self, socket: QWebSocket) -> None:
        viewer = self._viewers.get(socket)
        if viewer is not None:
            viewer.heard = time.monotonic()

    def _misbehaved(self, socket: QWebSocket) -> None:
        if socket in self._viewers:
            socket.close(QWebSocketProtocol.CloseCode.CloseCodePolicyViolated)
            self._drop_viewer(socket)

    def _on_viewer_message(self, socket: QWebSocket, text: str) -> None:
        viewer = self._viewers.get(socket)
        if viewer is None:
            return
        moment = time.monotonic()
        viewer.heard = moment
        viewer.window = [at for at in viewer.window if moment - at < 1.0]
        viewer.window.append(moment)
        if len(viewer.window) > self.limits.messages_per_second:
            self._misbehaved(socket)
            return
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            return
        if not isinstance(message, dict):
            return
        if message.get("type") == "language" and message.get("language") in LANGUAGES:
            viewer.language = str(message["language"])
            self._send(socket, viewer, self._state_message(viewer.language))
        elif message.get("type") == "hello":
            self._send(socket, viewer, self._state_message(viewer.language))

    def _drop_viewer(self, socket: QWebSocket, *, abort: bool = False) -> None:
        if self._viewers.pop(socket, None) is None:
            return
        if abort:
            socket.abort()
        self._let_go(socket)
        self.viewers_changed.emit(len(self._viewers))

    # -- connections and requests ---------------------------------------------------

    def _on_connection(self) -> None:
        server = self._tcp
        while server is not None and server.hasPendingConnections():
            socket = server.nextPendingConnection()
            if socket is None:
                break
            address = socket.peerAddress().toString()
            same = sum(1 for c in self._connections.values() if c.address == address)
            same += sum(1 for v in self._viewers.values() if v.address == address)
            if self.connections >= self.limits.connections or same >= self.limits.per_address:
                # Answered, then closed once the answer is written (or cut off by the
                # sweep); what it sends meanwhile is not read.
                socket.setReadBufferSize(1024)
                refused = _Connection(socket, address, time.monotonic(), closing=True)
                self._connections[socket] = refused
                socket.disconnected.connect(self._socket_closed)
                socket.write(http.response(429, b"Too many connections\n", keep_alive=False))
                socket.disconnectFromHost()
                continue
            socket.setReadBufferSize(http.MAX_HEAD + http.MAX_BODY + 1024)
            self._connections[socket] = _Connection(socket, address, time.monotonic())
            # Slots of this QObject, not Python callables: PySide would otherwise tie
            # a helper to the socket's ``destroyed`` signal, and Qt's WebSocket code
            # warns about it when it takes the socket over.
            socket.readyRead.connect(self._ready_read)
            socket.disconnected.connect(self._socket_closed)

    @Slot()
    def _ready_read(self) -> None:
        socket = self.sender()
        if isinstance(socket, QTcpSocket):
            self._on_ready(socket)

    @Slot()
    def _socket_closed(self) -> None:
        socket = self.sender()
        if isinstance(socket, QTcpSocket):
            self._on_closed(socket)

    def _on_closed(self, socket: QTcpSocket) -> None:
        if self._connections.pop(socket, None) is not None:
            self._let_go(socket)

    def _close(self, connection: _Connection) -> None:
        connection.closing = True
        connection.socket.disconnectFromHost()

    def _answer(
        self, connection: _Connection, reply: Reply, *, keep_alive: bool, head_only: bool = False
    ) -> None:
        self.served += 1
        connection.socket.write(
            http.response(
                reply.status,
                reply.body,
                content_type=reply.content_type,
                headers=reply.headers,
                keep_alive=keep_alive,
                head_only=head_only,
                host=self._page_host(connection),
            )
        )
        connection.since = time.monotonic()
        if not keep_alive:
            self._close(connection)

    def _page_host(self, connection: _Connection) -> str:
        request = connection.request
        host = request.header("host").lower() if request is not None else ""
        return host if host in self._hosts else authority(self._host, self._port)

    def _on_ready(self, socket: QTcpSocket) -> None:
        connection = self._connections.get(socket)
        if connection is None or connection.closing:
            if connection is not None:
                socket.readAll()  # said all there was to say: the rest is ignored
            return
        try:
            while not connection.closing and socket.bytesAvailable() > 0:
                if not self._read_one(connection):
                    return
        except Exception:  # a fault here must never reach Qt's loop, nor the clock
            LOG.exception("a request could not be handled")
            if socket in self._connections and not connection.closing:
                self._answer(connection, _error(500, "internal error"), keep_alive=False)

    def _read_one(self, connection: _Connection) -> bool:
        """Read and answer one request if it is all there; whether to go on reading."""
        socket = connection.socket
        if connection.request is None:
            peeked = bytes(socket.peek(http.MAX_HEAD + 4).data())
            try:
                end = http.head_end(peeked)
                if end < 0:
                    return False
                request = http.parse_head(peeked[:end])
            except http.HttpError as error:
                self._answer(connection, _error(error.status, error.reason), keep_alive=False)
                return False
            if request.path == SOCKET_PATH:
                self._upgrade(connection, request)
                return False
            socket.read(end)
            connection.request = request
            connection.since = time.monotonic()
        request = connection.request
        length = request.content_length
        if socket.bytesAvailable() < length:
            return False
        body = bytes(socket.read(length).data()) if length else b""
        connection.request = replace(request, body=body)
        reply = self._route(connection, connection.request)
        keep_alive = request.keep_alive and reply.status < 500
        self._answer(connection, reply, keep_alive=keep_alive, head_only=request.method == "HEAD")
        connection.request = None
        return keep_alive

    def _upgrade(self, connection: _Connection, request: http.Request) -> None:
        """Give a checked WebSocket upgrade to Qt's WebSocket server; refuse the rest."""
        refused = self._check_host(request)
        if refused is None and request.method != "GET":
            refused = _error(405, "GET only", (("Allow", "GET"),))
        if refused is None and not request.wants_websocket:
            refused = _error(426, "upgrade to a WebSocket", (("Upgrade", "websocket"),))
        if refused is None:
            refused = self._check_origin(request)
        if refused is None and request.query.get("lang", "en") not in LANGUAGES:
            refused = _error(400, "unknown language")
        if refused is None and len(self._viewers) >= self.limits.connections:
            refused = _error(429, "too many viewers")
        if refused is not None:
            connection.request = request
            self._answer(connection, refused, keep_alive=False)
            return
        socket = connection.socket
        self._connections.pop(socket, None)
        socket.readyRead.disconnect(self._ready_read)
        socket.disconnected.disconnect(self._socket_closed)
        # Qt's WebSocket server reads the handshake (still unread) and answers it.
        self._upgrades.append((time.monotonic(), socket))
        self._sockets.handleConnection(socket)

    def _check_host(self, request: http.Request) -> Reply | None:
        if request.header("host").lower() not in self._hosts:
            return _error(403, "this server answers only to its own address")
        return None

    def _check_origin(self, request: http.Request) -> Reply | None:
        origin = request.header("origin")
        if origin and origin.lower() != f"http://{request.header('host').lower()}":
            return _error(403, "not from this page")
        return None

    def _sweep_connections(self) -> None:
        """Cut off requests that take too long to arrive, and idle kept-alive connections."""
        moment = time.monotonic()
        for socket, connection in list(self._connections.items()):
            waited = (moment - connection.since) * 1000
            if connection.closing:
                if waited > 5_000:
                    socket.abort()
                    self._on_closed(socket)
                continue
            started = connection.request is not None or socket.bytesAvailable() > 0
            if started and waited > self.limits.head_ms:
                self._answer(connection, _error(408, "too slow"), keep_alive=False)
            elif not started and waited > self.limits.idle_ms:
                self._close(connection)
        self._forget_upgrades()
        # What was let go a sweep ago is deleted by now: its wrappers may go.
        self._graveyard = [self._graveyard[-1], []]

    # -- routes -------------------------------------------------------------------

    def _route(self, connection: _Connection, request: http.Request) -> Reply:
        refused = self._check_host(request)
        if refused is not None:
            return refused
        path, method = request.path, request.method
        if path in STATIC or path in GETS:
            if method not in ("GET", "HEAD"):
                return _error(405, "GET only", (("Allow", "GET, HEAD"),))
        elif path in POSTS:
            if method != "POST":
                return _error(405, "POST only", (("Allow", "POST"),))
        else:
            return _error(404, "nothing here")
        chosen = request.query.get("lang", language())
        if chosen not in LANGUAGES:
            return _error(400, "unknown language")
        if path in STATIC:
            body = self._static.get(path)
            if body is None:
                return _error(404, "nothing here")
            return Reply(200, body, STATIC[path][1])
        with in_language(chosen):
            if path in DEALER_PATHS:
                return self._dealer(connection, request)
            if path == "/api/state":
                return Reply(200, self._state_message(chosen).encode("utf-8"))
            if path == "/api/texts":
                return _json(200, page_texts())
            if path == "/api/players":
                feed = self._feed
                return _json(200, players_json(feed.source.state) if feed is not None else [])
            return self._remote(connection, request)

    def _remote(self, connection: _Connection, request: http.Request) -> Reply:
        """The paired phone's requests (in the viewer's language already)."""
        now = int(self.clock())
        address = connection.address
        data = self._phone_request(
            request, address, now, enabled=self.remote_enabled, off="remote_off"
        )
        if isinstance(data, Reply):
            return data
        if request.path == "/api/pair":
            return self._pair(address, now, data)
        device = self._device(request, address, now)
        if device is None:
            return _error(
                401,
                describe_error(RuleViolation("remote_not_paired")),
                (("WWW-Authenticate", 'Bearer realm="director"'),),
            )
        target = self._target
        if request.path == "/api/unpair":
            self.devices.revoke(device.id, now)
            self.devices_changed.emit()
            return _json(200, {"ok": True})
        if device.dealer:
            refused = RuleViolation("dealer_is_not_remote", table=device.table)
            return _error(403, describe_error(refused))
        if target is None:
            return _error(409, describe_error(RuleViolation("serve_no_event")))
        if request.path == "/api/controls":
            return _json(200, {"ok": True, "device": device.name, **controls(target)})
        try:
            command = command_for(data)
        except BadRequest as error:
            text = describe_error(RuleViolation("remote_bad_request", detail=str(error)))
            return _error(400, text)
        return self._perform(target, command, device, address, now)

    def _phone_request(
        self, request: http.Request, address: str, now: int, *, enabled: bool, off: str
    ) -> object:
        """What a phone's request carries (its JSON body, {} or None), or the ``Reply``
        refusing it: the feature off (``off`` says why), too many failures from that
        address, another page's Origin, a body that is not JSON."""
        if not enabled or self.devices is None:
            return _error(403, describe_error(RuleViolation(off)))
        wait = self.limiter.retry_after(address, now)
        if wait is not None:
            seconds = -(-wait // 1000)
            text = describe_error(RuleViolation("remote_too_many", seconds=seconds))
            return _error(429, text, (("Retry-After", str(seconds)),))
        refused = self._check_origin(request)
        if refused is not None:
            return refused
        if request.method != "POST":
            return None
        kind = request.header("content-type").split(";")[0].strip().lower()
        if kind != "application/json":
            return _error(415, "send JSON")
        try:
            return json.loads(request.body.decode("utf-8")) if request.body else {}
        except (ValueError, RecursionError):
            return _error(400, "malformed JSON")

    def _dealer(self, connection: _Connection, request: http.Request) -> Reply:
        """A table's dealer phone: pairing with the table's code, its table's view, and
        what it may do there (in the viewer's language already)."""
        now = int(self.clock())
        address = connection.address
        data = self._phone_request(
            request, address, now, enabled=self.dealers_enabled, off="dealers_off"
        )
        if isinstance(data, Reply):
            return data
        if request.path == "/api/dealer/pair":
            return self._pair_dealer(address, now, data)
        device = self._device(request, address, now)
        if device is None:
            gone = self._broken_table(request)
            if gone is not None:
                return _error(410, describe_error(RuleViolation("dealer_table_gone", table=gone)))
        if device is None or not device.dealer:
            return _error(
                401,
                describe_error(RuleViolation("dealer_not_paired")),
                (("WWW-Authenticate", 'Bearer realm="director"'),),
            )
        assert device.table is not None
        if request.path == "/api/dealer/unpair":
            self.devices.revoke(device.id, now)
            self.devices_changed.emit()
            return _json(200, {"ok": True})
        target = self._target
        if target is None:
            return _error(409, describe_error(RuleViolation("serve_no_event")))
        if device.event != target.event_id:
            refused_event = RuleViolation("dealer_other_event", table=device.table)
            return _error(409, describe_error(refused_event))
        table = device.table
        if table not in target.state.tables.tables:
            # The table broke: its phones' rights end with it.
            with contextlib.suppress(StoreError):
                self.devices.revoke(device.id, now)
                self.devices_changed.emit()
            return _error(410, describe_error(RuleViolation("dealer_table_gone", table=table)))
        if request.path == "/api/dealer":
            floor = self.floor.of(table, now)
            shown = dealers.view(target, table, now=now, floor=floor)
            return _json(200, {"ok": True, "device": device.name, "now": now, **shown})
        try:
            asked = dealers.command_for(data, table, target.state)
        except BadRequest as error:
            text = describe_error(RuleViolation("remote_bad_request", detail=str(error)))
            return _error(400, text)
        except NotAllowed as error:
            return _json(403, {"ok": False, "why": describe_error(error)})
        except RuleViolation as error:
            return _json(409, {"ok": False, "why": describe_error(error)})
        if isinstance(asked, str):  # a call for the floor: nothing changes in the event
            self.floor.call(table, device.name, now)
            self.devices.note_seen(device, now, address)
            self.floor_changed.emit()
            self._tables_news()
            return _json(200, {"ok": True, "done": _("the floor is called")})
        return self._perform(target, asked, device, address, now)

    def _broken_table(self, request: http.Request) -> int | None:
        """The table a revoked dealer's phone dealt for, when that table broke (the
        phone is told so rather than only "not paired")."""
        target, devices = self._target, self.devices
        if target is None or devices is None:
            return None
        _scheme, _space, token = request.header("authorization").partition(" ")
        try:
            gone = devices.revoked_dealer(token.strip())
        except StoreError:
            return None
        if gone is None or gone.event != target.event_id:
            return None
        return gone.table if gone.table not in target.state.tables.tables else None

    def _pair_dealer(self, address: str, now: int, data: object) -> Reply:
        assert self.devices is not None
        if not isinstance(data, dict):
            return _error(400, "expected an object")
        try:
            name = device_name(data.get("name"))
        except RuleViolation as error:
            return _error(400, describe_error(error))
        refused = self._not_a_code(data.get("code"), address, now)
        if refused is not None:
            return refused
        found = self.dealer_codes.redeem(data.get("code"), now)
        if found is None:
            self.limiter.failed(address, now)
            return _error(403, describe_error(RuleViolation("dealer_code_wrong")))
        event, table = found
        target = self._target
        if target is None or target.event_id != event:
            return _error(409, describe_error(RuleViolation("dealer_code_wrong")))
        if table not in target.state.tables.tables:
            return _error(410, describe_error(RuleViolation("dealer_table_gone", table=table)))
        try:
            device, token = self.devices.pair(name, now, event=event, table=table)
        except StoreError as error:
            return _error(409, describe_error(error))
        self.dealer_codes.renew(event, table, now)  # the console shows a fresh one
        self.devices_changed.emit()
        self.paired.emit(device.name)
        return _json(
            200,
            {
                "ok": True,
                "token": token,
                "table": table,
                "device": {"id": device.id, "name": name},
            },
        )

    def _not_a_code(self, typed: object, address: str, now: int) -> Reply | None:
        """The refusal of what cannot be a code at all (typed by hand: too long, other
        characters than letters and digits, not text), counted as a failed attempt;
        None when it has a code's shape."""
        if looks_like_code(typed):
            return None
        self.limiter.failed(address, now)
        return _error(400, describe_error(RuleViolation("pairing_code_malformed")))

    def _device(self, request: http.Request, address: str, now: int) -> Device | None:
        assert self.devices is not None
        scheme, _space, token = request.header("authorization").partition(" ")
        device = None
        if scheme.lower() == "bearer":
            try:
                device = self.devices.check(token.strip(), now, address)
            except StoreError as error:
                LOG.warning("paired phones could not be read: %s", describe_error(error))
                return None
        if device is None:
            self.limiter.failed(address, now)
        return device

    def _pair(self, address: str, now: int, data: object) -> Reply:
        assert self.devices is not None
        if not isinstance(data, dict):
            return _error(400, "expected an object")
        try:
            name = device_name(data.get("name"))
        except RuleViolation as error:
            return _error(400, describe_error(error))
        refused = self._not_a_code(data.get("code"), address, now)
        if refused is not None:
            return refused
        if not self.codes.redeem(data.get("code"), now):
            self.limiter.failed(address, now)
            return _error(403, describe_error(RuleViolation("pairing_code_wrong")))
        try:
            device, token = self.devices.pair(name, now)
        except StoreError as error:
            return _error(409, describe_error(error))
        self.devices_changed.emit()
        self.paired.emit(device.name)
        return _json(200, {"ok": True, "token": token, "device": {"id": device.id, "name": name}})

    def _perform(
        self, target: Target, command: Command, device: Device, address: str, now: int
    ) -> Reply:
        """Run a phone's command through ``target``: the rules asked first, nothing
        written when refused."""
        assert self.devices is not None
        try:
            changes = run(target, command, device)
        except RuleViolation as error:
            return _json(409, {"ok": False, "why": describe_error(error)})
        except StoreError as error:
            status = 409 if error.code in REFUSED_STORE_CODES else 503
            return _json(status, {"ok": False, "why": describe_error(error)})
        self.devices.note_seen(device, now, address)
        self.devices_changed.emit()
        done = render(changes.label) if changes.label is not None else ""
        return _json(200, {"ok": True, "done": done})


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
