"""The live league table on the network page's TV (issue 33): the section the TV
window draws reaches the page, in the viewer's language, only when the TV's layout
has the table."""

from __future__ import annotations

from pathlib import Path

from director.app.club.leagues import Leagues
from director.app.night.timesource import wall_clock
from director.core import commands as c
from director.core.leagues import PointsRule
from director.core.tv import PRESETS, TvLook
from director.web.driver import FeedDriver
from tests.app.night import night
from tests.app.test_live_league import LEAGUE_LOOK
from tests.web.browser import TV, Browser
from tests.web.helpers import serve


def in_a_season(database, clock):
    """The served night, counted in a league's season."""
    session = night(database, clock, 6)
    leagues = Leagues(database, clock=clock)
    league = leagues.create("Friday league", PointsRule(kind="table", table=(1000, 600, 300)))
    season = leagues.add_season(league.id, "2026")
    leagues.choose_event(season.id, session.tournament_id, True)
    session.dispatch(c.SetTvLook(look=LEAGUE_LOOK))
    return session


def test_the_league_table_on_the_network_pages_tv(qtbot, browser: Browser, tmp_path: Path):
    with serve(tmp_path, wall_clock, make=in_a_season) as served:
        driver = FeedDriver(served.feed)
        try:
            browser.size(*TV)
            for language, title in (
                ("en", "Friday league, live"),
                ("fr", "Friday league en direct"),
            ):
                browser.open(f"http://{served.host}/?lang={language}")
                found = browser.wait(
                    lambda d: [
                        box.text
                        for box in d.find_elements("css selector", ".section[data-kind=league]")
                        if box.text
                    ]
                )
                assert title.casefold() in found[0].casefold()
                # Six players still in share the three places that score: 1st.
                assert "1. " in found[0] and " pts" in found[0]
                browser.shot(tmp_path, f"league-on-tv-page-{language}")
        finally:
            driver.stop()


LEAGUE_BOXES = "return document.querySelectorAll('.section[data-kind=league]').length"


def test_the_network_page_shows_the_league_table_only_when_the_tvs_layout_has_it(
    qtbot, browser: Browser, tmp_path: Path
):
    """The TV's layout without the league table: the page (on a TV, 1920x1080) shows
    the payouts and the figures but no league table, as the TV window does; the table
    put in the layout, the page shows it at once; taken out, it goes."""
    with serve(tmp_path, wall_clock, make=in_a_season) as served:
        driver = FeedDriver(served.feed)
        try:
            served.session.dispatch(c.SetTvLook(look=TvLook(layout=PRESETS["full"])))
            browser.size(*TV)
            browser.open(f"http://{served.host}/?lang=en")
            browser.wait(lambda d: d.find_elements("css selector", ".section[data-kind=payouts]"))
            assert browser.script(LEAGUE_BOXES) == 0
            browser.shot(tmp_path, "network-page-tv-layout-without-league-en")
            served.session.dispatch(c.SetTvLook(look=LEAGUE_LOOK))
            browser.wait(lambda d: d.execute_script(LEAGUE_BOXES) > 0)
            browser.shot(tmp_path, "network-page-tv-layout-with-league-en")
            served.session.dispatch(c.SetTvLook(look=TvLook(layout=PRESETS["tables"])))
            browser.wait(lambda d: d.execute_script(LEAGUE_BOXES) == 0)
            assert browser.errors() == []
        finally:
            driver.stop()
