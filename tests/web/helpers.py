"""A served event for the web tests: a real database, a session on it, the clock feed,
and the server on 127.0.0.1; clients in a thread so that Qt's loop keeps serving."""

from __future__ import annotations

import concurrent.futures
import contextlib
import http.client
import json
import socket
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from director.app.night.session import TournamentSession
from director.app.phones.devices import Devices
from director.app.phones.remote import SessionTarget
from director.app.views.feed import ClockFeed
from director.persistence.db import Database, open_database
from director.web.server import Limits, WebServer
from tests.app.night import night

T = TypeVar("T")
HOST = "127.0.0.1"
_POOL = concurrent.futures.ThreadPoolExecutor(max_workers=8, thread_name_prefix="client")


def in_thread(qtbot: Any, call: Callable[[], T], timeout: float = 20.0) -> T:
    """``call()`` in a client thread while Qt's loop runs here; its result."""
    future = _POOL.submit(call)
    qtbot.waitUntil(future.done, timeout=int(timeout * 1000))
    return future.result()


@dataclass
class Served:
    database: Database
    session: TournamentSession
    feed: ClockFeed
    server: WebServer
    clock: Any
    """The tests' fake clock, or the wall clock (a real browser counts real seconds)."""

    @property
    def port(self) -> int:
        return self.server.port

    @property
    def host(self) -> str:
        return f"{HOST}:{self.port}"

    @property
    def origin(self) -> str:
        return f"http://{self.host}"

    def tick(self, milliseconds: int = 0) -> None:
        """Time passes on the fake clock; the feed reads it (as its timer would)."""
        if milliseconds:
            self.clock.advance(milliseconds)
        self.feed.advance()

    def close(self) -> None:
        self.server.stop()
        self.server.detach(push=False)
        self.server.deleteLater()
        self.feed.close()
        self.session.close()
        self.database.close()


@contextlib.contextmanager
def serve(
    tmp_path: Path,
    clock: Any,
    *,
    remote: bool = True,
    players: int = 12,
    limits: Limits | None = None,
    names: dict[int, str] | None = None,
    name: str = "Friday night",
    make: Callable[[Database, Any], TournamentSession] | None = None,
) -> Iterator[Served]:
    """An event on ``clock`` (the tests' fake clock, or the wall clock), served on
    127.0.0.1 (any free port): ``night``'s, or the one ``make(database, clock)`` makes."""
    database = open_database(tmp_path / "served.db")
    if make is not None:
        session = make(database, clock)
    else:
        session = night(database, clock, players, names=names, name=name)
    feed = ClockFeed(session)
    server = WebServer(clock=clock, limits=limits)
    server.start(HOST, 0)
    server.devices = Devices.of(database)
    server.remote_enabled = remote
    server.attach(feed, SessionTarget(session))
    served = Served(database, session, feed, server, clock)
    try:
        yield served
    finally:
        served.close()


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body.decode("utf-8"))


def request(
    port: int,
    method: str,
    path: str,
    *,
    headers: dict[str, str] | None = None,
    body: bytes | str | None = None,
    host: str | None = None,
) -> Answer:
    """One HTTP request with the standard library's client (Host as given, else the
    server's own address)."""
    connection = http.client.HTTPConnection(HOST, port, timeout=10)
    try:
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", host if host is not None else f"{HOST}:{port}")
        for name, value in (headers or {}).items():
            connection.putheader(name, value)
        data = body.encode("utf-8") if isinstance(body, str) else body
        if data is not None:
            connection.putheader("Content-Length", str(len(data)))
        connection.endheaders(data)
        reply = connection.getresponse()
        return Answer(reply.status, {k.lower(): v for k, v in reply.getheaders()}, reply.read())
    finally:
        connection.close()


def raw(port: int, data: bytes, *, timeout: float = 10.0) -> bytes:
    """Send ``data`` as it is; the first whole answer that comes back (b"" when the
    server closes without one)."""
    with socket.create_connection((HOST, port), timeout=timeout) as client:
        with contextlib.suppress(OSError):  # the server may answer before reading it all
            client.sendall(data)
        received = b""
        with contextlib.suppress(OSError):
            while True:
                end = received.find(b"\r\n\r\n")
                if end >= 0:
                    head = received[:end].decode("latin-1").lower()
                    length = 0
                    for line in head.split("\r\n")[1:]:
                        name, _colon, value = line.partition(":")
                        if name.strip() == "content-length":
                            length = int(value.strip())
                    if len(received) >= end + 4 + length:
                        return received[: end + 4 + length]
                chunk = client.recv(65536)
                if not chunk:
                    break
                received += chunk
    return received


def status_of(answer: bytes) -> int:
    """The status code of a raw answer (0 when there was none)."""
    line = answer.split(b"\r\n", 1)[0].split(b" ")
    return int(line[1]) if len(line) > 1 and line[1].isdigit() else 0


def post_json(port: int, path: str, data: object, token: str | None = None, **extra: Any) -> Answer:
    headers = {"Content-Type": "application/json", "Origin": f"http://{HOST}:{port}"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    headers.update(extra.pop("headers", {}))
    return request(port, "POST", path, headers=headers, body=json.dumps(data), **extra)
