from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from director.core.state import EventKind
from director.gui.dialogs.new_event import NewEventDialog
from director.gui.pages.event_page import EventPage
from director.gui.window import events_page
from tests.gui.conftest import close


def test_new_event_dialog_shows_bad_input_inline_and_creates(qtbot, window_factory) -> None:
    window = window_factory()
    created = []

    def create(name, kind, date, venue):
        session = window.library.create(name, kind, event_date=date, venue=venue)
        created.append(session)
        return session

    dialog = NewEventDialog(create, window)
    qtbot.addWidget(dialog)
    dialog.accept()
    assert not dialog.error.isHidden()
    assert "name" in dialog.error.text().lower()
    assert created == []
    dialog.name.setText("Friday night")
    dialog.kind.setCurrentIndex(1)
    dialog.accept()
    assert created and created[0].state.kind is EventKind.CASH
    created[0].close()


def test_events_are_listed_opened_renamed_undone_and_redone(qtbot, window_factory) -> None:
    window = window_factory()
    window.library.create("Friday night").close()
    window.refresh_events()
    assert window.events_page.model.rowCount() == 1
    window.event_list.open_selected()
    assert window.console is not None
    page = window.console.page("event")
    assert isinstance(page, EventPage)
    page.name.setText("Friday deepstack")
    qtbot.keyClick(page.name, Qt.Key.Key_Return)
    assert window.controller.state.name == "Friday deepstack"
    assert window.undo_action.text() == "&Undo: rename event"
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()
    assert window.controller.state.name == "Friday night"
    assert page.name.text() == "Friday night"
    assert window.menus.redo_action.text() == "&Redo: rename event"
    window.menus.redo_action.trigger()
    assert window.console.title.text() == "Friday deepstack"


def test_undo_still_works_after_the_app_is_closed_and_reopened(qtbot, window_factory) -> None:
    window = window_factory()
    session = window.library.create("Friday night")
    window.open_session(session)
    window.console.page("event").name.setText("Renamed")
    window.console.page("event")._rename()
    close(window)

    again = window_factory()
    again.open_event(session.tournament_id)
    assert again.controller.state.name == "Renamed"
    assert again.undo_action.text() == "&Undo: rename event"
    again.undo_action.trigger()
    assert again.controller.state.name == "Friday night"


def test_archive_hides_the_event_until_show_archived(qtbot, window_factory) -> None:
    window = window_factory()
    window.library.create("Old game").close()
    window.refresh_events()
    window.event_list.archive_selected()
    assert window.events_page.model.rowCount() == 0
    window.events_page.show_archived.setChecked(True)
    assert window.events_page.model.rowCount() == 1
    assert window.events_page.model.index(0, 3).data() == "Archived"


def test_delete_asks_first_and_keeps_a_backup(
    qtbot, window_factory, monkeypatch: pytest.MonkeyPatch, db_path: Path
) -> None:
    window = window_factory()
    window.library.create("Mistake").close()
    window.refresh_events()
    monkeypatch.setattr(events_page, "confirm", lambda *args, **kwargs: False)
    window.event_list.delete_selected()
    assert window.events_page.model.rowCount() == 1
    monkeypatch.setattr(events_page, "confirm", lambda *args, **kwargs: True)
    window.event_list.delete_selected()
    assert window.events_page.model.rowCount() == 0
    backups = window.backups.backups()
    assert any(info.reason == "before-delete" for info in backups)
    window.maintenance.restore_backup(
        next(info.path for info in backups if info.reason == "before-delete")
    )
    assert window.events_page.model.rowCount() == 1


def test_a_refused_rename_shows_a_dialog_and_changes_nothing(
    qtbot, window_factory, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = []
    monkeypatch.setattr(
        "director.gui.controller.show_error", lambda parent, error, **kw: shown.append(error.code)
    )
    window = window_factory()
    window.open_session(window.library.create("Friday"))
    page = window.console.page("event")
    page.name.setText("x" * 200)
    page._rename()
    assert shown == ["name_too_long"]
    assert window.controller.state.name == "Friday"


def test_the_menus_are_filled_after_the_first_paint_and_their_shortcuts_work(
    qtbot, window_factory
) -> None:
    """Issue 36: the first paint shows the menu bar's titles; the actions in the menus
    are made just after it (their classes' Python enums cost the paint 10-15 ms), and
    a menu's shortcut works as soon as the window is on screen."""
    window = window_factory()
    bar = window.menuBar()
    assert [item.text() for item in bar.actions()] == ["&File", "&Edit", "&View", "&Help"]
    assert not window.menus.file_menu.actions()  # not made before the first paint
    window.show()
    qtbot.waitUntil(lambda: bool(window.menus.file_menu.actions()), timeout=5000)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    with qtbot.waitSignal(window.menus.events_action.triggered, timeout=5000):
        qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)


def test_a_menu_opened_or_an_action_asked_for_before_the_first_paint_is_complete(
    qtbot, window_factory
) -> None:
    window = window_factory()
    window.menus.edit_menu.aboutToShow.emit()  # as when the menu opens
    assert [item.text() for item in window.menus.edit_menu.actions()] == ["&Undo", "&Redo"]
    # Undo and Redo say why they are off, as soon as they exist.
    assert not window.menus.undo_action.isEnabled()
    assert window.menus.undo_action.toolTip() == "No event is open."


def test_an_action_asked_for_before_the_first_paint_is_made_with_the_others(
    qtbot, window_factory
) -> None:
    window = window_factory()
    assert not window.menus.redo_action.isEnabled()
    assert window.menus.redo_action in window.menus.edit_menu.actions()
    assert window.menus.quit_action in window.menus.file_menu.actions()
