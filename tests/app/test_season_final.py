"""The season final's event, created with each qualifier's starting stack from the
league's formula (issue 33: "a chip bonus for the final from season points ...;
the final's event created with those stacks")."""

from __future__ import annotations

import pytest

from director.app.club.leagues import Leagues
from director.app.club.roster import Roster
from director.app.club.season_final import create_final, final_seats
from director.app.storage.library import Library
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.leagues import PointsRule
from director.core.ledger import figures
from director.core.players import EntrantStatus
from tests.app.league_helpers import STRUCTURE, play_event

RULE = PointsRule(
    kind="table", table=(1000, 600, 300), qualify_top=2, bonus_base=10_000, bonus_per_point=100
)


@pytest.fixture
def season(database, library, clock):
    roster = Roster(database, clock=clock)
    ann, bob, cat = (roster.add(name) for name in ("Ann", "Bob", "Cat"))
    play_event(library, "N1", "2026-01-10", [ann, bob, cat]).close()
    play_event(library, "N2", "2026-02-10", [ann, cat, bob]).close()
    leagues = Leagues(database, clock=clock)
    league = leagues.create("Friday", RULE)
    leagues.add_season(league.id, "2026", "2026-01-01", "2026-12-31")
    return leagues, league


def test_the_final_registers_the_qualifiers_each_with_his_stack(season, database, clock) -> None:
    leagues, league = season
    table = leagues.table(league.id)
    # Ann 10 + 10 = 20 points: 12,000 chips; Bob 6 + 3 and Cat 3 + 6 = 9, tied
    # second: both qualify (ties on the line all qualify), 10,900 each.
    seats = final_seats(table)
    assert [(s.name, s.stack) for s in seats] == [
        ("Ann", 12_000),
        ("Bob", 10_900),
        ("Cat", 10_900),
    ]
    session, _seats = create_final(
        Library(database, clock=clock), leagues, table, "Final", event_date="2026-12-20"
    )
    event = session.tournament_id
    session.close()

    # Reopened: registered, not bought in, each with his stack; the season's blinds.
    library = Library(database, clock=clock)
    session = library.open(event)
    state = session.state
    assert {p.name: p.starting_stack for p in state.players.values()} == {
        "Ann": 12_000,
        "Bob": 10_900,
        "Cat": 10_900,
    }
    assert all(p.status is EntrantStatus.REGISTERED for p in state.players.values())
    assert state.structure == STRUCTURE and state.money.chips == 10_000
    for player in list(state.players):
        session.dispatch(c.BuyIn(player=player))
    assert figures(session.state.players, session.state.ledger).chips_in_play == 33_800
    session.close()

    # Replayed after a restart: the same chips.
    session = Library(database, clock=clock).open(event)
    numbers = figures(session.state.players, session.state.ledger)
    assert (numbers.chips_in_play, numbers.average_stack) == (33_800, 33_800 // 3)
    session.close()
    # The final does not count in its own season.
    assert [item.name for item in leagues.table(league.id).events] == ["N1", "N2"]


def test_no_final_without_a_line_or_stacks(season, database, clock) -> None:
    leagues, league = season
    for rule, code in (
        (PointsRule(kind="table", table=(1000,), bonus_base=10_000), "final_no_line"),
        (PointsRule(kind="table", table=(1000,), qualify_top=2), "final_no_stacks"),
        (
            PointsRule(kind="table", table=(1000,), qualify_events=5, bonus_base=10_000),
            "final_no_qualifiers",
        ),
    ):
        leagues.set_rule(league.id, rule)
        events_before = len(Library(database, clock=clock).events())
        with pytest.raises(RuleViolation) as caught:
            create_final(Library(database, clock=clock), leagues, leagues.table(league.id), "F")
        assert caught.value.code == code
        assert len(Library(database, clock=clock).events()) == events_before
