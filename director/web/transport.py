"""The network page's transport: a ``QTcpServer`` on the one address the organizer
chose, each request read within fixed limits (``web.http``) and answered by the
routes, a WebSocket upgrade checked here and handed to the push channel.

Connections, heads, bodies, slow clients and idle connections are all capped, so
nothing a client does can take the app down or stop its clock. It runs in Qt's own
event loop, with no thread.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from PySide6.QtCore import QObject, QTimer, Slot
from PySide6.QtNetwork import QAbstractSocket, QHostAddress, QTcpServer, QTcpSocket

from director.i18n import LANGUAGES
from director.web import http
from director.web.addresses import authority, local_addresses
from director.web.limits import Limits
from director.web.push import PushChannel
from director.web.replies import Reply, error_reply
from director.web.security import allowed_hosts, host_refusal, origin_refusal
from director.web.sockets import Graveyard

LOG = logging.getLogger(__name__)

SOCKET_PATH = "/ws"
"""Where the push channel's WebSocket is asked for."""


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


Answer = Callable[[http.Request, str], Reply]
"""The routes: a request (its body read) and the client's address, to a reply."""


class HttpFront(QObject):
    """Listens, reads requests, answers them through ``answer``, hands WebSocket
    upgrades to ``channel``, and cuts off what takes too long."""

    def __init__(
        self,
        limits: Limits,
        graveyard: Graveyard,
        channel: PushChannel,
        answer: Answer,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.limits = limits
        self._graveyard = graveyard
        self._channel = channel
        self._answer_request = answer
        self.tcp: QTcpServer | None = None
        self._connections: dict[QTcpSocket, _Connection] = {}
        self.hosts: frozenset[str] = frozenset()
        """The Host headers answered (``security.allowed_hosts``)."""
        self.host = ""
        self.port = 0
        self.served = 0
        """Requests answered (for tests and benchmarks)."""
        self._sweep = QTimer(self)
        self._sweep.setInterval(1000)
        self._sweep.timeout.connect(self._sweep_connections)

    @property
    def connections(self) -> int:
        """Open connections of every kind (viewers, requests, upgrades under way)."""
        return len(self._connections) + self._channel.upgrading + self._channel.viewers

    def start(self, host: str, port: int) -> None:
        """Listen on ``host`` (one address of this machine) and ``port``; ``ServeError``
        when that cannot be (the port is taken, the address is not this machine's)."""
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
        self.tcp = server
        self.host = host
        self.port = server.serverPort()
        self.hosts = allowed_hosts(host, self.port)
        self._sweep.start()

    def stop(self) -> None:
        """Stop listening and close every connection."""
        server, self.tcp = self.tcp, None
        if server is not None:
            server.close()
            server.deleteLater()
        self._sweep.stop()
        connections, self._connections = list(self._connections.values()), {}
        for connection in connections:
            connection.socket.abort()
            self._graveyard.let_go(connection.socket)

    # -- connections ----------------------------------------------------------------

    def _on_connection(self) -> None:
        server = self.tcp
        while server is not None and server.hasPendingConnections():
            socket = server.nextPendingConnection()
            if socket is None:
                break
            address = socket.peerAddress().toString()
            same = sum(1 for c in self._connections.values() if c.address == address)
            same += self._channel.from_address(address)
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
            self._graveyard.let_go(socket)

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
        return host if host in self.hosts else authority(self.host, self.port)

    # -- requests -------------------------------------------------------------------

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
                self._answer(connection, error_reply(500, "internal error"), keep_alive=False)

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
                self._answer(connection, error_reply(error.status, error.reason), keep_alive=False)
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
        reply = self._answer_request(connection.request, connection.address)
        keep_alive = request.keep_alive and reply.status < 500
        self._answer(connection, reply, keep_alive=keep_alive, head_only=request.method == "HEAD")
        connection.request = None
        return keep_alive

    def _upgrade(self, connection: _Connection, request: http.Request) -> None:
        """Give a checked WebSocket upgrade to the push channel; refuse the rest."""
        refused = host_refusal(request, self.hosts)
        if refused is None and request.method != "GET":
            refused = error_reply(405, "GET only", (("Allow", "GET"),))
        if refused is None and not request.wants_websocket:
            refused = error_reply(426, "upgrade to a WebSocket", (("Upgrade", "websocket"),))
        if refused is None:
            refused = origin_refusal(request)
        if refused is None and request.query.get("lang", "en") not in LANGUAGES:
            refused = error_reply(400, "unknown language")
        if refused is None and self._channel.viewers >= self.limits.connections:
            refused = error_reply(429, "too many viewers")
        if refused is not None:
            connection.request = request
            self._answer(connection, refused, keep_alive=False)
            return
        socket = connection.socket
        self._connections.pop(socket, None)
        socket.readyRead.disconnect(self._ready_read)
        socket.disconnected.disconnect(self._socket_closed)
        self._channel.take(socket)

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
                self._answer(connection, error_reply(408, "too slow"), keep_alive=False)
            elif not started and waited > self.limits.idle_ms:
                self._close(connection)
        self._channel.forget_upgrades()
        self._graveyard.sweep()
