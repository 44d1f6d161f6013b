"""The network page's routes, without a socket: a request to a reply."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from director.app.night.session import TournamentSession
from director.app.phones.devices import Devices
from director.app.phones.remote import SessionTarget
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.players import Bust, EntrantStatus
from director.persistence.db import open_database
from director.web import http
from director.web.phones import PhoneNews, Phones
from director.web.routes import Routes
from tests.app.night import night
from tests.conftest import FakeClock

HOST = "192.168.1.20:8765"


def routes(told: list[str]) -> Routes:
    news = PhoneNews(
        devices_changed=lambda: told.append("devices"),
        paired=lambda name: told.append(f"paired {name}"),
        floor_changed=lambda: told.append("floor"),
        tables_news=lambda: told.append("tables"),
    )
    phones = Phones(lambda: 1_000, lambda: None, news)
    return Routes(
        phones,
        hosts=lambda: frozenset({HOST}),
        feed=lambda: None,
        state_message=lambda lang: json.dumps({"type": "state", "lang": lang}),
    )


def ask(target: str, method: str = "GET", host: str = HOST, body: bytes = b"") -> http.Request:
    head = f"{method} {target} HTTP/1.1\r\nHost: {host}\r\n"
    if body:
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    request = http.parse_head((head + "\r\n").encode("ascii"))
    return replace(request, body=body)


@pytest.mark.parametrize(
    ("request_", "status"),
    [
        (ask("/api/texts"), 200),
        (ask("/api/state?lang=fr"), 200),
        (ask("/api/players"), 200),
        (ask("/"), 200),
        (ask("/api/texts", host="evil.example:8765"), 403),
        (ask("/api/texts", method="POST"), 405),
        (ask("/api/pair"), 405),
        (ask("/nowhere"), 404),
        (ask("/api/texts?lang=xx"), 400),
        (ask("/api/pair", "POST", body=b'{"code": "ABCD"}'), 403),  # the remote is off
        (ask("/api/dealer"), 403),  # the dealers' phones are off
        (ask("/api/helper"), 403),  # the helpers' phones are off
        (ask("/api/helper/act", "POST", body=b'{"action": "buy_in"}'), 403),
    ],
)
def test_each_request_gets_its_reply_without_a_socket(request_: http.Request, status: int) -> None:
    told: list[str] = []
    reply = routes(told).answer(request_, "192.168.1.30")
    assert reply.status == status
    assert told == []


def test_the_state_is_asked_in_the_viewers_language() -> None:
    reply = routes([]).answer(ask("/api/state?lang=fr"), "192.168.1.30")
    assert json.loads(reply.body) == {"type": "state", "lang": "fr"}


def test_codes_that_cannot_be_codes_lock_their_address_out() -> None:
    """Each malformed code counts as a failure of its address; past the allowance the
    address waits (429) and another address does not."""
    answering = routes([])
    answering.phones.remote_enabled = True
    answering.phones.devices = object()  # type: ignore[assignment]  # never reached
    bad = b'{"name": "Ann", "code": "!"}'
    allowed = answering.phones.limiter.allowed
    for _ in range(allowed):
        assert answering.answer(ask("/api/pair", "POST", body=bad), "10.0.0.9").status == 400
    assert answering.answer(ask("/api/pair", "POST", body=bad), "10.0.0.9").status == 429
    assert answering.answer(ask("/api/pair", "POST", body=bad), "10.0.0.10").status == 400


def test_a_helpers_phone_pairs_and_takes_a_rebuy_without_a_socket(
    db_path: Path, clock: FakeClock
) -> None:
    """A helper's phone, through the routes alone: paired with the helpers' code for the
    open event, its re-buy logged with the phone (kept after a restart), and a device
    paired as a helper refused the remote's commands."""
    database = open_database(db_path)
    session = night(database, clock, 11)
    try:
        session.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(2)),)))
        answering = Routes(
            Phones(clock, lambda: SessionTarget(session), PhoneNews(*(lambda *_: None,) * 4)),
            hosts=lambda: frozenset({HOST}),
            feed=lambda: None,
            state_message=lambda lang: "{}",
        )
        answering.phones.helpers_enabled = answering.phones.remote_enabled = True
        answering.phones.devices = Devices.of(database)
        code = answering.phones.helper_codes.issue(clock())
        pairing = json.dumps({"code": code.shown, "name": "Bank"}).encode()
        paired = answering.answer(ask("/api/helper/pair", "POST", body=pairing), "10.0.0.2")
        assert paired.status == 200
        token = json.loads(paired.body)["token"]

        def sent(path: str, data: dict[str, object]) -> int:
            asked = ask(path, "POST", body=json.dumps(data).encode())
            headers = {**asked.headers, "authorization": f"Bearer {token}"}
            return answering.answer(replace(asked, headers=headers), "10.0.0.2").status

        assert sent("/api/helper/act", {"action": "rebuy", "player": 2}) == 200
        assert session.state.players[PlayerId(2)].status is EntrantStatus.PLAYING
        again = TournamentSession(database, session.tournament_id, clock=clock)
        origin = again.undo_origin()
        assert origin is not None and origin.name == "Bank"
        assert sent("/api/control", {"action": "pause"}) == 403
        assert session.state.clock.running
    finally:
        session.close()
        database.close()


def test_no_class_of_the_network_page_is_over_300_lines() -> None:
    """The network page stays in parts a reader takes in at once (transport, push,
    security, routes, the phones' desk and each phone's routes)."""
    import ast
    from pathlib import Path

    import director.web

    lengths = {
        f"{path.name}:{node.name}": (node.end_lineno or node.lineno) - node.lineno + 1
        for path in sorted(Path(director.web.__file__).parent.glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef)
    }
    assert "phones.py:Phones" in lengths and "phone_desk.py:PhoneDesk" in lengths
    assert {name: length for name, length in lengths.items() if length > 300} == {}
