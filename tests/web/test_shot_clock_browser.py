"""The shot clock on a table's dealer phone in a real headless Chromium at a phone's
size (issue 34, item 4): started from the phone for a player of the table, a big
countdown within a second of the server's, orange for its last ten seconds, a
time-bank chip, Stop; French. Screenshots at 390x844 for a person to look at."""

from __future__ import annotations

from pathlib import Path

from director.app.night.timesource import wall_clock
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.shot_clock import ShotClockSettings
from director.web.driver import FeedDriver
from tests.web.browser import PHONE, TV, Browser
from tests.web.helpers import serve
from tests.web.test_browser import LONG_NAME, cut, fits
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


BEHIND = (
    "const live = window.directorLive;"
    " live.serverNow = () => Date.now() + live.offset - arguments[0];"
)
"""The page's clock made ``arguments[0]`` milliseconds behind the server's."""


def test_a_phone_whose_clock_is_behind_says_time_when_the_shot_clock_runs_out(
    qtbot, browser: Browser, tmp_path: Path
) -> None:
    """A shot clock running out is pushed: a dealer's phone and the live page whose
    clock is half a minute behind still count from their own clock, and show "Time!"
    when the server (and the TV) does, not half a minute later."""
    with serve(tmp_path, wall_clock, players=12) as live:
        live.server.dealers_enabled = True
        driver = FeedDriver(live.feed)
        try:
            player = seated_at(live, 1)[0]
            pair(browser, live, 1)
            browser.script(BEHIND, 30_000)
            live.session.dispatch(c.StartShotClock(player=PlayerId(player), seconds=5))
            assert int(browser.wait_text("shot-time", lambda text: text.isdigit())) > 25
            browser.wait_text("shot-time", lambda text: text == "Time!", timeout=8)
            assert "over" in browser.script("return document.getElementById('shot').className")
            assert live.session.state.shot_clocks.running[1].remaining_ms(live.session.now()) == 0

            browser.size(*TV)
            browser.open(f"http://{live.host}/?lang=en")
            browser.wait_text("level", lambda text: text.casefold() == "level 1")
            browser.script(BEHIND, 30_000)
            live.session.dispatch(c.StartShotClock(player=PlayerId(player), seconds=5))
            browser.wait(lambda d: d.find_elements("css selector", "#shots .shot"))
            assert int(shot_boxes(browser)[0]["seconds"]) > 25
            browser.wait(lambda d: "Time!" in d.find_element("id", "shots").text, timeout=8)
            assert browser.errors() == []
        finally:
            driver.stop()


DEALER_READS = (
    "return performance.getEntriesByType('resource')"
    ".filter(e => new URL(e.name).pathname === '/api/dealer').length"
)


def test_the_dealer_phone_counts_the_shot_clock_down_without_reading_again(
    qtbot, browser: Browser, tmp_path: Path
) -> None:
    """The phone counts the shot clock down from its pushed end: the seconds move
    while the server pushes nothing new and the phone reads its table no more (it
    read it again each second, the display being pushed each second)."""
    with serve(tmp_path, wall_clock, players=12) as live:
        live.server.dealers_enabled = True
        driver = FeedDriver(live.feed)
        try:
            player = seated_at(live, 1)[0]
            pair(browser, live, 1)
            live.session.dispatch(c.StartShotClock(player=PlayerId(player), seconds=30))
            first = int(browser.wait_text("shot-time", lambda text: text.isdigit()))
            qtbot.wait(300)  # the read the start caused, answered
            reads, pushes = browser.script(DEALER_READS), live.server.channel.revision
            qtbot.wait(3200)
            later = int(browser.text("shot-time"))
            assert 2 <= first - later <= 4  # counted here
            assert browser.script(DEALER_READS) == reads
            assert live.server.channel.revision == pushes
            # A stop is pushed: the phone reads its table and the shot clock goes.
            live.session.dispatch(c.StopShotClock(table=1))
            browser.wait(lambda d: not d.find_element("id", "shot").is_displayed(), timeout=3)
            assert browser.script(DEALER_READS) > reads
            assert browser.errors() == []
        finally:
            driver.stop()


def shot_boxes(browser: Browser) -> list[dict[str, str]]:
    return list(
        browser.script(
            "return [...document.querySelectorAll('#shots .shot')].map(box => ({"
            " table: box.dataset.table, text: box.textContent, className: box.className,"
            " seconds: box.querySelector('.seconds').textContent,"
            " shown: box.offsetParent !== null }))"
        )
    )


def test_the_public_page_shows_each_tables_running_shot_clock(
    qtbot, browser: Browser, tmp_path: Path
) -> None:
    """The live page shows each running shot clock (its seat, the seconds left counted
    here from its end, orange for the last ten seconds, "Time!" at zero) on a phone
    and on a TV, fitting the screen; it goes when stopped or when Hand done ends the
    hand. Screenshots at 390x844 and 1920x1080 for a person to look at."""
    with serve(tmp_path, wall_clock, players=12, names={3: LONG_NAME}) as live:
        driver = FeedDriver(live.feed)
        try:
            where = live.session.state.tables.where(PlayerId(3))
            assert where is not None
            table = where[0]
            other_table = 2 if table == 1 else 1
            other = seated_at(live, other_table)[0]
            for size, phone in ((PHONE, True), (TV, False)):
                browser.size(*size, phone=phone)
                browser.open(f"http://{live.host}/?lang=en")
                browser.wait_text("level", lambda text: text.casefold() == "level 1")
                assert not browser.call(lambda d: d.find_element("id", "shots").is_displayed())
                live.session.dispatch(c.StartShotClock(player=PlayerId(3), seconds=14))
                live.session.dispatch(c.StartShotClock(player=PlayerId(other), seconds=5))
                browser.wait(lambda d: len(d.find_elements("css selector", "#shots .shot")) == 2)
                boxes = {int(box["table"]): box for box in shot_boxes(browser)}
                assert all(box["shown"] for box in boxes.values())
                assert LONG_NAME in boxes[table]["text"]
                assert f"Seat {where[1]}" in boxes[table]["text"]
                running = live.session.state.shot_clocks.running[table]
                shown = int(boxes[table]["seconds"])
                assert abs(shown - running.shown_seconds(live.session.now())) <= 1
                assert "warning" not in boxes[table]["className"]
                assert "warning" in boxes[other_table]["className"]  # 5 s: its last ten
                # Run out: "Time!"; the 14 s one in its last ten seconds, orange.
                browser.wait(
                    lambda d: (
                        "Time!" in d.find_element("id", "shots").text
                        and "warning"
                        in d.find_element(
                            "css selector", f".shot[data-table='{table}']"
                        ).get_attribute("class")
                    ),
                    timeout=8,
                )
                assert fits(browser, size[0], None if phone else size[1])
                if not phone:
                    assert cut(browser) == []
                name = "phone" if phone else "tv"
                browser.shot(tmp_path, f"live-page-shot-clocks-{name}-en")
                live.session.dispatch(c.HandDone(table=table))
                live.session.dispatch(c.StopShotClock(table=other_table))
                browser.wait(lambda d: not d.find_element("id", "shots").is_displayed(), timeout=3)
            assert browser.errors() == []
        finally:
            driver.stop()
