"""The door over real HTTP on 127.0.0.1 (issue 34, item 6): players check themselves
in from the roster or as a new name, an arrival kept beside the log (never a
command), one arrival per person; hostile requests to its public API; a helper's
phone registering a newcomer through the console's rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from director.app.club.roster import Roster
from director.app.phones.door import Door
from director.core.errors import RuleViolation
from director.core.players import EntrantStatus
from director.i18n import describe_error
from director.web.door import CHECK_INS_PER_MINUTE, DoorDesk
from tests.conftest import FakeClock
from tests.web.helpers import Served, in_thread, post_json, request, serve
from tests.web.test_helpers_http import act, pair_helper
from tests.web.test_hostile import entries, refusals


@pytest.fixture
def served(qtbot, tmp_path: Path, clock: FakeClock):
    with serve(tmp_path, clock, players=11) as made:
        roster = Roster(made.database, clock=clock)
        for number in range(1, 12):  # the night's players are the roster's first records
            roster.add(f"Player {number}")
        roster.add("Ann Martin", nickname="Nanou", contact="ann@example.org 06 12 34 56 78")
        roster.add("Dan Annan")
        made.server.phones.door = Door.of(made.database)
        made.server.door_open = True
        yield made


def find(qtbot, served: Served, data: object, lang: str = "en"):
    return in_thread(qtbot, lambda: post_json(served.port, f"/api/door/find?lang={lang}", data))


def check_in(qtbot, served: Served, data: object):
    return in_thread(qtbot, lambda: post_json(served.port, "/api/door/check-in", data))


def waiting(served: Served) -> list[tuple[str, bool]]:
    door = Door.of(served.database)
    return [(a.name, a.new) for a in door.waiting(served.session.tournament_id)]


def test_the_door_offers_names_by_the_roster_rule_and_never_a_contact(
    qtbot, served: Served
) -> None:
    """Roster rule: only the name (or nickname) as typed or its start counts; "ann"
    is not offered Dan Annan (a part of his name), and no contact ever leaves."""
    answer = find(qtbot, served, {"name": "ann"})
    assert answer.status == 200
    assert answer.json()["offered"] == [{"id": 12, "name": "Ann Martin (Nanou)"}]
    assert "example.org" not in answer.body.decode() and "06 12" not in answer.body.decode()
    assert find(qtbot, served, {"name": "nan"}).json()["offered"] == [
        {"id": 12, "name": "Ann Martin (Nanou)"}
    ]
    assert find(qtbot, served, {"name": "a"}).json()["offered"] == []  # one letter: nothing


def test_a_player_checks_in_from_the_roster_once_and_it_is_kept_beside_the_log(
    qtbot, served: Served, tmp_path: Path
) -> None:
    before = entries(served)
    first = check_in(qtbot, served, {"name": "ann", "player": 12})
    assert first.status == 200 and first.json() == {"ok": True, "name": "Ann Martin", "new": True}
    again = check_in(qtbot, served, {"name": "Ann", "player": 12})
    assert again.json()["new"] is False
    new = check_in(qtbot, served, {"name": "ann martin", "player": None})  # same person
    assert new.json()["new"] is False
    assert waiting(served) == [("Ann Martin", False)]
    assert entries(served) == before  # nothing in the event's log, nothing to undo
    assert not served.session.can_undo() or served.session.undo_label() is not None


def test_a_new_name_checks_in_and_a_player_already_in_is_told_so(qtbot, served: Served) -> None:
    answer = check_in(qtbot, served, {"name": "  Zoé   Durand ", "player": None})
    assert answer.json() == {"ok": True, "name": "Zoé Durand", "new": True}
    assert check_in(qtbot, served, {"name": "zoe durand", "player": None}).json()["new"] is False
    playing = check_in(qtbot, served, {"name": "Player 3", "player": 3})
    assert playing.json() == {"ok": True, "already": True, "name": "Player 3"}
    assert waiting(served) == [("Zoé Durand", True)]
    assert Roster(served.database).find("Zoé Durand") is None  # added on buy-in only


def test_a_record_not_offered_for_the_name_typed_is_refused(qtbot, served: Served) -> None:
    answer = check_in(qtbot, served, {"name": "Zo", "player": 12})
    assert answer.status == 400
    assert answer.json()["error"] == describe_error(RuleViolation("door_unknown_choice"))
    assert waiting(served) == []


def test_the_door_closed_refuses_and_keeps_nothing(qtbot, served: Served) -> None:
    served.server.door_open = False
    answer = check_in(qtbot, served, {"name": "Zoé", "player": None})
    assert answer.status == 403
    assert answer.json()["error"] == describe_error(RuleViolation("door_closed"))
    assert find(qtbot, served, {"name": "ann"}).status == 403
    assert waiting(served) == []


def test_a_flood_of_check_ins_from_one_address_is_held_off(qtbot, served: Served) -> None:
    for number in range(CHECK_INS_PER_MINUTE):
        assert check_in(qtbot, served, {"name": f"Guest {number}"}).status == 200
    held = check_in(qtbot, served, {"name": "One too many"})
    assert held.status == 429 and held.headers.get("retry-after")
    assert len(waiting(served)) == CHECK_INS_PER_MINUTE
    served.clock.advance(61_000)
    assert check_in(qtbot, served, {"name": "Later"}).status == 200


def test_the_page_and_its_texts_are_served_in_both_languages(qtbot, served: Served) -> None:
    page = in_thread(qtbot, lambda: request(served.port, "GET", "/door"))
    assert page.status == 200 and b"/door.js" in page.body
    for path in ("/door.js", "/door.css"):
        assert in_thread(qtbot, lambda p=path: request(served.port, "GET", p)).status == 200
    french = in_thread(qtbot, lambda: request(served.port, "GET", "/api/door/texts?lang=fr"))
    assert french.json()["heading"] == "Arrivée"


def door_corpus(host: str) -> list[tuple[str, bytes, tuple[int, ...]]]:
    """What a hostile page or client may send the door's public API."""
    h = host.encode()

    def send(
        path: str,
        body: bytes,
        *,
        kind: str = "application/json",
        extra: bytes = b"",
        method: bytes = b"POST",
        to: bytes = h,
    ) -> bytes:
        head = method + b" " + path.encode() + b" HTTP/1.1\r\nHost: " + to + b"\r\n"
        if kind:
            head += f"Content-Type: {kind}\r\n".encode()
        return head + extra + b"Content-Length: %d\r\n\r\n" % len(body) + body

    go, look = "/api/door/check-in", "/api/door/find"
    evil = b"Origin: http://evil.example\r\n"
    return [
        ("check in from another site", send(go, b'{"name": "Eve"}', extra=evil), (403,)),
        ("find from another site", send(look, b'{"name": "ann"}', extra=evil), (403,)),
        ("another host (DNS rebinding)", send(go, b'{"name": "Eve"}', to=b"evil.example"), (403,)),
        ("page for another host", send("/door", b"", kind="", method=b"GET", to=b"x:1"), (403,)),
        ("as a form (no preflight)", send(go, b"name=Eve", kind="text/plain"), (415,)),
        ("check in by GET", send(go, b"", kind="", method=b"GET"), (405,)),
        ("find by PUT", send(look, b"{}", method=b"PUT"), (405,)),
        ("the page by POST", send("/door", b"{}"), (405,)),
        ("not JSON", send(go, b"{"), (400,)),
        ("deep JSON", send(go, b"[" * 2000 + b"]" * 2000), (400,)),
        ("not an object", send(go, b'["Eve"]'), (400,)),
        ("no name", send(go, b"{}"), (400,)),
        ("name as a number", send(go, b'{"name": 7}'), (400,)),
        ("empty name", send(go, b'{"name": "   "}'), (400,)),
        ("huge name", send(go, b'{"name": "' + b"A" * 3000 + b'"}'), (400,)),
        ("body too big", send(go, b'{"name": "' + b"A" * 9000 + b'"}'), (413,)),
        ("a line break in the name", send(go, b'{"name": "Eve\\nMallory"}'), (400,)),
        ("an escape in the name", send(go, b'{"name": "Eve\\u001b[31m"}'), (400,)),
        ("a NUL in the name", send(go, b'{"name": "Eve\\u0000"}'), (400,)),
        ("unknown field", send(go, b'{"name": "Eve", "paid": true}'), (400,)),
        ("player as text", send(go, b'{"name": "Ann", "player": "12"}'), (400,)),
        ("negative player", send(go, b'{"name": "Ann", "player": -1}'), (400,)),
        ("huge player", send(go, b'{"name": "Ann", "player": 1e999}'), (400,)),
        ("a record not offered", send(go, b'{"name": "Player 1", "player": 12}'), (400,)),
        ("find a huge name", send(look, b'{"name": "' + b"n" * 2000 + b'"}'), (400,)),
        ("unknown language", send(look + "?lang=xx", b'{"name": "ann"}'), (400,)),
        ("a path beside the door", send("/api/door/list", b"{}"), (404,)),
    ]


def test_hostile_requests_to_the_door_get_a_4xx_and_keep_nothing(qtbot, served: Served) -> None:
    before = entries(served)
    desk = served.server.door_desk
    cases = door_corpus(served.host)
    failures = []
    for case in cases:
        desk.finds, desk.check_ins = type(desk.finds)(), type(desk.check_ins)()
        failures += refusals(qtbot, served, [case])
    assert failures == []
    assert waiting(served) == []
    assert entries(served) == before
    assert isinstance(desk, DoorDesk)


def test_a_helpers_phone_registers_a_newcomer_in_the_roster_and_buys_him_in(
    qtbot, served: Served
) -> None:
    served.server.helpers_enabled = True
    token = pair_helper(qtbot, served)
    answer = act(qtbot, served, token, {"action": "new_player", "name": "Zoé Durand"})
    assert answer.status == 200, answer.body
    record = Roster(served.database).find("zoe durand")
    assert record is not None
    assert served.session.state.players[record.id].status is EntrantStatus.PLAYING
    origin = served.session.undo_origin()
    assert origin is not None and origin.name == "Door"
    # The same name again is the same person, refused by the console's rule.
    again = act(qtbot, served, token, {"action": "new_player", "name": "zoe durand"})
    assert again.status == 409
    for bad in ({"action": "new_player"}, {"action": "new_player", "name": "x\ny"}):
        assert act(qtbot, served, token, bad).status in (400, 409)


def test_a_helpers_newcomer_refused_by_the_rules_is_not_added_to_the_roster(
    qtbot, served: Served
) -> None:
    served.server.helpers_enabled = True
    token = pair_helper(qtbot, served)
    served.clock.advance(10 * 3_600_000)  # long past late registration
    served.tick()
    answer = act(qtbot, served, token, {"action": "new_player", "name": "Late Larry"})
    assert answer.status == 409
    assert Roster(served.database).find("Late Larry") is None
