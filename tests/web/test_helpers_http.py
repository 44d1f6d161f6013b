"""A helper's phone over real HTTP on 127.0.0.1 (issue 34, item 6): pairing with the
helpers' code, buy-ins, re-buys and payments through the console's rules, logged with
the phone and undoable, and everything else refused; hostile requests to its API."""

from __future__ import annotations

from pathlib import Path

import pytest

from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.players import Bust, EntrantStatus
from director.i18n import describe_error
from tests.conftest import FakeClock
from tests.web.helpers import Served, in_thread, post_json, request, serve
from tests.web.test_hostile import entries, refusals
from tests.web.test_remote_http import pair

NEWCOMER = PlayerId(40)


@pytest.fixture
def served(qtbot, tmp_path: Path, clock: FakeClock):
    with serve(tmp_path, clock, players=11) as made:  # one seat still open
        made.server.helpers_enabled = True
        made.session.dispatch(c.RegisterPlayer(player=NEWCOMER, name="Zoe"))
        yield made


def pair_helper(qtbot, served: Served, name: str = "Door") -> str:
    code = served.server.helper_code()
    assert code is not None
    data = {"code": code.code, "name": name}
    answer = in_thread(qtbot, lambda: post_json(served.port, "/api/helper/pair", data))
    assert answer.status == 200, answer.body
    return str(answer.json()["token"])


def act(qtbot, served: Served, token: str | None, data: object):
    return in_thread(qtbot, lambda: post_json(served.port, "/api/helper/act", data, token))


def look(qtbot, served: Served, token: str, lang: str = "en"):
    headers = {"Authorization": f"Bearer {token}"}
    return in_thread(
        qtbot, lambda: request(served.port, "GET", f"/api/helper?lang={lang}", headers=headers)
    )


def test_a_helper_takes_a_buy_in_logged_with_the_phone_and_undone_from_the_console(
    qtbot, served: Served
) -> None:
    token = pair_helper(qtbot, served)
    shown = look(qtbot, served, token).json()
    zoe = next(player for player in shown["players"] if player["id"] == int(NEWCOMER))
    assert zoe["status"] == "registered" and zoe["buy_in"] == {"ok": True, "why": ""}
    answer = act(qtbot, served, token, {"action": "buy_in", "player": int(NEWCOMER)})
    assert answer.status == 200 and answer.json()["ok"] is True
    assert served.session.state.players[NEWCOMER].status is EntrantStatus.PLAYING
    origin = served.session.undo_origin()
    assert origin is not None and origin.name == "Door" and origin.table is None
    served.session.undo()
    assert served.session.state.players[NEWCOMER].status is EntrantStatus.REGISTERED


def test_a_helper_takes_a_rebuy_owed_then_records_it_paid(qtbot, served: Served) -> None:
    token = pair_helper(qtbot, served)
    served.session.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(3)),)))
    answer = act(qtbot, served, token, {"action": "rebuy", "player": 3, "paid": False})
    assert answer.status == 200, answer.body
    owed = served.session.refusal(c.PayDebt(player=PlayerId(3)))
    assert owed is None
    shown = look(qtbot, served, token).json()
    three = next(player for player in shown["players"] if player["id"] == 3)
    assert three["pay"] == {"ok": True, "why": ""}
    assert act(qtbot, served, token, {"action": "pay", "player": 3}).status == 200
    assert served.session.refusal(c.PayDebt(player=PlayerId(3))) is not None
    assert act(qtbot, served, token, {"action": "pay", "player": 3}).status == 409


def test_a_helper_is_refused_by_the_consoles_rule_in_the_consoles_words(
    qtbot, served: Served
) -> None:
    token = pair_helper(qtbot, served)
    asked = c.Addon(player=PlayerId(1))
    refused = served.session.refusal(asked)
    assert refused is not None  # no add-on in this event
    before = entries(served)
    answer = act(qtbot, served, token, {"action": "addon", "player": 1})
    assert answer.status == 409
    assert answer.json() == {"ok": False, "why": describe_error(refused)}
    assert entries(served) == before


def test_a_helper_may_not_drive_the_clock_bust_a_player_nor_act_as_the_remote(
    qtbot, served: Served
) -> None:
    token = pair_helper(qtbot, served)
    before = entries(served)
    for asked in ({"action": "pause"}, {"action": "bust", "player": 1}):
        answer = act(qtbot, served, token, asked)
        assert answer.status == 403
        assert answer.json()["why"] == describe_error(RuleViolation("helper_not_allowed"))
    as_remote = in_thread(
        qtbot, lambda: post_json(served.port, "/api/control", {"action": "pause"}, token)
    )
    assert as_remote.status == 403
    remote = pair(qtbot, served)
    assert act(qtbot, served, remote, {"action": "buy_in", "player": 40}).status == 401
    assert entries(served) == before


def test_helpers_off_refuses_pairing_and_acting(qtbot, served: Served) -> None:
    token = pair_helper(qtbot, served)
    served.server.helpers_enabled = False
    assert act(qtbot, served, token, {"action": "buy_in", "player": 40}).status == 403
    code = served.server.helper_code()
    assert code is not None
    data = {"code": code.code, "name": "X"}
    refused = in_thread(qtbot, lambda: post_json(served.port, "/api/helper/pair", data))
    assert refused.status == 403


def helper_corpus(host: str, helper: str, remote: str) -> list[tuple[str, bytes, tuple[int, ...]]]:
    """What a hostile page or client may send the helpers' phones' API."""
    h = host.encode()

    def send(
        path: str,
        body: bytes,
        *,
        token: str | None = helper,
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

    act_, pair_ = "/api/helper/act", "/api/helper/pair"
    buy = b'{"action": "buy_in", "player": 40}'
    evil = b"Origin: http://evil.example\r\n"
    return [
        ("act from another site", send(act_, buy, extra=evil), (403,)),
        ("pair from another site", send(pair_, b'{"code": "x", "name": "y"}', extra=evil), (403,)),
        ("act as a form (no preflight)", send(act_, buy, kind="text/plain"), (415,)),
        (
            "pair as a form",
            send(pair_, b"code=x&name=y", kind="application/x-www-form-urlencoded"),
            (415,),
        ),
        ("act without a token", send(act_, buy, token=None), (401,)),
        ("act with the organizer's token", send(act_, buy, token=remote), (401,)),
        (
            "view with the organizer's token",
            send("/api/helper", b"", token=remote, kind="", method=b"GET"),
            (401,),
        ),
        (
            "token in a cookie",
            send(act_, buy, token=None, extra=f"Cookie: token={helper}\r\n".encode()),
            (401,),
        ),
        ("token in the query", send(f"{act_}?token={helper}", buy, token=None), (401,)),
        ("act by GET", send(act_, b"", kind="", method=b"GET"), (405,)),
        ("view by POST", send("/api/helper", b"{}"), (405,)),
        ("not JSON", send(act_, b"{"), (400,)),
        ("deep JSON", send(act_, b"[" * 2000 + b"]" * 2000), (400,)),
        ("not an object", send(act_, b'["buy_in"]'), (400,)),
        ("unknown action", send(act_, b'{"action": "draw_seats"}'), (400,)),
        ("unknown field", send(act_, b'{"action": "buy_in", "player": 40, "amount": 9}'), (400,)),
        ("player as text", send(act_, b'{"action": "buy_in", "player": "40"}'), (400,)),
        ("huge number", send(act_, b'{"action": "rebuy", "player": 1e999}'), (400,)),
        ("negative player", send(act_, b'{"action": "rebuy", "player": -1}'), (400,)),
        ("unknown player", send(act_, b'{"action": "rebuy", "player": 999}'), (400,)),
        ("paid as text", send(act_, b'{"action": "buy_in", "player": 40, "paid": "y"}'), (400,)),
        ("the organizer's command", send(act_, b'{"action": "pause"}'), (403,)),
        ("a dealer's command", send(act_, b'{"action": "hand_done"}'), (403,)),
        ("a wrong code", send(pair_, b'{"code": "AAAAAAAA", "name": "x"}', token=None), (403,)),
        ("pairing, not an object", send(pair_, b"[]", token=None), (400,)),
        ("unpair without a token", send("/api/helper/unpair", b"{}", token=None), (401,)),
    ]


def test_hostile_requests_to_the_helpers_phones_get_a_4xx_and_change_nothing(
    qtbot, served: Served
) -> None:
    remote = pair(qtbot, served)
    helper = pair_helper(qtbot, served)
    before = entries(served)
    devices = [(device.id, device.name) for device in served.server.devices.listed()]
    assert refusals(qtbot, served, helper_corpus(served.host, helper, remote)) == []
    assert entries(served) == before
    assert [(d.id, d.name) for d in served.server.devices.listed()] == devices
    assert look(qtbot, served, helper).status == 200
