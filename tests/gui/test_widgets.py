"""Small widgets: dates shown the local way and optional, key names in the help."""

from __future__ import annotations

from PySide6.QtCore import QDate

from director.gui.hotkeys import keys_text
from director.gui.pages.event_page import EventPage
from director.gui.widgets import NO_DATE, DateField
from director.i18n import set_language


def test_a_date_field_may_be_empty_and_says_so(qtbot) -> None:
    field = DateField()
    qtbot.addWidget(field)
    assert field.iso() == ""
    assert field.text() == "no date"
    field.set_iso("2026-11-21")
    assert field.iso() == "2026-11-21"
    field.setDate(NO_DATE)
    assert field.iso() == ""
    field.set_iso("not a date")
    assert field.iso() == ""


def test_dates_are_shown_the_way_each_language_writes_them(qtbot) -> None:
    set_language("fr")
    french = DateField("2026-11-21")
    qtbot.addWidget(french)
    assert french.text() == "21/11/2026"
    set_language("en")
    english = DateField("2026-11-21")
    qtbot.addWidget(english)
    assert english.text() == "11/21/2026"


def test_many_keys_for_one_action_are_shown_as_a_run() -> None:
    assert keys_text(tuple(f"Ctrl+{n}" for n in range(1, 10))) == "Ctrl+1 … Ctrl+9"
    assert keys_text(("F1", "?")) == "F1 / ?"


def test_the_event_page_keeps_no_date_as_no_date(qtbot, window_factory) -> None:
    window = window_factory()
    window.library.create("Friday night").close()
    window.refresh_events()
    window.event_list.open_selected()
    page = window.console.page("event")
    assert isinstance(page, EventPage)
    assert page.date.iso() == ""
    page.date.setDate(QDate(2026, 11, 27))
    page._save_details()
    assert window.controller.state.event_date == "2026-11-27"
    page.date.setDate(NO_DATE)
    page._save_details()
    assert window.controller.state.event_date == ""
