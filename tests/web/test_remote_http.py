"""The organizer's phone as a remote, over real HTTP: pairing with the console's code,
every command through the session (and into the log with the phone's name), the
same refusals, revocation at once, and the rate limit."""

from __future__ import annotations

from pathlib import Path

import pytest

from director.app.phones.remote import PAIRING_CODE_MS
from director.core import commands as c
from director.core.errors import RuleViolation
from director.i18n import describe_error, in_language
from director.persistence import store
from tests.conftest import FakeClock
from tests.web.helpers import Served, in_thread, post_json, request, serve


@pytest.fixture
def served(qtbot, tmp_path: Path, clock: FakeClock):
    with serve(tmp_path, clock) as made:
        yield made


def pair(qtbot, served: Served, name: str = "Ann's phone") -> str:
    code = served.server.new_pairing_code()
    answer = in_thread(
        qtbot, lambda: post_json(served.port, "/api/pair", {"code": code.code, "name": name})
    )
    assert answer.status == 200, answer.body
    return str(answer.json()["token"])


def control(qtbot, served: Served, token: str | None, data: object, lang: str = "en"):
    return in_thread(
        qtbot, lambda: post_json(served.port, f"/api/control?lang={lang}", data, token)
    )


def test_a_paired_phone_drives_the_clock_and_the_console_sees_it(qtbot, served: Served) -> None:
    changed = []
    served.session.subscribe(changed.append)
    token = pair(qtbot, served)
    answer = control(qtbot, served, token, {"action": "pause"})
    assert answer.status == 200 and answer.json() == {"ok": True, "done": "pause the clock"}
    assert not served.session.state.clock.running
    assert changed[-1].origin is not None and changed[-1].origin.name == "Ann's phone"
    for action in ("start", "next_level", "previous_level", "remove_minute", "add_minute"):
        assert control(qtbot, served, token, {"action": action}).status == 200, action
    table = min(served.session.state.tables.tables)
    assert control(qtbot, served, token, {"action": "hand_done", "table": table}).status == 200
    bust = {"action": "bust", "player": 4, "eliminator": 7}
    assert control(qtbot, served, token, bust).status == 200
    rebuy = {"action": "rebuy", "player": 4, "paid": True}
    assert control(qtbot, served, token, rebuy).status == 200
    # Every one of them is in the log, with the phone it came from.
    with served.database.reading() as connection:
        entries = store.load_entries(connection, served.session.tournament_id)
    from_phone = [entry for entry in entries if entry.origin]
    assert len(from_phone) == 9
    assert all('"name": "Ann\'s phone"' in entry.origin for entry in from_phone)
    assert served.session.undo_origin() is not None
    served.session.undo()  # the console takes back the phone's re-buy
    assert served.session.state.players[4].rebuys == 0


def test_a_refused_command_gets_the_consoles_words_in_the_phones_language(
    qtbot, served: Served
) -> None:
    token = pair(qtbot, served)
    done = served.session.history.done_count
    expected = served.session.refusal(c.StartClock())
    answer = control(qtbot, served, token, {"action": "start"})
    assert answer.status == 409
    assert answer.json() == {"ok": False, "why": describe_error(expected)}
    french = control(qtbot, served, token, {"action": "start"}, lang="fr")
    with in_language("fr"):
        assert french.json()["why"] == describe_error(expected)
    assert served.session.history.done_count == done


def test_the_phone_sees_what_it_may_do(qtbot, served: Served) -> None:
    token = pair(qtbot, served)
    answer = in_thread(
        qtbot,
        lambda: request(
            served.port, "GET", "/api/controls", headers={"Authorization": f"Bearer {token}"}
        ),
    )
    shown = answer.json()
    assert answer.status == 200 and shown["device"] == "Ann's phone"
    assert shown["actions"]["pause"]["ok"] and not shown["actions"]["start"]["ok"]
    assert len(shown["players"]) == 12


def test_a_revoked_phone_stops_at_once(qtbot, served: Served) -> None:
    token = pair(qtbot, served)
    other = pair(qtbot, served, "Bob's phone")
    listed = {device.name: device for device in served.server.devices.listed()}
    assert set(listed) == {"Ann's phone", "Bob's phone"}
    served.server.devices.revoke(listed["Ann's phone"].id, served.clock())
    answer = control(qtbot, served, token, {"action": "pause"})
    assert answer.status == 401 and "pair it again" in answer.json()["error"]
    assert served.session.state.clock.running
    assert control(qtbot, served, other, {"action": "pause"}).status == 200


def test_a_phone_can_forget_itself(qtbot, served: Served) -> None:
    token = pair(qtbot, served)
    assert in_thread(qtbot, lambda: post_json(served.port, "/api/unpair", {}, token)).status == 200
    assert control(qtbot, served, token, {"action": "pause"}).status == 401
    assert served.server.devices.listed() == []


def test_a_pairing_code_works_once_and_expires(qtbot, served: Served) -> None:
    code = served.server.new_pairing_code()
    first = in_thread(
        qtbot, lambda: post_json(served.port, "/api/pair", {"code": code.code, "name": "A"})
    )
    assert first.status == 200
    again = in_thread(
        qtbot, lambda: post_json(served.port, "/api/pair", {"code": code.code, "name": "B"})
    )
    assert again.status == 403 and "two minutes" in again.json()["error"]
    late = served.server.new_pairing_code()
    served.clock.advance(PAIRING_CODE_MS)
    expired = in_thread(
        qtbot, lambda: post_json(served.port, "/api/pair", {"code": late.code, "name": "C"})
    )
    assert expired.status == 403
    assert [device.name for device in served.server.devices.listed()] == ["A"]


def test_failed_attempts_are_rate_limited_per_address(qtbot, served: Served) -> None:
    code = served.server.new_pairing_code()
    statuses = [
        in_thread(
            qtbot, lambda: post_json(served.port, "/api/pair", {"code": "WRONG123", "name": "X"})
        ).status
        for _ in range(12)
    ]
    assert statuses[:10] == [403] * 10 and statuses[10:] == [429, 429]
    # Even the right code waits now, and so do bad tokens from there.
    blocked = in_thread(
        qtbot, lambda: post_json(served.port, "/api/pair", {"code": code.code, "name": "X"})
    )
    assert blocked.status == 429 and int(blocked.headers["retry-after"]) > 0
    served.clock.advance(60_000)
    allowed = in_thread(
        qtbot, lambda: post_json(served.port, "/api/pair", {"code": code.code, "name": "X"})
    )
    assert allowed.status == 200


def test_bad_tokens_count_against_the_address(qtbot, served: Served) -> None:
    token = pair(qtbot, served)
    for _ in range(10):
        assert control(qtbot, served, "x" * 43, {"action": "pause"}).status == 401
    assert control(qtbot, served, token, {"action": "pause"}).status == 429
    assert served.session.state.clock.running


def test_the_token_works_only_in_the_authorization_header(qtbot, served: Served) -> None:
    token = pair(qtbot, served)
    origin = served.origin
    for headers, path in (
        ({"Cookie": f"token={token}"}, "/api/control"),
        ({}, f"/api/control?token={token}"),
        ({}, f"/api/control?access_token={token}"),
        ({"Authorization": f"Basic {token}"}, "/api/control"),
        ({"Authorization": token}, "/api/control"),
        ({"X-Token": token}, "/api/control"),
    ):
        answer = in_thread(
            qtbot,
            lambda h=headers, p=path: request(
                served.port,
                "POST",
                p,
                headers={**h, "Content-Type": "application/json", "Origin": origin},
                body='{"action": "pause"}',
            ),
        )
        assert answer.status == 401, (headers, path)
    assert served.session.state.clock.running


def test_a_command_from_another_page_is_refused(qtbot, served: Served) -> None:
    token = pair(qtbot, served)
    answer = in_thread(
        qtbot,
        lambda: post_json(
            served.port,
            "/api/control",
            {"action": "pause"},
            token,
            headers={"Origin": "http://evil.example"},
        ),
    )
    assert answer.status == 403
    assert served.session.state.clock.running


def test_with_the_remote_off_nothing_is_paired_nor_done(qtbot, served: Served) -> None:
    token = pair(qtbot, served)
    served.server.remote_enabled = False
    code = served.server.new_pairing_code()
    assert control(qtbot, served, token, {"action": "pause"}).status == 403
    answer = in_thread(
        qtbot, lambda: post_json(served.port, "/api/pair", {"code": code.code, "name": "X"})
    )
    assert answer.status == 403 and "off" in answer.json()["error"]
    assert served.session.state.clock.running


def test_a_code_typed_by_hand_pairs_as_the_qr_address_does(qtbot, served: Served) -> None:
    """The share dialog and ``serve --pair`` say "open ADDRESS and type the code": the
    code as the console shows it, typed in any case, with the spaces or dashes a
    phone's keyboard or a copy and paste give, pairs like the QR code's address."""
    for typed in (
        lambda shown: shown,
        lambda shown: shown.lower(),
        lambda shown: " " + shown.replace("-", " ") + " ",
        lambda shown: shown.replace("-", "\u00a0"),  # a no-break space
        lambda shown: shown.replace("-", "\u2013"),  # an en dash
        lambda shown: " ".join(shown.replace("-", "")),
    ):
        code = served.server.new_pairing_code()
        data = {"code": typed(code.shown), "name": "Ann's phone"}
        answer = in_thread(qtbot, lambda d=data: post_json(served.port, "/api/pair", d))
        assert answer.status == 200, (data, answer.body)
        token = answer.json()["token"]
        assert control(qtbot, served, token, {"action": "pause"}).status == 200
        assert control(qtbot, served, token, {"action": "start"}).status == 200
    assert len(served.server.devices.listed()) == 6


def pair_typed(qtbot, served: Served, code: object, lang: str = "en"):
    data = {"code": code, "name": "X"}
    return in_thread(qtbot, lambda: post_json(served.port, f"/api/pair?lang={lang}", data))


NOT_CODES: list[object] = [
    "",
    "12",
    "ABCD-EFG",
    "ABCD-EFGHJ",
    "x" * 3_000,
    "A" * 65,
    "ABCD\x00EFGH",
    "ABCD\tEFGH",
    "ABCD\nEFGH",
    "\x1b[2JABCDEFGH",
    "\u202eABCDEFGH",
    "ABCDÉFGH",
    "!!!!-????",
    "ABCD_EFGH",
    12345678,
    None,
    ["ABCDEFGH"],
    {"code": "ABCDEFGH"},
]
"""What a hostile or a clumsy hand may type or send as a code."""


def test_what_is_not_a_code_is_refused_as_such_and_counted(qtbot, served: Served) -> None:
    """Huge, control characters, other characters than letters and digits, not text:
    a 400 saying what a code looks like (in the phone's language), no traceback, and
    each counts as a failed attempt."""
    code = served.server.new_pairing_code()
    said = {}
    for lang in ("en", "fr"):
        with in_language(lang):
            said[lang] = describe_error(RuleViolation("pairing_code_malformed"))
    assert said["en"].startswith("That is not a code") and said["fr"] != said["en"]
    for index, typed in enumerate(NOT_CODES):
        served.server.limiter = type(served.server.limiter)()  # each on its own
        lang = "fr" if index % 2 else "en"
        answer = pair_typed(qtbot, served, typed, lang)
        assert answer.status == 400, (typed, answer.body)
        assert b"Traceback" not in answer.body
        assert answer.json() == {"ok": False, "error": said[lang]}, typed
    # Too large for a request at all: refused before it is read.
    huge = in_thread(
        qtbot,
        lambda: post_json(served.port, "/api/pair", {"code": "A" * 10_000, "name": "X"}),
    )
    assert huge.status == 413
    # Counted: ten of them and the address waits, even with the right code.
    served.server.limiter = type(served.server.limiter)()
    statuses = [pair_typed(qtbot, served, typed).status for typed in NOT_CODES[:10]]
    assert statuses == [400] * 10
    assert pair_typed(qtbot, served, code.shown).status == 429
    assert served.server.devices.listed() == []
    served.clock.advance(60_000)
    assert pair_typed(qtbot, served, code.shown).status == 200


def test_codes_typed_wrong_are_rate_limited_like_any_other(qtbot, served: Served) -> None:
    """A wrong code typed by hand is told as wrong, and counts: ten in a minute and
    even the right code typed waits."""
    code = served.server.new_pairing_code()
    wrong = describe_error(RuleViolation("pairing_code_wrong"))
    for typed in ("abcd efgh", "ZZZZ-ZZZZ", "2345 6789", "zzzz\u2013zzzz", "WXYZ-WXYZ") * 2:
        answer = pair_typed(qtbot, served, typed)
        assert answer.status == 403 and answer.json()["error"] == wrong, typed
    blocked = pair_typed(qtbot, served, code.shown.lower())
    assert blocked.status == 429 and int(blocked.headers["retry-after"]) > 0
    assert "wait" in blocked.json()["error"]
    served.clock.advance(60_000)
    assert pair_typed(qtbot, served, code.shown.lower()).status == 200
