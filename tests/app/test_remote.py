"""The remote without any network: pairing codes (two minutes, once), tokens stored
hashed, the rate limit, what a phone may ask, and its commands through the session
with the same refusals and its name in the log."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from director.app.night.changes import Origin
from director.app.night.session import TournamentSession
from director.app.phones.devices import Devices
from director.app.phones.remote import (
    PAIRING_CODE_MS,
    BadRequest,
    PairingCodes,
    RateLimiter,
    SessionTarget,
    command_for,
    controls,
    device_name,
    looks_like_code,
    new_token,
    normal_code,
    perform,
    token_hash,
)
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.i18n import describe_error, in_language, render
from director.persistence import devices as stored
from director.persistence.db import open_database
from tests.app.night import night
from tests.conftest import FakeClock


def test_a_pairing_code_works_once_and_for_two_minutes(clock: FakeClock) -> None:
    codes = PairingCodes()
    code = codes.issue(clock())
    assert len(code.code) == 8 and code.shown == f"{code.code[:4]}-{code.code[4:]}"
    assert not codes.redeem("WRONGONE", clock())
    clock.advance(PAIRING_CODE_MS - 1)
    assert codes.redeem(code.shown.lower(), clock())  # as typed by hand, any case
    assert not codes.redeem(code.code, clock())  # once only
    late = codes.issue(clock())
    clock.advance(PAIRING_CODE_MS)
    assert not codes.redeem(late.code, clock())
    assert codes.current(clock()) is None


def test_a_new_code_replaces_the_one_shown_before(clock: FakeClock) -> None:
    codes = PairingCodes()
    first = codes.issue(clock())
    second = codes.issue(clock())
    assert not codes.redeem(first.code, clock()) or first.code == second.code
    assert codes.redeem(second.code, clock())


@pytest.mark.parametrize("typed", [None, 12, "", "x" * 65, "ABCD\x00EFG"])
def test_anything_but_the_code_is_refused(clock: FakeClock, typed: object) -> None:
    codes = PairingCodes()
    codes.issue(clock())
    assert not codes.redeem(typed, clock())


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("abcd-efgh", "ABCDEFGH"),
        (" ABCD EFGH ", "ABCDEFGH"),
        ("abcd\u00a0efgh", "ABCDEFGH"),  # a no-break space, as a copy and paste gives
        ("ABCD\u2013EFGH", "ABCDEFGH"),  # an en dash, as a phone's keyboard may make it
        ("A B C D E F G H", "ABCDEFGH"),
    ],
)
def test_a_code_is_read_as_typed_by_hand(typed: str, code: str) -> None:
    assert looks_like_code(typed) and normal_code(typed) == code


@pytest.mark.parametrize(
    "typed",
    [
        None,
        12345678,
        ["ABCDEFGH"],
        "",
        "ABCDEFG",
        "ABCDEFGHJ",
        "ABCD\tEFGH",
        "ABCD\nEFGH",
        "ABCD\x00EFGH",
        "\u202eABCDEFGH",
        "ABCDÉFGH",
        "ABCD_EFGH",
        " " * 60 + "ABCDEFGH",
    ],
)
def test_what_has_not_a_codes_shape_is_no_code(typed: object) -> None:
    """Control characters are not spaces, and a code is eight letters and digits."""
    assert not looks_like_code(typed)


def test_failures_are_limited_per_address_over_a_minute(clock: FakeClock) -> None:
    limiter = RateLimiter(allowed=3, window_ms=60_000)
    for _ in range(3):
        assert limiter.retry_after("10.0.0.5", clock()) is None
        limiter.failed("10.0.0.5", clock())
        clock.advance(1000)
    wait = limiter.retry_after("10.0.0.5", clock())
    assert wait == 57_000
    assert limiter.retry_after("10.0.0.6", clock()) is None  # another address is not blocked
    clock.advance(wait)
    assert limiter.retry_after("10.0.0.5", clock()) is None


def test_the_rate_limit_forgets_the_oldest_addresses_first(clock: FakeClock) -> None:
    limiter = RateLimiter(allowed=1, addresses=100)
    for number in range(1000):
        limiter.failed(f"10.0.{number // 256}.{number % 256}", clock())
    assert len(limiter) == 100
    assert limiter.retry_after("10.0.3.231", clock()) is not None


def test_tokens_are_long_random_and_stored_only_as_their_hash(db_path: Path | str, clock) -> None:
    tokens = {new_token() for _ in range(100)}
    assert len(tokens) == 100 and all(len(token) == 43 for token in tokens)
    database = open_database(db_path)
    try:
        devices = Devices.of(database)
        device, token = devices.pair("Ann's phone", clock())
        with database.reading() as connection:
            rows = connection.execute("SELECT * FROM remote_device").fetchall()
        assert token not in repr(rows)
        assert hashlib.sha256(token.encode()).hexdigest() in repr(rows)
        assert token_hash(token) == hashlib.sha256(token.encode()).hexdigest()
        assert devices.check(token, clock(), "10.0.0.2") == devices.check(
            token, clock(), "10.0.0.2"
        )
        assert devices.check(token[:-1] + ("A" if token[-1] != "A" else "B"), clock()) is None
        assert devices.check(token + "x", clock()) is None
        assert devices.check(None, clock()) is None
        assert [d.name for d in devices.listed()] == ["Ann's phone"]
        assert devices.revoke(device.id, clock())
        assert devices.check(token, clock()) is None
        assert devices.listed() == []
        assert not devices.revoke(device.id, clock())  # once
    finally:
        database.close()


@pytest.mark.parametrize(
    ("typed", "kept"),
    [("  Ann's   phone ", "Ann's phone"), ("Téléphone de Zoé", "Téléphone de Zoé")],
)
def test_a_phones_name_is_one_short_line(typed: str, kept: str) -> None:
    assert device_name(typed) == kept


@pytest.mark.parametrize("typed", [None, "", "   ", "a\x1bb", "Ann\u202eeno", "x" * 41, 7])
def test_a_phones_name_that_cannot_be_shown_is_refused(typed: object) -> None:
    with pytest.raises(RuleViolation):
        device_name(typed)


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "pause",
        {},
        {"action": "format_disk"},
        {"action": "pause", "extra": 1},
        {"action": "hand_done"},
        {"action": "hand_done", "table": "1"},
        {"action": "hand_done", "table": True},
        {"action": "hand_done", "table": -1},
        {"action": "hand_done", "table": 2**40},
        {"action": "bust", "player": 1.5},
        {"action": "rebuy", "player": 1, "paid": "yes"},
        {"action": "rebuy", "player": 1, "stack": -5},
    ],
)
def test_a_request_that_is_not_understood_is_refused_before_the_rules(data: object) -> None:
    with pytest.raises(BadRequest):
        command_for(data)


def test_each_action_is_the_consoles_own_command() -> None:
    assert command_for({"action": "pause"}) == c.PauseClock()
    assert command_for({"action": "start"}) == c.StartClock()
    assert command_for({"action": "next_level"}) == c.NextLevel()
    assert command_for({"action": "previous_level"}) == c.PreviousLevel()
    assert command_for({"action": "add_minute"}) == c.AdjustTime(delta_ms=60_000)
    assert command_for({"action": "remove_minute"}) == c.AdjustTime(delta_ms=-60_000)
    assert command_for({"action": "hand_done", "table": 2}) == c.HandDone(table=2)
    bust = command_for({"action": "bust", "player": 3, "eliminator": 4})
    assert isinstance(bust, c.BustPlayers)
    assert bust.busts[0].player == 3 and bust.busts[0].eliminator == 4
    rebuy = command_for({"action": "rebuy", "player": 3, "stack": 900, "paid": False})
    assert rebuy == c.Rebuy(player=PlayerId(3), paid=False, stack=900)


@pytest.fixture
def session(db_path: Path | str, clock: FakeClock):
    database = open_database(db_path)
    opened = night(database, clock)
    yield opened
    opened.close()
    database.close()


def test_a_phones_command_goes_through_the_session_and_is_logged_with_the_phone(
    session: TournamentSession, clock: FakeClock
) -> None:
    devices = Devices.of(session.database)
    device, _token = devices.pair("Ann's phone", clock())
    changes = perform(SessionTarget(session), {"action": "pause"}, device)
    assert not session.state.clock.running
    assert changes.origin == Origin(device=device.id, name="Ann's phone")
    assert session.undo_origin() == changes.origin
    assert render(session.undo_label()) == "pause the clock"
    # The log keeps it: a new session on the event (a restart) still knows.
    again = TournamentSession(session.database, session.tournament_id, clock=clock)
    assert again.undo_origin() == Origin(device=device.id, name="Ann's phone")
    session.undo()
    assert session.state.clock.running  # undoable from the console like any command
    assert session.redo_origin() == changes.origin
    session.dispatch(c.NextLevel())
    assert session.undo_origin() is None  # the console's own


def test_a_phones_command_is_refused_by_the_same_rule_with_the_same_words(
    session: TournamentSession, clock: FakeClock
) -> None:
    devices = Devices.of(session.database)
    device, _token = devices.pair("Ann's phone", clock())
    target = SessionTarget(session)
    cases = [
        ({"action": "start"}, c.StartClock()),  # already running
        ({"action": "hand_done", "table": 9}, c.HandDone(table=9)),
        ({"action": "bust", "player": 99}, None),
        ({"action": "rebuy", "player": 1}, c.Rebuy(player=PlayerId(1))),
    ]
    entries = session.history.done_count
    for data, command in cases:
        command = command or command_for(data)
        expected = session.refusal(command)
        assert expected is not None, data
        with pytest.raises(RuleViolation) as caught:
            perform(target, data, device)
        assert describe_error(caught.value) == describe_error(expected)
        with in_language("fr"):
            assert describe_error(caught.value) == describe_error(expected)
    assert session.history.done_count == entries  # nothing written


def test_the_phone_is_shown_what_it_may_do_as_the_console_is(
    session: TournamentSession, clock: FakeClock
) -> None:
    target = SessionTarget(session)
    shown = controls(target)
    assert shown["running"] is True
    assert shown["actions"]["pause"] == {"ok": True, "why": ""}
    refused = shown["actions"]["start"]
    assert refused["ok"] is False
    assert refused["why"] == describe_error(session.refusal(c.StartClock()))
    tables = {row["table"]: row["hand_done"]["ok"] for row in shown["tables"]}
    assert tables == {number: True for number in session.state.tables.tables}
    players = shown["players"]
    assert len(players) == 12 and all(p["in"] and p["bust"]["ok"] for p in players)
    assert all(p["where"].startswith("T") for p in players)
    # After a bust, the player is listed out: no bust, a re-buy still possible.
    perform(target, {"action": "bust", "player": 5, "eliminator": 6}, _device(session, clock))
    five = next(p for p in controls(target)["players"] if p["id"] == 5)
    assert five["in"] is False and five["bust"]["ok"] is False and five["rebuy"]["ok"] is True
    assert session.state.busts[-1].busts[0].eliminator == 6


def _device(session: TournamentSession, clock: FakeClock):
    return Devices.of(session.database).pair("Phone", clock())[0]


def test_revoked_and_listed_phones_in_the_database(session: TournamentSession, clock) -> None:
    with session.database.transaction() as connection:
        first = stored.add_device(connection, name="A", token_hash="a" * 64, at=clock())
        stored.add_device(connection, name="B", token_hash="b" * 64, at=clock() + 1)
        assert stored.revoke_device(connection, first, at=clock() + 2)
    with session.database.reading() as connection:
        assert [row.name for row in stored.list_devices(connection)] == ["B"]
        every = stored.list_devices(connection, include_revoked=True)
    assert [row.revoked for row in every] == [True, False]


def test_a_planned_start_that_came_shows_the_phone_a_running_clock(
    db_path: Path | str, clock: FakeClock
) -> None:
    """Issue 34: the clock started by itself at the planned time (nothing stored yet):
    the phone's remote offers Pause, not Start, and its Pause works."""
    from director.app.files import structures
    from director.app.storage.library import Library
    from director.core.ids import Instant

    database = open_database(db_path)
    session = Library(database, clock=clock).create("Planned")
    session.dispatch(c.SetStructure(structure=structures.find("regular-5000").template.structure))
    planned = Instant(clock() + 60_000)
    session.dispatch(c.PlanStart(planned=planned, auto_start=True))
    target = SessionTarget(session)
    assert controls(target)["running"] is False
    clock.advance(5 * 60_000)
    shown = controls(target)
    assert shown["running"] is True and shown["started"] is True
    assert shown["actions"]["start"]["ok"] is False
    perform(target, {"action": "pause"}, _device(session, clock))
    assert session.state.clock.started and not session.state.clock.running
    assert session.state.clock.elapsed == 4 * 60_000  # from the planned time
    session.close()
    database.close()
