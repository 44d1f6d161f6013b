"""The console's Night page and the league page's charts: Qt charts drawn from the
app layer's chart data, redrawn on each change without piling up objects."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QObject

from director.app.club.leagues import Leagues
from director.app.club.roster import Roster
from director.app.files import structures
from director.app.storage.library import Library
from director.app.views.charts import PALETTE, night_chart, points_race
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import MoneySettings
from director.core.players import Bust
from director.gui.dialogs.leagues import LeaguesDialog
from director.i18n import in_language
from tests.app.league_helpers import play_event

NAMES = ["Ann", "Bob", "Zoë", "Dmitri", "Eve", "Farid"]


@pytest.fixture
def window(event_window):
    commands = [
        c.SetStructure(structure=structures.find("regular-5000").template.structure),
        c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)),
        *(c.BuyIn(player=PlayerId(n), name=name) for n, name in enumerate(NAMES, start=1)),
        c.DrawSeats(),
        c.DrawForButton(),
        c.StartClock(),
    ]
    return event_window(commands=commands, shown=True)


def ys(series) -> list[float]:
    return [point.y() for point in series.points()]


def bust(window, player: int, by: int = 1) -> None:
    window.controller.dispatch(
        c.BustPlayers(busts=(Bust(player=PlayerId(player), eliminator=PlayerId(by)),))
    )


def test_night_page_draws_the_app_layers_night(window) -> None:
    """Players left, entries and re-buys as the app layer counts them, in the shared
    palette; the average stack in big blinds; who knocked out whom, latest first."""
    bust(window, 6)
    window.console.show_page("night")
    page = window.console.page("night")
    bust(window, 5, by=2)  # on screen: redrawn at once
    counts = page.counts.lines
    assert [series.name() for series in counts] == ["Players left", "Entries", "Re-buys"]
    assert [series.pen().color().name().upper() for series in counts] == list(PALETTE[:3])
    chart = night_chart(window.controller.state)
    assert ys(counts[0])[-1] == chart.points[-1].players_left == 4
    assert sorted(set(ys(counts[0]))) == [1, 2, 3, 4, 5, 6]
    assert ys(counts[1])[-1] == 6
    level = window.controller.state.structure.levels()[0][1]
    assert ys(page.average.lines[0])[-1] == pytest.approx(6 * 5000 / 4 / level.big_blind)
    assert page.knockouts.item(0, 1).text() == "Eve"
    assert page.knockouts.item(0, 2).text() == "Bob"
    assert page.knockouts.rowCount() == 2


def test_night_page_redrawn_a_thousand_times_keeps_its_objects(window) -> None:
    """A thousand changes (undo and redo of a bust), each redrawn on screen: the
    charts keep their series and the page its objects, and the last drawing is the
    night's."""
    bust(window, 6)
    window.console.show_page("night")
    page = window.console.page("night")
    objects = len(page.findChildren(QObject))
    for _ in range(500):
        window.controller.undo()
        window.controller.redo()
    assert page.counts.series_count() == 3
    assert page.average.series_count() == 1
    assert len(page.findChildren(QObject)) == objects
    assert ys(page.counts.lines[0])[-1] == 5
    assert page.knockouts.rowCount() == 1


def test_night_page_in_french(window) -> None:
    with in_language("fr"):
        window.console.show_page("night")
        page = window.console.page("night")
        assert [series.name() for series in page.counts.lines] == [
            "Joueurs restants",
            "Entrées",
            "Recaves",
        ]


@pytest.fixture
def season(database, clock):
    library = Library(database, clock=clock)
    roster = Roster(database, clock=clock)
    players = [roster.add(name) for name in ("Ann", "Bob", "Zoé", "Dan")]
    for n in range(3):
        play_event(
            library, f"Night {n + 1}", f"2026-0{n + 1}-10", players[n:] + players[:n]
        ).close()
    leagues = Leagues(database, clock=clock)
    leagues.create("Friday")
    return leagues


def test_league_charts_draw_the_points_race_and_a_players_money(qtbot, season) -> None:
    """The race's lines are the standings' players, each at his points after each
    event; the chosen player's bars are his net at each event and the line his net so
    far; the charts follow the season chosen, with the same series."""
    dialog = LeaguesDialog(season)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.tabs.setCurrentWidget(dialog.charts)
    charts = dialog.charts
    table = season.table("Friday")
    race = {line.name: line.points for line in points_race(table.league.rule, table.events).lines}
    assert [series.name() for series in charts.race.lines] == [row.name for row in table.rows]
    for series, row in zip(charts.race.lines, table.rows, strict=True):
        assert ys(series) == [value / 100 for value in race[row.name]]
        assert ys(series)[-1] == row.points / 100
    charts.player_box.setCurrentIndex(charts.player_box.findText("Bob"))
    bob = next(row.player for row in table.rows if row.name == "Bob")
    nets = [line.net / 100 for line in season.history(bob)]
    assert len(nets) == 3
    assert [charts.money.net.at(i) for i in range(charts.money.net.count())] == nets
    assert ys(charts.money.total) == pytest.approx([sum(nets[: i + 1]) for i in range(3)])
    dialog.season_name.setText("Winter")
    dialog.season_start.set_iso("2026-01-01")
    dialog.season_end.set_iso("2026-02-28")
    dialog.add_season()  # chosen at once: the charts shown follow
    assert [len(series.points()) for series in charts.race.lines] == [2] * 4
    assert charts.money.net.count() == 2
    assert charts.race.series_count() == 4
    assert charts.money.series_count() == 2
