"""Hostile requests: each gets a 4xx (never a traceback, never a 500), nothing is
written, and the server and the clock go on. Many connections, idle ones and slow
ones are cut off without taking the app down."""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path

import pytest

from director.persistence import store
from director.web.server import Limits
from tests.conftest import FakeClock
from tests.web.helpers import HOST, Served, in_thread, post_json, raw, request, serve, status_of


@pytest.fixture
def served(qtbot, tmp_path: Path, clock: FakeClock):
    with serve(tmp_path, clock) as made:
        yield made


def corpus(host: str, token: str) -> list[tuple[str, bytes, tuple[int, ...]]]:
    h = host.encode()
    auth = f"Authorization: Bearer {token}\r\n".encode()
    json_post = (
        b"POST /api/control HTTP/1.1\r\nHost: " + h + b"\r\n" + auth + b"Content-Type: "
        b"application/json\r\nContent-Length: %d\r\n\r\n"
    )

    def post(body: bytes) -> bytes:
        return (json_post % len(body)) + body

    deep = b"[" * 2000 + b"]" * 2000
    return [
        ("unknown method", b"BREW / HTTP/1.1\r\nHost: " + h + b"\r\n\r\n", (405,)),
        ("delete", b"DELETE /api/control HTTP/1.1\r\nHost: " + h + b"\r\n\r\n", (405,)),
        ("options", b"OPTIONS / HTTP/1.1\r\nHost: " + h + b"\r\n\r\n", (405,)),
        ("trace", b"TRACE / HTTP/1.1\r\nHost: " + h + b"\r\n\r\n", (405,)),
        ("put", b"PUT /app.js HTTP/1.1\r\nHost: " + h + b"\r\nContent-Length: 0\r\n\r\n", (405,)),
        ("lower-case method", b"get / HTTP/1.1\r\nHost: " + h + b"\r\n\r\n", (400,)),
        ("dot dot", b"GET /../etc/passwd HTTP/1.1\r\nHost: " + h + b"\r\n\r\n", (404,)),
        (
            "encoded dots",
            b"GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: " + h + b"\r\n\r\n",
            (404,),
        ),
        (
            "encoded slash",
            b"GET /..%2f..%2fdirector.db HTTP/1.1\r\nHost: " + h + b"\r\n\r\n",
            (404,),
        ),
        (
            "after a file",
            b"GET /app.js/../../served.db HTTP/1.1\r\nHost: " + h + b"\r\n\r\n",
            (404,),
        ),
        ("backslashes", b"GET /..\\..\\served.db HTTP/1.1\r\nHost: " + h + b"\r\n\r\n", (404,)),
        ("a database", b"GET /served.db HTTP/1.1\r\nHost: " + h + b"\r\n\r\n", (404,)),
        ("resources", b"GET /web/app.js HTTP/1.1\r\nHost: " + h + b"\r\n\r\n", (404,)),
        ("null byte", b"GET /\x00 HTTP/1.1\r\nHost: " + h + b"\r\n\r\n", (400,)),
        ("encoded null", b"GET /app.js%00.html HTTP/1.1\r\nHost: " + h + b"\r\n\r\n", (404,)),
        ("null in header", b"GET / HTTP/1.1\r\nHost: " + h + b"\r\nX: a\x00b\r\n\r\n", (400,)),
        ("bare newline", b"GET / HTTP/1.1\r\nHost: " + h + b"\r\nX: a\nb\r\n\r\n", (400,)),
        (
            "huge header",
            b"GET / HTTP/1.1\r\nHost: " + h + b"\r\nX: " + b"a" * 20_000 + b"\r\n\r\n",
            (431,),
        ),
        (
            "many headers",
            b"GET / HTTP/1.1\r\nHost: "
            + h
            + b"\r\n"
            + b"".join(b"X-%d: y\r\n" % n for n in range(100))
            + b"\r\n",
            (431,),
        ),
        ("long target", b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: " + h + b"\r\n\r\n", (414,)),
        (
            "longer target",
            b"GET /" + b"a" * 20_000 + b" HTTP/1.1\r\nHost: " + h + b"\r\n\r\n",
            (431,),
        ),
        (
            "huge body",
            b"POST /api/control HTTP/1.1\r\nHost: "
            + h
            + b"\r\nContent-Length: 10000000\r\n\r\n"
            + b"x" * 5000,
            (413,),
        ),
        (
            "chunked",
            b"POST /api/control HTTP/1.1\r\nHost: "
            + h
            + b"\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
            (411,),
        ),
        ("bad JSON", post(b"{"), (400,)),
        ("deep JSON", post(deep), (400,)),
        ("not an object", post(b"[1, 2]"), (400,)),
        ("unknown action", post(b'{"action": "drop_table"}'), (400,)),
        ("wrong types", post(b'{"action": "bust", "player": "1; DROP TABLE entry"}'), (400,)),
        ("huge number", post(b'{"action": "hand_done", "table": 1e999}'), (400,)),
        ("not UTF-8", post(b'{"action": "\xff\xfe"}'), (400,)),
        (
            "text body",
            b"POST /api/control HTTP/1.1\r\nHost: "
            + h
            + b"\r\n"
            + auth
            + b"Content-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}",
            (415,),
        ),
        (
            "wrong token",
            b"POST /api/control HTTP/1.1\r\nHost: "
            + h
            + b"\r\nAuthorization: Bearer "
            + b"A" * 43
            + b"\r\nContent-Type: application/json\r\nContent-Length: 19\r\n\r\n"
            + b'{"action": "pause"}',
            (401,),
        ),
        (
            "token in a cookie",
            b"POST /api/control HTTP/1.1\r\nHost: "
            + h
            + b"\r\nCookie: token="
            + token.encode()
            + b"\r\nContent-Type: application/json\r\nContent-Length: 19\r\n\r\n"
            + b'{"action": "pause"}',
            (401,),
        ),
        (
            "token in the query",
            b"POST /api/control?token="
            + token.encode()
            + b" HTTP/1.1\r\nHost: "
            + h
            + b"\r\nContent-Type: application/json\r\nContent-Length: 19\r\n\r\n"
            + b'{"action": "pause"}',
            (401,),
        ),
        ("two hosts", b"GET / HTTP/1.1\r\nHost: " + h + b"\r\nHost: evil.example\r\n\r\n", (400,)),
        ("no host", b"GET / HTTP/1.1\r\n\r\n", (400,)),
        ("other host", b"GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n", (403,)),
        ("HTTP/2", b"GET / HTTP/2.0\r\nHost: " + h + b"\r\n\r\n", (400,)),
        ("HTTP/0.9", b"GET /\r\n\r\n", (400,)),
        (
            "TLS",
            b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 40 + b"\r\n\r\n",
            (400,),
        ),
        ("no colon", b"GET / HTTP/1.1\r\nHost: " + h + b"\r\nBroken\r\n\r\n", (400,)),
        ("folded header", b"GET / HTTP/1.1\r\nHost: " + h + b"\r\nX: a\r\n  b\r\n\r\n", (400,)),
        (
            "negative length",
            b"POST /api/pair HTTP/1.1\r\nHost: " + h + b"\r\nContent-Length: -1\r\n\r\n",
            (400,),
        ),
        (
            "letters length",
            b"POST /api/pair HTTP/1.1\r\nHost: " + h + b"\r\nContent-Length: abc\r\n\r\n",
            (400,),
        ),
        (
            "unknown language",
            b"GET /api/state?lang=xx HTTP/1.1\r\nHost: " + h + b"\r\n\r\n",
            (400,),
        ),
        ("broken query", b"GET /api/state?lang=%ff HTTP/1.1\r\nHost: " + h + b"\r\n\r\n", (400,)),
        (
            "many query fields",
            b"GET /api/state?"
            + b"&".join(b"a%d=1" % n for n in range(30))
            + b" HTTP/1.1\r\nHost: "
            + h
            + b"\r\n\r\n",
            (400,),
        ),
        ("socket without upgrade", b"GET /ws HTTP/1.1\r\nHost: " + h + b"\r\n\r\n", (426,)),
        (
            "socket by POST",
            b"POST /ws HTTP/1.1\r\nHost: " + h + b"\r\nContent-Length: 0\r\n\r\n",
            (405,),
        ),
        ("tabs", b"GET\t/\tHTTP/1.1\r\nHost: " + h + b"\r\n\r\n", (400,)),
        ("absolute form", b"GET http://evil.example/ HTTP/1.1\r\nHost: " + h + b"\r\n\r\n", (400,)),
        ("non-ASCII target", b"GET /\xc3\xa9 HTTP/1.1\r\nHost: " + h + b"\r\n\r\n", (400,)),
        ("empty", b"\r\n\r\n", (400,)),
        ("pairing with a long name", b"", (400,)),  # filled in below
    ]


def test_every_hostile_request_gets_a_4xx_and_changes_nothing(qtbot, served: Served) -> None:
    from tests.web.test_remote_http import pair

    token = pair(qtbot, served)
    code = served.server.new_pairing_code()
    before = entries(served)
    devices = [(device.id, device.name) for device in served.server.devices.listed()]
    cases = corpus(served.host, token)
    body = json.dumps({"code": code.code, "name": "y" * 300}).encode()
    cases[-1] = (
        "pairing with a long name",
        b"POST /api/pair HTTP/1.1\r\nHost: " + served.host.encode() + b"\r\nContent-Type: "
        b"application/json\r\nContent-Length: %d\r\n\r\n" % len(body) + body,
        (400,),
    )
    assert refusals(qtbot, served, cases) == []
    assert entries(served) == before
    assert [(device.id, device.name) for device in served.server.devices.listed()] == devices
    # Alive and well: the page, the JSON, the clock.
    assert in_thread(qtbot, lambda: request(served.port, "GET", "/")).status == 200
    served.tick(5_000)
    state = in_thread(qtbot, lambda: request(served.port, "GET", "/api/state")).json()
    assert state["now"] == served.clock()


def refusals(qtbot, served: Served, cases: list[tuple[str, bytes, tuple[int, ...]]]) -> list[str]:
    """Each request sent on its own (the rate limiter anew): those whose status is not
    among those wanted, with the start of the answer; none may show a traceback."""
    failures = []
    for label, data, wanted in cases:
        served.server.limiter = type(served.server.limiter)()  # each case on its own
        answer = in_thread(qtbot, lambda d=data: raw(served.port, d))
        status = status_of(answer)
        if status not in wanted:
            failures.append(f"{label}: {status} {answer[:160]!r}")
        assert b"Traceback" not in answer and b'File "' not in answer, label
    return failures


def entries(served: Served) -> int:
    with served.database.reading() as connection:
        return len(store.load_history(connection, served.session.tournament_id))


def test_too_many_connections_are_turned_away_and_the_others_served(
    qtbot, tmp_path: Path, clock: FakeClock
) -> None:
    limits = Limits(connections=20, per_address=15, idle_ms=60_000)
    with serve(tmp_path, clock, limits=limits) as served:

        def crowd() -> list[bytes]:
            sockets = [socket.create_connection((HOST, served.port), timeout=5) for _ in range(30)]
            answers = []
            for client in sockets[15:]:
                client.settimeout(5)
                try:
                    answers.append(client.recv(4096))
                except OSError:
                    answers.append(b"")
            for client in sockets:
                client.close()
            return answers

        turned_away = in_thread(qtbot, crowd)
        assert all(status_of(answer) == 429 for answer in turned_away)
        qtbot.waitUntil(lambda: served.server.connections == 0, timeout=10_000)
        assert in_thread(qtbot, lambda: request(served.port, "GET", "/")).status == 200


def test_idle_and_half_open_connections_are_closed(qtbot, tmp_path: Path, clock: FakeClock) -> None:
    with serve(tmp_path, clock, limits=Limits(idle_ms=1_000, head_ms=1_000)) as served:

        def idle() -> bytes:
            with socket.create_connection((HOST, served.port), timeout=10) as client:
                started = time.monotonic()
                data = client.recv(4096)  # the server closes: b""
                assert time.monotonic() - started < 8
                return data

        assert in_thread(qtbot, idle) == b""
        qtbot.waitUntil(lambda: served.server.connections == 0, timeout=5000)


def test_a_body_that_never_comes_is_cut_off(qtbot, tmp_path: Path, clock: FakeClock) -> None:
    with serve(tmp_path, clock, limits=Limits(head_ms=1_000)) as served:
        data = (
            b"POST /api/pair HTTP/1.1\r\nHost: "
            + served.host.encode()
            + b"\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
        )
        assert status_of(in_thread(qtbot, lambda: raw(served.port, data))) == 408
        assert served.server.devices.listed() == []


def test_a_flood_of_websocket_messages_is_cut_off(qtbot, served: Served) -> None:
    import websocket

    url = f"ws://{served.host}/ws"
    client = in_thread(qtbot, lambda: websocket.create_connection(url, origin=served.origin))
    in_thread(qtbot, client.recv)
    qtbot.waitUntil(lambda: served.server.viewers == 1)

    def flood() -> None:
        for _ in range(200):
            try:
                client.send('{"type": "hello"}')
            except OSError:
                return

    in_thread(qtbot, flood)
    qtbot.waitUntil(lambda: served.server.viewers == 0, timeout=5000)
    in_thread(qtbot, client.close)
    too_big = in_thread(qtbot, lambda: websocket.create_connection(url, origin=served.origin))
    in_thread(qtbot, too_big.recv)
    qtbot.waitUntil(lambda: served.server.viewers == 1)
    in_thread(qtbot, lambda: too_big.send("x" * 100_000))
    qtbot.waitUntil(lambda: served.server.viewers == 0, timeout=5000)
    in_thread(qtbot, too_big.close)
    assert in_thread(qtbot, lambda: post_json(served.port, "/api/pair", {})).status == 400


def dealer_corpus(
    host: str, dealer: str, remote: str, other_table_player: int
) -> list[tuple[str, bytes, tuple[int, ...]]]:
    """What a hostile page or client may send the dealers' phones' API."""
    h = host.encode()

    def send(
        path: str,
        body: bytes,
        *,
        token: str | None = dealer,
        kind: str = "application/json",
        extra: bytes = b"",
        method: bytes = b"POST",
    ) -> bytes:
        head = method + b" " + path.encode() + b" HTTP/1.1\r\nHost: " + h + b"\r\n"
        if token is not None:
            head += f"Authorization: Bearer {token}\r\n".encode()
        if kind:
            head += f"Content-Type: {kind}\r\n".encode()
        return head + extra + b"Content-Length: %d\r\n\r\n" % len(body) + body

    act, pair = "/api/dealer/act", "/api/dealer/pair"
    hand = b'{"action": "hand_done"}'
    evil = b"Origin: http://evil.example\r\n"
    return [
        ("act from another site", send(act, hand, extra=evil), (403,)),
        ("pair from another site", send(pair, b'{"code": "x", "name": "y"}', extra=evil), (403,)),
        (
            "act from a page on another port",
            send(act, hand, extra=b"Origin: http://" + h.split(b":")[0] + b":1\r\n"),
            (403,),
        ),
        ("act as a form (no preflight)", send(act, hand, kind="text/plain"), (415,)),
        (
            "pair as a form",
            send(pair, b"code=x&name=y", kind="application/x-www-form-urlencoded"),
            (415,),
        ),
        ("act without a token", send(act, hand, token=None), (401,)),
        ("act with the organizer's token", send(act, hand, token=remote), (401,)),
        (
            "view with the organizer's token",
            send("/api/dealer", b"", token=remote, kind="", method=b"GET"),
            (401,),
        ),
        (
            "token in a cookie",
            send(act, hand, token=None, extra=f"Cookie: token={dealer}\r\n".encode()),
            (401,),
        ),
        ("token in the query", send(f"{act}?token={dealer}", hand, token=None), (401,)),
        ("act by GET", send(act, b"", kind="", method=b"GET"), (405,)),
        ("view by POST", send("/api/dealer", b"{}"), (405,)),
        ("the page by PUT", send("/dealer.js", b"x", kind="", method=b"PUT"), (405,)),
        ("the shared script by PUT", send("/live.js", b"x", kind="", method=b"PUT"), (405,)),
        ("after the page", send("/dealer/../served.db", b"", kind="", method=b"GET"), (404,)),
        ("after its script", send("/dealer.js/../../x", b"", kind="", method=b"GET"), (404,)),
        ("after the shared sheet", send("/live.css/../x", b"", kind="", method=b"GET"), (404,)),
        ("not JSON", send(act, b"{"), (400,)),
        ("deep JSON", send(act, b"[" * 2000 + b"]" * 2000), (400,)),
        ("not an object", send(act, b'["hand_done"]'), (400,)),
        ("unknown action", send(act, b'{"action": "draw_seats"}'), (400,)),
        ("unknown field", send(act, b'{"action": "hand_done", "seat": 1}'), (400,)),
        ("table as text", send(act, b'{"action": "hand_done", "table": "1"}'), (400,)),
        ("huge number", send(act, b'{"action": "bust", "player": 1e999}'), (400,)),
        ("negative player", send(act, b'{"action": "bust", "player": -1}'), (400,)),
        ("the organizer's command", send(act, b'{"action": "pause"}'), (403,)),
        ("another table's hand", send(act, b'{"action": "hand_done", "table": 2}'), (403,)),
        (
            "another table's player",
            send(act, b'{"action": "bust", "player": %d}' % other_table_player),
            (403,),
        ),
        (
            "a move never planned",
            send(act, b'{"action": "move_done", "player": 1, "to_table": 1, "to_seat": 1}'),
            (409,),
        ),
        ("a wrong code", send(pair, b'{"code": "AAAAAAAA", "name": "x"}', token=None), (403,)),
        ("pairing, not an object", send(pair, b"[]", token=None), (400,)),
        ("unpair without a token", send("/api/dealer/unpair", b"{}", token=None), (401,)),
    ]


def test_hostile_requests_to_the_dealers_phones_get_a_4xx_and_change_nothing(
    qtbot, tmp_path: Path, clock: FakeClock
) -> None:
    from tests.web.test_remote_http import pair

    with serve(tmp_path, clock, players=12) as served:  # two tables of six
        served.server.dealers_enabled = True
        remote = pair(qtbot, served)
        code = served.server.dealer_code(1)
        answer = in_thread(
            qtbot,
            lambda: post_json(served.port, "/api/dealer/pair", {"code": code.code, "name": "T1"}),
        )
        dealer = answer.json()["token"]
        state = served.session.state
        other = int(next(iter(state.tables.tables[2].seats.values())))
        before = entries(served)
        hands = {n: table.hands for n, table in state.tables.tables.items()}
        devices = [(device.id, device.name) for device in served.server.devices.listed()]
        assert refusals(qtbot, served, dealer_corpus(served.host, dealer, remote, other)) == []
        assert entries(served) == before
        after = served.session.state.tables.tables
        assert {n: table.hands for n, table in after.items()} == hands
        assert [(d.id, d.name) for d in served.server.devices.listed()] == devices
        assert served.server.floor.waiting() == []
        # The table's phone still works, from its own page.
        headers = {"Authorization": f"Bearer {dealer}"}
        seen = in_thread(qtbot, lambda: request(served.port, "GET", "/api/dealer", headers=headers))
        assert seen.status == 200 and seen.json()["table"] == 1
