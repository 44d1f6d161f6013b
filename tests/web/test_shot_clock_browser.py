"""The shot clock on a table's dealer phone in a real headless Chromium at a phone's
size (issue 34, item 4): started from the phone for a player of the table, a big
countdown within a second of the server's, orange for its last ten seconds, a
time-bank chip, Stop; French. Screenshots at 390x844 for a person to look at."""

from __future__ import annotations

from pathlib import Path

from director.app.timesource import wall_clock
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.shot_clock import ShotClockSettings
from director.web.driver import FeedDriver
from tests.web.browser import PHONE, Browser
from tests.web.helpers import serve
from tests.web.test_browser import LONG_NAME, fits
from tests.web.test_dealer_browser import pair, seated_at, select


def test_a_dealer_starts_a_shot_clock_and_the_phone_counts_it_down(
    qtbot, browser: Browser, tmp_path: Path
) -> None:
    with serve(tmp_path, wall_clock, players=12, names={3: LONG_NAME}) as live:
        live.server.dealers_enabled = True
        driver = FeedDriver(live.feed)
        try:
            settings = ShotClockSettings(seconds=12, bank_chips=2, bank_seconds=30)
            live.session.dispatch(c.SetShotClockOptions(settings=settings))
            table = live.session.state.tables.where(PlayerId(3))
            assert table is not None
            pair(browser, live, table[0])
            assert browser.script("return document.getElementById('shot').hidden") is True
            select(browser, "shot-player", 3)
            browser.click("shot-button")
            browser.wait(lambda d: d.find_element("id", "shot").is_displayed())
            running = live.session.state.shot_clocks.running[table[0]]
            assert running.player == PlayerId(3)
            assert LONG_NAME in browser.text("shot-who")
            # Within a second of the server's time left.
            shown = int(browser.wait_text("shot-time", lambda text: text.isdigit()))
            assert abs(shown - running.shown_seconds(live.session.now())) <= 1
            assert browser.text("shot-bank") == "Time bank (2 left)"
            assert fits(browser, PHONE[0])
            browser.shot(tmp_path, "dealer-phone-shot-clock-en")
            # The last ten seconds: orange.
            browser.wait(
                lambda d: "warning" in d.find_element("id", "shot").get_attribute("class"),
                timeout=8,
            )
            browser.shot(tmp_path, "dealer-phone-shot-clock-warning-en")
            browser.click("shot-bank")
            browser.wait_text("shot-bank", lambda text: text == "Time bank (1 left)")
            assert live.session.state.shot_clocks.banks_left(PlayerId(3)) == 1
            assert "warning" not in browser.script(
                "return document.getElementById('shot').className"
            )
            browser.click("shot-stop")
            browser.wait(lambda d: not d.find_element("id", "shot").is_displayed())
            assert not live.session.state.shot_clocks.running

            # In French, with a player's shot clock run out.
            other = seated_at(live, table[0])[0]
            live.session.dispatch(c.StartShotClock(player=PlayerId(other), seconds=5))
            browser.script("document.querySelector('[data-lang=fr]').click()")
            browser.wait_text("shot-title", lambda text: text.casefold() == "chrono de décision")
            browser.wait_text("shot-time", lambda text: text == "Temps !", timeout=10)
            assert fits(browser, PHONE[0])
            browser.shot(tmp_path, "dealer-phone-shot-clock-over-fr")
            assert browser.errors() == []
        finally:
            driver.stop()
