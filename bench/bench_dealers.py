"""Dealers' phones: what a table's report costs, over real HTTP on 127.0.0.1.

A night of three tables is served by the app's own server (Qt's loop in this
thread); the dealers' phones are a client in another thread, one request at a
time, as a phone sends them. Each row is next to its floor, measured in the same
run and alternated with it:

- "hand done" from a phone (the rules, the durable write, the answer), next to the
  same server answering a request it holds in memory (``/api/texts``: the bare HTTP
  round trip) plus a bare durable SQLite commit with the app's pragmas;
- a table's view read by its phone (``/api/dealer``: seats, blinds, moves, what each
  button would do, asked of the rules), next to the same bare round trip;
- the same "hand done" with 50 viewers on the page, who each hear of it (their
  notice is the push channel's, no polling).

Run: QT_QPA_PLATFORM=offscreen python -m bench.bench_dealers
"""

from __future__ import annotations

import concurrent.futures
import sqlite3
import statistics
import tempfile
import threading
import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtWebSockets import QWebSocket

from director.app.night.timesource import wall_clock
from director.app.phones.devices import Devices
from director.app.phones.remote import SessionTarget
from director.app.views.feed import ClockFeed
from director.persistence.db import open_database
from director.web.server import Limits, WebServer
from tests.app.night import night
from tests.web.helpers import HOST, post_json, request

ROUNDS = 300
VIEWERS = 50


def spin_until(future: concurrent.futures.Future[object]) -> None:
    while not future.done():
        QCoreApplication.processEvents()


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def line(name: str, samples: list[float], floor: list[float] | None = None) -> None:
    median = statistics.median(samples) * 1000
    p99 = percentile(samples, 0.99) * 1000
    text = f"{name}: median {median:.2f} ms, p99 {p99:.2f} ms"
    if floor:
        base = statistics.median(floor) * 1000
        text += f" | floor {base:.2f} ms, ratio {median / base:.1f}x"
    print(text, flush=True)


def main() -> None:
    app = QCoreApplication.instance() or QCoreApplication([])
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    with tempfile.TemporaryDirectory() as folder:
        database = open_database(Path(folder) / "night.db")
        session = night(database, wall_clock, 18)  # three tables of six
        feed = ClockFeed(session)
        # Every request here comes from one address, one after the other: the cap per
        # address (meant for a misbehaving phone) would count connections closing.
        server = WebServer(limits=Limits(per_address=1024, connections=1024))
        server.start(HOST, 0)
        server.devices = Devices.of(database)
        server.attach(feed, SessionTarget(session))
        server.dealers_enabled = True
        port = server.port
        tokens = [
            server.devices.pair(f"Table {t}", wall_clock(), event=session.tournament_id, table=t)[1]
            for t in (1, 2, 3)
        ]
        raw = sqlite3.connect(Path(folder) / "raw.db", check_same_thread=False)
        for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"):
            raw.execute(f"PRAGMA {pragma}")
        raw.execute("CREATE TABLE t (x TEXT)")

        def timed_in_client(call):  # type: ignore[no-untyped-def]
            def run() -> float:
                start = time.perf_counter()
                answer = call()
                spent = time.perf_counter() - start
                assert answer is None or answer.status == 200, answer.body
                return spent

            future = pool.submit(run)
            spin_until(future)
            return future.result()

        def bare_round_trip():  # type: ignore[no-untyped-def]
            return request(port, "GET", "/api/texts")

        def bare_commit() -> None:
            raw.execute("INSERT INTO t VALUES ('x')")
            raw.commit()

        def floor_of_a_report() -> float:
            trip = timed_in_client(bare_round_trip)
            start = time.perf_counter()
            bare_commit()
            return trip + time.perf_counter() - start

        # Warm the paths once.
        timed_in_client(bare_round_trip)
        first = {"action": "hand_done"}
        timed_in_client(lambda: post_json(port, "/api/dealer/act", first, tokens[0]))

        reports, report_floor, views, view_floor = [], [], [], []
        for index in range(ROUNDS):
            token = tokens[index % 3]
            if index % 2:
                report_floor.append(floor_of_a_report())
            reports.append(
                timed_in_client(
                    lambda token=token: post_json(
                        port, "/api/dealer/act", {"action": "hand_done"}, token
                    )
                )
            )
            if not index % 2:
                report_floor.append(floor_of_a_report())
            headers = {"Authorization": f"Bearer {token}"}
            view_floor.append(timed_in_client(bare_round_trip))
            views.append(
                timed_in_client(
                    lambda headers=headers: request(port, "GET", "/api/dealer", headers=headers)
                )
            )
        print(f"Dealers' phones, {ROUNDS} rounds over real HTTP on {HOST} (three tables):")
        line("  hand done from a phone (durable)", reports, report_floor)
        line("    floor: bare HTTP round trip + bare durable commit", report_floor)
        line("  a table's view read by its phone", views, view_floor)
        line("    floor: bare HTTP round trip (/api/texts)", view_floor)

        # With viewers on the page: each hears of every report.
        heard = {"count": 0}
        lock = threading.Lock()
        clients = []
        for _ in range(VIEWERS):
            client = QWebSocket(f"http://{HOST}:{port}")

            def count(_text: str) -> None:
                with lock:
                    heard["count"] += 1

            client.textMessageReceived.connect(count)
            client.open(QUrl(f"ws://{HOST}:{port}/ws?lang=en"))
            clients.append(client)
        deadline = time.monotonic() + 20
        while server.viewers < VIEWERS and time.monotonic() < deadline:
            app.processEvents()
        loaded = []
        before = heard["count"]
        for index in range(ROUNDS // 3):
            token = tokens[index % 3]
            loaded.append(
                timed_in_client(
                    lambda token=token: post_json(
                        port, "/api/dealer/act", {"action": "hand_done"}, token
                    )
                )
            )
        settle = time.monotonic() + 2
        while time.monotonic() < settle:
            app.processEvents()
        name = f"  hand done from a phone, {server.viewers} viewers on the page"
        line(name, loaded, report_floor)
        print(
            f"    notices heard by the viewers: {heard['count'] - before} "
            f"(at least {VIEWERS * len(loaded)} expected: one per report each)"
        )
        for client in clients:
            client.close()
        server.stop()
        server.detach(push=False)
        feed.close()
        session.close()
        database.close()
        raw.close()
    pool.shutdown()


if __name__ == "__main__":
    main()
