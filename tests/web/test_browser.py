"""The page in a real headless Chromium: the right level and time, counting down by
itself within a second of the TV, following the console within a second, switching
language, saying "connection lost" rather than a wrong time and coming back, the
player lookup, and pairing the organizer's phone then pausing the clock from it.
Screenshots at phone and TV sizes, in English and French, with 60 players and a
long name, for a person to look at."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from director.app.timesource import wall_clock
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.players import Bust
from director.i18n import describe_error
from director.web.driver import FeedDriver
from tests.web.browser import PHONE, TV, Browser, start_chromium, stop_chromium
from tests.web.helpers import HOST, serve

LONG_NAME = "Maximilian-Alexander von Hohenzollern-Sigmaringen der Dritte"


@pytest.fixture(scope="module")
def chromium():
    driver = start_chromium()
    yield driver
    stop_chromium(driver)


@pytest.fixture
def browser(qtbot, chromium):
    made = Browser(qtbot, chromium)
    yield made
    errors = made.errors()
    made.call(lambda d: d.get("about:blank"))  # the page's socket closes with it
    assert errors == []


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
    live.server._beat.stop()
    live.server._tcp.pauseAccepting()
    browser.wait_text("status", lambda text: "Connection lost" in text, timeout=8)
    assert browser.text("time") == "--:--"
    qtbot.wait(1000)
    assert browser.text("time") == "--:--"  # still: never a time it cannot vouch for
    live.server._beat.start()
    live.server._tcp.resumeAccepting()
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
                served.feed.show_seats(True)
                browser.wait(lambda d: d.find_element("id", "seats").is_displayed())
                rows = browser.script("return document.querySelectorAll('#seat-list li').length")
                assert rows == 60
                browser.shot(tmp_path, f"{kind}-seats-{language}")
                assert fits(browser, size[0])
                served.feed.show_seats(False)
        finally:
            driver.stop()


def fits(browser: Browser, width: int) -> bool:
    """Nothing wider than the screen: no sideways scrolling, every name inside it."""
    widest = browser.script(
        "return Math.max(document.documentElement.scrollWidth,"
        " ...[...document.querySelectorAll('body *')].map(e => e.getBoundingClientRect().right))"
    )
    return bool(widest <= width + 1)
