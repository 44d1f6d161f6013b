"""The league page's season final and results going out (issue 33): "Create the
final…" shows each qualifier's stack before confirming and creates the event; the
season's page, picture and text summary saved or copied from the page."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtWidgets import QApplication

from director.app.club.leagues import Leagues
from director.app.storage.library import Library
from director.core.leagues import PointsRule
from director.core.players import EntrantStatus
from director.gui.dialogs.leagues import LeaguesDialog
from director.gui.dialogs.season_final import FinalDialog
from director.i18n import set_language
from tests.gui.test_leagues_page import cells, filled  # noqa: F401 (three nights played)

RULE = PointsRule(kind="field", qualify_top=2, bonus_base=10_000, bonus_per_point=100)


def page(qtbot, database, clock) -> LeaguesDialog:
    shown = LeaguesDialog(Leagues(database, clock=clock))
    qtbot.addWidget(shown)
    return shown


def answer_final(qtbot, seen: list[list[str]], name: str | None) -> None:
    """Read the final's dialog when it shows, then create it as ``name`` (None: cancel)."""

    def drive() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, FinalDialog):
            QTimer.singleShot(20, drive)
            return
        seen.append(cells(dialog.players, 1))
        seen.append(cells(dialog.players, 3))
        if name is None:
            dialog.reject()
        else:
            dialog.name.setText(name)
            dialog.create_button.click()

    QTimer.singleShot(0, drive)


def test_create_the_final_shows_the_stacks_then_registers_the_qualifiers(
    qtbot,
    filled,  # noqa: F811
    clock,
) -> None:
    database, sessions = filled
    for session in sessions:
        session.close()
    leagues = Leagues(database, clock=clock)
    league = leagues.create("Friday", RULE)
    leagues.add_season(league.id, "2026", "2026-01-01", "2026-12-31")
    shown = page(qtbot, database, clock)
    before = len(Library(database, clock=clock).events())
    seen: list[list[str]] = []
    answer_final(qtbot, seen, None)
    shown.create_final()
    # Field formula, 4 entrants, 3 nights: Zoé 2+3+4 = 9 points, Bob 3+4+1 = 8.
    assert seen == [["Zoé", "Bob"], ["10,900", "10,800"]]
    assert len(Library(database, clock=clock).events()) == before, "cancelled: nothing"

    seen.clear()
    answer_final(qtbot, seen, "Grand final")
    shown.create_final()
    assert "Created the final" in shown.out_note.text()
    library = Library(database, clock=clock)
    final = next(event for event in library.events() if event.name == "Grand final")
    session = library.open(final.id)
    players = session.state.players.values()
    assert {p.name: p.starting_stack for p in players} == {"Zoé": 10_900, "Bob": 10_800}
    assert all(p.status is EntrantStatus.REGISTERED for p in players)
    session.close()
    # The final is kept out of its season: the standings did not change.
    assert cells(shown.standings, 1) == ["Zoé", "Bob", "Ann", "Dan"]


def test_create_the_final_without_a_line_says_why(qtbot, filled, clock) -> None:  # noqa: F811
    database, _sessions = filled
    Leagues(database, clock=clock).create("Friday")
    shown = page(qtbot, database, clock)
    shown.create_final()
    assert "qualification line" in shown.error.text()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_seasons_page_picture_and_text_from_the_league_page(
    qtbot,
    filled,  # noqa: F811
    clock,
    tmp_path,
    language,
) -> None:
    database, _sessions = filled
    leagues = Leagues(database, clock=clock)
    league = leagues.create("Friday", RULE)
    leagues.add_season(league.id, "2026", "2026-01-01", "2026-12-31")
    set_language(language)
    try:
        shown = page(qtbot, database, clock)
        html = tmp_path / "season.html"
        shown.save_results_page(html)
        png = tmp_path / "season.png"
        shown.save_results_picture(png)
        shown.copy_results_text()
        text = QGuiApplication.clipboard().text()
    finally:
        set_language("en")

    class Cells(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.text: list[str] = []

        def handle_data(self, data: str) -> None:
            self.text.append(data)

    read = Cells()
    read.feed(html.read_text(encoding="utf-8"))
    assert {"Bob", "Ann", "Dan", "Zoé"} <= set(read.text)
    assert QImage(str(png)).width() == 1080
    lines = text.splitlines()
    if language == "en":
        assert lines[0] == "Friday — 2026, 3 events"
        assert lines[1] == "1. Zoé 9 points · 2. Bob 8 points · 3. Ann 7 points · 4. Dan 6 points"
        assert lines[2] == "Qualified for the final: Zoé (10,900 chips), Bob (10,800 chips)"
    else:
        assert lines[0] == "Friday — 2026, 3 manches"
        assert lines[1].startswith("1. Zoé 9 points · 2. Bob 8 points")
        assert lines[2].startswith("Qualifiés pour la finale : Zoé (10")


def test_the_final_shows_in_the_events_list_at_once(
    qtbot,
    filled,  # noqa: F811
    clock,
) -> None:
    """ "Create the final…" from the window's league page: the new event is in the
    events list (and chosen there) while the league page is still open, not only
    after the list is read again."""
    database, sessions = filled
    for session in sessions:
        session.close()
    leagues = Leagues(database, clock=clock)
    league = leagues.create("Friday", RULE)
    leagues.add_season(league.id, "2026", "2026-01-01", "2026-12-31")
    from director.gui.main_window import MainWindow

    window = MainWindow(database, clock=clock)  # the one writer of the test's database
    qtbot.addWidget(window)
    page = window.events_page

    def listed() -> list[str]:
        return [page.model.event_at(row).name for row in range(page.model.rowCount())]

    assert "Grand final" not in listed()
    seen: list[list[str]] = []
    chosen: list[str] = []

    def drive() -> None:
        shown = QApplication.activeModalWidget()
        if not isinstance(shown, LeaguesDialog):
            QTimer.singleShot(20, drive)
            return
        answer_final(qtbot, [], "Grand final")
        shown.create_final()
        seen.append(listed())
        chosen.append(page.selected().name)
        shown.accept()

    QTimer.singleShot(0, drive)
    window.event_list.show_leagues()
    assert seen and "Grand final" in seen[0]
    assert chosen == ["Grand final"]
