"""The night's results page read on a phone (issue 33): opened from the phone's
files or a chat, it must fit the screen's width without scrolling sideways."""

from __future__ import annotations

from pathlib import Path

import pytest

from director.i18n import set_language
from director.reports.html_page import night_html
from tests.reports.test_html_page import night  # noqa: F401 (the played night)
from tests.web.browser import PHONE, SHOTS


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_nights_standings_fit_a_phone_without_scrolling_sideways(
    browser,
    night,  # noqa: F811
    tmp_path,
    language,
) -> None:
    set_language(language)
    try:
        text = night_html(night.state)
    finally:
        set_language("en")
    page = tmp_path / f"night-{language}.html"
    page.write_text(text, encoding="utf-8")
    browser.size(*PHONE, phone=True)
    browser.open(page.as_uri())
    # Each table sits in a box that scrolls sideways when it is too wide: none may.
    widths = browser.script(
        "return Array.from(document.querySelectorAll('table')).map("
        "t => [t.parentElement.scrollWidth, t.parentElement.clientWidth]);"
    )
    assert widths
    shots = Path(SHOTS) if SHOTS else tmp_path
    browser.call(lambda d: d.save_screenshot(str(shots / f"night-phone-{language}.png")))
    for scroll, client in widths:
        assert scroll <= client, f"a table {scroll} px wide in {client} px ({language})"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_seasons_standings_fit_a_phone_without_scrolling_sideways(
    browser, library, database, clock, tmp_path, language
) -> None:
    from director.app.club.leagues import Leagues
    from director.app.club.roster import Roster
    from director.app.views.charts import season_race
    from director.core.leagues import PointsRule
    from director.reports.html_page import season_html
    from tests.app.league_helpers import play_event

    roster = Roster(database, clock=clock)
    leagues = Leagues(database, clock=clock)
    people = [roster.add(name) for name in ("Ann", "Bob", "Cat", "Dmitri")]
    play_event(library, "N1", "2026-02-01", people)
    play_event(library, "N2", "2026-02-08", people[::-1])
    league = leagues.create("Winter", PointsRule(kind="field", knockout=50))
    table = leagues.table(league.id)
    set_language(language)
    try:
        text = season_html(table, season_race(leagues, table))
    finally:
        set_language("en")
    page = tmp_path / f"season-{language}.html"
    page.write_text(text, encoding="utf-8")
    browser.size(*PHONE, phone=True)
    browser.open(page.as_uri())
    widths = browser.script(
        "return Array.from(document.querySelectorAll('table')).map("
        "t => [t.parentElement.scrollWidth, t.parentElement.clientWidth]);"
    )
    shots = Path(SHOTS) if SHOTS else tmp_path
    browser.call(lambda d: d.save_screenshot(str(shots / f"season-phone-{language}.png")))
    for scroll, client in widths:
        assert scroll <= client, f"a table {scroll} px wide in {client} px ({language})"
