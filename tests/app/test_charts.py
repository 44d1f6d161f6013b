"""The chart data of a night and of a season, built once in the app layer."""

from __future__ import annotations

import pytest

from director.app.files import structures
from director.app.storage.library import Library
from director.app.views.charts import NightBlinds, night_chart, player_season, points_race
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.leagues import EventResults, PointsRule, ResultLine, standings
from director.core.money import MoneySettings, RebuyRule
from director.core.players import Bust
from director.core.structure import Level
from director.persistence.db import open_database

NAMES = ["Ann", "Bob", "Zoë", "Dmitri", "Eve", "Farid"]


@pytest.fixture
def night(db_path, clock):
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Rebuy Night", event_date="2026-11-14")
    session.dispatch(c.SetStructure(structure=structures.find("regular-5000").template.structure))
    session.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)))
    for number, name in enumerate(NAMES, start=1):
        clock.advance(10_000)
        session.dispatch(c.BuyIn(player=PlayerId(number), name=name))
    session.dispatch(c.DrawSeats())
    session.dispatch(c.DrawForButton())
    session.dispatch(c.StartClock())
    yield session
    database.close()


def bust(session, clock, number: int, by: int = 1) -> None:
    clock.advance(60_000)
    session.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(number), eliminator=PlayerId(by)),)))


def test_players_left_line_matches_the_busts(night, clock) -> None:
    """Each bust takes one off the players-left line, and its last point is who is left."""
    for number, by in ((6, 1), (5, 2), (4, 1)):
        bust(night, clock, number, by)
    chart = night_chart(night.state)
    lefts = [point.players_left for point in chart.points]
    assert lefts == [1, 2, 3, 4, 5, 6, 5, 4, 3]
    assert lefts[-1] == len(night.state.alive())
    assert chart.points[-1].entries == 6
    assert chart.points[-1].chips == 6 * 5000
    assert chart.points[-1].average_stack == 10_000
    assert [(k.player, k.by) for k in chart.knockouts] == [
        ("Farid", "Ann"),
        ("Eve", "Bob"),
        ("Dmitri", "Ann"),
    ]
    times = [point.at for point in chart.points]
    assert times == sorted(times)


def test_average_stack_in_big_blinds_takes_the_level_of_each_point(night, clock) -> None:
    """Each point carries the big blind in force when it was recorded, not the one
    of now: a bust at level 1, the clock moved on, a bust at level 3; an undone bust
    replaced after a jump back takes the new level. A reopened event folds its log
    and finds the same big blinds."""
    levels = [level.big_blind for _index, level in night.state.structure.levels()]
    blinds = NightBlinds(night)
    assert [point.big_blind for point in blinds.chart().points] == [levels[0]] * 6
    bust(night, clock, 6)
    night.dispatch(c.NextLevel())
    night.dispatch(c.NextLevel())
    bust(night, clock, 5)
    chart = blinds.chart()
    assert [point.big_blind for point in chart.points[-2:]] == [levels[0], levels[2]]
    last = chart.points[-1]
    assert last.average_big_blinds == pytest.approx(6 * 5000 / 4 / levels[2])
    night.undo()
    assert [point.big_blind for point in blinds.chart().points] == [levels[0]] * 7
    night.redo()
    assert blinds.chart() == chart
    night.undo()
    night.dispatch(c.PreviousLevel())
    bust(night, clock, 4)
    chart = blinds.chart()
    assert [point.big_blind for point in chart.points] == [levels[0]] * 7 + [levels[1]]
    again = Library(night.database, clock=clock).read(night.tournament_id)
    assert NightBlinds(again).chart() == chart


def test_a_bust_on_a_break_is_measured_against_the_level_just_played(night, clock) -> None:
    """On a break no blinds are in force: the average stack is counted in the big
    blinds of the level before it, not the first level's."""
    items = night.state.structure.items
    pause = next(index for index, item in enumerate(items) if not isinstance(item, Level))
    before = next(item for item in reversed(items[:pause]) if isinstance(item, Level))
    assert before.big_blind != night.state.structure.levels()[0][1].big_blind
    blinds = NightBlinds(night)
    blinds.chart()
    night.dispatch(c.GoToLevel(index=pause))
    bust(night, clock, 6)
    assert blinds.chart().points[-1].big_blind == before.big_blind


def test_a_rebuy_after_a_bust_brings_a_player_back_on_the_line(db_path, clock) -> None:
    """A re-buy counts on the re-buys line; one after a bust puts the player back in."""
    database = open_database(db_path)
    try:
        session = Library(database, clock=clock).create("Rebuys")
        session.dispatch(
            c.SetStructure(structure=structures.find("regular-5000").template.structure)
        )
        session.dispatch(
            c.SetMoneySettings(
                settings=MoneySettings(
                    buy_in=2000,
                    chips=5000,
                    rebuy=RebuyRule(price=2000, chips=5000, until_level=6),
                )
            )
        )
        for number, name in enumerate(NAMES[:3], start=1):
            session.dispatch(c.BuyIn(player=PlayerId(number), name=name))
        session.dispatch(c.DrawSeats())
        session.dispatch(c.DrawForButton())
        session.dispatch(c.StartClock())
        bust(session, clock, 3)
        session.dispatch(c.Rebuy(player=PlayerId(3)))
        chart = night_chart(session.state)
        assert [point.players_left for point in chart.points] == [1, 2, 3, 2, 3]
        assert chart.points[-1].rebuys == 1
        assert chart.points[-1].players_left == len(session.state.alive())
    finally:
        database.close()


def _event(number: int, order: list[int]) -> EventResults:
    lines = tuple(
        ResultLine(
            player=PlayerId(player),
            name=f"P{player}",
            best=place,
            worst=place,
            prize=0,
            knockouts=0,
            money_in=1000,
            money_out=0,
        )
        for place, player in enumerate(order, start=1)
    )
    return EventResults(
        event=number,
        name=f"E{number}",
        date=f"2026-01-{number:02d}",
        entrants=len(lines),
        entries=len(lines),
        paid=0,
        buy_in=1000,
        lines=lines,
    )


def test_points_race_last_point_equals_the_standings() -> None:
    """After each event the race shows the standings of the events so far."""
    rule = PointsRule(kind="field")
    events = [_event(1, [1, 2, 3]), _event(2, [3, 1, 2, 4]), _event(3, [4, 3, 2, 1])]
    race = points_race(rule, events)
    assert race.events == ("E1", "E2", "E3")
    final = standings(rule, events)
    assert [line.player for line in race.lines] == [row.player for row in final]
    for line, row in zip(race.lines, final, strict=True):
        assert line.points[-1] == row.points
    for count in range(1, 4):
        after = {row.player: row.points for row in standings(rule, events[:count])}
        for line in race.lines:
            assert line.points[count - 1] == after.get(line.player, 0)
    by_player = {line.player: line.points for line in race.lines}
    assert by_player[PlayerId(4)][0] == 0, "a player who had not played yet has no points"


def test_a_players_season_adds_up_his_net_and_ends_on_his_standing() -> None:
    """A player's season: each event he played with its place and net, the net so far,
    and his points after it; the last points are his line in the standings."""
    rule = PointsRule(kind="field")
    events = [_event(1, [1, 2, 3]), _event(2, [3, 2, 4]), _event(3, [4, 3, 2, 1])]
    won = ResultLine(PlayerId(2), "P2", 1, 1, prize=2500, money_in=1000, money_out=2500)
    events[1] = EventResults(
        event=2,
        name="E2",
        date="2026-01-02",
        entrants=3,
        entries=3,
        paid=1,
        buy_in=1000,
        lines=(won, *(line for line in events[1].lines if line.player != PlayerId(2))),
    )
    race = points_race(rule, events)
    season = player_season(race, events, PlayerId(2), name="P2")
    assert [(e.name, e.best, e.net, e.total) for e in season.events] == [
        ("E1", 2, -1000, -1000),
        ("E2", 1, 1500, 500),
        ("E3", 3, -1000, -500),
    ]
    final = {row.player: row.points for row in standings(rule, events)}
    assert season.events[-1].points == final[PlayerId(2)]
    assert [e.points for e in season.events] == list(
        next(line.points for line in race.lines if line.player == PlayerId(2))
    )
    absent = player_season(race, events, PlayerId(1), name="P1")
    assert [e.name for e in absent.events] == ["E1", "E3"], "only the events he played"
    assert absent.events[-1].points == final[PlayerId(1)]
