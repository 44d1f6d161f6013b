"""Starting and restarting: maximised the first time then the place per screen, the
open event reopened, the catch-up question, the demo, the TV screen by identity."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication

from director.app.files import structures
from director.app.files.settings import Settings, load_settings
from director.app.night import resume
from director.app.night.demo import create_demo
from director.app.storage.library import Library
from director.app.tv.screens import ScreenId, choose_display, find_screen
from director.core import commands as c
from director.gui import app as app_module
from director.gui.main_window import MainWindow, resume_question
from director.gui.screens import screen_id
from director.i18n import format_date, set_language
from director.persistence.db import open_database
from tests.core.helpers import MIN


def started(qtbot, path: Path, settings: Settings) -> MainWindow:
    window = app_module.start(path, settings)
    assert window is not None
    qtbot.addWidget(window)
    return window


def test_maximised_the_first_time_then_the_place_remembered(qtbot, db_path: Path) -> None:
    settings = Settings(welcomed=True)
    first = started(qtbot, db_path, settings)
    assert first.isMaximized() or first.windowState() & first.windowState().WindowMaximized
    first.showNormal()
    first.setGeometry(40, 50, 640, 420)  # the offscreen screen is 800x600
    first.close()
    first.database.close()
    saved = load_settings()
    screen = screen_id(QGuiApplication.primaryScreen()).key()
    assert saved.geometry_on(screen)
    second = started(qtbot, db_path, saved)
    assert not second.isMaximized()
    assert (second.geometry().width(), second.geometry().height()) == (640, 420)
    second.close()
    second.database.close()


def test_the_event_open_at_closing_reopens_at_start(qtbot, db_path: Path, clock) -> None:
    first = started(qtbot, db_path, Settings(welcomed=True))
    session = first.library.create("Friday night")
    session.dispatch(c.SetStructure(structure=structures.find("regular-5000").template.structure))
    first.open_session(session)
    first.controller.dispatch(c.StartClock())
    event_id = session.tournament_id
    first.close()
    first.database.close()
    saved = load_settings()
    assert saved.open_event == event_id
    second = started(qtbot, db_path, saved)
    assert second.controller is not None
    assert second.controller.session.tournament_id == event_id
    assert second.console.current_key() == "clock"
    # Closed from the list of events with nothing open: nothing reopens next time.
    second.close_session()
    second.close()
    second.database.close()
    assert load_settings().open_event == 0


def test_the_catch_up_question_says_how_long_and_what_each_choice_does(
    window_factory, clock
) -> None:
    window = window_factory()
    session = window.library.create("Crash night")
    session.dispatch(c.SetStructure(structure=structures.find("regular-5000").template.structure))
    session.dispatch(c.StartClock())
    clock.advance(3 * MIN)
    session.mark_alive(running=True)
    clock.advance(2 * 60 * MIN + 15 * MIN)
    found = resume.interruption(session)
    assert found is not None and found.closed_ms == 135 * MIN
    text = resume_question(found)
    assert "2 h 15 min ago" in text
    assert "Catch up: the clock goes on as if it had run all along" in text
    assert "goes back to level 1, 17:00 left" in text
    caught_up = found.if_caught_up
    assert f"level {caught_up.level_number}" in text or "a break" in text


def test_a_demo_made_by_the_command_line_and_never_opened_does_not_ask(
    qtbot, db_path: Path, clock, monkeypatch
) -> None:
    database = open_database(db_path)
    demo = create_demo(database, clock=clock)  # what `director demo` does
    demo_id = demo.tournament_id
    before = clock.now
    stood = demo.state.clock
    demo.close()
    clock.advance(5 * 60 * MIN)  # opened in the window hours later
    window = MainWindow(database, clock=clock, ask_resume=True)
    qtbot.addWidget(window)
    asked = []
    monkeypatch.setattr(
        window.sessions, "ask_resume_choice", lambda *f: asked.append(1) or "paused"
    )
    window.open_event(demo_id)
    assert asked == []
    view = window.ticker.view()
    assert view.running
    from director.core import clock as clk

    assert view.index == clk.view(stood, window.controller.state.structure, before).index
    # Once opened it is an event like any other: a later interruption asks.
    window.close_session()
    assert resume.open_fresh_demo(window.library.open(demo_id)) is None
    window.close()
    database.close()


def test_the_tv_screen_is_found_by_its_identity_not_its_name() -> None:
    console = ScreenId("HDMI-1", "Dell", "U2415", "AB12", (0, 0, 1366, 768))
    tv = ScreenId("HDMI-1", "Samsung", "TV", "ZZ99", (1366, 0, 1920, 1080))
    screens = [console, tv]
    assert find_screen(tv.key(), screens) == 1
    assert choose_display(tv.key(), screens, console=0) == 1
    # The TV moved on the desktop: its serial still finds it.
    moved = ScreenId("HDMI-2", "Samsung", "TV", "ZZ99", (0, 768, 1920, 1080))
    assert find_screen(tv.key(), [console, moved]) == 1
    # An old setting with the bare name "HDMI-1" names two screens: not a sure match,
    # and the display never covers the console.
    assert find_screen("HDMI-1", screens) is None
    assert choose_display("HDMI-1", screens, console=0) == 1
    # The chosen screen is the console's own and another exists: the other.
    assert choose_display(console.key(), screens, console=0) == 1
    assert choose_display(console.key(), [console], console=0) == 0
    assert ScreenId.parse(tv.key()) == tv


def test_the_start_up_backup_is_made_once_the_window_has_painted(qtbot, db_path: Path) -> None:
    window = started(qtbot, db_path, Settings(welcomed=True))
    assert window.backups.pending and window.backups.backups() == []  # not before showing
    qtbot.waitUntil(lambda: not window.backups.pending, timeout=5000)
    assert len(window.backups.backups()) == 1
    qtbot.wait(50)
    assert len(window.backups.backups()) == 1  # once only
    window.close()
    window.database.close()


@pytest.mark.parametrize(("language", "shown"), [("en", "Nov 21, 2026"), ("fr", "21 nov. 2026")])
def test_the_list_of_events_shows_its_dates_from_the_first_paint(
    qtbot, db_path: Path, language: str, shown: str
) -> None:
    """The list of events shows its dates from the first paint, as Babel writes them,
    without Babel's locale data (``tests/cli/test_imports.py``)."""
    database = open_database(db_path)
    session = Library(database).create("Friday")
    session.dispatch(c.EditDetails(event_date="2026-11-21", venue="Back room"))
    session.close()
    database.close()
    set_language(language)
    window = started(qtbot, db_path, Settings(welcomed=True, language=language))
    model = window.events_page.model
    date = model.index(0, model.DATE)
    assert model.data(date) == format_date("2026-11-21") == shown
    window.close()
    window.database.close()


def test_the_app_has_its_icon_once_the_window_has_painted(qtbot, db_path: Path) -> None:
    """Issue 36: the icon's class is met after the first paint (its Python enums cost
    the paint some 8 ms), and every window has director's icon from then on."""
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.setWindowIcon(QIcon())  # as a new process starts (this one's app is shared)
    window = started(qtbot, db_path, Settings(welcomed=True))
    qtbot.waitUntil(lambda: not app.windowIcon().isNull(), timeout=5000)
    assert not window.windowIcon().isNull()
    window.close()
    window.database.close()


def test_the_start_up_backup_comes_before_the_first_write(qtbot, db_path: Path) -> None:
    database = open_database(db_path)  # the file as it will be opened: one event in it
    Library(database).create("Friday").close()
    database.close()
    window = started(qtbot, db_path, Settings(welcomed=True))
    assert window.backups.pending
    window.library.create("Saturday").close()  # before the window has had time to paint
    assert not window.backups.pending
    (backup,) = window.backups.backups()
    copy = open_database(backup.path, readonly=True)
    assert [event.name for event in Library(copy).events()] == ["Friday"]
    copy.close()
    window.close()
    window.database.close()


def test_after_a_crash_the_running_event_and_its_tv_come_back(
    qtbot, db_path: Path, monkeypatch
) -> None:
    """director stopped without closing (a crash) with an event open and its TV
    showing: the next start reopens that event and the TV, and the catch-up
    question says director stopped without closing (not "when this event was closed")."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    # A crash a moment ago still asks (the question waits for minutes in real life).
    monkeypatch.setattr(resume, "RESUME_CHOICE_AFTER_MS", 0)
    first = started(qtbot, db_path, Settings(welcomed=True))
    session = first.library.create("Crash night")
    session.dispatch(c.SetStructure(structure=structures.find("regular-5000").template.structure))
    first.open_session(session)
    first.controller.dispatch(c.StartClock())
    first.show_display()
    event_id = session.tournament_id
    # The crash: no close, no goodbye; only the file's lock goes with the process.
    first.controller.session.close()
    first.database.close()
    monkeypatch.setattr(first, "closeEvent", lambda event: event.accept())
    saved = load_settings()
    assert saved.open_event == event_id and saved.tv_open and not saved.closed_cleanly
    asked: list[str] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, answer)
            return
        asked.append(box.text())
        box.buttons()[0].click()

    QTimer.singleShot(0, answer)
    second = started(qtbot, db_path, saved)
    try:
        assert second.controller is not None
        assert second.controller.session.tournament_id == event_id
        assert second.display is not None and second.display.isVisible()
        assert len(asked) == 1 and "stopped without closing" in asked[0]
        assert "when this event was closed" not in asked[0]
        # Closed properly this time: the next start is not "after a crash".
        second.close()
        assert load_settings().closed_cleanly
    finally:
        second.database.close()
