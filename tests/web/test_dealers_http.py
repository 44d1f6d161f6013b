"""Dealers' phones over real HTTP on 127.0.0.1: pairing with a table's code, rights on
that table only (every other table and every other command refused), two tables
reporting at once, hand-for-hand with busts at two tables on the same hand, a table
breaking while its phone is connected, and the call for the floor."""

from __future__ import annotations

import concurrent.futures
import json
from pathlib import Path

import pytest

from director.app.phones.dealers import DEALER_CODE_MS
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.standings import places
from director.i18n import describe_error, in_language
from director.persistence import store
from tests.conftest import FakeClock
from tests.web.helpers import Served, in_thread, post_json, request, serve


@pytest.fixture
def served(qtbot, tmp_path: Path, clock: FakeClock):
    with serve(tmp_path, clock, players=18) as made:  # three tables of six
        made.server.dealers_enabled = True
        yield made


def pair_dealer(qtbot, served: Served, table: int, name: str | None = None) -> str:
    code = served.server.dealer_code(table)
    assert code is not None
    data = {"code": code.code, "name": name or f"Table {table} phone"}
    answer = in_thread(qtbot, lambda: post_json(served.port, "/api/dealer/pair", data))
    assert answer.status == 200, answer.body
    assert answer.json()["table"] == table
    return str(answer.json()["token"])


def act(qtbot, served: Served, token: str | None, data: object, lang: str = "en"):
    return in_thread(
        qtbot, lambda: post_json(served.port, f"/api/dealer/act?lang={lang}", data, token)
    )


def look(qtbot, served: Served, token: str, lang: str = "en"):
    headers = {"Authorization": f"Bearer {token}"}
    return in_thread(
        qtbot, lambda: request(served.port, "GET", f"/api/dealer?lang={lang}", headers=headers)
    )


def seated_at(served: Served, table: int) -> list[int]:
    return [int(p) for _seat, p in sorted(served.session.state.tables.tables[table].seats.items())]


def test_a_dealer_phone_reports_its_tables_hand_and_sees_the_next_one(
    qtbot, served: Served
) -> None:
    token = pair_dealer(qtbot, served, 2)
    before = served.session.state.tables.tables[2].positions
    seen = look(qtbot, served, token)
    assert seen.status == 200
    shown = seen.json()
    assert shown["table"] == 2 and shown["hands"] == 0
    assert [seat["player"] for seat in shown["seats"] if seat["player"] is not None] == seated_at(
        served, 2
    )
    assert next(seat for seat in shown["seats"] if seat["button"])["seat"] == before.button
    assert shown["actions"]["hand_done"] == {"ok": True, "why": ""}
    served.clock.advance(95_000)
    answer = act(qtbot, served, token, {"action": "hand_done"})
    assert answer.status == 200 and answer.json() == {"ok": True, "done": "hand done at table 2"}
    after = served.session.state.tables.tables[2]
    assert after.hands == 1 and after.positions != before
    shown = look(qtbot, served, token).json()
    assert shown["hands"] == 1 and shown["hand_since"] == served.clock.now
    assert next(seat for seat in shown["seats"] if seat["big_blind"])["seat"] == (
        after.positions.big_blind
    )
    # In the log, with the phone and its table; the console takes it back.
    with served.database.reading() as connection:
        entries = store.load_entries(connection, served.session.tournament_id)
    origin = json.loads(entries[-1].origin)
    assert origin == {"device": origin["device"], "name": "Table 2 phone", "table": 2}
    assert served.session.undo_origin().shown == "table 2 (Table 2 phone)"
    served.session.undo()
    assert served.session.state.tables.tables[2].hands == 0


def test_a_dealer_token_is_refused_on_another_table_and_on_every_other_command(
    qtbot, served: Served
) -> None:
    token = pair_dealer(qtbot, served, 1)
    done = served.session.history.done_count
    other = seated_at(served, 2)
    mine = seated_at(served, 1)
    refused = [
        {"action": "hand_done", "table": 2},
        {"action": "bust", "player": other[0]},
        {"action": "bust", "player": mine[0], "eliminator": other[0]},
        *({"action": name} for name in ("start", "pause", "next_level", "previous_level")),
        {"action": "add_minute"},
        {"action": "remove_minute"},
        {"action": "rebuy", "player": mine[0], "paid": True},
    ]
    for data in refused:
        answer = act(qtbot, served, token, data)
        assert answer.status == 403, (data, answer.body)
        assert answer.json()["ok"] is False and answer.json()["why"]
    for data in ({"action": "draw_seats"}, {"action": "hand_done", "table": "2"}, [1], "x"):
        assert act(qtbot, served, token, data).status == 400, data
    # The organizer's remote's own requests are not a dealer's either.
    served.server.remote_enabled = True
    for path in ("/api/control", "/api/controls"):
        method = "POST" if path == "/api/control" else "GET"
        answer = in_thread(
            qtbot,
            lambda path=path, method=method: request(
                served.port,
                method,
                path,
                headers={
                    "Authorization": f"Bearer {token}",
                    "Content-Type": "application/json",
                    "Origin": served.origin,
                },
                body='{"action": "pause"}' if method == "POST" else None,
            ),
        )
        assert answer.status == 403, (path, answer.body)
    assert served.session.history.done_count == done
    assert served.session.state.clock.running


def test_a_bust_at_the_table_with_its_eliminator_goes_through_the_rules(
    qtbot, served: Served
) -> None:
    token = pair_dealer(qtbot, served, 3)
    out, winner = seated_at(served, 3)[:2]
    answer = act(qtbot, served, token, {"action": "bust", "player": out, "eliminator": winner})
    assert answer.status == 200, answer.body
    record = served.session.state.busts[-1]
    assert record.busts[0].player == out and record.busts[0].eliminator == winner
    # Out, he is no longer at the table: the phone cannot record him again.
    again = act(qtbot, served, token, {"action": "bust", "player": out}, lang="fr")
    assert again.status == 403
    with in_language("fr"):
        name = served.session.state.player_name(out)
        assert again.json()["why"] == f"{name} n’est pas à la table 3."


def test_two_tables_report_their_hands_at_once(qtbot, served: Served) -> None:
    tokens = {table: pair_dealer(qtbot, served, table) for table in (1, 2, 3)}
    rounds = 5
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:

        def report(token: str) -> list[int]:
            return [
                post_json(served.port, "/api/dealer/act", {"action": "hand_done"}, token).status
                for _ in range(rounds)
            ]

        futures = [pool.submit(report, token) for token in tokens.values()]
        qtbot.waitUntil(lambda: all(f.done() for f in futures), timeout=30_000)
    assert all(f.result() == [200] * rounds for f in futures)
    state = served.session.state
    assert [state.tables.tables[n].hands for n in (1, 2, 3)] == [rounds] * 3


def test_hand_for_hand_the_dealers_wait_and_busts_at_two_tables_share_places(
    qtbot, served: Served
) -> None:
    tokens = {table: pair_dealer(qtbot, served, table) for table in (1, 2, 3)}
    served.session.dispatch(c.SetHandForHand(on=True))
    left = len(served.session.state.alive())
    out1, out2 = seated_at(served, 1)[0], seated_at(served, 2)[0]
    assert act(qtbot, served, tokens[1], {"action": "bust", "player": out1}).status == 200
    assert act(qtbot, served, tokens[1], {"action": "hand_done"}).status == 200
    # Table 1 has finished the hand: it waits, and its phone says for whom.
    shown = look(qtbot, served, tokens[1]).json()
    assert shown["hand_for_hand"]["waiting"] is True
    assert shown["hand_for_hand"]["still_playing"] == [2, 3]
    assert shown["actions"]["hand_done"]["ok"] is False
    again = act(qtbot, served, tokens[1], {"action": "hand_done"})
    assert again.status == 409
    assert again.json()["why"] == describe_error(served.session.refusal(c.HandDone(table=1)))
    assert "2, 3" in again.json()["why"]
    # Table 2's bust on the same hand-for-hand hand shares the places with table 1's.
    assert act(qtbot, served, tokens[2], {"action": "bust", "player": out2}).status == 200
    shared = places(served.session.state.alive(), served.session.state.busts)
    assert shared[PlayerId(out1)] == shared[PlayerId(out2)]
    assert tuple(shared[PlayerId(out1)]) == (left - 1, left)
    assert act(qtbot, served, tokens[2], {"action": "hand_done"}).status == 200
    assert act(qtbot, served, tokens[3], {"action": "hand_done"}).status == 200
    # Every table reported: the next hand-for-hand hand, and table 1 may report again.
    shown = look(qtbot, served, tokens[1]).json()
    assert shown["hand_for_hand"]["waiting"] is False
    assert shown["hand_for_hand"]["still_playing"] == [1, 2, 3]
    assert act(qtbot, served, tokens[1], {"action": "hand_done"}).status == 200


def test_a_table_breaking_ends_its_phones_rights(qtbot, served: Served) -> None:
    tokens = {table: pair_dealer(qtbot, served, table) for table in (1, 2, 3)}
    # Six players out at tables 1 and 2: twelve fit at two tables, table 3 breaks.
    for table in (1, 2):
        for player in seated_at(served, table)[:3]:
            answer = act(qtbot, served, tokens[table], {"action": "bust", "player": player})
            assert answer.status == 200, answer.body
    moves = look(qtbot, served, tokens[3]).json()["moves"]
    assert moves and all(move["from_table"] == 3 for move in moves)
    # Table 3's dealer sends each player on; the others see the arrivals.
    arrivals = look(qtbot, served, tokens[1]).json()["moves"]
    assert all(move["to_table"] == 1 for move in arrivals)
    while moves:
        data = {k: moves[0][k] for k in ("player", "to_table", "to_seat")}
        answer = act(qtbot, served, tokens[3], {"action": "move_done", **data})
        assert answer.status == 200, answer.body
        shown = look(qtbot, served, tokens[3])
        moves = shown.json().get("moves", []) if shown.status == 200 else []
    assert 3 not in served.session.state.tables.tables
    # Its phone is stopped as the table breaks, before it asks anything more...
    listed = served.server.devices.dealers(served.session.tournament_id)
    assert sorted(device.table for device in listed) == [1, 2]
    # ...and is told why.
    gone = look(qtbot, served, tokens[3])
    assert gone.status == 410, gone.body
    assert gone.json()["error"] == "Table 3 has broken: this phone deals for it no more."
    answer = act(qtbot, served, tokens[3], {"action": "hand_done"})
    assert answer.status == 410
    # The tables that stay keep their phones.
    assert look(qtbot, served, tokens[1]).status == 200


def test_a_move_not_from_or_to_the_table_is_refused(qtbot, served: Served) -> None:
    tokens = {table: pair_dealer(qtbot, served, table) for table in (1, 2, 3)}
    for player in seated_at(served, 1)[:2]:
        act(qtbot, served, tokens[1], {"action": "bust", "player": player})
    pending = served.session.state.tables.pending
    assert pending, "busts at table 1 plan a move to it"
    move = pending[0]
    outsider = next(t for t in (1, 2, 3) if t not in (move.from_table, move.to_table))
    data = {
        "action": "move_done",
        "player": int(move.player),
        "to_table": move.to_table,
        "to_seat": move.to_seat,
    }
    assert act(qtbot, served, tokens[outsider], data).status == 403
    missing = dict(data, to_seat=move.to_seat + 1)
    assert act(qtbot, served, tokens[move.to_table], missing).status == 409
    assert served.session.state.tables.pending == pending


def test_pairing_codes_work_once_and_expire(qtbot, served: Served) -> None:
    code = served.server.dealer_code(1)
    data = {"code": code.code, "name": "A"}
    assert in_thread(qtbot, lambda: post_json(served.port, "/api/dealer/pair", data)).status == 200
    assert in_thread(qtbot, lambda: post_json(served.port, "/api/dealer/pair", data)).status == 403
    fresh = served.server.dealer_code(1)
    assert fresh.code != code.code  # the console shows a new one at once
    served.clock.advance(DEALER_CODE_MS)
    late = {"code": fresh.code, "name": "B"}
    assert in_thread(qtbot, lambda: post_json(served.port, "/api/dealer/pair", late)).status == 403
    # A code of the remote's is not a table's.
    remote = served.server.new_pairing_code()
    other = {"code": remote.code, "name": "C"}
    assert in_thread(qtbot, lambda: post_json(served.port, "/api/dealer/pair", other)).status == 403


def test_dealers_phones_off_refuse_everything(qtbot, served: Served) -> None:
    token = pair_dealer(qtbot, served, 1)
    served.server.dealers_enabled = False
    assert act(qtbot, served, token, {"action": "hand_done"}).status == 403
    assert look(qtbot, served, token).status == 403
    served.server.dealers_enabled = True
    assert look(qtbot, served, token).status == 200


def test_calling_the_floor_reaches_the_console_and_its_answer_the_phone(
    qtbot, served: Served
) -> None:
    token = pair_dealer(qtbot, served, 2)
    heard = []
    served.server.floor_changed.connect(lambda: heard.append(served.server.floor.waiting()))
    done = served.session.history.done_count
    answer = act(qtbot, served, token, {"action": "call_floor"})
    assert answer.status == 200
    assert [call.table for call in heard[-1]] == [2]
    assert look(qtbot, served, token).json()["floor"]["answered_at"] is None
    assert served.server.answer_floor(2)
    assert served.server.floor.waiting() == []
    assert look(qtbot, served, token).json()["floor"]["answered_at"] == served.clock.now
    assert served.session.history.done_count == done  # nothing changed in the event


def test_an_unpaired_or_revoked_dealer_phone_is_refused(qtbot, served: Served) -> None:
    assert act(qtbot, served, None, {"action": "hand_done"}).status == 401
    assert act(qtbot, served, "x" * 43, {"action": "hand_done"}).status == 401
    token = pair_dealer(qtbot, served, 1)
    (device,) = served.server.devices.dealers(served.session.tournament_id)
    served.server.devices.revoke(device.id, served.clock.now)
    assert act(qtbot, served, token, {"action": "hand_done"}).status == 401


def test_a_phone_whose_broken_table_was_not_yet_revoked_is_told_and_stopped(
    qtbot, served: Served, monkeypatch
) -> None:
    tokens = {table: pair_dealer(qtbot, served, table) for table in (1, 2, 3)}
    # The revocation as the table breaks cannot be written now (another copy writes):
    # the phone's next request finds its table gone.
    monkeypatch.setattr(served.server.devices, "revoke_broken_tables", lambda *_args: [])
    for table in (1, 2):
        for player in seated_at(served, table)[:3]:
            act(qtbot, served, tokens[table], {"action": "bust", "player": player})
    served.session.dispatch(c.ConfirmAllMoves())
    assert 3 not in served.session.state.tables.tables
    gone = look(qtbot, served, tokens[3])
    assert gone.status == 410
    assert gone.json()["error"] == "Table 3 has broken: this phone deals for it no more."
    assert look(qtbot, served, tokens[3]).status == 410  # revoked by then, told why


def test_each_table_shows_the_blinds_its_hand_was_dealt_at(qtbot, served: Served) -> None:
    """R9: once table 1 deals at the new level, table 2 still plays its hand at the old
    blinds, and its phone says which blinds its next hand brings."""
    tokens = {table: pair_dealer(qtbot, served, table) for table in (1, 2)}
    structure = served.session.state.structure
    first, second = structure.items[0], structure.items[1]
    old, new = (
        f"{first.small_blind} / {first.big_blind}",
        f"{second.small_blind} / {second.big_blind}",
    )
    assert look(qtbot, served, tokens[2]).json()["blinds"] == {"this_hand": old, "next_hand": ""}
    served.clock.advance(first.duration_ms + 60_000)  # the level's time ran out
    served.tick()
    shown = look(qtbot, served, tokens[2]).json()["blinds"]
    assert shown == {"this_hand": old, "next_hand": f"Next hand: {new}"}
    assert act(qtbot, served, tokens[1], {"action": "hand_done"}).status == 200
    assert look(qtbot, served, tokens[1]).json()["blinds"] == {"this_hand": new, "next_hand": ""}
    shown = look(qtbot, served, tokens[2]).json()["blinds"]
    assert shown == {"this_hand": old, "next_hand": f"Next hand: {new}"}
    assert act(qtbot, served, tokens[2], {"action": "hand_done"}).status == 200
    assert look(qtbot, served, tokens[2]).json()["blinds"] == {"this_hand": new, "next_hand": ""}


def test_a_tables_code_typed_by_hand_pairs_and_what_is_not_a_code_is_refused(
    qtbot, served: Served
) -> None:
    """``serve --dealers`` says "opens ADDRESSdealer and types the code": the table's
    code typed as the console shows it (any case, spaces or dashes) pairs that table's
    phone; a wrong code is told as wrong, what is not a code at all as such; both
    count against the address like any failed attempt."""
    from tests.web.test_remote_http import NOT_CODES

    def typed(code: object, lang: str = "en"):
        data = {"code": code, "name": "Table phone"}
        return in_thread(
            qtbot, lambda: post_json(served.port, f"/api/dealer/pair?lang={lang}", data)
        )

    for table, form in ((1, str.lower), (2, lambda shown: shown.replace("-", " "))):
        code = served.server.dealer_code(table)
        assert code is not None
        answer = typed(form(code.shown))
        assert answer.status == 200, answer.body
        assert answer.json()["table"] == table
    with in_language("fr"):
        malformed = describe_error(RuleViolation("pairing_code_malformed"))
        wrong = describe_error(RuleViolation("dealer_code_wrong"))
    for code in NOT_CODES:
        served.server.limiter = type(served.server.limiter)()  # each on its own
        answer = typed(code, "fr")
        assert answer.status == 400 and answer.json()["error"] == malformed, code
    served.server.limiter = type(served.server.limiter)()
    for _ in range(10):
        answer = typed("zzzz zzzz", "fr")
        assert answer.status == 403 and answer.json()["error"] == wrong
    third = served.server.dealer_code(3)
    assert third is not None
    assert typed(third.shown).status == 429
    served.clock.advance(60_000)
    assert typed(third.shown).status == 200
    assert sorted(
        device.table for device in served.server.devices.dealers(served.session.tournament_id)
    ) == [1, 2, 3]
