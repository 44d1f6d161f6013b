"""The TV window, the console's clock and the seat draw are views of one clock feed:
one reading a second for all of them, the same data object everywhere, and a
viewer's language never leaking into the organizer's screens."""

from __future__ import annotations

import pytest

from director.app.views.display import SectionKind
from director.app.views.feed import ClockFeed
from director.core import commands as c
from director.core.clock import CueKind
from director.core.players import Bust
from director.i18n import language
from director.persistence.db import open_database


@pytest.fixture
def window(demo_window):
    return demo_window


def test_one_feed_one_reading_for_every_view(qtbot, window, clock) -> None:
    feed = window.feed
    assert isinstance(feed, ClockFeed) and window.ticker.feed is feed
    clock_page = window.console.page("clock")
    for _ in range(5):
        computed = feed.computed
        clock.advance(1000)
        window.ticker.update()
        assert feed.computed == computed + 1  # once, for the TV and the console together
        assert window.display.face.data is feed.data is clock_page.face.data
    window.ticker.update()  # the same second again: nothing worked out again
    assert feed.computed == computed + 1


def test_the_seat_draw_on_the_tv_is_a_view_of_the_feed_and_follows_busts(qtbot, window) -> None:
    tables = window.console.page("tables")
    tables.on_tv.setChecked(True)
    assert window.feed.data.show_seats
    assert window.display.stack.currentWidget() is window.display.seating
    assert window.display.seating.rows == window.feed.data.seats
    out = sorted(window.controller.state.alive())[0]
    window.controller.run(c.BustPlayers(busts=(Bust(player=out),)))
    assert len(window.display.seating.rows) == len(window.controller.state.tables.seated())
    assert window.display.seating.rows == window.feed.data.seats
    tables.on_tv.setChecked(False)
    assert window.display.stack.currentWidget() is window.display.face


def test_the_cues_come_from_the_feed_once(qtbot, window, clock) -> None:
    heard = []
    window.ticker.cue.connect(heard.append)
    view = window.ticker.view()
    clock.advance(view.remaining - 60_000)
    window.ticker.update()
    window.ticker.update()
    clock.advance(60_000)
    window.ticker.update()
    assert [cue.kind for cue in heard] == [CueKind.ONE_MINUTE, CueKind.LEVEL_START]


def test_a_french_viewer_does_not_change_what_the_console_shows_next(qtbot, window, clock) -> None:
    feed = window.feed
    english = feed.data
    french = feed.data_in("fr")
    payload = feed.payload("fr")
    assert french.language == "fr" and payload["display"]["language"] == "fr"
    assert french.level_label.startswith("Niveau")
    assert language() == "en"
    clock.advance(1000)
    window.ticker.update()
    # The organizer's screens, redrawn after the viewer's data was made: English.
    clock_page = window.console.page("clock")
    assert clock_page.face.data.language == "en" and clock_page.face.data.level_label == (
        english.level_label
    )
    assert window.display.face.data.level_label.startswith("Level")
    assert clock_page.start_button.text() == "Pause"
    assert [window.console.nav.item(0).text(), window.menuBar().actions()[0].text()] == [
        "Event",
        "&File",
    ]
    clock_page.face.grab()
    assert clock_page.face.font_pixels


def test_a_copy_following_another_shows_its_changes_through_the_feed(
    qtbot, window_factory, db_path, clock
) -> None:
    writer = window_factory()
    writer.open_demo()
    event_id = writer.controller.session.tournament_id
    follower_db = open_database(db_path, readonly=True)
    from director.app.night.session import TournamentSession

    follower = TournamentSession(follower_db, event_id, clock=clock)
    feed = ClockFeed(follower)
    heard = []
    feed.subscribe(heard.append)
    writer.controller.run(c.NextLevel())
    follower.reload()
    assert heard[-1].data.level == writer.feed.data.level
    assert [cue.kind for cue in heard[-1].cues] == [CueKind.LEVEL_START]
    assert heard[-1].data.sections[0].kind is not SectionKind.STANDINGS
    feed.close()
    follower.close()
    follower_db.close()
