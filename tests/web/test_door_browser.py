"""The door's check-in page in a real headless Chromium at a phone's size (issue 34,
item 6): a name typed, the roster's record offered for it and chosen, a new name
checked in, in English and French. Screenshots at 390x844, for a person to look at."""

from __future__ import annotations

from pathlib import Path

import pytest

from director.app.club.roster import Roster
from director.app.night.timesource import wall_clock
from director.app.phones.door import Door
from tests.web.browser import PHONE, Browser
from tests.web.helpers import Served, serve
from tests.web.test_browser import fits


@pytest.fixture
def live(qtbot, tmp_path: Path):
    with serve(tmp_path, wall_clock, players=4) as served:
        roster = Roster(served.database)
        for number in range(1, 5):
            roster.add(f"Player {number}")
        roster.add("Ann Martin", nickname="Nanou", contact="ann@example.org")
        served.server.phones.door = Door.of(served.database)
        served.server.door_open = True
        yield served


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_player_checks_in_from_the_roster_and_a_newcomer_as_new(
    qtbot, live: Served, browser: Browser, tmp_path: Path, lang: str
) -> None:
    browser.size(*PHONE, phone=True)
    browser.open(f"http://{live.host}/door?lang={lang}")
    browser.wait(lambda d: d.find_element("id", "heading").text)
    browser.type("name", "ann")
    offered = '#offered button[data-player="5"]'
    browser.wait(lambda d: d.find_elements("css selector", offered))
    assert fits(browser, PHONE[0])
    browser.shot(tmp_path, f"door-offered-{lang}")
    browser.css_click(offered)
    browser.wait(lambda d: d.find_element("id", "done").is_displayed())
    assert "Ann Martin" in browser.text("done-text")
    browser.shot(tmp_path, f"door-done-{lang}")
    browser.click("another")
    browser.type("name", "Zoé Durand")
    browser.wait(lambda d: d.find_element("id", "new").is_displayed())
    browser.shot(tmp_path, f"door-new-{lang}")
    browser.click("new")
    browser.wait(lambda d: d.find_element("id", "done").is_displayed())
    door = Door.of(live.database)
    waiting = door.waiting(live.session.tournament_id)
    assert [(a.name, a.new) for a in waiting] == [("Ann Martin", False), ("Zoé Durand", True)]
    assert browser.errors() == []
