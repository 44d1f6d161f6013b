"""A helper's phone in a real headless Chromium at a phone's size (issue 34, item 6):
pairing with the helpers' code from its QR code's address, the event's players with
what may be taken now, a buy-in taken and seen on the console, in English and
French. Screenshots at 390x844, for a person to look at."""

from __future__ import annotations

from pathlib import Path

import pytest

from director.app.night.timesource import wall_clock
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.players import EntrantStatus
from tests.web.browser import PHONE, Browser
from tests.web.helpers import Served, serve
from tests.web.test_browser import fits

NEWCOMER = PlayerId(40)


@pytest.fixture
def live(qtbot, tmp_path: Path):
    with serve(tmp_path, wall_clock, players=10) as served:  # two seats still open
        served.server.helpers_enabled = True
        served.session.dispatch(c.RegisterPlayer(player=NEWCOMER, name="Zoe Martin"))
        yield served


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_helper_pairs_and_takes_a_buy_in(
    qtbot, live: Served, browser: Browser, tmp_path: Path, lang: str
) -> None:
    browser.size(*PHONE, phone=True)
    code = live.server.helper_code()
    assert code is not None
    url = live.server.helper_url(code).replace(live.server.url, f"http://{live.host}/")
    assert url.endswith(f"/helper#code={code.code}")
    browser.open(url.replace("/helper#", f"/helper?lang={lang}#"))
    browser.wait(lambda d: d.find_element("id", "pair").is_displayed())
    browser.wait(lambda d: d.find_element("id", "pair-name").get_attribute("value"))
    assert "code=" not in browser.script("return location.href")
    assert fits(browser, PHONE[0])
    browser.shot(tmp_path, f"helper-phone-pair-{lang}")
    browser.click("pair-button")
    buy_in = f'#player-list li[data-player="{int(NEWCOMER)}"] button[data-action="buy_in"]'
    browser.wait(lambda d: d.find_elements("css selector", buy_in))
    (device,) = live.server.devices.helpers(live.session.tournament_id)
    assert device.event == live.session.tournament_id and device.table is None
    assert fits(browser, PHONE[0])
    browser.shot(tmp_path, f"helper-phone-{lang}")
    browser.css_click(buy_in)
    qtbot.waitUntil(
        lambda: live.session.state.players[NEWCOMER].status is EntrantStatus.PLAYING, timeout=10_000
    )
    browser.wait(lambda d: not d.find_elements("css selector", buy_in))
    origin = live.session.undo_origin()
    assert origin is not None and origin.device == device.id
    browser.shot(tmp_path, f"helper-phone-done-{lang}")
    # A newcomer from the phone: added to the roster and bought in (the last seat).
    from director.app.club.roster import Roster
    from director.app.phones.door import Door

    live.server.phones.door = Door.of(live.database)
    for number in range(1, 11):  # the night's players are the roster's first records
        Roster(live.database).add(f"Player {number}")
    browser.type("new-name", "Léa Newcomer")
    browser.click("new-button")
    qtbot.waitUntil(lambda: Roster(live.database).find("Lea Newcomer") is not None, timeout=10_000)
    record = Roster(live.database).find("Lea Newcomer")
    assert record is not None
    assert record.id not in range(1, 11)
    qtbot.waitUntil(lambda: record.id in live.session.state.players, timeout=10_000)
    assert live.session.state.players[record.id].status is EntrantStatus.PLAYING
    browser.shot(tmp_path, f"helper-phone-newcomer-{lang}")
    assert browser.errors() == []
