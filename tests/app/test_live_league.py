"""The live league table on the TV (issue 33: "A live league table on the TV during
a night that counts for a season: 'if the season ended now', updated with each
bust"): built in the app layer, carried by the clock feed to every view."""

from __future__ import annotations

import pytest

from director.app.club.leagues import Leagues, provisional_results
from director.app.club.roster import Roster
from director.app.views.display import LeagueRow, SectionKind, display_from_json
from director.app.views.feed import ClockFeed
from director.core import commands as c
from director.core.leagues import PointsRule
from director.core.money import MoneySettings
from director.core.players import Bust
from director.core.tv import PRESETS, Element, Layout, Place, Slot, TvLook
from director.i18n import set_language
from tests.app.league_helpers import STRUCTURE, play_event

NAMES = ("Ann", "Bob", "Cat", "Dan")
LEAGUE_LOOK = TvLook(
    layout=Layout(
        preset="custom", slots=(*PRESETS["full"].slots, Slot(Element.LEAGUE_TABLE, Place.SIDE))
    )
)
"""The full layout with the league table at the end of the side column."""


@pytest.fixture
def tonight(database, library, clock):
    """Two nights played in the season (Ann won both), and tonight's, running."""
    roster = Roster(database, clock=clock)
    people = {name: roster.add(name) for name in NAMES}
    ann, bob, cat, dan = (people[name] for name in NAMES)
    play_event(library, "N1", "2026-01-10", [ann, bob, cat, dan]).close()
    play_event(library, "N2", "2026-02-10", [ann, cat, bob, dan]).close()
    leagues = Leagues(database, clock=clock)
    league = leagues.create("Friday", PointsRule(kind="table", table=(1000, 600, 300, 100)))
    leagues.add_season(league.id, "2026", "2026-01-01", "2026-12-31")
    session = library.create("N3", event_date="2026-03-10")
    session.dispatch(
        c.SetUpEvent(
            structure=STRUCTURE,
            money=MoneySettings(buy_in=2000, chips=5000),
            players=tuple(c.Newcomer(player=p.id, name=p.name) for p in people.values()),
        )
    )
    session.dispatch(c.SetTvLook(look=LEAGUE_LOOK))
    session.dispatch(c.StartClock())
    yield session, people
    session.close()


def league_rows(feed: ClockFeed) -> list[LeagueRow]:
    sections = [s for s in feed.data.sections if s.kind is SectionKind.LEAGUE]
    assert len(sections) == 1
    return [row for row in sections[0].rows if isinstance(row, LeagueRow)]


def test_the_table_counts_tonights_places_as_they_stand_and_follows_each_bust(
    tonight,
) -> None:
    session, people = tonight
    feed = ClockFeed(session)
    # Nobody out yet: the four share places 1 to 4 tonight ((10 + 6 + 3 + 1) / 4 = 5).
    # Ann 10 + 10 + 5, Bob 6 + 3 + 5, Cat 3 + 6 + 5, Dan 1 + 1 + 5.
    rows = league_rows(feed)
    assert [(r.rank, r.name, r.points) for r in rows] == [
        (1, "Ann", "25"),
        (2, "Bob", "14"),
        (2, "Cat", "14"),
        (4, "Dan", "7"),
    ]
    assert all(row.playing for row in rows)
    assert feed.data.sections[-1].title == "Friday, live"

    # Ann goes out first: fourth tonight (1 point); the three left share 1 to 3.
    session.dispatch(c.BustPlayers(busts=(Bust(player=people["Ann"].id),)))
    feed.advance()
    rows = league_rows(feed)
    by_name = {row.name: row for row in rows}
    assert by_name["Ann"].points == "21" and not by_name["Ann"].playing
    # Bob 6 + 3 + (10 + 6 + 3) / 3.
    assert by_name["Bob"].points == "15.33" and by_name["Bob"].playing
    assert [row.name for row in rows] == ["Ann", "Bob", "Cat", "Dan"]

    # Bob and Cat out: Dan wins tonight (a win: ahead of Bob on equal points).
    session.dispatch(c.BustPlayers(busts=(Bust(player=people["Bob"].id),)))
    session.dispatch(c.BustPlayers(busts=(Bust(player=people["Cat"].id),)))
    feed.advance()
    rows = league_rows(feed)
    assert [(r.rank, r.name, r.points) for r in rows] == [
        (1, "Ann", "21"),
        (2, "Cat", "15"),
        (3, "Dan", "12"),
        (4, "Bob", "12"),
    ]
    feed.close()


def test_no_table_for_a_night_no_season_counts(tonight) -> None:
    session, _people = tonight
    session.dispatch(c.EditDetails(event_date="2027-01-05", venue=""))
    feed = ClockFeed(session)
    assert not [s for s in feed.data.sections if s.kind is SectionKind.LEAGUE]
    feed.close()


def test_the_table_reaches_the_network_page_and_speaks_french(tonight) -> None:
    session, _people = tonight
    feed = ClockFeed(session)
    french = feed.payload("fr")
    shown = display_from_json(french)
    league = next(s for s in shown.sections if s.kind is SectionKind.LEAGUE)
    assert league.title == "Friday en direct"
    assert league.rows[0] == feed.data_in("fr").sections[-1].rows[0]
    assert isinstance(league.rows[0], LeagueRow)
    assert league.rows[0].text == "1. Ann · 25 pts"
    feed.close()
    set_language("en")


def test_provisional_results_leave_out_who_never_bought_in(tonight, database, clock) -> None:
    session, _people = tonight
    extra = Roster(database, clock=clock).add("Eve")
    session.dispatch(c.RegisterPlayer(player=extra.id, name="Eve"))
    night = provisional_results(session.state, session.tournament_id)
    assert {line.name for line in night.lines} == set(NAMES)
    assert night.entrants == 4
    assert {(line.best, line.worst) for line in night.lines} == {(1, 4)}


def league_sections(feed: ClockFeed) -> list[object]:
    return [s for s in feed.data.sections if s.kind is SectionKind.LEAGUE] + [
        s for s in feed.data_in("fr").sections if s.kind is SectionKind.LEAGUE
    ]


def test_the_table_follows_the_tvs_layout(tonight) -> None:
    """The league table is an element of the TV's layout: without it there, no view
    shows the table (the network page neither), nor is it worked out; with it, every
    view does, as soon as the layout changes."""
    session, _people = tonight
    session.dispatch(c.SetTvLook(look=TvLook(layout=PRESETS["full"])))
    feed = ClockFeed(session)
    assert league_sections(feed) == []
    session.dispatch(c.SetTvLook(look=LEAGUE_LOOK))
    assert len(league_sections(feed)) == 2
    session.dispatch(c.SetTvLook(look=TvLook(layout=PRESETS["tables"])))
    assert league_sections(feed) == []
    feed.close()
    set_language("en")


def test_an_event_without_its_own_look_follows_the_default_look(tonight) -> None:
    """An event with no look of its own is shown in the default look for events (the
    settings'): the table is there when that layout has it, as on the TV window."""
    session, _people = tonight
    session.dispatch(c.SetTvLook(look=None))
    assert session.state.tv_look is None
    plain = ClockFeed(session)  # the settings' default: the full layout, no table
    assert not [s for s in plain.data.sections if s.kind is SectionKind.LEAGUE]
    plain.close()
    placed = ClockFeed(session, default_look=lambda: LEAGUE_LOOK)
    assert [s for s in placed.data.sections if s.kind is SectionKind.LEAGUE]
    placed.close()
