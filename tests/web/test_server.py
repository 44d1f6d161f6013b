"""The network page's server, for real on 127.0.0.1: the page and its JSON, the push
channel, the Host and Origin checks, the security headers and the limits."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
import websocket

from director import paths
from director.core import commands as c
from director.web import http
from director.web.security import allowed_hosts
from director.web.server import ServeError, WebServer
from tests.conftest import FakeClock
from tests.web.helpers import HOST, Served, in_thread, raw, request, serve, status_of


@pytest.fixture
def served(qtbot, tmp_path: Path, clock: FakeClock):
    with serve(tmp_path, clock) as made:
        yield made


def test_the_page_and_its_files_are_served_with_strict_headers(qtbot, served: Served) -> None:
    for path, kind in (
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/app.css", "text/css"),
        ("/icon.svg", "image/svg+xml"),
        ("/live.js", "text/javascript"),
        ("/live.css", "text/css"),
        ("/dealer", "text/html"),
        ("/dealer.js", "text/javascript"),
        ("/dealer.css", "text/css"),
    ):
        answer = in_thread(qtbot, lambda p=path: request(served.port, "GET", p))
        assert answer.status == 200, path
        assert answer.headers["content-type"].startswith(kind)
        assert answer.headers["cache-control"] == "no-store"
        assert answer.headers["x-content-type-options"] == "nosniff"
        policy = answer.headers["content-security-policy"]
        assert "default-src 'none'" in policy and "script-src 'self'" in policy
        assert f"connect-src 'self' ws://{served.host}" in policy
        assert "frame-ancestors 'none'" in policy
    page = in_thread(qtbot, lambda: request(served.port, "GET", "/")).body.decode()
    assert "/app.js" in page and "http" not in page.replace("http-equiv", "")  # nothing outside
    dealer = in_thread(qtbot, lambda: request(served.port, "GET", "/dealer")).body.decode()
    assert "/dealer.js" in dealer and "http" not in dealer
    for html, own in ((page, "app"), (dealer, "dealer")):
        assert "<script>" not in html and " style=" not in html  # nothing inline (the CSP)
        # The shared script and sheet (live.js, live.css), each before the page's own.
        assert html.index('src="/live.js"') < html.index(f'src="/{own}.js"')
        assert html.index('href="/live.css"') < html.index(f'href="/{own}.css"')


def test_every_page_is_served_with_the_one_shared_head_and_the_phones_share_a_sheet(
    qtbot, served: Served
) -> None:
    """The pages' heads are one file (head.html: viewport, colours, no referrer, icon,
    live.css) put in each page when the server starts; the phones' pages share
    phone.css; nothing inline, so the CSP holds."""
    head = paths.resource("web", "head.html").read_text(encoding="utf-8").strip()
    assert 'name="viewport"' in head and 'href="/live.css"' in head
    pages = {"/": "app", "/dealer": "dealer", "/helper": "helper", "/door": "door"}
    for path, own in pages.items():
        answer = in_thread(qtbot, lambda p=path: request(served.port, "GET", p))
        assert answer.status == 200, path
        html = answer.body.decode()
        assert html.count(head) == 1 and "shared head" not in html, path
        assert html.index(head) < html.index(f'href="/{own}.css"'), path
        assert "<script>" not in html and " style=" not in html, path
        assert ('href="/phone.css"' in html) == (own != "app"), path
        source = paths.resource("web", f"{'index' if own == 'app' else own}.html")
        assert 'name="viewport"' not in source.read_text(encoding="utf-8"), path
    sheet = in_thread(qtbot, lambda: request(served.port, "GET", "/phone.css"))
    assert sheet.status == 200 and sheet.headers["content-type"].startswith("text/css")


def test_the_state_is_the_feeds_display_in_the_viewers_language(qtbot, served: Served) -> None:
    english = in_thread(qtbot, lambda: request(served.port, "GET", "/api/state?lang=en")).json()
    french = in_thread(qtbot, lambda: request(served.port, "GET", "/api/state?lang=fr")).json()
    assert english["type"] == "state" and english["now"] == served.clock()
    shown = english["display"]["display"]
    assert shown["level_label"] == "Level 1"
    assert french["display"]["display"]["level_label"] == "Niveau 1"
    assert shown["timing"]["ends_at"] == served.clock() + shown["timing"]["remaining_ms"]
    assert shown["blinds"]["big_blind"] > 0
    texts = in_thread(qtbot, lambda: request(served.port, "GET", "/api/texts?lang=fr")).json()
    assert texts["language"] == "fr" and texts["connection_lost"].startswith("Connexion")


def test_a_viewer_gets_the_state_at_once_then_every_change_and_heartbeats(
    qtbot, served: Served
) -> None:
    url = f"ws://{served.host}/ws?lang=en"
    client = in_thread(qtbot, lambda: websocket.create_connection(url, origin=served.origin))
    try:
        first = json.loads(in_thread(qtbot, client.recv))
        assert first["display"]["display"]["level_label"] == "Level 1"
        qtbot.waitUntil(lambda: served.server.viewers == 1)
        served.session.dispatch(c.NextLevel())
        pushed = json.loads(in_thread(qtbot, client.recv))
        assert pushed["type"] == "state"
        assert pushed["display"]["display"]["level_label"] == "Level 2"
        assert pushed["revision"] > first["revision"]
        # Seconds passing are counted by the page: no push, only heartbeats.
        served.tick(1000)
        served.tick(1000)
        beat = json.loads(in_thread(qtbot, client.recv))
        assert beat["type"] == "beat" and beat["now"] == served.clock()
        in_thread(qtbot, lambda: client.send(json.dumps({"type": "language", "language": "fr"})))
        french = json.loads(in_thread(qtbot, client.recv))
        while french["type"] != "state":
            french = json.loads(in_thread(qtbot, client.recv))
        assert french["display"]["display"]["level_label"] == "Niveau 2"
    finally:
        in_thread(qtbot, client.close)
    qtbot.waitUntil(lambda: served.server.viewers == 0)


def test_only_requests_to_its_own_address_are_answered(qtbot, served: Served) -> None:
    for host in ("evil.example:80", f"evil.example:{served.port}", "127.0.0.2", ""):
        answer = in_thread(qtbot, lambda h=host: request(served.port, "GET", "/", host=h))
        assert answer.status in (400, 403), host
    local = f"localhost:{served.port}"
    assert in_thread(qtbot, lambda: request(served.port, "GET", "/", host=local)).status == 200
    refused = in_thread(
        qtbot,
        lambda: raw(
            served.port,
            b"GET /ws HTTP/1.1\r\nHost: evil.example\r\nUpgrade: websocket\r\n"
            b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            b"Sec-WebSocket-Version: 13\r\n\r\n",
        ),
    )
    assert status_of(refused) == 403


def test_a_websocket_from_another_page_is_refused(qtbot, served: Served) -> None:
    url = f"ws://{served.host}/ws"
    with pytest.raises(websocket.WebSocketBadStatusException) as caught:
        in_thread(qtbot, lambda: websocket.create_connection(url, origin="http://evil.example"))
    assert caught.value.status_code == 403
    assert served.server.viewers == 0


def test_a_port_in_use_is_said_clearly(qtbot, served: Served, clock: FakeClock) -> None:
    other = WebServer(clock=clock)
    with pytest.raises(ServeError) as caught:
        other.start(HOST, served.port)
    assert caught.value.code == "serve_port_in_use"
    with pytest.raises(ServeError) as caught:
        other.start("192.0.2.1", 8765)  # TEST-NET: never this machine's
    assert caught.value.code == "serve_address_unavailable"
    with pytest.raises(ServeError) as caught:
        other.start("not an address", 8765)
    assert caught.value.code == "serve_bad_address"
    other.deleteLater()


def test_a_slow_request_head_is_cut_off(qtbot, tmp_path: Path, clock: FakeClock) -> None:
    from director.web.server import Limits

    with serve(tmp_path, clock, limits=Limits(head_ms=1_000, idle_ms=1_500)) as served:
        started = time.monotonic()
        answer = in_thread(qtbot, lambda: raw(served.port, b"GET / HTTP/1.1\r\nHost: x"))
        assert status_of(answer) == 408
        assert time.monotonic() - started < 5
        assert http.REASONS[408] in answer.decode("latin-1")
        qtbot.waitUntil(lambda: served.server.connections == 0, timeout=5000)


def test_nothing_private_is_ever_served(qtbot, tmp_path: Path, clock: FakeClock) -> None:
    """Everything the page can fetch, in both languages, holds no contact details, no
    nicknames and no money owed (those stay on the console)."""
    from director.app.club.roster import Roster
    from director.core.ids import PlayerId
    from director.core.players import Bust
    from director.i18n import format_money, in_language

    with serve(tmp_path, clock, players=4) as served:
        roster = Roster(served.database, clock=clock)
        secrets = ["ann.secret@example.com", "+33 6 12 34 56 78", "Nick The Shark"]
        ann = roster.add("Ann Private", nickname=secrets[2], contact=secrets[0])
        bob = roster.add("Bob Private", contact=secrets[1])
        ids = {ann.id: PlayerId(1000 + ann.id), bob.id: PlayerId(1000 + bob.id)}
        for person in (ann, bob):  # both still owe their buy-in (late entries)
            served.session.dispatch(
                c.BuyIn(
                    player=ids[person.id], name=person.name, nickname=person.nickname, paid=False
                )
            )
        served.session.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(3)),)))
        players = served.session.state.players
        owed = players[ids[ann.id]].owed + players[ids[bob.id]].owed
        assert owed > 0
        for language in ("en", "fr"):
            with in_language(language):
                secrets.append(format_money(owed))  # what the two owe together
        served.feed.show_seats(True)
        paths = ["/", "/live.js", "/live.css", "/app.js", "/app.css", "/icon.svg"]
        paths += [
            f"{api}?lang={lang}"
            for api in ("/api/state", "/api/texts", "/api/players")
            for lang in ("en", "fr")
        ]
        served_text = ""
        for path in paths:
            answer = in_thread(qtbot, lambda p=path: request(served.port, "GET", p))
            assert answer.status == 200, path
            served_text += answer.body.decode("utf-8")
        client = in_thread(
            qtbot,
            lambda: websocket.create_connection(f"ws://{served.host}/ws", origin=served.origin),
        )
        served_text += in_thread(qtbot, client.recv)
        in_thread(qtbot, client.close)
        assert "Ann Private" in served_text and "Bob Private" in served_text  # names are shown
        for secret in secrets:
            assert secret not in served_text, secret
        lowered = served_text.lower()
        for word in ('"owed', '"debt', '"contact', '"email', '"phone', '"nickname', '"fee'):
            assert word not in lowered, word


def test_the_host_header_must_name_the_address_served() -> None:
    from director.web.addresses import local_addresses

    assert allowed_hosts("192.168.1.20", 8765) == {"192.168.1.20:8765"}
    assert allowed_hosts("127.0.0.1", 80) == {
        "127.0.0.1:80",
        "127.0.0.1",
        "localhost:80",
    }
    every = allowed_hosts("0.0.0.0", 8765)  # only when asked for explicitly
    assert {f"{item.ip}:8765" for item in local_addresses()} <= every
    assert "0.0.0.0:8765" not in every and "evil.example:8765" not in every
