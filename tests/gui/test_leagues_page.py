"""The league page: create a league and seasons, choose events, the formula with
its preview, standings and a player's history, imports; all kept after reopening."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from director.app.club.leagues import Leagues
from director.app.club.roster import Roster
from director.app.storage.library import Library
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
    # The preview counts the 2.5 points for playing, as a season does.
    assert cells(shown.preview, 1)[:3] == ["102.5", "52.5", "35.83"]
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
    box = shown.events.cellWidget(2, 4)
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
    asked = []
    monkeypatch.setattr(page, "confirm", lambda _p, _t, text, **kw: asked.append(text) or True)
    said = []
    monkeypatch.setattr(page.QMessageBox, "information", lambda _p, _t, text: said.append(text))
    shown.import_results(good)
    assert asked[0].startswith("1 event into L:\nJan 20, 2026  Extra  (2)")
    # No buy_in column: said before importing.
    assert "1 event has no buy-in: its players' money in counts as 0" in asked[0]
    assert "Eve" in cells(shown.standings, 1)
    shown.undo_import()
    assert said == ["Took back the last import of past results."]
    assert "Eve" not in cells(shown.standings, 1)
    header_only = tmp_path / "empty.csv"
    header_only.write_text("date,event,player,place\n")
    shown.import_results(header_only)
    assert said[-1] == "Nothing new to import: the file holds no results." and len(asked) == 1


def test_the_events_list_opens_the_league_page(qtbot, window_factory, monkeypatch) -> None:
    opened = []
    monkeypatch.setattr(LeaguesDialog, "exec", lambda self: opened.append(self) or 0)
    window = window_factory()
    qtbot.mouseClick(window.events_page.buttons["leagues"], Qt.MouseButton.LeftButton)
    assert len(opened) == 1


def test_reports_page_exports_the_standings_as_csv(qtbot, filled, tmp_path, monkeypatch) -> None:
    from director.gui.controller import SessionController
    from director.gui.pages import reports_page as reports_module
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
    # A folder that is not there: said in a dialog, never an exception out of the slot.
    shown = []
    monkeypatch.setattr(reports_module, "show_error", lambda _parent, error: shown.append(error))
    reports_page.export_csv(tmp_path / "gone" / "standings.csv")
    assert [error.code for error in shown] == ["output_unwritable"]


def test_the_season_pot_is_what_the_counted_events_ledgers_hold(qtbot, database, clock) -> None:
    library = Library(database, clock=clock)
    roster = Roster(database, clock=clock)
    players = [roster.add(name) for name in ("Ann", "Bob", "Zoé")]
    play_event(library, "With a pot", "2026-03-06", players, season_pot=300)
    play_event(library, "Without", "2026-03-13", players)
    leagues = Leagues(database, clock=clock)
    league = leagues.create("L")
    leagues.add_season(league.id, "Spring", "2026-03-01", "2026-05-31")
    shown = dialog(qtbot, database, clock)
    assert shown.pot.text() == "2 events counted; season pot €9.00"
    assert "ledgers" in shown.pot.toolTip()
    assert cells(shown.events, 1) == ["With a pot", "Without"]
    assert cells(shown.events, 2) == ["3", "3"]  # entries
    assert cells(shown.events, 3) == ["€9.00", ""]  # what each ledger set aside
    assert not hasattr(shown, "pot_per_entry")  # set per event, in its money settings
    box = shown.events.cellWidget(0, 4)
    box.setCurrentIndex(box.findData(False))
    assert shown.pot.text() == "1 event counted; season pot €0.00"


def test_imported_past_results_are_counted_or_kept_out_one_by_one(
    qtbot, database, clock, tmp_path, monkeypatch
) -> None:
    leagues = Leagues(database, clock=clock)
    league = leagues.create("L")
    leagues.add_season(league.id, "2025", "2025-01-01", "2025-12-31")
    shown = dialog(qtbot, database, clock)
    monkeypatch.setattr(page, "confirm", lambda *args, **kwargs: True)
    results = tmp_path / "past.csv"
    results.write_text(
        "date,event,player,place\n"
        "2025-10-03,October,Ann,1\n2025-10-03,October,Bob,2\n"
        "2025-11-07,November,Bob,1\n2025-11-07,November,Ann,2\n"
    )
    shown.import_results(results)
    assert cells(shown.events, 1) == ["October (imported)", "November (imported)"]
    assert shown.pot.text().startswith("2 events counted")
    box = shown.events.cellWidget(1, 4)
    assert box.isEnabled()
    box.setCurrentIndex(box.findData(False))  # November kept out of the season
    assert shown.pot.text().startswith("1 event counted")
    assert cells(shown.standings, 1) == ["Ann", "Bob"]
    again = dialog(qtbot, database, clock)  # kept in the database
    assert again.events.cellWidget(1, 4).currentData() is False
    assert again.pot.text().startswith("1 event counted")
    november = leagues.imported_events(league.id)[1].event
    assert leagues.season(league.id).excluded == (november,)


def test_the_preview_shows_the_bonuses(qtbot, database, clock) -> None:
    Leagues(database, clock=clock).create("L")
    shown = dialog(qtbot, database, clock)
    shown.kind.setCurrentIndex(shown.kind.findData("table"))
    shown.table_points.setText("10, 6, 3")
    shown.participation.setText("0.5")
    shown.bubble.setText("2")
    shown.knockout.setText("1")
    shown.show_preview()
    # 10 players: the default table pays 3, so the 4th is on the bubble.
    ten = shown.preview.horizontalHeaderItem(2).text()
    assert ten == "10 players"
    assert cells(shown.preview, 2)[:5] == ["10.5", "6.5", "3.5", "2.5", "0.5"]
    assert shown.preview.item(3, 2).toolTip() == "The bubble: first place out of the money"
    note = shown.preview_note.text()
    assert "0.5 points for playing" in note and "2 bubble points" in note
    assert "Each knock-out adds 1 point (not shown" in note
    shown.knockout.setText("1.5")
    shown.participation.setText("1")
    shown.show_preview()
    note = shown.preview_note.text()
    assert "Each knock-out adds 1.5 points" in note and "includes 1 point for playing" in note


def test_the_league_page_in_french(qtbot, database, clock) -> None:
    from director.i18n import set_language

    library = Library(database, clock=clock)
    roster = Roster(database, clock=clock)
    players = [roster.add(name) for name in ("Ann", "Bob")]
    play_event(library, "Soirée", "2026-03-06", players, season_pot=250)
    Leagues(database, clock=clock).create("L")
    set_language("fr")
    shown = dialog(qtbot, database, clock)
    shown.participation.setText("0,5")
    shown.save_rule()
    shown_pot = shown.pot.text().replace("\u202f", " ").replace("\xa0", " ")
    assert shown_pot == "1 manche comptée ; cagnotte de saison 5,00 €"
    assert cells(shown.standings, 2) == ["2,5", "1,5"]  # the French decimal mark


def test_the_preview_works_a_buyin_formula_out_with_the_events_buy_in(qtbot, filled, clock) -> None:
    """The sample buy-in starts as the season's events' usual one (€20.00 here); the
    organizer may type another beside the preview."""
    database, _sessions = filled
    Leagues(database, clock=clock).create("L")
    shown = dialog(qtbot, database, clock)
    assert shown.sample_buy_in.value() == 2000
    shown.kind.setCurrentIndex(shown.kind.findData("expression"))
    shown.expression.setText("buyin * 10 / place")
    shown.show_preview()
    assert cells(shown.preview, 1)[:3] == ["200", "100", "66.66"]
    assert "buy-in is €20.00" in shown.preview_note.text()
    shown.sample_buy_in.setText("5")
    shown.sample_buy_in.editingFinished.emit()
    assert cells(shown.preview, 1)[:3] == ["50", "25", "16.66"]
    shown.sample_buy_in.setText("five")
    shown.show_preview()
    assert "Sample buy-in: “five” is not an amount" in shown.formula_error.text()


def test_counting_by_date_says_whether_the_event_counts_and_the_season_shows_its_dates(
    qtbot, filled, clock
) -> None:
    database, _sessions = filled
    leagues = Leagues(database, clock=clock)
    league = leagues.create("L")
    leagues.add_season(league.id, "Winter", "2026-01-01", "2026-02-28")
    shown = dialog(qtbot, database, clock)
    assert shown.season_dates.text() == (
        "Counts the events dated from Jan 1, 2026 to Feb 28, 2026, and those chosen."
    )
    by_date = [shown.events.cellWidget(row, 4).itemText(0) for row in range(3)]
    assert by_date == [
        "By its date (counted)",
        "By its date (counted)",
        "By its date (not counted)",
    ]
    shown.season_box.setCurrentIndex(0)  # all events
    assert "Every finished event" in shown.season_dates.text()
    assert shown.events.cellWidget(0, 4).itemText(0) == "By its date"


def test_players_file_with_nothing_new_is_said_and_not_recorded(
    qtbot, filled, clock, tmp_path, monkeypatch
) -> None:
    database, _sessions = filled
    leagues = Leagues(database, clock=clock)
    shown = dialog(qtbot, database, clock)
    said = []
    monkeypatch.setattr(page.QMessageBox, "information", lambda _p, _t, text: said.append(text))
    asked = []
    monkeypatch.setattr(page, "confirm", lambda _p, _t, text, **kw: asked.append(text) or True)
    known = tmp_path / "known.csv"
    known.write_text("name\nann\nZoé\n", encoding="utf-8")
    shown.import_players(known)
    assert asked == []
    assert said == [
        "Nothing new to import: every player of the file is already in the roster.\n\n"
        "Columns read: “name”."
    ]
    one = tmp_path / "one.csv"
    one.write_text("Full Name,E-mail,Notes\nann,,\nEve,eve@x.org,late\n", encoding="utf-8")
    shown.import_players(one)
    assert asked[0].startswith("1 new player:\nEve")
    # Issue 34, item 8: the import's message says which columns it took and left out.
    assert asked[0].endswith("Columns read: “Full Name”, “E-mail”. Left out: “Notes”.")
    shown.undo_import()
    assert said[-1] == "Took back the last import of players."
    with pytest.raises(Exception) as caught:
        leagues.undo_import()
    assert caught.value.code == "import_nothing_to_undo"


def test_history_total_counts_one_event_in_the_singular(qtbot, database, clock) -> None:
    library = Library(database, clock=clock)
    roster = Roster(database, clock=clock)
    players = [roster.add(name) for name in ("Ann", "Bob")]
    play_event(library, "Only night", "2026-03-06", players)
    shown = dialog(qtbot, database, clock)
    shown.player_box.setCurrentIndex(shown.player_box.findText("Ann"))
    assert shown.history_total.text() == "1 event; net €20.00"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_standings_and_history_saved_as_pdf_from_the_page(
    qtbot, filled, clock, tmp_path, language
) -> None:
    from pypdf import PdfReader

    from director.i18n import set_language

    database, _sessions = filled
    leagues = Leagues(database, clock=clock)
    league = leagues.create("Friday")
    leagues.add_season(league.id, "Winter", "2026-01-01", "2026-02-28")
    set_language(language)
    shown = dialog(qtbot, database, clock)
    standings = tmp_path / "standings.pdf"
    shown.save_standings_pdf(standings)
    text = PdfReader(standings).pages[0].extract_text()
    assert "Friday" in text and "Winter" in text and "Bob" in text
    if language == "en":
        assert "League standings" in text and "from Jan 1, 2026 to Feb 28, 2026" in text
        assert "2 events counted" in text
    else:
        assert "Classement de la ligue" in text and "du 1 janv. 2026 au 28 févr. 2026" in text
        assert "2 manches comptées" in text
    shown.player_box.setCurrentIndex(shown.player_box.findText("Zoé"))
    history = tmp_path / "zoe.pdf"
    shown.save_history_pdf(history)
    text = PdfReader(history).pages[0].extract_text()
    assert "Zoé" in text and "Night 3" in text
    assert ("Player history" if language == "en" else "Historique du joueur") in text
    # It ends with her lifetime results (as ``director report player``).
    assert ("Lifetime results" if language == "en" else "Bilan : tournois") in text


def test_results_exported_from_the_page_read_back_as_past_results(
    qtbot, filled, clock, tmp_path
) -> None:
    from director.app.files.csv_io import read_results

    database, _sessions = filled
    Leagues(database, clock=clock).create("L")
    shown = dialog(qtbot, database, clock)
    out = tmp_path / "results.csv"
    shown.export_results(out)
    events = read_results(out)
    assert [event.name for event in events] == ["Night 1", "Night 2", "Night 3"]
    assert [line.name for line in events[2].lines] == ["Zoé", "Dan", "Ann", "Bob"]
    assert {line.money_in for event in events for line in event.lines} == {2000}


def test_league_rules_set_on_the_page_show_on_the_standings(qtbot, filled, clock) -> None:
    """Issue 33: the minimum of events, a guest, the final's line and stacks are set
    on the page, kept, and the standings say who is unranked, a guest or qualified."""
    database, _sessions = filled
    Leagues(database, clock=clock).create("L")
    shown = dialog(qtbot, database, clock)
    shown.min_events.setValue(3)
    shown.qualify_top.setValue(1)
    shown.bonus_base.setValue(10000)
    shown.bonus_per_point.setValue(100)
    shown.save_rule()
    shown.player_box.setCurrentIndex(shown.player_box.findText("Zoé"))
    shown.guest.click()
    rule = Leagues(database).get("L").rule
    assert (rule.min_events, rule.qualify_top, rule.bonus_base) == (3, 1, 10000)
    assert len(rule.guests) == 1
    # Field formula, 4 entrants, 3 nights: Bob 3+4+1, Ann 4+1+2, Dan 1+2+3 points.
    assert cells(shown.standings, 0) == ["1", "2", "3", "guest"]
    assert cells(shown.standings, 1) == ["Bob", "Ann", "Dan", "Zoé"]
    assert cells(shown.standings, 11) == ["qualified, 10,800 chips", "", "", ""]
    again = dialog(qtbot, database, clock)
    assert again.min_events.value() == 3 and again.bonus_per_point.value() == 100
    again.player_box.setCurrentIndex(again.player_box.findText("Zoé"))
    assert again.guest.isChecked()
