"""The console's buttons are the action catalogue's (``app.night.actions``): the guard
knows each by its catalogue key, asks the rules about the catalogue's command, and
the button sends that command."""

from __future__ import annotations

import pytest

from director.app.files import structures
from director.app.night.actions import CATALOGUE, Surface
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import MoneySettings

TOURNAMENT_PAGES = {
    "clock": {
        "start_pause",
        "next_level",
        "previous_level",
        "add_minute",
        "remove_minute",
        "next_hand",
    },
    "players": {"buy_in", "rebuy", "addon", "reentry", "bust", "revert", "pay", "remove"},
    "tables": {"hand_done"},
}
"""The catalogue's console actions each page of a tournament binds (a move's Done
shows only while a move waits; the cash game's own are on its players page)."""


@pytest.fixture
def window(event_window):
    return event_window(
        commands=[
            c.SetStructure(structure=structures.find("regular-5000").template.structure),
            c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)),
            *(c.BuyIn(player=PlayerId(n), name=f"Player {n}") for n in range(1, 13)),
            c.DrawSeats(),
        ]
    )


def test_each_consoles_button_is_bound_to_its_catalogue_action(window) -> None:
    guard = window.controller.guard
    for key in TOURNAMENT_PAGES:
        window.console.page(key)
    for page, keys in TOURNAMENT_PAGES.items():
        for key in keys:
            assert guard.controls_of(key), (page, key)
            assert Surface.CONSOLE in CATALOGUE[key].surfaces
    clock = window.console.page("clock")
    assert guard.key_of(clock.next_button) == "next_level"
    assert guard.key_of(clock.set_button) is None  # not a catalogue action
    players = window.console.page("players")
    assert {guard.key_of(button) for button in players.buttons.values()} == (
        TOURNAMENT_PAGES["players"]
    )


def test_a_button_sends_the_catalogues_command(window, monkeypatch) -> None:
    """Change what the catalogue's "next level" does: the console's button (and the
    guard's question about it) follows."""
    from dataclasses import replace

    from director.app.night import actions

    minute = replace(CATALOGUE["next_level"], build=lambda _request: c.AdjustTime(delta_ms=-60_000))
    monkeypatch.setattr(actions, "CATALOGUE", CATALOGUE.adding(minute))
    clock = window.console.page("clock")
    window.controller.dispatch(c.StartClock())
    level = window.controller.state.clock.index
    done = window.controller.session.history.done_count
    window.controller.guard.refresh()
    assert clock.next_button.isEnabled(), clock.next_button.toolTip()
    clock.next_button.click()
    assert window.controller.state.clock.index == level
    assert window.controller.session.history.done_count == done + 1


def opened_on_screen(qtbot, window_factory):
    """A window on screen that has just opened an event with a structure, showing
    its clock page: the window, the clock page and the guard."""
    window = window_factory()
    window.show()
    qtbot.waitExposed(window)
    session = window.library.create("Friday night")
    session.dispatch(c.SetStructure(structure=structures.find("regular-5000").template.structure))
    window.open_session(session)
    window.console.show_page("clock")
    clock = window.console.page("clock")
    guard = window.controller.guard
    return window, clock, guard


def test_an_event_opened_on_screen_paints_before_the_rules_are_asked(qtbot, window_factory) -> None:
    """Issue 36, the reopened event's first paint: the clock page shows the state,
    not the rules' answers, so the console is painted before the guard asks. Until
    it has asked, every bound control is disabled (nothing the rules would refuse
    can be clicked); just after the paint each is enabled exactly when the rules
    accept its command. A hotkey meanwhile asks the rules itself. The menus' Undo
    and Redo (the log's last entries read) are also said just after the paint."""
    window, clock, guard = opened_on_screen(qtbot, window_factory)
    bound = [clock.start_button, clock.next_button, clock.previous_button, clock.hand_button]
    assert not any(button.isEnabled() for button in bound)  # not asked yet
    assert guard.held
    assert not window.undo_action.isEnabled()  # the log read after the paint too
    qtbot.waitUntil(lambda: not guard.held)
    qtbot.waitUntil(window.undo_action.isEnabled)  # the structure set can be undone
    for button in bound:
        assert button.isEnabled() == (guard.refusal_of(button) is None), button.text()
    assert clock.start_button.isEnabled()
    assert not clock.previous_button.isEnabled()  # the first level has none before it


def test_a_hotkey_before_the_first_answers_asks_the_rules_itself(qtbot, window_factory) -> None:
    """While the guard waits for the console's first paint, a hotkey (``trigger``) asks
    the rules at once: Start starts the clock, a refused level change is refused."""
    window, clock, guard = opened_on_screen(qtbot, window_factory)
    assert guard.held
    refused: list[str] = []
    guard.refused.connect(refused.append)
    assert not guard.trigger(clock.previous_button)
    assert refused
    assert guard.trigger(clock.start_button)
    assert window.controller.state.clock.running


def test_an_event_closed_before_its_first_paint_leaves_nothing_waiting(
    qtbot, window_factory
) -> None:
    """An event opened then closed before the window painted (another one opened at
    once, a change of language): the closed event's guard is gone with it, and the
    event open then has its controls asked about after the paint."""
    window = window_factory()
    window.show()
    qtbot.waitExposed(window)
    structure = structures.find("regular-5000").template.structure
    first = window.library.create("Thursday night")
    first.dispatch(c.SetStructure(structure=structure))
    window.open_session(first)
    window.console.show_page("clock")
    second = window.library.create("Friday night")
    second.dispatch(c.SetStructure(structure=structure))
    window.open_session(second)
    window.console.show_page("clock")
    clock = window.console.page("clock")
    guard = window.controller.guard
    qtbot.waitUntil(lambda: not guard.held)
    assert clock.start_button.isEnabled()
    qtbot.wait(50)  # the first event's paint watcher, had it stayed, would fire now
    assert window.controller.state.name == "Friday night"
