"""The push channel: every phone and TV watching the clock holds a WebSocket, and gets
the whole display when it connects and whenever anything but the passing seconds
changes, and a heartbeat every two seconds with the server's time; the page counts
down by itself from the end of the level and that time.

Qt's ``QWebSocketServer`` takes a connection over once the transport has checked its
upgrade request (``take``); a viewer that is too slow to read, silent for too long,
or sends too much is dropped.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import shiboken6
from PySide6.QtCore import QByteArray, QObject, QTimer, Signal, Slot
from PySide6.QtNetwork import QTcpSocket
from PySide6.QtWebSockets import QWebSocket, QWebSocketProtocol, QWebSocketServer

from director.app.night.timesource import Now
from director.app.views.display import DisplayData, Stat, Timing
from director.app.views.feed import ClockFeed
from director.i18n import LANGUAGES, language
from director.web.limits import Limits
from director.web.sockets import Graveyard

LOG = logging.getLogger(__name__)

PROTOCOL = 1
"""The push channel's version: a page from another version reloads itself."""


@dataclass
class _Viewer:
    socket: QWebSocket
    address: str
    language: str
    heard: float
    """When the viewer was last heard from (a message or a pong)."""
    window: list[float] = field(default_factory=list)


def signature(data: DisplayData | None) -> object:
    """What a viewer must be sent anew when it changes: everything but the passing of
    the seconds, which the page counts by itself (the time left, the time to the
    break, the instant read, a shot clock's seconds from its end: a phone showing one
    is not sent the display, nor reads its table again, each second). A shot clock
    running out is sent: every viewer shows "Time!" when the TV does, whatever its
    own clock says."""
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
        shot_clocks=tuple(replace(shot, seconds=0, warning=False) for shot in data.shot_clocks),
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


class PushChannel(QObject):
    """The viewers' WebSockets: what they are sent, and when they are let go."""

    viewers_changed = Signal(int)

    def __init__(
        self,
        limits: Limits,
        graveyard: Graveyard,
        *,
        clock: Now,
        before_push: Callable[[], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.limits = limits
        self.feed: ClockFeed | None = None
        """The event served (None: the page says there is none)."""
        self._clock = clock
        self._before_push = before_push
        self._graveyard = graveyard
        self._sockets = QWebSocketServer("director", QWebSocketServer.SslMode.NonSecureMode, self)
        self._sockets.setHandshakeTimeout(limits.head_ms)
        self._sockets.newConnection.connect(self._on_viewer)
        self._upgrades: list[tuple[float, QTcpSocket]] = []
        """Connections handed to Qt's WebSocket server, with when: each goes to its
        WebSocket once the handshake is done, or is let go after its deadline."""
        self._viewers: dict[QWebSocket, _Viewer] = {}
        self._signature: object = None
        self.revision = 0
        """How many displays were pushed (each message says which it follows)."""
        self.pushed = 0
        """Display messages sent to viewers."""
        self.beat = QTimer(self)
        self.beat.setInterval(limits.heartbeat_ms)
        self.beat.timeout.connect(self.heartbeat)
        self._last_ping = 0.0

    # -- the viewers ----------------------------------------------------------------

    @property
    def viewers(self) -> int:
        return len(self._viewers)

    def from_address(self, address: str) -> int:
        """How many viewers ``address`` holds."""
        return sum(1 for viewer in self._viewers.values() if viewer.address == address)

    @property
    def upgrading(self) -> int:
        """Connections handed over whose handshake is not done yet."""
        self.forget_upgrades()
        return len(self._upgrades)

    def take(self, socket: QTcpSocket) -> None:
        """Qt's WebSocket server reads the checked handshake (still unread) and answers it."""
        self._upgrades.append((time.monotonic(), socket))
        self._sockets.handleConnection(socket)

    def forget_upgrades(self) -> None:
        """Handshakes older than Qt's deadline failed: their connections are let go."""
        deadline = time.monotonic() - 2 * self.limits.head_ms / 1000
        while self._upgrades and self._upgrades[0][0] < deadline:
            _since, socket = self._upgrades.pop(0)
            if shiboken6.isValid(socket):
                socket.abort()
                self._graveyard.let_go(socket)

    def start(self) -> None:
        self.beat.start()

    def stop(self) -> None:
        """Close every viewer (they see "connection lost") and every handshake."""
        self.beat.stop()
        viewers, self._viewers = list(self._viewers), {}
        for socket in viewers:
            socket.abort()
            self._graveyard.let_go(socket)
        upgrades, self._upgrades = self._upgrades, []
        for _since, waiting in upgrades:
            if shiboken6.isValid(waiting) and not isinstance(waiting.parent(), QWebSocket):
                waiting.abort()
                self._graveyard.let_go(waiting)
        self.viewers_changed.emit(0)

    # -- what is sent ---------------------------------------------------------------

    def now(self) -> int:
        feed = self.feed
        return int(feed.source.now()) if feed is not None else int(self._clock())

    def state_message(self, viewer_language: str) -> str:
        feed = self.feed
        display = feed.payload(viewer_language) if feed is not None else None
        return json.dumps(
            {
                "type": "state",
                "protocol": PROTOCOL,
                "now": self.now(),
                "revision": self.revision,
                "display": display,
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )

    def push(self, *, force: bool = False) -> bool:
        """Send the display to every viewer if it changed (or ``force``); whether sent."""
        feed = self.feed
        made = signature(feed.data if feed is not None else None)
        if not force and made == self._signature:
            return False
        self._before_push()
        self._signature = made
        self.revision += 1
        texts: dict[str, str] = {}
        for socket, viewer in list(self._viewers.items()):
            text = texts.get(viewer.language)
            if text is None:
                text = texts[viewer.language] = self.state_message(viewer.language)
            self._send(socket, viewer, text)
        self.pushed += len(self._viewers)
        return True

    def tables_news(self) -> None:
        """Tell every viewer that the event changed without the display changing (a
        dealer's phone then reads its table again; the public page ignores it)."""
        if not self._viewers:
            return
        news = json.dumps({"type": "tables", "now": self.now(), "revision": self.revision})
        for socket, viewer in list(self._viewers.items()):
            self._send(socket, viewer, news)

    def heartbeat(self) -> None:
        if not self._viewers:
            return
        beat = json.dumps({"type": "beat", "now": self.now(), "revision": self.revision})
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

    def _send(self, socket: QWebSocket, viewer: _Viewer, text: str) -> None:
        if socket.bytesToWrite() > self.limits.backlog_bytes:
            LOG.info("dropping a viewer at %s: too far behind", viewer.address)
            self._drop_viewer(socket, abort=True)
            return
        socket.sendTextMessage(text)

    # -- viewers coming, talking and going --------------------------------------------

    def _on_viewer(self) -> None:
        while self._sockets.hasPendingConnections():
            socket = self._sockets.nextPendingConnection()
            if socket is None:
                break
            query = dict(
                item.partition("=")[::2] for item in socket.requestUrl().query().split("&") if item
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
            socket.sendTextMessage(self.state_message(viewer.language))
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
            viewer = self._viewers.get(socket)
            if viewer is not None:
                viewer.heard = time.monotonic()

    @Slot()
    def _viewer_gone(self) -> None:
        socket = self.sender()
        if isinstance(socket, QWebSocket):
            self._drop_viewer(socket)

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
            self._send(socket, viewer, self.state_message(viewer.language))
        elif message.get("type") == "hello":
            self._send(socket, viewer, self.state_message(viewer.language))

    def _drop_viewer(self, socket: QWebSocket, *, abort: bool = False) -> None:
        if self._viewers.pop(socket, None) is None:
            return
        if abort:
            socket.abort()
        self._graveyard.let_go(socket)
        self.viewers_changed.emit(len(self._viewers))
