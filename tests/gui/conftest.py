from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from director.persistence.db import open_database


@pytest.fixture
def window_factory(qtbot, db_path: Path, clock) -> Iterator[object]:
    """Make main windows, each on its own connection to a database (the test database
    unless ``target``, a file or a server's URL, says another); each window is closed
    at the end, with the database it opened and the one it holds then."""
    from director.gui.main_window import MainWindow

    opened = []

    def make(
        target: Path | str | None = None, *, ask_resume: bool = False, settings=None
    ) -> MainWindow:
        database = open_database(db_path if target is None else target)
        window = MainWindow(database, clock=clock, ask_resume=ask_resume, settings=settings)
        qtbot.addWidget(window)
        opened.append((window, database))
        return window

    yield make
    for window, database in opened:
        window.close()
        window.database.close()
        database.close()


@pytest.fixture
def event_window(qtbot, window_factory) -> object:
    """A main window with a new event open: ``commands`` dispatched to it first (a
    structure, the money, buy-ins...), then ``page`` shown; ``shown`` puts the window
    on screen and active (for keys and focus)."""

    def make(
        name: str = "Friday night",
        commands=(),
        *,
        page: str | None = None,
        shown: bool = False,
    ):
        made = window_factory()
        session = made.library.create(name)
        for command in commands:
            session.dispatch(command)
        made.open_session(session)
        if page is not None:
            made.console.show_page(page)
        if shown:
            made.show()
            made.activateWindow()
            qtbot.waitExposed(made)
        return made

    return make


@pytest.fixture
def demo_window(qtbot, window_factory) -> object:
    """A main window with the demo event open on the clock page, on screen with its
    TV window in a normal window."""
    made = window_factory()
    made.open_demo()
    made.console.show_page("clock")
    made.show()
    made.show_display()
    made.display.showNormal()
    qtbot.waitExposed(made)
    return made


def close(window) -> None:
    window.close()
    window.database.close()


@pytest.fixture
def refusals_fail(monkeypatch):
    """A refusal would open a blocking dialog offscreen (the test would hang): make
    it fail the test at once instead."""
    from director.gui import controller as controller_module

    def fail(_parent, error, **_kwargs):
        raise AssertionError(f"refused: {error}")

    monkeypatch.setattr(controller_module, "show_error", fail)


@pytest.fixture
def model_checks() -> Iterator[object]:
    """Attach Qt's own model tester (QAbstractItemModelTester, fatal mode) to a model:
    ``model_checks(model)`` returns the model. The testers are kept for the whole test
    (a tester checks only while it lives); a breach aborts the run with Qt's "FAIL!"
    line naming the check."""
    from PySide6.QtTest import QAbstractItemModelTester

    fatal = QAbstractItemModelTester.FailureReportingMode.Fatal
    testers: list[object] = []

    def attach(model):
        testers.append(QAbstractItemModelTester(model, fatal))
        return model

    yield attach
    testers.clear()
