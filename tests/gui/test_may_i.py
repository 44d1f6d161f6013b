"""One answer to "may I?": controls disabled exactly when the rules refuse, with the
reason; hotkeys whatever has the focus; a bust in two actions, re-buy and add-on in one."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QComboBox

from director.app.files import structures
from director.app.views.display import eliminator_choices
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import AddonRule, MoneySettings, RebuyRule
from director.core.players import Bust, EntrantStatus
from director.core.structure import Level, Structure
from director.gui.dialogs.bust import BustDialog
from director.gui.pages.clock_page import ClockPage
from director.gui.pages.players_page import PlayersPage
from director.gui.pages.tables_page import TablesPage
from tests.core.helpers import MIN

SETTINGS = MoneySettings(
    buy_in=2000,
    chips=5000,
    rebuy=RebuyRule(price=2000, chips=5000, until_level=2, threshold=0),
    addon=AddonRule(price=2000, chips=5000, from_level=1, until_level=4),
)
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lea")


@pytest.fixture
def window(event_window):
    return event_window(
        commands=[
            c.SetStructure(structure=structures.find("regular-5000").template.structure),
            c.SetMoneySettings(settings=SETTINGS),
            *(c.BuyIn(player=PlayerId(n), name=name) for n, name in enumerate(NAMES, start=1)),
            c.SetTableOptions(seats_per_table=6),
            c.DrawSeats(),
        ],
        shown=True,
    )


def players_page(window) -> PlayersPage:
    page = window.console.page("players")
    assert isinstance(page, PlayersPage)
    return page


def ids(window) -> dict[str, PlayerId]:
    return {e.name: e.player for e in window.controller.state.players.values()}


def test_buttons_follow_the_rules_with_the_reason_as_tooltip(qtbot, window, clock) -> None:
    page = players_page(window)
    window.console.show_page("players")
    assert not page.buttons["bust"].isEnabled()
    assert page.buttons["bust"].toolTip() == "Choose a player first."
    page.select(ids(window)["Ann"])
    assert page.buttons["bust"].isEnabled() and page.buttons["addon"].isEnabled() is False
    assert not page.buttons["revert"].isEnabled()
    assert page.buttons["revert"].toolTip() == "Ann is not out."
    window.controller.dispatch(c.StartClock())
    window.controller.dispatch(c.BustPlayers(busts=(Bust(player=ids(window)["Ann"]),)))
    # Bust of a player already out: refused, so disabled, with the reason.
    assert not page.buttons["bust"].isEnabled()
    assert page.buttons["bust"].toolTip() == "Ann is already out."
    assert page.buttons["rebuy"].isEnabled() and page.buttons["revert"].isEnabled()
    # The re-buy period ends with level 2: the time alone closes it (the guard's tick).
    clock.advance(45 * MIN)
    window.controller.guard.refresh()
    assert not page.buttons["rebuy"].isEnabled()
    assert page.buttons["rebuy"].toolTip() == "The re-buy period ended with level 2."


def test_hand_done_without_a_button_and_undo_with_nothing_to_undo(qtbot, window) -> None:
    page = window.console.page("tables")
    assert isinstance(page, TablesPage)
    card = page.card_of(1)
    assert card is not None and not card.done.isEnabled()
    assert card.done.toolTip() == "Place the button at table 1 first."
    page.button_draw.click()
    assert card.done.isEnabled()
    window.controller.undo()
    window.controller.undo()  # the seat draw (made before opening) goes too
    while window.controller.session.can_undo():
        window.controller.undo()
    assert not window.undo_action.isEnabled()
    assert window.undo_action.toolTip() == "There is nothing to undo."
    assert window.menus.redo_action.isEnabled()
    # The hotkey asks the same guard: refused, the reason in the status bar, nothing done.
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    assert "table 1" in window.statusBar().currentMessage()


def test_r8_at_one_table_hand_done_counts_the_hands_and_next_hand_is_off(
    qtbot, window_factory
) -> None:
    """R8: a level lasts "après x tours de jeu"; at one table, Hand done counts each
    hand: the clock's Next hand is disabled with the reason (it would count twice)."""
    made = window_factory()
    session = made.library.create("One table")
    hands = Structure(
        items=(
            Level(small_blind=25, big_blind=50, seconds=0, hands=10),
            Level(small_blind=50, big_blind=100),
        )
    )
    session.dispatch(c.SetStructure(structure=hands))
    session.dispatch(c.SetMoneySettings(settings=SETTINGS))
    for number, name in enumerate(NAMES[:6], start=1):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=name))
    session.dispatch(c.DrawSeats())
    session.dispatch(c.DrawForButton())
    made.open_session(session)
    made.show()
    made.controller.dispatch(c.StartClock())
    assert made.ticker.view().hands == 1  # the first hand is dealt as the clock starts
    clock_page = made.console.page("clock")
    assert isinstance(clock_page, ClockPage)
    made.controller.guard.refresh()
    assert not clock_page.hand_button.isEnabled()
    assert clock_page.hand_button.toolTip() == (
        "Hand done at table 1 counts the hands of this level: no need to count them here."
    )
    tables_page = made.console.page("tables")
    assert isinstance(tables_page, TablesPage)
    card = tables_page.card_of(1)
    assert card is not None
    card.done.click()
    assert made.ticker.view().hands == 2


def test_clock_hotkeys_work_after_clicking_the_sidebar(qtbot, window) -> None:
    console = window.console
    console.show_page("event")
    rect = console.nav.visualItemRect(console.nav.item(console.keys().index("clock")))
    qtbot.mouseClick(console.nav.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert console.current_key() == "clock"
    assert QApplication.focusWidget() is console.nav
    qtbot.keyClick(console.nav, Qt.Key.Key_Space)
    assert window.controller.state.clock.running
    qtbot.keyClick(console.nav, Qt.Key.Key_Right)
    assert window.ticker.view().index == 1
    qtbot.keyClick(console.nav, Qt.Key.Key_Plus)
    page = console.page("clock")
    assert isinstance(page, ClockPage)
    # The players table (read-only) leaves the keys to the hotkeys too.
    console.show_page("players")
    players_page(window).table.setFocus()
    qtbot.keyClick(players_page(window).table, Qt.Key.Key_Left)
    assert window.ticker.view().index == 0
    help_lines = [keys for keys, _text in window.help_overlay.lines()]
    assert "Ctrl+B" in help_lines and "Ctrl+R" in help_lines and "Ctrl+D" in help_lines


def _answer_dialog(qtbot, keys: str, found: list[str]) -> None:
    """In the modal bust dialog: type ``keys`` where the focus is, then Tab and Enter."""
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, BustDialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    focus = QApplication.focusWidget()
    _out, eliminator, _stack = dialog.rows[0]
    found.append("eliminator" if focus in (eliminator, eliminator.lineEdit()) else repr(focus))
    found.append(",".join(eliminator.itemText(i) for i in range(1, eliminator.count())))
    qtbot.keyClicks(focus, keys)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    if dialog.isVisible():  # refused: say so, then give up
        found.append(dialog.error.text())
        dialog.reject()


def test_bust_in_two_actions_with_the_keyboard(qtbot, window) -> None:
    window.controller.dispatch(c.StartClock())
    page = players_page(window)
    window.console.show_page("players")
    state = window.controller.state
    who = ids(window)
    page.select(who["Ann"])
    table = state.tables.seated()[who["Ann"]][0]
    mates = [p for p, (t, _s) in state.tables.seated().items() if t == table and p != who["Ann"]]
    eliminator = state.players[mates[0]].name
    found: list[str] = []
    # Action 1: the hotkey opens the dialog on Ann, the focus in "Knocked out by".
    QTimer.singleShot(0, lambda: _answer_dialog(qtbot, eliminator[:2], found))
    qtbot.keyClick(window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    # Action 2 was Enter (after typing a name and Tab, which must not land on Cancel).
    assert found[0] == "eliminator"
    listed = found[1].split(",")
    assert "Ann" not in listed
    assert {n for n in listed[: len(mates)]} == {state.players[p].name for p in mates}
    (record,) = window.controller.state.busts
    assert record.busts[0].player == who["Ann"]
    assert record.busts[0].eliminator == mates[0]
    assert window.controller.state.players[who["Ann"]].status is EntrantStatus.BUSTED


def test_a_typed_name_that_names_nobody_is_not_dropped(qtbot, window) -> None:
    window.controller.dispatch(c.StartClock())
    page = players_page(window)
    page.select(ids(window)["Bob"])
    found: list[str] = []
    QTimer.singleShot(0, lambda: _answer_dialog(qtbot, "Zed", found))
    page.buttons["bust"].click()
    assert "“Zed” is not one player still in" in found[-1]
    assert window.controller.state.busts == ()


def test_rebuy_and_addon_in_one_action(qtbot, window) -> None:
    window.controller.dispatch(c.StartClock())
    who = ids(window)
    window.controller.dispatch(c.BustPlayers(busts=(Bust(player=who["Cat"]),)))
    page = players_page(window)
    window.console.show_page("players")
    page.select(who["Cat"])
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert window.controller.state.players[who["Cat"]].rebuys == 1
    qtbot.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert window.controller.state.players[who["Cat"]].addons == 1
    # A second add-on is refused: the hotkey says why, nothing is bought.
    qtbot.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert window.controller.state.players[who["Cat"]].addons == 1
    assert "Cat" in window.statusBar().currentMessage()


def test_eliminators_exclude_the_player_and_list_his_table_first(window) -> None:
    state = window.controller.state
    who = ids(window)
    choices = eliminator_choices(state, who["Dan"])
    assert who["Dan"] not in choices and len(choices) == len(NAMES) - 1
    seated = state.tables.seated()
    tables = [seated[p][0] for p in choices]
    here = seated[who["Dan"]][0]
    assert tables == sorted(tables, key=lambda t: t != here)
    dialog = BustDialog(state, who["Dan"])
    _out, eliminator, _stack = dialog.rows[0]
    assert isinstance(eliminator, QComboBox)
    assert eliminator.findData(int(who["Dan"])) < 0
    dialog.deleteLater()


def test_final_table_redraw_offers_the_draw_for_the_button(qtbot, window) -> None:
    window.controller.dispatch(c.StartClock())
    who = ids(window)
    for name in NAMES[6:]:
        window.controller.dispatch(c.BustPlayers(busts=(Bust(player=who[name]),)))
        for move in window.controller.state.tables.pending:
            window.controller.dispatch(c.ConfirmMove(move=move))
    state = window.controller.state
    assert len([t for t in state.tables.tables.values() if t.seats]) == 1
    prompt = window.sessions.button_prompt
    assert prompt is not None and prompt.isVisible()
    draw = prompt.buttons()[0]
    draw.click()
    (table,) = [t for t in window.controller.state.tables.tables.values() if t.seats]
    assert table.positions is not None


def test_event_details_and_menu_entries_follow_the_rules(qtbot, window) -> None:
    page = window.console.page("event")
    assert not page.rename_button.isEnabled()  # the name as it is: nothing to rename
    assert page.rename_button.toolTip()
    page.name.setText("Saturday night")
    assert page.rename_button.isEnabled()
    page.name.setText("")
    assert not page.rename_button.isEnabled()
    assert not page.save_button.isEnabled()
    page.venue.setText("Ann's kitchen")
    assert page.save_button.isEnabled()
    page.save_button.click()
    assert window.controller.state.venue == "Ann's kitchen"
    assert not page.save_button.isEnabled()
    assert window.menus.display_action.isEnabled()
    window.close_session()
    assert not window.menus.display_action.isEnabled() and not window.undo_action.isEnabled()
    assert window.undo_action.toolTip() == "No event is open."
