"""The league page: create a league and seasons, choose events, the formula with
its preview, standings and a player's history, imports; all kept after reopening."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from director.app.leagues import Leagues
from director.app.library import Library
from director.app.roster import Roster
from director.gui.dialogs import leagues as page
from director.gui.dialogs.leagues import LeaguesDialog
from tests.app.league_helpers import play_event


@pytest.fixture
def filled(database, clock):
    library = Library(database, clock=clock)
    roster = Roster(database, clock=clock)
    players = [roster.add(name) for name in ("Ann", "Bob", "Zoé", "Dan")]
    sessions = [
        play_event(library, f"Night {n + 1}", f"2026-0{n + 1}-10", players[n:] + players[:n])
        for n in range(3)
    ]
    return database, sessions


def cells(table, column: int) -> list[str]:
    return [table.item(row, column).text() for row in range(table.rowCount())]


def dialog(qtbot, database, clock) -> LeaguesDialog:
    shown = LeaguesDialog(Leagues(database, clock=clock))
    qtbot.addWidget(shown)
    return shown


def test_create_league_and_season_then_standings_show_and_survive_reopening(
    qtbot, filled, clock
) -> None:
    database, _sessions = filled
    shown = dialog(qtbot, database, clock)
    assert shown.standings.rowCount() == 0
    shown.create_league()
    assert shown.error.isVisible() or shown.error.text()  # no name: said inline
    shown.new_league.setText("Friday")
    shown.create_league()
    assert shown.league().name == "Friday"
    shown.season_name.setText("Winter")
    shown.season_start.set_iso("2026-01-01")
    shown.season_end.set_iso("2026-02-28")
    shown.add_season()
    assert shown.season_box.currentText() == "Winter"
    # Field formula: 4 entrants; Night 1 and 2 in the season.
    assert cells(shown.standings, 1) == ["Bob", "Ann", "Zoé", "Dan"]
    assert cells(shown.standings, 2) == ["7", "5", "5", "3"]
    again = dialog(qtbot, database, clock)
    assert again.league().name == "Friday"
    assert again.season_box.currentText() == "Winter"
    assert cells(again.standings, 2) == ["7", "5", "5", "3"]


def test_formula_preview_refusal_and_save(qtbot, filled, clock) -> None:
    database, _sessions = filled
    Leagues(database, clock=clock).create("L")
    shown = dialog(qtbot, database, clock)
    shown.kind.setCurrentIndex(shown.kind.findData("expression"))
    shown.expression.setText("__import__('os')")
    shown.save_rule()
    assert "not allowed" in shown.formula_error.text()
    assert Leagues(database).get("L").rule.kind == "field"  # nothing saved
    shown.expression.setText("100 / place")
    shown.participation.setText("2.5")
    shown.show_preview()
    assert not shown.formula_error.isVisible()
    assert cells(shown.preview, 1)[:3] == ["100", "50", "33.33"]
    shown.save_rule()
    rule = Leagues(database).get("L").rule
    assert (rule.kind, rule.expression, rule.participation) == ("expression", "100 / place", 250)
    # All three nights (no season): Zoé 3rd, 2nd, 1st = 33.33 + 50 + 100 + 3 x 2.5.
    assert cells(shown.standings, 1)[0] == "Zoé"
    assert cells(shown.standings, 2)[0] == "190.83"


def test_choosing_events_and_player_history(qtbot, filled, clock) -> None:
    database, sessions = filled
    leagues = Leagues(database, clock=clock)
    league = leagues.create("L")
    leagues.add_season(league.id, "All year", "2026-01-01", "2026-12-31")
    shown = dialog(qtbot, database, clock)
    assert shown.pot.text().startswith("3 events")
    box = shown.events.cellWidget(2, 2)
    box.setCurrentIndex(box.findData(False))
    assert shown.pot.text().startswith("2 events")
    assert leagues.season(league.id).excluded == (sessions[2].tournament_id,)
    shown.tabs.setCurrentIndex(3)
    shown.player_box.setCurrentIndex(shown.player_box.findText("Zoé"))
    assert cells(shown.history, 1) == ["Night 1", "Night 2", "Night 3"]
    assert cells(shown.history, 2) == ["3", "2", "1"]


def test_import_results_and_undo_from_the_page(qtbot, filled, clock, tmp_path, monkeypatch):
    database, _sessions = filled
    Leagues(database, clock=clock).create("L")
    shown = dialog(qtbot, database, clock)
    monkeypatch.setattr(page, "confirm", lambda *args, **kwargs: True)
    monkeypatch.setattr(page.QMessageBox, "information", lambda *args: None)
    errors = []
    monkeypatch.setattr(page, "show_error", lambda parent, error: errors.append(error.code))
    bad = tmp_path / "bad.csv"
    bad.write_text("date,event,player,place\n2026-01-20,Extra,Eve,one\n")
    shown.import_results(bad)
    assert errors == ["csv_value"]
    good = tmp_path / "good.csv"
    good.write_text("date,event,player,place\n2026-01-20,Extra,Eve,1\n2026-01-20,Extra,Ann,2\n")
    shown.import_results(good)
    assert "Eve" in cells(shown.standings, 1)
    shown.undo_import()
    assert "Eve" not in cells(shown.standings, 1)


def test_the_events_list_opens_the_league_page(qtbot, window_factory, monkeypatch) -> None:
    opened = []
    monkeypatch.setattr(LeaguesDialog, "exec", lambda self: opened.append(self) or 0)
    window = window_factory()
    qtbot.mouseClick(window.events_page.buttons["leagues"], Qt.MouseButton.LeftButton)
    assert len(opened) == 1


def test_reports_page_exports_the_standings_as_csv(qtbot, filled, tmp_path) -> None:
    from director.gui.controller import SessionController
    from director.gui.pages.reports_page import ReportsPage

    _database, sessions = filled
    reports_page = ReportsPage(SessionController(sessions[0]))
    qtbot.addWidget(reports_page)
    kinds = [
        reports_page.kinds.item(row).data(Qt.ItemDataRole.UserRole)
        for row in range(reports_page.kinds.count())
    ]
    reports_page.kinds.setCurrentRow(kinds.index("structure"))
    assert not reports_page.export_button.isEnabled()
    reports_page.kinds.setCurrentRow(kinds.index("standings"))
    assert reports_page.export_button.isEnabled()
    out = tmp_path / "standings.csv"
    reports_page.export_csv(out)
    rows = out.read_bytes().decode("utf-8").splitlines()
    assert rows[0].startswith("\ufeffPlace,Player")
    assert rows[1].split(",")[:2] == ["1", "Ann"]
