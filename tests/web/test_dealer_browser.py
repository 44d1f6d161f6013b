"""A table's dealer phone in a real headless Chromium, at a phone's size: pairing with
the table's code, the table's seats with the button and the blinds, "Hand done" and
the next hand's blinds at once, a bust with its eliminator, a move and its "Done",
hand-for-hand and its wait, the call for the floor, French, "connection lost"
rather than a wrong time, and a phone that is no longer paired. Screenshots at
390x844 and 1920x1080, for a person to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from director.app.night.timesource import wall_clock
from director.app.views.display import move_text
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.players import Bust
from director.i18n import describe_error, in_language
from director.web.driver import FeedDriver
from director.web.texts import page_texts
from tests.web.browser import PHONE, TV, Browser
from tests.web.helpers import Served, serve
from tests.web.test_browser import LONG_NAME, fits, seconds

SEATS = """return [...document.querySelectorAll('#seat-list li')].map(li => ({
  seat: Number(li.dataset.seat),
  player: li.dataset.player ? Number(li.dataset.player) : null,
  marks: [...li.querySelectorAll('.mark')].map(m => m.textContent + (
    m.classList.contains('dead') ? '(dead)' : '')),
  text: li.innerText,
}))"""


@pytest.fixture
def live(qtbot, tmp_path: Path):
    """Three tables of six on the wall clock, the dealers' phones on, the feed driven
    by a timer as in ``director serve``."""
    names = {8: LONG_NAME}
    with serve(tmp_path, wall_clock, players=18, names=names) as served:
        served.server.dealers_enabled = True
        driver = FeedDriver(served.feed)
        yield served
        driver.stop()


def pair(
    browser: Browser, live: Served, table: int, *, lang: str = "en", shot: Path | None = None
) -> None:
    """Open the table's QR code's address on the phone and pair it."""
    browser.size(*PHONE, phone=True)
    code = live.server.dealer_code(table)
    assert code is not None
    url = live.server.dealer_url(code).replace(live.server.url, f"http://{live.host}/")
    assert url.endswith(f"/dealer#code={code.code}")
    browser.open(url.replace("/dealer#", f"/dealer?lang={lang}#"))
    browser.wait(lambda d: d.find_element("id", "pair").is_displayed())
    browser.wait(lambda d: d.find_element("id", "pair-name").get_attribute("value"))
    assert "code=" not in browser.script("return location.href")  # out of the address bar
    if shot is not None:  # a phone never paired before: the name offered
        named = browser.call(lambda d: d.find_element("id", "pair-name").get_attribute("value"))
        assert named == ("Table phone" if lang == "en" else "Téléphone de la table")
        assert fits(browser, PHONE[0])
        browser.shot(shot, f"dealer-phone-pair-{lang}")
    browser.type("pair-name", f"Table {table} phone")
    browser.click("pair-button")
    browser.wait_text("table-name", lambda text: text == f"Table {table}")


def seats(browser: Browser) -> list[dict[str, Any]]:
    return list(browser.script(SEATS))


def marks_of(live: Served, table: int) -> dict[int, list[str]]:
    """What the console's table drawing marks, seat by seat."""
    current = live.session.state.tables.tables[table]
    positions = current.positions
    assert positions is not None
    found: dict[int, list[str]] = {}
    for mark, seat in (
        ("D", positions.button),
        ("SB", positions.small_blind),
        ("BB", positions.big_blind),
    ):
        dead = mark != "BB" and seat not in current.seats
        found.setdefault(seat, []).append(mark + ("(dead)" if dead else ""))
    return found


def select(browser: Browser, element: str, value: object) -> None:
    from selenium.webdriver.support.ui import Select

    browser.call(lambda d: Select(d.find_element("id", element)).select_by_value(str(value)))


def seated_at(live: Served, table: int) -> list[int]:
    current = live.session.state.tables.tables[table]
    return [int(player) for _seat, player in sorted(current.seats.items())]


def test_a_dealer_pairs_the_tables_phone_and_reports_a_hand(
    qtbot, live: Served, browser: Browser, tmp_path: Path
) -> None:
    pair(browser, live, 2, shot=tmp_path)
    stored = browser.script(
        "return [localStorage.getItem('director.dealer.token'),"
        " localStorage.getItem('director.dealer.table'),"
        " localStorage.getItem('director.remote.token'), document.cookie]"
    )
    assert stored[0] and stored[1] == "2" and stored[2] is None and stored[3] == ""
    (device,) = live.server.devices.dealers(live.session.tournament_id)
    assert device.table == 2 and device.name == "Table 2 phone"
    # The table's seats, in order, with the console's marks.
    current = live.session.state.tables.tables[2]
    shown = seats(browser)
    assert [seat["seat"] for seat in shown] == sorted(seat["seat"] for seat in shown)
    assert {seat["seat"]: seat["player"] for seat in shown if seat["player"]} == {
        seat: int(player) for seat, player in current.seats.items()
    }
    assert {seat["seat"]: seat["marks"] for seat in shown if seat["marks"]} == marks_of(live, 2)
    # The level and the blinds in force, the time left within a second of the TV.
    live.feed.advance()
    level = live.feed.data.level_label.casefold()
    browser.wait_text("level", lambda text: text.casefold() == level)
    assert browser.text("blinds") == live.feed.data.blinds_text
    browser.wait(lambda d: d.find_element("id", "time").text != "--:--")
    page = seconds(browser.text("time"))
    live.feed.advance()
    assert abs(page - seconds(live.feed.data.time_text)) <= 1
    assert browser.text("hands") == "Hands played: 0"
    assert browser.text("hand-time").startswith("This hand: ")
    assert fits(browser, PHONE[0])
    browser.shot(tmp_path, "dealer-phone-en")
    # Hand done: the count moves on, and the next hand's button and blinds show at once.
    browser.click("hand-done")
    browser.wait_text("hands", lambda text: text == "Hands played: 1")
    after = live.session.state.tables.tables[2]
    assert after.hands == 1
    assert after.positions is not None and after.positions != current.positions
    big = [seat["seat"] for seat in seats(browser) if "BB" in seat["marks"]]
    assert big == [after.positions.big_blind]
    assert {seat["seat"]: seat["marks"] for seat in seats(browser) if seat["marks"]} == (
        marks_of(live, 2)
    )
    browser.wait_text("result", lambda text: text == "Done: hand done at table 2")
    hand = browser.wait_text("hand-time", lambda text: text.startswith("This hand: 00:0"))
    assert seconds(hand.removeprefix("This hand: ")) <= 3
    origin = live.session.undo_origin()
    assert origin is not None and origin.shown == "table 2 (Table 2 phone)"


def test_a_bust_with_its_eliminator_is_recorded_from_the_tables_phone(
    qtbot, live: Served, browser: Browser, tmp_path: Path
) -> None:
    pair(browser, live, 2)
    current = live.session.state.tables.tables[2]
    assert current.positions is not None
    out = int(current.seats[current.positions.button])  # the button goes out
    winner = next(player for player in seated_at(live, 2) if player != out)
    assert browser.call(lambda d: d.find_element("id", "bust-button").is_enabled()) is False
    select(browser, "bust-player", out)
    # The one out cannot have knocked himself out; the table's others can.
    offered = browser.script(
        "return [...document.getElementById('bust-eliminator').options].map(o => o.value)"
    )
    assert offered == ["", *(str(player) for player in seated_at(live, 2) if player != out)]
    select(browser, "bust-eliminator", winner)
    browser.click("bust-button")
    browser.wait(lambda d: d.find_element("id", "confirm").is_displayed())
    out_name = live.session.state.player_name(PlayerId(out))
    winner_name = live.session.state.player_name(PlayerId(winner))
    assert browser.text("confirm-text") == (
        f"{out_name} is out, knocked out by {winner_name}: record it?"
    )
    browser.shot(tmp_path, "dealer-phone-bust-confirm-en")
    assert live.session.state.busts == ()  # nothing until confirmed
    browser.click("confirm-yes")
    qtbot.waitUntil(lambda: len(live.session.state.busts) == 1, timeout=5000)
    record = live.session.state.busts[-1].busts[0]
    assert (int(record.player), int(record.eliminator)) == (out, winner)
    browser.wait_text("result", lambda text: text.startswith("Done: "))
    browser.wait(lambda d: out not in [seat["player"] for seat in d.execute_script(SEATS)])
    assert browser.script("return document.getElementById('bust-player').value") == ""
    # His seat keeps the button for this hand: a dead button, as on the console.
    marks = marks_of(live, 2)
    shown = {seat["seat"]: seat for seat in seats(browser)}
    assert {seat: row["marks"] for seat, row in shown.items() if row["marks"]} == marks
    button = next(
        seat for seat, row in shown.items() if any(m.startswith("D") for m in row["marks"])
    )
    if shown[button]["player"] is None:
        assert shown[button]["marks"][0] == "D(dead)"
        assert "dead button" in shown[button]["text"]
    assert fits(browser, PHONE[0])
    browser.shot(tmp_path, "dealer-phone-dead-button-en")


def test_a_move_from_or_to_the_table_is_shown_and_done_from_its_phone(
    qtbot, live: Served, browser: Browser, tmp_path: Path
) -> None:
    pair(browser, live, 2)
    # Two out at table 2: balancing brings a player to it.
    for player in seated_at(live, 2)[:2]:
        live.session.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(player)),)))
    pending = [m for m in live.session.state.tables.pending if 2 in (m.from_table, m.to_table)]
    assert pending, "balancing plans a move to table 2"
    move = pending[0]
    browser.wait(lambda d: d.find_element("id", "moves").is_displayed(), timeout=8)
    wanted = move_text(live.session.state, move)
    assert browser.text("move-list").splitlines()[0] == wanted
    assert fits(browser, PHONE[0])
    browser.script("document.getElementById('moves').scrollIntoView()")
    browser.shot(tmp_path, "dealer-phone-move-en")
    browser.css_click(f'#move-list li[data-player="{int(move.player)}"] button')
    qtbot.waitUntil(lambda: move not in live.session.state.tables.pending, timeout=5000)
    assert live.session.state.tables.where(PlayerId(int(move.player))) == (2, move.to_seat)
    browser.wait(lambda d: not d.find_elements("css selector", "#move-list li"))
    assert not browser.call(lambda d: d.find_element("id", "moves").is_displayed())
    browser.wait(lambda d: int(move.player) in [seat["player"] for seat in d.execute_script(SEATS)])


def test_hand_for_hand_the_phone_says_wait_until_the_other_tables_report(
    qtbot, live: Served, browser: Browser, tmp_path: Path
) -> None:
    pair(browser, live, 2)
    assert not browser.call(lambda d: d.find_element("id", "hff").is_displayed())
    live.session.dispatch(c.SetHandForHand(on=True))
    browser.wait_text("hff-text", lambda text: "play one hand" in text, timeout=8)
    assert browser.text("hff-wait") == "HAND-FOR-HAND"
    browser.click("hand-done")
    browser.wait_text("hff-wait", lambda text: text == "WAIT")
    assert browser.script("return document.body.classList.contains('waiting')")
    assert browser.text("hff-text") == "Hand-for-hand: wait. Table(s) 1, 3 still playing."
    assert browser.call(lambda d: d.find_element("id", "hand-done").is_enabled()) is False
    refused = describe_error(live.session.refusal(c.HandDone(table=2)))
    assert browser.text("hand-done-why") == refused
    assert "1, 3" in refused
    assert fits(browser, PHONE[0])
    browser.shot(tmp_path, "dealer-phone-wait-en")
    # The other tables report (from the console here): the wait ends by itself.
    live.session.dispatch(c.HandDone(table=1))
    live.session.dispatch(c.HandDone(table=3))
    browser.wait(lambda d: d.find_element("id", "hand-done").is_enabled(), timeout=8)
    assert browser.text("hff-wait") == "HAND-FOR-HAND"
    assert browser.text("hand-done-why") == ""


def test_the_dealer_calls_the_floor_and_sees_it_coming(
    qtbot, live: Served, browser: Browser, tmp_path: Path
) -> None:
    pair(browser, live, 2)
    browser.click("floor-button")
    called = browser.wait_text("floor-status", lambda text: text.startswith("Floor called at "))
    assert [call.table for call in live.server.floor.waiting()] == [2]
    hour = browser.script(
        "const t = new Date(arguments[0]);"
        "return t.toLocaleTimeString('en', {hour: '2-digit', minute: '2-digit'})",
        live.server.floor.waiting()[0].called_at,
    )
    assert called == f"Floor called at {hour}"
    browser.script("document.getElementById('floor').scrollIntoView()")
    browser.shot(tmp_path, "dealer-phone-floor-en")
    assert live.server.answer_floor(2)
    browser.wait_text("floor-status", lambda text: text == "The floor is coming", timeout=5)


def test_the_dealers_phone_in_french_and_on_a_big_screen(
    qtbot, live: Served, browser: Browser, tmp_path: Path
) -> None:
    pair(browser, live, 2)
    browser.css_click('#languages button[data-lang="fr"]')
    browser.wait_text("hand-done", lambda text: text == "MAIN TERMINÉE")
    browser.wait_text("level", lambda text: text.casefold() == "niveau 1")
    assert browser.script("return document.documentElement.lang") == "fr"
    assert browser.text("hands") == "Mains jouées : 0"
    assert browser.text("bust-title") == "UN JOUEUR EST ÉLIMINÉ"
    assert browser.text("floor-button") == "Appeler le directeur"
    live.session.dispatch(c.SetHandForHand(on=True))
    browser.wait_text("hff-text", lambda text: text.startswith("Main par main"), timeout=8)
    browser.click("hand-done")
    browser.wait_text("hff-wait", lambda text: text == "ATTENDEZ")
    assert browser.text("result") == "Fait : main finie à la table 2"
    assert fits(browser, PHONE[0])
    browser.shot(tmp_path, "dealer-phone-fr")
    browser.size(*TV)
    browser.wait(lambda d: d.execute_script("return innerWidth") == TV[0])
    assert fits(browser, TV[0])
    browser.shot(tmp_path, "dealer-tv-fr")


def test_a_dealer_types_the_tables_code_on_the_page_opened_without_it(
    qtbot, live: Served, browser: Browser
) -> None:
    """``serve --dealers`` says "opens ADDRESSdealer and types the code": a phone that
    cannot read the table's QR code pairs with the code typed (issue 37); a wrong
    code is said so, under the field kept for the code typed again."""
    browser.size(*PHONE, phone=True)
    browser.open(f"http://{live.host}/dealer?lang=en")
    browser.wait(lambda d: d.find_element("id", "pair-code").is_displayed())
    browser.wait_text("pair-code-label", lambda text: text == "The table's code")
    assert browser.text("unpaired-text") == (
        "Scan your table's code on the console, or type it below, to make this phone "
        "the table's dealer phone."
    )
    browser.click("pair-button")  # nothing typed
    browser.wait_text("pair-result", lambda text: text == "Type the code the console shows.")
    browser.type("pair-code", "ZZZZ ZZZZ")
    browser.click("pair-button")
    wrong = describe_error(RuleViolation("dealer_code_wrong"))
    browser.wait_text("pair-result", lambda text: text == wrong)
    browser.type("pair-code", "table 3")
    browser.click("pair-button")
    browser.wait_text("pair-result", lambda text: text.startswith("That is not a code"))
    assert live.server.devices.dealers(live.session.tournament_id) == []
    code = live.server.dealer_code(3)
    assert code is not None
    browser.type("pair-name", "Table 3 phone")
    browser.type("pair-code", code.shown.lower() + "\n")
    browser.wait_text("table-name", lambda text: text == "Table 3")
    assert not browser.call(lambda d: d.find_element("id", "pair").is_displayed())
    (device,) = live.server.devices.dealers(live.session.tournament_id)
    assert device.table == 3 and device.name == "Table 3 phone"
    browser.click("hand-done")
    browser.wait_text("hands", lambda text: text == "Hands played: 1")
    assert live.session.state.tables.tables[3].hands == 1
    # Then another table's QR code that works no more: back to table 3, told why.
    used = live.server.dealer_code(1)
    assert used is not None
    live.server.dealer_codes.redeem(used.code, live.clock())
    browser.open(f"http://{live.host}/dealer?lang=en#code={used.code}")
    browser.wait(lambda d: d.find_element("id", "pair-code").get_attribute("value") == used.shown)
    browser.click("pair-button")
    browser.wait_text("result", lambda text: text.startswith("That table's code"))
    browser.wait_text("table-name", lambda text: text == "Table 3")
    assert not browser.call(lambda d: d.find_element("id", "pair").is_displayed())


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_tables_code_field_at_phone_and_tv_sizes(
    qtbot, live: Served, browser: Browser, tmp_path: Path, language: str
) -> None:
    with in_language(language):
        texts = page_texts()
        wrong = describe_error(RuleViolation("dealer_code_wrong"))
    for size, phone in ((PHONE, True), (TV, False)):
        browser.size(*size, phone=phone)
        browser.open(f"http://{live.host}/dealer?lang={language}")
        browser.wait_text("pair-code-label", lambda text: text == texts["dealer_code"])
        assert browser.text("unpaired-text") == texts["dealer_scan"]
        browser.type("pair-code", "ZZZZ-ZZZZ")
        browser.click("pair-button")
        browser.wait_text("pair-result", lambda text: text == wrong)
        assert fits(browser, size[0])
        browser.shot(tmp_path, f"dealer-code-{'phone' if phone else 'tv'}-{language}")
    live.server.limiter = type(live.server.limiter)()


def test_connection_lost_rather_than_a_wrong_time(qtbot, live: Served, browser: Browser) -> None:
    pair(browser, live, 2)
    browser.wait(lambda d: d.find_element("id", "time").text != "--:--")
    live.server.channel.beat.stop()
    live.server.front.tcp.pauseAccepting()
    browser.wait_text("status", lambda text: "Connection lost" in text, timeout=8)
    assert browser.text("time") == "--:--"
    assert browser.text("hand-time") == "This hand: --:--"
    live.server.channel.beat.start()
    live.server.front.tcp.resumeAccepting()
    browser.wait(lambda d: d.find_element("id", "status").text == "", timeout=10)
    assert browser.text("time") != "--:--"


def test_a_phone_no_longer_paired_says_so_and_asks_for_the_code_again(
    qtbot, live: Served, browser: Browser, tmp_path: Path
) -> None:
    pair(browser, live, 2)
    # The dealers' phones turned off on the console: said, then back when turned on.
    live.server.dealers_enabled = False
    browser.wait_text("page-error", lambda text: text.startswith("Dealers' phones are off"), 8)
    assert not browser.call(lambda d: d.find_element("id", "dealer").is_displayed())
    live.server.dealers_enabled = True
    browser.wait(lambda d: d.find_element("id", "dealer").is_displayed(), timeout=8)
    # Revoked on the console: the next report is refused, the token forgotten.
    (device,) = live.server.devices.dealers(live.session.tournament_id)
    live.server.devices.revoke(device.id, live.clock())
    browser.click("hand-done")
    browser.wait(lambda d: d.find_element("id", "unpaired").is_displayed())
    assert browser.text("unpaired-error").startswith("This phone is not a dealer's phone")
    assert browser.text("unpaired-text") == (
        "To report a table's hands, scan its code on the console or type it below."
    )
    assert browser.script("return localStorage.getItem('director.dealer.token')") is None
    assert live.session.state.tables.tables[2].hands == 0
    browser.shot(tmp_path, "dealer-phone-unpaired-en")
    # Paired again, then forgotten from the phone itself.
    pair(browser, live, 2)
    browser.click("forget")
    browser.wait(lambda d: d.find_element("id", "confirm").is_displayed())
    browser.click("confirm-yes")
    browser.wait(lambda d: d.find_element("id", "unpaired").is_displayed())
    assert browser.text("unpaired-text").startswith("Scan your table's code")
    qtbot.waitUntil(lambda: live.server.devices.dealers(live.session.tournament_id) == [])
    # A used code is refused with the server's words.
    used = live.server.dealer_code(2)
    assert used is not None
    live.server.dealer_codes.redeem(used.code, live.clock())
    browser.open(f"http://{live.host}/dealer?lang=en#code={used.code}")
    browser.wait(lambda d: d.find_element("id", "pair").is_displayed())
    browser.click("pair-button")
    browser.wait_text("pair-result", lambda text: text.startswith("That table's code"))
    assert browser.call(lambda d: d.find_element("id", "pair-code").is_displayed())


def test_the_phone_of_a_table_that_breaks_sends_its_players_then_stops(
    qtbot, live: Served, browser: Browser, tmp_path: Path
) -> None:
    pair(browser, live, 3)
    # Six out at tables 1 and 2: twelve fit at two tables, table 3 breaks.
    for table in (1, 2):
        for player in seated_at(live, table)[:3]:
            live.session.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(player)),)))
    moves = [m for m in live.session.state.tables.pending if m.from_table == 3]
    assert len(moves) == 6
    browser.wait(lambda d: len(d.find_elements("css selector", "#move-list li")) == 6, 8)
    assert fits(browser, PHONE[0])
    browser.shot(tmp_path, "dealer-phone-breaking-en")
    for move in moves[:-1]:
        browser.css_click(f'#move-list li[data-player="{int(move.player)}"] button')
        qtbot.waitUntil(lambda m=move: m not in live.session.state.tables.pending, timeout=5000)
        browser.wait(
            lambda d, m=move: (
                not d.find_elements("css selector", f'#move-list li[data-player="{int(m.player)}"]')
            )
        )
    browser.css_click(f'#move-list li[data-player="{int(moves[-1].player)}"] button')
    qtbot.waitUntil(lambda: 3 not in live.session.state.tables.tables, timeout=5000)
    # The table is gone: its phone says so, forgets its token, and asks for a code.
    browser.wait(lambda d: d.find_element("id", "unpaired").is_displayed(), timeout=8)
    assert browser.text("unpaired-error")
    assert browser.text("unpaired-text") == (
        "To report a table's hands, scan its code on the console or type it below."
    )
    assert browser.script("return localStorage.getItem('director.dealer.token')") is None
    assert live.server.devices.dealers(live.session.tournament_id) == []
    browser.shot(tmp_path, "dealer-phone-table-broke-en")
