from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from director.persistence.db import open_database


@pytest.fixture
def window_factory(qtbot, db_path: Path, clock) -> Iterator[object]:
    """Make main windows on the test database; each is closed at the end."""
    from director.gui.main_window import MainWindow

    opened = []

    def make() -> MainWindow:
        database = open_database(db_path)
        window = MainWindow(database, clock=clock, ask_resume=False)
        qtbot.addWidget(window)
        opened.append((window, database))
        return window

    yield make
    for window, database in opened:
        window.close()
        database.close()


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
