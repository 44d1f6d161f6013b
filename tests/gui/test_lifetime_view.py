"""The lifetime results table: sorted by value (not text), searched without case or
accents, exported as shown; reached from the reports page."""

from __future__ import annotations

import csv
from pathlib import Path

from PySide6.QtCore import Qt

from director.app.club.lifetime import LifetimeLine, lifetime_results
from director.app.storage.library import Library
from director.core.ids import PlayerId
from director.gui.lifetime_view import COLUMNS, LifetimeView
from director.gui.pages.reports_page import ReportsPage
from tests.app.lifetime_helpers import play_club


def line(number: int, name: str, money_in: int, money_out: int, **more: int) -> LifetimeLine:
    values = dict(
        player=PlayerId(number),
        name=name,
        tournaments=1,
        cash_games=0,
        money_in=money_in,
        money_out=money_out,
        wins=0,
        cashes=0,
        biggest_win=0,
        biggest_win_event="",
        streak=0,
        last_date="",
    )
    values.update(more)
    return LifetimeLine(**values)  # type: ignore[arg-type]


LINES = [
    line(1, "Ann", 1000, 1900),  # net €9.00, ROI 90 %
    line(2, "Bob", 10_000, 20_000, tournaments=12),  # net €100.00, ROI 100 %
    line(3, "Zoë", 2000, 0, streak=3),  # net -€20.00
    line(4, "Dan", 0, 500),  # a freeroll: no ROI
]


def names(view: LifetimeView) -> list[str]:
    return [line.name for line in view.shown_lines()]


def test_columns_sort_by_their_values_not_their_text(qtbot) -> None:
    view = LifetimeView(LINES)
    qtbot.addWidget(view)
    assert names(view) == ["Bob", "Ann", "Dan", "Zoë"]  # best net first
    view.table.sortByColumn(COLUMNS.index("net"), Qt.SortOrder.AscendingOrder)
    # As text "€9.00" would come after "€100.00" and "-€20.00" first or last.
    assert names(view) == ["Zoë", "Dan", "Ann", "Bob"]
    view.table.sortByColumn(COLUMNS.index("nights"), Qt.SortOrder.DescendingOrder)
    assert names(view)[0] == "Bob"  # 12 nights, not "1" < "12" < "2"
    view.table.sortByColumn(COLUMNS.index("roi"), Qt.SortOrder.DescendingOrder)
    assert names(view) == ["Bob", "Ann", "Zoë", "Dan"]  # no ROI sorts last
    view.table.sortByColumn(COLUMNS.index("streak"), Qt.SortOrder.DescendingOrder)
    assert names(view)[0] == "Zoë"


def test_the_search_ignores_case_and_accents_and_export_writes_the_rows_shown(
    qtbot, tmp_path: Path
) -> None:
    view = LifetimeView(LINES)
    qtbot.addWidget(view)
    view.search.setText("ZOE")
    assert names(view) == ["Zoë"]
    assert view.count.text() == "1 player"
    view.search.setText("")
    view.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    out = tmp_path / "lifetime.csv"
    view.export_csv(out)
    with out.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0][:3] == ["Player", "Nights", "Money in"]
    assert [row[0] for row in rows[1:]] == ["Ann", "Bob", "Dan", "Zoë"]


def test_the_column_tooltips_say_what_is_counted(qtbot) -> None:
    view = LifetimeView(LINES)
    qtbot.addWidget(view)
    tip = view.model.horizontalHeaderItem(COLUMNS.index("streak")).toolTip()
    assert "in a row" in tip and "cash game left up" in tip


def test_no_night_yet_says_so(qtbot) -> None:
    view = LifetimeView([])
    qtbot.addWidget(view)
    assert view.empty.isVisibleTo(view)
    assert view.count.text() == "0 players"


def test_reached_from_the_reports_page_with_the_whole_database(
    qtbot, window_factory, tmp_path: Path, clock
) -> None:
    window = window_factory()
    play_club(Library(window.database, clock=clock), window.database, clock)
    window.open_demo()
    window.console.show_page("reports")
    page = window.console.page("reports")
    assert isinstance(page, ReportsPage)
    dialog = page.show_lifetime(modal=False)
    qtbot.addWidget(dialog)
    assert dialog.view.lines == tuple(lifetime_results(window.database))
    assert names(dialog.view)[:2] == ["Zoë", "Bob"]
    out = tmp_path / "lifetime.pdf"
    dialog.save_pdf(out)
    assert out.read_bytes().startswith(b"%PDF")
    dialog.close()


def test_equal_values_keep_the_names_in_order_both_ways(qtbot) -> None:
    same = [line(n, name, 1000, 1500) for n, name in enumerate(("Eve", "Ann", "Zoë"), 1)]
    view = LifetimeView(same)
    qtbot.addWidget(view)
    for order in (Qt.SortOrder.DescendingOrder, Qt.SortOrder.AscendingOrder):
        view.table.sortByColumn(COLUMNS.index("net"), order)
        assert names(view) == ["Ann", "Eve", "Zoë"]
