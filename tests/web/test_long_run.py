"""A night of pushing: thousands of clock ticks served to viewers, then viewers that
come and go (phones sleeping and waking) with commands, page loads and the tables'
dealer phones reporting hands and looking at their table among them.
Connections are all let go, memory stays flat, and the reference counts of None,
True, False, 0 and 1 do not drift on the server's path (the guard of
tests/gui/test_refcounts.py: a C extension dropping a reference shows there first,
on Python 3.11; from 3.12 these objects are immortal and the check only proves
survival).

PySide6 itself adds one reference to None for each signal connected and each
``deleteLater`` (measured on 6.11 with Python 3.11: harmless, None is never freed
and the count only grows): a connection costs a few, so while phones come and go
the guard allows that much growth and no drop at all."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QUrl
from PySide6.QtNetwork import QTcpSocket
from PySide6.QtWebSockets import QWebSocket

from director.core import commands as c
from tests.conftest import FakeClock
from tests.soak import IMMORTAL_OBJECTS, RefcountDrift, check_drift, drift, refcounts, rss_bytes
from tests.web.helpers import HOST, serve

STEADY_TICKS = 3_000
"""Simulated seconds with the same viewers: fifty minutes of the clock."""
CHURN_TICKS = 2_400
VIEWERS = 12
BATCH = 300
"""A multiple of the seat draw's minute on and off: each batch ends on the same screen."""
TOLERANCE = 32
"""What the screen being shown holds (a level's numbers, cached payloads) moves the
counts a little from one batch to the next; a fault on the path that runs each tick
or each push would move them by hundreds per batch."""
PER_CONNECTION = 12
"""PySide's own references to None per connection that came and went (see above)."""


def spin(rounds: int = 3) -> None:
    for _ in range(rounds):
        QCoreApplication.processEvents()
        # What the app's loop does between events: sockets let go are deleted.
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


class Viewers:
    """Phones on the page, in this loop (Qt's own WebSocket client)."""

    def __init__(self, served) -> None:  # type: ignore[no-untyped-def]
        self.served = served
        self.clients: list[QWebSocket] = []
        self.pages: list[QTcpSocket] = []
        self.heard = 0
        self.opened = 0

    def count(self, _text: str) -> None:
        self.heard += 1

    def open(self) -> None:
        client = QWebSocket(self.served.origin)
        client.textMessageReceived.connect(self.count)
        language = "fr" if self.opened % 3 else "en"
        client.open(QUrl(f"ws://{self.served.host}/ws?lang={language}"))
        self.clients.append(client)
        self.opened += 1

    def sleep(self, how_many: int) -> None:
        for client in self.clients[:how_many]:
            client.close()
            client.deleteLater()
        del self.clients[:how_many]

    def load_page(self) -> None:
        page = QTcpSocket()
        page.connectToHost(HOST, self.served.port)
        page.write(f"GET /api/state HTTP/1.1\r\nHost: {self.served.host}\r\n\r\n".encode())
        self.pages.append(page)
        self.opened += 1

    def dealer(self, token: str, action: str | None = None) -> None:
        """A table's dealer phone: its table's view, or an action at its table."""
        page = QTcpSocket()
        page.connectToHost(HOST, self.served.port)
        if action is None:
            head = f"GET /api/dealer HTTP/1.1\r\nHost: {self.served.host}\r\n"
            body = b""
        else:
            body = json.dumps({"action": action}).encode()
            head = (
                f"POST /api/dealer/act HTTP/1.1\r\nHost: {self.served.host}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            )
        page.write(f"{head}Authorization: Bearer {token}\r\n\r\n".encode() + body)
        self.pages.append(page)
        self.opened += 1

    def leave_pages(self) -> None:
        for page in self.pages:
            page.abort()
            page.deleteLater()
        self.pages.clear()

    def close(self) -> None:
        self.sleep(len(self.clients))
        self.leave_pages()


def test_pushing_to_viewers_all_night_keeps_memory_and_connections_steady(
    qtbot, tmp_path: Path, clock: FakeClock
) -> None:
    with serve(tmp_path, clock) as served:
        served.server.dealers_enabled = True
        event = served.session.tournament_id
        tokens = [
            served.server.devices.pair(f"Table {table}", clock(), event=event, table=table)[1]
            for table in sorted(served.session.state.tables.tables)
        ]
        hands = sum(table.hands for table in served.session.state.tables.tables.values())
        viewers = Viewers(served)
        for _ in range(VIEWERS):
            viewers.open()
        qtbot.waitUntil(lambda: served.server.viewers == VIEWERS, timeout=10_000)
        spin(10)
        pushed = served.server.pushed
        # The night itself: the clock ticks, heartbeats, the seat draw on and off the
        # TV (a push to everyone each time), with the same viewers.
        counts = refcounts()
        for tick in range(1, STEADY_TICKS + 1):
            served.tick(1000)
            if tick % 2 == 0:
                served.server.channel.heartbeat()
            if tick % 30 == 0:
                served.feed.show_seats(tick % 60 == 0)
            spin(1)
            if tick % BATCH == 0:
                now = refcounts()
                if tick > BATCH:  # the first batch fills the caches (payloads per language)
                    check_drift(counts, now, tolerance=TOLERANCE, where=f"serving tick {tick}")
                counts = now
        assert served.server.pushed - pushed >= VIEWERS * STEADY_TICKS // 30
        assert viewers.heard > VIEWERS * STEADY_TICKS // 2  # heartbeats reached them
        # Phones sleep and wake, pages are loaded, the organizer runs the night.
        memory: list[int] = []
        counts = refcounts()
        opened = viewers.opened
        for tick in range(1, CHURN_TICKS + 1):
            served.tick(1000)
            if tick % 2 == 0:
                served.server.channel.heartbeat()
            if tick % 60 == 0:
                command = c.AdjustTime(delta_ms=-60_000) if tick % 120 else c.NextLevel()
                if served.session.refusal(command) is None:
                    served.session.dispatch(command)
            if tick % 10 == 0:
                viewers.sleep(2)
                viewers.open()
                viewers.open()
            if tick % 25 == 0:
                viewers.load_page()
            if tick % 20 == 5:  # each table's dealer reports a hand, and looks
                viewers.dealer(tokens[(tick // 20) % len(tokens)], "hand_done")
            if tick % 20 == 15:
                viewers.dealer(tokens[(tick // 20) % len(tokens)])
            if tick % 25 == 12:
                viewers.leave_pages()
            spin()
            if tick % BATCH == 0:
                qtbot.waitUntil(lambda: served.server.viewers == VIEWERS, timeout=10_000)
                memory.append(rss_bytes())
                now = refcounts()
                moved = drift(counts, now)
                budget = PER_CONNECTION * (viewers.opened - opened) + TOLERANCE
                opened = viewers.opened
                if not IMMORTAL_OBJECTS and (
                    min(moved.values()) < -TOLERANCE or max(moved.values()) > budget
                ):
                    raise RefcountDrift(f"tick {tick}: {moved} (budget {budget})")
                counts = now
        viewers.close()
        qtbot.waitUntil(lambda: served.server.connections == 0, timeout=15_000)
        # The dealers' hands went through the session (a few may still have been on
        # their way when the pages were left).
        reported = sum(t.hands for t in served.session.state.tables.tables.values()) - hands
        assert CHURN_TICKS // 20 - 3 <= reported <= CHURN_TICKS // 20
        # After the first batches (Qt's and the feed's caches filled), memory is flat.
        settled = memory[2:]
        growth = (max(settled) - settled[0]) / settled[0]
        assert growth < 0.05, [round(value / 2**20, 1) for value in memory]
