"""The planned start and the end in sight on the phones (issue 34, items 2 and 3):
"Starts in 12:34" with the first level's blinds through real HTTP, in English and
French; the clock running by itself once the planned moment has come; in a real
headless Chromium, the countdown counting down by itself, with screenshots at phone
and TV sizes for a person to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from director.app.night.session import TournamentSession
from director.app.night.timesource import wall_clock
from director.app.storage.library import Library
from director.core import commands as c
from director.core.ids import Instant, PlayerId
from director.core.money import MoneySettings
from director.persistence.db import Database
from director.web.driver import FeedDriver
from director.web.server import Limits
from tests.conftest import FakeClock
from tests.web.browser import PHONE, TV
from tests.web.helpers import in_thread, request, serve

COUNTDOWN_MS = (12 * 60 + 34) * 1000


def planned_night(database: Database, clock: Any) -> TournamentSession:
    """Twelve players registered; the start planned 12:34 from now, by itself."""
    from director.app.files import structures

    session = Library(database, clock=clock).create("Friday night")
    session.dispatch(c.SetStructure(structure=structures.find("regular-5000").template.structure))
    session.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)))
    for number in range(1, 13):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=f"Player {number}"))
    session.dispatch(c.DrawSeats())
    planned = Instant(clock() + COUNTDOWN_MS)
    session.dispatch(c.PlanStart(planned=planned, auto_start=True))
    return session


def state_of(qtbot, port: int, language: str) -> dict[str, Any]:
    answer = in_thread(qtbot, lambda: request(port, "GET", f"/api/state?lang={language}"))
    assert answer.status == 200
    shown: dict[str, Any] = answer.json()["display"]["display"]
    return shown


def test_the_phones_say_starts_in_with_the_first_blinds_then_the_clock_runs(
    qtbot, tmp_path: Path, clock: FakeClock
) -> None:
    with serve(tmp_path, clock, make=planned_night) as served:
        planned = served.session.state.clock.planned
        english = state_of(qtbot, served.port, "en")
        assert english["time_caption"] == "Starts in" and english["time_text"] == "12:34"
        assert english["timing"]["starts_at"] == planned
        assert english["blinds_text"] == "25 / 50" and english["started"] is False
        assert [s for s in english["stats"] if s["key"] == "estimated_end"]
        french = state_of(qtbot, served.port, "fr")
        assert french["time_caption"] == "Départ dans"
        assert any(s["caption"] == "Fin estimée" for s in french["stats"])
        # Registration stays open during the countdown.
        served.session.dispatch(c.BuyIn(player=PlayerId(13), name="Late arrival"))
        # The planned moment comes: the clock runs by itself, nobody pressed anything.
        served.tick(COUNTDOWN_MS + 61_000)
        running = state_of(qtbot, served.port, "en")
        assert running["started"] is True and running["running"] is True
        assert running["level_label"] == "Level 1" and running["time_caption"] == ""
        assert running["timing"]["ends_at"] == planned + 20 * 60_000
        assert running["timing"]["starts_at"] is None


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_countdown_counts_by_itself_in_a_browser_with_screenshots(
    qtbot, tmp_path: Path, browser, language: str
) -> None:
    with serve(tmp_path, wall_clock, make=planned_night, limits=Limits()) as served:
        driver = FeedDriver(served.feed)
        try:
            for size, phone in ((PHONE, True), (TV, False)):
                browser.size(*size, phone=phone)
                browser.open(f"http://{served.host}/?lang={language}")
                caption = "Starts in" if language == "en" else "Départ dans"
                browser.wait_text(
                    "caption", lambda text, caption=caption: text.casefold() == caption.casefold()
                )
                first = browser.text("time")
                browser.wait_text("time", lambda text, first=first: text != first, timeout=3)
                assert browser.text("time") < first  # counting down by itself
                assert browser.text("blinds") == "25 / 50"
                kind = "phone" if phone else "tv"
                browser.shot(tmp_path, f"countdown-{kind}-{language}")
        finally:
            driver.stop()
