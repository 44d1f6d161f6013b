"""The console builds each page when it is first shown or asked for: a page not
yet visited is still reached by the sidebar, its hotkeys and the menus, and is
built as if it had been there from the start (its tables keep their keys)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from director.app.files import structures
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import MoneySettings
from director.core.state import TournamentState
from director.gui.console import Console
from director.gui.pages.players_page import PlayersPage
from director.gui.pages.reports_page import ReportsPage
from director.gui.pages.structure_page import StructurePage
from director.gui.sound import SOUND_FILES

KEYS = [
    "event",
    "clock",
    "structure",
    "players",
    "tables",
    "payouts",
    "night",
    "floor",
    "reports",
    "club",
]


@pytest.fixture
def window(event_window):
    return event_window(
        commands=[
            c.SetStructure(structure=structures.find("regular-5000").template.structure),
            c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)),
            c.BuyIn(player=PlayerId(1), name="Ann"),
        ],
        shown=True,
    )


def built(console: Console) -> list[str]:
    return [key for key in KEYS if console.built_page(key) is not None]


def test_an_event_opens_with_only_its_first_page_built(window) -> None:
    console = window.console
    assert console.keys() == KEYS
    assert console.current_key() == "event"
    assert built(console) == ["event"]
    assert console.pages.currentWidget() is console.page("event")


def test_the_sidebar_builds_a_page_when_it_is_first_shown(qtbot, window) -> None:
    console = window.console
    row = console.keys().index("structure")
    rect = console.nav.visualItemRect(console.nav.item(row))
    qtbot.mouseClick(console.nav.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    page = console.pages.currentWidget()
    assert isinstance(page, StructurePage)
    assert console.page("structure") is page
    assert built(console) == ["event", "structure"]
    console.show_page("event")
    console.show_page("structure")
    assert console.page("structure") is page  # built once


def test_a_hotkey_reaches_a_page_never_shown(qtbot, window, clock) -> None:
    """Space starts the clock from the event page: the clock page is built for it
    (off screen) and its button does what the hotkey asks."""
    assert window.console.built_page("clock") is None
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert window.controller.state.clock.running
    assert window.console.built_page("clock") is not None
    assert window.console.current_key() == "event"


def test_the_bust_hotkey_reaches_the_players_page_never_shown(qtbot, window) -> None:
    """Ctrl+B asks the players page (built then) for its bust button: with nobody
    selected the rules refuse, and the status bar says why, as it would had the
    page been there all along."""
    assert window.console.built_page("players") is None
    refused: list[str] = []
    window.controller.guard.refused.connect(refused.append)
    qtbot.keyClick(window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    page = window.console.built_page("players")
    assert isinstance(page, PlayersPage)
    assert refused  # nobody selected yet: the rules' reason, in the status bar
    assert window.statusBar().currentMessage() == refused[-1]


def test_a_page_built_late_has_the_state_of_now(window) -> None:
    window.controller.dispatch(c.BuyIn(player=PlayerId(2), name="Bob"))
    page = window.console.page("players")
    assert isinstance(page, PlayersPage)
    assert page.model.rowCount() == 2


def test_the_paper_setting_reaches_the_reports_page_built_or_not(window) -> None:
    window.apply_settings(window.settings.with_changes(paper="Letter"))
    assert window.console.built_page("reports") is None  # not built to be told
    page = window.console.page("reports")
    assert isinstance(page, ReportsPage)
    assert page.paper.currentText() == "Letter"
    window.apply_settings(window.settings.with_changes(paper="A4"))
    assert page.paper.currentText() == "A4"


def test_every_page_can_be_shown_in_turn(qtbot, window) -> None:
    console = window.console
    for key in KEYS:
        console.show_page(key)
        QApplication.processEvents()
        page = console.pages.currentWidget()
        assert page is console.page(key)
        assert not (type(page) is QWidget and not page.children())  # not a placeholder
    assert built(console) == KEYS


class _Controller(QObject):
    """Just what a console asks of its controller: a change signal and a state."""

    changed = Signal(object)
    state = TournamentState(name="Friday")


def test_a_console_takes_a_page_or_what_builds_it(qtbot) -> None:
    """add_page takes a page or what builds it; the first added is current."""
    console = Console(_Controller())  # type: ignore[arg-type]
    qtbot.addWidget(console)
    made: list[str] = []
    console.add_page("one", "One", QLabel("one"))
    console.add_page("two", "Two", lambda: made.append("two") or QLabel("two"))
    assert console.current_key() == "one" and made == []
    built_pages: list[str] = []
    console.page_built.connect(lambda key, _page: built_pages.append(key))
    console.show_page("two")
    assert made == ["two"] and built_pages == ["two"]
    label = console.pages.currentWidget()
    assert isinstance(label, QLabel) and label.text() == "two"
    assert console.page("two") is label and made == ["two"]


def test_every_cue_has_its_sound_file() -> None:
    from director import paths
    from director.core.tv import SOUND_CUES

    assert set(SOUND_FILES) == {kind.value for kind in SOUND_CUES}
    for kind in SOUND_CUES:
        assert paths.resource("sounds", SOUND_FILES[kind]).is_file()
