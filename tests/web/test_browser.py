"""The page in a real headless Chromium: the right level and time, counting down by
itself within a second of the TV, following the console within a second, switching
language, saying "connection lost" rather than a wrong time and coming back (from a
network gone quiet, a server gone, a phone asleep), the player lookup, the room's
message line, and pairing the organizer's phone then pausing the clock from it.
The TV layout is exactly the screen (the side column turning its pages), the time
one line at any shape of screen. Screenshots at phone and TV sizes, in English and
French, with 60 players and a long name, and with the demo's side column, for a
person to look at."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer

from director.app.night.demo import create_demo
from director.app.night.session import TournamentSession
from director.app.night.timesource import wall_clock
from director.app.storage.library import Library
from director.app.views.display import DisplayData, MoveRow, NoteRow
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.money import MoneySettings
from director.core.players import Bust
from director.core.structure import Level, Structure
from director.i18n import describe_error, in_language
from director.persistence.db import Database
from director.web.driver import FeedDriver
from director.web.server import Limits
from director.web.texts import page_texts
from tests.web.browser import PHONE, TV, Browser
from tests.web.helpers import HOST, serve

LONG_NAME = "Maximilian-Alexander von Hohenzollern-Sigmaringen der Dritte"
TV_SIZES = (TV, (1366, 768), (1280, 1024))
"""A 16:9 TV, a 16:9 laptop, a 5:4 monitor."""
MESSAGE = "Dinner is served in the kitchen at nine: the clock pauses for twenty minutes"


@pytest.fixture
def live(qtbot, tmp_path: Path):
    """The night on the wall clock, its feed driven by a timer as in ``director serve``."""
    with serve(tmp_path, wall_clock) as served:
        driver = FeedDriver(served.feed)
        yield served
        driver.stop()


def seconds(text: str) -> int:
    parts = [int(part) for part in text.strip().lstrip("+").split(":")]
    total = 0
    for part in parts:
        total = total * 60 + part
    return total


def test_the_page_shows_the_clock_and_counts_down_with_the_tv(qtbot, live, browser) -> None:
    browser.size(*PHONE, phone=True)
    browser.open(f"http://{live.host}/?lang=en")
    browser.wait_text("level", lambda text: text.casefold() == "level 1")
    assert browser.text("blinds") == live.feed.data.blinds_text
    first = seconds(browser.text("time"))
    qtbot.wait(2300)
    page = seconds(browser.text("time"))
    live.feed.advance()
    tv = seconds(live.feed.data.time_text)
    assert 1 <= first - page <= 3  # it counted down by itself
    assert abs(page - tv) <= 1  # within a second of the TV


def test_the_page_follows_the_console_within_a_second(qtbot, live, browser) -> None:
    browser.size(*TV)
    browser.open(f"http://{live.host}/?lang=en")
    browser.wait_text("level", lambda text: text.casefold() == "level 1")
    started = time.monotonic()
    live.session.dispatch(c.NextLevel())
    browser.wait_text("level", lambda text: text.casefold() == "level 2", timeout=1.0)
    assert time.monotonic() - started < 1.0
    assert browser.text("blinds") == live.feed.data.blinds_text
    live.session.dispatch(c.PauseClock())
    browser.wait(lambda d: d.find_element("id", "paused").is_displayed(), timeout=1.0)
    paused = browser.text("time")
    qtbot.wait(1500)
    assert browser.text("time") == paused == live.feed.data.time_text


def test_the_viewer_chooses_english_or_french(qtbot, live, browser) -> None:
    browser.size(*PHONE, phone=True)
    browser.open(f"http://{live.host}/?lang=en")
    browser.wait_text("level", lambda text: text.casefold() == "level 1")
    browser.css_click('#languages button[data-lang="fr"]')
    browser.wait_text("level", lambda text: text.casefold() == "niveau 1")
    browser.wait_text("find-title", lambda text: text.casefold() == "trouver ma place")
    assert browser.script("return document.documentElement.lang") == "fr"
    # Remembered on this phone: the next visit is in French.
    browser.open(f"http://{live.host}/")
    browser.wait_text("level", lambda text: text.casefold() == "niveau 1")


def test_connection_lost_rather_than_a_wrong_time_and_back(qtbot, live, browser) -> None:
    browser.size(*PHONE, phone=True)
    browser.open(f"http://{live.host}/?lang=en")
    browser.wait_text("level", lambda text: text.casefold() == "level 1")
    # Silence (a Wi-Fi gone quiet): no heartbeat, and no new connection gets through.
    live.server.channel.beat.stop()
    live.server.front.tcp.pauseAccepting()
    browser.wait_text("status", lambda text: "Connection lost" in text, timeout=8)
    assert browser.text("time") == "--:--"
    qtbot.wait(1000)
    assert browser.text("time") == "--:--"  # still: never a time it cannot vouch for
    live.server.channel.beat.start()
    live.server.front.tcp.resumeAccepting()
    browser.wait(lambda d: d.find_element("id", "status").text == "", timeout=10)
    assert browser.text("time") != "--:--"
    # The server itself gone: lost at once; back by itself when it returns.
    port = live.port
    live.server.stop()
    browser.wait_text("status", lambda text: "Connection lost" in text, timeout=3)
    assert browser.text("time") == "--:--"
    live.session.dispatch(c.NextLevel())  # meanwhile, on the console
    qtbot.wait(1500)
    live.server.start(HOST, port)
    browser.wait_text("level", lambda text: text.casefold() == "level 2", timeout=15)
    browser.wait(lambda d: d.find_element("id", "status").text == "", timeout=5)
    page = seconds(browser.text("time"))
    live.feed.advance()
    assert abs(page - seconds(live.feed.data.time_text)) <= 1


def test_a_player_finds_his_seat_then_his_place(qtbot, live, browser) -> None:
    browser.size(*PHONE, phone=True)
    browser.open(f"http://{live.host}/?lang=en")
    browser.wait_text("level", lambda text: text.casefold() == "level 1")
    browser.type("find-name", "ayer 1")  # any part of the name
    browser.wait(lambda d: len(d.find_elements("css selector", "#find-list button")) == 4)
    names = browser.script(
        "return [...document.querySelectorAll('#find-list button')].map(b => b.textContent)"
    )
    assert sorted(names) == ["Player 1", "Player 10", "Player 11", "Player 12"]
    table, seat = live.session.state.tables.seated()[PlayerId(7)]
    browser.type("find-name", "Player 7")
    found = browser.wait_text("find-result", lambda text: "Player 7" in text)
    assert found == f"Player 7 · Table {table} · Seat {seat}"
    live.session.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(7)),)))
    browser.type("find-name", " ", clear=False)  # typing again asks again
    browser.wait_text("find-result", lambda text: text == "Player 7 · Out in place 12")


def test_the_organizer_pairs_his_phone_and_pauses_the_clock_from_it(
    qtbot, live, browser, tmp_path: Path
) -> None:
    browser.size(*PHONE, phone=True)
    code = live.server.new_pairing_code()
    browser.open(f"http://{live.host}/?lang=en#pair={code.code}")
    browser.wait(lambda d: d.find_element("id", "pair").is_displayed())
    assert "pair=" not in browser.script("return location.href")  # out of the address bar
    browser.type("pair-name", "Ann's phone")
    browser.click("pair-button")
    browser.wait(lambda d: d.find_element("id", "remote").is_displayed())
    assert browser.text("remote-device") == "Paired as Ann's phone."
    assert browser.script("return localStorage.getItem('director.remote.token')")
    assert browser.script("return document.cookie") == ""
    browser.wait_text("r-toggle", lambda text: text.casefold() == "pause")
    browser.script("document.getElementById('remote').scrollIntoView()")
    browser.shot(tmp_path, "phone-remote-en")
    previous = browser.call(
        lambda d: d.find_element("css selector", '[data-action="previous_level"]')
    )
    assert previous is not None
    refused = describe_error(live.session.refusal(c.PreviousLevel()))
    assert browser.script(
        "const b = document.querySelector('[data-action=\"previous_level\"]');"
        "return [b.disabled, b.parentElement.querySelector('.why').textContent]"
    ) == [True, refused]
    browser.click("r-toggle")
    qtbot.waitUntil(lambda: not live.session.state.clock.running, timeout=5000)
    origin = live.session.undo_origin()
    assert origin is not None and origin.name == "Ann's phone"
    browser.wait_text("r-toggle", lambda text: text.casefold() == "resume")
    browser.wait(lambda d: d.find_element("id", "paused").is_displayed())
    browser.wait_text("r-result", lambda text: text == "Done: pause the clock")
    # Revoked from the console: the phone is told at its next request.
    live.server.devices.revoke(origin.device, live.clock())
    browser.click("r-toggle")
    browser.wait(lambda d: not d.find_element("id", "remote").is_displayed())
    assert not live.session.state.clock.running


def test_the_organizer_types_the_code_on_the_page_opened_without_it(
    qtbot, live, browser, tmp_path: Path
) -> None:
    """The share dialog and ``serve --pair`` say "open ADDRESS and type the code": a
    phone whose camera cannot read the QR code pairs with the code typed, as the
    console shows it (issue 37); a wrong code, or no code at all, is said so."""
    browser.size(*PHONE, phone=True)
    code = live.server.new_pairing_code()
    browser.open(f"http://{live.host}/?lang=en")
    browser.wait(lambda d: d.find_element("id", "pair-code").is_displayed())
    browser.wait_text("pair-code-label", lambda text: text == "Pairing code")
    field = browser.script(FIELD, "pair-code")
    assert field == {
        "autocapitalize": "characters",
        "autocomplete": "one-time-code",
        "spellcheck": "false",
        "maxlength": "32",
        "value": "",
    }
    assert not browser.call(lambda d: d.find_element("id", "remote").is_displayed())
    browser.click("pair-button")  # nothing typed
    browser.wait_text("pair-result", lambda text: text == "Type the code the console shows.")
    browser.type("pair-code", "ZZZZ-ZZZZ")
    browser.click("pair-button")
    wrong = describe_error(RuleViolation("pairing_code_wrong"))
    browser.wait_text("pair-result", lambda text: text == wrong)
    browser.type("pair-code", "12")
    browser.click("pair-button")
    browser.wait_text("pair-result", lambda text: text.startswith("That is not a code"))
    assert live.server.devices.listed() == []
    assert browser.call(lambda d: d.find_element("id", "pair").is_displayed())
    # The right one, typed in small letters with a space, then Enter.
    browser.type("pair-name", "Ann's phone")
    browser.type("pair-code", code.shown.lower().replace("-", " ") + "\n")
    browser.wait(lambda d: d.find_element("id", "remote").is_displayed())
    assert browser.text("remote-device") == "Paired as Ann's phone."
    assert not browser.call(lambda d: d.find_element("id", "pair").is_displayed())
    browser.wait_text("r-toggle", lambda text: text.casefold() == "pause")
    browser.click("r-toggle")
    qtbot.waitUntil(lambda: not live.session.state.clock.running, timeout=5000)
    origin = live.session.undo_origin()
    assert origin is not None and origin.name == "Ann's phone"
    # Forgotten on the phone: the field is back, empty, for the next code.
    browser.click("r-unpair")
    browser.wait(lambda d: d.find_element("id", "pair-code").is_displayed())
    assert browser.script(FIELD, "pair-code")["value"] == ""


LABEL = "return document.getElementById('pair-code-label').textContent"
FIELD = """
const found = document.getElementById(arguments[0]);
const names = ["autocapitalize", "autocomplete", "spellcheck", "maxlength"];
const made = Object.fromEntries(names.map((name) => [name, found.getAttribute(name)]));
made.value = found.value;
return made;
"""


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_pairing_field_at_phone_and_tv_sizes(
    qtbot, live, browser, tmp_path: Path, language: str
) -> None:
    """The field for the code, in the page's language: on a phone at the foot of the
    page; on a TV's browser below the TV's screen (which stays exactly the window),
    opened from the bar's button. Either pairs with the code typed."""
    with in_language(language):
        texts = page_texts()
        wrong = describe_error(RuleViolation("pairing_code_wrong"))
    for size, phone in ((PHONE, True), (TV, False)):
        kind = "phone" if phone else "tv"
        browser.size(*size, phone=phone)
        browser.open(f"http://{live.host}/?lang={language}")
        browser.wait(lambda d: d.execute_script(LABEL) == texts["pair_code"])  # shown or not
        browser.wait(lambda d: d.find_element("id", "level").text)
        if phone:
            assert not browser.call(lambda d: d.find_element("id", "pair-open").is_displayed())
            assert browser.call(lambda d: d.find_element("id", "pair").is_displayed())
        else:
            browser.wait_text("pair-open", lambda text: text == texts["pair_open"])
            assert not browser.call(lambda d: d.find_element("id", "pair").is_displayed())
            assert fits(browser, *size) and cut(browser) == []  # the TV's screen, whole
            browser.shot(tmp_path, f"pair-open-{kind}-{language}")
            browser.click("pair-open")
            browser.wait(lambda d: d.find_element("id", "pair-code").is_displayed())
            assert browser.script("return document.activeElement.id") == "pair-code"
        assert browser.text("pair-title").casefold() == texts["pair_title"].casefold()
        assert browser.text("pair-hint") == texts["pair_hint"]
        browser.type("pair-code", "ZZZZ-ZZZZ")
        browser.click("pair-button")
        browser.wait_text("pair-result", lambda text: text == wrong)
        browser.script("document.getElementById('pair').scrollIntoView({block: 'end'})")
        assert fits(browser, size[0])
        top, bottom = browser.script(PLACES, "pair", "screen")
        assert top >= bottom - 1  # the clock's screen first, whole
        browser.shot(tmp_path, f"pair-code-{kind}-{language}")
        code = live.server.new_pairing_code()
        browser.type("pair-code", code.shown + "\n")
        browser.wait(lambda d: d.find_element("id", "remote").is_displayed())
        assert not browser.call(lambda d: d.find_element("id", "pair").is_displayed())
        assert not browser.call(lambda d: d.find_element("id", "pair-open").is_displayed())
        browser.click("r-unpair")
        browser.wait(lambda d: not d.find_element("id", "remote").is_displayed())
    qtbot.waitUntil(lambda: live.server.devices.listed() == [], timeout=5000)


def test_a_paired_screen_held_wide_has_the_tv_screen_first_then_the_remote(
    qtbot, live, browser, tmp_path: Path
) -> None:
    """A laptop or a tablet held wide, paired: the TV's screen is the window, the
    organizer's buttons below it (only that page scrolls)."""
    browser.size(1366, 768)
    code = live.server.new_pairing_code()
    browser.open(f"http://{live.host}/?lang=en#pair={code.code}")
    browser.wait(lambda d: d.find_element("id", "pair").is_displayed())
    top, bottom = browser.script(PLACES, "pair", "screen")
    assert top >= bottom - 1
    browser.click("pair-button")
    browser.wait(lambda d: d.find_element("id", "remote").is_displayed())
    browser.wait_text("r-toggle", lambda text: text.casefold() == "pause")
    top, bottom = browser.script(PLACES, "remote", "screen")
    assert top >= bottom - 1 and bottom <= 768 + 1
    browser.shot(tmp_path, "tv-paired-1366x768-en")


PLACES = """
const below = document.getElementById(arguments[0]).getBoundingClientRect();
const above = document.getElementById(arguments[1]).getBoundingClientRect();
return [below.top, above.bottom];
"""


@pytest.mark.parametrize("language", ["en", "fr"])
def test_screenshots_at_phone_and_tv_sizes_with_60_players(
    qtbot, tmp_path: Path, browser, language: str
) -> None:
    names = {1: LONG_NAME, 2: "Zoë Łucja Nowak-Kowalska"}
    with serve(tmp_path, wall_clock, players=60, names=names, name=LONG_NAME) as served:
        driver = FeedDriver(served.feed)
        try:
            for size, phone in ((PHONE, True), (TV, False)):
                browser.size(*size, phone=phone)
                browser.open(f"http://{served.host}/?lang={language}")
                browser.wait(lambda d: d.find_element("id", "level").text)
                browser.wait(lambda d: d.find_elements("css selector", "#side .section"))
                kind = "phone" if phone else "tv"
                browser.shot(tmp_path, f"{kind}-{language}")
                assert fits(browser, size[0])
                if not phone:
                    assert cut(browser) == []
                served.feed.show_seats(True)
                browser.wait(lambda d: d.find_element("id", "seats").is_displayed())
                rows = browser.script("return document.querySelectorAll('#seat-list li').length")
                assert rows == 60
                browser.shot(tmp_path, f"{kind}-seats-{language}")
                assert fits(browser, size[0])
                if not phone:
                    assert cut(browser) == []
                served.feed.show_seats(False)
        finally:
            driver.stop()


def demo_night(database: Database, clock: Any) -> TournamentSession:
    """The demo (a progressive knockout with a guarantee, played with a chip set: the
    payouts, bounties, figures and chips in play on the side), with table moves
    waiting and a message for the room."""
    session = create_demo(database, clock=clock)
    seated = session.state.tables.seated()
    first = min(table for table, _seat in seated.values())
    for player in [player for player, (table, _seat) in seated.items() if table == first][:5]:
        session.dispatch(c.BustPlayers(busts=(Bust(player=player),)))
    session.dispatch(c.SetRoomMessage(text=MESSAGE))
    return session


def marathon(database: Database, clock: Any) -> TournamentSession:
    """Eight players, a first level of two hours (H:MM:SS), then one of twenty minutes."""
    session = Library(database, clock=clock).create("Marathon")
    levels = (
        Level(small_blind=100, big_blind=200, seconds=2 * 3600),
        Level(small_blind=200, big_blind=400, seconds=20 * 60),
    )
    session.dispatch(c.SetStructure(structure=Structure(items=levels)))
    session.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)))
    for number in range(1, 9):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=f"Player {number}"))
    session.dispatch(c.DrawSeats())
    session.dispatch(c.StartClock())
    return session


def side_texts(data: DisplayData) -> list[str]:
    """The side column's lines as the page writes them, in order."""
    texts: list[str] = []
    for section in data.sections:
        for row in section.rows:
            if isinstance(row, MoveRow):
                texts += [row.name, f"→ {row.destination}"]
            elif isinstance(row, NoteRow):
                texts.append(f"→ {row.text}")
            else:
                texts.append(row.text)
    return texts


def test_the_tv_layout_is_the_screen_whatever_the_side_column_holds(
    qtbot, tmp_path: Path, browser
) -> None:
    """A TV browser cannot easily scroll: at 16:9 and 5:4 the whole page is the window,
    nothing cut, and the side column (moves, payouts, bounties, figures, chips) is
    cut into pages that each fit, together every line once, in order."""
    with serve(tmp_path, wall_clock, make=demo_night) as served:
        driver = FeedDriver(served.feed)
        try:
            for language in ("en", "fr"):
                data = served.feed.data_in(language)
                kinds = [section.kind.value for section in data.sections]
                assert kinds == ["moves", "payouts", "bounties", "figures", "chips"]
                for width, height in TV_SIZES:
                    browser.size(width, height)
                    browser.open(f"http://{served.host}/?lang={language}")
                    browser.wait_text("message", lambda text: text == MESSAGE)
                    browser.wait(lambda d: d.find_elements("css selector", "#side .page"))
                    assert not browser.call(lambda d: d.find_element("id", "find").is_displayed())
                    count = browser.script("return document.querySelectorAll('#side .page').length")
                    assert count > 1  # the demo's side column is longer than any of these screens
                    lines: list[str] = []
                    for number in range(count):
                        lines += browser.script(SHOW_PAGE, number)
                        browser.shot(tmp_path, f"tv-demo-{width}x{height}-{language}-{number + 1}")
                        assert fits(browser, width, height)
                        assert cut(browser) == []
                    assert lines == side_texts(served.feed.data_in(language))
        finally:
            driver.stop()


def test_the_time_is_one_line_whatever_the_shape_of_the_screen(
    qtbot, tmp_path: Path, browser
) -> None:
    """MM:SS and H:MM:SS on a 5:4 and a 4:3 screen (where the clock's column is
    narrower than its height), a 16:9 TV and a phone: never broken over two lines,
    never wider than its column."""
    with serve(tmp_path, wall_clock, make=marathon) as served:
        driver = FeedDriver(served.feed)
        try:
            for level, digits in ((1, 5), (2, 4)):
                for size in ((1280, 1024), (1024, 768), TV, PHONE):
                    browser.size(*size, phone=size == PHONE)
                    browser.open(f"http://{served.host}/?lang=en")
                    wanted = f"level {level}"
                    browser.wait_text("level", lambda text, w=wanted: text.casefold() == w)
                    browser.wait_text("time", lambda text: text != "--:--")
                    line = browser.script(TIME_LINE)
                    assert sum(ch.isdigit() for ch in line["text"]) == digits, line
                    assert line["height"] <= line["font"] * 1.05 * 1.3, (size, line)
                    assert line["wide"] <= line["room"] + 1, (size, line)
                    assert line["right"] <= size[0], (size, line)
                    if size != PHONE:
                        assert cut(browser) == []
                    if size == (1280, 1024):
                        browser.shot(tmp_path, f"tv-time-{digits}-1280x1024")
                if level == 1:
                    served.session.dispatch(c.NextLevel())
        finally:
            driver.stop()


def test_the_room_message_line_on_phones_and_tvs(qtbot, live, browser) -> None:
    for size, phone in ((PHONE, True), (TV, False)):
        browser.size(*size, phone=phone)
        browser.open(f"http://{live.host}/?lang=en")
        browser.wait_text("level", lambda text: text.casefold() == "level 1")
        assert not browser.call(lambda d: d.find_element("id", "message").is_displayed())
        live.session.dispatch(c.SetRoomMessage(text=MESSAGE))
        browser.wait_text("message", lambda text: text == MESSAGE, timeout=2)
        assert fits(browser, size[0], None if phone else size[1])
        if not phone:
            assert cut(browser) == []
        live.session.dispatch(c.SetRoomMessage(text=""))
        browser.wait(lambda d: not d.find_element("id", "message").is_displayed(), timeout=2)


def test_a_phone_that_slept_says_connection_lost_then_catches_up(
    qtbot, tmp_path: Path, browser
) -> None:
    """The page's thread stopped for 3.4 s, as on a phone asleep: no timer runs, and
    the socket stays open (what arrives meanwhile waits). Only the page's own timer
    can tell: with a heartbeat every half second it has heard from the server well
    within the 5 s that mean a silent network. On waking it says "connection lost",
    connects again and shows the level the console went to meanwhile, within a
    second of the TV."""
    with serve(tmp_path, wall_clock, limits=Limits(heartbeat_ms=500)) as served:
        driver = FeedDriver(served.feed)
        try:
            browser.size(*PHONE, phone=True)
            browser.open(f"http://{served.host}/?lang=en")
            browser.wait_text("level", lambda text: text.casefold() == "level 1")
            browser.wait(lambda d: d.find_element("id", "status").text == "")
            browser.script(WATCH_STATUS)
            QTimer.singleShot(300, lambda: served.session.dispatch(c.NextLevel()))
            browser.script(ASLEEP, 3400)
            browser.wait_text("level", lambda text: text.casefold() == "level 2", timeout=5)
            browser.wait(lambda d: d.find_element("id", "status").text == "", timeout=5)
            statuses, sockets = browser.script("return [window.seenStatus, window.socketsMade]")
            assert "Connection lost: reconnecting…" in statuses
            assert sockets == 1
            page = seconds(browser.text("time"))
            served.feed.advance()
            assert abs(page - seconds(served.feed.data.time_text)) <= 1
        finally:
            driver.stop()


ASLEEP = "const end = Date.now() + arguments[0]; while (Date.now() < end) { /* asleep */ }"
"""Hold the page's only thread for ``ms``: no timer of the page runs meanwhile."""

WATCH_STATUS = """
window.seenStatus = [];
window.socketsMade = 0;
const status = document.getElementById('status');
new MutationObserver(() => window.seenStatus.push(status.textContent))
  .observe(status, {childList: true, characterData: true, subtree: true});
const Real = window.WebSocket;
window.WebSocket = function (...args) { window.socketsMade += 1; return new Real(...args); };
window.WebSocket.OPEN = Real.OPEN;
"""
"""Note what the status says, and each connection the page opens."""

SHOW_PAGE = """
const pages = [...document.querySelectorAll('#side .page')];
pages.forEach((page, index) => { page.hidden = index !== arguments[0]; });
return [...pages[arguments[0]].querySelectorAll('li')].map((item) => item.textContent);
"""
"""Show the side column's page number ``n`` (from 0); its lines."""

TIME_LINE = """
const time = document.getElementById('time');
const box = time.getBoundingClientRect();
return {text: time.textContent, height: box.height, right: box.right,
        font: parseFloat(getComputedStyle(time).fontSize),
        wide: time.scrollWidth, room: time.clientWidth};
"""

CUT = """
const found = [];
const page = document.documentElement;
if (page.scrollHeight > innerHeight + 1) found.push('the page is ' + page.scrollHeight + ' px');
const within = (element, box) => {
  const own = element.getBoundingClientRect();
  return own.top >= box.top - 1 && own.bottom <= box.bottom + 1
    && own.left >= box.left - 1 && own.right <= box.right + 1;
};
const screen = {top: 0, left: 0, bottom: innerHeight, right: innerWidth};
for (const holder of document.querySelectorAll('#clock, #message, #stats, #side, #seats')) {
  if (holder.offsetParent === null) continue;
  if (!within(holder, screen)) found.push('#' + holder.id + ' goes off the screen');
  const box = holder.getBoundingClientRect();
  for (const element of holder.querySelectorAll('*')) {
    if (element.offsetParent === null || !element.textContent.trim()) continue;
    const what = '#' + holder.id + ' ' + element.textContent.slice(0, 40);
    if (!within(element, box)) found.push(what + ': cut off');
    const line = getComputedStyle(element).whiteSpace === 'nowrap';
    if (line && element.scrollWidth > element.clientWidth + 1) found.push(what + ': too wide');
  }
}
return found;
"""


def cut(browser: Browser) -> list[str]:
    """On a TV-sized screen: what is off the window or cut off by its box (the page
    must not scroll: a TV browser cannot easily)."""
    return list(browser.script(CUT))


def fits(browser: Browser, width: int, height: int | None = None) -> bool:
    """Nothing wider than the screen: no sideways scrolling, every name inside it;
    with ``height`` (a TV), nothing below it either."""
    widest = browser.script(
        "return Math.max(document.documentElement.scrollWidth,"
        " ...[...document.querySelectorAll('body *')].map(e => e.getBoundingClientRect().right))"
    )
    if height is not None:
        lowest = browser.script(
            "return Math.max(document.documentElement.scrollHeight,"
            " ...[...document.querySelectorAll('body *')]"
            ".filter(e => e.offsetParent !== null).map(e => e.getBoundingClientRect().bottom))"
        )
        if lowest > height + 1:
            return False
    return bool(widest <= width + 1)
