"""Every page of the console fits a 1366x768 laptop screen, in English and in
French, on a busy night: two tables drawn, a move to make and a long name."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QAbstractButton, QApplication, QComboBox

from director.app.files import structures
from director.app.files.settings import Settings
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import MoneySettings
from director.core.players import Bust
from director.gui.app import apply_language

WIDTH, HEIGHT = 1366, 768
TASKBAR = 40
LONG_NAME = "Maximilienne-Alexandrine de Montmorillon"


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest, qtbot) -> Iterator[str]:
    app = QApplication.instance()
    translator = apply_language(app, Settings(language=request.param))
    yield request.param
    if translator is not None:
        app.removeTranslator(translator)


@pytest.fixture
def busy_window(language, window_factory):
    """18 players (one with a 40-character name) on two tables, a move pending."""
    assert len(LONG_NAME) == 40
    window = window_factory()
    session = window.library.create("Friday night")
    session.dispatch(c.SetStructure(structure=structures.find("regular-5000").template.structure))
    session.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)))
    for number in range(1, 19):
        name = LONG_NAME if number == 1 else f"Player {number}"
        session.dispatch(c.BuyIn(player=PlayerId(number), name=name))
    session.dispatch(c.DrawSeats())
    session.dispatch(c.DrawForButton())
    for player in sorted(session.state.tables.tables[2].seats.values())[:2]:
        session.dispatch(c.BustPlayers(busts=(Bust(player=player),)))
    assert session.state.tables.pending  # a move to make
    window.open_session(session)
    return window


def test_every_console_page_fits_a_laptop_screen(qtbot, busy_window) -> None:
    """Each page, once drawn, asks for no more than 1366 pixels wide and 728 high
    (768 less a taskbar), and the window shown at 1366x768 stays that size."""
    window = busy_window
    window.resize(WIDTH, HEIGHT - TASKBAR)
    window.show()
    qtbot.waitExposed(window)
    console = window.console
    for key in list(console.keys()):
        console.show_page(key)
        window.resize(WIDTH, HEIGHT - TASKBAR)
        QApplication.processEvents()
        page = console.pages.currentWidget()
        needed = window.minimumSizeHint()
        assert needed.width() <= WIDTH, (key, needed)
        assert needed.height() <= HEIGHT - TASKBAR, (key, needed)
        assert page.minimumSizeHint().width() <= WIDTH, key
        assert (window.width(), window.height()) == (WIDTH, HEIGHT - TASKBAR), key
        # Nothing squeezed below the width its text needs (a clipped text), and
        # nothing beyond the window's right edge.
        for widget in [*page.findChildren(QAbstractButton), *page.findChildren(QComboBox)]:
            if not widget.isVisibleTo(window) or widget.objectName().startswith("qt_"):
                continue
            label = widget.currentText() if isinstance(widget, QComboBox) else widget.text()
            assert widget.width() >= widget.sizeHint().width(), (key, label)
            right = widget.mapTo(window, widget.rect().topRight()).x()
            assert right <= window.width(), (key, label)
    # And the list of events, where the night starts and ends.
    window.show_events()
    window.resize(WIDTH, HEIGHT - TASKBAR)
    QApplication.processEvents()
    needed = window.minimumSizeHint()
    assert needed.width() <= WIDTH and needed.height() <= HEIGHT - TASKBAR, needed
    assert (window.width(), window.height()) == (WIDTH, HEIGHT - TASKBAR)
